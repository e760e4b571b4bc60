"""The tool suite on the OOXML and HTML backends: every bound tool's effect on the deck read back
through the format's adapter (export), atomic batches, stale ids, unsupported tools, stable ids."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ace_core.ir.deck import Deck
from ace_core.tools import registry
from adapters import read
from backends.html import HtmlBackend
from backends.native import NativeBackend
from backends.ooxml import OoxmlBackend

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "fixtures" / "ir" / "sample.json"
IMAGES = ROOT / "fixtures" / "images"
KINDS = {"ooxml": OoxmlBackend, "html": HtmlBackend}
_BASES: dict[str, NativeBackend] = {}


def fresh(kind: str) -> NativeBackend:
    """A backend on the sample deck (loaded once per kind; each test edits its own fork)."""
    if kind not in _BASES:
        _BASES[kind] = KINDS[kind](Deck.load(SAMPLE), image_library=IMAGES)
    base = _BASES[kind]
    b = KINDS[kind](image_library=IMAGES, work_dir=base.work_dir())
    b.docs = {"main": base.doc.fork()}
    b.active = "main"
    return b


def ok(b: NativeBackend, tool: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    out = b.execute(tool, args or {})
    assert out["ok"], out.get("error")
    registry().get(tool).result.model_validate(out["result"])
    return out["result"]


def fail(b: NativeBackend, tool: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    out = b.execute(tool, args or {})
    assert not out["ok"], out
    return out["error"]


def node(deck: Deck, node_id: str) -> Any:
    found = deck.find(node_id)
    assert found is not None, f"{node_id} is not in the exported deck"
    return found[1]


def style_of(n: Any, para: int = 0, run: int = 0) -> Any:
    body = n.text
    p = body.paragraphs[para]
    r = p.runs[run] if p.runs else None
    s = body.style.merged(p.style)
    return s.merged(r.style) if r is not None else s


def hexes(paints: list[Any]) -> list[str]:
    return [p.color.hex for p in paints if p.type == "SOLID"]


Case = Callable[[NativeBackend, str], None]
CASES: dict[str, Case] = {}


def case(name: str) -> Callable[[Case], Case]:
    def register(fn: Case) -> Case:
        CASES[name] = fn
        return fn

    return register


# -- creation ------------------------------------------------------------------------------------
@case("create_rectangle")
def _(b: NativeBackend, kind: str) -> None:
    rid = ok(b, "create_rectangle", {"x": 40, "y": 60, "width": 200, "height": 100, "fillColor": "#10A050"})["id"]
    n = node(b.export(), rid)
    assert n.type == "RECTANGLE" and (round(n.x), round(n.y), round(n.width), round(n.height)) == (40, 60, 200, 100)
    assert hexes(n.fills) == ["#10A050"]


@case("create_ellipse")
def _(b: NativeBackend, kind: str) -> None:
    eid = ok(b, "create_ellipse", {"x": 10, "y": 10, "width": 80, "height": 80, "fillColor": "#FF0000"})["id"]
    n = node(b.export(), eid)
    assert n.type == "ELLIPSE" and round(n.width) == 80 and hexes(n.fills) == ["#FF0000"]


@case("create_polygon")
def _(b: NativeBackend, kind: str) -> None:
    pid = ok(b, "create_polygon", {"x": 10, "y": 10, "width": 90, "height": 90, "pointCount": 6})["id"]
    n = node(b.export(), pid)
    assert n.type == "VECTOR" and n.paths and round(n.width) == 90


@case("create_star")
def _(b: NativeBackend, kind: str) -> None:
    sid = ok(b, "create_star", {"x": 10, "y": 10, "width": 90, "height": 90})["id"]
    assert node(b.export(), sid).type == "VECTOR"


@case("create_line")
def _(b: NativeBackend, kind: str) -> None:
    lid = ok(b, "create_line", {"startX": 100, "startY": 600, "endX": 500, "endY": 600, "strokeWeight": 4})["id"]
    n = node(b.export(), lid)
    assert n.type == "LINE" and round(n.x) == 100 and round(n.width) == 400
    assert n.strokes and round(n.strokes[0].weight) == 4


@case("create_text")
def _(b: NativeBackend, kind: str) -> None:
    tid = ok(b, "create_text", {"x": 50, "y": 500, "text": "Hello\nWorld", "width": 400, "fontSize": 32})["id"]
    n = node(b.export(), tid)
    assert n.type == "TEXT" and n.text.plain_text == "Hello\nWorld"
    assert style_of(n).font_size == pytest.approx(32, abs=0.5)


@case("create_graphics")
def _(b: NativeBackend, kind: str) -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="18" fill="red"/>'
        '<rect x="5" y="5" width="10" height="10" fill="blue"/></svg>'
    )
    gid = ok(b, "create_graphics", {"svg": svg, "x": 500, "y": 300})["id"]
    n = node(b.export(), gid)
    assert n.type == "GROUP" and len(n.children) == 2 and all(c.type == "VECTOR" for c in n.children)


@case("create_image")
def _(b: NativeBackend, kind: str) -> None:
    iid = ok(b, "create_image", {"source": "lib-beach", "x": 600, "y": 300, "width": 200})["id"]
    deck = b.export()
    n = node(deck, iid)
    assert n.type == "IMAGE" and round(n.width) == 200 and round(n.height) == 200
    assert deck.asset_bytes(n.image.asset).startswith(b"\x89PNG")


@case("create_frame")
def _(b: NativeBackend, kind: str) -> None:
    out = ok(
        b,
        "create_frame",
        {
            "x": 100,
            "y": 100,
            "width": 600,
            "height": 200,
            "fillColor": "#EEEEEE",
            "layoutMode": "HORIZONTAL",
            "itemSpacing": 20,
        },
    )
    fid = out["id"]
    for _ in range(3):
        ok(b, "create_rectangle", {"parentId": fid, "width": 100, "height": 100})
    n = node(b.export(), fid)
    if kind == "ooxml":  # flat format: a group with a background rectangle, no auto-layout
        assert n.type == "GROUP" and any("ooxml" in w for w in out["warnings"])
        assert any("auto-layout" in w for w in out["warnings"])
        assert hexes(n.children[0].fills) == ["#EEEEEE"] and len(n.children) == 4
    else:  # flexbox: the children are laid out in a row
        assert n.type == "FRAME" and n.layout is not None and n.layout.mode == "HORIZONTAL"
        assert [round(c.x) for c in n.children] == [0, 120, 240]


@case("create_table")
def _(b: NativeBackend, kind: str) -> None:
    tid = ok(b, "create_table", {"rows": 3, "cols": 2, "data": [["a", "b"], ["c", "d"]], "x": 50, "y": 50})["id"]
    n = node(b.export(), tid)
    assert n.type == "TABLE" and len(n.rows) == 3 and len(n.rows[0].cells) == 2
    assert n.rows[1].cells[1].text.plain_text == "d"


@case("create_data_chart")
def _(b: NativeBackend, kind: str) -> None:
    cid = ok(
        b,
        "create_data_chart",
        {
            "categories": ["Q1", "Q2"],
            "series": [{"name": "Sales", "values": [3, 5]}],
            "chartType": "bar",
            "x": 100,
            "y": 100,
        },
    )["id"]
    n = node(b.export(), cid)
    assert n.type == "CHART" and n.chart.categories == ["Q1", "Q2"]
    assert [s.values for s in n.chart.series] == [[3.0, 5.0]]


@case("create_math")
def _(b: NativeBackend, kind: str) -> None:
    mid = ok(b, "create_math", {"latex": "E = mc^2", "x": 100, "y": 100})["id"]
    n = node(b.export(), mid)
    assert n.type == "MATH" and n.latex == "E = mc^2"  # OOXML: an OMML equation, its LaTeX kept


@case("create_connector")
def _(b: NativeBackend, kind: str) -> None:
    a = ok(b, "create_rectangle", {"x": 100, "y": 500, "width": 50, "height": 50})["id"]
    c = ok(b, "create_rectangle", {"x": 400, "y": 500, "width": 50, "height": 50})["id"]
    con = ok(b, "create_connector", {"startNodeId": a, "endNodeId": c})
    n = node(b.export(), con["id"])
    assert n.type == "CONNECTOR" and 140 <= n.x <= 160 and 240 <= n.width <= 260
    if kind == "ooxml":
        assert n.start.node_id == a and n.end.node_id == c


@case("insert_unsplash_image")
def _(b: NativeBackend, kind: str) -> None:
    iid = ok(b, "insert_unsplash_image", {"imageId": "lib-sunset", "x": 5, "y": 5, "width": 64})["id"]
    assert node(b.export(), iid).type == "IMAGE"


@case("import_json")
def _(b: NativeBackend, kind: str) -> None:
    data = {"type": "RECTANGLE", "id": "imported-1", "x": 10, "y": 20, "width": 30, "height": 40}
    ok(b, "import_json", {"json": data})
    assert node(b.export(), "imported-1").type == "RECTANGLE"


# -- text ------------------------------------------------------------------------------------------
@case("set_text_content")
def _(b: NativeBackend, kind: str) -> None:
    before = style_of(node(b.export(), "s1-title"))
    ok(b, "set_text_content", {"changes": [{"nodeId": "s1-title", "text": "New title\nSecond line"}]})
    n = node(b.export(), "s1-title")
    assert n.text.plain_text == "New title\nSecond line"
    after = style_of(n)
    assert after.font_size == pytest.approx(before.font_size) and after.fill.color.hex == before.fill.color.hex


@case("set_text_font")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_text_font", {"nodeId": "s1-sub", "font": {"family": "Georgia", "style": "Bold Italic"}})
    s = style_of(node(b.export(), "s1-sub"))
    assert s.font_family == "Georgia" and s.font_weight == 700 and s.italic


@case("set_text_properties")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_text_properties", {"nodeId": "s1-sub", "fontSize": 40, "textAlignHorizontal": "RIGHT"})
    ok(b, "set_text_properties", {"nodeId": "s1-title", "lineHeight": {"value": 150, "unit": "PERCENT"}})
    sub = node(b.export(), "s1-sub")
    assert style_of(sub).font_size == pytest.approx(40, abs=0.5)
    assert (sub.text.paragraphs[0].align or sub.text.align) == "RIGHT"
    lh = node(b.export(), "s1-title").text.paragraphs[0].line_height
    assert lh is not None and lh.unit == "PERCENT" and lh.value == pytest.approx(150)


@case("set_text_decoration")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_text_decoration", {"nodeId": "s1-sub", "textDecoration": "UNDERLINE"})
    assert style_of(node(b.export(), "s1-sub")).decoration == "UNDERLINE"


@case("set_text_auto_resize")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_text_auto_resize", {"nodeId": "s1-sub", "textAutoResize": "NONE"})
    body = node(b.export(), "s1-sub").text
    assert body.auto_resize == "NONE" or body.autofit == "NONE"


@case("set_text_list")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_text_content", {"changes": [{"nodeId": "s1-sub", "text": "one\ntwo"}]})
    ok(b, "set_text_list", {"nodeId": "s1-sub", "listType": "ORDERED"})
    paras = node(b.export(), "s1-sub").text.paragraphs
    assert all(p.bullet is not None and p.bullet.type == "ORDERED" for p in paras)


# -- style -----------------------------------------------------------------------------------------
def _rect(b: NativeBackend) -> str:
    return ok(b, "create_rectangle", {"x": 40, "y": 60, "width": 200, "height": 100, "fillColor": "#10A050"})["id"]


@case("set_fill_color")
def _(b: NativeBackend, kind: str) -> None:
    rid = _rect(b)
    assert ok(b, "set_fill_color", {"nodeId": rid, "color": "#123456"})["target"] == "fills"
    assert ok(b, "set_fill_color", {"nodeId": "s1-title", "color": "#FF0000"})["target"] == "text"
    deck = b.export()
    assert hexes(node(deck, rid).fills) == ["#123456"]
    assert style_of(node(deck, "s1-title")).fill.color.hex == "#FF0000"


@case("set_fill_gradient")
def _(b: NativeBackend, kind: str) -> None:
    rid = _rect(b)
    stops = [{"position": 0, "color": "#FF0000"}, {"position": 1, "color": "#0000FF"}]
    ok(b, "set_fill_gradient", {"nodeId": rid, "gradientStops": stops})
    fill = node(b.export(), rid).fills[0]
    assert fill.type == "GRADIENT_LINEAR" and [s.color.hex for s in fill.stops] == ["#FF0000", "#0000FF"]


@case("set_image_fill")
def _(b: NativeBackend, kind: str) -> None:
    rid = _rect(b)
    ok(b, "set_image_fill", {"nodeId": rid, "source": "lib-sunset"})
    deck = b.export()
    fill = node(deck, rid).fills[0]
    assert fill.type == "IMAGE" and deck.asset_bytes(fill.asset).startswith(b"\x89PNG")


@case("set_stroke")
def _(b: NativeBackend, kind: str) -> None:
    rid = _rect(b)
    ok(b, "set_stroke", {"nodeId": rid, "strokeColor": "#FF00FF", "weight": 3})
    st = node(b.export(), rid).strokes
    assert len(st) == 1 and st[0].paint.color.hex == "#FF00FF" and st[0].weight == pytest.approx(3, abs=0.01)
    ok(b, "set_stroke", {"nodeId": rid, "weight": 0})
    assert not [s for s in node(b.export(), rid).strokes if s.paint.visible and s.weight > 0]


@case("set_corner_radius")
def _(b: NativeBackend, kind: str) -> None:
    rid = _rect(b)
    ok(b, "set_corner_radius", {"nodeId": rid, "radius": 12})
    assert node(b.export(), rid).corner_radius == pytest.approx(12, abs=0.1)


@case("set_opacity")
def _(b: NativeBackend, kind: str) -> None:
    rid = _rect(b)
    out = ok(b, "set_opacity", {"nodeId": rid, "opacity": 0.5})
    n = node(b.export(), rid)
    if kind == "ooxml":  # no node opacity in DrawingML: the colours' alpha
        assert n.fills[0].color.a == pytest.approx(0.5, abs=0.01) and out["warnings"]
    else:
        assert n.opacity == pytest.approx(0.5)


@case("set_drop_shadow")
def _(b: NativeBackend, kind: str) -> None:
    rid = _rect(b)
    ok(b, "set_drop_shadow", {"nodeId": rid, "offsetX": 0, "offsetY": 6, "radius": 10})
    eff = node(b.export(), rid).effects
    assert [e.type for e in eff] == ["DROP_SHADOW"] and eff[0].offset.y == pytest.approx(6, abs=0.1)


@case("set_inner_shadow")
def _(b: NativeBackend, kind: str) -> None:
    rid = _rect(b)
    ok(b, "set_inner_shadow", {"nodeId": rid, "offsetX": 2, "offsetY": 2, "radius": 4})
    assert [e.type for e in node(b.export(), rid).effects] == ["INNER_SHADOW"]


@case("set_visibility")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_visibility", {"nodeIds": ["s1-sub"], "visible": False})
    assert node(b.export(), "s1-sub").visible is False
    ok(b, "set_visibility", {"nodeIds": ["s1-sub"], "visible": True})
    assert node(b.export(), "s1-sub").visible is True


@case("replace_color")
def _(b: NativeBackend, kind: str) -> None:
    rid = _rect(b)
    other = ok(b, "create_rectangle", {"x": 300, "y": 60, "width": 50, "height": 50, "fillColor": "#000000"})["id"]
    out = ok(b, "replace_color", {"fromColor": "#10A050", "toColor": "#FFAA00"})
    deck = b.export()
    assert hexes(node(deck, rid).fills) == ["#FFAA00"] and hexes(node(deck, other).fills) == ["#000000"]
    assert out["replaced"] >= 1 and rid in out["changed_ids"] and other not in out["changed_ids"]


@case("copy_style")
def _(b: NativeBackend, kind: str) -> None:
    rid = _rect(b)
    ok(b, "set_stroke", {"nodeId": rid, "strokeColor": "#FF00FF", "weight": 3})
    target = ok(b, "create_rectangle", {"x": 400, "y": 60, "width": 50, "height": 50, "fillColor": "#000000"})["id"]
    ok(b, "copy_style", {"sourceNodeId": rid, "targetNodeIds": [target], "properties": ["fills", "strokes"]})
    n = node(b.export(), target)
    assert hexes(n.fills) == ["#10A050"] and n.strokes[0].paint.color.hex == "#FF00FF"


# -- operations ------------------------------------------------------------------------------------
@case("move_node")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "move_node", {"nodeId": "s1-title", "x": 30, "y": 40})
    n = node(b.export(), "s1-title")
    assert (round(n.x), round(n.y)) == (30, 40)
    ok(b, "move_node", {"nodeId": "s1-title", "parentId": "s3"})  # onto another slide, same place
    deck = b.export()
    assert deck.find("s1-title")[0].id == "s3" and round(node(deck, "s1-title").x) == 30


@case("resize_node")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "resize_node", {"nodeId": "s1-sub", "width": 500})
    n = node(b.export(), "s1-sub")
    assert round(n.width) == 500 and round(n.height) == 50 and round(n.x) == 80


@case("rotate_node")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "rotate_node", {"nodeId": "s1-sub", "angle": 30})
    ok(b, "rotate_node", {"nodeId": "s1-sub", "angle": 15, "relative": True})
    assert node(b.export(), "s1-sub").rotation == pytest.approx(45)


@case("clone_node")
def _(b: NativeBackend, kind: str) -> None:
    cid = ok(b, "clone_node", {"nodeId": "s1-sub", "y": 600})["id"]
    deck = b.export()
    n = node(deck, cid)
    assert cid != "s1-sub" and n.text.plain_text == node(deck, "s1-sub").text.plain_text and round(n.y) == 600


@case("delete_node")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "delete_node", {"nodeIds": ["s1-sub"]})
    assert b.export().find("s1-sub") is None


@case("rename_node")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "rename_node", {"nodeId": "s1-sub", "newName": "Tagline"})
    assert node(b.export(), "s1-sub").name == "Tagline"


@case("reorder_node")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "reorder_node", {"nodeId": "s1-title", "direction": "TOP"})
    own = [c.id for c in b.export().slides[0].children]
    assert own.index("s1-title") > own.index("s1-sub")


@case("group_nodes")
def _(b: NativeBackend, kind: str) -> None:
    gid = ok(b, "group_nodes", {"nodeIds": ["s1-title", "s1-sub"], "groupName": "Header"})["id"]
    deck = b.export()
    g = node(deck, gid)
    assert g.type == "GROUP" and [c.id for c in g.children] == ["s1-title", "s1-sub"]
    assert round(g.x + g.children[1].x) == 80 and round(g.y + g.children[1].y) == 380  # same place on the slide


@case("ungroup_nodes")
def _(b: NativeBackend, kind: str) -> None:
    gid = ok(b, "group_nodes", {"nodeIds": ["s1-title", "s1-sub"]})["id"]
    ok(b, "ungroup_nodes", {"groupId": gid})
    deck = b.export()
    assert deck.find(gid) is None and round(node(deck, "s1-sub").y) == 380
    assert deck.find("s1-sub")[0].id == "s1"


@case("align_nodes")
def _(b: NativeBackend, kind: str) -> None:
    a = ok(b, "create_rectangle", {"x": 100, "y": 100, "width": 50, "height": 50})["id"]
    c = ok(b, "create_rectangle", {"x": 300, "y": 200, "width": 80, "height": 50})["id"]
    ok(b, "align_nodes", {"nodeIds": [a, c], "mode": "right"})
    deck = b.export()
    assert round(node(deck, a).x + 50) == round(node(deck, c).x + 80) == 380


# -- slides ----------------------------------------------------------------------------------------
@case("create_slide")
def _(b: NativeBackend, kind: str) -> None:
    out = ok(b, "create_slide", {"layout": "title_content", "index": 1})
    ok(b, "set_text_content", {"changes": [{"nodeId": out["placeholders"]["title"], "text": "Agenda"}]})
    deck = b.export()
    assert deck.slides[1].id == out["id"] and node(deck, out["placeholders"]["title"]).text.plain_text == "Agenda"


@case("duplicate_slide")
def _(b: NativeBackend, kind: str) -> None:
    out = ok(b, "duplicate_slide", {"slideId": "s1"})
    deck = b.export()
    assert [s.id for s in deck.slides][:2] == ["s1", out["id"]]
    copy = deck.slides[1]
    texts = sorted(n.text.plain_text for n in copy.iter_nodes() if n.type == "TEXT")
    assert texts == ["ACE sample deck", "One scene graph, every format"]
    assert not {n.id for n in copy.iter_nodes()} & {n.id for n in deck.slides[0].iter_nodes()}
    assert copy.notes == deck.slides[0].notes


@case("delete_slide")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "delete_slide", {"slideId": "s2"})
    assert [s.id for s in b.export().slides] == ["s1", "s3"]


@case("reorder_slides")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "reorder_slides", {"order": ["s3", "s1", "s2"]})
    assert [s.id for s in b.export().slides] == ["s3", "s1", "s2"]
    assert fail(b, "reorder_slides", {"order": ["s3", "s1"]})["field"] == "order"


@case("focus_slide")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "focus_slide", {"slideId": "s3"})
    assert ok(b, "get_page_info")["slideId"] == "s3"
    rid = _rect(b)
    assert b.export().find(rid)[0].id == "s3"


@case("set_slide_background")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_slide_background", {"slideId": "s2", "color": "#202040"})
    assert hexes(b.export().slides[1].background.fills) == ["#202040"]


@case("set_slide_transition")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_slide_transition", {"slideId": "s2", "style": "fade", "duration": 1.5})
    tr = b.export().slides[1].transition
    assert tr is not None and tr.style == "fade" and tr.duration == pytest.approx(1.5)


@case("set_slide_hidden")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_slide_hidden", {"slideId": "s2", "hidden": True})
    assert [s.hidden for s in b.export().slides] == [False, True, False]


@case("set_speaker_notes")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_speaker_notes", {"slideId": "s1", "notes": "Say hello.\nThen go on."})
    ok(b, "set_speaker_notes", {"slideId": "s3", "notes": "New notes"})
    deck = b.export()
    assert deck.slides[0].notes == "Say hello.\nThen go on." and deck.slides[2].notes == "New notes"


@case("set_presentation_size")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_presentation_size", {"preset": "4:3", "scaleContent": True})
    deck = b.export()
    assert (deck.width, deck.height) == (960, 720)
    assert round(node(deck, "s1-title").width) == 840


@case("clear_canvas")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "clear_canvas", {"scope": "current_slide"})
    deck = b.export()
    assert deck.slides[0].children == [] and deck.slides[1].children


# -- tables and charts -----------------------------------------------------------------------------
@case("set_table_cells")
def _(b: NativeBackend, kind: str) -> None:
    cells = [
        {"row": 0, "col": 0, "text": "Region", "fill": "#FFFF00"},
        {"row": 1, "col": 1, "text": "42", "align": "RIGHT"},
    ]
    ok(b, "set_table_cells", {"nodeId": "s3-table", "cells": cells})
    t = node(b.export(), "s3-table")
    assert t.rows[0].cells[0].text.plain_text == "Region" and hexes(t.rows[0].cells[0].fills) == ["#FFFF00"]
    p = t.rows[1].cells[1].text.paragraphs[0]
    assert t.rows[1].cells[1].text.plain_text == "42" and (p.align or t.rows[1].cells[1].text.align) == "RIGHT"


@case("modify_table_structure")
def _(b: NativeBackend, kind: str) -> None:
    before = len(node(b.export(), "s3-table").rows)
    ok(b, "modify_table_structure", {"nodeId": "s3-table", "op": "insert_row"})
    assert len(node(b.export(), "s3-table").rows) == before + 1


@case("update_chart_data")
def _(b: NativeBackend, kind: str) -> None:
    chart = node(b.export(), "s3-chart").chart
    series = [{"name": s.name, "values": [9.0] * len(chart.categories)} for s in chart.series]
    ok(b, "update_chart_data", {"nodeId": "s3-chart", "series": series})
    assert all(s.values == [9.0] * len(chart.categories) for s in node(b.export(), "s3-chart").chart.series)


@case("set_chart_type")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_chart_type", {"nodeId": "s3-chart", "chartType": "line"})
    assert node(b.export(), "s3-chart").chart.chart_type == "line"


@case("set_chart_title")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_chart_title", {"nodeId": "s3-chart", "title": "Revenue"})
    assert node(b.export(), "s3-chart").chart.title == "Revenue"


# -- the long tail: bound on both, or on HTML only (flexbox, inline SVG) ------------------------------
@case("set_table_style")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_table_style", {"nodeId": "s3-table", "headerFill": "#203864", "banding": True, "bandFill": "#DDEEFF"})
    t = node(b.export(), "s3-table")
    assert hexes(t.rows[0].cells[0].fills or ([t.style.header_fill] if t.style.header_fill else [])) == ["#203864"]


@case("set_chart_axis")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_chart_axis", {"nodeId": "s3-chart", "axis": "y", "min": 0, "max": 100})
    ax = node(b.export(), "s3-chart").chart.y_axis
    assert (ax.min, ax.max) == (0, 100)


@case("set_chart_legend")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_chart_legend", {"nodeId": "s3-chart", "position": "bottom"})
    assert node(b.export(), "s3-chart").chart.legend.position == "bottom"


@case("set_chart_series_style")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_chart_series_style", {"nodeId": "s3-chart", "seriesIndex": 0, "color": "#FF6600"})
    assert node(b.export(), "s3-chart").chart.series[0].fill.color.hex == "#FF6600"


@case("set_chart_data_labels")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_chart_data_labels", {"nodeId": "s3-chart", "show": True})
    labels = node(b.export(), "s3-chart").chart.data_labels
    assert labels is not None and labels.show_value


@case("import_chart_data")
def _(b: NativeBackend, kind: str) -> None:
    cid = ok(b, "import_chart_data", {"sourceNodeId": "s3-table", "x": 10, "y": 400, "width": 300, "height": 200})["id"]
    deck = b.export()
    table = node(deck, "s3-table")
    chart = node(deck, cid).chart
    assert chart.categories == [r.cells[0].text.plain_text for r in table.rows[1:]]


@case("set_blend_mode")
def _(b: NativeBackend, kind: str) -> None:
    rid = _rect(b)
    ok(b, "set_blend_mode", {"nodeId": rid, "blendMode": "MULTIPLY"})
    assert node(b.export(), rid).blend_mode == "MULTIPLY"


@case("create_mask")
def _(b: NativeBackend, kind: str) -> None:
    photo = ok(b, "create_image", {"source": "lib-beach", "x": 100, "y": 100, "width": 200})["id"]
    circle = ok(b, "create_ellipse", {"x": 120, "y": 120, "width": 150, "height": 150})["id"]
    gid = ok(b, "create_mask", {"maskNodeId": circle, "contentNodeIds": [photo]})["id"]
    g = node(b.export(), gid)
    assert g.type == "GROUP" and g.is_mask_group and {c.id for c in g.children} == {photo, circle}


@case("boolean_nodes")
def _(b: NativeBackend, kind: str) -> None:
    a = _rect(b)
    c = ok(b, "create_ellipse", {"x": 100, "y": 80, "width": 100, "height": 100})["id"]
    gid = ok(b, "boolean_nodes", {"nodeIds": [a, c], "operation": "UNION"})["id"]
    assert node(b.export(), gid).is_boolean == "UNION"


@case("create_smartart")
def _(b: NativeBackend, kind: str) -> None:
    out = ok(b, "create_smartart", {"layout": "process", "items": ["Plan", "Build", "Ship"], "x": 40, "y": 200})
    root = node(b.export(), out["id"])
    assert root.type == "FRAME" and len(out["item_ids"]) == 3
    xs = [node(b.export(), i).x for i in out["item_ids"]]
    assert xs == sorted(xs)  # laid out left to right


@case("update_smartart")
def _(b: NativeBackend, kind: str) -> None:
    out = ok(b, "create_smartart", {"layout": "list", "items": ["One", "Two"], "x": 40, "y": 200, "height": 200})
    ok(b, "update_smartart", {"nodeId": out["id"], "op": "add", "text": "Three"})
    info = ok(b, "get_smartart_info", {"nodeId": out["id"]})
    assert [i["text"] for i in info["items"]] == ["One", "Two", "Three"]
    texts = [n.text.plain_text for n in b.export().find(out["id"])[1].children if getattr(n, "text", None)]
    assert "Three" in " ".join(texts) or "Three" in json_text(b.export(), out["id"])


@case("set_smartart_style")
def _(b: NativeBackend, kind: str) -> None:
    out = ok(b, "create_smartart", {"layout": "list", "items": ["One", "Two"], "x": 40, "y": 200, "height": 200})
    ok(b, "set_smartart_style", {"nodeId": out["id"], "layout": "process"})
    assert ok(b, "get_smartart_info", {"nodeId": out["id"]})["layout"] == "process"


@case("set_text_range_style")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_text_range_style", {"nodeId": "s1-title", "start": 0, "end": 3, "fill": "#00AA00"})
    body = node(b.export(), "s1-title").text
    first = body.paragraphs[0].runs[0]
    assert first.text == "ACE" and style_of(node(b.export(), "s1-title")).fill.color.hex == "#00AA00"
    assert body.paragraphs[0].runs[1].text == " sample deck"


@case("set_slide_layout")
def _(b: NativeBackend, kind: str) -> None:
    out = ok(b, "set_slide_layout", {"slideId": "s2", "layout": "title_content"})
    deck = b.export()
    assert node(deck, out["placeholders"]["body"]).placeholder is not None


@case("set_layout_mode")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_layout_mode", {"nodeId": "s2-row", "layoutMode": "VERTICAL"})
    row = node(b.export(), "s2-row")
    assert row.layout.mode == "VERTICAL" and [round(c.x) for c in row.children] == [0, 0, 0]
    ys = [c.y for c in row.children]
    assert ys == sorted(ys) and ys[1] > ys[0]


@case("set_padding")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_padding", {"nodeId": "s2-row", "paddingLeft": 40})
    row = node(b.export(), "s2-row")
    assert row.layout.padding_left == 40 and round(row.children[0].x) == 40


@case("set_item_spacing")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_item_spacing", {"nodeId": "s2-row", "itemSpacing": 10})
    row = node(b.export(), "s2-row")
    assert round(row.children[1].x - row.children[0].x - row.children[0].width) == 10


@case("set_axis_align")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_axis_align", {"nodeId": "s2-row", "primaryAxisAlignItems": "CENTER"})
    assert node(b.export(), "s2-row").layout.primary_align == "CENTER"


@case("set_layout_sizing")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_layout_sizing", {"nodeId": "s2-card2", "layoutSizingHorizontal": "FIXED"})
    ok(b, "resize_node", {"nodeId": "s2-card2", "width": 200})
    row = node(b.export(), "s2-row")
    assert round(row.children[1].width) == 200 and row.children[2].x > row.children[1].x + 199


@case("set_layout_positioning")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_layout_positioning", {"nodeId": "s2-card3", "layoutPositioning": "ABSOLUTE", "x": 10, "y": 300})
    card = node(b.export(), "s2-card3")
    assert card.positioning == "ABSOLUTE" and (round(card.x), round(card.y)) == (10, 300)


@case("set_constraints")
def _(b: NativeBackend, kind: str) -> None:
    ok(b, "set_constraints", {"nodeId": "s2-card1-h", "horizontal": "STRETCH"})
    assert node(b.export(), "s2-card1-h").constraints.horizontal == "STRETCH"


def json_text(deck: Deck, node_id: str) -> str:
    import json

    return json.dumps(deck.find(node_id)[1].model_dump(mode="json"))


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("tool", sorted(CASES))
def test_tool_effect_read_back(kind: str, tool: str) -> None:
    b = fresh(kind)
    if not b.supports(tool):  # an unsupported tool says so, whatever its arguments
        err = fail(b, tool, {"nodeId": "s2-row"})
        assert err["reason"].startswith(f"unsupported on {kind}: {tool}: ") and err["tool"] == tool
        return
    CASES[tool](b, kind)


# -- the suite as a whole --------------------------------------------------------------------------
@pytest.mark.parametrize("kind", list(KINDS))
def test_every_catalogue_tool_is_bound_or_answers_why(kind: str) -> None:
    b = fresh(kind)
    bound = {s.name for s in b.tools()}
    for spec in registry().specs():
        if spec.name in bound:
            continue
        err = b.execute(spec.name, {})
        assert not err["ok"]
        assert f"unsupported on {kind}" in err["error"]["message"] and spec.name in err["error"]["message"]
    mutating = {s.name for s in registry().specs() if s.mutates} & bound
    untested = mutating - set(CASES) - {"batch_execute"}
    assert not untested, f"bound tools without an effect test: {sorted(untested)}"


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_failing_seventh_command_leaves_the_document_unchanged(kind: str) -> None:
    b = fresh(kind)
    before_text = b.serialize("FULL")
    before = b.export().to_dict()
    ops = [
        {"tool": "create_slide", "args": {"layout": "title"}},
        {"tool": "set_text_content", "args": {"changes": [{"nodeId": "$0.placeholders.title", "text": "New"}]}},
        {"tool": "set_fill_color", "args": {"nodeId": "s1-title", "color": "#FF0000"}},
        {"tool": "move_node", "args": {"nodeId": "s1-sub", "x": 5, "y": 5}},
        {"tool": "delete_node", "args": {"nodeIds": ["s3-title"]}},
        {"tool": "create_rectangle", "args": {"x": 1, "y": 1}},
        {"tool": "set_fill_color", "args": {"nodeId": "no-such-node", "color": "#00FF00"}},
    ]
    out = b.batch(ops)
    assert not out["ok"] and out["result"]["failed_index"] == 6 and not out["result"]["applied"]
    assert out["error"]["field"] == "nodeId" and "no-such-node" in out["error"]["message"]
    assert b.serialize("FULL") == before_text
    assert b.export().to_dict() == before
    good = b.batch(ops[:6])
    assert good["ok"] and good["result"]["applied"]
    deck = b.export()
    assert len(deck.slides) == 4 and deck.find("s3-title") is None
    assert node(deck, deck.slides[1].children[0].id).text.plain_text == "New"


@pytest.mark.parametrize("kind", list(KINDS))
def test_stale_ids_are_refused(kind: str) -> None:
    b = fresh(kind)
    ok(b, "delete_node", {"nodeIds": ["s1-sub"]})
    err = fail(b, "move_node", {"nodeId": "s1-sub", "x": 1, "y": 1})
    assert "stale" in err["reason"] and err["field"] == "nodeId" and err["tool"] == "move_node"
    ok(b, "delete_slide", {"slideId": "s2"})
    assert "stale" in fail(b, "set_slide_hidden", {"slideId": "s2", "hidden": True})["reason"]
    assert "stale" in fail(b, "set_fill_color", {"nodeId": "s2-title", "color": "#000000"})["reason"]
    assert "slide id" in fail(b, "rename_node", {"nodeId": "s1", "newName": "x"})["reason"]


@pytest.mark.parametrize("kind", list(KINDS))
def test_bad_arguments_name_the_field(kind: str) -> None:
    b = fresh(kind)
    err = fail(b, "set_fill_color", {"nodeId": "s1-title", "color": "red-ish"})
    assert err["field"] == "color" and "colour" in err["message"]
    assert "unknown tool" in fail(b, "no_such_tool", {})["message"]


@pytest.mark.parametrize("kind", list(KINDS))
def test_batch_references_and_non_atomic_mode(kind: str) -> None:
    b = fresh(kind)
    ops = [
        {"tool": "create_rectangle", "args": {"x": 10, "y": 10}, "id": "box"},
        {"tool": "set_fill_color", "args": {"nodeId": "$box.id", "color": "#0000FF"}},
        {"tool": "set_fill_color", "args": {"nodeId": "missing", "color": "#0000FF"}},
        {"tool": "rename_node", "args": {"nodeId": "$0.id", "newName": "Blue"}},
    ]
    out = b.batch(ops, atomic=False, stop_on_error=False)
    assert [r["ok"] for r in out["result"]["results"]] == [True, True, False, True]
    n = node(b.export(), out["result"]["results"][0]["result"]["id"])
    assert hexes(n.fills) == ["#0000FF"] and n.name == "Blue"


def _ids(deck: Deck) -> set[str]:
    return {s.id for s in deck.slides} | {n.id for _, n in deck.iter_nodes()}


@pytest.mark.parametrize("kind", list(KINDS))
def test_ids_stay_stable_through_load_edit_export(kind: str) -> None:
    src = ROOT / "fixtures" / "decks" / "pptagent-build_effective_agents.pptx"
    deck = read(src)
    b = KINDS[kind](deck, image_library=IMAGES)
    assert _ids(b.export()) == _ids(deck)
    first = deck.slides[1]
    target = next(n for n in first.children if n.type == "TEXT" and "pptx.inherited" not in n.meta)
    ok(b, "set_text_content", {"changes": [{"nodeId": target.id, "text": "Edited"}]})
    ok(b, "move_node", {"nodeId": target.id, "x": 20, "y": 20})
    rid = ok(b, "create_rectangle", {"x": 5, "y": 5})["id"]
    out = b.export()
    assert _ids(out) == _ids(deck) | {rid}
    assert node(out, target.id).text.plain_text == "Edited"
