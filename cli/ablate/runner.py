"""One ablation run: a task under a condition. The agent loop (or, with the replay model, the task's
gold program) edits the deck on the condition's backend; the run folder gets the output deck in that
backend's format, origin and output renders, the trajectory and the JsonDiff; the row gets the
checks' verdicts, the judges' scores, layout metrics, tokens, cost, time, turns and operations.

`execute(spec, settings)` is the picklable entry the executors call; it never raises: a missing
deck, a failing program or a model error is a row with `ok: false` and an `error` naming it."""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ace_core.errors import AceError, BadInputError
from cli.ablate.checks import evaluate_checks, layout_slides
from cli.ablate.conditions import Condition, allowed_tools
from cli.ablate.tasks import Task

__all__ = ["REPLAY", "Meter", "Settings", "execute"]

REPLAY = "replay"
MAX_SHOWN = 6
"""slides rendered for the report and the VQ judge per run (the edited ones first)"""
WITHHELD = "tools=primitive withholds the chart, table, SmartArt and equation tools"


@dataclass
class Settings:
    out: str
    judge_model: str | None = None
    api_base: str | None = None
    render: bool = True


@dataclass
class Meter:
    """An LLMClient wrapper that adds up usage and wall time of every call, by purpose."""

    client: Any
    by_purpose: dict[str, dict[str, float]] = field(default_factory=dict)

    @property
    def model(self) -> str:
        return self.client.model

    def complete(self, messages: list[dict[str, Any]], *, purpose: str = "other", **kw: Any) -> Any:
        t0 = time.monotonic()
        try:
            response = self.client.complete(messages, purpose=purpose, **kw)
        finally:
            slot = self.by_purpose.setdefault(
                purpose, {"calls": 0, "input": 0, "output": 0, "cached": 0, "cost": 0.0, "seconds": 0.0}
            )
            slot["calls"] += 1
            slot["seconds"] += time.monotonic() - t0
        u = response.usage
        slot["input"] += u.prompt_tokens
        slot["output"] += u.completion_tokens
        slot["cached"] += u.cached_tokens
        slot["cost"] += u.cost
        return response


def _merge_meters(*meters: Meter | None) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    seen: set[int] = set()
    for m in meters:
        if m is None or id(m) in seen:
            continue
        seen.add(id(m))
        for purpose, slot in m.by_purpose.items():
            acc = out.setdefault(purpose, dict.fromkeys(slot, 0))
            for k, v in slot.items():
                acc[k] += v
    return out


# -- decks (read once per process) -------------------------------------------------------------------
_DECKS: dict[str, tuple[tuple[float, int], Any, str]] = {}


def _load_deck(path: Path) -> tuple[Any, str]:
    """The task's deck and the sha256 of its file; read once per process. The deck is shared:
    treat it as read-only (a backend's load works on its own copy)."""
    from adapters import read

    if not path.is_file():
        raise BadInputError(
            "deck not found", where=str(path), hint="check the task's deck path (relative to the task file)"
        )
    st = path.stat()
    stamp = (st.st_mtime, st.st_size)
    cached = _DECKS.get(str(path))
    if cached is None or cached[0] != stamp:
        data = path.read_bytes()
        deck = read(path)
        cached = (stamp, deck, hashlib.sha256(data).hexdigest()[:20])
        if len(_DECKS) > 32:
            _DECKS.pop(next(iter(_DECKS)))
        _DECKS[str(path)] = cached
    return cached[1], cached[2]


def _client(model: str, api_base: str | None) -> Meter:
    from ace_core.llm import get_client

    options = {"api_base": api_base} if api_base and not model.startswith("scripted:") else {}
    return Meter(get_client(model, **options))


