"""Text bodies -> IR TextBody: paragraph/run properties resolved through the inheritance chain."""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from ace_core.color import Color
from ace_core.ir.style import Effect, Paint, Sides, SolidPaint
from ace_core.ir.text import Bullet, LineHeight, Paragraph, Run, TextBody, TextStyle
from ace_core.units import EMU_PER_PX, PX_PER_PT
from adapters.ooxml.context import Scope
from adapters.ooxml.drawingml import FILL_TAGS, TEXT_SHADOW_DRAWN, find_fill, read_effects, read_fill, read_stroke
from adapters.ooxml.ns import NS, local, qn
from adapters.ooxml.shape_xml import visible_3d
from adapters.ooxml.values import angle_deg, clamped, emu, pct, to_float

__all__ = [
    "EQUATION_AS_TEXT",
    "FontLayer",
    "Layer",
    "body_run_style",
    "hyperlink_target",
    "level_styles",
    "read_text_body",
]

EQUATION_AS_TEXT = (
    "an equation inside text is kept as its characters on the text's line (scripts raised or lowered,"
    " fractions as a/b; not typeset, its OMML not kept)"
)
"""the loss reason of an a14:m read as a run's characters"""
DEFAULT_SIZE_PX = 18 * PX_PER_PT
DEFAULT_INSETS_EMU = (45720, 91440, 45720, 91440)  # top, right, bottom, left

_RPR_GROUPS = {t: "fill" for t in FILL_TAGS} | {
    "ln": "ln",
    "effectLst": "effect",
    "effectDag": "effect",
    "highlight": "highlight",
    "latin": "latin",
    "ea": "ea",
    "cs": "cs",
    "sym": "sym",
    "hlinkClick": "hlinkClick",
    "hlinkMouseOver": "hlinkMouseOver",
}
_PPR_GROUPS = {
    "lnSpc": "lnSpc",
    "spcBef": "spcBef",
    "spcAft": "spcAft",
    "buClrTx": "buClr",
    "buClr": "buClr",
    "buSzTx": "buSz",
    "buSzPct": "buSz",
    "buSzPts": "buSz",
    "buFontTx": "buFont",
    "buFont": "buFont",
    "buNone": "bu",
    "buAutoNum": "bu",
    "buChar": "bu",
    "buBlip": "bu",
}
_ALIGN = {"l": "LEFT", "ctr": "CENTER", "r": "RIGHT", "just": "JUSTIFIED", "dist": "JUSTIFIED"}
_ALIGN |= {"justLow": "JUSTIFIED", "thaiDist": "JUSTIFIED"}
_ANCHOR = {"t": "TOP", "ctr": "CENTER", "b": "BOTTOM", "just": "TOP", "dist": "CENTER"}
_CJK = ((0x2E80, 0x9FFF), (0xAC00, 0xD7AF), (0xF900, 0xFAFF), (0xFF00, 0xFFEF), (0x3040, 0x30FF))
"""the code-point ranges (inclusive) of the scripts a run takes its a:ea typeface for"""
_RTL = ((0x0590, 0x08FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF))
"""the code-point ranges (inclusive) of the scripts a run takes its a:cs typeface for"""


def _has(ranges: tuple[tuple[int, int], ...], text: str) -> bool:
    """Whether non-ASCII `text` holds a character in one of `ranges` (ASCII text never does).
    Compared code point by code point: a regex character class of these ranges took ~15 ms to
    compile, and nearly every deck has a non-ASCII run (the layouts' '\u2039#\u203a' field)."""
    if text.isascii():
        return False
    for ch in text:
        c = ord(ch)
        if c > 0x58F:
            for lo, hi in ranges:
                if lo <= c <= hi:
                    return True
    return False


@dataclass
class FontLayer:
    """The p:style fontRef of a shape, as a layer of the text style chain."""

    font_ref: str | None = None
    color: Color | None = None


Layer = etree._Element | FontLayer


