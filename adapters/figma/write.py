"""Write a Deck as Figma REST JSON: DOCUMENT -> CANVAS pages -> slide frames (or SLIDE_GRID ->
SLIDE_ROW -> SLIDE for a deck from Figma Slides), images into `<name>.images/`.

Every node gets what Figma's REST API specification requires (adapters.figma.rest), so the file
stands on its standard fields. After building the document the writer reads it back with the
reader: with `embed_ir` it stores, per node, the IR fields that did not survive as ACE's IR copy
(adapters.figma.overrides), so read(write(deck)) == deck; without it (the default) it reports
them (adapters.figma.losses)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ace_core.errors import InternalError
from ace_core.fsutil import atomic_write_text
from ace_core.ir.asset_refs import without_missing_assets
from ace_core.ir.deck import Deck, Slide
from ace_core.ir.loss import LossReport
from ace_core.ir.nodes import FrameNode, NodeBase, TableNode, TextNode
from ace_core.ir.style import ImagePaint, Sides
from ace_core.limits import check_output_size
from adapters.figma.context import FORMAT_NAME, ImageResolver
from adapters.figma.files import write_files
from adapters.figma.geometry import IDENTITY, Affine
from adapters.figma.losses import NotCarried
from adapters.figma.overrides import ACE_KEY, node_sig, set_ace
from adapters.figma.paints import image_ref_of, paints_to_figma
from adapters.figma.patch import carry_source
from adapters.figma.picture_text import PictureTexts
from adapters.figma.read import images_dir_for, read_figma_data
from adapters.figma.rest import CANVAS_DEFAULTS, complete_file, file_header
from adapters.figma.slides import needs_wrapper, wrapper_id
from adapters.figma.write_nodes import NodeWriter
from adapters.html.write import is_ooxml_deck

__all__ = ["build_document", "write_figma"]

GAP = 100.0
_DECK_FIELDS = ("id", "name", "width", "height", "theme", "meta")
_SLIDE_SKIP = {"id", "children", "source", "layout_id"}  # Figma holds no OOXML layouts
_NODE_SKIP = {"id", "children", "source"}


def _translate(x: float, y: float) -> Affine:
    return (1.0, 0.0, x, 0.0, 1.0, y)


def _fmeta(obj: Any) -> dict[str, Any]:
    meta = obj.meta.get("figma") if isinstance(getattr(obj, "meta", None), dict) else None
    return meta if isinstance(meta, dict) else {}


class _DocumentWriter:
    def __init__(self, deck: Deck, report: LossReport, slides: bool | None = None) -> None:
        self.slides = slides
        self.original = deck
        self.deck = _solved(deck)  # geometry to write: auto-layout solved unless Figma laid it out
        self.report = report
        self.images: dict[str, str] = {}
        self.nodes = NodeWriter(report, self._image, deck.theme, ooxml=is_ooxml_deck(deck))
        self.nodes.pictures = PictureTexts(self.deck)
        self.nodes.slide_numbers = {s.id: i + 1 for i, s in enumerate(deck.slides)}
        self.slide_target: dict[str, tuple[dict[str, Any], str]] = {}
        self.canvas_colors: dict[str, Any] = {}

    def _image(self, paint: ImagePaint) -> None:
        if paint.asset:
            self.images.setdefault(image_ref_of(paint), paint.asset)
        else:
            self.report.add(
                "missing-image",
                "image without data written as an imageRef only",
                stage="write",
                format=FORMAT_NAME,
                severity="info",
            )

    # -- structure ---------------------------------------------------------------------------
    def _slides_mode(self) -> bool:
        if self.slides is not None:
            return self.slides
        if _fmeta(self.deck).get("editorType") == "slides":
            return True
        for slide in self.deck.slides:
            kids = slide.children
            if _fmeta(slide).get("type") == "SLIDE":
                return True
            if len(kids) == 1 and kids[0].id == wrapper_id(slide.id) and _fmeta(kids[0]).get("type") == "SLIDE":
                return True
        return False

    def _pages(self) -> list[tuple[str, str, list[Slide]]]:
        pages = [p for p in _fmeta(self.deck).get("pages", []) if isinstance(p, list) and len(p) >= 2]
        names = {p[0]: p[1] for p in pages}
        self.canvas_colors = {p[0]: p[2] for p in pages if len(p) > 2 and isinstance(p[2], dict)}
        sections = {s.section for s in self.deck.slides}
        by_section = len(sections) > 1 and not any("page" in _fmeta(s) for s in self.deck.slides)
        pages: list[tuple[str, str, list[Slide]]] = []
        used: set[str] = set()
        for slide in self.deck.slides:
            if by_section:
                key = slide.section or ""
                pid, name = f"ace-page:{key}", key or "Page"
            else:
                pid = str(_fmeta(slide).get("page") or "0:1")
                name = names.get(pid, "Page 1" if pid == "0:1" else pid)
            if pages and pages[-1][0] == pid:
                pages[-1][2].append(slide)
                continue
            unique, k = pid, 2
            while unique in used:
                unique, k = f"{pid}~{k}", k + 1
            used.add(unique)
            pages.append((unique, name, [slide]))
        return pages or [("0:1", "Page 1", [])]

    def build(self) -> dict[str, Any]:
        deck = self.deck
        slides_mode = self._slides_mode()
        canvases = []
        for pid, name, slides in self._pages():
            canvas: dict[str, Any] = {
                "id": pid,
                "name": name,
                "type": "CANVAS",
                "backgroundColor": self.canvas_colors.get(pid.split("~")[0], CANVAS_DEFAULTS["backgroundColor"]),
            }
            canvas["children"] = self._slides_grid(slides) if slides_mode else self._page_children(canvas, slides)
            canvases.append(canvas)
        fm = _fmeta(deck)
        document = {"id": fm.get("document", "0:0"), "name": "Document", "type": "DOCUMENT", "children": canvases}
        editor = "slides" if slides_mode else fm.get("editorType") if fm.get("editorType") == "figjam" else "figma"
        return {**file_header(deck.name, editor), "document": document}

    def _page_children(self, canvas: dict[str, Any], slides: list[Slide]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        x = 0.0
        section: tuple[str, dict[str, Any]] | None = None
        for slide in slides:
            fm = _fmeta(slide)
            if "loose" in fm and slide.id == canvas["id"] and self._loosable(slide):
                self._loose(canvas, slide, out)
                continue
            at = fm.get("at")
            placed = isinstance(at, list) and len(at) == 2 and all(isinstance(v, int | float) for v in at)
            fx, fy = (float(at[0]), float(at[1])) if placed else (x, 0.0)
            kind = fm.get("type") if fm.get("type") != "SLIDE" else None  # a design file has no SLIDE nodes
            frame, w, _ = self._slide_frame(slide, fx, fy, kind)
            x = max(x, fx + w + GAP)
            sid = fm.get("section")
            if isinstance(sid, str):
                if section is None or section[0] != sid:
                    node = {"id": sid, "name": slide.section or "", "type": "SECTION", "children": [], "fills": []}
                    section = (sid, node)
                    out.append(node)
                section[1]["children"].append(frame)
                _fit_section(section[1])
            else:
                section = None
                out.append(frame)
        return out

    @staticmethod
    def _loosable(slide: Slide) -> bool:
        """Loose nodes go straight on the page only if none of them is written as a frame."""
        for node in slide.children:
            if isinstance(node, FrameNode | TableNode):
                return False
            if isinstance(node, TextNode):
                if node.fills or node.strokes or node.text.insets != Sides():
                    return False
                continue
            body = getattr(node, "text", None)
            if body is not None and body.paragraphs:
                return False
        return True

    def _loose(self, canvas: dict[str, Any], slide: Slide, out: list[dict[str, Any]]) -> None:
        origin = _fmeta(slide).get("loose")
        x0, y0 = (float(origin[0]), float(origin[1])) if isinstance(origin, list) and len(origin) == 2 else (0.0, 0.0)
        self.nodes.slide_id = slide.id
        origin = _translate(x0, y0)
        for node in slide.children:
            fig = self.nodes.node(node, origin, None)
            (a, b, tx), (c, d, ty) = fig["relativeTransform"]
            fig["relativeTransform"] = [[a, b, tx + x0], [c, d, ty + y0]]  # loose nodes sit on the page
            out.append(fig)
        self.slide_target[slide.id] = (canvas, "loose")

    def _slides_grid(self, slides: list[Slide]) -> list[dict[str, Any]]:
        rows: list[dict[str, Any]] = []
        current: str | None = None
        for slide in slides:
            rid = _fmeta(slide).get("row")
            if not rows or rid != current or (rid is None and len(rows[-1]["children"]) >= 8):
                rows.append({"id": rid or f"ace-row:{len(rows) + 1}", "name": "", "type": "SLIDE_ROW", "children": []})
                current = rid
            row = rows[-1]
            col = len(row["children"])
            frame, _, _ = self._slide_frame(
                slide, col * (self.deck.width + GAP), (len(rows) - 1) * (self.deck.height + GAP), "SLIDE"
            )
            row["children"].append(frame)
        return [{"id": "ace-grid", "name": "Slide grid", "type": "SLIDE_GRID", "children": rows}]

    def _slide_frame(self, slide: Slide, x: float, y: float, kind: str | None) -> tuple[dict[str, Any], float, float]:
        nodes = self.nodes
        nodes.slide_id = slide.id
        kids = slide.children
        wrapped = (
            len(kids) == 1
            and isinstance(kids[0], FrameNode)
            and kids[0].id == wrapper_id(slide.id)
            and kids[0].x == 0.0
            and kids[0].y == 0.0
            and not kids[0].rotation
            and not kids[0].flip_h
            and not kids[0].flip_v
        )
        if wrapped:
            inner: NodeBase = kids[0]
            out = nodes.node(inner.model_copy(update={"x": x, "y": y}), IDENTITY, None)
            out["id"] = slide.id
            out["name"] = slide.name
            w, h = inner.width, inner.height
        else:
            w, h = self.deck.width, self.deck.height
            out = {
                "id": slide.id,
                "name": slide.name,
                "type": "FRAME",
                "visible": True,
                "blendMode": "PASS_THROUGH",
                "opacity": 1.0,
                "fills": paints_to_figma(slide.background.fills) if slide.background else [],
                "strokes": [],
                "strokeWeight": 1.0,
                "strokeAlign": "INSIDE",
                "effects": [],
                "clipsContent": True,
                "layoutMode": "NONE",
                "constraints": {"horizontal": "LEFT", "vertical": "TOP"},
            }
            for paint in slide.background.fills if slide.background else []:
                if isinstance(paint, ImagePaint):
                    self._image(paint)
            absolute = nodes.place(out, _translate(x, y), w, h, IDENTITY, True)
            out["children"] = [nodes.node(c, absolute, None) for c in kids]
        if slide.notes:
            out["children"].append(nodes.notes(slide.id, slide.notes, out, w))
        if kind in ("SLIDE", "COMPONENT", "INSTANCE", "COMPONENT_SET"):
            out["type"] = kind
        elif out["type"] == "SLIDE":  # a Figma Slides slide written into a design file
            out["type"] = "FRAME"
        if out["type"] == "SLIDE":
            out["isSkippedSlide"] = slide.hidden
            out["visible"] = True
        else:
            out["visible"] = not slide.hidden and out.get("visible", True)
        rule = needs_wrapper(out, w, h, self.deck.width, self.deck.height)
        if wrapped and (not rule or kids[0].id != wrapper_id(slide.id)):
            set_ace(out, "wrap", kids[0].id)
        elif not wrapped and rule:
            set_ace(out, "wrap", "")
        self.slide_target[slide.id] = (out, "slide")
        return out, w, h

    # -- round-trip data ---------------------------------------------------------------------
    def read_back(self, doc: dict[str, Any], embed: bool) -> None:
        """Read the written document back (its standard fields only) and compare with the IR: with
        `embed`, store what differs as the IR copy (sharedPluginData.ace); else report it."""
        memory = {ref: self.original.asset_bytes(key) for ref, key in self.images.items()}
        back = read_figma_data(doc, Path("<written>"), ImageResolver(memory=memory), apply_overrides=False)
        if len(back.slides) != len(self.original.slides):
            raise InternalError(
                f"Figma writer produced {len(back.slides)} slides for {len(self.original.slides)}", where="figma writer"
            )
        lost = NotCarried(self.report)
        for slide, again in zip(self.original.slides, back.slides, strict=True):
            self._slide_overrides(slide, again, embed, lost)
        lost.flush()
        deck_a = self.original.model_dump(mode="json", include=set(_DECK_FIELDS))
        deck_b = back.model_dump(mode="json", include=set(_DECK_FIELDS))
        diff = {k: v for k, v in deck_a.items() if deck_b.get(k) != v}
        if diff and embed:
            set_ace(doc["document"], "deck", diff)
        elif diff.keys() - {"meta"}:
            fields = ", ".join(sorted(diff.keys() - {"meta"}))
            self.report.add(
                "figma-deck",
                f"deck {fields} not held by Figma JSON (kept with --embed-ir)",
                stage="write",
                format=FORMAT_NAME,
                severity="info",
            )

    def _slide_overrides(self, slide: Slide, again: Slide, embed: bool, lost: NotCarried) -> None:
        a = slide.model_dump(mode="json", exclude=_SLIDE_SKIP)
        b = again.model_dump(mode="json", exclude=_SLIDE_SKIP)
        diff = {k: v for k, v in a.items() if b.get(k) != v}
        target, kind = self.slide_target[slide.id]
        if diff and embed:
            if kind == "loose":
                set_ace(target, "loose", {"id": slide.id, "slide": diff})
            else:
                set_ace(target, "slide", diff)
                set_ace(target, "sig", node_sig(target))
        elif diff:
            lost.slide(slide.id, diff)
        index = {n.id: n for n in again.iter_nodes()}
        for node in slide.iter_nodes():
            other = index.get(node.id)
            if other is None:
                if not embed and lost.inside_drawn(slide.id, node.id):
                    continue
                self.report.add(
                    "figma-write",
                    "node lost in the Figma structure",
                    slide_id=slide.id,
                    node_id=node.id,
                    severity="error" if embed else "warning",
                    stage="write",
                    format=FORMAT_NAME,
                )
                continue
            na = node.model_dump(mode="json", exclude=_NODE_SKIP)
            nb = other.model_dump(mode="json", exclude=_NODE_SKIP)
            ndiff = {k: v for k, v in na.items() if nb.get(k) != v}
            if ndiff and embed:
                fig = self.nodes.figma_of[node.id]
                set_ace(fig, "ir", ndiff)
                set_ace(fig, "sig", node_sig(fig))
            elif ndiff:
                lost.node(slide.id, node, other, ndiff)


def _solved(deck: Deck) -> Deck:
    """The deck with its auto-layout frames solved to boxes (ace_core.layout), so a REST consumer
    sees real positions. A deck read from Figma keeps Figma's own boxes (edits made through ACE's
    scene graph are reflowed there). The IR's own values come back through the round-trip data."""
    if deck.source is not None and deck.source.format == "figma":
        return deck
    if not any(isinstance(n, FrameNode) and n.layout is not None for _, n in deck.iter_nodes()):
        return deck
    try:
        from ace_core.layout import solve_deck
    except ImportError:  # the solver is optional for writing
        return deck
    copy = deck.clone()
    result = solve_deck(copy)
    return result if isinstance(result, Deck) else copy


