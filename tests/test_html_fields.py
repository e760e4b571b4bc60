"""Text fields in HTML: a slide-number field shows its slide's number and stays a field."""

from __future__ import annotations

import datetime
from pathlib import Path

from bs4 import BeautifulSoup

from ace_core.ir import Deck, Paragraph, Run, Slide, TextBody, TextNode
from ace_core.ir.fields import field_text
from adapters.html.read_schema import read_schema_text
from adapters.html.write import render_html
from adapters.ooxml.read_deck import read_pptx

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _numbered(n: int) -> Deck:
    slides = []
    for i in range(n):
        body = TextBody(paragraphs=[Paragraph(runs=[Run(text="page "), Run(text="7", field="slidenum")])])
        slides.append(Slide(id=f"s{i}", children=[TextNode(id=f"n{i}", width=100, height=30, text=body)]))
    return Deck(slides=slides)


def _field_spans(html: str) -> list[tuple[str, str]]:
    soup = BeautifulSoup(html, "html.parser")
    return [(str(s.get("data-field")), s.get_text()) for s in soup.find_all(attrs={"data-field": True})]


def test_a_slide_number_field_shows_each_slide_its_own_number() -> None:
    html, _ = render_html(_numbered(3))
    # the text last shown was "7" on every slide: each slide shows its own number, as PowerPoint does
    assert _field_spans(html) == [("slidenum", "1"), ("slidenum", "2"), ("slidenum", "3")]
    back = read_schema_text(html)
    runs = [s.children[0].text.paragraphs[0].runs for s in back.slides]
    assert [[r.field for r in rs] for rs in runs] == [[None, "slidenum"]] * 3
    assert [rs[1].text for rs in runs] == ["1", "2", "3"]
    # written again after a slide moved: the field follows the slide's new position
    back.slides.reverse()
    moved = [(s.children[0].id, t) for s, (_, t) in zip(back.slides, _field_spans(render_html(back)[0]), strict=True)]
    assert moved == [("n2", "1"), ("n1", "2"), ("n0", "3")]


def test_fields_of_a_real_deck_stay_fields_in_html() -> None:
    deck = read_pptx(FIXTURES / "decks" / "tika-testPPT_various2.pptx")
    want = [
        (i + 1, r.field)
        for i, s in enumerate(deck.slides)
        for n in s.iter_nodes()
        if getattr(n, "text", None) is not None
        for p in n.text.paragraphs
        for r in p.runs
        if r.field is not None
    ]
    assert any(f == "slidenum" for _, f in want)
    html, _ = render_html(deck)
    spans = _field_spans(html)
    assert [f for f, _ in spans] == [f for _, f in want]
    assert [t for (f, t) in spans if f == "slidenum"] == [str(i) for i, f in want if f == "slidenum"]
    back = read_schema_text(html)
    got = [r.field for s in back.slides for n in s.iter_nodes() if getattr(n, "text", None) is not None
           for p in n.text.paragraphs for r in p.runs if r.field is not None]  # fmt: skip
    assert got == [f for _, f in want]


def test_a_date_field_shows_the_day_it_is_written_not_the_value_last_shown() -> None:
    # tika-testPPT_various2 keeps 12/16/2016 in its datetime1 footers; PowerPoint and LibreOffice
    # show today's date there (the reference renders read 12/02/2026 on the day of measuring)
    deck = read_pptx(FIXTURES / "decks" / "tika-testPPT_various2.pptx")
    stored = {r.text for s in deck.slides for n in s.iter_nodes() if getattr(n, "text", None) is not None
              for p in n.text.paragraphs for r in p.runs if r.field == "datetime1"}  # fmt: skip
    assert stored == {"12/16/2016"}
    before = datetime.date.today()
    html, _ = render_html(deck)
    days = {before, datetime.date.today()}  # the write may cross midnight
    shown = {t for f, t in _field_spans(html) if f == "datetime1"}
    assert len(shown) == 1 and shown.pop() in {d.strftime("%m/%d/%Y") for d in days}
    assert "12/16/2016" not in BeautifulSoup(html, "html.parser").get_text()


def test_date_field_formats_follow_the_field_type_and_other_fields_keep_their_text() -> None:
    at = datetime.datetime(2026, 3, 4, 15, 7, 9)
    assert field_text("datetime1", "x", at) == "03/04/2026"
    assert field_text("datetime2", "x", at) == "Wednesday, March 4, 2026"
    assert field_text("datetime4", "x", at) == "March 4, 2026"
    assert field_text("datetime5", "x", at) == "4-Mar-26"
    assert field_text("datetime8", "x", at) == "03/04/2026 3:07 PM"
    assert field_text("datetime10", "x", at) == "15:07"
    assert field_text("datetime13", "x", at) == "3:07:09 PM"
    # a slide number, a footer or an unknown field shows the text it was saved with
    for kind in ("slidenum", "footer", "datetimeFigureOut", None):
        assert field_text(kind, "12/16/2016", at) == "12/16/2016"
