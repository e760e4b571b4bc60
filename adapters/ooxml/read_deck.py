"""Read a .pptx / .pptm / .potx / .ppsx (transitional or Strict) into a Deck: slides, backgrounds,
transitions, notes, sections, theme, provenance and fingerprints, and the loss report."""

from __future__ import annotations

import gc
import hashlib
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal, TypeVar

from lxml import etree

from ace_core.errors import BadInputError
from ace_core.ir.deck import Background, Deck, DeckSource, Layout, Master, Slide, Transition
from ace_core.ir.fingerprint import slide_fingerprint
from ace_core.ir.nodes import NodeSource
from ace_core.ir.style import Paint, SolidPaint
from ace_core.limits import MAX_SLIDES
from ace_core.units import EMU_PER_PX
from adapters.ooxml import conventions as cv
from adapters.ooxml.context import ReadContext, Scope
from adapters.ooxml.drawingml import find_fill, read_fill, read_style_refs
from adapters.ooxml.inherit import LayoutInfo, MasterInfo, Masters, find_child, ph_key
from adapters.ooxml.ns import CT, RT, local, qn
from adapters.ooxml.package import Limits, Package, open_package
from adapters.ooxml.read_autogrow import report_autogrow_centring
from adapters.ooxml.read_shapes import Frame, ShapeReader, SlideCtx
from adapters.ooxml.read_template import TemplateIds, fill_from_background, read_templates
from adapters.ooxml.read_vml import read_vml_ink
from adapters.ooxml.shape_xml import choose_alternate
from adapters.ooxml.theme import ColorContext, default_theme, parse_clr_map
from adapters.ooxml.theme_part import theme_ir
from adapters.ooxml.values import emu, to_float

__all__ = ["read_pptx", "with_templates"]

SECTION_EXT_URI = "{521415D9-36F7-43E2-AB2F-B90AF26B5E84}"
_SPEED = {"fast": 0.5, "med": 0.75, "slow": 1.0}


def read_pptx(
    source: Path | bytes,
    *,
    where: str | None = None,
    limits: Limits | None = None,
    master_shapes: bool = True,
    templates: bool | Literal["used"] = True,
) -> Deck:
    """Read a presentation package into the IR. `deck.report` lists what could not be carried.

    `master_shapes`: include the non-placeholder shapes of each slide's layout and master (locked,
    meta 'pptx.inherited') so the IR draws what the slide shows.
    `templates`: read the masters and layouts into deck.masters / deck.layouts. Off, the slides
    read the same (their inherited look included) and the deck is marked so that a fresh .pptx
    reads them from the stored source package when it needs them (`with_templates`): for
    outputs that never use them (HTML, a patched .pptx), where they are most of a small deck's
    read time. "used": only the layouts the slides use and their masters (with the ids a full read
    gives them), the rest deferred the same way: for an HTML page that embeds the source package."""
    with _fewer_collections():
        return _read(source, where, limits, master_shapes, templates)


def with_templates(deck: Deck) -> Deck | None:
    """A deck read with `templates=False` (or "used"), with the masters and layouts of its stored
    source package and each slide's layout id (a copy; the deck itself when it was read with
    them; its report also lists the losses of reading the templates it gains); None when the
    source package is gone. The templates a "used" read holds are kept as
    the deck has them, the others come from the package in their place (a full read's order)."""
    if not deck.meta.get(cv.DECK_META_TEMPLATES_DEFERRED):
        return deck
    key, _why = deck.source_package("pptx")
    if key is None:
        return None
    full = read_pptx(deck.asset_bytes(key))
    by_part = {lay.source.ref: lay.id for lay in full.layouts if lay.source is not None}
    held = {t.id for t in (*deck.masters, *deck.layouts)}
    added = {n.id for t in (*full.masters, *full.layouts) if t.id not in held for n in t.iter_nodes()}
    copy = deck.clone()
    # what reading the templates read only now could not carry (a write's report shows it)
    copy.report.entries += [e for e in full.report.entries if e.node_id in added]
    copy.masters, copy.layouts = _merged(copy.masters, full.masters), _merged(copy.layouts, full.layouts)
    for key, info in full.assets.items():  # the masters' and layouts' pictures
        if key not in copy.assets:
            copy.add_asset(full.asset_bytes(key), info.mime, info.name)
    order = [k for k in full.assets if k in copy.assets] + [k for k in copy.assets if k not in full.assets]
    copy.assets = {k: copy.assets[k] for k in order}
    copy.meta.pop(cv.DECK_META_TEMPLATES_DEFERRED, None)
    for slide in copy.slides:
        if slide.layout_id is not None:
            continue
        unchanged = slide.source is not None and slide.source.fingerprint == slide_fingerprint(slide)
        slide.layout_id = by_part.get(slide.meta.get(cv.SLIDE_META_LAYOUT_PART, ""))
        if unchanged and slide.source is not None:  # as a full read fingerprints it
            slide.source.fingerprint = slide_fingerprint(slide)
    return copy


