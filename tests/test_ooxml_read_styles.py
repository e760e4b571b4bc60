"""Reading what a shape's look depends on beyond its own spPr: percent paragraph spacing, autofit
PowerPoint applied, p:style theme references over inherited placeholder properties, a chart's
default text, hairlines, and custom geometry guides. Decks written by python-pptx and edited at
the XML level, fixtures from the corpus, and the shared corpus itself when present (legacy OLE
previews too)."""

from __future__ import annotations

import datetime
import re
import zipfile
from pathlib import Path

import pytest
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Inches, Pt
from test_ooxml_read import FIX, rezip, save

from ace_core.color import Color
from adapters.html.write import render_html
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.writer import write_pptx
from tests.conftest import CORPUS

PX_PER_PT = 4 / 3
CORPUS_PPTX = CORPUS / "pptx"


def _text_deck(tmp_path: Path, edit) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    for name in ("one", "two", "three"):
        box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(4), Inches(1))
        box.name = name
        box.text_frame.text = f"{name} first"
        box.text_frame.paragraphs[0].runs[0].font.size = Pt(20)
    path = save(prs, tmp_path / "text.pptx")
    return rezip(path, tmp_path / "text2.pptx", {"ppt/slides/slide1.xml": edit})


def _node(deck, name):
    return next(n for _, n in deck.iter_nodes() if n.name == name)


# -- percent spacing ---------------------------------------------------------------------------
def test_percent_paragraph_spacing_is_the_text_size_times_the_percentage(tmp_path: Path) -> None:
    def edit(body: bytes) -> bytes:
        text = body.decode()
        spc = '<a:pPr><a:lnSpc><a:spcPct val="150000"/></a:lnSpc><a:spcBef><a:spcPct val="50000"/></a:spcBef>'
        spc += '<a:spcAft><a:spcPts val="600"/></a:spcAft></a:pPr>'
        text = text.replace("<a:p><a:r>", "<a:p>" + spc + "<a:r>")
        # the second box gets a bigger second run: the largest run sets the spacing
        big = '<a:r><a:rPr lang="en-US" sz="3000"/><a:t> big</a:t></a:r></a:p>'
        text = re.sub(r"(two first</a:t></a:r>)</a:p>", r"\1" + big, text)
        return text.encode()

    deck = read_pptx(_text_deck(tmp_path, edit))
    one = _node(deck, "one").text.paragraphs[0]
    assert one.space_before == pytest.approx(20 * PX_PER_PT * 0.5)  # 50 % of 20 pt (not x 1.2)
    assert one.space_after == pytest.approx(6 * PX_PER_PT)
    assert (one.line_height.unit, one.line_height.value) == ("PERCENT", pytest.approx(150))
    two = _node(deck, "two").text.paragraphs[0]
    assert two.space_before == pytest.approx(30 * PX_PER_PT * 0.5)


# -- autofit -----------------------------------------------------------------------------------
def test_own_norm_autofit_is_a_100_percent_scale_and_an_inherited_one_is_not(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])  # the master's title and body have normAutofit
    slide.shapes.title.text = "Inherited shrink"
    slide.placeholders[1].text = "Own shrink"
    box = slide.shapes.add_textbox(Inches(1), Inches(6), Inches(4), Inches(1))
    box.text_frame.text = "Own shrink, saved scale"
    path = save(prs, tmp_path / "fit.pptx")

    def edit(body: bytes) -> bytes:
        text = body.decode()
        # the body placeholder's own bodyPr: <a:normAutofit/>; the text box: a saved scale
        text = re.sub(
            r'(<p:ph idx="1"/>.*?)<a:bodyPr/>', r"\1<a:bodyPr><a:normAutofit/></a:bodyPr>", text, count=1, flags=re.S
        )
        text = text.replace('wrap="none"', 'wrap="square"', 1)
        text = text.replace("<a:spAutoFit/>", '<a:normAutofit fontScale="62500"/>', 1)
        return text.encode()

    deck = read_pptx(rezip(path, tmp_path / "fit2.pptx", {"ppt/slides/slide1.xml": edit}))
    title, body, box_node = deck.slides[0].children[:3]
    assert (title.text.autofit, title.text.font_scale) == ("SHRINK", None)
    assert (body.text.autofit, body.text.font_scale) == ("SHRINK", 100.0)
    assert (box_node.text.autofit, box_node.text.font_scale) == ("SHRINK", 62.5)


