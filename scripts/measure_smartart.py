"""SmartArt laid out from its data model, measured against a reference render, on two sets of slides.

- stripped: every deck of the corpora whose SmartArt has a cached drawing part, with the drawing
  parts removed (what LibreOffice, Apache POI and other writers leave); the reference is the
  LibreOffice render of the untouched deck, i.e. the shapes PowerPoint cached - a ground truth.
- missing: the decks whose SmartArt has no drawing part; the reference is LibreOffice's render of
  the deck as it is (LibreOffice lays such SmartArt out itself).

For each, the slides that hold SmartArt are converted with our reader to a fresh .pptx (rendered by
LibreOffice) and to HTML (rendered by Chromium) and judged on the three figures of issue 18 (grey
similarity, colour-off, text recall). As a peer, the LibreOffice render of the stripped deck (its
own SmartArt import) is judged against the same reference. Renders are cached by hash under the
ACE cache dir (scripts/fidelity.py).

    .venv/bin/python scripts/measure_smartart.py [--corpus pptx pptx2 DIR] [--only SUBSTR] [--pairs DIR]
"""

from __future__ import annotations

import argparse
import io
import re
import statistics
import sys
import tempfile
import traceback
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from fidelity import (  # noqa: E402
    FIGURES,
    Render,
    SlideRow,
    chromium_render,
    corpus_files,
    figures,
    lo_render_many,
    make_row,
    slide_losses,
    worst,
)

from adapters.ooxml import conventions as cv  # noqa: E402
from adapters.ooxml.read_deck import read_pptx  # noqa: E402
from judge.text_recall import html_slides  # noqa: E402

_DRAWING = re.compile(r"ppt/diagrams/drawing\d+\.xml$")


def has_smartart(data: bytes) -> tuple[bool, bool]:
    """(the deck has SmartArt, some of it has a drawing part)."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = z.namelist()
    return any(n.startswith("ppt/diagrams/data") for n in names), any(_DRAWING.search(n) for n in names)


def strip_drawings(data: bytes) -> bytes:
    """The deck without its SmartArt drawing parts (and their relationships and content types)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            name = info.filename
            if _DRAWING.search(name) or re.search(r"ppt/diagrams/_rels/drawing\d+\.xml\.rels$", name):
                continue
            body = zin.read(name)
            if name.endswith(".rels"):
                body = re.sub(rb"<Relationship [^>]*diagramDrawing[^>]*/>", b"", body)
            elif name == "[Content_Types].xml":
                body = re.sub(rb"<Override [^>]*/ppt/diagrams/drawing\d+\.xml\"[^>]*/>", b"", body)
            zout.writestr(info, body)
    return out.getvalue()


def smartart_slides(deck: object) -> list[int]:
    """0-based indexes of the slides with a SmartArt graphic."""
    out = []
    for i, slide in enumerate(deck.slides):  # type: ignore[attr-defined]
        if any(n.meta.get(cv.META_SMARTART) for n in slide.iter_nodes()):
            out.append(i)
    return out


def measure(corpus: str, src: Path, session: object) -> dict[str, list[SlideRow]]:
    from adapters.html.write import write_html
    from adapters.ooxml.writer import render_bytes

    original = src.read_bytes()
    has, drawn = has_smartart(original)
    if not has:
        return {}
    kind = "stripped" if drawn else "missing"
    subject = strip_drawings(original) if drawn else original
    with tempfile.TemporaryDirectory(prefix="ace-sa-") as tmp:
        path = Path(tmp) / f"deck{src.suffix.lower()}"
        path.write_bytes(subject)
        deck = read_pptx(path)
        fresh, _ = render_bytes(deck, fresh=True)
        page = Path(tmp) / "deck.html"
        html_report = write_html(deck, page, embed_source=False)
        html, texts = page.read_bytes(), html_slides(page)
    ref, ours_pptx, peer = lo_render_many(
        [(original, src.suffix.lower()), (fresh, ".pptx"), (subject, src.suffix.lower())]
    )
    ours_html = chromium_render(html, texts, session)
    wanted = smartart_slides(deck)
    out: dict[str, list[SlideRow]] = {}
    losses = [*deck.report.entries, *html_report.entries]
    for label, render in (("fresh pptx", ours_pptx), ("html", ours_html), ("LibreOffice's own", peer)):
        rows = _rows(corpus, src.name, deck, ref, render, wanted, losses)
        out[f"{kind}: {label}"] = rows
    return out


