"""The look a chart style (c:style) gives series without their own, and the order LibreOffice draws
bars and areas in (issue 18, class 4: series colours from the chart style).

python-pptx (up to 0.6) wrote every chart with c:style 18 inside mc:AlternateContent (its fallback;
the c14 choice is Office 2010's numbering) and no series formatting, as the corpus' pypptx-cht-*
decks have it; the tests put that block back into today's python-pptx chart. LibreOffice, as Office, fills such
series with the theme's intense fill style (a gradient in python-pptx's theme) in the accents and
draws their lines 5 x the theme's first line width."""

from __future__ import annotations

from pathlib import Path

from lxml import etree
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE, XL_LEGEND_POSITION
from pptx.util import Inches
from test_ooxml_read import rezip

from ace_core.drawing.charts import chart_svg
from ace_core.ir.style import GradientPaint
from adapters.ooxml.read_deck import read_pptx

SVG = "{http://www.w3.org/2000/svg}"
STYLE = (
    '<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">'
    '<mc:Choice Requires="c14" xmlns:c14="http://schemas.microsoft.com/office/drawing/2007/8/2/chart">'
    '<c14:style val="118"/></mc:Choice><mc:Fallback><c:style val="18"/></mc:Fallback></mc:AlternateContent>'
)


def _styled(body: bytes) -> bytes:
    return body.replace(b'<c:date1904 val="0"/>', b'<c:date1904 val="0"/>' + STYLE.encode(), 1)


def _charts(tmp_path: Path, kind: XL_CHART_TYPE, legend: bool = False):
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData()
    data.categories = ["Foo", "Bar", "Baz"]
    data.add_series("S1", (1.2, 2.3, 3.4))
    data.add_series("S2", (4.5, 1.0, 6.7))
    data.add_series("S3", (7.8, 8.9, 9.0))
    frame = slide.shapes.add_chart(kind, Inches(1), Inches(1), Inches(8), Inches(5), data)
    if legend:
        frame.chart.has_legend = True
        frame.chart.legend.position = XL_LEGEND_POSITION.RIGHT
        frame.chart.legend.include_in_layout = False
    path = tmp_path / "chart.pptx"
    prs.save(path)
    deck = read_pptx(rezip(path, tmp_path / "styled.pptx", {"ppt/charts/chart1.xml": _styled}))
    return next(n for _, n in deck.iter_nodes() if n.type == "CHART").chart


def _svg(chart) -> etree._Element:
    svg = chart_svg(chart, 800, 500).svg
    return etree.fromstring(svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))


def test_the_chart_style_fills_series_with_the_theme_s_intense_gradient(tmp_path: Path) -> None:
    chart = _charts(tmp_path, XL_CHART_TYPE.COLUMN_CLUSTERED)
    assert chart.style == 18  # from the markup-compatibility fallback
    assert all(s.fill is None for s in chart.series)  # the series state no fill of their own
    fills = chart.style_fills
    assert fills is not None and len(fills) == 3
    assert all(isinstance(f, GradientPaint) and len(f.stops) == 2 for f in fills)  # the theme's third style

    def lum(hex_: str) -> int:
        return sum(int(hex_[i : i + 2], 16) for i in (1, 3, 5))

    # accent 1..3 of the theme, full at the gradient's start (its bottom: drawn upward), lighter at its end
    assert len({f.stops[0].color.hex for f in fills}) == 3
    assert all(lum(f.stops[0].color.hex) < lum(f.stops[1].color.hex) for f in fills)
    r, g, b = (int(fills[0].stops[0].color.hex[i : i + 2], 16) for i in (1, 3, 5))
    assert b > r and b > g  # accent 1, a blue
    root = _svg(chart)
    grads = {g.get("id"): g for g in root.iter(SVG + "linearGradient")}
    assert len(grads) == 3
    bars = [r for r in root.iter(SVG + "rect") if (r.get("fill") or "").startswith("url(#")]
    assert len(bars) == 9  # three series x three categories (no legend)
    first = grads[bars[0].get("fill")[5:-1]]
    assert float(first.get("y1")) > float(first.get("y2"))  # dark at the bottom, light at the top


def test_the_chart_style_widens_lines(tmp_path: Path) -> None:
    chart = _charts(tmp_path, XL_CHART_TYPE.LINE)
    lines = chart.style_lines
    assert lines is not None and [round(line.weight, 2) for line in lines] == [5.0, 5.0, 5.0]  # 9525 EMU x 5
    paths = [p for p in _svg(chart).iter(SVG + "path") if p.get("fill") == "none" and p.get("stroke")]
    assert [p.get("stroke-width") for p in paths] == ["5", "5", "5"]


def test_a_bar_chart_stacks_series_upward_and_lists_them_last_first(tmp_path: Path) -> None:
    chart = _charts(tmp_path, XL_CHART_TYPE.BAR_CLUSTERED, legend=True)
    root = _svg(chart)
    bars = [r for r in root.iter(SVG + "rect") if float(r.get("height")) > 10 and float(r.get("width")) > 20]
    # the first category's bars (the lowest band): series 1 lowest, series 3 highest
    foo = sorted(bars, key=lambda r: -float(r.get("y")))[:3]
    widths = [round(float(r.get("width"))) for r in sorted(foo, key=lambda r: -float(r.get("y")))]
    assert widths == sorted(widths)  # 1.2 < 4.5 < 7.8, bottom up
    names = [t.text for t in root.iter(SVG + "text") if t.text in ("S1", "S2", "S3")]
    assert names == ["S3", "S2", "S1"]


def test_overlapping_areas_show_the_first_series_in_front(tmp_path: Path) -> None:
    chart = _charts(tmp_path, XL_CHART_TYPE.AREA)
    fills = [p.get("fill") for p in _svg(chart).iter(SVG + "path") if (p.get("fill") or "").startswith("url(")]
    grads = chart_svg(chart, 800, 500).svg
    assert len(fills) == 3
    # drawn last to first: the first series' gradient (accent 1) is the last path
    first = chart.style_fills[0].stops[0].color.hex.lower()
    last_id = fills[-1][5:-1]
    assert f'id="{last_id}"' in grads and first in grads.split(f'id="{last_id}"')[1].split("</linearGradient>")[0]


def test_gradient_series_keep_their_gradient_in_figma(tmp_path: Path) -> None:
    """The Figma writer draws a chart from its SVG: a series filled with a <linearGradient>
    (url(#id)) is a GRADIENT_LINEAR paint there, not an unfilled shape."""
    from adapters.figma.svg import svg_nodes

    chart = _charts(tmp_path, XL_CHART_TYPE.COLUMN_CLUSTERED)
    nodes = svg_nodes(chart_svg(chart, 800, 500).svg, 800, 500, "c")
    grads = [f for n in nodes for f in getattr(n, "fills", []) if isinstance(f, GradientPaint)]
    assert len(grads) >= 9  # three series of three bars (and the legend's swatches)
    starts = {g.stops[0].color.hex for g in grads}
    assert starts == {f.stops[0].color.hex for f in chart.style_fills}
    bar = grads[0]
    assert bar.handles[0] != bar.handles[1]  # an axis: drawn along the bar, as the SVG states it
