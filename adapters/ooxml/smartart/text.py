"""SmartArt text: the paragraphs a shape presents (presOf), styled as the tx algorithm does, and the
font size PowerPoint's autofit would pick (the largest size the rules allow at which every word
and line fits the shape, shared across the shapes a constraint makes equal)."""

from __future__ import annotations

import copy
import math
from collections.abc import Callable

from lxml import etree

from ace_core.ir.style import Sides
from ace_core.ir.text import Paragraph, Run, TextBody
from ace_core.units import EMU_PER_PX
from adapters.ooxml.ns import qn
from adapters.ooxml.smartart.build import Inst
from adapters.ooxml.smartart.model import Point, select
from adapters.ooxml.smartart.shapes import text_frame

__all__ = ["TextFitter", "text_points"]

DEFAULT_SIZE = 65.0
MIN_SIZE = 5.0
SECONDARY = 0.78
_MARGINS = ("lMarg", "tMarg", "rMarg", "bMarg")
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"

BodyReader = Callable[[etree._Element, Inst], TextBody]


def text_points(inst: Inst, root: Point | None) -> list[tuple[Point, int]]:
    """The data points whose text the instance shows, with their level (0 = the shallowest)."""
    if inst.pres_of is None or not inst.pres_of.steps:
        return []
    pts, _ = select(inst.point, inst.pres_of.steps, root)
    pts = [p for p in pts if p.type != "pres" and p.text_el is not None]
    if not pts:
        return []
    base = min(p.depth for p in pts)
    return [(p, p.depth - base) for p in pts]


def _custom(point: Point) -> bool:
    return point.pr_set.get("custT") in ("1", "true")


def _sub(parent: etree._Element, tag: str, first: bool = False, **attrs: str) -> etree._Element:
    el = etree.Element(qn(tag), {k: v for k, v in attrs.items()})
    if first:
        parent.insert(0, el)
    else:
        parent.append(el)
    return el


