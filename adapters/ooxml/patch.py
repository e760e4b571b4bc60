"""Patch mode: write a deck read from a .pptx back into its own source package, touching only what changed.

Slides whose fingerprint and nodes' fingerprints still match keep their parts byte for byte;
changed slides are patched shape by shape (patch_shapes); added slides are written by the fresh
writer on a layout of the source; removed slides are dropped with their notes and every link to
them; the slide list, sections, slide size, theme and deck id are rewritten only when they
changed. Masters, layouts, animations, OLE, media, custom XML and every part the IR does not
model are carried over untouched."""

from __future__ import annotations

from collections import Counter
from typing import Any

from lxml import etree

from ace_core.ir.deck import THEME_BOOKKEEPING, Deck, Slide
from ace_core.ir.fingerprint import slide_fingerprint
from ace_core.ir.loss import LossReport
from ace_core.ir.nodes import NodeBase
from ace_core.units import EMU_PER_PX
from adapters.ooxml import conventions as cv
from adapters.ooxml.ns import RT, local, qn
from adapters.ooxml.package_out import CONTENT_TYPES, OutPackage
from adapters.ooxml.patch_shapes import TOP, ShapeIndex, SlidePatcher, unchanged
from adapters.ooxml.strict import to_transitional
from adapters.ooxml.values import emu
from adapters.ooxml.write_context import DeckWriteState, PartContext, ThemeResolver
from adapters.ooxml.write_fresh import apply_variant, layout_parts, set_sections, set_slide_size
from adapters.ooxml.write_slide import (
    PRESENTATION_ORDER,
    background_el,
    insert_in_order,
    notes_slide,
    set_notes_text,
    slide_element,
    transition_els,
    written_nodes,
)
from adapters.ooxml.write_template import write_theme
from adapters.ooxml.xmlgen import el

__all__ = ["write_patch"]

_SLD_ORDER = ["cSld", "clrMapOvr", "transition", "timing", "extLst"]
_TIMING_REFS = ("spTgt", "bldP", "bldGraphic", "bldOleChart", "bldDgm", "bldSub")


