"""HTML operations on node elements: left / top / width / height and transform: rotate() in the
inline CSS, re-parenting (moving the element), copies, removal, data-name, DOM order (z-order and
flex order), grouping into a GROUP div, and align / distribute. Inside an auto-layout frame the
browser places flex items: x / y are ignored there (with a warning) and the frame re-flows."""

from __future__ import annotations

from typing import Any

from lxml import etree

from ace_core.errors import ToolError
from ace_core.ir.nodes import GroupNode
from adapters.html.schema import A_ID, A_NAME, A_TYPE, num
from backends.html.doc import (
    HtmlDoc,
    css_box,
    get_style,
    in_flow,
    layout_of,
    node_children,
    parent_node,
    set_css_box,
    update_style,
)
from backends.html.h_create import abs_box, abs_origin, insert_nodes
from backends.html.h_regen import regen
from backends.html.regen import element_ir, element_of
from backends.native import Handlers, NCtx, align_moves, align_reference, z_target

table = Handlers()


def _place(container: etree._Element, el: etree._Element, index: int | None) -> None:
    kids = [k for k in node_children(container) if k is not el]
    if index is not None and index < len(kids):
        kids[max(0, index)].addprevious(el)
    elif kids:
        kids[-1].addnext(el)
    else:
        notes = container.find("aside")
        if notes is not None:
            notes.addprevious(el)
        else:
            container.append(el)
    el.tail = "\n"


def _flow_note(ctx: NCtx, el: etree._Element) -> None:
    if in_flow(el):
        ctx.doc.flow_dirty.add(el.get(A_ID))


def _rehome(ctx: NCtx, el: etree._Element, container: etree._Element, index: int | None, box: Any) -> etree._Element:
    """Move an element into `container` keeping its place on the slide (re-rendered when it
    enters or leaves an auto-layout frame: its flex-item CSS depends on the parent)."""
    doc: HtmlDoc = ctx.doc
    old_flow = in_flow(el)
    new_flow = layout_of(container) is not None
    if old_flow or new_flow:
        node = element_ir(doc, el)
        ox, oy = abs_origin(ctx, container)
        node.x, node.y = box[0] - ox, box[1] - oy
        if not new_flow:
            node.sizing_h = "FIXED" if node.sizing_h == "FILL" else node.sizing_h
            node.sizing_v = "FIXED" if node.sizing_v == "FILL" else node.sizing_v
        el.getparent().remove(el)
        insert_nodes(ctx, container, [node], xy_given=False, index=index)
        return doc.find(node.id)[1]
    el.getparent().remove(el)
    _place(container, el, index)
    ox, oy = abs_origin(ctx, container)
    set_css_box(el, (box[0] - ox, box[1] - oy, None, None))
    return el


@table.bind("move_node")
def move_node(ctx: NCtx, p: Any) -> None:
    doc: HtmlDoc = ctx.doc
    _, el = doc.find(p.nodeId)
    box = abs_box(ctx, el)
    _flow_note(ctx, el)
    if p.parentId is not None or p.index is not None:
        container = doc.container(p.parentId)[1] if p.parentId is not None else parent_node(el)
        if container is el or any(a is el for a in container.iterancestors()):
            raise ToolError("cannot move a node into itself or its own descendant", field="parentId")
        el = _rehome(ctx, el, container, p.index, box)
    if p.x is not None or p.y is not None:
        if in_flow(el):
            ctx.warn(f"x/y ignored: parent {parent_node(el).get(A_ID)!r} uses auto-layout (use index to reorder)")
        else:
            ox, oy = abs_origin(ctx, parent_node(el)) if p.coordinateSpace == "slide" else (0.0, 0.0)
            set_css_box(el, (p.x - ox if p.x is not None else None, p.y - oy if p.y is not None else None, None, None))
    _flow_note(ctx, el)
    ctx.touch(p.nodeId)


def _scale_children(el: etree._Element, sx: float, sy: float) -> None:
    for child in node_children(el):
        box = css_box(child)
        if box is not None:
            set_css_box(child, (box[0] * sx, box[1] * sy, box[2] * sx, box[3] * sy))
        _scale_children(child, sx, sy)


