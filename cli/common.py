"""Helpers shared by the command modules."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from cli.output import out

if TYPE_CHECKING:
    from ace_core.ir.deck import Deck
    from ace_core.ir.loss import LossReport

JSON_OPTION = typer.Option(False, "--json", help="Print one JSON envelope {data, warnings, errors} on stdout.")
FROM_OPTION = typer.Option(None, "--from", help="Input format (pptx, html, figma, ir); default: by content.")


def set_json(flag: bool) -> None:
    out.json_mode = out.json_mode or flag


def read_deck(path: Path, fmt: str | None = None, **options: Any) -> Deck:
    from adapters import read

    return read(path, fmt=fmt, **options)


def report_losses(report: LossReport, *, limit: int = 20) -> None:
    """Warnings for a loss report: each entry in --json, a summary plus the first entries otherwise."""
    if not report:
        return
    if out.json_mode:
        for entry in report.entries:
            out.warnings.append(entry.model_dump(exclude_none=True))
        return
    counts = ", ".join(f"{k} x{v}" for k, v in sorted(report.by_feature().items()))
    out.warn(f"{len(report)} loss report entries: {counts}")
    if out.verbose:
        for entry in report.entries[: limit if out.verbose < 2 else None]:
            out.detail("  " + entry.describe())


def deck_summary(deck: Deck, *, snippet: int = 60) -> dict[str, Any]:
    slides = []
    for i, slide in enumerate(deck.slides):
        kinds: Counter[str] = Counter()
        texts: list[str] = []
        for node in slide.iter_nodes():
            kinds[node.type] += 1
            body = getattr(node, "text", None)
            if body is not None and hasattr(body, "plain_text"):
                t = " ".join(body.plain_text.split())
                if t:
                    texts.append(t)
        text = " | ".join(texts)
        slides.append(
            {
                "index": i + 1,
                "id": slide.id,
                "name": slide.name,
                "hidden": slide.hidden,
                "nodes": sum(kinds.values()),
                "kinds": dict(sorted(kinds.items())),
                "text": text[:snippet] + ("…" if len(text) > snippet else ""),
            }
        )
    return {
        "name": deck.name,
        "width": deck.width,
        "height": deck.height,
        "slides": slides,
        "slide_count": len(deck.slides),
        "assets": len(deck.assets),
        "source": deck.source.format if deck.source else None,
    }
