"""contentTools creation: frames, shapes, lines, text, SVG graphics, masks, images, connectors."""

from __future__ import annotations

from typing import Any

from ace_core.color import Color
from ace_core.errors import ToolError
from ace_core.ir.layout_props import AutoLayout
from ace_core.ir.nodes import (
    ConnectorNode,
    EllipseNode,
    FrameNode,
    GroupNode,
    ImageNode,
    LineNode,
    NodeBase,
    RectangleNode,
    TextNode,
    VectorNode,
    VectorPath,
)
from ace_core.ir.semantic import ConnectorEnd
from ace_core.ir.style import ImagePaint, Sides
from ace_core.ir.text import TextStyle
from ace_core.tools import content_create as T
from backends.scenegraph.build import font_style, polygon_path, solid, star_path, stroke, text_body
from backends.scenegraph.context import Ctx
from backends.scenegraph.handlers.base import HandlerTable
from backends.scenegraph.reflow import route_connector, set_line_box
from backends.scenegraph.state import Container, auto_layout_of
from backends.scenegraph.svgshapes import parse_svg

table = HandlerTable()

DEFAULT_SHAPE_FILL = Color.from_hex("#D9D9D9")
DEFAULT_LINE = Color.from_hex("#404040")


def _xy_given(p: Any) -> bool:
    return bool({"x", "y"} & p.model_fields_set)


def _is_auto_layout(container: Container) -> bool:
    return auto_layout_of(container) is not None


def _paint_shape(node: NodeBase, p: Any, default_fill: Color | None) -> None:
    fill = p.fillColor if p.fillColor is not None else default_fill
    if fill is not None:
        node.fills = [solid(fill)]
    if p.strokeColor is not None or p.strokeWeight:
        node.strokes = [stroke(p.strokeColor or Color.from_hex("#000000"), p.strokeWeight or 1.0)]


def place(ctx: Ctx, node: NodeBase, p: Any) -> dict[str, Any]:
    """Insert a new node into p.parentId (default the focused slide); the result's id."""
    container = ctx.state.container(getattr(p, "parentId", None))
    ctx.insert(node, container, coordinate_space=getattr(p, "coordinateSpace", "parent"), xy_given=_xy_given(p))
    return {"id": node.id}


def base_fields(ctx: Ctx, p: Any, default_name: str) -> dict[str, Any]:
    return {"id": ctx.new_id(), "name": p.name or default_name, "x": p.x, "y": p.y}


@table.bind("create_frame")
def create_frame(ctx: Ctx, p: T.CreateFrame) -> dict[str, Any]:
    container = ctx.state.container(p.parentId)
    layout = None
    if p.layoutMode != "NONE":
        layout = AutoLayout(
            mode=p.layoutMode,
            wrap=p.layoutWrap == "WRAP",
            padding_top=p.paddingTop,
            padding_right=p.paddingRight,
            padding_bottom=p.paddingBottom,
            padding_left=p.paddingLeft,
            item_spacing=p.itemSpacing,
            counter_axis_spacing=p.counterAxisSpacing,
            primary_align=p.primaryAxisAlignItems,
            counter_align=p.counterAxisAlignItems,
        )
    elif p.layoutWrap == "WRAP":
        raise ToolError("layoutWrap WRAP needs layoutMode HORIZONTAL", field="layoutWrap")
    if p.layoutWrap == "WRAP" and p.layoutMode != "HORIZONTAL":
        raise ToolError("layoutWrap WRAP is only allowed with layoutMode HORIZONTAL", field="layoutWrap")
    for fname, value in (
        ("layoutSizingHorizontal", p.layoutSizingHorizontal),
        ("layoutSizingVertical", p.layoutSizingVertical),
    ):
        check_sizing(
            value, fname, is_layout_frame=layout is not None, parent_auto=_is_auto_layout(container), is_text=False
        )
    node = FrameNode(
        **base_fields(ctx, p, "Frame"),
        width=p.width,
        height=p.height,
        layout=layout,
        clips_content=p.clipsContent,
        corner_radius=p.cornerRadius or 0.0,
        sizing_h=p.layoutSizingHorizontal,
        sizing_v=p.layoutSizingVertical,
    )
    _paint_shape(node, p, None)
    ctx.insert(node, container, coordinate_space=p.coordinateSpace, xy_given=_xy_given(p))
    return {"id": node.id}


