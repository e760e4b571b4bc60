"""`ace schema`, `ace formats`, `ace validate`, `ace inspect`."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from cli.common import FROM_OPTION, JSON_OPTION, deck_summary, read_deck, report_losses, set_json
from cli.output import out


def register(app: typer.Typer) -> None:
    app.command("schema")(schema)
    app.command("formats")(formats)
    app.command("validate")(validate)
    app.command("inspect")(inspect)


def schema(json_: bool = JSON_OPTION) -> None:
    """Print the IR's JSON schema."""
    from ace_core.ir.deck import Deck

    set_json(json_)
    data = Deck.model_json_schema()
    out.result(data, lambda c: c.print(json.dumps(data, indent=2), markup=False))


def formats(json_: bool = JSON_OPTION) -> None:
    """What reads and writes what."""
    from adapters import registry

    set_json(json_)
    rows = [
        {
            "name": a.info.name,
            "label": a.info.label,
            "extensions": list(a.info.extensions),
            "read": a.info.can_read,
            "write": a.info.can_write,
            "notes": a.info.notes,
        }
        for a in registry()
    ]

    def human(console):
        from rich.table import Table

        table = Table("format", "extensions", "read", "write", "notes")
        for r in rows:
            table.add_row(
                r["name"],
                " ".join("." + e for e in r["extensions"]),
                "yes" if r["read"] else "no",
                "yes" if r["write"] else "no",
                r["notes"],
            )
        console.print(table)

    out.result(rows, human)


def validate(
    file: Path = typer.Argument(..., help="Deck file (any format)."),
    fmt: str | None = FROM_OPTION,
    json_: bool = JSON_OPTION,
) -> None:
    """Check that a file reads into a valid IR deck; exit code 2 with the first problem if not."""
    from ace_core.ir.validate import check_invariants

    set_json(json_)
    deck = read_deck(file, fmt)
    problems = check_invariants(deck)
    if problems:
        from ace_core.errors import ValidationProblem

        raise ValidationProblem(problems[0], where=str(file))
    report_losses(deck.report)
    nodes = sum(1 for _ in deck.iter_nodes())
    data = {"file": str(file), "valid": True, "slides": len(deck.slides), "nodes": nodes}
    out.result(data, f"{file}: valid ({len(deck.slides)} slides, {nodes} nodes)")


def inspect(
    file: Path = typer.Argument(..., help="Deck file (any format)."),
    fmt: str | None = FROM_OPTION,
    json_: bool = JSON_OPTION,
) -> None:
    """Slides, node counts by kind, text snippets, and the loss report of reading the file."""
    set_json(json_)
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