@dataclass
class _RPr:
    attrs: dict[str, str] = field(default_factory=dict)
    kids: dict[str, etree._Element | Paint] = field(default_factory=dict)

    def merge(self, el: etree._Element | None) -> None:
        if el is None:
            return
        self.attrs.update(el.attrib)
        for child in el:
            group = _RPR_GROUPS.get(local(child.tag))
            if group == "fill" and local(child.tag) == "solidFill" and not len(child):
                # an empty <a:solidFill/> (python-pptx writes one for fill.solid()) names no
                # colour: PowerPoint and LibreOffice keep the inherited one
                continue
            if group:
                self.kids[group] = child

    def copy(self) -> _RPr:
        return _RPr(dict(self.attrs), dict(self.kids))


@dataclass
class _PPr:
    attrs: dict[str, str] = field(default_factory=dict)
    kids: dict[str, etree._Element] = field(default_factory=dict)
    rpr: _RPr = field(default_factory=_RPr)

    def merge(self, el: etree._Element | None, *, with_def_rpr: bool = True) -> None:
        if el is None:
            return
        self.attrs.update((k, v) for k, v in el.attrib.items() if k != "lvl")
        for child in el:
            name = local(child.tag)
            if name == "defRPr":
                if with_def_rpr:
                    self.rpr.merge(child)
            elif name in _PPR_GROUPS:
                self.kids[_PPR_GROUPS[name]] = child


def _level_ppr(chain: list[Layer], lvl: int, scope: Scope) -> _PPr:
    acc = _PPr()
    memo = scope.ctx.memo
    for layer in chain:
        if isinstance(layer, FontLayer):
            if layer.font_ref:
                acc.rpr.kids["latin"] = etree.Element(qn("a:latin"), typeface=layer.font_ref)
                acc.rpr.kids["ea"] = etree.Element(qn("a:ea"), typeface=layer.font_ref[:4] + "ea")
            if layer.color is not None:
                acc.rpr.kids["fill"] = SolidPaint(color=layer.color)
            continue
        # what one list style sets for a level, worked out once per read (styles are shared)
        key = ("lvl", layer, lvl)
        own = memo.get(key)
        if own is None:
            own = memo[key] = _PPr()
            own.merge(layer.find(qn("a:defPPr")))
            own.merge(layer.find(qn(f"a:lvl{lvl + 1}pPr")))
        acc.attrs.update(own.attrs)
        acc.kids.update(own.kids)
        acc.rpr.attrs.update(own.rpr.attrs)
        acc.rpr.kids.update(own.rpr.kids)
    return acc


def hyperlink_target(el: etree._Element | None, scope: Scope) -> str | None:
    """An a:hlinkClick -> URL, '#slide:<id>' for a jump to a slide, or the raw ppaction."""
    if el is None:
        return None
    rid = el.get(qn("r:id"))
    action = el.get("action") or ""
    rel = scope.ctx.pkg.rel(scope.part, rid) if rid else None
    if rel is not None:
        if rel.external:
            return rel.target
        slide_id = scope.ctx.slide_id_by_part.get(rel.target)
        if slide_id:
            return f"#slide:{slide_id}"
        return action or None
    return action or None


