"""HTML slide decks (div.slide schema) and arbitrary slide HTML <-> IR."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ace_core.errors import UnsupportedError
from ace_core.formats import FormatInfo
from ace_core.ir.deck import Deck
from ace_core.ir.loss import LossReport
from adapters.sniff import looks_like_html

__all__ = ["FORMAT"]


class HtmlFormat:
    info = FormatInfo(name="html", label="HTML deck", extensions=("html", "htm"), can_read=False, can_write=False)

    def sniff(self, head: bytes, path: Path) -> int:
        return 70 if looks_like_html(head) else 0

    def read(self, path: Path, **options: Any) -> Deck:
        raise UnsupportedError("reading HTML is not implemented yet", where=str(path))

    def write(self, deck: Deck, path: Path, **options: Any) -> LossReport:
        raise UnsupportedError("writing HTML is not implemented yet", where=str(path))


FORMAT = HtmlFormat()
