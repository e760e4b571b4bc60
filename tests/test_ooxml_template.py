"""Fresh .pptx keeps the deck's structure: masters, layouts and the theme read as IR data and
written as parts, slides bound to their layout (p:ph by the layout's idx), layout / master shapes
kept in their parts (not copied onto slides), fields kept as fields; decks without a template get
one; charts keep dates, combo plot groups and 3-D kinds; Strict values become Transitional."""

from __future__ import annotations

import io
import re
import zipfile

import pptx
import pytest
from lxml import etree

from ace_core.ir import ChartData, ChartNode, ChartSeries, ChartView3D, Deck, Placeholder, Slide, TextBody, TextNode
from ace_core.ir.loss import LossReport
from ace_core.ir.text import Paragraph, Run
from adapters.ooxml.conventions import META_INHERITED
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.strict import transitional_values
from adapters.ooxml.validate import check_package
from adapters.ooxml.writer import render_bytes
from tests.conftest import FIXTURES

LAYOUTS = FIXTURES / "pptx" / "poi-layouts.pptx"
MASTER_TEXT = FIXTURES / "decks" / "tika-testPPT_various2.pptx"
SLIDENUM = re.compile(rb'<a:fld\b[^>]*\btype="slidenum"')


def fresh(deck: Deck) -> tuple[bytes, LossReport]:
    report = LossReport()
    data, mode = render_bytes(deck, fresh=True, report=report)
    assert mode == "fresh"
    return data, report


