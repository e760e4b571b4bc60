"""SVG documents to VECTOR paths: shapes, fills, strokes and transforms (create_graphics).

Supported: path, rect, circle, ellipse, line, polyline, polygon inside nested <g>, with fill /
stroke / stroke-width / opacity from attributes, `style` and inheritance, and every transform
(matrix, translate, scale, rotate, skewX, skewY). Paths are rewritten in absolute coordinates
of the SVG's viewBox (arcs become cubic Béziers so that any transform is exact; the path parser
is the OOXML adapter's `adapters.ooxml.svgpath`). Gradients,
patterns, text, <use>, masks and filters are not drawn (reported as warnings)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from lxml import etree

from ace_core.color import Color
from ace_core.errors import ToolError
from ace_core.xml_safe import safe_xml_parser

__all__ = ["SvgShape", "parse_svg"]

Matrix = tuple[float, float, float, float, float, float]  # a b c d e f (SVG order)
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_NAMED = {
    "black": "#000000",
    "white": "#FFFFFF",
    "red": "#FF0000",
    "green": "#008000",
    "lime": "#00FF00",
    "blue": "#0000FF",
    "yellow": "#FFFF00",
    "cyan": "#00FFFF",
    "aqua": "#00FFFF",
    "magenta": "#FF00FF",
    "fuchsia": "#FF00FF",
    "gray": "#808080",
    "grey": "#808080",
    "silver": "#C0C0C0",
    "maroon": "#800000",
    "olive": "#808000",
    "navy": "#000080",
    "purple": "#800080",
    "teal": "#008080",
    "orange": "#FFA500",
    "pink": "#FFC0CB",
    "brown": "#A52A2A",
    "gold": "#FFD700",
    "indigo": "#4B0082",
    "violet": "#EE82EE",
}
_INHERITED = ("fill", "stroke", "stroke-width", "fill-opacity", "stroke-opacity", "fill-rule", "color")
_SKIPPED = {"text", "use", "image", "mask", "filter", "linearGradient", "radialGradient", "pattern", "clipPath"}


@dataclass
class SvgShape:
    """One drawable element: its path (absolute, viewBox units) and paint."""

    d: str
    fill: Color | None
    stroke: Color | None
    stroke_width: float
    fill_rule: str = "nonzero"
    opacity: float = 1.0


@dataclass
class SvgDoc:
    view_box: tuple[float, float, float, float]
    width: float
    height: float
    shapes: list[SvgShape] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def parse_svg(text: str) -> SvgDoc:
    parser = safe_xml_parser(remove_comments=True)
    try:
        root = etree.fromstring(text.strip().encode("utf-8"), parser)
    except etree.XMLSyntaxError as exc:
        raise ToolError(f"not a well-formed SVG document: {exc}", field="svg") from exc
    if _local(root.tag) != "svg":
        raise ToolError(f"the root element is <{_local(root.tag)}>, not <svg>", field="svg")
    vb = [float(v) for v in _NUM.findall(root.get("viewBox", ""))]
    w = _length(root.get("width"))
    h = _length(root.get("height"))
    if len(vb) != 4:
        vb = [0.0, 0.0, w or 100.0, h or 100.0]
    doc = SvgDoc(view_box=(vb[0], vb[1], vb[2], vb[3]), width=w or vb[2], height=h or vb[3])
    _walk(root, IDENTITY, {"fill": "#000000", "stroke": "none", "stroke-width": "1"}, 1.0, doc)
    if not doc.shapes:
        raise ToolError("the SVG has no drawable shape (path, rect, circle, ellipse, line, polygon)", field="svg")
    return doc


def _local(tag: object) -> str:
    return tag.split("}", 1)[1] if isinstance(tag, str) and "}" in tag else str(tag)


def _length(value: str | None) -> float | None:
    if not value:
        return None
    m = _NUM.match(value.strip())
    if not m or value.strip().endswith("%"):
        return None
    num = float(m.group(0))
    unit = value.strip()[m.end() :].strip()
    return num * {"pt": 4 / 3, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4, "pc": 16.0}.get(unit, 1.0)


def _styles(el: etree._Element, inherited: dict[str, str]) -> dict[str, str]:
    out = {k: v for k, v in inherited.items() if k in _INHERITED}
    for key in (*_INHERITED, "opacity"):
        if el.get(key) is not None:
            out[key] = el.get(key, "")
    for decl in (el.get("style") or "").split(";"):
        if ":" in decl:
            k, v = decl.split(":", 1)
            out[k.strip()] = v.strip()
    return out


def _color(value: str | None, current: str | None) -> Color | None:
    if value is None:
        return None
    v = value.strip().lower()
    if v in ("none", "transparent", ""):
        return None
    if v == "currentcolor":
        return _color(current or "#000000", None)
    if v in _NAMED:
        return Color.from_hex(_NAMED[v])
    m = re.match(r"rgba?\(([^)]*)\)", v)
    if m:
        parts = [p.strip() for p in m.group(1).split(",")]
        vals = [float(p[:-1]) * 2.55 if p.endswith("%") else float(p) for p in parts[:3]]
        a = float(parts[3]) if len(parts) > 3 else 1.0
        return Color.from_rgb255(*(max(0, min(255, round(x))) for x in vals), a=max(0.0, min(1.0, a)))
    if v.startswith("url("):
        return None
    try:
        return Color.from_hex(v)
    except ValueError:
        return None


def _walk(el: etree._Element, m: Matrix, inherited: dict[str, str], opacity: float, doc: SvgDoc) -> None:
    tag = _local(el.tag)
    if tag in _SKIPPED or tag in ("defs", "title", "desc", "metadata", "style"):
        if tag in _SKIPPED:
            doc.warnings.append(f"<{tag}> is not drawn")
        return
    styles = _styles(el, inherited)
    matrix = _mul(m, _transform(el.get("transform", ""))) if el.get("transform") else m
    op = opacity * float(styles.pop("opacity", "1") or 1)
    if tag in ("svg", "g", "a", "switch"):
        for child in el:
            if isinstance(child.tag, str):
                _walk(child, matrix, styles, op, doc)
        return
    d = _shape_path(tag, el)
    if d is None:
        return
    fill = _color(styles.get("fill"), styles.get("color"))
    if fill is not None and styles.get("fill-opacity"):
        fill = fill.with_alpha(fill.a * float(styles["fill-opacity"]))
    stroke = _color(styles.get("stroke"), styles.get("color"))
    if stroke is not None and styles.get("stroke-opacity"):
        stroke = stroke.with_alpha(stroke.a * float(styles["stroke-opacity"]))
    scale = math.sqrt(abs(matrix[0] * matrix[3] - matrix[1] * matrix[2])) or 1.0
    width = (_length(styles.get("stroke-width")) or 1.0) * scale
    if tag in ("line", "polyline"):
        fill = None if tag == "line" else fill
    path = _transform_path(d, matrix)
    if path:
        rule = "evenodd" if styles.get("fill-rule") == "evenodd" else "nonzero"
        doc.shapes.append(SvgShape(path, fill, stroke, width, rule, op))


def _shape_path(tag: str, el: etree._Element) -> str | None:
    def num(name: str, default: float = 0.0) -> float:
        return _length(el.get(name)) or default

    if tag == "path":
        return el.get("d")
    if tag == "rect":
        x, y, w, h = num("x"), num("y"), num("width"), num("height")
        if w <= 0 or h <= 0:
            return None
        rx, ry = _length(el.get("rx")), _length(el.get("ry"))
        rx = rx if rx is not None else ry or 0.0
        ry = ry if ry is not None else rx
        rx, ry = min(rx, w / 2), min(ry, h / 2)
        if rx <= 0:
            return f"M {x} {y} H {x + w} V {y + h} H {x} Z"
        return (
            f"M {x + rx} {y} H {x + w - rx} A {rx} {ry} 0 0 1 {x + w} {y + ry} V {y + h - ry} "
            f"A {rx} {ry} 0 0 1 {x + w - rx} {y + h} H {x + rx} A {rx} {ry} 0 0 1 {x} {y + h - ry} "
            f"V {y + ry} A {rx} {ry} 0 0 1 {x + rx} {y} Z"
        )
    if tag in ("circle", "ellipse"):
        cx, cy = num("cx"), num("cy")
        rx = num("r") if tag == "circle" else num("rx")
        ry = num("r") if tag == "circle" else num("ry")
        if rx <= 0 or ry <= 0:
            return None
        return f"M {cx - rx} {cy} A {rx} {ry} 0 1 0 {cx + rx} {cy} A {rx} {ry} 0 1 0 {cx - rx} {cy} Z"
    if tag == "line":
        return f"M {num('x1')} {num('y1')} L {num('x2')} {num('y2')}"
    if tag in ("polyline", "polygon"):
        pts = [float(v) for v in _NUM.findall(el.get("points", ""))]
        if len(pts) < 4:
            return None
        coords = " ".join(f"{pts[i]} {pts[i + 1]}" for i in range(0, len(pts) - 1, 2))
        return f"M {coords}" + (" Z" if tag == "polygon" else "")
    return None


# -- transforms ------------------------------------------------------------------------------------
def _mul(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def _transform(text: str) -> Matrix:
    out = IDENTITY
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text):
        v = [float(x) for x in _NUM.findall(args)]
        t = IDENTITY
        if name == "matrix" and len(v) == 6:
            t = (v[0], v[1], v[2], v[3], v[4], v[5])
        elif name == "translate" and v:
            t = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale" and v:
            t = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "rotate" and v:
            r = math.radians(v[0])
            cos, sin = math.cos(r), math.sin(r)
            t = (cos, sin, -sin, cos, 0, 0)
            if len(v) == 3:
                t = _mul(_mul((1, 0, 0, 1, v[1], v[2]), t), (1, 0, 0, 1, -v[1], -v[2]))
        elif name == "skewX" and v:
            t = (1, 0, math.tan(math.radians(v[0])), 1, 0, 0)
        elif name == "skewY" and v:
            t = (1, math.tan(math.radians(v[0])), 0, 1, 0, 0)
        out = _mul(out, t)
    return out


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _transform_path(d: str, m: Matrix) -> str:
    """Path data in absolute M / L / C / Q / Z commands (the OOXML adapter's parser: arcs become
    cubics) with every point transformed by `m`."""
    from adapters.ooxml.svgpath import parse_path

    try:
        commands = parse_path(d)
    except ValueError as exc:
        raise ToolError(f"bad path data: {exc}", field="svg") from exc
    parts = []
    for kind, points in commands:
        coords = " ".join(f"{px:.3f} {py:.3f}" for px, py in (_apply(m, x, y) for x, y in points))
        parts.append(f"{kind} {coords}".strip())
    return " ".join(parts)
