"""slideTools: slides list, create with layouts, duplicate, delete, reorder, focus, render, background,
layout, transition, hidden, notes, page size."""

from __future__ import annotations

from typing import Any

from ace_core.errors import ToolError
from ace_core.ir.deck import Background, Slide, Transition
from ace_core.ir.nodes import NodeBase, Placeholder, TextNode
from ace_core.ir.style import ImagePaint, Sides
from ace_core.ir.text import TextBody, TextStyle
from ace_core.tools import slides as T
from backends.scenegraph.build import gradient_paint, solid
from backends.scenegraph.context import Ctx
from backends.scenegraph.describe import brief
from backends.scenegraph.handlers.base import HandlerTable
from backends.scenegraph.handlers.ops import _scale_subtree
from backends.scenegraph.subtree import copy_slide_with_fresh_ids
from backends.scenegraph.textops import characters

table = HandlerTable()

# role -> (placeholder type, box as fractions of the page: x, y, w, h, font px at 720 px height, bold)
_TITLE = ("title", (0.0625, 0.05, 0.875, 0.15), 40.0, True)
_LAYOUTS: dict[str, list[tuple[str, tuple[str, tuple[float, float, float, float], float, bool]]]] = {
    "blank": [],
    "title": [
        ("title", ("ctrTitle", (0.1, 0.3, 0.8, 0.2), 54.0, True)),
        ("subtitle", ("subTitle", (0.1, 0.53, 0.8, 0.12), 28.0, False)),
    ],
    "title_content": [("title", _TITLE), ("body", ("body", (0.0625, 0.24, 0.875, 0.68), 24.0, False))],
    "two_column": [
        ("title", _TITLE),
        ("body", ("body", (0.0625, 0.24, 0.425, 0.68), 24.0, False)),
        ("body2", ("body", (0.5125, 0.24, 0.425, 0.68), 24.0, False)),
    ],
    "comparison": [
        ("title", _TITLE),
        ("header", ("body", (0.0625, 0.22, 0.425, 0.09), 28.0, True)),
        ("body", ("body", (0.0625, 0.32, 0.425, 0.6), 24.0, False)),
        ("header2", ("body", (0.5125, 0.22, 0.425, 0.09), 28.0, True)),
        ("body2", ("body", (0.5125, 0.32, 0.425, 0.6), 24.0, False)),
    ],
    "section": [
        ("title", ("title", (0.0625, 0.4, 0.875, 0.16), 48.0, True)),
        ("subtitle", ("body", (0.0625, 0.58, 0.875, 0.1), 24.0, False)),
    ],
    "title_only": [("title", _TITLE)],
}


def _placeholder(ctx: Ctx, role: str, spec: Any) -> TextNode:
    deck = ctx.state.deck
    ph_type, (fx, fy, fw, fh), size, bold = spec
    theme = deck.theme
    family = None
    if theme is not None:
        family = theme.fonts.major if ph_type in ("title", "ctrTitle") else theme.fonts.minor
    style = TextStyle(font_family=family, font_size=size * deck.height / 720.0, font_weight=700 if bold else None)
    body = TextBody(
        style=style, auto_resize="NONE", insets=Sides(), vertical_align="CENTER" if ph_type == "ctrTitle" else "TOP"
    )
    if ph_type in ("ctrTitle", "subTitle"):
        body.align = "CENTER"
    return TextNode(
        id=ctx.new_id(),
        name=role.replace("2", " 2").title(),
        x=fx * deck.width,
        y=fy * deck.height,
        width=fw * deck.width,
        height=fh * deck.height,
        text=body,
        placeholder=Placeholder(type=ph_type),
        meta={"placeholder_role": role},
    )


def _insert_slide(ctx: Ctx, slide: Slide, index: int) -> int:
    state = ctx.state
    index = max(0, min(index, len(state.deck.slides)))
    state.deck.slides.insert(index, slide)
    state.slides[slide.id] = slide
    state.ids.reserve(slide.id)
    for child in slide.children:
        state.add_subtree(child, slide, slide)
        ctx.changed[child.id] = child
        for d in state.descendants(child):
            ctx.changed[d.id] = d
    ctx.touch_slide(slide)
    ctx.created.append(slide.id)
    return index


