"""IR charts -> native chart parts (c:chartSpace with cached data) plus an embedded xlsx workbook.

The chart XML and the workbook come from python-pptx's chart writers (the workbook needs
XlsxWriter); titles, legend, axes, labels and series colours are then set on that XML; numeric and
date categories stay numbers and dates, combo charts get a chart group per plot type and 3-D
charts their 3-D kind (write_chart_plots)."""

from __future__ import annotations

import datetime
import io
import re
import zipfile
from typing import Any

from lxml import etree
from pptx.chart.chart import Chart
from pptx.chart.data import BubbleChartData, CategoryChartData, XyChartData
from pptx.enum.chart import XL_CHART_TYPE, XL_LABEL_POSITION, XL_LEGEND_POSITION, XL_MARKER_STYLE
from pptx.oxml import parse_xml
from pptx.util import Pt

from ace_core.ir.nodes import ChartNode
from ace_core.ir.semantic import ChartAxis, ChartData, ChartSeries
from ace_core.ir.style import SolidPaint, Stroke
from ace_core.ir.text import TextStyle
from ace_core.units import PX_PER_PT
from adapters.ooxml.chart_part import NOT_READ, renumber_axis_ids, user_shapes_link, write_carried
from adapters.ooxml.ns import NS, RT
from adapters.ooxml.package_out import CONTENT_TYPES
from adapters.ooxml.read_chart import automatic_title, is_date_format
from adapters.ooxml.write_chart_plots import keep_series, plot_groups, split_plots
from adapters.ooxml.write_context import PartContext
from adapters.ooxml.write_shapes import Box, nv_props, xfrm
from adapters.ooxml.write_style import fill_el, line_el, pick_paint
from adapters.ooxml.write_text import run_props
from adapters.ooxml.xmlgen import el, sub

__all__ = ["chart_frame", "chart_part_xml", "chart_type_of", "data_only_change", "replace_chart_data"]

CHART_URI = "http://schemas.openxmlformats.org/drawingml/2006/chart"
_C = f"{{{NS['c']}}}"

_BY_GROUPING = {
    "column": ("COLUMN_CLUSTERED", "COLUMN_STACKED", "COLUMN_STACKED_100"),
    "bar": ("BAR_CLUSTERED", "BAR_STACKED", "BAR_STACKED_100"),
    "line": ("LINE", "LINE_STACKED", "LINE_STACKED_100"),
    "area": ("AREA", "AREA_STACKED", "AREA_STACKED_100"),
}
_LEGEND = {
    "top": XL_LEGEND_POSITION.TOP,
    "bottom": XL_LEGEND_POSITION.BOTTOM,
    "left": XL_LEGEND_POSITION.LEFT,
    "right": XL_LEGEND_POSITION.RIGHT,
    "top_right": XL_LEGEND_POSITION.CORNER,
}
_LABEL_POS = {
    "ctr": XL_LABEL_POSITION.CENTER,
    "inEnd": XL_LABEL_POSITION.INSIDE_END,
    "inBase": XL_LABEL_POSITION.INSIDE_BASE,
    "outEnd": XL_LABEL_POSITION.OUTSIDE_END,
    "bestFit": XL_LABEL_POSITION.BEST_FIT,
    "t": XL_LABEL_POSITION.ABOVE,
    "b": XL_LABEL_POSITION.BELOW,
    "l": XL_LABEL_POSITION.LEFT,
    "r": XL_LABEL_POSITION.RIGHT,
}
_MARKERS = {
    "none": XL_MARKER_STYLE.NONE,
    "circle": XL_MARKER_STYLE.CIRCLE,
    "square": XL_MARKER_STYLE.SQUARE,
    "diamond": XL_MARKER_STYLE.DIAMOND,
    "triangle": XL_MARKER_STYLE.TRIANGLE,
    "x": XL_MARKER_STYLE.X,
    "star": XL_MARKER_STYLE.STAR,
    "dash": XL_MARKER_STYLE.DASH,
    "dot": XL_MARKER_STYLE.DOT,
    "plus": XL_MARKER_STYLE.PLUS,
    "auto": XL_MARKER_STYLE.AUTOMATIC,
}


def _has_markers(chart: ChartData) -> bool:
    return any(s.marker not in (None, "none") for s in chart.series)


