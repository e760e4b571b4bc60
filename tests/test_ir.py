"""The IR: exact JSON round trip, tagged unions, validation errors that name slide, node and field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ace_core import (
    AutoLayout,
    ChartData,
    ChartNode,
    ChartSeries,
    Color,
    ColorRef,
    Deck,
    FrameNode,
    GradientPaint,
    GradientStop,
    ImageNode,
    ImagePaint,
    Paragraph,
    RectangleNode,
    Run,
    ShapeNode,
    Slide,
    SolidPaint,
    TableCell,
    TableNode,
    TableRow,
    TextBody,
    TextNode,
    TextStyle,
    ValidationProblem,
)
from ace_core.color import ColorMod
from ace_core.ir.fingerprint import node_fingerprint

FIXTURE_DECKS = sorted((Path(__file__).resolve().parents[1] / "fixtures").rglob("*.json"))
IR_FIXTURES = [p for p in FIXTURE_DECKS if "schema_version" in p.read_text(encoding="utf-8")[:4096]]


def sample_deck() -> Deck:
    deck = Deck(name="sample")
    png = deck.add_asset(b"\x89PNG fake bytes", "image/png")
    title = TextNode(
        id="t1",
        x=40,
        y=30,
        width=600,
        height=80,
        text=TextBody(
            paragraphs=[
                Paragraph(
                    runs=[
                        Run(text="Hello ", style=TextStyle(font_weight=700)),
                        Run(text="world", style=TextStyle(italic=True, fill=SolidPaint(color="#336699"))),
                    ]
                )
            ]
        ),
    )
    accent = Color.from_hex("#4472C4", ref=ColorRef(scheme="accent1", mods=(ColorMod(op="lumMod", val=0.75),)))
    row = FrameNode(
        id="f1",
        x=40,
        y=150,
        width=800,
        height=200,
        sizing_h="HUG",
        layout=AutoLayout(mode="HORIZONTAL", item_spacing=-8, padding_left=12, primary_align="SPACE_BETWEEN"),
        children=[
            RectangleNode(id="r1", width=100, height=50, fills=[SolidPaint(color=accent)], sizing_h="FILL"),
            ShapeNode(id="sh1", preset="rightArrow", adjustments={"adj1": 50000.0}, width=80, height=40),
            ImageNode(id="im1", width=120, height=90, image=ImagePaint(asset=png)),
        ],
    )
    table = TableNode(
        id="tb1",
        columns=[100.0, 100.0],
        rows=[
            TableRow(height=30, cells=[TableCell(text=TextBody.from_text("a"), col_span=2), TableCell(h_merged=True)])
        ],
    )
    chart = ChartNode(
        id="c1", chart=ChartData(categories=["Q1", "Q2"], series=[ChartSeries(name="S", values=[1.5, None])])
    )
    grad = RectangleNode(
        id="g1",
        fills=[
            GradientPaint(
                stops=[GradientStop(position=0, color="#000"), GradientStop(position=1, color="#fff")], angle=90.0
            )
        ],
    )
    deck.slides = [
        Slide(id="s1", children=[title, row]),
        Slide(id="s2", children=[table, chart, grad], notes="n", hidden=True),
    ]
    return deck


def test_json_round_trip_is_exact() -> None:
    deck = sample_deck()
    text = deck.to_json()
    again = Deck.from_json(text)
    assert again == deck
    assert again.to_json() == text


def test_dump_is_compact_but_keeps_type_tags() -> None:
    data = json.loads(sample_deck().to_json())
    node = data["slides"][0]["children"][0]
    assert node["type"] == "TEXT"
    assert "rotation" not in node  # defaults are omitted
    assert data["slides"][0]["children"][1]["children"][1]["type"] == "SHAPE"


def test_colour_reference_kept_beside_value() -> None:
    deck = Deck.from_json(sample_deck().to_json())
    fill = deck.find("r1")[1].fills[0]
    assert fill.color.hex == "#4472C4"
    assert fill.color.ref.scheme == "accent1"
    assert fill.color.ref.mods[0].op == "lumMod"


def test_colour_modifiers_follow_drawingml() -> None:
    white = Color.from_hex("#FFFFFF")
    assert white.apply_mods([ColorMod(op="lumMod", val=0.5)]).hex == "#808080"
    black = Color.from_hex("#000000")
    assert black.apply_mods([ColorMod(op="tint", val=0.5)]).hex == "#BCBCBC"  # linear RGB, as PowerPoint
    assert white.apply_mods([ColorMod(op="shade", val=0.5)]).hex == "#BCBCBC"
    assert Color.from_hex("#4472C4").apply_mods([ColorMod(op="tint", val=0.4)]).hex == "#CFD5EA"
    assert white.apply_mods([ColorMod(op="alpha", val=0.25)]).a == 0.25


def test_assets_live_outside_the_json(tmp_path: Path) -> None:
    deck = sample_deck()
    path = tmp_path / "deck.json"
    deck.save(path)
    assert b"fake bytes" not in path.read_bytes()
    loaded = Deck.load(path)
    key = loaded.find("im1")[1].image.asset
    assert loaded.asset_bytes(key) == b"\x89PNG fake bytes"
    assert loaded == deck


@pytest.mark.parametrize("path", IR_FIXTURES, ids=lambda p: p.name)
def test_fixture_round_trip(path: Path) -> None:
    deck = Deck.load(path)
    assert Deck.from_json(deck.to_json()) == deck


def _bad(mutate) -> str:
    data = json.loads(sample_deck().to_json())
    mutate(data)
    with pytest.raises(ValidationProblem) as info:
        Deck.from_json(json.dumps(data), where="bad.json")
    return str(info.value)


def test_validation_error_names_slide_node_and_field() -> None:
    msg = _bad(lambda d: d["slides"][0]["children"][1]["children"][0].update(width="wide"))
    assert "bad.json" in msg and "slide 's1'" in msg and "node 'r1'" in msg and "'width'" in msg


def test_validation_error_for_unknown_field() -> None:
    msg = _bad(lambda d: d["slides"][1]["children"][0].update(colour="red"))
    assert "node 'tb1'" in msg and "colour" in msg


def test_duplicate_ids_are_refused() -> None:
    msg = _bad(lambda d: d["slides"][1]["children"][1].update(id="t1"))
    assert "'t1' is used twice" in msg


def test_table_grid_is_checked() -> None:
    msg = _bad(lambda d: d["slides"][1]["children"][0]["rows"][0]["cells"].pop())
    assert "node 'tb1'" in msg and "1 cells for 2 columns" in msg


def test_unknown_asset_is_refused() -> None:
    msg = _bad(lambda d: d["assets"].clear())
    assert "is not listed" in msg


def test_not_json_and_not_a_deck() -> None:
    with pytest.raises(ValidationProblem, match="not valid JSON"):
        Deck.from_json("{nope", where="x.json")
    with pytest.raises(ValidationProblem, match="not an ACE IR deck"):
        Deck.from_json("[1, 2]", where="x.json")


def test_fingerprint_changes_only_with_content() -> None:
    deck = sample_deck()
    _, node = deck.find("r1")
    before = node_fingerprint(node)
    node.source = None
    assert node_fingerprint(node) == before
    node.x += 1
    assert node_fingerprint(node) != before


def test_clone_is_deep_and_shares_assets() -> None:
    deck = sample_deck()
    copy = deck.clone()
    copy.find("t1")[1].x = 999
    assert deck.find("t1")[1].x == 40
    assert copy.store is deck.store


def test_atomic_outputs_get_normal_permissions(tmp_path: Path) -> None:
    import os
    import stat

    from ace_core.fsutil import atomic_dir, atomic_write_bytes

    umask = os.umask(0o022)
    try:
        atomic_write_bytes(tmp_path / "a.bin", b"x")
        assert stat.S_IMODE((tmp_path / "a.bin").stat().st_mode) == 0o644
        (tmp_path / "b.bin").write_bytes(b"old")
        (tmp_path / "b.bin").chmod(0o640)
        atomic_write_bytes(tmp_path / "b.bin", b"new")
        assert stat.S_IMODE((tmp_path / "b.bin").stat().st_mode) == 0o640
        with atomic_dir(tmp_path / "d") as d:
            (d / "f").write_text("x")
        assert stat.S_IMODE((tmp_path / "d").stat().st_mode) == 0o755
    finally:
        os.umask(umask)
