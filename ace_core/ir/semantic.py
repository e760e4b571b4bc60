"""Data of the presentation-semantic node kinds: tables, charts, connector ends."""

from typing import Literal

from pydantic import Field

from ace_core.assets import AssetKey
from ace_core.ir.base import IRModel
from ace_core.ir.style import Paint, Sides, Stroke
from ace_core.ir.text import TextBody, TextStyle

__all__ = [
    "CHART_BOOKKEEPING",
    "CellBorders",
    "ChartAxis",
    "ChartData",
    "ChartLayout",
    "ChartLegend",
    "ChartPartLink",
    "ChartSeries",
    "ChartUserShape",
    "ChartView3D",
    "ConnectorEnd",
    "DataLabels",
    "TableCell",
    "TableRow",
    "TableStyle",
]


class CellBorders(IRModel):
    top: Stroke | None = None
    right: Stroke | None = None
    bottom: Stroke | None = None
    left: Stroke | None = None
    diagonal_down: Stroke | None = None
    diagonal_up: Stroke | None = None


class TableCell(IRModel):
    """A grid cell. A merged area's top-left cell has row_span/col_span > 1; the cells it covers
    stay in the grid with `h_merged` / `v_merged` set (as OOXML hMerge / vMerge)."""

    text: TextBody = Field(default_factory=TextBody)
    fills: list[Paint] = Field(default_factory=list)
    borders: CellBorders = Field(default_factory=CellBorders)
    row_span: int = Field(1, ge=1)
    col_span: int = Field(1, ge=1)
    h_merged: bool = False
    v_merged: bool = False
    margins: Sides | None = Field(None, description="px; None = the format default")
    vertical_align: Literal["TOP", "CENTER", "BOTTOM"] = "TOP"


class TableRow(IRModel):
    height: float = Field(0.0, ge=0, description="px (minimum; text may grow the row)")
    cells: list[TableCell] = Field(default_factory=list)


class TableStyle(IRModel):
    style_id: str | None = Field(None, description="OOXML table style GUID")
    first_row: bool = False
    first_col: bool = False
    last_row: bool = False
    last_col: bool = False
    band_rows: bool = False
    band_cols: bool = False
    header_fill: Paint | None = None
    band_fill: Paint | None = None
    text_style: TextStyle | None = None


ChartType = Literal[
    "bar", "column", "line", "area", "pie", "doughnut", "scatter", "radar", "bubble", "stock", "surface", "other"
]


class ChartSeries(IRModel):
    name: str = ""
    values: list[float | None] = Field(default_factory=list)
    x_values: list[float | None] | None = Field(None, description="scatter / bubble x values")
    sizes: list[float | None] | None = Field(None, description="bubble sizes")
    fill: Paint | None = None
    line: Stroke | None = None
    marker: str | None = Field(None, description="none, circle, square, diamond, triangle, ...")
    marker_size: float | None = Field(None, description="pt (OOXML c:marker/c:size, 2..72)")
    point_fills: list[Paint | None] | None = Field(None, description="per-point colours (pie slices)")
    explosion: float | None = Field(None, description="pie slices pulled out, percent of the radius")
    point_explosions: list[float | None] | None = Field(None, description="per-slice explosion, percent")
    smooth: bool = False
    chart_type: ChartType | None = Field(None, description="plot type in a combo chart; None = the chart's")
    secondary_axis: bool = Field(False, description="plotted against the secondary value axis (ChartData.y2_axis)")
    label_texts: list[str | None] | None = Field(
        None,
        description="per-point data-label text as the chart shows it (OOXML c15:datalabelsRange cells, a "
        "c:dLbl's own rich text with its fields filled in); '' = the point's label is hidden, None = the "
        "label shows what ChartData.data_labels says",
    )