_Template = TypeVar("_Template", Master, Layout)


def _merged(own: list[_Template], full: list[_Template]) -> list[_Template]:
    """The full read's templates in its order, each replaced by the deck's own of that id."""
    by_id = {item.id: item for item in own}
    ids = {item.id for item in full}
    return [by_id.get(item.id, item) for item in full] + [item for item in own if item.id not in ids]


_GC_LOCK = threading.Lock()
_GC_STATE: dict[str, Any] = {"readers": 0, "threshold": None}


@contextmanager
def _fewer_collections() -> Iterator[None]:
    """A read allocates many small objects and frees few: the cyclic collector runs less often
    meanwhile (not never: garbage the caller left is still collected). Process-wide, so
    concurrent reads share one saved threshold and the last one out restores it."""
    with _GC_LOCK:
        if _GC_STATE["readers"] == 0:
            _GC_STATE["threshold"] = gc.get_threshold()
            first, *rest = _GC_STATE["threshold"]
            gc.set_threshold(max(first, 20_000), *rest)
        _GC_STATE["readers"] += 1
    try:
        yield
    finally:
        with _GC_LOCK:
            _GC_STATE["readers"] -= 1
            if _GC_STATE["readers"] == 0:
                gc.set_threshold(*_GC_STATE["threshold"])


def _read(
    source: Path | bytes, where: str | None, limits: Limits | None, master_shapes: bool, templates: bool | str
) -> Deck:
    pkg = open_package(source, where=where, limits=limits)
    path = Path(source) if not isinstance(source, bytes | bytearray) else None
    deck = Deck(name=path.stem if path else "deck")
    ctx = ReadContext(pkg=pkg, deck=deck)
    pres = pkg.xml(pkg.main_part)
    if pres is None or local(pres.tag) != "presentation":
        raise BadInputError(f"the main part {pkg.main_part} is not a presentation", where=pkg.where)
    _deck_size(pres, deck, ctx)
    masters = Masters(pkg)
    first = masters.first_master()
    if first is None:
        ctx.loss("missing-master", "the package has no slide master; default styles used", severity="warning")
        deck.theme = theme_ir(default_theme(), ctx)  # the colours and fonts the slides were read with
    else:
        deck.theme = theme_ir(first.theme, ctx)
    stored_deck_id = cv.read_ace_id(pres)
    if stored_deck_id:
        deck.id = stored_deck_id
    title = _core_title(pkg)
    if title:
        deck.name = title
    slides = _slide_parts(pres, pkg, ctx)
    for sld_id, part in slides:
        stored = None
        if cv.ACE_EXT_URI.encode() in pkg.peek_bytes(part):
            stored = cv.read_ace_id(find_child(pkg.xml(part), "p:cSld"))
            pkg.forget(part)
        ctx.slide_id_by_part[part] = ctx.ids.claim(stored, cv.derived_slide_id(sld_id))
    sections = _sections(pres)
    default_style = pres.find(qn("p:defaultTextStyle"))
    layout_parts = [p for p in (pkg.first_related(part, RT.SLIDE_LAYOUT) for _, part in slides) if p]
    template_ids = TemplateIds()
    if templates:
        template_ids = read_templates(ctx, masters, layout_parts, default_style, only_used=templates == "used")
    if not templates or template_ids.skipped:
        deck.meta[cv.DECK_META_TEMPLATES_DEFERRED] = True if not templates else "unused"
    for index, (sld_id, part) in enumerate(slides):
        slide = _read_slide(ctx, masters, part, sld_id, index, default_style, master_shapes)
        slide.section = sections.get(str(sld_id))
        slide.layout_id = template_ids.layouts.get(slide.meta.get(cv.SLIDE_META_LAYOUT_PART, ""))
        deck.slides.append(slide)
        pkg.forget(part)
        ctx.memo.clear()
    _deck_losses(pkg, pres, masters, ctx)
    report_autogrow_centring(deck, ctx)
    deck.meta[cv.DECK_META_VARIANT] = CT.VARIANTS.get(pkg.main_content_type, "presentation")
    if pkg.strict:
        deck.meta[cv.DECK_META_STRICT] = True
    if default_style is None:
        deck.meta[cv.DECK_META_NO_DEFAULT_TEXT_STYLE] = True
    if deck.theme is not None and _names_no_face(default_style, masters):
        deck.theme.fonts.fallback = cv.LIBREOFFICE_DEFAULT_FACE
    deck.source = DeckSource(
        format="pptx",
        path=str(path.resolve()) if path else None,
        sha256=hashlib.sha256(pkg.data).hexdigest(),
        package=deck.add_asset(pkg.data, _package_mime(pkg), name=path.name if path else None),
    )
    _fingerprint(deck)
    deck.report = ctx.report
    return deck


