"""IR paints, strokes and effects as CSS: colours, gradient functions, background layers (image
crop / fit / fill / tile), outlines, shadows and blurs. Lengths in px."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ace_core.color import Color
from ace_core.ir.style import Effect, GradientPaint, ImagePaint, Paint, SolidPaint, Stroke
from adapters.html.context import WriteCtx
from adapters.html.schema import num, px

__all__ = [
    "BLEND_CSS",
    "GradientLine",
    "background_decls",
    "color_css",
    "css_simple_stroke",
    "effects_decls",
    "gradient_css",
    "gradient_line",
    "image_natural_size",
    "outline_decls",
    "paint_color",
]

BLEND_CSS = {
    "PASS_THROUGH": "",
    "NORMAL": "",
    "DARKEN": "darken",
    "MULTIPLY": "multiply",
    "LINEAR_BURN": "color-burn",
    "COLOR_BURN": "color-burn",
    "LIGHTEN": "lighten",
    "SCREEN": "screen",
    "LINEAR_DODGE": "color-dodge",
    "COLOR_DODGE": "color-dodge",
    "OVERLAY": "overlay",
    "SOFT_LIGHT": "soft-light",
    "HARD_LIGHT": "hard-light",
    "DIFFERENCE": "difference",
    "EXCLUSION": "exclusion",
    "HUE": "hue",
    "SATURATION": "saturation",
    "COLOR": "color",
    "LUMINOSITY": "luminosity",
}


def color_css(c: Color, alpha: float = 1.0) -> str:
    """`#rrggbb` when opaque, else `rgba(r,g,b,a)`; `alpha` multiplies the colour's own alpha."""
    a = c.a * alpha
    if a >= 0.9995:
        return c.hex.lower()
    r, g, b = c.to_rgb255()
    return f"rgba({r},{g},{b},{num(round(a, 4))})"


def paint_color(paint: Paint | None) -> Color | None:
    """The colour of a visible solid paint with its opacity folded into alpha, else None."""
    if isinstance(paint, SolidPaint) and paint.visible:
        return paint.color.with_alpha(paint.color.a * paint.opacity)
    return None


# -- gradients ---------------------------------------------------------------------------------


@dataclass
class GradientLine:
    """A linear gradient resolved against a w x h box: CSS angle (deg), the start and end
    points (px) and the stop positions mapped onto CSS's gradient line."""

    angle: float
    x1: float
    y1: float
    x2: float
    y2: float
    css_positions: list[float]


def gradient_line(g: GradientPaint, w: float, h: float) -> GradientLine:
    stops = [s.position for s in g.stops]
    cx, cy = w / 2, h / 2
    if g.angle is not None or len(g.handles) < 2:
        css = (g.angle or 0.0) + 90.0
        th = math.radians(css)
        ux, uy = math.sin(th), -math.cos(th)
        length = abs(w * ux) + abs(h * uy)
        return GradientLine(
            css % 360,
            cx - ux * length / 2,
            cy - uy * length / 2,
            cx + ux * length / 2,
            cy + uy * length / 2,
            stops,
        )
    sx, sy = g.handles[0].x * w, g.handles[0].y * h
    ex, ey = g.handles[1].x * w, g.handles[1].y * h
    dx, dy = ex - sx, ey - sy
    if abs(dx) < 1e-9 and abs(dy) < 1e-9:
        dx = 1.0
    th = math.atan2(dx, -dy)
    ux, uy = math.sin(th), -math.cos(th)
    length = abs(w * ux) + abs(h * uy) or 1.0
    ts = 0.5 + ((sx - cx) * ux + (sy - cy) * uy) / length
    te = 0.5 + ((ex - cx) * ux + (ey - cy) * uy) / length
    return GradientLine(math.degrees(th) % 360, sx, sy, ex, ey, [ts + p * (te - ts) for p in stops])


def _stops_css(g: GradientPaint, positions: list[float], unit: str = "%") -> str:
    parts = []
    for stop, pos in zip(g.stops, positions, strict=False):
        value = num(round(pos * 100, 3)) + "%" if unit == "%" else num(round(pos * 360, 3)) + "deg"
        parts.append(f"{color_css(stop.color, g.opacity)} {value}")
    if len(parts) == 1:
        parts.append(parts[0])
    return ",".join(parts)


def radial_geometry(g: GradientPaint, w: float, h: float) -> tuple[float, float, float, float]:
    """Centre (px) and the two radii (px) of a radial / diamond / angular gradient."""
    hs = g.handles
    c = hs[0] if hs else None
    cx, cy = (c.x * w, c.y * h) if c else (w / 2, h / 2)
    rx = math.hypot((hs[1].x - c.x) * w, (hs[1].y - c.y) * h) if c and len(hs) > 1 else w / 2
    ry = math.hypot((hs[2].x - c.x) * w, (hs[2].y - c.y) * h) if c and len(hs) > 2 else h / 2
    return cx, cy, rx or 0.5, ry or 0.5


