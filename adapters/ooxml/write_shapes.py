"""IR nodes -> PresentationML shape elements: p:sp, p:pic, p:grpSp, p:cxnSp, p:graphicFrame.

Boxes are written in slide coordinates: a group's child space equals its own box
(chOff = off, chExt = ext), so children keep the px boxes the IR gives them."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable
from dataclasses import dataclass

from lxml import etree

from ace_core.drawing.raster import svg_to_png
from ace_core.ir.nodes import (
    ChartNode,
    ConnectorNode,
    EllipseNode,
    FrameNode,
    GroupNode,
    ImageNode,
    LineNode,
    MathNode,
    NodeBase,
    Placeholder,
    RectangleNode,
    ShapeNode,
    TableNode,
    TextNode,
    VectorNode,
    VectorPath,
)
from ace_core.ir.style import ImagePaint
from ace_core.ir.text import TextBody
from adapters.ooxml.conventions import META_SMARTART, set_ace_id
from adapters.ooxml.ns import qn
from adapters.ooxml.svgpath import parse_path
from adapters.ooxml.write_context import PartContext
from adapters.ooxml.write_style import blip_fill, effect_list, fill_el, is_hairline, line_el, pick_paint
from adapters.ooxml.write_text import text_body
from adapters.ooxml.xmlgen import ang, el, emu, sub

__all__ = ["Box", "assign_shape_ids", "custom_geometry", "node_elements", "placeholder_of", "xfrm"]

SVG_BLIP_URI = "{96DAC541-7B7A-43D3-8B79-37D633B846F1}"
ASVG_NS = "http://schemas.microsoft.com/office/drawing/2016/SVG/main"
_BLENDS_OK = {"PASS_THROUGH", "NORMAL"}


@dataclass(frozen=True)
class Box:
    """A node's box in slide px (absolute), with its rotation and flips."""

    x: float
    y: float
    w: float
    h: float
    rot: float = 0.0
    flip_h: bool = False
    flip_v: bool = False

    @classmethod
    def of(cls, node: NodeBase, ox: float = 0.0, oy: float = 0.0) -> Box:
        return cls(ox + node.x, oy + node.y, node.width, node.height, node.rotation, node.flip_h, node.flip_v)


def xfrm(box: Box, tag: str = "a:xfrm", child: Box | None = None) -> etree._Element:
    """a:xfrm (or p:xfrm of a graphic frame) of a box; `child` adds a group's child space."""
    node = el(
        tag,
        {
            "rot": ang(box.rot) or None if tag == "a:xfrm" else None,
            "flipH": True if box.flip_h else None,
            "flipV": True if box.flip_v else None,
        },
    )
    sub(node, "a:off", {"x": emu(box.x), "y": emu(box.y)})
    sub(node, "a:ext", {"cx": max(0, emu(box.w)), "cy": max(0, emu(box.h))})
    if child is not None:
        sub(node, "a:chOff", {"x": emu(child.x), "y": emu(child.y)})
        sub(node, "a:chExt", {"cx": max(0, emu(child.w)), "cy": max(0, emu(child.h))})
    return node


def assign_shape_ids(nodes: Iterable[NodeBase], ctx: PartContext) -> None:
    """Give every node of a tree its cNvPr id before writing, so connectors can name their ends."""
    for node in nodes:
        if node.id not in ctx.shape_ids:
            ctx.shape_id(node.id)
        if isinstance(node, FrameNode) and _frame_background(node):
            ctx.shape_ids.setdefault(node.id + "#bg", ctx.shape_id())
        kids = getattr(node, "children", None)
        if kids:
            assign_shape_ids(kids, ctx)


def _sid(node: NodeBase, ctx: PartContext, key: str | None = None) -> int:
    key = key or node.id
    if key not in ctx.shape_ids:
        ctx.shape_id(key)
    return ctx.shape_ids[key]


def nv_props(node: NodeBase, ctx: PartContext, *, key: str | None = None, name: str | None = None) -> etree._Element:
    """p:cNvPr: shape id, name, alt text, hidden flag, click link and the ACE id."""
    sid = _sid(node, ctx, key)
    if not (name or node.name) and ctx.deck.source is not None and ctx.deck.source.format == "pptx":
        name = ""  # a shape its .pptx left unnamed stays unnamed (readers show a name as its alt text)
    elif not (name or node.name):
        name = f"{node.type.title()} {sid}"
    attrs = {
        "id": sid,
        "name": name or node.name,
        "descr": node.description or None,
        "hidden": True if not node.visible else None,
    }
    cnv = el("p:cNvPr", attrs)
    if node.hyperlink and key is None:
        rid, action = ctx.link_rel(node.hyperlink)
        if rid or action:
            sub(cnv, "a:hlinkClick", {"r:id": rid, "action": action})
    set_ace_id(cnv, key or node.id)
    return cnv


