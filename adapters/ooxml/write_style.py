"""IR paints, strokes and effects -> DrawingML colours, fills, a:ln and a:effectLst."""

from __future__ import annotations

import math

from lxml import etree

from ace_core.color import Color
from ace_core.ir.style import Effect, GradientPaint, ImagePaint, Paint, SolidPaint, Stroke
from adapters.ooxml.conventions import HAIRLINE_PX, META_HAIRLINE
from adapters.ooxml.write_context import PartContext
from adapters.ooxml.xmlgen import LINE_WIDTH, ang, el, emu, emu_in, pct, sub

__all__ = [
    "blip_fill",
    "color_el",
    "effect_list",
    "fill_el",
    "is_hairline",
    "line_el",
    "pick_paint",
    "solid_fill",
]

_MOD_SCALE = {"hueOff": 60000.0}
_MOD_NO_VAL = {"comp", "inv", "gray", "gamma", "invGamma"}


def color_el(color: Color, ctx: PartContext, alpha: float = 1.0) -> etree._Element:
    """a:schemeClr (when the theme being written resolves the colour's reference to the same
    value) or a:srgbClr, with alpha = colour alpha x `alpha`."""
    a = max(0.0, min(1.0, color.a * alpha))
    if color.ref is not None and ctx.theme.resolves(color):
        node = el("a:schemeClr", {"val": color.ref.scheme})
        has_alpha = False
        for mod in color.ref.mods:
            if mod.op in _MOD_NO_VAL:
                sub(node, f"a:{mod.op}")
                continue
            if mod.op == "alpha":
                has_alpha = True
                sub(node, "a:alpha", {"val": pct(max(0.0, min(1.0, mod.val * alpha)))})
                continue
            sub(node, f"a:{mod.op}", {"val": round(mod.val * _MOD_SCALE.get(mod.op, 100000.0))})
        if not has_alpha and a < 0.9995:
            sub(node, "a:alpha", {"val": pct(a)})
        return node
    node = el("a:srgbClr", {"val": color.hex[1:]})
    if a < 0.9995:
        sub(node, "a:alpha", {"val": pct(a)})
    return node


def solid_fill(color: Color, ctx: PartContext, alpha: float = 1.0) -> etree._Element:
    return el("a:solidFill", None, color_el(color, ctx, alpha))


def pick_paint(paints: list[Paint], ctx: PartContext, what: str = "fills") -> Paint | None:
    """The one paint OOXML can hold: the topmost visible one (the others are reported)."""
    visible = [p for p in paints if p.visible]
    if len(visible) > 1:
        ctx.loss(f"multiple-{what}", f"{len(visible)} stacked {what}; only the topmost is written")
    return visible[-1] if visible else None


def _gradient_angle(paint: GradientPaint, width: float, height: float) -> float:
    if paint.angle is not None:
        return paint.angle
    if len(paint.handles) >= 2:
        p0, p1 = paint.handles[0], paint.handles[1]
        dx, dy = (p1.x - p0.x) * max(width, 1e-6), (p1.y - p0.y) * max(height, 1e-6)
        if dx or dy:
            return math.degrees(math.atan2(dy, dx))
    return 0.0


def gradient_fill(paint: GradientPaint, ctx: PartContext, alpha: float, width: float, height: float) -> etree._Element:
    node = el("a:gradFill", {"rotWithShape": "1"})
    gs_lst = sub(node, "a:gsLst")
    stops = sorted(paint.stops, key=lambda s: s.position)
    for stop in stops:
        gs = sub(gs_lst, "a:gs", {"pos": pct(max(0.0, min(1.0, stop.position)))})
        gs.append(color_el(stop.color, ctx, alpha * paint.opacity))
    if len(stops) < 2:  # the schema wants at least two stops
        for _ in range(2 - len(stops)):
            src = stops[0].color if stops else Color()
            gs = sub(gs_lst, "a:gs", {"pos": 100000 if stops else 0})
            gs.append(color_el(src, ctx, alpha * paint.opacity))
    if paint.type == "GRADIENT_LINEAR":
        sub(node, "a:lin", {"ang": ang(_gradient_angle(paint, width, height)), "scaled": "0"})
    else:
        kind = {"GRADIENT_RADIAL": "circle", "GRADIENT_DIAMOND": "rect", "GRADIENT_ANGULAR": "shape"}[paint.type]
        if paint.type == "GRADIENT_ANGULAR":
            ctx.loss("gradient-angular", "angular (conic) gradient written as a shape gradient")
        path = sub(node, "a:path", {"path": kind})
        c = paint.handles[0] if paint.handles else None
        cx, cy = (c.x, c.y) if c is not None else (0.5, 0.5)
        cx, cy = max(0.0, min(1.0, cx)), max(0.0, min(1.0, cy))
        sub(path, "a:fillToRect", {"l": pct(cx), "t": pct(cy), "r": pct(1 - cx), "b": pct(1 - cy)})
    return node


