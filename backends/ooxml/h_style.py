"""OOXML style tools: fills (a:solidFill / a:gradFill / a:blipFill in p:spPr, or the runs' fills of a
text box), a:ln, rounded corners (prstGeom roundRect), colour alpha, a:effectLst shadows, hidden
flags, and recolouring of every a:srgbClr / a:schemeClr under a shape or slide."""

from __future__ import annotations

import copy
from typing import Any

from lxml import etree

from ace_core.color import Color, ColorMod
from ace_core.errors import ToolError
from ace_core.ir.style import Effect, ImagePaint, Point
from adapters.ooxml.ns import local, qn
from adapters.ooxml.write_context import CLR_MAP
from adapters.ooxml.write_style import blip_fill, effect_list, fill_el, solid_fill
from adapters.ooxml.xmlgen import LINE_WIDTH, el, emu_in, pct
from backends.native import Handlers, NCtx
from backends.ooxml.doc import OoxmlDoc
from backends.ooxml.edit import abs_box, body_of, fill_text, set_shape_fill
from backends.ooxml.shapes import (
    FILL_TAGS,
    LN_ORDER,
    RPR_ORDER,
    SHAPE_TAGS,
    SP_PR_ORDER,
    cnv_of,
    key_of,
    replace_group,
    sp_pr_of,
)

table = Handlers()

_NO_FILL = ("TABLE", "CHART", "GROUP", "CONNECTOR", "LINE")


def _color(p: Any) -> Color:
    if p.color is not None:
        return p.color
    return Color(r=p.r, g=p.g, b=p.b, a=1.0 if p.a is None else p.a)


@table.bind("set_fill_color")
def set_fill_color(ctx: NCtx, p: Any) -> dict[str, Any]:
    doc: OoxmlDoc = ctx.doc
    sid, shape = doc.find(p.nodeId, write=True)
    kind = doc.types.get(p.nodeId, "")
    pctx = doc.part_ctx(doc.parts[sid], sid)
    color = _color(p)
    if kind == "TEXT":
        body = body_of(shape)
        if body is None:
            raise ToolError(f"{p.nodeId!r} has no text body", field="nodeId")
        fill_text(body, color, pctx)
        ctx.touch(p.nodeId)
        return {"target": "text"}
    if kind in _NO_FILL:
        raise ToolError(
            f"{p.nodeId!r} is a {kind}: ooxml gives it no fill of its own",
            field="nodeId",
            hint="fill its shapes (groups), its cells (set_table_cells) or its series (set_chart_series_style)",
        )
    set_shape_fill(shape, solid_fill(color, pctx), p.nodeId)
    ctx.touch(p.nodeId)
    return {"target": "fills"}


@table.bind("set_fill_gradient")
def set_fill_gradient(ctx: NCtx, p: Any) -> None:
    from backends.scenegraph.build import gradient_paint

    doc: OoxmlDoc = ctx.doc
    sid, shape = doc.find(p.nodeId, write=True)
    kind = doc.types.get(p.nodeId, "")
    pctx = doc.part_ctx(doc.parts[sid], sid)
    paint = gradient_paint(p.gradientStops, p.gradientType, p.angle)
    if p.gradientType in ("ANGULAR", "DIAMOND"):
        ctx.warn(f"ooxml has no {p.gradientType.lower()} gradient: written as the nearest DrawingML path gradient")
    try:
        _, _, w, h = abs_box(doc, p.nodeId, shape)
    except ToolError:
        w = h = 100.0
    fill = fill_el(paint, pctx, width=w, height=h)
    if kind == "TEXT":
        body = body_of(shape)
        if body is None:
            raise ToolError(f"{p.nodeId!r} has no text body", field="nodeId")
        from backends.ooxml.edit import iter_rprs

        for rpr in iter_rprs(body):
            replace_group(rpr, copy.deepcopy(fill), FILL_TAGS, RPR_ORDER)
    elif kind in _NO_FILL:
        raise ToolError(f"{p.nodeId!r} is a {kind}: ooxml gives it no fill of its own", field="nodeId")
    else:
        set_shape_fill(shape, fill, p.nodeId)
    ctx.touch(p.nodeId)


