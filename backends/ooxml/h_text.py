"""OOXML text tools: characters (a:p / a:r / a:t), run properties (a:rPr: a:latin, sz, b, i, u,
strike, cap, spc), paragraph properties (a:pPr: algn, a:lnSpc, a:spcAft, bullets) and the body's
a:bodyPr (anchor, autofit)."""

from __future__ import annotations

import copy
from typing import Any

from lxml import etree

from ace_core.errors import ToolError
from adapters.ooxml.ns import local, qn
from backends.native import Handlers, NCtx, font_weight_italic
from backends.ooxml.doc import OoxmlDoc
from backends.ooxml.edit import body_of, ensure_body, iter_rprs, ppr_of, set_attr, set_body_text
from backends.ooxml.shapes import BODYPR_ORDER, FILL_TAGS, PPR_ORDER, RPR_ORDER, insert_ordered, replace_group

table = Handlers()

PT_PER_PX = 0.75
_ALGN = {"LEFT": "l", "CENTER": "ctr", "RIGHT": "r", "JUSTIFIED": "just"}
_ANCHOR = {"TOP": "t", "CENTER": "ctr", "BOTTOM": "b"}


def text_body(doc: OoxmlDoc, node_id: str, field: str = "nodeId", *, create: bool = False) -> etree._Element:
    """The p:txBody of a text-holding shape (created for plain shapes when `create`)."""
    _, shape = doc.find(node_id, field, write=True)
    kind = doc.types.get(node_id, "")
    if kind == "TABLE":
        raise ToolError(f"{node_id!r} is a TABLE: edit its cells with set_table_cells", field=field)
    body = body_of(shape) if not create else ensure_body(shape, node_id, field)
    if body is None:
        raise ToolError(
            f"{node_id!r} is a {kind or 'shape'} without text",
            field=field,
            hint="give a text box or a shape holding text; get_node_info_by_types(types=['TEXT']) finds them",
        )
    return body


def font_props(rpr: etree._Element, family: str | None, weight: int | None, italic: bool | None) -> None:
    """Typeface (a:latin, and a:ea / a:cs when present) and b / i on one run."""
    if family is not None:
        for tag in ("latin", "ea", "cs"):
            old = rpr.find(qn(f"a:{tag}"))
            if tag == "latin" or old is not None:
                replace_group(rpr, etree.Element(qn(f"a:{tag}"), typeface=family), (tag,), RPR_ORDER)
    if weight is not None:
        rpr.set("b", "1" if weight >= 600 else "0")
    if italic is not None:
        rpr.set("i", "1" if italic else "0")


@table.bind("set_text_content")
def set_text_content(ctx: NCtx, p: Any) -> None:
    doc: OoxmlDoc = ctx.doc
    bodies = [text_body(doc, c.nodeId, f"changes[{i}].nodeId", create=True) for i, c in enumerate(p.changes)]
    for body, change in zip(bodies, p.changes, strict=True):
        set_body_text(body, change.text)
        ctx.touch(change.nodeId)


@table.bind("set_text_font")
def set_text_font(ctx: NCtx, p: Any) -> None:
    weight, italic = font_weight_italic(p.font.style)
    body = text_body(ctx.doc, p.nodeId)
    for rpr in iter_rprs(body):
        font_props(rpr, p.font.family, weight, italic)
    if weight not in (None, 400, 700):
        ctx.warn(f"ooxml has bold or not: weight {weight} written as {'bold' if weight >= 600 else 'regular'}")
    ctx.touch(p.nodeId)


def _spacing(tag: str, pt: float) -> etree._Element:
    node = etree.Element(qn(f"a:{tag}"))
    etree.SubElement(node, qn("a:spcPts"), val=str(round(pt * 100)))
    return node


