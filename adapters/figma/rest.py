"""The properties Figma's REST API (GET /v1/files, @figma/rest-api-spec) requires of each node type,
with the values the API itself returns by default, and the pass that completes a written tree.

The writer builds each node from the IR; `complete_document` then gives every node what the spec
requires and the IR had no word for (scrollBehavior, a full ellipse's arcData, a canvas's
prototype fields, an instance's overrides, ...), so the file validates against the spec whatever
path produced a node (fresh, patched from a source, drawn for a kind Figma lacks)."""

from __future__ import annotations

import copy
import math
from typing import Any

from adapters.figma.context import num

__all__ = ["CANVAS_DEFAULTS", "complete_document", "complete_file", "complete_node", "file_header"]

_BOX = {"x": 0.0, "y": 0.0, "width": 0.0, "height": 0.0}
_LAYER = {"scrollBehavior": "SCROLLS"}
_SHAPE = {**_LAYER, "blendMode": "PASS_THROUGH", "fills": [], "effects": [], "interactions": []}
# frame-like nodes: the API still returns the deprecated background / backgroundColor (their fills)
_FRAME_LIKE = frozenset({"FRAME", "GROUP", "COMPONENT", "COMPONENT_SET", "INSTANCE"})
_CONTAINER = {**_SHAPE, "clipsContent": False, "children": []}

CANVAS_DEFAULTS: dict[str, Any] = {
    **_LAYER,
    "children": [],
    "backgroundColor": {"r": 0.9607843160629272, "g": 0.9607843160629272, "b": 0.9607843160629272, "a": 1.0},
    "flowStartingPoints": [],
    "prototypeDevice": {"type": "NONE", "rotation": "NONE"},
    "prototypeStartNodeID": None,
}

_BY_TYPE: dict[str, dict[str, Any]] = {
    "DOCUMENT": {**_LAYER, "children": []},
    "CANVAS": CANVAS_DEFAULTS,
    "FRAME": _CONTAINER,
    "GROUP": _CONTAINER,
    "COMPONENT": _CONTAINER,
    "COMPONENT_SET": _CONTAINER,
    "INSTANCE": {**_CONTAINER, "overrides": []},
    "SECTION": {**_LAYER, "fills": [], "children": [], "sectionContentsHidden": False},
    "BOOLEAN_OPERATION": {**_SHAPE, "children": [], "booleanOperation": "UNION"},
    "RECTANGLE": _SHAPE,
    "LINE": _SHAPE,
    "VECTOR": _SHAPE,
    "STAR": _SHAPE,
    "REGULAR_POLYGON": _SHAPE,
    "ELLIPSE": {**_SHAPE, "arcData": {"startingAngle": 0.0, "endingAngle": 2 * math.pi, "innerRadius": 0.0}},
    "TEXT": {
        **_SHAPE,
        "characters": "",
        "style": {},
        "characterStyleOverrides": [],
        "styleOverrideTable": {},
        "lineTypes": ["NONE"],
        "lineIndentations": [0],
    },
}
# nodes placed on a page: the layout trait's boxes are required
_NO_BOXES = frozenset({"DOCUMENT", "CANVAS"})


def complete_node(node: dict[str, Any]) -> None:
    """Add the properties the spec requires of this node's type, with the API's defaults."""
    kind = node.get("type")
    for key, value in _BY_TYPE.get(kind, _SHAPE).items():
        if key not in node:
            node[key] = copy.deepcopy(value)
    if kind not in _NO_BOXES:
        box = node.setdefault("absoluteBoundingBox", dict(_BOX))
        if "absoluteRenderBounds" not in node:
            node["absoluteRenderBounds"] = dict(box) if node.get("visible", True) else None
    if kind in _FRAME_LIKE:
        if "background" not in node:
            node["background"] = copy.deepcopy(node["fills"])
        if "backgroundColor" not in node:
            node["backgroundColor"] = _first_solid(node["fills"])
    if kind == "INSTANCE" and not isinstance(node.get("componentId"), str):
        node["componentId"] = ""
    for effect in node.get("effects") or []:
        _complete_effect(effect)


