"""After each command: re-measure auto-resizing text whose characters or typography changed, refit
groups, re-solve the auto-layout frames the change affects (ace_core.layout.solve_affected) and
re-route connectors bound to moved nodes. Moving or copying a text box never re-measures it (its
stored box may come from PowerPoint's own measurement, or be vertical text)."""

from __future__ import annotations

from typing import Any

from ace_core.ir.deck import Slide
from ace_core.ir.nodes import ConnectorNode, FrameNode, GroupNode, NodeBase, TextNode
from ace_core.layout import TextMeasurer, default_measurer, solve_affected
from ace_core.layout.constraints import refit_group
from backends.scenegraph.context import Ctx
from backends.scenegraph.state import SceneState

__all__ = ["fit_group", "measure_text", "reflow", "route_connector"]


def reflow(ctx: Ctx) -> None:
    state = ctx.state
    if not ctx.slides:
        return
    measurer = ctx.backend.measurer if ctx.backend is not None else None
    for nid in ctx.text_changed:
        node = state.nodes.get(nid)
        if type(node) is TextNode and node.text.vertical == "horz" and not state.in_auto_layout(node):
            measure_text(node, measurer)  # auto-resizing text outside a flow (the solver sizes flows)
    for nid in list(ctx.moved | ctx.text_changed):
        node = state.nodes.get(nid)
        if node is not None:
            _fit_group_ancestors(ctx, node)
    for slide_id, slide in list(ctx.slides.items()):
        if slide_id not in state.slides:
            continue
        ids = [nid for nid in ctx.moved | ctx.text_changed if state.slide_of.get(nid) is slide]
        if ids:
            for moved in solve_affected(slide, ids, measurer):
                node = state.nodes.get(moved)
                if node is not None:
                    ctx.changed[moved] = node
        _route_slide(ctx, slide)


def measure_text(node: TextNode, measurer: TextMeasurer | None = None) -> None:
    """Size a TEXT node from its characters per its auto-resize mode (x, y kept)."""
    body = node.text
    m = measurer or default_measurer()
    if body.auto_resize == "WIDTH_AND_HEIGHT":
        w, h = m.measure(body, None)
        node.width, node.height = max(1.0, w), max(1.0, h)
    elif body.auto_resize == "HEIGHT":
        node.height = max(1.0, m.measure(body, node.width)[1])


class _Setter:
    """The solver's SizeSetter protocol over plain attribute writes."""

    def set_pos(self, node: NodeBase, axis: int, value: float) -> None:
        setattr(node, "x" if axis == 0 else "y", value)

    def set_size(self, node: NodeBase, axis: int, value: float) -> None:
        setattr(node, "width" if axis == 0 else "height", max(0.0, value))

    def hugs(self, node: NodeBase, axis: int) -> bool:
        return False


def _fit_group_ancestors(ctx: Ctx, node: NodeBase) -> None:
    state = ctx.state
    parent = state.parent.get(node.id)
    while isinstance(parent, GroupNode):
        if not fit_group(parent):
            break
        ctx.touch(parent)
        parent = state.parent.get(parent.id)


def fit_group(group: GroupNode) -> bool:
    """Make a group's box the union of its children's (children stay in place on the slide; the
    layout package's rule: rotated and empty groups are left alone). True when the box changed."""
    before = (group.x, group.y, group.width, group.height)
    refit_group(_Setter(), group)
    return (group.x, group.y, group.width, group.height) != before


# -- connectors ------------------------------------------------------------------------------------
def _route_slide(ctx: Ctx, slide: Slide) -> None:
    state = ctx.state
    for node in slide.iter_nodes():
        if type(node) is ConnectorNode and (node.start.node_id or node.end.node_id):
            before = (node.x, node.y, node.width, node.height, node.flip_h, node.flip_v)
            route_connector(state, node)
            if (node.x, node.y, node.width, node.height, node.flip_h, node.flip_v) != before:
                ctx.changed[node.id] = node


def _anchor(box: tuple[float, float, float, float], magnet: str) -> tuple[float, float]:
    x, y, w, h = box
    return {
        "TOP": (x + w / 2, y),
        "BOTTOM": (x + w / 2, y + h),
        "LEFT": (x, y + h / 2),
        "RIGHT": (x + w, y + h / 2),
    }.get(magnet, (x + w / 2, y + h / 2))


