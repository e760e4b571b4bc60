"""Slide-level parts: p:sld (background, shape tree, transition, hidden flag), notes slides and the
notes master, and the presentation.xml lists that name them."""

from __future__ import annotations

from lxml import etree

from ace_core.ir.deck import Background, Slide, Transition
from ace_core.ir.nodes import NodeBase
from adapters.ooxml.conventions import META_INHERITED, META_VML, set_ace_id
from adapters.ooxml.ns import NS, RT, qn
from adapters.ooxml.package_out import CONTENT_TYPES, TEMPLATE_DIR, OutPackage
from adapters.ooxml.write_context import PartContext
from adapters.ooxml.write_shapes import assign_shape_ids, node_elements
from adapters.ooxml.write_style import fill_el, pick_paint
from adapters.ooxml.xmlgen import NSMAP_P, el, sub, xml_text

__all__ = [
    "PRESENTATION_ORDER",
    "background_el",
    "ensure_notes_master",
    "insert_in_order",
    "notes_slide",
    "set_notes_text",
    "slide_element",
    "sp_tree",
    "transition_els",
    "written_nodes",
]

# children of p:presentation in schema order
PRESENTATION_ORDER = [
    "sldMasterIdLst",
    "notesMasterIdLst",
    "handoutMasterIdLst",
    "sldIdLst",
    "sldSz",
    "notesSz",
    "smartTags",
    "embeddedFontLst",
    "custShowLst",
    "photoAlbum",
    "custDataLst",
    "kinsoku",
    "defaultTextStyle",
    "modifyVerifier",
    "extLst",
]
P14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"
P159 = "http://schemas.microsoft.com/office/powerpoint/2015/09/main"


def insert_in_order(parent: etree._Element, child: etree._Element, order: list[str]) -> etree._Element:
    """Insert `child` into `parent` before the first sibling that the schema order puts after it."""
    rank = order.index(etree.QName(child).localname)
    for i, sib in enumerate(parent):
        name = etree.QName(sib).localname if isinstance(sib.tag, str) else ""
        if name in order and order.index(name) > rank:
            parent.insert(i, child)
            return child
    parent.append(child)
    return child


def written_nodes(slide: Slide) -> list[NodeBase]:
    """The slide's own nodes (layout / master shapes and VML ink the reader added are not part of
    the slide's shape tree)."""
    return [n for n in slide.children if META_INHERITED not in n.meta and META_VML not in n.meta]


def sp_tree(nodes: list[NodeBase], ctx: PartContext, placeholders: bool = False) -> etree._Element:
    """p:spTree holding the nodes' shapes (ids assigned first so connectors resolve)."""
    tree = el(
        "p:spTree",
        None,
        el("p:nvGrpSpPr", None, el("p:cNvPr", {"id": 1, "name": ""}), el("p:cNvGrpSpPr"), el("p:nvPr")),
    )
    grp = sub(tree, "p:grpSpPr")
    xf = sub(grp, "a:xfrm")
    sub(xf, "a:off", {"x": 0, "y": 0})
    sub(xf, "a:ext", {"cx": 0, "cy": 0})
    sub(xf, "a:chOff", {"x": 0, "y": 0})
    sub(xf, "a:chExt", {"cx": 0, "cy": 0})
    assign_shape_ids(nodes, ctx)
    for node in nodes:
        for item in node_elements(node, ctx, placeholders=placeholders):
            tree.append(item)
    return tree


def background_el(bg: Background, ctx: PartContext) -> etree._Element | None:
    """p:bg with the topmost visible background paint (a:noFill when there is none)."""
    paint = pick_paint(bg.fills, ctx, "background fills")
    fill = fill_el(paint, ctx, width=ctx.deck.width, height=ctx.deck.height)
    return el("p:bg", None, el("p:bgPr", None, fill, el("a:effectLst")))


