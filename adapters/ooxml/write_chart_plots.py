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

__all__ = ["COMBINABLE", "keep_series", "plot_groups", "split_plots"]

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
