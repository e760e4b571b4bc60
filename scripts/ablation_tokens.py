#!/usr/bin/env python3
"""Representation ablation, context size: the routed context of the same instructions on the
scene-graph, OOXML and HTML backends (scene-graph JSON vs OpenXML vs HTML).

    scripts/ablation_tokens.py [DECK ...] [--model MODEL] [--json]   default: fixtures/decks/*.pptx
    scripts/ablation_tokens.py --tasks fixtures/tasks/tasks.jsonl    the ablation task set instead

For every deck and every instruction of the CARE bar (ace_core.router.measure.INSTRUCTIONS, five
per router mode) -- or, with --tasks, every task of an `ace ablate` task file on its own deck --
the heuristic router decides the mode and target slides once; each backend then
serializes exactly what that mode carries (prepare_context with the backend as serializer), and
the tokens are counted (litellm's counter for --model, tiktoken cl100k otherwise). Prints the
calls per deck and, per routed mode, the mean tokens per backend and how much smaller the scene
graph (and the HTML) is than OpenXML: 1 - sum(tokens) / sum(OpenXML tokens). The ACE paper
(Appendix C) reports the scene graph 15-31% smaller per call than OpenXML."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ace_core.router import PresentationSummary, prepare_context, route  # noqa: E402
from ace_core.router.measure import INSTRUCTIONS  # noqa: E402
from adapters import read  # noqa: E402
from backends.agent_binding import AgentBinding  # noqa: E402
from backends.native import BACKEND_NAMES, make_backend  # noqa: E402

MODES = ("MICRO_SPATIAL", "MACRO_PROGRAMMATIC", "SYSTEMIC_TOKEN", "FULL")


def _row(deck, name: str, text: str, bindings: dict, model: str | None) -> dict:
    decision = route(text, PresentationSummary.of(deck))
    row = {"deck": name, "slides": len(deck.slides), "instruction": text}
    for backend, binding in bindings.items():
        ctx = prepare_context(deck, decision, binding, model=model)
        row["mode"] = ctx.mode
        row[backend] = ctx.tokens
        row[f"{backend}_full"] = ctx.full_tokens
    return row


def measure_tasks(path: Path, model: str | None) -> list[dict]:
    """One row per task of an ablation task file: its instruction routed on its deck."""
    from cli.ablate.tasks import load_tasks

    rows, loaded = [], {}
    for task in load_tasks(path, allow_outside=True):
        if task.deck_path not in loaded:
            deck = read(task.deck_path)
            loaded[task.deck_path] = (deck, {n: AgentBinding(make_backend(n, deck)) for n in BACKEND_NAMES})
        deck, bindings = loaded[task.deck_path]
        rows.append({"task": task.id, **_row(deck, task.deck_path.name, task.instruction, bindings, model)})
    return rows


def measure(paths: list[Path], model: str | None) -> list[dict]:
    rows = []
    for path in paths:
        deck = read(path)
        t0 = time.perf_counter()
        bindings = {name: AgentBinding(make_backend(name, deck)) for name in BACKEND_NAMES}
        load = time.perf_counter() - t0
        n = len(deck.slides)
        for templates in INSTRUCTIONS.values():
            for template in templates:
                text = template.format(k=max(1, (2 * n) // 3), j=1)
                rows.append(_row(deck, path.name, text, bindings, model))
        print(f"# {path.name}: {n} slides, 3 backends loaded in {load:.1f} s", file=sys.stderr)
    return rows


def summarize(rows: list[dict]) -> list[dict]:
    """Per routed mode (and FULL over every deck once): calls, mean tokens per backend, reductions."""
    out = []
    by_mode: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        by_mode[r["mode"]].append(r)
    fulls = list({r["deck"]: r for r in rows}.values())
    by_mode["FULL (whole deck)"] = [{**r, **{k: r[f"{k}_full"] for k in BACKEND_NAMES}} for r in fulls]
    for mode in [*MODES, "FULL (whole deck)"]:
        group = by_mode.get(mode)
        if not group:
            continue
        sums = {k: sum(r[k] for r in group) for k in BACKEND_NAMES}
        out.append(
            {
                "mode": mode,
                "calls": len(group),
                **{f"mean_{k}": sums[k] / len(group) for k in BACKEND_NAMES},
                "scenegraph_vs_ooxml": 1 - sums["scenegraph"] / sums["ooxml"],
                "html_vs_ooxml": 1 - sums["html"] / sums["ooxml"],
                "scenegraph_vs_html": 1 - sums["scenegraph"] / sums["html"],
            }
        )
    routed = [r for r in rows]
    sums = {k: sum(r[k] for r in routed) for k in BACKEND_NAMES}
    out.append(
        {
            "mode": "all routed calls",
            "calls": len(routed),
            **{f"mean_{k}": sums[k] / len(routed) for k in BACKEND_NAMES},
            "scenegraph_vs_ooxml": 1 - sums["scenegraph"] / sums["ooxml"],
            "html_vs_ooxml": 1 - sums["html"] / sums["ooxml"],
            "scenegraph_vs_html": 1 - sums["scenegraph"] / sums["html"],
        }
    )
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("decks", nargs="*", type=Path)
    ap.add_argument("--model", default=None, help="count tokens with this model's tokenizer (litellm)")
    ap.add_argument("--json", action="store_true", help="print the rows and the summary as JSON")
    ap.add_argument("--tasks", type=Path, default=None, help="an `ace ablate` task file: route its tasks")
    args = ap.parse_args(argv)
    if args.tasks is not None:
        rows = measure_tasks(args.tasks, args.model)
    else:
        paths = args.decks or sorted((ROOT / "fixtures" / "decks").glob("*.pptx"))
        rows = measure(paths, args.model)
    table = summarize(rows)
    if args.json:
        print(json.dumps({"rows": rows, "summary": table}, indent=1))
        return 0
    print(f"{'deck':38} {'mode':19} {'scenegraph':>10} {'ooxml':>8} {'html':>8}  instruction")
    for r in rows:
        print(
            f"{r['deck'][:38]:38} {r['mode']:19} {r['scenegraph']:10} {r['ooxml']:8} {r['html']:8}  {r['instruction']}"
        )
    print()
    print(
        f"{'routed mode':19} {'calls':>5} {'scene-graph':>11} {'OpenXML':>9} {'HTML':>9} "
        f"{'SG vs XML':>9} {'HTML vs XML':>11} {'SG vs HTML':>10}"
    )
    for s in table:
        print(
            f"{s['mode']:19} {s['calls']:5} {s['mean_scenegraph']:11.0f} {s['mean_ooxml']:9.0f} {s['mean_html']:9.0f} "
            f"{-s['scenegraph_vs_ooxml'] * 100:+8.1f}% {-s['html_vs_ooxml'] * 100:+10.1f}% "
            f"{-s['scenegraph_vs_html'] * 100:+9.1f}%"
        )
    print("(mean tokens per call; a negative percentage: smaller than the other representation)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
