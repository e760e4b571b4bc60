"""Round trips of real decks (fixtures/pptx) through the .pptx writer, in patch and fresh mode.

read -> write -> read keeps ids, text, boxes and fills; a fresh file has nothing PowerPoint would
repair and a patched one nothing its source did not have; patch mode keeps what was not edited
byte for byte."""

from __future__ import annotations

import io
import statistics
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from lxml import etree

from ace_core.color import Color
from ace_core.ir import Background, RectangleNode, Slide, SolidPaint, TextBody, TextNode, Transition
from ace_core.ir.deck import Deck
from ace_core.ir.loss import LossReport
from adapters.ooxml.conventions import META_INHERITED
from adapters.ooxml.patch_shapes import ShapeIndex
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.roundtrip import roundtrip_differences
from adapters.ooxml.validate import check_package, new_problems
from adapters.ooxml.writer import render_bytes
from tests.conftest import FIXTURES, needs_soffice

PPTX = FIXTURES / "pptx"
DECKS = sorted(p for p in PPTX.glob("*.p*") if p.suffix != ".tsv")
MAGENTA = Color.from_hex("#E6007E")


def parts(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {n: zf.read(n) for n in zf.namelist()}


def recolour_first(deck: Deck) -> tuple[str, str]:
    """Recolour the first slide-level shape with a solid fill; returns (slide id, node id)."""
    for slide in deck.slides:
        for node in slide.iter_nodes():
            if META_INHERITED in node.meta or node.type in ("GROUP", "TABLE", "CHART", "IMAGE"):
                continue
            if any(isinstance(f, SolidPaint) for f in node.fills):
                node.fills = [SolidPaint(color=MAGENTA)]
                return slide.id, node.id
    raise AssertionError("no shape with a solid fill")


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.name)
def test_unedited_patch_keeps_every_part_byte_for_byte(path: Path) -> None:
    """(An ISO-Strict deck with --keep-strict: by default it is written Transitional.)"""
    src = path.read_bytes()
    data, mode = render_bytes(read_pptx(path), keep_strict=True)
    assert mode == "patch"
    assert parts(data) == parts(src)


@pytest.mark.parametrize("fresh", [False, True], ids=["patch", "fresh"])
@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.name)
def test_round_trip_keeps_ids_text_boxes_fills(path: Path, fresh: bool) -> None:
    src = path.read_bytes()
    deck = read_pptx(path)
    data, mode = render_bytes(deck, fresh=fresh)
    assert mode == ("fresh" if fresh else "patch")
    assert roundtrip_differences(deck, read_pptx(data)) == []
    problems = check_package(data) if fresh else new_problems(data, src)
    assert [str(p) for p in problems] == []


def test_recolouring_one_shape_touches_only_that_shape() -> None:
    path = PPTX / "poi-backgrounds.pptx"
    src = path.read_bytes()
    deck = read_pptx(path)
    slide_id, node_id = recolour_first(deck)
    data, _ = render_bytes(deck)
    assert new_problems(data, src) == []
    before, after = parts(src), parts(data)
    slide_part = deck.slide(slide_id).source.ref
    assert [n for n in before if before[n] != after.get(n)] == [slide_part]
    old_index = ShapeIndex.build(etree.fromstring(before[slide_part]), slide_part)
    new_index = ShapeIndex.build(etree.fromstring(after[slide_part]), slide_part)
    edited_ref = deck.find(node_id)[1].source.ref
    assert set(old_index.by_ref) == set(new_index.by_ref)
    for ref, (_, shape) in old_index.by_ref.items():
        same = etree.tostring(shape) == etree.tostring(new_index.by_ref[ref][1])
        assert same != (ref == edited_ref), ref
    back = read_pptx(data)
    assert back.find(node_id)[1].fills[0].color.hex == MAGENTA.hex
    assert roundtrip_differences(deck, back) == []


