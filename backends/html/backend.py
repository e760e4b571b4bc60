"""The HTML backend: the tool suite editing the deck's HTML DOM (ACE's div.slide schema).

    backend = HtmlBackend(deck)           # written with adapters.html (assets as files beside it)
    backend.execute("move_node", {"nodeId": "s1-title", "x": 40, "y": 30})
    deck = backend.export()               # the HTML read back with the schema reader

Nodes are absolutely positioned elements with inline CSS; auto-layout frames are flexbox, so the
browser places their children (the IR read back re-solves the frames a change touched).
serialize() gives the agent HTML; render() goes through Chromium."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import lxml.html

from ace_core.ids import IdFactory
from ace_core.ir.deck import Deck
from backends.base import SerializeMode
from backends.html.bindings import HANDLERS, UNSUPPORTED
from backends.html.doc import ASSET_DIR, HtmlDoc, css_box, in_flow
from backends.html.serialize import serialize_doc
from backends.native import NativeBackend

__all__ = ["HtmlBackend"]


class HtmlBackend(NativeBackend):
    """Documents are HTML DOMs; tools edit their elements."""

    name = "html"
    handlers = HANDLERS
    unsupported = UNSUPPORTED

    def _open(self, deck: Deck) -> HtmlDoc:
        from adapters.html.write import render_html

        folder = self.work_dir()
        text, ctx = render_html(deck, assets="external", asset_dir_name=ASSET_DIR, embed_source=True)
        deck = ctx.deck  # as written: EMF / WMF / TIFF pictures converted for the browser
        ctx.write_beside(folder / ASSET_DIR)
        root = lxml.html.document_fromstring(text)
        header = deck.model_copy(update={"slides": []})
        header.attach_store(deck.store)
        taken = {s.id for s in deck.slides} | {n.id for _, n in deck.iter_nodes()}
        doc = HtmlDoc(root=root, asset_dir=folder, header=header, ids=IdFactory(taken))
        doc.focused = deck.slides[0].id if deck.slides else None
        return doc

    def _read(self, doc: HtmlDoc) -> Deck:
        from adapters.html.read_schema import read_schema_text

        deck = read_schema_text(doc.text(), base=doc.asset_dir, where=f"{self.name} document")
        deck.name = doc.header.name
        if doc.flow_dirty:
            from ace_core.layout import solve_affected

            for slide in deck.slides:
                ids = [n.id for n in slide.iter_nodes() if n.id in doc.flow_dirty]
                if ids:
                    solve_affected(slide, ids)
        return deck

    def _box(self, doc: HtmlDoc, node_id: str) -> dict[str, Any] | None:
        el = doc._node(node_id)
        if el is None:
            return None
        box = css_box(el)
        if box is None or in_flow(el):
            found = self.view(doc).find(node_id)
            if found is None:
                return None
            node = found[1]
            return {"id": node_id, "x": node.x, "y": node.y, "width": node.width, "height": node.height}
        return {"id": node_id, "x": box[0], "y": box[1], "width": box[2], "height": box[3]}

    def serialize(self, mode: SerializeMode | str = SerializeMode.FULL, slide_ids: list[str] | None = None) -> str:
        doc = self.doc
        mode = SerializeMode(str(getattr(mode, "value", mode)).upper())
        targets = slide_ids or ([doc.focused] if doc.focused else [])
        return serialize_doc(doc, mode, targets)

    def page(self, slide_ids: list[str] | None = None) -> Path:
        """The document (or only `slide_ids`, in that order) as an HTML file beside its assets."""
        doc = self.doc
        root = doc.root
        if slide_ids is not None:
            for sid in slide_ids:
                doc.slide(sid)
            root = copy.deepcopy(doc.root)
            body = root.find("body")
            slides = {s.get("data-slide-id"): s for s in body if s.get("data-slide-id") is not None}
            for s in slides.values():
                body.remove(s)
            for sid in slide_ids:
                body.append(copy.deepcopy(slides[sid]))
        path = doc.asset_dir / f"page-{doc.version}-{abs(hash(tuple(slide_ids or ())))}.html"
        path.write_text("<!DOCTYPE html>\n" + lxml.html.tostring(root, encoding="unicode"), encoding="utf-8")
        return path

    def render(self, out_dir: Path, slide_ids: list[str] | None = None, *, scale: float = 1.0) -> list[Path]:
        """PNG per slide through Chromium (network blocked; the deck's own asset files load)."""
        from backends.render.chromium import render_html

        page = self.page(slide_ids)
        try:
            width = max(16, round(self.doc.header.width * scale))
            return render_html(page, Path(out_dir), width=width).paths
        finally:
            page.unlink(missing_ok=True)