def chart_type_of(chart: ChartData, ctx: PartContext | None = None) -> Any:
    """The python-pptx XL_CHART_TYPE that writes `chart` (unsupported kinds fall back to columns)."""
    kind, grouping = chart.chart_type, chart.grouping
    index = {"stacked": 1, "percent_stacked": 2}.get(grouping, 0)
    if kind in _BY_GROUPING:
        name = _BY_GROUPING[kind][index]
        if kind == "line" and _has_markers(chart):
            name = name.replace("LINE", "LINE_MARKERS")
        return getattr(XL_CHART_TYPE, name)
    if kind == "pie":
        return XL_CHART_TYPE.PIE
    if kind == "doughnut":
        return XL_CHART_TYPE.DOUGHNUT
    if kind == "radar":
        if chart.radar_style == "filled":
            return XL_CHART_TYPE.RADAR_FILLED
        marked = chart.radar_style == "marker" and all(s.marker != "none" for s in chart.series)
        return XL_CHART_TYPE.RADAR_MARKERS if marked or _has_markers(chart) else XL_CHART_TYPE.RADAR
    if kind == "bubble":
        return XL_CHART_TYPE.BUBBLE
    if kind == "scatter":
        if any(s.smooth for s in chart.series):
            return XL_CHART_TYPE.XY_SCATTER_SMOOTH
        if any(s.line is not None and s.line.paint.visible for s in chart.series):
            return XL_CHART_TYPE.XY_SCATTER_LINES
        return XL_CHART_TYPE.XY_SCATTER
    if ctx is not None:
        ctx.loss("chart-type", f"{kind} chart written as a clustered column chart")
    return XL_CHART_TYPE.COLUMN_CLUSTERED


def _chart_data(chart: ChartData, kind: Any) -> Any:
    name = str(kind)
    if "BUBBLE" in name:
        data: Any = BubbleChartData()
        for s in chart.series:
            ser = data.add_series(s.name)
            xs = s.x_values or list(range(1, len(s.values) + 1))
            sizes = s.sizes or [1.0] * len(s.values)
            for x, y, z in zip(xs, s.values, sizes, strict=False):
                ser.add_data_point(x, y, z)
        return data
    if "XY_" in name:
        data = XyChartData()
        for s in chart.series:
            ser = data.add_series(s.name)
            xs = s.x_values or list(range(1, len(s.values) + 1))
            for x, y in zip(xs, s.values, strict=False):
                ser.add_data_point(x, y)
        return data
    data = CategoryChartData(number_format=chart.y_axis.number_format or "General")
    count = max([len(chart.categories)] + [len(s.values) for s in chart.series])
    numeric = _numeric_categories(chart, count)
    if numeric is not None:  # numbers and dates stay numbers and dates (c:numCache with their format)
        data.categories = numeric
        data.categories.number_format = chart.category_format or "General"
        cats: list[Any] = numeric
    else:
        cats = list(chart.categories) + [str(i + 1) for i in range(len(chart.categories), count)]
        data.categories = cats or ["1"]
    for s in chart.series:
        values = list(s.values) + [None] * (len(cats) - len(s.values))
        data.add_series(s.name, values)
    return data


def _numeric_categories(chart: ChartData, count: int) -> list[Any] | None:
    """The categories as numbers, or as dates when their format is a date format; None when they
    are text (or the stored numbers do not cover every category)."""
    values = chart.category_values
    if not values or len(values) < count or any(v is None for v in values[:count]):
        return None
    nums = [float(v) for v in values[:count] if v is not None]
    if is_date_format(chart.category_format) and all(0 <= v < 2958466 for v in nums):
        epoch = datetime.datetime(1904, 1, 1) if chart.date1904 else datetime.datetime(1899, 12, 30)
        stamps = [epoch + datetime.timedelta(days=v) for v in nums]
        if all(t.time() == datetime.time() for t in stamps):
            return [t.date() for t in stamps]
        return stamps
    return [int(v) if v.is_integer() else v for v in nums]


def _font(font: Any, style: TextStyle | None) -> None:
    if style is None:
        return
    if style.font_size:
        font.size = Pt(style.font_size / PX_PER_PT)
    if style.font_weight is not None:
        font.bold = style.font_weight >= 600
    if style.italic is not None:
        font.italic = style.italic
    if style.font_family:
        font.name = style.font_family
    if isinstance(style.fill, SolidPaint):
        r, g, b = style.fill.color.to_rgb255()
        from pptx.dml.color import RGBColor

        font.color.rgb = RGBColor(r, g, b)


