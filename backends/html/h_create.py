"""HTML creation tools: new node elements (absolutely positioned divs, inline SVG shapes, tables,
SVG charts, auto-layout frames as flexbox) inserted into a slide, frame or group.

Each node is built as IR on a scratch slide by the scene-graph handler of the same tool, and its
element is the HTML writer's markup for it, appended on top of the container's children (inside
an auto-layout frame it becomes a flex item: x / y are then ignored)."""

from __future__ import annotations

from typing import Any

from lxml import etree

from ace_core.errors import ToolError, UnsupportedError
from ace_core.ir.nodes import NodeBase, RectangleNode
from adapters.html.schema import A_SLIDE_ID
from backends.html.doc import HtmlDoc, css_box, layout_of, node_children, parent_node
from backends.html.regen import element_of, ids_under
from backends.native import Handlers, NCtx

table = Handlers()


def abs_origin(ctx: NCtx, el: etree._Element) -> tuple[float, float]:
    """Slide px of the top-left of a container element (0, 0 for a slide)."""
    if el.get(A_SLIDE_ID) is not None:
        return 0.0, 0.0
    box = abs_box(ctx, el)
    return box[0], box[1]


def abs_box(ctx: NCtx, el: etree._Element) -> tuple[float, float, float, float]:
    """Slide px box of a node element: its CSS box from its parent's origin; a flex item (whose
    place the browser computes) is taken from the document as read back, its frame re-solved."""
    box = css_box(el)
    if box is None:
        found = view_box(ctx.backend.view(ctx.doc), el.get("data-id"))
        if found is None:
            raise ToolError(f"{el.get('data-id')!r} has no box", field="nodeId")
        return found
    ox, oy = abs_origin(ctx, parent_node(el))
    return ox + box[0], oy + box[1], box[2], box[3]


def view_box(deck: Any, node_id: str) -> tuple[float, float, float, float] | None:
    """Slide px box of a node of a read-back deck."""

    def walk(nodes: list[Any], ox: float, oy: float) -> tuple[float, float, float, float] | None:
        for n in nodes:
            if n.id == node_id:
                return ox + n.x, oy + n.y, n.width, n.height
            kids = getattr(n, "children", None)
            if kids:
                got = walk(kids, ox + n.x, oy + n.y)
                if got is not None:
                    return got
        return None

    for slide in deck.slides:
        got = walk(slide.children, 0.0, 0.0)
        if got is not None:
            return got
    return None


def insert_nodes(
    ctx: NCtx, container: etree._Element, nodes: list[NodeBase], *, xy_given: bool = True, index: int | None = None
) -> list[str]:
    """Append (or insert at `index`) the writer's elements for IR nodes; returns every id written."""
    doc: HtmlDoc = ctx.doc
    flex = layout_of(container) is not None
    ids: list[str] = []
    for i, node in enumerate(nodes):
        kids = node_children(container)
        pos = len(kids) if index is None else min(index + i, len(kids))
        new = element_of(doc, node, container, pos)
        if pos < len(kids):
            kids[pos].addprevious(new)
        else:
            notes = container.find("aside")
            if notes is not None and container.get(A_SLIDE_ID) is not None:
                notes.addprevious(new)
            else:
                container.append(new)
        new.tail = "\n"
        ids += ids_under(new)
        if flex:
            doc.flow_dirty.add(node.id)
            if xy_given and node.positioning != "ABSOLUTE":
                ctx.warn(f"x/y ignored: parent {container.get('data-id')!r} uses auto-layout (flexbox)")
    return ids


def insert_built(
    ctx: NCtx, p: Any, *, tool: str | None = None, stand_ins: list[NodeBase] | None = None
) -> dict[str, Any]:
    """Build the tool's node on a scratch slide and write it into p.parentId (default the
    focused slide) at its parent-relative (or, with coordinateSpace 'slide', slide) position."""
    doc: HtmlDoc = ctx.doc
    sid, container = doc.container(getattr(p, "parentId", None))
    state, result = ctx.build_on_scratch(sid, tool=tool, children=stand_ins)
    node = state.nodes[result["id"]]
    if getattr(p, "coordinateSpace", "parent") == "slide":
        ox, oy = abs_origin(ctx, container)
        node.x -= ox
        node.y -= oy
    xy_given = bool({"x", "y", "startX", "startY"} & set(ctx.args))
    ids = insert_nodes(ctx, container, [node], xy_given=xy_given)
    ctx.create(node.id)
    for i in ids:
        ctx.touch(i)
    out = {"id": node.id}
    if "item_ids" in result:
        out.update({k: result[k] for k in ("layout", "item_ids") if k in result})
    return out


@table.bind(
    "create_frame",
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
    "create_smartart",
)
def create_node(ctx: NCtx, p: Any) -> dict[str, Any]:
    return insert_built(ctx, p)


@table.bind("insert_unsplash_image")
def insert_unsplash_image(ctx: NCtx, p: Any) -> dict[str, Any]:
    if p.targetNodeId is not None:
        from backends.html.h_regen import regen

        return regen(ctx, [p.targetNodeId])
    return insert_built(ctx, p)


@table.bind("create_connector")
def create_connector(ctx: NCtx, p: Any) -> dict[str, Any]:
    """An inline-SVG connector routed from its nodes' current boxes (the page does not re-route
    it when they move later)."""
    doc: HtmlDoc = ctx.doc
    stand_ins: list[NodeBase] = []
    slides = set()
    for node_id, field in ((p.startNodeId, "startNodeId"), (p.endNodeId, "endNodeId")):
        if not node_id:
            continue
        sid, el = doc.find(node_id, field)
        slides.add(sid)
        x, y, w, h = abs_box(ctx, el)
        stand_ins.append(RectangleNode(id=node_id, x=x, y=y, width=w, height=h))
    if len(slides) > 1:
        raise ToolError("the two nodes are on different slides", field="endNodeId")
    if p.parentId is None and slides:
        ctx.args["parentId"] = slides.pop()
    out = insert_built(
        ctx, p if p.parentId is not None else _with_parent(p, ctx.args.get("parentId")), stand_ins=stand_ins
    )
    if stand_ins:
        ctx.warn("html connectors are routed once: they do not follow their nodes when these move")
    return out


def _with_parent(p: Any, parent: str | None) -> Any:
    return p.model_copy(update={"parentId": parent})


@table.bind("import_json")
def import_json(ctx: NCtx, p: Any) -> dict[str, Any]:
    """Nodes from scene / REST JSON written into the parent (whole slides are refused)."""
    doc: HtmlDoc = ctx.doc
    sid, container = doc.container(p.parentId)
    state, _ = ctx.build_on_scratch(sid, mode="append")
    if len(state.deck.slides) > 1:
        raise UnsupportedError("importing whole slides", where="field json", hint="give nodes, not slides")
    if p.mode == "replace":
        for child in node_children(container):
            doc.forget(child, "import_json(replace)")
            child.getparent().remove(child)
    nodes = list(state.deck.slides[0].children)
    insert_nodes(ctx, container, nodes, xy_given=False)
    for n in nodes:
        ctx.create(n.id)
    return {"id": nodes[0].id if nodes else "", "ids": [n.id for n in nodes]}


HANDLERS = table.handlers
