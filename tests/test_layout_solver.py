"""Hand-computed cases for the auto-layout solver: one or more per rule of autolayout.md c.4."""

from __future__ import annotations

import pytest

from ace_core.ir import (
    AutoLayout,
    Deck,
    FrameNode,
    GroupNode,
    LineHeight,
    RectangleNode,
    Slide,
    SolidPaint,
    Stroke,
    TextBody,
    TextNode,
)
from ace_core.ir.layout_props import Constraints, GridLayout
from ace_core.layout import MonospaceMeasurer, solve_affected, solve_deck, solve_slide, solve_tree

MONO = MonospaceMeasurer(char_width=10.0, line_height=20.0, baseline=16.0)


def rect(id: str, w: float, h: float, **kw) -> RectangleNode:
    return RectangleNode(id=id, width=w, height=h, **kw)


def text(id: str, s: str, **kw) -> TextNode:
    return TextNode(id=id, text=TextBody.from_text(s), **kw)


def frame(id: str, kids: list, mode: str = "HORIZONTAL", w: float = 0, h: float = 0, sizing=("HUG", "HUG"), **lay):
    node_kw = {
        k: lay.pop(k)
        for k in list(lay)
        if k in ("x", "y", "min_width", "max_width", "min_height", "max_height", "positioning", "visible", "rotation")
    }
    return FrameNode(
        id=id,
        width=w,
        height=h,
        sizing_h=sizing[0],
        sizing_v=sizing[1],
        layout=AutoLayout(mode=mode, **lay),
        children=kids,
        **node_kw,
    )


def boxes(node) -> dict[str, tuple[float, float, float, float]]:
    return {c.id: (c.x, c.y, c.width, c.height) for c in node.children}


def solve(node):
    return solve_tree(node, MONO)


# -- HUG / FIXED, padding, spacing -----------------------------------------------------------------
def test_hug_both_axes_with_padding_and_spacing():
    f = frame(
        "f",
        [rect("a", 50, 20), rect("b", 30, 40)],
        padding_top=10,
        padding_right=20,
        padding_bottom=5,
        padding_left=15,
        item_spacing=8,
    )
    solve(f)
    assert (f.width, f.height) == (15 + 50 + 8 + 30 + 20, 10 + 40 + 5)
    assert boxes(f) == {"a": (15, 10, 50, 20), "b": (73, 10, 30, 40)}


def test_vertical_hug_stacks_children():
    f = frame("f", [rect("a", 50, 20), rect("b", 30, 40)], mode="VERTICAL", item_spacing=10)
    solve(f)
    assert (f.width, f.height) == (50, 70)
    assert boxes(f) == {"a": (0, 0, 50, 20), "b": (0, 30, 30, 40)}


def test_fixed_frame_keeps_its_size():
    f = frame(
        "f",
        [rect("a", 50, 20), rect("b", 30, 40)],
        w=200,
        h=100,
        sizing=("FIXED", "FIXED"),
        item_spacing=10,
        padding_left=5,
        padding_top=7,
    )
    solve(f)
    assert (f.width, f.height) == (200, 100)
    assert boxes(f) == {"a": (5, 7, 50, 20), "b": (65, 7, 30, 40)}


def test_fixed_width_hug_height():
    f = frame(
        "f",
        [rect("a", 50, 20), rect("b", 30, 40)],
        w=300,
        h=999,
        sizing=("FIXED", "HUG"),
        padding_top=4,
        padding_bottom=6,
    )
    solve(f)
    assert (f.width, f.height) == (300, 50)


def test_negative_item_spacing_overlaps_children():
    f = frame("f", [rect("a", 50, 20), rect("b", 30, 20)], item_spacing=-10)
    solve(f)
    assert f.width == 70
    assert boxes(f)["b"] == (40, 0, 30, 20)


def test_empty_hug_frame_is_its_padding():
    f = frame("f", [], padding_left=4, padding_right=6, padding_top=1, padding_bottom=2)
    solve(f)
    assert (f.width, f.height) == (10, 3)


