"""connectionTools, importExportTools, unsplashTools, mathTools and the slide-copy extension."""

from __future__ import annotations

from typing import Any

from ace_core.errors import AceError, ToolError
from ace_core.ir.deck import Deck, Slide
from ace_core.ir.nodes import MathNode, NodeBase
from ace_core.tools import session as T
from backends.scenegraph.build import solid
from backends.scenegraph.context import Ctx
from backends.scenegraph.copy_slides import copy_slides, pick_slides
from backends.scenegraph.exchange import detect_format, nodes_from_rest, nodes_from_scene, parse_json_arg, rest_of_deck
from backends.scenegraph.handlers.base import HandlerTable
from backends.scenegraph.handlers.create import image_node, place
from backends.scenegraph.handlers.slides import _insert_slide
from backends.scenegraph.subtree import copy_with_fresh_ids

table = HandlerTable()


@table.bind("check_connection_status")
def check_connection_status(ctx: Ctx, p: T.CheckConnectionStatus) -> dict[str, Any]:
    return ctx.backend.status()


@table.bind("get_channels")
def get_channels(ctx: Ctx, p: T.GetChannels) -> dict[str, Any]:
    return ctx.backend.status()


@table.bind("select_channel")
def select_channel(ctx: Ctx, p: T.SelectChannel) -> dict[str, Any]:
    ctx.backend.select_channel(p.channel)
    return ctx.backend.status()


@table.bind("clear_canvas")
def clear_canvas(ctx: Ctx, p: T.ClearCanvas) -> dict[str, Any]:
    state = ctx.state
    slides = [state.focused_slide()] if p.scope == "current_slide" else list(state.deck.slides)
    removed = 0
    for slide in slides:
        for child in list(slide.children):
            removed += 1 + len(state.descendants(child))
            ctx.remove(child, deleted_by="clear_canvas")
    if p.scope == "all_slides" and not p.keepSlides and len(state.deck.slides) > 1:
        keep = state.deck.slides[0]
        for slide in state.deck.slides[1:]:
            state.deleted[slide.id] = "clear_canvas"
            del state.slides[slide.id]
            ctx.slides.pop(slide.id, None)
        state.deck.slides[:] = [keep]
        state.focused = keep.id
    return {"removed_nodes": removed, "slides": len(state.deck.slides)}


@table.bind("export_json")
def export_json(ctx: Ctx, p: T.ExportJson) -> dict[str, Any]:
    state = ctx.state
    if p.nodeId is not None:
        node = state.node(p.nodeId)
        slide = state.slide_of[node.id]
        if p.slideId is not None and p.slideId != slide.id:
            raise ToolError(f"node {node.id!r} is not on slide {p.slideId!r}", field="nodeId")
        target: NodeBase | Slide = node
    else:
        slide = state.slide(p.slideId)
        target = slide
    if p.format == "scene":
        data = target.model_dump(mode="json", exclude_defaults=True)
    else:
        one = state.deck.model_copy(update={"slides": [slide]})
        data = rest_of_deck(one, p.nodeId)
    out: dict[str, Any] = {"format": p.format, "json": data}
    if p.includeGeometry:
        nodes = [target] if isinstance(target, NodeBase) else []
        nodes += state.descendants(target)
        out["geometry"] = {
            n.id: dict(zip(("x", "y", "width", "height"), state.absolute_box(n), strict=True)) for n in nodes
        }
    return out


@table.bind("import_json")
def import_json(ctx: Ctx, p: T.ImportJson) -> dict[str, Any]:
    state = ctx.state
    data = parse_json_arg(p.json_data)
    fmt = detect_format(data) if p.format == "auto" else p.format
    container = state.container(p.parentId)
    source_deck: Deck | None = None
    if fmt == "rest_v1":
        nodes, warnings, source_deck = nodes_from_rest(data, state.deck.width, state.deck.height)
        for w in warnings:
            ctx.warn(w)
        slides: list[Slide] = []
    else:
        nodes, slides = nodes_from_scene(data)
    if not nodes and not slides:
        raise ToolError("the JSON holds no node to import", field="json")
    _check_assets(ctx, nodes, slides, source_deck)
    if p.mode == "replace":
        if slides:
            raise ToolError("mode replace takes nodes, not a whole deck", field="mode")
        for child in list(getattr(container, "children", [])):
            ctx.remove(child, deleted_by="import_json(replace)")
    ids = []
    for node in nodes:
        fresh = _fresh_if_taken(ctx, node)
        ctx.insert(fresh, container, xy_given=False)
        ids.append(fresh.id)
    for slide in slides:
        taken = (
            slide.id in state.slides
            or slide.id in state.deleted
            or any(n.id in state.nodes or n.id in state.deleted for n in slide.iter_nodes())
        )
        new = copy_with_fresh_ids(slide, ctx.new_id) if taken else slide
        _insert_slide(ctx, new, len(state.deck.slides))
        ids.append(new.id)
    return {"id": ids[0], "ids": ids, "format": fmt}


