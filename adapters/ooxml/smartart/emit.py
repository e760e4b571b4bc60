"""Laid-out SmartArt instances -> a dsp:spTree, the same markup as the drawing part PowerPoint
caches, so the shape reader turns it into IR like any other SmartArt drawing."""

from __future__ import annotations

import copy
import math

from lxml import etree

from adapters.ooxml.drawingml import FILL_TAGS
from adapters.ooxml.ns import NS, local, qn
from adapters.ooxml.smartart.build import Inst
from adapters.ooxml.smartart.shapes import preset_of, shape_box, text_frame
from adapters.ooxml.smartart.styles import Looks
from adapters.ooxml.smartart.text import TextFitter

__all__ = ["emit_tree"]

_KEEP_FROM_SPPR = FILL_TAGS | {"ln", "effectLst", "effectDag", "scene3d", "sp3d"}


def _sub(parent: etree._Element, tag: str, **attrs: str) -> etree._Element:
    return etree.SubElement(parent, qn(tag), attrs)


def _geometry(sp_pr: etree._Element, inst: Inst) -> None:
    if inst.extra.get("conn") == "1D":
        path = inst.extra.get("path") or []
        w, h = max(1, int(inst.w)), max(1, int(inst.h))
        if len(path) == 2 and (inst.w < 1 or inst.h < 1):
            geom = _sub(sp_pr, "a:prstGeom", prst="line")
            _sub(geom, "a:avLst")
            return
        cust = _sub(sp_pr, "a:custGeom")
        for tag in ("a:avLst", "a:gdLst", "a:ahLst", "a:cxnLst"):
            _sub(cust, tag)
        _sub(cust, "a:rect", l="0", t="0", r="r", b="b")
        lst = _sub(cust, "a:pathLst")
        p = _sub(lst, "a:path", w=str(w), h=str(h), fill="none")
        for i, (x, y) in enumerate(path):
            step = _sub(p, "a:moveTo" if i == 0 else "a:lnTo")
            _sub(step, "a:pt", x=str(round(x)), y=str(round(y)))
        return
    prst, adj = preset_of(inst)
    geom = _sub(sp_pr, "a:prstGeom", prst=prst)
    av = _sub(geom, "a:avLst")
    for name, value in adj.items():
        _sub(av, "a:gd", name=name, fmla=f"val {int(value)}")


def _overrides(inst: Inst) -> list[etree._Element]:
    """The user's own fill / line / effects: on the presentation point, or on the data point the
    shape shows (its text)."""
    out: dict[str, etree._Element] = {}
    sources = []
    if inst.pres_of is not None and inst.pres_of.steps and inst.pres_of.steps[0].axis in ("self", "desOrSelf"):
        sources.append(inst.point.sp_pr)
    if inst.pres is not None:
        sources.append(inst.pres.sp_pr)
    for sp in sources:
        if sp is None:
            continue
        for child in sp:
            name = local(child.tag)
            if name in _KEEP_FROM_SPPR:
                key = "fill" if name.endswith("Fill") else name
                out[key] = copy.deepcopy(child)
    return list(out.values())


def _style(inst: Inst, looks: Looks) -> etree._Element:
    style = etree.Element(qn("dsp:style"))
    refs = looks.refs(inst.style_lbl)
    lists = {"lnRef": "linClrLst", "fillRef": "fillClrLst", "effectRef": "effectClrLst", "fontRef": "txFillClrLst"}
    for name in ("lnRef", "fillRef", "effectRef", "fontRef"):
        ref = refs[name]
        color = looks.color(inst.style_lbl, lists[name], inst.style_idx, inst.style_cnt)
        if color is not None:
            for old in list(ref):
                ref.remove(old)
            ref.append(color)
        style.append(ref)
    return style


def _xfrm(
    parent: etree._Element, tag: str, x: float, y: float, w: float, h: float, rot: float = 0.0, flip_v: bool = False
) -> None:
    xf = _sub(parent, tag)
    if abs(rot) > 1e-3:
        xf.set("rot", str(round((rot % 360.0) * 60000)))
    if flip_v:
        xf.set("flipV", "1")
    _sub(xf, "a:off", x=str(round(x)), y=str(round(y)))
    _sub(xf, "a:ext", cx=str(max(0, round(w))), cy=str(max(0, round(h))))


def shape_xml(inst: Inst, cnv_id: int, looks: Looks, fitter: TextFitter) -> etree._Element:
    sp = etree.Element(qn("dsp:sp"), {"modelId": inst.point.id}, nsmap={"dsp": NS["dsp"], "a": NS["a"]})
    nv = _sub(sp, "dsp:nvSpPr")
    _sub(nv, "dsp:cNvPr", id=str(cnv_id), name=inst.name)
    _sub(nv, "dsp:cNvSpPr")
    sp_pr = _sub(sp, "dsp:spPr")
    x, y, w, h, rot = shape_box(inst)
    _xfrm(sp_pr, "a:xfrm", x, y, w, h, rot, bool(inst.extra.get("flip_v")))
    _geometry(sp_pr, inst)
    hide = inst.shape is not None and inst.shape.hide_geom
    if hide:  # no geometry, so nothing the style draws on it either: no fill, line or shadow box
        _sub(sp_pr, "a:noFill")
        _sub(_sub(sp_pr, "a:ln"), "a:noFill")
        _sub(sp_pr, "a:effectLst")
    elif inst.extra.get("conn") == "1D":
        _sub(sp_pr, "a:noFill")
        for el in _overrides(inst):
            if local(el.tag) == "ln":
                sp_pr.append(el)
    else:
        for el in _overrides(inst):
            sp_pr.append(el)
        if not any(local(c.tag) in ("scene3d", "sp3d") for c in sp_pr):
            for el in looks.three_d(inst.style_lbl):
                sp_pr.append(el)
    sp.append(_style(inst, looks))
    size = fitter.size.get(id(inst))
    body = fitter.body(inst, size) if size is not None else None
    if body is not None:
        sp.append(body)
        tx, ty, tw, th, turn = text_frame(inst)
        if abs(turn) > 1e-3:  # the text turned back upright, in the shape's text rectangle
            _xfrm(sp, "dsp:txXfrm", tx, ty, tw, th, turn)
    return sp


def emit_tree(insts: list[Inst], looks: Looks, fitter: TextFitter) -> etree._Element:
    """A dsp:spTree of the drawn, placed instances in z-order (zOrderOff moves a shape back or
    forward among its siblings' shapes)."""
    tree = etree.Element(qn("dsp:spTree"), nsmap={"dsp": NS["dsp"], "a": NS["a"]})
    nv = _sub(tree, "dsp:nvGrpSpPr")
    _sub(nv, "dsp:cNvPr", id="0", name="")
    _sub(nv, "dsp:cNvGrpSpPr")
    _sub(tree, "dsp:grpSpPr")
    drawn = [i for i in insts if i.placed and _visible(i, fitter)]
    drawn.sort(key=lambda i: (i.order + (i.shape.z_order_off if i.shape is not None else 0), i.order))
    for k, inst in enumerate(drawn, start=1):
        tree.append(shape_xml(inst, k, looks, fitter))
    return tree


def _visible(inst: Inst, fitter: TextFitter) -> bool:
    if not inst.drawn or not (math.isfinite(inst.w) and math.isfinite(inst.h)):
        return False
    if inst.w <= 0 and inst.h <= 0:
        return False
    if inst.shape is not None and inst.shape.hide_geom:
        return id(inst) in fitter.size and fitter.body(inst, fitter.size[id(inst)]) is not None
    return not (inst.shape is not None and inst.shape.type == "conn" and not inst.extra.get("conn"))
