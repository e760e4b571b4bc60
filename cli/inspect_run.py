"""The work of `ace inspect` and `ace validate` without typer (the commands in cli/commands/info.py
and the fast path in cli/fast.py call these)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cli.common import deck_summary, read_deck, report_losses
from cli.output import out

__all__ = ["inspect_file", "rich_report", "validate_file"]


def validate_file(file: str, fmt: str | None = None) -> None:
    """Check that a file reads into a valid IR deck; exit code 2 with the first problem if not."""
    from ace_core.ir.validate import check_assets, check_invariants

    deck = read_deck(file, fmt)
    problems = check_invariants(deck) + check_assets(deck)
    if problems:
        from ace_core.errors import ValidationProblem

        more = f" (+{len(problems) - 1} more)" if len(problems) > 1 else ""
        raise ValidationProblem(problems[0] + more, where=str(file), hint="fix the deck and its assets folder")
    report_losses(deck.report)
    nodes = sum(1 for _ in deck.iter_nodes())
    data = {"file": str(file), "valid": True, "slides": len(deck.slides), "nodes": nodes}
    out.result(data, f"{file}: valid ({len(deck.slides)} slides, {nodes} nodes)")


def inspect_file(file: str, fmt: str | None = None) -> None:
    """Slides, node counts by kind, text snippets, and the loss report of reading the file."""
    deck = read_deck(file, fmt)
    data = deck_summary(deck)
    data["file"] = str(file)
    data["losses"] = [e.model_dump(exclude_none=True) for e in deck.report.entries]

    before = [
        f"{file}: {len(deck.slides)} slides, {deck.width:g}x{deck.height:g} px"
        + (f", from {data['source']}" if data["source"] else "")
    ]
    headers = ("#", "id", "nodes", "kinds", "text")
    rows = [
        (
            str(s["index"]) + (" (hidden)" if s["hidden"] else ""),
            s["id"],
            str(s["nodes"]),
            " ".join(f"{k}:{v}" for k, v in s["kinds"].items()),
            s["text"],
        )
        for s in data["slides"]
    ]
    after: list[str] = []
    if deck.report:
        after.append(f"loss report ({len(deck.report)} entries):")
        after += ["  " + e.describe() for e in deck.report.entries[:50]]
        if len(deck.report) > 50:
            after.append(f"  ... {len(deck.report) - 50} more (use --json)")

    if not out.json_mode and not out.data_on_stdout and not out.progress_drawn:
        from cli.plain_table import plain_report

        text = plain_report(before, headers, rows, after)  # the same text, without importing rich
        if text is not None:
            out.result(data, text)
            return
    out.result(data, lambda console: rich_report(console, before, headers, rows, after))


def rich_report(
    console: Any, before: Sequence[str], headers: Sequence[str], rows: Sequence[Sequence[str]], after: Sequence[str]
) -> None:
    """Lines `before`, the table, lines `after`, drawn by rich on `console`."""
    from rich.table import Table

    for line in before:
        console.print(line, markup=False)
    table = Table(*headers)
    for row in rows:
        table.add_row(*row)
    console.print(table)
    for line in after:
        console.print(line, markup=False)
