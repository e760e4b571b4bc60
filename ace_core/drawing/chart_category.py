"""Category charts drawn as SVG: bar / column (clustered, stacked, percent), line and area, one plot
type or several on shared axes, with tick labels, gridlines and data labels. Lengths in px."""

from __future__ import annotations

import math

from ace_core.drawing.chart_look import axis_line, plot_box, plot_fill, text_look
from ace_core.drawing.chart_marks import (
    _AXIS,
    _GRID,
    _axis_title_box,
    _Box,
    _color,
    _draw_axis_titles,
    _f,
    _fill_attr,
    _grid_line,
    _label_lines,
    _label_look,
    _line_width,
    _look,
    _marker,
    _marker_r,
    _own_label,
    _point_color,
    _poly,
    _series_colors,
    _smooth_path,
    _style,
    _text,
    _text_w,
    squeezed_plot,
)
from ace_core.drawing.chart_numbers import format_number, nice_scale
from ace_core.drawing.chart_numbers import ticks as _ticks
from ace_core.ir.semantic import ChartAxis, ChartData, ChartSeries


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
    # a bar chart's value axis runs along the bottom, its category axis up the left
    left, bottom = (chart.x_axis.title, chart.y_axis.title) if horizontal else (chart.y_axis.title, chart.x_axis.title)
    outer, box = box, _axis_title_box(box, left, bottom)
    n = max([len(chart.categories)] + [len(s.values) for s in chart.series] + [1])
    cats = list(chart.categories[:n]) + [str(i + 1) for i in range(len(chart.categories), n)]
    grouping = chart.grouping
    stacked = grouping in ("stacked", "percent_stacked") and chart.chart_type in ("bar", "column", "area", "line")
    percent = grouping == "percent_stacked"
    # series on the secondary value axis (a combo chart's c:valAx at the right) have a scale of their own
    y2 = chart.y2_axis if not horizontal else None
    sec = {i for i, s in enumerate(chart.series) if s.secondary_axis} if y2 is not None else set()
    sec = sec if len(sec) < len(chart.series) else set()
    primary = chart.model_copy(update={"series": [s for i, s in enumerate(chart.series) if i not in sec]})
    vals = [v for s in primary.series for v in s.values if v is not None]
    if percent:
        lo, hi = 0.0, 1.0
        _, neg, _ = _stack_totals(primary, n)
        if any(x < 0 for x in neg):
            lo = -1.0
    elif stacked:
        pos, neg, _ = _stack_totals(primary, n)
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

    wrapped: list[list[str]] = []

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
            plot.w = box.x + box.w - plot.x - ser_w - right.room  # the category labels stay within the plot's width
            cat_h = csize + _tick_room(caxis)
            wrapped.clear()
            if clabels and n and cat_lab > 0.95 * plot.w / n:
                # LibreOffice breaks labels too wide for their band at spaces; a word wider than
                # the band turns them all 45 degrees
                wrapped.extend(_wrap(c, csize, 0.95 * plot.w / n) for c in cats)
                if any(not lines for lines in wrapped):
                    wrapped.clear()
                    rotate = True
                    cat_h = min(cat_lab * 0.71 + size * 1.2, box.h * 0.45)
                else:
                    cat_h += csize * look.line * (max(len(lines) for lines in wrapped) - 1)
            plot.h = box.y + box.h - plot.y - (cat_h if clabels else size * 0.5)
        return (_Box(*manual) if manual is not None else plot), rotate

    # a 3-D chart's depth axis of series names, drawn flat: a column of names right of the plot
    saxis = chart.series_axis if not horizontal and chart.view_3d is not None else None
    snames = [s.name or f"Series {i + 1}" for i, s in enumerate(chart.series)]
    ssize, scolor = text_look(saxis.text_style, look.size, look.color) if saxis else (csize, ccolor)
    shown_series = saxis is not None and _labelled(saxis)
    ser_w = max(_text_w(t, ssize) for t in snames) + _tick_room(saxis) if shown_series and snames else 0.0

    def scale(intervals: int) -> tuple[float, float, list[float], list[str]]:
        vmin, vmax, step = nice_scale(lo, hi, vaxis, intervals=intervals, border=chart.view_3d is None and not percent)
        ticks = _ticks(vmin, vmax, step)
        return vmin, vmax, ticks, [format_number(t, fmt) for t in ticks]

    # LibreOffice lays the chart out twice: at most ten intervals first, then as many as the
    # axis has room for, one label's height (a horizontal axis: width) each
    right = _SecondaryAxis(chart, y2, [chart.series[i] for i in sorted(sec)], 10)
    vmin, vmax, ticks, labels = scale(10)
    plot, rotate = layout(labels)
    if vlabels and labels:
        per = max(_text_w(t, size) for t in labels) if horizontal else size * look.line
        room = int(((plot.w if horizontal else plot.h) / per) if per > 0 else 10)
        if room < 10:
            vmin, vmax, ticks, labels = scale(room)
            plot, rotate = layout(labels)
    if right.shown:
        right = _SecondaryAxis(chart, y2, right.series, int(plot.h / (right.size * look.line)), right.room)
    plot = squeezed_plot(plot, losses)
    span = vmax - vmin or 1.0
    _draw_axis_titles(outer, plot, left, bottom, out)
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
    right.draw(plot, out)
    # category axis
    # a value axis crossing on the categories (c:crossBetween midCat) puts a line or area chart's
    # points on the tick marks, the first and last on the plot's edges (LibreOffice: the category
    # axis is not shifted); bars always sit between them
    edge = (
        not horizontal
        and n > 1
        and vaxis.cross_between == "midCat"
        and not any((s.chart_type or chart.chart_type) in ("bar", "column") for s in chart.series)
    )
    band = (plot.h if horizontal else plot.w) / (n - 1 if edge else n)

    def cpos(i: int) -> float:
        """Where category i's band starts (edge: half a band before its tick mark)."""
        k = n - 1 - i if (horizontal != caxis.reverse) else i
        return (plot.y + k * band) if horizontal else (plot.x + (k - 0.5 if edge else k) * band)

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
            elif wrapped:
                for k, line in enumerate(wrapped[i]):
                    ly = plot.y + plot.h + csize * 0.9 + k * csize * look.line
                    out.append(_text(mid, ly, line, csize, color=ccolor))
            elif rotate:
                ty = plot.y + plot.h + csize * 0.6
                turn = f' transform="rotate(-45 {_f(mid)} {_f(ty)})"'
                out.append(_text(mid, ty, c, csize, "end", color=ccolor, extra=turn))
            else:
                out.append(_text(mid, plot.y + plot.h + csize * 0.9, c, csize, color=ccolor))
    if caxis.gridlines:
        for i in range(n if edge else n + 1):
            p = (plot.y + i * band) if horizontal else (plot.x + i * band)
            if horizontal:
                out.append(_grid_line(plot.x, p, plot.x + plot.w, p, cgrid))
            else:
                out.append(_grid_line(p, plot.y, p, plot.y + plot.h, cgrid))
    if shown_series:  # bottom up, the first series nearest the front, as LibreOffice's depth axis
        for i, name in enumerate(snames):
            sy = plot.y + plot.h - ssize * look.line * (i + 0.5)
            out.append(_text(plot.x + plot.w + _tick_room(saxis), sy, name, ssize, "start", color=scolor))
    colors = _series_colors(chart)
    labels_on = chart.data_labels is not None and chart.data_labels.show_value
    lfmt = (chart.data_labels.number_format if chart.data_labels else None) or vaxis.number_format
    # a combo chart: each plot type draws its own series on the shared axes (bars first, as Office)
    groups: dict[tuple[str, bool], list[int]] = {}
    for si, s in enumerate(chart.series):
        kind = s.chart_type if s.chart_type in _COMBO_KINDS else chart.chart_type
        if horizontal and kind == "column":
            kind = "bar"
        groups.setdefault((kind, si in sec), []).append(si)
    for kind, secondary in sorted(groups, key=lambda k: (k[0] not in ("bar", "column"), k[1])):
        idx = groups[kind, secondary]
        at = right.pos(plot) if secondary else vpos
        at_base = at(min(max(0.0, right.vmin), right.vmax)) if secondary else base
        own_fmt = (chart.data_labels.number_format if chart.data_labels else None) or (y2 or vaxis).number_format
        gfmt = own_fmt if secondary else lfmt
        update = {"chart_type": kind, "series": [chart.series[i] for i in idx]}
        if chart.style_lines:
            update["style_lines"] = [_style(chart.style_lines, i) for i in idx]
        part = chart.model_copy(update=update)
        cols = [colors[i] for i in idx]
        if kind in ("bar", "column"):
            _bars(part, n, horizontal, stacked, percent, band, cpos, at, cols, labels_on, gfmt, out)
        else:
            _lines(part, n, stacked, percent, band, cpos, at, at_base, cols, labels_on, gfmt, out)