def text_props(style: TextStyle | None, ctx: PartContext) -> etree._Element | None:
    """c:txPr setting a chart element's text (size, weight, colour, family), None without a style."""
    if style is None:
        return None
    return el(
        "c:txPr",
        None,
        el("a:bodyPr"),
        el("a:lstStyle"),
        el("a:p", None, el("a:pPr", None, run_props(style, ctx, "a:defRPr")), el("a:endParaRPr", {"lang": "en-US"})),
    )


def _put(parent: etree._Element, child: etree._Element, before: tuple[str, ...]) -> None:
    """Replace `parent`'s child of the same tag with `child`, else insert it before the first of
    the `before` tags (schema order), else append it."""
    old = parent.find(child.tag)
    if old is not None:
        old.addprevious(child)
        parent.remove(old)
        return
    for tag in before:
        anchor = parent.find(f"{_C}{tag}")
        if anchor is not None:
            anchor.addprevious(child)
            return
    parent.append(child)


# c:catAx / c:valAx / c:dateAx children after c:spPr and c:txPr, in schema order
_AX_AFTER_SPPR = ("txPr", "crossAx", "crosses", "crossesAt", "auto", "lblAlgn", "lblOffset", "crossBetween")
_AX_AFTER_TXPR = ("crossAx", "crosses", "crossesAt", "auto", "lblAlgn", "lblOffset", "crossBetween")
_AX_AFTER_TICKS = ("minorTickMark", "tickLblPos", "spPr", "txPr", "crossAx")


def _axis_look(axis_obj: Any, spec: ChartAxis, ctx: PartContext) -> None:
    """What the IR says of an axis's look: tick label text, axis line, gridlines, tick marks."""
    ax = axis_obj._element
    if spec.tick_marks is not None:
        _put(ax, el("c:majorTickMark", {"val": spec.tick_marks}), _AX_AFTER_TICKS)
    if spec.tick_labels is not None:
        _put(ax, el("c:tickLblPos", {"val": spec.tick_labels}), _AX_AFTER_TICKS[2:])
    if spec.line is not None:
        _put(ax, el("c:spPr", None, line_el([spec.line], ctx)), _AX_AFTER_SPPR)
    if spec.cross_between is not None and etree.QName(ax).localname == "valAx":
        _put(ax, el("c:crossBetween", {"val": spec.cross_between}), ("majorUnit", "minorUnit", "dispUnits", "extLst"))
    tx = text_props(spec.text_style, ctx)
    if tx is not None:
        _put(ax, tx, _AX_AFTER_TXPR)
    if spec.gridlines and spec.gridline_stroke is not None:
        grid = ax.find(f"{_C}majorGridlines")
        if grid is not None:
            _put(grid, el("c:spPr", None, line_el([spec.gridline_stroke], ctx)), ("extLst",))


def _plot_area(space: etree._Element, chart: ChartData, ctx: PartContext) -> None:
    """The plot area's manual layout (its first child) and fill (its c:spPr)."""
    plot = space.find(f"{_C}chart/{_C}plotArea")
    if plot is None:
        return
    box = chart.plot_layout
    if box is not None:
        manual = el("c:manualLayout")
        if box.inner:
            sub(manual, "c:layoutTarget", {"val": "inner"})
        sub(manual, "c:xMode", {"val": "edge"})
        sub(manual, "c:yMode", {"val": "edge"})
        for key in ("x", "y", "w", "h"):
            sub(manual, f"c:{key}", {"val": repr(float(getattr(box, key)))})
        layout = el("c:layout", None, manual)
        old = plot.find(f"{_C}layout")
        if old is not None:
            plot.remove(old)
        plot.insert(0, layout)
    if chart.plot_fills is not None:
        paint = pick_paint(chart.plot_fills, ctx)
        sp_pr = el("c:spPr", None, fill_el(paint, ctx) if paint is not None else el("a:noFill"))
        _put(plot, sp_pr, ("extLst",))


# 2-D plot -> its 3-D element, and the children the 3-D schema type does not allow
_PLOTS_3D = {
    "barChart": ("bar3DChart", ("overlap", "serLines")),
    "pieChart": ("pie3DChart", ("firstSliceAng",)),
    "areaChart": ("area3DChart", ()),
}


