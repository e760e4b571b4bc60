"""Which Figma nodes are slides, and how a slide frame becomes an IR Slide.

Slides are the Figma Slides SLIDE nodes when the selection has any (the slide's row is kept in
meta), else the top-level frames of each page (frames inside a top-level SECTION count, with the
section's name as the slide's section). Nodes lying on a page outside any frame make one more
slide for that page (id = the page id), placed at their common bounding box. `--nodes` makes a
slide of each given node, `--page` keeps one page.

A slide frame becomes the Slide itself (fills -> background, children -> slide children) when a
slide can hold everything it has. When it also has auto-layout, strokes, effects, radii, opacity,
a blend mode, or a size other than the deck's, the Slide holds one FRAME (id "<frame id>/frame")
at 0, 0 that carries them, so nothing is lost and the solver sees the auto-layout."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ace_core.errors import BadInputError
from ace_core.ir.deck import Background, Slide
from ace_core.ir.nodes import NodeBase, NodeSource
from adapters.figma.context import FORMAT_NAME, NOTES_NAME, ReadContext, kids, num, word
from adapters.figma.geometry import IDENTITY, aabb
from adapters.figma.load import FigmaFile, Page
from adapters.figma.nodes import FRAME_TYPES, NodeReader, absolute_of
from adapters.figma.overrides import ace_data, node_sig
from adapters.figma.paints import paints_from_figma

__all__ = ["SlideSource", "build_slide", "needs_wrapper", "select_slides", "wrapper_id"]

_SLIDE_NATIVE = frozenset({"name", "hidden", "background"})


def wrapper_id(frame_id: str) -> str:
    """The IR id of the FRAME that carries a slide frame's own properties."""
    return f"{frame_id}/frame"


@dataclass
class SlideSource:
    """One slide to build: a frame-like node, or loose nodes of a page."""

    page: Page
    frame: dict[str, Any] | None = None
    loose: list[dict[str, Any]] = field(default_factory=list)
    slide_id: str = ""
    section: tuple[str, str] | None = None
    row: str | None = None


def _walk(nodes: list[dict[str, Any]]):
    stack = list(reversed(nodes))
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(kids(n)))


def select_slides(
    file: FigmaFile, *, page: str | None = None, nodes: list[str] | None = None, where: str = ""
) -> list[SlideSource]:
    pages = file.pages
    if page:
        wanted = page.strip().lower()
        pages = [p for p in pages if p.id.lower() == wanted or p.name.strip().lower() == wanted]
        if not pages:
            names = ", ".join(repr(p.name) for p in file.pages) or "none"
            raise BadInputError(f"no page {page!r} in this file", where=where, hint=f"pages: {names}")
    if nodes:
        return _by_ids(pages, nodes, where)
    slides_found = [
        (p, n) for p in pages for n in _walk(p.nodes) if n.get("type") == "SLIDE" and isinstance(n.get("id"), str)
    ]
    if slides_found:
        return _slide_nodes(slides_found)
    out: list[SlideSource] = []
    for p in pages:
        loose: list[dict[str, Any]] = []
        for n in p.nodes:
            kind = word(n.get("type"))
            if kind == "SECTION":
                for child in kids(n):
                    if isinstance(child, dict) and word(child.get("type")) in FRAME_TYPES - {"SECTION"}:
                        out.append(
                            SlideSource(p, frame=child, slide_id=child["id"], section=(n["id"], n.get("name", "")))
                        )
                    elif isinstance(child, dict) and isinstance(child.get("id"), str):
                        loose.append(child)
            elif kind in FRAME_TYPES:
                out.append(SlideSource(p, frame=n, slide_id=n["id"]))
            else:
                loose.append(n)
        if loose:
            out.append(SlideSource(p, loose=loose, slide_id=p.id))
    return out


def _slide_nodes(found: list[tuple[Page, dict[str, Any]]]) -> list[SlideSource]:
    parent_row: dict[str, str] = {}
    for p, _ in found:
        for n in _walk(p.nodes):
            if n.get("type") == "SLIDE_ROW":
                for k in kids(n):
                    if isinstance(k, dict) and isinstance(k.get("id"), str):
                        parent_row[k["id"]] = n["id"]
    return [SlideSource(p, frame=n, slide_id=n["id"], row=parent_row.get(n["id"])) for p, n in found]


def _by_ids(pages: list[Page], ids: list[str], where: str) -> list[SlideSource]:
    index: dict[str, tuple[Page, dict[str, Any]]] = {}
    for p in pages:
        for n in _walk(p.nodes):
            if isinstance(n.get("id"), str):
                index.setdefault(n["id"], (p, n))
    out = []
    for ident in ids:
        if ident not in index:
            raise BadInputError(f"no node {ident!r} in this file", where=where, hint="check the ids given to --nodes")
        p, n = index[ident]
        if word(n.get("type")) in FRAME_TYPES:
            out.append(SlideSource(p, frame=n, slide_id=ident))
        else:
            out.append(SlideSource(p, loose=[n], slide_id=f"{ident}/slide"))
    return out


def source_size(src: SlideSource) -> tuple[float, float]:
    if src.frame is not None:
        place = absolute_of(src.frame, IDENTITY)
        return place.width, place.height
    _, _, w, h = _loose_box(src.loose)
    return w, h


def _loose_box(nodes: list[dict[str, Any]]) -> tuple[float, float, float, float]:
    boxes = []
    for n in nodes:
        place = absolute_of(n, IDENTITY)
        boxes.append(aabb(place.absolute, place.width, place.height))
    if not boxes:
        return 0.0, 0.0, 0.0, 0.0
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[0] + b[2] for b in boxes)
    y1 = max(b[1] + b[3] for b in boxes)
    return x0, y0, x1 - x0, y1 - y0