def _names_no_face(default_style: etree._Element | None, masters: Masters) -> bool:
    """True when neither the presentation's defaultTextStyle nor any master's txStyles names a
    typeface (a face or a theme font): text that states none itself is then drawn in the
    renderer's default face (gopptx, docx4j, officeimo and other writers leave both out)."""
    styles = [default_style, *(el for m in masters.all_masters() for el in m.styles.values())]
    for el in styles:
        if el is None:
            continue
        for tag in ("a:latin", "a:ea", "a:cs"):
            if any(f.get("typeface") for f in el.iter(qn(tag))):
                return False
    return True


def _package_mime(pkg: Package) -> str:
    variant = CT.VARIANTS.get(pkg.main_content_type, "presentation")
    return {
        "template": "application/vnd.openxmlformats-officedocument.presentationml.template",
        "slideshow": "application/vnd.openxmlformats-officedocument.presentationml.slideshow",
        "macro-presentation": "application/vnd.ms-powerpoint.presentation.macroEnabled.12",
    }.get(variant, "application/vnd.openxmlformats-officedocument.presentationml.presentation")


def _deck_size(pres: etree._Element, deck: Deck, ctx: ReadContext) -> None:
    sz = pres.find(qn("p:sldSz"))
    cx = emu(sz.get("cx")) if sz is not None else None
    cy = emu(sz.get("cy")) if sz is not None else None
    if not cx or not cy or cx <= 0 or cy <= 0:
        if sz is not None:
            ctx.loss("slide-size", "invalid slide size; 10 x 7.5 in used", severity="warning")
        cx, cy = cv.DEFAULT_SLIDE_WIDTH_EMU, cv.DEFAULT_SLIDE_HEIGHT_EMU
    deck.width, deck.height = cx / EMU_PER_PX, cy / EMU_PER_PX
    if sz is not None and sz.get("type"):
        deck.meta[cv.DECK_META_SIZE_TYPE] = sz.get("type")


def _core_title(pkg: Package) -> str | None:
    core = pkg.first_related(
        "", "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties"
    )
    root = pkg.xml(core) if core else None
    if root is None:
        return None
    el = root.find("{http://purl.org/dc/elements/1.1/}title")
    text = (el.text or "").strip() if el is not None else ""
    return text or None


def _slide_parts(pres: etree._Element, pkg: Package, ctx: ReadContext) -> list[tuple[int, str]]:
    lst = pres.find(qn("p:sldIdLst"))
    entries = [el for el in lst if local(el.tag) == "sldId"] if lst is not None else []
    if len(entries) > pkg.limits.max_slides:
        raise MAX_SLIDES.refuse(
            f"the presentation lists {len(entries):,} slides",
            where=pkg.where,
            needed=len(entries),
            limit=pkg.limits.max_slides,
        )
    out: list[tuple[int, str]] = []
    seen: set[str] = set()
    for el in entries:
        rel = pkg.rel(pkg.main_part, el.get(qn("r:id")))
        try:
            sld_id = int(el.get("id", "0"))
        except ValueError:
            sld_id = 0
        if rel is None or rel.external or not pkg.exists(rel.target):
            ctx.loss("missing-slide", f"slide {sld_id} points to a missing part; skipped", severity="error")
            continue
        if rel.target in seen:
            ctx.loss("duplicate-slide", f"slide part {rel.target} is listed twice; read once", severity="warning")
            continue
        seen.add(rel.target)
        out.append((sld_id, rel.target))
    return out


