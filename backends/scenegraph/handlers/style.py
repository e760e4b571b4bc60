"""contentTools style: fills, gradients, image fills, replace_color, strokes, corners, effects."""

from __future__ import annotations

from typing import Any

from ace_core.color import Color
from ace_core.errors import ToolError
from ace_core.ir.deck import Slide
from ace_core.ir.nodes import NodeBase
from ace_core.ir.style import Crop, Effect, ImageFilters, ImagePaint, Point, Sides, SolidPaint, Stroke
from ace_core.ir.text import TextBody
from ace_core.tools import content_style as T
from backends.scenegraph.build import gradient_paint, solid
from backends.scenegraph.context import Ctx
from backends.scenegraph.handlers.base import HandlerTable
from backends.scenegraph.handlers.text import clear_run_fields
from backends.scenegraph.textops import text_bodies

table = HandlerTable()


def set_text_color(body: TextBody, color: Color) -> None:
    clear_run_fields(body, ("fill",))
    body.style = body.style.model_copy(update={"fill": solid(color)})


@table.bind("set_fill_color")
def set_fill_color(ctx: Ctx, p: T.SetFillColor) -> dict[str, Any]:
    node = ctx.state.node(p.nodeId)
    color = p.color if p.color is not None else Color(r=p.r, g=p.g, b=p.b, a=1.0 if p.a is None else p.a)  # type: ignore[arg-type]
    if node.type == "TEXT":
        set_text_color(node.text, color)  # type: ignore[attr-defined]
        ctx.touch_style(node)
        return {"target": "text"}
    node.fills = [solid(color)]
    ctx.touch_style(node)
    return {"target": "fills"}


@table.bind("set_fill_gradient")
def set_fill_gradient(ctx: Ctx, p: T.SetFillGradient) -> None:
    node = ctx.state.node(p.nodeId)
    paint = gradient_paint(p.gradientStops, p.gradientType, p.angle)
    if node.type == "TEXT":
        node.text.style = node.text.style.model_copy(update={"fill": paint})  # type: ignore[attr-defined]
        clear_run_fields(node.text, ("fill",))  # type: ignore[attr-defined]
    else:
        node.fills = [paint]
    ctx.touch_style(node)


@table.bind("set_image_fill")
def set_image_fill(ctx: Ctx, p: T.SetImageFill) -> dict[str, Any]:
    node = ctx.state.node(p.nodeId)
    if node.type in ("TEXT", "LINE", "CONNECTOR", "GROUP", "TABLE", "CHART", "MATH"):
        raise ToolError(f"a {node.type} node cannot take an image fill", field="nodeId", hint="give a shape or image")
    img = ctx.backend.resolve_image(p.source, "source")
    key = ctx.state.deck.add_asset(img.data, img.mime)
    paint = ImagePaint(
        asset=key,
        scale_mode=p.scaleMode,
        crop=Crop(**p.crop.model_dump()) if p.crop else None,
        rotation=float(p.rotation),
        filters=ImageFilters(**p.filters.model_dump()) if p.filters else None,
    )
    if node.type == "IMAGE":
        node.image = paint  # type: ignore[attr-defined]
        node.svg_asset = key if img.mime == "image/svg+xml" else None  # type: ignore[attr-defined]
    else:
        node.fills = [paint]
    if img.meta.get("attribution"):
        node.meta["attribution"] = img.meta["attribution"]
    ctx.touch_style(node)
    return {"asset": key}