def _text_style(rpr: _RPr, scope: Scope, text: str = "", node_id: str | None = None) -> TextStyle:
    a = rpr.attrs
    data: dict = {}
    theme = scope.theme
    face_el = rpr.kids.get("latin")
    ea_el = rpr.kids.get("ea")
    cs_el = rpr.kids.get("cs")
    if text and _has(_CJK, text) and isinstance(ea_el, etree._Element) and ea_el.get("typeface"):
        face_el = ea_el
    elif text and _has(_RTL, text) and isinstance(cs_el, etree._Element) and cs_el.get("typeface"):
        face_el = cs_el
    if isinstance(face_el, etree._Element):
        face = face_el.get("typeface")
        if face:
            data["font_family"] = theme.font(face)
            if face.startswith("+"):
                data["font_ref"] = face
    sz = clamped(a.get("sz"), 100, 400000)  # ST_TextFontSize
    if sz is not None:
        data["font_size"] = sz / 100.0 * PX_PER_PT
    if "b" in a:
        data["font_weight"] = 700 if a["b"] in ("1", "true") else 400
    if "i" in a:
        data["italic"] = a["i"] in ("1", "true")
    if a.get("u") and a["u"] != "none":
        data["decoration"] = "UNDERLINE"
    elif a.get("strike") and a["strike"] != "noStrike":
        data["decoration"] = "STRIKETHROUGH"
    elif a.get("u") == "none" or a.get("strike") == "noStrike":
        data["decoration"] = "NONE"
    if a.get("cap") in ("all", "small", "none"):
        data["text_case"] = {"all": "UPPER", "small": "SMALL_CAPS", "none": "ORIGINAL"}[a["cap"]]
    spc = clamped(a.get("spc"), -400000, 400000)  # ST_TextPoint
    if spc is not None:
        data["letter_spacing"] = spc / 100.0 * PX_PER_PT
    if a.get("baseline"):
        base = pct(a["baseline"], 0.0) or 0.0
        if base:
            data["baseline"] = base / 100000.0
    if a.get("lang"):
        data["lang"] = a["lang"]
    fill = rpr.kids.get("fill")
    if isinstance(fill, etree._Element):
        paints = read_fill(fill, scope, node_id=node_id)
        if paints:
            data["fill"] = paints[0]
        elif local(fill.tag) == "noFill":
            data["fill"] = SolidPaint(color=Color(a=0.0))
    elif fill is not None:
        data["fill"] = fill
    outline = rpr.kids.get("ln")
    if (
        isinstance(outline, etree._Element)
        and find_fill(outline) is not None
        and local(find_fill(outline).tag) != "noFill"
    ):
        strokes = read_stroke([(outline, None)], scope, node_id)
        if strokes:
            data["outline"] = strokes[0]
            scope.loss(
                "text-outline",
                "outlined text: the outline is kept by the .pptx writers and by Figma JSON (a TEXT's strokes,"
                " when the text's runs share one); HTML draws the text without it",
                node_id,
                severity="info",
            )
    effect = rpr.kids.get("effect")
    if isinstance(effect, etree._Element):
        data["effects"] = _text_effects(effect, scope, node_id)
    hl = rpr.kids.get("highlight")
    if isinstance(hl, etree._Element):
        color = scope.colors.color(hl)
        if color is not None:
            data["highlight"] = SolidPaint(color=color)
    link = rpr.kids.get("hlinkClick")
    if isinstance(link, etree._Element):
        target = hyperlink_target(link, scope)
        if target:
            data["hyperlink"] = target
            if link.get(qn("r:id")) and not _uses_text_color(link):
                # PowerPoint draws linked text in the theme's hyperlink colour, underlined
                hlink = scope.colors.color(etree.Element(qn("a:schemeClr"), val="hlink"))
                if hlink is not None:
                    data["fill"] = SolidPaint(color=hlink)
                data.setdefault("decoration", "UNDERLINE")
    return TextStyle(**data)


def _text_effects(effect: etree._Element, scope: Scope, node_id: str | None) -> list[Effect]:
    """A run's effectLst as the IR's text effects: shadows (blur, glow and the rest are reported by
    read_effects; an inner shadow has no text equivalent in the writers and is reported here)."""
    effects = read_effects(effect, scope, node_id=node_id)
    for kind, what in (("INNER_SHADOW", "an inner shadow"), ("LAYER_BLUR", "a blur")):
        if any(e.type == kind for e in effects):
            scope.loss("text-effect", f"{what} on text is not carried", node_id)
    shadows = [e for e in effects if e.type == "DROP_SHADOW"]
    if shadows:
        scope.loss(
            "text-shadow",
            TEXT_SHADOW_DRAWN,
            node_id,
            severity="info",
        )
    return shadows


