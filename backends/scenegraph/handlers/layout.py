"""contentTools layout: auto-layout mode, padding, spacing, alignment, sizing, positioning,
constraints, and align / distribute."""

from __future__ import annotations

import math
from typing import Any

from ace_core.errors import ToolError
from ace_core.ir.deck import Slide
from ace_core.ir.layout_props import AutoLayout, GridLayout
from ace_core.ir.nodes import FrameNode, GroupNode, NodeBase
from ace_core.tools import content_layout as T
from backends.scenegraph.context import Ctx
from backends.scenegraph.handlers.base import HandlerTable
from backends.scenegraph.handlers.create import check_sizing
from backends.scenegraph.state import auto_layout_of

table = HandlerTable()


def layout_frame(ctx: Ctx, node_id: str) -> tuple[FrameNode, AutoLayout]:
    node = ctx.state.node(node_id)
    layout = getattr(node, "layout", None)
    if not isinstance(node, FrameNode) or layout is None:
        raise ToolError(
            f"{node_id!r} ({node.type}) has no auto-layout",
            field="nodeId",
            hint="turn it on with set_layout_mode(layoutMode='HORIZONTAL' or 'VERTICAL')",
        )
    return node, layout


def group_to_frame(ctx: Ctx, group: GroupNode) -> FrameNode:
    """Turn a plain group into a frame with the same id, box and children (as Figma does when
    auto-layout is added to a group)."""
    if group.is_boolean or group.is_mask_group:
        raise ToolError("boolean and mask groups cannot take auto-layout", field="nodeId")
    data = {k: getattr(group, k) for k in type(group).model_fields if k not in ("type", "is_boolean", "is_mask_group")}
    frame = FrameNode(**data)
    parent = ctx.state.parent[group.id]
    kids = parent.children  # type: ignore[union-attr]
    kids[next(i for i, k in enumerate(kids) if k is group)] = frame
    slide = ctx.state.slide_of[group.id]
    ctx.state.forget_subtree(group)
    ctx.state.add_subtree(frame, parent, slide)
    ctx.warn(f"group {group.id!r} became a frame to take auto-layout (same id)")
    return frame


@table.bind("set_layout_mode")
def set_layout_mode(ctx: Ctx, p: T.SetLayoutMode) -> None:
    node = ctx.state.node(p.nodeId)
    if isinstance(node, GroupNode) and p.layoutMode != "NONE":
        node = group_to_frame(ctx, node)
    if not isinstance(node, FrameNode):
        raise ToolError(f"{p.nodeId!r} is a {node.type} node; only frames take auto-layout", field="nodeId")
    if p.layoutWrap == "WRAP" and p.layoutMode != "HORIZONTAL":
        raise ToolError("layoutWrap WRAP is only allowed with layoutMode HORIZONTAL", field="layoutWrap")
    if p.layoutMode == "NONE":
        node.layout = None
        for child in node.children:
            if child.sizing_h == "FILL":
                child.sizing_h = "FIXED"
            if child.sizing_v == "FILL":
                child.sizing_v = "FIXED"
        if node.sizing_h == "HUG":
            node.sizing_h = "FIXED"
        if node.sizing_v == "HUG":
            node.sizing_v = "FIXED"
    elif p.layoutMode == "GRID":
        n = max(1, len(node.children))
        cols = math.ceil(math.sqrt(n))
        node.layout = AutoLayout(mode="GRID", grid=GridLayout(columns=cols, rows=math.ceil(n / cols)))
        ctx.warn("GRID is carried to the formats but not solved: children keep their boxes")
    else:
        axis = "x" if p.layoutMode == "HORIZONTAL" else "y"
        if node.layout is None or node.layout.mode == "GRID":
            node.children.sort(key=lambda c: (getattr(c, axis), c.y if axis == "x" else c.x))
            node.layout = AutoLayout(mode=p.layoutMode)
        else:
            node.layout = node.layout.model_copy(update={"mode": p.layoutMode})
    if p.layoutWrap is not None and node.layout is not None:
        node.layout = node.layout.model_copy(update={"wrap": p.layoutWrap == "WRAP"})
    ctx.touch(node)


