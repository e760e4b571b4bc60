"""3-D pie charts (issue 18, charts) drawn as LibreOffice draws them: a disc tilted by c:rotX with
a rim a tenth of its diameter deep, not a flat pie. The deck is Open XML SDK's 3D Pie: two
c:pie3DChart with rotX 30 (one with its slices pulled out 25 %), which LibreOffice draws as an
ellipse half as high as wide above a shaded rim, the pulled-out slices showing their cut faces."""

from __future__ import annotations

import math
import re
from pathlib import Path

from chart_nodes import deck_charts

from ace_core.drawing.charts import chart_svg

DECK = Path(__file__).resolve().parent.parent / "fixtures" / "pptx" / "oxsdk-3D_Pie-O12-PPT-Charts.pptx"


def test_a_3d_pie_is_a_tilted_disc_with_a_rim() -> None:
    whole, pulled = deck_charts(DECK)
    for chart in (whole, pulled):
        assert chart.view_3d is not None and chart.view_3d.rot_x == 30
        drawn = chart_svg(chart, 640, 427)
        assert "3-D chart drawn flat" not in drawn.losses
        radii = {(float(a), float(b)) for a, b in re.findall(r"A([\d.]+) ([\d.]+) 0", drawn.svg)}
        assert radii and all(abs(ry / rx - math.sin(math.radians(30))) < 0.01 for rx, ry in radii)
        # the rim and cut faces are the series colours darkened by a black overlay
        assert 'fill="#000000"' in drawn.svg
    # the pulled-out slices show their cut faces: more shaded faces than the whole pie's rim
    assert chart_svg(pulled, 640, 427).svg.count('fill="#000000"') > chart_svg(whole, 640, 427).svg.count(
        'fill="#000000"'
    )


def test_a_3d_pie_is_wider_than_the_flat_one_in_the_same_box() -> None:
    chart = deck_charts(DECK)[0]
    flat = chart.model_copy(update={"view_3d": None})

    def width(svg: str) -> float:
        # the ends of the slices' lines and arcs (their paths; the legend is rects, the title text)
        xs = [float(x) for d in re.findall(r'<path d="([^"]+)"', svg) for x in re.findall(r"[ML]([\d.]+) ", d)]
        xs += [
            float(x)
            for d in re.findall(r'<path d="([^"]+)"', svg)
            for x in re.findall(r"A\S+ \S+ 0 [01] [01] ([\d.]+)", d)
        ]
        return max(xs) - min(xs)

    assert width(chart_svg(chart, 640, 427).svg) > 1.2 * width(chart_svg(flat, 640, 427).svg)