# -- outputs ---------------------------------------------------------------------------------------
def _save_output(backend: Any, deck: Any, run_dir: Path) -> tuple[Path, bytes]:
    """The output deck in the backend's own format: the OpenXML package, the HTML page with its
    asset folder, or IR JSON. Returns its path (and the package bytes for ooxml)."""
    from ace_core.fsutil import atomic_write_bytes, atomic_write_text

    if backend.name == "ooxml":
        data = backend.doc.package_bytes()
        path = run_dir / "deck.pptx"
        atomic_write_bytes(path, data)
        return path, data
    if backend.name == "html":
        from backends.html.doc import ASSET_DIR

        path = run_dir / "deck.html"
        atomic_write_text(path, backend.doc.text())
        assets = Path(backend.doc.asset_dir) / ASSET_DIR
        if assets.is_dir():
            shutil.copytree(assets, run_dir / ASSET_DIR, dirs_exist_ok=True)
        return path, b""
    path = run_dir / "deck.json"
    deck.save(path)
    return path, b""


def _operations(trajectory: Any) -> int:
    """Tool operations the agent's applied rounds executed (a batch counts its operations)."""
    n = 0
    for e in trajectory.of("tool_calls"):
        if not e.get("applied"):
            continue
        for call in e.get("calls", []):
            if call.get("tool") == "batch_execute":
                n += len((call.get("args") or {}).get("operations") or [])
            else:
                n += 1
    return n


def _first_error(results: list[dict[str, Any]]) -> str | None:
    for i, r in enumerate(results):
        if not r.get("ok"):
            err = r.get("error") or {}
            tool = r.get("tool") or err.get("tool") or "?"
            msg = err.get("message") or err.get("reason") or "failed"
            field_ = f", field {err['field']}" if err.get("field") else ""
            return f"operation {r.get('index', i)} ({tool}{field_}): {msg}"
    return None


# -- the run ---------------------------------------------------------------------------------------
def _replay(task: Task, cond: Condition, binding: Any, origin: Any, row: dict[str, Any], log: Any) -> None:
    from ace_core.router import PresentationSummary, prepare_context, route
    from ace_core.router.decision import RoutingDecision

    if not task.program:
        raise BadInputError("the task has no gold program", where=f"task {task.id}", hint="replay needs `program`")
    if cond.router == "on":
        decision = route(task.instruction, PresentationSummary.of(origin))
    else:
        decision = RoutingDecision(mode="FULL", confidence=1.0, reason="router off: the full deck (ablation)")
    ctx = prepare_context(origin, decision, binding)
    log.log("route", decision=decision.model_dump(), slides=len(origin.slides), backend=binding.name)
    log.log("context", iteration=1, mode=ctx.mode, tokens=ctx.tokens, full_tokens=ctx.full_tokens)
    row["route"] = _route_info(decision, ctx.mode)
    row["context_tokens"] = [ctx.tokens]
    row["full_context_tokens"] = ctx.full_tokens
    operations = [dict(op) for op in task.program]
    results = binding.commit([("batch_execute", {"operations": operations})])
    error = _first_error(results)
    applied = error is None
    log.log(
        "tool_calls",
        iteration=1,
        calls=[{"tool": "batch_execute", "args": {"operations": operations}}],
        results=results,
        applied=applied,
    )
    row["operations"] = len(operations) if applied else 0
    row["turns"] = 0
    if error:
        row["error"], row["error_kind"] = f"program failed: {error}; nothing was applied", "program"


def _route_info(decision: Any, mode: str) -> dict[str, Any]:
    return {
        "mode": mode,
        "targets": [t + 1 for t in decision.target_slides],
        "reason": decision.reason,
        "source": decision.source,
    }