def blip_fill(
    paint: ImagePaint, ctx: PartContext, alpha: float = 1.0, tag: str = "a:blipFill", rid: str | None = None
) -> etree._Element:
    """a:blipFill / p:blipFill of an image paint: blip (with opacity), crop, stretch or tile."""
    node = el(tag, {"rotWithShape": "1"} if tag == "a:blipFill" else None)
    if rid is None and paint.asset is not None:
        rid = ctx.image_rel(paint.asset)
    blip = sub(node, "a:blip", {"r:embed": rid} if rid else None)
    amount = max(0.0, min(1.0, alpha * paint.opacity))
    if amount < 0.9995:
        sub(blip, "a:alphaModFix", {"amt": pct(amount)})
    crop = paint.crop
    if crop is not None and any(abs(v) > 1e-6 for v in (crop.left, crop.top, crop.right, crop.bottom)):
        sub(
            node,
            "a:srcRect",
            {
                "l": pct(crop.left) or None,
                "t": pct(crop.top) or None,
                "r": pct(crop.right) or None,
                "b": pct(crop.bottom) or None,
            },
        )
    if paint.scale_mode == "TILE":
        scale = paint.scaling_factor or 1.0
        sub(node, "a:tile", {"sx": pct(scale), "sy": pct(scale), "algn": "tl"})
    else:
        if paint.scale_mode == "FIT":
            ctx.loss("image-fit", "image scale mode FIT written as a stretched image", "info")
        stretch = sub(node, "a:stretch")
        sub(stretch, "a:fillRect")
    return node


def fill_el(
    paint: Paint | None, ctx: PartContext, *, alpha: float = 1.0, width: float = 0.0, height: float = 0.0
) -> etree._Element:
    """The fill element of a paint (a:noFill when None)."""
    if paint is None:
        return el("a:noFill")
    if isinstance(paint, SolidPaint):
        return solid_fill(paint.color, ctx, alpha * paint.opacity)
    if isinstance(paint, GradientPaint):
        return gradient_fill(paint, ctx, alpha, width, height)
    if isinstance(paint, ImagePaint):
        if paint.asset is None:
            ctx.loss("missing-image", "image fill without image bytes written as no fill")
            return el("a:noFill")
        return blip_fill(paint, ctx, alpha)
    return el("a:noFill")


_CAP = {"ROUND": "rnd", "SQUARE": "sq", "NONE": None}
_END = {
    "LINE_ARROW": "arrow",
    "TRIANGLE_ARROW": "triangle",
    "TRIANGLE_FILLED": "triangle",
    "STEALTH_ARROW": "stealth",
    "DIAMOND_FILLED": "diamond",
    "CIRCLE_FILLED": "oval",
}
_PRESET_DASHES = {
    "solid",
    "dot",
    "dash",
    "lgDash",
    "dashDot",
    "lgDashDot",
    "lgDashDotDot",
    "sysDash",
    "sysDot",
    "sysDashDot",
    "sysDashDotDot",
}


def is_hairline(node: object, deck: object = None) -> bool:
    """Whether a node's outline is written as a hairline while it is 1 px wide (see line_el): it
    was read without a width (META_HAIRLINE), or the deck was read from Figma. Figma's 1 px stroke
    is one pixel at the frame's own size, as LibreOffice and PowerPoint draw a line without a width
    (one device pixel); written 0.75 pt, LibreOffice draws it wider and darker."""
    if getattr(node, "meta", {}).get(META_HAIRLINE):
        return True
    source = getattr(deck, "source", None)
    return source is not None and getattr(source, "format", None) == "figma"