def placeholder_of(node: NodeBase, ctx: PartContext, placeholders: bool) -> Placeholder | None:
    """The placeholder binding a node is written with (None: a plain shape)."""
    if not placeholders:
        return None
    if ctx.bound is not None:
        return ctx.bound.get(node.id)
    return node.placeholder


def _nv_pr(node: NodeBase, ctx: PartContext, placeholders: bool) -> etree._Element:
    nv = el("p:nvPr")
    ph = placeholder_of(node, ctx, placeholders)
    if ph is not None:
        sub(nv, "p:ph", {"type": ph.type if ph.type != "obj" else None, "idx": ph.idx})
    return nv


def _bind(item: etree._Element, node: NodeBase, ctx: PartContext, placeholders: bool) -> etree._Element:
    """Put the p:ph of a placeholder picture / graphic frame first in its p:nvPr."""
    ph = placeholder_of(node, ctx, placeholders)
    nv = item[0].find(qn("p:nvPr")) if len(item) else None
    if ph is not None and nv is not None and nv.find(qn("p:ph")) is None:
        nv.insert(0, el("p:ph", {"type": ph.type if ph.type != "obj" else None, "idx": ph.idx}))
    return item


def _preset(name: str, adjustments: dict[str, float] | None = None) -> etree._Element:
    geom = el("a:prstGeom", {"prst": name})
    av = sub(geom, "a:avLst")
    for key, value in (adjustments or {}).items():
        sub(av, "a:gd", {"name": key, "fmla": f"val {round(value)}"})
    return geom


def custom_geometry(
    paths: list[VectorPath],
    box: Box,
    view_box: tuple[float, float, float, float] | None,
    ctx: PartContext | None = None,
) -> etree._Element:
    """a:custGeom of SVG paths (node-local px, or `view_box` units scaled to the box). A path
    whose data cannot be parsed is left out (reported through `ctx`)."""
    if view_box is not None and view_box[2] > 0 and view_box[3] > 0:
        mx, my, vw, vh = view_box
        sx, sy = box.w / vw, box.h / vh
    else:
        mx, my, sx, sy = 0.0, 0.0, 1.0, 1.0
    geom = el("a:custGeom")
    for tag in ("a:avLst", "a:gdLst", "a:ahLst", "a:cxnLst"):
        sub(geom, tag)
    sub(geom, "a:rect", {"l": "l", "t": "t", "r": "r", "b": "b"})
    lst = sub(geom, "a:pathLst")
    w, h = max(1, emu(box.w)), max(1, emu(box.h))
    for i, vp in enumerate(paths):
        try:
            commands = parse_path(vp.d)
        except (ValueError, ArithmeticError) as exc:
            if ctx is not None:
                ctx.loss("bad-vector-path", f"path {i + 1} is not valid SVG path data ({exc}); not drawn", "error")
            continue
        path = sub(
            lst,
            "a:path",
            {"w": w, "h": h, "fill": None if vp.filled else "none", "stroke": None if vp.stroked else False},
        )
        for cmd, pts in commands:
            if cmd == "Z":
                sub(path, "a:close")
                continue
            tag = {"M": "a:moveTo", "L": "a:lnTo", "C": "a:cubicBezTo", "Q": "a:quadBezTo"}[cmd]
            seg = sub(path, tag)
            for px, py in pts:
                sub(seg, "a:pt", {"x": emu((px - mx) * sx), "y": emu((py - my) * sy)})
    return geom


def _rounded_rect_d(w: float, h: float, radii: tuple[float, float, float, float]) -> str:
    lim = min(w, h) / 2
    tl, tr, br, bl = (max(0.0, min(r, lim)) for r in radii)
    return (
        f"M{tl} 0 L{w - tr} 0 A{tr} {tr} 0 0 1 {w} {tr} L{w} {h - br} A{br} {br} 0 0 1 {w - br} {h} "
        f"L{bl} {h} A{bl} {bl} 0 0 1 0 {h - bl} L0 {tl} A{tl} {tl} 0 0 1 {tl} 0 Z"
    )


