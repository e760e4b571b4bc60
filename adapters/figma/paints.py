"""Figma paints, strokes and effects <-> IR Paint / Stroke / Effect (both directions)."""

from __future__ import annotations

import re
from typing import Any, get_args

from ace_core.color import Color
from ace_core.ir.style import (
    BlendMode,
    Crop,
    Effect,
    GradientPaint,
    GradientStop,
    ImageFilters,
    ImagePaint,
    Paint,
    Point,
    Sides,
    SolidPaint,
    Stroke,
)
from adapters.figma.context import ReadContext, num

__all__ = [
    "BLEND_MODES",
    "color_from_figma",
    "color_to_figma",
    "effects_from_figma",
    "effects_to_figma",
    "image_ref_of",
    "paint_from_figma",
    "paint_to_figma",
    "paints_from_figma",
    "paints_to_figma",
    "stroke_props_to_figma",
    "strokes_from_figma",
]

BLEND_MODES: frozenset[str] = frozenset(get_args(BlendMode))
_GRADIENTS = ("GRADIENT_LINEAR", "GRADIENT_RADIAL", "GRADIENT_ANGULAR", "GRADIENT_DIAMOND")
_SCALE_MODES = ("FILL", "FIT", "TILE", "STRETCH")
_FILTERS = ("exposure", "contrast", "saturation", "temperature", "tint", "highlights", "shadows")
_PLAIN_CAPS = ("NONE", "ROUND", "SQUARE")
_ARROW_CAPS = (
    "LINE_ARROW",
    "TRIANGLE_ARROW",
    "TRIANGLE_FILLED",
    "DIAMOND_FILLED",
    "CIRCLE_FILLED",
    "STEALTH_ARROW",
)
_FIGMA_CAP = {"STEALTH_ARROW": "TRIANGLE_FILLED"}  # IR caps Figma's StrokeCap enum lacks
_EFFECTS = ("DROP_SHADOW", "INNER_SHADOW", "LAYER_BLUR", "BACKGROUND_BLUR")


def _unit(v: Any, default: float = 0.0) -> float:
    return min(1.0, max(0.0, num(v, default)))


_COLORS: dict[tuple[float, float, float, float], Color] = {}


def color_from_figma(c: Any) -> Color:
    if not isinstance(c, dict):
        return Color()
    key = (_unit(c.get("r")), _unit(c.get("g")), _unit(c.get("b")), _unit(c.get("a"), 1.0))
    color = _COLORS.get(key)
    if color is None:  # Color is frozen, so one instance per value can be shared
        # channels are clamped here, so the model's validation would not change anything
        color = Color.model_construct(r=key[0], g=key[1], b=key[2], a=key[3])
        if len(_COLORS) < 65536:
            _COLORS[key] = color
    return color


def color_to_figma(c: Color) -> dict[str, float]:
    return {"r": c.r, "g": c.g, "b": c.b, "a": c.a}


# -- paints -------------------------------------------------------------------------------------


def paint_from_figma(p: Any, ctx: ReadContext, node_id: str) -> Paint | None:
    """One Figma paint as an IR paint; None (with a loss entry) when the IR has no equivalent."""
    if not isinstance(p, dict):
        return None
    kind = p.get("type")
    visible = p.get("visible") is not False
    opacity = _unit(p.get("opacity"), 1.0)
    blend = p.get("blendMode")
    if blend not in (None, "NORMAL", "PASS_THROUGH"):
        ctx.loss("paint-blend-mode", f"{kind} paint blend mode {blend} drawn as NORMAL", node_id)
    if kind == "SOLID":
        return SolidPaint(color=color_from_figma(p.get("color")), opacity=opacity, visible=visible)
    if kind in _GRADIENTS:
        handles = [Point(x=num(h.get("x")), y=num(h.get("y"))) for h in p.get("gradientHandlePositions") or []]
        if len(handles) != 3:
            handles = GradientPaint().handles
        stops = [
            GradientStop(position=_unit(s.get("position")), color=color_from_figma(s.get("color")))
            for s in p.get("gradientStops") or []
            if isinstance(s, dict)
        ]
        return GradientPaint(type=kind, stops=stops, handles=handles, opacity=opacity, visible=visible)
    if kind == "IMAGE":
        return image_paint_from_figma(p, ctx, node_id, opacity, visible)
    ctx.loss(f"paint-{str(kind).lower()}", f"{kind} paint has no IR equivalent; dropped", node_id, "error")
    return None


