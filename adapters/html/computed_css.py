"""Chromium's computed CSS values -> IR values: colours (rgba() arrays), borders, radii, gradient
functions, box shadows, object-position, list-style types and the style of a text run. The
reverse direction (IR -> CSS) is adapters.html.css."""

from __future__ import annotations

import math
import re
from typing import Any

from ace_core.color import Color, css_color
from ace_core.ir.style import Effect, GradientPaint, GradientStop, Point, SolidPaint, Stroke
from ace_core.ir.text import TextStyle

__all__ = [
    "BULLET_CHARS",
    "LIST_SCHEMES",
    "border_radius",
    "border_stroke",
    "box_shadows",
    "css_gradient",
    "css_number",
    "object_position",
    "rgba_color",
    "run_style",
    "split_top",
]


LIST_SCHEMES = {
    "decimal": "arabicPeriod",
    "decimal-leading-zero": "arabicPeriod",
    "lower-alpha": "alphaLcPeriod",
    "lower-latin": "alphaLcPeriod",
    "upper-alpha": "alphaUcPeriod",
    "upper-latin": "alphaUcPeriod",
    "lower-roman": "romanLcPeriod",
    "upper-roman": "romanUcPeriod",
}
BULLET_CHARS = {"disc": "•", "circle": "◦", "square": "▪", "disclosure-closed": "▸", "disclosure-open": "▾"}


def rgba_color(c: list[float]) -> Color:
    r, g, b, a = c
    return Color(r=r / 255, g=g / 255, b=b / 255, a=max(0.0, min(1.0, a)))


def border_stroke(spec: dict[str, Any]) -> Stroke:
    w = spec["w"]
    dashes = {"dashed": [3 * w, 3 * w], "dotted": [w, w]}.get(spec["style"], [])
    return Stroke(paint=SolidPaint(color=rgba_color(spec["c"])), weight=w, align="INSIDE", dashes=dashes)


def border_radius(value: str, w: float, h: float) -> tuple[float, float]:
    parts = (value or "0").split()
    out = []
    for i, p in enumerate(parts[:2] or ["0"]):
        base = w if i == 0 else h
        out.append(float(p[:-1]) * base / 100 if p.endswith("%") else css_number(p))
    if len(out) == 1:
        out.append(out[0] if not parts[0].endswith("%") else float(parts[0][:-1]) * h / 100)
    return out[0], out[1]


def css_number(text: str) -> float:
    m = re.match(r"-?[\d.]+(?:e-?\d+)?", text.strip())
    return float(m.group(0)) if m else 0.0


def split_top(text: str) -> list[str]:
    """Split at commas outside parentheses."""
    parts, depth, cur = [], 0, []
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if cur:
        parts.append("".join(cur))
    return [p.strip() for p in parts if p.strip()]


_RGB = re.compile(r"rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)")
_SIDE_ANGLES = {"to top": 0, "to right": 90, "to bottom": 180, "to left": 270, "to top right": 45,
                "to right top": 45, "to bottom right": 135, "to right bottom": 135, "to bottom left": 225,
                "to left bottom": 225, "to top left": 315, "to left top": 315}  # fmt: skip


