"""contentTools on the scene-graph backend: each tool's effect on the IR (one case per tool)."""

from __future__ import annotations

import pytest
from sg_helpers import backend, fail, node, ok, registry_of_cases

from ace_core.color import Color

CASES, case = registry_of_cases()


# -- inspection --------------------------------------------------------------------------------------
@case("get_page_info")
def _(b):
    r = ok(b, "get_page_info")
    assert r["slideId"] == "s1" and r["width"] == 1280 and [c["id"] for c in r["children"]] == ["s1-title", "s1-sub"]


@case("get_selection_info")
def _(b):
    assert ok(b, "get_selection_info")["count"] == 0
    rid = ok(b, "create_rectangle", {"x": 5, "y": 5})["id"]
    sel = ok(b, "get_selection_info")
    assert [n["id"] for n in sel["nodes"]] == [rid]


@case("get_node_info")
def _(b):
    info = ok(b, "get_node_info", {"nodeIds": ["s2-row"], "depth": 1})["nodes"][0]
    assert info["type"] == "FRAME" and info["layout"]["layoutMode"] == "HORIZONTAL"
    assert [c["id"] for c in info["children"]] == ["s2-card1", "s2-card2", "s2-card3"]
    assert info["children"][0]["width"] > 0  # solved on load
    assert fail(b, "get_node_info", {"nodeIds": ["nope"]})["field"] == "nodeIds[0]"


@case("get_node_info_by_types")
def _(b):
    found = ok(b, "get_node_info_by_types", {"nodeId": "s2", "types": ["TEXT"]})["nodes"]
    assert {n["id"] for n in found} == {"s2-title", *(f"s2-card{i}-{k}" for i in (1, 2, 3) for k in "hb")}


@case("get_text_node_info")
def _(b):
    ok(b, "set_text_range_style", {"nodeId": "s1-title", "start": 0, "end": 3, "fontWeight": 400})
    n = ok(b, "get_text_node_info", {"nodeId": "s1-title"})["nodes"][0]
    assert n["characters"] == "ACE sample deck"
    assert [(r["start"], r["end"]) for r in n["runs"]] == [(0, 3), (3, 15)]


@case("get_page_structure")
def _(b):
    tree = ok(b, "get_page_structure", {"slideId": "s2", "maxDepth": 2})["tree"]
    row = next(t for t in tree if t["id"] == "s2-row")
    assert len(row["children"]) == 3 and "children" not in row["children"][0] and row["children"][0]["childCount"] == 2


@case("get_result_image")
def _(b):
    out = b.execute("get_result_image", {})
    if out["ok"]:  # the HTML writer and Chromium are present
        from PIL import Image

        with Image.open(out["result"]["path"]) as im:
            assert im.size == (1280, 720)
    else:
        assert out["error"]["kind"] in ("unsupported", "render-failed", "missing-tool")
        assert "get_result_image" in out["error"]["message"] or "render" in out["error"]["message"]


@case("get_styles")
def _(b):
    r = ok(b, "get_styles")
    assert r["theme_colors"]["accent1"] == "#4472C4" and r["theme_fonts"]["major"] == "Liberation Sans"
    assert any(f["family"] == "Liberation Sans" for f in r["fonts"])


# -- creation ----------------------------------------------------------------------------------------
@case("create_frame")
def _(b):
    fid = ok(
        b,
        "create_frame",
        {
            "x": 10,
            "y": 20,
            "width": 300,
            "height": 100,
            "layoutMode": "VERTICAL",
            "itemSpacing": 8,
            "paddingTop": 4,
            "fillColor": "#FF000080",
        },
    )["id"]
    f = node(b, fid)
    assert f.layout.mode == "VERTICAL" and f.layout.item_spacing == 8 and f.layout.padding_top == 4
    assert f.fills[0].color.a == pytest.approx(128 / 255)
    assert b.deck.find(fid)[0].id == "s1"
    assert fail(b, "create_frame", {"layoutSizingHorizontal": "HUG"})["field"] == "layoutSizingHorizontal"


