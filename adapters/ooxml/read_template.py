"""Slide masters and layouts -> IR Masters and Layouts: their placeholders (type / idx / box / text
look), their own shapes, backgrounds, colour maps and the masters' text styles."""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from ace_core.ir.deck import Background, Layout, Master, TextStyles
from ace_core.ir.nodes import NodeSource
from adapters.ooxml import conventions as cv
from adapters.ooxml.context import ReadContext, Scope
from adapters.ooxml.inherit import LayoutInfo, MasterInfo, Masters, find_child
from adapters.ooxml.ns import RT, qn
from adapters.ooxml.read_shapes import Frame, ShapeReader, SlideCtx
from adapters.ooxml.read_text import level_styles
from adapters.ooxml.theme import DEFAULT_CLR_MAP, ColorContext, ThemeData
from adapters.ooxml.theme_part import theme_ir

__all__ = ["TemplateIds", "fill_from_background", "read_templates"]


@dataclass
class TemplateIds:
    """Part name -> IR id of the masters and layouts read (`skipped`: how many were not)."""

    masters: dict[str, str] = field(default_factory=dict)
    layouts: dict[str, str] = field(default_factory=dict)
    skipped: int = 0


def read_templates(
    ctx: ReadContext,
    masters: Masters,
    slide_layouts: list[str],
    default_style: etree._Element | None,
    *,
    only_used: bool = False,
) -> TemplateIds:
    """Read every master of the presentation with its layouts (in the master's order), and any
    other layout a slide uses, into `ctx.deck.masters` / `.layouts`. `only_used`: only the
    layouts in `slide_layouts` and their masters; each keeps the id a full read gives it (the
    others are numbered as if read), so the rest can be read later beside them."""
    ids = TemplateIds()
    first_theme = masters.first_master().theme.part if masters.first_master() is not None else None
    wanted_layouts = set(slide_layouts)
    wanted_masters = {info.master.part for info in map(masters.layout, wanted_layouts) if info is not None}
    seen = TemplateIds()  # every template a full read reads, in its order: the derived ids' numbers
    for info in masters.all_masters():
        if info.part in seen.masters:
            continue
        seen.masters[info.part] = f"master{len(seen.masters) + 1}"
        if not only_used or info.part in wanted_masters:
            _read_master(ctx, info, ids, default_style, first_theme, seen.masters[info.part])
        for part in _layout_parts(ctx, info):
            layout = masters.layout(part)
            if layout is not None and part not in seen.layouts:
                seen.layouts[part] = f"layout{len(seen.layouts) + 1}"
                if not only_used or part in wanted_layouts:
                    _read_layout(ctx, layout, ids, default_style, seen.layouts[part])
    for part in slide_layouts:
        layout = masters.layout(part)
        if layout is None or part in seen.layouts:
            continue
        if layout.master.part not in seen.masters:
            seen.masters[layout.master.part] = f"master{len(seen.masters) + 1}"
            _read_master(ctx, layout.master, ids, default_style, first_theme, seen.masters[layout.master.part])
        seen.layouts[part] = f"layout{len(seen.layouts) + 1}"
        _read_layout(ctx, layout, ids, default_style, seen.layouts[part])
    ids.skipped = len(seen.masters) + len(seen.layouts) - len(ids.masters) - len(ids.layouts)
    ctx.memo.clear()
    return ids


def _layout_parts(ctx: ReadContext, master: MasterInfo) -> list[str]:
    """The master's layouts in its p:sldLayoutIdLst order (then any other related layout)."""
    pkg = ctx.pkg
    out: list[str] = []
    lst = master.root.find(qn("p:sldLayoutIdLst"))
    for item in lst if lst is not None else []:
        rel = pkg.rel(master.part, item.get(qn("r:id")))
        if rel is not None and not rel.external and pkg.exists(rel.target) and rel.target not in out:
            out.append(rel.target)
    for rel in pkg.related(master.part, RT.SLIDE_LAYOUT):
        if not rel.external and pkg.exists(rel.target) and rel.target not in out:
            out.append(rel.target)
    return out


def _claim(ctx: ReadContext, root: etree._Element, derived: str) -> str:
    return ctx.ids.claim(cv.read_ace_id(find_child(root, "p:cSld")), derived)


def _shapes(
    ctx: ReadContext, part: str, root: etree._Element, colors: ColorContext, sctx: SlideCtx, origin: str, owner: str
) -> list:
    tree = find_child(find_child(root, "p:cSld"), "p:spTree")
    if tree is None:
        return []
    scope = Scope(ctx, part, colors, None, origin, owner)
    reader = ShapeReader(scope, sctx)
    nodes = [n for n in reader.read_tree(tree, Frame()) if n is not None]
    reader.resolve_connectors()
    return nodes


