"""slide, chart, data-chart, smartart, table, connection, import/export, image, batch and math
tools on the scene-graph backend: each tool's effect on the IR (one case per tool)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sg_helpers import backend, fail, node, ok, registry_of_cases

CASES, case = registry_of_cases()


# -- slides ------------------------------------------------------------------------------------------
@case("get_all_slides")
def _(b):
    r = ok(b, "get_all_slides")
    assert [s["id"] for s in r["slides"]] == ["s1", "s2", "s3"] and r["slides"][0]["focused"]
    assert r["focused_slide_id"] == "s1"


@case("create_slide")
def _(b):
    r = ok(b, "create_slide", {"layout": "title_content", "name": "Agenda"})
    s = b.deck.slides[1]
    assert (s.id, s.name, r["index"]) == (r["id"], "Agenda", 1) and set(r["placeholders"]) == {"title", "body"}
    title = node(b, r["placeholders"]["title"])
    assert title.placeholder.type == "title" and title.y == pytest.approx(36)
    assert ok(b, "get_page_info")["slideId"] == r["id"]  # focused


@case("duplicate_slide")
def _(b):
    r = ok(b, "duplicate_slide", {"slideId": "s2"})
    copy = b.deck.slides[2]
    assert copy.id == r["id"] and len(copy.children) == 2
    ids = {n.id for n in copy.iter_nodes()}
    assert not ids & {n.id for n in b.deck.slides[1].iter_nodes()}


@case("delete_slide")
def _(b):
    ok(b, "focus_slide", {"slideId": "s2"})
    ok(b, "delete_slide", {"slideId": "s2"})
    assert [s.id for s in b.deck.slides] == ["s1", "s3"] and b.focused == "s3"
    assert "stale" in fail(b, "set_opacity", {"nodeId": "s2-title", "opacity": 0.5})["reason"]
    assert "stale" in fail(b, "focus_slide", {"slideId": "s2"})["reason"]


@case("reorder_slides")
def _(b):
    ok(b, "reorder_slides", {"order": ["s3", "s1", "s2"]})
    assert [s.id for s in b.deck.slides] == ["s3", "s1", "s2"]
    ok(b, "reorder_slides", {"grid": [["s1"], ["s2", "s3"]]})
    assert [s.id for s in b.deck.slides] == ["s1", "s2", "s3"]
    assert fail(b, "reorder_slides", {"order": ["s1", "s2"]})["field"] == "order"


@case("focus_slide")
def _(b):
    ok(b, "focus_slide", {"slideId": "s3"})
    rid = ok(b, "create_rectangle", {})["id"]
    assert b.deck.find(rid)[0].id == "s3"


@case("export_slide_image")
def _(b):
    out = b.execute("export_slide_image", {"slideId": "s2", "format": "JPG", "scale": 0.5})
    if out["ok"]:
        assert out["result"]["path"].endswith(".jpg") and out["result"]["width"] == 640
    else:
        assert out["error"]["kind"] in ("unsupported", "render-failed", "missing-tool")


@case("set_slide_background")
def _(b):
    ok(b, "set_slide_background", {"slideId": "s2", "color": "#112233"})
    assert b.deck.slides[1].background.fills[0].color.hex == "#112233"
    ok(b, "set_slide_background", {"slideId": "s2", "image": "lib-sunset"})
    assert b.deck.slides[1].background.fills[0].type == "IMAGE"
    assert fail(b, "set_slide_background", {"slideId": "s2"})["field"] == "(arguments)"


@case("set_slide_layout")
def _(b):
    r = ok(b, "set_slide_layout", {"slideId": "s1", "layout": "two_column"})
    s = b.deck.slides[0]
    assert s.layout == "two_column" and set(r["placeholders"]) == {"title", "body", "body2"}
    assert len(s.children) == 5  # the two existing texts kept


@case("set_slide_transition")
def _(b):
    ok(b, "set_slide_transition", {"slideId": "s2", "style": "PUSH_FROM_RIGHT", "duration": 0.4, "curve": "EASE_OUT"})
    t = b.deck.slides[1].transition
    assert (t.style, t.duration, t.curve) == ("PUSH_FROM_RIGHT", 0.4, "EASE_OUT")
    ok(b, "set_slide_transition", {"slideId": "s2", "style": "NONE"})
    assert b.deck.slides[1].transition is None
    assert (
        fail(b, "set_slide_transition", {"slideId": "s2", "style": "fade", "timing": "AFTER_DELAY"})["field"] == "delay"
    )


@case("set_slide_hidden")
def _(b):
    ok(b, "set_slide_hidden", {"slideId": "s3", "hidden": True})
    assert b.deck.slides[2].hidden


@case("set_speaker_notes")
def _(b):
    ok(b, "set_speaker_notes", {"slideId": "s2", "notes": "Say hi\nthen go"})
    assert b.deck.slides[1].notes == "Say hi\nthen go"


@case("set_presentation_size")
def _(b):
    ok(b, "set_presentation_size", {"preset": "4:3", "scaleContent": True})
    assert (b.deck.width, b.deck.height) == (960, 720)
    assert node(b, "s1-title").x == 60 and node(b, "s1-title").width == 840


# -- charts ------------------------------------------------------------------------------------------
@case("get_chart_info")
def _(b):
    r = ok(b, "get_chart_info", {"nodeId": "s3-chart"})
    assert r["node_id"] == "s3-chart" and r["chart"]["categories"]
    assert fail(b, "get_chart_info", {"nodeId": "s3-table"})["field"] == "nodeId"


@case("set_chart_type")
def _(b):
    ok(b, "set_chart_type", {"nodeId": "s3-chart", "chartType": "bar", "stacked": True})
    c = node(b, "s3-chart").chart
    assert (c.chart_type, c.grouping) == ("bar", "stacked")
    ok(b, "set_chart_type", {"nodeId": "s3-chart", "chartType": "donut"})
    assert node(b, "s3-chart").chart.chart_type == "doughnut" and node(b, "s3-chart").chart.vary_colors


@case("set_chart_title")
def _(b):
    ok(b, "set_chart_title", {"nodeId": "s3-chart", "title": "Revenue", "font": {"size": 20, "bold": True}})
    c = node(b, "s3-chart").chart
    assert c.title == "Revenue" and c.title_style.font_size == 20 and c.title_style.font_weight == 700
    ok(b, "set_chart_title", {"nodeId": "s3-chart", "visible": False})
    assert node(b, "s3-chart").chart.title is None
    ok(b, "set_chart_title", {"nodeId": "s3-chart", "visible": True})
    assert node(b, "s3-chart").chart.title == "Revenue"


@case("set_chart_axis")
def _(b):
    ok(
        b,
        "set_chart_axis",
        {
            "nodeId": "s3-chart",
            "axis": "y",
            "min": 0,
            "max": 100,
            "majorUnit": 25,
            "numberFormat": "0%",
            "title": "Share",
        },
    )
    ax = node(b, "s3-chart").chart.y_axis
    assert (ax.min, ax.max, ax.major_unit, ax.number_format, ax.title) == (0, 100, 25, "0%", "Share")
    assert fail(b, "set_chart_axis", {"nodeId": "s3-chart", "axis": "y", "min": 5, "max": 1})["field"] == "min"


@case("set_chart_legend")
def _(b):
    ok(b, "set_chart_legend", {"nodeId": "s3-chart", "position": "bottom"})
    assert node(b, "s3-chart").chart.legend.position == "bottom"
    ok(b, "set_chart_legend", {"nodeId": "s3-chart", "position": "none"})
    assert node(b, "s3-chart").chart.legend is None


@case("set_chart_series_style")
def _(b):
    name = node(b, "s3-chart").chart.series[0].name
    ok(
        b,
        "set_chart_series_style",
        {"nodeId": "s3-chart", "seriesName": name, "color": "#FF0000", "lineWidth": 3, "gapWidth": 80},
    )
    c = node(b, "s3-chart").chart
    assert c.series[0].fill.color.hex == "#FF0000" and c.series[0].line.weight == 3 and c.gap_width == 80
    assert fail(b, "set_chart_series_style", {"nodeId": "s3-chart", "seriesIndex": 99})["field"] == "seriesIndex"


@case("set_chart_data_labels")
def _(b):
    ok(b, "set_chart_data_labels", {"nodeId": "s3-chart", "position": "outside_end", "numberFormat": "0.0"})
    dl = node(b, "s3-chart").chart.data_labels
    assert (dl.show_value, dl.position, dl.number_format) == (True, "outEnd", "0.0")
    ok(b, "set_chart_data_labels", {"nodeId": "s3-chart", "show": False})
    assert node(b, "s3-chart").chart.data_labels is None


@case("create_data_chart")
def _(b):
    cid = ok(
        b,
        "create_data_chart",
        {
            "chartType": "line",
            "categories": ["Q1", "Q2"],
            "series": [{"name": "A", "values": [1, 2]}, {"name": "B", "values": [3, None]}],
            "title": "T",
            "legendPosition": "top",
        },
    )["id"]
    c = node(b, cid).chart
    assert (c.chart_type, c.categories, c.title, c.legend.position) == ("line", ["Q1", "Q2"], "T", "top")
    assert [s.values for s in c.series] == [[1, 2], [3, None]] and c.series[0].fill is not None
    assert (
        fail(b, "create_data_chart", {"categories": ["a"], "series": [{"name": "x", "values": [1, 2]}]})["field"]
        == "(arguments)"
    )


@case("get_chart_data")
def _(b):
    r = ok(b, "get_chart_data", {"nodeId": "s3-chart"})
    c = node(b, "s3-chart").chart
    assert r["categories"] == c.categories and r["series"][0]["values"] == c.series[0].values


@case("update_chart_data")
def _(b):
    n = len(node(b, "s3-chart").chart.categories)
    ok(b, "update_chart_data", {"nodeId": "s3-chart", "mode": "add", "series": [{"name": "New", "values": [1.0] * n}]})
    assert node(b, "s3-chart").chart.series[-1].name == "New"
    ok(
        b,
        "update_chart_data",
        {"nodeId": "s3-chart", "mode": "update", "series": [{"name": "New", "values": [2.0] * n}]},
    )
    assert node(b, "s3-chart").chart.series[-1].values == [2.0] * n
    ok(b, "update_chart_data", {"nodeId": "s3-chart", "mode": "remove", "series": [{"name": "New", "values": []}]})
    assert all(s.name != "New" for s in node(b, "s3-chart").chart.series)
    ok(
        b,
        "update_chart_data",
        {"nodeId": "s3-chart", "categories": ["x", "y"], "series": [{"name": "S", "values": [5, 6]}]},
    )
    assert node(b, "s3-chart").chart.categories == ["x", "y"]
    assert fail(b, "update_chart_data", {"nodeId": "s3-chart", "categories": ["a"]})["field"] == "categories"


@case("import_chart_data")
def _(b):
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        src = Path(d) / "data.csv"
        src.write_text('Region,2023,2024\nNorth,"1,200",1300\nSouth,900,n/a\n')
        r = ok(b, "import_chart_data", {"source": str(src), "chartType": "column", "x": 10, "y": 10})
    c = node(b, r["id"]).chart
    assert c.categories == ["North", "South"] and [s.name for s in c.series] == ["2023", "2024"]
    assert c.series[0].values == [1200, 900] and c.series[1].values == [1300, None] and r["warnings"]
    r2 = ok(b, "import_chart_data", {"nodeId": r["id"], "sourceNodeId": "s3-table"})
    assert node(b, r2["id"]).chart.categories


# -- smartart ----------------------------------------------------------------------------------------
@case("create_smartart")
def _(b):
    r = ok(
        b,
        "create_smartart",
        {"layout": "process", "items": ["Plan", "Build", "Ship"], "x": 40, "y": 200, "width": 900, "height": 200},
    )
    root = node(b, r["id"])
    shapes = [c for c in root.children if c.type != "CONNECTOR"]
    conns = [c for c in root.children if c.type == "CONNECTOR"]
    assert (
        root.layout.mode == "HORIZONTAL"
        and len(shapes) == 3
        and len(conns) == 2
        and r["item_ids"] == [s.id for s in shapes]
    )
    assert shapes[0].width > 200 and shapes[1].x > shapes[0].x + shapes[0].width  # laid out, gap for the arrow
    k = conns[0]
    assert k.start.node_id == shapes[0].id and k.x == pytest.approx(shapes[0].x + shapes[0].width)
    h = ok(
        b,
        "create_smartart",
        {
            "layout": "hierarchy",
            "items": [{"text": "CEO", "children": ["CTO", {"text": "CFO", "children": ["Controller"]}]}],
        },
    )
    hroot = node(b, h["id"])
    assert (
        len(h["item_ids"]) == 4
        and sum(
            1
            for n in b.deck.find(h["id"])[0].iter_nodes()
            if n.type == "CONNECTOR" and n.id in {c.id for c in b.state.descendants(hroot)}
        )
        == 3
    )
    for layout in ("cycle", "list", "matrix", "pyramid", "relationship", "timeline"):
        out = ok(b, "create_smartart", {"layout": layout, "items": ["a", "b", "c", "d"], "width": 600, "height": 300})
        assert len(out["item_ids"]) == 4, layout
        for iid in out["item_ids"]:
            n = node(b, iid)
            assert n.width > 0 and n.height > 0, (layout, iid)


@case("get_smartart_info")
def _(b):
    r = ok(b, "create_smartart", {"layout": "list", "items": ["one", {"text": "two", "children": ["two-a"]}]})
    info = ok(b, "get_smartart_info", {"nodeId": r["item_ids"][0]})  # an item id finds its diagram
    assert info["layout"] == "list" and info["items"][1]["children"][0]["path"] == [1, 0]


@case("update_smartart")
def _(b):
    r = ok(b, "create_smartart", {"layout": "process", "items": ["A", "B", "C"], "width": 900, "height": 200})
    first = r["item_ids"][0]
    w_before = node(b, first).width
    u = ok(b, "update_smartart", {"nodeId": r["id"], "op": "add", "text": "D"})
    assert u["item_ids"][:3] == r["item_ids"] and len(u["item_ids"]) == 4  # ids kept
    assert node(b, first).width < w_before  # re-flowed to make room
    conns = [c for c in node(b, r["id"]).children if c.type == "CONNECTOR"]
    assert len(conns) == 3 and conns[2].end.node_id == u["item_ids"][3]
    ok(b, "update_smartart", {"nodeId": r["id"], "op": "edit", "path": [1], "text": "Beta"})
    assert node(b, r["item_ids"][1]).text.plain_text == "Beta"
    ok(b, "update_smartart", {"nodeId": r["id"], "op": "move", "path": [0], "toPath": [3]})
    ok(b, "update_smartart", {"nodeId": r["id"], "op": "remove", "path": [0]})
    info = ok(b, "get_smartart_info", {"nodeId": r["id"]})
    assert [i["text"] for i in info["items"]] == ["C", "D", "A"]
    assert "stale" in fail(b, "rename_node", {"nodeId": r["item_ids"][1], "newName": "x"})["reason"]


@case("set_smartart_style")
def _(b):
    r = ok(b, "create_smartart", {"layout": "list", "items": ["a", "b"]})
    ok(
        b,
        "set_smartart_style",
        {"nodeId": r["id"], "colorScheme": "#00AA00", "shapeStyle": "rect", "layout": "process"},
    )
    root = node(b, r["id"])
    assert root.layout.mode == "HORIZONTAL" and node(b, r["item_ids"][0]).fills[0].color.hex == "#00AA00"
    assert node(b, r["item_ids"][0]).corner_radius == 0


# -- tables ------------------------------------------------------------------------------------------
@case("create_table")
def _(b):
    t = node(
        b,
        ok(
            b, "create_table", {"rows": 3, "cols": 2, "data": [["Name", "Value"], ["a", 1.0], ["b", 2.5]], "width": 400}
        )["id"],
    )
    assert t.columns == [200, 200] and len(t.rows) == 3 and t.height == 120
    assert t.rows[1].cells[1].text.plain_text == "1" and t.rows[2].cells[1].text.plain_text == "2.5"
    assert t.style.first_row and t.rows[0].cells[0].fills[0].color.hex == "#4472C4"


@case("set_table_cells")
def _(b):
    tid = ok(b, "create_table", {"rows": 2, "cols": 2})["id"]
    ok(
        b,
        "set_table_cells",
        {
            "nodeId": tid,
            "cells": [
                {"row": 1, "col": 1, "text": "x", "fill": "#FF0000", "textStyle": {"bold": True}, "align": "CENTER"}
            ],
        },
    )
    c = node(b, tid).rows[1].cells[1]
    assert (
        c.text.plain_text == "x"
        and c.fills[0].color.hex == "#FF0000"
        and c.text.style.font_weight == 700
        and c.text.align == "CENTER"
    )
    assert (
        fail(b, "set_table_cells", {"nodeId": tid, "cells": [{"row": 5, "col": 0, "text": "x"}]})["field"]
        == "cells[0].row"
    )


@case("modify_table_structure")
def _(b):
    tid = ok(
        b,
        "create_table",
        {"rows": 3, "cols": 3, "data": [["a", "b", "c"], ["d", "e", "f"], ["g", "h", "i"]], "width": 300},
    )["id"]
    ok(
        b,
        "modify_table_structure",
        {"nodeId": tid, "op": "merge", "range": {"startRow": 1, "startCol": 0, "endRow": 2, "endCol": 1}},
    )
    t = node(b, tid)
    anchor = t.rows[1].cells[0]
    assert (anchor.row_span, anchor.col_span) == (2, 2) and anchor.text.plain_text == "d\ne\ng\nh"
    assert t.rows[2].cells[1].h_merged and t.rows[2].cells[1].v_merged and t.rows[1].cells[1].h_merged
    ok(b, "modify_table_structure", {"nodeId": tid, "op": "insert_row", "index": 2})
    t = node(b, tid)
    assert len(t.rows) == 4 and t.rows[1].cells[0].row_span == 3 and t.rows[2].cells[0].v_merged
    ok(b, "modify_table_structure", {"nodeId": tid, "op": "insert_column", "index": 1, "size": 50})
    t = node(b, tid)
    assert t.columns[1] == 50 and t.rows[1].cells[0].col_span == 3 and t.width == 350
    ok(b, "modify_table_structure", {"nodeId": tid, "op": "delete_row", "index": 1})
    t = node(b, tid)
    assert len(t.rows) == 3 and t.rows[1].cells[0].row_span == 2 and not t.rows[1].cells[0].v_merged
    ok(
        b,
        "modify_table_structure",
        {"nodeId": tid, "op": "unmerge", "range": {"startRow": 2, "startCol": 1, "endRow": 2, "endCol": 1}},
    )
    t = node(b, tid)
    assert all(not (c.h_merged or c.v_merged) and c.row_span == c.col_span == 1 for r in t.rows for c in r.cells)
    ok(b, "modify_table_structure", {"nodeId": tid, "op": "delete_column", "index": 0})
    assert len(node(b, tid).columns) == 3
    from ace_core.ir.validate import check_invariants

    assert check_invariants(b.deck) == []
    err = fail(
        b,
        "modify_table_structure",
        {"nodeId": tid, "op": "merge", "range": {"startRow": 0, "startCol": 0, "endRow": 9, "endCol": 0}},
    )
    assert err["field"] == "range"


@case("set_table_style")
def _(b):
    tid = ok(b, "create_table", {"rows": 4, "cols": 2})["id"]
    ok(
        b,
        "set_table_style",
        {
            "nodeId": tid,
            "headerFill": "#000000",
            "banding": True,
            "bandFill": "#EEEEEE",
            "borders": {"color": "#FF0000", "weight": 2, "inner": False},
            "cellPadding": 8,
            "font": {"fontSize": 14},
        },
    )
    t = node(b, tid)
    assert t.rows[0].cells[0].fills[0].color.hex == "#000000" and t.style.band_rows
    assert t.rows[2].cells[0].fills[0].color.hex == "#EEEEEE" and not t.rows[1].cells[0].fills
    assert t.rows[0].cells[0].borders.top.weight == 2 and t.rows[0].cells[0].borders.bottom is None
    assert t.rows[3].cells[1].margins.left == 8 and t.rows[3].cells[1].text.style.font_size == 14


# -- connection --------------------------------------------------------------------------------------
@case("check_connection_status")
def _(b):
    r = ok(b, "check_connection_status")
    assert r["connected"] and r["backend"] == "scenegraph" and r["slides"] == 3


@case("get_channels")
def _(b):
    b.load(b.export(), name="copy")
    r = ok(b, "get_channels")
    assert [c["channel"] for c in r["channels"]] == ["main", "copy"] and r["channel"] == "copy"


@case("select_channel")
def _(b):
    other = b.export()
    other.slides = other.slides[:1]
    b.load(other, name="small")
    ok(b, "select_channel", {"channel": "main"})
    assert len(b.deck.slides) == 3
    ok(b, "select_channel", {"channel": "small"})
    assert len(b.deck.slides) == 1
    assert fail(b, "select_channel", {"channel": "nope"})["field"] == "channel"


# -- import / export ---------------------------------------------------------------------------------
@case("clear_canvas")
def _(b):
    ok(b, "clear_canvas", {})
    assert b.deck.slides[0].children == [] and b.deck.slides[1].children
    ok(b, "clear_canvas", {"scope": "all_slides", "keepSlides": False})
    assert len(b.deck.slides) == 1 and b.deck.slides[0].children == []


@case("export_json")
def _(b):
    r = ok(b, "export_json", {"nodeId": "s2-row", "includeGeometry": True})
    assert r["json"]["type"] == "FRAME" and r["json"]["id"] == "s2-row" and r["geometry"]["s2-card1"]["x"] == 80
    s = ok(b, "export_json", {"slideId": "s3"})["json"]
    assert s["id"] == "s3" and len(s["children"]) == 3
    rest = b.execute("export_json", {"slideId": "s1", "format": "rest_v1"})
    if rest["ok"]:
        assert rest["result"]["json"]["type"] in ("FRAME", "SLIDE") and "children" in rest["result"]["json"]


@case("import_json")
def _(b):
    data = ok(b, "export_json", {"nodeId": "s2-row"})["json"]
    r = ok(b, "import_json", {"json": json.dumps(data), "parentId": "s1"})
    copy = node(b, r["id"])
    assert copy.id != "s2-row" and copy.type == "FRAME" and len(copy.children) == 3 and r["format"] == "scene"
    ok(
        b,
        "import_json",
        {
            "json": {"type": "RECTANGLE", "id": "fresh-1", "width": 10, "height": 10},
            "mode": "replace",
            "parentId": "s3",
        },
    )
    assert [c.id for c in b.deck.slides[2].children] == ["fresh-1"]
    assert fail(b, "import_json", {"json": {"type": "RECTANGLE", "width": -1}})["field"] == "json"
    rest = {
        "id": "9:1",
        "name": "Box",
        "type": "RECTANGLE",
        "absoluteBoundingBox": {"x": 10, "y": 20, "width": 30, "height": 40},
        "fills": [{"type": "SOLID", "color": {"r": 1, "g": 0, "b": 0, "a": 1}}],
    }
    out = b.execute("import_json", {"json": rest, "parentId": "s3"})
    assert out["ok"], out
    got = node(b, out["result"]["id"])
    assert (got.type, got.x, got.y, got.width, got.height) == ("RECTANGLE", 10, 20, 30, 40) and out["result"][
        "format"
    ] == "rest_v1"


# -- images ------------------------------------------------------------------------------------------
@case("search_unsplash_images")
def _(b):
    r = ok(b, "search_unsplash_images", {"query": "mountain lake"})
    assert r["provider"] == "local" and r["images"][0]["id"] == "lib-mountain-lake"
    assert r["images"][0]["attribution"]["license"] and Path(r["images"][0]["thumbnail"]).is_file()
    assert all(
        i["orientation"] == "portrait"
        for i in ok(b, "search_unsplash_images", {"query": "*", "orientation": "portrait"})["images"]
    )
    assert [i["id"] for i in ok(b, "search_unsplash_images", {"query": "nature", "color": "green"})["images"]] == [
        "lib-forest-path"
    ]


@case("insert_unsplash_image")
def _(b):
    img = node(b, ok(b, "insert_unsplash_image", {"imageId": "lib-beach", "x": 10, "y": 10, "width": 200})["id"])
    assert img.type == "IMAGE" and img.height == 200 and img.meta["attribution"]["license"] == "CC0-1.0"
    ok(b, "insert_unsplash_image", {"imageId": "lib-sunset", "targetNodeId": "s2-card1"})
    assert node(b, "s2-card1").fills[0].type == "IMAGE" and node(b, "s2-card1").meta["library_id"] == "lib-sunset"
    assert fail(b, "insert_unsplash_image", {"imageId": "nope"})["field"] == "imageId"


# -- batch, math, extension --------------------------------------------------------------------------
@case("batch_execute")
def _(b):
    r = ok(
        b,
        "batch_execute",
        {
            "operations": [
                {"tool": "create_slide", "args": {"layout": "title"}, "id": "new"},
                {
                    "tool": "set_text_content",
                    "args": {"changes": [{"nodeId": "$new.placeholders.title", "text": "Hello"}]},
                },
                {"tool": "create_rectangle", "args": {"parentId": "$0.id", "width": 10, "height": 10}},
            ]
        },
    )
    assert r["ok"] and r["applied"] and [x["ok"] for x in r["results"]] == [True] * 3
    slide = b.deck.slides[1]
    assert slide.children[0].text.plain_text == "Hello" and slide.children[-1].type == "RECTANGLE"


@case("create_math")
def _(b):
    m = node(
        b, ok(b, "create_math", {"latex": r"\frac{a}{b} = \sqrt{x^2+1}", "fontSize": 40, "color": "#C00000"})["id"]
    )
    assert m.type == "MATH" and m.latex.startswith(r"\frac") and m.width > 50 and m.height > 30
    svg = b.deck.asset_bytes(m.svg_asset).decode()
    assert svg.startswith("<svg") and "c00000" in svg.lower()
    assert fail(b, "create_math", {"latex": r"\frac{a"})["field"] == "latex"


@case("insert_slides_from")
def _(b):
    import tempfile

    other = backend()
    ok(other, "focus_slide", {"slideId": "s3"})
    img_id = ok(other, "create_image", {"source": "lib-city-night", "x": 5, "y": 5})["id"]
    deck = other.export()
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "other.json"
        deck.save(path)
        r = ok(b, "insert_slides_from", {"path": str(path), "slides": [3, "s2"], "index": 0})
    assert len(r["slide_ids"]) == 2 and [s.id for s in b.deck.slides[:2]] == r["slide_ids"]
    copied = b.deck.slides[0]
    assert len(copied.children) == 4 and all(n.id not in ("s3-title", img_id) for n in copied.iter_nodes())
    pic = next(n for n in copied.children if n.type == "IMAGE")
    assert pic.image.asset in b.deck.assets and b.deck.asset_bytes(pic.image.asset)[:4] == b"\x89PNG"
    assert fail(b, "insert_slides_from", {"path": "/nope.pptx"})["field"] == "path"


@pytest.mark.parametrize("name", sorted(CASES))
def test_tool(name: str) -> None:
    CASES[name](backend())


def test_every_other_tool_has_a_case() -> None:
    from ace_core.tools import registry

    assert sorted(s.name for s in registry().specs() if s.module != "contentTools") == sorted(CASES)


def test_unsplash_provider_is_used_only_with_a_key(monkeypatch) -> None:
    from backends.scenegraph.images import UnsplashProvider

    monkeypatch.delenv("UNSPLASH_ACCESS_KEY", raising=False)
    assert not UnsplashProvider().enabled
    provider = UnsplashProvider(key="test-key")
    calls: list[str] = []
    photo = {
        "id": "abc",
        "width": 10,
        "height": 5,
        "color": "#112233",
        "alt_description": "a cat",
        "user": {"name": "Ann", "links": {"html": "https://unsplash.com/@ann"}},
        "urls": {"thumb": "https://images.example/t.jpg"},
    }

    def fake_get(url: str) -> bytes:  # no network in tests
        calls.append(url)
        return json.dumps({"total": 1, "results": [photo]}).encode()

    monkeypatch.setattr(provider, "_get", fake_get)
    b = backend()
    b.unsplash = provider
    r = ok(b, "search_unsplash_images", {"query": "cat", "orientation": "landscape"})
    assert r["provider"] == "unsplash" and r["images"][0]["id"] == "unsplash:abc"
    assert r["images"][0]["attribution"]["photographer"] == "Ann"
    assert "query=cat" in calls[0] and "orientation=landscape" in calls[0]
