"""The numbers of an ablation from its results: per condition (IF / VQ means with bootstrap CIs, check
pass rate, tokens, cost, time, turns, operations; per category) and paired comparisons against a
baseline condition (mean difference with a paired bootstrap CI, Wilcoxon and sign-test p, W/T/L),
listing the tasks missing in either arm instead of dropping them silently."""

from __future__ import annotations

import statistics
from collections import defaultdict
from typing import Any

from cli.ablate.results import latest_rows

__all__ = ["METRICS", "compare", "summarize", "summary_csv_rows", "task_value"]

METRICS = {
    "if": "IF score (0-5)",
    "vq": "VQ score (0-5)",
    "pass": "all checks pass (0/1)",
    "tokens": "tokens per task",
    "context": "routed context tokens per call",
}


def task_value(row: dict[str, Any], metric: str) -> float | None:
    """One run's value of a compared metric (None: the run has none)."""
    if metric == "if":
        return _num(row.get("if_score"))
    if metric == "vq":
        return _num(row.get("vq_score"))
    if metric == "pass":
        if row.get("error") or row.get("checks_total"):
            return 1.0 if row.get("ok") else 0.0
        return None
    if metric == "tokens":
        return float(row["tokens"]["total"]) if row.get("llm_calls") else None
    if metric == "context":
        ctx = [c for c in row.get("context_tokens") or [] if c is not None]
        return statistics.fmean(ctx) if ctx else None
    raise KeyError(metric)


def _num(v: Any) -> float | None:
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else None


def _mean(values: list[float]) -> float | None:
    return statistics.fmean(values) if values else None


def _ci(values: list[float]) -> dict[str, Any] | None:
    if not values:
        return None
    from judge.stats import bootstrap_mean_ci

    ci = bootstrap_mean_ci(values)
    return {"mean": ci.mean, "low": ci.low, "high": ci.high, "n": ci.n}


def _condition_stats(rows: list[dict[str, Any]]) -> dict[str, Any]:
    errors = [r for r in rows if r.get("error")]
    checked = [v for v in (task_value(r, "pass") for r in rows) if v is not None]
    total = sum(r.get("checks_total", 0) for r in rows)
    passed = sum(r.get("checks_passed", 0) for r in rows)
    calls = sum(r.get("llm_calls", 0) or 0 for r in rows)
    tokens = [r["tokens"]["total"] for r in rows]
    ctx = [c for r in rows for c in (r.get("context_tokens") or []) if c is not None]
    seconds = [r.get("seconds", 0.0) for r in rows]
    overhead = [r["overhead_seconds"] for r in rows if r.get("overhead_seconds") is not None]
    return {
        "runs": len(rows),
        "errors": len(errors),
        "pass_rate": _mean(checked),
        "checks_passed": passed,
        "checks_total": total,
        "check_rate": passed / total if total else None,
        "if": _ci([v for v in (task_value(r, "if") for r in rows) if v is not None]),
        "vq": _ci([v for v in (task_value(r, "vq") for r in rows) if v is not None]),
        "tokens_per_task": _mean([float(t) for t in tokens]),
        "tokens_per_call": sum(tokens) / calls if calls else None,
        "input_tokens_per_task": _mean([float(r["tokens"]["input"]) for r in rows]),
        "cached_tokens_per_task": _mean([float(r["tokens"].get("cached", 0)) for r in rows]),
        "context_tokens_per_call": _mean([float(c) for c in ctx]),
        "llm_calls_per_task": calls / len(rows) if rows else None,
        "cost_per_task": _mean([float(r.get("cost", 0.0)) for r in rows]),
        "cost_total": sum(float(r.get("cost", 0.0)) for r in rows),
        "seconds_mean": _mean(seconds),
        "seconds_median": statistics.median(seconds) if seconds else None,
        "overhead_median": statistics.median(overhead) if overhead else None,
        "turns_mean": _mean([float(r.get("turns", 0)) for r in rows]),
        "operations_mean": _mean([float(r.get("operations", 0)) for r in rows]),
    }


def _category_stats(rows: list[dict[str, Any]]) -> dict[str, Any]:
    checked = [v for v in (task_value(r, "pass") for r in rows) if v is not None]
    ifs = [v for v in (task_value(r, "if") for r in rows) if v is not None]
    vqs = [v for v in (task_value(r, "vq") for r in rows) if v is not None]
    return {
        "runs": len(rows),
        "pass_rate": _mean(checked),
        "if_mean": _mean(ifs),
        "vq_mean": _mean(vqs),
        "tokens_per_task": _mean([float(r["tokens"]["total"]) for r in rows]),
        "operations_mean": _mean([float(r.get("operations", 0)) for r in rows]),
    }