# -- primary-axis alignment ------------------------------------------------------------------------
@pytest.mark.parametrize(("align", "xs"), [("MIN", (0, 60)), ("CENTER", (55, 115)), ("MAX", (110, 170))])
def test_primary_alignment(align, xs):
    f = frame(
        "f",
        [rect("a", 50, 20), rect("b", 30, 20)],
        w=200,
        h=20,
        sizing=("FIXED", "FIXED"),
        item_spacing=10,
        primary_align=align,
    )
    solve(f)
    assert (f.children[0].x, f.children[1].x) == xs


def test_space_between_ignores_item_spacing():
    f = frame(
        "f",
        [rect("a", 20, 10), rect("b", 20, 10), rect("c", 20, 10)],
        w=200,
        h=10,
        sizing=("FIXED", "FIXED"),
        item_spacing=15,
        primary_align="SPACE_BETWEEN",
        padding_left=0,
    )
    solve(f)
    assert [c.x for c in f.children] == [0, 90, 180]


def test_space_between_single_child_starts_at_padding():
    f = frame(
        "f", [rect("a", 20, 10)], w=200, h=10, sizing=("FIXED", "FIXED"), primary_align="SPACE_BETWEEN", padding_left=12
    )
    solve(f)
    assert f.children[0].x == 12


def test_space_between_overflow_packs_at_start_without_gap():
    f = frame(
        "f",
        [rect("a", 120, 10), rect("b", 120, 10)],
        w=200,
        h=10,
        sizing=("FIXED", "FIXED"),
        item_spacing=10,
        primary_align="SPACE_BETWEEN",
    )
    solve(f)
    assert [c.x for c in f.children] == [0, 120]


def test_space_between_on_hugging_axis_measures_with_item_spacing():
    f = frame("f", [rect("a", 20, 10), rect("b", 20, 10)], item_spacing=12, primary_align="SPACE_BETWEEN")
    solve(f)
    assert f.width == 52
    assert [c.x for c in f.children] == [0, 32]


def test_center_overflow_is_symmetric_and_max_overflows_towards_start():
    kids = [rect("a", 150, 10), rect("b", 150, 10)]
    f = frame("f", kids, w=200, h=10, sizing=("FIXED", "FIXED"), primary_align="CENTER")
    solve(f)
    assert [c.x for c in f.children] == [-50, 100]
    f.layout.primary_align = "MAX"
    solve(f)
    assert [c.x for c in f.children] == [-100, 50]


# -- counter-axis alignment ------------------------------------------------------------------------
@pytest.mark.parametrize(("align", "ys"), [("MIN", (10, 10)), ("CENTER", (40, 30)), ("MAX", (70, 50))])
def test_counter_alignment(align, ys):
    f = frame(
        "f",
        [rect("a", 10, 20), rect("b", 10, 40)],
        w=100,
        h=100,
        sizing=("FIXED", "FIXED"),
        padding_top=10,
        padding_bottom=10,
        counter_align=align,
    )
    solve(f)
    assert (f.children[0].y, f.children[1].y) == ys


def test_counter_stretch_fills_inner_and_max_clamps_at_start():
    f = frame(
        "f",
        [rect("a", 10, 5, sizing_v="FILL"), rect("b", 10, 5, sizing_v="FILL", max_height=50)],
        w=100,
        h=100,
        sizing=("FIXED", "FIXED"),
        padding_top=10,
        padding_bottom=10,
        counter_align="CENTER",
    )
    solve(f)
    assert boxes(f)["a"][1:] == (10, 10, 80)
    assert boxes(f)["b"][1:] == (10, 10, 50)


def test_baseline_alignment_text_and_bottom_edge_of_shapes():
    f = frame("f", [text("t", "hello", sizing_h="HUG", sizing_v="HUG"), rect("r", 30, 30)], counter_align="BASELINE")
    solve(f)
    # text baseline 16 (of 20), rect baseline = its bottom edge 30 -> text moves down 14
    assert boxes(f) == {"t": (0, 14, 50, 20), "r": (50, 0, 30, 30)}
    assert f.height == 34