def _agent(
    task: Task,
    cond: Condition,
    binding: Any,
    deck: Any,
    meter: Meter,
    judge_meter: Meter,
    log: Any,
    work: Path,
    row: dict[str, Any],
) -> Any:
    from ace_core.agent import run_agent
    from cli.commands.agent import _render_slides
    from judge.llm.edit_judge import make_if_judge

    judge = make_if_judge(judge_meter, render=_render_slides, work_dir=work)
    result = run_agent(
        deck,
        task.instruction,
        binding,
        meter,
        judge,
        router_client=meter if cond.router == "on" else None,
        router=cond.router == "on",
        tau=cond.tau,
        max_iterations=cond.iterations,
        trajectory=log,
    )
    if result.chosen_iteration != len(result.iterations):
        binding.load(result.deck)  # the backend holds the returned state (a rollback or nothing scored)
    contexts = log.of("context")
    row["route"] = _route_info(result.decision, contexts[0]["mode"] if contexts else result.decision.mode)
    row["context_tokens"] = [e["tokens"] for e in contexts]
    row["full_context_tokens"] = contexts[0]["full_tokens"] if contexts else None
    row["turns"] = sum(1 for e in log.of("llm_call") if e.get("purpose") == "agent")
    row["operations"] = _operations(log)
    row["scores"] = [r.score for r in result.iterations]
    row["chosen_iteration"] = result.chosen_iteration
    row["stop_reason"] = result.stop_reason
    if result.chosen_iteration:
        chosen = result.iterations[result.chosen_iteration - 1]
        row["if_score"], row["if_critique"] = chosen.score, chosen.critique
    if result.stop_reason.startswith(("agent call failed", "judge failed")):
        row["error"], row["error_kind"] = result.stop_reason, "model"
    return result


def _shown(
    diff: Any, origin: Any, output: Any, checks: list[Any], route_targets: list[int]
) -> tuple[list[str], list[str]]:
    """(origin slide ids, output slide ids) to render: the edited slides, then the checks' slides."""
    out_ids = [s.id for s in output.slides]
    org_ids = [s.id for s in origin.slides]
    touched = list(dict.fromkeys(e.slide_id for e in diff.entries))
    for c in checks:
        s = getattr(c, "slide", None)
        if s is not None and 1 <= s <= len(output.slides):
            touched.append(output.slides[s - 1].id)
    if not touched:
        touched = [org_ids[t - 1] for t in route_targets if 1 <= t <= len(org_ids)][:1] or org_ids[:1]
    touched = list(dict.fromkeys(touched))
    return [i for i in touched if i in org_ids][:MAX_SHOWN], [i for i in touched if i in out_ids][:MAX_SHOWN]


def _metrics_row(slide_id: str, m: Any) -> dict[str, Any]:
    return {
        "slide": m.index,
        "slide_id": slide_id,
        "rewards": {k: round(v, 4) for k, v in m.rewards.items()},
        "collisions": [
            {"kind": e.kind, "a": e.a, "b": e.b, "ratio": round(e.ratio, 3)} for e in m.collision.events[:20]
        ],
        "overflow": {k: round(v, 1) for k, v in m.aspect.overflow.items() if v > 0.5},
        "imbalanced": m.imbalance.imbalanced,
    }


