"""ActiveX form controls (p:controls, issue 18): a control's picture (PowerPoint 2010+ writes one,
often in an mc:Fallback) is read as a picture above the shape tree, kept with its control in patch
mode and written as a picture in fresh mode; a control without one is reported, not claimed."""

from __future__ import annotations

import zipfile
from pathlib import Path

from pptx import Presentation
from pptx.util import Inches
from test_ooxml_read import rezip

from adapters.ooxml.conventions import META_CONTROL
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.writer import write_pptx

IMAGE = Path(__file__).resolve().parents[1] / "fixtures" / "images" / "beach.png"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"


def _deck(tmp_path: Path) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    slide.shapes.add_textbox(Inches(1), Inches(3), Inches(4), Inches(1)).text_frame.text = "Form"
    slide.shapes.add_picture(str(IMAGE), Inches(1), Inches(1), Inches(2), Inches(1))
    prs.save(tmp_path / "plain.pptx")

    def move_picture(body: bytes) -> bytes:  # the picture becomes the control's fallback image
        text = body.decode()
        start, end = text.index("<p:pic>"), text.index("</p:pic>") + len("</p:pic>")
        pic = text[start:end]
        controls = (
            f'<p:controls><mc:AlternateContent xmlns:mc="{MC}"><mc:Choice xmlns:v="urn:schemas-microsoft-com:vml"'
            ' Requires="v"><p:control spid="1025" name="CommandButton1" r:id="rIdCtl" imgW="1828800" imgH="914400"/>'
            '</mc:Choice><mc:Fallback><p:control name="CommandButton1" r:id="rIdCtl" imgW="1828800" imgH="914400">'
            f'<p:controlPr defaultSize="0" autoPict="0"/>{pic}</p:control></mc:Fallback></mc:AlternateContent>'
            '<p:control spid="1026" name="TextBox1" r:id="rIdCtl2" imgW="1828800" imgH="457200"/></p:controls>'
        )
        text = text[:start] + text[end:]
        return text.replace("</p:spTree>", "</p:spTree>" + controls, 1).encode()

    return rezip(tmp_path / "plain.pptx", tmp_path / "controls.pptx", {"ppt/slides/slide1.xml": move_picture})


def test_a_control_s_picture_is_read_and_a_control_without_one_is_reported(tmp_path: Path) -> None:
    deck = read_pptx(_deck(tmp_path))
    slide = deck.slides[0]
    pictures = [n for n in slide.children if META_CONTROL in n.meta]
    assert [n.type for n in pictures] == ["IMAGE"]
    assert round(pictures[0].width) == 192 and round(pictures[0].height) == 96  # 2 x 1 in
    assert slide.children[-1] is pictures[0]  # controls draw above the shapes
    lost = [e for e in deck.report.entries if e.feature == "activex-control"]
    assert len(lost) == 1 and "TextBox1" in lost[0].reason and lost[0].severity == "error"


def _slide_xml(path: Path) -> str:
    with zipfile.ZipFile(path) as z:
        return z.read("ppt/slides/slide1.xml").decode()


def test_patch_mode_leaves_the_picture_with_its_control_and_fresh_mode_writes_it(tmp_path: Path) -> None:
    src = _deck(tmp_path)
    deck = read_pptx(src)
    patched = tmp_path / "patched.pptx"
    write_pptx(deck, patched)
    xml = _slide_xml(patched)
    assert xml.count("<p:pic>") == 1 and "<p:controls>" in xml  # not copied into the shape tree
    fresh = tmp_path / "fresh.pptx"
    write_pptx(deck, fresh, fresh=True)
    xml = _slide_xml(fresh)
    tree = xml[xml.index("<p:spTree>") : xml.index("</p:spTree>")]
    assert "<p:pic>" in tree
    again = read_pptx(fresh)
    assert sum(n.type == "IMAGE" for n in again.slides[0].children) == 1
