"""DrawingML visual properties -> IR: fills (solid, gradient, picture, pattern), lines, effects, style refs."""

from __future__ import annotations

import math
from dataclasses import dataclass

from lxml import etree

from ace_core.color import Color
from ace_core.ir.style import (
    Crop,
    Effect,
    GradientPaint,
    GradientStop,
    ImagePaint,
    Paint,
    Point,
    SolidPaint,
    Stroke,
    StrokeCap,
)
from ace_core.units import EMU_PER_PX
from adapters.ooxml.blip_recolour import BAKED, recolour_blip
from adapters.ooxml.context import Scope
from adapters.ooxml.conventions import HAIRLINE_PX
from adapters.ooxml.ns import local, qn
from adapters.ooxml.theme import PhColor
from adapters.ooxml.values import angle_deg, attr_bool, emu, pct

__all__ = [
    "FILL_TAGS",
    "StyleRefs",
    "bool_attr",
    "find_fill",
    "read_blip",
    "read_effects",
    "read_fill",
    "read_stroke",
    "read_style_refs",
    "stroke_is_hairline",
]

FILL_TAGS = {"noFill", "solidFill", "gradFill", "blipFill", "pattFill", "grpFill"}
SVG_BLIP_EXT = "{96DAC541-7B7A-43D3-8B79-37D633B846F1}"


def find_fill(parent: etree._Element | None) -> etree._Element | None:
    """The first fill element among `parent`'s children, or None (the fill is inherited)."""
    if parent is None:
        return None
    for child in parent:
        if local(child.tag) in FILL_TAGS:
            return child
    return None


# LibreOffice 7.4 draws a gradient with two colours whatever its stops (multi-colour gradients came
# with 7.6): a render of the source differs from PowerPoint's, and from ACE's, wherever one has more
MULTI_STOP_GRADIENT = (
    "a gradient of more than two colours: drawn with all its stops, as PowerPoint draws it; LibreOffice 7.4"
    " draws two colours, so its render of the source differs here"
)


def read_fill(el: etree._Element, scope: Scope, ph: PhColor | None = None, node_id: str | None = None) -> list[Paint]:
    kind = local(el.tag)
    if kind == "noFill":
        return []
    if kind == "solidFill":
        color = scope.colors.color(el, ph)
        return [SolidPaint(color=color)] if color is not None else []
    if kind == "gradFill":
        paint = _gradient(el, scope, ph)
        if (
            len(
                {
                    (round(st.color.r, 3), round(st.color.g, 3), round(st.color.b, 3), round(st.color.a, 3))
                    for st in paint.stops
                }
            )
            > 2
        ):
            scope.loss("gradient-stops", MULTI_STOP_GRADIENT, node_id, "info")
        return [paint]
    if kind == "blipFill":
        paint, _svg = read_blip(el, scope, node_id, ph)
        return [paint]
    if kind == "pattFill":
        return [_pattern(el, scope, ph, node_id)]
    if kind == "grpFill":
        return list(scope.group_fill or [])
    return []


def _gradient(el: etree._Element, scope: Scope, ph: PhColor | None) -> GradientPaint:
    stops = []
    gs_lst = el.find(qn("a:gsLst"))
    for gs in gs_lst if gs_lst is not None else []:
        color = scope.colors.color(gs, ph) or Color()
        pos = min(1.0, max(0.0, (pct(gs.get("pos"), 0.0) or 0.0) / 100000.0))
        stops.append(GradientStop(position=pos, color=color))
    stops.sort(key=lambda s: s.position)
    lin = el.find(qn("a:lin"))
    path = el.find(qn("a:path"))
    if path is not None:
        ftr = path.find(qn("a:fillToRect"))
        fl = (pct(ftr.get("l"), 0.0) or 0.0) / 100000.0 if ftr is not None else 0.5
        ft = (pct(ftr.get("t"), 0.0) or 0.0) / 100000.0 if ftr is not None else 0.5
        fr = (pct(ftr.get("r"), 0.0) or 0.0) / 100000.0 if ftr is not None else 0.5
        fb = (pct(ftr.get("b"), 0.0) or 0.0) / 100000.0 if ftr is not None else 0.5
        cx, cy = (fl + 1 - fr) / 2, (ft + 1 - fb) / 2
        kind = "GRADIENT_DIAMOND" if path.get("path") == "rect" else "GRADIENT_RADIAL"
        handles = [Point(x=cx, y=cy), Point(x=cx + 0.5, y=cy), Point(x=cx, y=cy + 0.5)]
        return GradientPaint(type=kind, stops=stops, handles=handles)
    angle = angle_deg(lin.get("ang")) if lin is not None else 0.0
    rad = math.radians(angle)
    dx, dy = math.cos(rad), math.sin(rad)
    span = abs(dx) + abs(dy)
    sx, sy = 0.5 - dx * span / 2, 0.5 - dy * span / 2
    ex, ey = 0.5 + dx * span / 2, 0.5 + dy * span / 2
    handles = [Point(x=sx, y=sy), Point(x=ex, y=ey), Point(x=sx - dy * span / 2, y=sy + dx * span / 2)]
    return GradientPaint(type="GRADIENT_LINEAR", stops=stops, handles=handles, angle=angle)


