"""pptx -> html classes found on unseen decks: built-in table styles named only by id, first lines
whose hanging indent reaches left of the box, and shrink-on-overflow text measured with the strut
the <p> is written with (the runs' size, not the list style's). Decks written by python-pptx and
edited at the XML level; the text placement is checked in Chromium."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pptx import Presentation
from pptx.util import Inches, Pt
from test_ooxml_read import rezip, save

from ace_core.color import ColorMod
from adapters.html.text import fit_scale
from adapters.html.write import write_html
from adapters.ooxml.read_deck import read_pptx
from tests.conftest import needs_chromium

ACCENT6 = "{93296810-A885-4BE3-A3E7-6D5BEEA58F35}"
GRID = "{5940675A-B579-460E-94D1-54222C63F5DA}"
UNKNOWN = "{00000000-1111-2222-3333-444444444444}"


def _table_deck(tmp_path: Path, style_ids: list[str]) -> Path:
    prs = Presentation()
    for _ in style_ids:
        slide = prs.slides.add_slide(prs.slide_layouts[6])
        frame = slide.shapes.add_table(3, 3, Inches(1), Inches(1), Inches(6), Inches(2))
        frame.table.cell(0, 0).text = "Head"
    path = save(prs, tmp_path / "tables.pptx")
    edits = {}
    for i, sid in enumerate(style_ids, 1):

        def edit(body: bytes, sid: str = sid) -> bytes:
            new = f"<a:tableStyleId>{sid}</a:tableStyleId>".encode()
            return re.sub(rb"<a:tableStyleId>[^<]*</a:tableStyleId>", new, body)

        edits[f"ppt/slides/slide{i}.xml"] = edit
    # the style list as writers other than PowerPoint leave it: no built-in style written out
    edits["ppt/tableStyles.xml"] = lambda body: re.sub(rb"<a:tblStyle .*</a:tblStyle>", b"", body, flags=re.S)
    return rezip(path, tmp_path / "tables2.pptx", edits)


def test_builtin_table_styles_named_by_id_are_drawn(tmp_path: Path) -> None:
    deck = read_pptx(_table_deck(tmp_path, [ACCENT6, GRID, UNKNOWN]))
    accent, grid, unknown = (s.children[-1] for s in deck.slides)
    head = accent.rows[0].cells[0]
    assert head.fills[0].color.distance(deck.theme.colors["accent6"]) < 1e-6  # firstRow: the accent
    assert head.text.paragraphs[0].style.font_weight == 700
    band = accent.rows[1].cells[1].fills[0].color
    assert band.ref.scheme == "accent6" and band.ref.mods == (ColorMod(op="tint", val=0.4),)
    body = accent.rows[2].cells[1].fills[0].color  # band2H: the whole table's lighter tint
    assert body.ref.scheme == "accent6" and body.ref.mods == (ColorMod(op="tint", val=0.2),)
    cell = grid.rows[1].cells[1]
    assert not cell.fills or not any(f.visible for f in cell.fills)  # "No Style, Table Grid": no fill
    assert cell.borders.top is not None and cell.borders.top.paint.color.ref.scheme == "tx1"
    assert not any(f.visible for c in unknown.rows[1].cells for f in c.fills)
    entries = [e for e in deck.report.entries if e.feature == "table-style"]
    warnings = [e for e in entries if e.severity == "warning"]
    assert len(warnings) == 1 and UNKNOWN in warnings[0].reason  # only the unknown one is lost
    infos = [e.reason for e in entries if e.severity == "info"]  # the built-ins: the reference differs
    assert len(infos) == 2 and all("built-in" in r and "LibreOffice draws its own" in r for r in infos)


MEDIUM1_ACCENT1 = "{B301B821-A1FF-4177-AEE7-76D212191A09}"
THEMED2_ACCENT3 = "{306799F8-075E-4A3A-A7F6-7FBC6576F1A4}"
LIGHT2 = "{7E9639D4-E3E2-4D34-9284-5A2195B3D0D7}"
MEDIUM3_ACCENT2 = "{85BE263C-DBD7-4A20-BB59-AAB30ACAA65A}"
DARK1_ACCENT1 = "{125E5076-3810-47DD-B79F-674D7AD40C01}"


def _scheme(paint: object) -> tuple[str, tuple[ColorMod, ...]]:
    ref = paint.color.ref  # type: ignore[attr-defined]
    return ref.scheme, ref.mods


def test_every_builtin_table_style_family_is_drawn_not_only_medium_2(tmp_path: Path) -> None:
    # markdown converters built on python-pptx name Medium Style 1 (and others) by id and leave
    # tableStyles.xml empty: the cells came out unfilled, with no header colour and no borders
    ids = [MEDIUM1_ACCENT1, THEMED2_ACCENT3, LIGHT2, MEDIUM3_ACCENT2, DARK1_ACCENT1]
    deck = read_pptx(_table_deck(tmp_path, ids))
    medium1, themed2, light2, medium3, dark1 = (s.children[-1] for s in deck.slides)
    head = medium1.rows[0].cells[0]
    assert _scheme(head.fills[-1]) == ("accent1", ())
    assert head.text.paragraphs[0].style.font_weight == 700
    assert head.text.paragraphs[0].style.fill.color.ref.scheme == "lt1"
    assert _scheme(medium1.rows[1].cells[1].fills[-1]) == ("accent1", (ColorMod(op="tint", val=0.2),))
    assert _scheme(medium1.rows[2].cells[1].fills[-1]) == ("lt1", ())  # band2H: the whole table's fill
    assert _scheme(medium1.rows[2].cells[0].borders.left.paint) == ("accent1", ())
    assert medium1.rows[2].cells[1].borders.left is None  # no inside vertical lines
    # Themed Style 2: the table background (tblBg) in the accent under every cell, text in lt1
    body = themed2.rows[2].cells[1]
    assert _scheme(body.fills[0]) == ("accent3", ())
    band = themed2.rows[1].cells[1].fills
    assert [_scheme(f)[0] for f in band] == ["accent3", "lt1"]  # the band's translucent lt1 on top
    assert _scheme(light2.rows[0].cells[0].fills[-1]) == ("tx1", ())  # the plain variant: tx1
    assert light2.rows[0].cells[0].text.paragraphs[0].style.fill.color.ref.scheme == "bg1"
    # Medium Style 3: the header in the accent, bands in a dk1 tint, a 2 pt dk1 rule on top
    assert _scheme(medium3.rows[0].cells[1].fills[-1]) == ("accent2", ())
    assert _scheme(medium3.rows[1].cells[1].fills[-1]) == ("dk1", (ColorMod(op="tint", val=0.2),))
    top = medium3.rows[0].cells[1].borders.top
    assert _scheme(top.paint) == ("dk1", ()) and top.weight == pytest.approx(25400 / 9525)
    assert not any(f.visible for c in dark1.rows[1].cells for f in c.fills)  # not known here: plain
    lost = [e for e in deck.report.entries if e.feature == "table-style" and e.severity == "warning"]
    assert len(lost) == 1 and DARK1_ACCENT1 in lost[0].reason and "not defined" in lost[0].reason


def _bullet_deck(tmp_path: Path) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(6), Inches(2))
    box.text_frame.text = "Lungs: clear"
    box.text_frame.paragraphs[0].runs[0].font.size = Pt(28)
    path = save(prs, tmp_path / "bullet.pptx")

    def edit(body: bytes) -> bytes:  # marL 0 with a hanging indent of a quarter inch
        ppr = b'<a:pPr marL="0" indent="-228600"><a:buFont typeface="Arial"/><a:buChar char="&#8226;"/></a:pPr>'
        return body.replace(b"<a:p><a:r>", b"<a:p>" + ppr + b"<a:r>", 1)

    return rezip(path, tmp_path / "bullet2.pptx", {"ppt/slides/slide1.xml": edit})


@needs_chromium
def test_a_hanging_indent_beyond_the_margin_starts_at_the_box(tmp_path: Path) -> None:
    from ace_core.browser import default_session

    html = tmp_path / "deck.html"
    write_html(read_pptx(_bullet_deck(tmp_path)), html)
    script = """() => {
      const box = document.querySelector('div.slide [data-type="TEXT"]');
      const bu = box.querySelector('span.bu'), run = bu.nextElementSibling;
      const b = box.getBoundingClientRect(), pad = parseFloat(getComputedStyle(box).paddingLeft);
      const u = bu.getBoundingClientRect();
      return [u.left - b.left - pad, run.getBoundingClientRect().left - u.right];
    }"""
    with default_session().page(html, width=1400, height=900) as page:
        bullet_x, gap = page.evaluate(script)
    # LibreOffice (and PowerPoint) put the bullet at the left inset, the text right after it
    assert bullet_x == pytest.approx(0, abs=0.5)
    assert gap == pytest.approx(0, abs=0.5)


def _body_deck(tmp_path: Path, paragraphs: int) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    body = slide.placeholders[1]
    body.text_frame.text = "\n".join(f"Paragraph {i} with a few words in it" for i in range(paragraphs))
    for para in body.text_frame.paragraphs:
        para.runs[0].font.size = Pt(18)  # the master's body style says 32 pt
    path = save(prs, tmp_path / "body.pptx")

    def edit(body: bytes) -> bytes:  # shrink on overflow, applied by PowerPoint at 100 %
        head, _, tail = body.rpartition(b"<a:bodyPr/>")  # the body placeholder's (the title's is first)
        return head + b'<a:bodyPr><a:normAutofit fontScale="100000"/></a:bodyPr>' + tail

    return rezip(path, tmp_path / "body2.pptx", {"ppt/slides/slide1.xml": edit})


def test_shrink_on_overflow_measures_the_runs_not_the_list_style(tmp_path: Path) -> None:
    # 10 lines of 18 pt fit the 4.3 in high body placeholder; at the list style's 32 pt they would not
    deck = read_pptx(_body_deck(tmp_path, 10))
    node = deck.slides[0].children[-1]
    assert node.text.autofit == "SHRINK" and node.text.font_scale == 100.0
    assert fit_scale(node.text, node.width, node.height, ooxml=True, theme_fonts=deck.theme.fonts) is None
    crowded = read_pptx(_body_deck(tmp_path, 20)).slides[0].children[-1]  # 20 lines do not fit: shrunk
    scale = fit_scale(crowded.text, crowded.width, crowded.height, ooxml=True, theme_fonts=deck.theme.fonts)
    assert scale is not None and 50 < scale < 100


def _text_table_deck(tmp_path: Path) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    table = slide.shapes.add_table(3, 2, Inches(0.5), Inches(1), Inches(6), Inches(3)).table
    for r, row in enumerate(table.rows):
        row.height = 0  # rows as tall as their text (oxsdk-Table_Large, poi-table_test2)
        for c, cell in enumerate(row.cells):
            cell.text = "one\ntwo\nthree" if (r, c) == (2, 0) else f"cell {r} {c}"
            for para in cell.text_frame.paragraphs:
                para.runs[0].font.size = Pt(10)
    return save(prs, tmp_path / "rows.pptx")


@needs_chromium
def test_table_rows_as_libreoffice_lays_out_cell_text(tmp_path: Path) -> None:
    from ace_core.browser import default_session

    html = tmp_path / "deck.html"
    write_html(read_pptx(_text_table_deck(tmp_path)), html)
    script = """() => {
      const rows = [...document.querySelectorAll('div.slide tr')].map(r => r.getBoundingClientRect().height);
      const ps = [...document.querySelectorAll('div.slide tr')[2].querySelector('td').querySelectorAll('p')];
      return [rows, ps.map(p => p.getBoundingClientRect().top)];
    }"""
    with default_session().page(html, width=1400, height=900) as page:
        rows, tops = page.evaluate(script)
    # LibreOffice (its render of oxsdk-Table_Large) sizes a row h="0" to its text: 10 pt Carlito
    # lines pitched at the font's ascent + descent (1.0 em, not OOXML's 1.2) plus the 0.05 in
    # insets, the style's white borders drawn over the edges (22.9 px a row at 96 dpi)
    size = 10 * 96 / 72
    assert rows[0] == pytest.approx(size + 9.6, abs=0.6)
    assert rows[2] == pytest.approx(3 * size + 9.6, abs=0.6)
    assert tops[1] - tops[0] == pytest.approx(size, abs=0.2)


def test_the_bullet_of_a_linked_item_keeps_the_text_colour(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    run = slide.placeholders[1].text_frame.paragraphs[0].add_run()
    run.text = "Kansas Department of Education"
    run.hyperlink.address = "http://www.ksde.org/"
    html = tmp_path / "deck.html"
    write_html(read_pptx(save(prs, tmp_path / "link.pptx")), html)
    page = html.read_text()
    bullet = re.search(r'<span class="bu" style="([^"]*)"', page)
    link = re.search(r'<a href="http://www.ksde.org/" style="([^"]*)"', page)
    assert bullet and link
    # the link is drawn in the theme's hyperlink colour (0000FF in python-pptx's default theme),
    # its bullet in the body text's (tx1: black), as LibreOffice draws poi-customGeo #32
    assert "color:#0000ff" in link.group(1).lower()
    assert "color:#000000" in bullet.group(1).lower()
