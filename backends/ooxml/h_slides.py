"""OOXML slide tools: slide parts and presentation.xml's p:sldIdLst (create on a layout of the
master, duplicate, delete, reorder), p:bg, p:transition, p:sld/@show, notes slides, p:sldSz, and
clearing shape trees."""

from __future__ import annotations

import copy
from typing import Any

from lxml import etree

from ace_core.errors import ToolError
from ace_core.ir.deck import Slide
from adapters.ooxml import conventions as cv
from adapters.ooxml.ns import RT, local, qn
from adapters.ooxml.package_out import CONTENT_TYPES
from adapters.ooxml.write_slide import (
    PRESENTATION_ORDER,
    background_el,
    insert_in_order,
    notes_slide,
    set_notes_text,
    slide_element,
    transition_els,
)
from adapters.ooxml.xmlgen import el
from backends.native import Handlers, NCtx, new_order
from backends.ooxml.doc import OoxmlDoc, shape_types_of, stamp, transfer_rels
from backends.ooxml.h_ops import remove_shape
from backends.ooxml.shapes import iter_shapes, key_of, raw_xfrm, shape_children, write_box, xfrm_of

table = Handlers()

LAYOUT_NAMES = {
    "blank": ("Blank",),
    "title": ("Title Slide",),
    "title_content": ("Title and Content", "Title, Content"),
    "two_column": ("Two Content",),
    "comparison": ("Comparison",),
    "section": ("Section Header",),
    "title_only": ("Title Only",),
}


def _slide_list(doc: OoxmlDoc) -> etree._Element:
    pres = doc.edit(doc.pres)
    lst = pres.find(qn("p:sldIdLst"))
    if lst is None:
        lst = insert_in_order(pres, el("p:sldIdLst"), PRESENTATION_ORDER)
    return lst


def _entries(doc: OoxmlDoc) -> dict[str, etree._Element]:
    """slide id -> its p:sldId entry."""
    lst = _slide_list(doc)
    rels = doc.pkg.rels(doc.pres)
    by_part = {}
    for entry in lst:
        if isinstance(entry.tag, str) and local(entry.tag) == "sldId":
            rel = rels.get(entry.get(qn("r:id")))
            if rel is not None:
                by_part[rel.target] = entry
    return {sid: by_part[part] for sid, part in doc.parts.items() if part in by_part}


def _rebuild_order(doc: OoxmlDoc) -> None:
    """Put the p:sldId entries in doc.order."""
    lst = _slide_list(doc)
    entries = _entries(doc)
    for entry in list(lst):
        lst.remove(entry)
    for sid in doc.order:
        lst.append(entries[sid])


def _layout_part(doc: OoxmlDoc, layout: str | None) -> str:
    layouts = doc.layouts()
    for name in (*LAYOUT_NAMES.get(layout or "blank", ()), "Blank", "Title Only"):
        if name in layouts:
            return layouts[name]
    if not layouts:
        raise ToolError("the package has no slide layout", field="layout")
    return next(iter(layouts.values()))


def add_slide(doc: OoxmlDoc, part: str, slide_id: str, index: int, layout_part: str) -> int:
    """Register a new slide part in presentation.xml at `index` (clamped); returns the index."""
    index = max(0, min(index, len(doc.order)))
    doc.pkg.relate(part, RT.SLIDE_LAYOUT, layout_part)
    rid = doc.pkg.relate(doc.pres, RT.SLIDE, part)
    lst = _slide_list(doc)
    ids = [int(e.get("id", "0")) for e in lst if isinstance(e.tag, str)]
    entry = el("p:sldId", {"id": max([255, *ids]) + 1, "r:id": rid})
    lst.append(entry)
    doc.parts[slide_id] = part
    doc.order.insert(index, slide_id)
    doc.ids.reserve(slide_id)
    _rebuild_order(doc)
    return index


def _register_slide(doc: OoxmlDoc, sid: str, types: dict[str, str]) -> None:
    for shape in iter_shapes(doc.sp_tree(sid)):
        doc.register(shape, sid, types)