@table.bind("set_padding")
def set_padding(ctx: Ctx, p: T.SetPadding) -> None:
    node, layout = layout_frame(ctx, p.nodeId)
    update = {
        k: v
        for k, v in (
            ("padding_top", p.paddingTop),
            ("padding_right", p.paddingRight),
            ("padding_bottom", p.paddingBottom),
            ("padding_left", p.paddingLeft),
        )
        if v is not None
    }
    node.layout = layout.model_copy(update=update)
    ctx.touch(node)


@table.bind("set_item_spacing")
def set_item_spacing(ctx: Ctx, p: T.SetItemSpacing) -> None:
    node, layout = layout_frame(ctx, p.nodeId)
    update: dict[str, Any] = {}
    if p.itemSpacing is not None:
        update["item_spacing"] = p.itemSpacing
    if p.counterAxisSpacing is not None:
        if not layout.wrap:
            ctx.warn("counterAxisSpacing only matters when the frame wraps (layoutWrap WRAP)")
        update["counter_axis_spacing"] = p.counterAxisSpacing
    node.layout = layout.model_copy(update=update)
    ctx.touch(node)


@table.bind("set_axis_align")
def set_axis_align(ctx: Ctx, p: T.SetAxisAlign) -> None:
    node, layout = layout_frame(ctx, p.nodeId)
    if p.counterAxisAlignItems == "BASELINE" and layout.mode != "HORIZONTAL":
        raise ToolError("BASELINE alignment is only for HORIZONTAL frames", field="counterAxisAlignItems")
    if p.counterAxisAlignContent is not None and not layout.wrap:
        raise ToolError("counterAxisAlignContent needs layoutWrap WRAP", field="counterAxisAlignContent")
    update = {
        k: v
        for k, v in (
            ("primary_align", p.primaryAxisAlignItems),
            ("counter_align", p.counterAxisAlignItems),
            ("counter_align_content", p.counterAxisAlignContent),
        )
        if v is not None
    }
    node.layout = layout.model_copy(update=update)
    ctx.touch(node)


@table.bind("set_layout_sizing")
def set_layout_sizing(ctx: Ctx, p: T.SetLayoutSizing) -> None:
    state = ctx.state
    node = state.node(p.nodeId)
    parent = state.parent[node.id]
    parent_auto = auto_layout_of(parent) is not None and node.positioning == "AUTO"
    is_layout_frame = isinstance(node, FrameNode) and node.layout is not None
    for fname, value in (
        ("layoutSizingHorizontal", p.layoutSizingHorizontal),
        ("layoutSizingVertical", p.layoutSizingVertical),
    ):
        check_sizing(
            value, fname, is_layout_frame=is_layout_frame, parent_auto=parent_auto, is_text=node.type == "TEXT"
        )
    if p.layoutSizingHorizontal is not None:
        node.sizing_h = p.layoutSizingHorizontal
    if p.layoutSizingVertical is not None:
        node.sizing_v = p.layoutSizingVertical
    if node.type == "TEXT":
        ctx.text_changed.add(node.id)
        body = node.text  # type: ignore[attr-defined]
        if node.sizing_h == "HUG":
            body.auto_resize = "WIDTH_AND_HEIGHT"
        elif node.sizing_v == "HUG":
            body.auto_resize = "HEIGHT"
        elif p.layoutSizingVertical == "FIXED" or (
            p.layoutSizingHorizontal == "FIXED" and body.auto_resize == "WIDTH_AND_HEIGHT"
        ):
            body.auto_resize = "HEIGHT" if node.sizing_v == "HUG" else "NONE"
    for fname, attr in (
        ("minWidth", "min_width"),
        ("maxWidth", "max_width"),
        ("minHeight", "min_height"),
        ("maxHeight", "max_height"),
    ):
        if fname in p.model_fields_set:
            setattr(node, attr, getattr(p, fname))
    ctx.touch(node)


