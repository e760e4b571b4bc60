"""Fresh mode: a new .pptx generated from the IR on python-pptx's blank template.

Slide size, theme colours and fonts come from the deck; its masters and layouts are written as
parts (write_template; a deck without any gets the blank template's, fitted to its size); every
slide is written from its own nodes (auto-layout frames as their solved boxes) on its layout, its
placeholders bound to the layout's, with background, transition, notes, hidden flag and
sections. Layout / master shapes the reader materialized on slides stay in their layout / master."""

from __future__ import annotations

import uuid

from lxml import etree

from ace_core.ir.deck import Deck, Layout, Slide
from ace_core.ir.loss import LossReport
from adapters.ooxml.conventions import (
    DECK_META_NO_DEFAULT_TEXT_STYLE,
    META_INHERITED,
    SLIDE_META_CLR_MAP,
    SLIDE_META_SHOW_MASTER_SHAPES,
    set_ace_id,
)
from adapters.ooxml.ns import CT, RT, qn
from adapters.ooxml.package_out import CONTENT_TYPES, OutPackage
from adapters.ooxml.template_plan import TemplatePlan, plan_template
from adapters.ooxml.write_context import DeckWriteState, PartContext, ThemeResolver
from adapters.ooxml.write_slide import PRESENTATION_ORDER, insert_in_order, notes_slide, slide_element
from adapters.ooxml.write_template import color_map_of, resolver_for, write_template
from adapters.ooxml.xmlgen import el, emu, sub

__all__ = [
    "SECTIONS_URI",
    "VARIANT_TYPES",
    "apply_variant",
    "layout_parts",
    "set_sections",
    "set_slide_size",
    "write_fresh",
]

PRESENTATION = "ppt/presentation.xml"
SECTIONS_URI = "{521415D9-36F7-43E2-AB2F-B90AF26B5E84}"
P14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"
MIN_SLIDE, MAX_SLIDE = 914400, 51206400


def set_slide_size(pres: etree._Element, deck: Deck, report: LossReport) -> None:
    """p:sldSz from the deck's px size (clamped to what PowerPoint allows)."""
    size = pres.find(qn("p:sldSz"))
    if size is None:
        size = insert_in_order(pres, el("p:sldSz"), PRESENTATION_ORDER)
    cx, cy = emu(deck.width), emu(deck.height)
    ccx, ccy = (max(MIN_SLIDE, min(MAX_SLIDE, v)) for v in (cx, cy))
    if (ccx, ccy) != (cx, cy):
        report.add(
            "slide-size",
            f"slide size {deck.width:g}x{deck.height:g} px clamped to PowerPoint's limits",
            stage="write",
            format="pptx",
        )
    size.attrib.clear()
    size.set("cx", str(ccx))
    size.set("cy", str(ccy))


def layout_parts(pkg: OutPackage, master: str) -> dict[str, str]:
    """Layout name -> part name, for the layouts of `master`."""
    out: dict[str, str] = {}
    for rel in pkg.rels(master).of_type(RT.SLIDE_LAYOUT):
        if not pkg.exists(rel.target):
            continue
        csld = pkg.peek_xml(rel.target).find(qn("p:cSld"))
        name = csld.get("name", "") if csld is not None else ""
        out.setdefault(name, rel.target)
    return out


def set_sections(pres: etree._Element, slides: list[Slide], sld_ids: dict[str, int]) -> None:
    """p14:sectionLst from the slides' section names (None when no slide names one)."""
    ext_lst = pres.find(qn("p:extLst"))
    if ext_lst is not None:
        for ext in list(ext_lst):
            if ext.get("uri") == SECTIONS_URI:
                ext_lst.remove(ext)
    if not any(s.section for s in slides):
        if ext_lst is not None and len(ext_lst) == 0:
            pres.remove(ext_lst)
        return
    if ext_lst is None:
        ext_lst = insert_in_order(pres, el("p:extLst"), PRESENTATION_ORDER)
    ext = etree.Element(qn("p:ext"), uri=SECTIONS_URI)
    ext_lst.insert(0, ext)
    lst = etree.SubElement(ext, f"{{{P14}}}sectionLst", nsmap={"p14": P14})
    current: etree._Element | None = None
    name: str | None = None
    for i, slide in enumerate(slides):
        sec = slide.section or (name if current is not None else "Default Section")
        if current is None or sec != name:
            guid = uuid.uuid5(uuid.NAMESPACE_URL, f"ace-section:{i}:{sec}")
            section = etree.SubElement(lst, f"{{{P14}}}section", name=sec, id="{" + str(guid).upper() + "}")
            current = etree.SubElement(section, f"{{{P14}}}sldIdLst")
            name = sec
        etree.SubElement(current, f"{{{P14}}}sldId", id=str(sld_ids[slide.id]))


VARIANT_TYPES = {
    "pptx": CT.PRESENTATION,
    "pptm": CT.MACRO,
    "potx": CT.TEMPLATE,
    "potm": CT.MACRO_TEMPLATE,
    "ppsx": CT.SLIDESHOW,
    "ppsm": CT.MACRO_SLIDESHOW,
}