class ChartAxis(IRModel):
    title: str | None = None
    visible: bool = True
    min: float | None = None
    max: float | None = None
    major_unit: float | None = None
    number_format: str | None = None
    gridlines: bool = False
    reverse: bool = False
    text_style: TextStyle | None = Field(None, description="tick labels (size, colour, family); None = the chart's")
    line: Stroke | None = Field(None, description="the axis line; an invisible paint = no line; None = default")
    gridline_stroke: Stroke | None = Field(None, description="major gridlines' look; None = default")
    tick_marks: Literal["none", "in", "out", "cross"] | None = Field(None, description="major tick marks")
    tick_labels: Literal["nextTo", "high", "low", "none"] | None = Field(
        None, description="where the tick labels sit (OOXML tickLblPos); 'none' = no labels; None = next to the axis"
    )
    cross_between: Literal["between", "midCat"] | None = Field(
        None,
        description="a value axis: where it crosses the category axis (OOXML c:crossBetween): 'between' = "
        "between categories (points mid-band), 'midCat' = on them (line and area points on the tick marks, "
        "the first and last at the plot's edges); None = not stated",
    )


class ChartUserShape(IRModel):
    """A shape drawn over a chart (OOXML c:userShapes, a chart drawing's relSizeAnchor): its box as
    fractions of the chart's, its preset geometry, fill, line and text."""

    x: float = 0.0
    y: float = 0.0
    w: float = 0.0
    h: float = 0.0
    preset: str = "rect"
    fills: list[Paint] = Field(default_factory=list)
    strokes: list[Stroke] = Field(default_factory=list)
    text: TextBody | None = None


class ChartView3D(IRModel):
    """How a 3-D chart is seen (OOXML c:view3D): rotations in degrees, perspective 0..240 (the
    field of view x 2), right-angled axes, and the bar shape."""

    rot_x: float = 15.0
    rot_y: float = 20.0
    perspective: float = 30.0
    right_angle_axes: bool = True
    depth_percent: float | None = None
    shape: str | None = Field(None, description="box, cylinder, cone, pyramid, ...")


class ChartLayout(IRModel):
    """A manual layout: a box as fractions of the chart area; `inner` = the plot area without
    its tick labels (OOXML layoutTarget inner), else with them."""

    x: float = 0.0
    y: float = 0.0
    w: float = 1.0
    h: float = 1.0
    inner: bool = False


class ChartLegend(IRModel):
    position: Literal["top", "bottom", "left", "right", "top_right", "none"] = "right"
    overlay: bool = False
    font: TextStyle | None = None


class DataLabels(IRModel):
    show_value: bool = True
    show_category: bool = False
    show_series: bool = False
    show_percent: bool = False
    position: str | None = Field(None, description="ctr, inEnd, inBase, outEnd, bestFit, t, b, l, r")
    number_format: str | None = None
    text_style: TextStyle | None = Field(None, description="the labels' text; None = the chart's")
    separator: str | None = Field(
        None, description="the text between a label's parts (category, value, percent); None = '; '"
    )


class ChartPartLink(IRModel):
    """One relationship of a chart part carried as read (its workbook, chart style / colours,
    theme override, a picture of its fills, the drawing of its user shapes), written again under
    the same relationship id."""

    rid: str = Field(description="the relationship id the chart XML uses")
    rel_type: str = Field(description="the relationship type URI")
    name: str = Field(description="the target part's name as read (ppt/charts/style1.xml), or an external target")
    external: bool = Field(False, description="the target is outside the package (a linked workbook)")
    asset: AssetKey | None = Field(None, description="the target part's bytes (None when external)")
    links: list["ChartPartLink"] = Field(
        default_factory=list, description="the target part's own relationships (a drawing's pictures)"
    )


def _value_axis() -> ChartAxis:
    """The default value axis: with gridlines, as PowerPoint and the chart writers draw it."""
    return ChartAxis(gridlines=True)