class TextFitter:
    """Builds the text bodies of the instances that show text and sizes them."""

    def __init__(self, root: Point | None, read_body: BodyReader, measurer: object | None) -> None:
        self.root = root
        self.read_body = read_body
        self.measurer = measurer
        self.size: dict[int, float] = {}
        self.points: dict[int, list[tuple[Point, int]]] = {}

    # -- XML -------------------------------------------------------------------------------------
    def body(self, inst: Inst, size: float) -> etree._Element | None:
        """The shape's dsp:txBody at `size` pt (level 0), or None when it shows no text."""
        if inst.alg_type not in ("tx", "conn"):
            return None  # only text algorithms show text (an 'sp' shape is a plain background)
        pts = self.points.get(id(inst))
        if pts is None:
            pts = self.points[id(inst)] = text_points(inst, self.root)
        if not pts or not any(p.has_text() for p, _ in pts):
            return None
        tx = etree.Element(qn("dsp:txBody"))
        anchor = {"t": "t", "b": "b"}.get(inst.param("txAnchorVert"), "ctr")
        margins = self.margins(inst, size)
        body_pr = _sub(
            tx,
            "a:bodyPr",
            spcFirstLastPara="0",
            vert="horz",
            wrap="square",
            lIns=str(int(margins[0])),
            tIns=str(int(margins[1])),
            rIns=str(int(margins[2])),
            bIns=str(int(margins[3])),
            numCol="1",
            spcCol="1270",
            anchor=anchor,
            anchorCtr="0",
        )
        own_pr = pts[0][0].text_el.find(qn("a:bodyPr")) if pts[0][0].text_el is not None else None
        if own_pr is not None and own_pr.get("vert"):
            body_pr.set("vert", own_pr.get("vert", "horz"))
        _sub(body_pr, "a:noAutofit")
        _sub(tx, "a:lstStyle")
        bullets_from = self._bullet_level(inst)
        mixed = any(lvl == 0 for _, lvl in pts) and any(lvl > 0 for _, lvl in pts)
        align_par = {"l": "l", "r": "r", "ctr": "ctr", "just": "just"}.get(inst.param("parTxLTRAlign"), "")
        align_ch = {"l": "l", "r": "r", "ctr": "ctr"}.get(inst.param("shpTxLTRAlignCh"), "")
        for point, level in pts:
            t = point.text_el
            paras = t.findall(qn("a:p")) if t is not None else []
            for p in paras:
                para = copy.deepcopy(p)
                bullet = bullets_from is not None and level >= bullets_from
                lvl_size = size * (SECONDARY if mixed and level > 0 else 1.0)
                self._para(
                    para, level, bullet, lvl_size, align_par if level == 0 else align_ch or align_par, _custom(point)
                )
                tx.append(para)
        return tx

    def _bullet_level(self, inst: Inst) -> int | None:
        if inst.var("bulletEnabled") not in ("1", "true"):
            return None
        try:
            start = int(float(inst.param("stBulletLvl", "2") or 2))
        except ValueError:
            start = 2
        return max(0, start - 1)

    def _para(self, p: etree._Element, level: int, bullet: bool, size: float, align: str, custom: bool) -> None:
        ppr = p.find(qn("a:pPr"))
        if ppr is None:
            ppr = _sub(p, "a:pPr", first=True)
        indent = 171450
        ppr.set("lvl", str(min(level, 8)))
        if bullet:
            ppr.set("marL", str(indent * (level + 1)))
            ppr.set("indent", str(-indent))
            ppr.set("algn", align or "l")
        else:
            ppr.set("marL", "0")
            ppr.set("indent", "0")
            ppr.set("algn", align or "ctr")
        spacing = {"lnSpc": "90000", "spcBef": "0", "spcAft": "15000" if bullet else "35000"}
        order = ["lnSpc", "spcBef", "spcAft"]
        for name in order:
            if ppr.find(qn(f"a:{name}")) is None:
                el = etree.Element(qn(f"a:{name}"))
                _sub(el, "a:spcPct", val=spacing[name])
                _insert_ordered(ppr, el, order)
        for tag in ("a:buNone", "a:buChar", "a:buAutoNum", "a:buBlip"):
            for old in ppr.findall(qn(tag)):
                ppr.remove(old)
        if bullet:
            ppr.append(etree.Element(qn("a:buChar"), {"char": "\u2022"}))
        else:
            ppr.append(etree.Element(qn("a:buNone")))
        sz = str(max(100, round(size * 100)))
        for r in p:
            if r.tag in (_A + "r", _A + "fld"):
                rpr = r.find(qn("a:rPr"))
                if rpr is None:
                    rpr = _sub(r, "a:rPr", first=True)
                if not rpr.get("sz"):  # a size the data model states is the user's and stays
                    rpr.set("sz", sz)
        end = p.find(qn("a:endParaRPr"))
        if end is None:
            end = _sub(p, "a:endParaRPr")
        if not end.get("sz"):
            end.set("sz", sz)

    def margins(self, inst: Inst, size: float) -> tuple[float, float, float, float]:
        """Insets in EMU at `size` pt: font-relative margins follow the size."""
        nominal = self.nominal(inst)
        out = []
        for m in _MARGINS:
            value = inst.props.get(m)
            if value is None:
                out.append(0.0)
                continue
            rel = any(c.type == m and c.ref_type in ("primFontSz", "secFontSz") for c in inst.constrs)
            out.append(max(0.0, value * size / nominal) if rel and nominal > 0 else max(0.0, value))
        return out[0], out[1], out[2], out[3]

    # -- sizes -----------------------------------------------------------------------------------
    def shows_text(self, inst: Inst) -> bool:
        return any(p.has_text() for p, _ in self.points.get(id(inst), []))

    def nominal(self, inst: Inst) -> float:
        value = inst.props.get("primFontSz")
        if value is None or not math.isfinite(value) or value <= 0:
            value = DEFAULT_SIZE
        return max(1.0, min(value, 400.0))

    def floor(self, inst: Inst) -> float:
        floor = inst.extra.get("font_floor", {}).get("primFontSz")
        return MIN_SIZE if floor is None or not math.isfinite(floor) else max(1.0, floor)

    def fit(self, inst: Inst) -> float:
        """The largest whole-point size in [floor, nominal] at which the text fits the box."""
        nominal = self.nominal(inst)
        xml = self.body(inst, nominal)
        if xml is None or self.measurer is None or inst.w <= 0 or inst.h <= 0:
            return nominal
        body = self.read_body(xml, inst)  # read once at the nominal size, then scaled
        words = _longest_words(body, self.measurer) / nominal  # px per pt
        lo, hi = math.floor(self.floor(inst)), math.floor(nominal)
        lo = min(lo, hi)
        if self._fits(inst, body, nominal, words, float(hi)):
            return float(hi)
        best = lo
        while lo <= hi:
            mid = (lo + hi) // 2
            if self._fits(inst, body, nominal, words, float(mid)):
                best, lo = mid, mid + 1
            else:
                hi = mid - 1
        return float(best)

    def _fits(self, inst: Inst, body: TextBody, nominal: float, words: float, size: float) -> bool:
        ml, mt, mr, mb = (m / EMU_PER_PX for m in self.margins(inst, size))
        _x, _y, tw, th, _turn = text_frame(inst)
        box_w, box_h = tw / EMU_PER_PX, th / EMU_PER_PX
        if body.vertical in ("vert", "vert270", "eaVert", "wordArtVert", "mongolianVert", "wordArtVertRtl"):
            box_w, box_h = box_h, box_w
        avail = box_w - ml - mr
        if avail <= 0 or words * size > avail + 0.5:
            return False
        scale = size / nominal
        paras = [  # spacing given as a share of the font size scales with it
            p.model_copy(
                update={
                    "space_before": p.space_before * scale if p.space_before else p.space_before,
                    "space_after": p.space_after * scale if p.space_after else p.space_after,
                }
            )
            for p in body.paragraphs
        ]
        trial = body.model_copy(
            update={
                "paragraphs": paras,
                "font_scale": scale * 100.0,
                "insets": Sides(top=mt, right=mr, bottom=mb, left=ml),
            }
        )
        _w, h = self.measurer.measure(trial, box_w)  # type: ignore[attr-defined]
        return h <= box_h + 0.5


def _insert_ordered(ppr: etree._Element, el: etree._Element, order: list[str]) -> None:
    """Insert a spacing element where the schema wants it: lnSpc, spcBef, spcAft lead pPr."""
    name = el.tag.rsplit("}", 1)[-1]
    rank = order.index(name)
    pos = 0
    for i, child in enumerate(ppr):
        cname = child.tag.rsplit("}", 1)[-1] if isinstance(child.tag, str) else ""
        if cname in order and order.index(cname) < rank:
            pos = i + 1
    ppr.insert(pos, el)


def _longest_words(body: TextBody, measurer: object) -> float:
    """The width (px) of the widest single word of the body at its own sizes (words do not break)."""
    widest = 0.0
    for para in body.paragraphs:
        for run in para.runs:
            for word in run.text.split():
                probe = TextBody(
                    paragraphs=[Paragraph(runs=[Run(text=word, style=run.style)], style=para.style)],
                    style=body.style,
                    insets=Sides(top=0, right=0, bottom=0, left=0),
                    wrap=False,
                )
                w, _h = measurer.measure(probe, None)  # type: ignore[attr-defined]
                widest = max(widest, w)
    return widest
