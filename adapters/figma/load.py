"""Parse a Figma REST JSON file and find its pages, whatever the response shape.

Accepted shapes: a full file (GET /v1/files/:key: {"document": DOCUMENT, ...}), a /nodes
response ({"nodes": {id: {"document": node, ...}}}), a bare node map ({id: {"document": node}} or
{id: node}), a single node ({"id", "type", ...}), and any of these inside {"Result": ...}.
Nodes that are not DOCUMENT or CANVAS are gathered on one synthetic page, in the given order."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ace_core.errors import BadInputError
from ace_core.jsonio import parse_json
from adapters.figma.context import kids

__all__ = ["FigmaFile", "Page", "load_figma", "parse_figma", "shape_of"]

_HINT = "give a Figma REST API response (GET /v1/files/:key or /nodes) saved as JSON"
SYNTHETIC_PAGE = ("0:1", "Page 1")


@dataclass
class Page:
    id: str
    name: str
    nodes: list[dict[str, Any]]
    raw: dict[str, Any] | None = None


@dataclass
class FigmaFile:
    """A parsed response: its pages and the file-level fields (name, editorType, document)."""

    pages: list[Page]
    name: str = ""
    editor_type: str | None = None
    document: dict[str, Any] | None = None
    shape: str = "file"
    missing: list[str] = field(default_factory=list)
    repaired: int = 0
    """strings whose lone surrogates were replaced"""


def _is_node(v: Any) -> bool:
    return isinstance(v, dict) and isinstance(v.get("id"), str) and isinstance(v.get("type"), str)


def shape_of(data: Any) -> str | None:
    """'file' | 'nodes' | 'node-map' | 'node' | 'result' for a recognised shape, else None."""
    if not isinstance(data, dict):
        return None
    if "Result" in data and len(data) <= 3 and isinstance(data["Result"], dict):
        return "result"
    if _is_node(data.get("document")):
        return "file"
    if isinstance(data.get("nodes"), dict):
        return "nodes"
    if _is_node(data):
        return "node"
    if data and all(isinstance(v, dict) and (_is_node(v.get("document")) or _is_node(v)) for v in data.values()):
        return "node-map"
    return None


def parse_figma(data: Any, where: str) -> FigmaFile:
    """The pages of a decoded response (raises BadInputError for an unknown shape)."""
    depth = 0
    while shape_of(data) == "result" and depth < 4:
        data = data["Result"]
        depth += 1
    shape = shape_of(data)
    if shape is None:
        raise BadInputError("not a Figma REST response (no document, nodes or node found)", where=where, hint=_HINT)
    name = data.get("name") if isinstance(data.get("name"), str) else ""
    editor = data.get("editorType") if isinstance(data.get("editorType"), str) else None
    roots: list[dict[str, Any]] = []
    missing: list[str] = []
    if shape == "file":
        roots = [data["document"]]
    elif shape == "node":
        roots = [data]
    else:
        entries = data["nodes"] if shape == "nodes" else data
        for key, entry in entries.items():
            node = entry.get("document") if isinstance(entry, dict) and "document" in entry else entry
            if _is_node(node):
                roots.append(node)
            else:
                missing.append(str(key))
    pages: list[Page] = []
    loose: list[dict[str, Any]] = []
    document = None
    for root in roots:
        kind = root.get("type")
        if kind == "DOCUMENT":
            document = root
            for child in kids(root):
                if _is_node(child) and child.get("type") == "CANVAS":
                    pages.append(_page(child))
                elif _is_node(child):
                    loose.append(child)
        elif kind == "CANVAS":
            pages.append(_page(root))
        else:
            loose.append(root)
    if loose:
        pages.append(Page(*SYNTHETIC_PAGE, nodes=loose))
    return FigmaFile(pages, name, editor, document, shape, missing)


def _page(canvas: dict[str, Any]) -> Page:
    nodes = [c for c in kids(canvas) if _is_node(c)]
    name = canvas.get("name") if isinstance(canvas.get("name"), str) else ""
    return Page(str(canvas["id"]), name, nodes, canvas)


def load_figma(raw: bytes, path: Path) -> tuple[Any, FigmaFile]:
    """Decode and parse; every failure is one clear BadInputError line."""
    where = str(path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BadInputError("not UTF-8 text, so not Figma JSON", where=where, hint=_HINT) from exc
    if not text.strip():
        raise BadInputError("file is empty", where=where, hint=_HINT)
    parsed = parse_json(text, where=where, hint=_HINT)
    file = parse_figma(parsed.data, where)
    file.repaired = parsed.repaired
    return parsed.data, file
