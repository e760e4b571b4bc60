"""batch_execute (ordered, atomic, references, cap, no recursion), tool errors as answers, stale
ids, auto-layout re-flow without coordinates, and the table-to-chart bar."""

from __future__ import annotations

import pytest
from sg_helpers import backend, fail, node, ok

from ace_core.tools.session import MAX_BATCH_OPS


def test_failing_seventh_command_leaves_the_deck_unchanged() -> None:
    b = backend()
    before = b.export()
    ops = [
        {"tool": "create_slide", "args": {"layout": "title_content"}},
        {"tool": "set_text_content", "args": {"changes": [{"nodeId": "$0.placeholders.title", "text": "New"}]}},
        {"tool": "set_fill_color", "args": {"nodeId": "s2-card1", "color": "#FF0000"}},
        {"tool": "delete_node", "args": {"nodeIds": ["s1-sub"]}},
        {"tool": "move_node", "args": {"nodeId": "s1-title", "x": 0, "y": 0}},
        {"tool": "create_table", "args": {"rows": 2, "cols": 2}},
        {"tool": "set_opacity", "args": {"nodeId": "s1-sub", "opacity": 0.5}},  # stale: deleted by op 3
        {"tool": "rename_node", "args": {"nodeId": "s1-title", "newName": "never"}},
    ]
    out = b.batch(ops)
    assert not out["ok"]
    res = out["result"]
    assert res["failed_index"] == 6 and not res["applied"]
    assert [r["ok"] for r in res["results"]] == [True] * 6 + [False]  # stops at the failure
    err = res["results"][6]["error"]
    assert err["tool"] == "set_opacity" and err["field"] == "nodeId" and "stale" in err["reason"]
    assert "operation 6 (set_opacity)" in out["error"]["message"]
    assert b.export() == before


def test_non_atomic_batch_keeps_what_succeeded() -> None:
    b = backend()
    out = b.batch(
        [
            {"tool": "rename_node", "args": {"nodeId": "s1-title", "newName": "A"}},
            {"tool": "rename_node", "args": {"nodeId": "missing", "newName": "B"}},
            {"tool": "rename_node", "args": {"nodeId": "s1-sub", "newName": "C"}},
        ],
        atomic=False,
        stop_on_error=False,
    )
    assert out["result"]["applied"] and out["result"]["failed_index"] == 1
    assert [r["ok"] for r in out["result"]["results"]] == [True, False, True]
    assert node(b, "s1-title").name == "A" and node(b, "s1-sub").name == "C"


def test_references_by_index_and_by_op_id() -> None:
    b = backend()
    out = b.batch(
        [
            {"tool": "create_frame", "args": {"layoutMode": "VERTICAL", "width": 300, "height": 300}, "id": "col"},
            {"tool": "create_text", "args": {"parentId": "$col.id", "text": "a"}},
            {"tool": "create_text", "args": {"parentId": "$0", "text": "b"}},
            {"tool": "set_fill_color", "args": {"nodeId": "$col.changed_ids[0]", "color": "#00FF00"}},
        ]
    )
    assert out["ok"], out
    frame = node(b, out["result"]["results"][0]["result"]["id"])
    assert [c.text.plain_text for c in frame.children] == ["a", "b"] and frame.fills[0].color.hex == "#00FF00"


@pytest.mark.parametrize(
    ("ref", "needle"),
    [("$5.id", "has not run yet"), ("$nope.id", "no earlier operation"), ("$0.missing", "has no 'missing'")],
)
def test_bad_references_name_the_field(ref: str, needle: str) -> None:
    b = backend()
    out = b.batch(
        [{"tool": "create_rectangle", "args": {}}, {"tool": "rename_node", "args": {"nodeId": ref, "newName": "x"}}]
    )
    err = out["result"]["results"][1]["error"]
    assert needle in err["reason"] and err["field"] == "args.nodeId" and err["tool"] == "rename_node"


def test_cap_and_no_recursion() -> None:
    b = backend()
    too_many = [{"tool": "get_page_info", "args": {}}] * (MAX_BATCH_OPS + 1)
    err = fail(b, "batch_execute", {"operations": too_many})
    assert err["field"] == "operations" and err["tool"] == "batch_execute"
    err = fail(b, "batch_execute", {"operations": [{"tool": "get_page_info"}] * 3, "maxOps": 2})
    assert "maxOps" in err["reason"]
    nested = b.batch([{"tool": "batch_execute", "args": {"operations": [{"tool": "get_page_info"}]}}])
    assert not nested["ok"] and "nested" in nested["result"]["results"][0]["error"]["reason"]


