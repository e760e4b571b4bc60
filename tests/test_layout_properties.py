"""Hypothesis properties of the auto-layout solver: containment, exact FILL shares, independence
from absolute / hidden siblings, idempotence, and solve_affected == a full solve."""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ace_core.ir import AutoLayout, FrameNode, GroupNode, RectangleNode, Slide, TextBody, TextNode
from ace_core.ir.layout_props import Constraints
from ace_core.layout import MonospaceMeasurer, solve_affected, solve_slide, solve_tree
from ace_core.layout.access import flow_children, paddings, position, primary_axis, size

MONO = MonospaceMeasurer(char_width=7.0, line_height=15.0, baseline=12.0)
SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TREE_SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EPS = 1e-6

lengths = st.integers(0, 120).map(float)
pads = st.integers(0, 20).map(float)
modes = st.sampled_from(["HORIZONTAL", "VERTICAL"])
words = st.lists(st.sampled_from(["a", "bb", "ccc", "dddd", "eeeeeeee"]), min_size=1, max_size=8).map(" ".join)
_ids = iter(range(10**9))


def _id(prefix: str) -> str:
    return f"{prefix}{next(_ids)}"


@st.composite
def layouts(draw, *, wrap: bool | None = None, spacing=st.integers(-10, 20).map(float)) -> AutoLayout:
    mode = draw(modes)
    return AutoLayout(
        mode=mode,
        wrap=draw(st.booleans()) if wrap is None else wrap,
        padding_top=draw(pads),
        padding_right=draw(pads),
        padding_bottom=draw(pads),
        padding_left=draw(pads),
        item_spacing=draw(spacing),
        counter_axis_spacing=draw(st.none() | pads),
        primary_align=draw(st.sampled_from(["MIN", "CENTER", "MAX", "SPACE_BETWEEN"])),
        counter_align=draw(st.sampled_from(["MIN", "CENTER", "MAX", "BASELINE"])),
        counter_align_content=draw(st.sampled_from(["AUTO", "SPACE_BETWEEN"])),
    )


@st.composite
def leaves(draw, sizings=st.sampled_from(["FIXED", "FILL"])):
    kind = draw(st.sampled_from(["rect", "rect", "text"]))
    common = dict(
        id=_id("n"),
        x=draw(lengths),
        y=draw(lengths),
        width=draw(lengths),
        height=draw(lengths),
        sizing_h=draw(sizings),
        sizing_v=draw(sizings),
        min_width=draw(st.none() | st.integers(0, 40).map(float)),
        max_width=draw(st.none() | st.integers(40, 200).map(float)),
    )
    if kind == "text":
        node = TextNode(text=TextBody.from_text(draw(words)), **common)
        node.text.auto_resize = draw(st.sampled_from(["NONE", "HEIGHT", "WIDTH_AND_HEIGHT"]))
        if draw(st.booleans()):
            node.sizing_h = "HUG" if node.sizing_h == "FIXED" else node.sizing_h
        return node
    return RectangleNode(rotation=draw(st.sampled_from([0.0, 0.0, 0.0, 90.0, 30.0])), **common)


def _extras(draw, kids: list) -> list:
    """Sprinkle absolute and hidden children among the flow children."""
    for _ in range(draw(st.integers(0, 2))):
        extra = draw(leaves())
        if draw(st.booleans()):
            extra.positioning = "ABSOLUTE"
            extra.constraints = Constraints(
                horizontal=draw(st.sampled_from(["MIN", "MAX", "CENTER", "STRETCH", "SCALE"])),
                vertical=draw(st.sampled_from(["MIN", "MAX", "CENTER", "STRETCH", "SCALE"])),
            )
        else:
            extra.visible = False
        kids.insert(draw(st.integers(0, len(kids))), extra)
    return kids


@st.composite
def trees(draw, depth: int = 3):
    """A random nested tree: auto-layout frames, plain frames, groups, rectangles and texts."""
    if depth == 0:
        return draw(leaves())
    kind = draw(st.sampled_from(["al", "al", "al", "plain", "group", "leaf"]))
    if kind == "leaf":
        return draw(leaves())
    kids = draw(st.lists(trees(depth=depth - 1), min_size=0, max_size=4))
    box = dict(id=_id("f"), x=draw(lengths), y=draw(lengths), width=draw(lengths), height=draw(lengths))
    if kind == "group":
        for k in kids:
            k.sizing_h = k.sizing_v = "FIXED"
        return GroupNode(children=kids, **box)
    if kind == "plain":
        return FrameNode(children=kids, **box)
    sizing = st.sampled_from(["FIXED", "HUG", "FILL"])
    return FrameNode(
        layout=draw(layouts()),
        children=_extras(draw, kids),
        sizing_h=draw(sizing),
        sizing_v=draw(sizing),
        min_height=draw(st.none() | st.integers(0, 60).map(float)),
        **box,
    )


def _boxes(node) -> dict:
    out = {node.id: (node.x, node.y, node.width, node.height)}
    for c in getattr(node, "children", []) or []:
        out.update(_boxes(c))
    return out


# -- properties ------------------------------------------------------------------------------------
@SETTINGS
@given(layouts(spacing=st.integers(0, 20).map(float)), st.lists(leaves(st.just("FIXED")), min_size=1, max_size=6))
def test_hug_frame_contains_its_flow_children_plus_padding(layout, kids):
    for k in kids:
        k.rotation = 0.0
    frame = FrameNode(id="hug", sizing_h="HUG", sizing_v="HUG", layout=layout, children=kids)
    solve_tree(frame, MONO)
    for axis in (0, 1):
        start, end = paddings(frame, layout, axis)
        flow = flow_children(frame)
        lo = min(position(c, axis) for c in flow)
        hi = max(position(c, axis) + size(c, axis) for c in flow)
        assert lo >= start - EPS
        assert hi <= size(frame, axis) - end + EPS
        if layout.counter_align != "BASELINE" or axis == 0:  # tight: the children touch the padding
            assert abs(lo - start) < EPS
            assert abs(hi - (size(frame, axis) - end)) < EPS


