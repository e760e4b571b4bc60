"""IR text bodies -> DrawingML txBody: bodyPr, paragraphs (pPr, bullets, spacing) and styled runs.

Runs are written with their effective style (body style, then paragraph style, then run style,
as conventions.py defines it), so the text looks the same whatever the master's text styles are."""

from __future__ import annotations

import uuid

from lxml import etree

from ace_core.ir.style import GradientPaint, SolidPaint
from ace_core.ir.text import Bullet, Paragraph, Run, TextBody, TextStyle
from ace_core.layout.measure import DEFAULT_INSETS
from ace_core.units import PX_PER_PT
from adapters.ooxml.write_context import PartContext
from adapters.ooxml.write_style import color_el, effect_list, fill_el, line_el
from adapters.ooxml.xmlgen import COORD32, TEXT_INDENT, TEXT_MARGIN, ang, el, emu, emu_in, sub, xml_text

__all__ = ["body_pr", "level_el", "list_style", "paragraph_el", "run_props", "text_body"]

_ALIGN = {"LEFT": "l", "CENTER": "ctr", "RIGHT": "r", "JUSTIFIED": "just"}
_ANCHOR = {"TOP": "t", "CENTER": "ctr", "BOTTOM": "b"}
_CAP = {"UPPER": "all", "SMALL_CAPS": "small", "SMALL_CAPS_FORCED": "small", "ORIGINAL": "none"}
_FONT_REFS = {"+mj-lt": "major", "+mn-lt": "minor", "+mj-ea": "major_ea", "+mn-ea": "minor_ea"}
_FONT_REFS |= {"+mj-cs": "major_cs", "+mn-cs": "minor_cs"}


def _hundredths_pt(px: float, lo: int, hi: int) -> int:
    return max(lo, min(hi, round(px / PX_PER_PT * 100)))