@table.bind("create_slide")
def create_slide(ctx: NCtx, p: Any) -> dict[str, Any]:
    """A slide written from the layout's placeholders (built like the scene graph's), related to
    the master's matching layout (Title Slide, Title and Content, Two Content...)."""
    doc: OoxmlDoc = ctx.doc
    args = {k: v for k, v in ctx.args.items() if k not in ("index", "focus")}
    state, result = ctx.backend.build(doc, "create_slide", args, slides=[])
    slide: Slide = state.deck.slides[0]
    part = doc.pkg.next_name("ppt/slides/slide{}.xml")
    pctx = doc.part_ctx(part)
    root = slide_element(slide, pctx, nodes=list(slide.children), placeholders=True, inherited_background=False)
    doc.put_xml(part, root, CONTENT_TYPES["slide"])
    if p.index is not None:
        index = p.index
    elif doc.focused in doc.parts:
        index = doc.slide_index(doc.focused) + 1
    else:
        index = len(doc.order)
    index = add_slide(doc, part, slide.id, index, _layout_part(doc, p.layout))
    types: dict[str, str] = {}
    for child in slide.children:
        types.update(shape_types_of(child))
    _register_slide(doc, slide.id, types)
    if p.focus:
        doc.focused = slide.id
    for nid in result.get("placeholders", {}).values():
        ctx.touch(nid)
    ctx.created.append(slide.id)
    return {"id": slide.id, "index": index, "placeholders": result.get("placeholders", {})}


def _notes_of(doc: OoxmlDoc, part: str) -> str | None:
    for rel in doc.pkg.rels(part).of_type(RT.NOTES_SLIDE):
        if doc.pkg.exists(rel.target):
            return rel.target
    return None


def _notes_body(doc: OoxmlDoc, notes_part: str, *, write: bool) -> etree._Element | None:
    root = doc.edit(notes_part) if write else doc.xml(notes_part)
    for sp in root.iter(qn("p:sp")):
        ph = sp.find(f"{qn('p:nvSpPr')}/{qn('p:nvPr')}/{qn('p:ph')}")
        if ph is not None and ph.get("type") == "body":
            body = sp.find(qn("p:txBody"))
            if body is None and write:
                body = el("p:txBody", None, el("a:bodyPr"), el("a:lstStyle"))
                sp.append(body)
            return body
    return None


def _notes_text(doc: OoxmlDoc, part: str) -> str:
    notes = _notes_of(doc, part)
    body = _notes_body(doc, notes, write=False) if notes else None
    if body is None:
        return ""
    return "\n".join("".join(t.text or "" for t in para.iter(qn("a:t"))) for para in body.findall(qn("a:p")))


@table.bind("duplicate_slide")
def duplicate_slide(ctx: NCtx, p: Any) -> dict[str, Any]:
    """A copy of the slide part (every shape gets a fresh ACE id; charts are copied with their
    workbook; the notes are copied), placed after the original unless `index`."""
    doc: OoxmlDoc = ctx.doc
    sid, part = doc.slide_part(p.slideId)
    root = copy.deepcopy(doc.xml(part))
    new_id = doc.ids()
    new_part = doc.pkg.next_name("ppt/slides/slide{}.xml")
    csld = root.find(qn("p:cSld"))
    cv.set_ace_id(csld, new_id)
    placeholders: dict[str, str] = {}
    types: dict[str, str] = {}
    for shape in iter_shapes(csld.find(qn("p:spTree"))):
        old = key_of(shape, sid)
        fresh = doc.ids()
        stamp(shape, fresh)
        types[fresh] = doc.types.get(old or "", "")
        if old in doc.base_boxes:
            doc.base_boxes[fresh] = doc.base_boxes[old]
        ph = shape.find(f".//{qn('p:ph')}")
        if ph is not None:
            role = ph.get("type", "body")
            role = "title" if role in ("title", "ctrTitle") else role
            placeholders.setdefault(role, fresh)
    doc.put_xml(new_part, root, CONTENT_TYPES["slide"])
    layout = doc.pkg.rels(part).of_type(RT.SLIDE_LAYOUT)
    transfer_rels(doc, part, new_part, root, copy_charts=True)
    index = p.index if p.index is not None else doc.slide_index(sid) + 1
    index = add_slide(doc, new_part, new_id, index, layout[0].target if layout else _layout_part(doc, None))
    _register_slide(doc, new_id, {k: v for k, v in types.items() if v})
    notes = _notes_text(doc, part)
    if notes:
        notes_slide(doc.pkg, new_part, notes)
    ctx.created.append(new_id)
    return {"id": new_id, "index": index, "placeholders": placeholders}


