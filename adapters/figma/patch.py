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


def _merge(written: dict[str, Any], original: dict[str, Any]) -> int:
    """Copy the original's fields the writer did not produce; returns how many."""
    count = 0
    for key, value in original.items():
        if key in _NEVER:
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
        elif key not in written or key in _ORIGINAL_WINS:
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
    doc.update(_file_fields(data))
    return patched


def _file_fields(data: Any) -> dict[str, Any]:
    """The file-level fields of the source; a /nodes response's per-node components and styles merged."""
    if not isinstance(data, dict):
        return {}
    out = {k: data[k] for k in _FILE_KEYS if k in data}
    entries = data.get("nodes") if isinstance(data.get("nodes"), dict) else {}
    for entry in entries.values():
        if isinstance(entry, dict):
            for key in ("components", "componentSets", "styles"):
                if isinstance(entry.get(key), dict):
                    out.setdefault(key, {}).update(entry[key])
    return out
