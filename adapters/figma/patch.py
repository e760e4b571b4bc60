"""Patch mode: when a deck was read from Figma JSON (its bytes kept as `deck.source.package`), the
writer carries over what the IR does not model (interactions, component properties, style and
variable bindings, export settings, other plugins' data, vector networks, the file's components
and styles...) for every node and slide the edit left unchanged. A node counts as unchanged when
its own IR fields (children aside) equal those read from the source; the fields the writer
generates always win, so the output still reads back to the deck."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ace_core.ir.deck import Deck, Slide
from ace_core.ir.nodes import NodeBase
from adapters.figma.context import kids
from adapters.figma.load import load_figma
from adapters.figma.overrides import ACE_KEY

__all__ = ["carry_source", "source_document"]

_FILE_KEYS = ("components", "componentSets", "styles", "schemaVersion", "thumbnailUrl")
_NEVER = {"children", "absoluteBoundingBox", "absoluteRenderBounds", "relativeTransform", "size", "rotation"}
_OWN = {"children", "source"}
_ORIGINAL_WINS = {"interactions"}  # the writer only knows the click link; the source has them all
# an unchanged node reads to the same IR from the source's value of these as from the writer's, and
# the source's also holds what the IR does not model (variable bindings on paints, a font's own
# line height in px, its PostScript name...): the source's value is written
_ORIGINAL_WINS |= {"fills", "strokes", "effects", "style", "styleOverrideTable", "background", "backgroundColor"}
# Figma's own outline of an unchanged node's stroke always wins (the writer's approximates it)
_SOURCE_ALWAYS = {"strokeGeometry"}
# stroke settings the IR keeps only with a stroke: without one, the source's values are kept
_STROKE_PROPS = {"strokeWeight", "strokeAlign", "strokeCap", "strokeJoin", "strokeDashes", "strokeMiterAngle"}


def source_document(deck: Deck) -> tuple[Any, Deck] | None:
    """(the source JSON, the deck as read from it), or None when the deck has no Figma source."""
    key, _why = deck.source_package("figma")
    if key is None:
        return None
    from adapters.figma.read import read_figma_data

    raw = deck.asset_bytes(key)
    name = Path(deck.source.path or "source.json") if deck.source else Path("source.json")
    data, _ = load_figma(raw, name)
    return data, read_figma_data(raw, name)


def _index(data: Any) -> dict[str, dict[str, Any]]:
    """Every Figma node of a response by id."""
    out: dict[str, dict[str, Any]] = {}
    stack: list[Any] = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if isinstance(item.get("id"), str) and isinstance(item.get("type"), str):
                out.setdefault(item["id"], item)
                stack.extend(kids(item))
            else:
                stack.extend(v for v in item.values() if isinstance(v, dict | list))
        elif isinstance(item, list):
            stack.extend(item)
    return out


def _same(a: NodeBase | Slide, b: NodeBase | Slide) -> bool:
    return a.model_dump(mode="json", exclude=_OWN) == b.model_dump(mode="json", exclude=_OWN)


_UNSAID = {"visible": True, "opacity": 1, "blendMode": "NORMAL"}  # what a value left out means


def _covers(original: Any, written: Any) -> bool:
    """True when the source's value says everything the writer's does (and maybe more)."""
    if isinstance(written, dict):
        if not isinstance(original, dict):
            return False
        return all(
            _covers(original[k], v) if k in original else _UNSAID.get(k, object()) == v for k, v in written.items()
        )
    if isinstance(written, list):
        return isinstance(original, list) and len(original) == len(written) and all(map(_covers, original, written))
    if isinstance(written, float | int) and not isinstance(written, bool):
        return isinstance(original, float | int) and abs(original - written) <= 1e-6 * max(1.0, abs(written))
    return original == written


def _close_box(a: Any, b: Any) -> bool:
    if not isinstance(a, dict) or not isinstance(b, dict):
        return False
    keys = ("x", "y", "width", "height")
    if not all(type(a.get(k)) in (int, float) and type(b.get(k)) in (int, float) for k in keys):
        return False
    return all(abs(a[k] - b[k]) < 1e-3 for k in keys)


def _merge(written: dict[str, Any], original: dict[str, Any]) -> int:
    """Copy the original's fields the writer did not produce; returns how many."""
    count = 0
    strokeless = not written.get("strokes")
    # a node where the source had it keeps the render bounds Figma computed (strokes, shadows)
    bounds = original.get("absoluteRenderBounds")
    if _close_box(written.get("absoluteBoundingBox"), original.get("absoluteBoundingBox")) and _close_box(
        bounds, bounds
    ):
        written["absoluteRenderBounds"] = original["absoluteRenderBounds"]
    for key, value in original.items():
        if key in _NEVER or value is None:  # null = not set: the writer's value or the API default
            continue
        if strokeless and key in _STROKE_PROPS:
            written[key] = value
            count += 1
            continue
        if key == "sharedPluginData":
            if not isinstance(value, dict):
                continue
            if not isinstance(written.get(key), dict):
                written[key] = {}
            mine = written[key]
            for namespace, entries in value.items():
                if namespace != ACE_KEY and namespace not in mine:
                    mine[namespace] = entries
                    count += 1
        elif key == "style" and isinstance(value, dict) and isinstance(written[key], dict):
            # the IR read from the source's style is the writer's: the source's fields all hold
            # (fontPostScriptName, opentypeFlags, the font's own line height in px...)
            written[key] = {**written[key], **value}
            count += 1
        elif key not in written or key in _SOURCE_ALWAYS or (key in _ORIGINAL_WINS and _covers(value, written[key])):
            written[key] = value
            count += 1
        elif key == "style" and isinstance(value, dict) and isinstance(written[key], dict):
            for sub, item in value.items():  # fontPostScriptName, opentypeFlags, ...
                if sub not in written[key]:
                    written[key][sub] = item
                    count += 1
    return count


