"""`ace schema`, `ace formats`, `ace validate`, `ace inspect`."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from cli.common import FROM_OPTION, JSON_OPTION, set_json
from cli.inspect_run import inspect_file, validate_file
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
    file: Path = typer.Argument(..., help="Deck file (any format; '-' reads stdin)."),
    fmt: str | None = FROM_OPTION,
    json_: bool = JSON_OPTION,
) -> None:
    """Check that a file reads into a valid IR deck; exit code 2 with the first problem if not."""
    set_json(json_)
    validate_file(str(file), fmt)


def inspect(
    file: Path = typer.Argument(..., help="Deck file (any format; '-' reads stdin)."),
    fmt: str | None = FROM_OPTION,
    json_: bool = JSON_OPTION,
) -> None:
    """Slides, node counts by kind, text snippets, and the loss report of reading the file."""
    set_json(json_)
    inspect_file(str(file), fmt)