@table.bind("get_all_slides")
def get_all_slides(ctx: Ctx, p: T.GetAllSlides) -> dict[str, Any]:
    state = ctx.state
    slides = []
    for i, slide in enumerate(state.deck.slides):
        title = next(
            (
                characters(n.text)  # type: ignore[attr-defined]
                for n in slide.iter_nodes()
                if n.placeholder is not None
                and n.placeholder.type in ("title", "ctrTitle")
                and getattr(n, "text", None)
            ),
            None,
        )
        entry = {
            "id": slide.id,
            "index": i,
            "name": slide.name,
            "layout": slide.layout,
            "hidden": slide.hidden,
            "title": title,
            "nodes": sum(1 for _ in slide.iter_nodes()),
            "focused": slide.id == state.focused,
        }
        if p.includeThumbnails:
            try:
                entry["thumbnail"] = ctx.backend.render_slide_image(slide, scale=0.25)["path"]
            except Exception as exc:  # a render failure should not hide the list
                entry["thumbnail"] = None
                ctx.warn(f"thumbnails unavailable: {getattr(exc, 'message', exc)}")
        slides.append(entry)
    return {"slides": slides, "focused_slide_id": state.focused}


@table.bind("create_slide")
def create_slide(ctx: Ctx, p: T.CreateSlide) -> dict[str, Any]:
    state = ctx.state
    slide = Slide(id=ctx.new_id(), name=p.name or "", layout=p.layout if p.layout != "blank" else "blank")
    placeholders: dict[str, str] = {}
    for role, spec in _LAYOUTS[p.layout]:
        node = _placeholder(ctx, role, spec)
        slide.children.append(node)
        placeholders[role] = node.id
    if p.index is not None:
        index = p.index
    elif state.focused in state.slides:
        index = state.slide_index(state.slides[state.focused]) + 1
    else:
        index = len(state.deck.slides)
    index = _insert_slide(ctx, slide, index)
    if p.focus:
        state.focused = slide.id
    return {"id": slide.id, "index": index, "placeholders": placeholders}


@table.bind("duplicate_slide")
def duplicate_slide(ctx: Ctx, p: T.DuplicateSlide) -> dict[str, Any]:
    state = ctx.state
    original = state.slide(p.slideId)
    copy, _mapping = copy_slide_with_fresh_ids(original, ctx.new_id)
    index = p.index if p.index is not None else state.slide_index(original) + 1
    index = _insert_slide(ctx, copy, index)
    roles = {
        n.meta.get("placeholder_role") or (n.placeholder.type if n.placeholder else ""): n.id
        for n in copy.iter_nodes()
        if n.placeholder is not None
    }
    return {"id": copy.id, "index": index, "placeholders": roles}


@table.bind("delete_slide")
def delete_slide(ctx: Ctx, p: T.DeleteSlide) -> None:
    state = ctx.state
    slide = state.slide(p.slideId)
    index = state.slide_index(slide)
    del state.deck.slides[index]
    del state.slides[slide.id]
    for child in list(slide.children):
        state.forget_subtree(child, deleted_by=f"delete_slide({slide.id})")
    state.deleted[slide.id] = f"delete_slide({slide.id})"
    ctx.slides.pop(slide.id, None)
    if state.focused == slide.id:
        remaining = state.deck.slides
        state.focused = remaining[min(index, len(remaining) - 1)].id if remaining else None
    if not state.deck.slides:
        ctx.warn("the deck has no slides left")


@table.bind("reorder_slides")
def reorder_slides(ctx: Ctx, p: T.ReorderSlides) -> None:
    state = ctx.state
    order = p.order if p.order is not None else [s for row in p.grid or [] for s in row]
    field = "order" if p.order is not None else "grid"
    current = [s.id for s in state.deck.slides]
    seen: set[str] = set()
    for i, sid in enumerate(order):
        if sid in seen:
            raise ToolError(f"slide {sid!r} is listed twice", field=f"{field}[{i}]")
        seen.add(sid)
        if sid not in state.slides:
            raise state.missing(sid, f"{field}[{i}]", expect="slide")
    missing = [s for s in current if s not in seen]
    if missing:
        raise ToolError(
            f"the order leaves out {len(missing)} slide(s): {', '.join(missing[:5])}",
            field=field,
            hint="list every slide id once",
        )
    state.deck.slides[:] = [state.slides[s] for s in order]


@table.bind("focus_slide")
def focus_slide(ctx: Ctx, p: T.FocusSlide) -> dict[str, Any]:
    slide = ctx.state.slide(p.slideId)
    ctx.state.focused = slide.id
    return {"focused_slide_id": slide.id, "children": [brief(ctx.state, c) for c in slide.children]}