def test_structural_edits_in_patch_mode() -> None:
    path = PPTX / "poi-backgrounds.pptx"
    src = path.read_bytes()
    deck = read_pptx(path)
    s1, s2, s3, s4 = deck.slides
    untouched_part = s4.source.ref
    own = [n for n in s3.children if META_INHERITED not in n.meta]
    texted, gone, moved = own[0], own[2], own[3]
    s3.children.remove(gone)
    moved.x += 40
    moved.y += 25
    texted.text = TextBody.from_text("Edited text\nsecond paragraph")
    added = RectangleNode(id="added-rect", x=50, y=60, width=120, height=80, fills=[SolidPaint(color=MAGENTA)])
    s3.children.append(added)
    s1.notes = "New notes"
    s1.hidden = True
    s1.transition = Transition(style="wipe", direction="d", duration=0.8)
    s1.background = Background(fills=[SolidPaint(color=Color.from_hex("#203040"))])
    hello = TextNode(id="new-text", x=100, y=100, width=400, height=60, text=TextBody.from_text("Hello"))
    new_slide = Slide(id="new-slide", children=[hello])
    deck.slides = [s4, s3, new_slide, s1]  # s2 removed, s4 moved first, one slide added
    data, _ = render_bytes(deck)
    assert [str(p) for p in new_problems(data, src)] == []
    back = read_pptx(data)
    assert [s.id for s in back.slides] == [s4.id, s3.id, "new-slide", s1.id]
    assert back.find(gone.id) is None
    b_moved = back.find(moved.id)[1]
    assert (b_moved.x, b_moved.y) == pytest.approx((moved.x, moved.y), abs=0.5)
    assert back.find(texted.id)[1].text.plain_text == "Edited text\nsecond paragraph"
    assert back.find("added-rect")[1].fills[0].color.hex == MAGENTA.hex
    assert back.find("new-text")[1].text.plain_text == "Hello"
    b1 = back.slide(s1.id)
    assert b1.notes == "New notes" and b1.hidden
    assert b1.transition.style == "wipe" and b1.transition.duration == pytest.approx(0.8)
    assert b1.background.fills[0].color.hex == "#203040"
    assert roundtrip_differences(deck, back) == []
    assert parts(data)[untouched_part] == parts(src)[untouched_part]
    assert s2.source.ref not in parts(data)


def test_editing_inside_groups_and_tables() -> None:
    path = PPTX / "tika-testPPT_groups.pptx"
    src = path.read_bytes()
    deck = read_pptx(path)
    group = next(n for _, n in deck.iter_nodes() if n.type == "GROUP" and n.children)
    child = group.children[0]
    child.x += 12
    child.width += 8
    table = next(n for _, n in deck.iter_nodes() if n.type == "TABLE")
    table.rows[0].cells[0].text = TextBody.from_text("New cell")
    group.y += 5
    data, _ = render_bytes(deck)
    assert [str(p) for p in new_problems(data, src)] == []
    back = read_pptx(data)
    assert roundtrip_differences(deck, back) == []
    assert back.find(table.id)[1].rows[0].cells[0].text.plain_text == "New cell"


def _edited_strict_deck() -> tuple[Deck, TextNode, bytes]:
    path = PPTX / "oxsdk-sldsz-Slide_Size-type-b4iso.pptx"
    deck = read_pptx(path)
    node = next(n for n in deck.slides[0].children if n.type == "TEXT" and META_INHERITED not in n.meta)
    node.text = TextBody.from_text("Strict edit")
    deck.slides.append(
        Slide(id="strict-new", children=[TextNode(id="sn", width=200, height=40, text=TextBody.from_text("x"))])
    )
    return deck, node, path.read_bytes()


def test_patching_a_strict_deck_with_keep_strict_keeps_it_strict() -> None:
    deck, node, src = _edited_strict_deck()
    data, _ = render_bytes(deck, keep_strict=True)
    assert new_problems(data, src) == []
    assert check_package(data) == []  # Strict parts are checked in the vocabulary they map to
    slide_xml = parts(data)[deck.slides[0].source.ref]
    assert b"http://purl.oclc.org/ooxml/presentationml/main" in slide_xml
    assert read_pptx(data).find(node.id)[1].text.plain_text == "Strict edit"


