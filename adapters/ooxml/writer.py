"""Write a deck to .pptx: patch the source package when the deck came from one, else generate it fresh.

The output is written atomically: a failure leaves no partial file (and an existing file intact)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ace_core.errors import AceError, BadInputError, InternalError
from ace_core.fsutil import atomic_write_bytes
from ace_core.ir.deck import Deck
from ace_core.ir.loss import LossReport
from ace_core.ir.nodes import FrameNode
from ace_core.limits import MAX_SLIDES
from ace_core.textscrub import report_scrubbed, scrub_deck

__all__ = ["patchable", "render_bytes", "solved", "write_pptx"]


def patchable(deck: Deck, report: LossReport | None = None) -> bool:
    """True when the deck was read from a .pptx whose bytes are still in its asset store and are
    the file its provenance names (sha256); a source package that fails the check is reported."""
    key, why = deck.source_package("pptx")
    if why and report is not None:
        report.add("source-package", f"{why}; the .pptx is generated fresh", severity="warning", stage="write")
    return key is not None


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
    if deck.source is not None and deck.source.format == "figma":
        from ace_core.drawing.text_lines import css_texts_as_ooxml

        deck = css_texts_as_ooxml(deck)  # Figma lays lines out CSS's way: its text shown where Figma shows it
    clean, scrubbed = scrub_deck(deck)
    attempt = LossReport()
    try:
        result = _render(clean, fresh, attempt, variant, scrubbed, keep_strict)
    except ValueError as exc:  # lxml refused a string: a character the quick check does not look for
        if "XML compatible" not in str(exc):
            raise
        clean, scrubbed = scrub_deck(deck, thorough=True)
        attempt = LossReport()
        result = _render(clean, fresh, attempt, variant, scrubbed, keep_strict)
    report.extend(attempt)
    return result


def _render(
    deck: Deck, fresh: bool, report: LossReport, variant: str | None, scrubbed: list, keep_strict: bool
) -> tuple[bytes, str]:
    report_scrubbed(report, scrubbed, "pptx")
    if not fresh and patchable(deck, report):
        from adapters.ooxml.patch import write_patch

        return write_patch(solved(deck), report, variant, keep_strict=keep_strict), "patch"
    from adapters.ooxml.read_deck import with_templates
    from adapters.ooxml.write_fresh import write_fresh

    full = with_templates(deck)
    if full is None:
        report.add(
            "masters-layouts",
            "the deck was read without its masters and layouts (templates=False) and its source package is "
            "gone: the slides are written on a blank master and layouts",
            severity="warning",
            stage="write",
        )
        full = deck
    elif full is not deck:  # the losses of reading the masters / layouts read only now
        report.entries += [e for e in full.report.entries if e not in deck.report.entries]
    return write_fresh(solved(full), report, variant), "fresh"


def write_pptx(deck: Deck, path: str | os.PathLike[str], *, fresh: bool = False, **options: Any) -> LossReport:
    """Write `deck` to `path` (patch mode for decks read from a .pptx unless `fresh`; option
    `keep_strict` keeps an ISO-Strict source Strict); returns the write's loss report."""
    report = LossReport()
    limit = MAX_SLIDES.value
    if len(deck.slides) > limit:  # refused before any work: ACE could not read the file back
        raise MAX_SLIDES.refuse(
            f"the deck has {len(deck.slides):,} slides, more than a .pptx ACE reads may hold; nothing written "
            "(split the deck)",
            where=str(path),
            needed=len(deck.slides),
        )
    try:
        variant = Path(path).suffix.lstrip(".").lower() or None
        keep_strict = bool(options.get("keep_strict", False))
        data, _mode = render_bytes(deck, fresh=fresh, report=report, variant=variant, keep_strict=keep_strict)
    except AceError:
        raise
    except Exception as exc:  # a bug: report it as one, never leave a partial file
        raise InternalError(f"writing the .pptx failed: {type(exc).__name__}: {exc}", where=str(path)) from exc
    check_readable(data, str(path))
    atomic_write_bytes(Path(path), data)
    return report


def check_readable(data: bytes, where: str) -> None:
    """Refuse to write a package the reader would refuse (parts, unpacked bytes, compression ratio:
    the same limits, checked from the zip directory)."""
    from adapters.ooxml.package import Package

    try:
        Package(data, where)
    except BadInputError as exc:
        raise BadInputError(
            f"the .pptx would be one ACE refuses to read back: {exc.what}; nothing written (split the deck)",
            where=where,
            hint=exc.hint,
        ) from exc
