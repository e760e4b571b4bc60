"""IR JSON: the scene graph as JSON (`deck.json` + `deck.assets/`), ACE's native format."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ace_core.formats import FormatInfo
from ace_core.ir.deck import Deck
from ace_core.ir.loss import LossReport
from ace_core.ir.storage import load_deck, save_deck

__all__ = ["FORMAT", "IrJsonFormat"]


class IrJsonFormat:
    info = FormatInfo(
        name="ir",
        label="ACE IR JSON",
        extensions=("json", "ir.json", "ace.json"),
        can_read=True,
        can_write=True,
        notes="lossless; assets in <name>.assets/ beside the file",
    )

    def sniff(self, head: bytes, path: Path) -> int:
        text = head.lstrip()[:4096]
        if not text.startswith(b"{"):
            return 0
        if b'"schema_version"' in head and b'"slides"' in head:
            return 90
        if b'"slides"' in text and b'"document"' not in text:
            return 40
        return 0

    def read(self, path: Path, **options: Any) -> Deck:
        return load_deck(path)

    def write(self, deck: Deck, path: Path, **options: Any) -> LossReport:
        from ace_core.ir.asset_refs import without_missing_assets

        report = LossReport()
        deck, _ = without_missing_assets(deck, report, "ir")  # a dangling reference would not load
        save_deck(deck, path, indent=options.get("indent"))
        return report


FORMAT = IrJsonFormat()


def looks_like_ir(data: Any) -> bool:
    return isinstance(data, dict) and isinstance(data.get("slides"), list)
