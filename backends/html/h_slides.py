"""HTML slide tools: div.slide elements (create from a layout, duplicate, delete, reorder), their
background CSS, data-transition / data-hidden attributes, the aside.notes, the page size (slide
divs and the deck JSON), and clearing slides."""

from __future__ import annotations

from typing import Any

from lxml import etree

from adapters.html.css import background_decls
from adapters.html.schema import A_ID, A_SLIDE_ID, num
from backends.html.doc import HtmlDoc, css_box, get_ir, get_style, node_children, set_css_box, set_ir, set_style
from backends.html.h_regen import _slide_ir
from backends.html.regen import slide_element_of, write_ctx
from backends.native import Handlers, NCtx, new_order

table = Handlers()

_BG_PROPS = ("background-color", "background-image", "background-size", "background-position", "background-repeat")


def _insert_slide(doc: HtmlDoc, el: etree._Element, index: int) -> int:
    slides = doc.slide_elements()
    index = max(0, min(index, len(slides)))
    if index < len(slides):
        slides[index].addprevious(el)
    elif slides:
        slides[-1].addnext(el)
    else:
        doc.root.find("body").append(el)
    el.tail = "\n"
    return index


@table.bind("create_slide")
def create_slide(ctx: NCtx, p: Any) -> dict[str, Any]:
    doc: HtmlDoc = ctx.doc
    args = {k: v for k, v in ctx.args.items() if k not in ("index", "focus")}
    state, result = ctx.backend.build(doc, "create_slide", args, slides=[])
    slide = state.deck.slides[0]
    order = doc.order
    if p.index is not None:
        index = p.index
    elif doc.focused in order:
        index = order.index(doc.focused) + 1
    else:
        index = len(order)
    index = _insert_slide(doc, slide_element_of(doc, slide), index)
    doc.ids.reserve(slide.id)
    if p.focus:
        doc.focused = slide.id
    for nid in result.get("placeholders", {}).values():
        ctx.touch(nid)
    ctx.created.append(slide.id)
    return {"id": slide.id, "index": index, "placeholders": result.get("placeholders", {})}


@table.bind("duplicate_slide")
def duplicate_slide(ctx: NCtx, p: Any) -> dict[str, Any]:
    """The slide written anew from its IR with fresh ids (after the original unless `index`)."""
    from backends.scenegraph.subtree import copy_slide_with_fresh_ids

    doc: HtmlDoc = ctx.doc
    sid, el = doc.slide(p.slideId)
    copy, _ = copy_slide_with_fresh_ids(_slide_ir(doc, el), doc.ids)
    index = p.index if p.index is not None else doc.order.index(sid) + 1
    index = _insert_slide(doc, slide_element_of(doc, copy), index)
    roles = {}
    for n in copy.iter_nodes():
        if n.placeholder is not None:
            role = n.meta.get("placeholder_role") or n.placeholder.type
            roles.setdefault(role, n.id)
    ctx.created.append(copy.id)
    return {"id": copy.id, "index": index, "placeholders": roles}


@table.bind("delete_slide")
def delete_slide(ctx: NCtx, p: Any) -> None:
    doc: HtmlDoc = ctx.doc
    sid, el = doc.slide(p.slideId)
    by = f"delete_slide({sid})"
    index = doc.order.index(sid)
    doc.forget(el, by)
    doc.deleted[sid] = by
    el.getparent().remove(el)
    order = doc.order
    if doc.focused == sid:
        doc.focused = order[min(index, len(order) - 1)] if order else None
    if not order:
        ctx.warn("the deck has no slides left")


@table.bind("reorder_slides")
def reorder_slides(ctx: NCtx, p: Any) -> None:
    doc: HtmlDoc = ctx.doc
    order = new_order(p, doc.order, lambda sid, field: doc.slide(sid, field))
    els = [doc.slide(sid)[1] for sid in order]
    body = doc.root.find("body")
    anchor = etree.Element("i")
    doc.slide_elements()[0].addprevious(anchor)
    for el in els:
        body.remove(el)
    for el in els:
        anchor.addprevious(el)
        el.tail = "\n"
    body.remove(anchor)


@table.bind("focus_slide")
def focus_slide(ctx: NCtx, p: Any) -> dict[str, Any]:
    sid, _ = ctx.doc.slide(p.slideId)
    ctx.doc.focused = sid
    return {"focused_slide_id": sid}


@table.bind("set_slide_background")
def set_slide_background(ctx: NCtx, p: Any) -> None:
    """background-* CSS on the div.slide, and the background in its data-ir."""
    doc: HtmlDoc = ctx.doc
    sid, el = doc.slide(p.slideId)
    bg = ctx.scratch_slide(sid).background
    doc.ensure_assets()
    style = get_style(el)
    for prop in _BG_PROPS:
        style.pop(prop, None)
    if bg is not None:
        style.update(dict(background_decls(bg.fills, doc.header.width, doc.header.height, write_ctx(doc), sid)))
    set_style(el, style)
    data = get_ir(el)
    if bg is not None:
        data["background"] = bg.model_dump(mode="json", exclude_defaults=True)
    else:
        data.pop("background", None)
    set_ir(el, data)