def body_pr(body: TextBody, ctx: PartContext) -> etree._Element:
    """a:bodyPr: wrap, insets, anchor, direction, columns and autofit."""
    ins = body.insets
    fresh = ctx.state.mode == "fresh"
    # a bound placeholder's left-out attribute falls back to its layout's / master's placeholder
    inh = ctx.inherited_text.get(ctx.node.id) if ctx.node is not None else None
    base = inh.insets if inh is not None else None

    vert = body.vertical if body.vertical != "horz" or (inh is not None and inh.vertical != "horz") else None
    if fresh and inh is not None and inh.vertical == body.vertical:
        # the direction the layout's / master's placeholder states: inherited, as in the source.
        # LibreOffice turns the inherited insets with a direction the slide restates a second time
        # (a vertical body's lines came out ~5 % longer, breaking at other words)
        vert = None
    # what a left-out inset falls back to: the bound placeholder's; for vertical text also the
    # format's default (LibreOffice places vertical text with stated default insets elsewhere than
    # with implied ones: a Figma file's vertical text box, which states every inset, moved ~5 px)
    fallback = base if base is not None else (DEFAULT_INSETS if vert is not None else None)

    def inset(px: float | None, side: str) -> int | None:
        # stated insets (not None: the source stated them) are written, even at the format's
        # default: LibreOffice lays out stated and implied insets differently (a placeholder's
        # implied ones are 0.25 cm, not 0.254). In fresh files one equal to its fallback is left
        # out: it is inherited, as in the source
        if px is None:
            return None
        value = emu_in(px, COORD32)
        return None if fresh and fallback is not None and abs(value - emu(getattr(fallback, side))) <= 1 else value

    zero_width = ctx.node is not None and ctx.node.width < 1.0  # nothing to wrap into
    rot = body.text_rotation or (0.0 if inh is not None and inh.text_rotation else None)
    cols = body.columns if body.columns > 1 or (inh is not None and inh.columns > 1) else None
    attrs: dict[str, object] = {
        "rot": ang(rot) if rot is not None else None,
        "spcFirstLastPara": "1" if body.edge_spacing else None,
        "vert": vert,
        "wrap": "square" if body.wrap and body.auto_resize != "WIDTH_AND_HEIGHT" and not zero_width else "none",
        "lIns": inset(ins.left, "left") if ins else None,
        "tIns": inset(ins.top, "top") if ins else None,
        "rIns": inset(ins.right, "right") if ins else None,
        "bIns": inset(ins.bottom, "bottom") if ins else None,
        "numCol": cols,
        "rtlCol": None,
        "anchor": _ANCHOR[body.vertical_align],
    }
    node = el("a:bodyPr", attrs)
    placeholder = ctx.node is not None and ctx.node.placeholder is not None
    stored = body.font_scale is not None or body.line_spacing_reduction is not None
    own_fit = (body.autofit, body.font_scale, body.line_spacing_reduction)
    unscaled_own = body.autofit == "SHRINK" and body.font_scale == 100.0  # the source stated normAutofit here
    if (
        inh is not None
        and fresh
        and not unscaled_own
        and own_fit == (inh.autofit, inh.font_scale, inh.line_spacing_reduction)
    ):
        # the autofit the layout's / master's placeholder states: inherited, as in the source
        # (LibreOffice refits a placeholder's own normAutofit, which shifts its text; one the
        # source's shape states itself is written, so both are refitted alike)
        pass
    elif body.autofit == "SHRINK" and not stored and placeholder and ctx.state.mode == "fresh":
        # a placeholder's shrink-on-overflow usually comes from its master, and PowerPoint shows
        # text at its stored scale (100 %) until it is edited: no autofit keeps that look
        pass
    elif body.autofit == "SHRINK":
        fit = sub(node, "a:normAutofit")
        if body.font_scale is not None and 1 <= body.font_scale < 100:
            fit.set("fontScale", str(round(body.font_scale * 1000)))
        if body.line_spacing_reduction:
            fit.set("lnSpcReduction", str(max(0, min(100000, round(body.line_spacing_reduction * 1000)))))
    elif body.autofit == "RESIZE" or body.auto_resize in ("HEIGHT", "WIDTH_AND_HEIGHT"):
        sub(node, "a:spAutoFit")
    elif body.autofit == "NONE" and ctx.node is not None and ctx.node.placeholder is not None:
        sub(node, "a:noAutofit")
    if body.truncate or body.max_lines:
        ctx.loss("text-truncate", "text truncation / max lines has no OOXML equivalent", "info")
    return node


def _typeface(family: str | None, ref: str | None, ctx: PartContext) -> str | None:
    theme = ctx.deck.theme
    if ref in _FONT_REFS and theme is not None:
        themed = getattr(theme.fonts, _FONT_REFS[ref])
        if themed and (family is None or family == themed) and ctx.state.mode == "fresh":
            return ref
    return family


def run_props(style: TextStyle, ctx: PartContext, tag: str = "a:rPr") -> etree._Element:
    """a:rPr / a:endParaRPr / a:defRPr of a text style (only the fields that are set)."""
    deco = style.decoration
    attrs: dict[str, object] = {
        "lang": style.lang,
        "sz": _hundredths_pt(style.font_size, 100, 400000) if style.font_size else None,
        "b": None if style.font_weight is None else style.font_weight >= 600,
        "i": style.italic,
        "u": "sng" if deco == "UNDERLINE" else "none" if deco == "NONE" else None,
        "strike": "sngStrike" if deco == "STRIKETHROUGH" else "noStrike" if deco == "NONE" else None,
        "cap": _CAP.get(style.text_case or ""),
        "spc": _hundredths_pt(style.letter_spacing, -400000, 400000) if style.letter_spacing else None,
        "baseline": round(style.baseline * 100000) if style.baseline else None,
    }
    if style.text_case in ("LOWER", "TITLE"):
        ctx.loss("text-case", f"text case {style.text_case} has no OOXML equivalent", "info")
    node = el(tag, attrs)
    fill = style.fill
    if style.outline is not None:  # a:ln comes first in a:rPr
        node.append(line_el([style.outline], ctx))
        if isinstance(fill, SolidPaint) and fill.color.a * fill.opacity == 0:
            fill = None  # hollow letters: written as the source's a:noFill
            node.append(el("a:noFill"))
    if isinstance(fill, SolidPaint | GradientPaint) and fill.visible:
        node.append(fill_el(fill, ctx))
    if style.effects is not None:  # [] stands for "none" over an inherited shadow
        effects = effect_list(style.effects, ctx)
        node.append(effects if effects is not None else el("a:effectLst"))
    if isinstance(style.highlight, SolidPaint) and style.highlight.visible:
        node.append(el("a:highlight", None, color_el(style.highlight.color, ctx)))
    face = _typeface(style.font_family, style.font_ref, ctx)
    if face:
        sub(node, "a:latin", {"typeface": face})
    if style.hyperlink and tag == "a:rPr":
        rid, action = ctx.link_rel(style.hyperlink)
        if rid or action:
            sub(node, "a:hlinkClick", {"r:id": rid, "action": action})
    return node


