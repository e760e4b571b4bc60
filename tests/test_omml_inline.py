"""An a14:m equation inside a paragraph of text (words before and after it) is read as text on that
line, its scripts raised or lowered and its letters italic, not flattened ('πrx2' for πr x²); and a
bare one is reported as what LibreOffice does not draw (its render shows the words around a gap), so
the fidelity scripts mask that box like a bare equation-only shape."""

from __future__ import annotations

from pathlib import Path

from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.read_math import A14_ONLY_CHOICE, BARE_EQUATION
from adapters.ooxml.read_text import EQUATION_AS_TEXT
from tests.hostile_inputs import slide_shapes_pptx

M = "http://schemas.openxmlformats.org/officeDocument/2006/math"
A14 = "http://schemas.microsoft.com/office/drawing/2010/main"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"


def _r(t: str, plain: bool = False) -> str:
    sty = '<m:rPr><m:sty m:val="p"/></m:rPr>' if plain else ""
    return f'<m:r>{sty}<a:rPr lang="en-US" sz="2800"/><m:t>{t}</m:t></m:r>'


EQ = (
    f'<a14:m xmlns:a14="{A14}"><m:oMath xmlns:m="{M}">'
    + _r("π", plain=True)
    + _r("r")
    + f"<m:sSup><m:e>{_r('x')}</m:e><m:sup>{_r('2')}</m:sup></m:sSup>"
    + f"<m:f><m:num>{_r('a')}</m:num><m:den>{_r('b')}</m:den></m:f>"
    + "</m:oMath></a14:m>"
)


def _shape(paragraph_inner: str) -> str:
    return (
        '<p:sp><p:nvSpPr><p:cNvPr id="10" name="eq"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>'
        '<p:spPr><a:xfrm><a:off x="500000" y="2000000"/><a:ext cx="7000000" cy="900000"/></a:xfrm>'
        '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>'
        '<p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US" sz="2800"/><a:t>The area is </a:t></a:r>'
        f'{paragraph_inner}<a:r><a:rPr lang="en-US" sz="2800"/><a:t> units</a:t></a:r></a:p></p:txBody></p:sp>'
    )


def _text_node(deck):
    return next(n for _, n in deck.iter_nodes() if n.type == "TEXT" and "area" in n.text.plain_text)


def test_inline_equation_is_text_on_the_line_with_its_scripts(tmp_path: Path) -> None:
    deck = read_pptx(slide_shapes_pptx(tmp_path / "eq.pptx", _shape(EQ)))
    node = _text_node(deck)
    runs = node.text.paragraphs[0].runs
    assert [r.text for r in runs] == ["The area is ", "π", "rx", "2", "a", "/", "b", " units"]
    assert node.text.plain_text == "The area is πrx2a/b units"  # every character kept
    by_text = {r.text: r.style for r in runs}
    assert by_text["π"].italic is not True and by_text["rx"].italic is True
    assert by_text["2"].baseline == 0.3 and by_text["rx"].baseline is None
    assert all(r.style.font_size == runs[0].style.font_size for r in runs)
    reasons = {e.reason for e in deck.report.entries if e.node_id == node.id}
    assert EQUATION_AS_TEXT in reasons and BARE_EQUATION in reasons


def test_inline_equation_in_an_a14_only_choice_is_reported_so(tmp_path: Path) -> None:
    # PowerPoint wraps the whole shape, the equation in its paragraphs in the a14 choice
    sp = (
        f'<mc:AlternateContent xmlns:mc="{MC}" xmlns:a14="{A14}"><mc:Choice Requires="a14">'
        f"{_shape(EQ)}</mc:Choice><mc:Fallback>{_shape('')}</mc:Fallback></mc:AlternateContent>"
    )
    deck = read_pptx(slide_shapes_pptx(tmp_path / "eq.pptx", sp))
    node = _text_node(deck)
    assert "πrx2a/b" in node.text.plain_text
    reasons = {e.reason for e in deck.report.entries if e.node_id == node.id}
    assert A14_ONLY_CHOICE in reasons and BARE_EQUATION not in reasons