@table.bind("export_slide_image")
def export_slide_image(ctx: Ctx, p: T.ExportSlideImage) -> dict[str, Any]:
    slide = ctx.state.slide(p.slideId)
    return ctx.backend.render_slide_image(slide, scale=p.scale, fmt=p.format)


@table.bind("set_slide_background")
def set_slide_background(ctx: Ctx, p: T.SetSlideBackground) -> None:
    slide = ctx.state.slide(p.slideId)
    if p.color is not None:
        fills: list[Any] = [solid(p.color)]
    elif p.gradient is not None:
        fills = [gradient_paint(p.gradient.stops, p.gradient.type, p.gradient.angle)]
    else:
        img = ctx.backend.resolve_image(p.image, "image")
        fills = [ImagePaint(asset=ctx.state.deck.add_asset(img.data, img.mime), scale_mode="FILL")]
    slide.background = Background(fills=fills)
    ctx.touch_slide(slide)


def _role_of(node: NodeBase) -> str | None:
    if node.placeholder is None:
        return None
    t = node.placeholder.type
    return "title" if t in ("title", "ctrTitle") else "subtitle" if t == "subTitle" else "body"


@table.bind("set_slide_layout")
def set_slide_layout(ctx: Ctx, p: T.SetSlideLayout) -> dict[str, Any]:
    state = ctx.state
    slide = state.slide(p.slideId)
    existing: dict[str, list[NodeBase]] = {}
    for node in slide.children:
        role = _role_of(node)
        if role is not None:
            existing.setdefault(role, []).append(node)
    placeholders: dict[str, str] = {}
    for role, spec in _LAYOUTS[p.layout]:
        kind = "title" if role == "title" else "subtitle" if role == "subtitle" else "body"
        pool = existing.get(kind) or (existing.get("body") if kind == "subtitle" else None) or []
        fresh = _placeholder(ctx, role, spec)
        if pool:
            node = pool.pop(0)
            node.x, node.y, node.width, node.height = fresh.x, fresh.y, fresh.width, fresh.height
            ctx.touch(node)
        else:
            node = ctx.insert(fresh, slide, xy_given=False)
        placeholders[role] = node.id
    slide.layout = p.layout
    ctx.touch_slide(slide)
    leftovers = [n.id for nodes in existing.values() for n in nodes]
    if leftovers:
        ctx.warn(f"placeholders not used by the {p.layout} layout were kept: {', '.join(leftovers)}")
    return {"placeholders": placeholders}


@table.bind("set_slide_transition")
def set_slide_transition(ctx: Ctx, p: T.SetSlideTransition) -> None:
    slide = ctx.state.slide(p.slideId)
    if p.style.upper() == "NONE":
        slide.transition = None
    else:
        if p.timing == "AFTER_DELAY" and p.delay is None:
            raise ToolError("timing AFTER_DELAY needs delay (seconds)", field="delay")
        slide.transition = Transition(
            style=p.style, direction=p.direction, duration=p.duration, curve=p.curve, timing=p.timing, delay=p.delay
        )
    ctx.touch_slide(slide)


@table.bind("set_slide_hidden")
def set_slide_hidden(ctx: Ctx, p: T.SetSlideHidden) -> None:
    slide = ctx.state.slide(p.slideId)
    slide.hidden = p.hidden
    ctx.touch_slide(slide)


@table.bind("set_speaker_notes")
def set_speaker_notes(ctx: Ctx, p: T.SetSpeakerNotes) -> None:
    slide = ctx.state.slide(p.slideId)
    slide.notes = p.notes
    ctx.touch_slide(slide)


@table.bind("set_presentation_size")
def set_presentation_size(ctx: Ctx, p: T.SetPresentationSize) -> dict[str, Any]:
    deck = ctx.state.deck
    if p.preset is not None:
        big = deck.width >= 1900
        w, h = {"16:9": (1920.0, 1080.0) if big else (1280.0, 720.0), "4:3": (960.0, 720.0), "16:10": (1280.0, 800.0)}[
            p.preset
        ]
    else:
        w, h = float(p.width), float(p.height)  # type: ignore[arg-type]
    sx, sy = w / deck.width, h / deck.height
    deck.width, deck.height = w, h
    if p.scaleContent:
        for slide in deck.slides:
            for node in slide.children:
                node.x *= sx
                node.y *= sy
                node.width *= sx
                node.height *= sy
                _scale_subtree(node, sx, sy)
                ctx.touch(node)
    return {"width": w, "height": h}


HANDLERS = table.handlers