@table.bind("set_layout_positioning")
def set_layout_positioning(ctx: Ctx, p: T.SetLayoutPositioning) -> None:
    state = ctx.state
    node = state.node(p.nodeId)
    parent = state.parent[node.id]
    if auto_layout_of(parent) is None:
        raise ToolError(
            f"{node.id!r} is not in an auto-layout frame; positioning only applies to auto-layout children",
            field="nodeId",
            hint="use move_node to place it",
        )
    node.positioning = p.layoutPositioning
    if p.layoutPositioning == "ABSOLUTE":
        if p.x is not None:
            node.x = p.x
        if p.y is not None:
            node.y = p.y
    elif p.x is not None or p.y is not None:
        ctx.warn("x/y ignored: the node is back in the auto-layout flow")
    ctx.touch(node)
    if isinstance(parent, NodeBase):
        ctx.touch(parent)


@table.bind("set_constraints")
def set_constraints(ctx: Ctx, p: T.SetConstraints) -> None:
    node = ctx.state.node(p.nodeId)
    if ctx.state.in_auto_layout(node):
        ctx.warn("constraints only apply to ABSOLUTE children of an auto-layout frame; stored anyway")
    update = {k: v for k, v in (("horizontal", p.horizontal), ("vertical", p.vertical)) if v is not None}
    node.constraints = node.constraints.model_copy(update=update)
    ctx.touch(node)


@table.bind("align_nodes")
def align_nodes(ctx: Ctx, p: T.AlignNodes) -> None:
    state = ctx.state
    nodes = [state.node(n, f"nodeIds[{i}]") for i, n in enumerate(p.nodeIds)]
    movable = []
    for node in nodes:
        if state.in_auto_layout(node):
            ctx.warn(f"{node.id!r} skipped: its parent uses auto-layout")
        else:
            movable.append(node)
    if not movable:
        return
    boxes = {n.id: state.absolute_box(n) for n in movable}
    if p.relativeTo == "slide":
        ref = (0.0, 0.0, state.deck.width, state.deck.height)
    elif p.relativeTo == "parent":
        parents = {id(state.parent[n.id]) for n in movable}
        if len(parents) != 1:
            raise ToolError("relativeTo 'parent' needs nodes with one parent", field="relativeTo")
        parent = state.parent[movable[0].id]
        if isinstance(parent, Slide):
            ref = (0.0, 0.0, state.deck.width, state.deck.height)
        else:
            ref = state.absolute_box(parent)
    else:
        xs = [b[0] for b in boxes.values()]
        ys = [b[1] for b in boxes.values()]
        ref = (
            min(xs),
            min(ys),
            max(b[0] + b[2] for b in boxes.values()) - min(xs),
            max(b[1] + b[3] for b in boxes.values()) - min(ys),
        )
    rx, ry, rw, rh = ref
    targets: dict[str, tuple[float | None, float | None]] = {}
    mode = p.mode
    if mode in ("distribute_h", "distribute_v"):
        if len(movable) < 3 and p.relativeTo == "selection":
            ctx.warn("distributing fewer than 3 nodes within their own bounds changes nothing")
        horizontal = mode == "distribute_h"
        order = sorted(movable, key=lambda n: boxes[n.id][0 if horizontal else 1])
        sizes = [boxes[n.id][2 if horizontal else 3] for n in order]
        start, span = (rx, rw) if horizontal else (ry, rh)
        gap = (span - sum(sizes)) / (len(order) - 1) if len(order) > 1 else 0.0
        if len(order) == 1:
            start += (span - sizes[0]) / 2
        cursor = start
        for n, s in zip(order, sizes, strict=True):
            targets[n.id] = (cursor, None) if horizontal else (None, cursor)
            cursor += s + gap
    else:
        for n in movable:
            x, y, w, h = boxes[n.id]
            targets[n.id] = {
                "left": (rx, None),
                "hcenter": (rx + (rw - w) / 2, None),
                "right": (rx + rw - w, None),
                "top": (None, ry),
                "vcenter": (None, ry + (rh - h) / 2),
                "bottom": (None, ry + rh - h),
            }[mode]
    for n in movable:
        tx, ty = targets[n.id]
        x, y, _, _ = boxes[n.id]
        if tx is not None:
            n.x += tx - x
        if ty is not None:
            n.y += ty - y
        ctx.touch(n)


HANDLERS = table.handlers