def _arc_d(w: float, h: float, arc: tuple[float, float, float]) -> str:
    start, end, inner = arc
    cx, cy, rx, ry = w / 2, h / 2, w / 2, h / 2
    sweep = end - start
    if abs(sweep) >= 2 * math.pi - 1e-6:
        end = start + 2 * math.pi - 1e-4
        sweep = end - start
    large = 1 if abs(sweep) > math.pi else 0

    def pt(t: float, f: float) -> tuple[float, float]:
        return cx + rx * f * math.cos(t), cy + ry * f * math.sin(t)

    (x0, y0), (x1, y1) = pt(start, 1), pt(end, 1)
    d = f"M{x0} {y0} A{rx} {ry} 0 {large} 1 {x1} {y1} "
    if inner > 0:
        (x2, y2), (x3, y3) = pt(end, inner), pt(start, inner)
        d += f"L{x2} {y2} A{rx * inner} {ry * inner} 0 {large} 0 {x3} {y3} Z"
    else:
        d += f"L{cx} {cy} Z"
    return d


def _geometry(node: NodeBase, box: Box, ctx: PartContext) -> etree._Element:
    if isinstance(node, ShapeNode):
        return _preset(node.preset, node.adjustments)
    if isinstance(node, VectorNode):
        if not node.paths:
            return _preset("rect")
        return custom_geometry(node.paths, box, node.view_box, ctx)
    if isinstance(node, EllipseNode):
        if node.arc is not None:
            return custom_geometry([VectorPath(d=_arc_d(box.w, box.h, node.arc))], box, None)
        return _preset("ellipse")
    if isinstance(node, LineNode):
        return _preset("line")
    radius = getattr(node, "corner_radius", 0.0)
    radii = getattr(node, "corner_radii", None)
    if radii is not None and len(set(radii)) > 1:
        return custom_geometry([VectorPath(d=_rounded_rect_d(box.w, box.h, radii))], box, None)
    if radii is not None:
        radius = radii[0]
    if radius > 0 and min(box.w, box.h) > 0:
        adj = min(50000, round(radius / min(box.w, box.h) * 100000))
        return _preset("roundRect", {"adj": adj})
    return _preset("rect")


def _sp_pr(node: NodeBase, box: Box, ctx: PartContext, alpha: float, *, fills: bool = True) -> etree._Element:
    own_box = None if node.id in ctx.inherit_box else xfrm(box)  # else the layout's / master's box
    sp_pr = el("p:spPr", None, own_box, _geometry(node, box, ctx))
    if fills:
        sp_pr.append(fill_el(pick_paint(node.fills, ctx), ctx, alpha=alpha, width=box.w, height=box.h))
    sp_pr.append(
        line_el(node.strokes, ctx, alpha=alpha, width=box.w, height=box.h, hairline=is_hairline(node, ctx.deck))
    )
    effects = effect_list(node.effects, ctx, alpha, (box.w + box.h) / 2)
    if effects is not None:
        sp_pr.append(effects)
    return sp_pr


def _check_common(node: NodeBase, ctx: PartContext) -> None:
    if node.blend_mode not in _BLENDS_OK:
        ctx.loss("blend-mode", f"blend mode {node.blend_mode} has no OOXML equivalent", "info")
    if node.stroke_weights is not None:
        w = node.stroke_weights
        if len({w.top, w.right, w.bottom, w.left}) > 1:
            ctx.loss("stroke-weights", "per-side stroke weights written as one weight")


def shape_sp(
    node: NodeBase, box: Box, ctx: PartContext, alpha: float, *, text: TextBody | None, placeholders: bool = False
) -> etree._Element:
    """p:sp of a text box / rectangle / ellipse / preset / custom-geometry / line node."""
    is_text = isinstance(node, TextNode)
    cnv_sp = el("p:cNvSpPr", {"txBox": True if is_text and node.placeholder is None else None})
    cnv = nv_props(node, ctx)
    if node.placeholder is not None and node.width < 1 and node.height < 1 and not placeholders:
        # a placeholder without geometry anywhere in its chain: renderers do not draw it
        cnv.set("hidden", "1")
        ctx.loss("placeholder-geometry", "a placeholder with no size is written hidden, as it is not drawn", "info")
    nv_pr = _nv_pr(node, ctx, placeholders)
    if nv_pr.find(qn("p:ph")) is not None:
        sub(cnv_sp, "a:spLocks", {"noGrp": True})
    nv = el("p:nvSpPr", None, cnv, cnv_sp, nv_pr)
    sp = el("p:sp", None, nv, _sp_pr(node, box, ctx, alpha, fills=not isinstance(node, LineNode)))
    if text is not None or is_text or nv_pr.find(qn("p:ph")) is not None:
        # a placeholder without a text body of its own shows its layout's prompt text (LibreOffice)
        sp.append(text_body(text or TextBody(), ctx))
    return sp


