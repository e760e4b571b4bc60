"""Cross-renderer agreement on the corpus frames that use auto-layout: figma -> pptx (our solver's
boxes, rendered by LibreOffice) vs figma -> html (flexbox, rendered by Chromium).

Every top-level frame of ../shared/corpus/figma whose subtree has an auto-layout frame is read as a
one-slide deck (`--nodes <frame id>`), written to .pptx and to HTML, both rendered, and compared
with judge.similarity (content-masked SSIM). With --each, every auto-layout frame (nested ones
too) is measured as its own slide as well (small frames are magnified a lot, and a frame without a
background of its own may show white text on white). A .pptx slide cannot be smaller than 1 in, so
a smaller frame's render is cropped back to the frame before the comparison. Prints a table and
the medians (bar: >= 0.80 on the top-level frames).

Run: .venv/bin/python scripts/measure_figma_crossrender.py [--each] [--cache DIR]
Renders are cached under --cache (default: the ACE cache dir, measure/figma-xr) and redone with --fresh."""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # before any ace_core import: this checkout, not the installed one
from ace_core.shared_dir import shared_dir  # noqa: E402

sys.path.insert(0, str(ROOT))

from ace_core.fsutil import cache_root  # noqa: E402
from adapters import registry  # noqa: E402
from adapters.figma.load import load_figma  # noqa: E402
from adapters.figma.read import read_figma  # noqa: E402
from adapters.figma.slides import select_slides  # noqa: E402
from backends.render.chromium import render_html  # noqa: E402
from backends.render.libreoffice import render_pptx  # noqa: E402
from judge.similarity import similarity_files  # noqa: E402

CORPUS = shared_dir(ROOT) / "corpus" / "figma"
AUTO = ("HORIZONTAL", "VERTICAL", "GRID")


def _walk(node: dict[str, Any]):
    yield node
    for child in node.get("children") or []:
        if isinstance(child, dict):
            yield from _walk(child)


def frames_to_measure(path: Path, each: bool) -> list[tuple[str, str, str]]:
    """(frame id, name, 'top' | 'nested') of the frames that use auto-layout."""
    _, file = load_figma(path.read_bytes(), path)
    out = []
    for src in select_slides(file):
        frame = src.frame
        if frame is None:
            continue
        autos = [n for n in _walk(frame) if n.get("layoutMode") in AUTO]
        if autos:
            out.append((frame["id"], str(frame.get("name", "")), "top"))
        if each:
            out.extend((n["id"], str(n.get("name", "")), "nested") for n in autos if n is not frame)
    return out


def _write_pptx(deck: Any, dst: Path) -> None:
    adapter = registry().get("pptx")
    if adapter.info.can_write:
        adapter.write(deck, dst)
        return
    from adapters.ooxml.writer import write_pptx  # the writer before it is registered

    write_pptx(deck, dst)


def _deck_area(png: Path, width: float, height: float) -> Path:
    """The deck's area of a render: a .pptx slide is at least 1 in (96 px) each way, so a smaller
    frame sits in the top-left corner of a larger slide; crop the render back to the frame."""
    from skimage.io import imread, imsave

    img = imread(png)
    h, w = img.shape[:2]
    want_h = round(w * height / width)
    want_w = round(h * width / height)
    if abs(want_h - h) <= 1:
        return png
    crop = img[:want_h, :] if want_h < h else img[:, :want_w]
    out = png.with_name(png.stem + "-deck.png")
    imsave(out, crop, check_contrast=False)
    return out


def measure(path: Path, frame_id: str, cache: Path, width: int, fresh: bool) -> dict[str, Any]:
    work = cache / path.stem / frame_id.replace(":", "_").replace(";", "_")
    if fresh and work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True, exist_ok=True)
    deck = read_figma(path, nodes=[frame_id])
    pptx, html = work / "deck.pptx", work / "deck.html"
    png_p, png_h = work / "pptx", work / "html"
    t = time.perf_counter()
    if not (png_p / "slide-001.png").exists():
        _write_pptx(deck, pptx)
        render_pptx(pptx, png_p, width=width)
    if not (png_h / "slide-001.png").exists():
        registry().get("html").write(deck, html)
        render_html(html, png_h, width=width)
    a = _deck_area(sorted(png_p.glob("*.png"))[0], deck.width, deck.height)
    b = sorted(png_h.glob("*.png"))[0]
    return {
        "size": f"{deck.width:g}x{deck.height:g}",
        "similarity": similarity_files(a, b),
        "seconds": time.perf_counter() - t,
        "pptx_png": str(a),
        "html_png": str(b),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--cache", type=Path, default=cache_root() / "measure" / "figma-xr")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--each", action="store_true", help="also every nested auto-layout frame")
    parser.add_argument("--fresh", action="store_true", help="re-render everything")
    args = parser.parse_args(argv)
    rows = []
    for path in sorted(args.corpus.glob("*.json")):
        for frame_id, name, kind in frames_to_measure(path, args.each):
            try:
                row = measure(path, frame_id, args.cache, args.width, args.fresh)
            except Exception as exc:  # a measurement script: report the failure and go on
                row = {"size": "?", "similarity": float("nan"), "seconds": 0.0, "error": f"{type(exc).__name__}: {exc}"}
            rows.append({"file": path.name, "frame": frame_id, "name": name[:28], "kind": kind, **row})
            print(
                f"{path.name[:34]:34} {frame_id:22} {kind:6} {row['size']:>10} {row['similarity']:.3f}"
                + (f"  {row['error'][:80]}" if "error" in row else ""),
                flush=True,
            )
    print()
    print("| file | frame | name | kind | size | similarity |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['file']} | {r['frame']} | {r['name']} | {r['kind']} | {r['size']} | {r['similarity']:.3f} |")
    for kind in ("top", "nested"):
        vals = [r["similarity"] for r in rows if r["kind"] == kind and r["similarity"] == r["similarity"]]
        if vals:
            print(
                f"\n{kind}: n={len(vals)} median={statistics.median(vals):.3f} mean={statistics.mean(vals):.3f} "
                f"min={min(vals):.3f}"
            )
    vals = [r["similarity"] for r in rows if r["similarity"] == r["similarity"]]
    if vals:
        print(f"all: n={len(vals)} median={statistics.median(vals):.3f} (bar >= 0.80)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
