#!/usr/bin/env python3
"""CARE bar: routed context vs FULL, per mode, over multi-slide decks.

    scripts/measure_router_reduction.py [DECK ...]     default: fixtures/decks/*.pptx
Prints a per-deck table and the per-mode averages (the ACE paper: 86.6-95.7%)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ace_core.router.measure import measure_reduction, summarize  # noqa: E402
from adapters import read  # noqa: E402


def main(argv: list[str]) -> int:
    paths = [Path(p) for p in argv] or sorted((ROOT / "fixtures" / "decks").glob("*.pptx"))
    decks = {p.name: read(p) for p in paths}
    rows = measure_reduction(decks)
    print(f"{'deck':45} {'slides':>6} {'mode':20} {'tokens':>7} {'full':>7} {'reduction':>9}  instruction")
    for r in rows:
        flag = "" if r["mode"] == r["expected"] else f"  (expected {r['expected']})"
        print(
            f"{r['deck'][:45]:45} {r['slides']:6} {r['mode']:20} {r['tokens']:7} {r['full_tokens']:7} "
            f"{r['reduction'] * 100:8.1f}%  {r['instruction']}{flag}"
        )
    print()
    print(f"{'mode':20} {'n':>3} {'mean':>7} {'min':>7} {'max':>7}")
    for mode, s in summarize(rows).items():
        print(f"{mode:20} {s['n']:3} {s['mean'] * 100:6.1f}% {s['min'] * 100:6.1f}% {s['max'] * 100:6.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