def css_gradient(layer: str, w: float, h: float) -> GradientPaint | None:
    kind = layer[: layer.index("(")]
    args = split_top(layer[layer.index("(") + 1 : layer.rindex(")")])
    if not args:
        return None
    angle = 180.0
    radial = kind.startswith("radial")
    center = (0.5, 0.5)
    first = args[0].strip()
    if not radial and (first.endswith(("deg", "turn", "rad", "grad")) or first.startswith("to ")):
        if first.startswith("to "):
            angle = float(_SIDE_ANGLES.get(" ".join(first.split()), 180))
        elif first.endswith("turn"):
            angle = float(first[:-4]) * 360
        elif first.endswith("grad"):
            angle = float(first[:-4]) * 0.9
        elif first.endswith("rad"):
            angle = math.degrees(float(first[:-3]))
        else:
            angle = float(first[:-3])
        args = args[1:]
    elif radial and not css_color(first.split(" ")[0]) and not first.startswith("rgb"):
        m = re.search(r"at\s+([\d.]+)%\s+([\d.]+)%", first)
        if m:
            center = (float(m.group(1)) / 100, float(m.group(2)) / 100)
        args = args[1:]
    stops: list[tuple[Color, float | None]] = []
    rad = math.radians(angle)
    length = abs(w * math.sin(rad)) + abs(h * math.cos(rad)) or 1.0
    for arg in args:
        m = _RGB.match(arg.strip()) or re.match(r"(#[0-9a-fA-F]{3,8}|transparent)", arg.strip())
        if not m:
            return None
        color = css_color(m.group(0))
        if color is None:
            return None
        rest = arg.strip()[m.end() :].split()
        pos: float | None = None
        if rest:
            p = rest[0]
            pos = float(p[:-1]) / 100 if p.endswith("%") else (css_number(p) / length if p.endswith("px") else None)
        stops.append((color, pos))
    if len(stops) < 2:
        return None
    positions = [p for _, p in stops]
    if positions[0] is None:
        positions[0] = 0.0
    if positions[-1] is None:
        positions[-1] = 1.0
    i = 0
    while i < len(positions):  # spread missing positions evenly between known ones
        if positions[i] is None:
            j = i
            while positions[j] is None:
                j += 1
            a, b = positions[i - 1], positions[j]
            for k in range(i, j):
                positions[k] = a + (b - a) * (k - i + 1) / (j - i + 1)  # type: ignore[operator]
            i = j
        i += 1
    gstops = [
        GradientStop(position=min(1.0, max(0.0, p or 0.0)), color=c) for (c, _), p in zip(stops, positions, strict=True)
    ]
    if radial:
        cx, cy = center
        return GradientPaint(
            type="GRADIENT_RADIAL",
            stops=gstops,
            handles=[Point(x=cx, y=cy), Point(x=cx + 0.5, y=cy), Point(x=cx, y=cy + 0.5)],
        )
    dx, dy = math.sin(rad) * length / 2, -math.cos(rad) * length / 2
    wn, hn = max(w, 1e-6), max(h, 1e-6)
    start = Point(x=round(0.5 - dx / wn, 5), y=round(0.5 - dy / hn, 5))
    end = Point(x=round(0.5 + dx / wn, 5), y=round(0.5 + dy / hn, 5))
    third = Point(x=round(start.x - dy / wn, 5), y=round(start.y + dx / hn, 5))
    return GradientPaint(stops=gstops, handles=[start, end, third], angle=round((angle - 90) % 360, 4))


def box_shadows(text: str | None) -> list[Effect]:
    if not text:
        return []
    effects = []
    for part in split_top(text):
        m = _RGB.search(part)
        color = css_color(m.group(0)) if m else Color(a=0.25)
        rest = (part[: m.start()] + part[m.end() :]) if m else part
        inset = "inset" in rest
        nums = [css_number(t) for t in rest.replace("inset", "").split()]
        nums += [0.0] * (4 - len(nums))
        if color is None or color.a <= 0:
            continue
        effects.append(
            Effect(
                type="INNER_SHADOW" if inset else "DROP_SHADOW",
                color=color,
                offset=Point(x=nums[0], y=nums[1]),
                radius=max(0.0, nums[2]),
                spread=nums[3],
            )
        )
    return effects[:1]


def object_position(text: str) -> tuple[float, float]:
    parts = (text or "50% 50%").split()
    out = []
    for p in [*parts, "50%"][:2]:
        out.append(float(p[:-1]) / 100 if p.endswith("%") else 0.5)
    return out[0], out[1]


_CASE = {"uppercase": "UPPER", "lowercase": "LOWER", "capitalize": "TITLE"}


def run_style(s: dict[str, Any], used_fonts: list[str] | None = None) -> TextStyle:
    """The run's style. Its family: the one the CSS stack resolved to when Chromium drew with it
    (other glyphs came from fallback fonts, as they will in any engine), else the most used one."""
    deco = "UNDERLINE" if s.get("underline") else "STRIKETHROUGH" if s.get("strike") else None
    baseline = {"super": 0.3, "sub": -0.25}.get(s.get("valign") or "")
    return TextStyle(
        font_family=(s.get("family") if not used_fonts or s.get("family") in used_fonts else used_fonts[0]),
        font_size=round(s["size"], 3) if s.get("size") else None,
        font_weight=max(1, min(1000, int(s.get("weight") or 400))),
        italic=bool(s.get("italic")) or None,
        decoration=deco,  # type: ignore[arg-type]
        text_case=_CASE.get(s.get("transform") or ""),  # type: ignore[arg-type]
        letter_spacing=round(s["spacing"], 3) if s.get("spacing") else None,
        fill=SolidPaint(color=rgba_color(s["color"])) if s.get("color") else None,
        hyperlink=s.get("href") if s.get("href", "") and not str(s.get("href")).startswith("javascript:") else None,
        baseline=baseline,
        effects=[e for e in box_shadows(s.get("shadow")) if e.type == "DROP_SHADOW"] or None,
    )