def _run(task: Task, cond: Condition, settings: Settings, run_dir: Path, row: dict[str, Any]) -> None:
    from ace_core.agent import Trajectory
    from backends.agent_binding import AgentBinding
    from backends.native import make_backend
    from judge.diff import diff_decks

    t = row["timings"]
    rel = row["_rel"]
    t0 = time.monotonic()
    deck, deck_hash = _load_deck(task.deck_path)
    with tempfile.TemporaryDirectory(prefix="ace-ablate-") as tmp:
        work = Path(tmp)
        backend = make_backend(cond.backend, work_dir=work)
        binding = AgentBinding(backend, tools=allowed_tools(cond, backend), withheld=WITHHELD)
        binding.load(deck)
        origin = binding.export()
        origin_bytes = backend.doc.package_bytes() if cond.backend == "ooxml" else b""
        t["load"] = time.monotonic() - t0
        log = Trajectory(run_dir / "trajectory.jsonl")
        row["trajectory"] = rel(run_dir / "trajectory.jsonl")
        meter = judge_meter = None
        try:
            t1 = time.monotonic()
            if cond.model == REPLAY:
                _replay(task, cond, binding, origin, row, log)
                judge_meter = _client(settings.judge_model, settings.api_base) if settings.judge_model else None
            else:
                meter = _client(cond.model, settings.api_base)
                judge_meter = _client(settings.judge_model, settings.api_base) if settings.judge_model else meter
                _agent(task, cond, binding, deck, meter, judge_meter, log, work, row)
            t["edit"] = time.monotonic() - t1
        finally:
            log.close()
        t2 = time.monotonic()
        output = binding.export()
        path, output_bytes = _save_output(backend, output, run_dir)
        row["output"] = rel(path)
        t["save"] = time.monotonic() - t2
        t3 = time.monotonic()
        diff = diff_decks(origin, output)
        (run_dir / "diff.txt").write_text(diff.to_text(), encoding="utf-8")
        row["diff"], row["diff_edits"] = rel(run_dir / "diff.txt"), diff.distinct_edits
        out_index = {s.id: i for i, s in enumerate(output.slides, start=1)}
        edited = sorted({out_index[e.slide_id] for e in diff.entries if e.slide_id in out_index})
        row["edited_slides"] = edited
        t["diff"] = time.monotonic() - t3
        metric_idx = sorted({*edited, *layout_slides(task.checks, output, edited)})
        metric_ids = [output.slides[i - 1].id for i in metric_idx]
        origin_ids, show_ids = _shown(diff, origin, output, task.checks, row.get("route", {}).get("targets", []))
        renders = None
        if settings.render:
            from cli.ablate.render import render_run

            renders = render_run(
                backend,
                origin,
                deck_hash,
                output,
                origin_ids=origin_ids,
                show_ids=show_ids,
                measure_ids=metric_ids,
                run_dir=run_dir,
                origin_bytes=origin_bytes,
                output_bytes=output_bytes,
            )
            t.update({k: round(v, 4) for k, v in renders.seconds.items()})
            row["renders"] = {
                "origin": {str(origin.slides.index(origin.slide(i)) + 1): rel(p) for i, p in renders.origin.items()},
                "output": {str(out_index[i]): rel(p) for i, p in renders.output.items()},
            }
            row["metrics"] = [_metrics_row(i, m) for i, m in renders.metrics.items()]
        t4 = time.monotonic()
        by_index = {out_index[i]: m for i, m in (renders.metrics.items() if renders else [])}
        needs_origin = [c for c in task.checks if getattr(c, "allow_existing", False)]
        before = {}
        if needs_origin and renders is not None:
            from cli.ablate.render import origin_metrics

            before = origin_metrics(cond.backend, origin, [i for i in metric_ids if origin.slide(i) is not None])
        verdicts = evaluate_checks(task.checks, output, edited=edited, metrics=by_index, origin_metrics=before)
        if not settings.render and any(c.kind in ("no_collision", "within_slide") for c in task.checks):
            verdicts = [v for v in verdicts if v.kind not in ("no_collision", "within_slide")]
        row["checks"] = [v.model_dump() for v in verdicts]
        row["checks_total"] = len(verdicts)
        row["checks_passed"] = sum(v.ok for v in verdicts)
        t["checks"] = time.monotonic() - t4
        t5 = time.monotonic()
        if judge_meter is not None:
            _judge(task, origin, output, judge_meter, renders, row, work, replay=cond.model == REPLAY)
        t["judge"] = time.monotonic() - t5
        row["_meters"] = (meter, judge_meter)


def _judge(
    task: Task, origin: Any, output: Any, judge: Meter, renders: Any, row: dict[str, Any], work: Path, *, replay: bool
) -> None:
    from judge.llm import judge_visual_quality

    if replay:  # the agent loop did not judge: score the gold program's edit the same way
        from cli.commands.agent import _render_slides
        from judge.llm.edit_judge import make_if_judge

        verdict = make_if_judge(judge, render=_render_slides, work_dir=work)(origin, output, task.instruction)
        row["if_score"], row["if_critique"] = verdict.score, verdict.reason
    images = list(renders.output.values())[:4] if renders is not None else []
    if images:
        vq = judge_visual_quality(judge, task.instruction, images)
        row["vq_score"], row["vq_critique"] = vq.score, vq.reason


