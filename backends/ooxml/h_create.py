"""OOXML creation tools: new shapes, pictures, tables, charts, equations and SVG graphics.

Each is built as IR on a scratch slide by the scene-graph handler of the same tool, then written
as PresentationML by the OOXML writer (p:sp, p:pic, p:grpSp, p:cxnSp, p:graphicFrame with its
chart part) and inserted into the slide's shape tree, on top of its siblings."""

from __future__ import annotations

from typing import Any

from lxml import etree

from ace_core.errors import ToolError, UnsupportedError
from ace_core.ir.deck import Slide
from ace_core.ir.nodes import FrameNode, GroupNode, NodeBase, RectangleNode
from adapters.ooxml.ns import local
from adapters.ooxml.write_shapes import node_elements
from backends.native import Handlers, NCtx
from backends.ooxml.doc import OoxmlDoc, shape_types_of
from backends.ooxml.h_ops import place_in
from backends.ooxml.shapes import TOP, container_frame, container_origin, raw_xfrm, write_box, xfrm_of

table = Handlers()


def write_nodes(
    ctx: NCtx, sid: str, container: etree._Element, nodes: list[NodeBase], origin: tuple[float, float] = (0.0, 0.0)
) -> list[str]:
    """Write IR nodes (boxes relative to `origin`, slide px) on top of `container`'s children;
    returns the ids of everything written. What the writer could not carry becomes a warning."""
    doc: OoxmlDoc = ctx.doc
    pctx = doc.part_ctx(doc.parts[sid], sid)
    frame = container_frame(container)
    ids: list[str] = []
    for node in nodes:
        for item in node_elements(node, pctx, origin[0], origin[1]):
            if frame != TOP:  # written in slide EMU: map into the group's child space
                box = raw_xfrm(xfrm_of(item))
                if box is not None:
                    write_box(item, TOP.to_px(*box), frame)
            place_in(container, item)
            ids += doc.register(item, sid, shape_types_of(node))
    for entry in pctx.state.report.entries:
        ctx.warn(f"ooxml: {entry.reason}")
    return ids


def insert_built(ctx: NCtx, p: Any, *, tool: str | None = None, convert: Any = None) -> dict[str, Any]:
    """Build the tool's node on a scratch slide and write it into p.parentId (default the focused
    slide) at its parent-relative (or slide, with coordinateSpace 'slide') position."""
    doc: OoxmlDoc = ctx.doc
    sid, container = doc.container(getattr(p, "parentId", None))
    state, result = ctx.build_on_scratch(sid, tool=tool)
    node = state.nodes[result["id"]]
    if convert is not None:
        node = convert(ctx, node)
    if getattr(p, "coordinateSpace", "parent") == "slide":
        origin = (0.0, 0.0)
    else:
        origin = container_origin(container)
    ids = write_nodes(ctx, sid, container, [node], origin)
    ctx.create(node.id)
    for i in ids:
        ctx.touch(i)
    return {"id": node.id}


def _frame_as_group(ctx: NCtx, frame: NodeBase) -> NodeBase:
    """OOXML has no frames: a group holding a background rectangle (the frame's paint)."""
    assert isinstance(frame, FrameNode)
    ctx.warn("create_frame on ooxml: written as a group with a background rectangle (flat format: no frames)")
    if frame.layout is not None:
        ctx.warn("layoutMode ignored: unsupported on ooxml: flat format, no auto-layout")
    bg = RectangleNode(
        id=f"{frame.id}#bg",
        name=f"{frame.name} background",
        width=frame.width,
        height=frame.height,
        fills=frame.fills,
        strokes=frame.strokes,
        corner_radius=frame.corner_radius,
    )
    return GroupNode(
        id=frame.id, name=frame.name, x=frame.x, y=frame.y, width=frame.width, height=frame.height, children=[bg]
    )


@table.bind("create_frame")
def create_frame(ctx: NCtx, p: Any) -> dict[str, Any]:
    return insert_built(ctx, p, convert=_frame_as_group)