def apply_variant(pkg: OutPackage, main: str, variant: str | None, report: LossReport) -> None:
    """Give the main part the content type the output's extension calls for (PowerPoint refuses a
    file whose extension and content type disagree); macros are dropped from macro-free kinds."""
    ctype = VARIANT_TYPES.get((variant or "").lower().lstrip("."))
    if ctype is None:
        return
    pkg.set_content_type(main, ctype)
    if ctype in (CT.MACRO, CT.MACRO_TEMPLATE, CT.MACRO_SLIDESHOW):
        return
    rels = pkg.rels(main)
    for rel in rels.of_type(RT.VBA):
        rels.remove(rel.rid)
        pkg.remove(rel.target)
        report.add("macros", f"the VBA project is dropped: .{variant} files cannot hold macros", stage="write")


def _neutral_list_indents(pkg: OutPackage) -> None:
    """Drop the template's list indents for shapes that are not placeholders (the presentation's
    default text style; write_template does the masters' otherStyle), so indents left out mean
    zero, as in a file without text styles."""
    holders = [pkg.xml(PRESENTATION).find(qn("p:defaultTextStyle"))]
    for holder in holders:
        for level in holder if holder is not None else []:
            for attr in ("marL", "indent"):
                level.attrib.pop(attr, None)


def write_fresh(deck: Deck, report: LossReport, variant: str | None = None) -> bytes:
    """The bytes of a new .pptx holding `deck` (losses go to `report`); `variant` is the output's
    extension (pptx, pptm, potx, ppsx...)."""
    pkg = OutPackage.template()
    _neutral_list_indents(pkg)
    pres_root = pkg.xml(PRESENTATION)
    if deck.meta.get(DECK_META_NO_DEFAULT_TEXT_STYLE):  # the source had none: keep it that way
        default_style = pres_root.find(qn("p:defaultTextStyle"))
        if default_style is not None:
            pres_root.remove(default_style)
    set_slide_size(pres_root, deck, report)
    if deck.id != "deck":
        set_ace_id(pres_root, deck.id)
    state = DeckWriteState(deck=deck, pkg=pkg, report=report, theme=ThemeResolver(deck.theme), mode="fresh")
    plan = plan_template(deck, report)
    layouts = write_template(pkg, plan, state)
    parts = {s.id: f"ppt/slides/slide{i + 1}.xml" for i, s in enumerate(deck.slides)}
    state.slide_parts.update(parts)
    sld_lst = pres_root.find(qn("p:sldIdLst"))
    if sld_lst is None:
        sld_lst = insert_in_order(pres_root, el("p:sldIdLst"), PRESENTATION_ORDER)
    sld_ids: dict[str, int] = {}
    for i, slide in enumerate(deck.slides):
        part = parts[slide.id]
        layout = plan.layout(plan.slide_layout[slide.id])
        root = _slide_root(slide, plan, state, part, layout)
        pkg.put_xml(part, root, CONTENT_TYPES["slide"])
        pkg.relate(part, RT.SLIDE_LAYOUT, layouts[layout.id])
        rid = pkg.relate(PRESENTATION, RT.SLIDE, part)
        sld_ids[slide.id] = 256 + i
        sub(sld_lst, "p:sldId", {"id": 256 + i, "r:id": rid})
        if slide.notes:
            notes_slide(pkg, part, slide.notes)
    if not deck.slides:
        pres_root.remove(sld_lst)
    set_sections(pres_root, deck.slides, sld_ids)
    apply_variant(pkg, PRESENTATION, variant, report)
    return pkg.to_bytes()


def _slide_root(slide: Slide, plan: TemplatePlan, state: DeckWriteState, part: str, layout: Layout) -> etree._Element:
    """p:sld of a slide bound to `layout`: its own shapes (the layout's and master's are theirs),
    placeholders with their layout's p:ph, the background only when the template's is not it."""
    master = plan.master_of(layout)
    slide_map = slide.meta.get(SLIDE_META_CLR_MAP) or None
    clr_map = color_map_of(master, layout, slide_map)
    ctx = PartContext(state, part, slide_id=slide.id, resolver=resolver_for(master.theme or state.deck.theme, clr_map))
    ctx.bound = plan.bound.get(slide.id, {})
    ctx.inherit_box, ctx.inherited_text = plan.inherit_box, plan.inherited_text
    # a deck that brought its template draws the layout / master shapes there, not on the slide
    nodes = [n for n in slide.children if plan.generated or META_INHERITED not in n.meta]
    template_bg = layout.background or master.background
    own_bg = not (
        slide.background is not None
        and slide.background.inherited
        and template_bg is not None
        and template_bg.fills == slide.background.fills
    )
    return slide_element(
        slide,
        ctx,
        nodes=nodes,
        placeholders=True,
        inherited_background=own_bg,
        show_master_shapes=slide.meta.get(SLIDE_META_SHOW_MASTER_SHAPES, True) is not False,
        clr_map=slide_map,
    )