def test_baseline_on_vertical_frame_reads_as_min():
    f = frame(
        "f",
        [rect("a", 10, 10), rect("b", 30, 10)],
        mode="VERTICAL",
        w=100,
        h=50,
        sizing=("FIXED", "FIXED"),
        counter_align="BASELINE",
    )
    solve(f)
    assert [c.x for c in f.children] == [0, 0]


# -- FILL ------------------------------------------------------------------------------------------
def test_fill_children_share_free_space():
    f = frame(
        "f",
        [rect("a", 50, 10), rect("b", 0, 10, sizing_h="FILL"), rect("c", 0, 10, sizing_h="FILL")],
        w=300,
        h=10,
        sizing=("FIXED", "FIXED"),
        padding_left=10,
        padding_right=10,
        item_spacing=10,
    )
    solve(f)
    assert boxes(f) == {"a": (10, 0, 50, 10), "b": (70, 0, 105, 10), "c": (185, 0, 105, 10)}


def test_fill_max_clamp_redistributes_remainder():
    kids = [
        rect("a", 0, 10, sizing_h="FILL", max_width=60),
        rect("b", 0, 10, sizing_h="FILL"),
        rect("c", 0, 10, sizing_h="FILL"),
    ]
    f = frame("f", kids, w=300, h=10, sizing=("FIXED", "FIXED"))
    solve(f)
    assert [(c.x, c.width) for c in f.children] == [(0, 60), (60, 120), (180, 120)]


def test_fill_min_clamp_redistributes_remainder():
    kids = [
        rect("a", 0, 10, sizing_h="FILL", min_width=50),
        rect("b", 0, 10, sizing_h="FILL"),
        rect("c", 0, 10, sizing_h="FILL"),
    ]
    f = frame("f", kids, w=90, h=10, sizing=("FIXED", "FIXED"))
    solve(f)
    assert [c.width for c in f.children] == [50, 20, 20]


def test_fill_shrinks_to_zero_when_no_room():
    kids = [rect("a", 80, 10), rect("b", 80, 10), rect("c", 40, 10, sizing_h="FILL")]
    f = frame("f", kids, w=100, h=10, sizing=("FIXED", "FIXED"))
    solve(f)
    assert f.children[2].width == 0
    assert f.children[2].x == 160


def test_fill_child_of_hugging_parent_keeps_its_stored_size():
    f = frame("f", [rect("a", 50, 10), rect("b", 70, 10, sizing_h="FILL")])
    solve(f)
    assert f.width == 120
    assert boxes(f)["b"] == (50, 0, 70, 10)


def test_hug_counter_axis_with_stretch_children_hugs_the_others():
    kids = [rect("a", 120, 20), rect("b", 30, 10, sizing_h="FILL"), rect("c", 30, 10, sizing_h="FILL", max_width=80)]
    f = frame("f", kids, mode="VERTICAL", padding_left=5, padding_right=5)
    solve(f)
    assert f.width == 130
    assert [c.width for c in f.children] == [120, 120, 80]


def test_all_stretch_children_of_hugging_parent_use_their_stored_sizes():
    kids = [rect("a", 40, 10, sizing_h="FILL"), rect("b", 90, 10, sizing_h="FILL")]
    f = frame("f", kids, mode="VERTICAL")
    solve(f)
    assert f.width == 90
    assert [c.width for c in f.children] == [90, 90]


# -- min / max on the frame ------------------------------------------------------------------------
def test_hug_frame_clamped_by_min_and_max():
    f = frame("f", [rect("a", 300, 10)], max_width=200, min_height=40)
    solve(f)
    assert (f.width, f.height) == (200, 40)


def test_min_wins_over_max():
    f = frame("f", [rect("a", 300, 10)], max_width=100, min_width=150)
    solve(f)
    assert f.width == 150