@table.bind("delete_slide")
def delete_slide(ctx: NCtx, p: Any) -> None:
    doc: OoxmlDoc = ctx.doc
    sid, part = doc.slide_part(p.slideId)
    by = f"delete_slide({sid})"
    for shape in list(shape_children(doc.sp_tree(sid))):
        doc.forget(shape, sid, by)
    entries = _entries(doc)
    entry = entries.get(sid)
    if entry is not None:
        rid = entry.get(qn("r:id"))
        entry.getparent().remove(entry)
        doc.pkg.rels(doc.pres).remove(rid)
    notes = _notes_of(doc, part)
    if notes:
        doc.pkg.remove(notes)
    for other in doc.order:  # links from other slides to this one
        if other == sid:
            continue
        rels = doc.pkg.rels(doc.parts[other])
        gone = [r.rid for r in rels.of_type(RT.SLIDE) if r.target == part]
        if gone:
            root = doc.edit(doc.parts[other])
            for link in list(root.iter(qn("a:hlinkClick"))):
                if link.get(qn("r:id")) in gone:
                    link.getparent().remove(link)
            for rid in gone:
                rels.remove(rid)
    doc.pkg.remove(part)
    index = doc.order.index(sid)
    doc.order.remove(sid)
    del doc.parts[sid]
    doc.deleted[sid] = by
    if doc.focused == sid:
        doc.focused = doc.order[min(index, len(doc.order) - 1)] if doc.order else None
    if not doc.order:
        ctx.warn("the deck has no slides left")


@table.bind("reorder_slides")
def reorder_slides(ctx: NCtx, p: Any) -> None:
    doc: OoxmlDoc = ctx.doc
    doc.order[:] = new_order(p, doc.order, lambda sid, field: doc.slide_part(sid, field))
    _rebuild_order(doc)


@table.bind("focus_slide")
def focus_slide(ctx: NCtx, p: Any) -> dict[str, Any]:
    doc: OoxmlDoc = ctx.doc
    sid, _ = doc.slide_part(p.slideId)
    doc.focused = sid
    return {"focused_slide_id": sid}


@table.bind("set_slide_background")
def set_slide_background(ctx: NCtx, p: Any) -> None:
    doc: OoxmlDoc = ctx.doc
    sid, part = doc.slide_part(p.slideId)
    built = ctx.scratch_slide(sid)
    csld = doc.edit(part).find(qn("p:cSld"))
    old = csld.find(qn("p:bg"))
    if old is not None:
        csld.remove(old)
    pctx = doc.part_ctx(part, sid)
    bg = background_el(built.background, pctx) if built.background is not None else None
    if bg is not None:
        csld.insert(0, bg)


@table.bind("set_slide_transition")
def set_slide_transition(ctx: NCtx, p: Any) -> None:
    doc: OoxmlDoc = ctx.doc
    sid, part = doc.slide_part(p.slideId)
    built = ctx.scratch_slide(sid)
    root = doc.edit(part)
    for child in list(root):
        if not isinstance(child.tag, str):
            continue
        if local(child.tag) == "transition" or (
            local(child.tag) == "AlternateContent" and next(child.iter(qn("p:transition")), None) is not None
        ):
            root.remove(child)
    if built.transition is not None:
        pctx = doc.part_ctx(part, sid)
        anchor = root.find(qn("p:clrMapOvr"))
        if anchor is None:
            anchor = root.find(qn("p:cSld"))
        for item in reversed(transition_els(built.transition, pctx)):
            anchor.addnext(item)


@table.bind("set_slide_hidden")
def set_slide_hidden(ctx: NCtx, p: Any) -> None:
    doc: OoxmlDoc = ctx.doc
    _, part = doc.slide_part(p.slideId)
    root = doc.edit(part)
    if p.hidden:
        root.set("show", "0")
    else:
        root.attrib.pop("show", None)


@table.bind("set_speaker_notes")
def set_speaker_notes(ctx: NCtx, p: Any) -> None:
    doc: OoxmlDoc = ctx.doc
    _, part = doc.slide_part(p.slideId)
    notes = _notes_of(doc, part)
    if notes is None:
        if p.notes:
            notes_slide(doc.pkg, part, p.notes)
    else:
        body = _notes_body(doc, notes, write=True)
        if body is None:
            raise ToolError("the notes slide has no body placeholder", field="slideId")
        set_notes_text(body, p.notes)


