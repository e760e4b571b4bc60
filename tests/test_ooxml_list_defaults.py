"""List indents a bulleted paragraph leaves unstated: LibreOffice keeps its drawing styles' numbering
rule for them (level n: text at (n + 1) * 6 mm, the bullet hanging 6 mm), so the reader resolves
them to that, and the HTML draws the text 6 mm past the bullet. poi-ececapstonespring2012 (exported
by LibreOffice, no master text styles, no default text style) is the real case."""

from __future__ import annotations

from pathlib import Path

import pytest
from pptx import Presentation
from pptx.util import Inches, Pt
from test_ooxml_read import rezip, save

from adapters.html.write import write_html
from adapters.ooxml.read_deck import read_pptx
from tests.conftest import needs_chromium

ROOT = Path(__file__).resolve().parents[1]
DECK = ROOT / "fixtures" / "decks" / "poi-ececapstonespring2012.pptx"
STEP = 216000 / 9525  # 6 mm in px


def _body(deck):  # slide 2: a title box, then a box of six bulleted questions
    return deck.slides[1].children[1].text


def test_unstated_list_indents_are_libreoffice_defaults() -> None:
    deck = read_pptx(DECK)
    paras = [p for p in _body(deck).paragraphs if p.bullet is not None]
    assert len(paras) == 6
    for para in paras:
        assert para.margin_left == pytest.approx(STEP)
        assert para.indent == pytest.approx(-STEP)
    title = deck.slides[1].children[0].text.paragraphs[0]
    assert title.bullet is None and title.margin_left == 0 and title.indent == 0  # no list, no default


def _stated_deck(tmp_path: Path) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(6), Inches(2))
    box.text_frame.text = "first\nsecond\nthird"
    for para in box.text_frame.paragraphs:
        para.runs[0].font.size = Pt(24)
    path = save(prs, tmp_path / "stated.pptx")
    bullet = b'<a:buFont typeface="Arial"/><a:buChar char="&#8226;"/></a:pPr>'
    ppr = [b'<a:pPr marL="0">', b'<a:pPr marL="457200" lvl="1">', b'<a:pPr marL="457200" indent="0">']

    def edit(body: bytes) -> bytes:
        for one in ppr:
            body = body.replace(b"<a:p><a:r>", b"<a:p>" + one + bullet + b"<a:r>", 1)
        return body

    return rezip(path, tmp_path / "stated2.pptx", {"ppt/slides/slide1.xml": edit})


def test_a_stated_margin_keeps_its_value_and_the_bullet_hangs_at_most_to_the_box(tmp_path: Path) -> None:
    paras = read_pptx(_stated_deck(tmp_path)).slides[0].children[0].text.paragraphs
    at_zero, hanging, stated = paras
    # marL 0, no indent: the bullet cannot hang left of the box, the text follows it (as before)
    assert (at_zero.margin_left, at_zero.indent) == (0, 0)
    assert hanging.margin_left == pytest.approx(48) and hanging.indent == pytest.approx(-STEP)
    assert stated.margin_left == pytest.approx(48) and stated.indent == 0


@needs_chromium
def test_the_html_puts_the_text_six_mm_past_the_bullet(tmp_path: Path) -> None:
    from ace_core.browser import default_session

    html = tmp_path / "deck.html"
    write_html(read_pptx(DECK), html)
    script = """() => {
      const slide = document.querySelectorAll('div.slide')[1];
      const bu = slide.querySelector('span.bu'), run = bu.nextElementSibling;
      const scale = slide.getBoundingClientRect().width / slide.offsetWidth;
      return (run.getBoundingClientRect().left - bu.getBoundingClientRect().left) / scale;
    }"""
    with default_session().page(html, width=1400, height=900) as page:
        gap = page.evaluate(script)
    assert gap == pytest.approx(STEP, abs=0.5)  # was the bullet's own width (about 15 px)


def test_a_wingdings_3_bullet_is_its_own_dingbat_not_the_wingdings_one(tmp_path: Path) -> None:
    from ace_core.drawing.fonts import map_symbol_char

    # "u" in Wingdings 3 is the right-pointing triangle (LibreOffice: OpenSymbol's), in Wingdings a diamond
    assert map_symbol_char("\uf075", "Wingdings 3") == "\u25b6"
    assert map_symbol_char("\uf075", "Wingdings") == "◆"
    prs = Presentation()
    box = prs.slides.add_slide(prs.slide_layouts[6]).shapes.add_textbox(Inches(1), Inches(1), Inches(6), Inches(2))
    box.text_frame.text = "item"
    path = save(prs, tmp_path / "w3.pptx")
    ppr = b'<a:pPr><a:buFont typeface="Wingdings 3" charset="2"/><a:buChar char="&#61557;"/></a:pPr>'

    def edit(body: bytes) -> bytes:
        return body.replace(b"<a:p><a:r>", b"<a:p>" + ppr + b"<a:r>", 1)

    html = tmp_path / "w3.html"
    write_html(read_pptx(rezip(path, tmp_path / "w3b.pptx", {"ppt/slides/slide1.xml": edit})), html)
    text = html.read_text()
    marker = text[text.index('class="bu"') :].split(">", 1)[1].split("<", 1)[0]
    assert marker == "\u25b6" and "OpenSymbol" in text


def test_an_empty_paragraph_with_no_stated_size_is_as_tall_as_the_text_before_it(tmp_path: Path) -> None:
    # slide 24: an empty line, "Any Questions?" at 28 pt, three empty lines, "Thanks everyone ..."
    deck = read_pptx(DECK)
    paras = deck.slides[23].children[1].text.paragraphs
    assert [p.text[:5] for p in paras] == ["", "Any Q", "", "", "", "Thank"]
    assert paras[0].style.font_size is None  # nothing before it: the default size
    assert [p.style.font_size for p in paras[2:5]] == [pytest.approx(28 * 4 / 3)] * 3
    html = tmp_path / "deck.html"
    write_html(deck, html)
    slide = html.read_text().split('class="slide"')[24]
    assert slide.count("font-size:37.333px") >= 5  # the three empty lines and the two texts