# -- p:style references ------------------------------------------------------------------------
_STYLE = (
    '<p:style><a:lnRef idx="3"><a:schemeClr val="lt1"/></a:lnRef><a:fillRef idx="1"><a:schemeClr val="accent1"/>'
    '</a:fillRef><a:effectRef idx="1"><a:schemeClr val="accent1"/></a:effectRef><a:fontRef idx="minor">'
    '<a:schemeClr val="lt1"/></a:fontRef></p:style>'
)


def _styled_title_deck(tmp_path: Path, own_fill: str = "") -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "Themed title bar"
    path = save(prs, tmp_path / "style.pptx")

    def master(body: bytes) -> bytes:  # the master's title says: no fill, no line (as PowerPoint 2003 themes)
        return body.replace(
            b'<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>',
            b'<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/><a:ln><a:noFill/></a:ln></p:spPr>',
            1,
        )

    def slide_xml(body: bytes) -> bytes:
        text = body.decode()
        spr = f"<p:spPr>{own_fill}</p:spPr>" if own_fill else "<p:spPr/>"
        return text.replace("<p:spPr/>", spr + _STYLE, 1).encode()

    return rezip(
        path,
        tmp_path / "style2.pptx",
        {"ppt/slideMasters/slideMaster1.xml": master, "ppt/slides/slide1.xml": slide_xml},
    )


def test_a_placeholder_s_own_style_wins_over_what_it_inherits(tmp_path: Path) -> None:
    deck = read_pptx(_styled_title_deck(tmp_path))
    title = deck.slides[0].children[0]
    accent1, lt1 = deck.theme.colors["accent1"], deck.theme.colors["lt1"]
    assert [f.color.hex for f in title.fills] == [accent1.hex]  # fillRef 1 = the theme's solid phClr
    assert title.fills[0].color.ref.scheme == "accent1"
    assert len(title.strokes) == 1 and title.strokes[0].paint.color.hex == lt1.hex
    assert title.strokes[0].weight == pytest.approx(38100 / 9525)  # lnStyleLst[2] of the default theme
    assert title.text.paragraphs[0].style.fill.color.hex == lt1.hex  # fontRef colour
    html = render_html(deck, embed_source=False)[0]
    assert accent1.hex.lower() in html.lower()


def test_the_shape_s_own_spPr_still_wins_over_its_style(tmp_path: Path) -> None:
    deck = read_pptx(_styled_title_deck(tmp_path, '<a:solidFill><a:srgbClr val="123456"/></a:solidFill>'))
    title = deck.slides[0].children[0]
    assert [f.color for f in title.fills] == [Color.from_hex("123456")]


def test_corpus_title_bars_drawn_from_their_style(corpus_dir: Path) -> None:
    path = corpus_dir / "pptx" / "poi-customGeo.pptx"
    if not path.is_file():
        pytest.skip("poi-customGeo.pptx is not in the corpus")
    deck = read_pptx(path)
    for number in (24, 34, 35, 38):
        title = deck.slides[number - 1].children[0]
        assert title.placeholder is not None and title.placeholder.type == "title"
        assert title.fills and title.fills[0].color.ref.scheme == "accent1", number
        assert title.text.paragraphs[0].style.fill.color.hex == "#FFFFFF"


