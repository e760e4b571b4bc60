"""HTML decks <-> IR: ACE's own div.slide schema (written by `write`, read back exactly by
`read_schema`) and arbitrary slide HTML (read through Chromium by `dom_reader.read_dom`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ace_core.formats import FormatInfo
from ace_core.fsutil import read_input
from adapters.sniff import is_ace_html, looks_like_html

if TYPE_CHECKING:
    from ace_core.ir.deck import Deck
    from ace_core.ir.loss import LossReport

__all__ = ["FORMAT", "HtmlFormat"]

_HEAD = 65536


class HtmlFormat:
    info = FormatInfo(
        name="html",
        label="HTML deck",
        extensions=("html", "htm"),
        can_read=True,
        can_write=True,
        notes="one self-contained file (div.slide per slide); arbitrary slide HTML is read through Chromium",
    )

    def sniff(self, head: bytes, path: Path) -> int:
        if is_ace_html(head):
            return 95
        return 70 if looks_like_html(head) else 0

    def read(self, path: Path, **options: Any) -> Deck:
        """ACE's own schema goes to the schema reader; any other HTML to the DOM reader."""
        from adapters.html.read_schema import read_schema_text

        raw = read_input(path)
        if is_ace_html(raw[:_HEAD]):
            return read_schema_text(raw.decode("utf-8", "replace"), base=Path(path).parent, where=str(path))
        from adapters.html.dom_reader import read_dom

        return read_dom(path, **options)

    def write(self, deck: Deck, path: Path, **options: Any) -> LossReport:
        """Options: assets="inline" (data: URIs, default) | "external" (files in <stem>.assets/);
        embed_source=True keeps the source package (e.g. the original .pptx) inside the file."""
        from adapters.html.write import write_html

        return write_html(deck, path, **options)


FORMAT = HtmlFormat()