# -- absolute and hidden ---------------------------------------------------------------------------
def test_absolute_child_takes_no_space_and_is_not_moved():
    kids = [rect("a", 50, 20), rect("abs", 100, 100, x=500, y=7, positioning="ABSOLUTE"), rect("b", 30, 20)]
    f = frame("f", kids, item_spacing=10)
    solve(f)
    assert (f.width, f.height) == (90, 20)
    assert boxes(f)["abs"] == (500, 7, 100, 100)
    assert boxes(f)["b"][0] == 60


def test_hidden_child_takes_no_space_and_is_not_moved():
    kids = [rect("a", 50, 20), rect("h", 100, 100, x=3, y=4, visible=False), rect("b", 30, 20)]
    f = frame("f", kids, item_spacing=10)
    solve(f)
    assert f.width == 90
    assert boxes(f)["h"] == (3, 4, 100, 100)


def test_absolute_child_follows_its_constraint_when_the_frame_grows():
    abs_ = rect("abs", 10, 10, x=90, y=0, positioning="ABSOLUTE", constraints=Constraints(horizontal="MAX"))
    f = frame("f", [rect("a", 150, 20), abs_], w=100, h=20)
    solve(f)
    assert f.width == 150
    assert abs_.x == 140  # kept its distance to the right edge
    assert solve(f) == []


# -- WRAP ------------------------------------------------------------------------------------------
def _wrap_frame(**kw):
    heights = [20, 30, 10, 10, 25, 5]
    kids = [rect(f"k{i}", 30, h) for i, h in enumerate(heights)]
    opts = dict(w=100, h=0, sizing=("FIXED", "HUG"), wrap=True, item_spacing=10, counter_axis_spacing=5)
    opts.update(kw)
    return frame("w", kids, **opts)


def test_wrap_breaks_greedily_and_hugs_tracks_with_counter_spacing():
    f = _wrap_frame()
    solve(f)
    # tracks [k0 k1] [k2 k3] [k4 k5]: 30+10+30+10+30 = 110 > 100
    assert [(c.x, c.y) for c in f.children] == [(0, 0), (40, 0), (0, 35), (40, 35), (0, 50), (40, 50)]
    assert f.height == 30 + 10 + 25 + 2 * 5


def test_wrap_counter_spacing_none_follows_item_spacing():
    f = _wrap_frame(counter_axis_spacing=None)
    solve(f)
    assert f.height == 30 + 10 + 25 + 2 * 10


def test_wrap_counter_align_centers_within_track():
    f = _wrap_frame(counter_align="CENTER")
    solve(f)
    assert f.children[0].y == 5  # 20 tall in a 30 tall track
    assert f.children[5].y == 50 + 10  # 5 tall in a 25 tall track


def test_wrap_align_content_space_between():
    f = _wrap_frame(h=200, sizing=("FIXED", "FIXED"), counter_align_content="SPACE_BETWEEN")
    solve(f)
    gap = (200 - 65) / 2
    assert [f.children[i].y for i in (0, 2, 4)] == [0, 30 + gap, 40 + 2 * gap]


def test_wrap_align_content_auto_stretches_tracks_when_all_children_stretch():
    kids = [rect(f"k{i}", 60, 10 * (i + 1), sizing_v="FILL") for i in range(3)]
    f = frame("w", kids, w=100, h=130, sizing=("FIXED", "FIXED"), wrap=True, item_spacing=10)
    solve(f)
    # one child per track, stored heights 10/20/30 -> extra (130 - 60 - 20) / 3 = 50/3 each
    extra = 50 / 3
    assert [c.height for c in f.children] == pytest.approx([10 + extra, 20 + extra, 30 + extra])
    assert f.children[2].y == pytest.approx(10 + extra + 10 + 20 + extra + 10)


