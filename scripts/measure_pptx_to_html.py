"""Fidelity of pptx -> html over a corpus: the Chromium render of our HTML against the LibreOffice
render of the original .pptx, per slide, with judge.similarity. Prints per-deck medians, the
overall median and the worst slides; renders are cached under /work/cache/ (by file hash).

    .venv/bin/python scripts/measure_pptx_to_html.py [--corpus DIR] [--only SUBSTR] [--worst 10]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ace_core.errors import AceError  # noqa: E402
from adapters.api import read  # noqa: E402
from adapters.html.write import write_html  # noqa: E402
from backends.render.libreoffice import render_pptx  # noqa: E402
from judge.similarity import load_gray, similarity  # noqa: E402

CACHE = Path("/work/cache")


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:20]


def lo_render(src: Path) -> list[Path]:
    """LibreOffice PNGs of a deck, cached by the file's hash."""
    out = CACHE / "lo-render" / _sha(src)
    done = out / "done.json"
    if done.is_file():
        return [out / n for n in json.loads(done.read_text())]
    paths = render_pptx(src, out, width=1280)
    done.write_text(json.dumps([p.name for p in paths]))
    return paths


def html_render(src: Path, session) -> tuple[list[Path], float, list[str]]:
    """Convert with our adapters, render with Chromium; returns PNGs, conversion seconds, losses."""
    from backends.render.chromium import render_html

    work = CACHE / "pptx2html" / src.stem
    work.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    deck = read(src)
    if not deck.slides:
        return [], 0.0, []
    html = work / "deck.html"
    report = write_html(deck, html)
    elapsed = time.perf_counter() - t0
    png_dir = work / "png"
    for old in png_dir.glob("*.png"):
        old.unlink()
    result = render_html(html, png_dir, width=1280, session=session)
    losses = [e.describe() for e in [*deck.report.entries, *report.entries]]
    return result.paths, elapsed, losses


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus" / "pptx")
    ap.add_argument("--only", default="")
    ap.add_argument("--worst", type=int, default=10)
    ap.add_argument("--json", type=Path, help="write per-slide scores here")
    args = ap.parse_args()
    from ace_core.browser import default_session

    session = default_session()
    files = sorted(p for p in args.corpus.glob("*.pp[st]*") if args.only in p.name)
    rows: list[tuple[str, int, float, float]] = []
    slides: list[tuple[float, str, int]] = []
    for src in files:
        try:
            lo = lo_render(src)
            ours, secs, _ = html_render(src, session)
        except AceError as exc:
            print(f"{src.name:60s} ERROR {exc.message[:100]}")
            continue
        if not lo or not ours:
            print(f"{src.name:60s} no slides (lo={len(lo)} html={len(ours)})")
            continue
        if len(lo) != len(ours):
            print(f"{src.name:60s} slide count differs: lo={len(lo)} html={len(ours)}")
        scores = [similarity(load_gray(a), load_gray(b)) for a, b in zip(lo, ours, strict=False)]
        for i, s in enumerate(scores, start=1):
            slides.append((s, src.name, i))
        med = statistics.median(scores)
        rows.append((src.name, len(scores), med, secs))
        print(f"{src.name[:60]:60s} slides={len(scores):3d} median={med:.3f} min={min(scores):.3f} convert={secs:.2f}s")
    allv = [s for s, _, _ in slides]
    if not allv:
        print("nothing measured")
        return 1
    print()
    print(f"decks={len(rows)} slides={len(allv)} median={statistics.median(allv):.3f} mean={statistics.mean(allv):.3f}")
    print(f"slides >= 0.80: {sum(v >= 0.8 for v in allv) / len(allv):.1%}")
    print(f"\n{args.worst} worst slides:")
    for s, name, i in sorted(slides)[: args.worst]:
        print(f"  {s:.3f}  {name} slide {i}")
    if args.json:
        args.json.write_text(json.dumps([{"deck": n, "slide": i, "score": s} for s, n, i in slides], indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
