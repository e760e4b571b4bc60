"""Figma REST JSON -> IR: every corpus file, every response shape, the features fixture, errors."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from ace_core.errors import BadInputError
from ace_core.ir import FrameNode, GroupNode, ImageNode, LineNode, RectangleNode, TextNode, VectorNode
from adapters import read, registry
from adapters.figma.read import read_figma
from cli.main import main

ROOT = Path(__file__).resolve().parents[1]
FIGMA = ROOT / "fixtures" / "figma"
FEATURES = FIGMA / "features.figma.json"
SLIDES = FIGMA / "slides.figma.json"


def _manifest(folder: Path) -> list[str]:
    lines = (folder / "MANIFEST.tsv").read_text().splitlines()[1:]
    return [line.split("\t")[0] for line in lines if line.strip()]


@pytest.fixture(scope="module")
def features():
    return read_figma(FEATURES)


@pytest.mark.corpus
def test_every_corpus_file_reads(corpus_dir: Path) -> None:
    folder = corpus_dir / "figma"
    names = _manifest(folder)
    assert len(names) >= 7
    for name in names:
        path = folder / name
        assert registry().detect(path).info.name == "figma", name
        deck = read(path)
        assert deck.slides, name
        assert sum(1 for _ in deck.iter_nodes()) > 0 or name.startswith("grida-rest-api-L0-stroke"), name
        assert all(e.format == "figma" for e in deck.report.entries)


def test_response_shapes(tmp_path: Path) -> None:
    """A full file, a /nodes response, a bare node map, a single node and {"Result": ...}."""
    full = json.loads((FIGMA / "morphr-design.json").read_text())
    frame = full["document"]["children"][0]["children"][0]
    shapes = {
        "file": full,
        "result": {"Result": full},
        "nodes": {"name": "x", "nodes": {frame["id"]: {"document": frame, "components": {}}}},
        "map": {frame["id"]: {"document": frame}},
        "bare-map": {frame["id"]: frame},
        "node": frame,
    }
    decks = {}
    for key, data in shapes.items():
        path = tmp_path / f"{key}.json"
        path.write_text(json.dumps(data))
        decks[key] = read(path)
    ref = decks["file"]
    for key, deck in decks.items():
        assert [s.id for s in deck.slides] == ["332:2"], key
        assert [n.id for _, n in deck.iter_nodes()] == [n.id for _, n in ref.iter_nodes()], key
        assert (deck.width, deck.height) == (440.0, 956.0), key


def test_truncated_and_garbage_exit_2_one_line(tmp_path: Path, capsys) -> None:
    src = (FIGMA / "gpt2react-figmaData.json").read_bytes()
    cases = {
        "truncated.json": src[: len(src) // 2],
        "garbage.json": b"\x00\x01garbage\xff" * 10,
        "notfigma.figma.json": b'{"hello": [1, 2, 3]}',
        "empty.figma.json": b"   \n",
    }
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        code = main(["convert", str(path), str(tmp_path / "out.json"), "--from", "figma"])
        err = capsys.readouterr().err
        assert code == 2, name
        assert err.count("\n") == 1 and err.startswith("ace: error:") and "Traceback" not in err, (name, err)
        assert not (tmp_path / "out.json").exists()
    # without --from the truncated file is still recognised as Figma by its content
    code = main(["convert", str(tmp_path / "truncated.json"), str(tmp_path / "out.json")])
    assert code == 2 and "truncated" in capsys.readouterr().err


def test_page_and_nodes_options(tmp_path: Path) -> None:
    second = read_figma(FEATURES, page="Second")
    assert [s.id for s in second.slides] == ["50:2"]
    assert second.slides[0].section == "Chapter 2"
    picked = read_figma(FEATURES, nodes="10:16, 30:1")
    assert [s.id for s in picked.slides] == ["10:16", "30:1"]
    assert (picked.width, picked.height) == (464.0, 72.0)
    wrapper = picked.slides[0].children[0]
    assert wrapper.id == "10:16/frame" and wrapper.layout is not None  # auto-layout kept on a wrapper frame
    # the slide's frame has the slide's size; its Figma sizing (FIXED x HUG) is kept for the writer
    assert (wrapper.sizing_h, wrapper.sizing_v) == ("FIXED", "FIXED")
    assert wrapper.meta["figma"]["sizing"] == ["FIXED", "HUG"]
    with pytest.raises(BadInputError, match="no page"):
        read_figma(FEATURES, page="Nope")
    with pytest.raises(BadInputError, match="no node"):
        read_figma(FEATURES, nodes=["1:999"])


def test_slides_and_structure(features) -> None:
    deck = features
    assert [s.id for s in deck.slides] == ["10:1", "20:1", "30:1", "1:1", "50:2"]
    cover, grid, small, loose, _ = deck.slides
    assert (deck.width, deck.height) == (1280.0, 720.0)
    assert cover.background is not None and cover.background.fills[0].color.hex == "#FFFFFF"
    # GRID auto-layout and a frame of another size keep their frame (a wrapper at 0, 0)
    for slide in (grid, small):
        (wrapper,) = slide.children
        assert isinstance(wrapper, FrameNode) and wrapper.id == f"{slide.id}/frame" and (wrapper.x, wrapper.y) == (0, 0)
    assert small.children[0].width == 800.0
    assert grid.children[0].layout.mode == "GRID" and grid.children[0].layout.grid.column_sizes == [
        "100px",
        "1fr",
        "1fr",
    ]
    assert grid.children[0].children[0].meta["figma"]["grid"]["gridColumnSpan"] == 2
    # nodes on the page outside any frame make the page's own slide
    assert [n.id for n in loose.children] == ["40:1"] and (loose.children[0].x, loose.children[0].y) == (0, 0)
    assert [s.section for s in deck.slides] == ["Deck", "Deck", "Deck", "Deck", "Chapter 2"]
    features_lost = deck.report.by_feature()
    assert features_lost["figma-sticky"] == 1 and features_lost["auto-layout-grid"] == 1
    assert features_lost["missing-image"] == 1 and features_lost["vector-geometry"] == 1


def test_figma_slides(tmp_path: Path) -> None:
    deck = read_figma(SLIDES)
    assert [s.id for s in deck.slides] == ["3:2", "3:4", "3:7"]
    assert [s.hidden for s in deck.slides] == [False, False, True]
    assert [s.meta["figma"]["row"] for s in deck.slides] == ["3:1", "3:1", "3:6"]
    assert (deck.width, deck.height) == (1920.0, 1080.0)
    assert deck.slides[1].children[0].text.plain_text == "Agenda"
    assert deck.slides[1].children[0].x == 120.0


def test_text(features) -> None:
    _, node = features.find("10:2")
    assert isinstance(node, TextNode)
    body = node.text
    assert [p.text for p in body.paragraphs] == [
        "Hello 🌍 world",
        "Second line\vsoft",
        "Item one",
        "Item two",
        "Nested",
    ]
    first = body.paragraphs[0].runs
    assert [r.text for r in first] == ["Hello 🌍 ", "world"]  # overrides index UTF-16 units
    assert first[1].style.font_weight == 700 and first[1].style.fill.color.hex == "#CC1A1A"
    link = body.paragraphs[1].runs[0]
    assert link.text == "Second" and link.style.hyperlink == "https://example.com"
    assert [(p.bullet.type if p.bullet else None, p.level) for p in body.paragraphs] == [
        (None, 0),
        (None, 0),
        ("UNORDERED", 0),
        ("UNORDERED", 0),
        ("ORDERED", 1),
    ]
    assert body.paragraphs[0].line_height.unit == "PIXELS" and body.paragraphs[0].line_height.value == 40
    assert body.paragraphs[0].space_after == 8
    assert body.style.font_family == "Inter" and body.style.font_size == 32 and body.style.letter_spacing == 0.5
    assert body.style.fill.color.hex == "#1A1A33" and node.fills == []
    assert body.align == "CENTER" and body.auto_resize == "HEIGHT" and body.insets.left == 0
    assert (node.sizing_h, node.sizing_v) == ("FIXED", "HUG")


def test_geometry_and_style(features) -> None:
    _, rect = features.find("10:3")
    assert isinstance(rect, RectangleNode)
    assert (rect.x, rect.y, rect.width, rect.height) == pytest.approx((700, 60, 200, 100))
    assert rect.rotation == pytest.approx(30) and not rect.flip_h
    assert rect.corner_radii == (4, 8, 12, 16) and rect.opacity == 0.8 and rect.blend_mode == "MULTIPLY"
    assert rect.fills[0].type == "GRADIENT_RADIAL" and len(rect.fills[0].stops) == 2
    stroke = rect.strokes[0]
    assert (stroke.weight, stroke.align, stroke.dashes) == (2, "OUTSIDE", [4, 2])
    assert rect.stroke_weights.left == 4
    assert [e.type for e in rect.effects] == ["DROP_SHADOW", "LAYER_BLUR"] and rect.effects[0].offset.y == 4
    _, bare = features.find("10:23")  # no relativeTransform: bounding box + rotation (radians)
    assert (bare.width, bare.height, bare.rotation) == pytest.approx((100, 40, 90))
    assert (bare.x + bare.width / 2, bare.y + bare.height / 2) == pytest.approx((660, 530))
    _, line = features.find("10:7")
    assert isinstance(line, LineNode) and line.rotation == pytest.approx(45) and line.height == 0
    assert line.strokes[0].end_cap == "TRIANGLE_ARROW"
    _, group = features.find("10:13")
    assert isinstance(group, GroupNode) and group.flip_h and group.is_mask_group
    _, boolean = features.find("10:10")
    assert isinstance(boolean, GroupNode) and boolean.is_boolean == "SUBTRACT" and len(boolean.children) == 2
    for ident, kind in (("10:8", "STAR"), ("10:9", "REGULAR_POLYGON")):
        _, vec = features.find(ident)
        assert isinstance(vec, VectorNode) and vec.meta["figma"]["type"] == kind
        corners = vec.paths[0].d.count("L") + 1
        assert corners == (10 if kind == "STAR" else 6)
    _, ellipse = features.find("10:6")
    assert ellipse.arc == pytest.approx((0, math.pi, 0.5))


def test_auto_layout(features) -> None:
    _, row = features.find("10:16")
    assert isinstance(row, FrameNode) and row.meta["figma"] == {"type": "INSTANCE", "componentId": "99:1"}
    lay = row.layout
    assert (lay.mode, lay.wrap, lay.primary_align, lay.counter_align) == ("HORIZONTAL", True, "SPACE_BETWEEN", "CENTER")
    assert (lay.padding_left, lay.padding_top, lay.item_spacing, lay.counter_axis_spacing) == (16, 12, 16, 8)
    assert lay.strokes_included and row.clips_content and row.corner_radius == 12
    assert (row.sizing_h, row.sizing_v) == ("FIXED", "HUG")  # primary FIXED, counter AUTO
    kids = {c.id: c for c in row.children}
    assert (kids["10:17"].sizing_h, kids["10:17"].sizing_v) == ("HUG", "HUG")
    assert (kids["10:18"].sizing_h, kids["10:18"].sizing_v) == ("FILL", "FILL")  # layoutGrow + STRETCH
    assert (kids["10:19"].sizing_h, kids["10:19"].sizing_v) == ("FIXED", "HUG")  # its own AUTO primary axis
    assert (kids["10:19"].min_width, kids["10:19"].max_width) == (100, 300)
    badge = kids["10:20"]
    assert badge.positioning == "ABSOLUTE" and (badge.constraints.horizontal, badge.constraints.vertical) == (
        "MAX",
        "MAX",
    )


def test_images_folder_map_and_missing(tmp_path: Path, features) -> None:
    _, photo = features.find("10:4")
    assert isinstance(photo, ImageNode) and photo.image.asset and photo.image.scale_mode == "STRETCH"
    assert features.asset_bytes(photo.image.asset).startswith(b"\x89PNG")
    assert photo.image.crop.left == 0.25 and photo.image.crop.bottom == pytest.approx(0.4)
    _, missing = features.find("10:5")
    assert missing.image.asset is None and missing.image.image_ref == "missingref"
    # an image map file (paths relative to it); no default folder next to a copy
    copy = tmp_path / "copy.json"
    copy.write_bytes(FEATURES.read_bytes())
    (tmp_path / "pics").mkdir()
    (tmp_path / "pics" / "a.png").write_bytes((FIGMA / "features.figma.images" / "imgref1.png").read_bytes())
    (tmp_path / "map.json").write_text(json.dumps({"meta": {"images": {"missingref": "pics/a.png"}}}))
    deck = read_figma(copy, image_map=tmp_path / "map.json")
    assert deck.find("10:5")[1].image.asset == photo.image.asset
    assert deck.find("10:4")[1].image.asset is None
    deck = read_figma(copy, images=FIGMA / "features.figma.images")
    assert deck.find("10:4")[1].image.asset == photo.image.asset
    (tmp_path / "bad.json").write_text("[1, 2]")
    with pytest.raises(BadInputError, match="image map"):
        read_figma(copy, image_map=tmp_path / "bad.json")


def test_provenance(features) -> None:
    assert features.source.format == "figma" and features.source.package in features.assets
    assert features.asset_bytes(features.source.package) == FEATURES.read_bytes()
    _, node = features.find("10:3")
    assert node.source.ref == "10:3" and len(node.source.fingerprint) == 20


def test_malformed_fields_never_crash() -> None:
    """Fields of the wrong JSON type anywhere: the node (or slide) is skipped with a loss entry, or
    the file is refused with a BadInputError; never an internal error."""
    import random

    from ace_core.errors import AceError
    from adapters.figma.read import read_figma_data

    rng = random.Random(7)
    values = [None, "x", 5, -3.5, [], {}, [1, "a"], {"a": 1}, True, float("nan"), "", [[1, 2, 3], [4, 5, 6]]]
    sources = [json.loads(p.read_text()) for p in sorted(FIGMA.glob("*.json"))]
    skipped = 0
    for _ in range(150):
        data = json.loads(json.dumps(rng.choice(sources)))
        objects: list[dict] = []
        stack: list = [data]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                objects.append(item)
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
        for _ in range(rng.randint(1, 6)):
            target = rng.choice(objects)
            if target:
                target[rng.choice(list(target))] = rng.choice(values)
        try:
            deck = read_figma_data(data, Path("fuzz.json"))
        except AceError:
            continue
        deck.to_json()
        skipped += sum(1 for e in deck.report.entries if e.feature.startswith("malformed"))
    assert skipped > 0  # the mutations did reach nodes


def test_sniffing_tells_figma_from_ir(tmp_path: Path, fixtures_dir: Path) -> None:
    node = tmp_path / "node.json"
    node.write_text(json.dumps({"id": "1:2", "type": "TEXT", "name": "t", "characters": "hi"}))
    assert registry().detect(node).info.name == "figma"
    assert read(node).slides[0].children[0].text.plain_text == "hi"
    for ir in (fixtures_dir / "ir").glob("*.json"):  # IR uses the same node type names
        assert registry().detect(ir).info.name == "ir", ir.name
    deck_json = tmp_path / "deck.json"
    read_figma(FEATURES).save(deck_json)
    assert registry().detect(deck_json).info.name == "ir"


def test_click_actions_become_hyperlinks(tmp_path: Path) -> None:
    data = json.loads(FEATURES.read_text())
    cover = data["document"]["children"][0]["children"][0]
    kids = {k["id"]: k for k in cover["children"]}
    kids["10:3"]["interactions"] = [
        {"trigger": {"type": "ON_HOVER"}, "actions": [{"type": "URL", "url": "https://hover.example"}]},
        {"trigger": {"type": "ON_CLICK"}, "actions": [{"type": "URL", "url": "https://example.com/a"}]},
    ]
    kids["10:6"]["interactions"] = [
        {
            "trigger": {"type": "ON_CLICK"},
            "actions": [{"type": "NODE", "destinationId": "30:1", "navigation": "NAVIGATE"}],
        }
    ]
    kids["10:8"]["transitionNodeID"] = "20:1"
    path = tmp_path / "links.figma.json"
    path.write_text(json.dumps(data))
    deck = read_figma(path)
    assert deck.find("10:3")[1].hyperlink == "https://example.com/a"
    assert deck.find("10:6")[1].hyperlink == "#slide:30:1"
    assert deck.find("10:8")[1].hyperlink == "#slide:20:1"
    assert deck.find("10:9")[1].hyperlink is None


def test_nodes_picked_twice_keep_ids_unique(tmp_path: Path) -> None:
    from ace_core.ir.validate import check_invariants
    from adapters.figma.write import write_figma

    deck = read_figma(FEATURES, nodes="10:1,10:16")  # 10:16 lies inside 10:1
    assert check_invariants(deck) == []
    assert deck.find("10:17") is not None and deck.find("10:17~2") is not None
    assert deck.report.by_feature()["duplicate-id"] >= 4
    out = tmp_path / "twice.figma.json"
    write_figma(deck, out)
    again = read_figma(out)

    def ids(d):
        return [(s.id, [n.id for n in s.iter_nodes()]) for s in d.slides]

    assert ids(again) == ids(deck)  # the renamed copies keep their new ids through Figma