def test_wrap_fill_child_fills_its_track():
    kids = [rect("a", 80, 10), rect("b", 0, 10, sizing_h="FILL", min_width=40), rect("c", 30, 10)]
    f = frame("w", kids, w=100, h=0, sizing=("FIXED", "HUG"), wrap=True, item_spacing=10)
    solve(f)
    assert boxes(f) == {"a": (0, 0, 80, 10), "b": (0, 20, 60, 10), "c": (70, 20, 30, 10)}
    f.children.pop()
    solve(f)
    assert f.children[1].width == 100


def test_wrap_with_hug_width_is_one_track():
    f = _wrap_frame(sizing=("HUG", "HUG"))
    solve(f)
    assert f.width == 6 * 30 + 5 * 10
    assert {c.y for c in f.children} == {0}


def test_wrap_is_ignored_on_vertical_frames():
    f = frame(
        "f", [rect("a", 10, 60), rect("b", 10, 60)], mode="VERTICAL", w=50, h=100, sizing=("FIXED", "FIXED"), wrap=True
    )
    solve(f)
    assert [(c.x, c.y) for c in f.children] == [(0, 0), (0, 60)]


# -- text --------------------------------------------------------------------------------------------
def test_text_hug_uses_the_measurer():
    f = frame("f", [text("t", "hello world", sizing_h="HUG", sizing_v="HUG")], padding_left=3)
    solve(f)
    assert boxes(f)["t"] == (3, 0, 110, 20)
    assert (f.width, f.height) == (113, 20)


def test_fill_width_text_wraps_and_hugs_height():
    t = text("t", "aaaa bbbb cccc dddd", sizing_h="FILL", sizing_v="HUG")
    f = frame(
        "card",
        [t, rect("r", 20, 30)],
        mode="VERTICAL",
        w=200,
        sizing=("FIXED", "HUG"),
        padding_left=10,
        padding_right=10,
        padding_top=10,
        padding_bottom=10,
        item_spacing=5,
    )
    solve(f)
    assert (t.width, t.height) == (180, 40)  # "aaaa bbbb cccc" / "dddd"
    assert f.height == 10 + 40 + 5 + 30 + 10


def test_text_auto_resize_counts_as_hug_in_a_flow():
    t = text("t", "abc", width=999, height=999)
    t.text.auto_resize = "WIDTH_AND_HEIGHT"
    f = frame("f", [t])
    solve(f)
    assert (t.width, t.height) == (30, 20)


def test_text_autosize_outside_auto_layout_only_when_asked():
    t = text("t", "aaaa bbbb", x=5, y=6, width=50, height=5)
    t.text.auto_resize = "HEIGHT"
    slide = Slide(id="s", children=[t])
    assert solve_slide(slide, MONO) == []
    assert t.height == 5
    assert solve_slide(slide, MONO, text_autosize=True) == ["t"]
    assert (t.x, t.y, t.width, t.height) == (5, 6, 50, 40)


def test_truncate_text_is_not_sized():
    t = text("t", "aaaa bbbb", width=50, height=5)
    t.text.auto_resize = "TRUNCATE"
    assert solve_tree(t, MONO, text_autosize=True) == []


# -- nested frames -----------------------------------------------------------------------------------
def test_nested_widths_top_down_heights_bottom_up():
    button = frame(
        "btn",
        [text("lbl", "OK", sizing_h="HUG", sizing_v="HUG")],
        padding_left=8,
        padding_right=8,
        padding_top=4,
        padding_bottom=4,
    )
    body = text("body", "one two three four five", sizing_h="FILL", sizing_v="HUG")
    row = frame("row", [rect("icon", 24, 24), body], w=0, sizing=("FILL", "HUG"), item_spacing=6)
    card = frame(
        "card",
        [row, button],
        mode="VERTICAL",
        w=150,
        sizing=("FIXED", "HUG"),
        padding_left=10,
        padding_right=10,
        padding_top=10,
        padding_bottom=10,
        item_spacing=10,
        counter_align="MAX",
    )
    solve(card)
    assert (row.width, row.x) == (130, 10)
    assert body.width == 130 - 24 - 6  # 100 px = 10 chars per line
    assert body.height == 60  # "one two" / "three four" / "five"
    assert row.height == 60
    assert (button.width, button.height) == (36, 28)
    assert (button.x, button.y) == (150 - 10 - 36, 10 + 60 + 10)
    assert card.height == 10 + 60 + 10 + 28 + 10


