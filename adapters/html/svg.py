"""Geometric nodes as inline SVG: preset shapes (from their definitions), rectangles, ellipses,
vectors, lines and connectors, with gradient / image fills, dashes, arrowheads and shading."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ace_core.drawing.presets import evaluate, fmt_num
from ace_core.errors import UnsupportedError
from ace_core.ir.nodes import (
    ConnectorNode,
    EllipseNode,
    ImageNode,
    LineNode,
    NodeBase,
    RectangleNode,
    ShapeNode,
    VectorNode,
)
from ace_core.ir.style import GradientPaint, ImagePaint, Paint, SolidPaint, Stroke
from adapters.html.context import WriteCtx, def_prefix
from adapters.html.css import gradient_line, radial_geometry
from adapters.html.schema import esc_text, num

__all__ = ["Geom", "clip_path_for_image", "geometry", "shape_svg"]

_DASHES = {
    "dot": (1, 3),
    "dash": (4, 3),
    "lgDash": (8, 3),
    "dashDot": (4, 3, 1, 3),
    "lgDashDot": (8, 3, 1, 3),
    "lgDashDotDot": (8, 3, 1, 3, 1, 3),
    "sysDash": (3, 1),
    "sysDot": (1, 1),
    "sysDashDot": (3, 1, 1, 1),
    "sysDashDotDot": (3, 1, 1, 1, 1, 1),
}
_SHADE = {"darken": ("#000", 0.4), "darkenLess": ("#000", 0.2), "lighten": ("#fff", 0.4), "lightenLess": ("#fff", 0.2)}
_MARKERS = {
    "TRIANGLE_ARROW": ('<path d="M0 0L10 5L0 10Z"/>', 10),
    "TRIANGLE_FILLED": ('<path d="M0 0L10 5L0 10Z"/>', 10),
    "STEALTH_ARROW": ('<path d="M0 0L10 5L0 10L3 5Z"/>', 10),
    "DIAMOND_FILLED": ('<path d="M0 5L5 0L10 5L5 10Z"/>', 5),
    "CIRCLE_FILLED": ('<circle cx="5" cy="5" r="5"/>', 5),
    "LINE_ARROW": ('<path d="M1 1L9 5L1 9" fill="none" stroke-width="1.6" stroke-linejoin="miter"/>', 9),
}


@dataclass
class Geom:
    """One path to draw: SVG path data in node px, how to fill it, whether to stroke it."""

    d: str
    fill: str = "norm"  # norm | none | darken | darkenLess | lighten | lightenLess
    stroke: bool = True
    rule: str = "nonzero"
    scaled: tuple[float, float, float, float] | None = None  # view box (min_x, min_y, w, h) to map to the box


class _Defs:
    def __init__(self, node_id: str) -> None:
        self.prefix = def_prefix(node_id)
        self.items: list[str] = []
        self.n = 0

    def add(self, body_fmt: str) -> str:
        self.n += 1
        ident = f"{self.prefix}-{self.n}"
        self.items.append(body_fmt.replace("{id}", ident))
        return ident

    def html(self) -> str:
        return f"<defs>{''.join(self.items)}</defs>" if self.items else ""


def _f(v: float) -> str:
    return fmt_num(v, 3)


# -- geometry ----------------------------------------------------------------------------------


def _rect_d(w: float, h: float, radii: tuple[float, float, float, float]) -> str:
    tl, tr, br, bl = (max(0.0, min(r, w / 2, h / 2)) for r in radii)
    if not any((tl, tr, br, bl)):
        return f"M0 0H{_f(w)}V{_f(h)}H0Z"
    return (
        f"M{_f(tl)} 0H{_f(w - tr)}A{_f(tr)} {_f(tr)} 0 0 1 {_f(w)} {_f(tr)}V{_f(h - br)}"
        f"A{_f(br)} {_f(br)} 0 0 1 {_f(w - br)} {_f(h)}H{_f(bl)}A{_f(bl)} {_f(bl)} 0 0 1 0 {_f(h - bl)}"
        f"V{_f(tl)}A{_f(tl)} {_f(tl)} 0 0 1 {_f(tl)} 0Z"
    )


def _ellipse_d(w: float, h: float, arc: tuple[float, float, float] | None) -> str:
    rx, ry, cx, cy = w / 2, h / 2, w / 2, h / 2
    if arc is None or (abs(arc[1] - arc[0]) >= 2 * math.pi - 1e-6 and not arc[2]):
        return f"M0 {_f(cy)}A{_f(rx)} {_f(ry)} 0 1 1 {_f(w)} {_f(cy)}A{_f(rx)} {_f(ry)} 0 1 1 0 {_f(cy)}Z"
    start, end, inner = arc
    sweep = end - start
    full = abs(sweep) >= 2 * math.pi - 1e-6

    def pt(t: float, k: float) -> str:
        return f"{_f(cx + rx * k * math.cos(t))} {_f(cy + ry * k * math.sin(t))}"

    def arc_to(t0: float, t1: float, k: float) -> str:
        large = 1 if abs(t1 - t0) > math.pi else 0
        sweep_flag = 1 if t1 > t0 else 0
        return f"A{_f(rx * k)} {_f(ry * k)} 0 {large} {sweep_flag} {pt(t1, k)}"

    if full:
        outer = f"M{pt(start, 1)}{arc_to(start, start + math.pi, 1)}{arc_to(start + math.pi, start + 2 * math.pi, 1)}Z"
        if inner:
            outer += f"M{pt(start, inner)}{arc_to(start, start + math.pi, inner)}"
            outer += f"{arc_to(start + math.pi, start + 2 * math.pi, inner)}Z"
        return outer
    d = f"M{pt(start, 1)}{arc_to(start, end, 1)}"
    if inner:
        d += f"L{pt(end, inner)}{arc_to(end, start, inner)}Z"
    else:
        d += f"L{_f(cx)} {_f(cy)}Z"
    return d


def geometry(node: NodeBase, ctx: WriteCtx | None = None) -> list[Geom]:
    """The paths of a geometric node in its own px box (flips not applied)."""
    w, h = node.width, node.height
    if isinstance(node, RectangleNode):
        radii = node.corner_radii or (node.corner_radius,) * 4
        return [Geom(_rect_d(w, h, radii))]
    if isinstance(node, EllipseNode):
        return [Geom(_ellipse_d(w, h, node.arc), rule="evenodd" if node.arc and node.arc[2] else "nonzero")]
    if isinstance(node, ImageNode) and node.clip_paths:
        return [Geom(p.d, "norm" if p.filled else "none", p.stroked, p.fill_rule) for p in node.clip_paths]
    if isinstance(node, (ShapeNode, ConnectorNode)) or (isinstance(node, ImageNode) and node.preset):
        name = node.preset or "line"
        if isinstance(node, ConnectorNode) and not node.preset:
            name = "straightConnector1"
        try:
            geo = evaluate(name, w, h, getattr(node, "adjustments", None) or None)
        except UnsupportedError:
            if ctx is not None:
                ctx.loss("unknown-preset", f"preset {name!r} is unknown; drawn as its box", node.id)
            return [Geom(_rect_d(w, h, (0, 0, 0, 0)))]
        return [Geom(p.d, p.fill, p.stroke) for p in geo.paths]
    if isinstance(node, VectorNode):
        return [Geom(p.d, "norm" if p.filled else "none", p.stroked, p.fill_rule, node.view_box) for p in node.paths]
    if isinstance(node, LineNode):
        return [Geom(f"M0 0L{_f(w)} {_f(h)}", "none", True)]
    return [Geom(_rect_d(w, h, (0, 0, 0, 0)))]


# -- paints ------------------------------------------------------------------------------------


def _gradient_def(g: GradientPaint, w: float, h: float, defs: _Defs) -> str:
    stops = "".join(
        f'<stop offset="{_f(s.position)}" stop-color="{s.color.hex.lower()}"'
        + (f' stop-opacity="{_f(s.color.a * g.opacity)}"' if s.color.a * g.opacity < 0.9995 else "")
        + "/>"
        for s in g.stops
    )
    if g.type == "GRADIENT_LINEAR":
        line = gradient_line(g, w, h)
        return defs.add(
            f'<linearGradient id="{{id}}" gradientUnits="userSpaceOnUse" x1="{_f(line.x1)}" y1="{_f(line.y1)}"'
            f' x2="{_f(line.x2)}" y2="{_f(line.y2)}">{stops}</linearGradient>'
        )
    cx, cy, rx, ry = radial_geometry(g, w, h)
    k = ry / rx if rx else 1.0
    transform = (
        f' gradientTransform="translate(0 {_f(cy - cy * k)}) scale(1 {fmt_num(k, 6)})"' if abs(k - 1) > 1e-9 else ""
    )
    return defs.add(
        f'<radialGradient id="{{id}}" gradientUnits="userSpaceOnUse" cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(rx)}"'
        f"{transform}>{stops}</radialGradient>"
    )


def _image_def(p: ImagePaint, w: float, h: float, defs: _Defs, ctx: WriteCtx, node_id: str) -> str | None:
    if not ctx.has_asset(p.asset):
        ctx.loss("missing-image", "the image bytes are not in the deck; left unfilled", node_id)
        return None
    assert p.asset is not None
    ctx.check_drawable(p.asset, node_id)
    href = esc_text(ctx.asset_url(p.asset)).replace('"', "&quot;")
    if p.scale_mode in ("FIT", "FILL") and p.crop is None:
        aspect = "xMidYMid meet" if p.scale_mode == "FIT" else "xMidYMid slice"
        img = f'<image href="{href}" x="0" y="0" width="{_f(w)}" height="{_f(h)}" preserveAspectRatio="{aspect}"/>'
        pw, ph = w, h
    elif p.scale_mode == "TILE":
        from adapters.html.css import image_natural_size

        size = image_natural_size(ctx, p.asset) or (w, h)
        pw, ph = size[0] * (p.scaling_factor or 1), size[1] * (p.scaling_factor or 1)
        img = f'<image href="{href}" width="{_f(pw)}" height="{_f(ph)}" preserveAspectRatio="none"/>'
    else:
        c = p.crop
        left, top, right, bottom = (c.left, c.top, c.right, c.bottom) if c else (0, 0, 0, 0)
        fw, fh = max(1e-6, 1 - left - right), max(1e-6, 1 - top - bottom)
        bw, bh = w / fw, h / fh
        img = (
            f'<image href="{href}" x="{_f(-left * bw)}" y="{_f(-top * bh)}" width="{_f(bw)}" height="{_f(bh)}"'
            ' preserveAspectRatio="none"/>'
        )
        pw, ph = w, h
    opacity = f' opacity="{_f(p.opacity)}"' if p.opacity < 1 else ""
    if opacity:
        img = img.replace("<image ", f"<image{opacity} ", 1)
    return defs.add(
        f'<pattern id="{{id}}" patternUnits="userSpaceOnUse" width="{_f(pw)}" height="{_f(ph)}">{img}</pattern>'
    )


def _paint_attr(paint: Paint, w: float, h: float, defs: _Defs, ctx: WriteCtx, node_id: str) -> tuple[str, float] | None:
    """(SVG paint value, opacity) of one paint; None when it draws nothing."""
    if not paint.visible or paint.opacity <= 0:
        return None
    if isinstance(paint, SolidPaint):
        return paint.color.hex.lower(), paint.color.a * paint.opacity
    if isinstance(paint, GradientPaint):
        if paint.type in ("GRADIENT_ANGULAR", "GRADIENT_DIAMOND"):
            ctx.loss(paint.type.lower().replace("_", "-"), "drawn as a radial gradient in SVG", node_id)
        return f"url(#{_gradient_def(paint, w, h, defs)})", 1.0
    ident = _image_def(paint, w, h, defs, ctx, node_id)
    return (f"url(#{ident})", 1.0) if ident else None


def _stroke_attrs(
    s: Stroke, w: float, h: float, defs: _Defs, ctx: WriteCtx, node_id: str, closed: bool = True
) -> str | None:
    paint = _paint_attr(s.paint, w, h, defs, ctx, node_id)
    if paint is None or s.weight <= 0:
        return None
    value, opacity = paint
    weight = s.weight * (2 if s.align in ("INSIDE", "OUTSIDE") and closed else 1)
    out = f' stroke="{value}" stroke-width="{_f(weight)}"'
    if opacity < 0.9995:
        out += f' stroke-opacity="{_f(opacity)}"'
    dashes: list[float] = list(s.dashes)
    if not dashes and s.dash_preset in _DASHES:
        dashes = [v * s.weight for v in _DASHES[s.dash_preset]]
    if dashes:
        out += f' stroke-dasharray="{" ".join(_f(v) for v in dashes)}"'
    cap = {"NONE": "", "ROUND": "round", "SQUARE": "square"}[s.cap]
    if cap:
        out += f' stroke-linecap="{cap}"'
    join = {"MITER": "", "BEVEL": "bevel", "ROUND": "round"}[s.join]
    if join:
        out += f' stroke-linejoin="{join}"'
    return out


def _marker(kind: str, s: Stroke, color: str, opacity: float, defs: _Defs) -> str:
    body, ref = _MARKERS.get(kind, _MARKERS["TRIANGLE_ARROW"])
    size = 3 * max(s.weight, 2.65)
    fill = f' fill="{color}"' + (f' fill-opacity="{_f(opacity)}"' if opacity < 0.9995 else "")
    stroke = f' stroke="{color}"' if kind == "LINE_ARROW" else ""
    return defs.add(
        f'<marker id="{{id}}" viewBox="0 0 10 10" refX="{ref}" refY="5" markerUnits="userSpaceOnUse"'
        f' markerWidth="{_f(size)}" markerHeight="{_f(size)}" orient="auto-start-reverse"{fill}{stroke}>'
        f"{body}</marker>"
    )


# -- the svg element ---------------------------------------------------------------------------


def _flip_transform(node: NodeBase) -> str:
    if not (node.flip_h or node.flip_v):
        return ""
    sx = -1 if node.flip_h else 1
    sy = -1 if node.flip_v else 1
    return f"matrix({sx} 0 0 {sy} {_f(node.width if node.flip_h else 0)} {_f(node.height if node.flip_v else 0)})"


def _view_transform(vb: tuple[float, float, float, float], w: float, h: float) -> str:
    mx, my, vw, vh = vb
    sx = w / vw if vw else 1.0
    sy = h / vh if vh else 1.0
    return f"matrix({fmt_num(sx, 6)} 0 0 {fmt_num(sy, 6)} {_f(-mx * sx)} {_f(-my * sy)})"


def shape_svg(node: NodeBase, ctx: WriteCtx, *, fills: list[Paint] | None = None) -> str:
    """The inline <svg> drawing `node`'s geometry with its fills and strokes, filling the node box."""
    w, h = node.width, node.height
    defs = _Defs(node.id)
    geoms = geometry(node, ctx)
    paints = [p for p in (node.fills if fills is None else fills) if p.visible and p.opacity > 0]
    fill_attrs = [a for a in (_paint_attr(p, w, h, defs, ctx, node.id) for p in paints) if a is not None]
    strokes = [s for s in node.strokes if s.paint.visible and s.weight > 0]
    stroke_cache: dict[tuple[int, bool], str | None] = {}
    body: list[str] = []
    open_line = isinstance(node, (LineNode, ConnectorNode))
    for g in geoms:
        d = g.d
        group_open = ""
        if g.scaled is not None:
            group_open = f'<g transform="{_view_transform(g.scaled, w, h)}">'
        rule = ' fill-rule="evenodd"' if g.rule == "evenodd" else ""
        nse = ' vector-effect="non-scaling-stroke"' if g.scaled is not None else ""
        parts: list[str] = []
        if g.fill != "none" and not open_line:
            for value, opacity in fill_attrs:
                op = f' fill-opacity="{_f(opacity)}"' if opacity < 0.9995 else ""
                parts.append(f'<path d="{d}" fill="{value}"{op}{rule}/>')
            if g.fill in _SHADE and fill_attrs:
                col, alpha = _SHADE[g.fill]
                parts.append(f'<path d="{d}" fill="{col}" fill-opacity="{alpha}"{rule}/>')
        closed = d.rstrip().endswith("Z")
        if g.stroke:
            for si, s in enumerate(strokes):
                key = (si, closed)
                if key not in stroke_cache:
                    stroke_cache[key] = _stroke_attrs(s, w, h, defs, ctx, node.id, closed)
                attrs = stroke_cache[key]
                if attrs is None:
                    continue
                markers = ""
                if (s.start_cap != "NONE" or s.end_cap != "NONE") and not closed:
                    value = _paint_attr(s.paint, w, h, defs, ctx, node.id)
                    color = value[0] if value and not value[0].startswith("url(") else "#000000"
                    opacity = value[1] if value else 1.0
                    if s.start_cap != "NONE":
                        markers += f' marker-start="url(#{_marker(s.start_cap, s, color, opacity, defs)})"'
                    if s.end_cap != "NONE":
                        markers += f' marker-end="url(#{_marker(s.end_cap, s, color, opacity, defs)})"'
                clip = ""
                if s.align == "INSIDE" and closed:
                    cid = defs.add(f'<clipPath id="{{id}}"><path d="{d}"{rule}/></clipPath>')
                    clip = f' clip-path="url(#{cid})"'
                elif s.align == "OUTSIDE" and closed:
                    area = 'x="-1e4" y="-1e4" width="2e4" height="2e4"'
                    mid = defs.add(
                        f'<mask id="{{id}}" maskUnits="userSpaceOnUse" {area}>'
                        f'<rect {area} fill="#fff"/><path d="{d}" fill="#000"{rule}/></mask>'
                    )
                    clip = f' mask="url(#{mid})"'
                parts.append(f'<path d="{d}" fill="none"{attrs}{markers}{clip}{nse}/>')
        if group_open and parts:
            body.append(group_open + "".join(parts) + "</g>")
        else:
            body.extend(parts)
    flip = _flip_transform(node)
    inner = "".join(body)
    if flip:
        inner = f'<g transform="{flip}">{inner}</g>'
    return (
        f'<svg class="geo" width="{num(round(max(w, 1.0), 4))}" height="{num(round(max(h, 1.0), 4))}"'
        ' style="position:absolute;left:0;top:0;overflow:visible" aria-hidden="true">'
        f"{defs.html()}{inner}</svg>"
    )


def clip_path_for_image(node: ImageNode) -> str | None:
    """CSS clip-path for a picture cropped to a preset geometry (e.g. an ellipse) or to a custom
    path, or None."""
    if not node.clip_paths and (not node.preset or node.preset == "rect"):
        return None
    geoms = [g for g in geometry(node) if g.fill != "none"]
    d = " ".join(g.d for g in geoms)
    rule = "evenodd, " if any(g.rule == "evenodd" for g in geoms) else ""
    return f"path({rule}'{d}')" if d else None
