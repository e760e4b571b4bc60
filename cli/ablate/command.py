"""`ace ablate TASKS.jsonl --backends ... --model M --out DIR` and `ace ablate report DIR`.

Only typer is imported here: the runner, the backends, the judges and the models load inside the
command functions, so `ace --help` stays fast."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperGroup

from cli.output import out

__all__ = ["app", "register"]


class _TasksOrCommand(TyperGroup):
    """`ace ablate TASKS ...` is `ace ablate run TASKS ...`; `ace ablate report DIR` is the report."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            args = ["run", *args]
        return super().resolve_command(ctx, args)


app = typer.Typer(
    cls=_TasksOrCommand,
    help="Representation ablations: run a task set under conditions (backend x model x switches), "
    "record every run, and report paired statistics. `ace ablate TASKS.jsonl ...` runs; "
    "`ace ablate report DIR` rebuilds the report.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="ablate")


def _split(text: str | None) -> list[str]:
    return [p.strip() for p in (text or "").split(",") if p.strip()]


@app.command("run")
def run_command(
    tasks_path: Path = typer.Argument(..., metavar="TASKS.jsonl", help="Task file (JSONL, one task a line)."),
    out_dir: Path = typer.Option(..., "--out", help="Folder of results.jsonl, runs/ and the report."),
    backends: str = typer.Option("scenegraph", "--backends", help="Comma list of scenegraph, ooxml, html."),
    model: str | None = typer.Option(
        None,
        "--model",
        help="litellm model string(s), comma-separated; 'replay' runs each task's gold program (no LLM); "
        "'scripted:FILE' a scripted model. Default: $ACE_MODEL.",
    ),
    judge_model: str | None = typer.Option(
        None, "--judge-model", help="Model of the IF and VQ judges (default: the condition's model; none for replay)."
    ),
    conditions_file: Path | None = typer.Option(
        None, "--conditions", help="TOML file of conditions ([[condition]] tables); replaces --backends."
    ),
    router: str | None = typer.Option(None, "--router", help="on (CARE) or off (FULL context)."),
    tools: str | None = typer.Option(
        None, "--tools", help="all, or primitive (chart/table/SmartArt/math tools withheld)."
    ),
    iterations: int | None = typer.Option(
        None, "--iterations", "-T", min=1, max=20, help="Agent iterations T (1 = no self-correction)."
    ),
    tau: int | None = typer.Option(None, "--tau", min=0, max=5, help="Stop when the IF judge scores at least this."),
    leave_one_out: bool = typer.Option(
        False, "--leave-one-out", help="Also run, per backend and model, router=off, tools=primitive and T=1."
    ),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, max=256, help="Runs at once."),
    executor: str = typer.Option("local", "--executor", help="local (processes on this machine) or ray."),
    ray_address: str | None = typer.Option(
        None, "--ray-address", help="Ray cluster address (default $RAY_ADDRESS; none: local Ray)."
    ),
    resume: bool = typer.Option(False, "--resume", help="Continue DIR: skip the runs it already holds."),
    only: str | None = typer.Option(None, "--tasks", help="Comma list of task ids to run."),
    category: str | None = typer.Option(None, "--category", help="Comma list of categories to run."),
    limit: int | None = typer.Option(None, "--limit", min=1, help="At most this many tasks (after the filters)."),
    baseline: str | None = typer.Option(None, "--baseline", help="Condition name the report compares against."),
    api_base: str | None = typer.Option(
        None, "--api-base", help="Endpoint of the model provider (e.g. a local OpenAI-compatible server)."
    ),
    no_render: bool = typer.Option(False, "--no-render", help="No renders: no thumbnails, no layout checks, no VQ."),
    allow_outside: bool = typer.Option(
        False, "--allow-outside", help="Read task decks outside the task file's folder (refused by default)."
    ),
    json_: bool = typer.Option(False, "--json", help="Print one JSON envelope {data, warnings, errors} on stdout."),
) -> None:
    """Run every task under every condition; append one row per run to DIR/results.jsonl and write
    DIR/report.html, DIR/summary.json and DIR/summary.csv at the end."""
    from ace_core.errors import BadInputError
    from cli.ablate.session import AblationPlan, run_plan

    out.json_mode = out.json_mode or json_
    if executor not in ("local", "ray"):
        raise BadInputError(f"unknown executor {executor!r}", where="--executor", hint="use local or ray")
    switches: dict[str, Any] = {}
    for key, value, allowed in (("router", router, ("on", "off")), ("tools", tools, ("all", "primitive"))):
        if value is not None:
            if value not in allowed:
                raise BadInputError(f"{value!r} is not one of {', '.join(allowed)}", where=f"--{key}")
            switches[key] = value
    if iterations is not None:
        switches["iterations"] = iterations
    if tau is not None:
        switches["tau"] = tau
    plan = AblationPlan(
        tasks_path=tasks_path,
        out=out_dir,
        backends=_split(backends),
        models=_split(model),
        judge_model=judge_model,
        conditions_file=conditions_file,
        switches=switches,
        leave_one_out=leave_one_out,
        jobs=jobs,
        executor=executor,
        ray_address=ray_address,
        resume=resume,
        only=_split(only),
        categories=_split(category),
        limit=limit,
        baseline=baseline,
        api_base=api_base,
        render=not no_render,
        allow_outside=allow_outside,
    )
    summary = run_plan(plan)
    _print_summary(summary, out_dir)


@app.command("report")
def report_command(
    folder: Path = typer.Argument(..., metavar="DIR", help="An ablation folder (with results.jsonl)."),
    baseline: str | None = typer.Option(None, "--baseline", help="Condition name to compare against."),
    json_: bool = typer.Option(False, "--json", help="Print one JSON envelope {data, warnings, errors} on stdout."),
) -> None:
    """Rebuild DIR/report.html, DIR/summary.json and DIR/summary.csv from DIR/results.jsonl."""
    from cli.ablate.report import write_report

    out.json_mode = out.json_mode or json_
    summary = write_report(folder, baseline=baseline)
    _print_summary(summary, folder)


def _print_summary(summary: dict[str, Any], folder: Path) -> None:
    public = {k: v for k, v in summary.items() if k not in ("runs", "tasks")}
    public["report"] = str(folder / "report.html")

    def human(console: Any) -> None:
        from rich.table import Table

        table = Table(
            "condition", "runs", "errors", "passing", "IF", "VQ", "tokens/task", "context/call", "cost", "s/run"
        )
        for c in summary["conditions"]:
            mark = " (baseline)" if c["name"] == summary["baseline"] else ""
            table.add_row(
                c["name"] + mark,
                str(c["runs"]),
                str(c["errors"]),
                "-" if c["pass_rate"] is None else f"{c['pass_rate'] * 100:.0f}%",
                "-" if not c["if"] else f"{c['if']['mean']:.2f}",
                "-" if not c["vq"] else f"{c['vq']['mean']:.2f}",
                f"{c['tokens_per_task']:.0f}" if c["tokens_per_task"] is not None else "-",
                f"{c['context_tokens_per_call']:.0f}" if c["context_tokens_per_call"] is not None else "-",
                f"${c['cost_total']:.4f}",
                f"{c['seconds_mean']:.1f}" if c["seconds_mean"] is not None else "-",
            )
        console.print(table)
        console.print(f"report: {folder / 'report.html'}", markup=False)

    out.result(json.loads(json.dumps(public, default=str)), human)
