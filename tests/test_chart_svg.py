"""Charts drawn from their data as SVG: each chart type, groupings, axes, legend, labels."""

from __future__ import annotations

import math

import pytest
from lxml import etree

from ace_core.color import Color
from ace_core.drawing.charts import chart_svg, format_number, nice_scale
from ace_core.ir.semantic import ChartAxis, ChartData, ChartLegend, ChartSeries, DataLabels
from ace_core.ir.style import SolidPaint
from ace_core.ir.text import TextStyle

SVG = "{http://www.w3.org/2000/svg}"


def _parse(svg: str) -> etree._Element:
    return etree.fromstring(svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))


def _data(kind: str = "column", grouping: str = "clustered", **kw) -> ChartData:
    kw.setdefault("text_style", TextStyle(font_size=12))
    return ChartData(
        chart_type=kind,  # type: ignore[arg-type]
        grouping=grouping,  # type: ignore[arg-type]
        categories=["Q1", "Q2", "Q3"],
        series=[ChartSeries(name="A", values=[10, 20, 30]), ChartSeries(name="B", values=[5, 15, 10])],
        **kw,
    )


def _bars(root: etree._Element, fill: str) -> list[etree._Element]:
    return [r for r in root.iter(SVG + "rect") if r.get("fill") == fill and float(r.get("width", 0)) > 12]


def test_clustered_columns_scale_with_values_and_sit_on_the_axis() -> None:
    root = _parse(chart_svg(_data(), 600, 400).svg)
    a = _bars(root, "#4472c4")
    b = _bars(root, "#ed7d31")
    assert len(a) == 3 and len(b) == 3
    heights = [float(r.get("height")) for r in a]
    assert heights[1] == pytest.approx(2 * heights[0], rel=0.01) and heights[2] == pytest.approx(
        3 * heights[0], rel=0.01
    )
    bottoms = {round(float(r.get("y")) + float(r.get("height")), 1) for r in a + b}
    assert len(bottoms) == 1  # every bar starts on the zero line
    assert all(float(x.get("x")) < float(y.get("x")) for x, y in zip(a, b, strict=True))  # A left of B
    texts = [t.text for t in root.iter(SVG + "text")]
    assert {"Q1", "Q2", "Q3", "A", "B", "0", "30"} <= set(texts)


def test_stacked_and_percent_columns() -> None:
    root = _parse(chart_svg(_data(grouping="stacked"), 600, 400).svg)
    a, b = _bars(root, "#4472c4"), _bars(root, "#ed7d31")
    for ra, rb in zip(a, b, strict=True):
        assert float(rb.get("y")) + float(rb.get("height")) == pytest.approx(float(ra.get("y")), abs=0.02)
    root = _parse(chart_svg(_data(grouping="percent_stacked"), 600, 400).svg)
    a, b = _bars(root, "#4472c4"), _bars(root, "#ed7d31")
    totals = [float(x.get("height")) + float(y.get("height")) for x, y in zip(a, b, strict=True)]
    assert max(totals) - min(totals) < 0.05  # every column fills the 0-100 % axis (to the SVG's 0.01 px)
    assert "100%" in [t.text for t in root.iter(SVG + "text")]


def test_horizontal_bars_grow_along_x() -> None:
    root = _parse(chart_svg(_data("bar"), 600, 400).svg)
    a = [r for r in root.iter(SVG + "rect") if r.get("fill") == "#4472c4" and float(r.get("height")) > 12]
    widths = [float(r.get("width")) for r in a]
    assert widths[2] == pytest.approx(3 * widths[0], rel=0.01)
    # Office draws the first category at the bottom
    assert float(a[0].get("y")) > float(a[2].get("y"))


