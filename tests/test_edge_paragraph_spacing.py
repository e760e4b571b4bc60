"""a:bodyPr spcFirstLastPara: off (the default), PowerPoint leaves out the space before a body's first
paragraph and after its last one, so a centred or bottom-anchored body sits where its lines say; on,
both count. The HTML writer left the last paragraph's space after in always (a centred list with
16 pt after its last item sat 8 pt high); with the attribute on it keeps both, as PowerPoint draws
them, and says LibreOffice's render (which leaves them out always) differs."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

from adapters.html.write import write_html
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.writer import write_pptx
from tests.hostile_inputs import slide_shapes_pptx


def _deck(tmp_path: Path, edge: str) -> Path:
    para = (
        '<a:p><a:pPr><a:spcBef><a:spcPts val="{b}"/></a:spcBef><a:spcAft><a:spcPts val="1600"/></a:spcAft>'
        '</a:pPr><a:r><a:rPr lang="en-US" sz="1800"/><a:t>{t}</a:t></a:r></a:p>'
    )
    sp = (
        '<p:sp><p:nvSpPr><p:cNvPr id="77" name="list"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>'
        '<p:spPr><a:xfrm><a:off x="100000" y="100000"/><a:ext cx="3000000" cy="3000000"/></a:xfrm>'
        '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>'
        f'<p:txBody><a:bodyPr anchor="ctr"{edge}><a:noAutofit/></a:bodyPr><a:lstStyle/>'
        + para.format(b="1200", t="first")
        + para.format(b="1600", t="last")
        + "</p:txBody></p:sp>"
    )
    return slide_shapes_pptx(tmp_path / "edge.pptx", sp)


def _paddings(tmp_path: Path, src: Path) -> tuple[list[str], list[str]]:
    deck = read_pptx(src)
    page = tmp_path / "deck.html"
    report = write_html(deck, page, embed_source=False)
    html = page.read_text(encoding="utf-8")
    styles = [m.group(1) for m in re.finditer(r'<p style="([^"]*)"[^>]*>(?:(?!</p>).)*(?:first|last)</span>', html)]
    assert len(styles) == 2
    return styles, [e.reason for e in report.entries if e.feature == "edge-spacing"]


def test_without_the_attribute_the_edge_spacing_is_left_out(tmp_path: Path) -> None:
    styles, notes = _paddings(tmp_path, _deck(tmp_path, ""))
    assert "padding-top" not in styles[0] and "padding-bottom" in styles[0]
    assert "padding-top" in styles[1] and "padding-bottom" not in styles[1]
    assert notes == []


@pytest.mark.parametrize("value", ["1", "true"])
def test_with_the_attribute_both_count_and_the_reference_is_said_to_differ(tmp_path: Path, value: str) -> None:
    src = _deck(tmp_path, f' spcFirstLastPara="{value}"')
    assert read_pptx(src).slides[0].children[-1].text.edge_spacing is True
    styles, notes = _paddings(tmp_path, src)
    assert "padding-top:16px" in styles[0] and "padding-bottom" in styles[1]
    assert len(notes) == 1 and "LibreOffice leaves it out" in notes[0]


def test_the_attribute_survives_a_pptx_round_trip(tmp_path: Path) -> None:
    deck = read_pptx(_deck(tmp_path, ' spcFirstLastPara="1"'))
    for fresh in (False, True):
        out = tmp_path / f"out-{fresh}.pptx"
        write_pptx(deck, out, fresh=fresh)
        with zipfile.ZipFile(out) as z:
            assert 'spcFirstLastPara="1"' in z.read("ppt/slides/slide1.xml").decode()
        assert read_pptx(out).slides[0].children[-1].text.edge_spacing is True