def body_run_style(body: etree._Element | None, scope: Scope, node_id: str | None = None) -> TextStyle | None:
    """The run style a text body (a chart's c:txPr or c:rich) sets for its text: its first
    paragraph's a:defRPr, with its first run's a:rPr on top; None when it sets nothing."""
    p = body.find(qn("a:p")) if body is not None else None
    if p is None:
        return None
    rpr = _RPr()
    ppr = p.find(qn("a:pPr"))
    rpr.merge(ppr.find(qn("a:defRPr")) if ppr is not None else None)
    run = p.find(qn("a:r"))
    rpr.merge(run.find(qn("a:rPr")) if run is not None else None)
    rpr.attrs.pop("lang", None)
    style = _text_style(rpr, scope, "", node_id)
    return style if style.model_dump(exclude_defaults=True) else None


def _uses_text_color(link: etree._Element) -> bool:
    """Office 2019+ a16:hlinkClr val="tx": the link keeps the run's own colour."""
    return any(el.get("val") == "tx" for el in link.iter("{*}hlinkClr"))


def _spacing(el: etree._Element | None, size_px: float) -> float | None:
    if el is None:
        return None
    pts = el.find(qn("a:spcPts"))
    if pts is not None:
        return (clamped(pts.get("val"), 0, 158400, 0.0) or 0.0) / 100.0 * PX_PER_PT
    pc = el.find(qn("a:spcPct"))
    if pc is not None:
        # a percentage of the text size (the paragraph's largest run), as PowerPoint and LibreOffice
        return max(0.0, min(13200000.0, pct(pc.get("val"), 0.0) or 0.0)) / 100000.0 * size_px
    return None


def _line_height(el: etree._Element | None) -> LineHeight | None:
    if el is None:
        return None
    pts = el.find(qn("a:spcPts"))
    if pts is not None:
        return LineHeight(value=(clamped(pts.get("val"), 0, 158400, 0.0) or 0.0) / 100.0 * PX_PER_PT, unit="PIXELS")
    pc = el.find(qn("a:spcPct"))
    if pc is not None:
        value = max(0.0, min(13200000.0, pct(pc.get("val"), 100000.0) or 0.0))
        return LineHeight(value=value / 1000.0, unit="PERCENT")
    return None


def _bullet(ppr: _PPr, scope: Scope, size_px: float) -> Bullet | None:
    kind = ppr.kids.get("bu")
    if kind is None or local(kind.tag) == "buNone":
        return None
    data: dict = {}
    name = local(kind.tag)
    if name == "buChar":
        data["type"] = "UNORDERED"
        data["char"] = kind.get("char", "•")
    elif name == "buAutoNum":
        data["type"] = "ORDERED"
        data["scheme"] = kind.get("type", "arabicPeriod")
        data["start"] = int(kind.get("startAt", "1") or 1)
    else:  # buBlip
        data["type"] = "UNORDERED"
        data["char"] = "•"
        blip = kind.find(qn("a:blip"))
        rel = scope.ctx.pkg.rel(scope.part, blip.get(qn("r:embed"))) if blip is not None else None
        if rel is not None and not rel.external:
            data["picture_asset"] = scope.ctx.part_asset(rel.target)
    font = ppr.kids.get("buFont")
    if font is not None and local(font.tag) == "buFont" and font.get("typeface"):
        data["font_family"] = scope.theme.font(font.get("typeface"))
    clr = ppr.kids.get("buClr")
    if clr is not None and local(clr.tag) == "buClr":
        color = scope.colors.color(clr)
        if color is not None:
            data["color"] = SolidPaint(color=color)
    sz = ppr.kids.get("buSz")
    if sz is not None:
        if local(sz.tag) == "buSzPct":
            data["size"] = max(25000.0, min(400000.0, pct(sz.get("val"), 100000.0) or 0.0)) / 1000.0
        elif local(sz.tag) == "buSzPts" and size_px:
            pts = clamped(sz.get("val"), 100, 400000, 100.0) or 100.0
            data["size"] = pts / 100.0 * PX_PER_PT / size_px * 100.0
    return Bullet(**data)