def test_patching_a_strict_deck_writes_it_transitional() -> None:
    """As PowerPoint saves: readers that refuse Strict (python-pptx, markitdown, POI) open it."""
    import pptx

    from adapters.ooxml.ns import STRICT_MARKER

    deck, _node, src = _edited_strict_deck()
    report = LossReport()
    data, _ = render_bytes(deck, report=report)
    assert [e.feature for e in report.entries] == ["strict"]
    assert all(STRICT_MARKER not in blob for blob in parts(data).values())
    assert check_package(data) == [] and new_problems(data, src) == []
    assert not read_pptx(data).meta.get("pptx.strict")
    prs = pptx.Presentation(io.BytesIO(data))
    assert len(prs.slides) == 3
    texts = [sh.text_frame.text for sh in prs.slides[0].shapes if sh.has_text_frame]
    assert "Strict edit" in texts
    with pytest.raises(Exception, match=r"not a PowerPoint file|no relationship"):
        pptx.Presentation(io.BytesIO(src))  # what the source does in python-pptx
    assert b'Extension=""' not in parts(data)["[Content_Types].xml"]  # _rels/.rels has no extension


@needs_soffice
@pytest.mark.render
def test_a_strict_deck_written_transitional_opens_in_libreoffice(tmp_path: Path) -> None:
    from backends.render.libreoffice import render_pptx

    deck, _node, _src = _edited_strict_deck()
    out = tmp_path / "t.pptx"
    out.write_bytes(render_bytes(deck)[0])
    assert len(render_pptx(out, tmp_path / "png")) == 3


def test_editing_chart_data_in_patch_mode() -> None:
    path = PPTX / "docx4j-pptx-chart.pptx"
    src = path.read_bytes()
    deck = read_pptx(path)
    chart = next(n for _, n in deck.iter_nodes() if n.type == "CHART")
    chart.chart.series[0].values = [float(i + 7) for i, _ in enumerate(chart.chart.series[0].values)]
    data, _ = render_bytes(deck)
    assert new_problems(data, src) == []
    back = read_pptx(data).find(chart.id)[1]
    assert back.chart.series[0].values == chart.chart.series[0].values
    # the data is rewritten in the chart's own part (its formatting kept), the workbook with it
    before, after = parts(src), parts(data)
    assert set(before) == set(after)
    changed = {n for n in before if before[n] != after[n]}
    assert {n.rsplit("/", 1)[0] for n in changed} == {"ppt/charts", "ppt/embeddings"}


@pytest.mark.render
@needs_soffice
def test_rendered_fidelity_in_both_modes(tmp_path: Path) -> None:
    from backends.render.libreoffice import render_pptx
    from judge.similarity import similarity_files

    path = PPTX / "poi-backgrounds.pptx"
    deck = read_pptx(path)
    edited = deck.clone()
    recolour_first(edited)
    files = {"orig": path.read_bytes(), "patch": render_bytes(deck)[0], "fresh": render_bytes(deck, fresh=True)[0]}
    files["edit"] = render_bytes(edited)[0]
    for name, data in files.items():
        (tmp_path / f"{name}.pptx").write_bytes(data)
    with ThreadPoolExecutor(max_workers=2) as pool:
        jobs = {k: pool.submit(render_pptx, tmp_path / f"{k}.pptx", tmp_path / k, width=960) for k in files}
        pngs = {k: job.result() for k, job in jobs.items()}
    score = {k: [similarity_files(a, b) for a, b in zip(pngs["orig"], pngs[k], strict=True)] for k in files}
    assert min(score["patch"]) >= 0.995
    edited_slide = [s.id for s in edited.slides].index(next(s.id for s in edited.slides if s != deck.slide(s.id)))
    others = [v for i, v in enumerate(score["edit"]) if i != edited_slide]
    assert min(others) >= 0.99
    assert score["edit"][edited_slide] < 0.999  # the recolour shows
    assert statistics.median(score["fresh"]) >= 0.90