@SETTINGS
@given(
    layouts(wrap=False, spacing=st.integers(0, 20).map(float)),
    st.lists(st.tuples(st.booleans(), lengths), min_size=1, max_size=6),
    st.integers(0, 800).map(float),
)
def test_fill_children_share_the_free_space_exactly(layout, spec, frame_size):
    if layout.primary_align == "SPACE_BETWEEN":
        layout.primary_align = "MIN"
    axis = primary_axis(layout)
    kids = []
    for i, (fill, length) in enumerate(spec):
        k = RectangleNode(id=f"k{i}", width=length, height=length)
        if fill:
            setattr(k, "sizing_h" if axis == 0 else "sizing_v", "FILL")
        kids.append(k)
    frame = FrameNode(id="f", width=frame_size, height=frame_size, layout=layout, children=kids)
    solve_tree(frame, MONO)
    start, end = paddings(frame, layout, axis)
    fixed = sum(size(k, axis) for k, (f, _) in zip(kids, spec, strict=True) if not f)
    free = frame_size - start - end - fixed - layout.item_spacing * (len(kids) - 1)
    fills = [size(k, axis) for k, (f, _) in zip(kids, spec, strict=True) if f]
    if fills:
        assert all(abs(s - fills[0]) < EPS for s in fills)  # equal shares
        assert abs(sum(fills) - max(free, 0.0)) < 1e-6  # exactly the free space (never negative)
    if free >= 0 and fills:  # the children then end exactly at the padding
        last = kids[-1]
        assert abs(position(last, axis) + size(last, axis) - (frame_size - end)) < 1e-6


@SETTINGS
@given(
    st.lists(
        st.tuples(st.integers(0, 100), st.none() | st.integers(0, 60), st.none() | st.integers(0, 120)),
        min_size=1,
        max_size=5,
    ),
    st.integers(0, 600),
)
def test_fill_shares_respect_min_max_and_sum_to_free_when_satisfiable(spec, width):
    kids = [
        RectangleNode(
            id=f"k{i}",
            width=w,
            height=1,
            sizing_h="FILL",
            min_width=lo,
            max_width=None if hi is None else max(hi, lo or 0),
        )
        for i, (w, lo, hi) in enumerate(spec)
    ]
    frame = FrameNode(id="f", width=width, height=1, layout=AutoLayout(), children=kids)
    solve_tree(frame, MONO)
    for k in kids:
        assert k.width >= (k.min_width or 0) - EPS
        assert k.max_width is None or k.width <= k.max_width + EPS
    mins = sum(k.min_width or 0 for k in kids)
    maxes = sum(k.max_width if k.max_width is not None else float("inf") for k in kids)
    if mins <= width <= maxes:
        assert abs(sum(k.width for k in kids) - width) < 1e-6


@TREE_SETTINGS
@given(layouts(), st.lists(trees(depth=1), min_size=1, max_size=4), st.sampled_from(["FIXED", "HUG"]), leaves(),
       st.data())  # fmt: skip
def test_absolute_and_hidden_children_never_move_their_siblings(layout, kids, sizing, extra, data):
    frame = FrameNode(id="root", width=200, height=150, sizing_h=sizing, sizing_v=sizing, layout=layout, children=kids)
    solve_tree(frame, MONO)
    before = {c.id: _boxes(c) for c in frame.children}
    frame_box = (frame.width, frame.height)
    if data.draw(st.booleans()):
        extra.positioning = "ABSOLUTE"
    else:
        extra.visible = False
    extra_box = (extra.x, extra.y, extra.width, extra.height)
    frame.children.insert(data.draw(st.integers(0, len(frame.children))), extra)
    solve_tree(frame, MONO)
    assert {c.id: _boxes(c) for c in frame.children if c is not extra} == before
    assert (frame.width, frame.height) == frame_box
    if extra.type == "RECTANGLE" or extra.text.auto_resize == "NONE":
        assert (extra.x, extra.y, extra.width, extra.height) == extra_box


@TREE_SETTINGS
@given(st.lists(trees(), min_size=1, max_size=3), st.booleans())
def test_solving_twice_changes_nothing(children, autosize):
    slide = Slide(id="s", children=children)
    solve_slide(slide, MONO, text_autosize=autosize)
    once = slide.model_dump_json()
    assert solve_slide(slide, MONO, text_autosize=autosize) == []
    assert slide.model_dump_json() == once


@TREE_SETTINGS
@given(st.lists(trees(), min_size=1, max_size=3), st.data())
def test_solve_affected_matches_a_full_solve(children, data):
    slide = Slide(id="s", children=children)
    solve_slide(slide, MONO)
    nodes = list(slide.iter_nodes())
    target = data.draw(st.sampled_from(nodes))
    if isinstance(target, TextNode):
        target.text = TextBody.from_text(data.draw(words))
    else:
        target.width = float(data.draw(lengths))
        target.height = float(data.draw(lengths))
    full = copy.deepcopy(slide)
    solve_affected(slide, [target.id], MONO)
    solve_slide(full, MONO)
    assert slide.model_dump_json() == full.model_dump_json()
