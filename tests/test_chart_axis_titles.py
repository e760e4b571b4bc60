"""Axis titles and a 3-D chart's depth axis are drawn with the chart (issue 18: the text recall of
chart slides). A c:title on an axis without text of its own shows "Axis Title", as PowerPoint and
LibreOffice draw it (python-pptx writes exactly that for `axis.has_title = True`); the Open XML
SDK's 3-D column chart has a series axis (c:serAx) whose labels are the series' names."""

from __future__ import annotations

import re
from pathlib import Path

from pptx import Presentation
from pptx.chart.data import CategoryChartData, XyChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Inches

from ace_core.drawing.charts import chart_svg
from adapters.ooxml.read_deck import read_pptx

DECK_3D = Path(__file__).resolve().parents[1] / "fixtures" / "pptx" / "oxsdk-Chart_3D_Column_.pptx"


def _chart(deck):
    return next(n for _, n in deck.iter_nodes() if n.type == "CHART").chart


def _texts(svg: str) -> list[tuple[float, float, str, str]]:
    """(x, y, text, the rest of the element's attributes) of every <text> of the drawing."""
    found = re.findall(r'<text x="([-\d.]+)" y="([-\d.]+)"([^>]*)>([^<]*)</text>', svg)
    return [(float(x), float(y), text, attrs) for x, y, attrs, text in found]


def _deck(tmp_path: Path, kind: XL_CHART_TYPE, own_text: str | None) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    if kind == XL_CHART_TYPE.XY_SCATTER:
        data = XyChartData()
        s = data.add_series("S")
        for x, y in ((1, 2), (2, 4), (3, 3)):
            s.add_data_point(x, y)
    else:
        data = CategoryChartData()
        data.categories = ["East", "West", "North"]
        data.add_series("Sales", (3.0, 5.0, 4.0))
    chart = slide.shapes.add_chart(kind, Inches(1), Inches(1), Inches(6), Inches(4), data).chart
    chart.value_axis.has_title = True  # a c:title without text: "Axis Title"
    chart.category_axis.has_title = True
    if own_text:
        chart.category_axis.axis_title.text_frame.text = own_text
    path = tmp_path / "axis.pptx"
    prs.save(path)
    return path


def test_an_axis_title_without_text_reads_as_axis_title(tmp_path: Path) -> None:
    chart = _chart(read_pptx(_deck(tmp_path, XL_CHART_TYPE.COLUMN_CLUSTERED, "Region")))
    assert chart.y_axis.title == "Axis Title"
    assert chart.x_axis.title == "Region"


def test_column_axis_titles_sit_left_turned_and_below_the_category_labels(tmp_path: Path) -> None:
    chart = _chart(read_pptx(_deck(tmp_path, XL_CHART_TYPE.COLUMN_CLUSTERED, "Region")))
    texts = _texts(chart_svg(chart, 576, 384).svg)
    value = next(t for t in texts if t[2] == "Axis Title")
    region = next(t for t in texts if t[2] == "Region")
    assert "rotate(-90" in value[3] and 'font-weight="700"' in value[3]
    ticks = [t for t in texts if re.fullmatch(r"[\d.]+", t[2])]
    cats = [t for t in texts if t[2] in ("East", "West", "North")]
    assert value[0] < min(t[0] for t in ticks) - 10  # left of the value labels (their right ends)
    assert region[1] > max(t[1] for t in cats) + 10  # below the category labels
    assert abs(region[0] - (min(t[0] for t in cats) + max(t[0] for t in cats)) / 2) < 1  # centred on the plot


def test_bar_and_scatter_axis_titles_are_drawn(tmp_path: Path) -> None:
    bar = _chart(read_pptx(_deck(tmp_path, XL_CHART_TYPE.BAR_CLUSTERED, "Region")))
    texts = _texts(chart_svg(bar, 576, 384).svg)
    region = next(t for t in texts if t[2] == "Region")  # a bar chart's category axis runs up the left
    assert "rotate(-90" in region[3]
    assert "rotate" not in next(t for t in texts if t[2] == "Axis Title")[3]
    xy = _chart(read_pptx(_deck(tmp_path, XL_CHART_TYPE.XY_SCATTER, None)))
    assert [t[2] for t in _texts(chart_svg(xy, 576, 384).svg)].count("Axis Title") == 2


