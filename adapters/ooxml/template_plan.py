"""Fresh mode's planning step for the template: which masters and layouts a new .pptx gets (the
deck's, or for a deck without any the blank template's fitted to the slide size), which layout each
slide uses, and the p:ph each slide placeholder is bound with (its layout's idx)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from pydantic import BaseModel

from ace_core.ir.deck import Deck, Layout, Master, Slide
from ace_core.ir.loss import LossReport
from ace_core.ir.nodes import NodeBase, Placeholder, TextNode
from ace_core.ir.text import TextBody, TextStyle
from adapters.ooxml.conventions import META_INHERITED, META_XFRM_INHERITED
from adapters.ooxml.inherit import master_type

__all__ = ["TITLE_TYPES", "TemplatePlan", "match_placeholder", "plan_template"]

TITLE_TYPES = {"title", "ctrTitle"}
FOOTER_TYPES = {"dt", "ftr", "sldNum", "hdr"}
_BOX_TOLERANCE = 0.5  # px


@dataclass
class TemplatePlan:
    masters: list[Master]
    layouts: list[Layout]
    generated: bool
    """True when the deck had no template of its own (the blank template's was used)"""
    slide_layout: dict[str, str] = field(default_factory=dict)
    """slide id -> layout id"""
    bound: dict[str, dict[str, Placeholder]] = field(default_factory=dict)
    """slide id -> {node id -> the p:ph it is written with}"""
    inherit_box: set[str] = field(default_factory=set)
    """placeholder node ids (slides' and layouts') written without a box of their own"""
    inherited_text: dict[str, TextBody] = field(default_factory=dict)
    """placeholder node id -> the text body of the placeholder it falls back to"""
    added: set[str] = field(default_factory=set)
    """ids of the placeholders added to layouts (they take everything from the master)"""

    def layout(self, layout_id: str) -> Layout:
        return next(lay for lay in self.layouts if lay.id == layout_id)

    def master_of(self, layout: Layout) -> Master:
        return next((m for m in self.masters if m.id == layout.master), self.masters[0])


def _placeholders(nodes: list) -> list[NodeBase]:
    return [n for n in nodes if n.placeholder is not None]


def match_placeholder(ph: Placeholder, candidates: list[NodeBase]) -> NodeBase | None:
    """The layout placeholder a slide placeholder inherits from, as PowerPoint matches them: by
    idx (the type agreeing, or any idx but 0), else by type, else a title for a title."""
    if ph.idx is not None:
        for node in candidates:
            other = node.placeholder
            if other is not None and other.idx == ph.idx and (other.type == ph.type or ph.idx != 0):
                return node
    for node in candidates:
        if node.placeholder is not None and node.placeholder.type == ph.type and node.placeholder.idx is None:
            return node
    for node in candidates:
        if node.placeholder is not None and node.placeholder.type == ph.type:
            return node
    if ph.type in TITLE_TYPES:
        return next((n for n in candidates if n.placeholder is not None and n.placeholder.type in TITLE_TYPES), None)
    return None


def _master_placeholder(ph: Placeholder, master: Master) -> NodeBase | None:
    want = master_type(ph.type)
    return next((n for n in _placeholders(master.children) if master_type(n.placeholder.type) == want), None)  # type: ignore[union-attr]


def _same_box(a: NodeBase, b: NodeBase | None) -> bool:
    if b is None:
        return a.width < 1 and a.height < 1
    pairs = ((a.x, b.x), (a.y, b.y), (a.width, b.width), (a.height, b.height))
    return all(abs(p - q) <= _BOX_TOLERANCE for p, q in pairs) and abs(a.rotation - b.rotation) < 0.01


@functools.lru_cache(maxsize=1)
def _blank_template_json() -> str:
    """The blank template's masters and layouts as IR JSON (read once)."""
    from adapters.ooxml.package_out import TEMPLATE_PATH
    from adapters.ooxml.read_deck import read_pptx

    blank = read_pptx(TEMPLATE_PATH, master_shapes=False)
    holder = Deck(width=blank.width, height=blank.height, masters=blank.masters, layouts=blank.layouts)
    return holder.to_json()


def _generated(deck: Deck) -> tuple[list[Master], list[Layout]]:
    """The blank template's master and layouts, their boxes fitted to the deck's slide size, ids
    kept clear of the deck's."""
    holder = Deck.from_json(_blank_template_json())
    sx, sy = deck.width / holder.width, deck.height / holder.height
    taken = {s.id for s in deck.slides} | {n.id for _, n in deck.iter_nodes()}
    prefix = "" if not any(i.startswith(("master", "layout")) for i in taken) else "ace-"
    for item in [*holder.masters, *holder.layouts]:
        item.id = prefix + item.id
        if isinstance(item, Layout):
            item.master = prefix + item.master
        for node in item.iter_nodes():
            node.id = prefix + node.id
        for node in item.children:
            node.x, node.width, node.y, node.height = node.x * sx, node.width * sx, node.y * sy, node.height * sy
        item.source = None
        if deck.theme is not None and deck.theme.fonts.fallback:
            _name_no_theme_face(item)
    return holder.masters, holder.layouts


def _name_no_theme_face(model: BaseModel) -> None:
    """Drop the theme-font faces (+mj-lt, +mn-lt and the blank template's faces they resolved to)
    from the text styles in `model`, for a deck whose text names no face (ThemeFonts.fallback):
    the fresh file names none either, so it draws in the face the source was drawn in."""
    for name in type(model).model_fields:
        value = getattr(model, name)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, TextStyle) and item.font_ref and item.font_ref.startswith("+m"):
                item.font_ref = item.font_family = None
            if isinstance(item, BaseModel):
                _name_no_theme_face(item)


