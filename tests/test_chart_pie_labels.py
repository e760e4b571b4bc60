"""Pie data labels (issue 18, charts) as LibreOffice places and writes them, measured on its
renders of a python-pptx pie (52.5, 25, 15, 7.5 in cells formatted 0.0, 14 pt labels): the
label centres sit at 0.50 of the radius for ctr, 0.87..0.92 for inEnd (just inside the edge),
1.10..1.14 for outEnd (just outside, the pie made smaller to leave them room) and 0.84..0.90
for bestFit (inside the edge when the label fits its slice; the pie sized as for outEnd); the
values show in their cells' format (25.0, not 25), a 0.0% label format formats the percent
(52.5%), and the text is the chart's (black), not white."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from chart_nodes import deck_charts
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE, XL_LABEL_POSITION
from pptx.util import Inches, Pt

from ace_core.drawing.charts import chart_svg

CASES = {
    "ctr": (XL_LABEL_POSITION.CENTER, (0.47, 0.53)),
    "inEnd": (XL_LABEL_POSITION.INSIDE_END, (0.84, 0.95)),
    "outEnd": (XL_LABEL_POSITION.OUTSIDE_END, (1.07, 1.17)),
    "bestFit": (XL_LABEL_POSITION.BEST_FIT, (0.81, 0.93)),
}


def _pie(tmp_path: Path, position: XL_LABEL_POSITION, percent: bool):
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData(number_format="0.0")
    data.categories = ["Alpha", "Beta", "Gamma", "Delta"]
    data.add_series("Share", (52.5, 25.0, 15.0, 7.5))
    frame = slide.shapes.add_chart(XL_CHART_TYPE.PIE, Inches(1), Inches(1), Inches(6), Inches(5), data)
    frame.chart.has_legend = False
    plot = frame.chart.plots[0]
    plot.has_data_labels = True
    labels = plot.data_labels
    labels.font.size = Pt(14)
    if percent:
        labels.show_percentage, labels.show_value = True, False
        labels.number_format, labels.number_format_is_linked = "0.0%", False
    else:
        labels.show_value = True
    labels.position = position
    prs.save(tmp_path / "pie.pptx")
    (chart,) = deck_charts(tmp_path / "pie.pptx")
    return chart


def _labels(chart) -> tuple[list[tuple[str, float]], list[str]]:
    svg = chart_svg(chart, 576, 480).svg
    first = re.search(r'<path d="M([\d.]+) ([\d.]+)A([\d.]+) [\d.]+ 0 \d 1 [\d.]+ [\d.]+L([\d.]+) ([\d.]+)Z', svg)
    r, cx, cy = float(first.group(3)), float(first.group(4)), float(first.group(5))
    texts = re.findall(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*fill="([^"]+)"[^>]*>([^<]*)</text>', svg)
    out = [(t, math.hypot(float(x) - cx, float(y) - cy) / r) for x, y, _, t in texts if t != "Share"]
    return out, [fill for *_, fill, t in texts if t != "Share"]


@pytest.mark.parametrize("name", list(CASES))
def test_labels_sit_where_libreoffice_puts_them(tmp_path: Path, name: str) -> None:
    position, (lo, hi) = CASES[name]
    placed, fills = _labels(_pie(tmp_path, position, percent=False))
    assert [t for t, _ in placed] == ["52.5", "25.0", "15.0", "7.5"]
    assert all(lo <= d <= hi for _, d in placed), placed
    assert set(fills) == {"#000000"}


def test_a_percent_format_formats_the_percent(tmp_path: Path) -> None:
    placed, _ = _labels(_pie(tmp_path, XL_LABEL_POSITION.BEST_FIT, percent=True))
    assert [t for t, _ in placed] == ["52.5%", "25.0%", "15.0%", "7.5%"]


def test_a_manual_inner_plot_layout_is_the_pie_box(tmp_path: Path) -> None:
    # shapecrawler's 005 chart: <c:layoutTarget val="inner"/> x 0.33 y 0.24 w 0.34 h 0.56 edge;
    # LibreOffice draws the pie in that box (the drawing made it as large as the chart allowed)
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData()
    data.categories = ["a", "b"]
    data.add_series("S", (3.0, 1.0))
    frame = slide.shapes.add_chart(XL_CHART_TYPE.PIE, 0, 0, Inches(6), Inches(4), data)
    frame.chart.has_legend = False
    plot_area = frame.chart._chartSpace.find(".//{http://schemas.openxmlformats.org/drawingml/2006/chart}plotArea")
    c = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
    layout = plot_area.find(c + "layout")
    if layout is None:
        layout = plot_area.makeelement(c + "layout", {})
        plot_area.insert(0, layout)
    manual = layout.makeelement(c + "manualLayout", {})
    layout.append(manual)
    for tag, val in (("layoutTarget", "inner"), ("xMode", "edge"), ("yMode", "edge")):
        manual.append(manual.makeelement(c + tag, {"val": val}))
    for tag, val in (("x", "0.33"), ("y", "0.24"), ("w", "0.34"), ("h", "0.56")):
        manual.append(manual.makeelement(c + tag, {"val": val}))
    prs.save(tmp_path / "laid-out.pptx")
    (chart,) = deck_charts(tmp_path / "laid-out.pptx")
    svg = chart_svg(chart, 576, 384).svg
    first = re.search(r'<path d="M[\d.]+ [\d.]+A([\d.]+) [\d.]+ 0 \d 1 [\d.]+ [\d.]+L([\d.]+) ([\d.]+)Z', svg)
    r, cx, cy = (float(first.group(k)) for k in (1, 2, 3))
    assert abs(r - min(0.34 * 576, 0.56 * 384) / 2) < 0.5
    assert abs(cx - (0.33 + 0.17) * 576) < 0.5 and abs(cy - (0.24 + 0.28) * 384) < 0.5


def _cat_percent_pie(tmp_path: Path, *, value: bool = False, separator: str | None = None):
    """A python-pptx pie (Python 3, Go 1) whose labels show category and percent (and the value),
    its chart text 18 pt; `separator` as its c:separator. Returns (its file, its chart)."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData()
    data.categories = ["Python", "Go"]
    data.add_series("S", (3.0, 1.0))
    frame = slide.shapes.add_chart(XL_CHART_TYPE.PIE, 0, 0, Inches(6), Inches(4), data)
    frame.chart.font.size = Pt(18)  # the chart's own text size (chartSpace c:txPr)
    plot = frame.chart.plots[0]
    plot.has_data_labels = True
    labels = plot.data_labels
    labels.show_category_name, labels.show_percentage, labels.show_value = True, True, value
    if separator is not None:
        c = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
        sep = labels._element.makeelement(c + "separator", {})
        sep.text = separator
        labels._element.find(c + "showBubbleSize").addnext(sep)
    prs.save(tmp_path / "pie.pptx")
    (chart,) = deck_charts(tmp_path / "pie.pptx")
    return tmp_path / "pie.pptx", chart