def test_fresh_mode_writes_embedded_media_behind_its_poster() -> None:
    deck = read_pptx(PPTX / "poi-EmbeddedAudio.pptx")
    data, _ = render_bytes(deck, fresh=True)
    assert check_package(data) == []
    before = next(n for _, n in deck.iter_nodes() if n.type == "IMAGE")
    after = read_pptx(data).find(before.id)[1]
    assert after.embedded is not None and after.embedded.kind == "audio"
    assert after.embedded.asset == before.embedded.asset and after.image.asset == before.image.asset


def test_deck_level_edits_in_patch_mode() -> None:
    path = PPTX / "poi-testPPT.ppsx"
    src = path.read_bytes()
    deck = read_pptx(path)
    deck.id = "renamed-deck"
    deck.theme.colors["accent1"] = MAGENTA
    deck.slides[0].section = "Opening"
    deck.slides[1].section = "Body"
    deck.slides[2].section = "Body"
    data, _ = render_bytes(deck)
    assert [str(p) for p in new_problems(data, src)] == []
    back = read_pptx(data)
    assert back.id == "renamed-deck"
    assert back.theme.colors["accent1"].hex == MAGENTA.hex
    assert [s.section for s in back.slides] == ["Opening", "Body", "Body"]
    assert roundtrip_differences(deck, back) == []
    # the slides themselves were not touched
    for slide in deck.slides:
        assert parts(data)[slide.source.ref] == parts(src)[slide.source.ref]


@pytest.mark.parametrize("suffix", [".pptx", ".ppsx", ".potx", ".pptm"])
def test_the_output_extension_sets_the_package_kind(tmp_path: Path, suffix: str) -> None:
    from adapters.api import write
    from adapters.ooxml.package import open_package

    deck = read_pptx(PPTX / "poi-testPPT.ppsx")
    for fresh in (False, True):
        out = tmp_path / f"deck-{fresh}{suffix}"
        write(deck, out, fresh=fresh)
        pkg = open_package(out)
        expected = {".pptx": "presentation", ".ppsx": "slideshow", ".potx": "template", ".pptm": "macroEnabled"}
        assert expected[suffix] in pkg.main_content_type
        assert check_package(out) == [] if fresh else new_problems(out, PPTX / "poi-testPPT.ppsx") == []
        assert [s.id for s in read_pptx(out).slides] == [s.id for s in deck.slides]


def test_fresh_mode_writes_ole_objects_with_their_preview() -> None:
    deck = read_pptx(PPTX / "pypptx-shp-access-ole-object.pptx")
    data, _ = render_bytes(deck, fresh=True)
    assert check_package(data) == []
    before = next(n for _, n in deck.iter_nodes() if n.type == "IMAGE")
    after = read_pptx(data).find(before.id)[1]
    assert after.embedded.kind == "ole" and after.embedded.prog_id == before.embedded.prog_id
    assert after.embedded.asset == before.embedded.asset and after.image.asset == before.image.asset


def test_a_master_shape_renumbered_by_the_fresh_writer_comes_back_under_its_id(tmp_path: Path) -> None:
    # a master that numbers its shape tree 0 and a drawn shape 1 (as some generators do): the fresh
    # writer gives the tree id 1 and the shape another number; the shape's copy on each slide
    # must still read back under the id it had ('<slide>.m1'), from the ACE id the master keeps
    from tests.zip_edit import rezip

    def edit(xml: bytes) -> bytes:
        return xml.replace(b'<p:cNvPr id="1" name=""', b'<p:cNvPr id="0" name=""', 1).replace(
            b'<p:cNvPr id="16" name="Oval 15"', b'<p:cNvPr id="1" name="Oval 15"', 1
        )

    src = rezip(PPTX / "jsreport-slides.pptx", tmp_path / "ids.pptx", {"ppt/slideMasters/slideMaster1.xml": edit})
    deck = read_pptx(src)
    inherited = {n.id for _, n in deck.iter_nodes() if n.meta.get(META_INHERITED) == "master"}
    assert any(i.endswith(".m1") for i in inherited)
    fresh, _ = render_bytes(deck, fresh=True, report=LossReport())
    assert roundtrip_differences(deck, read_pptx(fresh)) == []