def image_into(
    ctx: NCtx, node_id: str, source: str, scale_mode: str, *, field: str, library_only: bool = False, crop: Any = None
) -> dict[str, Any]:
    """Put an image into a picture (new a:blip) or a shape (a:blipFill in p:spPr)."""
    doc: OoxmlDoc = ctx.doc
    sid, shape = doc.find(node_id, field, write=True)
    kind = doc.types.get(node_id, "")
    if kind in ("TEXT", "LINE", "CONNECTOR", "GROUP", "TABLE", "CHART"):
        raise ToolError(f"a {kind} node cannot take an image", field=field, hint="give a shape or a picture")
    img = ctx.backend.resolve_image(source, field, library_only=library_only)
    key = doc.header.store.put(img.data)
    if key not in doc.header.assets:
        from ace_core.ir.deck import AssetInfo

        doc.header = doc.header.model_copy(
            update={"assets": {**doc.header.assets, key: AssetInfo(mime=img.mime, size=len(img.data))}}
        )
        doc.header.attach_store(doc.header.store)
    pctx = doc.part_ctx(doc.parts[sid], sid)
    paint = ImagePaint(asset=key, scale_mode=scale_mode, crop=crop)  # type: ignore[arg-type]
    fill = blip_fill(paint, pctx, 1.0)
    if local(shape.tag) == "pic":
        old = shape.find(qn("p:blipFill"))
        fill.tag = qn("p:blipFill")
        if old is not None:
            shape.replace(old, fill)
        else:
            cnv = next(c for c in shape if local(c.tag).startswith("nv"))
            cnv.addnext(fill)
    else:
        set_shape_fill(shape, fill, node_id)
    for entry in pctx.state.report.entries:
        ctx.warn(f"ooxml: {entry.reason}")
    ctx.touch(node_id)
    return {"id": node_id, "asset": key}


@table.bind("set_image_fill")
def set_image_fill(ctx: NCtx, p: Any) -> dict[str, Any]:
    from ace_core.ir.style import Crop

    if p.rotation:
        ctx.warn("unsupported on ooxml: image rotation inside its box; ignored")
    if p.filters is not None:
        ctx.warn("unsupported on ooxml: image filters; ignored")
    crop = Crop(**p.crop.model_dump()) if p.crop else None
    return image_into(ctx, p.nodeId, p.source, p.scaleMode, field="nodeId", crop=crop)


@table.bind("set_stroke")
def set_stroke(ctx: NCtx, p: Any) -> None:
    doc: OoxmlDoc = ctx.doc
    sid, shape = doc.find(p.nodeId, write=True)
    holder = sp_pr_of(shape)
    if holder is None or local(shape.tag) == "grpSp":
        raise ToolError(f"{p.nodeId!r} ({doc.types.get(p.nodeId)}) has no outline on ooxml", field="nodeId")
    pctx = doc.part_ctx(doc.parts[sid], sid)
    ln = holder.find(qn("a:ln"))
    if ln is None:
        ln = el("a:ln", None, el("a:solidFill", None, el("a:srgbClr", {"val": "000000"})))
        replace_group(holder, ln, ("ln",), SP_PR_ORDER)
    if p.weight is not None:
        if p.weight == 0:
            replace_group(ln, el("a:noFill"), (*FILL_TAGS,), LN_ORDER)
        else:
            ln.set("w", str(emu_in(p.weight, LINE_WIDTH)))
    if p.strokeColor is not None and p.weight != 0:
        replace_group(ln, solid_fill(p.strokeColor, pctx), FILL_TAGS, LN_ORDER)
    if p.align is not None:
        if p.align == "OUTSIDE":
            ctx.warn("ooxml has no outside stroke: written centred")
        ln.set("algn", "in" if p.align == "INSIDE" else "ctr")
    if p.dashPattern is not None:
        weight = float(ln.get("w", "12700")) / 12700 / 0.75
        if not p.dashPattern:
            dash = el("a:prstDash", {"val": "solid"})
        else:
            dash = el("a:custDash")
            pairs = list(p.dashPattern) + ([p.dashPattern[-1]] if len(p.dashPattern) % 2 else [])
            for d, s in zip(pairs[::2], pairs[1::2], strict=True):
                etree.SubElement(
                    dash,
                    qn("a:ds"),
                    d=str(max(1, round(d / weight * 100000))),
                    sp=str(max(1, round(s / weight * 100000))),
                )
        replace_group(ln, dash, ("prstDash", "custDash"), LN_ORDER)
    if p.individualWeights is not None:
        ctx.warn("unsupported on ooxml: per-side stroke weights (one a:ln per shape); ignored")
    ctx.touch(p.nodeId)


