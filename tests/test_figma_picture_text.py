"""The text a vector picture draws (an OLE object's EMF / WMF preview, an SVG) is Figma TEXT over
the picture, not pixels of its image fill: read back without ACE's IR copy, the words are there."""

from __future__ import annotations

import json
from pathlib import Path

from ace_core.ir.nodes import TextNode
from adapters import read
from adapters.figma.picture_text import split_picture_text
from adapters.figma.read import read_figma
from adapters.figma.write import write_figma
from tests.conftest import needs_soffice
from tests.figma_spec import errors

ROOT = Path(__file__).resolve().parents[1]


def _texts(slide) -> list[TextNode]:
    return [n for n in slide.iter_nodes() if isinstance(n, TextNode)]


@needs_soffice
def test_an_ole_preview_keeps_its_words_as_text(tmp_path: Path) -> None:
    # slide 8 is one WMF (an OLE object's preview): a table of Webdings dots under rotated labels
    deck = read(ROOT / "fixtures" / "pptx" / "poi-45545_Comment.pptx")
    out = tmp_path / "deck.figma.json"
    write_figma(deck, out)
    doc = json.loads(out.read_text())
    assert errors(doc) == []
    back = read_figma(out)
    texts = _texts(back.slides[7])
    words = " ".join(p.text for t in texts for p in t.text.paragraphs)
    for label in ("Fully public", "Cooperatives", "Outsourcing", "Concession", "Available Structures"):
        assert label in words
    turned = [t for t in texts if "Cooperatives" in t.text.paragraphs[0].text]
    assert len(turned) == 2 and all(abs(abs(t.rotation) - 90) < 1e-6 for t in turned)  # with its shadow copy
    assert "\u25cf" in words and "\uf06e" not in words  # Webdings dots as the marks they draw
    # the picture under the text is still an image fill (written beside the JSON)
    images = json.loads((tmp_path / "deck.figma.images" / "images.json").read_text())["meta"]["images"]
    assert images


def test_picture_text_placement_rules() -> None:
    svg = b"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 500" width="100" height="50">
      <rect x="0" y="0" width="1000" height="500" fill="#ffffff"/>
      <text class="SVGTextShape" transform="rotate(-90 5 5)"><tspan font-family="Arial" font-size="100px">
        <tspan x="400" y="300"><tspan fill="rgb(128,128,128)">Label</tspan></tspan></tspan></text>
      <text class="SVGTextShape" transform="rotate(-90 400 300)"><tspan font-family="Arial" font-size="100px">
        <tspan x="390" y="290"><tspan fill="rgb(0,0,0)">Label</tspan></tspan></tspan></text>
      <g transform="scale(2)"><text x="10" y="10">Scaled</text></g>
      <text x="100" y="450" font-family="Wingdings" font-size="50">&#xf06c;</text>
    </svg>"""
    bare, behind, nodes, left = split_picture_text(svg, 100.0, 50.0, "p")
    assert left == len("Scaled")  # under a group transform: stays pixels, and is counted
    shown = [n.text.paragraphs[0].text for n in nodes]
    assert shown == ["Label", "\u25cf"]
    # the grey shadow copy beside the label goes behind the picture
    assert [n.text.paragraphs[0].text for n in behind] == ["Label"]
    assert behind[0].text.style.fill.color.hex.lower() == "#808080" and behind[0].rotation == -90
    label = nodes[0]
    assert label.rotation == -90 and label.text.style.fill.color.hex.lower() == "#000000"
    # turned about its own position (39, 29 in the box), not the pivot LibreOffice states: the
    # unturned box (39, 20, 27.5 x 12) has its centre 13.75 right of and 3 above that point
    assert abs(label.x + label.width / 2 - 36.0) < 1e-6 and abs(label.y + label.height / 2 - 15.25) < 1e-6
    text = bare.decode()
    assert "Scaled" in text and "Label" not in text
    assert nodes[1].text.style.font_family == "OpenSymbol"


def test_picture_that_is_not_svg_comes_back_unchanged() -> None:
    """A converted picture that is not well-formed XML is left as it is, with no text taken."""
    data = b"<svg><text x='1' y='2'>unclosed"
    assert split_picture_text(data, 10.0, 10.0, "p") == (data, [], [], 0)