def test_line_area_scatter_radar_and_bubble_draw_their_series() -> None:
    line = _parse(chart_svg(_data("line"), 600, 400).svg)
    strokes = [p for p in line.iter(SVG + "path") if p.get("stroke") in ("#4472c4", "#ed7d31")]
    assert len(strokes) == 2 and len(list(line.iter(SVG + "circle"))) == 6
    area = _parse(chart_svg(_data("area", "stacked"), 600, 400).svg)
    assert len([p for p in area.iter(SVG + "path") if p.get("fill") in ("#4472c4", "#ed7d31")]) == 2
    scatter = ChartData(
        chart_type="scatter", series=[ChartSeries(name="s", values=[1, 4, 9], x_values=[1, 2, 3], marker="square")]
    )
    root = _parse(chart_svg(scatter, 500, 300).svg)
    squares = [r for r in root.iter(SVG + "rect") if r.get("fill") == "#4472c4" and r.get("width") == "7"]
    assert len(squares) == 3
    ys = [float(r.get("y")) for r in squares]
    assert ys[0] > ys[1] > ys[2]
    bubble = ChartData(chart_type="bubble", series=[ChartSeries(values=[1, 2], x_values=[1, 2], sizes=[1, 4])])
    radii = [float(c.get("r")) for c in _parse(chart_svg(bubble, 500, 300).svg).iter(SVG + "circle")]
    assert radii[1] == pytest.approx(2 * radii[0], rel=0.01)  # area follows the size
    radar = _parse(chart_svg(_data("radar"), 400, 400).svg)
    assert any(p.get("stroke") == "#4472c4" for p in radar.iter(SVG + "path"))


def test_pie_and_doughnut_slices_follow_the_values() -> None:
    data = ChartData(
        chart_type="pie",
        categories=["a", "b"],
        series=[ChartSeries(values=[3, 1], point_fills=[SolidPaint(color=Color.from_hex("#112233")), None])],
        data_labels=DataLabels(show_value=False, show_percent=True),
    )
    root = _parse(chart_svg(data, 400, 300).svg)
    slices = [p for p in root.iter(SVG + "path") if p.get("stroke") == "#ffffff"]
    assert [s.get("fill") for s in slices] == ["#112233", "#ed7d31"]
    assert " 0 1 1 " in slices[0].get("d")  # the 75 % slice takes the large arc
    assert {"75%", "25%"} <= {t.text for t in root.iter(SVG + "text")}
    doughnut = data.model_copy(update={"chart_type": "doughnut", "hole_size": 60.0})
    d = next(p for p in _parse(chart_svg(doughnut, 400, 300).svg).iter(SVG + "path") if p.get("stroke")).get("d")
    assert d.count("A") == 2  # outer and inner arc


def test_title_legend_positions_and_losses() -> None:
    data = _data(title="Revenue", legend=ChartLegend(position="bottom"))
    root = _parse(chart_svg(data, 600, 400).svg)
    texts = {t.text: t for t in root.iter(SVG + "text")}
    assert float(texts["Revenue"].get("y")) < 40
    assert float(texts["A"].get("y")) > 350  # legend at the bottom
    no_legend = _parse(chart_svg(_data(legend=None), 600, 400).svg)
    assert "A" not in {t.text for t in no_legend.iter(SVG + "text")}
    assert chart_svg(_data("stock"), 300, 200).losses
    assert chart_svg(ChartData(), 300, 200).losses


def test_text_follows_the_chart_text_style_and_palette() -> None:
    default = _parse(chart_svg(_data(text_style=None, title="T"), 600, 400).svg)
    sizes = {t.text: float(t.get("font-size")) for t in default.iter(SVG + "text")}
    assert sizes["Q1"] == 24.0 and sizes["T"] == pytest.approx(28.8)  # 18 pt, title 1.2 x and bold
    assert [t.get("font-weight") for t in default.iter(SVG + "text") if t.text == "T"] == ["700"]
    style = TextStyle(font_size=10, fill=SolidPaint(color=Color.from_hex("#123456")), font_family="Liberation Serif")
    root = _parse(chart_svg(_data(text_style=style), 600, 400, palette=["#aa0000", "#00aa00"]).svg)
    q1 = next(t for t in root.iter(SVG + "text") if t.text == "Q1")
    assert (q1.get("font-size"), q1.get("fill")) == ("10", "#123456")
    assert root.get("font-family").startswith("&#39;Liberation Serif&#39;") or "Liberation Serif" in root.get(
        "font-family"
    )
    assert _bars(root, "#aa0000") and _bars(root, "#00aa00")