def test_a_label_separator_is_read_drawn_and_written(tmp_path: Path) -> None:
    # <c:separator> between a label's parts: a line break puts category and percent on two lines
    import zipfile

    from adapters.ooxml.read_deck import read_pptx
    from adapters.ooxml.writer import write_pptx

    path, chart = _cat_percent_pie(tmp_path, separator="\n")
    assert chart.data_labels.separator == "\n"
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", chart_svg(chart, 576, 384).svg)
    assert {"Python", "75%", "Go", "25%"} <= set(texts)
    write_pptx(read_pptx(path), tmp_path / "fresh.pptx", fresh=True)
    with zipfile.ZipFile(tmp_path / "fresh.pptx") as z:
        part = next(n for n in z.namelist() if n.startswith("ppt/charts/chart") and n.endswith(".xml"))
        assert b"<c:separator>\n</c:separator>" in z.read(part)


def test_category_and_percent_without_a_separator_go_on_two_lines(tmp_path: Path) -> None:
    # no <c:separator>: PowerPoint and LibreOffice break the line between category and percent
    # (qmdtopptx's demo deck, rendered by LibreOffice 7.4: "Python" over "42%"), and keep '; '
    # when the value is shown too
    _, chart = _cat_percent_pie(tmp_path)
    assert chart.data_labels.separator is None
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", chart_svg(chart, 576, 384).svg)
    assert {"Python", "75%", "Go", "25%"} <= set(texts)
    _, with_value = _cat_percent_pie(tmp_path, value=True)
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", chart_svg(with_value, 576, 384).svg)
    assert "Python; 3; 75%" in texts


def test_labels_take_the_chart_text_size(tmp_path: Path) -> None:
    # labels with no text of their own are drawn at the chart's text size (18 pt = 24 px), as
    # LibreOffice draws them beside an 18 pt legend
    svg = chart_svg(_cat_percent_pie(tmp_path)[1], 576, 384).svg
    sizes = re.findall(r'<text[^>]*font-size="([\d.]+)"[^>]*>(?:Python|75%)</text>', svg)
    assert sizes and {float(s) for s in sizes} == {24.0}
