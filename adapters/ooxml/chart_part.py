"""A chart read from .pptx keeps its own part in the fresh .pptx while it is unedited.

At read, the chart part's bytes (c:chartSpace as read, with every extension and formatting the IR
does not model) become an asset, with the parts it links to (workbook, chart style and colours,
theme override, pictures of its fills, the drawing of its user shapes and that drawing's
pictures) and a digest of what was read: the ChartData and the chart area's fills and strokes.
At write, a chart whose digest is unchanged is written back as that part, each relationship under
its own id (so the XML needs no rewriting) to a copy of its target. Any edit of the chart (data,
type, series colours, title, ...) changes the digest, and the writer rebuilds the chart from the IR.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
from typing import TYPE_CHECKING

from lxml import etree

from ace_core.errors import AceError
from ace_core.ir.nodes import ChartNode
from ace_core.ir.semantic import CHART_BOOKKEEPING, ChartData, ChartPartLink
from ace_core.ir.style import Paint, Stroke
from adapters.ooxml.ns import NS, local, qn
from adapters.ooxml.package import safe_parser
from adapters.ooxml.package_out import CONTENT_TYPES, OutRel
from adapters.ooxml.validate import mce_process, schema

if TYPE_CHECKING:
    from adapters.ooxml.context import ReadContext
    from adapters.ooxml.write_context import PartContext

__all__ = [
    "NOT_READ",
    "all_links",
    "carried_part",
    "chart_digest",
    "part_links",
    "renumber_axis_ids",
    "schema_problem",
    "stamp_digest",
    "user_shapes_link",
    "write_carried",
    "write_links",
]

NOT_READ = "no part was read with it"
_MAX_DEPTH = 2  # chart -> drawing of its user shapes -> that drawing's pictures
RT_USER_SHAPES = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/chartUserShapes"
_C = f"{{{NS['c']}}}"
_SAFE_FOLDER = re.compile(r"^ppt(/[A-Za-z0-9_-]+)+$")


_LATER_FIELDS = ("series_axis",)


def chart_digest(chart: ChartData, fills: list[Paint], strokes: list[Stroke]) -> str:
    """Digest of a chart's data and the chart area's look (what `write_chart._chart_area` writes)."""
    # fields added since digests were first written are left out at their default, so that an
    # unedited chart of a file written before them still matches its digest
    later = {name for name in _LATER_FIELDS if getattr(chart, name) is None}
    body = {
        "chart": chart.model_dump(mode="json", exclude=set(CHART_BOOKKEEPING) | later),
        "fills": [p.model_dump(mode="json") for p in fills],
        "strokes": [s.model_dump(mode="json") for s in strokes],
    }
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def stamp_digest(node: ChartNode) -> None:
    """Set the digest of a chart node just read whose part is carried (in place)."""
    chart = node.chart
    if chart.part_asset is not None:
        chart.part_digest = chart_digest(chart, node.fills, node.strokes)


def part_links(part: str, ctx: ReadContext, depth: int = 0) -> list[ChartPartLink] | None:
    """The relationships of `part` as links with their targets' bytes; None when one cannot be
    carried (external, a missing or unreadable target, nested too deep)."""
    out: list[ChartPartLink] = []
    for rel in ctx.pkg.rels(part).values():
        if depth >= _MAX_DEPTH:
            return None
        if rel.external:  # a linked workbook (c:externalData): the link is written as it was read
            out.append(ChartPartLink(rid=rel.rid, rel_type=rel.type, name=rel.target, external=True))
            continue
        key = ctx.part_asset(rel.target)
        inner = part_links(rel.target, ctx, depth + 1) if key is not None else None
        if key is None or inner is None:
            return None
        out.append(ChartPartLink(rid=rel.rid, rel_type=rel.type, name=rel.target, asset=key, links=inner))
    return out


_LINE_PLOTS = ("lineChart", "line3DChart", "scatterChart", "radarChart")
_FILLS = {"solidFill", "gradFill", "pattFill", "blipFill", "noFill", "grpFill"}


def _has_fill(owner: etree._Element) -> bool:
    sp_pr = owner.find(qn("c:spPr"))
    return sp_pr is not None and any(local(child.tag) in _FILLS for child in sp_pr if isinstance(child.tag, str))


def _series_filled(root: etree._Element) -> bool:
    """Every series (and, where colours vary by point, every point) has its own fill. Otherwise
    the chart style (c:style) draws them with the theme's fill styles: a carried chart is drawn
    right only over a theme with the source's format scheme (the source's theme part, carried;
    theme_part), not the blank template's (python-pptx's charts came out as gradients in place
    of flat colours)."""
    for ser in root.iter(qn("c:ser")):
        plot = ser.getparent()
        vary = plot.find(qn("c:varyColors")) if plot is not None else None
        if vary is not None and vary.get("val", "1") in ("1", "true"):
            count = ser.find(f"{qn('c:val')}//{qn('c:ptCount')}")
            points = [d for d in ser.findall(qn("c:dPt")) if _has_fill(d)]
            if count is None or len(points) < int(count.get("val", "0") or 0):
                return False
        elif local(plot.tag) not in _LINE_PLOTS and not _has_fill(ser):  # lines: the theme's line styles
            return False
    return True


def carried_part(part: str, root: etree._Element, ctx: ReadContext) -> dict:
    """{'part_asset', 'part_links'} of a chart part the .pptx writers can write again as it is;
    {} when it cannot be (a Strict package, whose bytes use other namespaces; a file of Office
    2007, whose chart XML means other defaults where it leaves values out; a relationship that
    cannot be carried)."""
    if ctx.pkg.strict or _office_2007(ctx):
        return {}
    links = part_links(part, ctx)
    key = ctx.part_asset(part) if links is not None else None
    if key is None:
        return {}
    return {"part_asset": key, "part_links": links}


def _office_2007(ctx: ReadContext) -> bool:
    """The package says Office 2007 wrote it (docProps/app.xml: Application Microsoft..., AppVersion
    12.x). Readers (LibreOffice as PowerPoint) then take other defaults for chart values the XML
    leaves out (a 3-D chart's right-angle axes, varyColors, ...), which a fresh package, written
    as a later version, would not get."""
    try:
        app = ctx.pkg.xml("docProps/app.xml")
    except AceError:
        return False
    if app is None:
        return False
    texts = {local(el.tag): (el.text or "").strip() for el in app}
    return texts.get("Application", "").startswith("Microsoft") and texts.get("AppVersion", "").startswith("12.")


def user_shapes_link(chart: ChartData) -> bool:
    """True when the carried part has shapes drawn over the chart (c:userShapes)."""
    return any(link.rel_type == RT_USER_SHAPES for link in chart.part_links or [])


def all_links(links: list[ChartPartLink]) -> list[ChartPartLink]:
    """The links and, below each, the links of its target (depth first)."""
    return [x for link in links for x in (link, *all_links(link.links))]


def _why_not(node: ChartNode, ctx: PartContext) -> str:
    """Why the chart's own part cannot be written again ('' when it can)."""
    chart = node.chart
    if chart.part_asset is None or chart.part_links is None or chart.part_digest is None:
        return NOT_READ
    if chart_digest(chart, node.fills, node.strokes) != chart.part_digest:
        return "the chart was edited"
    store = ctx.state.deck.store
    keys = [chart.part_asset, *(link.asset for link in all_links(chart.part_links) if not link.external)]
    if any(key is None or not store.has(key) for key in keys):
        return "a part it links to has no bytes"
    return ""


def _new_name(ctx: PartContext, name: str) -> str:
    """A free part name like `name` (its folder under ppt/, its stem without the number)."""
    folder, base = posixpath.split(name)
    stem, ext = posixpath.splitext(base)
    stem = re.sub(r"[^A-Za-z0-9_-]", "_", stem.rstrip("0123456789")) or "part"
    ext = re.sub(r"[^A-Za-z0-9.]", "", ext)
    if not _SAFE_FOLDER.match(folder):
        folder = "ppt/charts"
    return ctx.pkg.next_name(f"{folder}/{stem}{{}}{ext}")


def write_links(source: str, links: list[ChartPartLink], ctx: PartContext) -> None:
    """Each link of `source` written under its own relationship id, to a copy of its target."""
    deck, pkg = ctx.state.deck, ctx.pkg
    rels = pkg.rels(source)
    for link in links:
        if link.external:
            rels.items[link.rid] = OutRel(link.rid, link.rel_type, link.name, external=True)
            rels.dirty = True
            continue
        assert link.asset is not None  # _why_not checked every link
        target = _new_name(ctx, link.name)
        info = deck.assets.get(link.asset)
        mime = info.mime if info is not None and info.mime != "application/octet-stream" else None
        pkg.put_bytes(target, deck.asset_bytes(link.asset), mime)
        rels.items[link.rid] = OutRel(link.rid, link.rel_type, target)
        rels.dirty = True
        write_links(target, link.links, ctx)


def _valid_ids(data: bytes) -> bytes:
    """The part's bytes, with negative axis ids (python-pptx writes them; the schema's type is
    unsignedInt) renumbered as the rebuilt chart's are; unchanged bytes when there are none."""
    if b'Id val="-' not in data and b'Ax val="-' not in data:
        return data
    root = etree.fromstring(data, parser=safe_parser())
    if not renumber_axis_ids(root):
        return data
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def renumber_axis_ids(root: etree._Element) -> bool:
    """Negative axis ids (c:axId, c:crossAx) renumbered from 500000001 in place; True when any was."""
    mapping: dict[str, str] = {}
    for node in root.iter(f"{_C}axId", f"{_C}crossAx"):
        val = node.get("val") or "0"
        if val.startswith("-"):
            mapping.setdefault(val, str(500000000 + len(mapping) + 1))
            node.set("val", mapping[val])
    return bool(mapping)


def schema_problem(data: bytes) -> str:
    """The first schema problem of a chart or theme part (as adapters.ooxml.validate checks a package), ''."""
    try:
        root = mce_process(etree.fromstring(data, parser=safe_parser()))
    except etree.XMLSyntaxError as exc:
        return str(exc)
    checker = schema()
    if checker.validate(root):
        return ""
    return next((entry.message.strip() for entry in checker.error_log), "invalid")


def _theme_styles_kept(ctx: PartContext) -> bool:
    """The part is written over the source's own format scheme: patch mode, or a fresh theme
    started from the theme part as read (theme_part)."""
    theme = ctx.theme.theme
    if ctx.state.mode == "patch":
        return True
    return theme is not None and theme.part_asset is not None and theme.part_asset in ctx.state.carried_themes


def write_carried(node: ChartNode, ctx: PartContext) -> tuple[str | None, str]:
    """(the name of the chart part written as it was read, '') when the chart is unedited and all
    it links to is at hand; else (None, why not)."""
    why = _why_not(node, ctx)
    if why:
        return None, why
    chart = node.chart
    assert chart.part_asset is not None and chart.part_links is not None
    data = _valid_ids(ctx.state.deck.asset_bytes(chart.part_asset))
    problem = schema_problem(data)
    if problem:  # what the source got wrong would make PowerPoint repair the new file
        return None, f"its own part does not pass the schema check ({problem[:120]})"
    if not _theme_styles_kept(ctx) and not _series_filled(etree.fromstring(data, parser=safe_parser())):
        return None, "its series take their fills from the theme's format scheme, which the theme here does not keep"
    name = ctx.pkg.next_name("ppt/charts/chart{}.xml")
    ctx.pkg.put_bytes(name, data, CONTENT_TYPES["chart"])
    write_links(name, chart.part_links, ctx)
    return name, ""
