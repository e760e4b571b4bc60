"""The marks charts are drawn with, as SVG text: the look a chart is drawn in (text size, colour,
palette), paths, lines, text, markers, data-label lines and series colours. Lengths in px."""

from __future__ import annotations

import hashlib
from contextvars import ContextVar
from dataclasses import dataclass, field
from html import escape

from ace_core.color import Color
from ace_core.drawing.chart_look import text_look
from ace_core.ir.semantic import ChartData, ChartSeries
from ace_core.ir.style import GradientPaint, Paint, SolidPaint, Stroke
from ace_core.layout.fonts import FontFace

PALETTE = ["#4472c4", "#ed7d31", "#a5a5a5", "#ffc000", "#5b9bd5", "#70ad47", "#264478", "#9e480e", "#636363"]

_TEXT = "#000000"

_GRID = "#c8c8c8"

_AXIS = "#bfbfbf"

TICK_SIZE = 24.0  # 18 pt: PowerPoint's default chart text size

TITLE_SIZE = 28.8  # 1.2 x the text size, bold


@dataclass
class _Look:
    """Text size (px), colour and palette a chart is drawn with."""

    size: float = TICK_SIZE
    title_size: float = TITLE_SIZE
    color: str = _TEXT
    palette: tuple[str, ...] = tuple(PALETTE)
    width: float = 0.0  # the whole chart's box, px (for a manual plot-area layout)
    height: float = 0.0
    face: FontFace | None = None  # the face the chart's text is drawn in (widths), when installed
    bold_face: FontFace | None = None  # its bold (a title's widths)
    line: float = 1.2  # the text face's ascent + descent over its size (a tick label's height, as VCL measures it)
    defs: dict[str, str] = field(default_factory=dict)  # gradients the marks refer to, by id


def _f(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _color(paint: Paint | None, fallback: str) -> tuple[str, float]:
    if isinstance(paint, SolidPaint) and paint.visible:
        return paint.color.hex.lower(), paint.color.a * paint.opacity
    if paint is not None and paint.type == "GRADIENT_LINEAR" and paint.stops:  # type: ignore[union-attr]
        c: Color = paint.stops[0].color  # type: ignore[union-attr]
        return c.hex.lower(), c.a
    return fallback, 1.0


_LOOK: ContextVar[_Look] = ContextVar("chart_look")


def _look() -> _Look:
    return _LOOK.get(_Look())


def _pal(i: int) -> str:
    pal = _look().palette
    return pal[i % len(pal)]


def _fill_attr(color: str, alpha: float) -> str:
    return f'fill="{color}"' + (f' fill-opacity="{_f(alpha)}"' if alpha < 0.999 else "")


def _poly(points: list[tuple[float, float]], close: bool = True) -> str:
    return "M" + "L".join(f"{_f(x)} {_f(y)}" for x, y in points) + ("Z" if close else "")


def _square(x: float, y: float, side: float, fill: str) -> str:
    return f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(side)}" height="{_f(side)}" {fill}/>'


def _circle_d(cx: float, cy: float, r: float, sweep: int = 1) -> str:
    return (
        f"M{_f(cx + r)} {_f(cy)}A{_f(r)} {_f(r)} 0 1 {sweep} {_f(cx - r)} {_f(cy)}"
        f"A{_f(r)} {_f(r)} 0 1 {sweep} {_f(cx + r)} {_f(cy)}Z"
    )


def _line(x1: float, y1: float, x2: float, y2: float, color: str = _GRID, width: float = 0.75) -> str:
    return (
        f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" stroke="{color}" stroke-width="{_f(width)}"/>'
    )


def _text_w(text: str, size: float, bold: bool = False) -> float:
    """The width of a line of chart text: the chart face's (or its bold's) advances when it is
    installed, else 0.55 em a character (1 em for CJK)."""
    look = _look()
    face = (look.bold_face or look.face) if bold else look.face
    if face is None:
        return sum(size * (1.0 if ord(ch) > 0x2E80 else 0.55) for ch in text)
    total = 0.0
    for ch in text:
        adv = face.advance(ch)
        total += size * (adv / face.upm if adv is not None else (1.0 if ord(ch) > 0x2E80 else 0.55))
    return total