def image_paint_from_figma(p: dict[str, Any], ctx: ReadContext, node_id: str, opacity: float, visible: bool) -> Paint:
    ref = p.get("imageRef") or p.get("imageHash")
    asset: str | None = None
    if isinstance(ref, str) and ref:
        asset, why = ctx.image_asset(ref)
        if asset is None:
            ctx.loss("missing-image", f"image {ref} not found ({why}); drawn as a placeholder", node_id)
    else:
        ref = None
        ctx.loss("missing-image", "IMAGE paint without imageRef; drawn as a placeholder", node_id)
    mode = p.get("scaleMode") if p.get("scaleMode") in _SCALE_MODES else "FILL"
    crop = None
    tr = p.get("imageTransform")
    if mode == "STRETCH" and _is_matrix(tr):
        (sx, _, tx), (_, sy, ty) = tr
        left, top = num(tx), num(ty)
        right, bottom = 1.0 - left - num(sx, 1.0), 1.0 - top - num(sy, 1.0)
        crop = Crop(left=round(left, 9), top=round(top, 9), right=round(right, 9), bottom=round(bottom, 9))
        if crop == Crop():
            crop = None
    filters = None
    if isinstance(p.get("filters"), dict):
        values = {k: num(p["filters"].get(k)) for k in _FILTERS}
        filters = ImageFilters(**values) if any(values.values()) else None
    factor = p.get("scalingFactor")
    return ImagePaint(
        asset=asset,
        scale_mode=mode,
        crop=crop,
        rotation=num(p.get("rotation")),
        scaling_factor=num(factor) if isinstance(factor, int | float) and mode == "TILE" else None,
        filters=filters,
        image_ref=ref,
        opacity=opacity,
        visible=visible,
    )


def _is_matrix(tr: Any) -> bool:
    return isinstance(tr, list) and len(tr) == 2 and all(isinstance(r, list) and len(r) == 3 for r in tr)


def paints_from_figma(paints: Any, ctx: ReadContext, node_id: str) -> list[Paint]:
    out: list[Paint] = []
    for p in paints if isinstance(paints, list) else []:
        paint = paint_from_figma(p, ctx, node_id)
        if paint is not None:
            out.append(paint)
    return out


def paint_to_figma(paint: Paint) -> dict[str, Any]:
    base: dict[str, Any] = {"type": paint.type, "visible": paint.visible, "opacity": paint.opacity}
    base["blendMode"] = "NORMAL"
    if isinstance(paint, SolidPaint):
        base["color"] = color_to_figma(paint.color)
    elif isinstance(paint, GradientPaint):
        base["gradientHandlePositions"] = [{"x": h.x, "y": h.y} for h in paint.handles]
        base["gradientStops"] = [{"position": s.position, "color": color_to_figma(s.color)} for s in paint.stops]
    else:
        mode = "STRETCH" if paint.scale_mode == "CROP" else paint.scale_mode
        base["scaleMode"] = mode
        base["imageRef"] = image_ref_of(paint)
        if paint.crop is not None and mode == "STRETCH":
            c = paint.crop
            base["imageTransform"] = [[1.0 - c.left - c.right, 0.0, c.left], [0.0, 1.0 - c.top - c.bottom, c.top]]
        if paint.rotation:
            base["rotation"] = paint.rotation
        if paint.scaling_factor is not None:
            base["scalingFactor"] = paint.scaling_factor
        if paint.filters is not None:
            base["filters"] = paint.filters.model_dump()
    return base


_SAFE_REF = re.compile(r"^[A-Za-z0-9_-]{1,128}$")


def image_ref_of(paint: ImagePaint) -> str:
    """The imageRef written for an image paint (and the name of its file in the images folder): its
    Figma ref when it is one, else its asset hash (an OOXML part name is not a usable ref)."""
    if paint.image_ref and _SAFE_REF.match(paint.image_ref):
        return paint.image_ref
    return paint.asset or paint.image_ref or ""


def paints_to_figma(paints: list[Paint]) -> list[dict[str, Any]]:
    return [paint_to_figma(p) for p in paints]


# -- strokes ------------------------------------------------------------------------------------


