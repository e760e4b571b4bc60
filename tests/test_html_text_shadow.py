"""A run's drop shadow (OOXML a:rPr/a:effectLst/a:outerShdw) is drawn by the HTML writer as CSS
text-shadow, and CSS text-shadow reads back as the run's shadow, from ACE's pages and from any page."""

from __future__ import annotations

from pathlib import Path

import pytest

from ace_core.ir.text import TextStyle
from adapters.html.dom_reader import read_dom
from adapters.html.text import text_shadow_css
from adapters.html.write import write_html
from adapters.ooxml.read_deck import read_pptx
from tests.conftest import FIXTURES, needs_chromium

KEYFRAMES = FIXTURES / "pptx" / "poi-keyframes.pptx"  # WordArt-like titles with outer shadows on their runs


def _shadowed_runs(deck) -> list[TextStyle]:
    out = []
    for _, n in deck.iter_nodes():
        body = getattr(n, "text", None)
        if body is None or not hasattr(body, "paragraphs"):
            continue
        for p in body.paragraphs:
            for r in p.runs:
                if r.style.effects and r.text.strip():
                    out.append(body.style.merged(p.style).merged(r.style))
    return out


def test_run_shadows_are_read_and_written_as_css_text_shadow(tmp_path: Path) -> None:
    deck = read_pptx(KEYFRAMES)
    shadowed = _shadowed_runs(deck)
    assert shadowed, "the fixture's titles carry run shadows"
    e = shadowed[0].effects[0]
    assert e.type == "DROP_SHADOW" and (e.offset.x, e.offset.y) != (0, 0)
    css = text_shadow_css(shadowed[0])
    assert css is not None and css.count("px") == 3
    page = tmp_path / "deck.html"
    write_html(deck, page, embed_source=False)
    html = page.read_text(encoding="utf-8")
    assert f"text-shadow:{css}" in html
    entries = [e for e in deck.report.entries if e.feature == "text-shadow"]
    assert entries and all("HTML" in e.reason and "Figma draws the text without it" in e.reason for e in entries)


def test_no_shadow_no_css() -> None:
    assert text_shadow_css(TextStyle()) is None
    assert text_shadow_css(TextStyle(effects=[])) is None


@needs_chromium
@pytest.mark.render
def test_css_text_shadow_reads_back_as_the_run_shadow(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(
        "<html><body style='margin:0;width:960px;height:540px'>"
        "<p style='position:absolute;left:40px;top:40px;font:40px sans-serif;"
        "text-shadow:3px 4px 6px rgba(0,0,0,0.5)'>Shadowed</p>"
        "<p style='position:absolute;left:40px;top:200px;font:40px sans-serif'>Plain</p></body></html>",
        encoding="utf-8",
    )
    deck = read_dom(page)
    runs = {
        r.text.strip(): r
        for _, n in deck.iter_nodes()
        if (b := getattr(n, "text", None)) is not None and hasattr(b, "paragraphs")
        for p in b.paragraphs
        for r in p.runs
    }
    (e,) = runs["Shadowed"].style.effects
    assert e.type == "DROP_SHADOW"
    assert (e.offset.x, e.offset.y, e.radius) == (3, 4, 6)
    assert e.color.a == pytest.approx(0.5, abs=0.01)
    assert not runs["Plain"].style.effects


def test_no_shadow_under_see_through_text() -> None:
    # Aspose's evaluation watermark: 40 % red text over an 80 % black shadow; LibreOffice draws no
    # shadow there, CSS would draw it at full strength behind the faint glyphs
    from ace_core.ir.style import Color, Effect, Point, SolidPaint

    shadow = [Effect(color=Color(a=0.8), offset=Point(x=2.0, y=2.0), radius=4.0)]
    faint = TextStyle(fill=SolidPaint(color=Color(r=1.0, a=0.4)), effects=shadow)
    solid = TextStyle(fill=SolidPaint(color=Color(r=1.0)), effects=shadow)
    assert text_shadow_css(faint) is None
    assert text_shadow_css(solid) == "2px 2px 4px rgba(0,0,0,0.8)"
    assert text_shadow_css(TextStyle(effects=shadow)) is not None  # no fill of its own: black