def _contained(box: Box, node: MathNode, ctx: PartContext) -> Box:
    """The box an equation's picture takes in the node's box: its rendering's aspect kept, centred
    (as the HTML writer draws it), not stretched to the box."""
    from ace_core.drawing.math import svg_size

    assert node.svg_asset is not None
    w, h = svg_size(ctx.deck.asset_bytes(node.svg_asset).decode("utf-8", "replace"))
    if w <= 0 or h <= 0 or box.w <= 0 or box.h <= 0:
        return box
    scale = min(box.w / w, box.h / h)
    fw, fh = w * scale, h * scale
    return dataclasses.replace(box, x=box.x + (box.w - fw) / 2, y=box.y + (box.h - fh) / 2, w=fw, h=fh)


def picture(node: ImageNode | MathNode, box: Box, ctx: PartContext, alpha: float) -> etree._Element | None:
    """p:pic of an IMAGE (crop, opacity, clip preset, SVG with PNG fallback) or a MATH rendering."""
    paint = node.image if isinstance(node, ImageNode) else ImagePaint()
    svg = node.svg_asset
    alpha *= node.opacity
    rid = None
    if paint.asset is None and svg is not None:
        png = svg_to_png(ctx.deck.asset_bytes(svg), box.w, box.h)
        if png is not None:
            rid = ctx.media_rel(png, "png")
    if paint.asset is None and rid is None:
        return None
    fill = blip_fill(paint, ctx, alpha, "p:blipFill", rid=rid)
    if svg is not None:
        blip = fill.find("{*}blip")
        svg_rid = ctx.image_rel(svg)
        lst = sub(blip, "a:extLst")
        ext = sub(lst, "a:ext", {"uri": SVG_BLIP_URI})
        svg_blip = etree.SubElement(ext, f"{{{ASVG_NS}}}svgBlip", nsmap={"asvg": ASVG_NS})
        svg_blip.set("{http://schemas.openxmlformats.org/officeDocument/2006/relationships}embed", svg_rid)
    locks = el("p:cNvPicPr", None, el("a:picLocks", {"noChangeAspect": True}))
    nv_pr = el("p:nvPr")
    cnv = nv_props(node, ctx)
    media = media_els(node, ctx) if isinstance(node, ImageNode) else None
    if media is not None:
        if cnv.find(qn("a:hlinkClick")) is None:
            cnv.insert(0, el("a:hlinkClick", {"r:id": "", "action": "ppaction://media"}))
        for item in media:
            nv_pr.append(item)
    nv = el("p:nvPicPr", None, cnv, locks, nv_pr)
    sp_pr = el("p:spPr", None, xfrm(box))
    preset = getattr(node, "preset", None)
    radius = getattr(node, "corner_radius", 0.0)
    clip = getattr(node, "clip_paths", None)
    if clip:
        sp_pr.append(custom_geometry(clip, box, None, ctx))
    elif preset:
        sp_pr.append(_preset(preset))
    elif radius:
        sp_pr.append(_geometry(node, box, ctx))
    else:
        sp_pr.append(_preset("rect"))
    if node.strokes:
        sp_pr.append(line_el(node.strokes, ctx, alpha=alpha, hairline=is_hairline(node, ctx.deck)))
    effects = effect_list(node.effects, ctx, alpha, (box.w + box.h) / 2)
    if effects is not None:
        sp_pr.append(effects)
    if isinstance(node, ImageNode) and node.embedded is not None and media is None:
        ctx.loss(
            f"embedded-{node.embedded.kind}",
            f"{node.embedded.kind} object written as its preview picture only",
            "info",
        )
    return el("p:pic", None, nv, fill, sp_pr)


MEDIA_EXT_URI = "{DAA4B4D4-6D71-4841-9C94-3DE7FCFB9230}"
P14_NS = "http://schemas.microsoft.com/office/powerpoint/2010/main"
_MEDIA_EXT = {"audio/mpeg": "mp3", "audio/mp3": "mp3", "audio/wav": "wav", "audio/x-wav": "wav", "audio/mp4": "m4a"}
_MEDIA_EXT |= {"video/mp4": "mp4", "video/quicktime": "mov", "video/x-ms-wmv": "wmv", "video/avi": "avi"}