def _make_3d(space: etree._Element, chart: ChartData, ctx: PartContext) -> None:
    """Turn the plot python-pptx wrote into its 3-D kind with the chart's c:view3D (bar, column,
    pie and area charts; others stay flat, with a loss entry)."""
    view = chart.view_3d
    plot_area = space.find(f"{_C}chart/{_C}plotArea")
    if view is None or plot_area is None:
        return
    plot = next((p for p in plot_area if etree.QName(p).localname in _PLOTS_3D), None)
    if plot is None:
        ctx.loss("chart-3d", f"a 3-D {chart.chart_type} chart is written flat")
        return
    tag, drop = _PLOTS_3D[etree.QName(plot).localname]
    plot.tag = f"{_C}{tag}"
    for name in drop:
        for child in plot.findall(f"{_C}{name}"):
            plot.remove(child)
    if tag == "bar3DChart" and view.shape:
        _put(plot, el("c:shape", {"val": view.shape}), ("axId", "extLst"))
    if tag == "bar3DChart" and chart.grouping == "standard":
        _series_axis(plot_area, plot)
    node = el("c:view3D")
    sub(node, "c:rotX", {"val": max(-90, min(90, round(view.rot_x)))})
    sub(node, "c:rotY", {"val": round(view.rot_y) % 360})
    if view.depth_percent is not None:
        sub(node, "c:depthPercent", {"val": max(20, min(2000, round(view.depth_percent)))})
    sub(node, "c:rAngAx", {"val": view.right_angle_axes})
    if not view.right_angle_axes:
        sub(node, "c:perspective", {"val": max(0, min(240, round(view.perspective)))})
    plot_area.addprevious(node)


def _series_axis(plot_area: etree._Element, plot: etree._Element) -> None:
    """A 'standard' 3-D column chart puts its series one behind the other, along a series axis."""
    ids = [a.get("val") for a in plot.findall(f"{_C}axId")]
    val_id = next((a.find(f"{_C}axId").get("val") for a in plot_area.findall(f"{_C}valAx")), None)
    if len(ids) != 2 or val_id is None:
        return
    grouping = plot.find(f"{_C}grouping")
    if grouping is not None:
        grouping.set("val", "standard")
    for child in plot.findall(f"{_C}overlap"):
        plot.remove(child)
    new_id = "600000001"  # python-pptx's axis ids are negative, renumbered from 500000001 by _fix_schema
    plot.findall(f"{_C}axId")[-1].addnext(el("c:axId", {"val": new_id}))
    axis = el(
        "c:serAx",
        None,
        el("c:axId", {"val": new_id}),
        el("c:scaling", None, el("c:orientation", {"val": "minMax"})),
        el("c:delete", {"val": False}),
        el("c:axPos", {"val": "b"}),
        el("c:majorTickMark", {"val": "out"}),
        el("c:minorTickMark", {"val": "none"}),
        el("c:tickLblPos", {"val": "nextTo"}),
        el("c:crossAx", {"val": val_id}),
        el("c:crosses", {"val": "autoZero"}),
    )
    last_axis = [a for a in plot_area if etree.QName(a).localname in ("catAx", "valAx", "dateAx")][-1]
    last_axis.addnext(axis)


def _axis(axis_obj: Any, spec: ChartAxis) -> None:
    axis_obj.visible = spec.visible
    axis_obj.has_major_gridlines = spec.gridlines
    if spec.reverse:
        axis_obj.reverse_order = True
    if spec.title:
        axis_obj.has_title = True
        axis_obj.axis_title.text_frame.text = spec.title
    scaling = hasattr(axis_obj, "minimum_scale")
    if scaling and spec.min is not None:
        axis_obj.minimum_scale = spec.min
    if scaling and spec.max is not None:
        axis_obj.maximum_scale = spec.max
    if hasattr(axis_obj, "major_unit") and spec.major_unit:
        axis_obj.major_unit = spec.major_unit
    if spec.number_format:
        axis_obj.tick_labels.number_format = spec.number_format
        axis_obj.tick_labels.number_format_is_linked = False


def _replace_sppr(fmt_owner: Any, children: list[etree._Element]) -> None:
    """Put our own fill / line elements into the c:spPr python-pptx creates in schema order."""
    sp_pr = fmt_owner.format._element.get_or_add_spPr()
    for child in list(sp_pr):
        sp_pr.remove(child)
    for child in children:
        sp_pr.append(child)


