"""Write a deck to .pptx: patch the source package when the deck came from one, else generate it fresh.

The output is written atomically: a failure leaves no partial file (and an existing file intact)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ace_core.errors import AceError, InternalError
from ace_core.fsutil import atomic_write_bytes
from ace_core.ir.deck import Deck
from ace_core.ir.loss import LossReport
from ace_core.ir.nodes import FrameNode

__all__ = ["patchable", "render_bytes", "solved", "write_pptx"]


def patchable(deck: Deck) -> bool:
    """True when the deck was read from a .pptx whose bytes are still in its asset store."""
    src = deck.source
    return bool(src is not None and src.format == "pptx" and src.package and deck.store.has(src.package))


def solved(deck: Deck) -> Deck:
    """A copy of the deck with auto-layout frames solved to boxes (the deck itself when there are
    none, or when the solver is not available)."""
    if not any(isinstance(n, FrameNode) and n.layout is not None for _, n in deck.iter_nodes()):
        return deck
    try:
        from ace_core.layout import solve_deck  # type: ignore[attr-defined]
    except ImportError:
        return deck
    copy = deck.clone()
    result = solve_deck(copy)
    return result if isinstance(result, Deck) else copy


def render_bytes(
    deck: Deck,
    *,
    fresh: bool = False,
    report: LossReport | None = None,
    variant: str | None = None,
    keep_strict: bool = False,
) -> tuple[bytes, str]:
    """(the .pptx bytes, the mode used: 'patch' or 'fresh'). `variant`: the output's extension
    (pptx, pptm, potx, ppsx, ...) when it should set the package kind; None keeps the source's.
    `keep_strict`: patch an ISO-Strict source as Strict (else it is written Transitional)."""
    report = report if report is not None else LossReport()
    from ace_core.ir.asset_refs import without_missing_assets

    deck, _ = without_missing_assets(deck, report, "pptx")
    if not fresh and patchable(deck):
        from adapters.ooxml.patch import write_patch

        return write_patch(solved(deck), report, variant, keep_strict=keep_strict), "patch"
    from adapters.ooxml.write_fresh import write_fresh

    return write_fresh(solved(deck), report, variant), "fresh"


def write_pptx(deck: Deck, path: str | os.PathLike[str], *, fresh: bool = False, **options: Any) -> LossReport:
    """Write `deck` to `path` (patch mode for decks read from a .pptx unless `fresh`; option
    `keep_strict` keeps an ISO-Strict source Strict); returns the write's loss report."""
    report = LossReport()
    try:
        variant = Path(path).suffix.lstrip(".").lower() or None
        keep_strict = bool(options.get("keep_strict", False))
        data, _mode = render_bytes(deck, fresh=fresh, report=report, variant=variant, keep_strict=keep_strict)
    except AceError:
        raise
    except Exception as exc:  # a bug: report it as one, never leave a partial file
        raise InternalError(f"writing the .pptx failed: {type(exc).__name__}: {exc}", where=str(path)) from exc
    atomic_write_bytes(Path(path), data)
    return report
