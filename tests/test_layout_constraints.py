"""Constraints on frame resize (autolayout.md c.5): each constraint type, recursion, groups, ABSOLUTE children."""

from __future__ import annotations

import pytest

from ace_core.errors import BadInputError
from ace_core.ir import AutoLayout, FrameNode, GroupNode, RectangleNode, TextBody, TextNode
from ace_core.ir.layout_props import Constraints
from ace_core.layout import MonospaceMeasurer, constrain, resize_frame

MONO = MonospaceMeasurer()


def child(id: str, h: str = "MIN", v: str = "MIN", **kw) -> RectangleNode:
    box = {"x": 20.0, "y": 10.0, "width": 40.0, "height": 30.0}
    box.update(kw)
    return RectangleNode(id=id, constraints=Constraints(horizontal=h, vertical=v), **box)


def plain(kids, w: float = 200, h: float = 100, **kw) -> FrameNode:
    return FrameNode(id="f", width=w, height=h, children=kids, **kw)


@pytest.mark.parametrize(
    ("rule", "x", "w"),
    [
        ("MIN", 20, 40),
        ("MAX", 20 + 100, 40),
        ("CENTER", 20 + 50, 40),
        ("STRETCH", 20, 40 + 100),
        ("SCALE", 20 * 1.5, 40 * 1.5),
    ],
)
def test_each_horizontal_constraint(rule, x, w):
    c = child("c", h=rule)
    f = plain([c])
    resize_frame(f, 300, 100, MONO)
    assert (c.x, c.width, c.y, c.height) == (x, w, 10, 30)


@pytest.mark.parametrize(
    ("rule", "y", "h"),
    [("MIN", 10, 30), ("MAX", 10 - 50, 30), ("CENTER", 10 - 25, 30), ("STRETCH", 10, 0), ("SCALE", 5, 15)],
)
def test_each_vertical_constraint_when_shrinking(rule, y, h):
    c = child("c", v=rule)
    f = plain([c])
    resize_frame(f, 200, 50, MONO)
    assert (c.y, c.height) == (y, h)  # STRETCH never goes below 0 (30 - 50 -> 0)


def test_constrain_is_the_table_of_c5():
    assert constrain("MAX", 5, 10, 100, 80) == (-15, 10)
    assert constrain("SCALE", 5, 10, 0, 80) == (5, 10)  # from a zero size nothing scales
    assert constrain("MIN", 5, 10, 100, 1000) == (5, 10)


def test_resize_recurses_into_stretched_frames():
    leaf = child("leaf", h="MAX")
    inner = FrameNode(
        id="inner", x=10, y=0, width=100, height=50, children=[leaf], constraints=Constraints(horizontal="STRETCH")
    )
    f = plain([inner])
    changed = resize_frame(f, 260, 100, MONO)
    assert inner.width == 160
    assert leaf.x == 20 + 60
    assert set(changed) == {"f", "inner", "leaf"}


def test_resize_recurses_into_scaled_frames():
    leaf = child("leaf", h="SCALE")
    inner = FrameNode(id="inner", width=100, height=50, children=[leaf], constraints=Constraints(horizontal="SCALE"))
    resize_frame(plain([inner]), 400, 100, MONO)
    assert (inner.width, leaf.x, leaf.width) == (200, 40, 80)


def test_group_children_follow_their_own_constraints_and_the_group_refits():
    a = child("a", h="MIN", x=0, width=10)
    b = child("b", h="MAX", x=30, width=10)
    g = GroupNode(id="g", x=50, y=10, width=40, height=30, children=[a, b])
    f = plain([g])
    resize_frame(f, 300, 100, MONO)
    # a stays at frame x 50, b moves from frame x 80 to 180: the group spans 50..190
    assert (g.x, g.width) == (50, 140)
    assert (a.x, b.x) == (0, 130)


def test_rotated_group_moves_as_a_unit():
    g = GroupNode(
        id="g",
        x=50,
        y=10,
        width=40,
        height=30,
        rotation=45,
        constraints=Constraints(horizontal="MAX"),
        children=[child("a", h="STRETCH")],
    )
    resize_frame(plain([g]), 300, 100, MONO)
    assert (g.x, g.width, g.children[0].width) == (150, 40, 40)


def test_absolute_children_of_auto_layout_frames_follow_constraints_flow_children_do_not():
    abs_ = child("abs", h="MAX", v="STRETCH", positioning="ABSOLUTE")
    flow = RectangleNode(id="flow", width=10, height=10, constraints=Constraints(horizontal="MAX"))
    f = FrameNode(
        id="f", width=200, height=100, layout=AutoLayout(mode="HORIZONTAL", primary_align="MAX"), children=[flow, abs_]
    )
    resize_frame(f, 250, 120, MONO)
    assert (abs_.x, abs_.height) == (70, 50)
    assert flow.x == 240  # placed by the flow (MAX alignment), not by its constraint


def test_resizing_a_hug_frame_makes_it_fixed_and_reflows():
    kids = [RectangleNode(id="a", width=10, height=10), RectangleNode(id="b", width=10, height=10, sizing_h="FILL")]
    f = FrameNode(
        id="f", width=10, height=10, sizing_h="HUG", sizing_v="HUG", layout=AutoLayout(mode="HORIZONTAL"), children=kids
    )
    resize_frame(f, 100, 10, MONO)
    assert (f.sizing_h, f.sizing_v) == ("FIXED", "HUG")
    assert kids[1].width == 90


def test_hugging_child_keeps_its_size_under_stretch_and_scale():
    hug = FrameNode(
        id="hug",
        x=20,
        width=30,
        height=10,
        sizing_h="HUG",
        layout=AutoLayout(),
        constraints=Constraints(horizontal="SCALE"),
        children=[RectangleNode(id="r", width=30, height=10)],
    )
    text = TextNode(
        id="t",
        x=20,
        width=50,
        height=20,
        constraints=Constraints(horizontal="STRETCH"),
        text=TextBody.from_text("abc", None),
    )
    text.text.auto_resize = "WIDTH_AND_HEIGHT"
    f = plain([hug, text])
    resize_frame(f, 400, 100, MONO, text_autosize=True)
    assert (hug.x, hug.width) == (40, 30)  # position scaled, size from content
    assert (text.x, text.width) == (20, 30)  # STRETCH acts as MIN, width measured


def test_grid_children_stay():
    c = child("c", h="MAX")
    f = plain([c], layout=AutoLayout(mode="GRID"))
    resize_frame(f, 300, 100, MONO)
    assert c.x == 20


def test_resize_frame_rejects_bad_input():
    with pytest.raises(BadInputError, match="FRAME"):
        resize_frame(RectangleNode(id="r"), 1, 1)
    with pytest.raises(BadInputError, match="negative"):
        resize_frame(plain([]), -1, 1)


def test_resize_to_the_same_size_changes_nothing():
    f = plain([child("c", h="SCALE")])
    assert resize_frame(f, 200, 100, MONO) == []