def _bullet_els(bullet: Bullet | None, ctx: PartContext) -> list[etree._Element]:
    if bullet is None or bullet.type == "NONE":
        return [el("a:buNone")]
    out: list[etree._Element] = []
    if isinstance(bullet.color, SolidPaint):
        out.append(el("a:buClr", None, color_el(bullet.color.color, ctx)))
    if bullet.size and abs(bullet.size - 100) > 0.5:  # percent of the text, as the IR holds it
        # (LibreOffice draws a buSzPts bullet larger than the buSzPct one it was read from)
        out.append(el("a:buSzPct", {"val": max(25000, min(400000, round(bullet.size * 1000)))}))
    if bullet.font_family:
        out.append(el("a:buFont", {"typeface": bullet.font_family}))
    if bullet.picture_asset:
        rid = ctx.image_rel(bullet.picture_asset)
        out.append(el("a:buBlip", None, el("a:blip", {"r:embed": rid})))
    elif bullet.type == "ORDERED":
        start = bullet.start if bullet.start != 1 else None
        out.append(el("a:buAutoNum", {"type": bullet.scheme or "arabicPeriod", "startAt": start}))
    else:
        out.append(el("a:buChar", {"char": (bullet.char or "•")[:1]}))
    return out


def _spacing(tag: str, px: float) -> etree._Element:
    return el(tag, None, el("a:spcPts", {"val": _hundredths_pt(px, 0, 158400)}))


def _spacing_els(node: etree._Element, para: Paragraph) -> None:
    """a:lnSpc, a:spcBef, a:spcAft of a paragraph (or list level), the ones it states."""
    lh = para.line_height
    if lh is not None and lh.unit == "PERCENT":
        node.append(el("a:lnSpc", None, el("a:spcPct", {"val": max(0, min(13200000, round(lh.value * 1000)))})))
    elif lh is not None and lh.unit == "PIXELS":
        node.append(_spacing("a:lnSpc", lh.value))
    if para.space_before is not None:
        node.append(_spacing("a:spcBef", para.space_before))
    if para.space_after is not None:
        node.append(_spacing("a:spcAft", para.space_after))


def paragraph_props(para: Paragraph, body: TextBody, ctx: PartContext) -> etree._Element:
    """a:pPr with the paragraph's effective alignment, level, indents, spacing and bullet."""
    align = para.align or body.align
    # zero indents are left out of fresh text boxes (what they fall back to has none), as sources
    # often do; a placeholder's would fall back to its layout's list style
    placeholder = ctx.node is not None and ctx.node.placeholder is not None
    bare = ctx.state.mode == "fresh" and not para.margin_left and not para.indent and not placeholder
    attrs: dict[str, object] = {
        "marL": None if para.margin_left is None or bare else emu_in(para.margin_left, TEXT_MARGIN),
        "lvl": para.level or None,
        "indent": None if para.indent is None or bare else emu_in(para.indent, TEXT_INDENT),
        "algn": _ALIGN.get(align or ""),
        "rtl": para.rtl,
    }
    node = el("a:pPr", attrs)
    _spacing_els(node, para)
    for child in _bullet_els(para.bullet, ctx):
        node.append(child)
    return node


