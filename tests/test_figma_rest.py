"""Figma JSON that Figma's REST specification accepts and that stands without ACE's IR copy: every
written file validates against @figma/rest-api-spec (fixtures/figma-spec), the standard fields alone
carry text boxes, tables, notes and images, every asset is written or reported, and figma -> IR ->
figma keeps the standard fields it read (compared field by field)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from ace_core.ir import Deck, ImageNode, ImagePaint, Sides, Slide, TableNode
from ace_core.ir.nodes import EmbeddedObject
from adapters import read, write
from adapters.figma.read import read_figma
from adapters.figma.write import write_figma
from tests.conftest import CORPUS, needs_chromium
from tests.figma_spec import errors, property_defaults
from tests.test_figma_write import _semantic_deck

ROOT = Path(__file__).resolve().parents[1]
FIGMA = ROOT / "fixtures" / "figma"
CORPUS_FIGMA = CORPUS / "figma"
DECKS = sorted([*(ROOT / "fixtures" / "pptx").glob("*.pp*"), *(ROOT / "fixtures" / "decks").glob("*.pptx")])
FIGMA_FILES = sorted(p for p in FIGMA.glob("*.json") if p.name != "slides.figma.json")


def _walk(node: dict[str, Any]):
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(n.get("children") or [])


def _written(deck: Deck, tmp: Path, **options: Any) -> dict[str, Any]:
    out = tmp / "out.figma.json"
    write_figma(deck, out, **options)
    return json.loads(out.read_text())


# -- the specification -----------------------------------------------------------------------


def test_the_validator_finds_what_the_spec_requires(tmp_path: Path) -> None:
    doc = _written(read_figma(FIGMA / "morphr-design.json"), tmp_path)
    assert errors(doc) == []
    frame = next(n for n in _walk(doc["document"]) if n["type"] == "FRAME")
    del frame["scrollBehavior"]
    found = errors(doc)
    assert found and "'scrollBehavior' is a required property" in found[0]
    doc["editorType"] = "slides"
    assert any("editorType" in e for e in errors(doc))


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.name)
def test_decks_written_as_figma_validate(path: Path, tmp_path: Path) -> None:
    doc = _written(read(path), tmp_path)
    assert errors(doc) == []
    assert not any("ace" in (n.get("sharedPluginData") or {}) for n in _walk(doc["document"]))  # no IR copy
    assert errors(_written(read(path), tmp_path, embed_ir=True)) == []


@pytest.mark.parametrize("path", FIGMA_FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("fresh", [False, True], ids=["patched", "fresh"])
def test_figma_files_written_again_validate(path: Path, fresh: bool, tmp_path: Path) -> None:
    """The fixtures include API responses that do not validate themselves (nulls, missing fields):
    what ACE writes from them does."""
    assert errors(_written(read_figma(path), tmp_path, fresh=fresh)) == []


def test_ir_and_semantic_decks_validate(fixtures_dir: Path, tmp_path: Path) -> None:
    for deck in (Deck.load(fixtures_dir / "ir" / "sample.json"), _semantic_deck(), Deck(name="empty")):
        assert errors(_written(deck, tmp_path)) == []
    slides = read_figma(FIGMA / "slides.figma.json")
    assert errors(_written(slides, tmp_path, slides=False)) == []  # as a design file
    doc = _written(slides, tmp_path)  # as Figma Slides: node types the spec does not list
    assert {e.split(": ")[0] for e in errors(doc)} == {"editorType", "document/children/0/children/0/type"}


@needs_chromium
@pytest.mark.render
def test_html_decks_written_as_figma_validate(tmp_path: Path) -> None:
    for path in sorted((ROOT / "fixtures" / "html").glob("*.html")):
        assert errors(_written(read(path), tmp_path)) == [], path.name


# -- standing on the standard fields ---------------------------------------------------------


def test_standard_fields_alone_carry_text_boxes_tables_notes_and_images(tmp_path: Path) -> None:
    deck = _semantic_deck()
    out = tmp_path / "sem.figma.json"
    report = write_figma(deck, out)
    doc = json.loads(out.read_text())
    assert "sharedPluginData" not in json.dumps(doc)
    back = read_figma(out)
    (slide,) = back.slides
    assert slide.notes == "speaker notes"
    box = back.find("tx1")[1]  # a text box with a fill: in Figma, a rectangle holding text
    assert box.type == "RECTANGLE" and box.text.plain_text == "In a box" and box.fills
    assert box.text.insets.left == 10 and box.text.vertical_align == "CENTER"
    table = back.find("t1")[1]
    assert isinstance(table, TableNode) and table.columns == [100.0, 200.0]
    cells = table.rows[1].cells
    assert [c.text.plain_text for c in table.rows[0].cells] == ["a", "b"]
    assert cells[0].col_span == 2 and cells[1].h_merged and cells[0].text.plain_text == "c"
    arrow = back.find("sh1")[1]
    assert arrow.type == "VECTOR" and arrow.paths  # the preset drawn as a path
    image = back.find("i1")[1]
    assert isinstance(image, ImageNode) and back.asset_bytes(image.image.asset).startswith(b"\x89PNG")
    image_map = json.loads((tmp_path / "sem.figma.images" / "images.json").read_text())
    assert errors(image_map, "images") == []
    ref = doc_ref = next(n for n in _walk(doc["document"]) if n["id"] == "i1")["fills"][0]["imageRef"]
    assert (tmp_path / "sem.figma.images" / image_map["meta"]["images"][doc_ref]).is_file() and ref
    lost = {e.feature: e for e in report.entries}
    assert {"figma-chart", "figma-math", "figma-shape"} <= set(lost)  # what the file cannot hold, said
    assert "its data" in lost["figma-chart"].reason and lost["figma-chart"].node_id == "c1"


def test_embed_ir_restores_the_ir_and_writes_every_asset(tmp_path: Path) -> None:
    deck = read(ROOT / "fixtures" / "pptx" / "pypptx-shp-access-ole-object.pptx")
    objects = [n for _, n in deck.iter_nodes() if isinstance(n, ImageNode) and n.embedded is not None]
    assert objects
    out = tmp_path / "ole.figma.json"
    write_figma(deck, out, embed_ir=True)
    for node in objects:  # the OLE payloads sit in the images folder beside the image fills
        assert any(p.name.startswith(node.embedded.asset) for p in (tmp_path / "ole.figma.images").iterdir())
    back = read_figma(out)
    again = [n for _, n in back.iter_nodes() if isinstance(n, ImageNode) and n.embedded is not None]
    assert [n.embedded.asset for n in again] == [n.embedded.asset for n in objects]
    assert all(back.store.has(n.embedded.asset) for n in again)
    report = write_figma(deck, tmp_path / "plain.figma.json")  # without the copy: reported
    assert any(e.feature == "figma-field" and "embedded" in e.reason for e in report.entries)


def test_figma_to_pptx_and_html_never_fail_on_missing_assets(tmp_path: Path) -> None:
    """The IR copy references an SVG original and an OLE payload whose files were not kept."""
    from adapters.html.write import write_html
    from adapters.ooxml.writer import write_pptx

    deck = _semantic_deck()
    image = deck.slides[0].children[-1]
    assert isinstance(image, ImageNode)
    image.svg_asset = deck.add_asset(b"<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'/>", "image/svg+xml")
    image.embedded = EmbeddedObject(kind="ole", asset=deck.add_asset(b"\xd0\xcf\x11\xe0ole", "application/x-ole"))
    out = tmp_path / "m.figma.json"
    write_figma(deck, out, embed_ir=True)
    for p in (tmp_path / "m.figma.images").iterdir():
        if p.name.startswith((image.svg_asset, image.embedded.asset)):
            p.unlink()
    back = read_figma(out)
    assert sum(e.feature == "missing-asset" for e in back.report.entries) == 2
    report = write_pptx(back, tmp_path / "m.pptx")
    assert sum(e.feature == "missing-asset" for e in report.entries) == 2
    write_html(back, tmp_path / "m.html")
    assert (tmp_path / "m.pptx").stat().st_size > 0 and (tmp_path / "m.html").stat().st_size > 0
    report = write(back, tmp_path / "m.json")  # IR JSON: the dangling references are dropped, said
    assert sum(e.feature == "missing-asset" for e in report.entries) == 2
    assert Deck.load(tmp_path / "m.json").find("i1") is not None


def test_hidden_notes_layer_of_any_figma_file_becomes_notes(tmp_path: Path) -> None:
    doc = json.loads((FIGMA / "morphr-design.json").read_text())
    frame = next(n for n in _walk(doc["document"]) if n["type"] == "FRAME")
    notes = {"id": "9:9", "name": "Speaker notes", "type": "TEXT", "visible": False, "characters": "Say hi"}
    frame.setdefault("children", []).append(notes)
    (tmp_path / "n.json").write_text(json.dumps(doc))
    deck = read_figma(tmp_path / "n.json")
    slide = next(s for s in deck.slides if s.id == frame["id"])
    assert slide.notes == "Say hi" and deck.find("9:9") is None


def test_table_rows_grow_to_their_text(tmp_path: Path) -> None:
    from ace_core.ir.semantic import TableCell, TableRow
    from ace_core.ir.text import TextBody

    long = TextBody.from_text("one\ntwo\nthree\nfour")
    table = TableNode(
        id="t",
        width=200,
        height=40,
        columns=[100.0, 100.0],
        rows=[TableRow(height=0, cells=[TableCell(text=long)] * 2)],
    )
    doc = _written(Deck(slides=[Slide(id="s", children=[table])]), tmp_path)
    cell = next(n for n in _walk(doc["document"]) if n["id"] == "t:r0c0")
    assert cell["size"]["y"] > 60  # four lines of 16 px text, not the stored 0


def test_shrunk_text_is_written_at_the_size_that_fits_its_box(tmp_path: Path) -> None:
    """Figma has no shrink-on-overflow: a normAutofit body is written at the size it is drawn at,
    refitted to its box as PowerPoint and LibreOffice refit on load (the stored 100 % is stale
    once the box is smaller than its text), and that text read back fits the box. Unshrunk text
    that fits keeps its size."""
    from adapters.html.text import fit_scale

    deck = read(ROOT / "fixtures" / "pptx" / "poi-stress013.pptx")
    node = next(n for n in deck.slides[0].iter_nodes() if n.id == "s256.3")
    assert node.text.autofit == "SHRINK" and node.text.font_scale == 100.0
    size = max(r.style.font_size or p.style.font_size or 0 for p in node.text.paragraphs for r in p.runs)
    (tmp_path / "fits").mkdir()
    fitting = _written(deck, tmp_path / "fits")  # LibreOffice draws these two lines unshrunk too
    text = next(n for n in _walk(fitting["document"]) if n["id"] == "s256.3:text")
    assert max(o["fontSize"] for o in text["styleOverrideTable"].values() if "fontSize" in o) == size
    node.height *= 0.6  # a box smaller than its text, the stored scale unchanged
    doc = _written(deck, tmp_path)
    text = next(n for n in _walk(doc["document"]) if n["id"] == "s256.3:text")
    sizes = [o["fontSize"] for o in text["styleOverrideTable"].values() if "fontSize" in o]  # the runs' sizes
    assert sizes and 0.4 * size < max(sizes) < 0.9 * size
    back = next(n for n in read_figma(tmp_path / "out.figma.json").slides[0].iter_nodes() if n.id == "s256.3")
    assert back.text.autofit == "NONE"
    back_sizes = [r.style.font_size for p in back.text.paragraphs for r in p.runs if r.style.font_size]
    assert back_sizes and max(back_sizes) == pytest.approx(max(sizes))  # read back at the size drawn
    scale = fit_scale(node.text, node.width, node.height, ooxml=True, refit_unscaled=True)
    assert scale is not None and max(sizes) == pytest.approx(size * scale / 100, rel=0.02)


# -- figma -> IR -> figma keeps the standard fields ------------------------------------------

# what the IR reads of a node (and so must write back, even from the IR alone): per type, beyond
# the geometry (relativeTransform, size) compared for every node
_READ = {"name", "visible", "opacity", "blendMode", "fills", "effects", "cornerRadius", "rectangleCornerRadii"}
_READ |= {"layoutMode", "itemSpacing", "paddingLeft", "paddingRight", "paddingTop", "paddingBottom", "layoutWrap"}
_READ |= {"primaryAxisAlignItems", "counterAxisAlignItems", "layoutPositioning", "constraints", "clipsContent"}
_READ |= {"characters", "lineTypes", "lineIndentations", "isMask", "booleanOperation", "componentId", "arcData"}
_STROKE = {"strokes", "strokeWeight", "strokeAlign", "strokeDashes", "strokeJoin", "individualStrokeWeights"}
_STYLE = {"fontFamily", "fontSize", "fontWeight", "italic", "textDecoration", "textCase", "letterSpacing"}
_STYLE |= {"textAlignHorizontal", "textAlignVertical", "paragraphSpacing", "paragraphIndent", "hyperlink"}
_DERIVED = {"absoluteBoundingBox", "absoluteRenderBounds", "children"}  # recomputed from the geometry
_ANGLES = {"rotation"}  # radians: -pi and pi are one angle


_UNMODELLED = {"boundVariables"}  # variable bindings: the IR has no variables (carried when patched)


def _kept(source: Any, written: Any, key: str = "", fresh: bool = False) -> bool:
    """True when `written` holds everything `source` says: every field of a dict (a field left
    out means the spec's default; null means not set), lists item by item, numbers to 1e-3."""
    if source is None:
        return True
    if isinstance(source, dict):
        if not isinstance(written, dict):
            return False
        defaults = property_defaults()
        for k, v in source.items():
            if fresh and k in _UNMODELLED:
                continue
            if k in written:
                if not _kept(v, written[k], k, fresh):
                    return False
            elif (
                v is not None and not (k in defaults and defaults[k] == v) and not (k == "blendMode" and v == "NORMAL")
            ):
                return False
        return True
    if isinstance(source, list):
        return (
            isinstance(written, list)
            and len(source) == len(written)
            and all(_kept(a, b, key, fresh) for a, b in zip(source, written, strict=True))
        )
    if isinstance(source, int | float) and not isinstance(source, bool):
        if not isinstance(written, int | float) or isinstance(written, bool):
            return False
        gap = abs(source - written)
        if key in _ANGLES:
            gap = min(gap, abs(gap - 2 * math.pi))
        return gap <= 1e-3 * max(1.0, abs(source))
    return source == written


def _nodes(data: Any) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if isinstance(item.get("id"), str) and isinstance(item.get("type"), str):
                out.setdefault(item["id"], item)
                stack.extend(item.get("children") or [])
            else:
                stack.extend(v for v in item.values() if isinstance(v, dict | list))
        elif isinstance(item, list):
            stack.extend(item)
    return out


def _field_diff(source: Path, tmp: Path, fresh: bool) -> tuple[list[str], int]:
    """(differences 'node.field', fields compared) between a Figma file and ACE's rewrite of it."""
    deck = read_figma(source)
    lossy = {e.node_id for e in deck.report.entries}  # a read that said what it changed or dropped
    before = _nodes(json.loads(source.read_text()))
    after = _nodes(_written(deck, tmp, fresh=fresh))
    kept = {n.id for _, n in deck.iter_nodes()} | {s.id for s in deck.slides}
    diffs, compared = [], 0
    defaults = property_defaults()
    for ident, node in before.items():
        if ident not in kept or ident in lossy or node["type"] in ("DOCUMENT", "CANVAS"):
            continue
        other = after[ident]
        keys = set(node) - _DERIVED
        if fresh:
            keys &= _READ | {"relativeTransform", "size"} | (_STROKE if node.get("strokes") else set()) | {"style"}
        for key in sorted(keys):
            mine = node[key]
            if key == "style" and fresh and isinstance(mine, dict):
                mine = {k: v for k, v in mine.items() if k in _STYLE}
            compared += 1
            missing_ok = key not in other and (mine is None or defaults.get(key, object()) == mine)
            if not missing_ok and not _kept(mine, other.get(key), key, fresh):
                diffs.append(f"{ident}.{key}: {str(mine)[:70]} != {str(other.get(key))[:70]}")
    return diffs, compared


ROUND_TRIP = [*FIGMA_FILES, *sorted(CORPUS_FIGMA.glob("*.json"))]


@pytest.mark.parametrize("path", ROUND_TRIP, ids=lambda p: f"{p.parent.name}/{p.name}")
@pytest.mark.parametrize("fresh", [False, True], ids=["patched", "fresh"])
def test_round_trip_keeps_every_standard_field_it_read(path: Path, fresh: bool, tmp_path: Path) -> None:
    """Patched (the default for a Figma source): every field of every node comes back. Fresh (from
    the IR alone): every field the reader reads. Nodes whose read reported a loss are left out."""
    if not path.is_file():
        pytest.skip("corpus not present")
    diffs, compared = _field_diff(path, tmp_path, fresh)
    assert compared > 10
    assert diffs == []


def test_absolute_boxes_follow_the_geometry(tmp_path: Path) -> None:
    doc = _written(read_figma(FIGMA / "features.figma.json"), tmp_path)
    for node in _walk(doc["document"]):
        box, rt = node.get("absoluteBoundingBox"), node.get("relativeTransform")
        if box is not None and rt is not None:
            (a, b, _), (c, d, _) = rt
            w, h = node["size"]["x"], node["size"]["y"]
            assert math.isclose(box["width"], abs(a) * w + abs(b) * h, abs_tol=1e-6)
            assert math.isclose(box["height"], abs(c) * w + abs(d) * h, abs_tol=1e-6)


def test_images_folder_option_and_image_map(tmp_path: Path) -> None:
    deck = _semantic_deck()
    folder = tmp_path / "pics"
    write_figma(deck, tmp_path / "d.figma.json", images_dir=folder)
    assert (folder / "images.json").is_file() and not (tmp_path / "d.figma.images").exists()
    back = read_figma(tmp_path / "d.figma.json", image_map=folder / "images.json")
    image = back.find("i1")[1]
    assert isinstance(image, ImageNode) and isinstance(image.image, ImagePaint) and image.image.asset


def test_cli_writes_images_where_asked_and_the_ir_copy_on_request(capsys, tmp_path: Path) -> None:
    from tests.test_cli import run

    src = ROOT / "fixtures" / "pptx" / "shapecrawler-059_crop-images.pptx"
    out, pics = tmp_path / "d.figma.json", tmp_path / "pics"
    code, _, _ = run(capsys, "convert", str(src), str(out), "--images", str(pics))
    assert code == 0 and (pics / "images.json").is_file() and "sharedPluginData" not in out.read_text()
    code, _, _ = run(capsys, "convert", str(out), str(tmp_path / "back.pptx"), "--images", str(pics))
    assert code == 0 and (tmp_path / "back.pptx").is_file()
    code, _, _ = run(capsys, "convert", str(src), str(tmp_path / "e.figma.json"), "--embed-ir")
    assert code == 0 and '"ace"' in (tmp_path / "e.figma.json").read_text()


# -- vector geometry ------------------------------------------------------------------------


def test_stroked_paths_get_stroke_geometry_and_read_back_as_lines(tmp_path: Path) -> None:
    """An OOXML preset mixing a fill-only path and open stroke-only paths (bracketPair): fillGeometry
    holds the fill, strokeGeometry the area the stroke paints along the open paths (so a consumer
    that only fills the REST geometry draws the brackets), and the reader keeps which path is a
    line; a file whose fillGeometry another tool changed is read from the standard fields."""
    from ace_core.ir import ShapeNode
    from ace_core.ir.style import SolidPaint, Stroke
    from adapters.figma.outline import stroke_outline

    red = SolidPaint.model_validate({"color": {"r": 1.0}})
    shape = ShapeNode(id="b", preset="bracketPair", x=10, y=10, width=120, height=100, strokes=[Stroke(paint=red)])
    doc = _written(Deck(slides=[Slide(id="s", children=[shape])]), tmp_path)
    assert errors(doc) == []
    node = next(n for n in _walk(doc["document"]) if n["id"] == "b")
    kinds = [(p["windingRule"] != "NONE") for p in node["vectorPaths"]]
    assert True in kinds and False in kinds  # a filled path and open lines
    opened = [p["data"] for p in node["vectorPaths"] if p["windingRule"] == "NONE"]
    assert [g["path"] for g in node["strokeGeometry"]] == [stroke_outline(d, 1.0) for d in opened]
    assert all(g["path"].count("Z") >= 1 for g in node["strokeGeometry"])  # closed areas to fill
    back = read_figma(tmp_path / "out.figma.json").slides[0].children[0]
    assert [(p.filled, p.stroked) for p in back.paths] == [(p.filled, p.stroked) for p in shape_paths(shape)]
    node["fillGeometry"][0]["path"] = "M0 0L5 0L5 5Z"  # edited elsewhere: vectorPaths no longer agrees
    (tmp_path / "edited.json").write_text(json.dumps(doc))
    edited = read_figma(tmp_path / "edited.json").slides[0].children[0]
    assert [p.d for p in edited.paths] == ["M0 0L5 0L5 5Z"]


def shape_paths(shape: Any) -> list[Any]:
    from adapters.figma.vectors import preset_paths

    return preset_paths(shape.preset, shape.width, shape.height, shape.adjustments) or []


def test_stroke_outline_covers_the_line() -> None:
    """The outline is the band of half the weight on each side of the line, caps and joins included."""
    from adapters.figma.outline import stroke_outline

    assert stroke_outline("M0 0L100 0", 10) == "M0 5L100 5L100 -5L0 -5Z"
    assert stroke_outline("M0 0L100 0", 10, "SQUARE") == "M0 5L100 5L105 5L105 -5L100 -5L0 -5L-5 -5L-5 5Z"
    corner = stroke_outline("M0 0L100 0L100 100", 10)  # miter join at the corner
    assert "L95 5" in corner and "L105 -5" in corner
    ring = stroke_outline("M0 0L100 0L100 100L0 100Z", 4)
    assert ring.count("M") == 2  # a closed path: outer and inner rings
    assert stroke_outline("M0 0L100 0", 0) == ""


def test_a_placeholder_with_no_box_anywhere_is_hidden(tmp_path: Path) -> None:
    """PowerPoint and LibreOffice do not draw a placeholder that has no box of its own nor in its
    layout or master; Figma gets it hidden, with its text."""
    from ace_core.ir import TextBody, TextNode
    from ace_core.ir.nodes import Placeholder

    title = TextNode(id="t", placeholder=Placeholder(type="title"), text=TextBody.from_text("Title"))
    shown = TextNode(id="u", placeholder=Placeholder(type="body"), width=200, height=40, text=TextBody.from_text("x"))
    doc = _written(Deck(slides=[Slide(id="s", children=[title, shown])]), tmp_path)
    nodes = {n["id"]: n for n in _walk(doc["document"])}
    assert nodes["t"]["visible"] is False and "Title" in json.dumps(nodes["t"])
    assert nodes["u"]["visible"] is True


def test_table_rows_are_as_tall_as_their_characters(tmp_path: Path) -> None:
    """A cell whose paragraph default is 24 px and whose runs are 13.33 px (a table style under
    run sizes) gets a row for 13.33 px lines, as Figma and PowerPoint size lines by their characters."""
    from ace_core.ir.semantic import TableCell, TableRow
    from ace_core.ir.text import Paragraph, Run, TextBody, TextStyle

    para = Paragraph(runs=[Run(text="Office Theme", style=TextStyle(font_size=13.33))], style=TextStyle(font_size=24))
    cell = TableCell(text=TextBody(paragraphs=[para], style=TextStyle(font_family="Liberation Sans")))
    table = TableNode(id="t", width=200, height=0, columns=[200.0], rows=[TableRow(height=0, cells=[cell])])
    doc = _written(Deck(slides=[Slide(id="s", children=[table])]), tmp_path)
    rect = next(n for n in _walk(doc["document"]) if n["id"] == "t:r0c0")
    assert 20 < rect["size"]["y"] < 28  # 13.33 px lines (~15 px) + 9.6 px margins, not a 24 px strut


def test_chart_labels_keep_the_drawing_font(tmp_path: Path) -> None:
    """The chart drawing's font-family sits on its root <svg>: every label inherits it."""
    deck = read(ROOT / "fixtures" / "pptx" / "docx4j-pptx-chart.pptx")
    doc = _written(deck, tmp_path)
    texts = [n for n in _walk(doc["document"]) if n["type"] == "TEXT" and ":" in n["id"]]
    assert texts and all(n["style"]["fontFamily"] != "Inter" for n in texts)


def test_superscript_and_subscript_are_opentype_flags(tmp_path: Path) -> None:
    """Figma's superscript / subscript are the OpenType SUPS / SUBS features of the characters."""
    from ace_core.ir import TextBody, TextNode
    from ace_core.ir.text import Paragraph, Run, TextStyle

    runs = [
        Run(text="2"),
        Run(text="nd", style=TextStyle(baseline=0.3)),
        Run(text="x", style=TextStyle(baseline=-0.25)),
    ]
    node = TextNode(id="t", width=100, height=30, text=TextBody(paragraphs=[Paragraph(runs=runs)], insets=Sides()))
    doc = _written(Deck(slides=[Slide(id="s", children=[node])]), tmp_path)
    table = next(n for n in _walk(doc["document"]) if n["id"] == "t")["styleOverrideTable"]
    assert sorted(json.dumps(v.get("opentypeFlags")) for v in table.values()) == ['{"SUBS": 1}', '{"SUPS": 1}']
    back = read_figma(tmp_path / "out.figma.json").slides[0].children[0]
    assert [r.style.baseline for r in back.text.paragraphs[0].runs] == [None, 0.3, -0.25]


def test_list_items_hang_their_text_right_of_the_marker(tmp_path: Path) -> None:
    """The REST API has no list indent: a list item read from Figma hangs its text one gutter
    (1 em) per level right of its marker, as Figma draws lists, so a .pptx of it has room for it."""
    from ace_core.ir import TextBody, TextNode
    from ace_core.ir.text import Bullet, Paragraph, Run, TextStyle

    items = [
        Paragraph(runs=[Run(text="one")], bullet=Bullet(type="UNORDERED", char="•")),
        Paragraph(runs=[Run(text="two")], bullet=Bullet(type="UNORDERED", char="•"), level=1),
        Paragraph(runs=[Run(text="plain")]),
    ]
    body = TextBody(paragraphs=items, style=TextStyle(font_size=20), insets=Sides())
    _written(Deck(slides=[Slide(id="s", children=[TextNode(id="t", width=300, height=90, text=body)])]), tmp_path)
    back = read_figma(tmp_path / "out.figma.json").slides[0].children[0].text.paragraphs
    assert [(p.margin_left, p.indent) for p in back] == [(20.0, -20.0), (40.0, -20.0), (None, None)]


def test_unset_font_size_is_the_project_default(tmp_path: Path) -> None:
    """A body whose first paragraph states no size (an empty <a:p><a:endParaRPr/></a:p> above sized
    runs, as poi-ececapstonespring2012 has) is written at ACE's default size (18 pt, the size the
    measurer and the .pptx and HTML writers give it), so its empty line is as tall as LibreOffice
    draws it and the lines below start where they do."""
    from ace_core.ir import TextBody, TextNode
    from ace_core.ir.text import Paragraph, Run, TextStyle
    from ace_core.layout.measure import DEFAULT_FONT_SIZE

    paras = [Paragraph(), Paragraph(runs=[Run(text="Visual effects", style=TextStyle(font_size=37.33))])]
    node = TextNode(id="t", width=400, height=200, text=TextBody(paragraphs=paras, insets=Sides()))
    doc = _written(Deck(slides=[Slide(id="s", children=[node])]), tmp_path)
    text = next(n for n in _walk(doc["document"]) if n["id"] == "t")
    assert text["style"]["fontSize"] == DEFAULT_FONT_SIZE
    back = read_figma(tmp_path / "out.figma.json").slides[0].children[0].text
    assert back.style.merged(back.paragraphs[0].style).font_size == DEFAULT_FONT_SIZE
    assert back.paragraphs[1].runs[0].style.font_size == 37.33


def test_an_empty_line_keeps_its_size_on_its_newline(tmp_path: Path) -> None:
    """An empty paragraph between sized ones (a spacer line, as in poi-60810 and
    poi-alterman_security) is as tall as its own size: Figma styles an empty line by its newline
    character, so the newline that ends it carries the paragraph's style and is read back as it."""
    from ace_core.ir import TextBody, TextNode
    from ace_core.ir.text import Paragraph, Run, TextStyle

    big = TextStyle(font_size=32.0)
    paras = [
        Paragraph(runs=[Run(text="Title line", style=big)]),
        Paragraph(style=TextStyle(font_size=8.0)),
        Paragraph(runs=[Run(text="Body line", style=big)]),
    ]
    node = TextNode(id="t", width=400, height=200, text=TextBody(paragraphs=paras, insets=Sides()))
    doc = _written(Deck(slides=[Slide(id="s", children=[node])]), tmp_path)
    text = next(n for n in _walk(doc["document"]) if n["id"] == "t")
    newline = text["characters"].index("\n", text["characters"].index("\n") + 1)  # the spacer's own newline
    assert text["styleOverrideTable"][str(text["characterStyleOverrides"][newline])]["fontSize"] == 8.0
    back = read_figma(tmp_path / "out.figma.json").slides[0].children[0].text
    sizes = [back.style.merged(p.style).font_size for p in back.paragraphs]
    assert sizes[1] == 8.0 and back.paragraphs[2].runs[0].style.font_size == 32.0


def test_vertical_text_is_a_turned_text_and_reads_back_vertical(tmp_path: Path) -> None:
    """OOXML vertical text (bodyPr vert / eaVert / vert270, tcPr vert) has no Figma field: it is
    written as a TEXT a quarter turn round, its lines along the box's height, and read back from
    that turn as vertical text (it came back as horizontal lines across the box)."""
    from ace_core.ir.semantic import TableCell, TableRow
    from ace_core.ir.text import TextBody

    deck = read(ROOT / "fixtures" / "pptx" / "oxsdk-wrapEAvert_bodyPrVert_VerticalTextEAvert.pptx")
    box = next(n for n in deck.slides[0].children if getattr(n, "text", None) is not None)
    assert box.text.vertical == "eaVert" and box.height > 2 * box.width
    up = TextBody.from_text("Header3 reads upwards")
    up.vertical = "vert270"
    table = TableNode(
        id="t", width=200, height=40, columns=[100.0, 100.0], rows=[TableRow(height=40, cells=[TableCell(text=up)] * 2)]
    )
    deck.slides[0].children.append(table)
    doc = _written(deck, tmp_path)
    assert not errors(doc)
    nodes = {n["id"]: n for n in _walk(doc["document"])}
    text = nodes[f"{box.id}:text"]
    assert text["layoutPositioning"] == "ABSOLUTE" and text["relativeTransform"][1][0] == pytest.approx(1.0)
    assert text["size"]["x"] > box.height * 0.8  # its lines run down the box
    assert nodes["t:r0c0"]["size"]["y"] == pytest.approx(40.0)  # an upward cell text does not grow its row
    assert nodes["t:t0c0"]["relativeTransform"][1][0] == pytest.approx(-1.0)
    back = read_figma(tmp_path / "out.figma.json").slides[0].children
    assert back[0].text.vertical == "vert" and back[0].width == pytest.approx(box.width)
    assert back[-1].rows[0].cells[0].text.vertical == "vert270"


def test_a_node_takes_the_alignment_most_of_its_text_has(tmp_path: Path) -> None:
    """Figma has one alignment per TEXT node: empty paragraphs must not decide it (poi-
    ececapstonespring2012's subtitle: four empty left-aligned lines above eight right-aligned
    ones was written left-aligned)."""
    from ace_core.ir import TextBody, TextNode
    from ace_core.ir.text import Paragraph, Run

    paras = [Paragraph(align="LEFT") for _ in range(4)]
    paras += [Paragraph(align="RIGHT", runs=[Run(text=t)]) for t in ("Nikolaos", "Team #6", "November 29, 2011")]
    node = TextNode(id="t", width=400, height=200, text=TextBody(paragraphs=paras, insets=Sides()))
    doc = _written(Deck(slides=[Slide(id="s", children=[node])]), tmp_path)
    text = next(n for n in _walk(doc["document"]) if n["id"] == "t")
    assert text["style"]["textAlignHorizontal"] == "RIGHT"
    back = read_figma(tmp_path / "out.figma.json").slides[0].children[0].text
    assert back.align == "RIGHT"


def test_a_picture_cut_to_a_preset_keeps_its_outline(tmp_path: Path) -> None:
    """A picture whose prstGeom is not a box (shapecrawler-059: a star5) is written as a VECTOR of
    that outline filled with the image, so a standard-fields read still shows a star (it came back
    as the whole square picture)."""
    deck = read(ROOT / "fixtures" / "pptx" / "shapecrawler-059_crop-images.pptx")
    star = next(n for n in deck.slides[0].children if isinstance(n, ImageNode) and n.preset == "star5")
    doc = _written(deck, tmp_path)
    assert not errors(doc)
    node = next(n for n in _walk(doc["document"]) if n["id"] == star.id)
    assert node["type"] == "VECTOR" and node["fills"][0]["type"] == "IMAGE"
    assert len(node["fillGeometry"][0]["path"].split("L")) == 10  # five points, ten corners
    back = next(n for n in read_figma(tmp_path / "out.figma.json").slides[0].children if n.id == star.id)
    assert isinstance(back.fills[0], ImagePaint) and back.fills[0].asset


def test_a_text_highlight_is_reported_by_name(tmp_path: Path) -> None:
    # Figma has no highlight field: a highlighted run reads back without its colour behind it, and
    # the report says so by name (before: only "text.paragraphs ... not held")
    from lxml import etree
    from pptx import Presentation
    from pptx.util import Inches

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    para = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(5), Inches(1)).text_frame.paragraphs[0]
    marked, plain = para.add_run(), para.add_run()
    marked.text, plain.text = "marked", " plain"
    rpr = marked._r.get_or_add_rPr()
    a = "http://schemas.openxmlformats.org/drawingml/2006/main"
    etree.SubElement(etree.SubElement(rpr, f"{{{a}}}highlight"), f"{{{a}}}srgbClr", val="FFFF00")
    prs.save(tmp_path / "hl.pptx")
    deck = read(tmp_path / "hl.pptx")
    runs = [r for _, n in deck.iter_nodes() if n.type == "TEXT" for p in n.text.paragraphs for r in p.runs]
    assert [r.style.highlight is not None for r in runs] == [True, False]
    report = write_figma(deck, tmp_path / "hl.figma.json")
    found = [e for e in report.entries if e.feature == "figma-text-highlight"]
    assert len(found) == 1 and found[0].severity == "warning" and "1 run(s)" in found[0].reason
    marked.text = "no mark"
    rpr.remove(rpr.find(f"{{{a}}}highlight"))
    prs.save(tmp_path / "plain.pptx")
    report = write_figma(read(tmp_path / "plain.pptx"), tmp_path / "plain.figma.json")
    assert not [e for e in report.entries if e.feature == "figma-text-highlight"]