# -- charts ------------------------------------------------------------------------------------
def test_chart_default_text_comes_from_its_txPr(tmp_path: Path) -> None:
    fixture = read_pptx(FIX / "docx4j-pptx-chart.pptx")  # chartSpace txPr: sz=1800
    chart = next(n for _, n in fixture.iter_nodes() if n.type == "CHART").chart
    assert chart.text_style is not None and chart.text_style.font_size == pytest.approx(18 * PX_PER_PT)

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData()
    data.categories = ["East", "West"]
    data.add_series("Sales", (3.0, 5.0))
    frame = slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(1), Inches(6), Inches(4), data)
    graph = frame.chart
    graph.font.size = Pt(12)
    graph.font.name = "Georgia"
    graph.has_legend = True
    graph.legend.font.size = Pt(9)
    graph.has_title = True
    graph.chart_title.text_frame.text = "Sales"
    graph.chart_title.text_frame.paragraphs[0].runs[0].font.size = Pt(20)
    deck = read_pptx(save(prs, tmp_path / "chart.pptx"))
    chart = next(n for _, n in deck.iter_nodes() if n.type == "CHART").chart
    assert chart.text_style.font_size == pytest.approx(16) and chart.text_style.font_family == "Georgia"
    assert chart.legend.font.font_size == pytest.approx(12)
    assert chart.title == "Sales" and chart.title_style.font_size == pytest.approx(20 * PX_PER_PT)
    svg = render_html(deck, embed_source=False)[0]
    assert 'font-size="16"' in svg and "18pt" not in svg

    # the chart area's own fill and outline (chartSpace c:spPr) are the chart node's
    area = '<c:spPr><a:solidFill><a:srgbClr val="404040"/></a:solidFill><a:ln w="19050"><a:solidFill>'
    area += '<a:srgbClr val="D9D9D9"/></a:solidFill></a:ln></c:spPr>'
    dark = rezip(
        tmp_path / "chart.pptx",
        tmp_path / "dark.pptx",
        {"ppt/charts/chart1.xml": lambda body: body.replace(b"</c:chart>", b"</c:chart>" + area.encode(), 1)},
    )
    node = next(n for _, n in read_pptx(dark).iter_nodes() if n.type == "CHART")
    assert [f.color.hex for f in node.fills] == ["#404040"]
    assert [(s.weight, s.paint.color.hex) for s in node.strokes] == [(2.0, "#D9D9D9")]


# -- lines -------------------------------------------------------------------------------------
def test_a_line_without_a_width_is_a_hairline_every_writer_draws(tmp_path: Path) -> None:
    def edit(body: bytes) -> bytes:
        text = body.decode()
        ln = '<a:ln><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill></a:ln>'  # no @w, no lnRef
        text = text.replace("<a:noFill/></p:spPr>", "<a:noFill/>" + ln + "</p:spPr>", 1)
        zero = '<a:ln w="0"><a:solidFill><a:srgbClr val="0000FF"/></a:solidFill></a:ln>'
        return text.replace("<a:noFill/></p:spPr>", "<a:noFill/>" + zero + "</p:spPr>", 1).encode()

    deck = read_pptx(_text_deck(tmp_path, edit))
    one, two = _node(deck, "one"), _node(deck, "two")
    for node, colour in ((one, "#FF0000"), (two, "#0000FF")):
        assert len(node.strokes) == 1 and node.strokes[0].paint.color.hex == colour
        assert node.strokes[0].weight == pytest.approx(1.0)  # one px: drawn, as PowerPoint's hairline
    html = render_html(deck, embed_source=False)[0]
    assert html.lower().count("#ff0000") >= 1 and html.lower().count("#0000ff") >= 1
    out = tmp_path / "fresh.pptx"
    write_pptx(deck, out, fresh=True)
    again = read_pptx(out)
    assert [s.weight for s in _node(again, "one").strokes] == pytest.approx([1.0])


