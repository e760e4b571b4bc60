"""contentTools operations: move, resize, rotate, clone, delete, rename, reorder, group, boolean."""

from __future__ import annotations

from typing import Any

from ace_core.errors import ToolError
from ace_core.ir.deck import Slide
from ace_core.ir.nodes import FrameNode, GroupNode, NodeBase
from ace_core.layout import resize_frame
from ace_core.tools import content_ops as T
from backends.scenegraph.context import Ctx
from backends.scenegraph.handlers.base import HandlerTable
from backends.scenegraph.handlers.create import wrap_siblings
from backends.scenegraph.state import SceneState, auto_layout_of, children_list
from backends.scenegraph.subtree import copy_with_fresh_ids

table = HandlerTable()


def _index_in(container: Any, node: NodeBase) -> int:
    return next(i for i, k in enumerate(children_list(container) or []) if k is node)


@table.bind("move_node")
def move_node(ctx: Ctx, p: T.MoveNode) -> None:
    state = ctx.state
    node = state.node(p.nodeId)
    old_parent = state.parent[node.id]
    new_parent = state.container(p.parentId) if p.parentId is not None else old_parent
    if isinstance(new_parent, NodeBase) and (
        new_parent is node or any(d is new_parent for d in state.descendants(node))
    ):
        raise ToolError("cannot move a node into itself or its own descendant", field="parentId")
    ax, ay, _, _ = state.absolute_box(node)
    same_parent = new_parent is old_parent
    if not same_parent or p.index is not None:
        ctx.remove(node)
        if not same_parent:
            ox, oy = state.origin(new_parent)
            node.x, node.y = ax - ox, ay - oy
            if auto_layout_of(new_parent) is None:
                node.sizing_h = "FIXED" if node.sizing_h == "FILL" else node.sizing_h
                node.sizing_v = "FIXED" if node.sizing_v == "FILL" else node.sizing_v
        ctx.insert(node, new_parent, index=p.index, xy_given=False, new=False)
    if p.x is not None or p.y is not None:
        if state.in_auto_layout(node):
            ctx.warn(f"x/y ignored: parent {state.parent[node.id].id!r} uses auto-layout (use index to reorder)")
        else:
            ox, oy = state.origin(state.parent[node.id]) if p.coordinateSpace == "slide" else (0.0, 0.0)
            if p.x is not None:
                node.x = p.x - ox
            if p.y is not None:
                node.y = p.y - oy
    ctx.touch(node)


def _scale_subtree(node: NodeBase, sx: float, sy: float) -> None:
    for child in children_list(node) or []:
        child.x *= sx
        child.y *= sy
        child.width *= sx
        child.height *= sy
        _scale_subtree(child, sx, sy)


@table.bind("resize_node")
def resize_node(ctx: Ctx, p: T.ResizeNode) -> None:
    state = ctx.state
    node = state.node(p.nodeId)
    w = p.width if p.width is not None else node.width
    h = p.height if p.height is not None else node.height
    in_flow = state.in_auto_layout(node)
    if p.width is not None and node.sizing_h != "FIXED":
        if in_flow and node.sizing_h == "FILL":
            ctx.warn(f"{node.id!r} width was FILL; it is FIXED now")
        node.sizing_h = "FIXED"
    if p.height is not None and node.sizing_v != "FIXED":
        if in_flow and node.sizing_v == "FILL":
            ctx.warn(f"{node.id!r} height was FILL; it is FIXED now")
        node.sizing_v = "FIXED"
    if isinstance(node, FrameNode):
        for changed in resize_frame(node, w, h, ctx.backend.measurer):
            if changed in state.nodes:
                ctx.touch(state.nodes[changed])
    elif isinstance(node, GroupNode):
        sx = w / node.width if node.width else 1.0
        sy = h / node.height if node.height else 1.0
        _scale_subtree(node, sx, sy)
        node.width, node.height = w, h
        for d in state.descendants(node):
            ctx.changed[d.id] = d
    else:
        if node.type == "TEXT":
            body = node.text  # type: ignore[attr-defined]
            if p.height is not None:
                body.auto_resize = "NONE"
            elif body.auto_resize == "WIDTH_AND_HEIGHT":
                body.auto_resize = "HEIGHT"
        node.width, node.height = w, h
    if node.type == "TEXT":
        ctx.text_changed.add(node.id)
    ctx.touch(node)


@table.bind("rotate_node")
def rotate_node(ctx: Ctx, p: T.RotateNode) -> None:
    node = ctx.state.node(p.nodeId)
    angle = node.rotation + p.angle if p.relative else p.angle
    angle = angle % 360.0
    node.rotation = angle - 360.0 if angle > 180.0 else angle
    ctx.touch(node)


@table.bind("clone_node")
def clone_node(ctx: Ctx, p: T.CloneNode) -> dict[str, Any]:
    state = ctx.state
    node = state.node(p.nodeId)
    copy = copy_with_fresh_ids(node, ctx.new_id)
    if p.parentId is not None:
        parent = state.container(p.parentId)
        index = None
        if parent is not state.parent[node.id]:
            ax, ay, _, _ = state.absolute_box(node)
            ox, oy = state.origin(parent)
            copy.x, copy.y = ax - ox, ay - oy
    else:
        parent = state.parent[node.id]
        index = _index_in(parent, node) + 1
    if p.x is not None:
        copy.x = p.x
    if p.y is not None:
        copy.y = p.y
    if auto_layout_of(parent) is None:
        copy.sizing_h = "FIXED" if copy.sizing_h == "FILL" else copy.sizing_h
        copy.sizing_v = "FIXED" if copy.sizing_v == "FILL" else copy.sizing_v
    ctx.insert(copy, parent, index=index, xy_given=p.x is not None or p.y is not None)
    return {"id": copy.id}