def wrap_text(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """`text` broken into lines no wider than `width`: at its line breaks, at spaces, and a word
    wider than the width between its letters (as LibreOffice wraps chart text that has a
    maximum width)."""
    if "\n" in text:
        return [line for part in text.split("\n") for line in wrap_text(part, size, width, bold)]
    lines: list[str] = []
    for word in text.split(" "):
        if lines and _text_w(lines[-1] + " " + word, size, bold) <= width:
            lines[-1] += " " + word
            continue
        piece = ""
        for ch in word:
            if piece and _text_w(piece + ch, size, bold) > width:
                lines.append(piece)
                piece = ""
            piece += ch
        lines.append(piece)
    return lines or [text]


def _grid_line(x1: float, y1: float, x2: float, y2: float, look: tuple[str, float] | None) -> str:
    """A gridline or axis line in its own look (colour, width); nothing when it is hidden."""
    return _line(x1, y1, x2, y2, look[0], look[1]) if look is not None else ""


def _text(
    x: float, y: float, text: str, size: float, anchor: str = "middle", color: str | None = None, extra: str = ""
) -> str:
    return (
        f'<text x="{_f(x)}" y="{_f(y)}" font-size="{_f(size)}" fill="{color or _look().color}" text-anchor="{anchor}"'
        f' dominant-baseline="central"{extra}>{escape(text, quote=False)}</text>'
    )


@dataclass
class _Box:
    x: float
    y: float
    w: float
    h: float


_MIN_PLOT = 4.0  # px: the least plot area a chart is drawn with


def squeezed_plot(plot: _Box, losses: list[str] | None) -> _Box:
    """The plot area to draw: `plot`, or, when the chart's text (title, legend, tick labels)
    leaves it less than 4 px either way, a 4 px one at the same place (LibreOffice still draws
    the axes, labels and marks of such a chart, squeezed), with a loss saying so."""
    if plot.w > _MIN_PLOT and plot.h > _MIN_PLOT:
        return plot
    if losses is not None:
        losses.append(
            f"chart too small for its text: its title, legend and tick labels leave the plot area "
            f"{max(plot.w, 0.0):.0f} x {max(plot.h, 0.0):.0f} px; it is drawn {_MIN_PLOT:.0f} px at the least"
        )
    return _Box(plot.x, plot.y, max(plot.w, _MIN_PLOT), max(plot.h, _MIN_PLOT))


_FILLED = ("bar", "column", "area", "pie", "doughnut", "bubble")


def _gradient(paint: Paint | None) -> tuple[str, float] | None:
    """A linear gradient as a fill: ('url(#id)', opacity), its <linearGradient> kept in the look's
    defs (the id is the gradient's digest, so equal gradients of several charts on a page agree)."""
    if not isinstance(paint, GradientPaint) or paint.type != "GRADIENT_LINEAR" or len(paint.stops) < 2:
        return None
    if not paint.visible:
        return None
    (x1, y1), (x2, y2) = (paint.handles[0].x, paint.handles[0].y), (paint.handles[1].x, paint.handles[1].y)
    stops = "".join(
        f'<stop offset="{_f(st.position)}" stop-color="{st.color.hex.lower()}"'
        + (f' stop-opacity="{_f(st.color.a)}"' if st.color.a < 0.999 else "")
        + "/>"
        for st in paint.stops
    )
    body = f'x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}">{stops}'
    gid = "acg" + hashlib.sha1(body.encode()).hexdigest()[:12]
    _look().defs.setdefault(gid, f'<linearGradient id="{gid}" {body}</linearGradient>')
    return f"url(#{gid})", paint.opacity


def _fill_of(paint: Paint | None, fallback: str) -> tuple[str, float]:
    """The colour an area is filled with: a gradient when the paint is one, else _color's."""
    return _gradient(paint) or _color(paint, fallback)


def _style(items: list | None, i: int):  # a Paint or a Stroke
    return items[i] if items and i < len(items) else None


def _series_colors(chart: ChartData) -> list[tuple[str, float]]:
    """Each series' colour: its own fill, else its own line's, else the chart style's, else the
    palette's. A filled series (bars, areas, bubbles) shows a gradient as one."""
    out = []
    for i, s in enumerate(chart.series):
        kind = s.chart_type or chart.chart_type
        filled = kind in _FILLED or (kind == "radar" and chart.radar_style == "filled")
        line: Stroke | None = _style(chart.style_lines, i)
        auto = _style(chart.style_fills, i) if filled else (line.paint if line else None)
        own = s.fill or (s.line.paint if s.line else None)
        paint = own or auto
        out.append(_fill_of(paint, _pal(i)) if filled else _color(paint, _pal(i)))
    return out


def _line_width(chart: ChartData, si: int, default: float = 2.25) -> float:
    """A line series' width (px): its own line's, else the chart style's, else `default`."""
    s = chart.series[si]
    if s.line is not None:
        return s.line.weight
    line = _style(chart.style_lines, si)
    return line.weight if line is not None else default


def _point_color(chart: ChartData, s: ChartSeries, i: int) -> tuple[str, float]:
    """Point i's colour (a pie slice, a bar of a chart that varies colours): its own fill, else
    the chart style's for the point, else the palette's."""
    pf = s.point_fills[i] if s.point_fills and i < len(s.point_fills) else None
    return _fill_of(pf or _style(chart.style_fills, i), _pal(i))


def _own_label(s: ChartSeries, i: int) -> str | None:
    """Point i's own label text (a label range's cell, a label's rich text), '' when hidden, else None."""
    return s.label_texts[i] if s.label_texts and i < len(s.label_texts) else None


def _label_lines(x: float, y: float, text: str, size: float, anchor: str, color: str | None) -> list[str]:
    """A data label of one or more lines, centred on y."""
    lines = text.split("\n")
    top = y - (len(lines) - 1) * size * 0.6
    return [_text(x, top + k * size * 1.2, line, size, anchor, color=color) for k, line in enumerate(lines)]


def _label_look(chart: ChartData) -> tuple[float, str | None]:
    """(size px, colour) of the data labels: their own style's, else the chart text's."""
    look = _look()
    style = chart.data_labels.text_style if chart.data_labels else None
    size, color = text_look(style, look.size, look.color)
    return size, color


def _marker_r(s: ChartSeries) -> float:
    """A marker's radius (px): half its c:marker size (pt), else 3.5 px."""
    return s.marker_size * 4 / 6 if s.marker_size else 3.5


def _smooth_path(pts: list[tuple[float, float]]) -> str:
    d = f"M{_f(pts[0][0])} {_f(pts[0][1])}"
    for i in range(len(pts) - 1):
        p0 = pts[i - 1] if i > 0 else pts[i]
        p1, p2 = pts[i], pts[i + 1]
        p3 = pts[i + 2] if i + 2 < len(pts) else p2
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        d += f"C{_f(c1[0])} {_f(c1[1])} {_f(c2[0])} {_f(c2[1])} {_f(p2[0])} {_f(p2[1])}"
    return d


def _marker(kind: str | None, x: float, y: float, col: str, r: float = 3.5) -> str:
    if kind in (None, "none"):
        return ""
    if kind == "square":
        return _square(x - r, y - r, 2 * r, f'fill="{col}"')
    if kind == "diamond":
        k = r * 1.3
        return f'<path d="{_poly([(x, y - k), (x + k, y), (x, y + k), (x - k, y)])}" fill="{col}"/>'
    if kind == "triangle":
        k = r * 1.2
        return f'<path d="{_poly([(x, y - k), (x + k, y + r), (x - k, y + r)])}" fill="{col}"/>'
    return f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="{col}"/>'


def _axis_title_box(box: _Box, left: str | None, bottom: str | None) -> _Box:
    """What is left of `box` for the axes and plot once the axis titles have their room at its left
    (turned to read upwards) and bottom edges, as LibreOffice lays them out: one bold text line
    each, 0.3 em from the rest (drawn by `_draw_axis_titles`)."""
    look = _look()
    room = look.size * (look.line + 0.3)
    lw = room if left else 0.0
    bh = room if bottom else 0.0
    return _Box(box.x + lw, box.y, box.w - lw, box.h - bh)


def _draw_axis_titles(outer: _Box, plot: _Box, left: str | None, bottom: str | None, out: list[str]) -> None:
    """The axis titles beside the plot: the left one centred on its height, the bottom one on its width."""
    look = _look()
    half = look.size * look.line / 2
    bold = ' font-weight="700"'
    if left:
        x, y = outer.x + half, plot.y + plot.h / 2
        out.append(_text(x, y, left, look.size, extra=f'{bold} transform="rotate(-90 {_f(x)} {_f(y)})"'))
    if bottom:
        out.append(_text(plot.x + plot.w / 2, outer.y + outer.h - half, bottom, look.size, extra=bold))