class _Patch:
    def __init__(self, deck: Deck, report: LossReport, variant: str | None = None, keep_strict: bool = False) -> None:
        assert deck.source is not None and deck.source.package
        self.deck = deck
        self.report = report
        self.variant = variant
        self.data = deck.asset_bytes(deck.source.package)
        self.pkg = OutPackage.load(self.data, where=deck.source.path or "the source package")
        if self.pkg.strict and not keep_strict:
            to_transitional(self.pkg)
            report.add(
                "strict",
                "the ISO-Strict deck is written in the Transitional namespaces, as PowerPoint saves it "
                "(keep Strict with --keep-strict)",
                severity="info",
                stage="write",
                format="pptx",
            )
        self.pres = self._main_part()
        self.state = DeckWriteState(deck=deck, pkg=self.pkg, report=report, theme=ThemeResolver(deck.theme))
        self.state.mode = "patch"
        self._orig: Deck | None = None
        self._pres_view = self.pkg.peek_xml(self.pres)

    # -- source ----------------------------------------------------------------------------------
    def _main_part(self) -> str:
        for rel in self.pkg.rels("").items.values():
            if rel.type == RT.OFFICE_DOCUMENT and not rel.external and rel.target in self.pkg.parts:
                return rel.target
        return self.pkg.main_part  # the root relationship names no part: the one the reader found

    @property
    def orig(self) -> Deck:
        """The deck as read from the source (read again, lazily: only edited decks need it)."""
        if self._orig is None:
            from adapters.ooxml.read_deck import read_pptx

            self._orig = read_pptx(self.data, where=self.deck.source.path if self.deck.source else None)
        return self._orig

    def _source_slides(self) -> list[tuple[etree._Element, str]]:
        lst = self._pres_view.find(qn("p:sldIdLst"))
        rels = self.pkg.rels(self.pres)
        out = []
        seen = set()
        for entry in lst if lst is not None else []:
            if local(entry.tag) != "sldId":
                continue
            rel = rels.get(entry.get(qn("r:id")))
            if rel is None or rel.external or not self.pkg.exists(rel.target) or rel.target in seen:
                continue
            seen.add(rel.target)
            out.append((entry, rel.target))
        return out

    # -- the whole deck --------------------------------------------------------------------------
    def run(self) -> bytes:
        source = self._source_slides()
        src_parts = [part for _, part in source]
        sld_id_of = {part: int(entry.get("id") or 0) for entry, part in source}
        parts: dict[str, str] = {}
        new_slides: list[Slide] = []
        for slide in self.deck.slides:
            ref = slide.source.ref if slide.source is not None and slide.source.format == "pptx" else None
            if ref in sld_id_of and ref not in parts.values():
                parts[slide.id] = ref
            else:
                part = self.pkg.next_name("ppt/slides/slide{}.xml")
                self.pkg.put_bytes(part, b"", CONTENT_TYPES["slide"])  # reserve the name
                parts[slide.id] = part
                new_slides.append(slide)
        self.state.slide_parts.update(parts)
        removed = [p for p in src_parts if p not in parts.values()]
        order = [parts[s.id] for s in self.deck.slides]
        for slide in self.deck.slides:
            if slide in new_slides:
                self._write_new(slide, parts[slide.id])
            elif self._slide_changed(slide):
                self._patch_slide(slide, parts[slide.id])
        if removed or new_slides or order != src_parts:
            sld_ids = self._rebuild_slide_list(order, sld_id_of)
        else:
            sld_ids = dict(sld_id_of)
        for part in removed:
            self._remove_slide(part)
        self._deck_level({s.id: sld_ids[parts[s.id]] for s in self.deck.slides}, bool(removed or new_slides))
        apply_variant(self.pkg, self.pres, self.variant, self.report)
        return self.pkg.to_bytes()

    def _slide_changed(self, slide: Slide) -> bool:
        if slide.source is None or slide.source.fingerprint != slide_fingerprint(slide):
            return True
        return not all(unchanged(n) for n in slide.children)

    def _deck_level(self, sld_ids: dict[str, int], structural: bool) -> None:
        pres = self._pres_view
        size = pres.find(qn("p:sldSz"))
        cx = emu(size.get("cx")) if size is not None else None
        cy = emu(size.get("cy")) if size is not None else None
        width = (cx or cv.DEFAULT_SLIDE_WIDTH_EMU) / EMU_PER_PX
        height = (cy or cv.DEFAULT_SLIDE_HEIGHT_EMU) / EMU_PER_PX
        if abs(width - self.deck.width) > 0.01 or abs(height - self.deck.height) > 0.01:
            set_slide_size(self.pkg.xml(self.pres), self.deck, self.report)
            self._loss("slide-size", "slide size changed; slide contents were not scaled", None, "info")
        stored = cv.read_ace_id(pres) or "deck"
        if self.deck.id != stored:
            cv.set_ace_id(self.pkg.xml(self.pres), self.deck.id)
        from adapters.ooxml.read_deck import _sections

        old_sections = _sections(pres)
        now = {str(sld_ids[s.id]): s.section for s in self.deck.slides}
        was = {sid: old_sections.get(sid) for sid in now}
        if now != was or (structural and old_sections):
            set_sections(self.pkg.xml(self.pres), self.deck.slides, sld_ids)
        self._theme()

    def _theme(self) -> None:
        from adapters.ooxml.inherit import Masters
        from adapters.ooxml.package import open_package

        if self.deck.theme is None:
            return
        first = Masters(open_package(self.data)).first_master()
        # the carried part is not what the theme says; the fallback face is what the reader found
        # the deck's text styles to leave out, not a field of the theme part
        kept: dict[str, Any] = {k: True for k in THEME_BOOKKEEPING} | {"fonts": {"fallback": True}}
        if first is None or first.theme.to_ir().model_dump(exclude=kept) == self.deck.theme.model_dump(exclude=kept):
            return
        masters = self.pkg.rels(self.pres).of_type(RT.SLIDE_MASTER)
        themes = self.pkg.rels(masters[0].target).of_type(RT.THEME) if masters else []
        if themes:
            write_theme(self.pkg.xml(themes[0].target), self.deck.theme)

    def _loss(self, feature: str, reason: str, slide_id: str | None, severity: Any = "warning") -> None:
        self.report.add(feature, reason, slide_id=slide_id, severity=severity, stage="write", format="pptx")

    # -- slide list ------------------------------------------------------------------------------
    def _rebuild_slide_list(self, order: list[str], sld_id_of: dict[str, int]) -> dict[str, int]:
        pres = self.pkg.xml(self.pres)
        self._pres_view = pres
        lst = pres.find(qn("p:sldIdLst"))
        if lst is None:
            lst = insert_in_order(pres, el("p:sldIdLst"), PRESENTATION_ORDER)
        rels = self.pkg.rels(self.pres)
        existing = {}
        for entry in list(lst):
            rel = rels.get(entry.get(qn("r:id")))
            if rel is not None and rel.target not in existing:
                existing[rel.target] = entry
            lst.remove(entry)
        next_id = max([255, *sld_id_of.values()]) + 1
        out: dict[str, int] = {}
        for part in order:
            entry = existing.get(part)
            if entry is None:
                entry = el("p:sldId", {"id": next_id, "r:id": self.pkg.relate(self.pres, RT.SLIDE, part)})
                next_id += 1
            lst.append(entry)
            out[part] = int(entry.get("id") or 0)
        if not len(lst):
            pres.remove(lst)
        return out

    def _remove_slide(self, part: str) -> None:
        """Drop a slide, its notes slide, and every relationship (and link element) to it."""
        for rel in self.pkg.rels(part).of_type(RT.NOTES_SLIDE):
            self.pkg.remove(rel.target)
        self.pkg.remove(part)
        for source in self._rels_sources():
            rels = self.pkg.rels(source)
            dead = [r.rid for r in rels.items.values() if not r.external and r.target == part]
            if not dead:
                continue
            for rid in dead:
                rels.remove(rid)
            if source.endswith(".xml"):
                self._drop_references(source, set(dead))

    def _drop_references(self, part: str, rids: set[str]) -> None:
        root = self.pkg.xml(part)
        r_id = qn("r:id")
        for node in list(root.iter()):
            if isinstance(node.tag, str) and node.get(r_id) in rids:
                parent = node.getparent()
                if parent is not None:
                    parent.remove(node)

    # -- new slides ------------------------------------------------------------------------------
    def _layout_for(self, name: str | None) -> str:
        masters = self.pkg.rels(self.pres).of_type(RT.SLIDE_MASTER)
        layouts: dict[str, str] = {}
        for m in masters:
            for lname, lpart in layout_parts(self.pkg, m.target).items():
                layouts.setdefault(lname, lpart)
        if name and name in layouts:
            return layouts[name]
        for candidate in ("Blank", "Title Only"):
            if candidate in layouts:
                return layouts[candidate]
        return next(iter(layouts.values()))

    def _write_new(self, slide: Slide, part: str) -> None:
        ctx = PartContext(self.state, part, slide_id=slide.id)
        nodes = written_nodes(slide)
        root = slide_element(slide, ctx, nodes=nodes, placeholders=True, inherited_background=False)
        self.pkg.put_xml(part, root, CONTENT_TYPES["slide"])
        self.pkg.relate(part, RT.SLIDE_LAYOUT, self._layout_for(slide.layout))
        if slide.notes:
            notes_slide(self.pkg, part, slide.notes)

    # -- changed slides --------------------------------------------------------------------------
    def _patch_slide(self, slide: Slide, part: str) -> None:
        orig_slide = self.orig.slide(slide.id)
        if orig_slide is None:  # the id does not come from this source: write the slide anew
            self._rewrite(slide, part)
            return
        ctx = PartContext(self.state, part, slide_id=slide.id)
        root = self.pkg.xml(part)
        csld = root.find(qn("p:cSld"))
        tree = csld.find(qn("p:spTree")) if csld is not None else None
        if tree is None:
            self._rewrite(slide, part)
            return
        originals = {n.id: n for n in orig_slide.iter_nodes()}
        for node in slide.children:
            if cv.META_INHERITED in node.meta and not unchanged(node):
                self._loss("layout-shape-edit", f"edits to layout / master shape {node.id} are not written", slide.id)
            if cv.META_VML in node.meta and not unchanged(node):
                self._loss("vml-ink-edit", f"edits to legacy VML ink {node.id} are not written in patch mode", slide.id)
            if cv.META_CONTROL in node.meta and not unchanged(node):
                self._loss("control-edit", f"edits to the form control picture {node.id} are not written", slide.id)
        referenced = _rel_ids(root)
        patcher = SlidePatcher(ctx, tree, originals)
        nodes = written_nodes(slide, patch=True)
        patcher.map_ids(nodes)
        for _, node in _walk(nodes):
            if node.id not in ctx.shape_ids:
                ctx.shape_id(node.id)
        patcher.patch_container(tree, nodes, TOP)
        patcher.resolve_connectors()
        if patcher.changed_order:
            self._stamp_duplicates(tree, part, nodes)
        self._check_timing(root, tree, slide.id)
        self._slide_props(slide, orig_slide, part, root, ctx)
        self._drop_unused(part, referenced - _rel_ids(root))

    def _drop_unused(self, part: str, gone: set[str]) -> None:
        """Relationships only the replaced XML used (an old chart, image or link), and their parts
        when nothing else in the package points at them."""
        rels = self.pkg.rels(part)
        dropped = []
        for rid in gone:
            rel = rels.get(rid)
            if rel is not None and rel.type in _OWNED_REL_TYPES:
                rels.remove(rid)
                if not rel.external:
                    dropped.append(rel.target)
        for target in dropped:
            if not any(r.target == target for name in self._rels_sources() for r in self.pkg.rels(name).items.values()):
                for sub_rel in list(self.pkg.rels(target).items.values()):
                    if not sub_rel.external and sub_rel.type == RT.PACKAGE:
                        self.pkg.remove(sub_rel.target)
                self.pkg.remove(target)

    def _rels_sources(self) -> list[str]:
        out = []
        for name in self.pkg.names():
            if name.endswith(".rels"):
                directory, _, base = name.rpartition("_rels/")
                source = directory + base[: -len(".rels")]
                if self.pkg.exists(source) or source == "":
                    out.append(source)
        return out

    def _rewrite(self, slide: Slide, part: str) -> None:
        ctx = PartContext(self.state, part, slide_id=slide.id)
        root = slide_element(slide, ctx, nodes=written_nodes(slide), placeholders=True, inherited_background=False)
        self.pkg.put_xml(part, root)
        self._loss("slide-rewritten", "the slide was rewritten from the IR (animations dropped)", slide.id, "info")

    def _stamp_duplicates(self, tree: etree._Element, part: str, nodes: list[NodeBase]) -> None:
        """Shapes sharing a cNvPr id get ids by document order when read; after a reorder, store
        their ACE ids so each keeps its own."""
        ids = Counter(c.get("id") for c in tree.iter(qn("p:cNvPr")))
        dup = {k for k, v in ids.items() if v > 1}
        if not dup:
            return
        index = ShapeIndex.build(tree, part)
        by_ref = {n.source.ref: n.id for _, n in _walk(nodes) if n.source is not None}
        for ref, (_item, shape) in index.by_ref.items():
            cnv = next((c.find(qn("p:cNvPr")) for c in shape if local(c.tag).startswith("nv")), None)
            if cnv is not None and cnv.get("id") in dup and ref in by_ref:
                cv.set_ace_id(cnv, by_ref[ref])

    def _check_timing(self, root: etree._Element, tree: etree._Element, slide_id: str) -> None:
        """Animations that target a deleted shape would make PowerPoint repair the file: drop them."""
        timing = root.find(qn("p:timing"))
        if timing is None:
            return
        present = {c.get("id") for c in tree.iter(qn("p:cNvPr"))}
        for node in timing.iter():
            if isinstance(node.tag, str) and local(node.tag) in _TIMING_REFS:
                spid = node.get("spid")
                if spid is not None and spid not in present:
                    root.remove(timing)
                    self._loss(
                        "animation", "animations of a deleted shape: the slide's animations were dropped", slide_id
                    )
                    return

    def _slide_props(self, slide: Slide, orig: Slide, part: str, root: etree._Element, ctx: PartContext) -> None:
        if slide.hidden != orig.hidden:
            if slide.hidden:
                root.set("show", "0")
            else:
                root.attrib.pop("show", None)
        csld = root.find(qn("p:cSld"))
        if slide.name != orig.name and csld is not None:
            if slide.name:
                csld.set("name", slide.name)
            else:
                csld.attrib.pop("name", None)
        if slide.background != orig.background and csld is not None:
            old = csld.find(qn("p:bg"))
            if old is not None:
                csld.remove(old)
            bg = background_el(slide.background, ctx) if slide.background and not slide.background.inherited else None
            if bg is not None:
                csld.insert(0, bg)
        if slide.transition != orig.transition:
            for child in list(root):
                if local(child.tag) == "transition" or (
                    local(child.tag) == "AlternateContent" and next(child.iter(qn("p:transition")), None) is not None
                ):
                    root.remove(child)
            if slide.transition is not None:
                for item in reversed(transition_els(slide.transition, ctx)):
                    anchor = root.find(qn("p:clrMapOvr"))
                    if anchor is not None:
                        anchor.addnext(item)
                    else:
                        csld.addnext(item)
        if slide.notes != orig.notes:
            self._notes(slide, part)
        if slide.layout != orig.layout and slide.layout:
            rels = self.pkg.rels(part)
            target = self._layout_for(slide.layout)
            for rel in rels.of_type(RT.SLIDE_LAYOUT):
                rel.target = target
                rels.dirty = True

    def _notes(self, slide: Slide, part: str) -> None:
        found = [r for r in self.pkg.rels(part).of_type(RT.NOTES_SLIDE) if self.pkg.exists(r.target)]
        if not found:
            if slide.notes:
                notes_slide(self.pkg, part, slide.notes)
            return
        root = self.pkg.xml(found[0].target)
        for sp in root.iter(qn("p:sp")):
            ph = sp.find(f"{qn('p:nvSpPr')}/{qn('p:nvPr')}/{qn('p:ph')}")
            if ph is not None and ph.get("type") == "body":
                body = sp.find(qn("p:txBody"))
                if body is None:
                    body = el("p:txBody", None, el("a:bodyPr"), el("a:lstStyle"))
                    sp.append(body)
                set_notes_text(body, slide.notes)
                return
        self._loss("notes", "the notes slide has no body placeholder; notes not written", slide.id)


_OWNED_REL_TYPES = {RT.IMAGE, RT.CHART, RT.HYPERLINK, RT.SLIDE}


def _rel_ids(root: etree._Element) -> set[str]:
    """Every relationship id a part's XML names (r:id, r:embed, r:link, ...)."""
    prefix = qn("r:id")[: -len("id")]
    return {v for el in root.iter() if isinstance(el.tag, str) for k, v in el.attrib.items() if k.startswith(prefix)}


def _walk(nodes: list[NodeBase]) -> list[tuple[int, NodeBase]]:
    out: list[tuple[int, NodeBase]] = []
    stack = [(0, n) for n in reversed(nodes)]
    while stack:
        depth, node = stack.pop()
        out.append((depth, node))
        kids = getattr(node, "children", None)
        if kids:
            stack.extend((depth + 1, k) for k in reversed(kids))
    return out


def write_patch(deck: Deck, report: LossReport, variant: str | None = None, *, keep_strict: bool = False) -> bytes:
    """The bytes of the deck's source package with the deck's changes applied; `variant` is the
    output's extension (the main content type follows it). An ISO-Strict source is written
    Transitional unless `keep_strict`."""
    return _Patch(deck, report, variant, keep_strict).run()
