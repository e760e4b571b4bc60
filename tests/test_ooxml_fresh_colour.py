"""Colours a slide rewritten from the IR (fresh mode) must keep, found by sorting the corpus by
colour-off (scripts/measure_pptx_fidelity.py --no-patch): each test stands for a class of decks."""

from __future__ import annotations

import colorsys
import zipfile
from pathlib import Path

from conftest import needs_soffice
from lxml import etree
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.dml.color import RGBColor
from pptx.enum.chart import XL_CHART_TYPE
from pptx.enum.dml import MSO_THEME_COLOR
from pptx.util import Inches
from test_ooxml_read import rezip, save

from adapters.ooxml.conventions import META_HAIRLINE
from adapters.ooxml.ns import qn
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.writer import write_pptx
from backends.render.libreoffice import render_pptx
from judge.colour import colour_off_files

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "pptx"
AUTOSHAPES = FIXTURES / "docx4j-AutoShapes.pptx"  # 187 preset shapes, each outlined <a:ln> without @w


def _outlines(path: Path, slide: int) -> list[str | None]:
    """@w of every drawn a:ln (one with a fill other than noFill) of one slide part, in order."""
    with zipfile.ZipFile(path) as z:
        root = etree.fromstring(z.read(f"ppt/slides/slide{slide}.xml"))
    return [ln.get("w") for ln in root.iter(qn("a:ln")) if ln.find(qn("a:noFill")) is None and len(ln)]


# -- outlines without a width are hairlines ------------------------------------------------------
def test_outlines_without_a_width_are_read_as_hairlines_and_written_back_without_one(tmp_path: Path) -> None:
    deck = read_pptx(AUTOSHAPES)
    stroked = [n for s in deck.slides for n in s.iter_nodes() if n.strokes]
    assert len(stroked) >= 180
    assert all(n.meta.get(META_HAIRLINE) for n in stroked)
    out = tmp_path / "fresh.pptx"
    write_pptx(deck, out, fresh=True)
    with zipfile.ZipFile(out) as z:
        slides = sorted(n for n in z.namelist() if n.startswith("ppt/slides/slide") and n.endswith(".xml"))
    assert len(slides) == len(deck.slides)
    widths = [w for i in range(1, len(slides) + 1) for w in _outlines(out, i)]
    assert len(widths) == len(stroked)
    assert set(widths) == {None}  # none got the 0.75 pt width an IR px would be written as
    assert all(n.meta.get(META_HAIRLINE) for s in read_pptx(out).slides for n in s.iter_nodes() if n.strokes)