# -- custom geometry ---------------------------------------------------------------------------
def test_custom_geometry_guides_use_the_preset_evaluator(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    builder = slide.shapes.build_freeform(0, 0, scale=Inches(1))
    builder.add_line_segments([(2, 0), (2, 1)], close=True)
    builder.convert_to_shape(Inches(1), Inches(1))  # 2 x 1 in
    path = save(prs, tmp_path / "guides.pptx")

    def edit(body: bytes) -> bytes:
        guides = (
            '<a:gdLst><a:gd name="half" fmla="*/ w 1 2"/><a:gd name="q" fmla="+- wd16 0 0"/>'
            '<a:gd name="bad" fmla="frobnicate 1 2"/><a:gd name="empty" fmla=""/></a:gdLst>'
        )
        # a path in the shape's own space (no w / h): (half, bad) then (w, q); unknown and empty
        # formulas read as 0, wd16 is a built-in guide
        path = (
            '<a:pathLst><a:path><a:moveTo><a:pt x="0" y="empty"/></a:moveTo><a:lnTo><a:pt x="half" y="bad"/>'
            '</a:lnTo><a:lnTo><a:pt x="w" y="q"/></a:lnTo><a:close/></a:path></a:pathLst>'
        )
        text = re.sub(r"<a:gdLst/>", guides, body.decode(), count=1)
        return re.sub(r"<a:pathLst>.*?</a:pathLst>", path, text, count=1, flags=re.S).encode()

    deck = read_pptx(rezip(path, tmp_path / "guides2.pptx", {"ppt/slides/slide1.xml": edit}))
    node = deck.slides[0].children[-1]
    assert (node.type, node.width, node.height) == ("VECTOR", pytest.approx(192), pytest.approx(96))
    assert node.paths[0].d == "M0 0 L96 0 L192 12 Z"


# -- legacy OLE previews -----------------------------------------------------------------------
def test_a_legacy_ole_object_s_preview_comes_from_its_vml_drawing(corpus_dir: Path) -> None:
    path = corpus_dir / "pptx" / "poi-45545_Comment.pptx"
    if not path.is_file():
        pytest.skip("poi-45545_Comment.pptx is not in the corpus")
    deck = read_pptx(path)
    slide = deck.slides[7]
    obj = next(n for n in slide.children if n.name == "Object 3")  # p:oleObj spid="_x0000_s681987", no p:pic
    assert obj.embedded is not None and obj.embedded.prog_id == "PowerPoint.Slide.8"
    assert obj.image.image_ref == "ppt/media/image2.wmf"  # v:shape id=_x0000_s681987 / v:imagedata
    with zipfile.ZipFile(path) as z:
        assert deck.asset_bytes(obj.image.asset) == z.read("ppt/media/image2.wmf")
    assert not any("no preview" in e.reason for e in deck.report.entries if e.node_id == obj.id)


def test_a_legacy_ole_preview_is_found_by_its_shape_s_spid_when_its_id_is_a_name(tmp_path: Path) -> None:
    """PPTWithAttachments #2: the Word document's v:shape is id="Содержимое_x0020_3"
    o:spid="_x0000_s17410" (the p:oleObj's spid); matched by id alone it had no preview, and
    every writer that draws pictures drew nothing there (pptx -> figma recall 0.64)."""
    path = FIX / "poi-PPTWithAttachments.pptm"
    deck = read_pptx(path)
    objects = [n for _, n in deck.iter_nodes() if n.type == "IMAGE" and n.embedded is not None]
    kinds = ["Excel.Sheet.12", "Excel.Sheet.8", "PBrush", "Word.Document.8"]
    assert sorted(o.embedded.prog_id for o in objects) == kinds
    word = next(o for o in objects if o.embedded.prog_id == "Word.Document.8")
    assert word.image.asset is not None and word.image.image_ref.startswith("ppt/media/")
    with zipfile.ZipFile(path) as z:
        assert deck.asset_bytes(word.image.asset) == z.read(word.image.image_ref)
    assert not any("no preview" in e.reason for e in deck.report.entries)


def test_numeric_chart_categories_read_as_the_chart_shows_them(tmp_path: Path) -> None:
    fixture = read_pptx(FIX / "docx4j-pptx-chart.pptx")  # string categories stay as they are
    assert next(n for _, n in fixture.iter_nodes() if n.type == "CHART").chart.categories == ["Group 1", "Group 2"]
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    dates = CategoryChartData()  # python-pptx caches dates as Excel serials with format yyyy\-mm\-dd
    dates.categories = [datetime.date(2002, 1, 5), datetime.date(2002, 1, 6)]
    dates.add_series("Sales", (3.0, 5.0))
    slide.shapes.add_chart(XL_CHART_TYPE.LINE, Inches(1), Inches(1), Inches(4), Inches(3), dates)
    years = CategoryChartData()
    years.categories = [2010, 2011]
    years.add_series("Sales", (3.0, 5.0))
    slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(5), Inches(1), Inches(4), Inches(3), years)
    deck = read_pptx(save(prs, tmp_path / "cats.pptx"))
    charts = [n.chart for _, n in deck.iter_nodes() if n.type == "CHART"]
    assert charts[0].categories == ["2002-01-05", "2002-01-06"]  # serials 37261.0, 37262.0
    assert charts[1].categories == ["2010", "2011"]  # General: no trailing .0
    if (CORPUS_PPTX / "pypptx-cht-chart-type.pptx").is_file():  # m/d/yy, as LibreOffice labels the axis
        corpus = read_pptx(CORPUS_PPTX / "pypptx-cht-chart-type.pptx")
        chart = next(n for _, n in corpus.iter_nodes() if n.type == "CHART").chart
        assert chart.categories == ["1/5/02", "1/6/02", "1/7/02", "1/8/02", "1/9/02"]