@table.bind("set_text_properties")
def set_text_properties(ctx: NCtx, p: Any) -> None:
    body = text_body(ctx.doc, p.nodeId)
    if p.fontSize is not None or p.letterSpacing is not None:
        for rpr in iter_rprs(body):
            if p.fontSize is not None:
                rpr.set("sz", str(max(100, min(400000, round(p.fontSize * PT_PER_PX * 100)))))
            if p.letterSpacing is not None:
                ls = p.letterSpacing
                size_pt = float(rpr.get("sz", "1800")) / 100
                px = ls.value if ls.unit == "PIXELS" else ls.value / 100 * size_pt / PT_PER_PX
                rpr.set("spc", str(round(px * PT_PER_PX * 100)))
    for para in body.findall(qn("a:p")):
        if p.lineHeight is None and p.paragraphSpacing is None and p.textAlignHorizontal is None:
            break
        ppr = ppr_of(para)
        if p.lineHeight is not None:
            _line_height(ppr, p.lineHeight)
        if p.paragraphSpacing is not None:
            replace_group(ppr, _spacing("spcAft", p.paragraphSpacing * PT_PER_PX), ("spcAft",), PPR_ORDER)
        if p.textAlignHorizontal is not None:
            ppr.set("algn", _ALGN[p.textAlignHorizontal])
    if p.textAlignVertical is not None:
        body_pr(body).set("anchor", _ANCHOR[p.textAlignVertical])
    ctx.touch(p.nodeId)


def body_pr(body: etree._Element) -> etree._Element:
    pr = body.find(qn("a:bodyPr"))
    if pr is None:
        pr = etree.Element(qn("a:bodyPr"))
        body.insert(0, pr)
    return pr


_CAPS = {"ORIGINAL": "none", "UPPER": "all", "SMALL_CAPS": "small", "SMALL_CAPS_FORCED": "small"}


@table.bind("set_text_decoration")
def set_text_decoration(ctx: NCtx, p: Any) -> None:
    if p.textCase is not None and p.textCase not in _CAPS:
        raise ToolError(
            f"unsupported on ooxml: textCase {p.textCase} (DrawingML only has all caps and small caps)",
            field="textCase",
            hint="use UPPER, SMALL_CAPS or ORIGINAL, or rewrite the characters with set_text_content",
        )
    body = text_body(ctx.doc, p.nodeId)
    for rpr in iter_rprs(body):
        if p.textDecoration is not None:
            set_attr(rpr, "u", "sng" if p.textDecoration == "UNDERLINE" else "none")
            set_attr(rpr, "strike", "sngStrike" if p.textDecoration == "STRIKETHROUGH" else "noStrike")
        if p.textCase is not None:
            set_attr(rpr, "cap", _CAPS[p.textCase])
    ctx.touch(p.nodeId)


@table.bind("set_text_auto_resize")
def set_text_auto_resize(ctx: NCtx, p: Any) -> None:
    """a:bodyPr autofit: NONE -> a:noAutofit, HEIGHT -> a:spAutoFit (the box grows with the text when
    PowerPoint lays it out), WIDTH_AND_HEIGHT -> a:spAutoFit with wrap='none'."""
    body = text_body(ctx.doc, p.nodeId)
    pr = body_pr(body)
    fit = etree.Element(qn("a:noAutofit" if p.textAutoResize == "NONE" else "a:spAutoFit"))
    replace_group(pr, fit, ("noAutofit", "normAutofit", "spAutoFit"), BODYPR_ORDER)
    set_attr(pr, "wrap", "none" if p.textAutoResize == "WIDTH_AND_HEIGHT" else None)
    if p.textTruncation == "ENDING" or p.maxLines is not None:
        ctx.warn("unsupported on ooxml: text truncation and maxLines (DrawingML cannot cut text); ignored")
    ctx.warn("ooxml stores the sizing rule only: the box is re-measured when PowerPoint or LibreOffice lays it out")
    ctx.touch(p.nodeId)