def test_nested_hug_inside_hug():
    inner = frame("inner", [rect("a", 10, 10), rect("b", 10, 10)], item_spacing=5, padding_left=1, padding_right=1)
    outer = frame("outer", [inner, rect("c", 7, 30)], mode="VERTICAL", padding_top=2, padding_bottom=2)
    solve(outer)
    assert (inner.width, inner.height) == (27, 10)
    assert (outer.width, outer.height) == (27, 2 + 10 + 30 + 2)


# -- rotation, strokes, grid, groups -----------------------------------------------------------------
def test_rotated_child_is_laid_out_by_its_bounding_box():
    r = rect("r", 100, 20, rotation=90)
    f = frame("f", [rect("a", 10, 10), r])
    solve(f)
    assert (f.width, f.height) == (30, 100)
    assert (r.width, r.height) == (100, 20)
    assert r.x + r.width / 2 == pytest.approx(10 + 10)  # centre of the 20 px wide bounding box
    assert r.y + r.height / 2 == pytest.approx(50)


def test_strokes_included_in_layout_add_to_padding():
    f = frame("f", [rect("a", 10, 10)], padding_left=5, strokes_included=True)
    f.strokes = [Stroke(paint=SolidPaint(), weight=3)]
    solve(f)
    assert (f.width, f.height) == (5 + 3 + 10 + 3, 16)
    assert f.children[0].x == 8


def test_grid_frame_is_left_as_stored():
    f = FrameNode(
        id="g",
        width=100,
        height=100,
        sizing_h="HUG",
        sizing_v="HUG",
        layout=AutoLayout(mode="GRID", grid=GridLayout(rows=2, columns=2)),
        children=[rect("a", 10, 10, x=70, y=3), frame("in", [rect("b", 5, 5)])],
    )
    solve(f)
    assert (f.width, f.height) == (100, 100)
    assert boxes(f)["a"] == (70, 3, 10, 10)
    assert boxes(f)["in"][2:] == (5, 5)  # the auto-layout frame inside is solved as a root


def test_group_refits_to_grown_content_without_moving_anything():
    inner = frame("inner", [rect("a", 80, 10)], x=10, y=10, w=20, h=10)
    g = GroupNode(id="g", x=100, y=50, width=40, height=30, children=[inner, rect("b", 5, 5, x=35, y=25)])
    slide = Slide(id="s", children=[g])
    solve_slide(slide, MONO)
    assert inner.width == 80
    # union of x (10..90, 35..40) and y (10..20, 25..30)
    assert (g.x, g.y, g.width, g.height) == (110, 60, 80, 20)
    assert (inner.x, inner.y) == (0, 0)  # the frame stays at slide (110, 60)
    assert (g.children[1].x, g.children[1].y) == (25, 15)  # the rectangle stays at slide (135, 75)


def test_group_in_a_flow_is_a_rigid_box():
    g = GroupNode(id="g", width=40, height=30, children=[rect("a", 40, 30)])
    f = frame("f", [rect("b", 10, 10), g], item_spacing=5)
    solve(f)
    assert boxes(f)["g"] == (15, 0, 40, 30)
    assert g.children[0].x == 0


def test_unchanged_group_keeps_its_stored_box():
    g = GroupNode(id="g", x=1, y=2, width=500, height=500, children=[rect("a", 40, 30)])
    frame_ = frame("f", [rect("b", 10, 10)])
    slide = Slide(id="s", children=[g, frame_])
    solve_slide(slide, MONO)
    assert (g.x, g.y, g.width, g.height) == (1, 2, 500, 500)