def _series_style(ser_obj: Any, spec: ChartSeries, ctx: PartContext, kind_name: str) -> None:
    lineish = "LINE" in kind_name or "XY_" in kind_name or "RADAR" in kind_name
    parts: list[etree._Element] = []
    if spec.fill is not None and not lineish:
        parts.append(fill_el(spec.fill, ctx))
    if spec.line is not None:
        parts.append(line_el([spec.line], ctx))
    elif lineish and isinstance(spec.fill, SolidPaint):
        parts.append(el("a:ln", {"w": 28575}, fill_el(spec.fill, ctx)))
    if parts:
        _replace_sppr(ser_obj, parts)
    if spec.marker and hasattr(ser_obj, "marker") and spec.marker in _MARKERS:
        ser_obj.marker.style = _MARKERS[spec.marker]
        if spec.marker_size is not None:
            ser_obj.marker.size = max(2, min(72, round(spec.marker_size)))
        if lineish and spec.fill is not None and spec.marker != "none":
            _replace_sppr(ser_obj.marker, [fill_el(spec.fill, ctx), line_el([Stroke(paint=spec.fill)], ctx)])
    if spec.smooth and hasattr(ser_obj, "smooth"):
        ser_obj.smooth = True
    if spec.point_fills:
        for i, paint in enumerate(spec.point_fills):
            if paint is not None and i < len(spec.values):
                _replace_sppr(ser_obj.points[i], [fill_el(paint, ctx)])
    if "PIE" in kind_name or "DOUGHNUT" in kind_name:
        _explosions(ser_obj, spec)


def _explosions(ser_obj: Any, spec: ChartSeries) -> None:
    """c:explosion of a pie series (after its c:spPr) and of its points (in c:dPt, before c:spPr)."""
    ser = ser_obj._element
    if spec.explosion:
        _put(ser, el("c:explosion", {"val": round(spec.explosion)}), ("dPt", "dLbls", "cat", "val", "extLst"))
    for i, value in enumerate(spec.point_explosions or []):
        if value is None or i >= len(spec.values):
            continue
        dpt = ser_obj.points[i].format._element  # the point's c:dPt
        _put(dpt, el("c:explosion", {"val": round(value)}), ("spPr", "pictureOptions", "extLst"))


def _fix_schema(root: etree._Element) -> None:
    """python-pptx's templates use negative axis ids, which the schema (unsignedInt) refuses, and
    give radar series a c:smooth they may not have."""
    for smooth in root.findall(f".//{_C}radarChart/{_C}ser/{_C}smooth"):
        smooth.getparent().remove(smooth)
    renumber_axis_ids(root)


