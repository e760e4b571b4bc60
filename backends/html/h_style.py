"""HTML style tools: background-color, outline, border-radius, opacity and display in the inline CSS
(with the matching data-ir field where the reader takes it from there), run colours, and
recolouring every colour of a subtree (CSS, inline SVG attributes and data-ir alike). A node drawn
as inline SVG, or a paint CSS cannot show, is re-rendered from its edited IR (h_regen)."""

from __future__ import annotations

import re
from typing import Any

from lxml import etree

from ace_core.color import Color, css_color
from ace_core.errors import ToolError
from ace_core.ir.deck import Slide
from adapters.html.css import color_css, css_simple_stroke, outline_decls
from adapters.html.schema import A_TYPE, px
from backends.html.doc import HtmlDoc, get_ir, get_style, set_ir, set_style, update_style
from backends.html.h_regen import regen
from backends.html.h_text import recolour_runs, text_container
from backends.html.regen import element_ir
from backends.native import Handlers, NCtx

table = Handlers()

_CSS_DRAWN = ("RECTANGLE", "ELLIPSE", "FRAME", "TEXT", "IMAGE")


def css_drawn(el: etree._Element) -> bool:
    """True when the node's surface is CSS (background / outline), not an inline SVG shape."""
    if el.get(A_TYPE) not in _CSS_DRAWN:
        return False
    return not any(isinstance(c.tag, str) and c.tag == "svg" and "geo" in (c.get("class") or "") for c in el)


def _color(p: Any) -> Color:
    if p.color is not None:
        return p.color
    return Color(r=p.r, g=p.g, b=p.b, a=1.0 if p.a is None else p.a)


def _edited(ctx: NCtx, node_id: str) -> tuple[etree._Element, Any]:
    """The element and its IR after the scene-graph handler of this call ran on a copy of it."""
    doc: HtmlDoc = ctx.doc
    sid, el = doc.find(node_id)
    node = element_ir(doc, el)
    state, result = ctx.backend.build(doc, ctx.tool, dict(ctx.args), slides=[Slide(id=sid, children=[node])])
    for w in result.get("warnings", []):
        ctx.warn(w)
    return el, state.nodes[node_id]


def _set_fields(el: etree._Element, node: Any, fields: tuple[str, ...]) -> None:
    data = get_ir(el)
    dumped = node.model_dump(mode="json", include=set(fields), exclude_defaults=True)
    for f in fields:
        if f in dumped:
            data[f] = dumped[f]
        else:
            data.pop(f, None)
    set_ir(el, data)


@table.bind("set_fill_color")
def set_fill_color(ctx: NCtx, p: Any) -> dict[str, Any]:
    doc: HtmlDoc = ctx.doc
    _, el = doc.find(p.nodeId)
    color = _color(p)
    kind = el.get(A_TYPE)
    if kind == "TEXT":
        box = text_container(el)
        if box is None:
            raise ToolError(f"{p.nodeId!r} has no text", field="nodeId")
        recolour_runs(box, color_css(color))
        ctx.touch(p.nodeId)
        return {"target": "text"}
    fills = [f for f in get_ir(el).get("fills", []) if f.get("visible", True) and f.get("opacity", 1.0) > 0]
    plain = len(fills) <= 1 and all(f.get("type") == "SOLID" for f in fills)
    if css_drawn(el) and plain and kind != "IMAGE":
        style = get_style(el)
        for prop in ("background-image", "background-size", "background-position", "background-repeat"):
            style.pop(prop, None)
        style["background-color"] = color_css(color)
        set_style(el, style)
        ctx.touch(p.nodeId)
        return {"target": "fills"}
    out = regen(ctx)
    return {**out, "target": "fills"}


@table.bind("set_stroke")
def set_stroke(ctx: NCtx, p: Any) -> dict[str, Any] | None:
    """outline / outline-offset and data-ir strokes; dashed or non-solid strokes, and shapes drawn
    as SVG, re-render the element."""
    el, node = _edited(ctx, p.nodeId)
    stroke = css_simple_stroke(node.strokes)
    if not css_drawn(el) or stroke is False or (p.individualWeights is not None):
        from backends.html.regen import replace_with

        replace_with(ctx.doc, el, node)
        ctx.touch(p.nodeId)
        return None
    style = get_style(el)
    style.pop("outline", None)
    style.pop("outline-offset", None)
    if stroke is not None:
        style.update(dict(outline_decls(stroke)))  # type: ignore[arg-type]
    set_style(el, style)
    _set_fields(el, node, ("strokes", "stroke_weights"))
    ctx.touch(p.nodeId)
    return None


@table.bind("set_corner_radius")
def set_corner_radius(ctx: NCtx, p: Any) -> None:
    el, node = _edited(ctx, p.nodeId)
    if not css_drawn(el):
        from backends.html.regen import replace_with

        replace_with(ctx.doc, el, node)
        ctx.touch(p.nodeId)
        return
    radii = getattr(node, "corner_radii", None)
    radius = getattr(node, "corner_radius", 0.0)
    value = " ".join(px(r) for r in radii) if radii else (px(radius) if radius else None)
    update_style(el, border_radius=value)
    _set_fields(el, node, ("corner_radius", "corner_radii"))
    ctx.touch(p.nodeId)


@table.bind("set_opacity")
def set_opacity(ctx: NCtx, p: Any) -> None:
    _, el = ctx.doc.find(p.nodeId)
    update_style(el, opacity=None if p.opacity >= 1 else f"{round(p.opacity, 4):g}")
    ctx.touch(p.nodeId)


