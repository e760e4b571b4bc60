"""Fidelity of the .pptx writer over a corpus, in both modes, against the bars of issue 3.

For every deck: read it; write it in patch mode (unedited), in patch mode after recolouring one
shape, and in fresh mode; render the original and each written file with LibreOffice and compare
slide by slide with judge.similarity; read each written file back and compare ids, text, boxes
and fills (adapters.ooxml.roundtrip); check each written file for what PowerPoint would repair
(adapters.ooxml.validate: fresh files must have no problem, patched files none their source did
not have). Renders are cached under /work/cache/lo/<sha256 of the file>.

    .venv/bin/python scripts/measure_pptx_fidelity.py [--corpus DIR] [--only SUBSTR] [--jobs 2]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import tempfile
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ace_core.color import Color  # noqa: E402
from ace_core.ir.deck import Deck  # noqa: E402
from ace_core.ir.loss import LossReport  # noqa: E402
from ace_core.ir.style import SolidPaint  # noqa: E402
from adapters.ooxml.conventions import META_INHERITED  # noqa: E402
from adapters.ooxml.read_deck import read_pptx  # noqa: E402
from adapters.ooxml.roundtrip import roundtrip_differences  # noqa: E402
from adapters.ooxml.validate import check_package, new_problems  # noqa: E402
from adapters.ooxml.writer import render_bytes  # noqa: E402
from backends.render.libreoffice import render_pptx  # noqa: E402
from judge.similarity import load_gray, similarity  # noqa: E402

CACHE = Path("/work/cache/lo")
EDIT_COLOR = Color.from_hex("#E6007E")
# losses that cannot explain a difference in a still render
NOT_VISUAL = {"animation", "transition", "notes", "signature", "macros", "media", "sections", "multiple-themes"}


def cached_render(data: bytes, suffix: str = ".pptx") -> list[Path]:
    """LibreOffice PNGs (1280 px wide) of a deck's bytes, cached by their hash."""
    key = hashlib.sha256(data).hexdigest()[:24]
    out = CACHE / key
    done = out / "done.json"
    if done.is_file():
        return [out / n for n in json.loads(done.read_text())]
    with tempfile.TemporaryDirectory(prefix="ace-fid-") as tmp:
        src = Path(tmp) / f"deck{suffix}"
        src.write_bytes(data)
        paths = render_pptx(src, out, width=1280, timeout=900)
    done.write_text(json.dumps([p.name for p in paths]))
    return paths


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


def scores(a: list[Path], b: list[Path]) -> list[float]:
    if len(a) != len(b):
        return []
    return [similarity(load_gray(x), load_gray(y)) for x, y in zip(a, b, strict=True)]


@dataclass
class Row:
    name: str
    slides: int = 0
    patch: list[float] = field(default_factory=list)
    edit_others: list[float] = field(default_factory=list)
    edit_slide: float | None = None
    fresh: list[float] = field(default_factory=list)
    low_unexplained: list[str] = field(default_factory=list)
    low_explained: list[str] = field(default_factory=list)
    low_placeholder: list[str] = field(default_factory=list)
    rt_patch: int = 0
    rt_fresh: int = 0
    new_problems_patch: int = 0
    problems_fresh: int = 0
    error: str = ""


