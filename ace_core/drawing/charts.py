"""Charts drawn from their data as SVG: bar / column (clustered, stacked, percent), line, area,
pie, doughnut, scatter, bubble and radar, with axes, tick labels, gridlines, legend, title and
data labels. Lengths in px; text sizes default to Office's (10 pt ticks and legend, 14 pt title)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ace_core.drawing.chart_category import _COMBO_KINDS, _category_chart
from ace_core.drawing.chart_marks import (
    _LOOK,
    _TEXT,
    PALETTE,
    TICK_SIZE,
    _Box,
    _f,
    _fill_attr,
    _Look,
    _look,
    _point_color,
    _series_colors,
    _square,
    _text,
    _text_w,
    wrap_text,
)
from ace_core.drawing.chart_numbers import format_number, nice_scale
from ace_core.drawing.chart_pie import _pie
from ace_core.drawing.chart_pie3d import pie_3d
from ace_core.drawing.chart_xy import _radar, _xy_chart
from ace_core.drawing.fonts import css_font_stack, font_metrics
from ace_core.ir.semantic import ChartData, ChartSeries
from ace_core.ir.style import Paint, SolidPaint
from ace_core.layout.fonts import font_index

__all__ = ["PALETTE", "ChartSvg", "chart_svg", "format_number", "nice_scale"]


@dataclass
class ChartSvg:
    """The SVG element of a chart and what it could not draw."""

    svg: str
    losses: list[str] = field(default_factory=list)


# -- layout ------------------------------------------------------------------------------------


_Y_STACKED = ("column", "bar", "line", "area")


def _legend_entries(chart: ChartData) -> list[tuple[str, tuple[str, float]]]:
    """The legend's entries in LibreOffice's order (chart2 VSeriesPlotter::createLegendEntries):
    the points of a pie or of a first series that varies colours, else the series, each put
    first instead of last when it runs against the legend: in a horizontal bar chart (x and y
    swapped) every series that is not stacked, in other charts a stacked series when the legend
    is a column at the left or right."""
    if chart.chart_type in ("pie", "doughnut") or (chart.vary_colors and len(chart.series) == 1):
        s = chart.series[0] if chart.series else ChartSeries()
        return [(c, _point_color(chart, s, i)) for i, c in enumerate(chart.categories)]
    swapped = chart.chart_type == "bar"
    column = chart.legend is not None and chart.legend.position in ("left", "right", "top_right")
    entries: list[tuple[str, tuple[str, float]]] = []
    for i, (s, col) in enumerate(zip(chart.series, _series_colors(chart), strict=False)):
        kind = s.chart_type or chart.chart_type
        stacked = chart.grouping in ("stacked", "percent_stacked") and kind in _Y_STACKED
        entry = (s.name or f"Series {i + 1}", col)
        if (not stacked) if swapped else (column and stacked):
            entries.insert(0, entry)
        else:
            entries.append(entry)
    return entries


def _legend(chart: ChartData, box: _Box, out: list[str]) -> _Box:
    """Draw the legend and return the remaining box."""
    legend = chart.legend
    if legend is None or legend.position == "none":
        return box
    entries = _legend_entries(chart)
    if not entries:
        return box
    size = (legend.font.font_size if legend.font and legend.font.font_size else None) or _look().size
    sw = size * 0.7
    widths = [_text_w(name, size) + sw + size * 0.5 for name, _ in entries]
    pos = legend.position
    if pos in ("right", "left", "top_right"):
        # a column as LibreOffice draws it: 0.63 em symbols, a line per entry, against the
        # chart's edge, 0.9 em from the plot area; an entry's text wraps at 30 % of the chart's
        # width, its symbol beside the first line
        sw = size * 0.63
        limit = _look().width * 0.3 or float("inf")
        texts = [wrap_text(name, size, limit) for name, _ in entries]
        col_w = max(_text_w(line, size) for lines in texts for line in lines) + sw + size * 0.43
        row_h = size * _look().line
        total_h = row_h * sum(len(lines) for lines in texts)
        lx = box.x + box.w - col_w if pos != "left" else box.x
        ly = box.y + (box.h - total_h) / 2 if pos != "top_right" else box.y
        row = 0
        for lines, (_, (col, alpha)) in zip(texts, entries, strict=True):
            cy = ly + row_h * (row + 0.5)
            out.append(_square(lx, cy - sw / 2, sw, _fill_attr(col, alpha)))
            for k, line in enumerate(lines):
                out.append(_text(lx + sw + size * 0.28, cy + k * row_h, line, size, "start"))
            row += len(lines)
        if legend.overlay:
            return box
        col_w += size * 0.9
        if pos == "left":
            return _Box(box.x + col_w, box.y, box.w - col_w, box.h)
        return _Box(box.x, box.y, box.w - col_w, box.h)
    # top / bottom: one row a text line high, wrapped when too wide, 2 % of the height from the plot
    row_h = size * _look().line
    rows: list[list[int]] = [[]]
    cur = 0.0
    for i, w in enumerate(widths):
        if rows[-1] and cur + w > box.w:
            rows.append([])
            cur = 0.0
        rows[-1].append(i)
        cur += w
    total_h = row_h * len(rows)
    top = box.y if pos == "top" else box.y + box.h - total_h
    for r, idxs in enumerate(rows):
        row_w = sum(widths[i] for i in idxs)
        x = box.x + (box.w - row_w) / 2
        cy = top + row_h * (r + 0.5)
        for i in idxs:
            name, (col, alpha) = entries[i]
            out.append(
                f'<rect x="{_f(x)}" y="{_f(cy - sw / 2)}" width="{_f(sw)}" height="{_f(sw)}" {_fill_attr(col, alpha)}/>'
            )
            out.append(_text(x + sw + size * 0.3, cy, name, size, "start"))
            x += widths[i]
    if legend.overlay:
        return box
    total_h += _look().height * 0.02
    if pos == "top":
        return _Box(box.x, box.y + total_h, box.w, box.h - total_h)
    return _Box(box.x, box.y, box.w, box.h - total_h)


# -- entry point -------------------------------------------------------------------------------


def _solid_hex(paint: Paint | None) -> str | None:
    if isinstance(paint, SolidPaint) and paint.visible:
        return paint.color.hex.lower()
    return None


def chart_svg(
    chart: ChartData,
    width: float,
    height: float,
    *,
    font_family: str = "Calibri",
    palette: list[str] | tuple[str, ...] | None = None,
) -> ChartSvg:
    """Draw `chart` in a `width` x `height` px box as an inline <svg> element. `palette` gives
    the series colours (the theme's accents; Office's default accents when None). Text is
    `chart.text_style` (size, colour, family), else 18 pt black, the title 1.2 x that, bold."""
    base = chart.text_style
    size = (base.font_size if base and base.font_size else None) or TICK_SIZE
    family = (base.font_family if base and base.font_family else None) or font_family
    look = _Look(
        size=size,
        title_size=size * 1.2,
        color=_solid_hex(base.fill if base else None) or _TEXT,
        palette=tuple(palette) if palette else tuple(PALETTE),
        width=width,
        height=height,
        line=sum(font_metrics(family)[:2]),
        face=font_index().resolve(family),
        bold_face=font_index().resolve(family, 700),
    )
    token = _LOOK.set(look)
    try:
        return _draw(chart, width, height, family)
    finally:
        _LOOK.reset(token)


def _draw(chart: ChartData, width: float, height: float, font_family: str) -> ChartSvg:
    losses: list[str] = []
    out: list[str] = []
    look = _look()
    # LibreOffice keeps 2 % of the chart's width and height free at its edges
    box = _Box(width * 0.02, height * 0.02, max(width * 0.96, 1.0), max(height * 0.96, 1.0))
    if chart.title:
        ts = chart.title_style
        tsize = (ts.font_size if ts and ts.font_size else None) or look.title_size
        weight = ts.font_weight if ts and ts.font_weight else 700
        color = _solid_hex(ts.fill if ts else None)
        extra = f' font-weight="{weight}"' if weight != 400 else ""
        # LibreOffice sets the title 2 % of the height below the edge's margin, and as far above
        # the rest; it wraps at 80 % of the chart's width, a line 1.035 em below the one before
        # (both measured on its renders of python-pptx charts 4 and 8 inches wide)
        gap = height * 0.02
        lines = wrap_text(chart.title, tsize, width * 0.8, bold=weight >= 600)
        step = tsize * 1.035
        for k, line in enumerate(lines):
            y = box.y + gap + tsize * 0.6 + k * step
            out.append(_text(width / 2, y, line, tsize, color=color, extra=extra))
        used = tsize * 1.2 + step * (len(lines) - 1)
        box = _Box(box.x, box.y + used + 2 * gap, box.w, box.h - used - 2 * gap)
    kind = chart.chart_type
    if kind in ("stock", "surface", "other"):
        losses.append(f"{kind} chart drawn as a line chart")
        kind = "line"
    undrawn = [t for t in chart.extra_types if t not in _COMBO_KINDS or kind not in _COMBO_KINDS]
    if undrawn:
        losses.append(f"combo chart: the {', '.join(undrawn)} part is drawn as {kind}")
    box = _legend(chart, box, out)
    if chart.view_3d is not None and kind == "pie":
        losses.append("3-D pie drawn in parallel projection (no perspective), its lighting approximated")
    elif chart.view_3d is not None:
        losses.append("3-D chart drawn flat")
    if not chart.series:
        losses.append("chart has no series; only its frame is drawn")
    elif kind in ("pie", "doughnut"):
        if len(chart.series) > 1:
            losses.append("pie / doughnut with several series: only the first is drawn")
        if chart.view_3d is not None and kind == "pie":
            pie_3d(chart, box, out)
        else:
            _pie(chart, box, out)
    elif kind in ("scatter", "bubble"):
        _xy_chart(chart, box, out, losses)
    elif kind == "radar":
        _radar(chart, box, out)
    else:
        drawn = chart if kind == chart.chart_type else chart.model_copy(update={"chart_type": kind})
        _category_chart(drawn, box, out, losses)
    font = css_font_stack(font_family).replace("'", "&#39;")
    if look.defs:
        out.insert(0, "<defs>" + "".join(look.defs.values()) + "</defs>")
    svg = (
        f'<svg class="chart" width="{_f(width)}" height="{_f(height)}" viewBox="0 0 {_f(width)} {_f(height)}"'
        ' style="position:absolute;left:0;top:0;overflow:visible"'
        f' font-family="{font}" aria-hidden="true">{"".join(out)}</svg>'
    )
    return ChartSvg(svg=svg, losses=losses)
