"""OOXML text tools: characters (a:p / a:r / a:t), run properties (a:rPr: a:latin, sz, b, i, u,
strike, cap, spc), paragraph properties (a:pPr: algn, a:lnSpc, a:spcAft, bullets) and the body's
a:bodyPr (anchor, autofit)."""

from __future__ import annotations

from typing import Any

from lxml import etree

from ace_core.errors import ToolError
from adapters.ooxml.ns import qn
from backends.native import Handlers, NCtx, font_weight_italic
from backends.ooxml.doc import OoxmlDoc
from backends.ooxml.edit import body_of, ensure_body, iter_rprs, ppr_of, set_attr, set_body_text
from backends.ooxml.shapes import BODYPR_ORDER, PPR_ORDER, RPR_ORDER, insert_ordered, replace_group

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
            lh = p.lineHeight
            if lh.unit == "AUTO":
                replace_group(ppr, None, ("lnSpc",), PPR_ORDER)
            else:
                node = etree.Element(qn("a:lnSpc"))
                if lh.unit == "PERCENT":
                    etree.SubElement(node, qn("a:spcPct"), val=str(round(lh.value * 1000)))
                else:
                    etree.SubElement(node, qn("a:spcPts"), val=str(round(lh.value * PT_PER_PX * 100)))
                replace_group(ppr, node, ("lnSpc",), PPR_ORDER)
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