def _fit_section(section: dict[str, Any]) -> None:
    boxes = [c["absoluteBoundingBox"] for c in section["children"]]
    x0 = min(b["x"] for b in boxes) - GAP / 2
    y0 = min(b["y"] for b in boxes) - GAP / 2
    x1 = max(b["x"] + b["width"] for b in boxes) + GAP / 2
    y1 = max(b["y"] + b["height"] for b in boxes) + GAP / 2
    section["absoluteBoundingBox"] = {"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0}


def build_document(
    deck: Deck,
    report: LossReport | None = None,
    *,
    fresh: bool = False,
    embed_ir: bool = False,
    slides: bool | None = None,
) -> tuple[dict[str, Any], dict[str, str]]:
    """The Figma document for a deck and the images it references ({imageRef: asset key}).
    Unless `fresh`, a deck read from Figma gets its source's unmodelled fields back (patch.py).
    With `embed_ir`, what the standard fields do not hold is stored as ACE's IR copy
    (sharedPluginData.ace) so that ACE reads the deck back exactly; without it, it is reported.
    `slides`: True writes Figma Slides nodes (SLIDE_GRID / SLIDE_ROW / SLIDE, editorType slides,
    which @figma/rest-api-spec 0.43.0 does not list), False a design file (a FRAME per slide),
    None the source's kind (Slides only for a deck read from Figma Slides)."""
    writer = _DocumentWriter(deck, report if report is not None else LossReport(), slides)
    doc = writer.build()
    if not fresh:
        _key, why = deck.source_package(FORMAT_NAME)
        if why:
            writer.report.add(
                "source-package", f"{why}; written fresh", severity="warning", stage="write", format=FORMAT_NAME
            )
        frames = {sid: target for sid, (target, kind) in writer.slide_target.items() if kind == "slide"}
        carry_source(deck, doc, writer.nodes.figma_of, frames)
    complete_file(doc)
    if not embed_ir:
        _strip_ace(doc["document"])
    writer.read_back(doc, embed_ir)
    return doc, writer.images


def _strip_ace(document: dict[str, Any]) -> None:
    """Remove ACE's round-trip data from every node (iteratively: decks nest deeply)."""
    stack = [document]
    while stack:
        node = stack.pop()
        shared = node.get("sharedPluginData")
        if isinstance(shared, dict):
            shared.pop(ACE_KEY, None)
            if not shared:
                del node["sharedPluginData"]
        stack.extend(c for c in node.get("children") or [] if isinstance(c, dict))


def write_figma(deck: Deck, path: Path, **options: Any) -> LossReport:
    """Write `deck` to `path` as Figma REST JSON (GET /v1/files/:key) and its images to
    `images_dir` (default `<name>.images/`, with the image map images.json). Options: `fresh`
    (a deck read from Figma is patched, its unmodelled fields carried over, unless set),
    `embed_ir` (store ACE's IR copy in sharedPluginData so ACE reads the deck back exactly; off by
    default: the file stands on its standard fields, and what they cannot hold is reported),
    `slides` (see build_document), `indent` (pretty-print)."""
    path = Path(path)
    report = LossReport()
    if deck.layouts:
        report.add(
            "templates",
            f"{len(deck.masters)} slide masters and {len(deck.layouts)} layouts are not carried (Figma has none); "
            "a .pptx written from this file gets a generated template",
            severity="info",
            stage="write",
            format=FORMAT_NAME,
        )
    deck, _ = without_missing_assets(deck, report, FORMAT_NAME)
    embed = bool(options.get("embed_ir"))
    slides = options.get("slides")
    doc, images = build_document(
        deck, report, fresh=bool(options.get("fresh")), embed_ir=embed, slides=None if slides is None else bool(slides)
    )
    folder = Path(options["images_dir"]) if options.get("images_dir") else images_dir_for(path)
    if images or embed:
        write_files(deck, images, folder, embed_ir=embed, report=report)
    indent = options.get("indent")
    text = json.dumps(doc, ensure_ascii=False, indent=indent, separators=None if indent else (",", ":"))
    check_output_size(len(text), where=str(path), what="Figma JSON")
    atomic_write_text(path, text)
    return report
