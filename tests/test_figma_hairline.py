"""Strokes of a deck read from Figma written to .pptx: a 1 px stroke is a hairline (a:ln without
@w), as LibreOffice draws the source's own outline without a width; other weights keep theirs."""

from __future__ import annotations

import zipfile
from pathlib import Path

from lxml import etree

from adapters.api import read
from adapters.figma.read import read_figma
from adapters.figma.write import write_figma
from adapters.ooxml.ns import qn
from adapters.ooxml.writer import write_pptx

AUTOSHAPES = Path(__file__).resolve().parents[1] / "fixtures" / "pptx" / "docx4j-AutoShapes.pptx"


def _widths(path: Path) -> list[str | None]:
    """@w of every drawn a:ln (one with content other than a:noFill) of every slide, in order."""
    out: list[str | None] = []
    with zipfile.ZipFile(path) as z:
        names = sorted(n for n in z.namelist() if n.startswith("ppt/slides/slide") and n.endswith(".xml"))
        for name in names:
            root = etree.fromstring(z.read(name))
            out += [ln.get("w") for ln in root.iter(qn("a:ln")) if ln.find(qn("a:noFill")) is None and len(ln)]
    return out


def test_one_pixel_figma_strokes_are_written_as_hairlines_and_others_keep_their_width(tmp_path: Path) -> None:
    figma = tmp_path / "deck.figma.json"
    write_figma(read(AUTOSHAPES), figma)  # no IR copy: the strokes come from strokeWeight
    deck = read_figma(figma)
    assert deck.source is not None and deck.source.format == "figma"
    stroked = [n for s in deck.slides for n in s.iter_nodes() if n.strokes]
    assert len(stroked) >= 180 and {n.strokes[-1].weight for n in stroked} == {1.0}
    out = tmp_path / "back.pptx"
    write_pptx(deck, out)
    widths = _widths(out)
    assert len(widths) == len(stroked) and set(widths) == {None}
    for node in stroked[:3]:
        node.strokes[-1].weight = 3.0
    write_pptx(deck, out)
    widths = _widths(out)
    assert widths.count("28575") == 3 and widths.count(None) == len(stroked) - 3