def fill_from_background(
    nodes: list, background: Background | None, ctx: ReadContext, slide_id: str | None = None
) -> None:
    """Give the shapes filled with the slide's background (useBgFill) that background's fills. A
    solid colour is exact; a gradient or picture is drawn in the shape's box, where PowerPoint
    shows the part of the slide's background under the shape (reported unless the shape covers
    the slide). No background (a template that sets none): nothing to give."""
    if background is None:
        return
    deck = ctx.deck
    for node in nodes:
        fill_from_background(getattr(node, "children", None) or [], background, ctx, slide_id)
        if not node.meta.get(cv.META_USE_BG_FILL):
            continue
        node.fills = [f.model_copy(deep=True) for f in background.fills]
        covers = abs(node.x) < 1 and abs(node.y) < 1 and node.width >= deck.width - 1 and node.height >= deck.height - 1
        if any(f.type != "SOLID" for f in background.fills) and not covers:
            ctx.loss(
                "background-fill",
                "a shape filled with the slide background shows the background's gradient or picture"
                " fitted to its own box, not the part of the slide's under it",
                slide_id=slide_id,
                node_id=node.id,
                severity="warning",
            )


def _background(ctx: ReadContext, root: etree._Element, part: str, colors: ColorContext) -> Background | None:
    from adapters.ooxml.read_deck import _bg_fills  # the slides' background reader (no import cycle at load)

    fills = _bg_fills(ctx, root.find(qn("p:cSld")), part, colors, "")
    return Background(fills=fills) if fills is not None else None


def _colors(ctx: ReadContext, theme: ThemeData, clr_map: dict[str, str]) -> ColorContext:
    key = (id(theme), tuple(sorted(clr_map.items())))
    colors = ctx.color_contexts.get(key)
    if colors is None or colors.theme is not theme:
        colors = ctx.color_contexts[key] = ColorContext(theme=theme, clr_map=clr_map)
    return colors


def _read_master(
    ctx: ReadContext,
    info: MasterInfo,
    ids: TemplateIds,
    default_style: etree._Element | None,
    first_theme: str | None,
    derived: str,
) -> None:
    mid = _claim(ctx, info.root, derived)
    ids.masters[info.part] = mid
    colors = _colors(ctx, info.theme, info.clr_map)
    sctx = SlideCtx(layout=None, master=info, default_text_style=default_style)
    scope = Scope(ctx, info.part, colors, None, "M", mid)
    styles = TextStyles()
    base = [default_style] if default_style is not None else []
    for kind in ("title", "body", "other"):
        own = info.styles.get(kind)
        if own is not None or base:
            setattr(styles, kind, level_styles([*base, *([own] if own is not None else [])], scope))
    master = Master(
        id=mid,
        name=info.name,
        theme=theme_ir(info.theme, ctx) if info.theme.part != first_theme else None,
        color_map={} if info.clr_map == DEFAULT_CLR_MAP else dict(info.clr_map),
        background=_background(ctx, info.root, info.part, colors),
        children=_shapes(ctx, info.part, info.root, colors, sctx, "M", mid),
        text_styles=styles,
        source=NodeSource(format="pptx", ref=info.part),
    )
    fill_from_background(master.children, master.background, ctx)
    ctx.deck.masters.append(master)


def _read_layout(
    ctx: ReadContext, info: LayoutInfo, ids: TemplateIds, default_style: etree._Element | None, derived: str
) -> None:
    lid = _claim(ctx, info.root, derived)
    ids.layouts[info.part] = lid
    colors = _colors(ctx, info.master.theme, info.clr_map)
    sctx = SlideCtx(layout=info, master=info.master, default_text_style=default_style)
    ovr = info.root.find(qn("p:clrMapOvr"))
    override = ovr is not None and ovr.find(qn("a:overrideClrMapping")) is not None
    layout = Layout(
        id=lid,
        name=info.name,
        master=ids.masters[info.master.part],
        kind=info.root.get("type"),
        background=_background(ctx, info.root, info.part, colors),
        children=_shapes(ctx, info.part, info.root, colors, sctx, "L", lid),
        show_master_shapes=info.show_master_shapes,
        color_map=dict(info.clr_map) if override else None,
        source=NodeSource(format="pptx", ref=info.part),
    )
    master_bg = next((m.background for m in ctx.deck.masters if m.id == layout.master), None)
    fill_from_background(layout.children, layout.background or master_bg, ctx)
    ctx.deck.layouts.append(layout)
