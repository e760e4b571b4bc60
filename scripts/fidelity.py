"""Shared pieces of the corpus fidelity scripts: corpora, the cached LibreOffice reference, the three figures, the bars.

Every figure is given three ways (issue 18): grey similarity (judge.similarity, = slide_similarity.py),
colour-off (judge.colour, = slide_color.py) and text recall (judge.text_recall, = text_recall.py;
PDF vs PDF for .pptx outputs, PDF vs our HTML for HTML outputs). The reference is one LibreOffice
render of the original (PDF, then 1280 px pages), cached by the file's hash under the ACE cache
dir; renders of our outputs are cached by their bytes' hash the same way, so a run after a change
re-renders only what changed. Used by measure_pptx_fidelity.py and measure_pptx_to_html.py."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import re
import shutil
import statistics
import tempfile
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

import numpy as np

from ace_core.errors import AceError
from ace_core.fsutil import atomic_dir, cache_root
from ace_core.ir.deck import Deck
from ace_core.shared_dir import shared_dir
from backends.render.libreoffice import PDF_FILTER
from backends.render.raster import RASTER_REVISION, pdf_to_pngs
from judge.colour import colour_off, load_rgb
from judge.similarity import load_gray, similarity
from judge.text_recall import pdf_pages, recall

ROOT = Path(__file__).resolve().parents[1]
SHARED_CORPUS = shared_dir(ROOT) / "corpus"
DECK_SUFFIXES = (".pptx", ".pptm", ".ppsx", ".potx")
WIDTH = 1280
# losses that cannot explain a difference in a still render
NOT_VISUAL = {
    "animation",
    "transition",
    "notes",
    "signature",
    "macros",
    "media",
    "sections",
    "comments",
    "custom-shows",
}


def cache_dir(*parts: str) -> Path:
    return cache_root().joinpath("fidelity", *parts)


def corpus_dir(name: str) -> Path:
    """A corpus by name: pptx / pptx2 (../shared/corpus), unseen (the held-out decks kept under the
    cache dir, never committed), or any folder."""
    if name == "unseen":
        return cache_root() / "unseen-decks"
    if "/" not in name and (SHARED_CORPUS / name).is_dir():
        return SHARED_CORPUS / name
    return Path(name)


def corpus_files(names: Iterable[str], only: str = "") -> list[tuple[str, Path]]:
    """(corpus label, deck) for every deck of the named corpora whose name contains `only`."""
    out: list[tuple[str, Path]] = []
    for name in names:
        folder = corpus_dir(name)
        label = name if "/" not in name else folder.name
        out += [(label, p) for p in sorted(folder.iterdir()) if p.suffix.lower() in DECK_SUFFIXES and only in p.name]
    return out


# -- renders ----------------------------------------------------------------------------------------


@dataclass
class Render:
    """One rendered file: its pages as PNGs and the text of each page (empty on failure)."""

    pngs: list[Path] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    error: str = ""


def _key(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:24]


def _lo_key(data: bytes) -> str:
    """The cache key of a LibreOffice render: the deck's bytes and the rasterizer's revision, and
    today's date for a deck with a date field (LibreOffice draws it as the day it renders: a render
    cached yesterday would differ from today's render of the output by its digits)."""
    day = b"\0day " + date.today().isoformat().encode() if _has_date_field(data) else b""
    return _key(data + b"\0raster %d" % RASTER_REVISION + day)


_DATE_FIELD = re.compile(rb'type="datetime')