class ChartData(IRModel):
    """A chart with its data. `chart_type` column = vertical bars, bar = horizontal bars."""

    chart_type: ChartType = "column"
    grouping: Literal["clustered", "stacked", "percent_stacked", "standard"] = "clustered"
    categories: list[str] = Field(default_factory=list)
    category_values: list[float | None] | None = Field(
        None,
        description="numeric categories as stored (OOXML c:numCache of c:cat, e.g. date serials); "
        "their labels are `categories`",
    )
    category_format: str | None = Field(
        None, description="their number format (a date format, e.g. m/d/yy, makes dates)"
    )
    date_axis: bool = Field(False, description="the category axis is a date axis (OOXML c:dateAx)")
    date1904: bool = Field(False, description="date serials count from 1904 (else from 1900)")
    series: list[ChartSeries] = Field(default_factory=list)
    title: str | None = None
    auto_title: bool = Field(False, description="the title is the automatic one (the one series' name), not own text")
    title_style: TextStyle | None = None
    legend: ChartLegend | None = Field(default_factory=ChartLegend)
    x_axis: ChartAxis = Field(default_factory=ChartAxis)
    y_axis: ChartAxis = Field(default_factory=_value_axis)
    y2_axis: ChartAxis | None = Field(None, description="secondary value axis (series with secondary_axis)")
    series_axis: ChartAxis | None = Field(None, description="a 3-D chart's depth axis of series names (c:serAx)")
    data_labels: DataLabels | None = None
    hole_size: float | None = Field(None, description="doughnut hole, percent")
    first_slice_angle: float | None = Field(
        None, description="pie / doughnut: where the first slice starts, degrees clockwise from 12 o'clock"
    )
    gap_width: float | None = Field(None, description="bar gap, percent")
    overlap: float | None = None
    vary_colors: bool = False
    radar_style: Literal["standard", "marker", "filled"] | None = Field(
        None, description="a radar chart's style (OOXML c:radarStyle): lines, lines with markers, filled areas"
    )
    style: int | None = None
    style_fills: list[Paint | None] | None = Field(
        None,
        description="the fills the chart style (OOXML c:style through the theme's fill styles) gives series "
        "without a fill of their own, by series, or by point when the chart varies colours by point (a pie, "
        "a one-series chart with vary_colors); drawn where the series has none, not written (style gives them)",
    )
    user_shapes: list[ChartUserShape] = Field(
        default_factory=list, description="shapes drawn over the chart (text boxes, callouts), in its box"
    )
    style_lines: list[Stroke | None] | None = Field(
        None, description="the lines the chart style gives line series without a line of their own, by series"
    )
    workbook_asset: AssetKey | None = Field(None, description="embedded workbook (xlsx) asset hash")
    extra_types: list[str] = Field(default_factory=list, description="other plot types of a combo chart")
    text_style: TextStyle | None = Field(
        None, description="chart-wide default text (OOXML chartSpace txPr): axis labels, legend, data labels"
    )
    plot_fills: list[Paint] | None = Field(None, description="the plot area's fill ([] = none); None = default")
    plot_layout: ChartLayout | None = Field(None, description="the plot area's manual layout; None = automatic")
    view_3d: ChartView3D | None = Field(None, description="a 3-D chart's view; None = a flat chart")
    part_asset: AssetKey | None = Field(
        None,
        description="the chart part (OOXML c:chartSpace) as read: the .pptx writer writes it again while "
        "the chart is unedited (part_digest); None = rebuilt from this data",
    )
    part_links: list[ChartPartLink] | None = Field(None, description="the relationships of part_asset")
    part_digest: str | None = Field(
        None,
        description="digest of this data and the chart area's fills and strokes as read; a change to "
        "either (an edit) makes the writer rebuild the chart instead of writing part_asset",
    )


# the ChartData fields that are bookkeeping, not "what the chart shows": the carried part, its links
# and digest, and the workbook's asset key (a writer without its bytes writes a rebuilt workbook)
CHART_BOOKKEEPING: frozenset[str] = frozenset({"part_asset", "part_links", "part_digest", "workbook_asset"})


class ConnectorEnd(IRModel):
    """A connector end bound to a node (with an OOXML connection-site index or a Figma magnet),
    or free (node_id None: the end is where the connector's box puts it)."""

    node_id: str | None = None
    site: int | None = Field(None, description="OOXML connection site index")
    magnet: Literal["AUTO", "TOP", "BOTTOM", "LEFT", "RIGHT", "CENTER", "NONE"] = "AUTO"
