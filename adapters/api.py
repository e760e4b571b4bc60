"""The library entry points: read, write, convert, for any registered format."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ace_core.errors import BadInputError
from ace_core.ir.deck import Deck
from ace_core.ir.loss import LossReport
from adapters.registry import registry

__all__ = ["ConversionResult", "convert", "read", "write"]


def read(path: str | os.PathLike[str], *, fmt: str | None = None, **options: Any) -> Deck:
    """Read a deck from any supported format (detected by content). `deck.report` lists losses."""
    p = Path(path)
    adapter = registry().detect(p, fmt=fmt)
    if not adapter.info.can_read:
        from ace_core.errors import UnsupportedError

        raise UnsupportedError(f"reading {adapter.info.label} is not supported yet", where=str(p))
    return adapter.read(p, **options)


def write(deck: Deck, path: str | os.PathLike[str], *, fmt: str | None = None, **options: Any) -> LossReport:
    """Write a deck; the format comes from `fmt` or the extension. Returns the write's loss report."""
    p = Path(path)
    adapter = registry().for_output(p, fmt=fmt)
    return adapter.write(deck, p, **options)


@dataclass
class ConversionResult:
    deck: Deck
    read_report: LossReport = field(default_factory=LossReport)
    write_report: LossReport = field(default_factory=LossReport)
    source_format: str = ""
    target_format: str = ""

    @property
    def report(self) -> LossReport:
        merged = LossReport()
        merged.extend(self.read_report)
        merged.extend(self.write_report)
        return merged


def _templates_read(target: str, write_options: dict[str, Any]) -> bool | str:
    """Which of a .pptx's masters / layouts a `target` writer uses: none for a patched .pptx (its
    package keeps its own), those the slides use for HTML that embeds the source package (the page
    carries them in its embedded IR, the package the rest: a fresh .pptx of the page reads them
    from it), all of them for every other writer."""
    if target == "pptx":
        return bool(write_options.get("fresh"))
    if target == "html" and write_options.get("embed_source", True):
        return "used"
    return True


def convert(
    src: str | os.PathLike[str],
    dst: str | os.PathLike[str],
    *,
    from_format: str | None = None,
    to_format: str | None = None,
    read_options: dict[str, Any] | None = None,
    write_options: dict[str, Any] | None = None,
    overwrite_input: bool = False,
) -> ConversionResult:
    """Convert `src` to `dst` (formats by content / extension, or given). Never overwrites the
    input unless `overwrite_input`."""
    s, d = Path(src), Path(dst)
    if not overwrite_input and d.exists() and s.exists() and os.path.samefile(s, d):
        raise BadInputError("output would overwrite the input", where=str(d), hint="choose another output path")
    reg = registry()
    src_adapter = reg.detect(s, fmt=from_format)
    dst_adapter = reg.for_output(d, fmt=to_format)
    read_options = dict(read_options or {})
    templates = _templates_read(dst_adapter.info.name, write_options or {})
    if src_adapter.info.name == "pptx" and templates is not True:
        # a .pptx's masters and layouts are most of a small deck's read (a fresh .pptx reads the
        # ones left out from the stored package if it comes to that)
        read_options.setdefault("templates", templates)
    deck = read(s, fmt=src_adapter.info.name, **read_options)
    wreport = dst_adapter.write(deck, d, **(write_options or {}))
    return ConversionResult(
        deck=deck,
        read_report=deck.report,
        write_report=wreport,
        source_format=src_adapter.info.name,
        target_format=dst_adapter.info.name,
    )