def _choose_layout(slide: Slide, layouts: list[Layout]) -> Layout:
    """A layout for a slide that names none the deck holds: by name, else the one whose
    placeholders best fit the slide's (a slide without placeholders gets a blank layout)."""
    if slide.layout:
        named = [lay for lay in layouts if lay.name == slide.layout]
        if named:
            return named[0]
    own = [n.placeholder for n in _placeholders(slide.children) if META_INHERITED not in n.meta]

    def score(layout: Layout) -> tuple[int, int, int, int]:
        phs = [n for n in _placeholders(layout.children) if n.placeholder.type not in FOOTER_TYPES]  # type: ignore[union-attr]
        found = [match_placeholder(ph, phs) for ph in own]  # type: ignore[arg-type]
        exact = sum(1 for ph, got in zip(own, found, strict=True) if got is not None and _same_kind(ph, got))
        matched = sum(1 for got in found if got is not None)
        blank = layout.kind == "blank" and not own
        return (exact, matched, -abs(len(phs) - len(own)), int(blank))

    return max(layouts, key=score)


def _same_kind(ph: Placeholder | None, node: NodeBase) -> bool:
    """The same placeholder type (a content placeholder 'obj' and a body count as one)."""
    other = node.placeholder
    if ph is None or other is None:
        return False
    return ph.type == other.type or {ph.type, other.type} <= {"obj", "body"}


def _bare(ph: Placeholder, node_id: str) -> TextNode:
    """A layout placeholder with nothing of its own (it falls back to the master's)."""
    return TextNode(id=node_id, name=f"{ph.type} placeholder", placeholder=ph, meta={META_XFRM_INHERITED: True})


