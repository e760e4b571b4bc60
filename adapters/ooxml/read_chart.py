"""Chart parts (c:chartSpace) -> IR ChartData: type, grouping, categories, series values, axes, legend."""

from __future__ import annotations

import datetime
import re

from lxml import etree

from ace_core.errors import AceError
from ace_core.ir.semantic import (
    ChartAxis,
    ChartData,
    ChartLayout,
    ChartLegend,
    ChartSeries,
    ChartView3D,
    DataLabels,
)
from ace_core.ir.style import Paint
from ace_core.ir.text import TextStyle
from ace_core.units import PX_PER_PT
from adapters.ooxml.chart_part import carried_part
from adapters.ooxml.chart_style import chart_style, style_fills, style_lines
from adapters.ooxml.context import Scope
from adapters.ooxml.drawingml import find_fill, read_fill, read_stroke
from adapters.ooxml.ns import RT, local, qn
from adapters.ooxml.read_chart_defaults import series_line_widths, title_style, widthless_line
from adapters.ooxml.read_chart_labels import label_texts, shows_label_range
from adapters.ooxml.read_chart_shapes import stroke_of, user_shapes
from adapters.ooxml.read_text import body_run_style
from adapters.ooxml.values import to_float

__all__ = ["automatic_title", "is_date_format", "read_chart_part"]

_PLOTS = {
    "barChart": "column",
    "bar3DChart": "column",
    "lineChart": "line",
    "line3DChart": "line",
    "areaChart": "area",
    "area3DChart": "area",
    "pieChart": "pie",
    "pie3DChart": "pie",
    "ofPieChart": "pie",
    "doughnutChart": "doughnut",
    "scatterChart": "scatter",
    "radarChart": "radar",
    "bubbleChart": "bubble",
    "stockChart": "stock",
    "surfaceChart": "surface",
    "surface3DChart": "surface",
}
_GROUPING = {"clustered": "clustered", "stacked": "stacked", "percentStacked": "percent_stacked"}
_GROUPING |= {"standard": "standard"}
_LEGEND_POS = {"t": "top", "b": "bottom", "l": "left", "r": "right", "tr": "top_right"}


def automatic_title(series: list[ChartSeries]) -> str:
    """The title PowerPoint and LibreOffice draw for a c:title without text: the one series'
    name, else "Chart Title"."""
    return series[0].name if len(series) == 1 else "Chart Title"


def _val(el: etree._Element | None, tag: str, default: str | None = None) -> str | None:
    if el is None:
        return default
    child = el.find(qn(tag))
    return child.get("val", default) if child is not None else default


def _points(ref: etree._Element | None) -> list[str | None]:
    """Cached points of a c:strRef / c:numRef / c:multiLvlStrRef / c:strLit / c:numLit, by index."""
    if ref is None:
        return []
    cache = None
    for tag in ("c:strRef", "c:numRef", "c:multiLvlStrRef", "c:strLit", "c:numLit"):
        found = ref.find(qn(tag))
        if found is not None:
            cache = found
            break
    if cache is None:
        return []
    if local(cache.tag) in ("strRef", "numRef", "multiLvlStrRef"):
        inner = None
        for tag in ("c:strCache", "c:numCache", "c:multiLvlStrCache"):
            inner = cache.find(qn(tag))
            if inner is not None:
                break
        cache = inner
    if cache is None:
        return []
    if local(cache.tag) == "multiLvlStrCache":
        lvl = cache.find(qn("c:lvl"))  # the innermost level comes first
        cache = lvl if lvl is not None else cache
    count_el = cache.find(qn("c:ptCount"))
    try:
        count = int(count_el.get("val", "0")) if count_el is not None else 0
    except ValueError:
        count = 0
    pts = cache.findall(qn("c:pt"))
    count = max(count, max((int(p.get("idx", "0") or 0) + 1 for p in pts), default=0))
    count = min(count, 100_000)
    out: list[str | None] = [None] * count
    for p in pts:
        try:
            idx = int(p.get("idx", "0") or 0)
        except ValueError:
            continue
        v = p.find(qn("c:v"))
        if 0 <= idx < count:
            out[idx] = v.text if v is not None else None
    return out