def _field_id(ctx: PartContext, run: Run) -> str:
    """A stable GUID for an a:fld (the schema requires one): from the part, node and count."""
    n = ctx.__dict__.setdefault("_fields", 0) + 1
    ctx.__dict__["_fields"] = n
    node = ctx.node.id if ctx.node is not None else ""
    return "{" + str(uuid.uuid5(uuid.NAMESPACE_URL, f"ace-field:{ctx.part}:{node}:{n}:{run.field}")).upper() + "}"


def _run_els(run: Run, style: TextStyle, ctx: PartContext) -> list[etree._Element]:
    out: list[etree._Element] = []
    if run.field is not None and "\v" not in run.text:
        # a field (slide number, date, ...): renderers show its current value, the text is the last one
        fld = el("a:fld", {"id": _field_id(ctx, run), "type": run.field or None}, run_props(style, ctx))
        sub(fld, "a:t").text = xml_text(run.text)
        return [fld]
    pieces = run.text.split("\v")
    for i, piece in enumerate(pieces):
        if i:
            out.append(el("a:br", None, run_props(style, ctx)))
        if piece or len(pieces) == 1:
            r = el("a:r", None, run_props(style, ctx))
            t = sub(r, "a:t")
            t.text = xml_text(piece)
            out.append(r)
    return out


def paragraph_el(para: Paragraph, body: TextBody, ctx: PartContext) -> etree._Element:
    """a:p: properties, runs (line breaks as a:br) and the end-of-paragraph run properties."""
    node = el("a:p", None, paragraph_props(para, body, ctx))
    base = body.style.merged(para.style)
    for run in para.drawn_runs:
        for child in _run_els(run, base.merged(run.style), ctx):
            node.append(child)
    # the end-of-paragraph mark takes the last run's look, as PowerPoint writes it: renderers count
    # its size in the last line's height, so the paragraph default (often a larger list-level size
    # the runs override) would open gaps the source did not have
    end = base.merged(para.runs[-1].style) if para.runs else base
    node.append(run_props(end.model_copy(update={"hyperlink": None}), ctx, "a:endParaRPr"))
    return node


def level_el(para: Paragraph, ctx: PartContext, tag: str | None = None) -> etree._Element:
    """a:lvlNpPr of a list style level: only what the Paragraph states (None fields inherit;
    bullet None inherits, Bullet(type='NONE') is a:buNone), with its run style as a:defRPr."""
    attrs: dict[str, object] = {
        "marL": emu_in(para.margin_left, TEXT_MARGIN) if para.margin_left is not None else None,
        "indent": emu_in(para.indent, TEXT_INDENT) if para.indent is not None else None,
        "algn": _ALIGN.get(para.align or ""),
        "rtl": para.rtl,
    }
    node = el(tag or f"a:lvl{para.level + 1}pPr", attrs)
    _spacing_els(node, para)
    if para.bullet is not None:
        for child in _bullet_els(para.bullet, ctx):
            node.append(child)
    node.append(run_props(para.style, ctx, "a:defRPr"))
    return node


def list_style(levels: list[Paragraph], ctx: PartContext, tag: str = "a:lstStyle") -> etree._Element:
    """a:lstStyle (or a master's p:titleStyle / bodyStyle / otherStyle) of per-level styles."""
    node = el(tag)
    for para in sorted(levels, key=lambda p: p.level):
        node.append(level_el(para, ctx))
    return node


def text_body(body: TextBody, ctx: PartContext, tag: str = "p:txBody") -> etree._Element:
    """p:txBody (shapes) or a:txBody (table cells): bodyPr, the list style (a template
    placeholder's levels, else empty), the paragraphs."""
    node = el(tag, None, body_pr(body, ctx), list_style(body.levels, ctx))
    paras = body.paragraphs or [Paragraph()]
    for para in paras:
        node.append(paragraph_el(para, body, ctx))
    return node