def carry_source(
    deck: Deck,
    doc: dict[str, Any],
    figma_of: dict[str, dict[str, Any]],
    slide_frames: dict[str, dict[str, Any]],
) -> int:
    """Carry the source's unmodelled fields into `doc` for unchanged nodes; returns the number of
    nodes (and slides) patched."""
    found = source_document(deck)
    if found is None:
        return 0
    data, before = found
    original = _index(data)
    old_nodes = {n.id: n for _, n in before.iter_nodes()}
    old_slides = {s.id: s for s in before.slides}
    patched = 0
    for slide in deck.slides:
        frame = slide_frames.get(slide.id)
        old = old_slides.get(slide.id)
        if frame is not None and old is not None and _same(slide, old) and frame.get("id") in original:
            patched += _merge(frame, original[frame["id"]]) > 0
        for node in slide.iter_nodes():
            prior = old_nodes.get(node.id)
            written = figma_of.get(node.id)
            if prior is None or written is None or not _same(node, prior):
                continue
            source = original.get(written.get("id", ""))
            if source is not None:
                patched += _merge(written, source) > 0
    for canvas in doc["document"].get("children") or []:  # pages: prototype settings, export settings
        source = original.get(canvas.get("id", ""))
        if source is not None and source.get("type") == "CANVAS":
            _merge(canvas, source)
    doc.update(_file_fields(data))
    return patched


def _file_fields(data: Any) -> dict[str, Any]:
    """The file-level fields of the source; a /nodes response's per-node components and styles merged."""
    if not isinstance(data, dict):
        return {}
    out = {k: data[k] for k in _FILE_KEYS if data.get(k) is not None}
    entries = data.get("nodes") if isinstance(data.get("nodes"), dict) else {}
    for entry in entries.values():
        if isinstance(entry, dict):
            for key in ("components", "componentSets", "styles"):
                if isinstance(entry.get(key), dict):
                    out.setdefault(key, {}).update(entry[key])
    return out