# LibreOffice's list indents for what a bulleted paragraph leaves unstated: its drawing styles'
# numbering rule (level n: text at (n + 1) * 6 mm, the bullet 6 mm before it), which the OOXML
# import only overrides with a stated marL / indent
_LO_LIST_STEP = 216000.0  # EMU, 6 mm


def _list_indents(attrs: dict[str, str], lvl: int, bullet: Bullet | None) -> tuple[float, float]:
    """marL and indent in EMU as drawn. A list item with no marL anywhere in its chain has its text
    at LibreOffice's default margin, and with no indent its bullet hangs 6 mm, or only as far as the
    margin (a first line never starts left of the box)."""
    margin = emu(attrs.get("marL"), 0.0) or 0.0
    indent = emu(attrs.get("indent"), 0.0) or 0.0
    if bullet is not None:
        if "marL" not in attrs:
            margin = (lvl + 1) * _LO_LIST_STEP
        if "indent" not in attrs:
            indent = -min(_LO_LIST_STEP, max(margin, 0.0))
    return margin, indent


def _paragraph(p: etree._Element, chain: list[Layer], scope: Scope, node_id: str | None) -> Paragraph:
    ppr_el = p.find(qn("a:pPr"))
    lvl = 0
    if ppr_el is not None and ppr_el.get("lvl"):
        try:
            lvl = max(0, min(8, int(ppr_el.get("lvl", "0"))))
        except ValueError:
            lvl = 0
    ppr = _level_ppr(chain, lvl, scope)
    # the paragraph's own a:pPr/a:defRPr (python-pptx's paragraph.font) sets its runs' defaults,
    # as PowerPoint and LibreOffice draw it
    ppr.merge(ppr_el)
    runs: list[Run] = []
    for child in p:
        name = local(child.tag)
        if name in ("r", "fld"):
            t = child.find(qn("a:t"))
            text = (t.text or "") if t is not None else ""
            placeholder_number = scope.origin in ("l", "m") or not text.strip() or "‹#›" in text or "<#>" in text
            if name == "fld" and child.get("type") == "slidenum" and scope.slide_number and placeholder_number:
                text = str(scope.slide_number)
            rpr = _RPr()
            rpr.merge(child.find(qn("a:rPr")))
            run = Run(text=_clean(text), style=_text_style(rpr, scope, text, node_id))
            if name == "fld":
                run.field = child.get("type", "")
            runs.append(run)
        elif name == "br":
            rpr = _RPr()
            rpr.merge(child.find(qn("a:rPr")))
            runs.append(Run(text="\v", style=_text_style(rpr, scope, "", node_id)))
        elif name == "m":
            from adapters.ooxml.omml_line import omml_pieces
            from adapters.ooxml.read_math import reference_blind

            rpr = _RPr()
            rpr.merge(next((r.find(qn("a:rPr")) for r in child.iter(f"{{{NS['m']}}}r")), None))
            style = _text_style(rpr, scope, "", node_id)
            for piece in omml_pieces(child):
                update = {"italic": True} if piece.italic else {}
                if piece.baseline:
                    update["baseline"] = piece.baseline
                runs.append(Run(text=_clean(piece.text), style=style.model_copy(update=update)))
            scope.loss("math", EQUATION_AS_TEXT, node_id)
            reference_blind(scope, child, node_id)
        elif name == "AlternateContent":
            scope.loss("math", "an equation in text is not carried (its text is dropped)", node_id)
    base = ppr.rpr.copy()
    end_el = p.find(qn("a:endParaRPr"))
    if not runs:
        base.merge(end_el)
    style = _text_style(base, scope, "", node_id)
    if runs and end_el is not None and end_el.get("sz"):
        # the end-of-paragraph mark counts in the last line's height (an empty line after a break
        # is as tall as the mark): when its size differs from the last run's, keep it as an empty
        # run, which the writers turn back into the mark
        end = _RPr()
        end.merge(end_el)
        end_style = _text_style(end, scope, "", node_id)
        last = runs[-1].style.font_size or style.font_size
        if end_style.font_size and last and abs(end_style.font_size - last) > 0.01:
            runs.append(Run(text="", style=end_style))
    size = style.font_size or DEFAULT_SIZE_PX
    if runs and runs[0].style.font_size:
        size = runs[0].style.font_size
    own = style.font_size or DEFAULT_SIZE_PX
    largest = max((r.style.font_size or own for r in runs if r.text.strip()), default=size)
    attrs = ppr.attrs
    bullet = _bullet(ppr, scope, size)
    margin, indent = _list_indents(attrs, lvl, bullet)
    para = Paragraph(
        runs=runs,
        style=style,
        align=_ALIGN.get(attrs.get("algn", "l"), "LEFT"),  # type: ignore[arg-type]
        level=lvl,
        bullet=bullet,
        indent=indent / EMU_PER_PX,
        margin_left=margin / EMU_PER_PX,
        space_before=_spacing(ppr.kids.get("spcBef"), largest),
        space_after=_spacing(ppr.kids.get("spcAft"), largest),
        line_height=_line_height(ppr.kids.get("lnSpc")),
        rtl=True if attrs.get("rtl") in ("1", "true") else None,
    )
    return para


