"""What a chart's own styling says about how its parts are drawn: axis and label text, gridline and axis
lines, the plot area's fill and manual layout (the IR fields read from OOXML c:txPr / c:spPr / c:layout)."""

from __future__ import annotations

from ace_core.ir.semantic import ChartData
from ace_core.ir.style import Paint, SolidPaint, Stroke
from ace_core.ir.text import TextStyle

__all__ = ["axis_line", "plot_box", "plot_fill", "text_look"]


def _solid(paint: Paint | None) -> tuple[str, float] | None:
    if isinstance(paint, SolidPaint) and paint.visible:
        return paint.color.hex.lower(), paint.color.a * paint.opacity
    return None


def text_look(style: TextStyle | None, size: float, color: str) -> tuple[float, str]:
    """(size px, colour) of a chart text: its own style's, else the given defaults."""
    if style is None:
        return size, color
    fill = _solid(style.fill)
    return (style.font_size or size), (fill[0] if fill else color)


def axis_line(stroke: Stroke | None, color: str, width: float = 0.75) -> tuple[str, float] | None:
    """(colour, width px) of an axis or gridline: its own stroke's, the defaults when it has none,
    None when it is hidden (noFill)."""
    if stroke is None:
        return color, width
    solid = _solid(stroke.paint)
    if solid is None or stroke.weight <= 0:
        return None
    return solid[0], stroke.weight


def plot_fill(chart: ChartData) -> tuple[str, float] | None:
    """The plot area's solid fill (colour, alpha), None when it has none or is not solid."""
    return _solid(chart.plot_fills[-1]) if chart.plot_fills else None


def plot_box(chart: ChartData, width: float, height: float) -> tuple[float, float, float, float] | None:
    """The plot area's inner box (x, y, w, h px) from its manual layout, None when automatic or
    when the layout includes the tick labels (outer), which only the drawing's own layout knows."""
    box = chart.plot_layout
    if box is None or not box.inner or box.w <= 0 or box.h <= 0:
        return None
    return box.x * width, box.y * height, box.w * width, box.h * height