def _pattern(el: etree._Element, scope: Scope, ph: PhColor | None, node_id: str | None) -> SolidPaint:
    fg = scope.colors.color(el.find(qn("a:fgClr")), ph) or Color()
    bg = scope.colors.color(el.find(qn("a:bgClr")), ph) or Color(r=1, g=1, b=1)
    prst = el.get("prst", "pct50")
    density = 0.5
    if prst.startswith("pct") and prst[3:].isdigit():
        density = int(prst[3:]) / 100.0
    mix = Color(
        r=fg.r * density + bg.r * (1 - density),
        g=fg.g * density + bg.g * (1 - density),
        b=fg.b * density + bg.b * (1 - density),
        a=fg.a * density + bg.a * (1 - density),
    )
    scope.loss("pattern-fill", f"pattern fill {prst} approximated by a solid colour", node_id)
    return SolidPaint(color=mix)


# a picture only an SVG extension holds: LibreOffice (7.4) draws nothing for it, so a render of the
# source says nothing about ACE's output there (the fidelity scripts mask such regions)
SVG_WITHOUT_FALLBACK = (
    "an SVG picture with no raster picture beside it (asvg:svgBlip, a:blip without r:embed): PowerPoint"
    " draws it, LibreOffice draws nothing there; ACE draws it and writes a PNG fallback, so renders differ"
    " from the source's"
)

# an empty placeholder with a fill or an outline of its own or from its layout / master: PowerPoint
# shows the fill and outline in a slide show (and LibreOffice's slide show since 2025), while
# LibreOffice 7.4's PDF export leaves every empty placeholder out (the fidelity scripts mask it)
EMPTY_PLACEHOLDER_DRAWN = (
    "an empty placeholder with a fill or an outline: PowerPoint shows them in a slide show, and so does"
    " ACE; LibreOffice's export leaves empty placeholders out, so renders differ from the source's"
)

# a slide placeholder with no p:txBody at all: LibreOffice's import takes its layout's text, the
# prompt ("Click to edit Master text styles"), as the slide's and its export draws it; PowerPoint
# shows a prompt only while editing, never in a slide show or a PDF (the fidelity scripts mask it)
PLACEHOLDER_PROMPT_DRAWN = (
    "a placeholder with no text body: LibreOffice's export draws its layout's prompt text there,"
    " which PowerPoint shows only while editing; ACE draws none, so renders differ from the source's"
)

# an empty table or media placeholder drawn as a shape (p:sp, not a graphic frame): LibreOffice
# 7.4's import makes it a presentation object with its own default look, and its export draws a
# box there (table: its default blue, media: dark grey); PowerPoint shows nothing in a slide show
PLACEHOLDER_FRAME_DRAWN = (
    "an empty table or media placeholder: LibreOffice's export draws a box in its own default colour"
    " there, PowerPoint nothing in a slide show, nor does ACE, so renders differ from the source's"
)

