"""Measure html -> IR -> pptx on the shared HTML corpus: every file must convert; the LibreOffice
render of the pptx is compared with the Chromium render of the original page (judge.similarity).

    .venv/bin/python scripts/measure_html_to_pptx.py [--corpus DIR] [--cache DIR] [--via html]

`--via html` measures html -> IR -> html (the HTML writer, rendered by Chromium) instead."""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # before any ace_core import: this checkout, not the installed one
from ace_core.shared_dir import shared_dir  # noqa: E402

sys.path.insert(0, str(ROOT))

from ace_core.fsutil import cache_root  # noqa: E402
from adapters.html.dom_reader import read_dom  # noqa: E402
from backends.render.chromium import render_html  # noqa: E402
from backends.render.libreoffice import render_pptx  # noqa: E402
from judge.similarity import similarity_files  # noqa: E402


def write_pptx(deck, path: Path):  # type: ignore[no-untyped-def]
    """The registered OOXML writer, or the writer module directly while it is not registered yet."""
    from adapters.registry import registry

    adapter = registry().get("pptx")
    if adapter.info.can_write:
        return adapter.write(deck, path)
    from adapters.ooxml.writer import write_pptx as direct

    return direct(deck, path, fresh=True)


def write_html(deck, path: Path):  # type: ignore[no-untyped-def]
    from adapters.registry import registry

    adapter = registry().get("html")
    if adapter.info.can_write:
        return adapter.write(deck, path)
    from adapters.html.write import write_html as direct

    return direct(deck, path)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--corpus", type=Path, default=shared_dir(ROOT) / "corpus" / "html")
    ap.add_argument("--cache", type=Path, default=cache_root() / "measure" / "html-measure")
    ap.add_argument("--via", choices=("pptx", "html"), default="pptx")
    ap.add_argument("--only", default="", help="substring of the file names to measure")
    args = ap.parse_args()
    files = sorted(p for p in args.corpus.glob("*.htm*") if args.only in p.name)
    if not files:
        print(f"no HTML files in {args.corpus}")
        return 1
    rows, scores, failures = [], [], []
    t_all = time.time()
    for f in files:
        orig = args.cache / "orig" / f.stem
        if not sorted(orig.glob("*.png")):
            render_html(f, orig)
        t0 = time.time()
        try:
            deck = read_dom(f)
            out_dir = args.cache / args.via / f.stem
            shutil.rmtree(out_dir, ignore_errors=True)
            with tempfile.TemporaryDirectory() as tmp:
                target = Path(tmp) / f"{f.stem}.{args.via}"
                if args.via == "pptx":
                    write_pptx(deck, target)
                    shutil.copy(target, args.cache / f"{f.stem}.pptx") if args.cache.is_dir() else None
                    pngs = render_pptx(target, out_dir)
                else:
                    write_html(deck, target)
                    pngs = render_html(target, out_dir).paths
        except Exception as exc:  # a measurement script reports every failure and goes on
            failures.append((f.name, f"{type(exc).__name__}: {exc}"))
            rows.append((f.name, "-", "-", "-", "FAILED"))
            continue
        originals = sorted(orig.glob("*.png"))
        sims = [similarity_files(a, b) for a, b in zip(originals, pngs, strict=False)]
        if len(pngs) != len(originals):
            failures.append((f.name, f"{len(pngs)} slides rendered, {len(originals)} expected"))
        scores.extend(sims)
        nodes = sum(1 for _ in deck.iter_nodes())
        rows.append(
            (f.name, str(len(deck.slides)), str(nodes), str(len(deck.report)), " ".join(f"{s:.3f}" for s in sims))
        )
        print(f"{f.name:34} {len(deck.slides):3} slides {nodes:4} nodes {time.time() - t0:5.1f}s  "
              + " ".join(f"{s:.3f}" for s in sims), flush=True)  # fmt: skip
    print()
    print(f"| file | slides | nodes | loss entries | similarity (via {args.via}) |")
    print("|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print()
    converted = len(files) - len({name for name, _ in failures if "expected" not in _})
    print(f"files: {len(files)}, converted: {converted}, slides compared: {len(scores)}")
    if scores:
        print(
            f"similarity median {statistics.median(scores):.3f}, mean {statistics.mean(scores):.3f}, "
            f"min {min(scores):.3f}, max {max(scores):.3f}"
        )
    for name, err in failures:
        print(f"FAILURE {name}: {err}")
    print(f"total {time.time() - t_all:.0f}s")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
