"""What the fresh writer needs from the reader so a slide rewritten from the IR looks like the
original: cell text direction (a:tcPr/@vert), legacy VML ink, and the other reader fixes found
by scripts/measure_pptx_fidelity.py on the corpus."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from conftest import needs_soffice
from pptx import Presentation
from pptx.util import Inches
from test_ooxml_read import rezip, save

from ace_core.ir.text import Run
from adapters.ooxml.conventions import META_VML
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.read_vml import vml_path_to_svg
from adapters.ooxml.writer import write_pptx
from backends.render.libreoffice import render_pptx
from judge.similarity import load_gray, similarity


def _table_deck(tmp_path: Path) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    shape = slide.shapes.add_table(2, 2, Inches(1), Inches(1), Inches(4), Inches(2))
    shape.name = "grid"
    for r in range(2):
        for c in range(2):
            shape.table.cell(r, c).text = f"r{r}c{c}"
    path = save(prs, tmp_path / "table.pptx")

    def edit(body: bytes) -> bytes:
        text = body.decode()
        first = text.index("<a:tcPr")
        end = text.index(">", first)
        closing = "/>" if text[end - 1] == "/" else ">"
        head = text[first:end].rstrip("/")
        return (text[:first] + head + ' vert="vert270"' + closing + text[end + 1 :]).encode()

    return rezip(path, tmp_path / "table2.pptx", {"ppt/slides/slide1.xml": edit})


def test_a_cell_s_text_direction_is_read_from_tcPr_and_written_back(tmp_path: Path) -> None:
    deck = read_pptx(_table_deck(tmp_path))
    table = next(n for _, n in deck.iter_nodes() if n.name == "grid")
    assert table.rows[0].cells[0].text.vertical == "vert270"
    assert table.rows[0].cells[1].text.vertical == "horz"
    out = tmp_path / "fresh.pptx"
    write_pptx(deck, out, fresh=True)
    again = read_pptx(out)
    table = next(n for _, n in again.iter_nodes() if n.name == "grid")
    assert [c.text.vertical for c in table.rows[0].cells] == ["vert270", "horz"]


# -- legacy VML ink ------------------------------------------------------------------------------
INK = Path(__file__).resolve().parents[1] / "fixtures" / "pptx" / "oxsdk-Ink2.pptx"


def test_vml_paths_become_absolute_svg_paths() -> None:
    assert vml_path_to_svg("m10,20l30,40v1,2,3,4,5,6xe") == "M10 20L30 40C31 42 33 44 35 46Z"
    assert vml_path_to_svg("m,l10,r5,5em1,1") == "M0 0L10 0L15 5M1 1"  # omitted numbers are 0
    assert vml_path_to_svg("t5,5r1,1nfe") == "M5 5L6 6"
    with pytest.raises(ValueError, match="formula"):
        vml_path_to_svg("m@1,@2l3,4e")
    with pytest.raises(ValueError, match="'qb'"):
        vml_path_to_svg("m0,0qb10,10,20,0e")


def _ink(deck) -> list:
    return [n for _, n in deck.iter_nodes() if META_VML in n.meta or n.name.startswith("Ink ")]


def test_legacy_ink_reads_as_vector_strokes_with_pen_colour_weight_and_opacity() -> None:
    deck = read_pptx(INK)
    ink = _ink(deck)
    assert len(ink) == 19
    assert all(n.type == "VECTOR" and n.paths and not n.fills for n in ink)
    colours = {n.strokes[0].paint.color.hex for n in ink}
    assert colours == {"#7030A0", "#FF0000", "#FFFF00"}
    marker = next(n for n in ink if n.strokes[0].paint.color.hex == "#FFFF00")
    assert marker.strokes[0].weight == pytest.approx(10 * 4 / 3)
    assert marker.strokes[0].paint.color.a == pytest.approx(21845 / 65536, abs=0.01)
    assert marker.strokes[0].cap == "SQUARE"
    first = next(n for n in ink if n.id.endswith(".v1026"))
    assert (first.x, first.y) == pytest.approx((38.375 * 4 / 3, 39 * 4 / 3))
    assert first.view_box == (1352, 1375, 5926, 2514)
    assert any(e.feature == "vml-ink" for e in deck.report.entries)


def test_ink_stays_in_its_vml_part_in_patch_mode_and_becomes_shapes_in_fresh_mode(tmp_path: Path) -> None:
    deck = read_pptx(INK)
    title = next(n for _, n in deck.iter_nodes() if n.type == "TEXT")
    title.text.paragraphs[0].runs = [Run(text="Pens")]
    patched, fresh = tmp_path / "patch.pptx", tmp_path / "fresh.pptx"
    write_pptx(deck, patched)
    write_pptx(deck, fresh, fresh=True)
    with zipfile.ZipFile(patched) as z:
        slide = z.read("ppt/slides/slide1.xml").decode()
        assert "ppt/drawings/vmlDrawing1.vml" in z.namelist()
    assert "custGeom" not in slide and "Pens" in slide  # the edit landed, the ink was not duplicated
    with zipfile.ZipFile(fresh) as z:
        slide = z.read("ppt/slides/slide1.xml").decode()
        assert not [n for n in z.namelist() if n.endswith(".vml")]
    assert slide.count("<a:custGeom>") == 19
    for out in (patched, fresh):
        again = read_pptx(out)
        assert sorted(n.id for n in _ink(again)) == sorted(n.id for n in _ink(deck))


@needs_soffice
@pytest.mark.render
def test_fresh_ink_renders_like_the_original(tmp_path: Path) -> None:
    out = tmp_path / "fresh.pptx"
    write_pptx(read_pptx(INK), out, fresh=True)
    a = render_pptx(INK, tmp_path / "a", width=640)
    b = render_pptx(out, tmp_path / "b", width=640)
    assert similarity(load_gray(a[0]), load_gray(b[0])) > 0.95


# -- chart area ----------------------------------------------------------------------------------
def test_a_chart_area_s_fill_and_outline_survive_a_fresh_write(tmp_path: Path) -> None:
    from lxml import etree
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.oxml.ns import qn

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData()
    data.categories = ["a", "b"]
    data.add_series("s", (1, 2))
    frame = slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, 0, 0, Inches(4), Inches(3), data)
    frame.name = "chart"
    space = frame.chart._chartSpace
    sp_pr = etree.SubElement(space, qn("c:spPr"))
    space.find(qn("c:chart")).addnext(sp_pr)
    etree.SubElement(etree.SubElement(sp_pr, qn("a:solidFill")), qn("a:srgbClr")).set("val", "1F2A44")
    deck = read_pptx(save(prs, tmp_path / "chart.pptx"))
    chart = next(n for _, n in deck.iter_nodes() if n.name == "chart")
    assert chart.fills and chart.fills[0].color.hex == "#1F2A44"
    out = tmp_path / "fresh.pptx"
    write_pptx(deck, out, fresh=True)
    again = next(n for _, n in read_pptx(out).iter_nodes() if n.name == "chart")
    assert [f.color.hex for f in again.fills] == ["#1F2A44"]


# -- end-of-paragraph mark -----------------------------------------------------------------------
def test_the_end_of_paragraph_mark_takes_the_last_run_s_size_not_the_list_level_default(tmp_path: Path) -> None:
    """A body placeholder's level default is 32 pt and its runs say 24 pt: the fresh file's
    endParaRPr must say 24 pt, or LibreOffice grows every last line to 32 pt (the corpus deck
    poi-at.ecodesign...elektronik slide 18 drifted down a line over seven paragraphs)."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    body = slide.placeholders[1]
    body.name = "body"
    body.text_frame.text = "first"
    body.text_frame.add_paragraph().text = "second"
    for p in body.text_frame.paragraphs:
        p.runs[0].font.size = Inches(1 / 3)  # 24 pt
    path = save(prs, tmp_path / "body.pptx")
    deck = read_pptx(path)
    node = next(n for _, n in deck.iter_nodes() if n.name == "body")
    assert node.text.paragraphs[0].style.font_size == pytest.approx(32 * 4 / 3)  # the level default
    out = tmp_path / "fresh.pptx"
    write_pptx(deck, out, fresh=True)
    with zipfile.ZipFile(out) as z:
        xml = z.read("ppt/slides/slide1.xml").decode()
    body_xml = xml[xml.index("first") :]
    ends = re.findall(r'<a:endParaRPr[^>]*\ssz="(\d+)"', body_xml)
    assert ends == ["2400", "2400"]