_FORMAT_PART = re.compile(r'\\(.)|"([^"]*)"|\[[^\]]*\]|(yyyy|yy|mmmm|mmm|mm|m|dddd|ddd|dd|d)|(.)', re.I | re.S)


def is_date_format(code: str | None) -> bool:
    """True for an Excel number format that shows dates (m/d/yy, yyyy-mm-dd, d-mmm ...), not times."""
    if not code:
        return False
    tokens = [m.group(3).lower() for m in _FORMAT_PART.finditer(code.split(";")[0]) if m.group(3)]
    return any(t[0] in "dy" for t in tokens) and "h" not in code.lower()


def _format_number(text: str, code: str, date1904: bool = False) -> str:
    """A cached category number as the chart shows it: a date code (m/d/yy, yyyy-mm-dd,
    d-mmm-yy, ...) as a date, anything else as Excel's General format (37261.0 -> 37261)."""
    try:
        value = float(text)
    except ValueError:
        return text
    parts = list(_FORMAT_PART.finditer(code.split(";")[0]))
    if is_date_format(code) and 0 <= value < 2958466:
        day = (datetime.date(1904, 1, 1) if date1904 else datetime.date(1899, 12, 30)) + datetime.timedelta(
            days=int(value)
        )
        values = {
            "yyyy": f"{day.year:04d}",
            "yy": f"{day.year % 100:02d}",
            "mmmm": day.strftime("%B"),
            "mmm": day.strftime("%b"),
            "mm": f"{day.month:02d}",
            "m": str(day.month),
            "dddd": day.strftime("%A"),
            "ddd": day.strftime("%a"),
            "dd": f"{day.day:02d}",
            "d": str(day.day),
        }
        out = []
        for m in parts:
            escaped, quoted, token, other = m.group(1), m.group(2), m.group(3), m.group(4)
            out.append(values[token.lower()] if token else escaped or quoted or other or "")
        return "".join(out).strip()
    return str(int(value)) if value.is_integer() and abs(value) < 1e15 else f"{value:.10g}"


def _categories(cat: etree._Element | None, date1904: bool) -> list[str]:
    """Category labels; cached numbers (a c:numRef) formatted with their format code."""
    labels = [p or "" for p in _points(cat)]
    num = cat.find(qn("c:numRef")) if cat is not None else None
    cache = num.find(qn("c:numCache")) if num is not None else None
    if cache is None:
        return labels
    code = cache.findtext(qn("c:formatCode")) or "General"
    return [_format_number(v, code, date1904) if v else v for v in labels]


def _numbers(ref: etree._Element | None) -> list[float | None]:
    out: list[float | None] = []
    for v in _points(ref):
        try:
            out.append(float(v) if v not in (None, "") else None)
        except ValueError:
            out.append(None)
    return out


def _rich_text(el: etree._Element | None) -> str | None:
    if el is None:
        return None
    tx = el.find(qn("c:tx"))
    if tx is None:
        return None
    rich = tx.find(qn("c:rich"))
    if rich is not None:
        paras = ["".join(t.text or "" for t in p.iter(qn("a:t"))) for p in rich.findall(qn("a:p"))]
        return "\n".join(paras)
    pts = _points(tx)
    return " ".join(p for p in pts if p) or None


def _axis_title(title: etree._Element | None) -> str | None:
    """An axis title's text; a c:title without text of its own is drawn "Axis Title" (as PowerPoint
    and LibreOffice draw it)."""
    if title is None:
        return None
    return _rich_text(title) or "Axis Title"


