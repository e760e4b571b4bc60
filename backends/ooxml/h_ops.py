"""OOXML operations on shapes: move (a:off, re-parenting between shape trees and slides), resize
(a:ext; a group's child space scales its members), rotate (xfrm/@rot), clone, delete, rename,
z-order, group / ungroup (p:grpSp with its child space), align and distribute."""

from __future__ import annotations

import copy
from typing import Any

from lxml import etree

from ace_core.errors import ToolError
from adapters.ooxml.ns import local, qn
from adapters.ooxml.xmlgen import ang
from backends.native import Handlers, NCtx, align_moves, align_reference, z_target
from backends.ooxml.doc import OoxmlDoc, stamp, transfer_rels
from backends.ooxml.edit import abs_box, set_abs_box
from backends.ooxml.shapes import (
    cnv_of,
    container_frame,
    container_origin,
    ensure_xfrm,
    iter_shapes,
    key_of,
    parent_container,
    read_box,
    shape_children,
    write_box,
    xfrm_of,
)

table = Handlers()


def place_in(container: etree._Element, shape: etree._Element, index: int | None = None) -> None:
    """Insert a shape at z-order `index` among the container's shapes (None: on top), keeping
    p:extLst last."""
    kids = list(shape_children(container))
    kids = [k for k in kids if k is not shape]
    if index is not None and index < len(kids):
        anchor = kids[max(0, index)]
        while anchor.getparent() is not container:  # a branch of mc:AlternateContent
            anchor = anchor.getparent()
        anchor.addprevious(shape)
        return
    ext = container.find(qn("p:extLst"))
    if ext is not None:
        ext.addprevious(shape)
    else:
        container.append(shape)


def renumber(doc: OoxmlDoc, sid: str, root: etree._Element, source: str, *, fresh_ids: bool) -> dict[str, str]:
    """New cNvPr ids (unique on slide `sid`) for every shape under `root` (which comes from slide
    `source`), and with `fresh_ids` new ACE ids stamped on them; returns old id -> new id."""
    nxt = doc.next_cnv_id(sid)
    mapping: dict[str, str] = {}
    shapes = [root, *iter_shapes(root)] if local(root.tag) == "grpSp" else [root]
    for shape in shapes:
        cnv = cnv_of(shape)
        if cnv is None:
            continue
        old = key_of(shape, source)
        cnv.set("id", str(nxt))
        nxt += 1
        new = doc.ids() if fresh_ids else old
        stamp(shape, new)
        if old is not None:
            mapping[old] = new
    return mapping


@table.bind("move_node")
def move_node(ctx: NCtx, p: Any) -> None:
    doc: OoxmlDoc = ctx.doc
    sid, shape = doc.find(p.nodeId, write=True)
    box = abs_box(doc, p.nodeId, shape)
    if p.parentId is not None or p.index is not None:
        if p.parentId is not None:
            new_sid, new_parent = doc.container(p.parentId)
        else:
            new_sid, new_parent = sid, parent_container(shape)
        if new_parent is shape or any(new_parent is d for d in iter_shapes(shape)):
            raise ToolError("cannot move a node into itself or its own descendant", field="parentId")
        if new_sid != sid:
            for sub in [shape, *iter_shapes(shape)] if local(shape.tag) == "grpSp" else [shape]:
                stamp(sub, key_of(sub, sid))  # keep the ids: they were derived from the old slide
            transfer_rels(doc, doc.parts[sid], doc.parts[new_sid], shape, copy_charts=False)
            shape.getparent().remove(shape)
            renumber(doc, new_sid, shape, sid, fresh_ids=False)
            for sub in [shape, *iter_shapes(shape)] if local(shape.tag) == "grpSp" else [shape]:
                doc.where[key_of(sub, new_sid)] = new_sid
        else:
            shape.getparent().remove(shape)
        place_in(new_parent, shape, p.index)
        write_box(shape, box)
    if p.x is not None or p.y is not None:
        parent = parent_container(shape)
        ox, oy = (0.0, 0.0) if p.coordinateSpace == "slide" else container_origin(parent)
        x = ox + p.x if p.x is not None else box[0]
        y = oy + p.y if p.y is not None else box[1]
        box = (x, y, box[2], box[3])
    set_abs_box(doc, p.nodeId, shape, box)
    ctx.touch(p.nodeId)


@table.bind("resize_node")
def resize_node(ctx: NCtx, p: Any) -> None:
    doc: OoxmlDoc = ctx.doc
    _, shape = doc.find(p.nodeId, write=True)
    x, y, w, h = abs_box(doc, p.nodeId, shape)
    set_abs_box(
        doc, p.nodeId, shape, (x, y, p.width if p.width is not None else w, p.height if p.height is not None else h)
    )
    if local(shape.tag) == "grpSp":
        ctx.warn("a group's child space scales its members (ooxml)")
    ctx.touch(p.nodeId)


