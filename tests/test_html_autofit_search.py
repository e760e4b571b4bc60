"""Shrink-on-overflow OOXML text is drawn at the scale LibreOffice 7.4 draws it (its render of the
original is the reference), not at the largest scale that fits.

LibreOffice refits a shape's own normAutofit on load: ten halvings of 0..100 %, each trial scale
rounded down to a 0.1 pt step of the font size, keeping the trial that fills the box most
tightly; it lays the text out at 1.2 x the font size a line, counts blank (whitespace-only)
paragraphs at the end, and draws marL / indent at its scale over the stated fontScale. The
figures below are LibreOffice 7.4.7's, read from its PDF of the fixtures (font sizes of the
drawn spans)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adapters.html.text import TextEnv, fit_scale, indent_scale, para_decls
from adapters.ooxml.read_deck import read_pptx

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "pptx"


def _body(deck_name: str, slide: int, node_id: str) -> tuple[Any, Any]:
    deck = read_pptx(FIXTURES / deck_name)
    node = next(n for n in deck.slides[slide - 1].iter_nodes() if n.id == node_id)
    return deck, node


def _fit(deck_name: str, slide: int, node_id: str) -> float | None:
    deck, node = _body(deck_name, slide, node_id)
    fonts = deck.theme.fonts if deck.theme else None
    return fit_scale(node.text, node.width, node.height, ooxml=True, theme_fonts=fonts)


@pytest.mark.parametrize(
    ("slide", "node_id", "drawn_pt"),
    [
        # 18 pt Arial in a 1-inch box: LibreOffice draws 13.0 pt (four lines at 1.2 x the size;
        # the measurer's Liberation Sans line box, rounded per metric, made it 5 lines at 13 pt)
        (5, "s260.2", 13.0),
        # the halving stops at 13.5 pt where the largest fit is 14.1 pt
        (10, "s265.2", 13.5),
    ],
)
def test_scale_is_libreoffices(slide: int, node_id: str, drawn_pt: float) -> None:
    fit = _fit("tspptx-autofit-shrink.pptx", slide, node_id)
    assert fit is not None
    assert 18.0 * fit / 100.0 == pytest.approx(drawn_pt, abs=0.15), fit  # one 0.1 pt step


def test_blank_last_paragraph_counts() -> None:
    """poi-customGeo #32: a paragraph of a tab and spaces ends the body; LibreOffice measures it
    (only empty paragraphs are left out) and draws the 32 pt text at 77.9 %; left out, the text
    was fitted at 87 %."""
    fit = _fit("poi-customGeo.pptx", 32, "s388.3")
    assert fit == pytest.approx(77.9, abs=1.0)


def test_indents_scale_with_the_fit_over_font_scale() -> None:
    """poi-customGeo #34 (fontScale 77.5 %): LibreOffice draws the hanging indents at its own
    scale over the stated one (a synthetic 7-line body measured at 0.63 x with no fontScale,
    0.79 x with 80 %)."""
    deck, node = _body("poi-customGeo.pptx", 34, "s371.15")
    body = node.text
    fonts = deck.theme.fonts if deck.theme else None
    fit = fit_scale(body, node.width, node.height, ooxml=True, theme_fonts=fonts)
    assert fit is not None and fit < 77.5
    factor = indent_scale(body, fit)
    assert factor == pytest.approx(fit / 77.5)
    env = TextEnv(fonts, body, fit, ooxml=True)
    para = next(p for p in body.paragraphs if p.margin_left)
    decls = dict(para_decls(body, para, env))
    assert float(decls["padding-left"].removesuffix("px")) == pytest.approx(para.margin_left * factor, abs=0.01)


def test_unrefitted_body_keeps_its_indents() -> None:
    _, node = _body("poi-customGeo.pptx", 1, "s264.2")  # own normAutofit, fits at 100 %
    assert indent_scale(node.text, None) == 1.0


def test_last_space_after_is_not_measured() -> None:
    """poi-customGeo #29: five paragraphs with 12 pt after each; LibreOffice's measure ends at the
    last line, so it draws the 32 pt text at 92.8 % (29.7 pt); counting the last space after, the
    fit stopped at 90.3 %."""
    fit = _fit("poi-customGeo.pptx", 29, "s378.2")
    assert fit == pytest.approx(92.8, abs=0.5)
