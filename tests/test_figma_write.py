"""IR -> Figma REST JSON: figma -> IR -> figma -> IR is identical, structure and geometry of the output,
kinds Figma lacks drawn and restored, edits made in Figma win over ACE's round-trip data."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import pytest

from ace_core.color import Color, ColorRef
from ace_core.ir import (
    ChartData,
    ChartNode,
    ChartSeries,
    Deck,
    FrameNode,
    ImageNode,
    ImagePaint,
    MathNode,
    Paragraph,
    RectangleNode,
    Run,
    ShapeNode,
    Sides,
    Slide,
    SolidPaint,
    TableCell,
    TableNode,
    TableRow,
    TextBody,
    TextNode,
)
from adapters import convert
from adapters.figma.geometry import aabb
from adapters.figma.read import read_figma
from adapters.figma.write import write_figma

ROOT = Path(__file__).resolve().parents[1]
FIGMA = ROOT / "fixtures" / "figma"
FIXTURES = sorted(p.name for p in FIGMA.glob("*.json"))


def _ir(deck: Deck) -> dict:
    """The deck's IR without the deck-level provenance (the file it came from), and without the
    OOXML masters and layouts Figma has no form for (reported by the writer)."""
    data = deck.model_dump(mode="json", exclude={"source", "assets", "masters", "layouts"})
    for slide in data["slides"]:
        slide.pop("layout_id", None)
    return data


def _no_provenance(value):
    """IR JSON without any `source` (a deck made in memory has none; one read from a file has)."""
    if isinstance(value, dict):
        return {k: _no_provenance(v) for k, v in value.items() if k != "source"}
    if isinstance(value, list):
        return [_no_provenance(v) for v in value]
    return value


def _walk(node: dict):
    yield node
    for child in node.get("children") or []:
        yield from _walk(child)


def _by_id(doc: dict) -> dict[str, dict]:
    return {n["id"]: n for n in _walk(doc["document"])}


@pytest.mark.parametrize("name", FIXTURES)
def test_figma_ir_figma_ir_identical(name: str, tmp_path: Path) -> None:
    first = read_figma(FIGMA / name)
    out = tmp_path / "again.figma.json"
    write_figma(first, out)
    second = read_figma(out)
    assert _ir(second) == _ir(first)
    assert set(second.report.by_feature()) <= set(first.report.by_feature())  # nothing new is lost
    third = tmp_path / "third.figma.json"
    write_figma(second, third)
    assert json.loads(third.read_text()) == json.loads(out.read_text())


def test_ir_sample_round_trips(fixtures_dir: Path, tmp_path: Path) -> None:
    deck = Deck.load(fixtures_dir / "ir" / "sample.json")
    out = tmp_path / "sample.figma.json"
    write_figma(deck, out, embed_ir=True)
    back = read_figma(out)
    assert _no_provenance(_ir(back)) == _no_provenance(_ir(deck))


def test_document_structure_and_geometry(tmp_path: Path) -> None:
    deck = read_figma(FIGMA / "features.figma.json")
    out = tmp_path / "f.figma.json"
    write_figma(deck, out)
    doc = json.loads(out.read_text())
    assert doc["document"]["type"] == "DOCUMENT"
    pages = doc["document"]["children"]
    assert [(p["id"], p["type"], p["name"]) for p in pages] == [("1:1", "CANVAS", "Deck"), ("2:1", "CANVAS", "Second")]
    assert [c["type"] for c in pages[1]["children"]] == ["SECTION"]
    nodes = _by_id(doc)
    rect = nodes["10:3"]
    (a, b, tx), (c, d, ty) = rect["relativeTransform"]
    assert math.degrees(math.atan2(c, a)) == pytest.approx(30) and rect["rotation"] == pytest.approx(math.radians(30))
    assert rect["size"] == {"x": 200.0, "y": 100.0}
    frame = nodes["10:1"]["absoluteBoundingBox"]
    box = aabb((a, b, tx, c, d, ty), 200, 100)
    got = rect["absoluteBoundingBox"]
    assert (got["x"], got["y"], got["width"], got["height"]) == pytest.approx(
        (frame["x"] + box[0], frame["y"] + box[1], box[2], box[3])
    )
    row = nodes["10:16"]
    assert row["type"] == "INSTANCE" and row["componentId"] == "99:1"
    assert (row["layoutMode"], row["layoutWrap"], row["primaryAxisSizingMode"], row["counterAxisSizingMode"]) == (
        "HORIZONTAL",
        "WRAP",
        "FIXED",
        "AUTO",
    )
    grow = nodes["10:18"]
    assert (grow["layoutSizingHorizontal"], grow["layoutGrow"], grow["layoutAlign"]) == ("FILL", 1, "STRETCH")
    text = nodes["10:2"]
    assert text["characters"].startswith("Hello 🌍 world\nSecond line\u2028soft")
    assert text["characterStyleOverrides"][9:14] == [1] * 5
    assert text["lineTypes"][2:] == ["UNORDERED", "UNORDERED", "ORDERED"] and text["lineIndentations"][4] == 2
    assert nodes["10:4"]["fills"][0]["imageRef"] == "imgref1"
    assert (tmp_path / "f.figma.images" / "imgref1.png").read_bytes().startswith(b"\x89PNG")
    assert nodes["10:10"]["type"] == "BOOLEAN_OPERATION" and nodes["10:10"]["booleanOperation"] == "SUBTRACT"


def test_figma_slides_written_as_slide_nodes(tmp_path: Path) -> None:
    deck = read_figma(FIGMA / "slides.figma.json")
    out = tmp_path / "s.figma.json"
    write_figma(deck, out)
    doc = json.loads(out.read_text())
    (canvas,) = doc["document"]["children"]
    (grid,) = canvas["children"]
    assert grid["type"] == "SLIDE_GRID"
    assert [[s["id"] for s in row["children"]] for row in grid["children"]] == [["3:2", "3:4"], ["3:7"]]
    assert [r["id"] for r in grid["children"]] == ["3:1", "3:6"]
    assert _by_id(doc)["3:7"]["isSkippedSlide"] is True and doc["editorType"] == "slides"


def _semantic_deck() -> Deck:
    theme_red = Color(r=0.8, g=0.1, b=0.1, ref=ColorRef(scheme="accent2"))
    box = TextBody(
        paragraphs=[Paragraph(runs=[Run(text="In a box")])],
        insets=Sides(top=5, right=10, bottom=5, left=10),
        vertical_align="CENTER",
    )
    table = TableNode(
        id="t1",
        x=100,
        y=300,
        width=300,
        height=80,
        columns=[100.0, 200.0],
        rows=[
            TableRow(
                height=40, cells=[TableCell(text=TextBody.from_text("a")), TableCell(text=TextBody.from_text("b"))]
            ),
            TableRow(height=40, cells=[TableCell(text=TextBody.from_text("c"), col_span=2), TableCell(h_merged=True)]),
        ],
    )
    chart = ChartData(categories=["Q1", "Q2"], series=[ChartSeries(name="sales", values=[3.0, 5.0])], title="Sales")
    children = [
        RectangleNode(id="r1", x=10, y=10, width=100, height=50, fills=[SolidPaint(color=theme_red)]),
        ShapeNode(id="sh1", x=200, y=10, width=120, height=80, preset="rightArrow", fills=[SolidPaint()]),
        TextNode(id="tx1", x=10, y=120, width=200, height=60, text=box, fills=[SolidPaint(color=Color(b=1.0))]),
        table,
        FrameNode(id="f1", x=500, y=300, width=100, height=100, rotation=33.3, flip_v=True),
        ChartNode(id="c1", x=700, y=100, width=400, height=300, chart=chart),
        MathNode(id="m1", x=700, y=450, width=200, height=80, latex=r"\frac{a}{b}+x^2"),
    ]
    deck = Deck(width=1280, height=720, slides=[Slide(id="s1", children=children, notes="speaker notes")])
    png = (FIGMA / "features.figma.images" / "imgref1.png").read_bytes()
    key = deck.add_asset(png, "image/png")
    image = ImagePaint(asset=key, image_ref="ppt/media/image1.png", scale_mode="STRETCH")
    deck.slides[0].children.append(ImageNode(id="i1", x=10, y=500, width=80, height=60, image=image))
    return deck


def test_kinds_figma_lacks_are_drawn_and_restored(tmp_path: Path) -> None:
    deck = _semantic_deck()
    out = tmp_path / "sem.figma.json"
    report = write_figma(deck, out, embed_ir=True)
    back = read_figma(out)
    assert _no_provenance(_ir(back)) == _no_provenance(_ir(deck))
    nodes = _by_id(json.loads(out.read_text()))
    # a text box is a vertical auto-layout frame padded by the insets, centred like the text
    box = nodes["tx1"]
    assert (box["type"], box["layoutMode"], box["paddingLeft"], box["paddingTop"]) == ("FRAME", "VERTICAL", 10, 5)
    assert box["primaryAxisAlignItems"] == "CENTER" and nodes["tx1:text"]["type"] == "TEXT"
    assert nodes["tx1:text"]["relativeTransform"][0][2] == 10 and nodes["tx1:text"]["layoutSizingHorizontal"] == "FILL"
    # an image is a rectangle with an IMAGE fill whose imageRef names a file of the images folder
    ref = nodes["i1"]["fills"][0]["imageRef"]
    assert ref == deck.slides[0].children[-1].image.asset and (tmp_path / "sem.figma.images" / f"{ref}.png").is_file()
    assert nodes["t1"]["type"] == "FRAME" and nodes["t1:t1c0"]["characters"] == "c"
    assert nodes["t1:r1c0"]["size"]["x"] == 300  # the merged cell spans both columns
    if importlib.util.find_spec("ace_core.drawing") is None:  # drawings not available: boxes
        assert {e.feature for e in report.entries} >= {"shape-geometry", "chart-drawing", "math-drawing"}
        return
    assert nodes["c1"]["type"] == "FRAME" and any(nodes[k].get("characters") == "Sales" for k in nodes)
    bars = [n for k, n in nodes.items() if k.startswith("c1:") and n["type"] == "RECTANGLE"]
    assert len(bars) >= 2  # the legend key and the bars
    assert nodes["sh1"]["type"] == "VECTOR" and "L" in nodes["sh1"]["fillGeometry"][0]["path"]  # the arrow
    assert nodes["m1"]["type"] == "VECTOR" and len(nodes["m1"]["fillGeometry"]) >= 4  # glyphs and the fraction bar
    assert not any(e.feature in ("shape-geometry", "chart-drawing", "math-drawing") for e in report.entries)


def test_edit_in_figma_wins_over_round_trip_data(tmp_path: Path) -> None:
    deck = _semantic_deck()
    out = tmp_path / "sem.figma.json"
    write_figma(deck, out, embed_ir=True)
    doc = json.loads(out.read_text())
    rect = _by_id(doc)["r1"]
    assert "ir" in rect["sharedPluginData"]["ace"]  # the theme reference is kept for ACE
    assert read_figma(out).find("r1")[1].fills[0].color.ref.scheme == "accent2"
    rect["fills"][0]["color"] = {"r": 0.0, "g": 1.0, "b": 0.0, "a": 1.0}  # recoloured in Figma
    rect["relativeTransform"][0][2] = 42.0  # and moved
    table = _by_id(doc)["t1"]
    table["relativeTransform"][0][2] = 150.0
    out.write_text(json.dumps(doc))
    back = read_figma(out)
    node = back.find("r1")[1]
    assert node.fills[0].color.hex == "#00FF00" and node.fills[0].color.ref is None and node.x == 42
    moved = back.find("t1")[1]
    assert isinstance(moved, TableNode) and moved.x == 150 and moved.rows[1].cells[0].col_span == 2


def test_convert_through_figma_keeps_ids(tmp_path: Path) -> None:
    src = FIGMA / "morphr-design.json"
    mid = tmp_path / "deck.json"
    result = convert(src, mid)
    assert result.source_format == "figma" and result.target_format == "ir"
    again = tmp_path / "again.figma.json"
    result = convert(mid, again)
    assert result.target_format == "figma"
    ids = [n.id for _, n in read_figma(src).iter_nodes()]
    assert [n.id for _, n in read_figma(again).iter_nodes()] == ids


def test_patch_mode_carries_what_the_ir_does_not_model(tmp_path: Path) -> None:
    src = FIGMA / "figmactx-figma-response-oddit.json"
    deck = read_figma(src)
    out = tmp_path / "patched.figma.json"
    write_figma(deck, out)
    doc = json.loads(out.read_text())
    nodes = _by_id(doc)
    original = _by_id({"document": json.loads(src.read_text())["nodes"]["9204:10701"]["document"]})
    assert nodes["9204:10665"]["styles"] == original["9204:10665"]["styles"]  # style bindings
    assert nodes["9204:10665"]["style"]["fontPostScriptName"] == "SuisseIntl-Medium"
    assert "componentProperties" in nodes["9204:10676"] and "9172:105" in doc["styles"]
    # an edited node is rewritten from the IR alone; the others are still patched
    deck.find("9204:10665")[1].text.style.fill = SolidPaint(color=Color(r=1.0))
    write_figma(deck, out)
    nodes = _by_id(json.loads(out.read_text()))
    assert "styles" not in nodes["9204:10665"] and "styles" in nodes["9204:10667"]
    assert _no_provenance(_ir(read_figma(out))) == _no_provenance(_ir(deck))  # fingerprints are new
    write_figma(deck, out, fresh=True)
    assert "styles" not in _by_id(json.loads(out.read_text()))["9204:10667"]


def test_empty_deck_round_trips(tmp_path: Path) -> None:
    deck = Deck(width=1280, height=720, name="empty")
    out = tmp_path / "empty.figma.json"
    write_figma(deck, out, embed_ir=True)
    back = read_figma(out)
    assert _ir(back) == _ir(deck) and back.report.by_feature() == {"no-slides": 1}


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "fixtures" / "pptx").glob("*.ppt*")))
def test_pptx_decks_round_trip_through_figma(name: str, tmp_path: Path) -> None:
    """Any IR (here read from .pptx: placeholders, tables, charts, theme colours...) -> Figma -> IR."""
    from adapters import read

    deck = read(ROOT / "fixtures" / "pptx" / name)
    out = tmp_path / "deck.figma.json"
    write_figma(deck, out, embed_ir=True)
    assert _no_provenance(_ir(read_figma(out))) == _no_provenance(_ir(deck))


def test_a_chart_s_user_shapes_are_drawn_over_it(tmp_path: Path) -> None:
    """shapecrawler-021 #2: the chart draws four text boxes over itself (c:userShapes, the year
    labels). The Figma writer draws the chart itself, and left them out (the HTML writer drew
    them): now they are TEXTs in the chart's frame, and the deck read back shows their text."""
    from adapters.api import read

    deck = read(Path(__file__).resolve().parents[1] / "fixtures" / "pptx" / "shapecrawler-021.pptx")
    chart = next(n for n in deck.slides[1].iter_nodes() if n.id == "s263.4")
    assert [u.text.plain_text for u in chart.chart.user_shapes] == ["2012", "2011", "2010", "2013"]
    write_figma(deck, tmp_path / "deck.figma.json")
    doc = json.loads((tmp_path / "deck.figma.json").read_text())

    def texts(node: dict) -> list[str]:
        own = [node["characters"]] if node.get("type") == "TEXT" else []
        return own + [t for c in node.get("children", []) for t in texts(c)]

    def find(node: dict) -> dict | None:
        if node.get("id") == chart.id:
            return node
        return next((f for c in node.get("children", []) if (f := find(c)) is not None), None)

    frame = find(doc["document"])
    assert frame is not None and {"2010", "2011", "2012", "2013"} <= set(texts(frame))
    back = read_figma(tmp_path / "deck.figma.json")
    shown = [getattr(n, "text", None) for n in back.slides[1].iter_nodes()]
    assert {"2010", "2011", "2012", "2013"} <= {b.plain_text for b in shown if b is not None}
