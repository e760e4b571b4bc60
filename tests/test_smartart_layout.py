"""SmartArt whose drawing part is missing or empty, laid out from its data model and layout definition."""

from __future__ import annotations

import re
from pathlib import Path

from ace_core.ir.loss import LossReport
from ace_core.ir.nodes import GroupNode
from adapters.ooxml import conventions as cv
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.writer import render_bytes
from tests.test_ooxml_read import FIX, rezip, texts

TIKA = FIX / "tika-testPPT_groups.pptx"  # the 'default' layout, with the drawing PowerPoint cached
DRAWING = "ppt/diagrams/drawing1.xml"


def smartart(deck) -> list[GroupNode]:
    return [n for _, n in deck.iter_nodes() if isinstance(n, GroupNode) and n.meta.get(cv.META_SMARTART)]


def leaves(node) -> list:
    out = []
    for child in getattr(node, "children", []):
        out.extend(leaves(child) if getattr(child, "children", None) else [child])
    return out


def losses(deck, node_id: str, feature: str = "smartart") -> list[str]:
    return [e.reason for e in deck.report.entries if e.feature == feature and e.node_id == node_id]


def strip(body: bytes) -> bytes:
    return re.sub(rb"<Relationship [^>]*diagramDrawing[^>]*/>", b"", body)


def test_a_cycle_without_a_drawing_is_drawn_as_its_wedges_with_their_text() -> None:
    deck = read_pptx(FIX / "oxsdk-CycleDiagram_TP10174326.potx")
    (art,) = smartart(deck)
    shapes = leaves(art)
    wedges = [s for s in shapes if getattr(s, "preset", None) == "pie"]
    assert len(wedges) == 5  # one pie wedge per stage: cycle8 with five nodes
    shown = sorted(texts(s).strip() for s in shapes if texts(s).strip())
    assert shown == ["Stage 1", "Stage 2", "Stage 3", "Stage 4", "Stage 5"]
    # the wedges turn around one centre: their start angles differ, their boxes coincide
    starts = {round(w.adjustments.get("adj1", 0)) for w in wedges}
    assert len(starts) == 5
    fills = {w.fills[0].model_dump_json() for w in wedges if w.fills}  # colourful: a colour per wedge
    assert len(fills) >= 4
    assert all(s.x >= -1 and s.y >= -1 and s.x + s.width <= art.width + 1 for s in shapes)
    (reason,) = losses(deck, art.id)
    assert "cycle8" in reason
    assert "from its data model" in reason and "ACE's own layout, not the author's drawing" in reason


def test_a_text_shape_with_hidden_geometry_draws_no_box_and_no_shadow() -> None:
    # cycle8's wedgeNTx nodes are rects with hideGeom: only their text shows; the quick style's
    # effect reference (a drop shadow on the wedges) must not draw a shaded box behind the label
    deck = read_pptx(FIX / "oxsdk-CycleDiagram_TP10174326.potx")
    (art,) = smartart(deck)
    labels = [s for s in leaves(art) if texts(s).strip() and s.name.endswith("Tx")]
    assert len(labels) == 5
    assert all(not s.fills and not s.strokes and not s.effects for s in labels)
    wedges = [s for s in leaves(art) if getattr(s, "preset", None) == "pie"]
    assert wedges and all(w.effects for w in wedges)  # the shapes that are drawn keep the style's shadow


def test_an_org_chart_without_a_drawing_hangs_each_level_below_its_manager() -> None:
    deck = read_pptx(FIX / "oxsdk-SmartArt_OrgChart1_3D.pptx")
    (art,) = smartart(deck)
    boxes = {texts(s).strip(): s for s in leaves(art) if texts(s).strip()}
    assert {"Top", "Mid-Left", "Mid-Right", "Temp", "Assistant"} <= set(boxes)
    top, left, right = boxes["Top"], boxes["Mid-Left"], boxes["Mid-Right"]
    assert top.y + top.height <= left.y and abs(left.y - right.y) < 1  # managers above, peers level
    assert left.x + left.width <= right.x  # side by side
    centre = lambda n: n.x + n.width / 2  # noqa: E731
    assert abs(centre(top) - (centre(left) + centre(right)) / 2) < 2  # the root sits over its reports
    lines = [s for s in leaves(art) if s.type in ("VECTOR", "LINE")]
    assert len(lines) >= 6  # an elbow or straight line to every report
    assert art.meta[cv.META_SMARTART_LAYOUT].endswith("orgChart1#5")
    assert any("3-D" in e.reason for e in deck.report.entries if e.feature == "3d")  # the 3-D style is drawn flat