@table.bind("rotate_node")
def rotate_node(ctx: NCtx, p: Any) -> None:
    doc: OoxmlDoc = ctx.doc
    _, shape = doc.find(p.nodeId, write=True)
    if local(shape.tag) == "graphicFrame":
        raise ToolError("ooxml graphic frames (tables, charts) cannot rotate", field="nodeId")
    if xfrm_of(shape) is None:
        set_abs_box(doc, p.nodeId, shape, abs_box(doc, p.nodeId, shape))
    xf = ensure_xfrm(shape)
    current = int(xf.get("rot", "0")) / 60000.0
    angle = (current + p.angle if p.relative else p.angle) % 360.0
    rot = ang(angle)
    if rot:
        xf.set("rot", str(rot))
    else:
        xf.attrib.pop("rot", None)
    ctx.touch(p.nodeId)


@table.bind("clone_node")
def clone_node(ctx: NCtx, p: Any) -> dict[str, Any]:
    doc: OoxmlDoc = ctx.doc
    sid, shape = doc.find(p.nodeId, write=True)
    box = abs_box(doc, p.nodeId, shape)
    twin = copy.deepcopy(shape)
    old_types = {k: doc.types.get(k, "") for k in _keys(shape, sid)}
    if p.parentId is not None:
        new_sid, parent = doc.container(p.parentId)
        index = None
    else:
        new_sid, parent = sid, parent_container(shape)
        index = list(shape_children(parent)).index(shape) + 1
    transfer_rels(doc, doc.parts[sid], doc.parts[new_sid], twin, copy_charts=True)
    mapping = renumber(doc, new_sid, twin, sid, fresh_ids=True)
    place_in(parent, twin, index)
    if xfrm_of(twin) is None:
        write_box(twin, box)
    doc.register(twin, new_sid, {new: old_types.get(old, "") for old, new in mapping.items() if old_types.get(old)})
    tb = abs_box(doc, mapping[p.nodeId], twin)
    if p.x is not None or p.y is not None:
        ox, oy = container_origin(parent)
        tb = (ox + p.x if p.x is not None else tb[0], oy + p.y if p.y is not None else tb[1], tb[2], tb[3])
    set_abs_box(doc, mapping[p.nodeId], twin, tb)
    new_id = mapping[p.nodeId]
    ctx.create(new_id)
    return {"id": new_id}


def _keys(shape: etree._Element, sid: str) -> list[str]:
    subs = [shape, *iter_shapes(shape)] if local(shape.tag) == "grpSp" else [shape]
    return [k for k in (key_of(s, sid) for s in subs) if k is not None]


def remove_shape(doc: OoxmlDoc, sid: str, shape: etree._Element, by: str) -> list[str]:
    """Delete a shape (its ids become stale); connectors bound to it are unbound and animations
    naming it dropped."""
    cnv_ids = {c.get("id") for sub in [shape, *iter_shapes(shape)] for c in [cnv_of(sub)] if c is not None}
    gone = doc.forget(shape, sid, by)
    holder = shape.getparent()
    holder.remove(shape)
    if local(holder.tag) in ("Choice", "Fallback") and not [c for c in holder if isinstance(c.tag, str)]:
        ac = holder.getparent()
        ac.getparent().remove(ac)
    root = doc.edit(doc.parts[sid])
    for end in list(root.iter(qn("a:stCxn"), qn("a:endCxn"))):
        if end.get("id") in cnv_ids:
            end.getparent().remove(end)
    timing = root.find(qn("p:timing"))
    if timing is not None and any(
        t.get("spid") in cnv_ids for t in timing.iter() if isinstance(t.tag, str) and t.get("spid") is not None
    ):
        root.remove(timing)
    return gone


@table.bind("delete_node")
def delete_node(ctx: NCtx, p: Any) -> dict[str, Any]:
    doc: OoxmlDoc = ctx.doc
    found = [doc.find(nid, f"nodeIds[{i}]", write=True) for i, nid in enumerate(p.nodeIds)]
    removed: list[str] = []
    for (sid, shape), nid in zip(found, p.nodeIds, strict=True):
        if nid in doc.deleted:  # inside a group deleted just before
            continue
        removed += remove_shape(doc, sid, shape, "delete_node")
    return {"deleted": removed}


@table.bind("rename_node")
def rename_node(ctx: NCtx, p: Any) -> None:
    _, shape = ctx.doc.find(p.nodeId, write=True)
    cnv = cnv_of(shape)
    if cnv is not None:
        cnv.set("name", p.newName)
    ctx.touch(p.nodeId)


@table.bind("reorder_node")
def reorder_node(ctx: NCtx, p: Any) -> dict[str, Any]:
    doc: OoxmlDoc = ctx.doc
    _, shape = doc.find(p.nodeId, write=True)
    parent = parent_container(shape)
    kids = list(shape_children(parent))
    pos = kids.index(shape)
    target = z_target(p, pos, len(kids) - 1)
    shape.getparent().remove(shape)
    place_in(parent, shape, target)
    ctx.touch(p.nodeId)
    return {"index": target}