def test_axis_settings_and_number_formats() -> None:
    assert nice_scale(0, 87) == (0.0, 100.0, 10.0)  # 87 lies within 1/21 of 90: one interval more
    assert nice_scale(0, 87, intervals=5) == (0.0, 100.0, 20.0)
    assert nice_scale(3, 7, include_zero=False)[2] in (0.5, 1.0)
    assert nice_scale(0, 50, ChartAxis(min=10, max=40, major_unit=10)) == (10, 40, 10)
    assert format_number(0.256, "0%") == "26%"
    assert format_number(1234567.891, "#,##0.00") == "1,234,567.89"
    assert format_number(2.50, "General") == "2.5"
    assert format_number(12, '"$"#,##0') in ("$12", "12")
    data = _data(y_axis=ChartAxis(min=0, max=60, major_unit=20, number_format="0.0", gridlines=True))
    texts = [t.text for t in _parse(chart_svg(data, 600, 400).svg).iter(SVG + "text")]
    assert {"0.0", "20.0", "40.0", "60.0"} <= set(texts)
    assert not math.isnan(float(_bars(_parse(chart_svg(data, 600, 400).svg), "#4472c4")[0].get("height")))


def test_a_combo_chart_draws_its_line_series_as_lines_over_the_bars() -> None:
    data = _data(extra_types=["line"])
    data.series[1].chart_type = "line"
    result = chart_svg(data, 600, 400)
    root = _parse(result.svg)
    assert len(_bars(root, "#4472c4")) == 3  # the column series, one bar per category
    assert not _bars(root, "#ed7d31")  # the line series draws no bars...
    lines = [p for p in root.iter(SVG + "path") if p.get("stroke") == "#ed7d31" and p.get("fill") == "none"]
    assert len(lines) == 1  # ...but one polyline
    assert not [m for m in result.losses if "combo" in m]
    # a plot type a category chart cannot mix is still reported
    data.extra_types = ["pie"]
    assert [m for m in chart_svg(data, 600, 400).losses if "combo" in m]


def test_a_pie_starts_its_first_slice_at_the_first_slice_angle() -> None:
    data = ChartData(chart_type="pie", categories=["a", "b"], series=[ChartSeries(values=[1, 1])])
    for angle, (ex, ey) in (
        (None, (0.0, -1.0)),
        (90.0, (1.0, 0.0)),
        (314.0, (-math.sin(math.radians(46)), -math.cos(math.radians(46)))),
    ):
        root = _parse(chart_svg(data.model_copy(update={"first_slice_angle": angle}), 400, 400).svg)
        d = next(p for p in root.iter(SVG + "path") if p.get("stroke") == "#ffffff").get("d")
        x0, y0 = (float(v) for v in d[1:].split("A")[0].split())  # M start A ... L centre Z
        cx, cy = (float(v) for v in d.split("L")[1].rstrip("Z").split())
        r = math.hypot(x0 - cx, y0 - cy)
        assert (x0 - cx) / r == pytest.approx(ex, abs=0.01) and (y0 - cy) / r == pytest.approx(ey, abs=0.01)


def test_an_automatic_value_axis_is_scaled_as_libreoffice_scales_it() -> None:
    """oxsdk-Chart_3D_Column_ leaves its value axis automatic (values up to 5); LibreOffice, whose
    render is the reference, labels it 0, 0.5, ... 5: as many 1 / 2 / 5 x 10^k steps as fit (at most
    ten), no extra interval on a 3-D chart. The old 'Office-like' scale drew 0, 1, ... 6."""
    from pathlib import Path

    from ace_core.ir.nodes import ChartNode
    from adapters.ooxml.read_deck import read_pptx

    src = Path(__file__).resolve().parent.parent / "fixtures" / "pptx" / "oxsdk-Chart_3D_Column_.pptx"
    node = next(n for _, n in read_pptx(src).iter_nodes() if isinstance(n, ChartNode))
    texts = [t.text for t in _parse(chart_svg(node.chart, node.width, node.height).svg).iter(SVG + "text")]
    assert [t for t in texts if t and t.replace(".", "").isdigit()] == [f"{v / 2:g}" for v in range(11)]
    # the same data on a flat chart gains the interval LibreOffice adds when a value comes within
    # 1/21 of the range of the end (0 .. 5.5 by 0.5 is eleven intervals: the step grows to 1);
    # values within 5/6 of each other are widened toward zero by half their range
    assert nice_scale(0, 5) == (0.0, 6.0, 1.0)
    assert nice_scale(68, 78, intervals=8) == (60.0, 80.0, 5.0)
    assert nice_scale(68, 78, intervals=9) == (62.0, 80.0, 2.0)
    assert nice_scale(-5, -1) == (-6.0, 0.0, 1.0)


