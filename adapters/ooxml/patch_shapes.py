"""Patch mode, shape level: rewrite only the parts of a shape's XML whose IR fields changed.

Each changed node is compared with the node read from the source (its "original"); only the
changed field groups touch the XML (a recolour replaces one fill element; a move rewrites one
a:xfrm). Shapes whose kind changed, or that have no XML of their own, are regenerated with the
fresh writer at the same z-position, keeping their cNvPr id (animations target it). Unchanged
shapes are never touched, so their XML stays byte-identical."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from ace_core.ir.fingerprint import node_fingerprint
from ace_core.ir.nodes import (
    ChartNode,
    ConnectorNode,
    GroupNode,
    ImageNode,
    NodeBase,
    TableNode,
)
from ace_core.ir.text import TextBody
from adapters.ooxml.conventions import (
    META_SMARTART,
    derived_node_id,
    parse_node_ref,
    read_ace_id,
    set_ace_id,
)
from adapters.ooxml.ns import RT, local, qn
from adapters.ooxml.read_shapes import Frame
from adapters.ooxml.shape_xml import choose_alternate, read_xfrm
from adapters.ooxml.write_context import PartContext
from adapters.ooxml.write_shapes import ASVG_NS, SVG_BLIP_URI, Box, _geometry, node_elements
from adapters.ooxml.write_style import blip_fill, effect_list, fill_el, is_hairline, line_el, pick_paint
from adapters.ooxml.write_text import body_pr, paragraph_el, text_body
from adapters.ooxml.xmlgen import ang, el, sub

__all__ = ["ShapeIndex", "SlidePatcher", "unchanged"]

SHAPE_TAGS = {"sp", "pic", "grpSp", "cxnSp", "graphicFrame"}
TOP = Frame()
BOX = ("x", "y", "width", "height", "rotation", "flip_h", "flip_v")
NV = ("name", "description", "visible", "hyperlink")
GEOM = ("preset", "adjustments", "corner_radius", "corner_radii", "paths", "view_box", "arc", "line_type")
FILLS = ("fills", "opacity")
LINES = ("strokes", "stroke_weights", "opacity")
IGNORED = {
    "source",
    "meta",
    "locked",
    "blend_mode",
    "sizing_h",
    "sizing_v",
    "positioning",
    "min_width",
    "max_width",
    "min_height",
    "max_height",
    "constraints",
    "children",
    "corner_smoothing",
    "layout",
    "clips_content",
}
_FILL_TAGS = {"noFill", "solidFill", "gradFill", "blipFill", "pattFill", "grpFill"}
_SP_PR_ORDER = ["xfrm", "geom", "fill", "ln", "effect", "scene3d", "sp3d", "extLst"]
_SP_PR_GROUP = {"custGeom": "geom", "prstGeom": "geom", "effectLst": "effect", "effectDag": "effect"}
_SP_PR_GROUP |= {t: "fill" for t in _FILL_TAGS}


def unchanged(node: NodeBase) -> bool:
    """True when the node is what was read (its fingerprint matches its provenance)."""
    src = node.source
    return (
        src is not None and src.format == "pptx" and bool(src.fingerprint) and src.fingerprint == node_fingerprint(node)
    )


def _cnv(shape: etree._Element) -> etree._Element | None:
    for child in shape:
        if local(child.tag).startswith("nv"):
            found = child.find(qn("p:cNvPr"))
            if found is not None:
                return found
    return None


@dataclass
class ShapeIndex:
    """The shapes of a slide part by provenance ref, counted the way the reader counts them."""

    part: str
    by_ref: dict[str, tuple[etree._Element, etree._Element]] = field(default_factory=dict)
    """ref -> (item: the container's child, an element or its mc:AlternateContent; the shape)"""
    max_id: int = 1

    @classmethod
    def build(cls, tree: etree._Element, part: str) -> ShapeIndex:
        index = cls(part)
        counts: dict[str, int] = {}

        def walk(container: Any, wrapper: etree._Element | None) -> None:
            for child in container:
                name = local(child.tag)
                if name == "AlternateContent":
                    kids, _ = choose_alternate(child)
                    walk(kids, child)
                    continue
                if name not in SHAPE_TAGS:
                    continue
                cnv = _cnv(child)
                cid = (cnv.get("id") if cnv is not None else None) or "0"
                counts[cid] = counts.get(cid, 0) + 1
                ref = f"{part}#{cid}" + (f"~{counts[cid]}" if counts[cid] > 1 else "")
                index.by_ref[ref] = (wrapper if wrapper is not None else child, child)
                if name == "grpSp":
                    walk(child, None)

        walk(tree, None)
        for shape in tree.iter():
            if isinstance(shape.tag, str) and local(shape.tag) == "cNvPr":
                value = shape.get("id") or ""
                if value.isdigit():
                    index.max_id = max(index.max_id, int(value))
        return index


def _diff(node: NodeBase, orig: NodeBase) -> set[str]:
    """Names of the top-level fields that differ (children compared by the caller)."""
    a = node.model_dump(exclude={"children", "source"})
    b = orig.model_dump(exclude={"children", "source"})
    return {k for k in a.keys() | b.keys() if a.get(k) != b.get(k)}


def _put(sp_pr: etree._Element, new: etree._Element, group: str) -> None:
    """Replace the spPr child of `group` (xfrm, geom, fill, ln, effect) by `new`, or insert it in
    schema order."""
    for child in sp_pr:
        if isinstance(child.tag, str) and _group_of(child) == group:
            sp_pr.replace(child, new)
            return
    rank = _SP_PR_ORDER.index(group)
    for i, child in enumerate(sp_pr):
        g = _group_of(child) if isinstance(child.tag, str) else None
        if g is not None and _SP_PR_ORDER.index(g) > rank:
            sp_pr.insert(i, new)
            return
    sp_pr.append(new)


def _group_of(child: etree._Element) -> str | None:
    name = local(child.tag)
    if name in _SP_PR_ORDER:
        return name
    return _SP_PR_GROUP.get(name)


class SlidePatcher:
    """Patches the shape tree of one slide part against the original IR of that slide."""

    def __init__(self, ctx: PartContext, tree: etree._Element, originals: dict[str, NodeBase]) -> None:
        self.ctx = ctx
        self.part = ctx.part
        self.index = ShapeIndex.build(tree, ctx.part)
        self.originals = originals
        self.modeled_refs = {
            n.source.ref for n in originals.values() if n.source is not None and n.source.ref.startswith(ctx.part + "#")
        }
        ctx.next_shape_id = self.index.max_id + 1
        self.claimed: set[str] = set()
        self.cnv_of: dict[str, str] = {}
        self.changed_order = False
        self._pending_connectors: list[tuple[etree._Element, ConnectorNode]] = []

    # -- mapping ---------------------------------------------------------------------------------
    def _own(self, node: NodeBase, container: etree._Element) -> tuple[etree._Element, etree._Element] | None:
        src = node.source
        if src is None or src.format != "pptx":
            return None
        found = self.index.by_ref.get(src.ref)
        if found is None or src.ref in self.claimed:
            return None
        item, _shape = found
        if item.getparent() is not container:
            return None
        part, _cid, _occ = parse_node_ref(src.ref)
        if part != self.part:
            return None
        return found

    def map_ids(self, nodes: list[NodeBase]) -> None:
        """Record the cNvPr id of every node that keeps its element (for connector ends)."""
        for node in nodes:
            src = node.source
            found = self.index.by_ref.get(src.ref) if src is not None else None
            if found is not None:
                cnv = _cnv(found[1])
                if cnv is not None and cnv.get("id"):
                    self.cnv_of[node.id] = cnv.get("id") or ""
                    self.ctx.shape_ids[node.id] = int(cnv.get("id") or 0)
            kids = getattr(node, "children", None)
            if kids and not (node.meta.get(META_SMARTART)):
                self.map_ids(kids)

    # -- containers ------------------------------------------------------------------------------
    def patch_container(self, container: etree._Element, nodes: list[NodeBase], frame: Frame) -> None:
        """Make the shape children of `container` (spTree or grpSp) match `nodes`."""
        before = [c for c in container if isinstance(c.tag, str) and self._is_item(c)]
        result: list[etree._Element] = []
        for node in nodes:
            found = self._own(node, container)
            if found is None:
                result.extend(self._fresh(node, frame))
                continue
            item, shape = found
            self.claimed.add(node.source.ref)  # type: ignore[union-attr]
            if unchanged(node):
                result.append(item)
                continue
            result.append(self.patch_shape(item, shape, node, frame))
        kept = set(map(id, result))
        # unmodeled items (ink, unknown graphics) keep their place after their original predecessor
        modeled = self._modeled_items()
        survivors = [c for c in before if id(c) in kept or id(c) not in modeled]
        final = list(result)
        for pos, item in enumerate(survivors):
            if id(item) in kept:
                continue
            prev = next((survivors[j] for j in range(pos - 1, -1, -1) if id(survivors[j]) in kept), None)
            final.insert(final.index(prev) + 1 if prev is not None else 0, item)
            kept.add(id(item))
        if [id(c) for c in final] == [id(c) for c in before]:
            return
        self.changed_order = True
        anchor = None
        for child in container:
            if isinstance(child.tag, str) and local(child.tag) in ("grpSpPr", "nvGrpSpPr"):
                anchor = child
        for item in before:
            container.remove(item)
        insert_at = container.index(anchor) + 1 if anchor is not None else 0
        for offset, item in enumerate(final):
            container.insert(insert_at + offset, item)

    def _is_item(self, child: etree._Element) -> bool:
        return local(child.tag) in SHAPE_TAGS | {"AlternateContent", "contentPart"}

    def _modeled_items(self) -> set[int]:
        """ids of the items the reader made a node of (their absence now means: deleted)."""
        return {id(item) for ref, (item, _shape) in self.index.by_ref.items() if ref in self.modeled_refs}

    # -- fresh elements --------------------------------------------------------------------------
    def _fresh(self, node: NodeBase, frame: Frame, keep_id: int | None = None) -> list[etree._Element]:
        """The node written by the fresh writer, mapped into the container's coordinate space."""
        if keep_id is not None:
            self.ctx.shape_ids[node.id] = keep_id
        from adapters.ooxml.write_shapes import assign_shape_ids

        assign_shape_ids([node], self.ctx)
        items = node_elements(node, self.ctx, placeholders=True)
        for item in items:
            _map_xfrm(item, frame)
        return items

    def regenerate(self, item: etree._Element, shape: etree._Element, node: NodeBase, frame: Frame) -> etree._Element:
        cnv = _cnv(shape)
        keep = int(cnv.get("id")) if cnv is not None and (cnv.get("id") or "").isdigit() else None
        self.ctx.shape_ids.pop(node.id, None)
        items = self._fresh(node, frame, keep)
        return items[0]

    # -- shapes ----------------------------------------------------------------------------------
    def patch_shape(self, item: etree._Element, shape: etree._Element, node: NodeBase, frame: Frame) -> etree._Element:
        orig = self.originals.get(node.id)
        kind = local(shape.tag)
        prev = self.ctx.node
        self.ctx.node = node
        try:
            if orig is None or type(orig) is not type(node) or item is not shape or node.meta.get(META_SMARTART):
                if node.meta.get(META_SMARTART):
                    self.ctx.loss("smartart", "an edited SmartArt graphic is written as plain shapes", "info")
                return self.regenerate(item, shape, node, frame)
            changed = _diff(node, orig)
            handler = self._handler(kind, node)
            if handler is None:
                return self.regenerate(item, shape, node, frame)
            if not handler(shape, node, orig, changed, frame):
                return self.regenerate(item, shape, node, frame)
            self._keep_id(shape, node)
            return shape
        finally:
            self.ctx.node = prev

    def _keep_id(self, shape: etree._Element, node: NodeBase) -> None:
        """Store the node's ACE id in its cNvPr unless reading would give it that id anyway."""
        cnv = _cnv(shape)
        if cnv is None or node.source is None:
            return
        stored = read_ace_id(cnv)
        _part, cid, occ = parse_node_ref(node.source.ref)
        derived = derived_node_id(self.ctx.slide_id or "", cid) + (f"~{occ}" if occ > 1 else "")
        if stored != node.id and not (stored is None and node.id == derived):
            set_ace_id(cnv, node.id)

    def _handler(self, kind: str, node: NodeBase) -> Callable[..., bool] | None:
        if kind == "sp" and node.type in ("TEXT", "RECTANGLE", "ELLIPSE", "SHAPE", "VECTOR", "LINE"):
            return self._patch_sp
        if kind == "pic" and isinstance(node, ImageNode):
            return self._patch_pic
        if kind == "grpSp" and isinstance(node, GroupNode):
            return self._patch_group
        if kind == "cxnSp" and isinstance(node, ConnectorNode):
            return self._patch_cxn
        if kind == "graphicFrame" and isinstance(node, TableNode | ChartNode):
            return self._patch_frame
        return None

    def _common(self, shape: etree._Element, node: NodeBase, changed: set[str], frame: Frame) -> None:
        if changed & set(NV):
            _patch_nv(shape, node, self.ctx)

    def _sp_pr_fields(self, sp_pr: etree._Element, node: NodeBase, changed: set[str], frame: Frame) -> None:
        """The spPr field groups shapes share: box, fill (not for lines and pictures), line, effects."""
        box = Box.of(node)
        a = node.opacity
        if changed & set(BOX):
            _put(sp_pr, _xfrm_in(frame, box), "xfrm")
        if changed & set(FILLS) and node.type not in ("LINE", "IMAGE"):
            _put(sp_pr, fill_el(pick_paint(node.fills, self.ctx), self.ctx, alpha=a, width=box.w, height=box.h), "fill")
        if changed & set(LINES):
            line = line_el(node.strokes, self.ctx, alpha=a, width=box.w, height=box.h, hairline=is_hairline(node))
            _put(sp_pr, line, "ln")
        if "effects" in changed:
            _put(sp_pr, effect_list(node.effects, self.ctx, a, (box.w + box.h) / 2) or el("a:effectLst"), "effect")

    def _patch_sp(self, shape: etree._Element, node: NodeBase, orig: NodeBase, changed: set[str], frame: Frame) -> bool:
        allowed = set(BOX) | set(NV) | set(GEOM) | set(FILLS) | set(LINES) | {"effects", "text", "type"}
        if changed - allowed - IGNORED:
            return False
        sp_pr = shape.find(qn("p:spPr"))
        if sp_pr is None:
            return False
        self._sp_pr_fields(sp_pr, node, changed, frame)
        if changed & set(GEOM) or "type" in changed:
            _put(sp_pr, _geometry(node, Box.of(node), self.ctx), "geom")
        if "text" in changed:
            _patch_text(shape, node.text_body, orig.text_body, self.ctx)
        self._common(shape, node, changed, frame)
        return True

    def _patch_pic(
        self, shape: etree._Element, node: NodeBase, orig: NodeBase, changed: set[str], frame: Frame
    ) -> bool:
        assert isinstance(node, ImageNode)
        allowed = set(BOX) | set(NV) | {"preset", "corner_radius", "corner_radii", "strokes", "effects", "opacity"}
        allowed |= {"image", "svg_asset", "stroke_weights"}
        if changed - allowed - IGNORED:
            return False
        sp_pr = shape.find(qn("p:spPr"))
        if sp_pr is None:
            return False
        self._sp_pr_fields(sp_pr, node, changed, frame)
        if changed & {"preset", "corner_radius", "corner_radii"}:
            geom = (
                _geometry(node, Box.of(node), self.ctx) if not node.preset else el("a:prstGeom", {"prst": node.preset})
            )
            if node.preset:
                sub(geom, "a:avLst")
            _put(sp_pr, geom, "geom")
        if changed & {"image", "svg_asset", "opacity"}:
            old = shape.find(qn("p:blipFill"))
            if old is None or node.image.asset is None:
                return False
            new = blip_fill(node.image, self.ctx, node.opacity, "p:blipFill")
            if node.svg_asset:
                blip = new.find(qn("a:blip"))
                ext = sub(sub(blip, "a:extLst"), "a:ext", {"uri": SVG_BLIP_URI})
                svg = etree.SubElement(ext, f"{{{ASVG_NS}}}svgBlip", nsmap={"asvg": ASVG_NS})
                svg.set(qn("r:embed"), self.ctx.image_rel(node.svg_asset))
            shape.replace(old, new)
        self._common(shape, node, changed, frame)
        return True

    def _patch_group(
        self, shape: etree._Element, node: NodeBase, orig: NodeBase, changed: set[str], frame: Frame
    ) -> bool:
        assert isinstance(node, GroupNode)
        if changed - set(BOX) - set(NV) - {"effects"} - IGNORED - {"fills", "opacity"}:
            return False
        gp = shape.find(qn("p:grpSpPr"))
        if gp is None:
            return False
        old = read_xfrm(gp.find(qn("a:xfrm")))
        _, _, ow, oh = frame.box(old.x, old.y, old.cx, old.cy)
        # the child frame as the reader saw it; kept when only the group's own box changes
        sx = ow / old.ch_cx if old.ch_cx else frame.sx
        sy = oh / old.ch_cy if old.ch_cy else frame.sy
        child_frame = Frame(ch_x=old.ch_x, ch_y=old.ch_y, sx=sx, sy=sy)
        if changed & set(BOX):
            box = Box.of(node)
            new = _xfrm_in(frame, box)
            sub(new, "a:chOff", {"x": round(old.ch_x), "y": round(old.ch_y)})
            sub(
                new,
                "a:chExt",
                {"cx": max(0, round(box.w / sx)) if sx else 0, "cy": max(0, round(box.h / sy)) if sy else 0},
            )
            _put(gp, new, "xfrm")
        if "effects" in changed:
            _put(gp, effect_list(node.effects, self.ctx) or el("a:effectLst"), "effect")
        if "opacity" in changed or "fills" in changed:
            self.ctx.loss("group-opacity", "group opacity / fill edits are not written in patch mode", "info")
        self._common(shape, node, changed, frame)
        self.patch_container(shape, node.children, child_frame)
        return True

    def _patch_cxn(
        self, shape: etree._Element, node: NodeBase, orig: NodeBase, changed: set[str], frame: Frame
    ) -> bool:
        assert isinstance(node, ConnectorNode)
        allowed = set(BOX) | set(NV) | set(LINES) | {"effects", "start", "end", "preset", "adjustments", "line_type"}
        if changed - allowed - IGNORED - {"fills", "label"}:
            return False
        sp_pr = shape.find(qn("p:spPr"))
        if sp_pr is None or changed & {"preset", "adjustments", "line_type"}:
            return False
        self._sp_pr_fields(sp_pr, node, changed - {"fills"}, frame)
        if changed & {"start", "end"}:
            self._pending_connectors.append((shape, node))
        self._common(shape, node, changed, frame)
        return True

    def _chart_data(self, shape: etree._Element, node: ChartNode, orig: ChartNode) -> bool:
        """New data in the chart part the frame points at, keeping its formatting (and the
        workbook in step); False when more than the data changed."""
        from adapters.ooxml.write_chart import data_only_change, replace_chart_data

        if not data_only_change(orig.chart, node.chart):
            return False
        ref = next(shape.iter(qn("c:chart")), None)
        rel = self.ctx.pkg.rels(self.part).get(ref.get(qn("r:id")) if ref is not None else None)
        if rel is None or rel.external or not self.ctx.pkg.exists(rel.target):
            return False
        space, xlsx = replace_chart_data(self.ctx.pkg.get_bytes(rel.target), node.chart)
        self.ctx.pkg.put_xml(rel.target, space)
        for book in self.ctx.pkg.rels(rel.target).of_type(RT.PACKAGE):
            if not book.external and self.ctx.pkg.exists(book.target):
                self.ctx.pkg.put_bytes(book.target, xlsx)
        return True

    def resolve_connectors(self) -> None:
        """Rewrite the bound ends of edited connectors once every shape has its id."""
        for shape, node in self._pending_connectors:
            cnv = shape.find(f"{qn('p:nvCxnSpPr')}/{qn('p:cNvCxnSpPr')}")
            if cnv is None:
                continue
            for tag in ("a:stCxn", "a:endCxn"):
                for old in cnv.findall(qn(tag)):
                    cnv.remove(old)
            pos = 0
            for end, tag in ((node.start, "a:stCxn"), (node.end, "a:endCxn")):
                if end.node_id is not None and end.node_id in self.ctx.shape_ids:
                    cnv.insert(pos, el(tag, {"id": self.ctx.shape_ids[end.node_id], "idx": end.site or 0}))
                    pos += 1

    def _patch_frame(
        self, shape: etree._Element, node: NodeBase, orig: NodeBase, changed: set[str], frame: Frame
    ) -> bool:
        if isinstance(node, ChartNode) and isinstance(orig, ChartNode) and "chart" in changed:
            if not self._chart_data(shape, node, orig):
                return False
            changed = changed - {"chart"}
        if changed - set(BOX) - set(NV) - IGNORED:
            return False  # table / chart content: regenerated (charts get a new chart part)
        if changed & set(BOX):
            old = shape.find(qn("p:xfrm"))
            new = _xfrm_in(frame, Box.of(node), tag="p:xfrm")
            if old is not None:
                shape.replace(old, new)
            else:
                nv = shape.find(qn("p:nvGraphicFramePr"))
                if nv is None:
                    return False
                nv.addnext(new)
        self._common(shape, node, changed, frame)
        return True


def _xfrm_in(frame: Frame, box: Box, tag: str = "a:xfrm") -> etree._Element:
    """An xfrm for a px box, in the coordinate space of `frame` (inverse of the reader's mapping)."""
    sx, sy = frame.sx or 1.0, frame.sy or 1.0
    attrs: dict[str, Any] = {
        "rot": ang(box.rot) or None,
        "flipH": True if box.flip_h else None,
        "flipV": True if box.flip_v else None,
    }
    node = el(tag, attrs)
    sub(node, "a:off", {"x": round(frame.ch_x + box.x / sx), "y": round(frame.ch_y + box.y / sy)})
    sub(node, "a:ext", {"cx": max(0, round(box.w / sx)), "cy": max(0, round(box.h / sy))})
    return node


def _map_xfrm(item: etree._Element, frame: Frame) -> None:
    """Map a freshly written element's box (slide EMU) into a group's child space."""
    if frame == TOP:
        return
    holder = None
    for tag in ("p:spPr", "p:grpSpPr"):
        holder = item.find(qn(tag))
        if holder is not None:
            break
    xf = holder.find(qn("a:xfrm")) if holder is not None else item.find(qn("p:xfrm"))
    if xf is None:
        return
    off, ext = xf.find(qn("a:off")), xf.find(qn("a:ext"))
    px = TOP.box(float(off.get("x")), float(off.get("y")), float(ext.get("cx")), float(ext.get("cy")))
    mapped = _xfrm_in(frame, Box(*px))
    off.set("x", mapped[0].get("x"))
    off.set("y", mapped[0].get("y"))
    ext.set("cx", mapped[1].get("cx"))
    ext.set("cy", mapped[1].get("cy"))


def _patch_nv(shape: etree._Element, node: NodeBase, ctx: PartContext) -> None:
    cnv = _cnv(shape)
    if cnv is None:
        return
    cnv.set("name", node.name or cnv.get("name") or "")
    for attr, value in (("descr", node.description or None), ("hidden", "1" if not node.visible else None)):
        if value is None:
            cnv.attrib.pop(attr, None)
        else:
            cnv.set(attr, value)
    for old in cnv.findall(qn("a:hlinkClick")):
        cnv.remove(old)
    if node.hyperlink:
        rid, action = ctx.link_rel(node.hyperlink)
        if rid or action:
            cnv.insert(0, el("a:hlinkClick", {"r:id": rid, "action": action}))


def _patch_text(shape: etree._Element, body: TextBody | None, orig: TextBody | None, ctx: PartContext) -> None:
    """Rewrite bodyPr when body properties changed, and only the paragraphs that changed."""
    tx = shape.find(qn("p:txBody"))
    body = body or TextBody()
    if tx is None:
        new = text_body(body, ctx)
        ext = shape.find(qn("p:extLst"))
        if ext is not None:
            ext.addprevious(new)
        else:
            shape.append(new)
        return
    orig = orig or TextBody()
    own = body.model_dump(exclude={"paragraphs"})
    old = orig.model_dump(exclude={"paragraphs"})
    if own != old:
        old_pr = tx.find(qn("a:bodyPr"))
        new_pr = body_pr(body, ctx)
        if old_pr is not None:
            for child in old_pr:  # keep what the IR does not model (3-D text, warps) after autofit
                if local(child.tag) in ("prstTxWarp", "scene3d", "sp3d", "flatTx", "extLst"):
                    new_pr.append(child)
            tx.replace(old_pr, new_pr)
        else:
            tx.insert(0, new_pr)
    paras = tx.findall(qn("a:p"))
    restyle = own.get("style") != old.get("style") or own.get("align") != old.get("align")
    if len(paras) == len(body.paragraphs) == len(orig.paragraphs) and not restyle:
        for p_el, new, prev in zip(paras, body.paragraphs, orig.paragraphs, strict=True):
            if new != prev:
                tx.replace(p_el, paragraph_el(new, body, ctx))
        return
    for p_el in paras:
        tx.remove(p_el)
    for para in body.paragraphs or [None]:
        tx.append(paragraph_el(para, body, ctx) if para is not None else el("a:p"))
