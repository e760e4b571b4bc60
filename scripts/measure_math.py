"""Equations through a .pptx round trip: OMML in the corpus decks read as MATH, and MATH written and read back.

Two sets (issue 18, "semantic content survives a round trip"):
- corpus: every slide equation (a14:m holding m:oMath / m:oMathPara) of the corpus decks; how many
  are read as MATH nodes (with LaTeX), and after a fresh .pptx write -> read, how many come back as
  MATH with the same LaTeX and the same OMML structure (adapters.ooxml.omml.same_math).
- latex: the equations of tests/test_omml.py, each as one MATH node on a slide, written to .pptx
  (fresh and patch mode) and read back: the LaTeX must come back exactly, written as native OMML.

    .venv/bin/python scripts/measure_math.py [--corpus pptx pptx2 unseen DIR] [--only SUBSTR]
"""

from __future__ import annotations

import argparse
import io
import re
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from fidelity import corpus_files  # noqa: E402
from lxml import etree  # noqa: E402

from ace_core.drawing.math import latex_to_svg  # noqa: E402
from ace_core.errors import AceError  # noqa: E402
from ace_core.ir.deck import Deck, Slide  # noqa: E402
from ace_core.ir.nodes import MathNode  # noqa: E402
from adapters.ooxml.omml import same_math  # noqa: E402
from adapters.ooxml.read_deck import read_pptx  # noqa: E402
from adapters.ooxml.writer import render_bytes  # noqa: E402

_SLIDE = re.compile(r"ppt/slides/slide\d+\.xml$")
_EQ = re.compile(rb"<m:oMath(Para)?[ >]")


def source_equations(data: bytes) -> int:
    """Equations (outermost m:oMathPara / m:oMath) in the deck's slides."""
    n = 0
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        for name in z.namelist():
            if _SLIDE.search(name):
                xml = z.read(name)
                paras = len(re.findall(rb"<m:oMathPara[ >]", xml))
                n += paras if paras else len(_EQ.findall(xml))
    return n


def maths(deck: Deck) -> list[MathNode]:
    return [n for _, n in deck.iter_nodes() if isinstance(n, MathNode)]


def _same(a: MathNode, b: MathNode) -> bool:
    if a.latex != b.latex:
        return False
    if a.omml and b.omml:
        return same_math(etree.fromstring(a.omml), etree.fromstring(b.omml))
    return True


def corpus(names: list[str], only: str) -> None:
    print(f"{'deck':60s} {'OMML':>5s} {'MATH':>5s} {'latex':>5s} {'back':>5s} {'same':>5s}")
    tot = [0, 0, 0, 0, 0]
    for label, src in corpus_files(names, only):
        data = src.read_bytes()
        try:
            n_src = source_equations(data)
        except zipfile.BadZipFile:
            continue
        if not n_src:
            continue
        try:
            deck = read_pptx(src)
            read = maths(deck)
            fresh, _ = render_bytes(deck, fresh=True)
            back = maths(read_pptx(fresh))
        except AceError as exc:
            print(f"{label}/{src.name}: {exc.message}")
            continue
        with_latex = sum(1 for m in read if m.latex.strip())
        same = sum(1 for a, b in zip(read, back, strict=False) if _same(a, b))
        row = [n_src, len(read), with_latex, len(back), same]
        tot = [t + v for t, v in zip(tot, row, strict=True)]
        print(f"{(label + '/' + src.name)[:60]:60s} " + " ".join(f"{v:5d}" for v in row))
    print(f"{'total':60s} " + " ".join(f"{v:5d}" for v in tot))


def latex_set() -> None:
    from tests.test_omml import EQUATIONS

    ok = {"fresh": 0, "patch": 0}
    native = {"fresh": 0, "patch": 0}
    for latex in EQUATIONS:
        deck = Deck(width=1280, height=720, slides=[Slide(id="s1", children=[])])
        drawing = latex_to_svg(latex, 48.0)
        key = deck.add_asset(drawing.svg.encode(), "image/svg+xml")
        size = {"width": drawing.width, "height": drawing.height}
        node = MathNode(id="m1", x=200, y=200, **size, latex=latex, svg_asset=key, font_size=48.0)
        deck.slides[0].children.append(node)
        for mode in ok:
            data, _ = render_bytes(deck, fresh=mode == "fresh")
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                xml = b"".join(z.read(n) for n in z.namelist() if _SLIDE.search(n))
            native[mode] += b"a14:m" in xml or b":oMath" in xml
            back = maths(read_pptx(data))
            ok[mode] += len(back) == 1 and back[0].latex == latex
    n = len(EQUATIONS)
    print("\n| mode | equations | written as native OMML | LaTeX back exactly |")
    print("|---|---|---|---|")
    for mode in ok:
        print(f"| {mode} | {n} | {native[mode]} | {ok[mode]} |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", nargs="+", default=["pptx", "pptx2", "unseen"])
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    corpus(args.corpus, args.only)
    latex_set()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