# a bent or curved connector glued to a shape: LibreOffice 7.4 imports it as a connector of its own
# and routes it itself from the shapes' connection sites (a curve can swing far outside the box);
# PowerPoint, and ACE, draw the path the file stores
CONNECTOR_REROUTED = (
    "a bent or curved connector glued to shapes: LibreOffice routes it anew from the shapes' connection"
    " sites, PowerPoint and ACE draw the path the file stores, so renders differ from the source's"
)

# a run's drop shadow (a:rPr/a:effectLst/a:outerShdw): PowerPoint draws it, LibreOffice 7.4's export
# draws the text without it (checked on its renders of poi's 45545 comment deck)
TEXT_SHADOW_DRAWN = (
    "text shadow: PowerPoint draws it, LibreOffice draws the text without it; kept by the .pptx writers"
    " and drawn by HTML as CSS text-shadow under opaque text (none under see-through text, where CSS"
    " would not fade it with the glyphs); Figma draws the text without it, so renders differ from the source's"
)


def _rels_part(el: etree._Element, scope: Scope) -> str:
    """The part whose relationships an element's r:embed uses: the theme's for a fill of the
    theme's format scheme (a bgRef / fillRef to a picture style), else the scope's part."""
    root = el.getroottree().getroot()
    if local(root.tag) == "theme" and scope.theme.part:
        return scope.theme.part
    return scope.part


def read_blip(
    el: etree._Element, scope: Scope, node_id: str | None = None, ph: PhColor | None = None
) -> tuple[ImagePaint, str | None]:
    """An a:blipFill (p:blipFill) -> (ImagePaint, svg asset key or None). `ph`: the colour phClr
    stands for (a theme style's), used by the blip's recolouring."""
    blip = el.find(qn("a:blip"))
    part = _rels_part(el, scope)
    asset: str | None = None
    svg: str | None = None
    ref: str | None = None
    opacity = 1.0
    if blip is not None:
        embed = blip.get(qn("r:embed"))
        link = blip.get(qn("r:link"))
        rel = scope.ctx.pkg.rel(part, embed) if embed else None
        if rel is not None and not rel.external:
            ref = rel.target
            asset = scope.ctx.part_asset(rel.target)
            if asset is None:
                why = scope.ctx.why_no_asset(rel.target)
                feature = "corrupt-image" if "corrupt" in why else "missing-image"
                scope.loss(feature, f"image {why}", node_id)
        elif link:
            lrel = scope.ctx.pkg.rel(part, link)
            ref = lrel.target if lrel else None
            scope.loss("linked-image", f"linked (not embedded) image {ref or link} is not carried", node_id)
        elif embed:
            scope.loss("missing-image", f"image relationship {embed} is missing", node_id)
        ext_lst = blip.find(qn("a:extLst"))
        for ext in ext_lst if ext_lst is not None else []:
            if ext.get("uri") == SVG_BLIP_EXT:
                svg_el = ext.find(qn("asvg:svgBlip"))
                srel = scope.ctx.pkg.rel(part, svg_el.get(qn("r:embed"))) if svg_el is not None else None
                if srel is not None and not srel.external:
                    svg = scope.ctx.part_asset(srel.target)
        if svg is not None and not embed and not link:
            scope.loss("svg-picture", SVG_WITHOUT_FALLBACK, node_id)
        amf = blip.find(qn("a:alphaModFix"))
        if amf is not None:
            opacity = max(0.0, min(1.0, (pct(amf.get("amt"), 100000.0) or 0.0) / 100000.0))
        baked = recolour_blip(blip, asset, scope, ph, node_id) if asset is not None and svg is None else None
        if baked is not None:
            asset = baked
        for child in blip:
            name = local(child.tag)
            if baked is not None and name in BAKED:
                continue
            if name in ("grayscl", "duotone", "clrChange", "biLevel", "lum", "hsl", "tint", "clrRepl", "blur"):
                scope.loss("image-effect", f"picture recolouring ({name}) is not carried", node_id)
    crop = None
    src = el.find(qn("a:srcRect"))
    if src is not None and any(src.get(k) for k in ("l", "t", "r", "b")):
        crop = Crop(
            left=(pct(src.get("l"), 0.0) or 0.0) / 100000.0,
            top=(pct(src.get("t"), 0.0) or 0.0) / 100000.0,
            right=(pct(src.get("r"), 0.0) or 0.0) / 100000.0,
            bottom=(pct(src.get("b"), 0.0) or 0.0) / 100000.0,
        )
    mode = "TILE" if el.find(qn("a:tile")) is not None else "STRETCH"
    scaling = None
    tile = el.find(qn("a:tile"))
    if tile is not None:
        scaling = (pct(tile.get("sx"), 100000.0) or 100000.0) / 100000.0
    paint = ImagePaint(asset=asset, scale_mode=mode, crop=crop, image_ref=ref, opacity=opacity, scaling_factor=scaling)
    return paint, svg