@table.bind("set_text_list")
def set_text_list(ctx: NCtx, p: Any) -> None:
    """a:pPr bullets: a:buChar '•' (UNORDERED), a:buAutoNum arabicPeriod (ORDERED), a:buNone; lvl
    from indentation, marL / indent 0.375 in per level, a:spcBef for listSpacing."""
    body = text_body(ctx.doc, p.nodeId)
    paras = body.findall(qn("a:p"))
    picked = set(range(len(paras)))
    if p.lines is not None:
        bad = [i for i in p.lines if i >= len(paras)]
        if bad:
            raise ToolError(f"line {bad[0]} is past the last paragraph ({len(paras) - 1})", field="lines")
        picked = set(p.lines)
    elif p.ranges is not None:
        picked = _paragraphs_touched(paras, p.ranges)
    for i in sorted(picked):
        ppr = ppr_of(paras[i])
        bullet_tags = ("buNone", "buAutoNum", "buChar", "buBlip", "buFont", "buFontTx")
        if p.listType == "NONE":
            replace_group(ppr, etree.Element(qn("a:buNone")), bullet_tags, PPR_ORDER)
            ppr.attrib.pop("marL", None)
            ppr.attrib.pop("indent", None)
            continue
        level = p.indentation if p.indentation is not None else int(ppr.get("lvl", "0"))
        if level:
            ppr.set("lvl", str(level))
        ppr.set("marL", str(342900 * (level + 1)))
        ppr.set("indent", str(-342900))
        if p.listType == "ORDERED":
            mark = etree.Element(qn("a:buAutoNum"), type="arabicPeriod")
            replace_group(ppr, mark, bullet_tags, PPR_ORDER)
        else:
            replace_group(ppr, etree.Element(qn("a:buFont"), typeface="Arial"), bullet_tags, PPR_ORDER)
            insert_ordered(ppr, etree.Element(qn("a:buChar"), char="•"), PPR_ORDER)
        if p.listSpacing is not None:
            replace_group(ppr, _spacing("spcBef", p.listSpacing * PT_PER_PX), ("spcBef",), PPR_ORDER)
    ctx.touch(p.nodeId)


def _paragraphs_touched(paras: list[etree._Element], ranges: list[Any]) -> set[int]:
    starts = []
    pos = 0
    for para in paras:
        text = "".join(t.text or "" for t in para.iter(qn("a:t")))
        n = len(text.encode("utf-16-le")) // 2
        starts.append((pos, pos + n))
        pos += n + 1
    return {i for i, (a, b) in enumerate(starts) for r in ranges if r.start <= b and r.end > a}


HANDLERS = table.handlers


# -- character ranges ------------------------------------------------------------------------------
def _u16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _cut(text: str, u16: int) -> int:
    """The str index at UTF-16 offset `u16` of `text`."""
    n = 0
    for i, ch in enumerate(text):
        if n >= u16:
            return i
        n += 2 if ord(ch) > 0xFFFF else 1
    return len(text)


def _split_run(run: etree._Element, at: int) -> etree._Element:
    """Split an a:r at UTF-16 offset `at` of its text; returns the second half (after `run`)."""
    t = run.find(qn("a:t"))
    text = t.text or ""
    i = _cut(text, at)
    twin = copy.deepcopy(run)
    t.text = text[:i]
    twin.find(qn("a:t")).text = text[i:]
    run.addnext(twin)
    return twin


def _runs_in(body: etree._Element, start: int, end: int) -> tuple[list[etree._Element], list[etree._Element], int]:
    """The a:r elements covering [start, end) (split at the ends), the paragraphs touched, and
    the text's UTF-16 length. Paragraphs are joined by one character, as get_text_node_info counts."""
    pos = 0
    picked: list[etree._Element] = []
    paras: list[etree._Element] = []
    for pi, para in enumerate(body.findall(qn("a:p"))):
        if pi:
            pos += 1
        para_start = pos
        for item in list(para):
            if not isinstance(item.tag, str):
                continue
            name = local(item.tag)
            if name == "br":
                pos += 1
                continue
            if name not in ("r", "fld"):
                continue
            t = item.find(qn("a:t"))
            n = _u16(t.text or "") if t is not None else 0
            a, b = pos, pos + n
            pos = b
            if b <= start or a >= end or n == 0:
                continue
            run = item
            if name == "r" and start > a:
                run = _split_run(run, start - a)
                a = start
            if name == "r" and end < b:
                _split_run(run, end - a)
            picked.append(run)
        if para_start <= end and pos >= start and (pos > para_start or start == para_start):
            paras.append(para)
    return picked, paras, pos