def test_a_3d_columns_series_axis_shows_the_series_names() -> None:
    chart = _chart(read_pptx(DECK_3D))
    assert chart.series_axis is not None and chart.view_3d is not None
    texts = _texts(chart_svg(chart, 576, 384).svg)
    names = ["Series 1", "Series 2", "Series 3"]
    # the legend lists each name once; the depth axis, right of the plot, bottom up, once more
    assert all([t[2] for t in texts].count(n) == 2 for n in names)
    cats = [t for t in texts if t[2].startswith("Category")]
    depth = sorted((t for t in texts if t[2] in names and 'text-anchor="start"' in t[3]), key=lambda t: -t[1])
    depth = [t for t in depth if t[0] > max(c[0] for c in cats)]
    assert [t[2] for t in depth][:3] == names


def test_bubble_value_labels_show_the_size_in_its_cells_format_at_the_centre() -> None:
    """ShapeCrawler's 021.pptx: a bubble chart with value labels on; LibreOffice shows each bubble's
    size in the size cells' format (#,##0.0) in the middle of the bubble (before: no label drawn)."""
    deck = read_pptx(Path(__file__).resolve().parents[1] / "fixtures" / "pptx" / "shapecrawler-021.pptx")
    chart = next(n for _, n in deck.iter_nodes() if n.type == "CHART" and n.chart.chart_type == "bubble").chart
    assert chart.data_labels is not None and chart.data_labels.number_format == "#,##0.0"
    svg = chart_svg(chart, 600, 400).svg
    circles = [(float(x), float(y)) for x, y in re.findall(r'<circle cx="([-\d.]+)" cy="([-\d.]+)"', svg)]
    labels = [t for t in _texts(svg) if re.fullmatch(r"\d+\.\d", t[2])]
    assert [t[2] for t in labels] == ["60.0", "50.0", "75.0", "125.0", "70.0", "95.0", "50.0", "43.9"]
    assert all(any(abs(t[0] - x) < 0.01 and abs(t[1] - y) < 0.01 for x, y in circles) for t in labels)


def test_xy_series_lines_are_drawn_unless_hidden(tmp_path: Path) -> None:
    """python-pptx's XY_SCATTER_LINES* charts leave the series' line to the default (drawn, as
    LibreOffice draws them); XY_SCATTER hides it with a:ln/a:noFill (markers only). Before, only a
    line of the series' own or a smooth one was drawn: the straight lines were missing."""
    kinds = {
        XL_CHART_TYPE.XY_SCATTER_LINES_NO_MARKERS: 1,
        XL_CHART_TYPE.XY_SCATTER_LINES: 1,
        XL_CHART_TYPE.XY_SCATTER: 0,
    }
    for kind, lines in kinds.items():
        prs = Presentation()
        data = XyChartData()
        s = data.add_series("S")
        for x, y in ((0.7, 2.7), (1.8, 3.2), (2.6, 0.8)):
            s.add_data_point(x, y)
        slide = prs.slides.add_slide(prs.slide_layouts[6])
        slide.shapes.add_chart(kind, Inches(1), Inches(1), Inches(4), Inches(3), data)
        path = tmp_path / "xy.pptx"
        prs.save(path)
        svg = chart_svg(_chart(read_pptx(path)), 384, 288).svg
        assert len(re.findall(r'<path d="M[^"]*" fill="none" stroke=', svg)) == lines, kind


def test_a_secondary_value_axis_has_its_own_scale_and_labels_at_the_right() -> None:
    """ShapeCrawler's 021.pptx: columns of orders (824, 690, 542) on the primary axis and a line of
    the mean order (254..638) on a secondary one, whose labels LibreOffice draws right of the plot in
    the line's accounting format (" - " for zero). Before, the line was drawn on the columns' scale
    and the secondary axis not at all."""
    deck = read_pptx(Path(__file__).resolve().parents[1] / "fixtures" / "pptx" / "shapecrawler-021.pptx")
    chart = next(n for _, n in deck.iter_nodes() if n.type == "CHART" and "line" in n.chart.extra_types).chart
    assert chart.y2_axis is not None and chart.y_axis.number_format is None
    assert chart.y2_axis.number_format == '_(* #,##0_);_(* \\(#,##0\\);_(* "-"_);_(@_)'
    svg = chart_svg(chart, 600, 400).svg
    texts = _texts(svg)
    years = [t for t in texts if t[2] in ("2015", "2016", "2017")]
    right = [t[2] for t in texts if t[0] > max(y[0] for y in years) + 40 and 'text-anchor="start"' in t[3]]
    assert right[:8] == ["-", "100", "200", "300", "400", "500", "600", "700"]
    left = [t[2] for t in texts if 'text-anchor="end"' in t[3]]
    assert left == ["0", "100", "200", "300", "400", "500", "600", "700", "800", "900"]
    # the line's labels in its own format, and its top point (638) near the top of the secondary scale
    assert {"254", "362", "638"} <= {t[2] for t in texts}
    at = {t[2]: t[1] for t in texts}
    assert at["638"] < at["700"] + 30  # on the primary (0..900) scale it would sit 2 / 9 lower