def _sections(pres: etree._Element) -> dict[str, str]:
    out: dict[str, str] = {}
    ext_lst = pres.find(qn("p:extLst"))
    for ext in ext_lst if ext_lst is not None else []:
        if ext.get("uri") != SECTION_EXT_URI:
            continue
        for section in ext.iter("{*}section"):
            name = section.get("name", "")
            for sid in section.iter("{*}sldId"):
                out[sid.get("id", "")] = name
    return out


def _read_slide(
    ctx: ReadContext,
    masters: Masters,
    part: str,
    sld_id: int,
    index: int,
    default_style: etree._Element | None,
    master_shapes: bool,
) -> Slide:
    pkg = ctx.pkg
    root = pkg.xml(part)
    if root is None or local(root.tag) != "sld":
        raise BadInputError(f"slide part {part} is not a slide", where=pkg.where)
    slide_id = ctx.slide_id_by_part[part]
    layout_part = pkg.first_related(part, RT.SLIDE_LAYOUT)
    layout = masters.layout(layout_part) if layout_part else None
    master = layout.master if layout is not None else masters.first_master()
    if layout is None:
        ctx.loss("missing-layout", "the slide has no layout; master styles used", slide_id=slide_id)
    base_map = layout.clr_map if layout is not None else (master.clr_map if master else None)
    theme = master.theme if master else masters.theme(None)
    clr_map = parse_clr_map(root.find(qn("p:clrMapOvr")), base_map)
    # slides with the same theme and colour map share one context (and the colours it resolved)
    key = (id(theme), tuple(sorted(clr_map.items())))
    colors = ctx.color_contexts.get(key)
    if colors is None or colors.theme is not theme:
        colors = ctx.color_contexts[key] = ColorContext(theme=theme, clr_map=clr_map)
    scope = Scope(ctx, part, colors, slide_id, "", slide_id, index + 1)
    sctx = SlideCtx(layout=layout, master=master, default_text_style=default_style)
    csld = root.find(qn("p:cSld"))
    children: list[Any] = []
    show_master = root.get("showMasterSp", "1") not in ("0", "false")
    if master_shapes and show_master:
        if master is not None and (layout is None or layout.show_master_shapes):
            children += _inherited_shapes(ctx, master.part, master.root, "m", colors, sctx, slide_id, index)
        if layout is not None:
            children += _inherited_shapes(ctx, layout.part, layout.root, "l", colors, sctx, slide_id, index)
    reader = ShapeReader(scope, sctx)
    children += reader.read_tree(find_child(csld, "p:spTree"), Frame())
    for node in reader.read_tree(_controls(ctx, csld, slide_id), Frame()):  # above the shape tree
        node.meta[cv.META_CONTROL] = True
        children.append(node)
    reader.resolve_connectors()
    children += read_vml_ink(scope, slide_id)  # pen annotations draw above the shape tree
    meta: dict[str, Any] = {cv.SLIDE_META_PART: part, cv.SLIDE_META_SLD_ID: sld_id}
    if layout is not None:
        meta[cv.SLIDE_META_LAYOUT_PART] = layout.part
    if master is not None:
        meta[cv.SLIDE_META_MASTER_PART] = master.part
    if not show_master:
        meta[cv.SLIDE_META_SHOW_MASTER_SHAPES] = False
    if find_child(root.find(qn("p:clrMapOvr")), "a:overrideClrMapping") is not None and clr_map != base_map:
        meta[cv.SLIDE_META_CLR_MAP] = clr_map
    if _find_anywhere(root, "p:timing") is not None:
        meta[cv.SLIDE_META_HAS_ANIMATION] = True
        ctx.loss("animation", "animations are kept only when writing back to .pptx (patch mode)", slide_id=slide_id)
    if pkg.related(part, RT.COMMENTS) or pkg.related(
        part, "http://schemas.microsoft.com/office/2018/10/relationships/comments"
    ):
        ctx.loss("comments", "slide comments are not carried", slide_id=slide_id, severity="info")
    background = _background(ctx, root, part, layout, master, colors, slide_id)
    fill_from_background(children, background, ctx, slide_id)
    return Slide(
        id=slide_id,
        name=csld.get("name", "") if csld is not None else "",
        children=children,
        background=background,
        transition=_transition(root),
        notes=_notes(pkg, part),
        hidden=root.get("show", "1") in ("0", "false"),
        layout=layout.name if layout is not None and layout.name else None,
        source=NodeSource(format="pptx", ref=part),
        meta=meta,
    )


