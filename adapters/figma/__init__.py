"""Figma REST API JSON (files, /nodes, single nodes, Figma Slides) <-> IR."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ace_core.errors import UnsupportedError
from ace_core.formats import FormatInfo
from ace_core.ir.deck import Deck
from ace_core.ir.loss import LossReport
from adapters.sniff import json_keys_head, looks_like_json

__all__ = ["FORMAT"]

_FIGMA_KEYS = {"document", "nodes", "absoluteBoundingBox", "relativeTransform", "schemaVersion", "Result"}


class FigmaFormat:
    info = FormatInfo(
        name="figma", label="Figma REST JSON", extensions=("figma.json", "fig.json"), can_read=False, can_write=False
    )

    def sniff(self, head: bytes, path: Path) -> int:
        if not looks_like_json(head):
            return 0
        keys = json_keys_head(head)
        return 60 if keys & _FIGMA_KEYS else 0

    def read(self, path: Path, **options: Any) -> Deck:
        raise UnsupportedError("reading Figma JSON is not implemented yet", where=str(path))

    def write(self, deck: Deck, path: Path, **options: Any) -> LossReport:
        raise UnsupportedError("writing Figma JSON is not implemented yet", where=str(path))


FORMAT = FigmaFormat()
