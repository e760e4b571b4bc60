"""Benchmark: the four layout metrics per slide. Targets (../shared/metrics.md): the metric math
under 50 ms per slide (render excluded), render + metrics under 300 ms per slide with a warm browser.

Run: .venv/bin/python tests/bench/bench_metrics.py [--slides 30] [--rounds 3]   (prints a table), or
     .venv/bin/python -m pytest tests/bench/bench_metrics.py -s
Inputs: a generated 1280x720 div.slide deck (text, cards, an inline SVG, a picture), the IR fixture
decks written by the HTML writer, the synthetic defect pages of fixtures/judge/html (each page
loaded on its own) and, when present, the shared corpus's one-page HTML slides."""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from ace_core.shared_dir import shared_dir

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

METRICS_TARGET_MS = 50.0
END_TO_END_TARGET_MS = 300.0
CORPUS = shared_dir(ROOT) / "corpus" / "html"
JUDGE = ROOT / "fixtures" / "judge"


def synthetic_deck(n: int) -> str:
    slides = []
    for i in range(n):
        slides.append(
            f"""<div class="slide" data-slide-id="s{i}" style="position:relative;width:1280px;height:720px;
            overflow:hidden;background:#fdfbf7">
            <h1 data-id="t{i}" style="position:absolute;left:80px;top:50px;margin:0;font:700 44px 'DejaVu Sans'">
            Slide {i}: quarterly results</h1>
            <div data-id="c{i}" style="position:absolute;left:80px;top:150px;width:560px;height:300px;
            background:#eef2ff;border-radius:12px"><p style="margin:24px;font:22px/1.4 'DejaVu Sans'">
            {"Revenue grew in every region while costs stayed flat; the outlook is steady. " * 3}</p></div>
            <svg data-id="g{i}" style="position:absolute;left:700px;top:150px" width="500" height="300">
            <rect x="20" y="{150 - i % 50}" width="80" height="{150 + i % 50}" fill="#4472c4"/>
            <rect x="140" y="80" width="80" height="220" fill="#ed7d31"/>
            <circle cx="380" cy="150" r="100" fill="#a5a5a5"/>
            </svg>
            <ul data-id="l{i}" style="position:absolute;left:80px;top:480px;margin:0;font:22px 'DejaVu Sans'">
            <li>first point</li><li>second point</li><li>third point</li></ul>
            <p data-id="n{i}" style="position:absolute;left:{700 + i % 3 * 10}px;top:500px;width:500px;margin:0;
            font:20px 'DejaVu Sans'">A note beside the list, {i}.</p></div>"""
        )
    return "<!DOCTYPE html><html><body style='margin:0'>" + "".join(slides) + "</body></html>"


def _measure(path: Path, session: object) -> tuple[list[object], float]:
    """(the raw measurement of every slide, wall ms of render + probe + metrics per slide)."""
    from judge.metrics.chromium import measure_html

    kept: list[object] = []
    t0 = time.perf_counter()
    result = measure_html(path, session=session, keep=lambda i, m: kept.append(m))  # type: ignore[arg-type]
    total = (time.perf_counter() - t0) * 1000
    return kept, total / max(len(result.slides), 1)


def _math_ms(measured: list[object], repeat: int = 3) -> tuple[list[float], list[float]]:
    """The metric math alone on captured slides: (wall ms, CPU ms) per slide, best of `repeat`."""
    from judge.metrics.compute import compute_slide_metrics

    wall: list[float] = []
    cpu: list[float] = []
    for m in measured:
        best_w = best_c = float("inf")
        for _ in range(repeat):
            t0, c0 = time.perf_counter(), time.process_time()
            compute_slide_metrics(
                m.units,
                m.image,
                full_height=m.full_height,
                nominal_height=m.nominal_height,  # type: ignore[attr-defined]
            )
            best_w = min(best_w, (time.perf_counter() - t0) * 1000)
            best_c = min(best_c, (time.process_time() - c0) * 1000)
        wall.append(best_w)
        cpu.append(best_c)
    return wall, cpu


def run(slides: int = 30, rounds: int = 3) -> dict[str, dict[str, float]]:
    import os

    from ace_core.browser import BrowserSession
    from ace_core.ir.deck import Deck
    from adapters import write

    session = BrowserSession()
    rows: dict[str, dict[str, float]] = {}
    try:
        with tempfile.TemporaryDirectory(prefix="ace-bench-") as tmp:
            deck_html = Path(tmp) / "synthetic.html"
            deck_html.write_text(synthetic_deck(slides))
            inputs: dict[str, list[Path]] = {f"generated deck ({slides} slides, one page)": [deck_html]}
            ir_paths = []
            for name in ("metrics_deck.json", "diff_origin.json"):
                out = Path(tmp) / (name + ".html")
                write(Deck.load(JUDGE / name), out)
                ir_paths.append(out)
            inputs["IR fixture decks via the HTML writer"] = ir_paths
            inputs["defect pages (one page per slide)"] = sorted((JUDGE / "html").glob("*.html"))
            if CORPUS.is_dir():
                inputs["corpus one-page slides"] = sorted(p for p in CORPUS.glob("*.html") if "viewer" not in p.name)
            _measure(inputs["defect pages (one page per slide)"][0], session)  # warm the browser
            for label, paths in inputs.items():
                best: list[float] = []
                measured: list[object] = []
                for _ in range(rounds):
                    per_slide: list[float] = []
                    kept: list[object] = []
                    for p in paths:
                        k, t = _measure(p, session)
                        per_slide += [t] * len(k)
                        kept += k
                    if not best or statistics.fmean(per_slide) < statistics.fmean(best):
                        best, measured = per_slide, kept
                wall, cpu = _math_ms(measured)
                rows[label] = {
                    "slides": len(measured),
                    "metrics_ms_mean": statistics.fmean(wall),
                    "metrics_cpu_ms_mean": statistics.fmean(cpu),
                    "metrics_ms_p90": sorted(wall)[int(0.9 * (len(wall) - 1))],
                    "end_to_end_ms_mean": statistics.fmean(best),
                }
    finally:
        session.close()
    rows["_load"] = {"load_1min": os.getloadavg()[0], "cpus": float(os.cpu_count() or 1)}
    return rows


def report(rows: dict[str, dict[str, float]]) -> None:
    load = rows.get("_load", {})
    print(f"\n{'input':48s} {'slides':>6s} {'math ms':>8s} {'math CPU ms':>11s} {'p90':>6s} {'render+metrics ms':>18s}")
    for label, r in rows.items():
        if label.startswith("_"):
            continue
        print(
            f"{label:48s} {int(r['slides']):6d} {r['metrics_ms_mean']:8.1f} {r['metrics_cpu_ms_mean']:11.1f} "
            f"{r['metrics_ms_p90']:6.1f} {r['end_to_end_ms_mean']:18.1f}"
        )
    print(
        f"targets: metrics < {METRICS_TARGET_MS:g} ms, render + metrics < {END_TO_END_TARGET_MS:g} ms per slide; "
        f"load average {load.get('load_1min', 0):.1f} on {int(load.get('cpus', 1))} CPUs"
    )


def test_bench_metrics() -> None:
    rows = run(slides=20, rounds=2)
    report(rows)
    deck = next(r for k, r in rows.items() if k.startswith("generated"))
    assert deck["metrics_ms_mean"] < METRICS_TARGET_MS
    assert deck["end_to_end_ms_mean"] < END_TO_END_TARGET_MS


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--slides", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    report(run(a.slides, a.rounds))