def _controls(ctx: ReadContext, csld: etree._Element | None, slide_id: str) -> list[etree._Element]:
    """The pictures of a slide's ActiveX form controls (p:controls): PowerPoint 2010+ writes one
    in each control (often in an mc:Fallback), which is what a viewer without the control shows.
    A control without one is drawn by PowerPoint and LibreOffice from its binary properties,
    which ACE cannot: it is reported."""
    controls = find_child(csld, "p:controls")
    pics: list[etree._Element] = []
    for item in controls if controls is not None else []:
        if not isinstance(item.tag, str):
            continue
        found = [c for c in item.iter(qn("p:control"))] if local(item.tag) == "AlternateContent" else [item]
        pic = next((p for c in found for p in c.iter(qn("p:pic"))), None)
        if pic is not None:
            pics.append(pic)
            continue
        name = next((c.get("name") for c in found if c.get("name")), None) or "control"
        ctx.loss(
            "activex-control",
            f"ActiveX control {name} has no picture and is not drawn (its look lives in its binary "
            "properties); kept only when writing back to .pptx (patch mode)",
            slide_id=slide_id,
            severity="error",
        )
    return pics


def _inherited_shapes(
    ctx: ReadContext,
    part: str,
    root: etree._Element,
    origin: str,
    colors: ColorContext,
    sctx: SlideCtx,
    slide_id: str,
    index: int,
) -> list[Any]:
    tree = find_child(find_child(root, "p:cSld"), "p:spTree")
    if tree is None:
        return []
    shapes = [el for el in tree if isinstance(el.tag, str) and ph_key(el) is None]
    scope = Scope(ctx, part, colors, slide_id, origin, slide_id, index + 1)
    reader = ShapeReader(
        scope, SlideCtx(layout=sctx.layout, master=sctx.master, default_text_style=sctx.default_text_style)
    )
    return reader.read_tree(shapes, Frame())


def _find_anywhere(root: etree._Element, tag: str) -> etree._Element | None:
    """A child of the part's root with this tag, directly or inside an mc:AlternateContent."""
    found = root.find(qn(tag))
    if found is None:
        found = next((el for ac in root.iterchildren(qn("mc:AlternateContent")) for el in ac.iter(qn(tag))), None)
    return found


def _bg_fills(
    ctx: ReadContext, csld: etree._Element | None, part: str, colors: ColorContext, slide_id: str
) -> list[Paint] | None:
    bg = find_child(csld, "p:bg")
    if bg is None:
        return None
    scope = Scope(ctx, part, colors, slide_id)
    bg_pr = bg.find(qn("p:bgPr"))
    if bg_pr is not None:
        fill = find_fill(bg_pr)
        return read_fill(fill, scope) if fill is not None else []
    ref = bg.find(qn("p:bgRef"))
    if ref is not None:
        holder = etree.Element(qn("p:style"))
        clone = etree.SubElement(holder, qn("a:fillRef"), idx=ref.get("idx", "0"))
        for child in ref:
            clone.append(etree.fromstring(etree.tostring(child)))
        refs = read_style_refs(holder, scope)
        return read_fill(refs.fill[0], scope, refs.fill[1]) if refs.fill else []
    return None


def _background(
    ctx: ReadContext,
    root: etree._Element,
    part: str,
    layout: LayoutInfo | None,
    master: MasterInfo | None,
    colors: ColorContext,
    slide_id: str,
) -> Background:
    chain: list[tuple[etree._Element, str, bool]] = [(root, part, False)]
    if layout is not None:
        chain.append((layout.root, layout.part, True))
    if master is not None:
        chain.append((master.root, master.part, True))
    for el, part, inherited in chain:
        fills = _bg_fills(ctx, el.find(qn("p:cSld")), part, colors, slide_id)
        if fills is not None:
            return Background(fills=fills, inherited=inherited)
    white = colors.scheme("bg1")
    return Background(fills=[SolidPaint(color=white)] if white is not None else [], inherited=True)