def _rows(
    corpus: str, name: str, deck: object, ref: Render, ours: Render, wanted: list[int], losses: list
) -> list[SlideRow]:
    if ref.error or len(ref.pngs) != len(deck.slides):  # type: ignore[attr-defined]
        return []
    values = figures(ref, ours)
    rows = []
    for i in wanted:
        sid = deck.slides[i].id  # type: ignore[attr-defined]
        rows.append(make_row(corpus, name, i, sid, values[i], slide_losses(losses, sid), ref, ours))
    return rows


def table(groups: dict[str, list[SlideRow]]) -> str:
    head = f"{'set: output':34s} {'slides':>6s} {'sim med':>8s} {'sim min':>8s} {'>=0.75':>7s} {'coff med':>8s}"
    head += f" {'<=0.05':>7s} {'recall med':>10s} {'recall min':>10s} {'>=0.98':>7s}"
    lines = [head]
    for label, rows in groups.items():
        if not rows:
            continue
        sim = [r.similarity for r in rows]
        off = [r.colour_off for r in rows]
        rec = [r.text_recall for r in rows]
        lines.append(
            f"{label:34s} {len(rows):6d} {statistics.median(sim):8.3f} {min(sim):8.3f} "
            f"{sum(v >= 0.75 for v in sim) / len(sim):7.0%} {statistics.median(off):8.3f} "
            f"{sum(v <= 0.05 for v in off) / len(off):7.0%} {statistics.median(rec):10.3f} {min(rec):10.3f} "
            f"{sum(v >= 0.98 for v in rec) / len(rec):7.0%}"
        )
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", nargs="+", default=["pptx", "pptx2"], help="pptx, pptx2, unseen or folders")
    ap.add_argument("--only", default="")
    ap.add_argument("--worst", type=int, default=8)
    ap.add_argument("--pairs", type=Path, help="write original | ours PNGs of the worst slides here")
    args = ap.parse_args()
    from fidelity import side_by_side

    from ace_core.browser import default_session

    session = default_session()
    groups: dict[str, list[SlideRow]] = {}
    for corpus, src in corpus_files(args.corpus, args.only):
        try:
            got = measure(corpus, src, session)
        except Exception:  # a measurement script: report and go on
            traceback.print_exc()
            continue
        for label, rows in got.items():
            groups.setdefault(label, []).extend(rows)
            if rows:
                figs = "  ".join(f"{f} {statistics.median(getattr(r, f) for r in rows):.3f}" for f in FIGURES)
                print(f"{corpus + '/' + src.name:56s} {label:28s} slides={len(rows):2d} {figs}", flush=True)
    print()
    print(table(dict(sorted(groups.items()))))
    for label, rows in sorted(groups.items()):
        if "LibreOffice" in label:
            continue
        print(f"\n{label}: worst slides by similarity")
        for rank, r in enumerate(worst(rows, "similarity", args.worst), start=1):
            figs = f"sim {r.similarity:.3f}  colour-off {r.colour_off:.3f}  recall {r.text_recall:.3f}"
            print(f"  {r.corpus}/{r.deck}#{r.index}  {figs}")
            if args.pairs is not None and r.ref_png:
                tag = re.sub(r"\W+", "-", label)
                side_by_side(r, args.pairs / tag / f"{rank:02d}-{Path(r.deck).stem[:40]}-{r.index}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
