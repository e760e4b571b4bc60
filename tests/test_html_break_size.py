"""An a:br's own size: PowerPoint and LibreOffice size a line by its characters, so a 60 pt break
ending a line of 18 pt text leaves that line 18 pt tall; only a break alone on its line (an empty
line) is as tall as its size. The HTML writer drew every break in a span of its size, so the line it
ended grew to 60 pt (seen against LibreOffice's render: 'one' 30 px low, the next lines with it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.html.write import write_html
from adapters.ooxml.read_deck import read_pptx
from tests.conftest import needs_chromium
from tests.hostile_inputs import slide_shapes_pptx


def _run(t: str) -> str:
    return f'<a:r><a:rPr lang="en-US" sz="1800"/><a:t>{t}</a:t></a:r>'


def _br(sz: int) -> str:
    return f'<a:br><a:rPr lang="en-US" sz="{sz}"/></a:br>'


def _deck(tmp_path: Path, *bodies: str) -> Path:
    shapes = "".join(
        f'<p:sp><p:nvSpPr><p:cNvPr id="{10 + i}" name="t{i}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>'
        f'<p:spPr><a:xfrm><a:off x="{100000 + i * 2700000}" y="2000000"/><a:ext cx="2600000" cy="3000000"/></a:xfrm>'
        '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>'
        f'<p:txBody><a:bodyPr anchor="t"><a:noAutofit/></a:bodyPr><a:lstStyle/><a:p>{body}</a:p></p:txBody></p:sp>'
        for i, body in enumerate(bodies)
    )
    return slide_shapes_pptx(tmp_path / "br.pptx", shapes)


def _html(tmp_path: Path, *bodies: str) -> str:
    page = tmp_path / "deck.html"
    write_html(read_pptx(_deck(tmp_path, *bodies)), page, embed_source=False)
    return page.read_text(encoding="utf-8")


def test_a_break_ending_text_is_drawn_without_its_size_one_alone_on_its_line_with_it(tmp_path: Path) -> None:
    html = _html(tmp_path, _run("one") + _br(6000) + _br(6000) + _run("two"))
    # the first break ends 'one': no size of its own; the second is alone on its line: 60 pt (80 px)
    first = html.index("<br>")
    assert html.rfind('style=""', 0, first) > html.rfind(">one<", 0, first) > 0
    assert '"font_size":80.0' in html[html.rfind("<span", 0, first) : first]  # its size kept in the IR
    assert html[html.index("</span>", first) :].startswith('</span><span style="font-size:80px')


@needs_chromium
@pytest.mark.parametrize(
    ("big", "same", "lines"),
    [
        (_run("one") + _br(6000) + _run("two"), _run("one") + _br(1800) + _run("two"), 0),
        # an empty line made by a 60 pt break is 60 pt tall, one made by an 18 pt break 18 pt
        (_run("one") + _br(1800) + _br(6000) + _run("two"), _run("one") + _br(1800) + _br(1800) + _run("two"), 42),
    ],
)
def test_line_heights_in_chromium(tmp_path: Path, big: str, same: str, lines: float) -> None:
    from ace_core.browser import default_session

    page = tmp_path / "deck.html"
    write_html(read_pptx(_deck(tmp_path, big, same)), page, embed_source=False)
    script = """() => [...document.querySelectorAll('p')].filter(p => p.textContent.includes('two'))
        .map(p => p.getBoundingClientRect().height)"""
    with default_session().page(page) as pg:
        heights = pg.evaluate(script)
    assert len(heights) == 2
    # (60 - 18) pt more for the empty line, in px at the page's scale (the ratio of its p's sizes)
    extra = heights[0] - heights[1]
    if lines == 0:
        assert extra == pytest.approx(0, abs=0.5)
    else:
        scale = heights[1] / 3  # three 18 pt lines
        assert extra == pytest.approx(scale * 42 / 18, rel=0.05)
