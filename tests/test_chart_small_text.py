"""Chart text that is large for its chart (issue 18, charts), as LibreOffice draws it:

- a chart that keeps its automatic title (`<c:autoTitleDeleted val="0"/>`) and has one series
  shows the series' name as its title, whatever its type (wolfppt's 1-inch column chart: the
  render shows "Series" above the plot; PowerPoint does the same);
- a legend entry at the left or right wraps at 30 % of the chart's width (measured on
  LibreOffice renders of python-pptx charts 4 and 8 inches wide: 9 and 19 words of "iii"
  a line);
- a chart whose title, legend and tick labels leave its plot area no room still draws its axes,
  labels and marks in a squeezed plot, with a loss saying so (wolfppt's 1-inch area chart with an
  18 pt legend: the render shows the title, "0" and "Category"; the drawing showed only the
  legend and said the plot area was not drawn).
"""

from __future__ import annotations

import re
from pathlib import Path

from chart_nodes import deck_charts
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE, XL_LEGEND_POSITION
from pptx.util import Inches, Pt

from ace_core.drawing.charts import chart_svg

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "pptx"


def _texts(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def test_a_single_series_column_chart_keeps_its_automatic_title() -> None:
    (chart,) = deck_charts(FIX / "wolfppt-chart_type_51.pptx")
    assert chart.chart_type == "column" and len(chart.series) == 1
    assert chart.title == "Series" and chart.auto_title
    assert "Series" in _texts(chart_svg(chart, 96, 96).svg)


def test_a_deleted_automatic_title_stays_deleted(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData()
    data.categories = ["East", "West"]
    data.add_series("Revenue", (4, 5))
    frame = slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, 0, 0, Inches(6), Inches(4), data)
    frame.chart.has_title = False  # python-pptx writes <c:autoTitleDeleted val="1"/>
    prs.save(tmp_path / "untitled.pptx")
    (chart,) = deck_charts(tmp_path / "untitled.pptx")
    assert chart.title is None


def _legend_deck(tmp_path: Path, widths: tuple[int, ...]) -> Path:
    prs = Presentation()
    for w in widths:
        slide = prs.slides.add_slide(prs.slide_layouts[6])
        data = CategoryChartData()
        data.categories = ["East", "West"]
        data.add_series(" ".join(["iii"] * 24), (4, 5))
        data.add_series("B", (2, 3))
        frame = slide.shapes.add_chart(
            XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(0.5), Inches(0.5), Inches(w), Inches(4), data
        )
        chart = frame.chart
        chart.has_legend = True
        chart.legend.position = XL_LEGEND_POSITION.RIGHT
        chart.legend.include_in_layout = False
        chart.font.size = Pt(10)
    path = tmp_path / "legend.pptx"
    prs.save(path)
    return path


def test_a_long_legend_entry_wraps_at_30_percent_of_the_chart_width(tmp_path: Path) -> None:
    charts = deck_charts(_legend_deck(tmp_path, (4, 8)))
    words = []
    for chart, width in zip(charts, (384, 768), strict=True):
        lines = [t for t in _texts(chart_svg(chart, width, 384).svg) if t.startswith("iii")]
        words.append([len(line.split()) for line in lines])
    assert words == [[9, 9, 6], [19, 5]]  # the lines of LibreOffice's renders


def test_a_chart_without_room_for_its_plot_still_draws_its_axes() -> None:
    (chart,) = deck_charts(FIX / "wolfppt-chart_type_1.pptx")
    assert chart.chart_type == "area" and chart.legend is not None
    drawn = chart_svg(chart, 96, 96)
    assert {"Series", "0", "Category"} <= set(_texts(drawn.svg))
    assert "<path" in drawn.svg  # the area itself
    assert any(p.startswith("chart too small for its text") for p in drawn.losses)


def test_a_long_title_wraps_at_80_percent_of_the_chart_width(tmp_path: Path) -> None:
    # LibreOffice's renders: 4 lines (16, 16, 16, 12 words) in a 4-inch chart, 2 (32, 28) in an 8-inch one
    prs = Presentation()
    for w in (4, 8):
        slide = prs.slides.add_slide(prs.slide_layouts[6])
        data = CategoryChartData()
        data.categories = ["East", "West"]
        data.add_series("A", (4, 5))
        data.add_series("B", (2, 3))
        frame = slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, 0, 0, Inches(w), Inches(4), data)
        frame.chart.has_legend = False
        frame.chart.has_title = True
        frame.chart.chart_title.text_frame.text = " ".join(["iii"] * 60)
        frame.chart.chart_title.text_frame.paragraphs[0].runs[0].font.size = Pt(14)
    prs.save(tmp_path / "title.pptx")
    counts = []
    for chart, width in zip(deck_charts(tmp_path / "title.pptx"), (384, 768), strict=True):
        lines = [t for t in _texts(chart_svg(chart, width, 384).svg) if t.startswith("iii")]
        assert sum(len(line.split()) for line in lines) == 60
        counts.append(len(lines))
    assert counts == [4, 2]