_DIRS = {"left": "l", "right": "r", "up": "u", "top": "u", "down": "d", "bottom": "d"}
_SIDE_KINDS = {"push", "wipe", "cover", "pull", "uncover"}
_DIR_VALUES = {"split": ("in", "out"), "strips": ("lu", "ru", "ld", "rd")}
_DIR_VALUES |= {k: ("horz", "vert") for k in ("blinds", "checker", "comb", "randomBar")}
_PLAIN = {
    "fade",
    "cut",
    "dissolve",
    "random",
    "circle",
    "diamond",
    "plus",
    "wedge",
    "newsflash",
    "checker",
    "comb",
    "randomBar",
    "blinds",
    "strips",
    "wheel",
    "zoom",
    "split",
}
_FIGMA = {
    "DISSOLVE": ("fade", None),
    "SLIDE_FROM_LEFT": ("push", "r"),
    "SLIDE_FROM_RIGHT": ("push", "l"),
    "SLIDE_FROM_TOP": ("push", "d"),
    "SLIDE_FROM_BOTTOM": ("push", "u"),
    "PUSH_FROM_LEFT": ("push", "r"),
    "PUSH_FROM_RIGHT": ("push", "l"),
    "PUSH_FROM_TOP": ("push", "d"),
    "PUSH_FROM_BOTTOM": ("push", "u"),
    "MOVE_FROM_LEFT": ("cover", "r"),
    "MOVE_FROM_RIGHT": ("cover", "l"),
    "MOVE_FROM_TOP": ("cover", "d"),
    "MOVE_FROM_BOTTOM": ("cover", "u"),
    "SLIDE_OUT_TO_LEFT": ("pull", "l"),
    "SLIDE_OUT_TO_RIGHT": ("pull", "r"),
    "SLIDE_OUT_TO_TOP": ("pull", "u"),
    "SLIDE_OUT_TO_BOTTOM": ("pull", "d"),
    "SMART_ANIMATE": ("morph", None),
    "INSTANT": ("cut", None),
}


def _effect(style: str, direction: str | None, ctx: PartContext) -> tuple[str, dict[str, str]]:
    kind, dir_ = style, direction
    if style in _FIGMA:
        kind, mapped = _FIGMA[style]
        dir_ = dir_ or mapped
    if kind == "uncover":
        kind = "pull"
    d = _DIRS.get((dir_ or "").lower(), dir_)
    attrs: dict[str, str] = {}
    if kind in _SIDE_KINDS and d in {"l", "r", "u", "d", "lu", "ru", "ld", "rd"}:
        if kind in ("push", "wipe") and len(d) == 2:
            d = d[0]
        attrs["dir"] = d
    elif d in _DIR_VALUES.get(kind, ()):
        attrs["dir"] = d
    if kind not in _PLAIN | _SIDE_KINDS | {"morph"}:
        ctx.loss("transition", f"transition {style!r} written as a fade")
        kind, attrs = "fade", {}
    return kind, attrs


def transition_els(tr: Transition, ctx: PartContext) -> list[etree._Element]:
    """p:transition (inside mc:AlternateContent when it needs PowerPoint 2010+ features: a
    duration, or morph)."""
    kind, attrs = _effect(tr.style, tr.direction, ctx)
    dur = tr.duration
    spd = None if dur is None else "fast" if dur <= 0.5 else "med" if dur <= 0.75 else "slow"
    base: dict[str, object] = {"spd": spd}
    if tr.timing == "AFTER_DELAY":
        base["advTm"] = round((tr.delay or 0.0) * 1000)

    def build(extra: dict[str, object], effect: str, eattrs: dict[str, str], ns: str = NS["p"]) -> etree._Element:
        node = el("p:transition", {**base, **extra})
        child = etree.SubElement(node, f"{{{ns}}}{effect}", eattrs)
        if ns != NS["p"]:
            child.attrib.clear()
        return node

    if dur is None and kind != "morph":
        return [build({}, kind, attrs)]
    ac = etree.Element(qn("mc:AlternateContent"), nsmap={"mc": NS["mc"], "p14": P14, "p159": P159})
    choice = etree.SubElement(ac, qn("mc:Choice"), Requires="p159" if kind == "morph" else "p14")
    extra = {f"{{{P14}}}dur": str(round((dur or 2.0) * 1000))}
    if kind == "morph":
        node = build(extra, "morph", {}, P159)
        node[0].set("option", "byObject")
        choice.append(node)
    else:
        choice.append(build(extra, kind, attrs))
    fallback = etree.SubElement(ac, qn("mc:Fallback"))
    fallback.append(build({}, "fade" if kind == "morph" else kind, {} if kind == "morph" else attrs))
    return [ac]


def slide_element(
    slide: Slide,
    ctx: PartContext,
    nodes: list[NodeBase] | None = None,
    *,
    placeholders: bool = False,
    inherited_background: bool = True,
    show_master_shapes: bool = True,
    clr_map: dict[str, str] | None = None,
) -> etree._Element:
    """The p:sld root of a slide written from the IR. `placeholders`: keep placeholder bindings
    (p:ph); `inherited_background`: write a background the slide inherits from its layout too;
    `clr_map`: the slide's own colour map (a:overrideClrMapping), None = its master's."""
    attrs = {"showMasterSp": None if show_master_shapes else False, "show": False if slide.hidden else None}
    root = el("p:sld", attrs, nsmap=NSMAP_P)
    csld = sub(root, "p:cSld", {"name": slide.name or None})
    if slide.background is not None and (inherited_background or not slide.background.inherited):
        bg = background_el(slide.background, ctx)
        if bg is not None:
            csld.append(bg)
    csld.append(sp_tree(written_nodes(slide) if nodes is None else nodes, ctx, placeholders))
    set_ace_id(csld, slide.id)
    clr = sub(root, "p:clrMapOvr")
    if clr_map:
        from adapters.ooxml.write_template import STANDARD_CLR_MAP

        sub(clr, "a:overrideClrMapping", {k: clr_map.get(k, v) for k, v in STANDARD_CLR_MAP.items()})
    else:
        sub(clr, "a:masterClrMapping")
    if slide.transition is not None:
        for item in transition_els(slide.transition, ctx):
            root.append(item)
    return root