def check_sizing(value: str | None, field: str, *, is_layout_frame: bool, parent_auto: bool, is_text: bool) -> None:
    """Figma's rule: HUG only on auto-layout frames and text; FILL only on auto-layout children."""
    if value == "HUG" and not (is_layout_frame or is_text):
        raise ToolError(
            "HUG is only valid on auto-layout frames and text",
            field=field,
            hint="set a layoutMode first (set_layout_mode) or use FIXED",
        )
    if value == "FILL" and not parent_auto:
        raise ToolError(
            "FILL is only valid on children of auto-layout frames",
            field=field,
            hint="put the node in an auto-layout frame or use FIXED",
        )


@table.bind("create_rectangle")
def create_rectangle(ctx: Ctx, p: T.CreateRectangle) -> dict[str, Any]:
    node = RectangleNode(
        **base_fields(ctx, p, "Rectangle"), width=p.width, height=p.height, corner_radius=p.cornerRadius or 0.0
    )
    _paint_shape(node, p, DEFAULT_SHAPE_FILL)
    return place(ctx, node, p)


@table.bind("create_ellipse")
def create_ellipse(ctx: Ctx, p: T.CreateEllipse) -> dict[str, Any]:
    node = EllipseNode(**base_fields(ctx, p, "Ellipse"), width=p.width, height=p.height)
    _paint_shape(node, p, DEFAULT_SHAPE_FILL)
    return place(ctx, node, p)


def _vector(ctx: Ctx, p: Any, name: str, d: str, meta: dict[str, Any]) -> VectorNode:
    node = VectorNode(
        **base_fields(ctx, p, name),
        width=p.width,
        height=p.height,
        paths=[VectorPath(d=d)],
        view_box=(0.0, 0.0, p.width, p.height),
        meta=meta,
    )
    _paint_shape(node, p, DEFAULT_SHAPE_FILL)
    return node


@table.bind("create_polygon")
def create_polygon(ctx: Ctx, p: T.CreatePolygon) -> dict[str, Any]:
    d = polygon_path(p.pointCount, p.width, p.height)
    return place(ctx, _vector(ctx, p, "Polygon", d, {"shape": {"kind": "polygon", "pointCount": p.pointCount}}), p)


@table.bind("create_star")
def create_star(ctx: Ctx, p: T.CreateStar) -> dict[str, Any]:
    d = star_path(p.pointCount, p.innerRadius, p.width, p.height)
    meta = {"shape": {"kind": "star", "pointCount": p.pointCount, "innerRadius": p.innerRadius}}
    return place(ctx, _vector(ctx, p, "Star", d, meta), p)


@table.bind("create_line")
def create_line(ctx: Ctx, p: T.CreateLine) -> dict[str, Any]:
    container = ctx.state.container(p.parentId)
    cap = p.strokeCap
    st = stroke(p.strokeColor or DEFAULT_LINE, p.strokeWeight, dashes=list(p.dashPattern or []))
    if cap in ("ROUND", "SQUARE"):
        st.cap = cap  # type: ignore[assignment]
    elif cap != "NONE":
        st.end_cap = cap  # type: ignore[assignment]
    node = LineNode(id=ctx.new_id(), name=p.name or "Line", strokes=[st])
    set_line_box(node, (p.startX, p.startY), (p.endX, p.endY))
    ctx.insert(node, container, coordinate_space=p.coordinateSpace, xy_given=True)
    return {"id": node.id}


def default_font(ctx: Ctx) -> str | None:
    theme = ctx.state.deck.theme
    return theme.fonts.minor if theme is not None and theme.fonts.minor else None