def test_an_empty_drawing_part_is_treated_as_missing(tmp_path: Path) -> None:
    empty = (
        b'<dsp:drawing xmlns:dsp="http://schemas.microsoft.com/office/drawing/2008/diagram" '
        b'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><dsp:spTree><dsp:nvGrpSpPr>'
        b'<dsp:cNvPr id="0" name=""/><dsp:cNvGrpSpPr/></dsp:nvGrpSpPr><dsp:grpSpPr/></dsp:spTree></dsp:drawing>'
    )
    deck = read_pptx(rezip(TIKA, tmp_path / "empty.pptx", {DRAWING: empty}))
    (art,) = smartart(deck)
    assert [texts(c).strip() for c in art.children] == ["smart1", "smart2", "Smart3", "smart4", "Smart5"]
    (reason,) = losses(deck, art.id)
    assert "has an empty drawing part" in reason and "laid out" in reason


def test_a_missing_layout_part_is_drawn_with_a_generic_layout_of_its_family(tmp_path: Path) -> None:
    def no_layout(body: bytes) -> bytes:
        return re.sub(rb"<Relationship [^>]*diagram(Drawing|Layout)\"[^>]*/>", b"", body)

    deck = read_pptx(rezip(TIKA, tmp_path / "nolayout.pptx", {"ppt/slides/_rels/slide2.xml.rels": no_layout}))
    (art,) = smartart(deck)
    assert [texts(c).strip() for c in art.children] == ["smart1", "smart2", "Smart3", "smart4", "Smart5"]
    assert all(c.type == "RECTANGLE" and c.width > 50 for c in art.children)
    (reason,) = losses(deck, art.id)
    assert "layout part missing" in reason and "generic list layout" in reason


def test_what_cannot_be_laid_out_still_shows_its_text_and_says_so(tmp_path: Path) -> None:
    bare = (
        b'<dgm:layoutDef xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" uniqueId="x/odd">'
        b'<dgm:layoutNode name="nothing"/></dgm:layoutDef>'
    )
    path = rezip(
        TIKA, tmp_path / "odd.pptx", {"ppt/slides/_rels/slide2.xml.rels": strip, "ppt/diagrams/layout1.xml": bare}
    )
    deck = read_pptx(path)
    (art,) = smartart(deck) or [n for _, n in deck.iter_nodes() if n.name == "Diagram 17"]
    (outline,) = art.children
    assert outline.type == "TEXT" and "smart4" in outline.text.plain_text
    (reason,) = losses(deck, art.id)
    assert "could not be laid out" in reason and "outline list" in reason and "kept" not in reason


def test_a_drawing_that_misses_data_model_text_is_reported(tmp_path: Path) -> None:
    def rename(body: bytes) -> bytes:
        return body.replace(b">smart4<", b">Renamed four<")

    deck = read_pptx(rezip(TIKA, tmp_path / "stale.pptx", {"ppt/diagrams/data1.xml": rename}))
    (art,) = smartart(deck)
    assert art.meta[cv.META_SMARTART] == DRAWING  # the cached drawing is still what is drawn
    (reason,) = losses(deck, art.id, "smartart-text")
    assert "does not show 1 text" in reason and "Renamed four" in reason


