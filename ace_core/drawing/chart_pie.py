"""Pie and doughnut charts drawn as SVG: slices, explosion, hole and data labels. Lengths in px."""

from __future__ import annotations

import math

from ace_core.drawing.chart_look import plot_box
from ace_core.drawing.chart_marks import (
    _AXIS,
    _Box,
    _circle_d,
    _f,
    _fill_attr,
    _label_lines,
    _label_look,
    _look,
    _own_label,
    _point_color,
    _text_w,
)
from ace_core.drawing.chart_numbers import format_number
from ace_core.ir.semantic import ChartData, ChartSeries, DataLabels


def _explosion(s: ChartSeries, i: int) -> float:
    """How far slice i is pulled out of the pie, as a fraction of the radius."""
    own = s.point_explosions[i] if s.point_explosions and i < len(s.point_explosions) else None
    value = own if own is not None else s.explosion
    return max(0.0, min(4.0, (value or 0.0) / 100.0))


def slice_label(chart: ChartData, s: ChartSeries, i: int, v: float, total: float) -> str:
    """Slice i's data label: its own text (a label range's cell, its rich text), else category;
    value; percent as the labels show them, '' for none. A percent number format (0.0%) on the
    labels formats the percent, any other the value; the percent is 0% without one."""
    labels = chart.data_labels
    if labels is None:
        return ""
    own = _own_label(s, i)
    if own is not None:
        return own
    fmt = labels.number_format
    percent_fmt = fmt if fmt and "%" in fmt and labels.show_percent else None
    parts = []
    if labels.show_category and i < len(chart.categories):
        parts.append(chart.categories[i])
    if labels.show_value:
        parts.append(format_number(s.values[i] or 0.0, None if percent_fmt else fmt))
    if labels.show_percent:
        parts.append(format_number(v / total, percent_fmt or "0%"))
    return (labels.separator if labels.separator is not None else _default_separator(labels)).join(parts)


def _default_separator(labels: DataLabels) -> str:
    """The separator a slice label's parts get when the chart names none: a line break between
    category name and percent shown alone together (PowerPoint's and LibreOffice's default for
    pie charts), else '; '."""
    alone = labels.show_category and labels.show_percent and not (labels.show_value or labels.show_series)
    return "\n" if alone else "; "


_LABEL_GAP = 5.0  # px between a label and the pie's edge (LibreOffice renders: inside and outside)


def _extent(lines: list[str], size: float, c: float, s: float) -> tuple[float, float, float]:
    """A label's (half width, half height, half extent along direction (c, s)), px."""
    hw = max(_text_w(line, size) for line in lines) / 2
    hh = len(lines) * size * 1.2 / 2
    return hw, hh, abs(c) * hw + abs(s) * hh


def _fitted(r: float, box: _Box, texts: list[tuple[list[str], float]], size: float) -> tuple[float, float, float]:
    """(radius, x offset, y offset of the centre) that fit the pie and its labels set outside it
    (outEnd; bestFit sizes the pie the same way, as LibreOffice does) in the plot box, their
    bounds centred in it: the radius at most `r`, at least half of it."""
    r0 = r
    dx = dy = 0.0
    for _ in range(6):
        x0, x1, y0, y1 = -r, r, -r, r
        for lines, mid in texts:
            c, s = math.cos(mid), math.sin(mid)
            hw, hh, e = _extent(lines, size, c, s)
            d = r + e + _LABEL_GAP
            x0, x1 = min(x0, d * c - hw), max(x1, d * c + hw)
            y0, y1 = min(y0, d * s - hh), max(y1, d * s + hh)
        dx, dy = -(x0 + x1) / 2, -(y0 + y1) / 2
        grow = min(box.w - (x1 - x0), box.h - (y1 - y0)) / 2
        if abs(grow) < 0.05:
            break
        r = min(r0, max(r0 / 2, r + grow))
    return r, dx, dy


def _label_distance(pos: str, lines: list[str], size: float, mid: float, sweep: float, r: float, hole: float) -> float:
    """How far from the centre slice label's centre sits, as LibreOffice places it: ctr at half
    the radius (a doughnut: mid-ring), inEnd just inside the edge, outEnd just outside it, inBase
    by the centre, bestFit inside the edge when the label fits in its slice there, else outside."""
    c, s = math.cos(mid), math.sin(mid)
    hw, hh, e = _extent(lines, size, c, s)
    if hole or pos == "ctr":
        return r * ((1 + hole) / 2 if hole else 0.5)
    inside = max(r - e - _LABEL_GAP, 0.0)
    if pos == "outEnd":
        return r + e + _LABEL_GAP
    if pos == "inBase":
        return e + _LABEL_GAP
    if pos == "bestFit":
        across = abs(s) * hw + abs(c) * hh  # the label's half extent across the radius
        if sweep < math.pi and 2 * inside * math.sin(sweep / 2) < 2 * across:
            return r + e + _LABEL_GAP
    return inside


def _pie(chart: ChartData, box: _Box, out: list[str]) -> None:
    s = chart.series[0] if chart.series else ChartSeries()
    vals = [max(v or 0.0, 0.0) for v in s.values]
    total = sum(vals)
    # a manual layout of the plot area's inside (c:layoutTarget inner) is the pie's own box
    manual = plot_box(chart, _look().width, _look().height)
    if manual is not None:
        box = _Box(*manual)
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    r = max(min(box.w, box.h) / 2 - (0 if manual else 6), 1.0)
    hole = 0.0
    if chart.chart_type == "doughnut":
        hole = (chart.hole_size if chart.hole_size is not None else 50.0) / 100.0
    if total <= 0:
        out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="none" stroke="{_AXIS}"/>')
        return
    pulls = [_explosion(s, i) for i in range(len(vals))]
    r /= 1 + max(pulls, default=0.0)  # exploded slices stay inside the box
    centre = cx, cy
    start = math.radians((chart.first_slice_angle or 0.0) - 90.0)
    size, color = _label_look(chart)
    pos = (chart.data_labels.position if chart.data_labels else None) or "bestFit"
    texts: list[tuple[list[str], float]] = []  # each label's lines and its slice's middle angle
    angle = start
    for i, v in enumerate(vals):
        sweep = 2 * math.pi * v / total if v > 0 else 0.0
        label = slice_label(chart, s, i, v, total) if v > 0 else ""
        texts.append((label.split("\n") if label else [], angle + sweep / 2))
        angle += sweep
    if pos in ("outEnd", "bestFit") and not hole and manual is None and any(lines for lines, _ in texts):
        r, dx, dy = _fitted(r, box, [t for t in texts if t[0]], size)
        centre = cx + dx, cy + dy
    labels_out: list[str] = []
    angle = start
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
        lines = texts[i][0]
        if lines:
            lr = _label_distance(pos, lines, size, mid, sweep, r, hole)
            lx, ly = cx + lr * math.cos(mid), cy + lr * math.sin(mid)
            labels_out += _label_lines(lx, ly, "\n".join(lines), size, "middle", color)
        angle = a1
    out.extend(labels_out)  # over every slice