# -- whole decks -------------------------------------------------------------------------------------
def test_solving_twice_changes_nothing():
    card = frame(
        "card",
        [text("t", "some words here", sizing_h="FILL", sizing_v="HUG"), _wrap_frame(sizing=("FILL", "HUG"))],
        mode="VERTICAL",
        w=120,
        sizing=("FIXED", "HUG"),
        item_spacing=4,
    )
    deck = Deck(slides=[Slide(id="s", children=[card])])
    assert solve_deck(deck, MONO)
    before = deck.to_json()
    assert solve_deck(deck, MONO) == []
    assert deck.to_json() == before


def test_deck_without_auto_layout_is_byte_identical(fixtures_dir):
    deck = Deck.load(fixtures_dir / "ir" / "sample.json")
    deck.slides = [s for s in deck.slides if not any(getattr(n, "layout", None) for n in s.iter_nodes())]
    assert len(deck.slides) == 2
    before = deck.to_json()
    assert solve_deck(deck) == []
    assert deck.to_json() == before


def test_sample_deck_cards_share_the_row(fixtures_dir):
    deck = Deck.load(fixtures_dir / "ir" / "sample.json")
    solve_deck(deck, MONO)
    row = deck.find("s2-row")[1]
    assert [(c.x, c.width, c.height) for c in row.children] == [(0, 352, 420), (384, 352, 420), (768, 352, 420)]
    assert row.children[0].children[0].width == 352 - 48


def test_solve_affected_matches_a_full_solve():
    def build():
        t = text("t", "short", sizing_h="FILL", sizing_v="HUG")
        card = frame("card", [t, rect("r", 10, 10)], mode="VERTICAL", w=60, sizing=("FIXED", "HUG"))
        row = frame("row", [card, frame("other", [rect("o", 10, 10)])], item_spacing=5)
        plain = FrameNode(id="plain", width=500, height=500, children=[row])
        return Slide(id="s", children=[plain, frame("far", [rect("z", 3, 3)])])

    a, b = build(), build()
    solve_slide(a, MONO)
    solve_slide(b, MONO)
    for s in (a, b):
        s.children[0].children[0].children[0].children[0].text = TextBody.from_text("a much longer text now")
    changed = solve_affected(a, ["t"], MONO)
    solve_slide(b, MONO)
    assert a.model_dump() == b.model_dump()
    assert set(changed) == {"t", "card", "r", "row"}  # "other" keeps its place


def test_solve_affected_ignores_unknown_ids_and_unrelated_frames():
    f = frame("f", [rect("a", 10, 10)], w=99, h=99)
    g = frame("g", [rect("b", 10, 10)], w=99, h=99)
    slide = Slide(id="s", children=[f, g])
    assert solve_affected(slide, ["nope", "a"], MONO) == ["f"]
    assert g.width == 99


def test_line_height_does_not_matter_to_the_fake_but_text_body_is_measured_once_per_width():
    calls = []

    class Counting(MonospaceMeasurer):
        def measure(self, body, max_width):
            calls.append(max_width)
            return super().measure(body, max_width)

    t = text("t", "aaaa bbbb", sizing_h="FILL", sizing_v="HUG")
    t.text.paragraphs[0].line_height = LineHeight(value=10, unit="PIXELS")
    f = frame("f", [t], mode="VERTICAL", w=60, sizing=("FIXED", "HUG"))
    solve_tree(f, Counting())
    assert sorted(calls, key=str) == sorted([None, 60.0], key=str)


def test_fixed_text_with_auto_resize_height_hugs_its_height_in_a_flow():
    t = text("t", "aaaa bbbb cccc", width=60, height=999)
    t.text.auto_resize = "HEIGHT"
    f = frame("f", [t])
    solve(f)
    assert (t.width, t.height) == (60, 60)  # wraps at its fixed width: 3 lines


