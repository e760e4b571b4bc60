"""Edits of DrawingML the OOXML tools share: boxes in slide px, text bodies and run properties,
solid fills, and the rules for what a shape kind accepts."""

from __future__ import annotations

import copy
from collections.abc import Iterator

from lxml import etree

from ace_core.color import Color
from ace_core.errors import ToolError
from adapters.ooxml.ns import local, qn
from adapters.ooxml.write_context import PartContext
from adapters.ooxml.write_style import solid_fill
from adapters.ooxml.xmlgen import el, xml_text
from backends.ooxml.doc import OoxmlDoc
from backends.ooxml.shapes import (
    FILL_TAGS,
    RPR_ORDER,
    SP_PR_ORDER,
    container_origin,
    parent_container,
    read_box,
    replace_group,
    sp_pr_of,
    write_box,
)

__all__ = [
    "abs_box",
    "body_of",
    "ensure_body",
    "fill_text",
    "iter_rprs",
    "rel_box",
    "set_abs_box",
    "set_body_text",
    "set_shape_fill",
]

TEXT_HOLDERS = ("sp",)


def abs_box(doc: OoxmlDoc, node_id: str, shape: etree._Element) -> tuple[float, float, float, float]:
    """Slide px box of a shape (from its xfrm, or from its layout placeholder when it has none)."""
    box = read_box(shape)
    if box is None:
        box = doc.base_boxes.get(node_id)
    if box is None:
        raise ToolError(f"{node_id!r} has no position of its own or from its layout", field="nodeId")
    return box


def rel_box(doc: OoxmlDoc, node_id: str, shape: etree._Element) -> tuple[float, float, float, float]:
    """Parent-relative px box."""
    x, y, w, h = abs_box(doc, node_id, shape)
    parent = parent_container(shape)
    ox, oy = container_origin(parent) if parent is not None else (0.0, 0.0)
    return x - ox, y - oy, w, h


def set_abs_box(doc: OoxmlDoc, node_id: str, shape: etree._Element, box: tuple[float, float, float, float]) -> None:
    write_box(shape, box)
    doc.base_boxes.pop(node_id, None)


# -- text ------------------------------------------------------------------------------------------


def body_of(shape: etree._Element) -> etree._Element | None:
    """The text body of a shape (p:txBody) or of a table cell (a:txBody)."""
    found = shape.find(qn("p:txBody"))
    if found is None:
        found = shape.find(qn("a:txBody"))
    return found


def ensure_body(shape: etree._Element, node_id: str, field: str = "nodeId") -> etree._Element:
    """The shape's p:txBody, created for a plain shape; pictures, groups, lines and frames have none."""
    body = body_of(shape)
    if body is not None:
        return body
    if local(shape.tag) not in TEXT_HOLDERS:
        raise ToolError(f"{node_id!r} cannot hold text on ooxml ({local(shape.tag)})", field=field)
    body = el("p:txBody", None, el("a:bodyPr"), el("a:lstStyle"), el("a:p"))
    ext = shape.find(qn("p:extLst"))
    if ext is not None:
        ext.addprevious(body)
    else:
        shape.append(body)
    return body


def set_body_text(body: etree._Element, text: str) -> None:
    """New characters: one a:p per line, each one run with the first run's properties and the
    first paragraph's a:pPr / a:endParaRPr (vertical tabs become line breaks)."""
    paras = body.findall(qn("a:p"))
    first_p = paras[0] if paras else None
    ppr = first_p.find(qn("a:pPr")) if first_p is not None else None
    rpr = next((r.find(qn("a:rPr")) for r in body.iter(qn("a:r")) if r.find(qn("a:rPr")) is not None), None)
    end = first_p.find(qn("a:endParaRPr")) if first_p is not None else None
    if rpr is None and end is not None:
        rpr = copy.deepcopy(end)
        rpr.tag = qn("a:rPr")
    for p in paras:
        body.remove(p)
    for line in text.split("\n"):
        p = etree.SubElement(body, qn("a:p"))
        if ppr is not None:
            p.append(copy.deepcopy(ppr))
        for i, piece in enumerate(line.split("\v")):
            if i:
                br = etree.SubElement(p, qn("a:br"))
                if rpr is not None:
                    br.append(copy.deepcopy(rpr))
            if piece:
                r = etree.SubElement(p, qn("a:r"))
                if rpr is not None:
                    r.append(copy.deepcopy(rpr))
                etree.SubElement(r, qn("a:t")).text = xml_text(piece)
        if end is not None:
            p.append(copy.deepcopy(end))


def iter_rprs(body: etree._Element) -> Iterator[etree._Element]:
    """Every run's a:rPr (created where a run has none) and every a:endParaRPr (created on empty
    paragraphs), so a whole-node style change shows on all text, present and future."""
    for p in body.findall(qn("a:p")):
        for r in p:
            if not isinstance(r.tag, str) or local(r.tag) not in ("r", "fld", "br"):
                continue
            rpr = r.find(qn("a:rPr"))
            if rpr is None:
                rpr = etree.Element(qn("a:rPr"))
                r.insert(0, rpr)
            yield rpr
        end = p.find(qn("a:endParaRPr"))
        if end is None:
            end = etree.SubElement(p, qn("a:endParaRPr"))
        yield end


def ppr_of(p: etree._Element) -> etree._Element:
    ppr = p.find(qn("a:pPr"))
    if ppr is None:
        ppr = etree.Element(qn("a:pPr"))
        p.insert(0, ppr)
    return ppr


def fill_text(body: etree._Element, color: Color, ctx: PartContext) -> None:
    for rpr in iter_rprs(body):
        replace_group(rpr, solid_fill(color, ctx), FILL_TAGS, RPR_ORDER)


def set_shape_fill(shape: etree._Element, fill: etree._Element, node_id: str) -> None:
    """Replace the fill of a shape's spPr / grpSpPr (pictures: the area behind the picture)."""
    holder = sp_pr_of(shape)
    if holder is None:
        raise ToolError(f"{node_id!r} has no shape properties to fill on ooxml ({local(shape.tag)})", field="nodeId")
    replace_group(holder, fill, FILL_TAGS, SP_PR_ORDER)


def set_attr(el_: etree._Element, name: str, value: str | None) -> None:
    if value is None:
        el_.attrib.pop(name, None)
    else:
        el_.set(name, value)
