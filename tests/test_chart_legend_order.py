"""Legend entry order (issue 18, charts) as LibreOffice orders it (chart2 VSeriesPlotter::
createLegendEntries): in a horizontal bar chart every series that is not stacked is listed
before the ones before it (the last first), whatever side the legend is on; stacked horizontal
bars keep series order; in other charts stacked series are listed last-first only in a legend
column at the left or right. Renders: officeimo's 3-D clustered bar with a bottom legend shows
Series 3, 2, 1; automizer's stacked bars with a bottom legend show Datenreihe 1, 2, 3. The data
is the clustered column chart of shapecrawler 021 (two series, legend at the bottom), drawn as
each of those kinds."""

from __future__ import annotations

import re
from pathlib import Path

from chart_nodes import deck_charts

from ace_core.drawing.charts import chart_svg
from ace_core.ir.semantic import ChartLegend

DECK = Path(__file__).resolve().parent.parent / "fixtures" / "pptx" / "shapecrawler-021.pptx"


def _chart():
    return next(c for c in deck_charts(DECK) if c.chart_type == "column" and len(c.series) == 2)


def _legend_names(chart) -> list[str]:
    names = [s.name for s in chart.series]
    svg = chart_svg(chart, 1600, 400).svg  # wide enough that no entry wraps
    texts = [t for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg) if t in names]
    return texts[-len(names) :]


def test_clustered_horizontal_bars_list_the_last_series_first_at_any_legend_side() -> None:
    chart = _chart()
    names = [s.name for s in chart.series]
    assert chart.legend.position == "bottom"
    assert _legend_names(chart) == names  # columns: series order
    bars = chart.model_copy(update={"chart_type": "bar"})
    assert _legend_names(bars) == names[::-1]
    right = bars.model_copy(update={"legend": ChartLegend(position="right")})
    assert _legend_names(right) == names[::-1]


def test_stacked_series_reverse_in_a_side_legend_only_when_columns() -> None:
    chart = _chart().model_copy(update={"grouping": "stacked"})
    names = [s.name for s in chart.series]
    assert _legend_names(chart) == names  # bottom legend: series order
    right = chart.model_copy(update={"legend": ChartLegend(position="right")})
    assert _legend_names(right) == names[::-1]
    bars = right.model_copy(update={"chart_type": "bar"})
    assert _legend_names(bars) == names  # stacked horizontal bars keep series order
