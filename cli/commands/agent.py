"""`ace route`: the CARE routing decision and context sizes; `run_agent_edit` behind `ace edit -i`."""

from __future__ import annotations

from pathlib import Path

import typer

from cli.common import FROM_OPTION, JSON_OPTION, read_deck, set_json
from cli.output import out


def run_agent_edit(
    deck_path: Path,
    instruction: str,
    output: Path,
    *,
    model: str | None = None,
    iterations: int = 3,
    log: Path | None = None,
    to_format: str | None = None,
    tau: int = 4,
    max_tokens: int | None = None,
    max_cost: float | None = None,
    max_seconds: float | None = None,
    backend: str = "scenegraph",
) -> None:
    """`ace edit DECK -i INSTRUCTION --model MODEL -o OUT`: route, edit on the chosen backend
    (scenegraph, ooxml or html) with the self-correcting loop, write OUT with its format's adapter
    and the trajectory log (JSONL)."""
    from ace_core.agent import Budget, Trajectory, run_agent
    from ace_core.llm import get_client
    from adapters import read, write
    from backends.agent_binding import AgentBinding
    from backends.native import make_backend
    from judge.llm.edit_judge import make_if_judge

    deck = read(deck_path)
    client = get_client(model)
    binding = AgentBinding(make_backend(backend))
    judge = make_if_judge(client, render=_render_slides)
    log_path = log or output.with_name(output.name + ".trajectory.jsonl")
    trajectory = Trajectory(log_path)

    def progress(record) -> None:
        score = "-" if record.score is None else f"{record.score}/5"
        state = "applied" if record.applied else "not applied"
        out.info(
            f"iteration {record.iteration}: IF {score}, {record.tool_calls} tool calls ({state}), "
            f"{record.seconds:.1f} s: {record.critique[:140]}"
        )

    try:
        result = run_agent(
            deck,
            instruction,
            binding,
            client,
            judge,
            router_client=client,
            tau=tau,
            max_iterations=iterations,
            budget=Budget(max_tokens=max_tokens, max_cost=max_cost, max_seconds=max_seconds),
            trajectory=trajectory,
            on_iteration=progress,
        )
    finally:
        trajectory.close()
    report = write(result.deck, output, fmt=to_format)
    data = {
        "input": str(deck_path),
        "output": str(output),
        "log": str(log_path),
        "decision": result.decision.model_dump(),
        "scores": [r.score for r in result.iterations],
        "chosen_iteration": result.chosen_iteration,
        "stop_reason": result.stop_reason,
        "tokens": result.usage.total_tokens,
        "cost": round(result.usage.cost, 6),
        "seconds": round(result.seconds, 2),
        "losses": [e.model_dump(exclude_none=True) for e in report.entries],
    }
    out.result(
        data,
        f"wrote {output} (iteration {result.chosen_iteration} of {len(result.iterations)}, "
        f"{result.stop_reason}; {result.usage.total_tokens} tokens, ${result.usage.cost:.4f}); "
        f"log {log_path}",
    )


def _render_slides(deck, slide_ids: list[str], out_dir: Path) -> list[Path]:
    """Prediction renders for the IF judge (Chromium through the HTML writer)."""
    from backends.render.chromium import render_deck

    wanted = set(slide_ids)
    subset = deck.model_copy(update={"slides": [s for s in deck.slides if s.id in wanted]})
    return render_deck(subset, out_dir, width=min(1280, round(deck.width))).paths


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
        from rich.table import Table

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
