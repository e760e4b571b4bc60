"""Scatter, bubble and radar charts drawn as SVG: their value axes, gridlines, marks and data labels.
Lengths in px."""

from __future__ import annotations

import math

from ace_core.drawing.chart_category import _labelled
from ace_core.drawing.chart_look import axis_line, plot_box, plot_fill, text_look
from ace_core.drawing.chart_marks import (
    _AXIS,
    _GRID,
    _axis_title_box,
    _Box,
    _draw_axis_titles,
    _f,
    _fill_attr,
    _grid_line,
    _label_lines,
    _label_look,
    _line,
    _line_width,
    _look,
    _marker,
    _marker_r,
    _own_label,
    _poly,
    _series_colors,
    _smooth_path,
    _text,
    _text_w,
    squeezed_plot,
)
from ace_core.drawing.chart_numbers import format_number, nice_scale
from ace_core.drawing.chart_numbers import ticks as _ticks
from ace_core.ir.semantic import ChartData


def _xy_chart(chart: ChartData, box: _Box, out: list[str], losses: list[str] | None = None) -> None:
    xs_all: list[float] = []
    ys_all: list[float] = []
    for s in chart.series:
        xs = s.x_values or [float(i + 1) for i in range(len(s.values))]
        for x, y in zip(xs, s.values, strict=False):
            if x is not None and y is not None:
                xs_all.append(x)
                ys_all.append(y)
    if not xs_all:
        return
    left, bottom = chart.y_axis.title, chart.x_axis.title
    outer, box = box, _axis_title_box(box, left, bottom)
    look = _look()
    size, ycolor = text_look(chart.y_axis.text_style, look.size, look.color)
    xsize, xcolor = text_look(chart.x_axis.text_style, look.size, look.color)
    flat = chart.view_3d is None
    manual = plot_box(chart, look.width, look.height)

    def scales(nx: int, ny: int) -> tuple[tuple[float, float, float], tuple[float, float, float], list[str], _Box]:
        # only the value (Y) axis widens toward zero, as in LibreOffice
        xs = nice_scale(min(xs_all), max(xs_all), chart.x_axis, include_zero=False, intervals=nx, border=flat)
        ys = nice_scale(min(ys_all), max(ys_all), chart.y_axis, intervals=ny, border=flat)
        ylabels = [format_number(t, chart.y_axis.number_format) for t in _ticks(*ys)]
        lab_w = max(_text_w(t, size) for t in ylabels) + size * 0.6 if _labelled(chart.y_axis) else size * 0.3
        low = xsize * (2.5 if _labelled(chart.x_axis) else 0.5)
        plot = _Box(box.x + lab_w, box.y + size * 0.6, box.w - lab_w - size * 0.8, box.h - low)
        return xs, ys, ylabels, (_Box(*manual) if manual is not None else plot)

    # laid out twice, as LibreOffice does: then as many intervals as each axis has room for
    (xmin, xmax, xstep), _, _, plot = scales(10, 10)
    xw = max(_text_w(format_number(t, chart.x_axis.number_format), xsize) for t in _ticks(xmin, xmax, xstep))
    nx = int(plot.w / xw) if _labelled(chart.x_axis) and xw > 0 else 10
    ny = int(plot.h / (size * look.line)) if _labelled(chart.y_axis) else 10
    (xmin, xmax, xstep), (ymin, ymax, ystep), ylabels, plot = scales(nx, ny)
    plot = squeezed_plot(plot, losses)
    _draw_axis_titles(outer, plot, left, bottom, out)
    back = plot_fill(chart)
    if back is not None:
        out.append(
            f'<rect x="{_f(plot.x)}" y="{_f(plot.y)}" width="{_f(plot.w)}" height="{_f(plot.h)}" {_fill_attr(*back)}/>'
        )
    ygrid = axis_line(chart.y_axis.gridline_stroke, _GRID)
    xgrid = axis_line(chart.x_axis.gridline_stroke, _GRID)

    def px_(x: float) -> float:
        return plot.x + (x - xmin) / ((xmax - xmin) or 1) * plot.w

    def py_(y: float) -> float:
        return plot.y + plot.h - (y - ymin) / ((ymax - ymin) or 1) * plot.h

    for t, lab in zip(_ticks(ymin, ymax, ystep), ylabels, strict=False):
        if chart.y_axis.gridlines:
            out.append(_grid_line(plot.x, py_(t), plot.x + plot.w, py_(t), ygrid))
        if _labelled(chart.y_axis):
            out.append(_text(plot.x - size * 0.4, py_(t), lab, size, "end", color=ycolor))
    for t in _ticks(xmin, xmax, xstep):
        if chart.x_axis.gridlines:
            out.append(_grid_line(px_(t), plot.y, px_(t), plot.y + plot.h, xgrid))
        if _labelled(chart.x_axis):
            lab = format_number(t, chart.x_axis.number_format)
            out.append(_text(px_(t), plot.y + plot.h + xsize * 0.9, lab, xsize, color=xcolor))
    out.append(
        _grid_line(plot.x, plot.y + plot.h, plot.x + plot.w, plot.y + plot.h, axis_line(chart.x_axis.line, _AXIS))
    )
    colors = _series_colors(chart)
    bubble = chart.chart_type == "bubble"
    values_on = chart.data_labels is not None and chart.data_labels.show_value
    lfmt = chart.data_labels.number_format if chart.data_labels else None  # else the values' own (General)
    smax = max((abs(v or 0) for s in chart.series for v in (s.sizes or [])), default=1.0) or 1.0
    for si, s in enumerate(chart.series):
        col, alpha = colors[si]
        xs = s.x_values or [float(i + 1) for i in range(len(s.values))]
        pts = [(px_(x), py_(y)) for x, y in zip(xs, s.values, strict=False) if x is not None and y is not None]
        if not pts:
            continue
        if bubble:
            sizes = s.sizes or [1.0] * len(pts)
            rmax = min(plot.w, plot.h) / 8
            lsize, lcolor = _label_look(chart)
            for i, ((x, y), sz) in enumerate(zip(pts, sizes, strict=False)):
                r = rmax * math.sqrt(abs(sz or 0) / smax)
                out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" {_fill_attr(col, min(alpha, 0.75))}/>')
                text = _own_label(s, i)
                if text is None and values_on:  # a bubble's value label is its size, in its centre
                    text = format_number(sz or 0.0, lfmt)
                if text:
                    out.extend(_label_lines(x, y, text, lsize, "middle", lcolor))
            continue
        # a series' line is drawn unless its own line is hidden (noFill), as LibreOffice draws xy charts
        if s.line is None or (s.line.paint.visible and s.line.weight > 0):
            width = _line_width(chart, si)
            d = _smooth_path(pts) if s.smooth and len(pts) > 2 else _poly(pts, close=False)
            out.append(f'<path d="{d}" fill="none" stroke="{col}" stroke-width="{_f(width)}"/>')
        if s.marker != "none":
            out.extend(_marker(s.marker or "circle", x, y, col, _marker_r(s)) for x, y in pts)
        if s.label_texts or values_on:
            lsize, lcolor = _label_look(chart)
            shown = [i for i, (x, y) in enumerate(zip(xs, s.values, strict=False)) if x is not None and y is not None]
            for i, (x, y) in zip(shown, pts, strict=False):
                text = _own_label(s, i)
                if text is None and values_on:  # the point's y value, as on a line chart
                    text = format_number(s.values[i] or 0.0, lfmt)
                if text:  # beside the point, on its right (the OOXML default position of xy labels)
                    out.extend(_label_lines(x + _marker_r(s) + lsize * 0.3, y, text, lsize, "start", lcolor))