def chart_part_xml(chart: ChartData, ctx: PartContext) -> tuple[etree._Element, bytes]:
    """(c:chartSpace root, xlsx workbook bytes) of an IR chart."""
    kind = chart_type_of(chart, ctx)
    data = _chart_data(chart, kind)
    space = parse_xml(data.xml_bytes(kind))
    if kind in (XL_CHART_TYPE.PIE, XL_CHART_TYPE.PIE_EXPLODED) and len(chart.series) > 1:
        _all_pie_series(space, data)
    obj = Chart(space, None)
    name = str(kind)
    chart_text = text_props(chart.text_style, ctx)
    if chart_text is not None:  # the chart-wide text, in place of python-pptx's 18 pt default
        _put(space, chart_text, ("externalData", "printSettings", "userShapes", "extLst"))
    if chart.title and chart.auto_title and chart.title == automatic_title(chart.series):
        # the automatic title (the one series' name, else "Chart Title"): a c:title without text,
        # as in its source, so readers see no title text the source did not have
        obj.has_title = True
        props = text_props(chart.title_style, ctx)
        if props is not None:
            obj._chartSpace.chart.get_or_add_title().append(props)
    elif chart.title:
        obj.has_title = True
        obj.chart_title.text_frame.text = chart.title
        _font(obj.chart_title.text_frame.paragraphs[0].font, chart.title_style)
    else:
        obj.has_title = False
    legend = chart.legend
    if legend is None or legend.position == "none":
        obj.has_legend = False
    else:
        obj.has_legend = True
        obj.legend.position = _LEGEND[legend.position]
        obj.legend.include_in_layout = legend.overlay
        _font(obj.legend.font, legend.font)
    if chart.style is not None and 1 <= chart.style <= 48:
        obj.chart_style = chart.style
    plot = obj.plots[0]
    if "PIE" not in name and "DOUGHNUT" not in name:
        try:
            _axis(obj.category_axis, chart.x_axis)
            _axis(obj.value_axis, chart.y_axis)
            _axis_look(obj.category_axis, chart.x_axis, ctx)
            _axis_look(obj.value_axis, chart.y_axis, ctx)
        except ValueError:
            pass  # a chart kind without that axis
    if chart.gap_width is not None and hasattr(plot, "gap_width"):
        plot.gap_width = max(0, min(500, round(chart.gap_width)))
    if chart.overlap is not None and hasattr(plot, "overlap"):
        plot.overlap = max(-100, min(100, round(chart.overlap)))
    if chart.vary_colors or "PIE" in name or "DOUGHNUT" in name:
        plot.vary_by_categories = chart.vary_colors or "PIE" in name or "DOUGHNUT" in name
    if chart.data_labels is not None:
        _data_labels(plot, chart, ctx)
    main, extra = plot_groups(chart, ctx)
    if extra:  # a combo chart: a chart group per plot type over the same data
        keep_series(plot._element, main)

        def sub_chart(sub_kind: str) -> tuple[etree._Element, Any]:
            grouping = chart.grouping if sub_kind in ("column", "bar") else "standard"
            xl = chart_type_of(chart.model_copy(update={"chart_type": sub_kind, "grouping": grouping}), ctx)
            sub_space = parse_xml(data.xml_bytes(xl))
            return sub_space, Chart(sub_space, None)

        def style(sub_obj: Any, indices: list[int]) -> None:
            sub_name = str(chart_type_of(chart.model_copy(update={"chart_type": chart.series[indices[0]].chart_type})))
            for ser_obj, i in zip(sub_obj.plots[0].series, indices, strict=False):
                _series_style(ser_obj, chart.series[i], ctx, sub_name)
                _point_labels(ser_obj, chart.series[i], chart, ctx)
            if chart.data_labels is not None:  # the chart's labels show on every plot group
                _data_labels(sub_obj.plots[0], chart, ctx)

        split_plots(space, chart, extra, sub_chart, style, lambda ax: _axis(ax, chart.y2_axis or ChartAxis()))
    for ser_obj, i in zip(plot.series, main, strict=False):
        _series_style(ser_obj, chart.series[i], ctx, name)
        _point_labels(ser_obj, chart.series[i], chart, ctx)
    if chart.hole_size is not None:
        hole = space.find(f".//{_C}holeSize")
        if hole is not None:
            hole.set("val", str(max(10, min(90, round(chart.hole_size)))))
    if chart.first_slice_angle:
        for start in space.iter(f"{_C}firstSliceAng"):
            start.set("val", str(round(chart.first_slice_angle) % 360))
    if chart.radar_style is not None:  # python-pptx writes 'marker' for a plain radar
        for radar in space.iter(f"{_C}radarStyle"):
            radar.set("val", chart.radar_style)
    _plot_area(space, chart, ctx)
    if chart.view_3d is not None and extra:
        ctx.loss("chart-3d", "a 3-D combo chart is written flat")
    else:
        _make_3d(space, chart, ctx)
    _unnamed_series(space, chart)
    _base_time_unit(space, chart)
    _whole_category_numbers(space)
    _fix_schema(space)
    return space, steady_workbook(data.xlsx_blob)


def _whole_category_numbers(space: etree._Element) -> None:
    """Cached category numbers that are whole written as Excel writes them ('41361', not the
    '41361.0' python-pptx writes for a date)."""
    for v in space.iterfind(f".//{_C}cat/{_C}numRef/{_C}numCache/{_C}pt/{_C}v"):
        try:
            number = float(v.text or "")
        except ValueError:
            continue
        if number.is_integer():
            v.text = str(int(number))


def _base_time_unit(space: etree._Element, chart: ChartData) -> None:
    """A date axis steps in the largest unit its dates are whole in, as Excel picks it from the
    data (python-pptx always writes days): months when they share their day of the month,
    years when they share their day of the year."""
    units = space.findall(f".//{_C}dateAx/{_C}baseTimeUnit")
    dates = _numeric_categories(chart, len(chart.category_values or [])) if units else None
    days = [d for d in dates or [] if isinstance(d, datetime.date)]
    if len(set(days)) < 2:
        return
    unit = (
        "years" if len({(d.month, d.day) for d in days}) == 1 else "months" if len({d.day for d in days}) == 1 else None
    )
    for node in units if unit else []:
        node.set("val", unit)


