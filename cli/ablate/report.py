"""`ace ablate report DIR`: DIR/report.html (one self-contained file: tables, SVG plots, inline PNG
thumbnails, no script, no network), DIR/summary.json and DIR/summary.csv, from DIR/results.jsonl."""

from __future__ import annotations

import base64
import csv
import html
import io
import json
from pathlib import Path
from typing import Any

from cli.ablate.results import RESULTS_NAME, read_rows
from cli.ablate.summary import METRICS, summarize, summary_csv_rows

__all__ = ["write_report"]

THUMB_WIDTH = 320

_CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1f2328;max-width:1600px}
h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #d0d7de}h3{font-size:15px;margin:20px 0 6px}
table{border-collapse:collapse;margin:8px 0}
th,td{border:1px solid #d0d7de;padding:3px 7px;text-align:right;vertical-align:top}
th{background:#f6f8fa}td.l,th.l{text-align:left}.bad{color:#cf222e}.good{color:#1a7f37}.muted{color:#656d76}
.grid{display:flex;gap:12px;flex-wrap:wrap;align-items:flex-start}.card{border:1px solid #d0d7de;border-radius:6px;
padding:8px;width:340px}.card img{width:320px;border:1px solid #eaeef2;display:block;margin-bottom:4px}
pre{white-space:pre-wrap;font-size:12px;background:#f6f8fa;padding:8px;max-height:420px;overflow:auto}
.base{background:#fff8c5}small{font-size:12px}
"""


def _e(v: Any) -> str:
    return html.escape("" if v is None else str(v))


def _f(v: Any, digits: int = 2) -> str:
    if v is None:
        return "–"
    if isinstance(v, float):
        return f"{v:.{digits}f}"
    return str(v)


def _pct(v: float | None) -> str:
    return "–" if v is None else f"{v * 100:.0f}%"


def _p(v: float | None) -> str:
    if v is None:
        return "–"
    return "<0.001" if v < 0.001 else f"{v:.3f}"


def _thumb(path: Path) -> str | None:
    """A PNG as a small inline JPEG data URI (None when the file is missing or unreadable)."""
    try:
        from PIL import Image

        with Image.open(path) as im:
            im = im.convert("RGB")
            h = max(1, round(im.height * THUMB_WIDTH / im.width))
            im = im.resize((THUMB_WIDTH, h), Image.Resampling.LANCZOS)
            buf = io.BytesIO()
            im.save(buf, "JPEG", quality=82)
    except (OSError, ValueError):
        return None
    return "data:image/jpeg;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def _img(folder: Path, rel: str | None, alt: str) -> str:
    uri = _thumb(folder / rel) if rel else None
    return f'<img src="{uri}" alt="{_e(alt)}">' if uri else f'<div class="muted">({_e(alt)}: no render)</div>'


# -- plots (inline SVG) --------------------------------------------------------------------------------
def _bar_plot(title: str, items: list[tuple[str, float | None, float | None, float | None]], xmax: float | None) -> str:
    """Horizontal bars with optional CI whiskers: (label, value, low, high)."""
    items = [i for i in items if i[1] is not None]
    if not items:
        return ""
    top = xmax or max(max(v or 0, h or 0) for _, v, _, h in items) or 1.0
    lw, bw, rh = 230, 420, 24
    h = 30 + rh * len(items)
    parts = [f'<svg width="{lw + bw + 90}" height="{h}" role="img" aria-label="{_e(title)}">']
    parts.append(f'<text x="0" y="16" font-size="13" font-weight="600">{_e(title)}</text>')
    for n, (label, v, lo, hi) in enumerate(items):
        y = 26 + n * rh
        w = bw * (v or 0) / top
        parts.append(f'<text x="{lw - 6}" y="{y + 15}" font-size="12" text-anchor="end">{_e(label[:34])}</text>')
        parts.append(f'<rect x="{lw}" y="{y + 3}" width="{w:.1f}" height="{rh - 8}" fill="#54aeff"/>')
        if lo is not None and hi is not None:
            x1, x2 = lw + bw * lo / top, lw + bw * hi / top
            cy = y + rh / 2 - 1
            parts.append(f'<line x1="{x1:.1f}" x2="{x2:.1f}" y1="{cy}" y2="{cy}" stroke="#0a3069" stroke-width="1.5"/>')
            for x in (x1, x2):
                parts.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{cy - 5}" y2="{cy + 5}" stroke="#0a3069"/>')
        text = f"{v:.2f}" if top <= 10 else f"{v:,.0f}"
        parts.append(f'<text x="{lw + bw + 6}" y="{y + 15}" font-size="12">{text}</text>')
    parts.append("</svg>")
    return "".join(parts)


# -- sections ------------------------------------------------------------------------------------------
def _ci_cell(ci: dict[str, Any] | None) -> str:
    if not ci:
        return "<td>–</td>"
    return f"<td>{ci['mean']:.2f} <small class=muted>[{ci['low']:.2f}, {ci['high']:.2f}] n={ci['n']}</small></td>"


def _conditions_table(s: dict[str, Any]) -> str:
    head = (
        "<tr><th class=l>condition</th><th class=l>backend</th><th class=l>model</th><th class=l>switches</th>"
        "<th>runs</th><th>errors</th><th>tasks passing</th><th>checks</th><th>IF [95% CI]</th><th>VQ [95% CI]</th>"
        "<th>tokens / task</th><th>tokens / call</th><th>context / call</th><th>cost / task</th><th>s / run</th>"
        "<th>overhead (median s)</th><th>turns</th><th>ops</th></tr>"
    )
    body = []
    for c in s["conditions"]:
        cond = c["condition"]
        switches = ", ".join(
            f"{k}={cond.get(k)}"
            for k, d in (("router", "on"), ("tools", "all"), ("iterations", 3), ("tau", 4))
            if cond.get(k) != d
        )
        cls = ' class="base"' if c["name"] == s["baseline"] else ""
        body.append(
            f"<tr{cls}><td class=l>{_e(c['name'])}</td><td class=l>{_e(cond.get('backend'))}</td>"
            f"<td class=l>{_e(cond.get('model'))}</td><td class=l>{_e(switches) or '–'}</td><td>{c['runs']}</td>"
            f"<td>{c['errors']}</td><td>{_pct(c['pass_rate'])}</td>"
            f"<td>{c['checks_passed']}/{c['checks_total']}</td>{_ci_cell(c['if'])}{_ci_cell(c['vq'])}"
            f"<td>{_f(c['tokens_per_task'], 0)}</td><td>{_f(c['tokens_per_call'], 0)}</td>"
            f"<td>{_f(c['context_tokens_per_call'], 0)}</td><td>{_f(c['cost_per_task'], 4)}</td>"
            f"<td>{_f(c['seconds_mean'])}</td><td>{_f(c['overhead_median'])}</td><td>{_f(c['turns_mean'], 1)}</td>"
            f"<td>{_f(c['operations_mean'], 1)}</td></tr>"
        )
    return f"<table>{head}{''.join(body)}</table>"


def _comparisons_table(s: dict[str, Any]) -> str:
    if not s["comparisons"]:
        return "<p class=muted>Only one condition: nothing to compare.</p>"
    out = [
        "<table><tr><th class=l>condition</th><th class=l>metric</th><th>n</th><th>arm</th><th>baseline</th>"
        "<th>Δ (arm − baseline)</th><th>95% paired bootstrap CI</th><th>Wilcoxon p</th><th>sign p</th>"
        "<th>W / T / L</th><th class=l>tasks not compared</th></tr>"
    ]
    for comp in s["comparisons"]:
        for m, d in comp["metrics"].items():
            miss = d["missing"]
            notes = "; ".join(
                f"{label}: {', '.join(miss[k])}"
                for k, label in (
                    ("baseline_only", "only in baseline"),
                    ("arm_only", "only in arm"),
                    ("no_value", "no value"),
                )
                if miss[k]
            )
            if d["n"] == 0:
                out.append(
                    f"<tr><td class=l>{_e(comp['arm'])}</td><td class=l>{_e(METRICS[m])}</td><td>0</td>"
                    f"<td colspan=7 class=muted>no paired values</td><td class=l><small>{_e(notes)}</small></td></tr>"
                )
                continue
            sig = "good" if d["ci_low"] > 0 else "bad" if d["ci_high"] < 0 else ""
            out.append(
                f"<tr><td class=l>{_e(comp['arm'])}</td><td class=l>{_e(METRICS[m])}</td><td>{d['n']}</td>"
                f"<td>{_f(d['arm_mean'])}</td><td>{_f(d['baseline_mean'])}</td>"
                f"<td class={sig}>{d['mean_diff']:+.2f}</td><td>[{d['ci_low']:+.2f}, {d['ci_high']:+.2f}]</td>"
                f"<td>{_p(d['wilcoxon_p'])}</td><td>{_p(d['sign_p'])}</td>"
                f"<td>{d['wins']} / {d['ties']} / {d['losses']}</td><td class=l><small>{_e(notes)}</small></td></tr>"
            )
    out.append("</table>")
    return "".join(out)


def _categories_table(s: dict[str, Any]) -> str:
    cats = sorted({k for c in s["conditions"] for k in c["categories"]})
    names = [c["name"] for c in s["conditions"]]
    head = "<tr><th class=l>category</th>" + "".join(
        f"<th>{_e(n)}<br><small>pass · IF · VQ</small></th>" for n in names
    )
    rows = []
    for cat in cats:
        cells = []
        for c in s["conditions"]:
            st = c["categories"].get(cat)
            if st is None:
                cells.append("<td>–</td>")
            else:
                cells.append(
                    f"<td>{_pct(st['pass_rate'])} · {_f(st['if_mean'])} · {_f(st['vq_mean'])} "
                    f"<small class=muted>n={st['runs']}</small></td>"
                )
        rows.append(f"<tr><td class=l>{_e(cat)}</td>{''.join(cells)}</tr>")
    return f"<table>{head}</tr>{''.join(rows)}</table>"


def _failures(s: dict[str, Any]) -> str:
    items = []
    for name, runs in s["runs"].items():
        for task, r in sorted(runs.items()):
            if r.get("ok"):
                continue
            why = r.get("error") or "; ".join(
                f"{c['kind']}: {c['detail']}" for c in r.get("checks", []) if not c.get("ok")
            )
            items.append(
                f"<tr><td class=l>{_e(name)}</td><td class=l><a href='#t-{_e(task)}'>{_e(task)}</a></td>"
                f"<td class=l>{_e(why)}</td></tr>"
            )
    if not items:
        return "<p class=good>Every run passed every check.</p>"
    return (
        "<table><tr><th class=l>condition</th><th class=l>task</th><th class=l>reason</th></tr>"
        + "".join(items)
        + "</table>"
    )


def _task_section(folder: Path, s: dict[str, Any], task: dict[str, Any], instructions: dict[str, str]) -> str:
    tid = task["task"]
    runs = [(c["name"], s["runs"][c["name"]].get(tid)) for c in s["conditions"]]
    first = next((r for _, r in runs if r), None)
    out = [f"<h3 id='t-{_e(tid)}'>{_e(tid)} <small class=muted>{_e(task.get('category'))}</small></h3>"]
    if tid in instructions:
        out.append(f"<p>{_e(instructions[tid])}</p>")
    cards = []
    origin = (first or {}).get("renders", {}).get("origin", {})
    if origin:
        imgs = "".join(
            _img(folder, p, f"origin slide {k}") for k, p in sorted(origin.items(), key=lambda kv: int(kv[0]))[:3]
        )
        cards.append(
            f"<div class=card><b>origin</b> <small class=muted>slides {', '.join(sorted(origin, key=int))}</small>"
            f"{imgs}</div>"
        )
    for name, r in runs:
        if r is None:
            cards.append(f"<div class=card><b>{_e(name)}</b><div class=muted>not run</div></div>")
            continue
        shots = r.get("renders", {}).get("output", {})
        imgs = "".join(
            _img(folder, p, f"{name} slide {k}") for k, p in sorted(shots.items(), key=lambda kv: int(kv[0]))[:3]
        )
        verdict = "<span class=good>pass</span>" if r.get("ok") else "<span class=bad>fail</span>"
        lines = [
            f"<b>{_e(name)}</b> {verdict} <small>checks {r.get('checks_passed', 0)}/{r.get('checks_total', 0)}"
            f" · IF {_f(r.get('if_score'))} · VQ {_f(r.get('vq_score'))} · ops {r.get('operations', 0)}"
            f" · {r.get('tokens', {}).get('total', 0)} tok · {_f(r.get('seconds'))} s</small>",
            imgs,
        ]
        if r.get("error"):
            lines.append(f"<div class=bad><small>{_e(r['error'])}</small></div>")
        for c in r.get("checks", []):
            if not c.get("ok"):
                lines.append(f"<div class=bad><small>✗ {_e(c['kind'])}: {_e(c['detail'])}</small></div>")
        for label, key in (("IF", "if_critique"), ("VQ", "vq_critique")):
            if r.get(key):
                lines.append(f"<div><small><b>{label}:</b> {_e(r[key])}</small></div>")
        diff = _read(folder, r.get("diff"))
        if diff:
            lines.append(
                f"<details><summary><small>JsonDiff ({r.get('diff_edits', 0)} edits)</small></summary>"
                f"<pre>{_e(diff)}</pre></details>"
            )
        cards.append(f"<div class=card>{''.join(lines)}</div>")
    out.append(f"<div class=grid>{''.join(cards)}</div>")
    return "".join(out)


def _read(folder: Path, rel: str | None, limit: int = 20_000) -> str:
    if not rel:
        return ""
    try:
        text = (folder / rel).read_text(encoding="utf-8")
    except OSError:
        return ""
    return text if len(text) <= limit else text[:limit] + "\n…"


def _instructions(folder: Path) -> dict[str, str]:
    """Task instructions, from the task copy the run saved (DIR/tasks.jsonl)."""
    out: dict[str, str] = {}
    path = folder / "tasks.jsonl"
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                t = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(t, dict) and "id" in t:
                out[str(t["id"])] = str(t.get("instruction", ""))
    return out


def render_html(folder: Path, s: dict[str, Any]) -> str:
    names = [c["name"] for c in s["conditions"]]
    if_items = [
        (c["name"], *(c["if"][k] for k in ("mean", "low", "high"))) if c["if"] else (c["name"], None, None, None)
        for c in s["conditions"]
    ]
    tok_items = [(c["name"], c["tokens_per_task"] or c["context_tokens_per_call"], None, None) for c in s["conditions"]]
    pass_items = [(c["name"], c["pass_rate"], None, None) for c in s["conditions"]]
    instructions = _instructions(folder)
    plots = "".join(
        p
        for p in (
            _bar_plot("IF per condition (mean, 95% bootstrap CI)", if_items, 5.0),
            _bar_plot("Tasks passing every check", pass_items, 1.0),
            _bar_plot("Tokens per task (or routed context per call when no model ran)", tok_items, None),
        )
        if p
    )
    parts = [
        "<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>ACE ablation report</title>",
        f"<style>{_CSS}</style></head><body>",
        "<h1>ACE ablation report</h1>",
        f"<p>{len(s['tasks'])} tasks × {len(names)} conditions ({s['rows']} runs); baseline "
        f"<b>{_e(s['baseline'])}</b>. Paired differences are arm − baseline over the tasks both ran.</p>",
    ]
    parts += [
        "<h2>Conditions</h2>",
        _conditions_table(s),
        f"<div class=grid>{plots}</div>",
        "<h2>Paired comparisons against the baseline</h2>",
        _comparisons_table(s),
        "<h2>Per category</h2>",
        _categories_table(s),
        "<h2>Failures</h2>",
        _failures(s),
        "<h2>Tasks</h2>",
        *(_task_section(folder, s, t, instructions) for t in s["tasks"]),
        "</body></html>",
    ]
    return "\n".join(parts)


def write_report(folder: Path, *, baseline: str | None = None) -> dict[str, Any]:
    """Write report.html, summary.json and summary.csv into `folder`; returns the summary."""
    from ace_core.errors import BadInputError
    from ace_core.fsutil import atomic_write_text

    folder = Path(folder)
    rows = read_rows(folder / RESULTS_NAME)
    if not rows:
        raise BadInputError(
            f"no results in {RESULTS_NAME}", where=str(folder), hint="run `ace ablate TASKS --out DIR` first"
        )
    s = summarize(rows, baseline=baseline)
    if baseline and s["baseline"] is None:
        names = ", ".join(c["name"] for c in s["conditions"])
        raise BadInputError(f"no condition is named {baseline!r}", where="--baseline", hint=f"conditions: {names}")
    atomic_write_text(folder / "report.html", render_html(folder, s))
    public = {k: v for k, v in s.items() if k != "runs"}
    atomic_write_text(folder / "summary.json", json.dumps(public, indent=1, ensure_ascii=False, default=str) + "\n")
    table = summary_csv_rows(s)
    buf = io.StringIO()
    if table:
        fields = list(dict.fromkeys(k for r in table for k in r))
        writer = csv.DictWriter(buf, fieldnames=fields)
        writer.writeheader()
        writer.writerows(table)
    atomic_write_text(folder / "summary.csv", buf.getvalue())
    return s
