"""Read every deck of the pptx corpus into the IR and print a table: slides, nodes, loss entries
by feature, read time, and read-only fidelity against python-pptx's view of the same file (shape
text and boxes, where python-pptx opens the file).

    .venv/bin/python scripts/measure_pptx_read.py [CORPUS_DIR] [--json OUT.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # before any ace_core import: this checkout, not the installed one
from ace_core.shared_dir import shared_dir  # noqa: E402

sys.path.insert(0, str(ROOT))

from ace_core.errors import AceError  # noqa: E402
from adapters.ooxml.conventions import META_INHERITED, parse_node_ref  # noqa: E402
from adapters.ooxml.read_deck import read_pptx  # noqa: E402

DEFAULT_CORPUS = shared_dir(ROOT) / "corpus" / "pptx"
EMU_PER_PX = 9525


def _norm(text: str) -> str:
    return " ".join(text.replace("\v", " ").replace("\x0b", " ").split())


def pptx_view(path: Path) -> dict | None:
    """python-pptx's view: per slide, {cNvPr id: (text, box px)} of top-level shapes; None if it fails."""
    try:
        from pptx import Presentation
        from pptx.util import Emu  # noqa: F401
    except ImportError:
        return None
    try:
        prs = Presentation(str(path))
    except Exception:  # python-pptx refuses Strict, templates, slideshows: that is what we measure
        return None
    slides = []
    for slide in prs.slides:
        shapes = {}
        for shape in slide.shapes:
            text = ""
            if shape.has_text_frame:
                text = shape.text_frame.text
            elif getattr(shape, "has_table", False) and shape.has_table:
                text = " ".join(c.text for r in shape.table.rows for c in r.cells)
            try:
                box = tuple((v or 0) / EMU_PER_PX for v in (shape.left, shape.top, shape.width, shape.height))
            except Exception:
                box = None
            shapes.setdefault(str(shape.shape_id), (_norm(text), box))
        slides.append(shapes)
    return {"slides": slides}


def _node_text(node) -> str:
    body = getattr(node, "text", None)
    if body is not None and hasattr(body, "plain_text"):
        return body.plain_text
    rows = getattr(node, "rows", None)
    if rows:
        return " ".join(c.text.plain_text for r in rows for c in r.cells)
    return ""


def compare(deck, view: dict) -> tuple[int, int, int, int]:
    """(texts equal, texts compared, boxes within 1 px, boxes compared) over top-level shapes."""
    t_ok = t_n = b_ok = b_n = 0
    for slide, shapes in zip(deck.slides, view["slides"], strict=False):
        ours = {}
        for node in slide.children:
            if node.meta.get(META_INHERITED) or node.source is None:
                continue
            _, cnv, occ = parse_node_ref(node.source.ref)
            if occ == 1:
                ours.setdefault(cnv, node)
        for cnv, (text, box) in shapes.items():
            node = ours.get(cnv)
            if node is None:
                continue
            if text:
                t_n += 1
                t_ok += _norm(_node_text(node)) == text
            if box is not None and node.meta.get("pptx.alt_content") is None:
                b_n += 1
                mine = (node.x, node.y, node.width, node.height)
                b_ok += all(abs(a - b) <= 1.0 for a, b in zip(mine, box, strict=True))
    return t_ok, t_n, b_ok, b_n


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="?", default=str(DEFAULT_CORPUS))
    ap.add_argument("--json", help="also write the rows as JSON")
    args = ap.parse_args()
    files = sorted(p for p in Path(args.corpus).iterdir() if p.suffix.lower() in (".pptx", ".pptm", ".potx", ".ppsx"))
    rows = []
    totals: Counter = Counter()
    print(f"{'file':58} {'slides':>6} {'nodes':>6} {'loss':>5} {'ms':>6} {'pp-txt':>7} {'pp-box':>7}  losses")
    for path in files:
        t0 = time.perf_counter()
        try:
            deck = read_pptx(path)
            error = None
        except AceError as exc:
            deck, error = None, exc.message
        except Exception as exc:  # a bug: count it, keep going
            deck, error = None, f"{type(exc).__name__}: {exc}"
        ms = (time.perf_counter() - t0) * 1000
        if deck is None:
            print(f"{path.name[:58]:58} FAILED {error}")
            rows.append({"file": path.name, "error": error})
            totals["failed"] += 1
            continue
        nodes = sum(1 for _ in deck.iter_nodes())
        by_feature = deck.report.by_feature()
        view = pptx_view(path)
        if view is None:
            cmp_txt = cmp_box = "n/a"
            totals["pptx_refused"] += 1
        else:
            t_ok, t_n, b_ok, b_n = compare(deck, view)
            totals.update(t_ok=t_ok, t_n=t_n, b_ok=b_ok, b_n=b_n)
            cmp_txt = f"{t_ok}/{t_n}"
            cmp_box = f"{b_ok}/{b_n}"
        totals.update(files=1, slides=len(deck.slides), nodes=nodes, losses=len(deck.report))
        totals["ms"] += ms
        feats = ", ".join(f"{k}:{v}" for k, v in sorted(by_feature.items()))
        counts = f"{len(deck.slides):6} {nodes:6} {len(deck.report):5} {ms:6.0f}"
        print(f"{path.name[:58]:58} {counts} {cmp_txt:>7} {cmp_box:>7}  {feats}")
        rows.append(
            {
                "file": path.name,
                "slides": len(deck.slides),
                "nodes": nodes,
                "losses": by_feature,
                "ms": round(ms, 1),
                "pptx_text": cmp_txt,
                "pptx_box": cmp_box,
            }
        )
    print()
    print(
        f"read {totals['files']}/{len(files)} files ({totals['failed']} failed), {totals['slides']} slides, "
        f"{totals['nodes']} nodes, {totals['losses']} loss entries, {totals['ms'] / 1000:.1f} s total"
    )
    print(f"python-pptx refused {totals['pptx_refused']} files (read by ACE)")
    for label, ok, n in (
        ("text equal to python-pptx's", totals["t_ok"], totals["t_n"]),
        ("boxes within 1 px of python-pptx's", totals["b_ok"], totals["b_n"]),
    ):
        if n:
            print(f"{label}: {ok}/{n} ({100 * ok / n:.1f}%)")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 1 if totals["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