def measure(src: Path, pool: ThreadPoolExecutor) -> Row:
    row = Row(src.name)
    data = src.read_bytes()
    suffix = src.suffix if src.suffix in (".pptx", ".pptm", ".ppsx", ".potx") else ".pptx"
    try:
        deck = read_pptx(src)
        row.slides = len(deck.slides)
        patch_report, fresh_report = LossReport(), LossReport()
        patched, _ = render_bytes(deck, report=patch_report)
        fresh, _ = render_bytes(deck, fresh=True, report=fresh_report)
        edit = recolour_one(deck)
        edited = render_bytes(edit[0])[0] if edit else None
        jobs = {"orig": pool.submit(cached_render, data, suffix), "patch": pool.submit(cached_render, patched, suffix)}
        jobs["fresh"] = pool.submit(cached_render, fresh, ".pptx")
        if edited is not None:
            jobs["edit"] = pool.submit(cached_render, edited, suffix)
        row.rt_patch = len(roundtrip_differences(deck, read_pptx(patched)))
        row.rt_fresh = len(roundtrip_differences(deck, read_pptx(fresh)))
        row.new_problems_patch = len(new_problems(patched, data))
        row.problems_fresh = len(check_package(fresh))
        orig = jobs["orig"].result()
        row.patch = scores(orig, jobs["patch"].result())
        row.fresh = scores(orig, jobs["fresh"].result())
        if edit is not None:
            s = scores(orig, jobs["edit"].result())
            idx = [sl.id for sl in deck.slides].index(edit[1])
            row.edit_slide = s[idx] if s else None
            row.edit_others = [v for i, v in enumerate(s) if i != idx]
        losses = [e for e in [*deck.report.entries, *fresh_report.entries] if e.feature not in NOT_VISUAL]
        for i, value in enumerate(row.fresh):
            if value >= 0.75:
                continue
            sid = deck.slides[i].id
            why = sorted({f"{e.feature}" for e in losses if e.slide_id == sid and e.severity != "info"})
            why = why or sorted({f"{e.feature}" for e in losses if e.slide_id == sid})
            label = f"{src.name}#{i + 1} {value:.3f}"
            if why == ["placeholder-binding"]:  # a weak explanation: listed on its own
                row.low_placeholder.append(label)
            else:
                (row.low_explained if why else row.low_unexplained).append(f"{label} [{', '.join(why)}]")
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
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus" / "pptx")
    ap.add_argument("--only", default="")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", type=Path, help="write the per-deck rows here")
    args = ap.parse_args()
    files = sorted(p for p in args.corpus.glob("*.p[po][tps]*") if args.only in p.name)
    rows: list[Row] = []
    head = f"{'deck':44s} {'n':>3s} {'patch med':>9s} {'patch min':>9s} {'edit min':>9s} {'fresh med':>9s}"
    head += f" {'fresh min':>9s} {'rt p/f':>7s} {'prob p/f':>8s}"
    print(head)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for src in files:
            r = measure(src, pool)
            rows.append(r)
            print(
                f"{r.name[:44]:44s} {r.slides:3d} {_fmt(r.patch, 'med'):>9s} {_fmt(r.patch, 'min'):>9s} "
                f"{_fmt(r.edit_others, 'min'):>9s} {_fmt(r.fresh, 'med'):>9s} {_fmt(r.fresh, 'min'):>9s} "
                f"{r.rt_patch:>3d}/{r.rt_fresh:<3d} {r.new_problems_patch:>3d}/{r.problems_fresh:<3d} {r.error[:60]}",
                flush=True,
            )
    patch = [v for r in rows for v in r.patch]
    edit = [v for r in rows for v in r.edit_others]
    fresh = [v for r in rows for v in r.fresh]
    print("\nsummary over", len(rows), "decks,", len(patch), "slides")
    print(f"  patch unedited: median {_fmt(patch, 'med')}, min {_fmt(patch, 'min')}  (bar: >= 0.995, every >= 0.98)")
    print(f"  patch, one shape recoloured, other slides: min {_fmt(edit, 'min')}  (bar: every >= 0.99)")
    print(f"  fresh: median {_fmt(fresh, 'med')}, slides < 0.75: {sum(v < 0.75 for v in fresh)}  (bar: median >= 0.90)")
    unexplained = [s for r in rows for s in r.low_unexplained]
    print(f"  fresh slides < 0.75 without a loss entry for the slide: {len(unexplained)}")
    for s in unexplained:
        print("    ", s)
    placeholder_only = [s for r in rows for s in r.low_placeholder]
    print(
        f"  fresh slides < 0.75 whose only loss entry is the placeholder binding fresh mode drops: "
        f"{len(placeholder_only)} (LibreOffice lays out placeholder text differently from a text box)"
    )
    for s in placeholder_only:
        print("    ", s)
    for s in [s for r in rows for s in r.low_explained]:
        print("     explained:", s)
    print(f"  round-trip differences: patch {sum(r.rt_patch for r in rows)}, fresh {sum(r.rt_fresh for r in rows)}")
    print(
        f"  PowerPoint-repair problems: patch (new) {sum(r.new_problems_patch for r in rows)}, "
        f"fresh {sum(r.problems_fresh for r in rows)}"
    )
    errors = [r for r in rows if r.error]
    print(f"  errors: {len(errors)}")
    if args.json:
        args.json.write_text(json.dumps([r.__dict__ for r in rows], indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
