"""smartArtTools: create, inspect, edit and restyle diagrams (rebuilt and re-flowed on change)."""

from __future__ import annotations

import copy
from typing import Any

from ace_core.errors import ToolError
from ace_core.ir.nodes import FrameNode
from ace_core.tools import smartart as T
from backends.scenegraph.context import Ctx
from backends.scenegraph.handlers.base import HandlerTable
from backends.scenegraph.handlers.create import place
from backends.scenegraph.smartart_build import build_diagram, item_shapes

table = HandlerTable()


def _items_json(items: list[Any]) -> list[dict[str, Any]]:
    return [{"text": it.text, "children": _items_json(it.children)} for it in items]


def diagram_of(ctx: Ctx, node_id: str) -> tuple[FrameNode, dict[str, Any]]:
    state = ctx.state
    node = state.node(node_id)
    # an item id leads to its diagram
    cur: Any = node
    while cur is not None and not (isinstance(cur, FrameNode) and isinstance(cur.meta.get("smartart"), dict)):
        cur = state.parent.get(cur.id) if hasattr(cur, "id") and cur.id in state.parent else None
    if cur is None:
        raise ToolError(f"{node_id!r} is not a diagram made by create_smartart", field="nodeId")
    return cur, cur.meta["smartart"]


def rebuild(ctx: Ctx, root: FrameNode, spec: dict[str, Any], tool: str) -> None:
    state = ctx.state
    slide = state.slide_of[root.id]
    old = {d.id for d in state.descendants(root)}
    for child in list(root.children):
        state.forget_subtree(child)
    build_diagram(ctx, root, spec)
    for child in root.children:
        state.add_subtree(child, root, slide)
    new = {d.id for d in state.descendants(root)}
    for gone in old - new:
        state.deleted[gone] = f"{tool}({root.id})"
        ctx.changed.pop(gone, None)
    ctx.touch(root)
    for d in state.descendants(root):
        ctx.changed[d.id] = d
    ctx.structure_changed.add(slide.id)


def _result(root: FrameNode, spec: dict[str, Any]) -> dict[str, Any]:
    return {"id": root.id, "layout": spec["layout"], "item_ids": [shape for _, _, shape in item_shapes(spec["items"])]}


@table.bind("create_smartart")
def create_smartart(ctx: Ctx, p: T.CreateSmartArt) -> dict[str, Any]:
    style = p.style.model_dump(exclude_none=True) if p.style else {}
    spec = {"layout": p.layout, "style": style, "items": _items_json(p.items), "connectors": {}}
    root = FrameNode(
        id=ctx.new_id(),
        name=p.name or f"Diagram ({p.layout})",
        x=p.x,
        y=p.y,
        width=p.width,
        height=p.height,
        meta={"smartart": spec},
    )
    build_diagram(ctx, root, spec)
    place(ctx, root, p)
    return _result(root, spec)


def _public_items(
    items: list[dict[str, Any]], path: tuple[int, ...] = (), parent: str | None = None
) -> list[dict[str, Any]]:
    out = []
    for i, it in enumerate(items):
        shape = it.get("nodeId") or parent
        kids = _public_items(it.get("children", []), (*path, i), shape)
        out.append({"path": [*path, i], "text": it["text"], "nodeId": shape, "children": kids})
    return out


@table.bind("get_smartart_info")
def get_smartart_info(ctx: Ctx, p: T.GetSmartArtInfo) -> dict[str, Any]:
    root, spec = diagram_of(ctx, p.nodeId)
    return {
        "id": root.id,
        "layout": spec["layout"],
        "style": spec.get("style", {}),
        "items": _public_items(spec["items"]),
        "box": {"x": root.x, "y": root.y, "width": root.width, "height": root.height},
    }


def _locate(
    items: list[dict[str, Any]], path: list[int], field: str, *, allow_end: bool = False
) -> tuple[list[dict[str, Any]], int]:
    """The sibling list and index that `path` names (the last index may be len(list) with allow_end)."""
    if not path:
        raise ToolError("path must name an item, e.g. [0]", field=field)
    level = items
    for depth, idx in enumerate(path[:-1]):
        if not 0 <= idx < len(level):
            raise ToolError(f"no item at {path[: depth + 1]}", field=field, hint="get_smartart_info lists item paths")
        level = level[idx].setdefault("children", [])
    last = path[-1]
    limit = len(level) if allow_end else len(level) - 1
    if not 0 <= last <= limit:
        raise ToolError(f"no item at {path}", field=field, hint="get_smartart_info lists item paths")
    return level, last


@table.bind("update_smartart")
def update_smartart(ctx: Ctx, p: T.UpdateSmartArt) -> dict[str, Any]:
    root, spec = diagram_of(ctx, p.nodeId)
    work = copy.deepcopy(spec)
    items = work["items"]
    if p.op == "add":
        if p.text is None:
            raise ToolError("add needs text", field="text")
        path = p.path if p.path is not None else [len(items)]
        level, idx = _locate(items, path, "path", allow_end=True)
        level.insert(idx, {"text": p.text, "children": []})
    elif p.op == "remove":
        level, idx = _locate(items, p.path or [], "path")
        if level is items and len(items) == 1:
            raise ToolError(
                "a diagram needs at least one item", field="path", hint="delete the diagram with delete_node"
            )
        del level[idx]
    elif p.op == "edit":
        if p.text is None:
            raise ToolError("edit needs text", field="text")
        level, idx = _locate(items, p.path or [], "path")
        level[idx]["text"] = p.text
    else:
        if p.toPath is None:
            raise ToolError("move needs toPath", field="toPath")
        if p.path is not None and p.toPath[: len(p.path)] == p.path and len(p.toPath) > len(p.path):
            raise ToolError("cannot move an item into its own children", field="toPath")
        level, idx = _locate(items, p.path or [], "path")
        moved = level.pop(idx)
        dest, didx = _locate(items, p.toPath, "toPath", allow_end=True)
        dest.insert(didx, moved)
    if len(item_shapes(items)) > 60:
        raise ToolError("a diagram holds at most 60 items", field="op")
    spec.clear()
    spec.update(work)
    rebuild(ctx, root, spec, "update_smartart")
    return _result(root, spec)


@table.bind("set_smartart_style")
def set_smartart_style(ctx: Ctx, p: T.SetSmartArtStyle) -> dict[str, Any]:
    root, spec = diagram_of(ctx, p.nodeId)
    style = spec.setdefault("style", {})
    for key in ("colorScheme", "shapeStyle", "fontSize"):
        value = getattr(p, key)
        if value is not None:
            style[key] = value
    if p.layout is not None:
        spec["layout"] = p.layout
    rebuild(ctx, root, spec, "set_smartart_style")
    return _result(root, spec)


HANDLERS = table.handlers