# -- replace_color ---------------------------------------------------------------------------------
class _Recolor:
    def __init__(self, src: Color, dst: Color, tol: float, targets: str) -> None:
        self.src, self.dst, self.tol, self.targets = src, dst, tol, targets
        self.count = 0

    def color(self, c: Color) -> Color:
        if max(abs(c.r - self.src.r), abs(c.g - self.src.g), abs(c.b - self.src.b)) <= self.tol + 1e-9:
            self.count += 1
            return Color(r=self.dst.r, g=self.dst.g, b=self.dst.b, a=c.a)
        return c

    def paint(self, paint: Any) -> Any:
        if paint is None:
            return None
        if paint.type == "SOLID":
            new = self.color(paint.color)
            return paint if new is paint.color else paint.model_copy(update={"color": new})
        if paint.type.startswith("GRADIENT"):
            stops = [s.model_copy(update={"color": self.color(s.color)}) for s in paint.stops]
            return paint.model_copy(update={"stops": stops})
        return paint

    def stroke(self, st: Stroke | None) -> Stroke | None:
        return st if st is None else st.model_copy(update={"paint": self.paint(st.paint)})

    def body(self, body: TextBody) -> None:
        body.style = body.style.model_copy(update={"fill": self.paint(body.style.fill)})
        for para in body.paragraphs:
            para.style = para.style.model_copy(update={"fill": self.paint(para.style.fill)})
            for run in para.runs:
                if run.style.fill is not None:
                    run.style = run.style.model_copy(update={"fill": self.paint(run.style.fill)})

    def node(self, node: NodeBase) -> bool:
        before = self.count
        t = self.targets
        if t in ("fills", "all"):
            node.fills = [self.paint(pt) for pt in node.fills]
            if node.type == "TABLE":
                for row in node.rows:  # type: ignore[attr-defined]
                    for cell in row.cells:
                        cell.fills = [self.paint(pt) for pt in cell.fills]
            if node.type == "CHART":
                for s in node.chart.series:  # type: ignore[attr-defined]
                    s.fill = self.paint(s.fill)
                    if s.point_fills:
                        s.point_fills = [self.paint(pt) for pt in s.point_fills]
            if node.type == "MATH" and node.color is not None:  # type: ignore[attr-defined]
                node.color = self.paint(node.color)  # type: ignore[attr-defined]
        if t in ("strokes", "all"):
            node.strokes = [self.stroke(st) for st in node.strokes]  # type: ignore[misc]
            if node.type == "TABLE":
                for row in node.rows:  # type: ignore[attr-defined]
                    for cell in row.cells:
                        b = cell.borders
                        for side in ("top", "right", "bottom", "left", "diagonal_down", "diagonal_up"):
                            setattr(b, side, self.stroke(getattr(b, side)))
            if node.type == "CHART":
                for s in node.chart.series:  # type: ignore[attr-defined]
                    s.line = self.stroke(s.line)
        if t in ("text", "all"):
            for body in text_bodies(node):
                self.body(body)
        return self.count > before


@table.bind("replace_color")
def replace_color(ctx: Ctx, p: T.ReplaceColor) -> dict[str, Any]:
    state = ctx.state
    scope = state.node_or_slide(p.scopeNodeId, "scopeNodeId")
    rc = _Recolor(p.fromColor, p.toColor, p.tolerance, p.targets)
    nodes = ([] if isinstance(scope, Slide) else [scope]) + state.descendants(scope)
    for node in nodes:
        if rc.node(node):
            ctx.touch_style(node)
    if isinstance(scope, Slide) and scope.background is not None and p.targets in ("fills", "all"):
        before = rc.count
        scope.background.fills = [rc.paint(pt) for pt in scope.background.fills]
        if rc.count > before:
            scope.background.inherited = False
            ctx.touch_slide(scope)
    if rc.count == 0:
        ctx.warn(f"no colour within {p.tolerance} of {p.fromColor.hex} under {scope.id!r}")
    return {"replaced": rc.count}


@table.bind("set_stroke")
def set_stroke(ctx: Ctx, p: T.SetStroke) -> None:
    node = ctx.state.node(p.nodeId)
    if p.weight == 0:
        node.strokes = []
        node.stroke_weights = None
        ctx.touch_style(node)
        return
    current = node.strokes[0] if node.strokes else Stroke(paint=SolidPaint(color=Color.from_hex("#000000")))
    update: dict[str, Any] = {}
    if p.strokeColor is not None:
        update["paint"] = solid(p.strokeColor)
    if p.weight is not None:
        update["weight"] = p.weight
    if p.align is not None:
        update["align"] = p.align
    if p.dashPattern is not None:
        update["dashes"] = list(p.dashPattern)
        update["dash_preset"] = None
    node.strokes = [current.model_copy(update=update), *node.strokes[1:]]
    if p.individualWeights is not None:
        node.stroke_weights = Sides(**p.individualWeights.model_dump())
    ctx.touch_style(node)


@table.bind("set_corner_radius")
def set_corner_radius(ctx: Ctx, p: T.SetCornerRadius) -> None:
    node = ctx.state.node(p.nodeId)
    if "corner_radius" not in type(node).model_fields:
        raise ToolError(f"a {node.type} node has no corners", field="nodeId", hint="give a RECTANGLE, FRAME or IMAGE")
    if p.rectangleCornerRadii is not None:
        radii = tuple(p.rectangleCornerRadii)
    elif p.corners is not None:
        old = node.corner_radii or (node.corner_radius,) * 4  # type: ignore[attr-defined]
        radii = tuple(p.radius if flag else old[i] for i, flag in enumerate(p.corners))  # type: ignore[misc]
    else:
        radii = None
    if radii is None or len(set(radii)) == 1:
        node.corner_radius = radii[0] if radii else p.radius  # type: ignore[attr-defined]
        node.corner_radii = None  # type: ignore[attr-defined]
    else:
        node.corner_radii = radii  # type: ignore[attr-defined]
        node.corner_radius = max(radii)  # type: ignore[attr-defined]
    ctx.touch_style(node)


