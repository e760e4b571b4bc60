"""Fidelity of pptx -> html over corpora: our HTML (Chromium) against the LibreOffice render of the original.

All three figures of issue 18 per slide (grey similarity, colour-off, text recall of the original's
PDF against our HTML), the bars per corpus, the worst slides per figure (with original | ours PNGs
when --pairs is given) and every slide under a line with the loss entries that speak for it.
Renders are cached by hash under the ACE cache dir (scripts/fidelity.py). Conversion time per deck
is printed too.

    .venv/bin/python scripts/measure_pptx_to_html.py [--corpus pptx pptx2 unseen DIR] [--only SUBSTR]
        [--worst 20] [--pairs DIR] [--json OUT]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from fidelity import (  # noqa: E402
    SlideRow,
    add_blind,
    chromium_render,
    corpus_files,
    failed_rows,
    figures,
    lo_render_many,
    make_row,
    medians,
    report,
    save_rows,
    slide_losses,
)

from ace_core.errors import AceError  # noqa: E402
from adapters.ooxml.read_deck import read_pptx  # noqa: E402
from judge.text_recall import html_slides  # noqa: E402


def measure(corpus: str, src: Path, session: object) -> tuple[list[SlideRow], float, str]:
    """The slides' figures, the conversion's seconds, and an error ('' when measured)."""
    from adapters.html.write import write_html

    data = src.read_bytes()
    ref = lo_render_many([(data, src.suffix.lower())])[0]
    t0 = time.perf_counter()
    try:
        deck = read_pptx(src)
    except AceError as exc:  # a deck LibreOffice shows and ACE refuses: all its slides are lost
        return failed_rows(corpus, src.name, ref, exc.message), 0.0, f"not converted: {exc.message}"
    with tempfile.TemporaryDirectory(prefix="ace-fid-") as tmp:
        page = Path(tmp) / "deck.html"
        write_report = write_html(deck, page, embed_source=False)
        secs = time.perf_counter() - t0
        html = page.read_bytes()
        texts = html_slides(page)
    if not deck.slides:  # LibreOffice shows an empty page for a deck without slides
        return [], secs, ""
    if ref.error or len(ref.pngs) != len(deck.slides):
        return [], secs, ref.error or f"the reference has {len(ref.pngs)} pages for {len(deck.slides)} slides"
    ours = chromium_render(html, texts, session)
    losses = [*deck.report.entries, *write_report.entries]
    rows = []
    for i, values in enumerate(figures(ref, ours)):
        sid = deck.slides[i].id
        rows.append(make_row(corpus, src.name, i, sid, values, slide_losses(losses, sid), ref, ours))
    add_blind(rows, deck)
    return rows, secs, ours.error


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", nargs="+", default=["pptx", "pptx2"], help="pptx, pptx2, unseen or folders")
    ap.add_argument("--only", default="")
    ap.add_argument("--worst", type=int, default=20, help="list this many worst slides per figure")
    ap.add_argument("--pairs", type=Path, help="write original | ours PNGs of the worst slides here")
    ap.add_argument("--json", type=Path, help="write the per-slide figures here")
    args = ap.parse_args()
    from ace_core.browser import default_session

    session = default_session()
    slides: list[SlideRow] = []
    errors: list[str] = []
    times: list[float] = []
    for corpus, src in corpus_files(args.corpus, args.only):
        try:
            rows, secs, error = measure(corpus, src, session)
        except Exception as exc:  # a measurement script: report and go on
            traceback.print_exc()
            rows, secs, error = [], 0.0, f"{type(exc).__name__}: {exc}"
        if error:
            errors.append(f"{corpus}/{src.name}: {error[:150]}")
        slides += rows
        times.append(secs)
        name = (corpus + "/" + src.name)[:60]
        print(f"{name:60s} slides={len(rows):3d} {medians(rows)} convert={secs:.2f}s {error[:60]}", flush=True)
    median_s = statistics.median(times or [0])
    print(f"\n{len(times)} decks, {len(slides)} slides measured; conversion median {median_s:.2f}s")
    print(f"decks not measured: {len(errors)}")
    for e in errors:
        print("  " + e)
    if slides:
        report(slides, "html", worst_n=args.worst, pairs=args.pairs)
    if args.json:
        save_rows(slides, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
