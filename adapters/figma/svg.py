"""SVG drawings (ace_core.drawing charts and equations) as IR nodes the Figma writer can emit.

Handles what those drawings use: rect, line, path, circle, ellipse, polyline / polygon, text and
symbol / use (glyphs of an equation), with fill / stroke / opacity attributes, the root viewBox
scaled to the node's box. Transforms on groups are not applied (the drawings use none)."""

from __future__ import annotations

import re
from typing import Any, overload

from lxml import etree

from ace_core.color import Color, css_color
from ace_core.ir.nodes import EllipseNode, NodeBase, RectangleNode, TextNode, VectorNode, VectorPath
from ace_core.ir.style import GradientPaint, GradientStop, Point, Sides, SolidPaint, Stroke
from ace_core.ir.text import TextBody, TextStyle
from ace_core.xml_safe import safe_xml_parser
from adapters.figma.vectors import scale_path

__all__ = ["NUM", "local_name", "math_paths", "number", "svg_nodes", "svg_paint", "svg_style", "svg_text_node"]

_PARSER = safe_xml_parser(remove_comments=True)
NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_FIRST_FAMILY = re.compile(r"^\s*['\"]?([^,'\"]+)")
# the presentation properties the drawings and pictures use, passed from a group to its children
_INHERITED = (
    "fill",
    "fill-opacity",
    "fill-rule",
    "stroke",
    "stroke-width",
    "stroke-opacity",
    "opacity",
    "font-family",
    "font-size",
    "font-style",
    "font-weight",
    "text-anchor",
    "dominant-baseline",
)


@overload
def number(value: str | None, default: float) -> float: ...
@overload
def number(value: str | None, default: None = None) -> float | None: ...
def number(value: str | None, default: float | None = None) -> float | None:
    """The number an SVG value starts with ("12px" -> 12.0); `default` when it has none."""
    m = NUM.match((value or "").strip())
    return float(m.group(0)) if m else default


def _f(el: Any, name: str, default: float = 0.0) -> float:
    return number(str(el.get(name, "")), default)


def local_name(tag: Any) -> str:
    """An element's tag without its namespace ('' for comments and processing instructions)."""
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def svg_paint(value: str | None, opacity: float = 1.0) -> SolidPaint | None:
    """A fill / stroke value as a paint: None for none, a url() reference or nothing; a value no
    colour parser knows counts as not given (SVG's rule), so it is black."""
    value = (value or "").strip()
    if not value or value == "none" or value.startswith("url("):
        return None
    color = css_color(value) or Color()
    return SolidPaint(color=color.with_alpha(1.0), opacity=max(0.0, min(1.0, opacity * color.a)))


def svg_style(el: Any, inherited: dict[str, str]) -> dict[str, str]:
    """The presentation properties in force on `el`: its parent's, then its own attributes, then
    its style="" declarations (which win over attributes, as in SVG)."""
    out = dict(inherited)
    for key in _INHERITED:
        if el.get(key) is not None:
            out[key] = el.get(key)
    for decl in (el.get("style") or "").split(";"):
        key, _, value = decl.partition(":")
        if key.strip() in _INHERITED and value.strip():
            out[key.strip()] = value.strip()
    return out


def _gradients(root: Any) -> dict[str, GradientPaint]:
    """The drawing's <linearGradient>s (the charts' gradient fills) by id, as IR gradients: the
    x1 / y1 / x2 / y2 of their default object-box units are the handles' start and end."""
    out: dict[str, GradientPaint] = {}
    for el in root.iter():
        if local_name(el.tag) != "linearGradient" or not el.get("id"):
            continue
        stops = []
        for stop in el:
            color = css_color(stop.get("stop-color")) if local_name(stop.tag) == "stop" else None
            if color is not None:
                alpha = color.a * number(stop.get("stop-opacity"), 1.0)
                offset = max(0.0, min(1.0, number(stop.get("offset"), 0.0)))
                stops.append(GradientStop(position=offset, color=color.with_alpha(max(0.0, min(1.0, alpha)))))
        if len(stops) < 2:
            continue
        x1, y1, x2, y2 = (number(el.get(k), d) for k, d in (("x1", 0.0), ("y1", 0.0), ("x2", 1.0), ("y2", 0.0)))
        width = Point(x=x1 - (y2 - y1) / 2, y=y1 + (x2 - x1) / 2)  # Figma's width handle, across the axis
        out[el.get("id")] = GradientPaint(stops=stops, handles=[Point(x=x1, y=y1), Point(x=x2, y=y2), width])
    return out


