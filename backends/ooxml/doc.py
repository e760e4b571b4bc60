"""The OOXML backend's document: the OpenXML package itself (parts, parsed XML, relationships), the
slide order, and what the tools need to find a shape by its ACE id.

A shape's id is what the reader gives it back: the id stored in its cNvPr extension, else the
derived '<slide id>.<cNvPr id>'. Loading stamps the stored id on every shape where that rule would
not give the deck's id back (duplicate cNvPr ids, ids the reader had to re-allocate), so a shape's
id can be read off the XML alone. Forks (a tentative edit) share parsed parts with the document
until they edit them (copy on write)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from ace_core.errors import ToolError
from ace_core.ir.deck import Deck
from ace_core.ir.loss import LossReport
from adapters.ooxml import conventions as cv
from adapters.ooxml.ns import RT, local, qn
from adapters.ooxml.package_out import OutPackage, OutRel, _Rels
from adapters.ooxml.write_context import DeckWriteState, PartContext, ThemeResolver
from backends.native import NativeDoc, stale_error
from backends.ooxml.shapes import cnv_of, element_type, iter_shapes, key_of, parent_container

__all__ = ["OoxmlDoc", "clone_package"]


def clone_package(pkg: OutPackage) -> OutPackage:
    """A copy of a package that shares its parsed parts (copy on write: see OoxmlDoc.edit) and
    owns copies of everything else that edits mutate."""
    new = OutPackage.__new__(OutPackage)
    new.__dict__.update(pkg.__dict__)
    new.parts = dict(pkg.parts)
    new._xml = dict(pkg._xml)
    new._rels = {}
    for source, rels in pkg._rels.items():
        copy_rels = _Rels(source, [OutRel(r.rid, r.type, r.target, r.external) for r in rels.items.values()])
        copy_rels.dirty = rels.dirty
        new._rels[source] = copy_rels
    new.defaults = dict(pkg.defaults)
    new.overrides = dict(pkg.overrides)
    if "_media" in pkg.__dict__:
        new.__dict__["_media"] = dict(pkg.__dict__["_media"])
    return new


@dataclass
class OoxmlDoc(NativeDoc):
    pkg: OutPackage = field(default_factory=OutPackage)
    pres: str = "ppt/presentation.xml"
    order: list[str] = field(default_factory=list)
    """slide ids in show order"""
    parts: dict[str, str] = field(default_factory=dict)
    """slide id -> slide part"""
    types: dict[str, str] = field(default_factory=dict)
    """node id -> IR type, for the slide's own shapes"""
    where: dict[str, str] = field(default_factory=dict)
    """node id -> slide id, for the slide's own shapes"""
    base_boxes: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)
    """slide px box of placeholders whose geometry comes from the layout (no xfrm of their own)"""
    owned: set[str] = field(default_factory=set)
    """parts whose parsed tree this document may edit in place"""
    readonly: dict[str, str] = field(default_factory=dict)
    """node id -> where it is drawn from, for nodes the slide shows but does not own (layout or
    master shapes, SmartArt drawing shapes)"""

    def fork(self) -> OoxmlDoc:
        return OoxmlDoc(
            **self.fork_common(),
            pkg=clone_package(self.pkg),
            pres=self.pres,
            order=list(self.order),
            parts=dict(self.parts),
            types=dict(self.types),
            where=dict(self.where),
            base_boxes=dict(self.base_boxes),
            owned=set(),
            readonly=self.readonly,
        )

    # -- parts ---------------------------------------------------------------------------------
    def xml(self, part: str) -> etree._Element:
        """A part's tree for reading."""
        if part not in self.pkg._xml:
            self.owned.add(part)  # parsed here: nobody else holds this tree
        return self.pkg.xml(part)

    def edit(self, part: str) -> etree._Element:
        """A part's tree for editing (copied first when it is shared with another document)."""
        if part in self.pkg._xml and part not in self.owned:
            self.pkg._xml[part] = copy.deepcopy(self.pkg._xml[part])
        self.owned.add(part)
        return self.pkg.xml(part)

    def package_bytes(self) -> bytes:
        """The package as .pptx bytes."""
        return self.pkg.to_bytes()

    def put_xml(self, part: str, root: etree._Element, content_type: str | None = None) -> None:
        self.pkg.put_xml(part, root, content_type)
        self.owned.add(part)

    # -- slides --------------------------------------------------------------------------------
    def slide_part(self, slide_id: str | None, field: str = "slideId") -> tuple[str, str]:
        """(slide id, part) of a slide (None: the focused slide)."""
        if slide_id is None:
            slide_id = self.focused if self.focused in self.parts else (self.order[0] if self.order else None)
            if slide_id is None:
                raise ToolError("the deck has no slides", field=field, hint="create_slide first")
        part = self.parts.get(slide_id)
        if part is None:
            if self.slide_of_node(slide_id) is not None:
                raise ToolError(f"{slide_id!r} is a node id, not a slide id", field=field, hint="get_all_slides")
            raise stale_error(self, slide_id, field, "slide")
        return slide_id, part

    def sp_tree(self, slide_id: str, *, write: bool = False) -> etree._Element:
        part = self.parts[slide_id]
        root = self.edit(part) if write else self.xml(part)
        tree = root.find(f"{qn('p:cSld')}/{qn('p:spTree')}")
        if tree is None:
            raise ToolError(f"slide {slide_id!r} has no shape tree", field="slideId")
        return tree

    def slide_index(self, slide_id: str) -> int:
        return self.order.index(slide_id)

    # -- shapes --------------------------------------------------------------------------------
    def shapes(self, slide_id: str, *, write: bool = False) -> dict[str, etree._Element]:
        """Node id -> shape element for every shape of a slide (groups' members included)."""
        tree = self.sp_tree(slide_id, write=write)
        out: dict[str, etree._Element] = {}
        for shape in iter_shapes(tree):
            key = key_of(shape, slide_id)
            if key is not None and key not in out:
                out[key] = shape
        return out

    def slide_of_node(self, node_id: str) -> str | None:
        """The slide holding node `node_id` (its own shapes only)."""
        sid = self.where.get(node_id)
        if sid is None or sid not in self.parts:
            return None
        if node_id in self.shapes(sid):
            return sid
        for other in self.order:  # moved by an edit that did not say so: find it
            if node_id in self.shapes(other):
                self.where[node_id] = other
                return other
        return None

    def find(self, node_id: str, field: str = "nodeId", *, write: bool = False) -> tuple[str, etree._Element]:
        """(slide id, shape element) of a node; a stale, unknown or read-only id is a ToolError."""
        sid = self.slide_of_node(node_id)
        if sid is None:
            if node_id in self.parts:
                raise ToolError(f"{node_id!r} is a slide id, not a node id", field=field, hint="give a node id")
            if node_id in self.readonly:
                raise ToolError(
                    f"{node_id!r} is drawn from the {self.readonly[node_id]}: ooxml edits the slide's own shapes only",
                    field=field,
                    hint="edit a shape of the slide itself, or add one (create_*) over it",
                )
            raise stale_error(self, node_id, field)
        shape = self.shapes(sid, write=write)[node_id]
        if write:
            shape = _unwrap_alternate(shape)
        return sid, shape

    def container(self, ident: str | None, field: str = "parentId") -> tuple[str, etree._Element]:
        """(slide id, spTree or grpSp) where new shapes go: a slide id, a group id, None = focused."""
        if ident is None or ident in self.parts:
            sid, _ = self.slide_part(ident, field)
            return sid, self.sp_tree(sid, write=True)
        sid, shape = self.find(ident, field, write=True)
        if local(shape.tag) != "grpSp":
            raise ToolError(
                f"{ident!r} is a {self.types.get(ident, element_type(shape))} node, which cannot hold children",
                field=field,
                hint="give a group id or a slide id (ooxml has no frames: create_frame makes a group)",
            )
        return sid, shape

    def next_cnv_id(self, slide_id: str) -> int:
        tree = self.sp_tree(slide_id)
        ids = [int(c.get("id")) for c in tree.iter(qn("p:cNvPr")) if (c.get("id") or "").isdigit()]
        return max([1, *ids]) + 1

    def forget(self, shape: etree._Element, slide_id: str, by: str) -> list[str]:
        """Mark the ids of a removed shape subtree deleted; returns them."""
        gone = []
        for sub in [shape, *iter_shapes(shape)] if local(shape.tag) == "grpSp" else [shape]:
            key = key_of(sub, slide_id)
            if key is not None:
                gone.append(key)
                self.deleted[key] = by
                self.types.pop(key, None)
                self.where.pop(key, None)
                self.base_boxes.pop(key, None)
        return gone

    def register(self, shape: etree._Element, slide_id: str, types: dict[str, str] | None = None) -> list[str]:
        """Record the ids and types of a shape subtree just written; returns the ids."""
        ids = []
        for sub in [shape, *iter_shapes(shape)] if local(shape.tag) == "grpSp" else [shape]:
            key = key_of(sub, slide_id)
            if key is not None:
                ids.append(key)
                self.types[key] = (types or {}).get(key) or element_type(sub)
                self.where[key] = slide_id
                self.ids.reserve(key)
                self.deleted.pop(key, None)
        return ids

    # -- writing -------------------------------------------------------------------------------
    def part_ctx(self, part: str, slide_id: str | None = None) -> PartContext:
        """A writer context for new content in `part` (its theme, this package, new shape ids)."""
        header: Deck = self.header
        state = DeckWriteState(deck=header, pkg=self.pkg, report=LossReport(), theme=ThemeResolver(header.theme))
        state.mode = "patch"
        state.slide_parts.update({sid: p for sid, p in self.parts.items()})
        ctx = PartContext(state, part, slide_id=slide_id)
        if slide_id is not None:
            ctx.next_shape_id = self.next_cnv_id(slide_id)
        return ctx

    def rel_target(self, part: str, rid: str | None) -> str | None:
        rel = self.pkg.rels(part).get(rid)
        return rel.target if rel is not None and not rel.external else None

    def chart_part(self, frame: etree._Element, part: str) -> str | None:
        ref = next(frame.iter(qn("c:chart")), None)
        return self.rel_target(part, ref.get(qn("r:id")) if ref is not None else None)

    def layouts(self) -> dict[str, str]:
        """Layout name -> part, across the masters."""
        from adapters.ooxml.write_fresh import layout_parts

        out: dict[str, str] = {}
        for m in self.pkg.rels(self.pres).of_type(RT.SLIDE_MASTER):
            for name, part in layout_parts(self.pkg, m.target).items():
                out.setdefault(name, part)
        return out