@table.bind(
    "create_rectangle",
    "create_ellipse",
    "create_polygon",
    "create_star",
    "create_line",
    "create_text",
    "create_graphics",
    "create_image",
    "create_table",
    "create_data_chart",
    "create_math",
    "insert_unsplash_image",
)
def create_shape(ctx: NCtx, p: Any) -> dict[str, Any]:
    if ctx.tool == "insert_unsplash_image" and getattr(p, "targetNodeId", None) is not None:
        from backends.ooxml.h_style import image_into

        return image_into(ctx, p.targetNodeId, p.imageId, p.scaleMode, field="targetNodeId", library_only=True)
    return insert_built(ctx, p)


@table.bind("create_connector")
def create_connector(ctx: NCtx, p: Any) -> dict[str, Any]:
    """A p:cxnSp bound to its nodes (stCxn / endCxn name their cNvPr ids); it is routed once,
    from the nodes' current boxes (ooxml does not re-route connectors when shapes move)."""
    doc: OoxmlDoc = ctx.doc
    ends = [(n, f) for n, f in ((p.startNodeId, "startNodeId"), (p.endNodeId, "endNodeId")) if n]
    slides = set()
    stand_ins: list[NodeBase] = []
    from backends.ooxml.edit import abs_box
    from backends.ooxml.shapes import cnv_of

    cnv_ids: dict[str, int] = {}
    for node_id, field in ends:
        sid, shape = doc.find(node_id, field)
        slides.add(sid)
        x, y, w, h = abs_box(doc, node_id, shape)
        stand_ins.append(RectangleNode(id=node_id, x=x, y=y, width=w, height=h))
        cnv_ids[node_id] = int(cnv_of(shape).get("id") or 0)
    if len(slides) > 1:
        raise ToolError("the two nodes are on different slides", field="endNodeId")
    sid = slides.pop() if slides else doc.slide_part(None)[0]
    if p.parentId is not None:
        psid, container = doc.container(p.parentId)
        if psid != sid:
            raise ToolError("the connector's parent is on another slide than its nodes", field="parentId")
    else:
        container = doc.sp_tree(sid, write=True)
    args = {k: v for k, v in ctx.args.items() if k != "parentId"}
    state, result = ctx.backend.build(doc, "create_connector", args, slides=[Slide(id=sid, children=stand_ins)])
    node = state.nodes[result["id"]]
    pctx = doc.part_ctx(doc.parts[sid], sid)
    pctx.shape_ids.update(cnv_ids)
    for item in node_elements(node, pctx):
        frame = container_frame(container)
        if frame != TOP:
            box = raw_xfrm(xfrm_of(item))
            if box is not None:
                write_box(item, TOP.to_px(*box), frame)
        place_in(container, item)
        doc.register(item, sid, {node.id: "CONNECTOR"})
    if ends:
        ctx.warn("ooxml connectors are routed once: they do not follow their shapes when these move")
    ctx.create(node.id)
    return {"id": node.id}


@table.bind("import_json")
def import_json(ctx: NCtx, p: Any) -> dict[str, Any]:
    """Nodes from scene JSON / REST JSON written into the parent (whole slides are refused)."""
    doc: OoxmlDoc = ctx.doc
    sid, container = doc.container(p.parentId)
    state, _ = ctx.build_on_scratch(sid, mode="append")
    if len(state.deck.slides) > 1:
        raise UnsupportedError("importing whole slides", where="field json", hint="give nodes, not slides")
    if p.mode == "replace":
        from backends.ooxml.shapes import shape_children

        for child in list(shape_children(container)):
            doc.forget(child, sid, "import_json(replace)")
            child.getparent().remove(child)
    nodes = list(state.deck.slides[0].children)
    ids = write_nodes(ctx, sid, container, nodes, container_origin(container))
    for n in nodes:
        ctx.create(n.id)
    return {"id": nodes[0].id if nodes else "", "ids": [n.id for n in nodes], "written": len(ids)}


def is_group(shape: etree._Element) -> bool:
    return local(shape.tag) == "grpSp"


HANDLERS = table.handlers