@table.bind("set_corner_radius")
def set_corner_radius(ctx: NCtx, p: Any) -> None:
    """prstGeom roundRect with adj = radius / min(w, h) (rect when 0); per-corner radii use the
    largest (DrawingML's rounded rectangle rounds every corner alike)."""
    doc: OoxmlDoc = ctx.doc
    _, shape = doc.find(p.nodeId, write=True)
    holder = sp_pr_of(shape)
    geom = holder.find(qn("a:prstGeom")) if holder is not None else None
    if geom is None or geom.get("prst") not in ("rect", "roundRect"):
        raise ToolError(
            f"{p.nodeId!r} is not a rectangle on ooxml (corner radius applies to rect / roundRect shapes)",
            field="nodeId",
        )
    radius = p.radius
    if p.rectangleCornerRadii is not None:
        radius = max(p.rectangleCornerRadii)
        if len(set(p.rectangleCornerRadii)) > 1:
            ctx.warn("ooxml rounds every corner alike: the largest radius is used")
    elif p.corners is not None and not all(p.corners):
        ctx.warn("ooxml rounds every corner alike: all corners rounded")
    _, _, w, h = abs_box(doc, p.nodeId, shape)
    for child in list(geom):
        geom.remove(child)
    if not radius:
        geom.set("prst", "rect")
        etree.SubElement(geom, qn("a:avLst"))
    else:
        geom.set("prst", "roundRect")
        av = etree.SubElement(geom, qn("a:avLst"))
        adj = min(50000, round(radius / max(min(w, h), 1e-6) * 100000))
        etree.SubElement(av, qn("a:gd"), name="adj", fmla=f"val {adj}")
    doc.types[p.nodeId] = "RECTANGLE"
    ctx.touch(p.nodeId)


def _colour_elements(root: etree._Element) -> list[etree._Element]:
    return list(root.iter(qn("a:srgbClr"), qn("a:schemeClr"), qn("a:sysClr"), qn("a:prstClr"), qn("a:scrgbClr")))


def _set_alpha(colour: etree._Element, alpha: float) -> None:
    for old in colour.findall(qn("a:alpha")):
        colour.remove(old)
    if alpha < 0.9995:
        etree.SubElement(colour, qn("a:alpha"), val=str(pct(alpha)))


@table.bind("set_opacity")
def set_opacity(ctx: NCtx, p: Any) -> None:
    """DrawingML has no node opacity: the alpha of every colour of the shape (fill, line, text)
    and of its pictures (a:alphaModFix) is set to `opacity`."""
    doc: OoxmlDoc = ctx.doc
    _, shape = doc.find(p.nodeId, write=True)
    for colour in _colour_elements(shape):
        _set_alpha(colour, p.opacity)
    for blip in shape.iter(qn("a:blip")):
        for old in blip.findall(qn("a:alphaModFix")):
            blip.remove(old)
        if p.opacity < 0.9995:
            blip.insert(0, el("a:alphaModFix", {"amt": pct(p.opacity)}))
    ctx.warn("ooxml has no node opacity: written as the alpha of the shape's colours and pictures")
    ctx.touch(p.nodeId)