# -- notes --------------------------------------------------------------------------------------
def ensure_notes_master(pkg: OutPackage) -> str:
    """The notes master part, created (with its own theme) when the package has none."""
    pres = _presentation_part(pkg)
    found = pkg.rels(pres).of_type(RT.NOTES_MASTER)
    if found and pkg.exists(found[0].target):
        return found[0].target
    master = pkg.next_name("ppt/notesMasters/notesMaster{}.xml")
    theme = pkg.next_name("ppt/theme/theme{}.xml")
    pkg.put_bytes(theme, (TEMPLATE_DIR / "theme.xml").read_bytes(), CONTENT_TYPES["theme"])
    pkg.put_bytes(master, (TEMPLATE_DIR / "notesMaster.xml").read_bytes(), CONTENT_TYPES["notesMaster"])
    pkg.relate(master, RT.THEME, theme)
    rid = pkg.relate(pres, RT.NOTES_MASTER, master)
    root = pkg.xml(pres)
    lst = root.find(qn("p:notesMasterIdLst"))
    if lst is None:
        lst = insert_in_order(root, el("p:notesMasterIdLst"), PRESENTATION_ORDER)
    for old in list(lst):
        lst.remove(old)
    sub(lst, "p:notesMasterId", {"r:id": rid})
    return master


def _presentation_part(pkg: OutPackage) -> str:
    for rel in pkg.rels("").items.values():
        if rel.type == RT.OFFICE_DOCUMENT:
            return rel.target
    return "ppt/presentation.xml"


def set_notes_text(body: etree._Element, text: str) -> None:
    """Replace the paragraphs of a notes body placeholder's txBody with `text` (one per line)."""
    for p in body.findall(qn("a:p")):
        body.remove(p)
    for line in text.split("\n"):
        p = sub(body, "a:p")
        if line:
            r = sub(p, "a:r")
            sub(r, "a:rPr", {"lang": "en-US", "dirty": "0"})
            sub(r, "a:t").text = xml_text(line)


def notes_slide(pkg: OutPackage, slide_part: str, text: str) -> str:
    """A new notes slide for `slide_part` holding `text`; returns its part name."""
    master = ensure_notes_master(pkg)
    name = pkg.next_name("ppt/notesSlides/notesSlide{}.xml")
    root = el("p:notes", None, nsmap=NSMAP_P)
    csld = sub(root, "p:cSld")
    tree = sub(csld, "p:spTree")
    nv = sub(tree, "p:nvGrpSpPr")
    sub(nv, "p:cNvPr", {"id": 1, "name": ""})
    sub(nv, "p:cNvGrpSpPr")
    sub(nv, "p:nvPr")
    sub(tree, "p:grpSpPr")
    img = sub(tree, "p:sp")
    nvs = sub(img, "p:nvSpPr")
    sub(nvs, "p:cNvPr", {"id": 2, "name": "Slide Image Placeholder 1"})
    sub(sub(nvs, "p:cNvSpPr"), "a:spLocks", {"noGrp": True, "noRot": True, "noChangeAspect": True})
    sub(sub(nvs, "p:nvPr"), "p:ph", {"type": "sldImg"})
    sub(img, "p:spPr")
    body_sp = sub(tree, "p:sp")
    nvb = sub(body_sp, "p:nvSpPr")
    sub(nvb, "p:cNvPr", {"id": 3, "name": "Notes Placeholder 2"})
    sub(sub(nvb, "p:cNvSpPr"), "a:spLocks", {"noGrp": True})
    sub(sub(nvb, "p:nvPr"), "p:ph", {"type": "body", "idx": 1})
    sub(body_sp, "p:spPr")
    body = sub(body_sp, "p:txBody")
    sub(body, "a:bodyPr")
    sub(body, "a:lstStyle")
    set_notes_text(body, text)
    sub(sub(root, "p:clrMapOvr"), "a:masterClrMapping")
    pkg.put_xml(name, root, CONTENT_TYPES["notesSlide"])
    pkg.relate(name, RT.NOTES_MASTER, master)
    pkg.relate(name, RT.SLIDE, slide_part)
    pkg.relate(slide_part, RT.NOTES_SLIDE, name)
    return name