def unbind_connectors(ctx: Ctx, slide: Slide, gone: set[str]) -> None:
    """Connectors bound to deleted nodes keep their current ends, unbound."""
    state = ctx.state
    for other in slide.iter_nodes():
        if other.type != "CONNECTOR" or other.id in gone:
            continue
        for end_name in ("start", "end"):
            end = getattr(other, end_name)
            if end.node_id in gone:
                ox, oy = state.origin(state.parent[other.id])
                x0, y0 = ox + other.x, oy + other.y
                pts = {
                    "start": (x0 + (other.width if other.flip_h else 0), y0 + (other.height if other.flip_v else 0)),
                    "end": (x0 + (0 if other.flip_h else other.width), y0 + (0 if other.flip_v else other.height)),
                }
                other.meta[f"free_{end_name}"] = list(pts[end_name])
                setattr(other, end_name, end.model_copy(update={"node_id": None}))
                ctx.warn(f"connector {other.id!r} lost its {end_name} node and stays where it was")
                ctx.touch(other)


@table.bind("delete_node")
def delete_node(ctx: Ctx, p: T.DeleteNode) -> dict[str, Any]:
    state = ctx.state
    nodes = [state.node(n, f"nodeIds[{i}]") for i, n in enumerate(p.nodeIds)]
    chosen: dict[str, NodeBase] = {}
    for node in nodes:
        chosen[node.id] = node
    # skip nodes whose ancestor is deleted too
    roots = [n for n in chosen.values() if not _has_ancestor_in(state, n, chosen)]
    deleted: list[str] = []
    slides = {}
    for node in roots:
        slide = state.slide_of[node.id]
        slides[slide.id] = slide
        deleted.extend([node.id, *(d.id for d in state.descendants(node))])
        ctx.remove(node, deleted_by=f"delete_node({node.id})")
    gone = set(deleted)
    for slide in slides.values():
        unbind_connectors(ctx, slide, gone)
    return {"deleted_ids": deleted}


def _has_ancestor_in(state: SceneState, node: NodeBase, chosen: dict[str, NodeBase]) -> bool:
    parent = state.parent.get(node.id)
    while isinstance(parent, NodeBase):
        if parent.id in chosen:
            return True
        parent = state.parent.get(parent.id)
    return False


@table.bind("rename_node")
def rename_node(ctx: Ctx, p: T.RenameNode) -> None:
    node = ctx.state.node(p.nodeId)
    node.name = p.newName
    ctx.touch_style(node)


@table.bind("reorder_node")
def reorder_node(ctx: Ctx, p: T.ReorderNode) -> dict[str, Any]:
    state = ctx.state
    node = state.node(p.nodeId)
    parent = state.parent[node.id]
    kids = children_list(parent)
    assert kids is not None
    pos = _index_in(parent, node)
    last = len(kids) - 1
    if p.index is not None:
        target = min(p.index, last)
    else:
        target = {"TOP": last, "BOTTOM": 0, "FORWARD": min(last, pos + 1), "BACKWARD": max(0, pos - 1)}[p.direction]  # type: ignore[index]
    kids.insert(target, kids.pop(pos))
    ctx.touch(node)
    if isinstance(parent, NodeBase):
        ctx.touch(parent)
    return {"index": target}


@table.bind("group_nodes")
def group_nodes(ctx: Ctx, p: T.GroupNodes) -> dict[str, Any]:
    state = ctx.state
    nodes = [state.node(n, f"nodeIds[{i}]") for i, n in enumerate(p.nodeIds)]
    group = GroupNode(id=ctx.new_id(), name=p.groupName or "Group")
    wrap_siblings(ctx, nodes, group, "nodeIds")
    return {"id": group.id}


@table.bind("ungroup_nodes")
def ungroup_nodes(ctx: Ctx, p: T.UngroupNodes) -> dict[str, Any]:
    state = ctx.state
    group = state.node(p.groupId, "groupId")
    if not isinstance(group, GroupNode | FrameNode) or (isinstance(group, FrameNode) and group.layout is not None):
        raise ToolError(
            f"{group.id!r} is a {group.type} node; only groups and frames without auto-layout can be dissolved",
            field="groupId",
        )
    if group.rotation:
        ctx.warn("the group was rotated; its children keep their own rotation only")
    parent = state.parent[group.id]
    kids = list(group.children)
    gx, gy = group.x, group.y
    index = ctx.remove(group, deleted_by=f"ungroup_nodes({group.id})")
    for k in kids:
        state.deleted.pop(k.id, None)
        for d in state.descendants(k):
            state.deleted.pop(d.id, None)
    group.children = []
    for offset, child in enumerate(kids):
        child.x += gx
        child.y += gy
        ctx.insert(child, parent, index=index + offset, xy_given=False, new=False)
    return {"ungrouped_ids": [k.id for k in kids]}


@table.bind("boolean_nodes")
def boolean_nodes(ctx: Ctx, p: T.BooleanNodes) -> dict[str, Any]:
    state = ctx.state
    nodes = [state.node(n, f"nodeIds[{i}]") for i, n in enumerate(p.nodeIds)]
    for i, n in enumerate(nodes):
        if n.type in ("TEXT", "TABLE", "CHART", "IMAGE", "MATH", "CONNECTOR", "FRAME"):
            raise ToolError(f"{n.id!r} is a {n.type} node; boolean operations take shapes", field=f"nodeIds[{i}]")
    group = GroupNode(id=ctx.new_id(), name=p.name or p.operation.title(), is_boolean=p.operation)
    wrap_siblings(ctx, nodes, group, "nodeIds")
    return {"id": group.id}


HANDLERS = table.handlers