def _two_outlines(tmp_path: Path) -> Path:
    """python-pptx's line.color without line.width on a text box (no p:style, so no theme line
    width either) writes <a:ln> without @w: a hairline. The other box states 2 pt."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    for i, width in enumerate((None, 25400)):
        shape = slide.shapes.add_textbox(Inches(1 + 4 * i), Inches(2), Inches(3), Inches(3))
        shape.name = f"shape{i}"
        shape.line.color.rgb = RGBColor(0xFF, 0, 0)
        if width is not None:
            shape.line.width = width
    return save(prs, tmp_path / "outlines.pptx")


def test_a_stated_width_stays_and_an_edited_hairline_gets_its_new_width(tmp_path: Path) -> None:
    deck = read_pptx(_two_outlines(tmp_path))
    thin, thick = (next(n for _, n in deck.iter_nodes() if n.name == f"shape{i}") for i in range(2))
    assert thin.meta.get(META_HAIRLINE) and not thick.meta.get(META_HAIRLINE)
    out = tmp_path / "fresh.pptx"
    write_pptx(deck, out, fresh=True)
    assert _outlines(out, 1) == [None, "25400"]
    thin.strokes[0].weight = 3.0
    write_pptx(deck, out, fresh=True)
    assert _outlines(out, 1) == ["28575", "25400"]
    edited = read_pptx(out)
    assert next(n for _, n in edited.iter_nodes() if n.name == "shape0").strokes[0].weight == 3.0


@needs_soffice
def test_fresh_hairlines_are_drawn_in_the_colour_of_the_original(tmp_path: Path) -> None:
    src = _two_outlines(tmp_path)
    out = tmp_path / "fresh.pptx"
    write_pptx(read_pptx(src), out, fresh=True)
    a = render_pptx(src, tmp_path / "a", width=960)
    b = render_pptx(out, tmp_path / "b", width=960)
    assert colour_off_files(a[0], b[0]) <= 0.02


# -- hue offsets (SmartArt colour definitions rotate accent colours with a:hueOff) ---------------
def _hue_shifted(tmp_path: Path) -> Path:
    """Two text boxes filled with accent4 (8064A2 in python-pptx's theme), the second turned by the
    hueOff and lumOff a SmartArt colour definition writes for its third item."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    for i in range(2):
        shape = slide.shapes.add_textbox(Inches(1 + 4 * i), Inches(2), Inches(3), Inches(3))
        shape.name = f"box{i}"
        shape.fill.solid()
        shape.fill.fore_color.theme_color = MSO_THEME_COLOR.ACCENT_4
    path = save(prs, tmp_path / "hue.pptx")
    mods = '<a:hueOff val="6533927"/><a:lumOff val="6405"/>'

    def edit(body: bytes) -> bytes:
        text = body.decode()
        at = text.rindex('<a:schemeClr val="accent4"/>')
        return (text[:at] + f'<a:schemeClr val="accent4">{mods}</a:schemeClr>' + text[at + 28 :]).encode()

    return rezip(path, tmp_path / "hue2.pptx", {"ppt/slides/slide1.xml": edit})


def test_a_hue_offset_turns_the_colour_and_is_written_back(tmp_path: Path) -> None:
    deck = read_pptx(_hue_shifted(tmp_path))
    plain, turned = (next(n for _, n in deck.iter_nodes() if n.name == f"box{i}").fills[0].color for i in range(2))
    h0, _, _ = colorsys.rgb_to_hls(plain.r, plain.g, plain.b)
    h1, _, _ = colorsys.rgb_to_hls(turned.r, turned.g, turned.b)
    assert plain.hex.upper() == "#8064A2"
    assert abs(((h1 - h0) * 360) % 360 - 6533927 / 60000) < 1.0
    assert turned.ref is not None and [m.op for m in turned.ref.mods] == ["hueOff", "lumOff"]
    out = tmp_path / "fresh.pptx"
    write_pptx(deck, out, fresh=True)
    with zipfile.ZipFile(out) as z:
        assert '<a:hueOff val="6533927"/>' in z.read("ppt/slides/slide1.xml").decode()
    again = next(n for _, n in read_pptx(out).iter_nodes() if n.name == "box1").fills[0].color
    assert again.hex == turned.hex


# -- where a pie / doughnut starts ---------------------------------------------------------------
def test_a_doughnut_s_first_slice_angle_is_read_and_written_back(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData()
    data.categories = ["a", "b", "c", "d"]
    data.add_series("s", (1, 1, 1, 1))
    frame = slide.shapes.add_chart(XL_CHART_TYPE.DOUGHNUT, Inches(1), Inches(1), Inches(5), Inches(5), data)
    frame.name = "ring"
    chart_part = frame.chart.part.partname.lstrip("/")
    path = save(prs, tmp_path / "ring.pptx")

    def turn(body: bytes) -> bytes:
        text = body.decode()
        assert '<c:firstSliceAng val="0"/>' in text
        return text.replace('<c:firstSliceAng val="0"/>', '<c:firstSliceAng val="314"/>').encode()

    deck = read_pptx(rezip(path, tmp_path / "ring2.pptx", {chart_part: turn}))
    chart = next(n for _, n in deck.iter_nodes() if n.name == "ring").chart
    assert chart.first_slice_angle == 314
    out = tmp_path / "fresh.pptx"
    write_pptx(deck, out, fresh=True)
    again = next(n for _, n in read_pptx(out).iter_nodes() if n.name == "ring").chart
    assert again.first_slice_angle == 314