# -- lines -------------------------------------------------------------------------------------
_DASHES: dict[str, list[float]] = {
    "solid": [],
    "dot": [1, 3],
    "dash": [4, 3],
    "lgDash": [8, 3],
    "dashDot": [4, 3, 1, 3],
    "lgDashDot": [8, 3, 1, 3],
    "lgDashDotDot": [8, 3, 1, 3, 1, 3],
    "sysDash": [3, 1],
    "sysDot": [1, 1],
    "sysDashDot": [3, 1, 1, 1],
    "sysDashDotDot": [3, 1, 1, 1, 1, 1],
}
_ENDS: dict[str, StrokeCap] = {
    "none": "NONE",
    "triangle": "TRIANGLE_FILLED",
    "arrow": "LINE_ARROW",
    "stealth": "STEALTH_ARROW",
    "diamond": "DIAMOND_FILLED",
    "oval": "CIRCLE_FILLED",
}


def stroke_is_hairline(lines: list[tuple[etree._Element, PhColor | None]]) -> bool:
    """Whether merged a:ln layers (as read_stroke takes them) leave the line without a width: no
    layer states @w, or the last one that does says 0 (drawn as a hairline)."""
    width = None
    for ln, _ in lines:
        if ln is not None and ln.get("w") is not None:
            width = emu(ln.get("w"), 0.0)
    return not width


def read_stroke(
    lines: list[tuple[etree._Element, PhColor | None]], scope: Scope, node_id: str | None = None
) -> list[Stroke]:
    """Merge a:ln elements (lowest priority first: theme line style, then explicit spPr/a:ln)."""
    width: float | None = None
    fill: tuple[etree._Element, PhColor | None] | None = None
    dash: list[float] | None = None
    dash_preset: str | None = None
    cap = join = None
    head = tail = None
    align = None
    for ln, ph in lines:
        if ln is None:
            continue
        if ln.get("w") is not None:
            width = emu(ln.get("w"), 0.0)
        if ln.get("cap"):
            cap = ln.get("cap")
        if ln.get("algn"):
            align = ln.get("algn")
        if ln.get("cmpd") not in (None, "sng"):
            scope.loss("line-compound", f"a {ln.get('cmpd')} compound line is drawn as a single line", node_id)
        f = find_fill(ln)
        if f is not None:
            fill = (f, ph)
        for child in ln:
            name = local(child.tag)
            if name == "prstDash":
                dash_preset = child.get("val", "solid")
                dash = list(_DASHES.get(dash_preset, []))
            elif name == "custDash":
                dash_preset = None
                dash = []
                for ds in child:
                    dash += [(pct(ds.get("d"), 0.0) or 0.0) / 100000.0, (pct(ds.get("sp"), 0.0) or 0.0) / 100000.0]
            elif name in ("round", "bevel", "miter"):
                join = name
            elif name == "headEnd":
                head = child.get("type", "none")
            elif name == "tailEnd":
                tail = child.get("type", "none")
    if fill is None:
        return []
    paints = read_fill(fill[0], scope, fill[1], node_id)
    if not paints:
        return []
    weight = (width or 0.0) / EMU_PER_PX
    if weight <= 0:
        weight = HAIRLINE_PX  # a zero-width line is drawn as a hairline
    dashes = [d * weight for d in dash] if dash else []
    return [
        Stroke(
            paint=paints[0],
            weight=weight,
            align="INSIDE" if align == "in" else "CENTER",
            dashes=dashes,
            dash_preset=dash_preset if dash_preset not in (None, "solid") else None,
            cap={"rnd": "ROUND", "sq": "SQUARE"}.get(cap or "", "NONE"),  # type: ignore[arg-type]
            join={"round": "ROUND", "bevel": "BEVEL"}.get(join or "", "MITER"),  # type: ignore[arg-type]
            start_cap=_ENDS.get(head or "none", "NONE"),
            end_cap=_ENDS.get(tail or "none", "NONE"),
        )
    ]


