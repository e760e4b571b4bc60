"""What a slide inherits from its layout, master and theme, read the way PowerPoint and LibreOffice
draw it (issue 18): an empty <a:solidFill/> keeps the inherited colour, ... Each test builds a
small deck of the class (python-pptx, then edited parts) rather than relying on one corpus file."""

from __future__ import annotations

from pathlib import Path

from pptx import Presentation
from test_ooxml_read import rezip, save

from ace_core.color import Color
from adapters.ooxml.read_deck import read_pptx


def _text_nodes(deck) -> dict:
    return {n.name: n for _, n in deck.iter_nodes() if getattr(n, "text", None) is not None}


def _colour(node, para: int = 0) -> Color | None:
    """The colour the first run of a paragraph is drawn in: its own fill, else the paragraph's."""
    p = node.text.paragraphs[para]
    fill = (p.runs[0].style.fill if p.runs else None) or p.style.fill
    return fill.color if fill is not None else None


# -- class: an empty <a:solidFill/> in a run or a list style --------------------------------------
def _empty_solid_fill_deck(tmp_path: Path) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[0])
    slide.shapes.title.text = "Title"
    slide.shapes.title.text_frame.paragraphs[0].runs[0].font.fill.solid()  # writes <a:solidFill/>
    box = slide.shapes.add_textbox(914400, 3000000, 4000000, 600000)
    box.text_frame.text = "Body"
    path = save(prs, tmp_path / "empty.pptx")
    a = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'

    def slide_xml(body: bytes) -> bytes:  # the text box's list style: an empty fill over the inherited colour
        lst = f"<a:lstStyle><a:lvl1pPr {a}><a:defRPr><a:solidFill/></a:defRPr></a:lvl1pPr></a:lstStyle>"
        box = b'<a:bodyPr wrap="none"><a:spAutoFit/></a:bodyPr>'
        assert box + b"<a:lstStyle/>" in body
        return body.replace(box + b"<a:lstStyle/>", box + lst.replace(f" {a}", "").encode())

    def master_xml(body: bytes) -> bytes:  # titles in accent 2
        return body.replace(b'<a:schemeClr val="tx1"/>', b'<a:schemeClr val="accent2"/>', 1)

    def presentation_xml(body: bytes) -> bytes:  # text boxes in accent 1
        return body.replace(b'<a:schemeClr val="tx1"/>', b'<a:schemeClr val="accent1"/>', 1)

    parts = {
        "ppt/slides/slide1.xml": slide_xml,
        "ppt/slideMasters/slideMaster1.xml": master_xml,
        "ppt/presentation.xml": presentation_xml,
    }
    return rezip(path, tmp_path / "empty2.pptx", parts)


def test_an_empty_solid_fill_keeps_the_inherited_colour(tmp_path: Path) -> None:
    deck = read_pptx(_empty_solid_fill_deck(tmp_path))
    theme = deck.theme.colors
    nodes = _text_nodes(deck)
    assert _colour(nodes["Title 1"]).hex == theme["accent2"].hex  # the run's <a:solidFill/>
    assert _colour(nodes["TextBox 3"]).hex == theme["accent1"].hex  # the list style's
