"""Reading .pptx (and .potx / .ppsx / Strict) into the IR: ids, provenance, inheritance, theme colours
and fonts, every shape kind, text, slides. Real files from the corpus (fixtures/pptx) and decks
written by python-pptx, edited at the XML level where python-pptx has no API."""

from __future__ import annotations

import hashlib
import re
import zipfile
from pathlib import Path

import pytest
from lxml import etree
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.enum.dml import MSO_THEME_COLOR
from pptx.enum.shapes import MSO_CONNECTOR, MSO_SHAPE
from pptx.util import Emu, Inches, Pt

from ace_core.color import Color, ColorMod
from ace_core.ir.deck import Deck
from ace_core.ir.fingerprint import node_fingerprint, slide_fingerprint
from ace_core.ir.validate import check_invariants
from adapters import read
from adapters.ooxml import conventions as cv
from adapters.ooxml.ns import STRICT_TO_TRANSITIONAL
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.theme import apply_mods
from tests.zip_edit import rezip

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "pptx"
FIXTURES = sorted(p for p in FIX.iterdir() if p.suffix in (".pptx", ".potx", ".ppsx", ".pptm"))
PX = 9525


def texts(node) -> str:
    body = getattr(node, "text", None)
    return body.plain_text if body is not None and hasattr(body, "plain_text") else ""


def by_name(slide, name):
    return next(n for n in slide.iter_nodes() if n.name == name)


def save(prs, path: Path) -> Path:
    prs.save(str(path))
    return path


# -- every fixture ------------------------------------------------------------------------------
@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_fixture_reads_with_provenance_and_fingerprints(path: Path) -> None:
    deck = read(path)
    assert check_invariants(deck) == []
    data = path.read_bytes()
    assert deck.source is not None and deck.source.format == "pptx"
    assert deck.source.sha256 == hashlib.sha256(data).hexdigest()
    assert deck.asset_bytes(deck.source.package) == data
    for slide in deck.slides:
        assert slide.source is not None and slide.source.ref == slide.meta[cv.SLIDE_META_PART]
        assert slide.source.fingerprint == slide_fingerprint(slide)
        for node in slide.iter_nodes():
            assert node.source is not None and node.source.format == "pptx"
            part, cnv, _occ = cv.parse_node_ref(node.source.ref)
            assert part.startswith("ppt/") and cnv
            assert node.source.fingerprint == node_fingerprint(node)


def test_ids_are_deterministic_and_derived_from_the_file() -> None:
    path = FIX / "tika-testPPT_groups.pptx"
    a, b = read_pptx(path), read_pptx(path)
    ids_a = [s.id for s in a.slides] + [n.id for _, n in a.iter_nodes()]
    assert ids_a == [s.id for s in b.slides] + [n.id for _, n in b.iter_nodes()]
    assert len(set(ids_a)) == len(ids_a)
    prs = Presentation(str(path))
    assert [s.id for s in a.slides] == [f"s{s.slide_id}" for s in prs.slides]
    table = next(n for _, n in a.iter_nodes() if n.type == "TABLE")
    assert table.id == f"{a.slides[1].id}.4" and table.source.ref == "ppt/slides/slide2.xml#4"


def test_stored_ace_ids_win_and_duplicates_fall_back(tmp_path: Path) -> None:
    src = FIX / "pypptx-ph-inherit-props.pptx"

    def tag(body: bytes) -> bytes:
        root = etree.fromstring(body)
        cnvs = root.findall(".//{*}cNvPr")
        cv.set_ace_id(root.find("{*}cSld"), "intro")
        cv.set_ace_id(cnvs[1], "title-node")
        cv.set_ace_id(cnvs[2], "title-node")  # a copy-pasted extension: the id is taken
        return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)

    deck = read_pptx(rezip(src, tmp_path / "ids.pptx", {"ppt/slides/slide1.xml": tag}))
    slide = deck.slides[0]
    assert slide.id == "intro"
    assert [n.id for n in slide.children] == ["title-node", "intro.5"]
    assert deck.slides[1].id == "s257"


def test_duplicated_shape_ids_get_unique_ids_and_refs(tmp_path: Path) -> None:
    src = FIX / "pypptx-ph-inherit-props.pptx"
    edit = {"ppt/slides/slide1.xml": lambda b: b.replace(b'id="5"', b'id="4"')}
    deck = read_pptx(rezip(src, tmp_path / "dup.pptx", edit))
    kids = deck.slides[0].children
    assert [n.id for n in kids] == ["s256.4", "s256.4~2"]
    assert [n.source.ref for n in kids] == ["ppt/slides/slide1.xml#4", "ppt/slides/slide1.xml#4~2"]


