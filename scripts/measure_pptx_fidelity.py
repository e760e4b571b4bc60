"""Fidelity of the .pptx writer over corpora, in both modes: patch stays exact, fresh against the bars of issue 18.

For every deck: read it; write it in patch mode (unedited), in patch mode after recolouring one
shape, and in fresh mode; render the original and each written file with LibreOffice (scripts/
fidelity.py: cached by hash under the ACE cache dir). Patch mode is judged by grey similarity
(median 1.0, every slide >= 0.98; the recoloured deck's other slides >= 0.99); fresh mode by all
three figures of issue 18 (grey similarity, colour-off, text recall PDF vs PDF) against its bars,
per corpus, with the worst slides per figure, and every slide under a line listed with the loss
entries that speak for it. Each written file is also read back (adapters.ooxml.roundtrip) and
checked for what PowerPoint would repair (adapters.ooxml.validate).

    .venv/bin/python scripts/measure_pptx_fidelity.py [--corpus pptx pptx2 unseen DIR] [--only SUBSTR]
        [--worst 20] [--pairs DIR] [--json OUT] [--no-patch]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import traceback
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from fidelity import (  # noqa: E402
    Render,
    SlideRow,
    add_blind,
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

from ace_core.color import Color  # noqa: E402
from ace_core.errors import AceError  # noqa: E402
from ace_core.ir.deck import Deck  # noqa: E402
from ace_core.ir.loss import LossReport  # noqa: E402
from ace_core.ir.style import SolidPaint  # noqa: E402
from adapters.ooxml.conventions import META_INHERITED  # noqa: E402
from adapters.ooxml.read_deck import read_pptx  # noqa: E402
from adapters.ooxml.roundtrip import roundtrip_differences  # noqa: E402
from adapters.ooxml.validate import check_package, new_problems  # noqa: E402
from adapters.ooxml.writer import render_bytes  # noqa: E402
from judge.similarity import load_gray, similarity  # noqa: E402

EDIT_COLOR = Color.from_hex("#E6007E")


def recolour_one(deck: Deck) -> tuple[Deck, str, str] | None:
    """A copy of the deck with one shape's solid fill recoloured: (deck, slide id, node id)."""
    copy = deck.clone()
    for slide in copy.slides:
        for node in slide.iter_nodes():
            if META_INHERITED in node.meta or node.type in ("GROUP", "FRAME", "TABLE", "CHART", "IMAGE"):
                continue
            fills = [f for f in node.fills if isinstance(f, SolidPaint) and f.visible]
            if fills and node.width * node.height > 400:
                node.fills = [SolidPaint(color=EDIT_COLOR)]
                return copy, slide.id, node.id
    return None


def sims(a: Render, b: Render) -> list[float]:
    if len(a.pngs) != len(b.pngs):
        return []
    return [similarity(load_gray(x), load_gray(y)) for x, y in zip(a.pngs, b.pngs, strict=True)]


@dataclass
class Deckrow:
    corpus: str
    name: str
    slides: int = 0
    patch: list[float] = field(default_factory=list)
    edit_others: list[float] = field(default_factory=list)
    fresh: list[SlideRow] = field(default_factory=list)
    rt_patch: int = 0
    rt_fresh: int = 0
    new_problems_patch: int = 0
    problems_fresh: int = 0
    error: str = ""