def _fill(value: str | None, opacity: float, gradients: dict[str, GradientPaint]) -> Any:
    ref = (value or "").strip()
    if ref.startswith("url(#") and ref.endswith(")"):
        grad = gradients.get(ref[5:-1].strip("'\""))
        return grad.model_copy(update={"opacity": max(0.0, min(1.0, opacity))}) if grad is not None else None
    return svg_paint(value, opacity)


def _fills_strokes(
    st: dict[str, str], scale: float, gradients: dict[str, GradientPaint] | None = None
) -> tuple[list[Any], list[Stroke]]:
    opacity = number(st.get("opacity"), 1.0)
    fill = _fill(st.get("fill", "#000000"), number(st.get("fill-opacity"), 1.0) * opacity, gradients or {})
    stroke = svg_paint(st.get("stroke"), number(st.get("stroke-opacity"), 1.0) * opacity)
    strokes = [Stroke(paint=stroke, weight=number(st.get("stroke-width"), 1.0) * scale)] if stroke else []
    return ([fill] if fill else []), strokes


def _parse(svg: str) -> tuple[Any, tuple[float, float, float, float]]:
    root = etree.fromstring(svg.encode("utf-8"), _PARSER)
    box = [float(v) for v in NUM.findall(root.get("viewBox", ""))]
    if len(box) != 4:
        box = [0.0, 0.0, _f(root, "width", 1.0), _f(root, "height", 1.0)]
    return root, (box[0], box[1], box[2] or 1.0, box[3] or 1.0)


def svg_nodes(svg: str, width: float, height: float, prefix: str) -> list[NodeBase]:
    """The drawing's elements as IR nodes in a width x height box (ids `<prefix>:<n>`)."""
    root, (vx, vy, vw, vh) = _parse(svg)
    sx, sy = width / vw, height / vh
    scale = (abs(sx) + abs(sy)) / 2
    gradients = _gradients(root)
    out: list[NodeBase] = []

    def ident() -> str:
        return f"{prefix}:{len(out) + 1}"

    def walk(el: Any, inherited: dict[str, str]) -> None:
        for child in el:
            tag = local_name(child.tag)
            st = svg_style(child, inherited)
            fills, strokes = _fills_strokes(st, scale, gradients)
            if tag == "g":
                walk(child, st)
            elif tag == "rect":
                x, y = (_f(child, "x") - vx) * sx, (_f(child, "y") - vy) * sy
                w, h = _f(child, "width") * sx, _f(child, "height") * sy
                out.append(
                    RectangleNode(
                        id=ident(),
                        x=x,
                        y=y,
                        width=max(w, 0.0),
                        height=max(h, 0.0),
                        fills=fills,
                        strokes=strokes,
                        corner_radius=max(0.0, _f(child, "rx") * scale),
                    )
                )
            elif tag in ("circle", "ellipse"):
                rx = _f(child, "r") if tag == "circle" else _f(child, "rx")
                ry = _f(child, "r") if tag == "circle" else _f(child, "ry")
                cx, cy = (_f(child, "cx") - vx) * sx, (_f(child, "cy") - vy) * sy
                out.append(
                    EllipseNode(
                        id=ident(),
                        x=cx - rx * sx,
                        y=cy - ry * sy,
                        width=2 * rx * sx,
                        height=2 * ry * sy,
                        fills=fills,
                        strokes=strokes,
                    )
                )
            elif tag in ("line", "polyline", "polygon", "path"):
                if tag == "line":
                    d = f"M{_f(child, 'x1')} {_f(child, 'y1')}L{_f(child, 'x2')} {_f(child, 'y2')}"
                    fills = []
                elif tag == "path":
                    d = child.get("d", "")
                else:
                    pts = NUM.findall(child.get("points", ""))
                    pairs = [f"{pts[i]} {pts[i + 1]}" for i in range(0, len(pts) - 1, 2)]
                    d = ("M" + "L".join(pairs) + ("Z" if tag == "polygon" else "")) if pairs else ""
                if not d:
                    continue
                rule = "evenodd" if st.get("fill-rule") == "evenodd" else "nonzero"
                path = VectorPath(d=scale_path(d, sx, sy, -vx, -vy), fill_rule=rule, filled=bool(fills))
                out.append(
                    VectorNode(id=ident(), width=width, height=height, paths=[path], fills=fills, strokes=strokes)
                )
            elif tag == "text":
                out.append(svg_text_node(child, st, fills, ident(), (vx, vy, sx, sy), scale))

    walk(root, svg_style(root, {}))  # the root's presentation attributes (font-family...) are inherited too
    return out