def _series(
    ser: etree._Element, scope: Scope, kind: str, node_id: str, date1904: bool = False
) -> tuple[ChartSeries, list[str]]:
    name = " ".join(p for p in _points(ser.find(qn("c:tx"))) if p)
    if not name:
        v = ser.find(qn("c:tx"))
        name = (v.findtext(qn("c:v")) or "") if v is not None else ""
    cats = _categories(ser.find(qn("c:cat")), date1904)
    data: dict = {"name": name}
    if kind in ("scatter", "bubble"):
        xs = ser.find(qn("c:xVal"))
        data["values"] = _numbers(ser.find(qn("c:yVal")))
        data["x_values"] = _numbers(xs)
        if not any(v is not None for v in data["x_values"]):
            cats = [p or "" for p in _points(xs)]
        else:
            cats = []
        if kind == "bubble":
            data["sizes"] = _numbers(ser.find(qn("c:bubbleSize")))
    else:
        data["values"] = _numbers(ser.find(qn("c:val")))
    sp_pr = ser.find(qn("c:spPr"))
    if sp_pr is not None:
        fill = find_fill(sp_pr)
        if fill is not None:
            paints = read_fill(fill, scope, node_id=node_id)
            if paints:
                data["fill"] = paints[0]
        line = stroke_of(sp_pr, scope, node_id)
        if line is not None:
            data["line"] = line
    marker = ser.find(qn("c:marker"))
    if marker is not None:
        data["marker"] = _val(marker, "c:symbol")
        size = to_float(_val(marker, "c:size"))
        if size is not None:
            data["marker_size"] = size
        mark_fill = find_fill(marker.find(qn("c:spPr")))
        if "fill" not in data and mark_fill is not None:  # a marker-only series shows its markers' colour
            paints = read_fill(mark_fill, scope, node_id=node_id)
            if paints:
                data["fill"] = paints[0]
    if _val(ser, "c:smooth") in ("1", "true"):
        data["smooth"] = True
    explosion = to_float(_val(ser, "c:explosion"))
    if explosion:
        data["explosion"] = explosion
    pulled = {int(_val(d, "c:idx", "0") or 0): to_float(_val(d, "c:explosion")) for d in ser.findall(qn("c:dPt"))}
    pulled = {i: v for i, v in pulled.items() if v is not None}
    if pulled:
        data["point_explosions"] = [pulled.get(i) for i in range(max(len(data.get("values", [])), max(pulled) + 1))]
    points: dict[int, Paint] = {}
    for dpt in ser.findall(qn("c:dPt")):
        idx = int(_val(dpt, "c:idx", "0") or 0)
        fill = find_fill(dpt.find(qn("c:spPr")))
        if fill is not None:
            paints = read_fill(fill, scope, node_id=node_id)
            if paints:
                points[idx] = paints[0]
    if points:
        n = max(len(data.get("values", [])), max(points) + 1)
        data["point_fills"] = [points.get(i) for i in range(n)]
    texts = label_texts(ser, data.get("values", []), cats, name)
    if texts is not None:
        data["label_texts"] = texts
    return ChartSeries(**data), cats


def _title_style(title: etree._Element, scope: Scope, node_id: str) -> TextStyle | None:
    """A chart title's text: its rich text's first paragraph and run, else its c:txPr."""
    tx = title.find(qn("c:tx"))
    rich = tx.find(qn("c:rich")) if tx is not None else None
    return body_run_style(rich, scope, node_id) or body_run_style(title.find(qn("c:txPr")), scope, node_id)


def _axis(ax: etree._Element | None, scope: Scope, node_id: str) -> ChartAxis:
    if ax is None:
        return ChartAxis(visible=False)
    scaling = ax.find(qn("c:scaling"))
    data: dict = {
        "visible": _val(ax, "c:delete", "0") not in ("1", "true"),
        "title": _axis_title(ax.find(qn("c:title"))),
        "gridlines": ax.find(qn("c:majorGridlines")) is not None,
        "reverse": _val(scaling, "c:orientation", "minMax") == "maxMin",
        "text_style": body_run_style(ax.find(qn("c:txPr")), scope, node_id),
        "line": stroke_of(ax.find(qn("c:spPr")), scope, node_id),
    }
    grid = ax.find(qn("c:majorGridlines"))
    if grid is not None:
        data["gridline_stroke"] = stroke_of(grid.find(qn("c:spPr")), scope, node_id)
    ticks = _val(ax, "c:majorTickMark")
    if ticks in ("none", "in", "out", "cross"):
        data["tick_marks"] = ticks
    labels = _val(ax, "c:tickLblPos")
    if labels in ("nextTo", "high", "low", "none"):
        data["tick_labels"] = labels
    cross = _val(ax, "c:crossBetween")
    if cross in ("between", "midCat"):
        data["cross_between"] = cross
    for key, tag in (("min", "c:min"), ("max", "c:max")):
        v = to_float(_val(scaling, tag))
        if v is not None:
            data[key] = v
    unit = to_float(_val(ax, "c:majorUnit"))
    if unit is not None:
        data["major_unit"] = unit
    fmt = ax.find(qn("c:numFmt"))
    if fmt is not None and fmt.get("formatCode") and fmt.get("sourceLinked") not in ("1", "true"):
        data["number_format"] = fmt.get("formatCode")
    return ChartAxis(**data)