@table.bind("set_opacity")
def set_opacity(ctx: Ctx, p: T.SetOpacity) -> None:
    node = ctx.state.node(p.nodeId)
    node.opacity = p.opacity
    ctx.touch_style(node)


def _shadow(ctx: Ctx, p: Any, kind: str) -> None:
    node = ctx.state.node(p.nodeId)
    others = [e for e in node.effects if e.type != kind]
    if p.visible:
        effect = Effect(
            type=kind, color=p.shadowColor, offset=Point(x=p.offsetX, y=p.offsetY), radius=p.radius, spread=p.spread
        )
        others.append(effect)
    node.effects = others
    ctx.touch_style(node)


@table.bind("set_drop_shadow")
def set_drop_shadow(ctx: Ctx, p: T.SetDropShadow) -> None:
    _shadow(ctx, p, "DROP_SHADOW")


@table.bind("set_inner_shadow")
def set_inner_shadow(ctx: Ctx, p: T.SetInnerShadow) -> None:
    _shadow(ctx, p, "INNER_SHADOW")


@table.bind("set_blend_mode")
def set_blend_mode(ctx: Ctx, p: T.SetBlendMode) -> None:
    node = ctx.state.node(p.nodeId)
    node.blend_mode = p.blendMode
    ctx.touch_style(node)


_TEXT_COPY = (
    "font_family",
    "font_ref",
    "font_size",
    "font_weight",
    "italic",
    "decoration",
    "text_case",
    "letter_spacing",
    "fill",
)


@table.bind("copy_style")
def copy_style(ctx: Ctx, p: T.CopyStyle) -> dict[str, Any]:
    state = ctx.state
    src = state.node(p.sourceNodeId, "sourceNodeId")
    targets = [state.node(t, f"targetNodeIds[{i}]") for i, t in enumerate(p.targetNodeIds)]
    props = set(p.properties or ("fills", "strokes", "effects", "opacity", "cornerRadius", "blendMode", "text"))
    copied: set[str] = set()
    for node in targets:
        if node is src:
            continue
        if "fills" in props and node.type not in ("TEXT",) and src.type != "TEXT":
            node.fills = [f.model_copy(deep=True) for f in src.fills]
            copied.add("fills")
        if "strokes" in props:
            node.strokes = [s.model_copy(deep=True) for s in src.strokes]
            node.stroke_weights = src.stroke_weights
            copied.add("strokes")
        if "effects" in props:
            node.effects = [e.model_copy(deep=True) for e in src.effects]
            copied.add("effects")
        if "opacity" in props:
            node.opacity = src.opacity
            copied.add("opacity")
        if "blendMode" in props:
            node.blend_mode = src.blend_mode
            copied.add("blendMode")
        if (
            "cornerRadius" in props
            and "corner_radius" in type(node).model_fields
            and "corner_radius" in type(src).model_fields
        ):
            node.corner_radius = src.corner_radius  # type: ignore[attr-defined]
            node.corner_radii = src.corner_radii  # type: ignore[attr-defined]
            copied.add("cornerRadius")
        src_body, dst_body = getattr(src, "text", None), getattr(node, "text", None)
        if "text" in props and isinstance(src_body, TextBody) and isinstance(dst_body, TextBody):
            first = next((r.style for para in src_body.paragraphs for r in para.runs), None)
            effective = src_body.style.merged(src_body.paragraphs[0].style if src_body.paragraphs else None).merged(
                first
            )
            clear_run_fields(dst_body, _TEXT_COPY)
            dst_body.style = dst_body.style.model_copy(update={k: getattr(effective, k) for k in _TEXT_COPY})
            dst_body.align = src_body.align
            for para in dst_body.paragraphs:
                para.align = None
            copied.add("text")
            ctx.text_changed.add(node.id)
        ctx.touch_style(node)
    return {"copied": sorted(copied)}


@table.bind("set_visibility")
def set_visibility(ctx: Ctx, p: T.SetVisibility) -> None:
    nodes = [ctx.state.node(n, f"nodeIds[{i}]") for i, n in enumerate(p.nodeIds)]
    for node in nodes:
        if p.visible is not None:
            node.visible = p.visible
        if p.locked is not None:
            node.locked = p.locked
        ctx.touch(node)


HANDLERS = table.handlers