def test_a_laid_out_smartart_survives_fresh_pptx_and_stays_exact_in_patch_mode(tmp_path: Path) -> None:
    path = rezip(TIKA, tmp_path / "nodrawing.pptx", {"ppt/slides/_rels/slide2.xml.rels": strip})
    deck = read_pptx(path)
    fresh, _ = render_bytes(deck, fresh=True)
    (tmp_path / "fresh.pptx").write_bytes(fresh)
    again = read_pptx(tmp_path / "fresh.pptx")
    shown = " ".join(texts(n) for _, n in again.iter_nodes())
    assert all(t in shown for t in ("smart1", "smart2", "Smart3", "smart4", "Smart5"))
    fresh_report = LossReport()
    render_bytes(deck, fresh=True, report=fresh_report)
    assert any(e.feature == "smartart" and "no longer a SmartArt" in e.reason for e in fresh_report.entries)
    patched, mode = render_bytes(deck)
    (tmp_path / "patched.pptx").write_bytes(patched)
    assert mode == "patch"
    import zipfile

    with zipfile.ZipFile(path) as a, zipfile.ZipFile(tmp_path / "patched.pptx") as b:
        assert a.read("ppt/slides/slide2.xml") == b.read("ppt/slides/slide2.xml")  # the SmartArt frame untouched


def test_a_layout_that_refers_to_itself_ends(tmp_path: Path) -> None:
    loop = (
        b'<dgm:layoutDef xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" uniqueId="x/loop">'
        b'<dgm:layoutNode name="root"><dgm:alg type="lin"/><dgm:forEach name="again" axis="self">'
        b'<dgm:layoutNode name="box"><dgm:alg type="tx"/><dgm:shape type="rect"/><dgm:presOf axis="desOrSelf"/>'
        b'</dgm:layoutNode><dgm:forEach ref="again"/></dgm:forEach></dgm:layoutNode></dgm:layoutDef>'
    )
    path = rezip(
        TIKA, tmp_path / "loop.pptx", {"ppt/slides/_rels/slide2.xml.rels": strip, "ppt/diagrams/layout1.xml": loop}
    )
    deck = read_pptx(path)
    (art,) = smartart(deck) or [n for _, n in deck.iter_nodes() if n.name == "Diagram 17"]
    assert art.children  # laid out (cut short) or listed: never a hang, never a crash
    assert losses(deck, art.id)


def test_shapes_the_user_turned_come_out_where_powerpoint_drew_them(tmp_path: Path) -> None:
    src = FIX / "poi-smartart-rotated-text.pptx"  # AlternatingHexagons, three shapes turned by hand
    cached = smartart(read_pptx(src))[0]
    path = rezip(src, tmp_path / "nodrawing.pptx", {"ppt/slides/_rels/slide1.xml.rels": strip})
    (art,) = smartart(read_pptx(path))
    assert art.meta[cv.META_SMARTART_LAYOUT].endswith("AlternatingHexagons")
    drawn = [c for c in cached.children if c.type == "SHAPE"]
    laid = [c for c in art.children if c.type == "SHAPE"]
    assert len(laid) == len(drawn) == 6
    for a, b in zip(laid, drawn, strict=True):
        assert all(
            abs(p - q) <= 1.5 for p, q in zip((a.x, a.y, a.width, a.height), (b.x, b.y, b.width, b.height), strict=True)
        )
        assert abs((a.rotation - b.rotation + 180) % 360 - 180) <= 1.0
    assert sorted(texts(c).strip() for c in art.children if texts(c).strip()) == ["abc", "def", "ghi", "jkl"]


def test_an_org_chart_splits_its_box_as_libreoffice_does() -> None:
    """hierRoot / hierChild as LibreOffice 7.4 lays them out (smartart/hier.py): a manager's box as
    wide as its reports' row, peers sharing it with a gap of a tenth of a box, rows all of one height
    with 0.3 of it between them."""
    deck = read_pptx(FIX / "oxsdk-SmartArt_OrgChart1_3D.pptx")
    (art,) = smartart(deck)
    boxes = {texts(s).strip(): s for s in leaves(art) if texts(s).strip() and s.type == "RECTANGLE"}
    top, left, right = boxes["Top"], boxes["Mid-Left"], boxes["Mid-Right"]
    assert abs(left.width - right.width) < 0.5
    assert abs(right.x - (left.x + left.width) - 0.1 * left.width) < 0.5
    assert abs(top.x - left.x) < 0.5 and abs(top.x + top.width - (right.x + right.width)) < 0.5
    heights = {round(s.height, 1) for s in boxes.values()}
    assert len(heights) == 1
    assert abs(left.y - top.y - 1.3 * top.height) < 0.5