@table.bind("set_visibility")
def set_visibility(ctx: NCtx, p: Any) -> dict[str, Any] | None:
    doc: HtmlDoc = ctx.doc
    els = [doc.find(nid, f"nodeIds[{i}]")[1] for i, nid in enumerate(p.nodeIds)]
    if p.visible:  # showing restores the display the content needs (flex text, frames): re-render
        return regen(ctx)
    for nid, el in zip(p.nodeIds, els, strict=True):
        if p.visible is False:
            update_style(el, display="none")
        if p.locked is not None:
            data = get_ir(el)
            if p.locked:
                data["locked"] = True
            else:
                data.pop("locked", None)
            set_ir(el, data)
        ctx.touch(nid)
        doc.flow_dirty.add(nid)
    return None


# -- replace_color ---------------------------------------------------------------------------------
_HEX = re.compile(r"#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")
_RGB = re.compile(r"rgba?\(\s*[\d.]+\s*,\s*[\d.]+\s*,\s*[\d.]+\s*(?:,\s*[\d.]+%?\s*)?\)")


class _Recolor:
    def __init__(self, src: Color, dst: Color, tol: float) -> None:
        self.src, self.dst, self.tol = src, dst, tol
        self.ir_count = 0
        self.css = 0

    def near(self, c: Color) -> bool:
        return max(abs(c.r - self.src.r), abs(c.g - self.src.g), abs(c.b - self.src.b)) <= self.tol + 1e-9

    def css_text(self, text: str) -> str:
        def swap(m: re.Match[str]) -> str:
            c = css_color(m.group(0))
            if c is None or not self.near(c):
                return m.group(0)
            self.css += 1
            return color_css(Color(r=self.dst.r, g=self.dst.g, b=self.dst.b, a=c.a))

        return _RGB.sub(swap, _HEX.sub(swap, text))

    def ir(self, value: Any, role: str, targets: str) -> Any:
        """Colours ({r, g, b[, a]}) inside data-ir JSON; `role` from the enclosing key."""
        if isinstance(value, dict):
            if {"r", "g", "b"} & set(value) and set(value) <= {"r", "g", "b", "a", "ref"}:
                if targets != "all" and role != targets:
                    return value
                c = Color.model_validate({k: v for k, v in value.items() if k != "ref"})
                if self.near(c):
                    self.ir_count += 1
                    return Color(r=self.dst.r, g=self.dst.g, b=self.dst.b, a=c.a).model_dump(
                        mode="json", exclude_defaults=True
                    )
                return value
            out = {}
            for k, v in value.items():
                sub_role = role
                if k in ("strokes", "borders", "line"):
                    sub_role = "strokes"
                elif k in ("text", "style", "runs", "paragraphs"):
                    sub_role = "text" if role != "strokes" else role
                elif k in ("fills", "background", "fill", "point_fills"):
                    sub_role = "text" if role == "text" else "fills"
                out[k] = self.ir(v, sub_role, targets)
            return out
        if isinstance(value, list):
            return [self.ir(v, role, targets) for v in value]
        return value


_CSS_ROLES = {
    "color": "text",
    "background-color": "fills",
    "background-image": "fills",
    "background": "fills",
    "outline": "strokes",
    "border": "strokes",
    "box-shadow": "fills",
}
_SVG_ROLES = {"fill": "fills", "stroke": "strokes", "stop-color": "fills", "flood-color": "fills"}


@table.bind("replace_color")
def replace_color(ctx: NCtx, p: Any) -> dict[str, Any]:
    """Every colour under the scope within `tolerance` of fromColor becomes toColor, alpha kept:
    inline CSS, SVG fill / stroke / stop-color attributes and the data-ir JSON (a slide scope
    includes its background)."""
    doc: HtmlDoc = ctx.doc
    scope = p.scopeNodeId
    if scope is None or any(s.get("data-slide-id") == scope for s in doc.slide_elements()):
        _, root = doc.slide(scope, "scopeNodeId")
    else:
        _, root = doc.find(scope, "scopeNodeId")
    rc = _Recolor(p.fromColor, p.toColor, p.tolerance)
    touched: list[str] = []
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        before = (rc.ir_count, rc.css)
        style = get_style(el)
        if style:
            changed = False
            for prop, value in style.items():
                role = _CSS_ROLES.get(prop)
                if role is None or (p.targets != "all" and role != p.targets):
                    continue
                new = rc.css_text(value)
                if new != value:
                    style[prop] = new
                    changed = True
            if changed:
                set_style(el, style)
        for attr, role in _SVG_ROLES.items():
            value = el.get(attr)
            if value and (p.targets == "all" or role == p.targets):
                new = rc.css_text(value)
                if new != value:
                    el.set(attr, new)
        if el.get("data-ir"):
            data = get_ir(el)
            role = "text" if el.tag in ("span", "a", "p") else "fills"
            new_data = rc.ir(data, role, p.targets)
            if new_data != data:
                set_ir(el, new_data)
        if (rc.ir_count, rc.css) != before:
            owner = el
            while owner is not None and owner.get("data-id") is None and owner.get("data-slide-id") is None:
                owner = owner.getparent()
            if owner is not None and owner.get("data-id") and owner.get("data-id") not in touched:
                touched.append(owner.get("data-id"))
    for nid in touched:
        ctx.touch(nid)
    if not rc.ir_count and not rc.css:
        ctx.warn("no colour matched fromColor within the tolerance")
    return {"replaced": rc.ir_count, "css_replaced": rc.css}


HANDLERS = table.handlers