def _unwrap_alternate(shape: etree._Element) -> etree._Element:
    """A shape read from an mc:AlternateContent branch replaces the whole mc:AlternateContent
    before it is edited (the other branch would contradict the edit)."""
    parent = shape.getparent()
    if parent is None or local(parent.tag) not in ("Choice", "Fallback"):
        return shape
    ac = parent.getparent()
    holder = parent_container(shape)
    if ac is None or holder is None:
        return shape
    kids = [c for c in parent if isinstance(c.tag, str)]
    pos = list(holder).index(ac)
    holder.remove(ac)
    for i, kid in enumerate(kids):
        holder.insert(pos + i, kid)
    return shape


def stamp(shape: etree._Element, node_id: str) -> None:
    cnv = cnv_of(shape)
    if cnv is not None:
        cv.set_ace_id(cnv, node_id)


def any_ref(root: etree._Element) -> set[str]:
    """Every relationship id the XML names (r:id, r:embed, r:link, ...)."""
    prefix = qn("r:id")[: -len("id")]
    return {v for el in root.iter() if isinstance(el.tag, str) for k, v in el.attrib.items() if k.startswith(prefix)}


def rewrite_refs(root: etree._Element, mapping: dict[str, str]) -> None:
    prefix = qn("r:id")[: -len("id")]
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        for k, v in list(el.attrib.items()):
            if k.startswith(prefix) and v in mapping:
                el.set(k, mapping[v])