@table.bind("resize_node")
def resize_node(ctx: NCtx, p: Any) -> dict[str, Any] | None:
    """width / height CSS; a group scales its members; frames (constraints, auto-layout) and
    flex items are re-rendered from their edited IR."""
    doc: HtmlDoc = ctx.doc
    _, el = doc.find(p.nodeId)
    if el.get(A_TYPE) == "FRAME" or in_flow(el):
        return regen(ctx, parent_level=in_flow(el))
    box = css_box(el)
    if box is None:
        return regen(ctx)
    w = p.width if p.width is not None else box[2]
    h = p.height if p.height is not None else box[3]
    if el.get(A_TYPE) == "GROUP":
        _scale_children(el, w / box[2] if box[2] else 1.0, h / box[3] if box[3] else 1.0)
    set_css_box(el, (None, None, w, h))
    ctx.touch(p.nodeId)
    return None


@table.bind("rotate_node")
def rotate_node(ctx: NCtx, p: Any) -> None:
    import re

    _, el = ctx.doc.find(p.nodeId)
    style = get_style(el)
    m = re.search(r"rotate\(\s*(-?[\d.]+)deg\s*\)", style.get("transform", ""))
    current = float(m.group(1)) if m else 0.0
    angle = (current + p.angle if p.relative else p.angle) % 360.0
    angle = angle - 360.0 if angle > 180.0 else angle
    update_style(el, transform=f"rotate({num(round(angle, 6))}deg)" if angle else None)
    ctx.touch(p.nodeId)


@table.bind("clone_node")
def clone_node(ctx: NCtx, p: Any) -> dict[str, Any]:
    """The element's copy with fresh data-ids (written anew, so SVG definitions get their own
    ids), right above the original or in parentId."""
    from backends.scenegraph.subtree import copy_with_fresh_ids

    doc: HtmlDoc = ctx.doc
    _, el = doc.find(p.nodeId)
    node = element_ir(doc, el)
    copy = copy_with_fresh_ids(node, doc.ids)
    if p.parentId is not None:
        _, container = doc.container(p.parentId)
        index = None
        if container is not parent_node(el):
            ax, ay, _, _ = abs_box(ctx, el)
            ox, oy = abs_origin(ctx, container)
            copy.x, copy.y = ax - ox, ay - oy
    else:
        container = parent_node(el)
        index = node_children(container).index(el) + 1
    if p.x is not None:
        copy.x = p.x
    if p.y is not None:
        copy.y = p.y
    ids = insert_nodes(ctx, container, [copy], xy_given=p.x is not None or p.y is not None, index=index)
    ctx.create(copy.id)
    for i in ids:
        ctx.touch(i)
    return {"id": copy.id}


@table.bind("delete_node")
def delete_node(ctx: NCtx, p: Any) -> dict[str, Any]:
    doc: HtmlDoc = ctx.doc
    found = [doc.find(nid, f"nodeIds[{i}]")[1] for i, nid in enumerate(p.nodeIds)]
    gone: list[str] = []
    for nid, el in zip(p.nodeIds, found, strict=True):
        if nid in doc.deleted:
            continue
        _flow_note(ctx, el)
        gone += doc.forget(el, "delete_node")
        el.getparent().remove(el)
    return {"deleted": gone}


@table.bind("rename_node")
def rename_node(ctx: NCtx, p: Any) -> None:
    _, el = ctx.doc.find(p.nodeId)
    el.set(A_NAME, p.newName)
    ctx.touch(p.nodeId)


@table.bind("reorder_node")
def reorder_node(ctx: NCtx, p: Any) -> dict[str, Any]:
    _, el = ctx.doc.find(p.nodeId)
    parent = parent_node(el)
    kids = node_children(parent)
    pos = kids.index(el)
    target = z_target(p, pos, len(kids) - 1)
    el.getparent().remove(el)
    _place(parent, el, target)
    _flow_note(ctx, el)
    ctx.touch(p.nodeId)
    return {"index": target}