def _has_date_field(data: bytes) -> bool:
    """Whether a .pptx's slides, layouts or masters hold a date field (a:fld type datetime...)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            return any(
                _DATE_FIELD.search(z.read(name))
                for name in z.namelist()
                if name.startswith(("ppt/slides/", "ppt/slideLayouts/", "ppt/slideMasters/")) and name.endswith(".xml")
            )
    except (zipfile.BadZipFile, OSError, KeyError):
        return False


def _load(folder: Path) -> Render | None:
    done = folder / "done.json"
    if not done.is_file():
        return None
    info = json.loads(done.read_text())
    return Render([folder / n for n in info["pngs"]], info["texts"], info.get("error", ""))


@contextlib.contextmanager
def _cache_entry(folder: Path) -> Iterator[Path]:
    """atomic_dir for a content-addressed cache entry: when another run stored the same entry
    while this one was filling its own (two measurements of one deck at once), theirs is kept."""
    with contextlib.ExitStack() as stack:
        try:
            tmp = stack.enter_context(atomic_dir(folder))
        except AceError:  # stored by another run before this one began: fill a scratch folder, drop it
            if _load(folder) is None:
                raise
            tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="ace-fidelity-")))
        yield tmp
        try:
            stack.close()
        except AceError:  # stored by another run while this one filled its own
            if _load(folder) is None:
                raise


def _store(folder: Path, pdf: Path | None, error: str = "") -> Render:
    with _cache_entry(folder) as tmp:
        pngs = pdf_to_pngs(pdf, tmp, width=WIDTH) if pdf is not None else []
        texts = pdf_pages(pdf) if pdf is not None else []
        names = [p.name for p in pngs]
        (tmp / "done.json").write_text(json.dumps({"pngs": names, "texts": texts, "error": error}))
    return _load(folder) or Render([folder / n for n in names], texts, error)


def lo_render_many(items: list[tuple[bytes, str]], *, batch: int = 6) -> list[Render]:
    """LibreOffice renders of several decks (bytes, suffix), cached by hash; the uncached ones are
    converted to PDF a few at a time in one soffice process each (one start-up per batch). A deck
    LibreOffice cannot convert gets a Render with an error and no pages."""
    item_keys = [_lo_key(data) for data, _ in items]  # once each: a key may read the package
    todo: dict[str, tuple[bytes, str]] = {}
    for key, (data, suffix) in zip(item_keys, items, strict=True):
        if key not in todo and _load(cache_dir("lo", key)) is None:
            todo[key] = (data, suffix)
    keys = list(todo)
    for start in range(0, len(keys), batch):
        _convert_batch({k: todo[k] for k in keys[start : start + batch]})
    return [_load(cache_dir("lo", key)) or Render(error="not rendered") for key in item_keys]


def _convert_batch(chunk: dict[str, tuple[bytes, str]]) -> None:
    from ace_core.soffice import convert_many

    with tempfile.TemporaryDirectory(prefix="ace-fid-") as tmp:
        srcs = []
        for key, (data, suffix) in chunk.items():
            src = Path(tmp) / f"{key}{suffix}"
            src.write_bytes(data)
            srcs.append(src)
        try:
            pdfs, _ = convert_many(srcs, Path(tmp) / "pdf", PDF_FILTER, timeout=300 + 120 * len(srcs))
            error = "LibreOffice made no PDF"
        except AceError as exc:
            if len(chunk) > 1:  # one deck hangs or crashes LibreOffice: find it, keep the others
                for key, item in chunk.items():
                    _convert_batch({key: item})
                return
            pdfs, error = [None], exc.message
        for key, pdf in zip(chunk, pdfs, strict=True):
            _store(cache_dir("lo", key), pdf, "" if pdf is not None else error)


def chromium_render(html: bytes, texts: list[str], session: object) -> Render:
    """Chromium PNGs of an HTML deck of ours (cached by its bytes' hash); `texts` are its slides' text."""
    from backends.render.chromium import CAPTURE_REVISION, render_html

    folder = cache_dir("html", _key(html + b"\0capture %d" % CAPTURE_REVISION))
    hit = _load(folder)
    if hit is not None:
        return Render(hit.pngs, texts, hit.error)
    with tempfile.TemporaryDirectory(prefix="ace-fid-") as tmp:
        page = Path(tmp) / "deck.html"
        page.write_bytes(html)
        with _cache_entry(folder) as work:
            try:
                result = render_html(page, work, width=WIDTH, session=session)  # type: ignore[arg-type]
                names, error = [p.name for p in result.paths], ""
            except AceError as exc:
                names, error = [], exc.message
            (work / "done.json").write_text(json.dumps({"pngs": names, "texts": [], "error": error}))
    stored = _load(folder)
    return Render(stored.pngs, texts, stored.error) if stored else Render([folder / n for n in names], texts, error)


# -- the three figures ------------------------------------------------------------------------------

FIGURES = ("similarity", "colour_off", "text_recall")


@dataclass
class SlideRow:
    """The three figures of one slide of one conversion, and the loss entries that speak for it."""

    corpus: str
    deck: str
    index: int  # 1-based
    slide_id: str
    similarity: float
    colour_off: float
    text_recall: float
    losses: list[str] = field(default_factory=list)
    ref_png: str = ""
    out_png: str = ""
    # (similarity, colour-off) with the regions the reference cannot show taken from the reference;
    # None when the slide has none (see blind_regions)
    blind: tuple[float, float] | None = None


def figures(ref: Render, ours: Render) -> list[tuple[float, float, float]]:
    """(similarity, colour-off, text recall) of every page of the reference; a page our output
    lacks scores as lost (0, 1, 0 unless the original page has no text)."""
    out = []
    for i, png in enumerate(ref.pngs):
        text = ref.texts[i] if i < len(ref.texts) else ""
        if i >= len(ours.pngs):
            out.append((0.0, 1.0, recall(text, "")))
            continue
        sim = similarity(load_gray(png), load_gray(ours.pngs[i]))
        off = colour_off(load_rgb(png), load_rgb(ours.pngs[i]))
        out.append((sim, off, recall(text, ours.texts[i] if i < len(ours.texts) else "")))
    return out


Box = tuple[float, float, float, float]  # x0, y0, x1, y1 as fractions of the slide


def blind_regions(deck: Deck) -> list[list[Box]]:
    """Per slide, the boxes of what a LibreOffice render of the ORIGINAL cannot show, so that a
    difference there says nothing about our output: equations stored as a bare a14:m (no fallback
    picture) or in an mc:Choice that requires only a14, and pictures only an SVG extension holds,
    are drawn by PowerPoint and by ACE, and by LibreOffice as nothing. Found by the reader's own
    warnings on the node (adapters.ooxml.read_math.REFERENCE_BLIND)."""
    from ace_core.ir.walk import NodeIndex
    from adapters.ooxml.read_math import REFERENCE_BLIND

    ids = {e.node_id for e in deck.report.entries if e.reason in REFERENCE_BLIND and e.node_id}
    out: list[list[Box]] = [[] for _ in deck.slides]
    if not ids:
        return out
    index = NodeIndex(deck)
    where = {s.id: i for i, s in enumerate(deck.slides)}
    pad = 0.01
    for nid in sorted(ids & index.node.keys()):
        x, y, w, h = index.absolute_box(nid)
        box = (x / deck.width - pad, y / deck.height - pad, (x + w) / deck.width + pad, (y + h) / deck.height + pad)
        out[where[index.slide_of[nid].id]].append(box)
    return out


def _fill_from(ours: np.ndarray, ref: np.ndarray, boxes: list[Box]) -> np.ndarray:
    """`ours` (resized to the reference's shape) with the boxes' pixels taken from `ref`."""
    from skimage.transform import resize

    out = resize(ours, ref.shape, anti_aliasing=True)
    h, w = ref.shape[:2]
    for x0, y0, x1, y1 in boxes:
        r0, r1 = max(0, int(y0 * h)), min(h, int(np.ceil(y1 * h)))
        c0, c1 = max(0, int(x0 * w)), min(w, int(np.ceil(x1 * w)))
        out[r0:r1, c0:c1] = ref[r0:r1, c0:c1]
    return out


def blind_figures(ref_png: Path, our_png: Path, boxes: list[Box]) -> tuple[float, float]:
    """(similarity, colour-off) of a slide with the reference-blind boxes taken from the reference."""
    g = load_gray(ref_png)
    c = load_rgb(ref_png)
    return (
        similarity(g, _fill_from(load_gray(our_png), g, boxes)),
        colour_off(c, _fill_from(load_rgb(our_png), c, boxes)),
    )


def add_blind(rows: list[SlideRow], deck: Deck) -> None:
    """Set row.blind on the slides of `deck` that have reference-blind regions."""
    for row, boxes in zip(rows, blind_regions(deck), strict=False):
        if boxes and row.ref_png and row.out_png:
            row.blind = blind_figures(Path(row.ref_png), Path(row.out_png), boxes)


def slide_losses(entries: Iterable[object], slide_id: str) -> list[str]:
    """The visual loss entries of a slide (and of the whole deck), one line each."""
    lines = []
    for e in entries:
        if e.feature in NOT_VISUAL or e.slide_id not in (slide_id, None):  # type: ignore[attr-defined]
            continue
        lines.append(e.describe())  # type: ignore[attr-defined]
    return list(dict.fromkeys(lines))


# -- bars -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Bar:
    figure: str
    line: float
    share: float  # of slides that must be on the right side of the line

    def ok(self, value: float) -> bool:
        return value <= self.line if self.figure == "colour_off" else value >= self.line

    def label(self) -> str:
        op = "<=" if self.figure == "colour_off" else ">="
        return f"{self.figure} {op} {self.line:g} on >= {self.share:.0%}"


BARS: dict[str, tuple[Bar, ...]] = {
    "fresh": (Bar("similarity", 0.75, 0.95), Bar("colour_off", 0.05, 0.90), Bar("text_recall", 0.98, 0.98)),
    "html": (Bar("similarity", 0.75, 0.85), Bar("colour_off", 0.05, 0.85), Bar("text_recall", 0.98, 0.97)),
}


def explained(row: SlideRow) -> bool:
    """Whether a loss entry speaks for the slide: a warning or an error for it (or for the whole
    deck). Info entries (carried differently, e.g. 'placeholder written as a plain shape', 'source
    package not embedded') are listed but do not count: they would explain any slide; those that
    say the reference draws the slide otherwise than PowerPoint (REFERENCE_DIFFERS: what it cannot show,
    two-colour gradients) do, at any severity."""
    from adapters.ooxml.read_math import REFERENCE_DIFFERS

    return any(not line.startswith("[info]") or any(r in line for r in REFERENCE_DIFFERS) for line in row.losses)


def under(row: SlideRow, bars: tuple[Bar, ...]) -> list[str]:
    """The figures of a slide that are on the wrong side of their line."""
    return [b.figure for b in bars if not b.ok(getattr(row, b.figure))]


def bars_table(rows: list[SlideRow], bars: tuple[Bar, ...]) -> str:
    """A markdown table: per corpus, the share of slides on the right side of each line (PASS/FAIL),
    the median of each figure, and the slides under a line without a loss entry."""
    head = "| corpus | decks | slides | " + " | ".join(b.label() for b in bars)
    head += " | median sim / colour / recall | under a line, no loss entry |"
    lines = [head, "|" + "---|" * (len(bars) + 5)]
    groups: dict[str, list[SlideRow]] = {}
    for r in rows:
        groups.setdefault(r.corpus, []).append(r)
    for corpus, rs in groups.items():
        cells = []
        for b in bars:
            share = sum(b.ok(getattr(r, b.figure)) for r in rs) / len(rs)
            cells.append(f"{share:.1%} {'PASS' if share >= b.share else 'FAIL'}")
        med = " / ".join(f"{statistics.median(getattr(r, f) for r in rs):.3f}" for f in FIGURES)
        bare = sum(1 for r in rs if under(r, bars) and not explained(r))
        decks = len({r.deck for r in rs})
        lines.append(f"| {corpus} | {decks} | {len(rs)} | " + " | ".join(cells) + f" | {med} | {bare} |")
        blind = [r for r in rs if r.blind is not None]
        if blind:  # the same slides, with what the reference cannot show taken from it
            seen = [_seeing(r) for r in rs]
            cells = []
            for b in bars:
                share = sum(b.ok(getattr(r, b.figure)) for r in seen) / len(seen)
                cells.append(f"{share:.1%} {'PASS' if share >= b.share else 'FAIL'}")
            label = f"{corpus}, {len(blind)} slides' reference-blind regions masked"
            lines.append(f"| {label} | {decks} | {len(rs)} | " + " | ".join(cells) + " | | |")
    return "\n".join(lines)


def _seeing(row: SlideRow) -> SlideRow:
    """The row with its masked similarity and colour-off in place of the plain ones."""
    if row.blind is None:
        return row
    return SlideRow(**{**row.__dict__, "similarity": row.blind[0], "colour_off": row.blind[1], "blind": None})


def worst(rows: list[SlideRow], figure: str, n: int) -> list[SlideRow]:
    reverse = figure == "colour_off"
    return sorted(rows, key=lambda r: getattr(r, figure), reverse=reverse)[:n]


def medians(rows: list[SlideRow]) -> str:
    """The median of each figure, for a deck's line in the per-deck table."""
    if not rows:
        return "-"
    return "  ".join(f"{f} {statistics.median(getattr(r, f) for r in rows):.3f}" for f in FIGURES)


def make_row(
    corpus: str,
    deck: str,
    i: int,
    slide_id: str,
    values: tuple[float, float, float],
    losses: list[str],
    ref: Render,
    ours: Render,
) -> SlideRow:
    """The row of slide i (0-based) from its figures and the two renders."""
    out_png = str(ours.pngs[i]) if i < len(ours.pngs) else ""
    return SlideRow(corpus, deck, i + 1, slide_id, *values, losses=losses, ref_png=str(ref.pngs[i]), out_png=out_png)


def describe(row: SlideRow) -> str:
    return (
        f"{row.corpus}/{row.deck}#{row.index}  sim {row.similarity:.3f}  colour-off {row.colour_off:.3f}  "
        f"recall {row.text_recall:.3f}"
    )


def side_by_side(row: SlideRow, target: Path) -> None:
    """original | ours, each 640 px wide, with the slide and its figures written above."""
    from PIL import Image, ImageDraw

    left = Image.open(row.ref_png).convert("RGB")
    w = 640
    h = max(1, round(left.height * w / left.width))
    left = left.resize((w, h))
    right = Image.open(row.out_png).convert("RGB").resize((w, h)) if row.out_png else Image.new("RGB", (w, h), "grey")
    canvas = Image.new("RGB", (2 * w + 8, h + 22), "#808080")
    ImageDraw.Draw(canvas).rectangle((0, 0, 2 * w + 8, 21), fill="white")
    canvas.paste(left, (0, 22))
    canvas.paste(right, (w + 8, 22))
    ImageDraw.Draw(canvas).text((4, 5), describe(row) + "   (original | ours)", fill="black")
    target.parent.mkdir(parents=True, exist_ok=True)
    canvas.save(target)


def report(
    rows: list[SlideRow],
    conversion: str,
    *,
    worst_n: int = 20,
    pairs: Path | None = None,
    show: Callable[[str], None] = print,
) -> None:
    """Print the bars table, the worst slides per figure, and every slide under a line with its
    loss entries (those without one first); write original | ours PNGs of the worst to `pairs`."""
    bars = BARS[conversion]
    show(f"\n{conversion}: bars ({', '.join(b.label() for b in bars)})\n")
    show(bars_table(rows, bars))
    for fig in FIGURES:
        show(f"\n{worst_n} worst slides by {fig}:")
        for rank, r in enumerate(worst(rows, fig, worst_n), start=1):
            show(f"  {describe(r)}")
            if pairs is not None and r.ref_png:
                side_by_side(r, pairs / fig / f"{rank:02d}-{r.corpus}-{Path(r.deck).stem[:50]}-{r.index}.png")
    low = [r for r in rows if under(r, bars)]
    bare = [r for r in low if not explained(r)]
    show(f"\nslides under a line: {len(low)} of {len(rows)}; without a warning / error loss entry: {len(bare)}")
    for r in bare:
        show(f"  NO LOSS ENTRY  {describe(r)}  [{', '.join(under(r, bars))}]")
        for line in r.losses[:3]:
            show(f"      {line[:160]}")
    for r in low:
        if explained(r):
            show(f"  {describe(r)}  [{', '.join(under(r, bars))}]")
            for line in r.losses[:6]:
                show(f"      {line[:160]}")


def failed_rows(corpus: str, deck: str, ref: Render, why: str) -> list[SlideRow]:
    """The slides of a deck ACE could not convert: every one lost on all three figures."""
    line = f"[error] deck: conversion-failed: {why}"
    return [
        SlideRow(corpus, deck, i + 1, "", 0.0, 1.0, recall(t, ""), [line], str(p), "")
        for i, (p, t) in enumerate(zip(ref.pngs, ref.texts + [""] * len(ref.pngs), strict=False))
    ]


def save_rows(rows: list[SlideRow], path: Path) -> None:
    path.write_text(json.dumps([r.__dict__ for r in rows], indent=1))


def load_rows(path: Path) -> list[SlideRow]:
    rows = [SlideRow(**r) for r in json.loads(path.read_text())]
    for r in rows:
        r.blind = tuple(r.blind) if r.blind is not None else None  # type: ignore[assignment]
    return rows


def clear_cache() -> None:
    """Forget every cached render (the references too)."""
    shutil.rmtree(cache_dir(), ignore_errors=True)


if __name__ == "__main__":  # re-report saved rows: fidelity.py ROWS.json fresh|html [--worst N]
    import argparse

    ap = argparse.ArgumentParser(description="print the bars and worst slides of saved per-slide rows")
    ap.add_argument("rows", type=Path)
    ap.add_argument("conversion", choices=sorted(BARS))
    ap.add_argument("--worst", type=int, default=20)
    ap.add_argument("--corpus", nargs="*", help="only these corpora")
    a = ap.parse_args()
    saved = [r for r in load_rows(a.rows) if not a.corpus or r.corpus in a.corpus]
    report(saved, a.conversion, worst_n=a.worst)
