"""Pie and doughnut charts drawn as SVG: slices, explosion, hole and data labels. Lengths in px."""

from __future__ import annotations

import math

from ace_core.drawing.chart_marks import (
    _AXIS,
    _Box,
    _circle_d,
    _f,
    _fill_attr,
    _look,
    _point_color,
    _text,
)
from ace_core.drawing.chart_numbers import format_number
from ace_core.ir.semantic import ChartData, ChartSeries


def _explosion(s: ChartSeries, i: int) -> float:
    """How far slice i is pulled out of the pie, as a fraction of the radius."""
    own = s.point_explosions[i] if s.point_explosions and i < len(s.point_explosions) else None
    value = own if own is not None else s.explosion
    return max(0.0, min(4.0, (value or 0.0) / 100.0))


def slice_label(chart: ChartData, s: ChartSeries, i: int, v: float, total: float) -> str:
    """Slice i's data label (category; value; percent as the labels show them), '' for none."""
    labels = chart.data_labels
    if labels is None:
        return ""
    parts = []
    if labels.show_category and i < len(chart.categories):
        parts.append(chart.categories[i])
    if labels.show_value:
        parts.append(format_number(s.values[i] or 0.0, labels.number_format))
    if labels.show_percent:
        parts.append(f"{round(100 * v / total)}%")
    return "; ".join(parts)


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
        label = slice_label(chart, s, i, v, total)
        if label:
            mid = (a0 + a1) / 2
            lr = r * (0.7 if not hole else (1 + hole) / 2)
            out.append(_text(cx + lr * math.cos(mid), cy + lr * math.sin(mid), label, _look().size, color="#ffffff"))
        angle = a1
