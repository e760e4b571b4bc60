"""Read Figma REST JSON into a Deck: parse, pick the slides, convert, stamp provenance."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from ace_core.assets import content_hash
from ace_core.errors import BadInputError
from ace_core.fsutil import read_input
from ace_core.ir.asset_refs import missing_assets
from ace_core.ir.deck import Deck, DeckSource, Slide
from ace_core.ir.fingerprint import slide_fingerprint
from ace_core.ir.loss import LossReport
from ace_core.ir.nodes import NodeBase
from adapters.figma.context import FORMAT_NAME, ImageResolver, ReadContext, sniff_mime
from adapters.figma.load import FigmaFile, load_figma
from adapters.figma.nodes import NodeReader
from adapters.figma.overrides import ace_data
from adapters.figma.rest import CANVAS_DEFAULTS
from adapters.figma.slides import build_slide, select_slides, source_size

__all__ = ["images_dir_for", "read_figma", "read_figma_data"]

MAX_BYTES = 1 << 30
DEFAULT_SIZE = (1920.0, 1080.0)
_DECK_FIELDS = ("id", "name", "width", "height", "theme", "meta")


def images_dir_for(path: Path) -> Path:
    """The images folder the writer puts beside `x.json`: `x.images/`."""
    return path.with_name(f"{path.name.removesuffix('.json')}.images")


def _within(folder: Path, parent: Path) -> bool:
    """Whether `folder` resolves inside `parent` (an `x.images` symlink leading elsewhere does not:
    a deck from someone else must not pull pictures from anywhere on the machine)."""
    try:
        return parent.resolve() in folder.resolve().parents
    except (OSError, RuntimeError, ValueError):
        return False


def _as_list(value: Any) -> list[str] | None:
    if value is None:
        return None
    if isinstance(value, str):
        value = value.split(",")
    ids = [str(v).strip() for v in value if str(v).strip()]
    return ids or None


def read_figma(path: Path, **options: Any) -> Deck:
    """Read a Figma REST response. Options: page (name or id), nodes (ids, list or comma string),
    images (folder of `<imageRef>[.ext]` files), image_map (JSON {imageRef: path}),
    keep_source (default True: keep the original bytes for the patch writer)."""
    raw = read_input(path, limit=MAX_BYTES)
    images = options.get("images")
    resolver = ImageResolver(
        Path(images) if images else None, Path(options["image_map"]) if options.get("image_map") else None
    )
    beside = images_dir_for(path)
    if images is None and _within(beside, path.parent):
        resolver.add_dir(beside)  # the folder found by name only when it really lies beside the file
    deck = read_figma_data(raw, path, resolver, page=options.get("page"), nodes=_as_list(options.get("nodes")))
    if options.get("keep_source", True):
        deck.source = DeckSource(
            format=FORMAT_NAME,
            path=str(path.resolve()),
            sha256=hashlib.sha256(raw).hexdigest(),
            package=deck.add_asset(raw, "application/json", name=path.name),
        )
    return deck


def read_figma_data(
    raw: bytes | Any,
    path: Path,
    resolver: ImageResolver | None = None,
    *,
    page: str | None = None,
    nodes: list[str] | None = None,
    apply_overrides: bool = True,
) -> Deck:
    """Read from bytes, or from already-decoded JSON (the writer's self-check)."""
    if isinstance(raw, bytes | bytearray):
        _, file = load_figma(bytes(raw), path)
    else:
        from adapters.figma.load import parse_figma

        file = parse_figma(raw, str(path))
    deck = Deck()
    report = LossReport()
    ctx = ReadContext(deck, report, resolver or ImageResolver(), apply_overrides=apply_overrides)
    try:
        _fill_deck(deck, file, ctx, page, nodes, str(path))
    except RecursionError as exc:
        raise BadInputError("the node tree is nested too deeply", where=str(path)) from exc
    if apply_overrides:
        _load_referenced(deck, ctx)
    deck.report = report
    return deck


def _fill_deck(
    deck: Deck, file: FigmaFile, ctx: ReadContext, page: str | None, nodes: list[str] | None, where: str
) -> None:
    if file.repaired:
        ctx.loss("invalid-text", f"{file.repaired} string(s) held lone UTF-16 surrogates; replaced by U+FFFD")
    for key in file.missing:
        ctx.loss("missing-node", f"node {key} is null in the response (deleted or no access)", key, "error")
    sources = select_slides(file, page=page, nodes=nodes, where=where)
    if not sources:
        ctx.loss("no-slides", "no frame or node to make a slide from: the deck is empty", None, "warning")
    size = source_size(sources[0]) if sources else DEFAULT_SIZE
    if size[0] <= 0 or size[1] <= 0:
        size = DEFAULT_SIZE
    deck.width, deck.height = size
    deck.name = file.name
    multi_page = len({s.page.id for s in sources}) > 1
    reader = NodeReader(ctx)
    for src in sources:
        try:
            deck.slides.append(build_slide(src, reader, ctx, size, multi_page))
        except (TypeError, ValueError, AttributeError, KeyError, IndexError, ArithmeticError) as exc:
            ctx.loss("malformed-slide", f"slide skipped: {type(exc).__name__}: {exc}"[:300], src.slide_id, "error")
    if sources and not deck.slides:
        raise BadInputError("no slide could be read (malformed frames)", where=where, hint="see the loss report")
    ctx.slide_id = None
    pages = []
    seen: set[str] = set()
    for src in sources:
        if src.page.id not in seen:
            seen.add(src.page.id)
            color = (src.page.raw or {}).get("backgroundColor")
            own = isinstance(color, dict) and color != CANVAS_DEFAULTS["backgroundColor"]
            pages.append([src.page.id, src.page.name, *([color] if own else [])])
    meta: dict[str, Any] = {"pages": pages}
    if file.editor_type and file.editor_type != "figma":
        meta["editorType"] = file.editor_type
    if file.document is not None and file.document.get("id") not in (None, "0:0"):
        meta["document"] = file.document["id"]
    deck.meta = {"figma": meta}
    if file.document is not None and ctx.apply_overrides:
        over = ace_data(file.document).get("deck")
        if isinstance(over, dict):
            allowed = {k: v for k, v in over.items() if k in _DECK_FIELDS}
            parsed = Deck.model_validate(allowed)
            for key in allowed:
                setattr(deck, key, getattr(parsed, key))
    for slide in deck.slides:
        stamp(slide)


def _load_referenced(deck: Deck, ctx: ReadContext) -> None:
    """Bring in the assets ACE's IR copy references beyond the image fills (SVG originals, embedded
    objects, workbooks), which the writer puts in the images folder as `<asset key>.<ext>`."""
    for key, where in missing_assets(deck).items():
        data, why = ctx.images.resolve(key)
        if data is not None and content_hash(data) == key:
            deck.add_asset(data, sniff_mime(data))
            continue
        why = why if data is None else "the file there holds other bytes"
        ctx.loss("missing-asset", f"asset {key} that ACE's IR copy references is not found ({why})", where[0])


_NOT_OWN = {"children", "source"}


def stamp(slide: Slide) -> None:
    """Fingerprint every node (bottom-up: its own fields as IR JSON + its children's
    fingerprints) and the slide (ace_core.ir.fingerprint)."""

    def visit(node: NodeBase) -> str:
        h = hashlib.sha1(node.model_dump_json(exclude=_NOT_OWN).encode())
        for kid in getattr(node, "children", None) or []:
            h.update(visit(kid).encode())
        fp = h.hexdigest()[:20]
        if node.source is not None:
            node.source.fingerprint = fp
        return fp

    for child in slide.children:
        visit(child)
    if slide.source is not None:
        slide.source.fingerprint = slide_fingerprint(slide)