@table.bind("group_nodes")
def group_nodes(ctx: NCtx, p: Any) -> dict[str, Any]:
    """A p:grpSp whose child space equals its box, so members keep their xfrm; it takes the
    z-place of the lowest member."""
    from adapters.ooxml.xmlgen import el, sub

    doc: OoxmlDoc = ctx.doc
    found = [doc.find(nid, f"nodeIds[{i}]", write=True) for i, nid in enumerate(p.nodeIds)]
    sid = found[0][0]
    parent = parent_container(found[0][1])
    for (s, shape), nid in zip(found, p.nodeIds, strict=True):
        if s != sid or parent_container(shape) is not parent:
            raise ToolError("nodes to group must share a parent", field="nodeIds")
        if shape.find(f".//{qn('p:ph')}") is not None:
            raise ToolError(f"{nid!r} is a placeholder: ooxml cannot group placeholders", field="nodeIds")
        if xfrm_of(shape) is None:
            set_abs_box(doc, nid, shape, abs_box(doc, nid, shape))
    kids = list(shape_children(parent))
    members = sorted((s for _, s in found), key=kids.index)
    frame = container_frame(parent)
    boxes = [frame.to_emu(*read_box(s)) for s in members]
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[0] + b[2] for b in boxes)
    y1 = max(b[1] + b[3] for b in boxes)
    gid = doc.ids()
    cnv_id = doc.next_cnv_id(sid)
    nv = el("p:nvGrpSpPr", None, el("p:cNvPr", {"id": cnv_id, "name": p.groupName or f"Group {cnv_id}"}))
    sub(nv, "p:cNvGrpSpPr")
    sub(nv, "p:nvPr")
    group = el("p:grpSp", None, nv)
    xf = sub(sub(group, "p:grpSpPr"), "a:xfrm")
    sub(xf, "a:off", {"x": x0, "y": y0})
    sub(xf, "a:ext", {"cx": x1 - x0, "cy": y1 - y0})
    sub(xf, "a:chOff", {"x": x0, "y": y0})
    sub(xf, "a:chExt", {"cx": x1 - x0, "cy": y1 - y0})
    stamp(group, gid)
    index = kids.index(members[0])
    for m in members:
        m.getparent().remove(m)
        group.append(m)
    place_in(parent, group, index)
    doc.register(group, sid, {gid: "GROUP"})
    for nid in p.nodeIds:
        ctx.touch(nid)
    ctx.create(gid)
    return {"id": gid}


@table.bind("ungroup_nodes")
def ungroup_nodes(ctx: NCtx, p: Any) -> dict[str, Any]:
    doc: OoxmlDoc = ctx.doc
    sid, group = doc.find(p.groupId, "groupId", write=True)
    if local(group.tag) != "grpSp":
        raise ToolError(f"{p.groupId!r} is not a group", field="groupId")
    xf = xfrm_of(group)
    if xf is not None and int(xf.get("rot", "0")) % 21600000:
        ctx.warn("the group was rotated: its members keep their own rotation only")
    parent = parent_container(group)
    index = list(shape_children(parent)).index(group)
    members = list(shape_children(group))
    boxes = [read_box(m) for m in members]
    keys = [key_of(m, sid) for m in members]
    doc.deleted[p.groupId] = "ungroup_nodes"
    doc.types.pop(p.groupId, None)
    doc.where.pop(p.groupId, None)
    for i, (m, box) in enumerate(zip(members, boxes, strict=True)):
        m.getparent().remove(m)
        place_in(parent, m, index + i)
        if box is not None:
            write_box(m, box)
    group.getparent().remove(group)
    for k in keys:
        if k is not None:
            ctx.touch(k)
    return {"ids": [k for k in keys if k]}


@table.bind("align_nodes")
def align_nodes(ctx: NCtx, p: Any) -> None:
    doc: OoxmlDoc = ctx.doc
    found = [doc.find(nid, f"nodeIds[{i}]", write=True) for i, nid in enumerate(p.nodeIds)]
    boxes = [abs_box(doc, nid, shape) for (_, shape), nid in zip(found, p.nodeIds, strict=True)]
    parent = parent_container(found[0][1])
    parent_box = read_box(parent) if local(parent.tag) == "grpSp" else None
    ref = align_reference(p.relativeTo, len(boxes), parent_box, (doc.header.width, doc.header.height))
    for (dx, dy), box, (_, shape), nid in zip(align_moves(boxes, p.mode, ref), boxes, found, p.nodeIds, strict=True):
        set_abs_box(doc, nid, shape, (box[0] + dx, box[1] + dy, box[2], box[3]))
        ctx.touch(nid)


HANDLERS = table.handlers