def transfer_rels(doc: OoxmlDoc, src: str, dst: str, root: etree._Element, *, copy_charts: bool) -> None:
    """Make the relationships `root` names (in part `src`) exist in part `dst`; chart parts are
    copied (with their workbook) when `copy_charts`, so two frames never share one chart."""
    mapping: dict[str, str] = {}
    src_rels = doc.pkg.rels(src)
    for rid in any_ref(root):
        rel = src_rels.get(rid)
        if rel is None:
            continue
        target = rel.target
        if copy_charts and rel.type == RT.CHART and not rel.external:
            target = copy_chart_part(doc, target)
        mapping[rid] = doc.pkg.rels(dst).add(rel.type, target, external=rel.external, reuse=not copy_charts)
    if any(k != v for k, v in mapping.items()):
        rewrite_refs(root, mapping)


def copy_chart_part(doc: OoxmlDoc, chart: str) -> str:
    """A copy of a chart part (and of the parts it relates to inside the package)."""
    from adapters.ooxml.package_out import CONTENT_TYPES

    new = doc.pkg.next_name("ppt/charts/chart{}.xml")
    doc.pkg.put_bytes(new, doc.pkg.get_bytes(chart), CONTENT_TYPES["chart"])
    for rel in doc.pkg.rels(chart).items.values():
        target = rel.target
        if not rel.external and rel.type == RT.PACKAGE and doc.pkg.exists(target):
            stem, _, ext = target.rpartition(".")
            copy_name = doc.pkg.next_name(stem.rstrip("0123456789") + "{}." + ext)
            doc.pkg.put_bytes(copy_name, doc.pkg.get_bytes(target), doc.pkg.content_type(target))
            target = copy_name
        doc.pkg.rels(new).items[rel.rid] = OutRel(rel.rid, rel.type, target, rel.external)
        doc.pkg.rels(new).dirty = True
    return new


def shape_types_of(node: Any) -> dict[str, str]:
    """id -> IR type for an IR node and its descendants (what was just written)."""
    out: dict[str, str] = {}
    stack = [node]
    while stack:
        n = stack.pop()
        out[n.id] = n.type
        stack.extend(getattr(n, "children", None) or [])
    return out