def _shadow(ctx: NCtx, p: Any, kind: str) -> None:
    doc: OoxmlDoc = ctx.doc
    sid, shape = doc.find(p.nodeId, write=True)
    holder = sp_pr_of(shape)
    if holder is None:
        raise ToolError(f"{p.nodeId!r} cannot take a shadow on ooxml", field="nodeId")
    tag = "outerShdw" if kind == "DROP_SHADOW" else "innerShdw"
    lst = holder.find(qn("a:effectLst"))
    if lst is None:
        if not p.visible:
            ctx.touch(p.nodeId)
            return
        lst = replace_group_ret(holder, el("a:effectLst"))
    for old in lst.findall(qn(f"a:{tag}")):
        lst.remove(old)
    if p.visible:
        pctx = doc.part_ctx(doc.parts[sid], sid)
        effect = Effect(
            type=kind,  # type: ignore[arg-type]
            color=p.shadowColor,
            offset=Point(x=p.offsetX, y=p.offsetY),
            radius=p.radius,
            spread=p.spread,
        )
        _, _, w, h = abs_box(doc, p.nodeId, shape)
        made = effect_list([effect], pctx, 1.0, (w + h) / 2)
        new = made.find(qn(f"a:{tag}")) if made is not None else None
        if new is not None:
            order = ["blur", "fillOverlay", "glow", "innerShdw", "outerShdw", "prstShdw", "reflection", "softEdge"]
            from backends.ooxml.shapes import insert_ordered

            insert_ordered(lst, new, order)
    ctx.touch(p.nodeId)


def replace_group_ret(holder: etree._Element, new: etree._Element) -> etree._Element:
    replace_group(holder, new, ("effectLst", "effectDag"), SP_PR_ORDER)
    return new


@table.bind("set_drop_shadow")
def set_drop_shadow(ctx: NCtx, p: Any) -> None:
    _shadow(ctx, p, "DROP_SHADOW")


@table.bind("set_inner_shadow")
def set_inner_shadow(ctx: NCtx, p: Any) -> None:
    _shadow(ctx, p, "INNER_SHADOW")


@table.bind("set_visibility")
def set_visibility(ctx: NCtx, p: Any) -> None:
    doc: OoxmlDoc = ctx.doc
    found = [doc.find(nid, f"nodeIds[{i}]", write=True)[1] for i, nid in enumerate(p.nodeIds)]
    for nid, shape in zip(p.nodeIds, found, strict=True):
        cnv = cnv_of(shape)
        if p.visible is not None and cnv is not None:
            if p.visible:
                cnv.attrib.pop("hidden", None)
            else:
                cnv.set("hidden", "1")
        ctx.touch(nid)
    if p.locked is not None:
        ctx.warn("ooxml locks are per-action (a:spLocks) and not modelled; locked ignored")


# -- replace_color ---------------------------------------------------------------------------------
def _resolved(colour: etree._Element, doc: OoxmlDoc) -> Color | None:
    """The colour an a:srgbClr / a:schemeClr / a:sysClr stands for (transforms applied)."""
    name = local(colour.tag)
    if name == "srgbClr":
        try:
            base = Color.from_hex("#" + (colour.get("val") or ""))
        except ValueError:
            return None
    elif name == "sysClr":
        try:
            base = Color.from_hex("#" + (colour.get("lastClr") or ""))
        except ValueError:
            return None
    elif name == "schemeClr":
        theme = doc.header.theme
        slot = CLR_MAP.get(colour.get("val") or "", colour.get("val") or "")
        found = theme.colors.get(slot) if theme is not None else None
        if found is None:
            return None
        base = found.model_copy(update={"ref": None})
    else:
        return None
    mods = []
    for m in colour:
        if not isinstance(m.tag, str):
            continue
        op = local(m.tag)
        try:
            val = float(m.get("val", "0")) / (60000.0 if op == "hueOff" else 100000.0)
            mods.append(ColorMod(op=op, val=val))  # type: ignore[arg-type]
        except (ValueError, TypeError):
            continue
    return base.apply_mods(mods) if mods else base


def _role(colour: etree._Element) -> str:
    for anc in colour.iterancestors():
        name = local(anc.tag)
        if name in ("rPr", "defRPr", "endParaRPr"):
            return "text"
        if name == "ln" or name in ("lnL", "lnR", "lnT", "lnB"):
            return "strokes"
        if name in ("spPr", "grpSpPr", "tcPr", "bgPr", "bg"):
            return "fills"
    return "fills"