def compare(arm: dict[str, dict[str, Any]], base: dict[str, dict[str, Any]], metric: str) -> dict[str, Any]:
    """`arm` minus `base` on the tasks both have a value for (rows keyed by task id)."""
    from judge.stats import compare_paired

    a_vals, b_vals, tasks = [], [], []
    missing: dict[str, list[str]] = {"baseline_only": [], "arm_only": [], "no_value": []}
    for task in sorted(set(arm) | set(base)):
        if task not in arm:
            missing["baseline_only"].append(task)
            continue
        if task not in base:
            missing["arm_only"].append(task)
            continue
        a, b = task_value(arm[task], metric), task_value(base[task], metric)
        if a is None or b is None:
            if a is not None or b is not None:
                missing["no_value"].append(task)
            continue
        a_vals.append(a)
        b_vals.append(b)
        tasks.append(task)
    out: dict[str, Any] = {"metric": metric, "n": len(tasks), "missing": missing}
    if not tasks:
        return out
    res = compare_paired(a_vals, b_vals)
    boot, wil, sign = res["bootstrap"], res["wilcoxon"], res["sign"]
    out.update(
        {
            "arm_mean": statistics.fmean(a_vals),
            "baseline_mean": statistics.fmean(b_vals),
            "mean_diff": boot.mean_diff,
            "ci_low": boot.low,
            "ci_high": boot.high,
            "wilcoxon_p": wil.p_value,
            "sign_p": sign.p_value,
            "wins": sign.wins,
            "ties": sign.ties,
            "losses": sign.losses,
        }
    )
    return out


def _baseline(conditions: dict[str, dict[str, Any]], name: str | None) -> str | None:
    if name:
        return name if name in conditions else None
    from cli.ablate.conditions import DEFAULTS

    for cname, c in conditions.items():
        if c.get("backend") == "scenegraph" and all(c.get(k, v) == v for k, v in DEFAULTS.items()):
            return cname
    return next(iter(conditions), None)


def summarize(all_rows: list[dict[str, Any]], *, baseline: str | None = None) -> dict[str, Any]:
    """Everything report.html, summary.json and summary.csv show."""
    rows = latest_rows(all_rows)
    conditions: dict[str, dict[str, Any]] = {}
    by_cond: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    tasks: dict[str, dict[str, Any]] = {}
    for r in rows:
        name = r["condition"]["name"]
        conditions.setdefault(name, r["condition"])
        by_cond[name][r["task"]] = r
        tasks.setdefault(r["task"], {"task": r["task"], "category": r.get("category")})
    base = _baseline(conditions, baseline)
    per_condition = []
    for name, cond in conditions.items():
        crow = list(by_cond[name].values())
        cats: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for r in crow:
            cats[r.get("category") or "?"].append(r)
        per_condition.append(
            {
                "name": name,
                "condition": cond,
                **_condition_stats(crow),
                "categories": {c: _category_stats(v) for c, v in sorted(cats.items())},
            }
        )
    comparisons = []
    if base is not None:
        for name in conditions:
            if name == base:
                continue
            comparisons.append(
                {
                    "arm": name,
                    "baseline": base,
                    "metrics": {m: compare(by_cond[name], by_cond[base], m) for m in METRICS},
                }
            )
    return {
        "baseline": base,
        "baseline_requested": baseline,
        "conditions": per_condition,
        "comparisons": comparisons,
        "tasks": sorted(tasks.values(), key=lambda t: t["task"]),
        "runs": {name: by_cond[name] for name in conditions},
        "rows": len(rows),
    }


def summary_csv_rows(summary: dict[str, Any]) -> list[dict[str, Any]]:
    """One flat row per condition, with its paired differences against the baseline."""
    deltas = {c["arm"]: c["metrics"] for c in summary["comparisons"]}
    out = []
    for c in summary["conditions"]:
        cond = c["condition"]
        row: dict[str, Any] = {
            "condition": c["name"],
            "baseline": c["name"] == summary["baseline"],
            **{k: cond.get(k) for k in ("backend", "model", "router", "tools", "iterations", "tau")},
            "runs": c["runs"],
            "errors": c["errors"],
            "pass_rate": c["pass_rate"],
            "check_rate": c["check_rate"],
        }
        for m in ("if", "vq"):
            ci = c[m] or {}
            row.update(
                {
                    f"{m}_mean": ci.get("mean"),
                    f"{m}_low": ci.get("low"),
                    f"{m}_high": ci.get("high"),
                    f"{m}_n": ci.get("n"),
                }
            )
        for k in (
            "tokens_per_task",
            "tokens_per_call",
            "context_tokens_per_call",
            "cost_per_task",
            "cost_total",
            "seconds_mean",
            "overhead_median",
            "turns_mean",
            "operations_mean",
        ):
            row[k] = c[k]
        for m, d in (deltas.get(c["name"]) or {}).items():
            row.update(
                {
                    f"d_{m}": d.get("mean_diff"),
                    f"d_{m}_low": d.get("ci_low"),
                    f"d_{m}_high": d.get("ci_high"),
                    f"d_{m}_wilcoxon_p": d.get("wilcoxon_p"),
                    f"d_{m}_sign_p": d.get("sign_p"),
                    f"d_{m}_wtl": f"{d['wins']}/{d['ties']}/{d['losses']}" if "wins" in d else None,
                    f"d_{m}_n": d.get("n"),
                }
            )
        out.append(row)
    return out