def _all_pie_series(space: etree._Element, data: Any) -> None:
    """Every series of a pie chart in its c:pieChart (python-pptx writes the first only; PowerPoint
    draws the first and keeps the others): the doughnut writer's c:ser over the same data."""
    pie = next(space.iter(f"{_C}pieChart"))
    first = pie.find(f"{_C}ser")
    others = parse_xml(data.xml_bytes(XL_CHART_TYPE.DOUGHNUT)).findall(f".//{_C}ser")[1:]
    for ser in reversed(others):
        first.addnext(ser)


def _unnamed_series(space: etree._Element, chart: ChartData) -> None:
    """A series without a name has no c:tx (PowerPoint then names it 'Series N' itself)."""
    for ser in space.iter(f"{_C}ser"):
        idx = ser.find(f"{_C}idx")
        i = int(idx.get("val", "-1")) if idx is not None else -1
        tx = ser.find(f"{_C}tx")
        if tx is not None and 0 <= i < len(chart.series) and not chart.series[i].name:
            ser.remove(tx)


def _data_labels(plot: Any, chart: ChartData, ctx: PartContext) -> None:
    name = str(chart.chart_type)
    try:
        plot.has_data_labels = True
        dl, spec = plot.data_labels, chart.data_labels
        dl.show_value = spec.show_value
        dl.show_category_name = spec.show_category
        dl.show_series_name = spec.show_series
        if name in ("pie", "doughnut"):
            dl.show_percentage = spec.show_percent
        if spec.position in _LABEL_POS:
            dl.position = _LABEL_POS[spec.position]
        if spec.number_format:
            dl.number_format = spec.number_format
            dl.number_format_is_linked = False
        tx = text_props(spec.text_style, ctx)
        if tx is not None:
            _put(dl._element, tx, ("dLblPos", "showLegendKey", "showVal"))
        if spec.separator is not None:
            sep = etree.Element(f"{_C}separator")
            sep.text = spec.separator
            _put(dl._element, sep, ("showLeaderLines", "leaderLines", "extLst"))
    except AttributeError:  # python-pptx has no plot-level labels for this kind (scatter, bubble)
        if _shows_fields(chart):
            why = f"data labels of a {name} chart are not written (only labels with text of their own)"
            ctx.loss("chart-labels", why)


def _shows_fields(chart: ChartData) -> bool:
    spec = chart.data_labels
    return spec is not None and (spec.show_value or spec.show_category or spec.show_series or spec.show_percent)


def _point_labels(ser_obj: Any, spec: ChartSeries, chart: ChartData, ctx: PartContext) -> None:
    """Each point's own label text (a label range's cell, a label's rich text) as a c:dLbl with
    its rich text, in the labels' text style; a hidden one ('') as a deleted c:dLbl when the
    series' labels show anything."""
    if not spec.label_texts:
        return
    style = chart.data_labels.text_style if chart.data_labels else None
    for i, text in enumerate(spec.label_texts[: max(len(spec.values), 1)]):
        if text is None or (text == "" and not _shows_fields(chart)):
            continue
        label = ser_obj.points[i].data_label
        if text == "":
            dlbl = label._get_or_add_dLbl()
            for child in list(dlbl):
                if child.tag != f"{_C}idx":
                    dlbl.remove(child)
            sub(dlbl, "c:delete", {"val": 1})
            continue
        frame = label.text_frame
        lines = text.split("\n")
        frame.text = lines[0]
        for line in lines[1:]:
            frame.add_paragraph().text = line
        for para in frame.paragraphs:
            _font(para.runs[0].font if para.runs else para.font, style)


def _chart_area(space: etree._Element, node: ChartNode, ctx: PartContext) -> None:
    """The chart node's fills and strokes as the chart area's c:spPr (right after c:chart)."""
    if not node.fills and not node.strokes:
        return
    sp_pr = space.find(f"{_C}spPr")
    if sp_pr is None:
        sp_pr = etree.Element(f"{_C}spPr", nsmap={"c": NS["c"], "a": NS["a"]})
        chart = space.find(f"{_C}chart")
        if chart is not None:
            chart.addnext(sp_pr)
        else:
            space.append(sp_pr)
    for child in list(sp_pr):
        sp_pr.remove(child)
    sp_pr.append(fill_el(pick_paint(node.fills, ctx), ctx))
    sp_pr.append(line_el(node.strokes, ctx))


