"""chartTools (7) and dataChartTools (4): native charts that keep their data."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ace_core.tools.results import ChartDataResult, ChartInfoResult, CreateResult, MutationResult
from ace_core.tools.spec import SpecList
from ace_core.tools.types import CoordinateSpace, NodeId, OptColor, ToolParams

charts = SpecList("chartTools")
data_charts = SpecList("dataChartTools")

ChartTypeName = Literal["bar", "column", "line", "area", "pie", "donut", "scatter", "radar"]
LegendPosition = Literal["top", "bottom", "left", "right", "none"]


class ChartFont(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    family: str | None = None
    size: float | None = Field(None, gt=0, description="px")
    color: OptColor = None
    bold: bool | None = None


@charts.tool("get_chart_info", ChartInfoResult, mutates=False)
class GetChartInfo(ToolParams):
    """A chart's type, grouping, categories, series (names, values, colours), axes, legend, title
    and data labels."""

    nodeId: NodeId


@charts.tool("set_chart_type", MutationResult)
class SetChartType(ToolParams):
    """Change the chart type, keeping the data: bar (horizontal bars), column (vertical bars),
    line, area, pie, donut, scatter, radar. stacked stacks bar/column/line/area series;
    horizontal=true turns column into bar (false: bar into column)."""

    nodeId: NodeId
    chartType: ChartTypeName
    stacked: bool | None = None
    horizontal: bool | None = None


@charts.tool("set_chart_title", MutationResult)
class SetChartTitle(ToolParams):
    """Set, restyle or hide (visible=false) the chart title."""

    nodeId: NodeId
    title: str | None = None
    visible: bool | None = None
    font: ChartFont | None = None


@charts.tool("set_chart_axis", MutationResult)
class SetChartAxis(ToolParams):
    """Axis settings: x = category axis, y = value axis. title, min/max and majorUnit (value
    units), numberFormat (Excel style, e.g. '0%' or '#,##0'), gridlines, visible."""

    nodeId: NodeId
    axis: Literal["x", "y"]
    title: str | None = None
    min: float | None = None
    max: float | None = None
    majorUnit: float | None = Field(None, gt=0)
    numberFormat: str | None = None
    gridlines: bool | None = None
    visible: bool | None = None


@charts.tool("set_chart_legend", MutationResult)
class SetChartLegend(ToolParams):
    """Place the legend (top, bottom, left, right) or hide it (none); optional font."""

    nodeId: NodeId
    position: LegendPosition
    font: ChartFont | None = None


@charts.tool("set_chart_series_style", MutationResult)
class SetChartSeriesStyle(ToolParams):
    """Style one series, chosen by seriesIndex (0-based) or seriesName: colour, line width (px),
    marker (none, circle, square, diamond, triangle), smooth lines; gapWidth (percent of a bar's
    width, chart-wide)."""

    nodeId: NodeId
    seriesIndex: int | None = Field(None, ge=0)
    seriesName: str | None = None
    color: OptColor = None
    lineWidth: float | None = Field(None, ge=0, description="px")
    marker: Literal["none", "circle", "square", "diamond", "triangle"] | None = None
    smooth: bool | None = None
    gapWidth: float | None = Field(None, ge=0, le=500, description="percent")

    @model_validator(mode="after")
    def _which(self) -> SetChartSeriesStyle:
        if self.seriesIndex is None and self.seriesName is None:
            raise ValueError("give seriesIndex or seriesName")
        return self


@charts.tool("set_chart_data_labels", MutationResult)
class SetChartDataLabels(ToolParams):
    """Show or hide value labels on the data points; position (center, inside_end, inside_base,
    outside_end, best_fit, top, bottom, left, right) and number format."""

    nodeId: NodeId
    show: bool = True
    position: (
        Literal["center", "inside_end", "inside_base", "outside_end", "best_fit", "top", "bottom", "left", "right"]
        | None
    ) = None
    numberFormat: str | None = None
    showCategory: bool | None = None
    showPercent: bool | None = None


class SeriesInput(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    name: str = Field(description="series name (legend entry)")
    values: list[float | None] = Field(description="one value per category (null = gap)")
    color: OptColor = None


@data_charts.tool("create_data_chart", CreateResult)
class CreateDataChart(ToolParams):
    """Create a native chart with its data (written as a real chart in PowerPoint, drawn as
    vectors elsewhere): categories and series of values, one value per category. Example: a bar
    chart from a table = categories from the first column, one series per other column.
    legendPosition places the legend (default right, 'none' hides it)."""

    chartType: ChartTypeName = "column"
    categories: list[str] = Field(min_length=1, max_length=1000)
    series: list[SeriesInput] = Field(min_length=1, max_length=100)
    x: float = Field(0.0, description="px")
    y: float = Field(0.0, description="px")
    width: float = Field(640.0, gt=0, description="px")
    height: float = Field(400.0, gt=0, description="px")
    title: str | None = None
    legendPosition: LegendPosition = "right"
    stacked: bool = False
    name: str | None = None
    parentId: str | None = None
    coordinateSpace: CoordinateSpace = "parent"

    @model_validator(mode="after")
    def _lengths(self) -> CreateDataChart:
        for i, s in enumerate(self.series):
            if len(s.values) != len(self.categories):
                raise ValueError(f"series[{i}] has {len(s.values)} values for {len(self.categories)} categories")
        return self


@data_charts.tool("get_chart_data", ChartDataResult, mutates=False)
class GetChartData(ToolParams):
    """A chart's data: its categories and each series' name and values (one per category), as
    update_chart_data takes them."""

    nodeId: NodeId


@data_charts.tool("update_chart_data", MutationResult)
class UpdateChartData(ToolParams):
    """Edit a chart's data. mode 'replace' (default): the given categories and/or series replace
    the old ones; 'add': series are appended (values per existing category); 'update': series
    with these names get new values; 'remove': series with these names are deleted (values
    ignored)."""

    nodeId: NodeId
    categories: list[str] | None = None
    series: list[SeriesInput] | None = None
    mode: Literal["replace", "add", "update", "remove"] = "replace"


class DataMapping(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    categoryColumn: int | str = Field(0, description="column index (0-based) or header holding the categories")
    seriesColumns: list[int | str] | None = Field(None, description="columns holding series; default all others")
    transpose: bool = Field(False, description="series are rows instead of columns")


@data_charts.tool("import_chart_data", CreateResult)
class ImportChartData(ToolParams):
    """Load chart data from a CSV or JSON file (a header row then data rows; JSON: a list of rows
    or {categories, series}) or from a TABLE node of the deck (sourceNodeId). Fills the chart
    nodeId, or creates a new chart at x/y/width/height. The first row gives series names, the
    category column the categories."""

    nodeId: str | None = Field(None, description="existing chart to fill; omit to create one")
    source: str | None = Field(None, description="path of a .csv or .json file")
    sourceNodeId: str | None = Field(None, description="a TABLE node to read the data from")
    mapping: DataMapping | None = None
    chartType: ChartTypeName = "column"
    x: float = 0.0
    y: float = 0.0
    width: float = Field(640.0, gt=0)
    height: float = Field(400.0, gt=0)
    title: str | None = None
    legendPosition: LegendPosition = "right"
    parentId: str | None = None

    @model_validator(mode="after")
    def _source(self) -> ImportChartData:
        if (self.source is None) == (self.sourceNodeId is None):
            raise ValueError("give exactly one of source (file path) or sourceNodeId (table)")
        return self


SPECS = charts.specs
DATA_SPECS = data_charts.specs
