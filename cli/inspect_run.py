"""The work of `ace inspect` and `ace validate` without typer (the commands in cli/commands/info.py
and the fast path in cli/fast.py call these)."""

from __future__ import annotations

from cli.common import deck_summary, read_deck, report_losses
from cli.output import out

__all__ = ["inspect_file", "validate_file"]


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

    def human(console):
        from rich.table import Table

        console.print(
            f"{file}: {len(deck.slides)} slides, {deck.width:g}x{deck.height:g} px"
            + (f", from {data['source']}" if data["source"] else ""),
            markup=False,
        )
        table = Table("#", "id", "nodes", "kinds", "text")
        for s in data["slides"]:
            kinds = " ".join(f"{k}:{v}" for k, v in s["kinds"].items())
            table.add_row(
                str(s["index"]) + (" (hidden)" if s["hidden"] else ""), s["id"], str(s["nodes"]), kinds, s["text"]
            )
        console.print(table)
        if deck.report:
            console.print(f"loss report ({len(deck.report)} entries):", markup=False)
            for e in deck.report.entries[:50]:
                console.print("  " + e.describe(), markup=False)
            if len(deck.report) > 50:
                console.print(f"  ... {len(deck.report) - 50} more (use --json)", markup=False)

    out.result(data, human)