def svg_text_node(
    el: Any, st: dict[str, str], fills: list[Any], ident: str, view: tuple[float, ...], scale: float
) -> TextNode:
    """A <text> (or a positioned <tspan>) at its x / y as a TEXT node that hugs its text: `st` its
    inherited presentation attributes, `view` the viewBox origin and scale."""
    vx, vy, sx, sy = view
    content = "".join(el.itertext())
    size = number(st.get("font-size"), 16.0) * scale
    family = _FIRST_FAMILY.match(st.get("font-family", "") or "")
    w, h = max(1.0, len(content) * size * 0.55), size * 1.2
    x, y = (_f(el, "x") - vx) * sx, (_f(el, "y") - vy) * sy
    anchor = st.get("text-anchor", "start")
    x -= w / 2 if anchor == "middle" else w if anchor == "end" else 0.0
    baseline = st.get("dominant-baseline", "")
    y -= h / 2 if baseline in ("central", "middle") else size * 0.9
    align = {"middle": "CENTER", "end": "RIGHT"}.get(anchor, "LEFT")
    style = TextStyle(
        font_family=family.group(1).strip() if family else None,
        font_size=size,
        font_weight=700 if st.get("font-weight") in ("bold", "700") else None,
        fill=fills[0] if fills else None,
    )
    body = TextBody.from_text(content, style)
    body.align, body.auto_resize, body.insets, body.wrap = align, "WIDTH_AND_HEIGHT", Sides(), False
    return TextNode(id=ident, x=x, y=y, width=w, height=h, text=body, sizing_h="HUG", sizing_v="HUG")


def math_paths(svg: str, width: float, height: float) -> list[VectorPath]:
    """Every glyph (symbol / use) and rule (rect) of an equation SVG as paths in a width x height box."""
    root, (vx, vy, vw, vh) = _parse(svg)
    sx, sy = width / vw, height / vh
    symbols = {el.get("id"): el for el in root.iter() if local_name(el.tag) == "symbol"}
    paths: list[VectorPath] = []
    for el in root.iter():
        tag = local_name(el.tag)
        if tag == "use":
            ref = (el.get("href") or el.get("{http://www.w3.org/1999/xlink}href") or "").lstrip("#")
            sym = symbols.get(ref)
            if sym is None:
                continue
            box = [float(v) for v in NUM.findall(sym.get("viewBox", ""))]
            if len(box) != 4 or not box[2] or not box[3]:
                continue
            uw, uh = _f(el, "width", box[2]), _f(el, "height", box[3])
            k = min(uw / box[2], uh / box[3])  # preserveAspectRatio xMidYMid meet
            ox = _f(el, "x") + (uw - box[2] * k) / 2
            oy = _f(el, "y") + (uh - box[3] * k) / 2
            for p in sym.iter():
                if local_name(p.tag) == "path" and p.get("d"):
                    glyph = scale_path(p.get("d"), k, k, -box[0] + ox / k, -box[1] + oy / k)
                    paths.append(VectorPath(d=scale_path(glyph, sx, sy, -vx, -vy)))
        elif tag == "rect" and el.getparent() is not None and local_name(el.getparent().tag) != "symbol":
            x, y, w, h = _f(el, "x"), _f(el, "y"), _f(el, "width"), _f(el, "height")
            d = f"M{x} {y}L{x + w} {y}L{x + w} {y + h}L{x} {y + h}Z"
            paths.append(VectorPath(d=scale_path(d, sx, sy, -vx, -vy)))
        elif tag == "path" and local_name(el.getparent().tag) not in ("symbol",) and el.get("d"):
            paths.append(VectorPath(d=scale_path(el.get("d"), sx, sy, -vx, -vy)))
    return paths