def test_value_axes_of_small_charts_count_their_intervals_as_libreoffice_does(corpus_dir) -> None:
    """pypptx-cht-chart-type draws six small charts a slide, their category axes with
    tickLblPos="none" (no labels: LibreOffice shows none, so the plot keeps their room) and their
    value axes automatic. LibreOffice fits as many intervals as the axis has label heights (the
    face's ascent + descent: 1 em for Carlito) up to ten; these are the labels its PDF shows."""
    from ace_core.ir.nodes import ChartNode
    from adapters.ooxml.read_deck import read_pptx

    deck = read_pptx(corpus_dir / "pptx" / "pypptx-cht-chart-type.pptx")
    pct = [f"{v}%" for v in range(0, 101, 10)]

    def by(step: int, top: int) -> list[str]:
        return [str(v) for v in range(0, top + 1, step)]

    want = [  # slide 1: areas (standard, stacked, percent) x 2; slide 2: bars then columns
        [by(5, 35), by(5, 50), pct, by(5, 35), by(5, 45), pct],
        [by(1, 6), by(2, 14), None, by(1, 6), by(2, 14), pct],  # None: LibreOffice 0 .. 100 % by 20
    ]
    for slide, expected in zip(deck.slides, want, strict=False):
        charts = [n for n in slide.children if isinstance(n, ChartNode)]
        assert len(charts) == 6
        for node, labels in zip(charts, expected, strict=True):
            assert node.chart.x_axis.tick_labels == "none"
            texts = [t.text for t in _parse(chart_svg(node.chart, node.width, node.height).svg).iter(SVG + "text")]
            assert not [t for t in texts if t.startswith("Category")]
            if labels is not None:
                assert texts == labels


def test_scatter_points_show_their_values_when_the_labels_show_values() -> None:
    """shapecrawler-021's scatter chart (slide 3) turns on showVal for its series: LibreOffice
    writes each point's y value beside it in the values' own format (6.7, 7.2, ...; the axis's
    #,##0 is the axis's), as a line chart's labels would."""
    from pathlib import Path

    from ace_core.ir.nodes import ChartNode
    from adapters.ooxml.read_deck import read_pptx

    deck = read_pptx(Path(__file__).resolve().parent.parent / "fixtures" / "pptx" / "shapecrawler-021.pptx")
    node = next(n for n in deck.slides[2].children if isinstance(n, ChartNode))
    assert node.chart.chart_type == "scatter"
    texts = [t.text for t in _parse(chart_svg(node.chart, node.width, node.height).svg).iter(SVG + "text")]
    values = [f"{v:g}" for s in node.chart.series for v in s.values if v is not None]
    assert len(values) == 22 and all(v in texts for v in values)
    assert {"6.7", "7.2", "2.4"} <= set(texts)


def test_category_labels_that_fit_their_band_stay_level(corpus_dir) -> None:
    """pypptx-cht-series's first column chart: 'Category 1' .. 'Category 4' fit their bands in
    the chart's face (Calibri, drawn as Carlito), and LibreOffice writes them level. Measured by
    0.55 em a character they seemed not to fit and were turned 45 degrees, which also took the
    plot's height; text is measured with the face's own advances now."""
    from ace_core.ir.nodes import ChartNode
    from adapters.ooxml.read_deck import read_pptx

    deck = read_pptx(corpus_dir / "pptx" / "pypptx-cht-series.pptx")
    node = next(n for n in deck.slides[0].children if isinstance(n, ChartNode))
    root = _parse(chart_svg(node.chart, node.width, node.height).svg)
    cats = [t for t in root.iter(SVG + "text") if (t.text or "").startswith("Category")]
    assert len(cats) == 4 and not any(t.get("transform") for t in cats)