def _bind_slide(plan: TemplatePlan, slide: Slide, layout: Layout, report: LossReport) -> None:
    bound: dict[str, Placeholder] = {}
    master = plan.master_of(layout)
    for node in slide.children:
        if node.placeholder is None or META_INHERITED in node.meta:
            continue
        target = match_placeholder(node.placeholder, _placeholders(layout.children))
        if target is None:
            idxs = {n.placeholder.idx for n in _placeholders(layout.children)}  # type: ignore[union-attr]
            idx = node.placeholder.idx
            if idx is not None and idx in idxs:
                idx = max(i for i in idxs if i is not None) + 1
            bare_id = f"{layout.id}.ph{len(layout.children) + 1}"
            target = _bare(Placeholder(type=node.placeholder.type, idx=idx), bare_id)
            layout.children.append(target)
            plan.inherit_box.add(target.id)
            plan.added.add(target.id)
            report.add(
                "placeholder-binding",
                f"the {node.placeholder.type} placeholder (idx {node.placeholder.idx}) has no counterpart in layout "
                f"{layout.name or layout.id!r}: one that takes everything from the master was added to the layout",
                slide_id=slide.id,
                node_id=node.id,
                severity="info",
                stage="write",
                format="pptx",
            )
        bound[node.id] = Placeholder(type=node.placeholder.type, idx=target.placeholder.idx)  # type: ignore[union-attr]
        falls_back = _master_placeholder(node.placeholder, master) if target.id in plan.inherit_box else target
        # the text falls back to the layout's placeholder, which is written with its own body
        # properties even when its box comes from the master; only one added here has none
        text_from = _master_placeholder(node.placeholder, master) if target.id in plan.added else target
        inherited = getattr(text_from, "text", None)
        if isinstance(inherited, TextBody):
            plan.inherited_text[node.id] = inherited
        boxless = node.width < 1 and node.height < 1 and abs(node.x) < 1 and abs(node.y) < 1
        if (node.meta.get(META_XFRM_INHERITED) and _same_box(node, falls_back)) or boxless:
            plan.inherit_box.add(node.id)  # as in the source: no box of its own (none at all: not drawn)
    for node in slide.iter_nodes():
        if node.placeholder is not None and node.id not in bound and META_INHERITED not in node.meta:
            if any(node is top for top in slide.children):
                continue
            report.add(
                "placeholder-binding",
                f"the {node.placeholder.type} placeholder inside a group is written as a plain shape "
                "(PowerPoint does not group placeholders)",
                slide_id=slide.id,
                node_id=node.id,
                severity="info",
                stage="write",
                format="pptx",
            )
    plan.bound[slide.id] = bound


def _bind_layout(plan: TemplatePlan, layout: Layout) -> None:
    master = plan.master_of(layout)
    for node in _placeholders(layout.children):
        if node.id in plan.inherit_box:
            continue
        target = _master_placeholder(node.placeholder, master)  # type: ignore[arg-type]
        inherited = getattr(target, "text", None)
        if isinstance(inherited, TextBody):
            plan.inherited_text[node.id] = inherited
        if node.meta.get(META_XFRM_INHERITED) and target is not None and _same_box(node, target):
            plan.inherit_box.add(node.id)


def plan_template(deck: Deck, report: LossReport) -> TemplatePlan:
    """The template a fresh .pptx of `deck` gets, and how its slides bind to it (the deck is not
    changed: the plan's layouts are copies whose lists it may extend)."""
    usable = bool(deck.masters and deck.layouts)
    if usable:  # shallow copies: the plan only adds placeholders to a layout's own (copied) list
        masters = list(deck.masters)
        layouts = [lay.model_copy(update={"children": list(lay.children)}) for lay in deck.layouts]
    else:
        masters, layouts = _generated(deck)
    plan = TemplatePlan(masters=masters, layouts=layouts, generated=not usable)
    known = {m.id for m in masters}
    for i, layout in enumerate(layouts):
        if layout.master not in known:
            layouts[i] = layout.model_copy(update={"master": masters[0].id})
    by_id = {lay.id: lay for lay in layouts}
    for layout in layouts:
        _bind_layout(plan, layout)
    for slide in deck.slides:
        layout = by_id.get(slide.layout_id or "") if usable else None
        if layout is None:
            layout = _choose_layout(slide, layouts)
        plan.slide_layout[slide.id] = layout.id
        _bind_slide(plan, slide, layout, report)
    return plan