def test_tool_errors_are_answers() -> None:
    b = backend()
    unknown = fail(b, "create_rectangel", {})
    assert unknown["tool"] == "create_rectangel" and "create_rectangle" in unknown["hint"]
    bad_field = fail(b, "create_rectangle", {"widht": 10})
    assert bad_field["field"] == "widht" and "width" in bad_field["hint"]
    bad_value = fail(b, "set_opacity", {"nodeId": "s1-title", "opacity": 3})
    assert bad_value["field"] == "opacity" and "less than or equal to 1" in bad_value["reason"]
    wrong_kind = fail(b, "set_table_cells", {"nodeId": "s1-title", "cells": [{"row": 0, "col": 0, "text": "x"}]})
    assert wrong_kind["field"] == "nodeId" and "TABLE" in wrong_kind["reason"]
    slide_as_node = fail(b, "rename_node", {"nodeId": "s1", "newName": "x"})
    assert "slide id" in slide_as_node["reason"]
    in_batch = b.batch([{"tool": "create_rectangle", "args": {"fillColor": "blue"}}])
    err = in_batch["result"]["results"][0]["error"]
    assert (err["tool"], err["field"]) == ("create_rectangle", "fillColor") and "not a colour" in err["reason"]


def test_ids_stay_stable_across_edits() -> None:
    b = backend()
    before = {n.id for _, n in b.deck.iter_nodes()}
    ok(b, "set_layout_mode", {"nodeId": "s2-row", "layoutMode": "VERTICAL"})
    ok(b, "set_text_content", {"changes": [{"nodeId": "s2-card1-h", "text": "x"}]})
    ok(b, "resize_node", {"nodeId": "s2-row", "width": 600})
    ok(b, "move_node", {"nodeId": "s1-title", "parentId": "s2-row"})
    after = {n.id for _, n in b.deck.iter_nodes()}
    assert before == after


def test_two_cards_added_to_a_row_of_five_reflow_all_seven_without_coordinates() -> None:
    b = backend()
    setup = [
        {
            "tool": "create_frame",
            "args": {
                "name": "Row",
                "x": 40,
                "y": 200,
                "width": 1200,
                "height": 240,
                "layoutMode": "HORIZONTAL",
                "itemSpacing": 20,
                "paddingLeft": 20,
                "paddingRight": 20,
                "paddingTop": 20,
                "paddingBottom": 20,
            },
            "id": "row",
        }
    ]
    setup += [
        {
            "tool": "create_frame",
            "args": {
                "parentId": "$row.id",
                "name": f"Card {i}",
                "layoutSizingHorizontal": "FILL",
                "layoutSizingVertical": "FILL",
                "fillColor": "#E0E7FF",
            },
        }
        for i in range(5)
    ]
    out = b.batch(setup)
    assert out["ok"], out
    row_id = out["result"]["results"][0]["result"]["id"]
    five = [c.model_copy() for c in node(b, row_id).children]
    assert [c.width for c in five] == pytest.approx([(1200 - 40 - 4 * 20) / 5] * 5)
    add = [
        {
            "tool": "create_frame",
            "args": {
                "parentId": row_id,
                "name": f"New {i}",
                "layoutSizingHorizontal": "FILL",
                "layoutSizingVertical": "FILL",
            },
        }
        for i in range(2)
    ]
    assert all("x" not in op["args"] and "y" not in op["args"] for op in add)
    out = b.batch(add)
    assert out["ok"], out
    seven = node(b, row_id).children
    width = (1200 - 40 - 6 * 20) / 7
    assert len(seven) == 7
    assert [c.width for c in seven] == pytest.approx([width] * 7)
    assert [c.x for c in seven] == pytest.approx([20 + i * (width + 20) for i in range(7)])
    assert all(c.height == pytest.approx(200) and c.y == 20 for c in seven)
    changed = set(out["result"]["results"][1]["result"]["changed_ids"])
    assert {c.id for c in five} <= changed  # the first five moved and report it