def test_number_format_sections() -> None:
    from ace_core.drawing.charts import format_number

    accounting = '_(* #,##0_);_(* \\(#,##0\\);_(* "-"_);_(@_)'
    assert [format_number(v, accounting) for v in (0, 1234.4, -5)] == ["-", "1,234", "(5)"]
    assert format_number(-2, "#,##0;[Red]-#,##0") == "-2"
    assert format_number(-2, "0;0") == "2"
    assert format_number(0, '0;-0;"zero"') == "zero"
    assert format_number(-3, "0.0") == "-3.0"


def test_the_chart_digest_of_a_chart_without_a_series_axis_is_unchanged_by_the_new_field() -> None:
    """ChartData.series_axis is new: a chart without one keeps the digest the files written before it
    carry (part_digest, which says the chart is unedited and its own part is kept)."""
    import hashlib
    import json

    from ace_core.ir.semantic import CHART_BOOKKEEPING
    from adapters.ooxml.chart_part import chart_digest

    node = next(n for _, n in read_pptx(DECK_3D.parent / "docx4j-pptx-chart.pptx").iter_nodes() if n.type == "CHART")
    old = node.chart.model_dump(mode="json", exclude=set(CHART_BOOKKEEPING) | {"series_axis"})
    body = {"chart": old, "fills": [p.model_dump(mode="json") for p in node.fills]}
    body["strokes"] = [s.model_dump(mode="json") for s in node.strokes]
    before = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    assert node.chart.part_digest == chart_digest(node.chart, node.fills, node.strokes) == before


def test_chart_text_without_a_size_of_its_own_is_10_pt() -> None:
    """ShapeCrawler's 021.pptx: the stock area chart's text properties (c:txPr on its axes) give a
    face and colour but no size; LibreOffice draws its labels 10 pt and so fits ten intervals on
    the percent axis (before: 18 pt, five intervals, half the labels missing)."""
    deck = read_pptx(Path(__file__).resolve().parents[1] / "fixtures" / "pptx" / "shapecrawler-021.pptx")
    chart = next(n for _, n in deck.iter_nodes() if n.type == "CHART" and n.chart.chart_type == "area").chart
    assert chart.text_style is not None and chart.text_style.font_family == "Arial"
    assert abs(chart.text_style.font_size - 10 * 96 / 72) < 1e-6
    labels = [t[2] for t in _texts(chart_svg(chart, 505, 320).svg) if t[2].endswith("%")]
    assert labels == [f"{k * 1000000}%" if k else "0%" for k in range(11)]


def test_category_labels_too_wide_for_their_band_break_at_spaces(tmp_path: Path) -> None:
    """LibreOffice breaks category labels wider than their band at spaces ("Category" over "1");
    only a word wider than the band turns the labels 45 degrees (before: always turned)."""
    for cats, wrapped in ((["Category 1", "Category 2", "Category 3", "Category 4"], True), (["1/1/69"] * 12, False)):
        prs = Presentation()
        data = CategoryChartData()
        data.categories = cats
        data.add_series("S", [float(i + 1) for i in range(len(cats))])
        slide = prs.slides.add_slide(prs.slide_layouts[6])
        slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(1), Inches(4), Inches(3), data)
        path = tmp_path / "cats.pptx"
        prs.save(path)
        texts = _texts(chart_svg(_chart(read_pptx(path)), 480, 288).svg)
        if wrapped:
            assert [t[2] for t in texts if t[2] == "Category"] == ["Category"] * 4
            word = next(t for t in texts if t[2] == "Category")
            ones = [t for t in texts if t[2] == "1" and abs(t[0] - word[0]) < 0.01]  # centred alike
            assert len(ones) == 1 and ones[0][1] > word[1] + 5  # on the next line
            assert not any("rotate(-45" in t[3] for t in texts)
        else:
            assert sum("rotate(-45" in t[3] for t in texts) > 0