def _cached_format(plot: etree._Element, tag: str) -> str | None:
    """The first series' cached format code of its `tag` numbers (c:val, c:bubbleSize), when not General."""
    for code in plot.iterfind(f"{qn('c:ser')}/{qn(tag)}/{qn('c:numRef')}/{qn('c:numCache')}/{qn('c:formatCode')}"):
        if code.text and code.text.strip() and code.text.strip() != "General":
            return code.text.strip()
    return None


def _source_format(ax: etree._Element | None, plots: list[etree._Element]) -> str | None:
    """The number format a value axis linked to its source shows: the first series' cached
    format code (e.g. 0% in a percent chart), when it is not General."""
    fmt = ax.find(qn("c:numFmt")) if ax is not None else None
    if fmt is None or fmt.get("sourceLinked") not in ("1", "true"):
        return None
    return next((code for code in (_cached_format(plot, "c:val") for plot in plots) if code), None)


def _linked_axis(ax: etree._Element | None, plots: list[etree._Element], scope: Scope, node_id: str) -> ChartAxis:
    """A value axis with, when it is linked to its source, the number format of the first series
    plotted against it (the chart groups whose c:axId names it)."""
    axis = _axis(ax, scope, node_id)
    ax_id = _val(ax, "c:axId")
    own = [p for p in plots if ax_id in {el.get("val") for el in p.findall(qn("c:axId"))}] or plots
    linked = _source_format(ax, own)
    return axis.model_copy(update={"number_format": linked}) if linked and axis.number_format is None else axis


def _view_3d(chart: etree._Element | None, plot: etree._Element) -> ChartView3D:
    """A 3-D chart's c:view3D (OOXML defaults where it says nothing) and its bars' c:shape."""
    view = chart.find(qn("c:view3D")) if chart is not None else None
    data: dict = {}
    for key, tag in (("rot_x", "c:rotX"), ("rot_y", "c:rotY"), ("perspective", "c:perspective")):
        v = to_float(_val(view, tag))
        if v is not None:
            data[key] = v
    depth = to_float((_val(view, "c:depthPercent") or "").rstrip("%") or None)
    if depth is not None:
        data["depth_percent"] = depth
    # without c:rAngAx the axes follow the perspective, as PowerPoint and LibreOffice draw a
    # PowerPoint file (the schema's default of true applies only when the element is there)
    data["right_angle_axes"] = view is not None and _val(view, "c:rAngAx", "0") in ("1", "true")
    shape = _val(plot, "c:shape")
    if shape:
        data["shape"] = shape
    return ChartView3D(**data)


def _plot_layout(plot: etree._Element) -> ChartLayout | None:
    """The plot area's c:manualLayout (edge mode: x / y are the top-left corner), or None."""
    manual = plot.find(f"{qn('c:layout')}/{qn('c:manualLayout')}")
    if manual is None:
        return None
    values = {k: to_float(_val(manual, f"c:{k}")) for k in ("x", "y", "w", "h")}
    if any(v is None for v in values.values()):
        return None
    if any(_val(manual, m, "factor") != "edge" for m in ("c:xMode", "c:yMode")):
        return None  # factor mode offsets from the automatic layout, which only a chart engine knows
    clamp = {k: max(0.0, min(1.0, v or 0.0)) for k, v in values.items()}
    return ChartLayout(**clamp, inner=_val(manual, "c:layoutTarget", "outer") == "inner")