# -- placeholders, theme -------------------------------------------------------------------------
def test_placeholders_inherit_box_and_text_style_from_layout_and_master() -> None:
    path = FIX / "pypptx-ph-inherit-props.pptx"
    deck = read_pptx(path)
    prs = Presentation(str(path))
    for slide, pslide in zip(deck.slides, prs.slides, strict=True):
        for shape in pslide.shapes:  # python-pptx resolves inherited placeholder boxes too
            node = next(n for n in slide.children if n.source.ref.endswith(f"#{shape.shape_id}"))
            assert (node.x, node.y, node.width, node.height) == pytest.approx(
                (shape.left / PX, shape.top / PX, shape.width / PX, shape.height / PX), abs=0.01
            )
    title = deck.slides[0].children[0]
    assert title.meta.get(cv.META_XFRM_INHERITED) is True and title.placeholder.type == "title"
    para = title.text.paragraphs[0]
    assert para.style.font_size == pytest.approx(44 * 4 / 3)  # master titleStyle sz=4400
    assert para.style.font_ref == "+mj-lt" and para.style.font_family == deck.theme.fonts.major
    assert para.align == "CENTER" and para.bullet is None
    body = deck.slides[0].children[1].text.paragraphs[0]
    assert body.bullet is not None and body.bullet.char == "•" and body.bullet.font_family == "Arial"
    assert body.margin_left == pytest.approx(342900 / PX) and body.indent == pytest.approx(-342900 / PX)
    assert deck.slides[0].notes == "Notes in inherited position and size."


def _theme_deck(tmp_path: Path) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    shape = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, Inches(1), Inches(1), Inches(3), Inches(2))
    shape.fill.solid()
    shape.fill.fore_color.theme_color = MSO_THEME_COLOR.ACCENT_2
    shape.fill.fore_color.brightness = 0.4
    run = shape.text_frame.paragraphs[0].add_run()
    run.text = "Heading font"
    run.font.name = "+mj-lt"
    run.font.color.theme_color = MSO_THEME_COLOR.TEXT_1
    run.font.color.brightness = -0.25
    run.font.size = Pt(20)
    run.font.bold = True
    return save(prs, tmp_path / "theme.pptx")


def test_theme_colours_resolve_with_mods_and_keep_the_reference(tmp_path: Path) -> None:
    deck = read_pptx(_theme_deck(tmp_path))
    shape = deck.slides[0].children[-1]
    fill = shape.fills[0].color
    accent2 = deck.theme.colors["accent2"]
    mods = (ColorMod(op="lumMod", val=0.6), ColorMod(op="lumOff", val=0.4))
    assert fill.ref is not None and fill.ref.scheme == "accent2" and fill.ref.mods == mods
    assert fill.distance(accent2.apply_mods(mods)) < 1e-6
    run = shape.text.paragraphs[0].runs[0].style
    assert run.fill.color.ref.scheme == "tx1" and run.fill.color.ref.mods == (ColorMod(op="lumMod", val=0.75),)
    assert run.fill.color.distance(deck.theme.colors["dk1"].apply_mods((ColorMod(op="lumMod", val=0.75),))) < 1e-6
    assert run.font_ref == "+mj-lt" and run.font_family == deck.theme.fonts.major
    assert run.font_size == pytest.approx(20 * 4 / 3) and run.font_weight == 700
    # the shape's p:style fontRef (lt1) is the text default under the run's own colour
    assert shape.text.paragraphs[0].style.fill.color.ref.scheme == "lt1"


def test_tint_and_shade_apply_in_linear_rgb_like_powerpoint() -> None:
    accent = Color.from_hex("4472C4")
    assert apply_mods(accent, (ColorMod(op="tint", val=0.4),)).hex == "#CFD5EA"
    assert apply_mods(accent, (ColorMod(op="shade", val=0.5),)).hex == "#2F528F"