def _transition(root: etree._Element) -> Transition | None:
    el = root.find(qn("p:transition"))
    if el is None:
        for ac in root.findall(qn("mc:AlternateContent")):
            kids, _ = choose_alternate(ac)
            el = next((k for k in kids if local(k.tag) == "transition"), None)
            if el is not None:
                break
    if el is None:
        return None
    effect = next((c for c in el if isinstance(c.tag, str) and local(c.tag) not in ("sndAc", "extLst")), None)
    data: dict[str, Any] = {"style": local(effect.tag) if effect is not None else "none"}
    if effect is not None:
        direction = effect.get("dir") or effect.get("orient")
        if direction:
            data["direction"] = direction
    dur = el.get("{http://schemas.microsoft.com/office/powerpoint/2010/main}dur") or el.get("dur")
    if to_float(dur) is not None:
        data["duration"] = (to_float(dur) or 0.0) / 1000.0
    elif el.get("spd") in _SPEED:
        data["duration"] = _SPEED[el.get("spd", "")]
    adv = to_float(el.get("advTm"))
    if adv is not None:
        data["timing"] = "AFTER_DELAY"
        data["delay"] = max(0.0, adv) / 1000.0
    return Transition(**data)


def _notes(pkg: Package, part: str) -> str:
    notes_part = pkg.first_related(part, RT.NOTES_SLIDE)
    root = pkg.xml(notes_part) if notes_part else None
    if root is None:
        return ""
    pkg.forget(notes_part or "")
    tree = find_child(find_child(root, "p:cSld"), "p:spTree")
    if tree is None:
        return ""
    for sp in tree.iter(qn("p:sp")):
        key = ph_key(sp)
        if key is not None and key.type == "body":
            body = sp.find(qn("p:txBody"))
            if body is None:
                continue
            paras = []
            for p in body.findall(qn("a:p")):
                text = ""
                for child in p:
                    name = local(child.tag)
                    if name in ("r", "fld"):
                        text += child.findtext(qn("a:t")) or ""
                    elif name == "br":
                        text += "\n"
                paras.append(text)
            return "\n".join(paras).strip("\n")
    return ""


def _deck_losses(pkg: Package, pres: etree._Element, masters: Masters, ctx: ReadContext) -> None:
    if pkg.related(pkg.main_part, RT.VBA):
        ctx.loss("macros", "the VBA project is kept only when writing back to .pptm (patch mode)", severity="info")
    if pres.find(qn("p:custShowLst")) is not None:
        ctx.loss("custom-shows", "custom slide shows are not carried", severity="info")
    if pres.find(qn("p:embeddedFontLst")) is not None:
        ctx.loss("embedded-fonts", "embedded fonts are kept only in patch mode", severity="info")
    if any(n.startswith("_xmlsignatures/") for n in pkg.part_names()):
        ctx.loss("signature", "the digital signature is invalidated by any write", severity="warning")
    themes = {m.theme.part for m in masters.all_masters()}
    if len(themes) > 1:
        ctx.loss(
            "multiple-themes",
            f"{len(themes)} masters with different themes: deck.theme is the first; slides use their own",
            severity="info",
        )


def _fingerprint(deck: Deck) -> None:
    """Fingerprint every node and slide on the final IR. Equal to node_fingerprint(node) for each
    node (its IR without provenance), computed from one dump per top-level node: the sources are
    lifted off while dumping, and children's dumps are nested in their parent's."""
    for slide in deck.slides:
        for node in slide.children:
            sources = [(n, n.source) for n in _walk(node)]
            for n, _ in sources:
                n.source = None
            try:
                data = node.model_dump(mode="json", exclude_defaults=True)
            finally:
                for n, src in sources:
                    n.source = src
            _fingerprint_tree(node, data)
        if slide.source is not None:
            slide.source.fingerprint = slide_fingerprint(slide)


def _walk(node: Any) -> list[Any]:
    out = [node]
    for child in getattr(node, "children", None) or []:
        out.extend(_walk(child))
    return out


def _fingerprint_tree(node: Any, data: dict) -> str:
    """Fingerprint `node` and its descendants from its dump; returns its canonical JSON (sorted
    keys, compact), built from its children's so that a deep tree is serialised once."""
    kids = getattr(node, "children", None) or []
    dumped = data.get("children") or []
    child_blobs = [_fingerprint_tree(child, child_data) for child, child_data in zip(kids, dumped, strict=True)]
    if "children" not in data:
        blob = json.dumps(data, sort_keys=True, separators=(",", ":"))
    else:
        parts = []
        for key in sorted(data):
            if key == "children":
                value = "[" + ",".join(child_blobs) + "]"
            else:
                value = json.dumps(data[key], sort_keys=True, separators=(",", ":"))
            parts.append(json.dumps(key) + ":" + value)
        blob = "{" + ",".join(parts) + "}"
    if node.source is not None:
        node.source.fingerprint = hashlib.sha1(blob.encode()).hexdigest()[:20]
    return blob
