"""OOXML (.pptx / .pptm / .potx / .ppsx, transitional and Strict) <-> IR."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ace_core.formats import FormatInfo
from adapters.sniff import OLE2_MAGIC, ZIP_MAGIC

if TYPE_CHECKING:
    from ace_core.ir.deck import Deck
    from ace_core.ir.loss import LossReport

__all__ = ["FORMAT"]


class PptxFormat:
    info = FormatInfo(
        name="pptx",
        label="PowerPoint OOXML",
        extensions=("pptx", "pptm", "potx", "potm", "ppsx", "ppsm"),
        can_read=True,
        can_write=True,
    )

    def sniff(self, head: bytes, path: Path) -> int:
        if head.startswith(ZIP_MAGIC):
            if b"ppt/" in head:
                return 80
            if b"word/" in head or b"xl/" in head:
                return 0
            return 50 if b"[Content_Types].xml" in head else 30
        if head.startswith(OLE2_MAGIC):
            return 20  # encrypted OOXML or legacy .ppt: the reader explains
        return 0

    def read(self, path: Path, **options: Any) -> Deck:
        """Options: `limits` (adapters.ooxml.package.Limits), `master_shapes` (bool, default True),
        `templates` (default True: the masters and layouts; False: none, "used": the slides' ones; see
        read_pptx)."""
        from adapters.ooxml.read_deck import read_pptx

        return read_pptx(
            path,
            limits=options.get("limits"),
            master_shapes=options.get("master_shapes", True),
            templates=options.get("templates", True),
        )

    def write(self, deck: Deck, path: Path, **options: Any) -> LossReport:
        """Patch the source package when the deck was read from a .pptx, else generate the file
        fresh; option `fresh=True` forces fresh mode, `keep_strict=True` patches an ISO-Strict
        deck as Strict (else it is written Transitional). Written atomically; returns the losses."""
        from adapters.ooxml.writer import write_pptx

        return write_pptx(
            deck, path, fresh=bool(options.get("fresh", False)), keep_strict=bool(options.get("keep_strict", False))
        )


FORMAT = PptxFormat()