@case("create_rectangle")
def _(b):
    rid = ok(
        b,
        "create_rectangle",
        {"x": 1, "y": 2, "width": 30, "height": 40, "cornerRadius": 6, "strokeColor": "#000000", "strokeWeight": 2},
    )["id"]
    r = node(b, rid)
    assert (r.type, r.x, r.y, r.width, r.height, r.corner_radius) == ("RECTANGLE", 1, 2, 30, 40, 6)
    assert r.strokes[0].weight == 2 and r.fills  # default fill


@case("create_ellipse")
def _(b):
    e = node(b, ok(b, "create_ellipse", {"width": 50, "height": 50, "fillColor": {"r": 0, "g": 1, "b": 0}})["id"])
    assert e.type == "ELLIPSE" and e.fills[0].color.hex == "#00FF00"


@case("create_polygon")
def _(b):
    v = node(b, ok(b, "create_polygon", {"width": 100, "height": 100, "pointCount": 6})["id"])
    assert v.type == "VECTOR" and v.paths[0].d.count("L") == 5 and v.paths[0].d.startswith("M 50.000 0.000")


@case("create_star")
def _(b):
    v = node(b, ok(b, "create_star", {"width": 100, "height": 100, "pointCount": 5, "innerRadius": 0.5})["id"])
    assert v.paths[0].d.count("L") == 9 and v.meta["shape"]["kind"] == "star"


@case("create_line")
def _(b):
    ln = node(
        b,
        ok(b, "create_line", {"startX": 300, "startY": 100, "endX": 100, "endY": 150, "strokeCap": "TRIANGLE_ARROW"})[
            "id"
        ],
    )
    assert (ln.x, ln.y, ln.width, ln.height, ln.flip_h, ln.flip_v) == (100, 100, 200, 50, True, False)
    assert ln.strokes[0].end_cap == "TRIANGLE_ARROW"


@case("create_text")
def _(b):
    t = node(
        b,
        ok(
            b,
            "create_text",
            {"text": "Hello\nworld", "x": 10, "y": 10, "width": 400, "fontSize": 32, "fontStyle": "Bold"},
        )["id"],
    )
    assert t.text.plain_text == "Hello\nworld" and t.text.auto_resize == "HEIGHT" and t.text.style.font_weight == 700
    assert 60 < t.height < 110  # two lines of 32 px text
    hug = node(b, ok(b, "create_text", {"text": "Hi"})["id"])
    assert hug.text.auto_resize == "WIDTH_AND_HEIGHT" and 0 < hug.width < 60
    assert fail(b, "create_text", {"text": "x", "fontStyle": "Wobbly"})["field"] == "fontStyle"


SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
<g transform="translate(2 2)"><circle cx="10" cy="10" r="10" fill="#ff0000"/></g>
<rect x="0" y="0" width="4" height="4" fill="none" stroke="blue" stroke-width="2"/></svg>"""


@case("create_graphics")
def _(b):
    g = node(b, ok(b, "create_graphics", {"svg": SVG, "x": 10, "y": 10, "width": 48})["id"])
    assert g.type == "GROUP" and (g.width, g.height) == (48, 48)
    circle, square = g.children
    assert circle.fills[0].color.hex == "#FF0000" and circle.paths[0].d.startswith("M 2.000 12.000")
    assert not square.paths[0].filled and square.strokes[0].paint.color.hex == "#0000FF"
    assert g.meta["svg_asset"] in b.deck.assets
    assert fail(b, "create_graphics", {"svg": "<html>nope</html>"})["field"] == "svg"


@case("create_mask")
def _(b):
    m = ok(b, "create_ellipse", {"x": 100, "y": 100, "width": 50, "height": 50})["id"]
    c = ok(b, "create_rectangle", {"x": 80, "y": 90, "width": 100, "height": 100})["id"]
    g = node(b, ok(b, "create_mask", {"maskNodeId": m, "contentNodeIds": [c]})["id"])
    assert g.is_mask_group and [k.id for k in g.children] == [m, c]
    assert (g.x, g.y) == (80, 90) and (node(b, m).x, node(b, m).y) == (20, 10)


@case("create_image")
def _(b):
    img = node(b, ok(b, "create_image", {"source": "lib-mountain-lake", "x": 0, "y": 0, "width": 300})["id"])
    assert img.type == "IMAGE" and img.image.asset in b.deck.assets
    assert img.height == pytest.approx(300 * 2 / 3, rel=0.02)
    assert img.meta["attribution"]["photographer"]
    assert fail(b, "create_image", {"source": "/no/such/file.png"})["field"] == "source"


@case("create_connector")
def _(b):
    a = ok(b, "create_rectangle", {"x": 0, "y": 0, "width": 100, "height": 100})["id"]
    c = ok(b, "create_rectangle", {"x": 300, "y": 0, "width": 100, "height": 100})["id"]
    k = node(b, ok(b, "create_connector", {"startNodeId": a, "endNodeId": c})["id"])
    assert (k.x, k.y, k.width, k.height) == (100, 50, 200, 0) and k.start.node_id == a
    assert (k.start.site, k.end.site) == (3, 1)  # OOXML sites of the right and left sides
    ok(b, "move_node", {"nodeId": c, "x": 150, "y": 300})  # re-routes: bottom of a to top of c
    k = node(b, k.id)
    assert (k.x, k.y, k.width, k.height) == (50, 100, 150, 200) and not k.flip_h
    assert (k.start.site, k.end.site) == (2, 0)


# -- text --------------------------------------------------------------------------------------------
@case("set_text_content")
def _(b):
    ok(
        b,
        "set_text_content",
        {"changes": [{"nodeId": "s1-title", "text": "New title"}, {"nodeId": "s1-sub", "text": "a\nb"}]},
    )
    assert node(b, "s1-title").text.plain_text == "New title"
    assert node(b, "s1-sub").text.paragraphs[1].align == "CENTER"  # first paragraph's settings kept


@case("set_text_font")
def _(b):
    ok(b, "set_text_font", {"nodeId": "s1-title", "font": {"family": "DejaVu Serif", "style": "Bold Italic"}})
    st = node(b, "s1-title").text.style
    assert (st.font_family, st.font_weight, st.italic) == ("DejaVu Serif", 700, True)


@case("set_text_properties")
def _(b):
    ok(
        b,
        "set_text_properties",
        {
            "nodeId": "s1-sub",
            "fontSize": 40,
            "lineHeight": {"value": 150, "unit": "PERCENT"},
            "letterSpacing": {"value": 10, "unit": "PERCENT"},
            "textAlignHorizontal": "RIGHT",
        },
    )
    body = node(b, "s1-sub").text
    assert body.style.font_size == 40 and body.style.letter_spacing == pytest.approx(4.0)
    assert body.align == "RIGHT" and body.paragraphs[0].align is None and body.paragraphs[0].line_height.value == 150


@case("set_text_decoration")
def _(b):
    ok(b, "set_text_decoration", {"nodeId": "s1-title", "textDecoration": "UNDERLINE", "textCase": "UPPER"})
    st = node(b, "s1-title").text.style
    assert (st.decoration, st.text_case) == ("UNDERLINE", "UPPER")


@case("set_text_range_style")
def _(b):
    tid = ok(b, "create_text", {"text": "a😀bc\ndef", "width": 300})["id"]
    # UTF-16: a=0, 😀=1-2, b=3, c=4, \n=5, d=6...
    ok(b, "set_text_range_style", {"nodeId": tid, "start": 3, "end": 7, "fill": "#FF0000", "fontStyle": "Bold"})
    paras = node(b, tid).text.paragraphs
    assert [r.text for r in paras[0].runs] == ["a😀", "bc"] and [r.text for r in paras[1].runs] == ["d", "ef"]
    assert paras[0].runs[1].style.font_weight == 700 and paras[1].runs[0].style.fill.color.hex == "#FF0000"
    assert paras[0].runs[0].style.font_weight is None
    assert fail(b, "set_text_range_style", {"nodeId": tid, "start": 0, "end": 99, "fill": "#000"})["field"] == "end"


@case("set_text_auto_resize")
def _(b):
    ok(
        b,
        "set_text_auto_resize",
        {"nodeId": "s1-title", "textAutoResize": "WIDTH_AND_HEIGHT", "textTruncation": "ENDING", "maxLines": 2},
    )
    t = node(b, "s1-title")
    assert t.text.auto_resize == "WIDTH_AND_HEIGHT" and t.text.truncate and t.text.max_lines == 2
    assert t.width < 1120  # re-measured to hug the text


@case("set_text_list")
def _(b):
    tid = ok(b, "create_text", {"text": "one\ntwo\nthree", "width": 300})["id"]
    r = ok(b, "set_text_list", {"nodeId": tid, "listType": "ORDERED", "lines": [1, 2], "indentation": 1})
    paras = node(b, tid).text.paragraphs
    assert r["paragraphs"] == [1, 2] and paras[0].bullet is None
    assert paras[1].bullet.type == "ORDERED" and paras[2].level == 1


# -- style -------------------------------------------------------------------------------------------
@case("set_fill_color")
def _(b):
    ok(b, "set_fill_color", {"nodeId": "s2-card1", "color": "#123456"})
    assert node(b, "s2-card1").fills[0].color.hex == "#123456"
    assert ok(b, "set_fill_color", {"nodeId": "s1-title", "r": 1, "g": 0, "b": 0})["target"] == "text"
    assert node(b, "s1-title").text.style.fill.color.hex == "#FF0000"


@case("set_fill_gradient")
def _(b):
    ok(
        b,
        "set_fill_gradient",
        {
            "nodeId": "s2-card2",
            "gradientStops": [{"position": 0, "color": "#000000"}, {"position": 1, "color": "#FFFFFF"}],
            "angle": 90,
        },
    )
    g = node(b, "s2-card2").fills[0]
    assert g.type == "GRADIENT_LINEAR" and g.handles[0].y == pytest.approx(0) and g.handles[1].y == pytest.approx(1)


@case("set_image_fill")
def _(b):
    ok(
        b,
        "set_image_fill",
        {"nodeId": "s2-card3", "source": "lib-forest-path", "scaleMode": "FIT", "crop": {"left": 0.1}},
    )
    p = node(b, "s2-card3").fills[0]
    assert p.type == "IMAGE" and p.scale_mode == "FIT" and p.crop.left == 0.1 and p.asset in b.deck.assets


@case("replace_color")
def _(b):
    ok(b, "set_fill_color", {"nodeId": "s2-card1", "color": "#E0E7FF"})
    r = ok(b, "replace_color", {"scopeNodeId": "s2", "fromColor": "#E1E7FE", "toColor": "#00FF00", "tolerance": 0.01})
    assert r["replaced"] >= 1 and node(b, "s2-card1").fills[0].color.hex == "#00FF00"
    assert "s2-card1" in r["changed_ids"]
    assert ok(b, "replace_color", {"scopeNodeId": "s2", "fromColor": "#ABCDEF", "toColor": "#000000", "tolerance": 0})[
        "warnings"
    ]


@case("set_stroke")
def _(b):
    ok(
        b,
        "set_stroke",
        {"nodeId": "s2-card1", "strokeColor": "#FF0000", "weight": 3, "align": "INSIDE", "dashPattern": [4, 2]},
    )
    st = node(b, "s2-card1").strokes[0]
    assert (st.weight, st.align, st.dashes, st.paint.color.hex) == (3, "INSIDE", [4, 2], "#FF0000")
    ok(b, "set_stroke", {"nodeId": "s2-card1", "weight": 0})
    assert node(b, "s2-card1").strokes == []


@case("set_corner_radius")
def _(b):
    ok(b, "set_corner_radius", {"nodeId": "s2-card1", "radius": 20, "corners": [True, False, True, False]})
    assert node(b, "s2-card1").corner_radii == (20, 12, 20, 12)
    assert fail(b, "set_corner_radius", {"nodeId": "s1-title", "radius": 3})["field"] == "nodeId"


@case("set_opacity")
def _(b):
    ok(b, "set_opacity", {"nodeId": "s1-title", "opacity": 0.5})
    assert node(b, "s1-title").opacity == 0.5


@case("set_drop_shadow")
def _(b):
    ok(
        b,
        "set_drop_shadow",
        {"nodeId": "s2-card1", "shadowColor": "#00000080", "offsetX": 2, "offsetY": 6, "radius": 12},
    )
    e = node(b, "s2-card1").effects
    assert len(e) == 1 and e[0].type == "DROP_SHADOW" and (e[0].offset.y, e[0].radius) == (6, 12)
    ok(b, "set_drop_shadow", {"nodeId": "s2-card1", "visible": False})
    assert node(b, "s2-card1").effects == []


@case("set_inner_shadow")
def _(b):
    ok(b, "set_inner_shadow", {"nodeId": "s2-card1", "radius": 4})
    assert node(b, "s2-card1").effects[0].type == "INNER_SHADOW"


@case("set_blend_mode")
def _(b):
    ok(b, "set_blend_mode", {"nodeId": "s2-card1", "blendMode": "MULTIPLY"})
    assert node(b, "s2-card1").blend_mode == "MULTIPLY"


@case("copy_style")
def _(b):
    ok(b, "set_drop_shadow", {"nodeId": "s2-card1", "radius": 5})
    r = ok(
        b, "copy_style", {"sourceNodeId": "s2-card1", "targetNodeIds": ["s2-card2"], "properties": ["fills", "effects"]}
    )
    assert set(r["copied"]) == {"fills", "effects"}
    assert node(b, "s2-card2").fills == node(b, "s2-card1").fills and node(b, "s2-card2").effects[0].radius == 5
    ok(b, "copy_style", {"sourceNodeId": "s1-title", "targetNodeIds": ["s1-sub"], "properties": ["text"]})
    assert node(b, "s1-sub").text.style.font_size == 60


@case("set_visibility")
def _(b):
    before = node(b, "s2-card3").x
    ok(b, "set_visibility", {"nodeIds": ["s2-card2"], "visible": False, "locked": True})
    assert not node(b, "s2-card2").visible and node(b, "s2-card2").locked
    assert node(b, "s2-card3").x < before  # the hidden card left the flow


# -- layout ------------------------------------------------------------------------------------------
@case("set_layout_mode")
def _(b):
    f = ok(b, "create_frame", {"width": 500, "height": 100})["id"]
    for x in (300, 20, 150):
        ok(b, "create_rectangle", {"parentId": f, "x": x, "y": 10, "width": 40, "height": 40})
    ok(b, "set_layout_mode", {"nodeId": f, "layoutMode": "HORIZONTAL"})
    xs = [c.x for c in node(b, f).children]
    assert xs == [0, 40, 80]  # ordered by former x, packed
    g = ok(b, "group_nodes", {"nodeIds": [c.id for c in node(b, f).children[:2]]})["id"]
    ok(b, "set_layout_mode", {"nodeId": g, "layoutMode": "VERTICAL"})
    assert node(b, g).type == "FRAME" and node(b, g).layout.mode == "VERTICAL"


@case("set_padding")
def _(b):
    ok(b, "set_padding", {"nodeId": "s2-row", "paddingLeft": 40, "paddingTop": 10})
    assert node(b, "s2-card1").x == 40 and node(b, "s2-card1").y == 10
    assert fail(b, "set_padding", {"nodeId": "s1-title", "paddingLeft": 3})["field"] == "nodeId"


@case("set_item_spacing")
def _(b):
    ok(b, "set_item_spacing", {"nodeId": "s2-row", "itemSpacing": 0})
    c1, c2 = node(b, "s2-card1"), node(b, "s2-card2")
    assert c2.x == pytest.approx(c1.x + c1.width)


@case("set_axis_align")
def _(b):
    ok(b, "set_layout_sizing", {"nodeId": "s2-card1", "layoutSizingVertical": "FIXED"})
    ok(b, "resize_node", {"nodeId": "s2-card1", "height": 100})
    ok(b, "set_axis_align", {"nodeId": "s2-row", "counterAxisAlignItems": "CENTER"})
    assert node(b, "s2-card1").y == pytest.approx((420 - 100) / 2)


@case("set_layout_sizing")
def _(b):
    ok(b, "set_layout_sizing", {"nodeId": "s2-card1", "layoutSizingHorizontal": "FIXED", "maxHeight": 200})
    c = node(b, "s2-card1")
    assert c.sizing_h == "FIXED" and c.max_height == 200 and c.height == 200
    assert (
        fail(b, "set_layout_sizing", {"nodeId": "s1-title", "layoutSizingHorizontal": "FILL"})["field"]
        == "layoutSizingHorizontal"
    )


@case("set_layout_positioning")
def _(b):
    ok(b, "set_layout_positioning", {"nodeId": "s2-card2", "layoutPositioning": "ABSOLUTE", "x": 5, "y": 6})
    c2 = node(b, "s2-card2")
    assert (c2.positioning, c2.x, c2.y) == ("ABSOLUTE", 5, 6)
    assert node(b, "s2-card3").x == pytest.approx(node(b, "s2-card1").x + node(b, "s2-card1").width + 24, abs=30)


@case("set_constraints")
def _(b):
    ok(b, "set_constraints", {"nodeId": "s1-title", "horizontal": "STRETCH", "vertical": "CENTER"})
    c = node(b, "s1-title").constraints
    assert (c.horizontal, c.vertical) == ("STRETCH", "CENTER")


@case("align_nodes")
def _(b):
    a = ok(b, "create_rectangle", {"x": 10, "y": 10, "width": 20, "height": 20})["id"]
    c = ok(b, "create_rectangle", {"x": 100, "y": 50, "width": 40, "height": 40})["id"]
    d = ok(b, "create_rectangle", {"x": 300, "y": 30, "width": 20, "height": 20})["id"]
    ok(b, "align_nodes", {"nodeIds": [a, c, d], "mode": "top"})
    assert {node(b, i).y for i in (a, c, d)} == {10}
    ok(b, "align_nodes", {"nodeIds": [a, c, d], "mode": "distribute_h"})
    assert node(b, c).x == pytest.approx(10 + 20 + (310 - 80) / 2)
    ok(b, "align_nodes", {"nodeIds": [a], "mode": "hcenter", "relativeTo": "slide"})
    assert node(b, a).x == 630
    assert ok(b, "align_nodes", {"nodeIds": ["s2-card1"], "mode": "left"})["warnings"]


# -- operations --------------------------------------------------------------------------------------
@case("move_node")
def _(b):
    ok(b, "move_node", {"nodeId": "s1-sub", "x": 10, "y": 20})
    assert (node(b, "s1-sub").x, node(b, "s1-sub").y) == (10, 20)
    ok(b, "move_node", {"nodeId": "s1-sub", "parentId": "s2-row", "index": 1})
    assert [c.id for c in node(b, "s2-row").children][1] == "s1-sub" and b.deck.find("s1-sub")[0].id == "s2"
    f = ok(b, "create_frame", {"x": 100, "y": 100, "width": 50, "height": 50, "parentId": "s3"})["id"]
    ok(b, "move_node", {"nodeId": "s3-title", "parentId": f})
    assert node(b, "s3-title").x == -20  # kept its place on the slide
    assert fail(b, "move_node", {"nodeId": f, "parentId": f})["field"] == "parentId"


@case("resize_node")
def _(b):
    ok(b, "resize_node", {"nodeId": "s2-card1", "width": 100})
    c = node(b, "s2-card1")
    assert c.width == 100 and c.sizing_h == "FIXED" and c.sizing_v == "FILL"
    assert node(b, "s2-card2").width > 300  # the others took the space


@case("rotate_node")
def _(b):
    ok(b, "rotate_node", {"nodeId": "s1-title", "angle": 30})
    ok(b, "rotate_node", {"nodeId": "s1-title", "angle": 170, "relative": True})
    assert node(b, "s1-title").rotation == -160


@case("clone_node")
def _(b):
    cid = ok(b, "clone_node", {"nodeId": "s2-card1"})["id"]
    row = node(b, "s2-row")
    assert [c.id for c in row.children].index(cid) == 1 and len(row.children) == 4
    assert {c.id for c in node(b, cid).children}.isdisjoint({"s2-card1-h", "s2-card1-b"})
    assert node(b, cid).children[0].text.plain_text == node(b, "s2-card1-h").text.plain_text


@case("delete_node")
def _(b):
    r = ok(b, "delete_node", {"nodeIds": ["s2-card1", "s2-card1-h"]})
    assert set(r["deleted_ids"]) == {"s2-card1", "s2-card1-h", "s2-card1-b"}
    assert node(b, "s2-card2").x == 0  # re-flowed
    err = fail(b, "set_opacity", {"nodeId": "s2-card1-h", "opacity": 1})
    assert "stale" in err["reason"] and err["field"] == "nodeId"


@case("rename_node")
def _(b):
    ok(b, "rename_node", {"nodeId": "s1-title", "newName": "Headline"})
    assert node(b, "s1-title").name == "Headline" and node(b, "s1-title").id == "s1-title"


@case("reorder_node")
def _(b):
    ok(b, "reorder_node", {"nodeId": "s2-card1", "direction": "TOP"})
    assert [c.id for c in node(b, "s2-row").children] == ["s2-card2", "s2-card3", "s2-card1"]
    assert node(b, "s2-card2").x == 0


@case("group_nodes")
def _(b):
    g = node(b, ok(b, "group_nodes", {"nodeIds": ["s1-title", "s1-sub"], "groupName": "Heading"})["id"])
    assert (g.x, g.y, g.width, g.height) == (80, 250, 1120, 180) and node(b, "s1-sub").y == 130
    assert fail(b, "group_nodes", {"nodeIds": ["s2-title", "s2-card1"]})["field"] == "nodeIds"


@case("ungroup_nodes")
def _(b):
    g = ok(b, "group_nodes", {"nodeIds": ["s1-title", "s1-sub"]})["id"]
    ok(b, "ungroup_nodes", {"groupId": g})
    assert [c.id for c in b.deck.slides[0].children] == ["s1-title", "s1-sub"] and node(b, "s1-sub").y == 380
    assert "stale" in fail(b, "rename_node", {"nodeId": g, "newName": "x"})["reason"]


@case("boolean_nodes")
def _(b):
    a = ok(b, "create_ellipse", {"x": 0, "y": 0, "width": 60, "height": 60})["id"]
    c = ok(b, "create_ellipse", {"x": 30, "y": 0, "width": 60, "height": 60})["id"]
    g = node(b, ok(b, "boolean_nodes", {"nodeIds": [a, c], "operation": "SUBTRACT"})["id"])
    assert g.is_boolean == "SUBTRACT" and g.width == 90


@pytest.mark.parametrize("name", sorted(CASES))
def test_content_tool(name: str) -> None:
    CASES[name](backend())


def test_every_content_tool_has_a_case() -> None:
    from ace_core.tools import registry

    assert sorted(s.name for s in registry().specs() if s.module == "contentTools") == sorted(CASES)


def test_colour_parsing_accepts_hex_and_rgba() -> None:
    b = backend()
    ok(b, "set_fill_color", {"nodeId": "s2-card1", "color": {"r": 0.5, "g": 0.25, "b": 1, "a": 0.5}})
    assert node(b, "s2-card1").fills[0].color == Color(r=0.5, g=0.25, b=1, a=0.5)