def _fresh_if_taken(ctx: Ctx, node: NodeBase) -> NodeBase:
    state = ctx.state
    subtree = [node, *state.descendants(node)]
    ids = [n.id for n in subtree]
    if len(set(ids)) != len(ids) or any(i in state.nodes or i in state.slides or i in state.deleted for i in ids):
        return copy_with_fresh_ids(node, ctx.new_id)
    return node


def _check_assets(ctx: Ctx, nodes: list[NodeBase], slides: list[Slide], source: Deck | None) -> None:
    from backends.scenegraph.copy_slides import _asset_keys

    deck = ctx.state.deck
    data = [n.model_dump(mode="json") for n in nodes] + [s.model_dump(mode="json") for s in slides]
    for key in sorted(_asset_keys(data, set())):
        if key in deck.assets:
            continue
        if source is not None and key in source.assets:
            deck.add_asset(source.asset_bytes(key), source.assets[key].mime)
            continue
        raise ToolError(f"asset {key} is not in this deck", field="json", hint="import JSON exported from this deck")


# -- images ----------------------------------------------------------------------------------------
@table.bind("search_unsplash_images")
def search_unsplash_images(ctx: Ctx, p: T.SearchUnsplashImages) -> dict[str, Any]:
    backend = ctx.backend
    if backend.unsplash.enabled:
        found = backend.unsplash.search(p.query, orientation=p.orientation, color=p.color, count=p.count, page=p.page)
        return {"total": found["total"], "page": p.page, "images": found["images"], "provider": "unsplash"}
    hits = backend.images.search(p.query, orientation=p.orientation, color=p.color)
    start = (p.page - 1) * p.count
    page = [backend.images.hit(e) for e in hits[start : start + p.count]]
    if not backend.images.entries:
        ctx.warn("the local image library is empty or missing")
    return {"total": len(hits), "page": p.page, "images": page, "provider": "local"}


@table.bind("insert_unsplash_image")
def insert_unsplash_image(ctx: Ctx, p: T.InsertUnsplashImage) -> dict[str, Any]:
    img = ctx.backend.resolve_image(p.imageId, "imageId", library_only=True)
    if p.targetNodeId is not None:
        from ace_core.ir.style import ImagePaint

        node = ctx.state.node(p.targetNodeId, "targetNodeId")
        if node.type in ("TEXT", "LINE", "CONNECTOR", "GROUP", "TABLE", "CHART", "MATH"):
            raise ToolError(f"a {node.type} node cannot take an image", field="targetNodeId")
        key = ctx.state.deck.add_asset(img.data, img.mime)
        paint = ImagePaint(asset=key, scale_mode=p.scaleMode)
        if node.type == "IMAGE":
            node.image = paint  # type: ignore[attr-defined]
        else:
            node.fills = [paint]
        node.meta["attribution"] = img.meta.get("attribution", {})
        node.meta["library_id"] = p.imageId
        ctx.touch_style(node)
        return {"id": node.id}
    node = image_node(ctx, img, p, p.scaleMode)
    node.meta["attribution"] = img.meta.get("attribution", {})
    return place(ctx, node, p)


# -- math ------------------------------------------------------------------------------------------
@table.bind("create_math")
def create_math(ctx: Ctx, p: T.CreateMath) -> dict[str, Any]:
    from ace_core.drawing.math import latex_to_svg

    color = p.color.hex if p.color is not None else "#000000"
    try:
        rendered = latex_to_svg(p.latex, p.fontSize, color, inline=p.display == "inline")
    except AceError as exc:
        raise ToolError(exc.what, field="latex", hint=exc.hint or "check the LaTeX") from exc
    key = ctx.state.deck.add_asset(rendered.svg.encode("utf-8"), "image/svg+xml")
    node = MathNode(
        id=ctx.new_id(),
        name=p.name or "Equation",
        x=p.x,
        y=p.y,
        width=rendered.width,
        height=rendered.height,
        latex=p.latex,
        svg_asset=key,
        font_size=p.fontSize,
        color=solid(p.color) if p.color is not None else None,
        display=p.display,
    )
    return place(ctx, node, p)


# -- beyond the catalogue --------------------------------------------------------------------------
@table.bind("insert_slides_from")
def insert_slides_from(ctx: Ctx, p: T.InsertSlidesFrom) -> dict[str, Any]:
    state = ctx.state
    other = ctx.backend.read_other_deck(p.path)
    picked = pick_slides(other, p.slides)
    copies, warnings = copy_slides(state.deck, other, picked, ctx.new_id)
    for w in warnings:
        ctx.warn(w)
    index = len(state.deck.slides) if p.index is None else min(p.index, len(state.deck.slides))
    ids = []
    for offset, slide in enumerate(copies):
        _insert_slide(ctx, slide, index + offset)
        ids.append(slide.id)
    return {"slide_ids": ids, "index": index}


HANDLERS = table.handlers