def gradient_css(g: GradientPaint, w: float, h: float) -> str:
    """A CSS gradient function for `g` on a w x h box."""
    if g.type == "GRADIENT_LINEAR":
        line = gradient_line(g, w, h)
        return f"linear-gradient({num(round(line.angle, 4))}deg,{_stops_css(g, line.css_positions)})"
    cx, cy, rx, ry = radial_geometry(g, w, h)
    at = f"at {num(round(cx, 3))}px {num(round(cy, 3))}px"
    if g.type == "GRADIENT_ANGULAR":
        hs = g.handles
        start = 90.0
        if len(hs) > 1:
            start = math.degrees(math.atan2((hs[1].x - hs[0].x) * w, -(hs[1].y - hs[0].y) * h))
        return (
            f"conic-gradient(from {num(round(start, 3))}deg {at},{_stops_css(g, [s.position for s in g.stops], 'deg')})"
        )
    return (
        f"radial-gradient(ellipse {num(round(rx, 3))}px {num(round(ry, 3))}px {at},"
        f"{_stops_css(g, [s.position for s in g.stops])})"
    )


# -- images ------------------------------------------------------------------------------------


def image_natural_size(ctx: WriteCtx, key: str) -> tuple[float, float] | None:
    """Pixel size of an image asset (header only), or None when unknown."""
    data = ctx.asset_bytes(key)
    if ctx.mime(key) == "image/svg+xml":
        from ace_core.drawing.math import svg_size

        w, h = svg_size(data[:4096].decode("utf-8", "replace"))
        return (w, h) if w and h else None
    try:
        import io

        from PIL import Image

        with Image.open(io.BytesIO(data)) as im:
            return float(im.width), float(im.height)
    except Exception:  # PIL raises many types for unknown images
        return None


def image_layer(
    p: ImagePaint, w: float, h: float, ctx: WriteCtx, node_id: str, *, text_shown: bool = False
) -> tuple[str, str, str, str] | None:
    """(image, size, position, repeat) of one background layer for an image paint, or None when
    the image is missing (reported). `text_shown`: an SVG picture that is put inline instead."""
    if not ctx.has_asset(p.asset):
        ctx.loss("missing-image", "the image bytes are not in the deck; drawn as a grey box", node_id)
        return None
    assert p.asset is not None
    ctx.check_drawable(p.asset, node_id, text_shown=text_shown)
    image = f"{ctx.asset_var(p.asset)}"
    if p.rotation:
        ctx.loss("image-rotation", "image paint rotation is not drawn", node_id)
    crop = p.crop
    if p.scale_mode == "FIT":
        return image, "contain", "center", "no-repeat"
    if p.scale_mode == "TILE":
        size = image_natural_size(ctx, p.asset)
        scale = p.scaling_factor or 1.0
        tile = f"{px(round(size[0] * scale, 3))} {px(round(size[1] * scale, 3))}" if size else "auto"
        return image, tile, "0 0", "repeat"
    if p.scale_mode == "FILL" and crop is None:
        return image, "cover", "center", "no-repeat"
    c = crop or _NO_CROP
    fw, fh = 1.0 - c.left - c.right, 1.0 - c.top - c.bottom
    if fw <= 1e-6 or fh <= 1e-6:
        ctx.loss("image-crop", "the crop leaves nothing visible", node_id)
        return image, "100% 100%", "0 0", "no-repeat"
    bw, bh = w / fw, h / fh
    size = f"{px(round(bw, 3))} {px(round(bh, 3))}"
    pos = f"{px(round(-c.left * bw, 3))} {px(round(-c.top * bh, 3))}"
    return image, size, pos, "no-repeat"


class _NoCrop:
    left = top = right = bottom = 0.0


_NO_CROP = _NoCrop()


# -- backgrounds -------------------------------------------------------------------------------