# -- placeholders in fresh mode --------------------------------------------------------------------
def test_fresh_mode_binds_filled_placeholders_to_their_layout(tmp_path: Path) -> None:
    """A filled placeholder is written as a placeholder of its layout (p:ph with the layout's
    idx): nothing is reported as unbound, and python-pptx finds it on the slide's layout."""
    import pptx

    src = Path(__file__).resolve().parents[1] / "fixtures" / "pptx" / "pypptx-ph-inherit-props.pptx"
    deck = read_pptx(src)
    report = write_pptx(deck, tmp_path / "fresh.pptx", fresh=True)
    assert not [e for e in report.entries if e.feature == "placeholder-binding"]
    filled = [
        n for _, n in deck.iter_nodes() if n.placeholder is not None and n.text_body and n.text_body.paragraphs[0].runs
    ]
    assert len(filled) == 2
    prs = pptx.Presentation(tmp_path / "fresh.pptx")
    names = {ph.name for slide in prs.slides for ph in slide.placeholders}
    assert {n.name for n in filled} <= names
    for slide in prs.slides:
        idx = {ph.placeholder_format.idx for ph in slide.slide_layout.placeholders}
        assert all(ph.placeholder_format.idx in idx for ph in slide.placeholders)


# -- no default text style -------------------------------------------------------------------------
def test_a_deck_without_a_default_text_style_is_written_fresh_without_one(tmp_path: Path) -> None:
    """Text that states no size falls to each renderer's default; a fresh file that adds python-
    pptx's 18 pt default text style changes it in LibreOffice (poi-ececapstonespring2012 slides
    20 and 24: 0.45 / 0.72 -> 1.000), so the writer mirrors the source's absence."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    slide.shapes.add_textbox(Inches(1), Inches(1), Inches(4), Inches(1)).text_frame.text = "no size"
    path = save(prs, tmp_path / "with.pptx")

    def drop(body: bytes) -> bytes:
        return re.sub(rb"<p:defaultTextStyle>.*</p:defaultTextStyle>", b"", body, flags=re.S)

    without = rezip(path, tmp_path / "without.pptx", {"ppt/presentation.xml": drop})
    for src, expect in ((path, True), (without, False)):
        out = tmp_path / f"fresh-{src.name}"
        write_pptx(read_pptx(src), out, fresh=True)
        with zipfile.ZipFile(out) as z:
            assert (b"<p:defaultTextStyle>" in z.read("ppt/presentation.xml")) is expect


def test_an_end_mark_that_differs_from_the_last_run_survives_as_an_empty_run(tmp_path: Path) -> None:
    """'text<br/>' then an 18 pt end mark under 28 pt runs: the empty last line is 18 pt tall in
    PowerPoint and LibreOffice. The reader keeps the mark as an empty last run; the writer turns it
    back into endParaRPr (Scheinecker slide 4 fresh 0.696 -> 0.996)."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(4), Inches(2))
    box.name = "marked"
    box.text_frame.text = "big"
    box.text_frame.paragraphs[0].runs[0].font.size = Inches(28 / 72)
    path = save(prs, tmp_path / "mark.pptx")

    def edit(body: bytes) -> bytes:
        text = body.decode()
        i = text.index("</a:r>", text.index(">big<")) + len("</a:r>")
        return (
            text[:i] + '<a:br><a:rPr lang="en-US" sz="2800"/></a:br><a:endParaRPr lang="en-US" sz="1800"/>' + text[i:]
        ).encode()

    deck = read_pptx(rezip(path, tmp_path / "mark2.pptx", {"ppt/slides/slide1.xml": edit}))
    para = next(n for _, n in deck.iter_nodes() if n.name == "marked").text.paragraphs[0]
    assert [r.text for r in para.runs] == ["big", "\v", ""]
    assert para.runs[-1].style.font_size == pytest.approx(24.0)  # 18 pt
    out = tmp_path / "fresh.pptx"
    write_pptx(deck, out, fresh=True)
    with zipfile.ZipFile(out) as z:
        xml = z.read("ppt/slides/slide1.xml").decode()
    body_xml = xml[xml.index(">big<") :]
    assert "<a:t></a:t>" not in body_xml and "<a:t/>" not in body_xml
    assert re.search(r'<a:endParaRPr[^>]*\ssz="1800"', body_xml)
    again = next(n for _, n in read_pptx(out).iter_nodes() if n.name == "marked").text.paragraphs[0]
    assert [(r.text, r.style.font_size) for r in again.runs] == [(r.text, r.style.font_size) for r in para.runs]