def strokes_from_figma(n: dict[str, Any], ctx: ReadContext, default_align: str) -> tuple[list[Stroke], Sides | None]:
    """The node's strokes (one IR Stroke per Figma stroke paint, sharing weight / align / dashes /
    caps / join) and its per-side weights."""
    nid = n.get("id", "")
    paints = paints_from_figma(n.get("strokes"), ctx, nid)
    weights = None
    isw = n.get("individualStrokeWeights")
    if isinstance(isw, dict):
        weights = Sides(
            top=num(isw.get("top")),
            right=num(isw.get("right")),
            bottom=num(isw.get("bottom")),
            left=num(isw.get("left")),
        )
    if not paints:
        return [], weights
    weight = max(0.0, num(n.get("strokeWeight"), 1.0))
    align = n.get("strokeAlign") if n.get("strokeAlign") in ("INSIDE", "OUTSIDE", "CENTER") else default_align
    dashes = [max(0.0, num(v)) for v in n.get("strokeDashes") or [] if isinstance(v, int | float)]
    cap = n.get("strokeCap") or "NONE"
    join = n.get("strokeJoin") if n.get("strokeJoin") in ("MITER", "BEVEL", "ROUND") else "MITER"
    props: dict[str, Any] = {"weight": weight, "align": align, "dashes": dashes, "join": join}
    if cap in _PLAIN_CAPS:
        props["cap"] = cap
    elif cap in _ARROW_CAPS:
        props["end_cap"] = cap
    else:
        ctx.loss("stroke-cap", f"stroke cap {cap} drawn as NONE", nid, "info")
    for key, field in (("connectorStartStrokeCap", "start_cap"), ("connectorEndStrokeCap", "end_cap")):
        if n.get(key) in _ARROW_CAPS:
            props[field] = n[key]
    return [Stroke(paint=p, **props) for p in paints], weights


def stroke_props_to_figma(strokes: list[Stroke], weights: Sides | None, default_align: str) -> dict[str, Any]:
    """strokes / strokeWeight / strokeAlign / strokeDashes / strokeCap / strokeJoin of a node."""
    out: dict[str, Any] = {"strokes": [paint_to_figma(s.paint) for s in strokes]}
    first = strokes[0] if strokes else None
    out["strokeWeight"] = first.weight if first else 1.0
    out["strokeAlign"] = first.align if first else default_align
    if first is not None:
        if first.dashes:
            out["strokeDashes"] = list(first.dashes)
        if first.end_cap != "NONE":  # Figma has no stealth (notched) arrow: its filled triangle
            out["strokeCap"] = _FIGMA_CAP.get(first.end_cap, first.end_cap)
        elif first.cap != "NONE":
            out["strokeCap"] = first.cap
        if first.join != "MITER":
            out["strokeJoin"] = first.join
    if weights is not None:
        out["individualStrokeWeights"] = weights.model_dump()
    return out


# -- effects ------------------------------------------------------------------------------------


def effects_from_figma(effects: Any, ctx: ReadContext, node_id: str) -> list[Effect]:
    out: list[Effect] = []
    for e in effects if isinstance(effects, list) else []:
        if not isinstance(e, dict):
            continue
        kind = e.get("type")
        if kind not in _EFFECTS:
            ctx.loss(f"effect-{str(kind).lower()}", f"{kind} effect has no IR equivalent; dropped", node_id)
            continue
        off = e.get("offset") if isinstance(e.get("offset"), dict) else {}
        out.append(
            Effect(
                type=kind,
                color=color_from_figma(e.get("color")) if isinstance(e.get("color"), dict) else Effect().color,
                offset=Point(x=num(off.get("x")), y=num(off.get("y"))),
                radius=max(0.0, num(e.get("radius"))),
                spread=num(e.get("spread")),
                visible=e.get("visible") is not False,
            )
        )
    return out


def effects_to_figma(effects: list[Effect]) -> list[dict[str, Any]]:
    out = []
    for e in effects:
        item: dict[str, Any] = {"type": e.type, "visible": e.visible, "radius": e.radius}
        if e.type in ("DROP_SHADOW", "INNER_SHADOW"):
            item.update(
                color=color_to_figma(e.color),
                offset={"x": e.offset.x, "y": e.offset.y},
                spread=e.spread,
                blendMode="NORMAL",
            )
        out.append(item)
    return out
