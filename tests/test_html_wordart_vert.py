"""Stacked vertical WordArt text in HTML: letters upright one above the other, and its lines run
left to right (wordArtVert) or right to left (wordArtVertRtl), as ECMA-376 21.1.10.83 says."""

from __future__ import annotations

from pathlib import Path

from adapters.html.write import render_html
from adapters.ooxml.read_deck import read_pptx

DECK = Path(__file__).resolve().parent.parent / "fixtures" / "pptx"
DECK = DECK / "oxsdk-vertOverflowEllipsis_bodyPrVertOverflow_VertOverflowEllipsis.pptx"


def test_word_art_vertical_lines_run_left_to_right() -> None:
    deck = read_pptx(DECK)  # one text box, bodyPr vert="wordArtVert", four lines when stacked
    page, _ = render_html(deck)
    assert "writing-mode:vertical-lr" in page and "text-orientation:upright" in page
    assert "vertical-rl" not in page


def test_word_art_vertical_rtl_lines_run_right_to_left() -> None:
    deck = read_pptx(DECK)
    body = next(n.text for _, n in deck.iter_nodes() if getattr(n, "text", None) is not None)
    body.vertical = "wordArtVertRtl"
    page, _ = render_html(deck)
    assert "writing-mode:vertical-rl" in page and "text-orientation:upright" in page
