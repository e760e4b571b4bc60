"""Run the four layout metrics on every slide of ../shared/corpus/html and ../shared/corpus/pptx and
print the distributions (the issue's bar: no slide may fail).

    .venv/bin/python scripts/measure_metrics_corpus.py [--html] [--pptx] [--limit N] [--jsonl OUT]

LibreOffice renders are cached under the ACE cache dir
(ace_core.fsutil.cache_root()/measure/metrics-render) (reused on the next run)."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # before any ace_core import: this checkout, not the installed one
from ace_core.shared_dir import shared_dir  # noqa: E402

sys.path.insert(0, str(ROOT))

from ace_core.fsutil import cache_root  # noqa: E402
from judge.metrics.result import DeckMetrics, SlideMetrics  # noqa: E402

CORPUS = shared_dir(ROOT) / "corpus"
CACHE = cache_root() / "measure" / "metrics-render"


def _q(vals: list[float]) -> str:
    if not vals:
        return "-"
    v = sorted(vals)
    pick = lambda p: v[min(len(v) - 1, round(p * (len(v) - 1)))]  # noqa: E731
    return (
        f"{statistics.fmean(v):7.3f} {pick(0.0):7.3f} {pick(0.1):7.3f} {pick(0.25):7.3f} "
        f"{pick(0.5):7.3f} {pick(0.75):7.3f} {pick(0.9):7.3f} {pick(1.0):7.3f}"
    )


def table(name: str, slides: list[SlideMetrics], times: list[float]) -> None:
    print(f"\n== {name}: {len(slides)} slides ==")
    print(f"{'metric':28s} " + " ".join(f"{h:>7s}" for h in ("mean", "min", "p10", "p25", "p50", "p75", "p90", "max")))
    rows = {
        "aspect ratio / target": [m.aspect.aspect / m.aspect.target for m in slides],
        "content ratio": [m.whitespace.content_ratio for m in slides if m.whitespace],
        "collision score": [m.collision.score for m in slides],
        "collision events": [float(len(m.collision.events)) for m in slides],
        "imbalance score": [m.imbalance.score for m in slides],
        "reward aspect": [m.rewards["aspect"] for m in slides],
        "reward whitespace": [m.rewards.get("whitespace", 0.0) for m in slides],
        "reward collision": [m.rewards["collision"] for m in slides],
        "reward imbalance": [m.rewards["imbalance"] for m in slides],
        "reward mean": [m.rewards["mean"] for m in slides],
        "metrics ms / slide": [m.metrics_ms for m in slides],
    }
    for label, vals in rows.items():
        print(f"{label:28s} {_q(vals)}")
    n = max(len(slides), 1)
    kinds: dict[str, int] = {}
    for m in slides:
        for k, v in m.collision.counts.items():
            kinds[k] = kinds.get(k, 0) + v
    print(
        f"AR compliant 1%: {sum(m.aspect.compliant['1%'] for m in slides) / n:.0%}, "
        f"5%: {sum(m.aspect.compliant['5%'] for m in slides) / n:.0%}; "
        f"collision-free: {sum(not m.collision.events for m in slides) / n:.0%}; "
        f"imbalanced: {sum(m.imbalance.imbalanced for m in slides) / n:.0%}; events by kind: {kinds}"
    )
    if times:
        print(f"wall time per deck/page: mean {statistics.fmean(times):.2f} s, total {sum(times):.1f} s")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--html", action="store_true", help="only the HTML corpus")
    ap.add_argument("--pptx", action="store_true", help="only the pptx corpus")
    ap.add_argument("--limit", type=int, default=0, help="at most N files per corpus")
    ap.add_argument("--jsonl", type=Path, help="write one line per deck (DeckMetrics JSON)")
    args = ap.parse_args()
    if not CORPUS.is_dir():
        print(f"no corpus at {CORPUS}", file=sys.stderr)
        return 2
    do_html = args.html or not args.pptx
    do_pptx = args.pptx or not args.html
    sink = args.jsonl.open("w") if args.jsonl else None
    failures: list[tuple[str, str]] = []
    for kind, enabled in (("html", do_html), ("pptx", do_pptx)):
        if not enabled:
            continue
        exts = (".html", ".htm") if kind == "html" else (".pptx", ".pptm", ".ppsx", ".potx")
        files = sorted(p for p in (CORPUS / kind).iterdir() if p.suffix.lower() in exts)
        if args.limit:
            files = files[: args.limit]
        slides: list[SlideMetrics] = []
        times: list[float] = []
        for f in files:
            t0 = time.perf_counter()
            try:
                if kind == "html":
                    from judge.metrics.chromium import measure_html

                    result: DeckMetrics = measure_html(f)
                else:
                    from adapters import read
                    from judge.metrics.libreoffice import measure_pptx_deck

                    deck = read(f, fmt="pptx")
                    result = measure_pptx_deck(deck, f.read_bytes(), cache_dir=CACHE, source=str(f))
            except Exception as exc:  # the bar is "no failure": record every one with its cause
                failures.append((f.name, f"{type(exc).__name__}: {exc}"))
                traceback.print_exc(limit=3)
                continue
            times.append(time.perf_counter() - t0)
            slides.extend(result.slides)
            s = result.summary
            print(
                f"{f.name[:48]:48s} {len(result.slides):4d} slides  R mean {s.get('reward_mean', 0):.2f}  "
                f"content {s.get('content_ratio_mean', 0):.2f}  events {int(s.get('collision_events', 0)):4d}  "
                f"{times[-1]:6.1f} s",
                flush=True,
            )
            if sink:
                sink.write(result.model_dump_json() + "\n")
        table(f"corpus/{kind} ({len(files)} files)", slides, times)
    if sink:
        sink.close()
    print(f"\nfailures: {len(failures)}")
    for name, why in failures:
        print(f"  {name}: {why}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
