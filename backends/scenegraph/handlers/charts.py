"""chartTools and dataChartTools: native CHART nodes that keep their data."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

from ace_core.color import Color
from ace_core.errors import ToolError
from ace_core.ir.nodes import ChartNode
from ace_core.ir.semantic import CHART_BOOKKEEPING, ChartData, ChartLegend, ChartSeries, DataLabels
from ace_core.ir.style import Stroke
from ace_core.ir.text import TextStyle
from ace_core.tools import charts as T
from backends.scenegraph.build import solid
from backends.scenegraph.context import Ctx
from backends.scenegraph.handlers.base import HandlerTable, need_type
from backends.scenegraph.handlers.create import place
from backends.scenegraph.textops import characters

table = HandlerTable()

PALETTE = ["#4472C4", "#ED7D31", "#A5A5A5", "#FFC000", "#5B9BD5", "#70AD47", "#264478", "#9E480E"]
_LABEL_POS = {
    "center": "ctr",
    "inside_end": "inEnd",
    "inside_base": "inBase",
    "outside_end": "outEnd",
    "best_fit": "bestFit",
    "top": "t",
    "bottom": "b",
    "left": "l",
    "right": "r",
}
MAX_DATA_FILE = 10 * 1024 * 1024


def chart_of(ctx: Ctx, node_id: str) -> ChartNode:
    node = ctx.state.node(node_id)
    need_type(node, ("CHART",), what="a chart tool")
    return node  # type: ignore[return-value]


def series_colors(ctx: Ctx) -> list[Color]:
    theme = ctx.state.deck.theme
    if theme is not None and all(f"accent{i}" in theme.colors for i in range(1, 7)):
        return [theme.colors[f"accent{i}"] for i in range(1, 7)]
    return [Color.from_hex(h) for h in PALETTE]


def _ir_type(name: str, horizontal: bool | None = None) -> str:
    kind = "doughnut" if name == "donut" else name
    if horizontal is True and kind == "column":
        return "bar"
    if horizontal is False and kind == "bar":
        return "column"
    return kind


def _series(ctx: Ctx, inputs: list[Any], start: int = 0) -> list[ChartSeries]:
    colors = series_colors(ctx)
    return [
        ChartSeries(name=s.name, values=list(s.values), fill=solid(s.color or colors[(start + i) % len(colors)]))
        for i, s in enumerate(inputs)
    ]


def _legend(position: str) -> ChartLegend | None:
    return None if position == "none" else ChartLegend(position=position)  # type: ignore[arg-type]


def _chart_dict(chart: ChartData) -> dict[str, Any]:
    return chart.model_dump(mode="json", exclude_none=True, exclude=set(CHART_BOOKKEEPING))


@table.bind("get_chart_info")
def get_chart_info(ctx: Ctx, p: T.GetChartInfo) -> dict[str, Any]:
    node = chart_of(ctx, p.nodeId)
    return {"node_id": node.id, "chart": _chart_dict(node.chart)}


@table.bind("set_chart_type")
def set_chart_type(ctx: Ctx, p: T.SetChartType) -> None:
    node = chart_of(ctx, p.nodeId)
    chart = node.chart
    chart.chart_type = _ir_type(p.chartType, p.horizontal)  # type: ignore[assignment]
    if p.stacked is not None:
        if p.stacked and chart.chart_type not in ("bar", "column", "line", "area"):
            raise ToolError(f"a {p.chartType} chart cannot be stacked", field="stacked")
        chart.grouping = (
            "stacked" if p.stacked else ("standard" if chart.chart_type in ("line", "area") else "clustered")
        )
    elif chart.chart_type in ("pie", "doughnut", "scatter", "radar"):
        chart.grouping = "standard"
    chart.vary_colors = chart.chart_type in ("pie", "doughnut")
    if chart.chart_type == "doughnut" and chart.hole_size is None:
        chart.hole_size = 50.0
    ctx.touch_style(node)


@table.bind("set_chart_title")
def set_chart_title(ctx: Ctx, p: T.SetChartTitle) -> None:
    node = chart_of(ctx, p.nodeId)
    chart = node.chart
    if p.visible is False:
        if chart.title:
            node.meta["hidden_chart_title"] = chart.title
        chart.title = None
    else:
        title = p.title if p.title is not None else chart.title or node.meta.pop("hidden_chart_title", None)
        if title is None:
            raise ToolError("give the title text", field="title")
        chart.title = title
    if p.font is not None:
        chart.title_style = _font_style(p.font, chart.title_style)
    ctx.touch_style(node)


def _font_style(font: Any, old: TextStyle | None) -> TextStyle:
    update = {
        k: v
        for k, v in (
            ("font_family", font.family),
            ("font_size", font.size),
            ("fill", solid(font.color) if font.color is not None else None),
            ("font_weight", (700 if font.bold else 400) if font.bold is not None else None),
        )
        if v is not None
    }
    return (old or TextStyle()).model_copy(update=update)


@table.bind("set_chart_axis")
def set_chart_axis(ctx: Ctx, p: T.SetChartAxis) -> None:
    node = chart_of(ctx, p.nodeId)
    chart = node.chart
    if chart.chart_type in ("pie", "doughnut"):
        raise ToolError(
            f"a {chart.chart_type} chart has no axes", field="axis", hint="set_chart_type to bar/column/line first"
        )
    if p.min is not None and p.max is not None and p.min >= p.max:
        raise ToolError("min must be below max", field="min")
    attr = "x_axis" if p.axis == "x" else "y_axis"
    update = {
        k: v
        for k, v in (
            ("title", p.title),
            ("min", p.min),
            ("max", p.max),
            ("major_unit", p.majorUnit),
            ("number_format", p.numberFormat),
            ("gridlines", p.gridlines),
            ("visible", p.visible),
        )
        if v is not None
    }
    setattr(chart, attr, getattr(chart, attr).model_copy(update=update))
    ctx.touch_style(node)


@table.bind("set_chart_legend")
def set_chart_legend(ctx: Ctx, p: T.SetChartLegend) -> None:
    node = chart_of(ctx, p.nodeId)
    legend = _legend(p.position)
    if legend is not None and p.font is not None:
        legend.font = _font_style(p.font, node.chart.legend.font if node.chart.legend else None)
    node.chart.legend = legend
    ctx.touch_style(node)


def _find_series(node: ChartNode, index: int | None, name: str | None) -> ChartSeries:
    series = node.chart.series
    if index is not None:
        if index >= len(series):
            raise ToolError(f"series {index} does not exist ({len(series)} series)", field="seriesIndex")
        return series[index]
    for s in series:
        if s.name == name:
            return s
    names = ", ".join(repr(s.name) for s in series)
    raise ToolError(f"no series named {name!r}", field="seriesName", hint=f"series: {names}")


@table.bind("set_chart_series_style")
def set_chart_series_style(ctx: Ctx, p: T.SetChartSeriesStyle) -> None:
    node = chart_of(ctx, p.nodeId)
    s = _find_series(node, p.seriesIndex, p.seriesName)
    if p.color is not None:
        s.fill = solid(p.color)
        if s.line is not None or node.chart.chart_type in ("line", "scatter", "radar"):
            s.line = (s.line or Stroke()).model_copy(update={"paint": solid(p.color)})
    if p.lineWidth is not None:
        s.line = (s.line or Stroke(paint=s.fill or solid(Color()))).model_copy(update={"weight": p.lineWidth})
    if p.marker is not None:
        s.marker = p.marker
    if p.smooth is not None:
        s.smooth = p.smooth
    if p.gapWidth is not None:
        node.chart.gap_width = p.gapWidth
    ctx.touch_style(node)


@table.bind("set_chart_data_labels")
def set_chart_data_labels(ctx: Ctx, p: T.SetChartDataLabels) -> None:
    node = chart_of(ctx, p.nodeId)
    if not p.show:
        node.chart.data_labels = None
    else:
        old = node.chart.data_labels or DataLabels()
        update: dict[str, Any] = {"show_value": True}
        if p.position is not None:
            update["position"] = _LABEL_POS[p.position]
        if p.numberFormat is not None:
            update["number_format"] = p.numberFormat
        if p.showCategory is not None:
            update["show_category"] = p.showCategory
        if p.showPercent is not None:
            update["show_percent"] = p.showPercent
        node.chart.data_labels = old.model_copy(update=update)
    ctx.touch_style(node)


def new_chart(ctx: Ctx, p: Any, categories: list[str], series: list[ChartSeries]) -> ChartNode:
    kind = _ir_type(p.chartType)
    chart = ChartData(
        chart_type=kind,  # type: ignore[arg-type]
        categories=categories,
        series=series,
        title=p.title,
        legend=_legend(p.legendPosition),
        grouping="stacked"
        if getattr(p, "stacked", False)
        else ("standard" if kind in ("line", "area", "pie", "doughnut", "scatter", "radar") else "clustered"),
        vary_colors=kind in ("pie", "doughnut"),
        hole_size=50.0 if kind == "doughnut" else None,
    )
    fields = {"id": ctx.new_id(), "name": getattr(p, "name", None) or p.title or "Chart", "x": p.x, "y": p.y}
    return ChartNode(**fields, width=p.width, height=p.height, chart=chart)


@table.bind("create_data_chart")
def create_data_chart(ctx: Ctx, p: T.CreateDataChart) -> dict[str, Any]:
    node = new_chart(ctx, p, list(p.categories), _series(ctx, p.series))
    return place(ctx, node, p)


@table.bind("get_chart_data")
def get_chart_data(ctx: Ctx, p: T.GetChartData) -> dict[str, Any]:
    node = chart_of(ctx, p.nodeId)
    return {
        "node_id": node.id,
        "categories": node.chart.categories,
        "series": [{"name": s.name, "values": s.values} for s in node.chart.series],
    }


@table.bind("update_chart_data")
def update_chart_data(ctx: Ctx, p: T.UpdateChartData) -> None:
    node = chart_of(ctx, p.nodeId)
    chart = node.chart
    cats = list(p.categories) if p.categories is not None else chart.categories
    if p.mode == "remove":
        names = {s.name for s in p.series or []}
        unknown = names - {s.name for s in chart.series}
        if unknown:
            raise ToolError(f"no series named {sorted(unknown)[0]!r}", field="series")
        chart.series = [s for s in chart.series if s.name not in names]
    elif p.mode == "update":
        by_name = {s.name: s for s in chart.series}
        for i, s in enumerate(p.series or []):
            if s.name not in by_name:
                raise ToolError(f"no series named {s.name!r}", field=f"series[{i}].name")
            target = by_name[s.name]
            target.values = list(s.values)
            if s.color is not None:
                target.fill = solid(s.color)
    elif p.mode == "add":
        chart.series = [*chart.series, *_series(ctx, p.series or [], start=len(chart.series))]
    else:
        if p.series is not None:
            old = {s.name: s for s in chart.series}
            fresh = _series(ctx, p.series)
            for s, src in zip(fresh, p.series, strict=True):
                if src.color is None and s.name in old and old[s.name].fill is not None:
                    s.fill = old[s.name].fill
            chart.series = fresh
    chart.categories = cats
    for i, s in enumerate(chart.series):
        if len(s.values) != len(cats):
            raise ToolError(
                f"series {s.name!r} has {len(s.values)} values for {len(cats)} categories",
                field=f"series[{i}].values" if p.series else "categories",
            )
    ctx.touch_style(node)


# -- import --------------------------------------------------------------------------------------
_NUMBER = re.compile(r"^[-+]?[\d,]*\.?\d+(?:[eE][-+]?\d+)?$")


def parse_number(text: str) -> float | None:
    t = text.strip().replace("\u2212", "-")
    for sym in ("$", "€", "£", "¥", "%", " ", "\u00a0"):
        t = t.replace(sym, "")
    if t.startswith("(") and t.endswith(")"):
        t = "-" + t[1:-1]
    if not t or not _NUMBER.match(t):
        return None
    return float(t.replace(",", ""))


def _rows_from_file(path: str) -> list[list[str]]:
    src = Path(path).expanduser()
    if not src.is_file():
        raise ToolError(f"no data file at {path!r}", field="source")
    if src.stat().st_size > MAX_DATA_FILE:
        raise ToolError(f"data file is over {MAX_DATA_FILE} bytes", field="source")
    text = src.read_text(encoding="utf-8-sig", errors="replace")
    if src.suffix.lower() == ".json":
        from ace_core.errors import BadInputError
        from ace_core.jsonio import parse_json

        try:
            data = parse_json(text, where=str(src)).data
        except BadInputError as exc:
            raise ToolError(exc.what, field="source") from exc
        if isinstance(data, dict) and "categories" in data and "series" in data:
            header = ["", *[s["name"] for s in data["series"]]]
            rows = [[str(c), *[str(s["values"][i]) for s in data["series"]]] for i, c in enumerate(data["categories"])]
            return [header, *rows]
        if isinstance(data, list) and data and isinstance(data[0], dict):
            keys = list(data[0])
            return [keys, *[[str(r.get(k, "")) for k in keys] for r in data]]
        if isinstance(data, list) and all(isinstance(r, list) for r in data):
            return [[str(c) for c in r] for r in data]
        raise ToolError("JSON data must be a list of rows, a list of objects or {categories, series}", field="source")
    return [row for row in csv.reader(io.StringIO(text)) if any(c.strip() for c in row)]


def _rows_from_table(ctx: Ctx, node_id: str) -> list[list[str]]:
    node = ctx.state.node(node_id, "sourceNodeId")
    need_type(node, ("TABLE",), "sourceNodeId", "import_chart_data's sourceNodeId")
    return [[characters(c.text) for c in row.cells] for row in node.rows]  # type: ignore[attr-defined]


def _column(header: list[str], ref: int | str, field: str) -> int:
    if isinstance(ref, int):
        if not 0 <= ref < len(header):
            raise ToolError(f"column {ref} does not exist ({len(header)} columns)", field=field)
        return ref
    for i, h in enumerate(header):
        if h.strip().lower() == ref.strip().lower():
            return i
    raise ToolError(f"no column headed {ref!r}", field=field, hint=f"columns: {', '.join(header)}")


def rows_to_data(
    ctx: Ctx, rows: list[list[str]], mapping: Any
) -> tuple[list[str], list[tuple[str, list[float | None]]]]:
    """A header row plus data rows -> categories and (name, values) series."""
    if mapping is not None and mapping.transpose:
        width = max(len(r) for r in rows)
        rows = [[r[i] if i < len(r) else "" for r in rows] for i in range(width)]
    if len(rows) < 2:
        raise ToolError("the data needs a header row and at least one data row", field="source")
    header = rows[0]
    cat_col = _column(header, mapping.categoryColumn if mapping else 0, "mapping.categoryColumn")
    if mapping is not None and mapping.seriesColumns is not None:
        cols = [_column(header, c, f"mapping.seriesColumns[{i}]") for i, c in enumerate(mapping.seriesColumns)]
    else:
        cols = [i for i in range(len(header)) if i != cat_col]
    if not cols:
        raise ToolError("no series columns", field="mapping.seriesColumns")
    body = rows[1:]
    categories = [r[cat_col] if cat_col < len(r) else "" for r in body]
    series = []
    bad = 0
    for c in cols:
        values: list[float | None] = []
        for r in body:
            v = parse_number(r[c]) if c < len(r) else None
            bad += v is None and c < len(r) and bool(r[c].strip())
            values.append(v)
        series.append((header[c] or f"Series {len(series) + 1}", values))
    if bad:
        ctx.warn(f"{bad} non-numeric cell(s) became gaps")
    return categories, series


@table.bind("import_chart_data")
def import_chart_data(ctx: Ctx, p: T.ImportChartData) -> dict[str, Any]:
    rows = _rows_from_file(p.source) if p.source is not None else _rows_from_table(ctx, p.sourceNodeId)  # type: ignore[arg-type]
    categories, data = rows_to_data(ctx, rows, p.mapping)
    colors = series_colors(ctx)
    series = [ChartSeries(name=n, values=v, fill=solid(colors[i % len(colors)])) for i, (n, v) in enumerate(data)]
    if p.nodeId is not None:
        node = chart_of(ctx, p.nodeId)
        for s in series:
            old = next((o for o in node.chart.series if o.name == s.name), None)
            if old is not None and old.fill is not None:
                s.fill = old.fill
        node.chart.categories = categories
        node.chart.series = series
        ctx.touch_style(node)
        return {"id": node.id, "categories": len(categories), "series": len(series)}
    node = new_chart(ctx, p, categories, series)
    place(ctx, node, p)
    return {"id": node.id, "categories": len(categories), "series": len(series)}


HANDLERS = table.handlers