def _carry_empty_sizes(paragraphs: list[Paragraph]) -> None:
    """An empty paragraph whose size nothing states (no sz on its end mark, none in its list
    styles) is as tall as the text before it: LibreOffice's import starts each paragraph with the
    character attributes the previous one ended with, and only stated sizes replace them."""
    size: float | None = None
    for para in paragraphs:
        if para.runs:
            last = para.runs[-1].style.font_size or para.style.font_size
            size = last or size
        elif para.style.font_size is None and size is not None:
            para.style = para.style.model_copy(update={"font_size": size})


def _clean(text: str) -> str:
    # vertical tabs are the IR's line break; a literal one in the source becomes a space
    return text.replace("\v", " ").replace("\r\n", "\n").replace("\r", "\n")


def read_text_body(
    tx_body: etree._Element | None,
    chain: list[Layer],
    body_prs: list[etree._Element],
    scope: Scope,
    node_id: str | None = None,
) -> TextBody:
    """A p:txBody / a:txBody. `chain` is lowest priority first and should end with the body's own
    lstStyle; `body_prs` are the inherited a:bodyPr elements, lowest priority first."""
    attrs: dict[str, str] = {}
    autofit: etree._Element | None = None
    for bp in body_prs:
        if bp is None:
            continue
        attrs.update(bp.attrib)
        for child in bp:
            name = local(child.tag)
            if name in ("noAutofit", "normAutofit", "spAutoFit"):
                autofit = child
            elif name == "prstTxWarp" and child.get("prst") not in (None, "textNoShape"):
                scope.loss("text-warp", f"WordArt warp {child.get('prst')} is not carried", node_id)
            elif name in ("scene3d", "sp3d") and visible_3d(bp):
                scope.loss("text-3d", "3-D text is drawn flat", node_id)
    paragraphs: list[Paragraph] = []
    if tx_body is not None:
        for p in tx_body.findall(qn("a:p")):
            paragraphs.append(_paragraph(p, chain, scope, node_id))
    _carry_empty_sizes(paragraphs)
    # insets no part of the chain states stay None (the format default): a writer then leaves them
    # out as the source did. LibreOffice does not treat the two alike: a placeholder without
    # insets gets its own default text distance (0.25 cm), 0.1 pt less a side than a stated
    # 91440 EMU (0.254 cm), and a line that fits within that breaks one word later
    insets = (
        Sides(
            top=(emu(attrs.get("tIns"), DEFAULT_INSETS_EMU[0]) or 0.0) / EMU_PER_PX,
            right=(emu(attrs.get("rIns"), DEFAULT_INSETS_EMU[1]) or 0.0) / EMU_PER_PX,
            bottom=(emu(attrs.get("bIns"), DEFAULT_INSETS_EMU[2]) or 0.0) / EMU_PER_PX,
            left=(emu(attrs.get("lIns"), DEFAULT_INSETS_EMU[3]) or 0.0) / EMU_PER_PX,
        )
        if any(k in attrs for k in ("tIns", "rIns", "bIns", "lIns"))
        else None
    )
    data: dict = {
        "paragraphs": paragraphs,
        "vertical_align": _ANCHOR.get(attrs.get("anchor", "t"), "TOP"),
        "insets": insets,
        "wrap": attrs.get("wrap", "square") != "none",
    }
    vert = attrs.get("vert", "horz")
    if vert in ("vert", "vert270", "wordArtVert", "eaVert", "mongolianVert", "wordArtVertRtl"):
        data["vertical"] = vert
    if attrs.get("rot"):
        data["text_rotation"] = angle_deg(attrs.get("rot"))
    cols = to_float(attrs.get("numCol"))
    if cols is not None:
        data["columns"] = max(1, int(cols))
    if attrs.get("spcFirstLastPara") in ("1", "true"):
        data["edge_spacing"] = True
    if attrs.get("vertOverflow") == "ellipsis":
        data["truncate"] = True
    if autofit is not None:
        name = local(autofit.tag)
        if name == "normAutofit":
            data["autofit"] = "SHRINK"
            own = tx_body is not None and autofit.getparent() is tx_body.find(qn("a:bodyPr"))
            scale = (pct(autofit.get("fontScale"), 100000.0) or 0.0) / 1000.0 if autofit.get("fontScale") else None
            reduction = (
                (pct(autofit.get("lnSpcReduction"), 0.0) or 0.0) / 1000.0 if autofit.get("lnSpcReduction") else None
            )
            if own or (scale, reduction) not in ((100.0, None), (100.0, 0.0), (None, 0.0)):
                # the shape's own normAutofit without a scale: PowerPoint fitted it at 100 %;
                # one only inherited from the layout / master that scales nothing (PowerPoint
                # never applied it): None, so 100 % means "stated on this shape"
                if scale is not None or own:
                    data["font_scale"] = 100.0 if scale is None else scale
                if reduction is not None:
                    data["line_spacing_reduction"] = reduction
        elif name == "spAutoFit":
            data["autofit"] = "RESIZE"
            data["auto_resize"] = "HEIGHT"
    return TextBody(**data)


