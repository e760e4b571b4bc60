"""The DOM reader carries the <text> of inline SVGs as text over the SVG's picture (issue 15: HTML ->
.pptx loses no word), and keeps in the picture, reported, the SVG text it cannot place as text."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from ace_core.ir.deck import Deck
from ace_core.ir.nodes import ImageNode, TextNode
from adapters.html.dom_reader import read_dom
from tests.conftest import needs_chromium

pytestmark = [needs_chromium, pytest.mark.render]

PAGE = """<!doctype html><html><head><style>
html, body { margin: 0; width: 1280px; height: 720px; background: #ffffff; }
svg { position: absolute; left: 100px; top: 100px; }
</style></head><body>
<svg class="art" width="400" height="200" viewBox="0 0 200 100">
  <defs>
    <path id="arc" d="M110 95 Q150 60 195 95"/>
    <linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient>
  </defs>
  <text id="plain" x="10" y="20" font-size="12" font-family="Liberation Sans" fill="#ff0000">Plain words</text>
  <g transform="rotate(30 60 50)"><text x="40" y="50" font-size="10" fill="#0000ff">Turned</text></g>
  <text font-size="8"><textPath href="#arc">On a path</textPath></text>
  <text x="120" y="20" font-size="10" fill="#000000">Covered</text>
  <rect x="115" y="8" width="60" height="16" fill="#00ff00"/>
  <text x="120" y="45" font-size="10" fill="url(#g)">Gradient</text>
  <text x="10" y="70" font-size="9" fill="#333333"><tspan x="10" dy="0">First line</tspan><tspan x="10"
    dy="12">second line</tspan></text>
</svg>
</body></html>"""


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Deck:
    path = tmp_path_factory.mktemp("svgtext") / "svg-text.html"
    path.write_text(PAGE, encoding="utf-8")
    return read_dom(path)


def _texts(deck: Deck, slide: int = 0) -> dict[str, TextNode]:
    return {n.text.plain_text: n for n in deck.slides[slide].iter_nodes() if isinstance(n, TextNode)}


def test_plain_svg_text_becomes_text_of_its_size_colour_and_place(page: Deck) -> None:
    texts = _texts(page)
    assert set(texts) == {"Plain words", "Turned", "First line\nsecond line"}
    plain = texts["Plain words"]
    style = plain.text.paragraphs[0].runs[0].style
    assert style.font_size == 24  # 12 user units in a viewBox drawn twice as large
    assert style.fill.color.hex == "#FF0000"
    # inside the SVG's box, near its text's place (x 10, baseline 20 user units: 120 / 140 px)
    assert 118 <= plain.x <= 122 and 100 <= plain.y <= 125 and plain.y + plain.height >= 140
    assert plain.text.wrap is False
    assert abs(texts["Turned"].rotation - 30) < 0.01
    lines = texts["First line\nsecond line"]
    assert [p.text for p in lines.text.paragraphs] == ["First line", "second line"]
    assert lines.text.paragraphs[0].line_height.value == pytest.approx(24, abs=0.5)  # dy 12 user units apart
    (pic,) = [n for n in page.slides[0].children if isinstance(n, ImageNode)]
    order = [n.id for n in page.slides[0].children]
    assert order.index(pic.id) < order.index(plain.id)  # painted over its picture


def test_the_picture_and_the_svg_original_leave_the_carried_text_out(page: Deck) -> None:
    (pic,) = [n for n in page.slides[0].children if isinstance(n, ImageNode)]
    svg = page.asset_bytes(pic.svg_asset).decode()
    assert "Plain words" not in svg and "Turned" not in svg and "second line" not in svg
    assert "Covered" in svg and "Gradient" in svg and "On a path" in svg
    png = Image.open(io.BytesIO(page.asset_bytes(pic.image.asset))).convert("RGBA")
    scale = png.width / pic.width
    for words in ("Plain words", "First line\nsecond line"):  # not also drawn in the picture (tspans neither)
        text = _texts(page)[words]
        left, top = round((text.x - pic.x) * scale), round((text.y - pic.y) * scale)
        region = png.crop((left, top, left + round(text.width * scale), top + round(text.height * scale)))
        assert region.getextrema()[3][1] == 0, words
    covered = png.crop(tuple(round(v * scale) for v in (230, 16, 350, 48)))  # the green rect over 'Covered'
    assert covered.getextrema()[3][1] == 255  # what stays in the picture is drawn there


def test_svg_text_left_in_the_picture_is_reported_on_it(page: Deck) -> None:
    (pic,) = [n for n in page.slides[0].children if isinstance(n, ImageNode)]
    (entry,) = [e for e in page.report.entries if e.feature == "svg-text-as-picture"]
    assert entry.node_id == pic.id
    for words in ("On a path", "Covered", "Gradient"):
        assert words in entry.reason
    assert "Plain words" not in entry.reason


def test_corpus_svg_text_reaches_the_pptx(fixtures_dir: Path) -> None:
    """slides-grab's sleeping Tchoupi: 'z z z' drawn as SVG text, two of them in a turned group."""
    import pptx

    from adapters.ooxml.writer import render_bytes

    deck = read_dom(fixtures_dir / "html" / "slidesgrab-viewer.html")
    zs = [
        (i, n)
        for i, s in enumerate(deck.slides)
        for n in s.iter_nodes()
        if isinstance(n, TextNode) and n.text.plain_text == "z"
    ]
    assert [i for i, _ in zs] == [4, 4, 4, 6, 6]
    assert sorted(n.text.paragraphs[0].runs[0].style.font_size for _, n in zs) == [8, 8, 10, 11, 14]
    assert [round(n.rotation) for i, n in zs if i == 6] == [3, 3]  # <g transform="... rotate(3)">
    assert not any(e.feature == "svg-text-as-picture" for e in deck.report.entries)
    prs = pptx.Presentation(io.BytesIO(render_bytes(deck, fresh=True)[0]))
    words = [sh.text_frame.text for sh in prs.slides[4].shapes if sh.has_text_frame]
    assert words.count("z") == 3