def test_table_to_bar_chart_with_legend_in_at_most_25_operations() -> None:
    """A 4x3 table becomes a bar chart with a legend beside it, done from the table's data."""
    b = backend()
    b.execute("focus_slide", {"slideId": "s2"})
    data = [["Region", "2023", "2024"], ["North", "120", "135"], ["South", "90", "110"], ["West", "75", "95"]]
    table_id = ok(b, "create_table", {"rows": 4, "cols": 3, "data": data, "x": 80, "y": 160, "width": 600})["id"]
    calls = 0

    def call(tool: str, args: dict) -> dict:
        nonlocal calls
        calls += 1
        return ok(b, tool, args)

    info = call("get_node_info", {"nodeIds": [table_id]})["nodes"][0]
    cells = info["table"]["cells"]
    header, rows = cells[0], cells[1:]
    series = [{"name": header[c], "values": [float(r[c]) for r in rows]} for c in range(1, len(header))]
    box = info["absolute"]
    result = call(
        "batch_execute",
        {
            "operations": [
                {
                    "tool": "create_data_chart",
                    "args": {
                        "chartType": "bar",
                        "categories": [r[0] for r in rows],
                        "series": series,
                        "x": box["x"],
                        "y": box["y"],
                        "width": 720,
                        "height": 420,
                        "title": "Sales by region",
                        "legendPosition": "right",
                    },
                },
                {"tool": "set_chart_axis", "args": {"nodeId": "$0.id", "axis": "y", "min": 0, "gridlines": True}},
                {"tool": "delete_node", "args": {"nodeIds": [table_id]}},
            ]
        },
    )
    calls += len(result["results"]) - 1  # every operation in the batch counts
    assert calls <= 25
    chart = node(b, result["results"][0]["result"]["id"])
    c = chart.chart
    assert c.chart_type == "bar" and c.categories == ["North", "South", "West"]
    assert [(s.name, s.values) for s in c.series] == [("2023", [120, 90, 75]), ("2024", [135, 110, 95])]
    assert c.legend is not None and c.legend.position == "right"
    assert b.deck.find(table_id) is None
    # the one-call path: import straight from the table
    b2 = backend()
    tid = ok(b2, "create_table", {"rows": 4, "cols": 3, "data": data})["id"]
    r = ok(b2, "import_chart_data", {"sourceNodeId": tid, "chartType": "bar", "legendPosition": "right"})
    assert [s.values for s in node(b2, r["id"]).chart.series] == [[120, 90, 75], [135, 110, 95]]


def test_single_failing_call_changes_nothing() -> None:
    b = backend()
    before = b.export()
    err = fail(b, "delete_node", {"nodeIds": ["s1-title", "nope"]})
    assert err["field"] == "nodeIds[1]"
    assert b.export() == before


def test_serialize_modes() -> None:
    import json

    b = backend()
    full = json.loads(b.serialize("FULL"))
    assert len(full["slides"]) == 3 and "source" not in json.dumps(full)
    one = json.loads(b.serialize("SLIDE", ["s3"]))
    assert [s["id"] for s in one["slides"]] == ["s3"] and one["slides"][0]["children"]
    micro = json.loads(b.serialize("MICRO", ["s2"]))
    assert micro["slides"][1]["children"] and "children" not in micro["slides"][0]
    macro = json.loads(b.serialize("MACRO", ["s2"]))
    assert "bounds" in macro["slides"][1]["children"][0] and "bounds" not in macro["slides"][0]["children"][0]
    systemic = json.loads(b.serialize("SYSTEMIC"))
    assert systemic["fonts"]
    assert len(b.serialize("MICRO", ["s2"])) < len(b.serialize("FULL"))


@pytest.mark.parametrize("name", ["figma/features.figma.json", "pptx/tika-testPPT_groups.pptx", "html/features.html"])
def test_loading_a_read_deck_changes_nothing(name: str) -> None:
    from sg_helpers import ROOT

    from adapters import read

    deck = read(ROOT / "fixtures" / name)
    b = backend(deck)
    assert b.export() == deck
    in_group = [c for _, n in deck.iter_nodes() if n.type == "GROUP" for c in n.children]
    first = (in_group or [n for _, n in deck.iter_nodes() if n.type == "TEXT"])[0]
    ok(b, "rename_node", {"nodeId": first.id, "newName": "renamed"})
    ok(b, "set_opacity", {"nodeId": first.id, "opacity": 0.5})
    after = b.export()

    def shallow(n):
        return n.model_dump(exclude={"children"})

    pairs = zip(after.iter_nodes(), deck.iter_nodes(), strict=True)
    changed = [a.id for (_, a), (_, o) in pairs if shallow(a) != shallow(o)]
    assert changed == [first.id]  # style edits: no group refit, no re-solve, no re-measure
