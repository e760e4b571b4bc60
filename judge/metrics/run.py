"""One entry point for any deck file: HTML through Chromium (DOM boxes), pptx through LibreOffice
(pixels) and the IR (boxes), IR / Figma JSON as scene graphs written to HTML and measured in Chromium."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from ace_core.browser import BrowserSession
from ace_core.ir.deck import Deck
from ace_core.tempfiles import temp_dir
from judge.metrics.result import DeckMetrics, MetricParams

__all__ = ["measure_deck", "measure_file", "slide_count"]


def slide_count(path: str | os.PathLike[str], *, fmt: str | None = None) -> tuple[str, Deck | None]:
    """(format name, the deck read from the file, or None for HTML, which only a render can
    split into slides): for a progress bar, and to pass on to measure_file."""
    from adapters import read
    from adapters.registry import registry

    name = registry().detect(Path(path), fmt=fmt).info.name
    if name == "html":
        return name, None
    return name, read(Path(path), fmt=name)


def measure_file(
    path: str | os.PathLike[str],
    *,
    fmt: str | None = None,
    deck: Deck | None = None,
    params: MetricParams | None = None,
    session: BrowserSession | None = None,
    progress: Callable[[int], None] | None = None,
) -> DeckMetrics:
    """The four metrics on every slide of a deck file (format by content unless `fmt`; `deck`:
    the file's IR when already read)."""
    from adapters import read
    from adapters.registry import registry

    p = Path(path)
    name = registry().detect(p, fmt=fmt).info.name
    if name == "html":
        from judge.metrics.chromium import measure_html

        return measure_html(p, params=params, session=session, progress=progress)
    deck = deck if deck is not None else read(p, fmt=name)
    if name == "pptx":
        from judge.metrics.libreoffice import measure_pptx_deck

        return measure_pptx_deck(deck, p.read_bytes(), params=params, progress=progress, source=str(p))
    result = measure_deck(deck, params=params, session=session, progress=progress)
    result.source = str(p)
    return result


def measure_deck(
    deck: Deck,
    *,
    pipeline: str = "chromium",
    params: MetricParams | None = None,
    session: BrowserSession | None = None,
    progress: Callable[[int], None] | None = None,
) -> DeckMetrics:
    """An IR deck through Chromium (written to HTML) or through LibreOffice (written to pptx)."""
    if pipeline == "chromium":
        from judge.metrics.chromium import measure_deck_html

        return measure_deck_html(deck, params=params, session=session, progress=progress)
    if pipeline != "libreoffice":
        raise ValueError(f"unknown pipeline {pipeline!r} (chromium or libreoffice)")

    from adapters import read, write
    from judge.metrics.libreoffice import measure_pptx_deck

    with temp_dir("metrics") as tmp:
        pptx = Path(tmp) / "deck.pptx"
        write(deck, pptx, fmt="pptx")
        back = read(pptx, fmt="pptx")
        return measure_pptx_deck(back, pptx.read_bytes(), params=params, progress=progress, source=deck.name)