def _radar(chart: ChartData, box: _Box, out: list[str]) -> None:
    n = max([len(chart.categories)] + [len(s.values) for s in chart.series] + [3])
    vals = [v for s in chart.series for v in s.values if v is not None]
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    r = max(min(box.w, box.h) / 2 - _look().size * 2, 1.0)
    # LibreOffice gives a radar's radius axis two automatic intervals whatever its length
    vmin, vmax, step = nice_scale(min(vals, default=0.0), max(vals, default=1.0), chart.y_axis, intervals=2)

    def pt(i: int, v: float) -> tuple[float, float]:
        a = -math.pi / 2 + 2 * math.pi * i / n
        f = (v - vmin) / ((vmax - vmin) or 1)
        return cx + r * f * math.cos(a), cy + r * f * math.sin(a)

    grid = axis_line(chart.y_axis.gridline_stroke, _AXIS) if chart.y_axis.gridlines else None
    look = _look()
    csize, ccolor = text_look(chart.x_axis.text_style, look.size, look.color)
    vsize, vcolor = text_look(chart.y_axis.text_style, look.size, look.color)
    filled = chart.radar_style == "filled"
    layers: list[str] = []
    for si, s in enumerate(chart.series):  # filled areas under the grid, lines over it
        col, alpha = _series_colors(chart)[si]
        pts = [pt(i, v) for i, v in enumerate(s.values) if v is not None]
        if not pts:
            continue
        if filled:
            out.append(f'<path d="{_poly(pts)}" {_fill_attr(col, alpha)}/>')
            continue
        width = _line_width(chart, si) if s.line is None or s.line.weight > 0 else 2.25
        layers.append(f'<path d="{_poly(pts)}" fill="none" stroke="{col}" stroke-width="{_f(width)}"/>')
        if s.marker not in (None, "none") or (chart.radar_style == "marker" and s.marker is None):
            layers.extend(_marker(s.marker or "square", x, y, col, _marker_r(s)) for x, y in pts)
    for t in _ticks(vmin, vmax, step):
        if grid is not None and t > vmin:
            ring = [pt(i, t) for i in range(n)]
            out.append(f'<path d="{_poly(ring)}" fill="none" stroke="{grid[0]}" stroke-width="{_f(grid[1])}"/>')
        if _labelled(chart.y_axis):  # the value axis runs up the first spoke, its labels on its right
            x, y = pt(0, t)
            out.append(_text(x + vsize * 0.3, y, format_number(t, chart.y_axis.number_format), vsize, "start", vcolor))
    for i in range(n):
        x, y = pt(i, vmax)
        if grid is not None:
            out.append(_line(cx, cy, x, y, grid[0], grid[1]))
        if i < len(chart.categories) and _labelled(chart.x_axis):
            a = -math.pi / 2 + 2 * math.pi * i / n
            lx, ly = x + math.cos(a) * csize * 0.8, y + math.sin(a) * csize * 0.8
            anchor = "middle" if abs(math.cos(a)) < 0.3 else ("start" if math.cos(a) > 0 else "end")
            out.append(_text(lx, ly, chart.categories[i], csize, anchor, ccolor))
    out.extend(layers)