def _first_solid(fills: Any) -> dict[str, float]:
    for paint in fills if isinstance(fills, list) else []:
        if isinstance(paint, dict) and paint.get("type") == "SOLID" and paint.get("visible", True):
            color = paint.get("color") if isinstance(paint.get("color"), dict) else {}
            rgba = {k: num(color.get(k)) for k in ("r", "g", "b")}
            rgba["a"] = num(color.get("a"), 1.0) * num(paint.get("opacity"), 1.0)
            return rgba
    return {"r": 0.0, "g": 0.0, "b": 0.0, "a": 0.0}


def _complete_effect(effect: dict[str, Any]) -> None:
    if effect.get("type") in ("DROP_SHADOW", "INNER_SHADOW"):
        effect.setdefault("color", {"r": 0.0, "g": 0.0, "b": 0.0, "a": 0.25})
        effect.setdefault("offset", {"x": 0.0, "y": 0.0})
        effect.setdefault("blendMode", "NORMAL")
        effect.setdefault("radius", 0.0)
        effect.setdefault("visible", True)
        if effect["type"] == "DROP_SHADOW":
            effect.setdefault("showShadowBehindNode", False)
    elif effect.get("type") in ("LAYER_BLUR", "BACKGROUND_BLUR"):
        effect.setdefault("visible", True)
        effect.setdefault("radius", 0.0)


def complete_document(document: dict[str, Any]) -> None:
    """Complete every node of a DOCUMENT tree (iteratively: decks nest deeply)."""
    stack = [document]
    while stack:
        node = stack.pop()
        complete_node(node)
        stack.extend(c for c in node.get("children") or [] if isinstance(c, dict))


_STYLE_TYPES = {"fill": "FILL", "fills": "FILL", "stroke": "FILL", "strokes": "FILL", "text": "TEXT"}
_STYLE_TYPES |= {"effect": "EFFECT", "effects": "EFFECT", "grid": "GRID"}


def complete_file(doc: dict[str, Any]) -> None:
    """Complete the document and the file's component / component set / style metadata (a source
    file may lack fields the spec requires: a style's type is then the one its nodes use it as)."""
    complete_document(doc["document"])
    used: dict[str, str] = {}
    stack = [doc["document"]]
    while stack:
        node = stack.pop()
        styles = node.get("styles")
        if isinstance(styles, dict):
            for role, sid in styles.items():
                if isinstance(sid, str) and role in _STYLE_TYPES:
                    used.setdefault(sid, _STYLE_TYPES[role])
        stack.extend(c for c in node.get("children") or [] if isinstance(c, dict))
    for key, base in (
        ("components", {"key": "", "name": "", "description": "", "documentationLinks": [], "remote": False}),
        ("componentSets", {"key": "", "name": "", "description": ""}),
        ("styles", {"key": "", "name": "", "description": "", "remote": False}),
    ):
        table = doc.get(key)
        if not isinstance(table, dict):
            doc[key] = {}
            continue
        for ident, meta in list(table.items()):
            if not isinstance(meta, dict):
                del table[ident]
                continue
            for field, value in base.items():
                if meta.get(field) is None:
                    meta[field] = copy.deepcopy(value)
            if key == "styles" and meta.get("styleType") not in ("FILL", "TEXT", "EFFECT", "GRID"):
                meta["styleType"] = used.get(ident, "FILL")


def file_header(name: str, editor_type: str) -> dict[str, Any]:
    """The file-level fields of a GET /v1/files response other than the document."""
    return {
        "name": name,
        "lastModified": "1970-01-01T00:00:00Z",
        "version": "0",
        "role": "owner",
        "editorType": editor_type,
        "schemaVersion": 0,
        "components": {},
        "componentSets": {},
        "styles": {},
    }
