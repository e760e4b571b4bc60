"""Chart parts beyond python-pptx's one-plot writers: combo charts (one c:plotArea holding a chart
group per plot type, with a secondary value axis where the series have one) and the 3-D kinds
(bar3DChart, pie3DChart, area3DChart with their c:view3D)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lxml import etree

from ace_core.ir.semantic import ChartData
from adapters.ooxml.ns import NS
from adapters.ooxml.write_context import PartContext

__all__ = ["COMBINABLE", "keep_series", "make_3d", "plot_groups", "split_plots"]

_C = f"{{{NS['c']}}}"
COMBINABLE = {"column", "bar", "line", "area"}
"""Plot types that share category axes in one plot area (what a combo chart may mix)."""
_GROUPS = {
    "areaChart",
    "area3DChart",
    "lineChart",
    "line3DChart",
    "stockChart",
    "radarChart",
    "scatterChart",
    "pieChart",
    "pie3DChart",
    "doughnutChart",
    "barChart",
    "bar3DChart",
    "ofPieChart",
    "surfaceChart",
    "surface3DChart",
    "bubbleChart",
}
_AXES = {"valAx", "catAx", "dateAx", "serAx"}
_SECONDARY_IDS = ("600000001", "600000002")
_FLAT_TO_3D = {"barChart": "bar3DChart", "pieChart": "pie3DChart", "areaChart": "area3DChart"}
_NOT_IN_3D = {"bar3DChart": ("overlap", "serLines"), "pie3DChart": ("firstSliceAng",), "area3DChart": ()}
_VIEW_RANGES = {"rotX": (-90, 90), "rotY": (0, 359), "depthPercent": (20, 2000), "perspective": (0, 240)}
_VIEW_DEFAULTS = {"pie3DChart": (30.0, 0.0, False), "bar3DChart": (15.0, 20.0, True), "area3DChart": (15.0, 20.0, True)}


def _local(el: etree._Element) -> str:
    return etree.QName(el).localname if isinstance(el.tag, str) else ""


def plot_groups(chart: ChartData, ctx: PartContext) -> tuple[list[int], dict[str, list[int]]]:
    """(indices of the series drawn with the chart's type, {other type: its series' indices}).
    A series whose type cannot share the chart's axes is drawn with the chart's type (reported)."""
    main: list[int] = []
    extra: dict[str, list[int]] = {}
    for i, series in enumerate(chart.series):
        kind = series.chart_type or chart.chart_type
        if kind == chart.chart_type:
            main.append(i)
        elif kind in COMBINABLE and chart.chart_type in COMBINABLE:
            extra.setdefault(kind, []).append(i)
        else:
            main.append(i)
            ctx.loss("chart-combo", f"a {kind} series of a {chart.chart_type} chart is written as {chart.chart_type}")
    return main, extra


def _plot_area(space: etree._Element) -> etree._Element | None:
    chart = space.find(f"{_C}chart")
    return chart.find(f"{_C}plotArea") if chart is not None else None


def _first_group(holder: etree._Element) -> etree._Element | None:
    return next((el for el in holder if _local(el) in _GROUPS), None)


def keep_series(group: etree._Element, indices: list[int]) -> None:
    """Drop the c:ser of a chart group whose c:idx is not one of `indices`."""
    wanted = {str(i) for i in indices}
    for ser in group.findall(f"{_C}ser"):
        idx = ser.find(f"{_C}idx")
        if idx is None or idx.get("val") not in wanted:
            group.remove(ser)


def _set_axis_ids(group: etree._Element, ids: list[str]) -> None:
    for node, value in zip(group.findall(f"{_C}axId"), ids, strict=False):
        node.set("val", value)


def split_plots(
    space: etree._Element,
    chart: ChartData,
    extra: dict[str, list[int]],
    sub_chart: Callable[[str], tuple[etree._Element, Any]],
    style: Callable[[Any, list[int]], None],
    axis: Callable[[Any], None],
) -> None:
    """Add a chart group per extra plot type to `space` (whose first group already holds only the
    main series). `sub_chart(kind)` builds a chart part of that kind over the same data (so the
    series' workbook references agree) and its python-pptx Chart; `style(chart_obj, indices)`
    styles its series; `axis(value_axis)` sets up a secondary value axis."""
    area = _plot_area(space)
    main = _first_group(area) if area is not None else None
    if area is None or main is None:
        return
    main_ids = [el.get("val") or "" for el in main.findall(f"{_C}axId")]
    last = main
    for kind, indices in extra.items():
        sub_space, obj = sub_chart(kind)
        sub_area = _plot_area(sub_space)
        group = _first_group(sub_area) if sub_area is not None else None
        if group is None or sub_area is None:
            continue
        keep_series(group, indices)
        style(obj, indices)
        if all(chart.series[i].secondary_axis for i in indices):
            axis(obj.value_axis)
            axes = [el for el in sub_area if _local(el) in _AXES]
            old_ids = [el.find(f"{_C}axId").get("val") for el in axes]  # type: ignore[union-attr]
            new_ids = dict(zip(old_ids, _SECONDARY_IDS, strict=False))
            for ax in axes:
                for tag in ("axId", "crossAx"):
                    node = ax.find(f"{_C}{tag}")
                    if node is not None and node.get("val") in new_ids:
                        node.set("val", new_ids[node.get("val") or ""])
                if _local(ax) == "valAx":
                    _set_child_val(ax, "axPos", "r")
                    _set_child_val(ax, "crosses", "max")
                    grid = ax.find(f"{_C}majorGridlines")
                    if grid is not None:
                        ax.remove(grid)
                else:
                    _set_child_val(ax, "delete", "1")
            _set_axis_ids(group, list(_SECONDARY_IDS))
            last_axis = [el for el in area if _local(el) in _AXES][-1]
            for ax in reversed(axes):
                last_axis.addnext(ax)
        else:
            _set_axis_ids(group, main_ids)
        last.addnext(group)
        last = group


def _set_child_val(parent: etree._Element, tag: str, value: str) -> None:
    node = parent.find(f"{_C}{tag}")
    if node is not None:
        node.set("val", value)


def make_3d(space: etree._Element, chart: ChartData, ctx: PartContext) -> None:
    """Turn the chart group of a 3-D chart into its 3-D kind, with the chart's c:view3D."""
    area = _plot_area(space)
    group = _first_group(area) if area is not None else None
    if group is None or area is None:
        return
    kind = _FLAT_TO_3D.get(_local(group))
    if kind is None:
        ctx.loss("chart-3d", f"a 3-D {chart.chart_type} chart is written flat")
        return
    group.tag = f"{_C}{kind}"
    for tag in _NOT_IN_3D[kind]:
        for node in group.findall(f"{_C}{tag}"):
            group.remove(node)
    if kind == "bar3DChart" and chart.grouping == "standard":
        _series_axis(area, group)  # bars one behind the other: a depth (series) axis
    view = chart.view_3d
    if view is None:  # no view of its own: the usual one for the kind
        rot_x, rot_y, right_angle = _VIEW_DEFAULTS[kind]
        values: list[tuple[str, Any]] = [("rotX", rot_x), ("rotY", rot_y), ("rAngAx", right_angle)]
    else:  # what the source's view states (renderers default the rest, as for the source)
        values = [
            ("rotX", view.rot_x),
            ("rotY", view.rot_y),
            ("depthPercent", view.depth_percent),
            ("rAngAx", view.right_angle_axes),
            ("perspective", view.perspective),
        ]
    view_el = etree.Element(f"{_C}view3D")
    for tag, value in values:
        if value is None:
            continue
        lo, hi = _VIEW_RANGES.get(tag, (0, 0))
        text = ("1" if value else "0") if isinstance(value, bool) else str(max(lo, min(hi, round(value))))
        etree.SubElement(view_el, f"{_C}{tag}", val=text)
    area.addprevious(view_el)


def _series_axis(area: etree._Element, group: etree._Element) -> None:
    """Standard (not clustered) 3-D bars: grouping 'standard' and a series axis (c:serAx)."""
    grouping = group.find(f"{_C}grouping")
    if grouping is not None:
        grouping.set("val", "standard")
    ids = group.findall(f"{_C}axId")
    if len(ids) != 2:
        return
    val_id = ids[1].get("val") or ""
    ser_id = "600000003"
    ids[1].addnext(etree.Element(f"{_C}axId", val=ser_id))
    ser = etree.Element(f"{_C}serAx")
    etree.SubElement(ser, f"{_C}axId", val=ser_id)
    scaling = etree.SubElement(ser, f"{_C}scaling")
    etree.SubElement(scaling, f"{_C}orientation", val="minMax")
    etree.SubElement(ser, f"{_C}delete", val="0")
    etree.SubElement(ser, f"{_C}axPos", val="b")
    etree.SubElement(ser, f"{_C}tickLblPos", val="nextTo")
    etree.SubElement(ser, f"{_C}crossAx", val=val_id)
    etree.SubElement(ser, f"{_C}crosses", val="autoZero")
    axes = [el for el in area if _local(el) in _AXES]
    if axes:
        axes[-1].addnext(ser)
