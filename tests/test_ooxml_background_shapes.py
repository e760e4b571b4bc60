"""Two things PowerPoint Designer's layouts draw with, read and written as PowerPoint draws them:
- a shape filled with the slide's background (p:sp useBgFill="1"): it takes the background's fills
  (it used to take its p:style fillRef, the theme's accent: a full-slide panel drawn in accent1);
- a picture cut to a custom path (p:pic with a:custGeom): the path is the picture's clip
  (it was drawn unclipped, and the fresh writer wrote an invalid prstGeom prst="custom" that
  LibreOffice then drew nothing for)."""

from __future__ import annotations

import zipfile
from pathlib import Path

from lxml import etree
from pptx import Presentation
from pptx.util import Inches

from adapters.html.write import write_html
from adapters.ooxml import conventions as cv
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.writer import write_pptx
from tests.conftest import FIXTURES

WAVEFORM = (
    FIXTURES / "pptx" / "oxpt-WaveFormTheme.pptx"
)  # Open-XML-PowerTools: a wave cut-out filled with the background
A = "http://schemas.openxmlformats.org/drawingml/2006/main"


def test_a_shape_filled_with_the_background_takes_the_background_fills(tmp_path: Path) -> None:
    deck = read_pptx(WAVEFORM)
    slide = deck.slides[0]
    shaped = [n for _, n in deck.iter_nodes() if n.meta.get(cv.META_USE_BG_FILL)]
    assert shaped, "the layout's wave is drawn on the slide"
    background = slide.background.fills[0].color.hex
    assert all(n.fills and n.fills[0].color.hex == background for n in shaped)
    templated = [n for m in [*deck.masters, *deck.layouts] for n in m.iter_nodes() if n.meta.get(cv.META_USE_BG_FILL)]
    assert templated and all(n.fills[0].color.hex == "#FFFFFF" for n in templated)  # their bg1
    # the fresh file draws what was read: the wave is white, not accent1
    write_pptx(deck, tmp_path / "fresh.pptx", fresh=True)
    again = read_pptx(tmp_path / "fresh.pptx")
    ids = {n.id for n in shaped}
    back = [n for _, n in again.iter_nodes() if n.id in ids]
    assert back and all(n.fills[0].color.hex == background for n in back)


def _clipped_picture(path: Path) -> Path:
    """A python-pptx deck with one picture whose spPr holds a triangle a:custGeom."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    pic = slide.shapes.add_picture(str(FIXTURES / "images" / "beach.png"), Inches(1), Inches(1), Inches(4), Inches(3))
    sp_pr = pic._element.spPr
    prst = sp_pr.find(f"{{{A}}}prstGeom")
    cust = etree.fromstring(
        f'<a:custGeom xmlns:a="{A}"><a:avLst/><a:gdLst/><a:ahLst/><a:cxnLst/><a:rect l="0" t="0" r="r" b="b"/>'
        '<a:pathLst><a:path w="100" h="100"><a:moveTo><a:pt x="50" y="0"/></a:moveTo><a:lnTo><a:pt x="100" y="100"/>'
        '</a:lnTo><a:lnTo><a:pt x="0" y="100"/></a:lnTo><a:close/></a:path></a:pathLst></a:custGeom>'
    )
    prst.addprevious(cust)
    sp_pr.remove(prst)
    prs.save(path)
    return path


def test_a_picture_cut_to_a_custom_path_keeps_its_clip(tmp_path: Path) -> None:
    deck = read_pptx(_clipped_picture(tmp_path / "clipped.pptx"))
    (pic,) = [n for _, n in deck.iter_nodes() if n.type == "IMAGE"]
    assert pic.preset is None and len(pic.clip_paths) == 1
    assert pic.clip_paths[0].d == "M192 0 L384 288 L0 288 Z"  # the triangle in the picture's 384 x 288 px
    assert "picture-clip" not in [e.feature for e in deck.report.entries]
    # fresh .pptx: the clip is a custGeom again, never an invalid prstGeom
    write_pptx(deck, tmp_path / "fresh.pptx", fresh=True)
    with zipfile.ZipFile(tmp_path / "fresh.pptx") as z:
        xml = z.read("ppt/slides/slide1.xml").decode()
    assert 'prst="custom"' not in xml
    pic_xml = xml[xml.index("<p:pic>") : xml.index("</p:pic>")]
    assert "<a:custGeom>" in pic_xml and "<a:prstGeom" not in pic_xml
    (back,) = [n for _, n in read_pptx(tmp_path / "fresh.pptx").iter_nodes() if n.type == "IMAGE"]
    assert len(back.clip_paths) == 1
    # HTML: the picture is clipped to the path
    page = tmp_path / "clipped.html"
    write_html(deck, page, embed_source=False)
    assert "clip-path:path('M" in page.read_text(encoding="utf-8")


def test_ir_from_before_clip_paths_writes_a_valid_geometry(tmp_path: Path) -> None:
    # IR saved before clip_paths existed says preset "custom" with no path: drawn as its box
    from ace_core.ir.deck import Deck

    deck = read_pptx(_clipped_picture(tmp_path / "clipped.pptx"))
    (pic,) = [n for _, n in deck.iter_nodes() if n.type == "IMAGE"]
    pic.clip_paths, pic.preset = [], "custom"
    deck = Deck.from_json(deck.to_json())  # as such a file is loaded
    write_pptx(deck, tmp_path / "fresh.pptx", fresh=True)
    with zipfile.ZipFile(tmp_path / "fresh.pptx") as z:
        xml = z.read("ppt/slides/slide1.xml").decode()
    assert 'prst="custom"' not in xml and '<a:prstGeom prst="rect">' in xml
