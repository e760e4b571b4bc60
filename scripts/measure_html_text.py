"""Arbitrary HTML -> .pptx keeps every word: text recall (../shared/scripts/text_recall.py) of each
corpus page's own text in Chromium (innerText of each slide root, network blocked as the reader
has it) against the .pptx written fresh from what the DOM reader read.

Per page: `file` = the text python-pptx finds in the .pptx (everything kept, on or off the slide);
`slide` = the text of LibreOffice's PDF of it (what shows on the slides); `explained` = the slide
text plus the text of the nodes a loss entry names (so 1.0 means every missing letter is
reported); `fit` = the slide text with `--fit overflow` (content outside the slide box scaled or
paginated onto slides). LibreOffice PDFs are cached under $ACE_CACHE_DIR/measure/lo-pdf.

    .venv/bin/python scripts/measure_html_text.py [--corpus DIR] [--only SUBSTR]
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # before any ace_core import: this checkout, not the installed one
from ace_core.shared_dir import shared_dir  # noqa: E402

SHARED = shared_dir(ROOT)
sys.path.insert(0, str(SHARED / "scripts"))
sys.path.insert(0, str(ROOT / "scripts"))

import text_recall  # noqa: E402

from ace_core.browser import default_session  # noqa: E402
from ace_core.html_slides import iter_slides  # noqa: E402
from adapters.html.dom_reader import read_dom  # noqa: E402
from adapters.ooxml.writer import render_bytes  # noqa: E402

ROOT_TEXT_JS = """(i) => {
  const el = document.querySelector(`[data-ace-root="${i}"]`) || document.body;
  return el ? el.innerText : '';
}"""


def page_texts(path: Path) -> list[str]:
    """The page's own text per slide, as Chromium lays it out (innerText of the slide root)."""
    session = default_session()
    out = []
    for box in iter_slides(session, path, base_dir=path.parent):
        out.append(box.page.evaluate(ROOT_TEXT_JS, box.index if box.kind in ("ace", "elements") else 0))
    return out


def file_texts(data: bytes) -> list[str]:
    import pptx

    prs = pptx.Presentation(io.BytesIO(data))
    return ["\n".join(sh.text_frame.text for sh in s.shapes if sh.has_text_frame) for s in prs.slides]


def slide_texts(data: bytes) -> list[str]:
    from measure_fresh_template import rendered  # the LibreOffice PDF cache of that script

    _, texts = rendered(data, ".pptx")
    return texts


def named_text(deck, slide_id: str) -> str:  # type: ignore[no-untyped-def]
    named = {e.node_id for e in deck.report.entries if e.slide_id == slide_id and e.node_id}
    slide = deck.slide(slide_id)
    if slide is None:
        return ""
    return "\n".join(n.text_body.plain_text for n in slide.iter_nodes() if n.id in named and n.text_body is not None)


def measure(path: Path) -> dict:
    refs = page_texts(path)
    deck = read_dom(path)
    data, _ = render_bytes(deck, fresh=True)
    in_file, shown = file_texts(data), slide_texts(data)
    fitted = read_dom(path, fit="overflow")
    fit_data, _ = render_bytes(fitted, fresh=True)
    fit_shown = slide_texts(fit_data)
    row = {"file": [], "slide": [], "explained": [], "fit": [], "off": 0, "fits": []}
    row["off"] = sum(e.feature == "off-slide" for e in deck.report.entries)
    row["fits"] = sorted({e.feature for e in fitted.report.entries if e.feature.startswith("fit-")})
    for i, ref in enumerate(refs):
        sid = deck.slides[i].id if i < len(deck.slides) else ""
        row["file"].append(text_recall.recall(ref, in_file[i] if i < len(in_file) else ""))
        row["slide"].append(text_recall.recall(ref, shown[i] if i < len(shown) else ""))
        row["explained"].append(text_recall.recall(ref, (shown[i] if i < len(shown) else "") + named_text(deck, sid)))
        pages = [
            t for s, t in zip(fitted.slides, fit_shown, strict=False) if s.id == sid or s.id.startswith(sid + "-p")
        ]
        row["fit"].append(text_recall.recall(ref, "\n".join(pages)))
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=SHARED / "corpus" / "html")
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    files = sorted(p for p in args.corpus.glob("*.htm*") if args.only in p.name)
    print("| page | slides | file | slide | explained | fit overflow | off-slide entries | fit |")
    print("|---|---|---|---|---|---|---|---|")
    cols: dict[str, list[float]] = {"file": [], "slide": [], "explained": [], "fit": []}
    for path in files:
        with tempfile.TemporaryDirectory():
            try:
                row = measure(path)
            except Exception as exc:  # a measurement script: report and go on
                print(f"| {path.name} | FAILED {type(exc).__name__}: {str(exc)[:80]} |")
                continue
        for key in cols:
            cols[key] += row[key]
        cells = " | ".join(f"{min(row[k]):.4f}" for k in ("file", "slide", "explained", "fit"))
        print(f"| {path.name} | {len(row['file'])} | {cells} | {row['off']} | {', '.join(row['fits'])} |", flush=True)
    print()
    for key, values in cols.items():
        if values:
            full = sum(v >= 0.9999 for v in values)
            mean = statistics.mean(values)
            print(f"{key:10s}: slides at 1.0: {full}/{len(values)}, min {min(values):.4f}, mean {mean:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