def test_table_style_is_resolved_into_cells(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    frame = slide.shapes.add_table(3, 3, Inches(1), Inches(1), Inches(6), Inches(2))
    table = frame.table
    table.cell(0, 0).merge(table.cell(0, 1))
    table.cell(1, 2).merge(table.cell(2, 2))
    table.cell(0, 0).text = "Head"
    table.cell(1, 0).fill.solid()
    table.cell(1, 0).fill.fore_color.rgb = RGBColor(0x12, 0x34, 0x56)
    deck = read_pptx(save(prs, tmp_path / "table.pptx"))
    node = deck.slides[0].children[-1]
    assert node.type == "TABLE" and len(node.columns) == 3 and len(node.rows) == 3
    assert node.columns == pytest.approx([Inches(2) / PX] * 3, abs=0.01)
    head, covered = node.rows[0].cells[0], node.rows[0].cells[1]
    assert (head.col_span, covered.h_merged) == (2, True)
    assert (node.rows[1].cells[2].row_span, node.rows[2].cells[2].v_merged) == (2, True)
    assert node.style.first_row and node.style.band_rows
    accent1 = deck.theme.colors["accent1"]
    assert head.fills[0].color.distance(accent1) < 1e-6  # firstRow of the built-in default style
    assert head.text.paragraphs[0].style.font_weight == 700
    assert head.text.paragraphs[0].style.fill.color.ref.scheme == "lt1"
    assert node.rows[1].cells[0].fills[0].color.hex == "#123456"  # explicit tcPr wins
    band = node.rows[1].cells[1].fills[0].color
    assert band.ref.scheme == "accent1" and band.ref.mods == (ColorMod(op="tint", val=0.4),)
    assert node.meta[cv.META_TABLE_STYLE_APPLIED] == "{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}"
    # the package's tableStyles.xml does not define the style: drawn from PowerPoint's built-in
    # one, and the report says only that LibreOffice draws its own version of it
    found = [e for e in deck.report.entries if e.feature == "table-style"]
    assert [e.severity for e in found] == ["info"] and "built-in" in found[0].reason


def test_builtin_table_style_without_a_table_styles_part_is_reported() -> None:
    # gopptx names PowerPoint's built-in style but writes no tableStyles part: we draw the style
    # (as PowerPoint does), LibreOffice draws the cells plain; the report says so
    deck = read_pptx(FIX / "gopptx-i08-python.pptx")
    table = next(n for _, n in deck.iter_nodes() if n.type == "TABLE")
    assert table.rows[0].cells[0].fills  # the built-in style's header fill is applied
    found = [e for e in deck.report.entries if e.feature == "table-style"]
    assert [(e.node_id, e.severity) for e in found] == [(table.id, "warning")]
    assert "no tableStyles part" in found[0].reason and "LibreOffice draws them unstyled" in found[0].reason


# -- shapes --------------------------------------------------------------------------------------
def test_group_child_space_is_resolved_into_parent_relative_px(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    group = slide.shapes.add_group_shape()
    group.shapes.add_shape(MSO_SHAPE.OVAL, Inches(1), Inches(1), Inches(2), Inches(1))
    group.shapes.add_shape(MSO_SHAPE.STAR_5_POINT, Inches(3), Inches(2), Inches(1), Inches(1))
    path = save(prs, tmp_path / "group.pptx")

    def double_child_space(body: bytes) -> bytes:
        root = etree.fromstring(body)
        ch_ext = root.find(".//{*}grpSpPr/{*}xfrm/{*}chExt")
        ch_ext.set("cx", str(int(ch_ext.get("cx")) * 2))
        ch_ext.set("cy", str(int(ch_ext.get("cy")) * 2))
        return etree.tostring(root)

    plain = read_pptx(path).slides[0].children[-1]
    assert plain.type == "GROUP"
    assert (plain.x, plain.y, plain.width, plain.height) == pytest.approx((96, 96, 288, 192))
    oval, star = plain.children
    assert (oval.type, oval.x, oval.y, oval.width, oval.height) == ("ELLIPSE", 0, 0, 192, 96)
    assert (star.type, star.preset) == ("SHAPE", "star5")
    assert (star.x, star.y) == pytest.approx((192, 96))
    scaled = read_pptx(rezip(path, tmp_path / "g2.pptx", {"ppt/slides/slide1.xml": double_child_space}))
    group2 = scaled.slides[0].children[-1]
    assert (group2.width, group2.height) == pytest.approx((288, 192))
    oval2, star2 = group2.children
    assert (oval2.width, oval2.height, star2.x, star2.y) == pytest.approx((96, 48, 96, 48))


def test_connector_ends_are_bound_to_node_ids(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    a = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, Inches(1), Inches(1), Inches(1), Inches(1))
    b = slide.shapes.add_shape(MSO_SHAPE.ROUNDED_RECTANGLE, Inches(5), Inches(3), Inches(2), Inches(1))
    conn = slide.shapes.add_connector(MSO_CONNECTOR.ELBOW, 0, 0, Inches(1), Inches(1))
    conn.begin_connect(a, 3)
    conn.end_connect(b, 1)
    conn.line.color.rgb = RGBColor(255, 0, 0)
    deck = read_pptx(save(prs, tmp_path / "conn.pptx"))
    rect, rounded, edge = deck.slides[0].children
    assert rect.type == "RECTANGLE" and rounded.type == "RECTANGLE"
    assert rounded.corner_radius == pytest.approx(0.16667 * 96, abs=0.01)  # roundRect adj default
    assert edge.type == "CONNECTOR" and edge.line_type == "ELBOWED" and edge.preset == "bentConnector3"
    assert (edge.start.node_id, edge.start.site, edge.end.node_id, edge.end.site) == (rect.id, 3, rounded.id, 1)
    assert edge.strokes[0].paint.color.hex == "#FF0000"


def test_custom_geometry_becomes_vector_paths_in_px(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    builder = slide.shapes.build_freeform(1, 1, scale=Inches(1))
    builder.add_line_segments([(3, 1), (3, 2), (1, 2)], close=True)
    builder.convert_to_shape()
    deck = read_pptx(save(prs, tmp_path / "free.pptx"))
    node = deck.slides[0].children[-1]
    assert node.type == "VECTOR" and (node.width, node.height) == pytest.approx((192, 96))
    numbers = [float(v) for v in re.findall(r"-?[0-9.]+", node.paths[0].d)]
    assert node.paths[0].d.startswith("M") and node.paths[0].d.endswith("Z")
    assert max(numbers) == pytest.approx(192) and min(numbers) == 0


def test_pictures_keep_crop_image_bytes_and_svg_original() -> None:
    path = FIX / "shapecrawler-059_crop-images.pptx"
    deck = read_pptx(path)
    pics = {n.name: n for n in deck.slides[0].children if n.type == "IMAGE"}
    top = pics["Top 0.33"]
    assert top.image.crop.top == pytest.approx(1 / 3, abs=1e-4) and top.image.crop.left == 0
    with zipfile.ZipFile(path) as z:
        assert deck.asset_bytes(top.image.asset) == z.read(top.image.image_ref)
    assert deck.assets[top.svg_asset].mime == "image/svg+xml"
    assert deck.asset_bytes(top.svg_asset).lstrip().startswith(b"<")


def test_chart_type_categories_values_and_workbook() -> None:
    path = FIX / "docx4j-pptx-chart.pptx"
    deck = read_pptx(path)
    node = next(n for _, n in deck.iter_nodes() if n.type == "CHART")
    chart = node.chart
    assert chart.chart_type == "column" and chart.grouping == "clustered"
    assert chart.categories == ["Group 1", "Group 2"]
    assert [s.name for s in chart.series] == ["Dollars per Group"]
    assert chart.series[0].values == [15.53, 27.32]
    with zipfile.ZipFile(path) as z:
        assert deck.asset_bytes(chart.workbook_asset) == z.read("ppt/embeddings/Microsoft_Excel_Sheet1.xlsx")


def test_smartart_becomes_a_group_of_its_drawing_with_a_loss_entry() -> None:
    deck = read_pptx(FIX / "tika-testPPT_groups.pptx")
    art = next(n for _, n in deck.iter_nodes() if n.meta.get(cv.META_SMARTART))
    assert art.type == "GROUP" and art.meta[cv.META_SMARTART] == "ppt/diagrams/drawing1.xml"
    assert [texts(c) for c in art.children] == ["smart1", "smart2", "Smart3", "smart4", "Smart5\n"]
    assert all(c.x >= 0 and c.x + c.width <= art.width + 0.5 for c in art.children)
    assert any(e.feature == "smartart" and e.node_id == art.id for e in deck.report.entries)


def test_ole_objects_and_media_are_kept_behind_their_preview() -> None:
    deck = read_pptx(FIX / "pypptx-shp-access-ole-object.pptx")
    ole = deck.slides[0].children[0]
    assert ole.type == "IMAGE" and ole.embedded.kind == "ole" and ole.embedded.prog_id == "Excel.Sheet.12"
    assert deck.asset_bytes(ole.embedded.asset)[:2] == b"PK" and ole.image.asset is not None
    assert any(e.feature == "ole-object" and e.node_id == ole.id for e in deck.report.entries)
    audio = next(n for _, n in read_pptx(FIX / "poi-EmbeddedAudio.pptx").iter_nodes() if n.type == "IMAGE")
    assert audio.embedded.kind == "audio" and audio.embedded.mime == "audio/mpeg"


def test_text_numbering_superscript_vertical_hyperlinks() -> None:
    deck = read_pptx(FIX / "oxsdk-main_buautonum_type_ea1jpnkorperiod.pptx")
    paras = deck.slides[0].children[0].text.paragraphs
    assert paras[2].bullet.type == "ORDERED" and paras[2].bullet.scheme == "ea1JpnKorPeriod"
    assert paras[3].runs[1].text == "nd" and paras[3].runs[1].style.baseline == pytest.approx(0.3)
    vert = read_pptx(FIX / "oxsdk-wrapEAvert_bodyPrVert_VerticalTextEAvert.pptx").slides[0].children[0]
    assert vert.text.vertical == "eaVert"
    groups = read_pptx(FIX / "tika-testPPT_groups.pptx")
    link = next(
        r
        for _, n in groups.iter_nodes()
        for p in getattr(getattr(n, "text", None), "paragraphs", [])
        for r in p.runs
        if r.style.hyperlink
    )
    assert link.style.hyperlink == "http://tika.apache.org/" and link.style.decoration == "UNDERLINE"
    assert link.style.fill.color.ref.scheme == "hlink"


def test_backgrounds_solid_gradient_picture_and_inheritance() -> None:
    deck = read_pptx(FIX / "poi-backgrounds.pptx")
    bgs = [s.background for s in deck.slides]
    assert bgs[0].inherited and bgs[0].fills[0].color.ref.scheme == "bg2"
    assert not bgs[1].inherited and bgs[1].fills[0].type == "GRADIENT_LINEAR" and bgs[1].fills[0].angle == 45
    assert bgs[3].fills[0].type == "IMAGE" and bgs[3].fills[0].scale_mode == "TILE"
    assert deck.asset_bytes(bgs[3].fills[0].asset)[:3] == b"\xff\xd8\xff"


def test_slide_transition_hidden_notes_sections(tmp_path: Path) -> None:
    prs = Presentation()
    for title in ("one", "two", "three"):
        slide = prs.slides.add_slide(prs.slide_layouts[1])
        slide.shapes.title.text = title
        slide.notes_slide.notes_text_frame.text = f"notes {title}\nsecond line"
    prs.slides[1]._element.set("show", "0")
    path = save(prs, tmp_path / "slides.pptx")
    ids = [s.slide_id for s in prs.slides]
    p14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"
    sections = (
        f'<p:extLst><p:ext uri="{{521415D9-36F7-43E2-AB2F-B90AF26B5E84}}"><p14:sectionLst xmlns:p14="{p14}">'
        f'<p14:section name="Intro" id="{{1}}"><p14:sldIdLst><p14:sldId id="{ids[0]}"/></p14:sldIdLst></p14:section>'
        f'<p14:section name="Body" id="{{2}}"><p14:sldIdLst><p14:sldId id="{ids[1]}"/><p14:sldId id="{ids[2]}"/>'
        "</p14:sldIdLst></p14:section></p14:sectionLst></p:ext></p:extLst></p:presentation>"
    ).encode()
    transition = b'<p:transition spd="fast" advTm="3000"><p:push dir="u"/></p:transition></p:sld>'
    edits = {
        "ppt/presentation.xml": lambda b: b.replace(b"</p:presentation>", sections),
        "ppt/slides/slide1.xml": lambda b: b.replace(b"</p:sld>", transition),
    }
    deck = read_pptx(rezip(path, tmp_path / "slides2.pptx", edits))
    assert [s.hidden for s in deck.slides] == [False, True, False]
    assert [s.section for s in deck.slides] == ["Intro", "Body", "Body"]
    assert deck.slides[0].notes == "notes one\nsecond line"
    tr = deck.slides[0].transition
    assert (tr.style, tr.direction, tr.duration, tr.timing, tr.delay) == ("push", "u", 0.5, "AFTER_DELAY", 3.0)
    assert deck.slides[1].transition is None
    assert deck.slides[0].layout == "Title and Content"


def test_default_slide_size_is_10_by_7_5_inches(tmp_path: Path) -> None:
    src = FIX / "pypptx-ph-inherit-props.pptx"
    edit = {"ppt/presentation.xml": lambda b: re.sub(rb"<p:sldSz[^>]*/>", b"", b)}
    deck = read_pptx(rezip(src, tmp_path / "nosize.pptx", edit))
    assert (deck.width, deck.height) == (960, 720)


def test_layout_and_master_shapes_are_drawn_locked_and_marked(tmp_path: Path) -> None:
    path = FIX / "oxsdk-CycleDiagram_TP10174326.potx"
    with_master = read_pptx(path)
    without = read_pptx(path, master_shapes=False)
    inherited = [n for n in with_master.slides[0].children if n.meta.get(cv.META_INHERITED)]
    own = [n for n in with_master.slides[0].children if not n.meta.get(cv.META_INHERITED)]
    assert [n.id for n in own] == [n.id for n in without.slides[0].children]
    for node in inherited:
        assert node.locked and node.source.ref.split("#")[0].startswith(("ppt/slideLayouts/", "ppt/slideMasters/"))


# -- variants: Strict, template, slideshow -------------------------------------------------------
def _to_transitional(path: Path, dst: Path) -> Path:
    def translate(body: bytes) -> bytes:
        for strict, transitional in STRICT_TO_TRANSITIONAL:
            body = body.replace(strict.encode(), transitional.encode())
        return body

    with zipfile.ZipFile(path) as z:
        return rezip(path, dst, {n: translate for n in z.namelist() if n.endswith((".xml", ".rels"))})


def test_strict_ooxml_reads_like_its_transitional_translation(tmp_path: Path) -> None:
    path = FIX / "oxsdk-sldsz-Slide_Size-type-b4iso.pptx"
    with pytest.raises(KeyError):
        Presentation(str(path))  # python-pptx alone cannot open ISO-Strict packages
    deck = read_pptx(path)
    assert deck.meta[cv.DECK_META_STRICT] is True and deck.meta[cv.DECK_META_SIZE_TYPE] == "B4ISO"
    prs = Presentation(str(_to_transitional(path, tmp_path / "t.pptx")))
    assert (deck.width, deck.height) == pytest.approx((prs.slide_width / PX, prs.slide_height / PX))
    for slide, pslide in zip(deck.slides, prs.slides, strict=True):
        assert slide.layout == pslide.slide_layout.name
        for shape in pslide.shapes:
            node = next(n for n in slide.children if n.source.ref.endswith(f"#{shape.shape_id}"))
            assert (node.x, node.y, node.width, node.height) == pytest.approx(
                (shape.left / PX, shape.top / PX, shape.width / PX, shape.height / PX), abs=0.01
            )
    assert deck.theme.colors["accent1"].hex != "#000000" and deck.theme.fonts.major


@pytest.mark.parametrize(
    ("name", "variant"),
    [("oxsdk-CycleDiagram_TP10174326.potx", "template"), ("poi-testPPT.ppsx", "slideshow")],
)
def test_templates_and_slideshows_read(tmp_path: Path, name: str, variant: str) -> None:
    path = FIX / name
    with pytest.raises(ValueError):
        Presentation(str(path))  # python-pptx refuses these content types
    deck = read(path)
    assert deck.meta[cv.DECK_META_VARIANT] == variant
    as_pptx = rezip(
        path,
        tmp_path / "as.pptx",
        {
            "[Content_Types].xml": lambda b: re.sub(
                rb"presentationml\.(template|slideshow)\.main", b"presentationml.presentation.main", b
            )
        },
    )
    prs = Presentation(str(as_pptx))
    assert len(deck.slides) == len(prs.slides)
    for slide, pslide in zip(deck.slides, prs.slides, strict=True):
        for shape in pslide.shapes:
            if shape.has_text_frame:
                node = next(n for n in slide.children if n.source.ref.endswith(f"#{shape.shape_id}"))
                assert " ".join(texts(node).split()) == " ".join(shape.text_frame.text.split())


# -- the whole corpus ----------------------------------------------------------------------------
@pytest.mark.corpus
def test_every_corpus_deck_reads_and_matches_python_pptx_text(corpus_dir: Path) -> None:
    failures, compared = [], 0
    for path in sorted((corpus_dir / "pptx").iterdir()):
        if path.suffix.lower() not in (".pptx", ".pptm", ".potx", ".ppsx"):
            continue
        deck = read(path)
        problems = check_invariants(deck)
        if problems:
            failures.append(f"{path.name}: {problems[0]}")
        if deck.slides and Deck.from_json(deck.to_json()) != deck:
            failures.append(f"{path.name}: the IR does not survive its JSON round trip")
        try:
            prs = Presentation(str(path))
        except (KeyError, ValueError):
            continue
        for slide, pslide in zip(deck.slides, prs.slides, strict=True):
            own = [n for n in reversed(slide.children) if not n.meta.get(cv.META_INHERITED)]
            ours = {cv.parse_node_ref(n.source.ref)[1]: n for n in own}
            for shape in pslide.shapes:
                if shape.has_text_frame and shape.text_frame.text.strip():
                    node = ours.get(str(shape.shape_id))
                    compared += 1
                    want = " ".join(shape.text_frame.text.replace("\x0b", " ").split())
                    if node is None or " ".join(texts(node).split()) != want:
                        failures.append(f"{path.name} {slide.id} shape {shape.shape_id}: text differs")
    assert compared > 1000
    assert failures == []


def test_pptx_units_helper_sanity() -> None:
    assert Emu(PX).inches == pytest.approx(1 / 96)


def test_rtl_spacing_autofit_insets_and_anchor(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(4), Inches(2))
    frame = box.text_frame
    frame.text = "مرحبا بالعالم"
    para = frame.paragraphs[0]
    para.line_spacing = 1.5
    para.space_before = Pt(12)
    frame.margin_left = Inches(0.5)
    path = save(prs, tmp_path / "rtl.pptx")

    def edit(body: bytes) -> bytes:
        body = body.replace(b"<a:p><a:pPr", b'<a:p><a:pPr rtl="1" algn="r"', 1)
        body = body.replace(b'wrap="none"', b'anchor="ctr"')
        return body.replace(b"<a:spAutoFit/>", b'<a:normAutofit fontScale="62500" lnSpcReduction="20000"/>')

    deck = read_pptx(rezip(path, tmp_path / "rtl2.pptx", {"ppt/slides/slide1.xml": edit}))
    body = deck.slides[0].children[0].text
    para = body.paragraphs[0]
    assert para.rtl is True and para.align == "RIGHT"
    assert para.line_height.unit == "PERCENT" and para.line_height.value == pytest.approx(150)
    assert para.space_before == pytest.approx(16)
    assert body.insets.left == pytest.approx(48) and body.insets.top == pytest.approx(45720 / PX)
    assert (body.vertical_align, body.autofit, body.font_scale, body.line_spacing_reduction) == (
        "CENTER",
        "SHRINK",
        62.5,
        20.0,
    )


def test_smartart_text_boxes_follow_their_shape() -> None:
    deck = read_pptx(FIX / "tika-testPPT_groups.pptx")
    art = next(n for _, n in deck.iter_nodes() if n.meta.get(cv.META_SMARTART))
    assert all(c.type == "RECTANGLE" and c.text is not None for c in art.children)  # txXfrm equals the shape box
    chart_deck = read_pptx(FIX / "docx4j-pptx-chart.pptx")
    chart = next(n for _, n in chart_deck.iter_nodes() if n.type == "CHART")
    assert any(e.feature == "chart-format" and e.node_id == chart.id for e in chart_deck.report.entries)


def test_smartart_without_drawing_is_laid_out_from_its_data_model(tmp_path: Path) -> None:
    def drop_drawing(body: bytes) -> bytes:
        return re.sub(rb"<Relationship [^>]*diagramDrawing[^>]*/>", b"", body)

    path = rezip(
        FIX / "tika-testPPT_groups.pptx",
        tmp_path / "nodrawing.pptx",
        {"ppt/slides/_rels/slide2.xml.rels": drop_drawing},
    )
    deck = read_pptx(path)
    art = next(n for _, n in deck.iter_nodes() if n.name == "Diagram 17")
    cached = next(n for _, n in read_pptx(FIX / "tika-testPPT_groups.pptx").iter_nodes() if n.name == "Diagram 17")
    # the 'default' layout (a snake of boxes) comes out where PowerPoint's cached drawing has it
    assert [texts(c) for c in art.children] == [texts(c) for c in cached.children]
    assert [texts(c) for c in art.children] == ["smart1", "smart2", "Smart3", "smart4", "Smart5\n"]
    for laid, drawn in zip(art.children, cached.children, strict=True):  # (the user nudged one box by 7 px)
        assert laid.type == drawn.type == "RECTANGLE"
        assert all(
            abs(a - b) <= (1.5 if k > 1 else 8.0) for k, (a, b) in enumerate(zip(_box(laid), _box(drawn), strict=True))
        )
    assert art.meta[cv.META_SMARTART_LAYOUT].endswith("/layout/default")
    entry = next(e for e in deck.report.entries if e.feature == "smartart" and e.node_id == art.id)
    assert entry.severity == "warning" and "ACE's own layout, not the author's drawing" in entry.reason


def _box(node) -> tuple[float, float, float, float]:
    return (node.x, node.y, node.width, node.height)


A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"


def test_a_run_takes_its_script_typeface_east_asian_and_complex_script(tmp_path: Path) -> None:
    """a:ea for CJK text, a:cs for Hebrew / Arabic, a:latin otherwise (ASCII never looks further)."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(4), Inches(2))
    paragraph = box.text_frame.paragraphs[0]
    for text in ("plain text", "日本語のテキスト", "שלום עולם", "café"):
        run = paragraph.add_run()
        run.text = text
        rpr = run._r.get_or_add_rPr()
        for tag, face in (("latin", "Latin Face"), ("ea", "EA Face"), ("cs", "CS Face")):
            etree.SubElement(rpr, f"{{{A_NS}}}{tag}").set("typeface", face)
    deck = read(save(prs, tmp_path / "scripts.pptx"))
    box_node = next(n for n in deck.slides[0].iter_nodes() if getattr(n, "text", None))
    faces = {r.text: r.style.font_family for p in box_node.text.paragraphs for r in p.runs}
    assert faces == {
        "plain text": "Latin Face",
        "日本語のテキスト": "EA Face",
        "שלום עולם": "CS Face",
        "café": "Latin Face",
    }


def test_preset_colours_do_not_depend_on_what_the_process_drew_before() -> None:
    # PIL's ImageColor.getrgb() replaces a colormap entry with a tuple once a name is used; the
    # preset colour lookup read the colormap and turned "red" black after any drawing of "red"
    from lxml import etree
    from PIL import ImageColor

    from adapters.ooxml.theme import ColorContext, ThemeData

    ImageColor.getrgb("red")
    ImageColor.getrgb("darkblue")
    el = etree.fromstring(
        '<a:solidFill xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
        '<a:prstClr val="red"><a:lumOff val="30000"/><a:alpha val="40000"/></a:prstClr></a:solidFill>'
    )
    colour = ColorContext(ThemeData()).color(el)
    assert colour is not None and colour.to_rgb255() == (255, 153, 153) and colour.a == pytest.approx(0.4)
    dark = ColorContext(ThemeData()).color(etree.fromstring(etree.tostring(el).replace(b'"red"', b'"dkBlue"')))
    assert dark is not None and dark.b > 0.9 and dark.r < 0.2  # dark blue, lightened; not grey


def test_placeholders_do_not_take_the_presentations_default_text_style(tmp_path: Path) -> None:
    # presentation.xml's defaultTextStyle is the base of text in shapes that are not placeholders;
    # a placeholder's base is the master's title / body / other style (LibreOffice and PowerPoint
    # draw poi-alterman_security's placeholders upright although its defaultTextStyle says i="1")
    import re
    import zipfile

    from pptx import Presentation
    from pptx.util import Inches

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "A title"
    slide.placeholders[1].text = "A body line"
    slide.shapes.add_textbox(Inches(1), Inches(6), Inches(4), Inches(1)).text_frame.text = "A text box"
    plain = tmp_path / "plain.pptx"
    prs.save(plain)
    italic = tmp_path / "italic.pptx"
    with zipfile.ZipFile(plain) as src, zipfile.ZipFile(italic, "w") as dst:
        for item in src.infolist():
            data = src.read(item)
            if item.filename == "ppt/presentation.xml":
                text = data.decode("utf-8")
                text = re.sub(r"(<p:defaultTextStyle>.*?<a:lvl1pPr[^>]*>\s*<a:defRPr)", r'\1 i="1"', text, flags=re.S)
                assert 'i="1"' in text
                data = text.encode("utf-8")
            dst.writestr(item, data)
    deck = read_pptx(italic)
    texts = {n.name: n for n in deck.slides[0].iter_nodes() if n.type == "TEXT"}
    styles = {name: n.text.paragraphs[0].style for name, n in texts.items()}
    box = next(s for name, s in styles.items() if name.startswith("TextBox"))
    assert box.italic is True  # a text box takes the presentation's default style
    placeholders = [s for name, s in styles.items() if not name.startswith("TextBox")]
    assert len(placeholders) == 2 and not any(s.italic for s in placeholders)
