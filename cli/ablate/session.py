"""One `ace ablate` invocation: tasks x conditions minus the runs DIR already holds, fanned out to
an executor, each finished row appended to DIR/results.jsonl with progress, then the report."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ace_core.errors import BadInputError

__all__ = ["AblationPlan", "plan_runs", "run_plan"]


@dataclass
class AblationPlan:
    tasks_path: Path
    out: Path
    backends: list[str] = field(default_factory=lambda: ["scenegraph"])
    models: list[str] = field(default_factory=list)
    judge_model: str | None = None
    conditions_file: Path | None = None
    switches: dict[str, Any] = field(default_factory=dict)
    leave_one_out: bool = False
    jobs: int = 1
    executor: str = "local"
    ray_address: str | None = None
    resume: bool = False
    only: list[str] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)
    limit: int | None = None
    baseline: str | None = None
    api_base: str | None = None
    render: bool = True
    allow_outside: bool = False
    """read task decks outside the task file's folder"""


def _models(plan: AblationPlan) -> list[str]:
    import os

    from ace_core.llm import DEFAULT_MODEL_ENV

    models = plan.models or ([os.environ[DEFAULT_MODEL_ENV]] if os.environ.get(DEFAULT_MODEL_ENV) else [])
    if not models and plan.conditions_file is None:
        raise BadInputError(
            "no model given",
            where="--model",
            hint="pass --model MODEL (a litellm model string), --model replay for the gold programs, "
            f"or set {DEFAULT_MODEL_ENV}",
        )
    return models


def _check_models(conditions: list[Any], plan: AblationPlan) -> None:
    """Build each model's client once, so a missing key or script is one clear error, not a failed
    row per run."""
    from ace_core.llm import get_client
    from cli.ablate.runner import REPLAY

    names = {c.model for c in conditions if c.model != REPLAY}
    if plan.judge_model:
        names.add(plan.judge_model)
    for name in sorted(names):
        options = {"api_base": plan.api_base} if plan.api_base and not name.startswith("scripted:") else {}
        get_client(name, **options)


def _select(tasks: list[Any], plan: AblationPlan) -> list[Any]:
    if plan.only:
        known = {t.id for t in tasks}
        unknown = [i for i in plan.only if i not in known]
        if unknown:
            raise BadInputError(f"no task {', '.join(map(repr, unknown))}", where="--tasks")
        tasks = [t for t in tasks if t.id in set(plan.only)]
    if plan.categories:
        tasks = [t for t in tasks if t.category in set(plan.categories)]
    if plan.limit is not None:
        tasks = tasks[: plan.limit]
    if not tasks:
        raise BadInputError("no task left after --tasks / --category / --limit", where=str(plan.tasks_path))
    return tasks


def plan_runs(plan: AblationPlan) -> tuple[list[Any], list[Any], str | None]:
    """(tasks, conditions, baseline name) of a plan, validated."""
    from backends.native import BACKEND_NAMES
    from cli.ablate.conditions import conditions_from_options, load_conditions
    from cli.ablate.tasks import load_tasks

    tasks = _select(load_tasks(plan.tasks_path, allow_outside=plan.allow_outside), plan)
    models = _models(plan)
    baseline = plan.baseline
    if plan.conditions_file is not None:
        conditions, file_baseline = load_conditions(plan.conditions_file, models=models, switches=plan.switches)
        baseline = baseline or file_baseline
    else:
        bad = [b for b in plan.backends if b not in BACKEND_NAMES]
        if bad or not plan.backends:
            raise BadInputError(
                f"unknown backend {', '.join(bad) or '(none)'}",
                where="--backends",
                hint=f"use {', '.join(BACKEND_NAMES)}",
            )
        conditions = conditions_from_options(plan.backends, models, plan.switches, leave_one_out=plan.leave_one_out)
    if baseline is not None and baseline not in {c.name for c in conditions}:
        raise BadInputError(
            f"no condition is named {baseline!r}",
            where="--baseline",
            hint=f"conditions: {', '.join(c.name for c in conditions)}",
        )
    return tasks, conditions, baseline


def _save_inputs(out: Path, tasks: list[Any], conditions: list[Any], baseline: str | None) -> None:
    """DIR/tasks.jsonl (every task the folder ran, the newest version of each) and
    DIR/conditions.json, for the report and for whoever reads the folder later."""
    from ace_core.fsutil import atomic_write_text

    path = out / "tasks.jsonl"
    known: dict[str, str] = {}
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                known[str(json.loads(line)["id"])] = line
            except (json.JSONDecodeError, KeyError, TypeError):
                continue
    for t in tasks:
        known[t.id] = json.dumps({**t.spec(), "deck": str(t.deck_path)}, ensure_ascii=False)
    atomic_write_text(path, "".join(line + "\n" for line in known.values()))
    atomic_write_text(
        out / "conditions.json",
        json.dumps({"baseline": baseline, "conditions": [c.model_dump() for c in conditions]}, indent=1) + "\n",
    )


def _clear_stale(runs: Path) -> None:
    """Remove the half-written run folders of an ablation that was killed (atomic_dir's temporary
    '.<name>.*' folders): their runs have no row and run again."""
    import shutil

    if not runs.is_dir():
        return
    for task_dir in runs.iterdir():
        if task_dir.is_dir():
            for p in task_dir.iterdir():
                if p.name.startswith(".") and p.is_dir():
                    shutil.rmtree(p, ignore_errors=True)


def run_plan(plan: AblationPlan) -> dict[str, Any]:
    """Run what the plan asks and DIR does not hold yet; returns the report's summary."""
    from cli.ablate.conditions import run_key
    from cli.ablate.executors import import_ray, run_local, run_ray
    from cli.ablate.progress import Progress
    from cli.ablate.report import write_report
    from cli.ablate.results import ResultsFile
    from cli.ablate.runner import Settings
    from cli.ablate.tasks import task_hash

    tasks, conditions, baseline = plan_runs(plan)
    _check_models(conditions, plan)
    if plan.executor == "ray":
        import_ray()
    results = ResultsFile(plan.out)
    done = results.open(resume=plan.resume)
    _clear_stale(plan.out / "runs")
    _save_inputs(plan.out, tasks, conditions, baseline)
    hashes = {t.id: task_hash(t) for t in tasks}
    specs = []
    skipped = 0
    for cond in conditions:
        for t in tasks:
            key = run_key(hashes[t.id], cond, plan.judge_model)
            if key in done:
                skipped += 1
                continue
            task = {**t.spec(), "line": t.line, "base": t.base}
            specs.append({"task": task, "condition": cond.model_dump(), "key": key, "task_hash": hashes[t.id]})
    settings = Settings(
        out=str(plan.out.resolve()), judge_model=plan.judge_model, api_base=plan.api_base, render=plan.render
    )
    progress = Progress(total=len(specs), skipped=skipped)
    rows = (
        run_ray(specs, vars(settings), plan.jobs, plan.ray_address)
        if plan.executor == "ray"
        else run_local(specs, vars(settings), plan.jobs)
    )
    with progress:
        for row in rows:
            results.append(row)
            progress.add(row)
    return write_report(plan.out, baseline=baseline)