def _auto_magnets(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> tuple[str, str]:
    ax, ay = a[0] + a[2] / 2, a[1] + a[3] / 2
    bx, by = b[0] + b[2] / 2, b[1] + b[3] / 2
    dx, dy = bx - ax, by - ay
    if abs(dx) * max(a[3], b[3], 1.0) >= abs(dy) * max(a[2], b[2], 1.0):
        return ("RIGHT", "LEFT") if dx >= 0 else ("LEFT", "RIGHT")
    return ("BOTTOM", "TOP") if dy >= 0 else ("TOP", "BOTTOM")


def route_connector(state: SceneState, node: ConnectorNode) -> None:
    """Place a connector's box between its ends (slide px), bound ends at their magnets."""
    free_start = node.meta.get("free_start")
    free_end = node.meta.get("free_end")
    start_box = _bound_box(state, node.start.node_id)
    end_box = _bound_box(state, node.end.node_id)
    ox, oy = state.origin(state.parent[node.id]) if node.id in state.parent else (0.0, 0.0)
    # current ends, for ends that are free and carry no stored point
    cur_a = (ox + node.x + (node.width if node.flip_h else 0), oy + node.y + (node.height if node.flip_v else 0))
    cur_b = (ox + node.x + (0 if node.flip_h else node.width), oy + node.y + (0 if node.flip_v else node.height))
    sm, em = node.start.magnet, node.end.magnet
    if start_box is not None and end_box is not None:
        auto_s, auto_e = _auto_magnets(start_box, end_box)
        sm = auto_s if sm in ("AUTO", "NONE") else sm
        em = auto_e if em in ("AUTO", "NONE") else em
    a = _anchor(start_box, sm) if start_box is not None else tuple(free_start) if free_start else cur_a
    if end_box is not None:
        if em in ("AUTO", "NONE"):
            em = _auto_magnets(end_box, (a[0], a[1], 0.0, 0.0))[0]
        b = _anchor(end_box, em)
    else:
        b = tuple(free_end) if free_end else cur_b
    if start_box is not None and node.start.magnet in ("AUTO", "NONE") and end_box is None:
        sm = _auto_magnets(start_box, (b[0], b[1], 0.0, 0.0))[0]
        a = _anchor(start_box, sm)
    set_line_box(node, (a[0] - ox, a[1] - oy), (b[0] - ox, b[1] - oy))
    for end_name, magnet in (("start", sm), ("end", em)):
        end = getattr(node, end_name)
        target = state.nodes.get(end.node_id) if end.node_id else None
        if target is not None:
            site = connection_site(target, magnet)
            if site != end.site:
                setattr(node, end_name, end.model_copy(update={"site": site}))


# OOXML connection-site indices of the side midpoints (presetShapeDefinitions.xml cxnLst)
_RECT_SITES = {"TOP": 0, "LEFT": 1, "BOTTOM": 2, "RIGHT": 3}
_ELLIPSE_SITES = {"TOP": 0, "LEFT": 2, "BOTTOM": 4, "RIGHT": 6}


def connection_site(target: NodeBase, magnet: str) -> int | None:
    """The OOXML connection site of a side of the target's outline (rect-like boxes and ellipses),
    so that a .pptx writer binds the connector where it is drawn; None for other presets."""
    if target.type == "ELLIPSE":
        return _ELLIPSE_SITES.get(magnet)
    if target.type == "SHAPE" and getattr(target, "preset", "") not in ("rect", "roundRect"):
        return None
    return _RECT_SITES.get(magnet)


def _bound_box(state: SceneState, node_id: str | None) -> tuple[float, float, float, float] | None:
    if not node_id:
        return None
    target = state.nodes.get(node_id)
    if target is None:
        return None
    return state.absolute_box(target)


def set_line_box(node: NodeBase, a: tuple[float, float], b: tuple[float, float]) -> None:
    """A LINE / CONNECTOR box from start `a` to end `b` (parent px): the box spans them, flips
    record the direction (the IR draws top-left -> bottom-right unless flipped)."""
    node.x, node.y = min(a[0], b[0]), min(a[1], b[1])
    node.width, node.height = abs(b[0] - a[0]), abs(b[1] - a[1])
    node.flip_h = b[0] < a[0]
    node.flip_v = b[1] < a[1]


def is_frame_with_layout(node: Any) -> bool:
    return isinstance(node, FrameNode) and node.layout is not None and node.layout.mode != "GRID"