def _wrap(text: str, size: float, width: float) -> list[str]:
    """`text` broken at spaces into lines no wider than `width`; [] when a word is wider."""
    lines: list[str] = []
    for word in text.split():
        if _text_w(word, size) > width:
            return []
        if lines and _text_w(lines[-1] + " " + word, size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [text]


class _SecondaryAxis:
    """The secondary value axis of a column / line combo: its own scale from its series' values (at
    most `intervals`, as the primary's), its labels right of the plot beside the tick marks and a 1 mm
    gap, as LibreOffice draws it; `room` is the width they take (0 when there is none)."""

    def __init__(self, chart: ChartData, axis: ChartAxis | None, series: list, intervals: int, room: float = -1):
        self.series, self.axis = series, axis
        self.shown = bool(series) and axis is not None
        look = _look()
        self.size, self.color = text_look(axis.text_style if axis else None, look.size, look.color)
        vals = [v for s in series for v in s.values if v is not None]
        lo, hi = (min(vals), max(vals)) if vals else (0.0, 1.0)
        self.vmin, self.vmax, step = nice_scale(
            lo, hi, axis or ChartAxis(), intervals=max(intervals, 1), border=chart.view_3d is None
        )
        self.ticks = _ticks(self.vmin, self.vmax, step) if self.shown else []
        fmt = axis.number_format if axis else None
        self.labels = [format_number(t, fmt) for t in self.ticks]
        labelled = self.shown and _labelled(axis)  # type: ignore[arg-type]
        self.labelled = labelled
        if room < 0:
            wide = max((_text_w(t, self.size) for t in self.labels), default=0.0)
            room = wide + _tick_room(axis) if labelled else 0.0  # type: ignore[arg-type]
        self.room = room

    def pos(self, plot: _Box):
        span = (self.vmax - self.vmin) or 1.0
        flip = self.axis is not None and self.axis.reverse

        def at(v: float) -> float:
            f = (v - self.vmin) / span
            return plot.y + plot.h - (1 - f if flip else f) * plot.h

        return at

    def draw(self, plot: _Box, out: list[str]) -> None:
        if not self.labelled:
            return
        at = self.pos(plot)
        for t, lab in zip(self.ticks, self.labels, strict=False):
            out.append(_text(plot.x + plot.w + self.size * 0.4, at(t), lab, self.size, "start", color=self.color))


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