def needs_wrapper(n: dict[str, Any], width: float, height: float, deck_w: float, deck_h: float) -> bool:
    if n.get("layoutMode") in ("HORIZONTAL", "VERTICAL", "GRID"):
        return True
    if any(isinstance(s, dict) and s.get("visible") is not False for s in n.get("strokes") or []):
        return True
    if any(isinstance(e, dict) and e.get("visible") is not False for e in n.get("effects") or []):
        return True
    radii = n.get("rectangleCornerRadii")
    if num(n.get("cornerRadius")) > 0 or (isinstance(radii, list) and any(num(r) > 0 for r in radii)):
        return True
    if num(n.get("opacity"), 1.0) < 1.0 or n.get("blendMode") not in (None, "PASS_THROUGH", "NORMAL"):
        return True
    return abs(width - deck_w) > 0.5 or abs(height - deck_h) > 0.5


def build_slide(
    src: SlideSource, reader: NodeReader, ctx: ReadContext, deck_size: tuple[float, float], multi_page: bool
) -> Slide:
    ctx.slide_id = src.slide_id
    meta: dict[str, Any] = {"page": src.page.id}
    if src.row:
        meta["row"] = src.row
    section = None
    if src.section is not None:
        meta["section"] = src.section[0]
        section = src.section[1]
    elif multi_page:
        section = src.page.name
    if src.frame is None:
        return _loose_slide(src, reader, ctx, meta, section)
    n = src.frame
    ace = ace_data(n)
    place = absolute_of(n, IDENTITY)
    if src.row is None:  # where the frame lies on its page (or section), kept for the writer
        meta["at"] = [place.local[2], place.local[5]]
    if place.box.rotation or place.box.flip_h:
        ctx.loss("slide-rotation", "a slide frame's rotation / flip is dropped", n["id"])
    if n.get("type") not in ("FRAME", None):
        meta["type"] = n["type"]
    if "wrap" in ace:
        wid = ace["wrap"] or None
    else:
        wid = wrapper_id(n["id"]) if needs_wrapper(n, place.width, place.height, *deck_size) else None
    hidden = n.get("visible") is False or n.get("isSkippedSlide") is True
    notes, rest = _split_notes(kids(n))
    if notes is not None:
        n = {**n, "children": rest}
    data: dict[str, Any] = {
        "id": ctx.claim(src.slide_id),
        "name": n.get("name") if isinstance(n.get("name"), str) else "",
        "hidden": hidden,
        "section": section,
        "source": NodeSource(format=FORMAT_NAME, ref=n["id"]),
        "notes": notes or "",
    }
    if wid is None:
        raw_fills = n.get("fills") if isinstance(n.get("fills"), list) else n.get("background")
        fills = paints_from_figma(raw_fills, ctx, n["id"])
        data["background"] = Background(fills=fills) if fills else None
        data["children"] = reader.children(kids(n), place.absolute, n)
    else:
        wrapper = reader.node(n, IDENTITY, None, as_id=wid)
        data["children"] = [wrapper] if wrapper is not None else []
    if meta.get("type") and wid is not None:
        meta.pop("type")
    data["meta"] = {"figma": meta}
    return _apply_slide_overrides(data, n, ace, ctx)


def _split_notes(children: list[dict[str, Any]]) -> tuple[str | None, list[dict[str, Any]]]:
    """The speaker notes (a hidden TEXT layer named "Speaker notes", as the writer puts them) and
    the other children of a slide frame."""
    for i, child in enumerate(children):
        if (
            child.get("type") == "TEXT"
            and child.get("visible") is False
            and child.get("name") == NOTES_NAME
            and isinstance(child.get("characters"), str)
        ):
            return child["characters"].replace("\u2028", "\n"), children[:i] + children[i + 1 :]
    return None, children


def _loose_slide(
    src: SlideSource, reader: NodeReader, ctx: ReadContext, meta: dict[str, Any], section: str | None
) -> Slide:
    x0, y0, _, _ = _loose_box(src.loose)
    meta["loose"] = [x0, y0]
    origin = (1.0, 0.0, x0, 0.0, 1.0, y0)
    children: list[NodeBase] = []
    for n in src.loose:
        node = reader.node(n, IDENTITY, None, origin=origin)
        if node is not None:
            children.append(node)
    data: dict[str, Any] = {
        "id": ctx.claim(src.slide_id),
        "name": src.page.name if src.slide_id == src.page.id else "",
        "children": children,
        "section": section,
        "meta": {"figma": meta},
    }
    canvas = src.page.raw or {}
    loose = ace_data(canvas).get("loose")
    if ctx.apply_overrides and isinstance(loose, dict) and loose.get("id") == src.slide_id:
        data.update({k: v for k, v in (loose.get("slide") or {}).items() if k not in ("id", "children", "source")})
    return Slide.model_validate(data)


def _apply_slide_overrides(data: dict[str, Any], n: dict[str, Any], ace: dict[str, Any], ctx: ReadContext) -> Slide:
    over = ace.get("slide") if ctx.apply_overrides else None
    if isinstance(over, dict) and over:
        if ace.get("sig") != node_sig(n):
            over = {k: v for k, v in over.items() if k not in _SLIDE_NATIVE}
        data.update({k: v for k, v in over.items() if k not in ("id", "children", "source")})
    return Slide.model_validate(data)
