"""Measure how well `insert_slides_from` keeps the look of copied slides, through LibreOffice.

For each source .pptx: every slide is copied (scene-graph backend) into a blank deck of the same
page size, the result is written as .pptx, both files are rendered with LibreOffice and each
copied slide is compared with its original (judge.similarity). The baseline column is the same
comparison for the source read and written fresh without copying (what the reader + fresh writer
keep), so `copy - baseline` is what copying itself costs. Prints one row per deck.

    .venv/bin/python scripts/measure_insert_look.py                 # fixtures/pptx
    .venv/bin/python scripts/measure_insert_look.py --corpus 10     # plus 10 corpus decks
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # before any ace_core import: this checkout, not the installed one
from ace_core.shared_dir import shared_dir  # noqa: E402

sys.path.insert(0, str(ROOT))

from ace_core.errors import AceError  # noqa: E402
from ace_core.fsutil import cache_root  # noqa: E402
from ace_core.ir.deck import Deck, Slide  # noqa: E402
from adapters import read, write  # noqa: E402
from backends.render.libreoffice import render_pptx  # noqa: E402
from backends.scenegraph import SceneGraphBackend  # noqa: E402
from judge.similarity import similarity_files  # noqa: E402

CACHE = cache_root() / "measure" / "insert_look"
CORPUS = shared_dir(ROOT) / "corpus" / "pptx"


def measure(src: Path, work: Path) -> tuple[int, list[float], list[float]]:
    source = read(src)
    target = SceneGraphBackend(Deck(width=source.width, height=source.height, slides=[Slide(id="blank")]))
    out = target.execute("insert_slides_from", {"path": str(src)})
    if not out["ok"]:
        raise RuntimeError(out["error"]["message"])
    target.execute("delete_slide", {"slideId": "blank"})
    dst = work / f"{src.stem}.copied.pptx"
    write(target.export(), dst)
    fresh = work / f"{src.stem}.fresh.pptx"
    write(source, fresh, fresh=True)
    before = render_pptx(src, CACHE / src.stem / "src")
    after = render_pptx(dst, work / "dst")
    base = render_pptx(fresh, work / "fresh")
    copied = [similarity_files(a, b) for a, b in zip(before, after, strict=False)]
    baseline = [similarity_files(a, b) for a, b in zip(before, base, strict=False)]
    return len(source.slides), copied, baseline


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=int, default=0, help="also measure the first N corpus .pptx files")
    args = ap.parse_args()
    files = sorted((ROOT / "fixtures" / "pptx").glob("*.pptx"))
    if args.corpus and CORPUS.is_dir():
        files += sorted(CORPUS.glob("*.pptx"))[: args.corpus]
    print(f"{'deck':<58}{'slides':>7}{'copy':>8}{'min':>8}{'baseline':>10}")
    means, bases = [], []
    for src in files:
        with tempfile.TemporaryDirectory() as tmp:
            try:
                n, scores, baseline = measure(src, Path(tmp))
            except (AceError, RuntimeError) as exc:
                print(f"{src.name[:57]:<58}  failed: {getattr(exc, 'message', exc)}")
                continue
        if scores:
            means.append(statistics.fmean(scores))
            bases.append(statistics.fmean(baseline))
            row = f"{statistics.fmean(scores):>8.3f}{min(scores):>8.3f}{statistics.fmean(baseline):>10.3f}"
            print(f"{src.name[:57]:<58}{n:>7}{row}")
    if means:
        print(
            f"{'all decks':<58}{'':>7}{statistics.fmean(means):>8.3f}{min(means):>8.3f}{statistics.fmean(bases):>10.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