def line_el(
    strokes: list[Stroke],
    ctx: PartContext,
    *,
    alpha: float = 1.0,
    width: float = 0.0,
    height: float = 0.0,
    hairline: bool = False,
) -> etree._Element:
    """a:ln of the topmost visible stroke (a:ln with a:noFill when there is none). A stroke of
    weight 0 draws nothing in the IR (as in Figma and CSS), so it is written as no line. A
    `hairline` (META_HAIRLINE: the source line had no width) still 1 px wide is written without
    @w, so that it is drawn one device pixel wide as in the source."""
    visible = [s for s in strokes if s.paint.visible and s.weight > 0]
    if len(visible) > 1:
        ctx.loss("multiple-strokes", f"{len(visible)} stacked strokes; only the topmost is written")
    if not visible:
        return el("a:ln", None, el("a:noFill"))
    stroke = visible[-1]
    line_w = None if hairline and stroke.weight == HAIRLINE_PX else emu_in(stroke.weight, LINE_WIDTH)
    attrs: dict[str, object] = {"w": line_w, "cap": _CAP.get(stroke.cap)}
    if stroke.align == "INSIDE":
        attrs["algn"] = "in"
    node = el("a:ln", attrs)
    paint = stroke.paint
    if isinstance(paint, ImagePaint):
        ctx.loss("stroke-image", "image stroke written as no line")
        node.append(el("a:noFill"))
    else:
        node.append(fill_el(paint, ctx, alpha=alpha, width=width, height=height))
    if stroke.dash_preset in _PRESET_DASHES:
        sub(node, "a:prstDash", {"val": stroke.dash_preset})
    elif stroke.dashes:
        cust = sub(node, "a:custDash")
        w = max(stroke.weight, 0.01)
        pairs = list(stroke.dashes) + ([stroke.dashes[-1]] if len(stroke.dashes) % 2 else [])
        for d, s in zip(pairs[::2], pairs[1::2], strict=True):
            sub(cust, "a:ds", {"d": max(1, round(d / w * 100000)), "sp": max(1, round(s / w * 100000))})
    if stroke.join == "ROUND":
        sub(node, "a:round")
    elif stroke.join == "BEVEL":
        sub(node, "a:bevel")
    if stroke.start_cap in _END:
        sub(node, "a:headEnd", {"type": _END[stroke.start_cap]})
    if stroke.end_cap in _END:
        sub(node, "a:tailEnd", {"type": _END[stroke.end_cap]})
    return node


def _shadow(tag: str, effect: Effect, ctx: PartContext, alpha: float, size: float) -> etree._Element:
    dx, dy = effect.offset.x, effect.offset.y
    dist = math.hypot(dx, dy)
    attrs: dict[str, object] = {"blurRad": emu(effect.radius)}
    if dist > 0:
        attrs["dist"] = emu(dist)
        attrs["dir"] = ang(math.degrees(math.atan2(dy, dx)))
    if tag == "a:outerShdw":
        attrs["algn"] = "ctr"
        attrs["rotWithShape"] = "0"
        if effect.spread:
            scale = max(0.0, (size + 2 * effect.spread) / max(size, 1.0))
            attrs["sx"] = pct(scale)
            attrs["sy"] = pct(scale)
            ctx.loss("shadow-spread", "shadow spread approximated by scaling the shadow", "info")
    return el(tag, attrs, color_el(effect.color, ctx, alpha))


def effect_list(
    effects: list[Effect], ctx: PartContext, alpha: float = 1.0, size: float = 100.0
) -> etree._Element | None:
    """a:effectLst in schema order (blur, innerShdw, outerShdw), None when there are no effects."""
    visible = [e for e in effects if e.visible]
    if not visible:
        return None
    blur = next((e for e in visible if e.type == "LAYER_BLUR"), None)
    inner = next((e for e in visible if e.type == "INNER_SHADOW"), None)
    outer = next((e for e in visible if e.type == "DROP_SHADOW"), None)
    dropped = [e for e in visible if e not in (blur, inner, outer)]
    for e in dropped:
        ctx.loss(
            "background-blur" if e.type == "BACKGROUND_BLUR" else "extra-effect",
            f"{e.type.lower()} effect has no DrawingML equivalent in one effect list; dropped",
        )
    node = el("a:effectLst")
    if blur is not None:
        sub(node, "a:blur", {"rad": emu(blur.radius)})
    if inner is not None:
        node.append(_shadow("a:innerShdw", inner, ctx, alpha, size))
    if outer is not None:
        node.append(_shadow("a:outerShdw", outer, ctx, alpha, size))
    return node