def test_an_arrow_figma_has_no_cap_for_is_its_nearest_and_reported(tmp_path: Path) -> None:
    """OOXML's stealth (notched) arrowhead has no Figma StrokeCap: written as the filled triangle
    (it was written as 'STEALTH_ARROW', which the spec rejects: unseen qmdtopptx-demo_full, 14
    errors), and the line's strokes are reported as not held."""
    from ace_core.ir.nodes import LineNode
    from ace_core.ir.style import SolidPaint, Stroke

    red = SolidPaint.model_validate({"color": {"r": 1.0}})
    arrows = {cap: Stroke(paint=red, weight=2.0, end_cap=cap) for cap in ("STEALTH_ARROW", "TRIANGLE_ARROW")}
    lines = [
        LineNode(id=cap, x=10, y=10 + 30 * i, width=200, height=0, strokes=[s])
        for i, (cap, s) in enumerate(arrows.items())
    ]
    deck = Deck(slides=[Slide(id="s", children=lines)])
    out = tmp_path / "d.figma.json"
    report = write_figma(deck, out)
    doc = json.loads(out.read_text())
    assert errors(doc) == []
    caps = {n["id"]: n.get("strokeCap") for n in _walk(doc["document"]) if n["id"] in arrows}
    assert caps == {"STEALTH_ARROW": "TRIANGLE_FILLED", "TRIANGLE_ARROW": "TRIANGLE_ARROW"}
    back = read_figma(out)
    assert back.find("TRIANGLE_ARROW")[1].strokes[0].end_cap == "TRIANGLE_ARROW"
    said = [e for e in report.entries if e.feature == "figma-field" and e.reason.startswith("strokes")]
    assert [e.node_id for e in said] == ["STEALTH_ARROW"]
