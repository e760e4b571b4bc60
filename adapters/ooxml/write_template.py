"""Fresh mode's template parts: slide masters (shapes, placeholders, background, colour map, text
styles), their themes and layouts, written from a TemplatePlan in place of the blank template's."""

from __future__ import annotations

from lxml import etree

from ace_core.ir.deck import Background, Layout, Master, TextStyles, Theme
from ace_core.ir.text import Paragraph
from adapters.ooxml.conventions import parse_node_ref, set_ace_id
from adapters.ooxml.ns import RT, qn
from adapters.ooxml.package_out import CONTENT_TYPES, TEMPLATE_DIR, OutPackage
from adapters.ooxml.template_plan import TemplatePlan
from adapters.ooxml.theme import DEFAULT_CLR_MAP, SCHEME_SLOTS
from adapters.ooxml.theme_part import write_theme_part
from adapters.ooxml.write_context import DeckWriteState, PartContext, ThemeResolver
from adapters.ooxml.write_slide import PRESENTATION_ORDER, background_el, insert_in_order, sp_tree
from adapters.ooxml.write_text import level_el
from adapters.ooxml.xmlgen import NSMAP_P, el, sub

__all__ = ["STANDARD_CLR_MAP", "color_map_of", "resolver_for", "write_template", "write_theme"]

PRESENTATION = "ppt/presentation.xml"
FIRST_MASTER_ID = 2147483648  # p:sldMasterId / p:sldLayoutId ids start here and are unique together
STANDARD_CLR_MAP = DEFAULT_CLR_MAP


def color_map_of(master: Master, layout: Layout | None = None, slide_map: dict[str, str] | None = None) -> dict:
    """The colour map a part resolves scheme colours in: the master's, overridden by the layout's
    and the slide's."""
    out = {**STANDARD_CLR_MAP, **master.color_map}
    if layout is not None and layout.color_map:
        out.update(layout.color_map)
    if slide_map:
        out.update(slide_map)
    return out


def resolver_for(theme: Theme | None, clr_map: dict[str, str]) -> ThemeResolver:
    return ThemeResolver(theme, dict(clr_map))


def write_theme(root: etree._Element, theme: Theme) -> None:
    """Put a Theme's colours and fonts into a theme part's a:clrScheme and a:fontScheme."""
    scheme = root.find(f"{qn('a:themeElements')}/{qn('a:clrScheme')}")
    if scheme is not None:
        for slot in SCHEME_SLOTS:
            color = theme.colors.get(slot)
            holder = scheme.find(qn(f"a:{slot}"))
            if color is None or holder is None:
                continue
            for child in list(holder):
                holder.remove(child)
            sub(holder, "a:srgbClr", {"val": color.hex[1:]})
        if theme.name:
            scheme.set("name", theme.name)
    fonts = root.find(f"{qn('a:themeElements')}/{qn('a:fontScheme')}")
    if fonts is not None:
        for tag, latin, ea, cs in (
            ("a:majorFont", theme.fonts.major, theme.fonts.major_ea, theme.fonts.major_cs),
            ("a:minorFont", theme.fonts.minor, theme.fonts.minor_ea, theme.fonts.minor_cs),
        ):
            holder = fonts.find(qn(tag))
            if holder is None:
                continue
            for sub_tag, face in (("a:latin", latin), ("a:ea", ea), ("a:cs", cs)):
                node = holder.find(qn(sub_tag))
                if node is not None and face is not None:
                    node.set("typeface", face)


def _drop_blank_template(pkg: OutPackage) -> None:
    """Remove the blank template's masters, their layouts and themes (and their list entries)."""
    rels = pkg.rels(PRESENTATION)
    for rel in rels.of_type(RT.SLIDE_MASTER):
        for sub_rel in pkg.rels(rel.target).items.values():
            if sub_rel.type in (RT.SLIDE_LAYOUT, RT.THEME) and not sub_rel.external:
                pkg.remove(sub_rel.target)
        pkg.remove(rel.target)
        rels.remove(rel.rid)
    lst = pkg.xml(PRESENTATION).find(qn("p:sldMasterIdLst"))
    if lst is not None:
        for item in list(lst):
            lst.remove(item)


def _background(bg: Background | None, ctx: PartContext, fallback: bool) -> etree._Element | None:
    if bg is not None:
        return background_el(bg, ctx)
    if not fallback:
        return None
    ref = el("p:bgRef", {"idx": 1001}, el("a:schemeClr", {"val": "bg1"}))
    return el("p:bg", None, ref)


def _common_slide_data(
    root: etree._Element, name: str, ace_id: str, bg: etree._Element | None, nodes: list, ctx: PartContext
) -> None:
    """p:cSld of a master / layout: name, background, the shape tree (placeholders kept), ACE id."""
    csld = sub(root, "p:cSld", {"name": name or None})
    if bg is not None:
        csld.append(bg)
    _keep_source_shape_ids(nodes, ctx)
    csld.append(sp_tree(nodes, ctx, placeholders=True))
    set_ace_id(csld, ace_id)