def media_els(node: ImageNode, ctx: PartContext) -> list[etree._Element] | None:
    """a:audioFile / a:videoFile and the p14:media extension of an embedded audio or video (the
    picture is its poster); None when the node holds no playable media."""
    media = node.embedded
    if media is None or media.kind not in ("audio", "video") or (media.asset is None and not media.link):
        return None
    from adapters.ooxml.ns import RT

    tag = "a:audioFile" if media.kind == "audio" else "a:videoFile"
    rtype = RT.AUDIO if media.kind == "audio" else RT.VIDEO
    if media.asset is None:
        return [el(tag, {"r:link": ctx.pkg.relate(ctx.part, rtype, media.link or "", external=True)})]
    data = ctx.deck.asset_bytes(media.asset)
    ext = _MEDIA_EXT.get((media.mime or "").lower(), "mp4" if media.kind == "video" else "mp3")
    name = ctx.pkg.add_media(data, ext, stem="media")
    link = el(tag, {"r:link": ctx.pkg.relate(ctx.part, rtype, name)})
    ext_lst = el("p:extLst")
    holder = sub(ext_lst, "p:ext", {"uri": MEDIA_EXT_URI})
    p14 = etree.SubElement(holder, f"{{{P14_NS}}}media", nsmap={"p14": P14_NS})
    p14.set(
        "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}embed",
        ctx.pkg.relate(ctx.part, RT.MEDIA, name),
    )
    return [link, ext_lst]


def connector(node: ConnectorNode, box: Box, ctx: PartContext, alpha: float) -> etree._Element:
    """p:cxnSp with its bound ends (stCxn / endCxn naming the written shape ids)."""
    cnv = el("p:cNvCxnSpPr")
    for end, tag in ((node.start, "a:stCxn"), (node.end, "a:endCxn")):
        if end.node_id is not None and end.node_id in ctx.shape_ids:
            sub(cnv, tag, {"id": ctx.shape_ids[end.node_id], "idx": end.site or 0})
    nv = el("p:nvCxnSpPr", None, nv_props(node, ctx), cnv, el("p:nvPr"))
    preset = (
        node.preset
        or {"STRAIGHT": "straightConnector1", "ELBOWED": "bentConnector3", "CURVED": "curvedConnector3"}[node.line_type]
    )
    fill = fill_el(pick_paint(node.fills, ctx), ctx, alpha=alpha, width=box.w, height=box.h)
    sp_pr = el("p:spPr", None, xfrm(box), _preset(preset, node.adjustments), fill)
    sp_pr.append(line_el(node.strokes, ctx, alpha=alpha, hairline=is_hairline(node, ctx.deck)))
    effects = effect_list(node.effects, ctx, alpha)
    if effects is not None:
        sp_pr.append(effects)
    if node.label:
        ctx.loss("connector-label", "connector label has no OOXML equivalent", "info")
    return el("p:cxnSp", None, nv, sp_pr)


def _frame_background(node: FrameNode) -> bool:
    return bool([f for f in node.fills if f.visible] or node.strokes or node.effects)


def group(node: GroupNode | FrameNode, box: Box, ctx: PartContext, alpha: float, placeholders: bool) -> etree._Element:
    """p:grpSp whose child space is its own box; a FRAME's fills / strokes become a first
    rectangle child (id '<frame id>#bg')."""
    nv = el("p:nvGrpSpPr", None, nv_props(node, ctx), el("p:cNvGrpSpPr"), el("p:nvPr"))
    grp = el("p:grpSp", None, nv, el("p:grpSpPr", None, xfrm(box, child=Box(box.x, box.y, box.w, box.h))))
    if isinstance(node, FrameNode) and _frame_background(node):
        bg = RectangleNode(
            id=node.id + "#bg",
            name=f"{node.name or 'Frame'} background",
            width=node.width,
            height=node.height,
            fills=node.fills,
            strokes=node.strokes,
            effects=node.effects,
            corner_radius=node.corner_radius,
            corner_radii=node.corner_radii,
        )
        grp.append(shape_sp(bg, Box(box.x, box.y, box.w, box.h), ctx, alpha, text=None))
    if isinstance(node, FrameNode) and node.clips_content:
        for child in node.children:
            if (
                child.x < -0.5
                or child.y < -0.5
                or child.x + child.width > node.width + 0.5
                or (child.y + child.height > node.height + 0.5)
            ):
                ctx.loss("clip-content", "frame clips its content; OOXML groups do not clip", "warning")
                break
    if isinstance(node, GroupNode) and node.is_mask_group:
        ctx.loss("mask-group", "mask group written as a plain group (the mask is drawn, not applied)")
    for child in node.children:
        for item in node_elements(child, ctx, box.x, box.y, alpha, placeholders):
            grp.append(item)
    return grp