@table.bind("create_text")
def create_text(ctx: Ctx, p: T.CreateText) -> dict[str, Any]:
    try:
        weight, italic = font_style(p.fontStyle)
    except ValueError as exc:
        raise ToolError(str(exc), field="fontStyle") from exc
    if p.fontWeight is not None:
        weight = p.fontWeight
    style = TextStyle(
        font_family=p.fontFamily or default_font(ctx),
        font_size=p.fontSize,
        font_weight=weight,
        italic=italic,
        fill=solid(p.fontColor) if p.fontColor is not None else None,
    )
    mode = p.textAutoResize or ("HEIGHT" if p.width is not None else "WIDTH_AND_HEIGHT")
    if mode == "HEIGHT" and p.width is None:
        raise ToolError("textAutoResize HEIGHT needs a width", field="width")
    if mode == "NONE" and (p.width is None or p.height is None):
        raise ToolError("textAutoResize NONE needs width and height", field="height" if p.width else "width")
    body = text_body(p.text, style, align=p.textAlignHorizontal)
    body.vertical_align = p.textAlignVertical
    body.auto_resize = mode  # type: ignore[assignment]
    body.insets = Sides()
    node = TextNode(**base_fields(ctx, p, _text_name(p.text)), width=p.width or 0.0, height=p.height or 0.0, text=body)
    container = ctx.state.container(p.parentId)
    if _is_auto_layout(container):
        node.sizing_h = "HUG" if mode == "WIDTH_AND_HEIGHT" else "FIXED"
        node.sizing_v = "HUG" if mode != "NONE" else "FIXED"
    ctx.insert(node, container, coordinate_space=p.coordinateSpace, xy_given=_xy_given(p))
    ctx.text_changed.add(node.id)
    return {"id": node.id}


def _text_name(text: str) -> str:
    first = text.strip().split("\n", 1)[0]
    return first[:40] or "Text"


@table.bind("create_graphics")
def create_graphics(ctx: Ctx, p: T.CreateGraphics) -> dict[str, Any]:
    doc = parse_svg(p.svg)
    for w in doc.warnings[:5]:
        ctx.warn(f"svg: {w}")
    natural_w, natural_h = doc.width, doc.height
    w, h = p.width, p.height
    if w is None and h is None:
        w, h = natural_w, natural_h
    elif w is None:
        w = h * natural_w / natural_h if natural_h else h
    elif h is None:
        h = w * natural_h / natural_w if natural_w else w
    svg_key = ctx.state.deck.add_asset(p.svg.encode("utf-8"), "image/svg+xml")
    vectors = []
    for shape in doc.shapes:
        vec = VectorNode(
            id=ctx.new_id(),
            name="Path",
            width=w,
            height=h,
            paths=[
                VectorPath(
                    d=shape.d,
                    fill_rule=shape.fill_rule,
                    filled=shape.fill is not None,
                    stroked=shape.stroke is not None,
                )
            ],
            view_box=doc.view_box,
            opacity=max(0.0, min(1.0, shape.opacity)),
        )
        if shape.fill is not None:
            vec.fills = [solid(shape.fill)]
        if shape.stroke is not None:
            vec.strokes = [stroke(shape.stroke, shape.stroke_width * (w / doc.view_box[2] if doc.view_box[2] else 1.0))]
        vectors.append(vec)
    if len(vectors) == 1:
        node: NodeBase = vectors[0]
        node.id, node.name, node.x, node.y = ctx.new_id(), p.name or "Graphic", p.x, p.y
        node.svg_asset = svg_key  # type: ignore[attr-defined]
    else:
        node = GroupNode(id=ctx.new_id(), name=p.name or "Graphic", x=p.x, y=p.y, width=w, height=h, children=vectors)
        node.meta["svg_asset"] = svg_key
        vectors[0].svg_asset = svg_key
    return place(ctx, node, p)


def wrap_siblings(ctx: Ctx, nodes: list[NodeBase], group: GroupNode, field: str) -> GroupNode:
    """Move sibling nodes into a new group placed at the lowest member's z-position."""
    state = ctx.state
    parents = {id(state.parent[n.id]) for n in nodes}
    if len(parents) != 1:
        raise ToolError("the nodes must share one parent", field=field, hint="move them into the same parent first")
    if len({n.id for n in nodes}) != len(nodes):
        raise ToolError("a node is listed twice", field=field)
    parent = state.parent[nodes[0].id]
    kids = parent.children  # type: ignore[union-attr]
    order = sorted(nodes, key=lambda n: next(i for i, k in enumerate(kids) if k is n))
    x0 = min(n.x for n in nodes)
    y0 = min(n.y for n in nodes)
    x1 = max(n.x + n.width for n in nodes)
    y1 = max(n.y + n.height for n in nodes)
    first_index = min(next(i for i, k in enumerate(kids) if k is n) for n in nodes)
    for n in order:
        ctx.remove(n)
    for n in order:
        n.x -= x0
        n.y -= y0
    group.x, group.y, group.width, group.height = x0, y0, x1 - x0, y1 - y0
    group.children = list(order) if not group.children else group.children
    ctx.insert(group, parent, index=first_index, xy_given=False)
    return group


