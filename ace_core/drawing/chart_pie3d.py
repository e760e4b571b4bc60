"""3-D pie charts (OOXML c:pie3DChart) drawn as LibreOffice 7.4 draws them: a tilted disc with depth.

LibreOffice's import (oox View3DConverter) maps c:rotX (10..90, the elevation) to the tilt and uses
c:rotY as the first slice's angle; the pie's depth is a tenth of its diameter (chart2 PieChart's
preferred aspect ratio 1 : 1 : 0.1), whatever c:depthPercent says. Seen from `rotX` above the
plane, the top face is an ellipse rx by rx * sin(rotX) and the side shows depth * cos(rotX). The
drawing is a parallel projection (LibreOffice's perspective is not drawn), fitted into the plot
box with the margin LibreOffice's 3-D scene leaves, and the faces turned from the light are
darkened by a black overlay (so gradients keep their stops). Lengths in px.
"""

from __future__ import annotations

import math

from ace_core.drawing.chart_marks import _Box, _color, _f, _fill_attr, _look, _point_color, _text
from ace_core.drawing.chart_pie import _explosion, slice_label
from ace_core.ir.semantic import ChartData, ChartSeries

__all__ = ["pie_3d"]

DEPTH = 0.1  # the pie's depth over its diameter (chart2 PieChart::getPreferredDiagramAspectRatio)
FIT = 0.9  # the share of the plot box the scene takes, measured on LibreOffice's renders
SIDE_SHADE = 0.15  # how much darker the rim is than the top (black overlay opacity)
CUT_SHADE = 0.25  # the radial faces of pulled-out slices


def _face(d: str, fill: str, alpha: float, shade: float, edge: str = "") -> str:
    out = f'<path d="{d}" {_fill_attr(fill, alpha)}{edge}/>'
    if shade > 0:
        out += f'<path d="{d}" fill="#000000" fill-opacity="{_f(shade)}"/>'
    return out


def pie_3d(chart: ChartData, box: _Box, out: list[str]) -> None:
    """Draw the first series of `chart` as a 3-D pie in `box`."""
    view = chart.view_3d
    s = chart.series[0] if chart.series else ChartSeries()
    vals = [max(v or 0.0, 0.0) for v in s.values]
    total = sum(vals)
    if total <= 0:
        return
    tilt = math.radians(max(10.0, min(90.0, view.rot_x if view else 30.0)))
    squash = math.sin(tilt)
    drop = 2 * DEPTH * math.cos(tilt)  # the side's height over rx
    pulls = [_explosion(s, i) for i in range(len(vals))]
    spread = 1 + max(pulls, default=0.0)
    # the scene (the disc and how far its slices are pulled out) fitted into the box
    rx = min(FIT * box.w / (2 * spread), FIT * box.h / (2 * squash * spread + drop))
    ry, depth = rx * squash, rx * drop
    cx, cy = box.x + box.w / 2, box.y + box.h / 2 - depth / 2
    # the series' own line edges the faces, as a hairline (LibreOffice's 3-D scene draws
    # polygon edges one pixel wide); without one the faces have no edge
    edge = ""
    if s.line is not None and s.line.paint.visible and s.line.weight > 0:
        colour, _ = _color(s.line.paint, "#ffffff")
        edge = f' stroke="{colour}" stroke-width="1" stroke-linejoin="round"'
    start = (view.rot_y if view else 0.0) or chart.first_slice_angle or 0.0

    def at(x0: float, y0: float, a: float, r: float = 1.0) -> tuple[float, float]:
        # a: degrees clockwise from 12 o'clock on the disc; 12 o'clock is its far side
        t = math.radians(a)
        return x0 + r * rx * math.sin(t), y0 - r * ry * math.cos(t)

    sides: list[tuple[float, str]] = []
    tops: list[str] = []
    labels: list[str] = []
    angle = start
    for i, v in enumerate(vals):
        if v <= 0:
            continue
        sweep = 360.0 * v / total
        a0, a1, mid = angle, angle + sweep, angle + sweep / 2
        angle = a1
        col, alpha = _point_color(chart, s, i)
        ox, oy = at(cx, cy, mid, pulls[i])
        p0, p1 = at(ox, oy, a0), at(ox, oy, a1)
        large = 1 if sweep > 180 else 0
        arc = f"A{_f(rx)} {_f(ry)} 0 {large} 1 {_f(p1[0])} {_f(p1[1])}"
        if sweep >= 360 - 1e-9:
            top = (
                f"M{_f(ox - rx)} {_f(oy)}A{_f(rx)} {_f(ry)} 0 1 1 {_f(ox + rx)} {_f(oy)}"
                f"A{_f(rx)} {_f(ry)} 0 1 1 {_f(ox - rx)} {_f(oy)}Z"
            )
        else:
            top = f"M{_f(ox)} {_f(oy)}L{_f(p0[0])} {_f(p0[1])}{arc}Z"
        tops.append(_face(top, col, alpha, 0.0, edge))
        # the rim: the part of the slice's arc on the near half of the disc (90..270 degrees)
        for lo, hi in _near_spans(a0, a1):
            q0, q1 = at(ox, oy, lo), at(ox, oy, hi)
            big = 1 if hi - lo > 180 else 0
            d = (
                f"M{_f(q0[0])} {_f(q0[1])}A{_f(rx)} {_f(ry)} 0 {big} 1 {_f(q1[0])} {_f(q1[1])}"
                f"L{_f(q1[0])} {_f(q1[1] + depth)}A{_f(rx)} {_f(ry)} 0 {big} 0 {_f(q0[0])} {_f(q0[1] + depth)}Z"
            )
            sides.append((max(q0[1], q1[1]), _face(d, col, alpha, SIDE_SHADE, edge)))
        if any(pulls):
            # a pulled-out slice shows its cut faces (and its neighbours theirs)
            for cut in (a0, a1):
                e = at(ox, oy, cut)
                d = _poly_d([(ox, oy), e, (e[0], e[1] + depth), (ox, oy + depth)])
                sides.append(((oy + e[1]) / 2, _face(d, col, alpha, CUT_SHADE)))
        label = slice_label(chart, s, i, v, total)
        if label:
            lx, ly = at(ox, oy, mid, 0.7)
            labels.append(_text(lx, ly, label, _look().size, color="#ffffff"))
    out.extend(d for _, d in sorted(sides, key=lambda item: item[0]))
    out.extend(tops)
    out.extend(labels)


def _near_spans(a0: float, a1: float) -> list[tuple[float, float]]:
    """The parts of the arc a0..a1 (degrees clockwise from 12 o'clock) on the disc's near half."""
    spans = []
    base = math.floor((a0 - 90) / 360) * 360 + 90
    lo = base
    while lo < a1:
        s, e = max(a0, lo), min(a1, lo + 180)
        if e > s:
            spans.append((s, e))
        lo += 360
    return spans


def _poly_d(points: list[tuple[float, float]]) -> str:
    return "M" + "L".join(f"{_f(x)} {_f(y)}" for x, y in points) + "Z"
