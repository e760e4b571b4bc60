"""A gradient of more than two colours (a theme's background or fill style, a shape's own) keeps every
stop and is drawn with all of them, as PowerPoint draws it; LibreOffice 7.4 draws two colours, so the
reader says the reference render differs there (an info entry, not a loss of ours)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.html.write import write_html
from adapters.ooxml.drawingml import MULTI_STOP_GRADIENT
from adapters.ooxml.read_deck import read_pptx
from tests.hostile_inputs import slide_shapes_pptx


def _deck(tmp_path: Path, colours: list[str], path: str = '<a:lin ang="0" scaled="0"/>') -> Path:
    stops = "".join(
        f'<a:gs pos="{i * 100000 // (len(colours) - 1)}"><a:srgbClr val="{c}"/></a:gs>' for i, c in enumerate(colours)
    )
    sp = (
        '<p:sp><p:nvSpPr><p:cNvPr id="10" name="g"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr>'
        '<p:spPr><a:xfrm><a:off x="500000" y="2000000"/><a:ext cx="4000000" cy="2000000"/></a:xfrm>'
        f'<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:gradFill><a:gsLst>{stops}</a:gsLst>{path}</a:gradFill>'
        "</p:spPr></p:sp>"
    )
    return slide_shapes_pptx(tmp_path / "g.pptx", sp)


def _shape(deck):
    return next(n for _, n in deck.iter_nodes() if n.name == "g")


@pytest.mark.parametrize("path", ['<a:lin ang="0" scaled="0"/>', '<a:path path="circle"/>'])
def test_three_colours_are_kept_drawn_and_said_to_differ_from_libreoffice(tmp_path: Path, path: str) -> None:
    deck = read_pptx(_deck(tmp_path, ["FF0000", "00FF00", "0000FF"], path))
    node = _shape(deck)
    assert len(node.fills[0].stops) == 3
    notes = [e for e in deck.report.entries if e.node_id == node.id and e.feature == "gradient-stops"]
    assert [(e.reason, e.severity) for e in notes] == [(MULTI_STOP_GRADIENT, "info")]
    page = tmp_path / "deck.html"
    write_html(deck, page, embed_source=False)
    html = page.read_text(encoding="utf-8").lower()
    assert all(c in html for c in ("#ff0000", "#00ff00", "#0000ff"))


@pytest.mark.parametrize("colours", [["FF0000", "0000FF"], ["FF0000", "FF0000", "0000FF"]])
def test_two_colours_are_not_reported(tmp_path: Path, colours: list[str]) -> None:
    deck = read_pptx(_deck(tmp_path, colours))
    assert not [e for e in deck.report.entries if e.feature == "gradient-stops"]