def test_reverse_z_index_does_not_change_positions():
    kids = [rect("a", 50, 20), rect("b", 30, 40)]
    f = frame("f", kids, item_spacing=-10, reverse_z_index=True)
    solve(f)
    assert [c.x for c in f.children] == [0, 40]
    assert [c.id for c in f.children] == ["a", "b"]  # paint order is the writers' business


def test_wrap_tracks_as_a_block_follow_counter_align_when_not_all_stretch():
    f = _wrap_frame(h=165, sizing=("FIXED", "FIXED"), counter_align="MAX")
    solve(f)
    # block = 30 + 10 + 25 + 2 * 5 = 75, placed at the end of 165: starts at 90
    assert f.children[1].y == 90  # tallest of track 0, at the track's start
    assert f.children[0].y == 90 + 10  # 20 tall, MAX-aligned in the 30 tall track
    assert f.children[5].y == 90 + (30 + 5) + (10 + 5) + 20  # 5 tall at the bottom of the third track (25)


def test_baseline_in_a_wrapping_frame_aligns_per_track():
    kids = [text("t1", "ab", sizing_h="HUG", sizing_v="HUG"), rect("r1", 30, 30), rect("r2", 80, 10)]
    f = frame("w", kids, w=100, sizing=("FIXED", "HUG"), wrap=True, counter_align="BASELINE")
    solve(f)
    assert boxes(f)["t1"][1] == 14 and boxes(f)["r1"][1] == 0  # track 1: text baseline 16 on rect bottom 30
    assert boxes(f)["r2"][1] == 34  # track 2 starts below the 34 px tall first track


def test_group_in_a_flow_is_refit_before_its_parent_is_laid_out():
    inner = frame("inner", [rect("a", 80, 10)], w=20, h=10)
    g = GroupNode(id="g", width=20, height=10, children=[inner])
    f = frame("f", [g, rect("b", 10, 10)], item_spacing=5)
    assert solve(f)
    assert (g.width, f.width) == (80, 80 + 5 + 10)
    assert f.children[1].x == 85
    assert solve(f) == []


def test_a_measurer_with_prepare_gets_every_text_in_two_batches():
    batches = []

    class Batching(MonospaceMeasurer):
        def prepare(self, requests):
            batches.append([(b.plain_text, w) for b, w in requests])

    t1 = text("t1", "aaaa bbbb", sizing_h="FILL", sizing_v="HUG")
    t2 = text("t2", "cc", sizing_h="HUG", sizing_v="HUG")
    f = frame("f", [t1, t2], mode="VERTICAL", w=60, sizing=("FIXED", "HUG"))
    solve_slide(Slide(id="s", children=[f]), Batching(char_width=10, line_height=20))
    assert sorted(batches[0]) == [("aaaa bbbb", None), ("cc", None)]
    assert sorted(batches[1], key=str) == sorted([("aaaa bbbb", 60.0), ("cc", None)], key=str)
    assert (t1.height, f.height) == (40, 60)


def test_truncated_text_hugs_at_most_max_lines_and_max_height_caps_it():
    t = text("t", "aa bb cc dd ee", width=20, sizing_v="HUG")
    t.text.max_lines, t.text.truncate = 2, True
    f = frame("f", [t], mode="VERTICAL", w=20, sizing=("FIXED", "HUG"))
    solve(f)
    assert t.height == 40  # 5 lines, 2 kept
    t.text.truncate, t.max_height = False, 50
    solve(f)
    assert t.height == 50


def test_public_api_is_pinned():
    import ace_core.layout as layout

    assert set(layout.__all__) == {
        "DEFAULT_FONT_SIZE", "DEFAULT_INSETS", "FontMetricsMeasurer", "LineBox", "MonospaceMeasurer",
        "PinnedMeasurer", "TextLayout", "TextMeasurer", "apply_constraints", "constrain", "default_measurer",
        "pinned_measurer", "refit_group", "resize_frame", "solve_affected", "solve_deck", "solve_slide", "solve_tree",
    }  # fmt: skip
    assert all(hasattr(layout, name) for name in layout.__all__)
