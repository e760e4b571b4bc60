"""Small constructors the handlers share: paints, strokes, fonts, text bodies, vector outlines."""

from __future__ import annotations

import math
import re
from typing import Any

from ace_core.color import Color
from ace_core.ir.semantic import TableCell
from ace_core.ir.style import GradientPaint, GradientStop, Paint, Point, SolidPaint, Stroke
from ace_core.ir.text import Paragraph, Run, TextBody, TextStyle

__all__ = [
    "font_style",
    "gradient_paint",
    "paint_color",
    "polygon_path",
    "solid",
    "star_path",
    "stroke",
    "text_body",
    "utf16_len",
]

_WEIGHTS = {
    "thin": 100,
    "hairline": 100,
    "extralight": 200,
    "ultralight": 200,
    "light": 300,
    "regular": 400,
    "normal": 400,
    "book": 400,
    "roman": 400,
    "medium": 500,
    "semibold": 600,
    "demibold": 600,
    "bold": 700,
    "extrabold": 800,
    "ultrabold": 800,
    "black": 900,
    "heavy": 900,
}


def font_style(style: str | None) -> tuple[int | None, bool | None]:
    """'Bold Italic' -> (700, True); 'Regular' -> (400, False); None -> (None, None).
    Unknown words raise ValueError listing the accepted ones."""
    if style is None:
        return None, None
    words = re.findall(r"[A-Za-z]+", style.lower().replace("semi bold", "semibold").replace("extra bold", "extrabold"))
    weight, italic = 400, False
    for word in words:
        if word in ("italic", "oblique"):
            italic = True
        elif word in _WEIGHTS:
            weight = _WEIGHTS[word]
        else:
            raise ValueError(f"unknown font style word {word!r} (use e.g. Regular, Bold, Italic, Light, SemiBold)")
    return weight, italic


def solid(color: Color) -> SolidPaint:
    return SolidPaint(color=color)


def paint_color(paint: Paint | None) -> Color | None:
    if paint is not None and paint.type == "SOLID":
        return paint.color
    return None


def stroke(color: Color, weight: float = 1.0, **extra: Any) -> Stroke:
    return Stroke(paint=SolidPaint(color=color), weight=weight, **extra)


def gradient_paint(stops: list[Any], kind: str = "LINEAR", angle: float = 0.0) -> GradientPaint:
    """A gradient from stop inputs; for LINEAR the handles follow `angle` (degrees clockwise from
    left->right) through the box centre; RADIAL/DIAMOND/ANGULAR grow from the centre."""
    rad = math.radians(angle)
    dx, dy = math.cos(rad) / 2, math.sin(rad) / 2
    if kind == "LINEAR":
        handles = [Point(x=0.5 - dx, y=0.5 - dy), Point(x=0.5 + dx, y=0.5 + dy), Point(x=0.5 - dy, y=0.5 + dx)]
    else:
        handles = [Point(x=0.5, y=0.5), Point(x=1.0, y=0.5), Point(x=0.5, y=1.0)]
    return GradientPaint(
        type=f"GRADIENT_{kind}",  # type: ignore[arg-type]
        stops=[GradientStop(position=s.position, color=s.color) for s in stops],
        handles=handles,
        angle=angle if kind == "LINEAR" else None,
    )


def text_body(text: str, style: TextStyle | None = None, *, align: str | None = None) -> TextBody:
    """One paragraph per '\\n'-separated line, one run each, `style` as the body style."""
    body = TextBody.from_text(text, style or TextStyle())
    if align is not None:
        body.align = align  # type: ignore[assignment]
    return body


def cell(text: str, style: TextStyle | None = None) -> TableCell:
    return TableCell(text=text_body(text, style))


def replace_text(body: TextBody, text: str) -> None:
    """New characters in a body, keeping the first run's style and the first paragraph's settings."""
    first_para = body.paragraphs[0] if body.paragraphs else Paragraph()
    first_run = next((r for p in body.paragraphs for r in p.runs), None)
    run_style = first_run.style if first_run is not None else TextStyle()
    paras = []
    for line in text.split("\n"):
        para = first_para.model_copy(deep=True)
        para.runs = [Run(text=line, style=run_style.model_copy())] if line else []
        paras.append(para)
    body.paragraphs = paras


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def polygon_path(n: int, w: float, h: float) -> str:
    """A regular n-gon inscribed in the w x h box, first vertex at the top centre."""
    pts = []
    for i in range(n):
        a = -math.pi / 2 + 2 * math.pi * i / n
        pts.append((w / 2 + w / 2 * math.cos(a), h / 2 + h / 2 * math.sin(a)))
    return _closed(pts)


def star_path(n: int, inner: float, w: float, h: float) -> str:
    """A star of n points inscribed in the box; inner = inner/outer radius ratio."""
    pts = []
    for i in range(2 * n):
        a = -math.pi / 2 + math.pi * i / n
        r = 1.0 if i % 2 == 0 else inner
        pts.append((w / 2 + r * w / 2 * math.cos(a), h / 2 + r * h / 2 * math.sin(a)))
    return _closed(pts)


def _closed(pts: list[tuple[float, float]]) -> str:
    head, *rest = pts
    parts = [f"M {head[0]:.3f} {head[1]:.3f}"] + [f"L {x:.3f} {y:.3f}" for x, y in rest]
    return " ".join(parts) + " Z"
