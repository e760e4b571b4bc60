"""JSON exchange for export_json / import_json: ACE scene JSON, and Figma REST nodes through the
Figma adapter (adapters.figma: build_document / read_figma_data)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from ace_core.errors import AceError, ToolError, UnsupportedError
from ace_core.ir.deck import Deck, Slide
from ace_core.ir.nodes import Node, NodeBase
from ace_core.ir.validate import describe_location

__all__ = ["detect_format", "nodes_from_rest", "nodes_from_scene", "rest_of_deck"]

_NODE = TypeAdapter(Node)
_REST_KEYS = {"absoluteBoundingBox", "relativeTransform", "characters", "layoutMode", "absoluteRenderBounds", "style"}


def parse_json_arg(value: Any) -> Any:
    if isinstance(value, str):
        from ace_core.errors import BadInputError
        from ace_core.jsonio import parse_json

        try:
            return parse_json(value, where="json").data
        except BadInputError as exc:
            raise ToolError(exc.what, field="json") from exc
    return value


def detect_format(data: Any) -> str:
    sample = data[0] if isinstance(data, list) and data else data
    if isinstance(sample, dict):
        if "document" in sample or "nodes" in sample or _REST_KEYS & set(sample):
            return "rest_v1"
        if sample.get("type") in (
            "DOCUMENT",
            "CANVAS",
            "SECTION",
            "INSTANCE",
            "COMPONENT",
            "BOOLEAN_OPERATION",
            "REGULAR_POLYGON",
            "STAR",
        ):
            return "rest_v1"
    return "scene"


def nodes_from_scene(data: Any) -> tuple[list[NodeBase], list[Slide]]:
    """Scene JSON: a node, a list of nodes, a slide ({id, children} without type) or a deck
    ({slides}). Returns (nodes, slides): slides only for a deck."""
    if isinstance(data, dict) and isinstance(data.get("slides"), list):
        try:
            deck = Deck.model_validate(data)
        except ValidationError as exc:
            err = exc.errors()[0]
            raise ToolError(f"{describe_location(data, tuple(err['loc']))}: {err['msg']}", field="json") from exc
        return [], deck.slides
    if isinstance(data, dict) and "type" not in data and isinstance(data.get("children"), list):
        data = data["children"]
    items = data if isinstance(data, list) else [data]
    nodes = []
    for i, item in enumerate(items):
        try:
            nodes.append(_NODE.validate_python(item))
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = describe_location({"children": items}, ("children", i, *err["loc"]))
            raise ToolError(f"{loc}: {err['msg']}", field="json", hint="export_json shows the expected shape") from exc
    return nodes, []


def nodes_from_rest(data: Any, width: float, height: float) -> tuple[list[NodeBase], list[str], Deck]:
    """Figma REST nodes (one, a list, or a /nodes or /files response) as IR nodes, through the
    Figma adapter; loose nodes are read inside a slide-sized wrapper frame at the origin. Returns
    the nodes, warnings from the read, and the deck that holds their assets."""
    try:
        from adapters.figma.read import read_figma_data
    except ImportError as exc:  # pragma: no cover - the adapter is part of the package
        raise UnsupportedError("the Figma adapter is not available", where="import_json") from exc
    if isinstance(data, dict) and ("document" in data or "nodes" in data):
        payload: Any = data
        wrapped = False
    else:
        items = data if isinstance(data, list) else [data]
        payload = {
            "id": "ace-import-wrapper",
            "name": "import",
            "type": "FRAME",
            "absoluteBoundingBox": {"x": 0, "y": 0, "width": width, "height": height},
            "fills": [],
            "children": items,
        }
        wrapped = True
    try:
        deck = read_figma_data(payload, Path("import_json"), apply_overrides=True)
    except AceError as exc:
        raise ToolError(f"Figma JSON could not be read: {exc.what}", field="json", hint=exc.hint) from exc
    nodes: list[NodeBase] = [n for s in deck.slides for n in s.children]
    if wrapped and len(nodes) == 1 and nodes[0].id == "ace-import-wrapper":
        nodes = list(getattr(nodes[0], "children", []))
    warnings = [e.describe() for e in deck.report.entries[:5]]
    return nodes, warnings, deck


def rest_of_deck(deck: Deck, node_id: str | None) -> Any:
    """Figma REST JSON of a one-slide deck (the slide frame), or of one node in it."""
    try:
        from adapters.figma.write import build_document
    except ImportError as exc:  # pragma: no cover
        raise UnsupportedError("the Figma adapter is not available", where="export_json") from exc
    doc, _ = build_document(deck)
    if node_id is None:
        pages = doc.get("document", doc).get("children", [])
        frames = [c for p in pages for c in p.get("children", [])]
        return frames[0] if len(frames) == 1 else frames
    found = _find(doc, node_id)
    if found is None:
        raise UnsupportedError(f"the Figma writer did not emit node {node_id!r}", where="export_json")
    return found


def _find(tree: Any, node_id: str) -> Any:
    if isinstance(tree, dict):
        if tree.get("id") == node_id:
            return tree
        for value in tree.values():
            hit = _find(value, node_id)
            if hit is not None:
                return hit
    elif isinstance(tree, list):
        for value in tree:
            hit = _find(value, node_id)
            if hit is not None:
                return hit
    return None
