"""MATH nodes -> an editable PowerPoint equation: mc:AlternateContent whose a14 choice is a text box
holding the equation as OMML (a14:m) and whose fallback is the equation's picture, for readers
that do not draw OMML. The LaTeX source rides along in the text box's ACE extension (and as the
picture's alt text), so reading the file back gives the same LaTeX."""

from __future__ import annotations

import copy

from lxml import etree

from ace_core.errors import AceError
from ace_core.ir.deck import Deck
from ace_core.ir.nodes import MathNode
from ace_core.ir.style import SolidPaint
from ace_core.units import px_to_pt
from ace_core.xml_safe import safe_xml_parser
from adapters.ooxml.conventions import set_ace_value
from adapters.ooxml.ns import NS, qn
from adapters.ooxml.omml import MATH_NS, latex_to_omml, omml_to_latex, same_math
from adapters.ooxml.write_context import PartContext
from adapters.ooxml.xmlgen import el, sub

__all__ = ["equation_omml", "math_elements", "with_svg"]

A14 = NS["a14"]
MC = NS["mc"]


def with_svg(node: MathNode, deck: Deck) -> MathNode:
    """The node with a rendering of its LaTeX (made now, into the deck's store, when it has none)."""
    if node.svg_asset or not node.latex.strip():
        return node
    from ace_core.drawing.math import latex_to_svg

    color = node.color.color.hex if isinstance(node.color, SolidPaint) else "#000000"
    try:
        drawing = latex_to_svg(node.latex, node.font_size, color, inline=node.display == "inline")
    except AceError:
        return node
    key = deck.add_asset(drawing.svg.encode("utf-8"), "image/svg+xml")
    return node.model_copy(update={"svg_asset": key})


def equation_omml(node: MathNode) -> etree._Element | None:
    """The OMML to write: the one read from the file while the LaTeX still says the same, else
    the LaTeX converted (None when it cannot be)."""
    fresh: etree._Element | None = None
    if node.latex.strip():
        try:
            fresh = latex_to_omml(node.latex, display=node.display == "block")
        except AceError:
            fresh = None
    if node.omml:
        try:
            kept = etree.fromstring(node.omml.encode("utf-8"), safe_xml_parser())
        except etree.XMLSyntaxError:
            kept = None
        if kept is not None and (fresh is None or same_math(kept, fresh) or _says(kept, node.latex)):
            return kept
    if fresh is not None:
        _style_runs(fresh, node)
    return fresh


def _says(omml: etree._Element, latex: str) -> bool:
    """True when `latex` is what the OMML converts to (the equation was not edited since it was read)."""
    try:
        return omml_to_latex(omml) == latex
    except (AceError, ValueError, RecursionError):
        return False


def _style_runs(omml: etree._Element, node: MathNode) -> None:
    """Give every math run the node's size and colour in Cambria Math (what PowerPoint writes)."""
    size = str(max(100, round(px_to_pt(node.font_size) * 100)))
    color = node.color.color.hex[1:] if isinstance(node.color, SolidPaint) else None
    for r in omml.iter(f"{{{MATH_NS}}}r"):
        rpr = etree.Element(qn("a:rPr"), {"lang": "en-US", "sz": size}, nsmap={"a": NS["a"]})
        if color:
            fill = etree.SubElement(rpr, qn("a:solidFill"))
            etree.SubElement(fill, qn("a:srgbClr"), {"val": color})
        etree.SubElement(rpr, qn("a:latin"), {"typeface": "Cambria Math"})
        etree.SubElement(rpr, qn("a:cs"), {"typeface": "Cambria Math"})
        m_rpr = r.find(f"{{{MATH_NS}}}rPr")
        r.insert(1 if m_rpr is not None else 0, rpr)


def math_elements(
    node: MathNode, box: object, ctx: PartContext, fallback: list[etree._Element]
) -> list[etree._Element]:
    """[mc:AlternateContent] with the OMML text box and `fallback` (the picture, or the LaTeX as
    text), or `fallback` alone when the equation has no OMML."""
    from adapters.ooxml.write_shapes import nv_props, xfrm

    omml = equation_omml(node)
    if omml is None or not fallback:
        return fallback
    cnv = nv_props(node, ctx)
    if node.latex.strip():
        set_ace_value(cnv, "latex", node.latex)
    nv = el("p:nvSpPr", None, cnv, el("p:cNvSpPr", {"txBox": True}), el("p:nvPr"))
    sp_pr = el("p:spPr", None, xfrm(box))  # type: ignore[arg-type]
    geom = sub(sp_pr, "a:prstGeom", {"prst": "rect"})
    sub(geom, "a:avLst")
    sub(sp_pr, "a:noFill")
    body = el("p:txBody")
    sub(body, "a:bodyPr", {"wrap": "none", "lIns": 0, "tIns": 0, "rIns": 0, "bIns": 0, "anchor": "ctr"})
    sub(body, "a:lstStyle")
    para = sub(body, "a:p")
    sub(para, "a:pPr", {"algn": "ctr" if node.display == "block" else "l"})
    holder = etree.SubElement(para, f"{{{A14}}}m", nsmap={"a14": A14})
    holder.append(omml)
    sub(para, "a:endParaRPr", {"lang": "en-US", "sz": max(100, round(px_to_pt(node.font_size) * 100))})
    sp = el("p:sp", None, nv, sp_pr, body)
    ac = etree.Element(qn("mc:AlternateContent"), nsmap={"mc": MC})
    # "a14 m": PowerPoint, which knows both, shows the editable equation; LibreOffice, which takes
    # a bare "a14" choice but draws no OMML in slides, takes the picture instead
    choice = etree.SubElement(ac, qn("mc:Choice"), {"Requires": "a14 m"}, nsmap={"a14": A14, "m": MATH_NS})
    choice.append(sp)
    back = etree.SubElement(ac, qn("mc:Fallback"))
    for item in fallback:
        item = copy.deepcopy(item)
        fcnv = item.find(f".//{qn('p:cNvPr')}")
        if fcnv is not None:  # one shape in either branch: the same id, the LaTeX as its alt text
            fcnv.set("id", cnv.get("id", "0"))
            if node.latex.strip() and not fcnv.get("descr"):
                fcnv.set("descr", node.latex)
        back.append(item)
    ctx.loss(
        "math", "equation written as native OMML (editable in PowerPoint) with its picture as the fallback", "info"
    )
    return [ac]