def _labels(el: etree._Element | None, scope: Scope, node_id: str) -> DataLabels | None:
    if el is None:
        return None
    show = {
        k: _val(el, f"c:{k}", "0") in ("1", "true") for k in ("showVal", "showCatName", "showSerName", "showPercent")
    }
    if not any(show.values()) and not shows_label_range(el):
        return None
    fmt = el.find(qn("c:numFmt"))
    if fmt is not None and fmt.get("sourceLinked") in ("1", "true"):
        fmt = None
    return DataLabels(
        show_value=show["showVal"],
        show_category=show["showCatName"],
        show_series=show["showSerName"],
        show_percent=show["showPercent"],
        position=_val(el, "c:dLblPos"),
        number_format=fmt.get("formatCode") if fmt is not None else None,
        text_style=body_run_style(el.find(qn("c:txPr")), scope, node_id),
        separator=el.findtext(qn("c:separator")),
    )


def read_chart_part(part: str, scope: Scope, node_id: str, area: dict[str, list] | None = None) -> ChartData | None:
    """Parse a chart part; None (with a loss entry) when it is missing or unreadable. With `area`,
    the chart area's own fill and line (chartSpace c:spPr) go to area['fills'] / area['strokes']."""
    pkg = scope.ctx.pkg
    try:
        root = pkg.xml(part)
    except AceError as exc:
        scope.loss("chart", f"chart part {part} is unreadable ({exc.what})", node_id, severity="error")
        return None
    if root is None:
        scope.loss("chart", f"chart part {part} is missing", node_id, severity="error")
        return None
    pkg.forget(part)
    sp_pr = root.find(qn("c:spPr"))
    if area is not None and sp_pr is not None:
        fill = find_fill(sp_pr)
        area["fills"] = read_fill(fill, scope, node_id=node_id) if fill is not None else []
        ln = sp_pr.find(qn("a:ln"))
        area["strokes"] = read_stroke([(ln, None)], scope, node_id) if ln is not None else []
    chart = root.find(qn("c:chart"))
    plot = chart.find(qn("c:plotArea")) if chart is not None else None
    if plot is None:
        scope.loss("chart", "the chart has no plot area", node_id, severity="error")
        return ChartData()
    plots = [el for el in plot if local(el.tag) in _PLOTS]
    if not plots:
        scope.loss("chart", "the chart has no plot type ACE knows", node_id, severity="error")
        return ChartData()
    first = plots[0]
    kind = _PLOTS[local(first.tag)]
    if local(first.tag) in ("barChart", "bar3DChart") and _val(first, "c:barDir", "col") == "bar":
        kind = "bar"
    data: dict = {"chart_type": kind}
    if local(first.tag) == "ofPieChart":
        of = "bar of pie" if _val(first, "c:ofPieType", "pie") == "bar" else "pie of pie"
        why = f"a {of} chart is read as a plain pie (its second plot is kept only in patch mode)"
        scope.loss("chart-type", why, node_id)
    grouping = _val(first, "c:grouping")
    if grouping in _GROUPING:
        data["grouping"] = _GROUPING[grouping]
    elif kind in ("line", "area", "radar", "scatter"):
        data["grouping"] = "standard"
    if "3D" in local(first.tag):
        data["view_3d"] = _view_3d(chart, first)
        scope.loss(
            "chart-3d",
            f"3-D chart ({local(first.tag)}): its view is kept; walls, floor and depth styling are not",
            node_id,
            severity="info",
        )
    series: list[ChartSeries] = []
    widthless: list[bool] = []
    categories: list[str] = []
    date1904 = _val(root, "c:date1904", "0") in ("1", "true")
    for plot_el in plots:
        for ser in plot_el.findall(qn("c:ser")):
            plot_kind = _PLOTS[local(plot_el.tag)]
            if local(plot_el.tag) in ("barChart", "bar3DChart"):
                plot_kind = "bar" if _val(plot_el, "c:barDir", "col") == "bar" else "column"
            s, cats = _series(ser, scope, plot_kind, node_id, date1904)
            if plot_kind != kind:
                s.chart_type = plot_kind  # type: ignore[assignment]
            series.append(s)
            widthless.append(widthless_line(ser))
            if cats and len(cats) > len(categories):
                categories = cats
    data["series"] = series
    data["categories"] = categories
    data.update(_numeric_categories(plots, date1904))
    if plot.find(qn("c:dateAx")) is not None:
        data["date_axis"] = True
    if plot.find(qn("c:serAx")) is not None:
        data["series_axis"] = _axis(plot.find(qn("c:serAx")), scope, node_id)
    if _secondary_series(plot, plots, series):
        axes = plot.findall(qn("c:valAx"))
        data["y2_axis"] = _linked_axis(axes[1], plots, scope, node_id) if len(axes) > 1 else None
    # a combo chart: each series keeps its plot type; the writers and the drawing report what
    # they cannot carry of it
    data["extra_types"] = [_PLOTS[local(p.tag)] for p in plots[1:]]
    title = chart.find(qn("c:title"))
    auto_deleted = _val(chart, "c:autoTitleDeleted", "0") in ("1", "true")
    # a chart that says its automatic title is not deleted shows it when it has one series,
    # whatever its type (PowerPoint and LibreOffice: the series' name); without the element only
    # a pie or doughnut does
    kept_auto = _val(chart, "c:autoTitleDeleted") in ("0", "false")
    if title is not None:
        # a title without text of its own is the automatic one: the series' name, or "Chart Title"
        # (as PowerPoint and LibreOffice draw it) when there are several series
        own = _rich_text(title)
        data["title"] = own or automatic_title(series)
        data["auto_title"] = not own
    elif not auto_deleted and len(series) == 1 and (kept_auto or kind in ("pie", "doughnut")):
        data["title"] = series[0].name or None
        data["auto_title"] = bool(data["title"])
    own_title = _title_style(title, scope, node_id) if title is not None else None
    legend = chart.find(qn("c:legend"))
    if legend is None:
        data["legend"] = None
    else:
        data["legend"] = ChartLegend(
            position=_LEGEND_POS.get(_val(legend, "c:legendPos", "r") or "r", "right"),  # type: ignore[arg-type]
            overlay=_val(legend, "c:overlay", "0") in ("1", "true"),
            font=body_run_style(legend.find(qn("c:txPr")), scope, node_id),
        )
    cat_ax = plot.find(qn("c:catAx"))
    if cat_ax is None:
        cat_ax = plot.find(qn("c:dateAx"))
    val_axes = plot.findall(qn("c:valAx"))
    # the chart-wide text (chartSpace txPr); without one, what the axes' labels say
    data["text_style"] = body_run_style(root.find(qn("c:txPr")), scope, node_id) or next(
        (
            s
            for s in (
                body_run_style(ax.find(qn("c:txPr")), scope, node_id) for ax in [cat_ax, *val_axes] if ax is not None
            )
            if s
        ),
        None,
    )
    if data.get("title"):
        data["title_style"] = title_style(own_title, body_run_style(root.find(qn("c:txPr")), scope, node_id))
    if data["text_style"] is None or data["text_style"].font_size is None:
        # no text size of the chart's own (no c:txPr, or one without sz): chart text is 10 pt, as
        # PowerPoint and LibreOffice draw it
        own = data["text_style"] or TextStyle()
        data["text_style"] = own.model_copy(update={"font_size": 10 * PX_PER_PT})
    if kind in ("scatter", "bubble") and len(val_axes) >= 2:
        data["x_axis"], data["y_axis"] = _axis(val_axes[0], scope, node_id), _axis(val_axes[1], scope, node_id)
    elif kind not in ("pie", "doughnut"):
        data["x_axis"] = _axis(cat_ax, scope, node_id)
        data["y_axis"] = _linked_axis(val_axes[0] if val_axes else None, plots, scope, node_id)
    plot_sp = plot.find(qn("c:spPr"))
    plot_fill = find_fill(plot_sp)
    if plot_fill is not None:
        data["plot_fills"] = read_fill(plot_fill, scope, node_id=node_id)
    data["plot_layout"] = _plot_layout(plot)
    labels = _labels(first.find(qn("c:dLbls")), scope, node_id)
    if labels is None:
        for ser in first.findall(qn("c:ser")):
            labels = _labels(ser.find(qn("c:dLbls")), scope, node_id)
            if labels is not None:
                break
    if labels is not None and labels.number_format is None:
        # labels linked to their source (or without a c:numFmt) show the values in the cells' own
        # format (the cache's formatCode: 0.0, #,##0, 0%), as PowerPoint and LibreOffice show
        # them; a bubble's value label is its size, in the size cells' format
        code = _cached_format(first, "c:bubbleSize" if kind == "bubble" else "c:val")
        labels = labels.model_copy(update={"number_format": code}) if code else labels
    data["data_labels"] = labels
    for key, tag in (("hole_size", "c:holeSize"), ("gap_width", "c:gapWidth"), ("overlap", "c:overlap")):
        v = to_float((_val(first, tag) or "").rstrip("%") or None)
        if v is not None:
            data[key] = v
    angle = to_float(_val(first, "c:firstSliceAng"))
    if angle:
        data["first_slice_angle"] = angle % 360
    data["vary_colors"] = _val(first, "c:varyColors", "0") in ("1", "true")
    radar = _val(first, "c:radarStyle") if kind == "radar" else None
    if radar in ("standard", "marker", "filled"):
        data["radar_style"] = radar
    style = chart_style(root)
    if style is not None:
        data["style"] = style
        data.update(_style_looks(style, data, kind, "3D" in local(first.tag), scope))
    if data.get("radar_style") != "filled":
        data["series"] = series_line_widths(data["series"], widthless, kind, style, scope)
    wb = pkg.first_related(part, RT.PACKAGE)
    if wb is not None:
        data["workbook_asset"] = scope.ctx.part_asset(wb)
    elif pkg.first_related(part, RT.OLE_OBJECT):
        data["workbook_asset"] = scope.ctx.part_asset(pkg.first_related(part, RT.OLE_OBJECT) or "")
    data.update(carried_part(part, root, scope.ctx))
    kept = "patch mode and, while the chart is unedited, fresh .pptx" if "part_asset" in data else "patch mode"
    scope.loss(
        "chart-format",
        "chart styling beyond type, data, series colours and the chart style's fills and lines, axes, legend and "
        "labels (gridline and label formatting, effects, the style's axis and gridline colours) is redrawn with "
        f"defaults outside {kept}",
        node_id,
        severity="warning",  # the chart's look changes in every conversion but those
    )
    data["user_shapes"] = user_shapes(root, part, scope, node_id, kept)
    return ChartData(**data)