@table.bind("replace_color")
def replace_color(ctx: NCtx, p: Any) -> dict[str, Any]:
    """Every colour under the scope (a slide: its background too) within `tolerance` of fromColor
    becomes toColor, its alpha kept (theme colours that match become explicit colours)."""
    doc: OoxmlDoc = ctx.doc
    scope = p.scopeNodeId
    if scope is None or scope in doc.parts:
        sid, part = doc.slide_part(scope, "scopeNodeId")
        roots = [doc.edit(part).find(qn("p:cSld"))]
    else:
        sid, shape = doc.find(scope, "scopeNodeId", write=True)
        roots = [shape]
    touched: list[str] = []
    src, dst = p.fromColor, p.toColor
    count = 0
    for root in roots:
        for colour in _colour_elements(root):
            if p.targets != "all" and _role(colour) != p.targets:
                continue
            got = _resolved(colour, doc)
            if got is None:
                continue
            if max(abs(got.r - src.r), abs(got.g - src.g), abs(got.b - src.b)) > p.tolerance + 1e-9:
                continue
            alpha = [copy.deepcopy(a) for a in colour.findall(qn("a:alpha"))]
            new = etree.Element(qn("a:srgbClr"), val=dst.hex[1:])
            for a in alpha:
                new.append(a)
            owner = next((a for a in colour.iterancestors() if local(a.tag) in SHAPE_TAGS), None)
            key = key_of(owner, sid) if owner is not None else None
            if key is not None and key not in touched:
                touched.append(key)
            colour.getparent().replace(colour, new)
            count += 1
    for nid in touched:
        ctx.touch(nid)
    if not count:
        ctx.warn("no colour matched fromColor within the tolerance")
    return {"replaced": count}


@table.bind("copy_style")
def copy_style(ctx: NCtx, p: Any) -> None:
    """Copy p:spPr fills / a:ln / a:effectLst, and the first run's a:rPr onto every run."""
    doc: OoxmlDoc = ctx.doc
    _, src = doc.find(p.sourceNodeId, "sourceNodeId")
    wanted = set(p.properties or ["fills", "strokes", "effects", "opacity", "cornerRadius", "blendMode", "text"])
    if "blendMode" in wanted and p.properties:
        ctx.warn("unsupported on ooxml: blend modes; not copied")
    src_pr = sp_pr_of(src)
    src_body = body_of(src)
    src_rpr = next(iter(src_body.iter(qn("a:rPr"))), None) if src_body is not None else None
    groups = []
    if "fills" in wanted:
        groups.append(FILL_TAGS)
    if "strokes" in wanted:
        groups.append(("ln",))
    if "effects" in wanted:
        groups.append(("effectLst", "effectDag"))
    for i, tid in enumerate(p.targetNodeIds):
        _, dst = doc.find(tid, f"targetNodeIds[{i}]", write=True)
        dst_pr = sp_pr_of(dst)
        if src_pr is not None and dst_pr is not None and local(dst.tag) != "grpSp":
            for group in groups:
                found = [c for c in src_pr if isinstance(c.tag, str) and local(c.tag) in group]
                replace_group(dst_pr, copy.deepcopy(found[0]) if found else None, group, SP_PR_ORDER)
            if "cornerRadius" in wanted:
                sg, dg = src_pr.find(qn("a:prstGeom")), dst_pr.find(qn("a:prstGeom"))
                rects = ("rect", "roundRect")
                if sg is not None and dg is not None and dg.get("prst") in rects and sg.get("prst") in rects:
                    dst_pr.replace(dg, copy.deepcopy(sg))
        dst_body = body_of(dst)
        if "text" in wanted and src_rpr is not None and dst_body is not None:
            from backends.ooxml.edit import iter_rprs

            for rpr in list(iter_rprs(dst_body)):
                keep = {k: v for k, v in rpr.attrib.items() if k in ("lang", "altLang", "dirty")}
                new = copy.deepcopy(src_rpr)
                new.tag = rpr.tag
                for k, v in keep.items():
                    new.set(k, v)
                rpr.getparent().replace(rpr, new)
        ctx.touch(tid)


HANDLERS = table.handlers