# -- effects -----------------------------------------------------------------------------------
def read_effects(
    el: etree._Element | None, scope: Scope, ph: PhColor | None = None, node_id: str | None = None
) -> list[Effect]:
    """An a:effectLst (or a parent holding one) -> shadows and blur; the rest goes to the loss report."""
    if el is None:
        return []
    if local(el.tag) not in ("effectLst", "effectDag"):
        inner = el.find(qn("a:effectLst"))
        if inner is None:
            dag = el.find(qn("a:effectDag"))
            if dag is not None:
                scope.loss("effect-dag", "an effect DAG is not carried", node_id)
            return []
        el = inner
    if local(el.tag) == "effectDag":
        scope.loss("effect-dag", "an effect DAG is not carried", node_id)
        return []
    out: list[Effect] = []
    for child in el:
        name = local(child.tag)
        if name in ("outerShdw", "innerShdw"):
            dist = (emu(child.get("dist"), 0.0) or 0.0) / EMU_PER_PX
            direction = math.radians(angle_deg(child.get("dir")))
            color = scope.colors.color(child, ph) or Color(a=0.5)
            out.append(
                Effect(
                    type="DROP_SHADOW" if name == "outerShdw" else "INNER_SHADOW",
                    color=color,
                    offset=Point(x=dist * math.cos(direction), y=dist * math.sin(direction)),
                    radius=(emu(child.get("blurRad"), 0.0) or 0.0) / EMU_PER_PX,
                )
            )
        elif name == "blur":
            out.append(Effect(type="LAYER_BLUR", radius=(emu(child.get("rad"), 0.0) or 0.0) / EMU_PER_PX))
        elif name in ("glow", "softEdge", "reflection", "prstShdw", "fillOverlay", "alphaBiLevel"):
            scope.loss(f"effect-{name}", f"the {name} effect is not carried", node_id)
    return out


# -- p:style references ------------------------------------------------------------------------
@dataclass
class StyleRefs:
    """What a shape's p:style contributes: theme fill, line, effects, and the text font/colour."""

    fill: tuple[etree._Element, PhColor] | None = None
    no_fill: bool = False
    line: tuple[etree._Element, PhColor] | None = None
    effect: tuple[etree._Element, PhColor] | None = None
    font_ref: str | None = None
    font_color: Color | None = None


def _ph(ref: etree._Element, scope: Scope) -> PhColor:
    return scope.colors.ph_color(ref)


def read_style_refs(style: etree._Element | None, scope: Scope) -> StyleRefs:
    out = StyleRefs()
    if style is None:
        return out
    theme = scope.theme
    for ref in style:
        name = local(ref.tag)
        idx = int(ref.get("idx", "0") or 0) if name != "fontRef" else 0
        if name == "fillRef":
            if idx == 0:
                out.no_fill = True
            elif 1 <= idx <= len(theme.fill_styles):
                out.fill = (theme.fill_styles[idx - 1], _ph(ref, scope))
            elif 1001 <= idx < 1001 + len(theme.bg_fill_styles):
                out.fill = (theme.bg_fill_styles[idx - 1001], _ph(ref, scope))
        elif name == "lnRef" and 1 <= idx <= len(theme.line_styles):
            out.line = (theme.line_styles[idx - 1], _ph(ref, scope))
        elif name == "effectRef" and 1 <= idx <= len(theme.effect_styles):
            out.effect = (theme.effect_styles[idx - 1], _ph(ref, scope))
        elif name == "fontRef":
            kind = ref.get("idx", "minor")
            if kind in ("major", "minor"):
                out.font_ref = "+mj-lt" if kind == "major" else "+mn-lt"
            out.font_color = scope.colors.color(ref)
    return out


def bool_attr(el: etree._Element | None, name: str) -> bool:
    return bool(attr_bool(el, name, False))
