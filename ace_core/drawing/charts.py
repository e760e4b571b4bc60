"""Charts drawn from their data as SVG: bar / column (clustered, stacked, percent), line, area,
pie, doughnut, scatter, bubble and radar, with axes, tick labels, gridlines, legend, title and
data labels. Lengths in px; text sizes default to Office's (10 pt ticks and legend, 14 pt title)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ace_core.drawing.chart_look import axis_line, plot_box, plot_fill, text_look
from ace_core.drawing.chart_marks import (
    _AXIS,
    _GRID,
    _LOOK,
    _TEXT,
    PALETTE,
    TICK_SIZE,
    _Box,
    _circle_d,
    _color,
    _f,
    _fill_attr,
    _grid_line,
    _label_lines,
    _label_look,
    _line,
    _line_width,
    _Look,
    _look,
    _marker,
    _marker_r,
    _own_label,
    _point_color,
    _poly,
    _series_colors,
    _smooth_path,
    _square,
    _style,
    _text,
    _text_w,
)
from ace_core.drawing.chart_numbers import format_number, nice_scale
from ace_core.drawing.chart_numbers import ticks as _ticks
from ace_core.drawing.fonts import css_font_stack, font_metrics
from ace_core.ir.semantic import ChartAxis, ChartData, ChartSeries
from ace_core.ir.style import Paint, SolidPaint
from ace_core.layout.fonts import font_index

__all__ = ["PALETTE", "ChartSvg", "chart_svg", "format_number", "nice_scale"]


@dataclass
class ChartSvg:
    """The SVG element of a chart and what it could not draw."""

    svg: str
    losses: list[str] = field(default_factory=list)


# -- layout ------------------------------------------------------------------------------------


def _legend_entries(chart: ChartData) -> list[tuple[str, tuple[str, float]]]:
    if chart.chart_type in ("pie", "doughnut") or (chart.vary_colors and len(chart.series) == 1):
        s = chart.series[0] if chart.series else ChartSeries()
        return [(c, _point_color(chart, s, i)) for i, c in enumerate(chart.categories)]
    entries = [
        (s.name or f"Series {i + 1}", col)
        for i, (s, col) in enumerate(zip(chart.series, _series_colors(chart), strict=False))
    ]
    # a bar chart's series run up the page: a legend in a column lists them top down, the last first
    upward = chart.chart_type == "bar" and not chart.x_axis.reverse
    if upward and chart.legend is not None and chart.legend.position in ("left", "right", "top_right"):
        entries.reverse()
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
        # chart's edge, 0.9 em from the plot area
        sw = size * 0.63
        col_w = max(_text_w(name, size) for name, _ in entries) + sw + size * 0.43
        row_h = size * _look().line
        total_h = row_h * len(entries)
        lx = box.x + box.w - col_w if pos != "left" else box.x
        ly = box.y + (box.h - total_h) / 2 if pos != "top_right" else box.y
        for i, (name, (col, alpha)) in enumerate(entries):
            cy = ly + row_h * (i + 0.5)
            out.append(_square(lx, cy - sw / 2, sw, _fill_attr(col, alpha)))
            out.append(_text(lx + sw + size * 0.28, cy, name, size, "start"))
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


# -- category charts (bar, column, line, area) -------------------------------------------------


def _values(s: ChartSeries, n: int) -> list[float | None]:
    vals = list(s.values[:n])
    return vals + [None] * (n - len(vals))


def _stack_totals(chart: ChartData, n: int) -> tuple[list[float], list[float], list[float]]:
    pos = [0.0] * n
    neg = [0.0] * n
    absum = [0.0] * n
    for s in chart.series:
        for i, v in enumerate(_values(s, n)):
            if v is None:
                continue
            if v >= 0:
                pos[i] += v
            else:
                neg[i] += v
            absum[i] += abs(v)
    return pos, neg, absum


_COMBO_KINDS = ("bar", "column", "line", "area")
"""plot types a category chart can mix on shared axes"""


def _labelled(axis: ChartAxis) -> bool:
    """Whether an axis shows tick labels: it is not deleted and its labels are not 'none'."""
    return axis.visible and axis.tick_labels != "none"


def _tick_room(axis: ChartAxis) -> float:
    """The room (px) between an axis and its labels: the outer tick marks (1.5 mm) and 1 mm."""
    return (5.67 if axis.tick_marks in (None, "out", "cross") else 0.0) + 3.78


def _category_chart(chart: ChartData, box: _Box, out: list[str], losses: list[str]) -> None:
    horizontal = chart.chart_type == "bar"
    n = max([len(chart.categories)] + [len(s.values) for s in chart.series] + [1])
    cats = list(chart.categories[:n]) + [str(i + 1) for i in range(len(chart.categories), n)]
    grouping = chart.grouping
    stacked = grouping in ("stacked", "percent_stacked") and chart.chart_type in ("bar", "column", "area", "line")
    percent = grouping == "percent_stacked"
    vals = [v for s in chart.series for v in s.values if v is not None]
    if percent:
        lo, hi = 0.0, 1.0
        _, neg, _ = _stack_totals(chart, n)
        if any(x < 0 for x in neg):
            lo = -1.0
    elif stacked:
        pos, neg, _ = _stack_totals(chart, n)
        lo, hi = min([*neg, 0.0]), max([*pos, 0.0])
    else:
        lo, hi = (min(vals), max(vals)) if vals else (0.0, 1.0)
    vaxis = chart.y_axis
    caxis = chart.x_axis
    fmt = vaxis.number_format or ("0%" if percent else None)
    look = _look()
    size, vcolor = text_look(vaxis.text_style, look.size, look.color)
    csize, ccolor = text_look(caxis.text_style, look.size, look.color)
    cat_lab = max((_text_w(c, csize) for c in cats), default=0.0)
    manual = plot_box(chart, look.width, look.height)
    vlabels, clabels = _labelled(vaxis), _labelled(caxis)

    def layout(labels: list[str]) -> tuple[_Box, bool]:
        """The plot area left once the tick labels (and category labels) have their room."""
        # as LibreOffice lays out an axis: its labels one line high (or as wide as the widest),
        # beside the tick marks and a 1 mm gap
        lab_w = max((_text_w(t, size) for t in labels), default=0.0) + _tick_room(vaxis) if vlabels else size * 0.3
        rotate = False
        if horizontal:
            room = min(cat_lab + _tick_room(caxis), box.w * 0.4) if clabels else size * 0.3
            plot = _Box(box.x + room, box.y, 0, 0)  # no value label reaches above a bar chart's plot
            plot.w = box.x + box.w - plot.x - size * 0.8
            plot.h = box.y + box.h - plot.y - (size + _tick_room(vaxis) if vlabels else size * 0.5)
        else:
            plot = _Box(box.x + lab_w, box.y + size * 0.5, 0, 0)
            plot.w = box.x + box.w - plot.x  # the category labels stay within the plot's width
            cat_h = csize + _tick_room(caxis)
            if clabels and n and cat_lab > 0.95 * plot.w / n:
                rotate = True  # labels that do not fit their band are turned 45 degrees, as Office does
                cat_h = min(cat_lab * 0.71 + size * 1.2, box.h * 0.45)
            plot.h = box.y + box.h - plot.y - (cat_h if clabels else size * 0.5)
        return (_Box(*manual) if manual is not None else plot), rotate

    def scale(intervals: int) -> tuple[float, float, list[float], list[str]]:
        vmin, vmax, step = nice_scale(lo, hi, vaxis, intervals=intervals, border=chart.view_3d is None and not percent)
        ticks = _ticks(vmin, vmax, step)
        return vmin, vmax, ticks, [format_number(t, fmt) for t in ticks]

    # LibreOffice lays the chart out twice: at most ten intervals first, then as many as the
    # axis has room for, one label's height (a horizontal axis: width) each
    vmin, vmax, ticks, labels = scale(10)
    plot, rotate = layout(labels)
    if vlabels and labels:
        per = max(_text_w(t, size) for t in labels) if horizontal else size * look.line
        room = int(((plot.w if horizontal else plot.h) / per) if per > 0 else 10)
        if room < 10:
            vmin, vmax, ticks, labels = scale(room)
            plot, rotate = layout(labels)
    if plot.w <= 4 or plot.h <= 4:
        losses.append("chart too small to draw its plot area")
        return
    span = vmax - vmin or 1.0
    back = plot_fill(chart)
    if back is not None:
        out.append(
            f'<rect x="{_f(plot.x)}" y="{_f(plot.y)}" width="{_f(plot.w)}" height="{_f(plot.h)}" {_fill_attr(*back)}/>'
        )
    vgrid = axis_line(vaxis.gridline_stroke, _GRID)
    cgrid = axis_line(caxis.gridline_stroke, _GRID)

    def vpos(v: float) -> float:
        f = (v - vmin) / span
        if vaxis.reverse:
            f = 1 - f
        return plot.x + f * plot.w if horizontal else plot.y + plot.h - f * plot.h

    # gridlines and value tick labels
    for t, lab in zip(ticks, labels, strict=False):
        p = vpos(t)
        if vaxis.gridlines:
            if horizontal:
                out.append(_grid_line(p, plot.y, p, plot.y + plot.h, vgrid))
            else:
                out.append(_grid_line(plot.x, p, plot.x + plot.w, p, vgrid))
        if vlabels:
            if horizontal:
                out.append(_text(p, plot.y + plot.h + size * 0.9, lab, size, color=vcolor))
            else:
                out.append(_text(plot.x - size * 0.4, p, lab, size, "end", color=vcolor))
    # category axis
    band = (plot.h if horizontal else plot.w) / n

    def cpos(i: int) -> float:
        k = n - 1 - i if (horizontal != caxis.reverse) else i
        return (plot.y + k * band) if horizontal else (plot.x + k * band)

    base = vpos(min(max(0.0, vmin), vmax))
    if caxis.visible:
        aline = axis_line(caxis.line, _AXIS)
        if horizontal:
            out.append(_grid_line(base, plot.y, base, plot.y + plot.h, aline))
        else:
            out.append(_grid_line(plot.x, base, plot.x + plot.w, base, aline))
        step_lab = max(1, math.ceil(csize * 1.3 / max(band, 1.0))) if rotate else 1
        for i, c in enumerate(cats if clabels else []):
            if i % step_lab:
                continue
            mid = cpos(i) + band / 2
            if horizontal:
                out.append(_text(plot.x - csize * 0.4, mid, c, csize, "end", color=ccolor))
            elif rotate:
                ty = plot.y + plot.h + csize * 0.6
                turn = f' transform="rotate(-45 {_f(mid)} {_f(ty)})"'
                out.append(_text(mid, ty, c, csize, "end", color=ccolor, extra=turn))
            else:
                out.append(_text(mid, plot.y + plot.h + csize * 0.9, c, csize, color=ccolor))
    if caxis.gridlines:
        for i in range(n + 1):
            p = (plot.y + i * band) if horizontal else (plot.x + i * band)
            if horizontal:
                out.append(_grid_line(plot.x, p, plot.x + plot.w, p, cgrid))
            else:
                out.append(_grid_line(p, plot.y, p, plot.y + plot.h, cgrid))
    colors = _series_colors(chart)
    labels_on = chart.data_labels is not None and chart.data_labels.show_value
    lfmt = (chart.data_labels.number_format if chart.data_labels else None) or vaxis.number_format
    # a combo chart: each plot type draws its own series on the shared axes (bars first, as Office)
    groups: dict[str, list[int]] = {}
    for si, s in enumerate(chart.series):
        kind = s.chart_type if s.chart_type in _COMBO_KINDS else chart.chart_type
        if horizontal and kind == "column":
            kind = "bar"
        groups.setdefault(kind, []).append(si)
    for kind in sorted(groups, key=lambda k: k not in ("bar", "column")):
        idx = groups[kind]
        update = {"chart_type": kind, "series": [chart.series[i] for i in idx]}
        if chart.style_lines:
            update["style_lines"] = [_style(chart.style_lines, i) for i in idx]
        part = chart.model_copy(update=update)
        cols = [colors[i] for i in idx]
        if kind in ("bar", "column"):
            _bars(part, n, horizontal, stacked, percent, band, cpos, vpos, cols, labels_on, lfmt, out)
        else:
            _lines(part, n, stacked, percent, band, cpos, vpos, base, cols, labels_on, lfmt, out)


def _bars(chart, n, horizontal, stacked, percent, band, cpos, vpos, colors, labels_on, lfmt, out) -> None:
    k = len(chart.series) or 1
    gap = (chart.gap_width if chart.gap_width is not None else 150.0) / 100.0
    overlap = 1.0 if stacked else (chart.overlap or 0.0) / 100.0
    slots = 1 if stacked else k - (k - 1) * overlap
    bar = band / (slots + gap)
    pos_acc = [0.0] * n
    neg_acc = [0.0] * n
    _, _, absum = _stack_totals(chart, n) if percent else (None, None, [1.0] * n)
    for si, s in enumerate(chart.series):
        col, alpha = colors[si]
        outline = ""
        if s.line is not None and s.line.paint.visible and s.line.weight > 0:
            line_col, line_alpha = _color(s.line.paint, col)
            outline = f' stroke="{line_col}" stroke-width="{_f(s.line.weight)}"'
            if line_alpha < 0.999:
                outline += f' stroke-opacity="{_f(line_alpha)}"'
            if s.fill is None:
                col, alpha = "none", 1.0  # an outlined series without a fill of its own (noFill)
        for i, v in enumerate(_values(s, n)):
            if v is None:
                continue
            if percent:
                v = v / absum[i] if absum[i] else 0.0
            if stacked:
                start = pos_acc[i] if v >= 0 else neg_acc[i]
                end = start + v
                if v >= 0:
                    pos_acc[i] = end
                else:
                    neg_acc[i] = end
                offset = gap * bar / 2
            else:
                start, end = 0.0, v
                # side by side in the category axis' direction: bottom up on a bar chart
                slot = k - 1 - si if horizontal != chart.x_axis.reverse else si
                offset = gap * bar / 2 + slot * bar * (1 - overlap)
            fill_col, fill_alpha = (
                _point_color(chart, s, i) if (s.point_fills and s.point_fills[i % len(s.point_fills)]) else (col, alpha)
            )
            if chart.vary_colors and len(chart.series) == 1 and not s.point_fills:
                fill_col, fill_alpha = _point_color(chart, s, i)
            p0, p1 = vpos(start), vpos(end)
            lo_p, hi_p = min(p0, p1), max(p0, p1)
            c0 = cpos(i) + offset
            if horizontal:
                x, y, w, h = lo_p, c0, hi_p - lo_p, bar
            else:
                x, y, w, h = c0, lo_p, bar, hi_p - lo_p
            box = f'x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}"'
            out.append(f"<rect {box} {_fill_attr(fill_col, fill_alpha)}{outline}/>")
            own = _own_label(s, i)
            if own == "" or (own is None and not labels_on):
                continue
            text = own if own is not None else format_number(v, "0%" if percent else lfmt)
            lsize, lcolor = _label_look(chart)
            if horizontal:
                lx = x + w + 3 if not stacked else x + w / 2
                out.extend(_label_lines(lx, y + h / 2, text, lsize, "start" if not stacked else "middle", lcolor))
            else:
                ly = y - lsize * 0.7 * (text.count("\n") + 1) if not stacked else y + h / 2
                out.extend(_label_lines(x + w / 2, ly, text, lsize, "middle", lcolor))


def _lines(chart, n, stacked, percent, band, cpos, vpos, base, colors, labels_on, lfmt, out) -> None:
    acc = [0.0] * n
    _, _, absum = _stack_totals(chart, n) if percent else (None, None, [1.0] * n)
    area = chart.chart_type == "area"
    layers: list[str] = []
    for si, s in enumerate(chart.series):
        col, alpha = colors[si]
        pts: list[tuple[float, float]] = []
        bottoms: list[tuple[float, float]] = []
        shown: list[tuple[int, float]] = []
        for i, v in enumerate(_values(s, n)):
            x = cpos(i) + band / 2
            if v is None:
                if not area:
                    continue
                v = 0.0
            if percent:
                v = v / absum[i] if absum[i] else 0.0
            lo = acc[i] if stacked else 0.0
            hi = lo + v if stacked else v
            if stacked:
                acc[i] = hi
            pts.append((x, vpos(hi)))
            bottoms.append((x, vpos(lo)))
            shown.append((i, v))
        if not pts:
            continue
        if area:
            poly = pts + list(reversed(bottoms if stacked else [(x, base) for x, _ in pts]))
            d = _poly(poly)
            # overlapping areas: the first series in front, as LibreOffice draws them
            layers.insert(0 if not stacked else len(layers), f'<path d="{d}" {_fill_attr(col, alpha)}/>')
        else:
            width = _line_width(chart, si)
            d = _smooth_path(pts) if s.smooth and len(pts) > 2 else _poly(pts, close=False)
            layers.append(
                f'<path d="{d}" fill="none" stroke="{col}" stroke-width="{_f(width)}" stroke-linejoin="round"/>'
            )
            if s.marker not in ("none",):
                layers.extend(_marker(s.marker or "circle", x, y, col, _marker_r(s)) for x, y in pts)
        lsize, lcolor = _label_look(chart)
        for (x, y), (i, v) in zip(pts, shown, strict=False):
            own = _own_label(s, i)
            if own == "" or (own is None and not labels_on):
                continue
            text = own if own is not None else format_number(v, "0%" if percent else lfmt)
            layers.extend(_label_lines(x, y - lsize * 0.9 * (text.count("\n") + 1), text, lsize, "middle", lcolor))
    out.extend(layers)


# -- pie and doughnut --------------------------------------------------------------------------


def _explosion(s: ChartSeries, i: int) -> float:
    """How far slice i is pulled out of the pie, as a fraction of the radius."""
    own = s.point_explosions[i] if s.point_explosions and i < len(s.point_explosions) else None
    value = own if own is not None else s.explosion
    return max(0.0, min(4.0, (value or 0.0) / 100.0))


def _pie(chart: ChartData, box: _Box, out: list[str]) -> None:
    s = chart.series[0] if chart.series else ChartSeries()
    vals = [max(v or 0.0, 0.0) for v in s.values]
    total = sum(vals)
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    r = max(min(box.w, box.h) / 2 - 6, 1.0)
    hole = 0.0
    if chart.chart_type == "doughnut":
        hole = (chart.hole_size if chart.hole_size is not None else 50.0) / 100.0
    if total <= 0:
        out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="none" stroke="{_AXIS}"/>')
        return
    pulls = [_explosion(s, i) for i in range(len(vals))]
    r /= 1 + max(pulls, default=0.0)  # exploded slices stay inside the box
    centre = cx, cy
    angle = math.radians((chart.first_slice_angle or 0.0) - 90.0)
    labels = chart.data_labels
    for i, v in enumerate(vals):
        if v <= 0:
            continue
        sweep = 2 * math.pi * v / total
        col, alpha = _point_color(chart, s, i)
        a0, a1 = angle, angle + sweep
        mid = (a0 + a1) / 2
        cx, cy = centre[0] + pulls[i] * r * math.cos(mid), centre[1] + pulls[i] * r * math.sin(mid)
        large = 1 if sweep > math.pi else 0
        if sweep >= 2 * math.pi - 1e-9:
            d = _circle_d(cx, cy, r)
            if hole:
                d += _circle_d(cx, cy, r * hole, 0)
        else:
            x0, y0 = cx + r * math.cos(a0), cy + r * math.sin(a0)
            x1, y1 = cx + r * math.cos(a1), cy + r * math.sin(a1)
            d = f"M{_f(x0)} {_f(y0)}A{_f(r)} {_f(r)} 0 {large} 1 {_f(x1)} {_f(y1)}"
            if hole:
                hr = r * hole
                d += f"L{_f(cx + hr * math.cos(a1))} {_f(cy + hr * math.sin(a1))}"
                d += f"A{_f(hr)} {_f(hr)} 0 {large} 0 {_f(cx + hr * math.cos(a0))} {_f(cy + hr * math.sin(a0))}Z"
            else:
                d += f"L{_f(cx)} {_f(cy)}Z"
        out.append(f'<path d="{d}" {_fill_attr(col, alpha)} fill-rule="evenodd" stroke="#ffffff" stroke-width="1"/>')
        if labels is not None and (labels.show_value or labels.show_percent or labels.show_category):
            mid = (a0 + a1) / 2
            lr = r * (0.7 if not hole else (1 + hole) / 2)
            parts = []
            if labels.show_category and i < len(chart.categories):
                parts.append(chart.categories[i])
            if labels.show_value:
                parts.append(format_number(s.values[i] or 0.0, labels.number_format))
            if labels.show_percent:
                parts.append(f"{round(100 * v / total)}%")
            out.append(
                _text(cx + lr * math.cos(mid), cy + lr * math.sin(mid), "; ".join(parts), _look().size, color="#ffffff")
            )
        angle = a1


# -- scatter, bubble, radar --------------------------------------------------------------------


def _xy_chart(chart: ChartData, box: _Box, out: list[str]) -> None:
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
    if plot.w <= 4 or plot.h <= 4:
        return
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
            for (x, y), sz in zip(pts, sizes, strict=False):
                r = rmax * math.sqrt(abs(sz or 0) / smax)
                out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" {_fill_attr(col, min(alpha, 0.75))}/>')
            continue
        if (s.line is not None and s.line.paint.visible and s.line.weight > 0) or (s.line is None and s.smooth):
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
        # LibreOffice sets the title 2 % of the height below the edge's margin, and as far above the rest
        gap = height * 0.02
        out.append(_text(width / 2, box.y + gap + tsize * 0.6, chart.title, tsize, color=color, extra=extra))
        box = _Box(box.x, box.y + tsize * 1.2 + 2 * gap, box.w, box.h - tsize * 1.2 - 2 * gap)
    kind = chart.chart_type
    if kind in ("stock", "surface", "other"):
        losses.append(f"{kind} chart drawn as a line chart")
        kind = "line"
    undrawn = [t for t in chart.extra_types if t not in _COMBO_KINDS or kind not in _COMBO_KINDS]
    if undrawn:
        losses.append(f"combo chart: the {', '.join(undrawn)} part is drawn as {kind}")
    box = _legend(chart, box, out)
    if chart.view_3d is not None:
        losses.append("3-D chart drawn flat")
    if not chart.series:
        losses.append("chart has no series; only its frame is drawn")
    elif kind in ("pie", "doughnut"):
        if len(chart.series) > 1:
            losses.append("pie / doughnut with several series: only the first is drawn")
        _pie(chart, box, out)
    elif kind in ("scatter", "bubble"):
        _xy_chart(chart, box, out)
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