@table.bind("set_text_range_style")
def set_text_range_style(ctx: NCtx, p: Any) -> dict[str, Any]:
    """Runs are split at the range's ends (a:r elements keep their a:rPr) and the range's runs get
    the given a:rPr properties; lineHeight goes to the paragraphs the range touches."""
    from adapters.ooxml.write_style import solid_fill

    doc: OoxmlDoc = ctx.doc
    if p.textCase is not None and p.textCase not in _CAPS:
        raise ToolError(f"unsupported on ooxml: textCase {p.textCase}", field="textCase", hint="UPPER or SMALL_CAPS")
    given = {k for k, v in p if v is not None} - {"nodeId", "start", "end"}
    if not given:
        raise ToolError("give at least one style property", field="(arguments)")
    sid, _ = doc.find(p.nodeId, write=True)
    body = text_body(doc, p.nodeId)
    total = sum(_u16("".join(t.text or "" for t in para.iter(qn("a:t")))) for para in body.findall(qn("a:p")))
    total += len(body.findall(qn("a:p"))) - 1 + len(list(body.iter(qn("a:br"))))
    if p.end > total:
        raise ToolError(f"end {p.end} is past the text's length {total} (UTF-16 units)", field="end")
    runs, paras, _ = _runs_in(body, p.start, p.end)
    pctx = doc.part_ctx(doc.parts[sid], sid)
    weight, italic = (None, None)
    if p.fontStyle is not None:
        weight, italic = font_weight_italic(p.fontStyle)
    if p.fontWeight is not None:
        weight = p.fontWeight
    for run in runs:
        rpr = run.find(qn("a:rPr"))
        if rpr is None:
            rpr = etree.Element(qn("a:rPr"))
            run.insert(0, rpr)
        font_props(rpr, p.fontFamily, weight, italic)
        if p.fontSize is not None:
            rpr.set("sz", str(max(100, min(400000, round(p.fontSize * PT_PER_PX * 100)))))
        if p.fill is not None:
            replace_group(rpr, solid_fill(p.fill, pctx), FILL_TAGS, RPR_ORDER)
        if p.textDecoration is not None:
            set_attr(rpr, "u", "sng" if p.textDecoration == "UNDERLINE" else "none")
            set_attr(rpr, "strike", "sngStrike" if p.textDecoration == "STRIKETHROUGH" else "noStrike")
        if p.textCase is not None:
            set_attr(rpr, "cap", _CAPS[p.textCase])
        if p.letterSpacing is not None:
            rpr.set("spc", str(round(p.letterSpacing * PT_PER_PX * 100)))
        if p.hyperlink is not None:
            replace_group(rpr, None, ("hlinkClick",), RPR_ORDER)
            if p.hyperlink:
                rid, action = pctx.link_rel(p.hyperlink)
                link = etree.Element(qn("a:hlinkClick"))
                if rid:
                    link.set(qn("r:id"), rid)
                if action:
                    link.set("action", action)
                insert_ordered(rpr, link, RPR_ORDER)
    if p.lineHeight is not None:
        for para in paras:
            _line_height(ppr_of(para), p.lineHeight)
    ctx.touch(p.nodeId)
    text = "".join(t.text or "" for r in runs for t in r.iter(qn("a:t")))
    return {"range": {"start": p.start, "end": p.end}, "text": text}


def _line_height(ppr: etree._Element, lh: Any) -> None:
    if lh.unit == "AUTO":
        replace_group(ppr, None, ("lnSpc",), PPR_ORDER)
        return
    node = etree.Element(qn("a:lnSpc"))
    if lh.unit == "PERCENT":
        etree.SubElement(node, qn("a:spcPct"), val=str(round(lh.value * 1000)))
    else:
        etree.SubElement(node, qn("a:spcPts"), val=str(round(lh.value * PT_PER_PX * 100)))
    replace_group(ppr, node, ("lnSpc",), PPR_ORDER)