def measure(corpus: str, src: Path, with_patch: bool) -> Deckrow:
    row = Deckrow(corpus, src.name)
    data = src.read_bytes()
    suffix = src.suffix.lower()
    try:
        try:
            deck = read_pptx(src)
        except AceError as exc:  # a deck LibreOffice shows and ACE refuses: all its slides are lost
            ref = lo_render_many([(data, suffix)])[0]
            row.fresh = failed_rows(corpus, src.name, ref, exc.message)
            row.slides, row.error = len(row.fresh), f"not converted: {exc.message}"
            return row
        row.slides = len(deck.slides)
        if not deck.slides:  # LibreOffice shows an empty page for a deck without slides
            return row
        fresh_report = LossReport()
        # written as the source's kind (a .potx stays a template) and rendered under its suffix:
        # LibreOffice lays a template's slides out differently from a presentation's
        fresh, _ = render_bytes(deck, fresh=True, report=fresh_report, variant=suffix.lstrip("."))
        items = [(data, suffix), (fresh, suffix)]
        edit = None
        if with_patch:
            patched, _ = render_bytes(deck, report=LossReport())
            edit = recolour_one(deck)
            items.append((patched, suffix))
            if edit is not None:
                items.append((render_bytes(edit[0])[0], suffix))
        renders = lo_render_many(items)
        orig, ours = renders[0], renders[1]
        if orig.error or len(orig.pngs) != row.slides:
            row.error = orig.error or f"the reference has {len(orig.pngs)} pages for {row.slides} slides"
            return row
        losses = [*deck.report.entries, *fresh_report.entries]
        for i, values in enumerate(figures(orig, ours)):
            sid = deck.slides[i].id
            row.fresh.append(make_row(corpus, src.name, i, sid, values, slide_losses(losses, sid), orig, ours))
        add_blind(row.fresh, deck)
        row.rt_fresh = len(roundtrip_differences(deck, read_pptx(fresh)))
        row.problems_fresh = len(check_package(fresh))
        if with_patch:
            row.patch = sims(orig, renders[2])
            row.rt_patch = len(roundtrip_differences(deck, read_pptx(patched)))
            row.new_problems_patch = len(new_problems(patched, data))
            if edit is not None:
                s = sims(orig, renders[3])
                idx = [sl.id for sl in deck.slides].index(edit[1])
                row.edit_others = [v for i, v in enumerate(s) if i != idx]
    except Exception as exc:  # a measurement script: report and go on
        row.error = f"{type(exc).__name__}: {exc}"
        traceback.print_exc()
    return row


def _fmt(values: list[float], how: str) -> str:
    if not values:
        return "   -  "
    v = statistics.median(values) if how == "med" else min(values)
    return f"{v:.4f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", nargs="+", default=["pptx", "pptx2"], help="pptx, pptx2, unseen or folders")
    ap.add_argument("--only", default="")
    ap.add_argument("--worst", type=int, default=20, help="list this many worst slides per figure")
    ap.add_argument("--pairs", type=Path, help="write original | ours PNGs of the worst slides here")
    ap.add_argument("--json", type=Path, help="write the per-slide fresh figures here")
    ap.add_argument("--no-patch", action="store_true", help="measure fresh mode only")
    args = ap.parse_args()
    rows: list[Deckrow] = []
    print(
        f"{'deck':50s} {'n':>3s} {'patch med':>9s} {'patch min':>9s} {'edit min':>9s} {'rt p/f':>7s} "
        f"{'prob p/f':>8s}  fresh medians"
    )
    for corpus, src in corpus_files(args.corpus, args.only):
        r = measure(corpus, src, not args.no_patch)
        rows.append(r)
        print(
            f"{(corpus + '/' + r.name)[:50]:50s} {r.slides:3d} {_fmt(r.patch, 'med'):>9s} {_fmt(r.patch, 'min'):>9s} "
            f"{_fmt(r.edit_others, 'min'):>9s} {r.rt_patch:>3d}/{r.rt_fresh:<3d} "
            f"{r.new_problems_patch:>3d}/{r.problems_fresh:<3d}  fresh: {medians(r.fresh)} {r.error[:60]}",
            flush=True,
        )
    slides = [s for r in rows for s in r.fresh]
    print(f"\nsummary over {len(rows)} decks, {len(slides)} slides measured")
    if not args.no_patch:
        patch = [v for r in rows for v in r.patch]
        edit = [v for r in rows for v in r.edit_others]
        print(f"  patch unedited: median {_fmt(patch, 'med')}, min {_fmt(patch, 'min')}  (bar: median 1.0, min 0.98)")
        print(f"  patch, one shape recoloured, other slides: min {_fmt(edit, 'min')}  (bar: every >= 0.99)")
        print(f"  PowerPoint-repair problems new in patch mode: {sum(r.new_problems_patch for r in rows)}")
        print(f"  round-trip differences in patch mode: {sum(r.rt_patch for r in rows)}")
    print(f"  round-trip differences in fresh mode: {sum(r.rt_fresh for r in rows)}")
    print(f"  PowerPoint-repair problems in fresh mode: {sum(r.problems_fresh for r in rows)}")
    errors = [r for r in rows if r.error]
    print(f"  decks not measured: {len(errors)}")
    for r in errors:
        print(f"    {r.corpus}/{r.name}: {r.error[:150]}")
    if slides:
        report(slides, "fresh", worst_n=args.worst, pairs=args.pairs)
    if args.json:
        save_rows(slides, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