def _style_looks(style: int, data: dict, kind: str, three_d: bool, scope: Scope) -> dict:
    """The fills and lines the chart style gives series without their own: by point when the
    chart varies its colours by point (as the drawing colours it), else by series."""
    series: list[ChartSeries] = data["series"]
    if not series:
        return {}
    if kind in ("pie", "doughnut") or (data.get("vary_colors") and len(series) == 1):
        n = max(len(series[0].values), len(data.get("categories") or []))
        fills = style_fills(style, n, three_d, scope, rounds_of=len(series))
    else:
        fills = style_fills(style, len(series), three_d, scope)
    return {"style_fills": fills, "style_lines": style_lines(style, len(series), scope)}


def _numeric_categories(plots: list[etree._Element], date1904: bool) -> dict:
    """The categories' stored numbers and format when they are numbers (c:numRef / c:numLit of
    the first series' c:cat): date serials stay dates on write."""
    for plot_el in plots:
        for ser in plot_el.findall(qn("c:ser")):
            cat = ser.find(qn("c:cat"))
            num = None
            for tag in ("c:numRef", "c:numLit"):
                num = cat.find(qn(tag)) if cat is not None else None
                if num is not None:
                    break
            if num is None:
                return {}
            cache = num.find(qn("c:numCache")) if local(num.tag) == "numRef" else num
            code = (cache.findtext(qn("c:formatCode")) if cache is not None else None) or "General"
            return {"category_values": _numbers(cat), "category_format": code, "date1904": date1904}
    return {}


def _secondary_series(plot: etree._Element, plots: list[etree._Element], series: list[ChartSeries]) -> bool:
    """Mark the series of chart groups drawn against a second value axis; True when any is."""
    axes = [_val(ax, "c:axId") for ax in plot.findall(qn("c:valAx"))]
    if len(axes) < 2:
        return False
    found = False
    index = 0
    for plot_el in plots:
        ids = {el.get("val") for el in plot_el.findall(qn("c:axId"))}
        secondary = axes[0] not in ids and bool(ids & set(axes[1:]))
        for _ser in plot_el.findall(qn("c:ser")):
            if index < len(series) and secondary:
                series[index].secondary_axis = True
                found = True
            index += 1
    return found
