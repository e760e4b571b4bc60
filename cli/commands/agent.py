"""`ace route`: the CARE routing decision and context sizes; `run_agent_edit` behind `ace edit -i`."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.table import Table

from cli.common import FROM_OPTION, JSON_OPTION, read_deck, set_json
from cli.output import out


def register(app: typer.Typer) -> None:
    app.command("route")(route_command)


def route_command(
    deck_path: Path = typer.Argument(..., metavar="DECK", help="Deck file (any format)."),
    instruction: str = typer.Argument(..., help="The editing instruction."),
    model: str | None = typer.Option(
        None, "--model", help="litellm model string for the LLM classifier (default: heuristic only)."
    ),
    fmt: str | None = FROM_OPTION,
    json_: bool = JSON_OPTION,
) -> None:
    """Print the routing decision (mode, target slides, image gating) and the context tokens per mode
    against FULL."""
    from ace_core.llm import get_client
    from ace_core.router import PresentationSummary, route
    from ace_core.router.context import context_table

    set_json(json_)
    deck = read_deck(deck_path, fmt)
    client = get_client(model) if model else None
    decision = route(instruction, PresentationSummary.of(deck), client)
    rows = context_table(deck, decision, model=client.model if client else None)
    data = {"decision": decision.model_dump(), "contexts": rows}

    def human(console) -> None:
        targets = ", ".join(str(t + 1) for t in decision.target_slides) or "whole deck"
        console.print(
            f"mode {decision.mode}, slides {targets}, needs_image {decision.needs_image}, "
            f"confidence {decision.confidence:.2f} ({decision.source}): {decision.reason}",
            markup=False,
        )
        table = Table("context", "tokens", "vs FULL")
        for r in rows:
            mark = " <- routed" if r["mode"] == decision.mode else ""
            table.add_row(r["mode"] + mark, str(r["tokens"]), f"-{r['reduction'] * 100:.1f}%")
        console.print(table)

    out.result(data, human)
