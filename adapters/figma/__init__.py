"""Figma REST API JSON (files, /nodes, single nodes, Figma Slides) <-> IR."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ace_core.formats import FormatInfo
from adapters.sniff import json_keys_head, looks_like_json

if TYPE_CHECKING:
    from ace_core.ir.deck import Deck
    from ace_core.ir.loss import LossReport

__all__ = ["FORMAT", "FigmaFormat"]

# keys only Figma responses use (IR JSON has none of them)
_STRONG = {"absoluteBoundingBox", "relativeTransform", "schemaVersion", "characterStyleOverrides", "layoutMode"}
_STRONG |= {"componentSets", "absoluteRenderBounds", "scrollBehavior", "lastModified", "editorType"}
_WEAK = {"document", "nodes", "Result", "blendMode", "fills", "strokes", "children"}
_NODE_TYPE = re.compile(
    rb'"type"\s*:\s*"(DOCUMENT|CANVAS|FRAME|GROUP|SECTION|COMPONENT|COMPONENT_SET|INSTANCE|SLIDE|SLIDE_ROW|SLIDE_GRID|'
    rb'RECTANGLE|ELLIPSE|LINE|VECTOR|STAR|REGULAR_POLYGON|BOOLEAN_OPERATION|TEXT)"'
)


class FigmaFormat:
    info = FormatInfo(
        name="figma",
        label="Figma REST JSON",
        extensions=("figma.json", "fig.json", "figma"),
        can_read=True,
        can_write=True,
        notes="GET /v1/files/:key, /nodes, a node map or one node; images from --images / --image-map",
    )

    def sniff(self, head: bytes, path: Path) -> int:
        if not looks_like_json(head):
            return 0
        keys = json_keys_head(head)
        if "slides" in keys:  # IR JSON (same node type names); Figma responses have no "slides" key
            return 0
        if keys & _STRONG:
            return 80
        if {"document", "nodes", "Result"} & keys and keys & _WEAK - {"document", "nodes", "Result"}:
            return 60
        if _NODE_TYPE.search(head[:65536]):
            return 55
        if path.name.lower().endswith((".figma.json", ".fig.json")):
            return 50
        return 0

    def read(self, path: Path, **options: Any) -> Deck:
        from adapters.figma.read import read_figma

        return read_figma(path, **options)

    def write(self, deck: Deck, path: Path, **options: Any) -> LossReport:
        from adapters.figma.write import write_figma

        return write_figma(deck, path, **options)


FORMAT = FigmaFormat()