@table.bind("group_nodes")
def group_nodes(ctx: NCtx, p: Any) -> dict[str, Any]:
    """A GROUP div at the members' joint box; members keep their place on the slide."""
    doc: HtmlDoc = ctx.doc
    els = [doc.find(nid, f"nodeIds[{i}]")[1] for i, nid in enumerate(p.nodeIds)]
    parent = parent_node(els[0])
    if any(parent_node(e) is not parent for e in els):
        raise ToolError("nodes to group must share a parent", field="nodeIds")
    if layout_of(parent) is not None:
        return regen(ctx, parent_level=True)
    boxes = [css_box(e) for e in els]
    if any(b is None for b in boxes):
        return regen(ctx, parent_level=True)
    x0 = min(b[0] for b in boxes)  # type: ignore[index]
    y0 = min(b[1] for b in boxes)  # type: ignore[index]
    x1 = max(b[0] + b[2] for b in boxes)  # type: ignore[index]
    y1 = max(b[1] + b[3] for b in boxes)  # type: ignore[index]
    kids = node_children(parent)
    members = sorted(els, key=kids.index)
    gid = doc.ids()
    group = GroupNode(id=gid, name=p.groupName or "Group", x=x0, y=y0, width=x1 - x0, height=y1 - y0)
    g = element_of(doc, group, parent, kids.index(members[0]))
    members[0].addprevious(g)
    g.tail = "\n"
    for m in els:
        m.getparent().remove(m)
    for m in members:
        b = css_box(m)
        g.append(m)
        set_css_box(m, (b[0] - x0, b[1] - y0, None, None))  # type: ignore[index]
    for nid in p.nodeIds:
        ctx.touch(nid)
    ctx.create(gid)
    return {"id": gid}


@table.bind("ungroup_nodes")
def ungroup_nodes(ctx: NCtx, p: Any) -> dict[str, Any]:
    doc: HtmlDoc = ctx.doc
    _, g = doc.find(p.groupId, "groupId")
    if g.get(A_TYPE) not in ("GROUP", "FRAME") or layout_of(g) is not None:
        raise ToolError(f"{p.groupId!r} is not a group (or a frame without auto-layout)", field="groupId")
    gbox = css_box(g)
    if gbox is None:
        return regen(ctx, [p.groupId], parent_level=True)
    if "rotate" in get_style(g).get("transform", ""):
        ctx.warn("the group was rotated: its members keep their own rotation only")
    ids = []
    for m in node_children(g):
        b = css_box(m)
        g.addprevious(m)
        m.tail = "\n"
        if b is not None:
            set_css_box(m, (b[0] + gbox[0], b[1] + gbox[1], None, None))
        ids.append(m.get(A_ID))
    doc.deleted[p.groupId] = "ungroup_nodes"
    g.getparent().remove(g)
    for i in ids:
        ctx.touch(i)
    return {"ids": ids}


@table.bind("align_nodes")
def align_nodes(ctx: NCtx, p: Any) -> None:
    doc: HtmlDoc = ctx.doc
    els = [doc.find(nid, f"nodeIds[{i}]")[1] for i, nid in enumerate(p.nodeIds)]
    movable = []
    for nid, el in zip(p.nodeIds, els, strict=True):
        if in_flow(el):
            ctx.warn(f"{nid!r} skipped: its parent uses auto-layout (the layout places it)")
        else:
            movable.append((nid, el))
    if not movable:
        return
    boxes = [abs_box(ctx, el) for _, el in movable]
    parent = parent_node(movable[0][1])
    parent_box = abs_box(ctx, parent) if parent.get(A_ID) is not None else None
    ref = align_reference(p.relativeTo, len(boxes), parent_box, (doc.header.width, doc.header.height))
    for (dx, dy), (nid, el) in zip(align_moves(boxes, p.mode, ref), movable, strict=True):
        box = css_box(el)
        set_css_box(el, (box[0] + dx, box[1] + dy, None, None))  # type: ignore[index]
        ctx.touch(nid)


HANDLERS = table.handlers