# -- combo charts ----------------------------------------------------------------------------------
def test_a_combo_chart_s_series_keep_their_plot_type(tmp_path: Path) -> None:
    """A column chart whose second series sits in a c:lineChart: the series says 'line', and the
    HTML writer draws it as a line over the columns."""
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE

    from adapters.html.write import render_html

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData()
    data.categories = ["a", "b", "c"]
    data.add_series("bars", (1, 2, 3))
    data.add_series("trend", (3, 1, 2))
    frame = slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, 0, 0, Inches(6), Inches(4), data)
    frame.name = "combo"
    path = save(prs, tmp_path / "chart.pptx")

    def edit(body: bytes) -> bytes:
        text = body.decode()
        second = re.search(r"<c:ser><c:idx val=\"1\"/>.*?</c:ser>", text, re.S)
        assert second is not None
        text = text.replace(second.group(0), "")
        ax_ids = "".join(re.findall(r"<c:axId val=\"\d+\"/>", text)[:2])
        line = f'<c:lineChart><c:grouping val="standard"/>{second.group(0)}{ax_ids}</c:lineChart>'
        return text.replace("</c:barChart>", "</c:barChart>" + line, 1).encode()

    deck = read_pptx(rezip(path, tmp_path / "combo.pptx", {"ppt/charts/chart1.xml": edit}))
    chart = next(n for _, n in deck.iter_nodes() if n.name == "combo").chart
    assert chart.chart_type == "column" and chart.extra_types == ["line"]
    assert [s.chart_type for s in chart.series] == [None, "line"]
    html = render_html(deck, embed_source=False)[0]
    assert re.search(r'<path d="M[^"]*" fill="none" stroke="#c0504d"', html)  # theme accent 2, a polyline