def _base_row(task: Task, cond: Condition, settings: Settings, key: str, task_hash: str) -> dict[str, Any]:
    return {
        "key": key,
        "task": task.id,
        "task_hash": task_hash,
        "category": task.category,
        "condition": {"name": cond.name, **cond.fields()},
        "judge_model": settings.judge_model,
        "ok": False,
        "error": None,
        "error_kind": None,
        "output": None,
        "checks": [],
        "checks_total": 0,
        "checks_passed": 0,
        "if_score": None,
        "if_critique": None,
        "vq_score": None,
        "vq_critique": None,
        "tokens": {"input": 0, "output": 0, "cached": 0, "total": 0},
        "cost": 0.0,
        "seconds": 0.0,
        "turns": 0,
        "operations": 0,
        "timings": {},
    }


def execute(spec: dict[str, Any], settings: dict[str, Any]) -> dict[str, Any]:
    """Run one (task, condition) and return its row; the run folder is written atomically."""
    from ace_core.fsutil import atomic_dir

    s = Settings(**settings)
    task = Task.model_validate(spec["task"])
    cond = Condition.model_validate(spec["condition"])
    row = _base_row(task, cond, s, spec["key"], spec["task_hash"])
    folder = Path(s.out) / "runs" / task.id / cond.folder
    started = time.monotonic()
    cpu0 = _cpu()
    with atomic_dir(folder) as run_dir:
        prefix = f"runs/{task.id}/{cond.folder}"
        row["_rel"] = lambda p: f"{prefix}/{Path(p).relative_to(run_dir).as_posix()}"
        try:
            _run(task, cond, s, run_dir, row)
        except AceError as exc:
            row["error"], row["error_kind"] = exc.message, exc.kind
        except Exception as exc:  # a bug must cost one row, not the ablation
            row["error"], row["error_kind"] = f"internal error: {type(exc).__name__}: {exc}", "internal"
            (run_dir / "traceback.txt").write_text(traceback.format_exc(), encoding="utf-8")
        _finish(row, started)
        row["cpu_seconds"] = round(_cpu() - cpu0, 3)
        (run_dir / "row.json").write_text(json.dumps(row, indent=1, default=str), encoding="utf-8")
    return row


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (soffice; not the long-lived
    browser): a cost figure that a loaded machine does not inflate the way it inflates wall time."""
    import resource

    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _finish(row: dict[str, Any], started: float) -> None:
    row.pop("_rel", None)
    meters = row.pop("_meters", (None, None))
    usage = _merge_meters(*meters)
    tokens = {k: int(sum(slot[k] for slot in usage.values())) for k in ("input", "output", "cached")}
    tokens["total"] = tokens["input"] + tokens["output"]
    row["tokens"] = tokens
    row["tokens_by_purpose"] = {p: {k: round(v, 6) for k, v in slot.items()} for p, slot in usage.items()}
    row["llm_calls"] = int(sum(slot["calls"] for slot in usage.values()))
    row["cost"] = round(sum(slot["cost"] for slot in usage.values()), 6)
    llm_seconds = sum(slot["seconds"] for slot in usage.values())
    row["seconds"] = round(time.monotonic() - started, 3)
    row["llm_seconds"] = round(llm_seconds, 3)
    row["overhead_seconds"] = round(max(0.0, row["seconds"] - llm_seconds), 3)
    row["timings"] = {k: round(v, 4) for k, v in row["timings"].items()}
    row["ok"] = row["error"] is None and row["checks_passed"] == row["checks_total"]
    row["finished_at"] = datetime.now(UTC).isoformat(timespec="seconds")