def level_styles(layers: list[Layer], scope: Scope, node_id: str | None = None) -> list[Paragraph]:
    """What list styles (lowest priority first: a master's txStyles, a placeholder's lstStyle)
    state for each outline level, as Paragraphs with `level` set; only the levels and fields they
    state (None inherits; a stated a:buNone is Bullet(type='NONE'))."""
    out: list[Paragraph] = []
    for lvl in range(9):
        ppr = _level_ppr(layers, lvl, scope)
        if not (ppr.attrs or ppr.kids or ppr.rpr.attrs or ppr.rpr.kids):
            continue
        style = _text_style(ppr.rpr, scope, "", node_id)
        size = style.font_size or DEFAULT_SIZE_PX
        attrs = ppr.attrs
        data: dict = {"level": lvl, "style": style}
        if attrs.get("algn") in _ALIGN:
            data["align"] = _ALIGN[attrs["algn"]]
        if attrs.get("marL") is not None:
            data["margin_left"] = (emu(attrs.get("marL"), 0.0) or 0.0) / EMU_PER_PX
        if attrs.get("indent") is not None:
            data["indent"] = (emu(attrs.get("indent"), 0.0) or 0.0) / EMU_PER_PX
        if attrs.get("rtl") is not None:
            data["rtl"] = attrs["rtl"] in ("1", "true")
        data["space_before"] = _spacing(ppr.kids.get("spcBef"), size)
        data["space_after"] = _spacing(ppr.kids.get("spcAft"), size)
        data["line_height"] = _line_height(ppr.kids.get("lnSpc"))
        kind = ppr.kids.get("bu")
        if kind is not None:
            data["bullet"] = _bullet(ppr, scope, size) or Bullet(type="NONE")
        out.append(Paragraph(**data))
    return out