def _keep_source_shape_ids(nodes: list, ctx: PartContext) -> None:
    """A master's or layout's shapes keep the cNvPr ids their .pptx gave them (unique ones), the
    others are numbered after them: a slide's inherited copies are named by those ids
    (`s256.m8`), so renumbering the template would rename them on the next read."""
    claimed: dict[int, str] = {}
    seen: set[int] = set()
    stack = list(nodes)
    while stack:
        node = stack.pop()
        stack.extend(getattr(node, "children", None) or ())
        src = node.source
        if src is None or src.format != "pptx" or not src.ref:
            continue
        _, cnv, occurrence = parse_node_ref(src.ref)
        if not cnv.isdigit() or int(cnv) < 2 or occurrence > 1:
            continue
        sid = int(cnv)
        if sid in seen:
            claimed.pop(sid, None)  # two shapes claim one id: neither keeps it
        else:
            seen.add(sid)
            claimed[sid] = node.id
    for sid, node_id in claimed.items():
        ctx.shape_ids.setdefault(node_id, sid)
    if seen:
        ctx.next_shape_id = max(ctx.next_shape_id, max(seen) + 1)


def _clr_map_el(tag: str, mapping: dict[str, str]) -> etree._Element:
    return el(tag, {k: mapping.get(k, v) for k, v in STANDARD_CLR_MAP.items()})


def _text_styles(styles: TextStyles, ctx: PartContext) -> etree._Element:
    tx = el("p:txStyles")
    for kind in ("title", "body", "other"):
        holder = sub(tx, f"p:{kind}Style")
        levels: list[Paragraph] = getattr(styles, kind)
        for para in sorted(levels, key=lambda p: p.level):
            if kind == "other":
                # text boxes leave zero indents out (write_text): what they fall back to has none
                para = para.model_copy(update={"margin_left": None, "indent": None})
            holder.append(level_el(para, ctx))
    return tx


def write_template(pkg: OutPackage, plan: TemplatePlan, state: DeckWriteState) -> dict[str, str]:
    """Write the plan's masters, themes and layouts; returns layout id -> part name."""
    _drop_blank_template(pkg)
    deck = state.deck
    pres = pkg.xml(PRESENTATION)
    lst = pres.find(qn("p:sldMasterIdLst"))
    if lst is None:
        lst = insert_in_order(pres, el("p:sldMasterIdLst"), PRESENTATION_ORDER)
    theme_bytes = (TEMPLATE_DIR / "theme.xml").read_bytes()
    next_id = FIRST_MASTER_ID
    parts: dict[str, str] = {}
    for master in plan.masters:
        layouts = [lay for lay in plan.layouts if lay.master == master.id]
        if not layouts:
            continue
        mpart = pkg.next_name("ppt/slideMasters/slideMaster{}.xml")
        tpart = pkg.next_name("ppt/theme/theme{}.xml")
        theme = master.theme or deck.theme
        clr_map = color_map_of(master)
        ctx = PartContext(state, mpart, resolver=resolver_for(theme, clr_map))
        if not write_theme_part(tpart, theme, PartContext(state, tpart)):
            pkg.put_bytes(tpart, theme_bytes, CONTENT_TYPES["theme"])
        if theme is not None:
            write_theme(pkg.xml(tpart), theme)
        ctx.inherit_box, ctx.inherited_text = plan.inherit_box, plan.inherited_text
        root = el("p:sldMaster", None, nsmap=NSMAP_P)
        _common_slide_data(
            root, master.name, master.id, _background(master.background, ctx, True), master.children, ctx
        )
        root.append(_clr_map_el("p:clrMap", clr_map))
        ids = sub(root, "p:sldLayoutIdLst")
        root.append(_text_styles(master.text_styles, ctx))
        pkg.put_xml(mpart, root, CONTENT_TYPES["slideMaster"])
        pkg.relate(mpart, RT.THEME, tpart)
        sub(lst, "p:sldMasterId", {"id": next_id, "r:id": pkg.relate(PRESENTATION, RT.SLIDE_MASTER, mpart)})
        next_id += 1
        for layout in layouts:
            lpart = pkg.next_name("ppt/slideLayouts/slideLayout{}.xml")
            _write_layout(pkg, plan, state, layout, master, lpart, theme)
            pkg.relate(lpart, RT.SLIDE_MASTER, mpart)
            sub(ids, "p:sldLayoutId", {"id": next_id, "r:id": pkg.relate(mpart, RT.SLIDE_LAYOUT, lpart)})
            next_id += 1
            parts[layout.id] = lpart
    return parts


def _write_layout(
    pkg: OutPackage,
    plan: TemplatePlan,
    state: DeckWriteState,
    layout: Layout,
    master: Master,
    part: str,
    theme: Theme | None,
) -> None:
    clr_map = color_map_of(master, layout)
    ctx = PartContext(state, part, resolver=resolver_for(theme, clr_map))
    ctx.inherit_box, ctx.inherited_text = plan.inherit_box, plan.inherited_text
    attrs = {"type": layout.kind, "preserve": True, "showMasterSp": None if layout.show_master_shapes else False}
    root = el("p:sldLayout", attrs, nsmap=NSMAP_P)
    _common_slide_data(root, layout.name, layout.id, _background(layout.background, ctx, False), layout.children, ctx)
    ovr = sub(root, "p:clrMapOvr")
    if layout.color_map:
        ovr.append(_clr_map_el("a:overrideClrMapping", clr_map))
    else:
        sub(ovr, "a:masterClrMapping")
    pkg.put_xml(part, root, CONTENT_TYPES["slideLayout"])
