"""SmartArt graphic frames -> IR: the drawing part PowerPoint cached, read as grouped shapes, or,
when that part is missing or empty, the diagram laid out from its data model and layout
definition; what cannot be laid out still shows its text as an outline. Every outcome has a loss
entry that says which of these happened."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lxml import etree

from ace_core.errors import AceError
from ace_core.ir.nodes import GroupNode, NodeSource, TextNode
from ace_core.ir.text import Paragraph, Run, TextBody, TextStyle
from adapters.ooxml import conventions as cv
from adapters.ooxml.context import Scope
from adapters.ooxml.ns import RT, local, qn
from adapters.ooxml.smartart.model import MAX_TREE_DEPTH, DataModel

if TYPE_CHECKING:
    from adapters.ooxml.read_shapes import Frame, ShapeReader

__all__ = ["read_smartart"]

_DSP_SHAPES = {"sp", "grpSp", "cxnSp", "pic", "graphicFrame"}


def _part(scope: Scope, rel_ids: etree._Element | None, attr: str) -> str | None:
    if rel_ids is None:
        return None
    rel = scope.ctx.pkg.rel(scope.part, rel_ids.get(qn(f"r:{attr}")))
    if rel is None or rel.external or not scope.ctx.pkg.exists(rel.target):
        return None
    return rel.target


def _xml(scope: Scope, part: str | None) -> etree._Element | None:
    if part is None:
        return None
    try:
        return scope.ctx.pkg.xml(part)
    except AceError:
        return None


def read_smartart(reader: ShapeReader, gdata: etree._Element, data: dict, frame: Frame) -> GroupNode:
    scope = reader.scope
    pkg = scope.ctx.pkg
    node_id = data["id"]
    rel_ids = gdata.find(qn("dgm:relIds"))
    dm_part = _part(scope, rel_ids, "dm")
    dm_root = _xml(scope, dm_part)
    drawing = _drawing_part(scope, rel_ids, dm_root)
    why = "has no drawing part"
    if drawing is not None:
        try:
            root = pkg.xml(drawing)
        except AceError as exc:
            root, why = None, f"drawing {drawing} is unreadable ({exc.what})"
        tree = root.find(qn("dsp:spTree")) if root is not None else None
        if tree is not None and any(local(c.tag) in _DSP_SHAPES for c in tree):
            children = _read_drawing(reader, tree, drawing, node_id, frame)
            pkg.forget(drawing)
            data["meta"][cv.META_SMARTART] = drawing
            scope.loss("smartart", "SmartArt kept as grouped shapes (its data model is not editable)", node_id, "info")
            _stale_check(scope, node_id, dm_root, children)
            return GroupNode(**data, children=children)
        pkg.forget(drawing)
        if root is not None:
            why = "has an empty drawing part"
    dm = DataModel(dm_root) if dm_root is not None else None
    if dm is not None and dm.too_deep:
        scope.loss(
            "smartart-depth",
            f"{dm.too_deep:,} branch(es) of the SmartArt tree nested deeper than {MAX_TREE_DEPTH} levels are left out",
            node_id,
            severity="warning",
        )
    outline = dm.outline() if dm is not None else []
    if dm_root is not None:
        laid = _lay_out(reader, rel_ids, dm_root, dm_part or "", data, frame)
        if laid is not None:
            return laid(why, outline)
    if not outline:
        scope.loss("smartart", f"SmartArt that {why} and no text in its data model is dropped", node_id, "error")
        return GroupNode(**data)
    scope.loss(
        "smartart",
        f"SmartArt that {why} could not be laid out: its texts are shown as an outline list, not as the diagram",
        node_id,
        severity="warning",
    )
    return GroupNode(**data, children=[_outline_node(scope, node_id, data, outline)])


def _sub_scope(scope: Scope, part: str, node_id: str) -> Scope:
    """The scope of a SmartArt's shapes: ids derived from the frame's, relationships of `part`."""
    return Scope(
        ctx=scope.ctx,
        part=part,
        colors=scope.colors,
        slide_id=scope.slide_id,
        origin="d",
        id_parent=node_id,
        slide_number=scope.slide_number,
    )


def _read_drawing(reader: ShapeReader, tree: etree._Element, part: str, node_id: str, frame: Frame) -> list:
    from adapters.ooxml.read_shapes import Frame as _Frame
    from adapters.ooxml.read_shapes import ShapeReader as _Reader

    sub = _Reader(_sub_scope(reader.scope, part, node_id), reader.slide)
    # drawing coordinates are EMU relative to the frame; children are placed in the group's px box
    return sub.read_tree(tree, _Frame(sx=frame.sx, sy=frame.sy))


def _lay_out(
    reader: ShapeReader, rel_ids: etree._Element | None, dm_root: etree._Element, dm_part: str, data: dict, frame: Frame
):
    """A function (reason, outline) -> GroupNode when the diagram could be laid out, else None."""
    from ace_core.layout.measure import default_measurer
    from adapters.ooxml.read_shapes import Frame as _Frame
    from adapters.ooxml.read_shapes import ShapeReader as _Reader
    from adapters.ooxml.read_text import FontLayer, read_text_body
    from adapters.ooxml.smartart.engine import lay_out, layout_name

    scope = reader.scope
    node_id = data["id"]
    sub_scope = _sub_scope(scope, dm_part, node_id)
    sub = _Reader(sub_scope, reader.slide)

    def read_body(tx: etree._Element, font_ref: str) -> TextBody:
        layers: list = sub.text_chain(None, [], FontLayer(font_ref, None))
        lst = tx.find(qn("a:lstStyle"))
        if lst is not None:
            layers.append(lst)
        body_pr = tx.find(qn("a:bodyPr"))
        return read_text_body(tx, layers, [body_pr] if body_pr is not None else [], sub_scope, node_id)

    width = data["width"] / frame.sx if frame.sx else 0.0
    height = data["height"] / frame.sy if frame.sy else 0.0
    if width <= 0 or height <= 0:
        return None
    try:
        laid = lay_out(
            dm_root,
            _xml(scope, _part(scope, rel_ids, "lo")),
            _xml(scope, _part(scope, rel_ids, "qs")),
            _xml(scope, _part(scope, rel_ids, "cs")),
            width,
            height,
            scope.colors.color,
            read_body,
            default_measurer(),
        )
    except (RecursionError, ValueError, ZeroDivisionError, OverflowError):
        return None
    if laid.tree is None or laid.shapes == 0:
        return None
    children = sub.read_tree(laid.tree, _Frame(sx=frame.sx, sy=frame.sy))
    if not children:
        return None
    name = layout_name(laid.layout_id) or "unnamed"

    def finish(why: str, outline: list[tuple[int, str]]) -> GroupNode:
        data["meta"][cv.META_SMARTART] = dm_part
        data["meta"][cv.META_SMARTART_LAYOUT] = laid.layout_id
        notes = "; ".join(laid.notes)
        reason = (
            f"SmartArt '{name}' {why}: laid out by ACE from its data model and layout definition, so what is "
            "shown is ACE's own layout, not the author's drawing (shape boxes, text sizes and places approximate "
            "PowerPoint's and differ from other viewers')"
        )
        scope.loss("smartart", reason + (f" ({notes})" if notes else ""), node_id, severity="warning")
        if laid.missing:
            shown = ", ".join(repr(t[:40]) for _, t in laid.missing[:5])
            scope.loss(
                "smartart-text",
                f"{len(laid.missing)} of {laid.texts_total} texts of SmartArt '{name}' are not shown by its "
                f"layout and are listed below it: {shown}",
                node_id,
                severity="warning",
            )
            children.append(_outline_node(scope, node_id, data, laid.missing, below=True))
        return GroupNode(**data, children=children)

    return finish


def _stale_check(scope: Scope, node_id: str, dm_root: etree._Element | None, children: list) -> None:
    """A cached drawing that does not show the data model's text (a program edited the data and
    did not redraw) is read as it is, and the loss report says what it misses."""
    if dm_root is None:
        return
    shown = _squash(" ".join(_texts(children)))
    missing = [t for _, t in DataModel(dm_root).outline() if _squash(t) and _squash(t) not in shown]
    if missing:
        scope.loss(
            "smartart-text",
            f"the cached drawing of this SmartArt does not show {len(missing)} text(s) of its data model "
            f"(edited without redrawing): {', '.join(repr(t[:40]) for t in missing[:5])}",
            node_id,
            severity="warning",
        )


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text).casefold()


def _texts(nodes: list) -> list[str]:
    out: list[str] = []
    for node in nodes:
        text = getattr(node, "text", None)
        if text is not None:
            out.extend(r.text for p in text.paragraphs for r in p.runs)
        out.extend(_texts(getattr(node, "children", None) or []))
    return out


def _outline_node(
    scope: Scope, node_id: str, data: dict, outline: list[tuple[int, str]], below: bool = False
) -> TextNode:
    style = TextStyle(font_family=scope.theme.font("+mn-lt"), font_ref="+mn-lt", font_size=24.0 if not below else 16.0)
    paras = [
        Paragraph(
            runs=[Run(text=text)], style=style, level=min(depth, 8), margin_left=24.0 * depth, indent=0.0, align="LEFT"
        )
        for depth, text in outline
    ]
    height = data["height"] if not below else min(data["height"], 22.0 * max(1, len(paras)) + 10.0)
    return TextNode(
        id=scope.ctx.ids.claim(None, f"{node_id}.outline"),
        name="SmartArt text" if not below else "SmartArt text not laid out",
        y=data["height"] if below else 0.0,
        width=data["width"],
        height=height,
        text=TextBody(paragraphs=paras, autofit="SHRINK"),
        source=NodeSource(format="pptx", ref=data["source"].ref),
        meta={cv.META_KIND: "dgm:outline"},
    )


def _drawing_part(scope: Scope, rel_ids: etree._Element | None, data_root: etree._Element | None) -> str | None:
    pkg = scope.ctx.pkg
    if rel_ids is None:
        return None
    dm = pkg.rel(scope.part, rel_ids.get(qn("r:dm")))
    if dm is not None and not dm.external and data_root is not None:
        for ext in data_root.iter(qn("dsp:dataModelExt")):
            rel = pkg.rel(scope.part, ext.get("relId"))
            if rel is not None and not rel.external and pkg.exists(rel.target):
                return rel.target
    drawings = [r for r in pkg.related(scope.part, RT.DIAGRAM_DRAWING) if not r.external and pkg.exists(r.target)]
    if len(drawings) == 1:
        return drawings[0].target
    # several SmartArts on one slide and no explicit link: pair data and drawing by their number
    if dm is not None:
        digits = "".join(ch for ch in dm.target.rsplit("/", 1)[-1] if ch.isdigit())
        for r in drawings:
            if "".join(ch for ch in r.target.rsplit("/", 1)[-1] if ch.isdigit()) == digits:
                return r.target
    return None
