"""The OOXML backend: the tool suite editing the OpenXML package directly (the paper's legacy condition).

    backend = OoxmlBackend(deck)          # written with adapters.ooxml (patch mode for .pptx decks)
    backend.execute("set_fill_color", {"nodeId": "s256.4", "color": "#FF0000"})
    deck = backend.export()               # the package read back with adapters.ooxml

Shapes are flat and placed in EMU; there are no frames and no auto-layout: the auto-layout tools
answer "unsupported on ooxml: flat format, no auto-layout", create_frame makes a group (and says so).
serialize() gives the agent OpenXML text; render() goes through LibreOffice."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from ace_core.ids import IdFactory
from ace_core.ir.deck import Deck
from adapters.ooxml import conventions as cv
from adapters.ooxml.ns import RT
from adapters.ooxml.package_out import OutPackage
from backends.base import SerializeMode
from backends.native import NativeBackend
from backends.ooxml.bindings import HANDLERS, UNSUPPORTED
from backends.ooxml.doc import OoxmlDoc, stamp
from backends.ooxml.serialize import serialize_doc
from backends.ooxml.shapes import cnv_of, container_origin, iter_shapes, key_of, parent_container, read_box

__all__ = ["OoxmlBackend"]


class OoxmlBackend(NativeBackend):
    """Documents are OpenXML packages; tools edit their slide XML."""

    name = "ooxml"
    handlers = HANDLERS
    unsupported = UNSUPPORTED
    warm_render = False
    """render through the warm LibreOffice (backends.render.warm_office) when it is available: a
    slide in a fraction of a second instead of a LibreOffice start and the whole deck per call"""

    def _open(self, deck: Deck) -> OoxmlDoc:
        from adapters.ooxml.read_deck import read_pptx
        from adapters.ooxml.writer import render_bytes

        data, _mode = render_bytes(deck)
        view = read_pptx(data, where=f"{self.name} document")
        view.name = deck.name
        if view.source is not None and deck.source is not None:
            view.source.path = deck.source.path
        pkg = OutPackage.load(data, where=f"{self.name} document")
        pres = next((r.target for r in pkg.rels("").of_type(RT.OFFICE_DOCUMENT)), "ppt/presentation.xml")
        header = view.model_copy(update={"slides": []})
        header.attach_store(view.store)
        taken = {s.id for s in view.slides} | {n.id for _, n in view.iter_nodes()}
        doc = OoxmlDoc(pkg=pkg, pres=pres, header=header, ids=IdFactory(taken))
        for slide in view.slides:
            part = slide.meta.get(cv.SLIDE_META_PART) or (slide.source.ref if slide.source else None)
            doc.order.append(slide.id)
            doc.parts[slide.id] = part
        for slide in view.slides:
            _index_slide(doc, slide)
        doc.focused = doc.order[0] if doc.order else None
        doc._view = (doc.version, view)
        return doc

    def _read(self, doc: OoxmlDoc) -> Deck:
        from adapters.ooxml.read_deck import read_pptx

        deck = read_pptx(doc.package_bytes(), where=f"{self.name} document")
        deck.name = doc.header.name
        if deck.source is not None and doc.header.source is not None:
            deck.source.path = doc.header.source.path
        return deck

    def _box(self, doc: OoxmlDoc, node_id: str) -> dict[str, Any] | None:
        sid = doc.slide_of_node(node_id)
        if sid is None:
            return None
        shape = doc.shapes(sid)[node_id]
        box = read_box(shape)
        if box is None:
            box = doc.base_boxes.get(node_id)
            if box is None:
                return None
        parent = parent_container(shape)
        ox, oy = container_origin(parent) if parent is not None else (0.0, 0.0)
        return {"id": node_id, "x": box[0] - ox, "y": box[1] - oy, "width": box[2], "height": box[3]}

    def serialize(self, mode: SerializeMode | str = SerializeMode.FULL, slide_ids: list[str] | None = None) -> str:
        doc = self.doc
        mode = SerializeMode(str(getattr(mode, "value", mode)).upper())
        targets = slide_ids or ([doc.focused] if doc.focused else [])
        return serialize_doc(doc, mode, targets)

    def render(self, out_dir: Path, slide_ids: list[str] | None = None, *, scale: float = 1.0) -> list[Path]:
        """PNG per slide through LibreOffice (hidden slides too); `slide_ids` picks and orders them."""
        from backends.render.libreoffice import render_pptx

        doc = self.doc
        wanted = slide_ids or list(doc.order)
        for sid in wanted:
            doc.slide_part(sid)
        width = max(16, round(doc.header.width * scale))
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        if self.warm_render:
            from backends.render.warm_office import WarmOffice, render_pptx_warm

            if WarmOffice.available():
                height = max(1, round(width * doc.header.height / doc.header.width))
                positions = [doc.order.index(sid) for sid in wanted]
                return render_pptx_warm(doc.package_bytes(), positions, out, width=width, height=height)
        with tempfile.TemporaryDirectory(prefix="ace-ooxml-") as tmp:
            src = Path(tmp) / "deck.pptx"
            src.write_bytes(doc.package_bytes())
            pngs = render_pptx(src, Path(tmp) / "png", width=width)
            paths = []
            for i, sid in enumerate(wanted, start=1):
                target = out / f"slide-{i:03d}.png"
                shutil.copyfile(pngs[doc.order.index(sid)], target)
                paths.append(target)
        return paths


def _index_slide(doc: OoxmlDoc, slide: Any) -> None:
    """Record the slide's own shapes (type, slide, layout-given boxes) and stamp the ACE id on
    every shape whose id the XML alone would not give back."""
    part = doc.parts[slide.id]
    own = {}
    for node in slide.iter_nodes():
        if cv.META_INHERITED in node.meta:
            doc.readonly[node.id] = f"slide's {node.meta[cv.META_INHERITED]}"
            continue
        if node.source is None or not node.source.ref:
            continue
        ref_part, cnv_id, occ = cv.parse_node_ref(node.source.ref)
        if ref_part != part:
            doc.readonly[node.id] = f"part {ref_part} (a SmartArt drawing)"
            continue
        own[(cnv_id, occ)] = node
    if not own:
        return
    fixes = {}
    for shape, occ in _occurrences(doc.sp_tree(slide.id)):
        node = own.get(occ)
        if node is None:
            continue
        if key_of(shape, slide.id) != node.id or occ[1] > 1:
            fixes[occ] = node.id
        doc.types[node.id] = node.type
        doc.where[node.id] = slide.id
        if node.meta.get(cv.META_XFRM_INHERITED):
            doc.base_boxes[node.id] = _abs_box(slide, node)
    if fixes:
        for shape, occ in _occurrences(doc.sp_tree(slide.id, write=True)):
            if occ in fixes:
                stamp(shape, fixes[occ])


def _occurrences(tree: Any) -> Any:
    """(shape, (cNvPr id, occurrence)) in document order, as the reader counts them."""
    seen: dict[str, int] = {}
    for shape in iter_shapes(tree):
        cnv = cnv_of(shape)
        if cnv is None:
            continue
        cid = cnv.get("id") or "0"
        seen[cid] = seen.get(cid, 0) + 1
        yield shape, (cid, seen[cid])


def _abs_box(slide: Any, node: Any) -> tuple[float, float, float, float]:
    """Slide px box of a node of a read-back slide."""
    path = _path_to(slide.children, node.id)
    x = sum(n.x for n in path)
    y = sum(n.y for n in path)
    return x, y, node.width, node.height


def _path_to(nodes: list[Any], target: str) -> list[Any]:
    for n in nodes:
        if n.id == target:
            return [n]
        kids = getattr(n, "children", None)
        if kids:
            sub = _path_to(kids, target)
            if sub:
                return [n, *sub]
    return []