@table.bind("create_mask")
def create_mask(ctx: Ctx, p: T.CreateMask) -> dict[str, Any]:
    state = ctx.state
    mask = state.node(p.maskNodeId, "maskNodeId")
    content = [state.node(nid, f"contentNodeIds[{i}]") for i, nid in enumerate(p.contentNodeIds)]
    if mask.id in p.contentNodeIds:
        raise ToolError("the mask node cannot also be content", field="contentNodeIds")
    group = GroupNode(id=ctx.new_id(), name=p.groupName or "Mask group", is_mask_group=True)
    members = [mask, *content]
    wrap_siblings(ctx, members, group, "contentNodeIds")
    # the mask is the bottom layer of a mask group
    group.children.sort(key=lambda n: 0 if n is mask else 1)
    mask.meta["is_mask"] = True
    return {"id": group.id}


@table.bind("create_image")
def create_image(ctx: Ctx, p: T.CreateImage) -> dict[str, Any]:
    img = ctx.backend.resolve_image(p.source, "source")
    node = image_node(ctx, img, p, p.scaleMode)
    return place(ctx, node, p)


def image_node(ctx: Ctx, img: Any, p: Any, scale_mode: str) -> ImageNode:
    w, h = p.width, p.height
    nw, nh = img.width or 200.0, img.height or 200.0
    if w is None and h is None:
        w, h = nw, nh
    elif w is None:
        w = h * nw / nh
    elif h is None:
        h = w * nh / nw
    key = ctx.state.deck.add_asset(img.data, img.mime)
    node = ImageNode(
        id=ctx.new_id(),
        name=getattr(p, "name", None) or img.meta.get("description", "")[:40] or "Image",
        x=p.x,
        y=p.y,
        width=w,
        height=h,
        image=ImagePaint(asset=key, scale_mode=scale_mode),  # type: ignore[arg-type]
        meta=dict(img.meta),
    )
    if img.mime == "image/svg+xml":
        node.svg_asset = key
    if img.meta.get("description"):
        node.description = img.meta["description"]
    return node


_CAPS = {
    "NONE": "NONE",
    "LINE_ARROW": "LINE_ARROW",
    "TRIANGLE_ARROW": "TRIANGLE_ARROW",
    "DIAMOND_FILLED": "DIAMOND_FILLED",
    "CIRCLE_FILLED": "CIRCLE_FILLED",
}


@table.bind("create_connector")
def create_connector(ctx: Ctx, p: T.CreateConnector) -> dict[str, Any]:
    state = ctx.state
    start = state.node(p.startNodeId, "startNodeId") if p.startNodeId else None
    end = state.node(p.endNodeId, "endNodeId") if p.endNodeId else None
    slides = {state.slide_of[n.id].id for n in (start, end) if n is not None}
    if len(slides) > 1:
        raise ToolError("the two nodes are on different slides", field="endNodeId")
    if p.parentId is not None:
        container = state.container(p.parentId)
    elif slides:
        container = state.slides[slides.pop()]
    else:
        container = state.focused_slide()
    if start is not None and end is not None and start is end:
        raise ToolError("a connector needs two different nodes", field="endNodeId")
    st = stroke(p.strokeColor or DEFAULT_LINE, p.strokeWeight, start_cap=_CAPS[p.startCap], end_cap=_CAPS[p.endCap])
    node = ConnectorNode(
        id=ctx.new_id(),
        name=p.name or "Connector",
        strokes=[st],
        start=ConnectorEnd(node_id=start.id if start else None, magnet=p.startMagnet),
        end=ConnectorEnd(node_id=end.id if end else None, magnet=p.endMagnet),
        line_type=p.lineType,
        label=p.label,
        positioning="ABSOLUTE" if _is_auto_layout(container) else "AUTO",
    )
    if p.start is not None and start is None:
        node.meta["free_start"] = [p.start.x, p.start.y]
    if p.end is not None and end is None:
        node.meta["free_end"] = [p.end.x, p.end.y]
    ctx.insert(node, container, xy_given=False)
    route_connector(state, node)
    return {"id": node.id}


HANDLERS = table.handlers