def parts(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {n: zf.read(n) for n in zf.namelist()}


def slide_words(prs: pptx.presentation.Presentation) -> list[list[str]]:
    out = []
    for slide in prs.slides:
        text = " ".join(sh.text_frame.text for sh in slide.shapes if sh.has_text_frame)
        out.append(sorted(re.findall(r"\w+", text.casefold())))
    return out


def test_the_reader_keeps_masters_and_layouts_as_data() -> None:
    deck = read_pptx(LAYOUTS)
    assert [m.id for m in deck.masters] == ["master1"]
    assert len(deck.layouts) == 11 and all(lay.master == "master1" for lay in deck.layouts)
    names = [lay.name for lay in deck.layouts]
    assert names[:2] == ["Title Slide", "Title and Content"]
    assert [deck.layout_of(s).name for s in deck.slides] == [s.layout for s in deck.slides]
    content = deck.layouts[1]
    phs = {(n.placeholder.type, n.placeholder.idx) for n in content.children if n.placeholder}
    assert {("title", None), ("obj", 1), ("dt", 10), ("ftr", 11), ("sldNum", 12)} <= phs
    master = deck.masters[0]
    assert len(master.text_styles.title) >= 1 and len(master.text_styles.body) == 9
    assert master.text_styles.title[0].align == "CENTER"
    num = next(n for n in master.children if n.placeholder and n.placeholder.type == "sldNum")
    assert [r.field for p in num.text.paragraphs for r in p.runs] == ["slidenum"]
    # IR JSON round trips exactly, and IR JSON of schema 1.0 (without templates) still reads
    assert Deck.from_json(deck.to_json()) == deck
    old = deck.to_dict()
    for key in ("masters", "layouts"):
        old.pop(key)
    old["schema_version"] = "1.0"
    for slide in old["slides"]:
        slide.pop("layout_id", None)
    import json

    assert len(Deck.from_json(json.dumps(old)).slides) == len(deck.slides)


def test_fresh_output_is_a_real_template() -> None:
    deck = read_pptx(LAYOUTS)
    src = LAYOUTS.read_bytes()
    data, report = fresh(deck)
    assert check_package(data) == []
    prs = pptx.Presentation(io.BytesIO(data))
    assert [lay.name for lay in prs.slide_layouts] == [lay.name for lay in deck.layouts]
    for slide, ir in zip(prs.slides, deck.slides, strict=True):
        assert slide.slide_layout.name == ir.layout
        layout_idx = {ph.placeholder_format.idx for ph in slide.slide_layout.placeholders}
        assert all(ph.placeholder_format.idx in layout_idx for ph in slide.placeholders)
        own = [n for n in ir.children if n.placeholder is not None]
        assert len(slide.placeholders) == len(own)  # filled placeholders stay placeholders
    assert not [e for e in report.entries if e.feature == "placeholder-binding" and e.severity != "info"]
    # the text python-pptx extracts is the source's; slide numbers stay fields
    assert slide_words(prs) == slide_words(pptx.Presentation(io.BytesIO(src)))
    count = sum(len(SLIDENUM.findall(b)) for n, b in parts(data).items() if n.startswith("ppt/slides/slide"))
    assert count == sum(len(SLIDENUM.findall(b)) for n, b in parts(src).items() if n.startswith("ppt/slides/slide"))
    # read back: the same masters, layouts and bindings
    back = read_pptx(data)
    assert [lay.id for lay in back.layouts] == [lay.id for lay in deck.layouts]
    assert [s.layout_id for s in back.slides] == [s.layout_id for s in deck.slides]


def test_layout_and_master_shapes_stay_in_their_parts() -> None:
    """tika-testPPT_various2: its layout draws a text box and a picture on every slide using it."""
    deck = read_pptx(MASTER_TEXT)
    inherited = [n for s in deck.slides for n in s.children if META_INHERITED in n.meta]
    assert inherited  # the IR still draws them on the slides
    data, _ = fresh(deck)
    prs = pptx.Presentation(io.BytesIO(data))
    src = pptx.Presentation(MASTER_TEXT)
    assert slide_words(prs) == slide_words(src)
    for slide, ir in zip(prs.slides, deck.slides, strict=True):
        own = [n for n in ir.children if META_INHERITED not in n.meta]
        assert len(slide.shapes) == len(own)
    layout_texts = {sh.text_frame.text for lay in prs.slide_layouts for sh in lay.shapes if sh.has_text_frame}
    for node in inherited:
        if node.text_body is not None and node.text_body.plain_text:
            assert node.text_body.plain_text in layout_texts


def test_a_deck_without_a_template_gets_one() -> None:
    title = TextNode(id="t", width=800, height=90, placeholder=Placeholder(type="title"), text=TextBody.from_text("A"))
    body = TextNode(id="b", y=120, width=800, height=400, placeholder=Placeholder(type="body", idx=1))
    body.text = TextBody.from_text("point one\npoint two")
    odd = TextNode(id="o", y=600, width=300, height=40, placeholder=Placeholder(type="chart", idx=77))
    odd.text = TextBody.from_text("odd one")
    plain = TextNode(id="p", x=900, width=200, height=40, text=TextBody.from_text("note"))
    deck = Deck(width=1280, height=720)
    deck.slides = [
        Slide(id="s1", children=[title, body]),
        Slide(id="s2", children=[plain]),
        Slide(id="s3", children=[title.model_copy(update={"id": "t3"}), odd]),
    ]
    data, report = fresh(deck)
    assert check_package(data) == []
    prs = pptx.Presentation(io.BytesIO(data))
    assert len(prs.slide_masters) == 1 and len(prs.slide_layouts) == 11
    assert prs.slides[0].slide_layout.name == "Title and Content"
    assert prs.slides[1].slide_layout.name == "Blank"
    for slide in prs.slides:
        idx = {ph.placeholder_format.idx for ph in slide.slide_layout.placeholders}
        assert all(ph.placeholder_format.idx in idx for ph in slide.placeholders)
    # the placeholder the chosen layout lacks is bound to one added to the layout, and reported
    added = [e for e in report.entries if e.feature == "placeholder-binding" and e.node_id == "o"]
    assert added and added[0].severity == "info"
    # the generated layouts are fitted to the slide size (the blank template is 4:3)
    layout = prs.slides[0].slide_layout
    assert max(ph.left + ph.width for ph in layout.placeholders) <= prs.slide_width + 2
    assert max(ph.left + ph.width for ph in layout.placeholders) > 0.8 * prs.slide_width


def test_fields_are_written_as_fields() -> None:
    run = Run(text="7", field="slidenum")
    node = TextNode(id="n", width=100, height=30, placeholder=Placeholder(type="sldNum", idx=12))
    node.text = TextBody(paragraphs=[Paragraph(runs=[Run(text="page "), run])])
    data, _ = fresh(Deck(slides=[Slide(id="s", children=[node])]))
    xml = parts(data)["ppt/slides/slide1.xml"]
    assert len(SLIDENUM.findall(xml)) == 1
    back = read_pptx(data).find("n")[1]
    assert [r.field for r in back.text.paragraphs[0].runs] == [None, "slidenum"]
    assert back.text.plain_text == "page 7"  # the value last shown; renderers show the slide's number


def _chart_deck(chart: ChartData) -> Deck:
    return Deck(slides=[Slide(id="s", children=[ChartNode(id="c", x=40, y=40, width=600, height=400, chart=chart)])])


def _chart_xml(data: bytes) -> etree._Element:
    name = next(n for n in parts(data) if n.startswith("ppt/charts/chart"))
    return etree.fromstring(parts(data)[name])


C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"


def test_date_categories_stay_dates() -> None:
    chart = ChartData(
        chart_type="line",
        categories=["1/5/02", "1/6/02", "1/7/02"],
        category_values=[37261.0, 37262.0, 37263.0],
        category_format="m/d/yy",
        date_axis=True,
        series=[ChartSeries(name="s", values=[1.0, 2.0, 3.0])],
    )
    data, _ = fresh(_chart_deck(chart))
    assert check_package(data) == []
    root = _chart_xml(data)
    cache = root.find(f".//{C}cat/{C}numRef/{C}numCache")
    assert cache is not None and cache.findtext(f"{C}formatCode") == "m/d/yy"
    assert [float(v.text) for v in cache.iter(f"{C}v")] == [37261.0, 37262.0, 37263.0]
    assert root.find(f".//{C}dateAx") is not None
    back = read_pptx(data).find("c")[1].chart
    assert back.categories == chart.categories and back.category_values == chart.category_values


def test_a_pie_chart_keeps_every_series_and_an_automatic_title_stays_automatic() -> None:
    names = ["north", "south", "west"]
    series = [ChartSeries(name=n, values=[1.0 + i, 2.0, 3.0]) for i, n in enumerate(names)]
    chart = ChartData(chart_type="pie", categories=["a", "b", "c"], series=series, title="Chart Title", auto_title=True)
    data, _ = fresh(_chart_deck(chart))
    assert check_package(data) == []
    root = _chart_xml(data)
    pie = root.find(f".//{C}pieChart")
    assert [s.findtext(f"{C}tx//{C}v") for s in pie.findall(f"{C}ser")] == names  # PowerPoint draws the first
    title = root.find(f".//{C}title")
    assert title is not None and title.find(f"{C}tx") is None  # no own text: readers see no "Chart Title"
    back = read_pptx(data).find("c")[1].chart
    assert [s.name for s in back.series] == names and back.title == "Chart Title" and back.auto_title
    shape = next(sh for sh in pptx.Presentation(io.BytesIO(data)).slides[0].shapes if sh.has_chart)
    assert not shape.chart.chart_title.has_text_frame


def test_a_combo_chart_keeps_every_plot_type_and_its_secondary_axis() -> None:
    chart = ChartData(
        chart_type="column",
        categories=["a", "b", "c"],
        series=[
            ChartSeries(name="sales", values=[1.0, 2.0, 3.0]),
            ChartSeries(name="margin", values=[0.1, 0.2, 0.3], chart_type="line", secondary_axis=True),
        ],
    )
    data, report = fresh(_chart_deck(chart))
    assert check_package(data) == [] and not [e for e in report.entries if e.feature == "chart-combo"]
    area = _chart_xml(data).find(f".//{C}plotArea")
    groups = [etree.QName(el).localname for el in area if etree.QName(el).localname.endswith("Chart")]
    assert groups == ["barChart", "lineChart"]
    assert len(area.findall(f"{C}valAx")) == 2
    back = read_pptx(data).find("c")[1].chart
    assert [s.chart_type for s in back.series] == [None, "line"]
    assert [s.secondary_axis for s in back.series] == [False, True]
    assert back.y2_axis is not None


@pytest.mark.parametrize(("kind", "tag"), [("column", "bar3DChart"), ("pie", "pie3DChart"), ("area", "area3DChart")])
def test_3d_charts_keep_their_kind(kind: str, tag: str) -> None:
    chart = ChartData(chart_type=kind, categories=["a", "b"], series=[ChartSeries(name="s", values=[1.0, 2.0])])
    chart.view_3d = ChartView3D()
    data, _ = fresh(_chart_deck(chart))
    assert check_package(data) == []
    root = _chart_xml(data)
    assert root.find(f".//{C}{tag}") is not None and root.find(f".//{C}view3D") is not None
    back = read_pptx(data).find("c")[1].chart
    assert back.view_3d is not None and back.chart_type == kind


def test_strict_value_forms_become_transitional() -> None:
    a = "http://schemas.openxmlformats.org/drawingml/2006/main"
    root = etree.fromstring(
        f'<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="{a}" '
        f'xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" conformance="strict">'
        '<a:off x="1in" y="2.5cm"/><a:lumMod val="75%"/><c:gapWidth val="150%"/><a:t name="50%"/>'
        "</p:presentation>"
    )
    assert transitional_values(root) == 5
    off, lum, gap, named = list(root)
    assert (off.get("x"), off.get("y")) == ("914400", "900000")
    assert lum.get("val") == "75000" and gap.get("val") == "150" and named.get("name") == "50%"
    assert root.get("conformance") is None


def test_the_cli_writes_strict_decks_transitional_unless_told(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from cli.main import main

    src = FIXTURES / "pptx" / "oxsdk-sldsz-Slide_Size-type-b4iso.pptx"
    plain, strict = tmp_path / "t.pptx", tmp_path / "s.pptx"
    assert main(["convert", str(src), str(plain)]) == 0
    assert main(["convert", str(src), str(strict), "--keep-strict"]) == 0
    capsys.readouterr()
    marker = b"http://purl.oclc.org/ooxml/"
    assert not any(marker in b for b in parts(plain.read_bytes()).values())
    assert marker in parts(strict.read_bytes())["ppt/presentation.xml"]
    assert len(pptx.Presentation(plain).slides) == 2