def background_decls(fills: list[Paint], w: float, h: float, ctx: WriteCtx, node_id: str) -> list[tuple[str, str]]:
    """background-* declarations for a fill stack (IR: last paint on top; CSS: first layer on top)."""
    visible = [f for f in fills if f.visible and f.opacity > 0]
    if not visible:
        return []
    if len(visible) == 1 and isinstance(visible[0], SolidPaint):
        return [("background-color", color_css(visible[0].color, visible[0].opacity))]
    images, sizes, positions, repeats = [], [], [], []
    base_color = ""
    for i, paint in enumerate(reversed(visible)):
        last = i == len(visible) - 1
        if isinstance(paint, SolidPaint):
            col = color_css(paint.color, paint.opacity)
            if last:
                base_color = col
                continue
            images.append(f"linear-gradient({col},{col})")
            sizes.append("auto")
            positions.append("0 0")
            repeats.append("repeat")
        elif isinstance(paint, GradientPaint):
            if paint.type == "GRADIENT_DIAMOND":
                ctx.loss("gradient-diamond", "diamond gradient drawn as radial", node_id)
            images.append(gradient_css(paint, w, h))
            sizes.append("auto")
            positions.append("0 0")
            repeats.append("repeat")
        elif isinstance(paint, ImagePaint):
            layer = image_layer(paint, w, h, ctx, node_id)
            if layer is None:
                if last:
                    base_color = "#d9d9d9"
                continue
            if paint.opacity < 1:
                ctx.loss("image-opacity", "image paint opacity is not drawn in CSS layers", node_id)
            images.append(layer[0])
            sizes.append(layer[1])
            positions.append(layer[2])
            repeats.append(layer[3])
    out: list[tuple[str, str]] = []
    if base_color:
        out.append(("background-color", base_color))
    if images:
        out.append(("background-image", ",".join(images)))
        if any(s != "auto" for s in sizes):
            out.append(("background-size", ",".join(sizes)))
        if any(p != "0 0" for p in positions):
            out.append(("background-position", ",".join(positions)))
        if any(r != "repeat" for r in repeats):
            out.append(("background-repeat", ",".join(repeats)))
    return out


# -- strokes and effects -----------------------------------------------------------------------


def css_simple_stroke(strokes: list[Stroke]) -> Stroke | bool | None:
    """The one stroke CSS can draw as an outline: None when there is no visible stroke, the
    stroke when it is a plain solid line, False when it needs SVG (dashes, gradients, several)."""
    vis = [s for s in strokes if s.paint.visible and s.weight > 0]
    if not vis:
        return None
    if len(vis) > 1:
        return False
    s = vis[0]
    if not isinstance(s.paint, SolidPaint) or s.dashes or (s.dash_preset not in (None, "solid")):
        return False
    return s


def outline_decls(stroke: Stroke) -> list[tuple[str, str]]:
    """A solid stroke as an outline centred on / inside / outside the box edge."""
    assert isinstance(stroke.paint, SolidPaint)
    wgt = stroke.weight
    offset = {"CENTER": -wgt / 2, "INSIDE": -wgt, "OUTSIDE": 0.0}[stroke.align]
    decls = [("outline", f"{px(round(wgt, 3))} solid {color_css(stroke.paint.color, stroke.paint.opacity)}")]
    if offset:
        decls.append(("outline-offset", px(round(offset, 3))))
    return decls


def effects_decls(effects: list[Effect], ctx: WriteCtx, node_id: str, *, svg: bool) -> list[tuple[str, str]]:
    """box-shadow / filter / backdrop-filter for the effects; `svg` uses drop-shadow filters
    (they follow the drawn shape) instead of box shadows."""
    shadows: list[str] = []
    filters: list[str] = []
    backdrop: list[str] = []
    for e in effects:
        if not e.visible:
            continue
        col = color_css(e.color)
        ox, oy, blur = px(round(e.offset.x, 3)), px(round(e.offset.y, 3)), px(round(e.radius, 3))
        if e.type == "DROP_SHADOW":
            if svg:
                filters.append(f"drop-shadow({ox} {oy} {px(round(e.radius / 2, 3))} {col})")
            else:
                spread = f" {px(round(e.spread, 3))}" if e.spread else ""
                shadows.append(f"{ox} {oy} {blur}{spread} {col}")
        elif e.type == "INNER_SHADOW":
            if svg:
                ctx.loss("inner-shadow", "inner shadow on a vector shape is not drawn", node_id)
            else:
                spread = f" {px(round(e.spread, 3))}" if e.spread else ""
                shadows.append(f"inset {ox} {oy} {blur}{spread} {col}")
        elif e.type == "LAYER_BLUR":
            filters.append(f"blur({px(round(e.radius / 2, 3))})")
        elif e.type == "BACKGROUND_BLUR":
            backdrop.append(f"blur({px(round(e.radius / 2, 3))})")
    out: list[tuple[str, str]] = []
    if shadows:
        out.append(("box-shadow", ",".join(shadows)))
    if filters:
        out.append(("filter", " ".join(filters)))
    if backdrop:
        out.append(("backdrop-filter", " ".join(backdrop)))
    return out
