"""A tab in OOXML text goes to the next default tab stop, every inch (defTabSz 914400 EMU) from the
text's margin, in PowerPoint and LibreOffice. The HTML kept the tab (pre-wrap) at CSS's default of
8 spaces of the font: 'one<TAB>two' in an 18 pt box 2.3 in wide broke before 'two' in LibreOffice's
render and not in ours."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.html.write import write_html
from adapters.ooxml.read_deck import read_pptx
from tests.conftest import needs_chromium
from tests.hostile_inputs import slide_shapes_pptx


def _page(tmp_path: Path, text: str, ppr: str = "") -> Path:
    sp = (
        '<p:sp><p:nvSpPr><p:cNvPr id="10" name="tabs"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>'
        '<p:spPr><a:xfrm><a:off x="500000" y="2000000"/><a:ext cx="7000000" cy="900000"/></a:xfrm>'
        '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>'
        f'<p:txBody><a:bodyPr anchor="t"><a:noAutofit/></a:bodyPr><a:lstStyle/><a:p>{ppr}'
        f'<a:r><a:rPr lang="en-US" sz="1800"/><a:t>{text}</a:t></a:r></a:p></p:txBody></p:sp>'
    )
    page = tmp_path / "deck.html"
    write_html(read_pptx(slide_shapes_pptx(tmp_path / "tabs.pptx", sp)), page, embed_source=False)
    return page


def test_a_paragraph_with_a_tab_has_inch_tab_stops(tmp_path: Path) -> None:
    html = _page(tmp_path, "one\ttwo").read_text(encoding="utf-8")
    p = html[html.rfind("<p ", 0, html.index("one\ttwo")) :]
    assert "tab-size:96px" in p[: p.index(">")]
    assert html.count("tab-size") == 1  # paragraphs without a tab say nothing


@needs_chromium
@pytest.mark.parametrize("ppr", ["", '<a:pPr marL="800000" indent="0"/>'])
def test_the_text_after_a_tab_starts_an_inch_from_the_margin(tmp_path: Path, ppr: str) -> None:
    from ace_core.browser import default_session

    page = _page(tmp_path, "one\ttwo", ppr)
    script = """() => {
        const span = [...document.querySelectorAll('span')].find(s => s.textContent === 'one\\ttwo');
        const probe = span.cloneNode(false); probe.textContent = 'two'; span.parentNode.appendChild(probe);
        return [span.getBoundingClientRect().width, probe.getBoundingClientRect().width];
    }"""
    with default_session().page(page) as pg:
        whole, two = pg.evaluate(script)
    assert whole - two == pytest.approx(96.0, abs=0.5)