@table.bind("set_presentation_size")
def set_presentation_size(ctx: NCtx, p: Any) -> dict[str, Any]:
    """p:sldSz in EMU; scaleContent scales every slide's top-level shapes (groups carry their members)."""
    from adapters.ooxml.xmlgen import emu

    doc: OoxmlDoc = ctx.doc
    state, _ = ctx.backend.build(doc, "set_presentation_size", {**ctx.args, "scaleContent": False}, slides=[])
    w, h = state.deck.width, state.deck.height
    sx, sy = w / doc.header.width, h / doc.header.height
    pres = doc.edit(doc.pres)
    sz = pres.find(qn("p:sldSz"))
    if sz is None:
        sz = insert_in_order(pres, el("p:sldSz"), PRESENTATION_ORDER)
    sz.set("cx", str(emu(w)))
    sz.set("cy", str(emu(h)))
    sz.attrib.pop("type", None)
    if p.scaleContent:
        for sid in doc.order:
            tree = doc.sp_tree(sid, write=True)
            for shape in shape_children(tree):
                key = key_of(shape, sid)
                box = raw_xfrm(xfrm_of(shape))
                if box is None and key in doc.base_boxes:
                    x, y, bw, bh = doc.base_boxes.pop(key)
                    write_box(shape, (x * sx, y * sy, bw * sx, bh * sy))
                elif box is not None:
                    from backends.ooxml.shapes import TOP

                    x, y, bw, bh = TOP.to_px(*box)
                    write_box(shape, (x * sx, y * sy, bw * sx, bh * sy))
                if key:
                    ctx.touch(key)
    header = doc.header.model_copy(update={"width": w, "height": h})
    header.attach_store(doc.header.store)
    doc.header = header
    return {"width": w, "height": h}


@table.bind("clear_canvas")
def clear_canvas(ctx: NCtx, p: Any) -> dict[str, Any]:
    doc: OoxmlDoc = ctx.doc
    sids = [doc.slide_part(None)[0]] if p.scope == "current_slide" else list(doc.order)
    removed = 0
    for sid in sids:
        for shape in list(shape_children(doc.sp_tree(sid, write=True))):
            removed += len(remove_shape(doc, sid, shape, "clear_canvas"))
    if p.scope == "all_slides" and not p.keepSlides and len(doc.order) > 1:
        from types import SimpleNamespace

        for sid in list(doc.order[1:]):
            delete_slide(ctx, SimpleNamespace(slideId=sid))
        doc.focused = doc.order[0]
    return {"removed_nodes": removed, "slides": len(doc.order)}


HANDLERS = table.handlers


@table.bind("set_slide_layout")
def set_slide_layout(ctx: NCtx, p: Any) -> dict[str, Any]:
    """The slide is related to the master's matching layout; its title / body placeholders move
    to the layout's boxes and the placeholders it lacks are added (p:ph shapes)."""
    from adapters.ooxml.write_shapes import node_elements
    from backends.ooxml.edit import set_abs_box

    doc: OoxmlDoc = ctx.doc
    sid, part = doc.slide_part(p.slideId)
    current = ctx.backend.view(doc).slide(sid)
    own = [n for n in current.children if cv.META_INHERITED not in n.meta]
    before = {n.id: (n.x, n.y, n.width, n.height) for n in own}
    state, result = ctx.backend.build(
        doc, ctx.tool, {**ctx.args, "slideId": sid}, slides=[current.model_copy(update={"children": own}, deep=True)]
    )
    built = state.slides[sid]
    tree = doc.sp_tree(sid, write=True)
    shapes = doc.shapes(sid, write=True)
    pctx = doc.part_ctx(part, sid)
    from backends.ooxml.h_ops import place_in

    for node in built.children:
        box = (node.x, node.y, node.width, node.height)
        if node.id in before:
            if before[node.id] != box and node.id in shapes:
                set_abs_box(doc, node.id, shapes[node.id], box)
                ctx.touch(node.id)
            continue
        for item in node_elements(node, pctx, placeholders=True):
            place_in(tree, item)
            doc.register(item, sid, {node.id: node.type})
        ctx.touch(node.id)
    rels = doc.pkg.rels(part)
    for rel in rels.of_type(RT.SLIDE_LAYOUT):
        rel.target = _layout_part(doc, p.layout)
        rels.dirty = True
    for w in result.get("warnings", []):
        ctx.warn(w)
    return {"placeholders": result.get("placeholders", {})}