def _rebuilt_part(node: ChartNode, ctx: PartContext, why: str) -> str:
    """A new chart part rebuilt from the IR (with its embedded workbook); returns its name."""
    space, xlsx = chart_part_xml(node.chart, ctx)
    _chart_area(space, node, ctx)
    reason = f" (its own part is not written again: {why})" if why else ""
    ctx.loss(
        "chart-style",
        "chart rebuilt from its data and the look the IR carries (series colours, title, legend and axis "
        f"fonts, plot area); other chart formatting and label positions are PowerPoint's defaults{reason}",
        "warning",  # the rebuilt chart looks different wherever the original was formatted further
    )
    if user_shapes_link(node.chart):
        ctx.loss("chart-drawing", f"shapes drawn over the chart are not written{reason}")
    pkg = ctx.pkg
    chart_name = pkg.next_name("ppt/charts/chart{}.xml")
    book = pkg.next_name("ppt/embeddings/Microsoft_Excel_Worksheet{}.xlsx")
    pkg.put_bytes(book, xlsx, CONTENT_TYPES["xlsx"])
    rid_book = pkg.relate(chart_name, RT.PACKAGE, book)
    external = el("c:externalData", {"r:id": rid_book}, el("c:autoUpdate", {"val": False}))
    anchor = None
    for tag in ("txPr", "spPr", "chart"):
        anchor = space.find(f"{_C}{tag}")
        if anchor is not None:
            break
    if anchor is not None:
        anchor.addnext(external)
    else:
        space.append(external)
    pkg.put_xml(chart_name, space, CONTENT_TYPES["chart"])
    return chart_name


def chart_frame(node: ChartNode, box: Box, ctx: PartContext) -> etree._Element:
    """p:graphicFrame pointing at the chart's part: its own part as read while it is unedited
    (chart_part), else a new one rebuilt from the IR."""
    chart_name, why = write_carried(node, ctx)
    if chart_name is None:
        chart_name = _rebuilt_part(node, ctx, why if why != NOT_READ else "")
    pkg = ctx.pkg
    rid = pkg.relate(ctx.part, RT.CHART, chart_name)
    nv = el(
        "p:nvGraphicFramePr",
        None,
        nv_props(node, ctx),
        el("p:cNvGraphicFramePr", None, el("a:graphicFrameLocks", {"noGrp": True})),
        el("p:nvPr"),
    )
    frame = el("p:graphicFrame", None, nv, xfrm(box, "p:xfrm"))
    graphic = sub(frame, "a:graphic")
    data = sub(graphic, "a:graphicData", {"uri": CHART_URI})
    chart_ref = etree.SubElement(data, f"{_C}chart", nsmap={"c": NS["c"]})
    chart_ref.set(f"{{{NS['r']}}}id", rid)
    return frame


_DATA_FIELDS = {"name", "values", "x_values", "sizes"}


def data_only_change(old: ChartData, new: ChartData) -> bool:
    """True when two charts differ only in their data (categories, series names and values)."""
    if old.model_dump(exclude={"categories", "series"}) != new.model_dump(exclude={"categories", "series"}):
        return False
    styles = [s.model_dump(exclude=_DATA_FIELDS) for s in new.series]
    return all(a == b for a, b in zip([s.model_dump(exclude=_DATA_FIELDS) for s in old.series], styles, strict=False))


def replace_chart_data(chart_xml: bytes, chart: ChartData) -> tuple[etree._Element, bytes]:
    """(the chart part with its series data rewritten in place, the new workbook bytes): the
    chart's formatting is kept (python-pptx's series rewriter)."""
    from pptx.chart.xmlwriter import SeriesXmlRewriterFactory

    kind = chart_type_of(chart)
    data = _chart_data(chart, kind)
    space = parse_xml(chart_xml)
    SeriesXmlRewriterFactory(kind, data).replace_series_data(space)
    _fix_schema(space)
    return space, steady_workbook(data.xlsx_blob)


_STAMPS = re.compile(rb"<dcterms:(created|modified)\b[^>]*>[^<]*</dcterms:\1>")


def steady_workbook(xlsx: bytes) -> bytes:
    """The embedded workbook without the creation / modification times XlsxWriter stamps into its
    docProps/core.xml (the clock at writing): the same deck writes the same bytes every time."""
    src = zipfile.ZipFile(io.BytesIO(xlsx))
    if "docProps/core.xml" not in src.namelist():
        return xlsx
    out = io.BytesIO()
    with src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info)
            if info.filename == "docProps/core.xml":
                body = _STAMPS.sub(b"", body)
            dst.writestr(info, body)
    return out.getvalue()