def node_elements(
    node: NodeBase, ctx: PartContext, ox: float = 0.0, oy: float = 0.0, alpha: float = 1.0, placeholders: bool = False
) -> list[etree._Element]:
    """The shape elements of one IR node whose parent's box starts at (ox, oy) slide px."""
    from adapters.ooxml.write_chart import chart_frame
    from adapters.ooxml.write_table import table_frame

    prev = ctx.node
    ctx.node = node
    try:
        box = Box.of(node, ox, oy)
        _check_common(node, ctx)
        a = alpha * node.opacity
        if isinstance(node, FrameNode) and node.layout is not None:
            ctx.loss(
                "auto-layout",
                f"auto-layout frame ({node.layout.mode.lower()}{', wrapping' if node.layout.wrap else ''}) written "
                "as a group at its solved boxes: its direction, spacing, padding and hug / fill sizing are not "
                "kept and do not reflow in PowerPoint",
            )
        if isinstance(node, GroupNode) and node.meta.get(META_SMARTART) and ctx.state.mode == "fresh":
            ctx.loss("smartart", "SmartArt written as plain grouped shapes: it is no longer a SmartArt diagram", "info")
        if isinstance(node, GroupNode | FrameNode):
            if isinstance(node, FrameNode) and not node.children:
                return [shape_sp(node, box, ctx, a, text=None, placeholders=placeholders)]
            return [group(node, box, ctx, a, placeholders)]
        if isinstance(node, ImageNode) and node.embedded is not None and node.embedded.kind == "ole":
            from adapters.ooxml.write_ole import ole_frame

            frame = ole_frame(node, box, ctx)
            if frame is not None:
                return [frame]
        if isinstance(node, ImageNode):
            pic = picture(node, box, ctx, alpha)
            if pic is None:
                ctx.loss("missing-image", "picture without image bytes written as an empty rectangle")
                return [shape_sp(node, box, ctx, a, text=None, placeholders=placeholders)]
            return [_bind(pic, node, ctx, placeholders)]
        if isinstance(node, MathNode):
            from adapters.ooxml.write_math import math_elements, with_svg

            drawn = with_svg(node, ctx.deck)
            pic = picture(drawn, _contained(box, drawn, ctx), ctx, alpha) if drawn.svg_asset else None
            if pic is None:
                as_text = TextNode(**_base_fields(node), text=TextBody.from_text(node.latex))
                fallback = [shape_sp(as_text, box, ctx, a, text=as_text.text)]
            else:
                fallback = [pic]
            items = math_elements(node, box, ctx, fallback)
            if items is fallback:  # no OMML: the picture, or the LaTeX as text, alone
                if pic is not None:
                    ctx.loss("math", "equation written as a picture of its rendering (its LaTeX has no OMML form)")
                else:
                    ctx.loss("math", "equation written as its LaTeX source text")
            return items
        if isinstance(node, ConnectorNode):
            return [connector(node, box, ctx, a)]
        if isinstance(node, TableNode):
            return [_bind(table_frame(node, box, ctx), node, ctx, placeholders)]
        if isinstance(node, ChartNode):
            return [_bind(chart_frame(node, box, ctx), node, ctx, placeholders)]
        text = node.text_body
        empty_ph = node.placeholder is not None and not (text and any(p.runs for p in text.paragraphs))
        empty_ph = empty_ph and ctx.bound is None
        # an empty placeholder stays a placeholder (PowerPoint prompts for its content)
        if node.placeholder is not None and not (placeholders or empty_ph):
            ctx.loss(
                "placeholder-binding",
                f"{node.placeholder.type} placeholder written as a plain shape with its look: the link to "
                "its layout is not kept (LibreOffice lays out placeholder text slightly differently)",
                "info",
            )
        return [shape_sp(node, box, ctx, a, text=text, placeholders=placeholders or empty_ph)]
    finally:
        ctx.node = prev


def _base_fields(node: NodeBase) -> dict[str, object]:
    keep = ("id", "name", "x", "y", "width", "height", "rotation", "flip_h", "flip_v", "visible", "description")
    return {k: getattr(node, k) for k in keep}