@table.bind("set_slide_transition")
def set_slide_transition(ctx: NCtx, p: Any) -> None:
    doc: HtmlDoc = ctx.doc
    sid, el = doc.slide(p.slideId)
    tr = ctx.scratch_slide(sid).transition
    for key in [k for k in el.attrib if k.startswith("data-transition")]:
        del el.attrib[key]
    if tr is not None:
        el.set("data-transition", tr.style)
        for key, value in (
            ("direction", tr.direction),
            ("duration", tr.duration),
            ("curve", tr.curve),
            ("timing", tr.timing if tr.timing != "ON_CLICK" else None),
            ("delay", tr.delay),
        ):
            if value is not None:
                el.set(f"data-transition-{key}", value if isinstance(value, str) else repr(float(value)))


@table.bind("set_slide_hidden")
def set_slide_hidden(ctx: NCtx, p: Any) -> None:
    _, el = ctx.doc.slide(p.slideId)
    if p.hidden:
        el.set("data-hidden", "true")
    else:
        el.attrib.pop("data-hidden", None)


@table.bind("set_speaker_notes")
def set_speaker_notes(ctx: NCtx, p: Any) -> None:
    _, el = ctx.doc.slide(p.slideId)
    notes = el.find("aside")
    if not p.notes:
        if notes is not None:
            el.remove(notes)
        return
    if notes is None:
        notes = etree.SubElement(el, "aside", {"class": "notes", "hidden": ""})
        notes.tail = "\n"
    notes.text = p.notes


@table.bind("set_slide_layout")
def set_slide_layout(ctx: NCtx, p: Any) -> dict[str, Any]:
    """The slide re-rendered after the layout's placeholders were added or moved."""
    doc: HtmlDoc = ctx.doc
    sid, el = doc.slide(p.slideId)
    args = {**ctx.args, "slideId": sid}
    state, result = ctx.backend.build(doc, ctx.tool, args, slides=[_slide_ir(doc, el)])
    new = slide_element_of(doc, state.slides[sid])
    el.getparent().replace(el, new)
    new.tail = "\n"
    for w in result.get("warnings", []):
        ctx.warn(w)
    for nid in result.get("changed_ids", []):
        ctx.touch(nid)
    return {"placeholders": result.get("placeholders", {})}


@table.bind("set_presentation_size")
def set_presentation_size(ctx: NCtx, p: Any) -> dict[str, Any]:
    """The slide divs' width / height and the deck JSON; scaleContent scales the top-level nodes."""
    doc: HtmlDoc = ctx.doc
    state, _ = ctx.backend.build(doc, "set_presentation_size", {**ctx.args, "scaleContent": False}, slides=[])
    w, h = state.deck.width, state.deck.height
    sx, sy = w / doc.header.width, h / doc.header.height
    for slide in doc.slide_elements():
        style = get_style(slide)
        style["width"], style["height"] = f"{num(w)}px", f"{num(h)}px"
        set_style(slide, style)
        if p.scaleContent:
            for child in node_children(slide):
                box = css_box(child)
                if box is not None:
                    set_css_box(child, (box[0] * sx, box[1] * sy, box[2] * sx, box[3] * sy))
                    from backends.html.h_ops import _scale_children

                    _scale_children(child, sx, sy)
                    ctx.touch(child.get(A_ID))
    _, data = doc.deck_json()
    data["width"], data["height"] = w, h
    doc.set_deck_json(data)
    header = doc.header.model_copy(update={"width": w, "height": h})
    header.attach_store(doc.header.store)
    doc.header = header
    return {"width": w, "height": h}


@table.bind("clear_canvas")
def clear_canvas(ctx: NCtx, p: Any) -> dict[str, Any]:
    doc: HtmlDoc = ctx.doc
    slides = [doc.slide(None)[1]] if p.scope == "current_slide" else doc.slide_elements()
    removed = 0
    for slide in slides:
        for child in node_children(slide):
            removed += len(doc.forget(child, "clear_canvas"))
            slide.remove(child)
    if p.scope == "all_slides" and not p.keepSlides and len(doc.slide_elements()) > 1:
        for slide in doc.slide_elements()[1:]:
            sid = slide.get(A_SLIDE_ID)
            doc.deleted[sid] = "clear_canvas"
            slide.getparent().remove(slide)
        doc.focused = doc.order[0]
    return {"removed_nodes": removed, "slides": len(doc.slide_elements())}


HANDLERS = table.handlers
