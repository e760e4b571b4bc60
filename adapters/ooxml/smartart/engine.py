"""SmartArt laid out from its data model and layout definition, for diagrams whose drawing part
(the shapes PowerPoint caches) is missing or empty: evaluate the layout, place, size the text,
and emit a dsp:spTree the shape reader reads like a cached drawing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from lxml import etree

from ace_core.ir.text import TextBody
from adapters.ooxml.smartart.build import Inst, build_instances
from adapters.ooxml.smartart.builtin import builtin_layout
from adapters.ooxml.smartart.emit import emit_tree
from adapters.ooxml.smartart.layout import Layout
from adapters.ooxml.smartart.layoutdef import parse_layout
from adapters.ooxml.smartart.model import DataModel
from adapters.ooxml.smartart.styles import Looks, Resolve
from adapters.ooxml.smartart.text import TextFitter

__all__ = ["LaidOut", "lay_out"]

FontBodyReader = Callable[[etree._Element, str], TextBody]


@dataclass
class LaidOut:
    tree: etree._Element | None
    layout_id: str = ""
    shapes: int = 0
    texts_total: int = 0
    texts_shown: int = 0
    missing: list[tuple[int, str]] = field(default_factory=list)
    """texts of the data model that no laid-out shape shows"""
    notes: list[str] = field(default_factory=list)
    builtin: str = ""


def layout_name(unique_id: str) -> str:
    """'urn:microsoft.com/office/officeart/2005/8/layout/hierarchy1' -> 'hierarchy1'."""
    return unique_id.rstrip("/").rsplit("/", 1)[-1] if unique_id else ""


def lay_out(
    data: etree._Element,
    layout: etree._Element | None,
    style: etree._Element | None,
    colors: etree._Element | None,
    width: float,
    height: float,
    resolve: Resolve,
    read_body: FontBodyReader,
    measurer: object | None = None,
) -> LaidOut:
    """Lay the diagram out in a width x height EMU frame."""
    dm = DataModel(data)
    texts = [p for p in dm.nodes() if p.has_text()]
    doc_set = dm.doc.pr_set if dm.doc is not None else {}
    unique_id = (layout.get("uniqueId", "") if layout is not None else "") or doc_set.get("loTypeId", "")
    out = LaidOut(tree=None, layout_id=unique_id, texts_total=len(texts))
    ldef = parse_layout(layout) if layout is not None else None
    if ldef is None:
        ldef, family = builtin_layout(unique_id, doc_set.get("loCatId", ""))
        out.builtin = family
        what = "missing" if layout is None else "has no layout nodes"
        out.notes.append(f"its layout part {what}: drawn with a generic {family} layout")
    if dm.doc is None:
        out.notes.append("its data model has no document point")
        return out
    built = build_instances(dm, ldef)
    if built.root is None:
        return out
    if built.truncated:
        out.notes.append("the layout was cut short (too many shapes)")
    for what in sorted(built.unknown):
        out.notes.append(f"{what} is not evaluated")
    lay = Layout(built.root, width, height)
    lay.run()
    for kind in sorted(lay.unsupported):
        out.notes.append(f"algorithm '{kind}' is drawn as its constraints place it")
    looks = Looks(style, colors, resolve)

    def body_reader(tx: etree._Element, inst: Inst) -> TextBody:
        font = looks.font_idx(inst.style_lbl)
        return read_body(tx, "+mj-lt" if font == "major" else "+mn-lt")

    fitter = TextFitter(dm.doc, body_reader, measurer)
    for inst in lay.all:
        if inst.placed and inst.drawn:
            fitter.size[id(inst)] = fitter.fit(inst)
    for _ in range(2):  # equal sizes, then 'no larger than that one's' bounds on the fitted sizes
        _equalize(lay.all, fitter)
        _font_bounds(lay.all, fitter)
    out.tree = emit_tree(lay.all, looks, fitter)
    out.shapes = sum(1 for c in out.tree if c.tag.endswith("}sp"))
    shown: set[str] = set()
    for inst in lay.all:
        if inst.placed and inst.drawn and id(inst) in fitter.size:
            shown.update(p.id for p, _ in fitter.points.get(id(inst), []))
    out.texts_shown = sum(1 for p in texts if p.id in shown)
    out.missing = [(p.depth - 1, p.line()) for p in texts if p.id not in shown]
    return out


def _equalize(insts: list[Inst], fitter: TextFitter) -> None:
    """Shapes a primFontSz equality constraint binds take the smallest size any of them needs."""
    for inst in insts:
        for kind, targets in inst.extra.get("equal", []):
            if kind != "primFontSz":
                continue
            sizes = [fitter.size[id(t)] for t in targets if id(t) in fitter.size and fitter.shows_text(t)]
            if not sizes:
                continue
            low = min(sizes)
            for t in targets:
                if id(t) in fitter.size:
                    fitter.size[id(t)] = min(fitter.size[id(t)], low)


def _font_bounds(insts: list[Inst], fitter: TextFitter) -> None:
    """A text whose size is bounded by another's ('at most 0.8 of the node text') is held to the
    size that text was fitted to."""
    for inst in insts:
        if id(inst) not in fitter.size:
            continue
        for (kind, op, _), (ref, fact) in inst.extra.get("font_bounds", {}).items():
            if kind != "primFontSz" or id(ref) not in fitter.size or not fitter.shows_text(ref):
                continue
            limit = fitter.size[id(ref)] * fact
            have = fitter.size[id(inst)]
            fitter.size[id(inst)] = min(have, limit) if op == "lte" else max(have, limit)
