"""Fresh-mode .pptx writing of IR decks built in code: every node kind, PowerPoint's checks, round trips."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from lxml import etree

from ace_core.color import Color, ColorRef
from ace_core.errors import InternalError
from ace_core.ir import (
    AutoLayout,
    Background,
    Bullet,
    CellBorders,
    ChartData,
    ChartNode,
    ChartSeries,
    ConnectorEnd,
    ConnectorNode,
    Crop,
    Deck,
    Effect,
    EllipseNode,
    FrameNode,
    GradientPaint,
    GradientStop,
    GroupNode,
    ImageNode,
    ImagePaint,
    LineNode,
    MathNode,
    Paragraph,
    Point,
    RectangleNode,
    Run,
    ShapeNode,
    Slide,
    SolidPaint,
    Stroke,
    TableCell,
    TableNode,
    TableRow,
    TextBody,
    TextNode,
    TextStyle,
    Theme,
    ThemeFonts,
    Transition,
    VectorNode,
    VectorPath,
)
from adapters.api import read, write
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.roundtrip import roundtrip_differences
from adapters.ooxml.validate import check_package
from adapters.ooxml.writer import render_bytes, solved

RED = Color.from_hex("#D03030")
BLUE = Color.from_hex("#2050C0")


def png_bytes(w: int = 8, h: int = 6, rgb: tuple[int, int, int] = (200, 40, 40)) -> bytes:
    """A small solid-colour PNG."""
    raw = b"".join(b"\x00" + bytes(rgb) * w for _ in range(h))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


SVG = (
    b'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">'
    b'<circle cx="20" cy="20" r="18" fill="#2050C0"/></svg>'
)


def every_kind_deck() -> Deck:
    """A deck with every node kind and slide feature the fresh writer handles."""
    deck = Deck(id="deck-all", width=1280, height=720)
    deck.theme = Theme(
        name="Test",
        colors={"dk1": Color.from_hex("#101010"), "lt1": Color.from_hex("#FFFFFF"), "accent1": BLUE},
        fonts=ThemeFonts(major="Liberation Serif", minor="Liberation Sans"),
    )
    png = deck.add_asset(png_bytes(), "image/png")
    svg = deck.add_asset(SVG, "image/svg+xml")
    title = TextNode(
        id="t1",
        name="Title",
        x=60,
        y=40,
        width=800,
        height=80,
        text=TextBody(
            paragraphs=[
                Paragraph(
                    runs=[
                        Run(text="Bold ", style=TextStyle(font_weight=700)),
                        Run(text="link", style=TextStyle(hyperlink="https://example.com", decoration="UNDERLINE")),
                        Run(text=" line\vbreak", style=TextStyle(italic=True, fill=SolidPaint(color=RED))),
                    ],
                    align="CENTER",
                ),
                Paragraph(runs=[Run(text="Bullet one")], bullet=Bullet(type="UNORDERED", char="•"), level=1),
                Paragraph(runs=[Run(text="Numbered")], bullet=Bullet(type="ORDERED", scheme="arabicPeriod", start=3)),
            ],
            style=TextStyle(font_family="Liberation Sans", font_size=32, font_ref="+mn-lt"),
            vertical_align="CENTER",
            autofit="SHRINK",
        ),
    )
    accent = Color(r=BLUE.r, g=BLUE.g, b=BLUE.b, ref=ColorRef(scheme="accent1"))
    rect = RectangleNode(
        id="r1", x=60, y=150, width=200, height=120, corner_radius=16, fills=[SolidPaint(color=accent)]
    )
    rect.strokes = [Stroke(paint=SolidPaint(color=RED), weight=3, dashes=[6, 3], end_cap="TRIANGLE_FILLED")]
    rect.effects = [Effect(type="DROP_SHADOW", offset=Point(x=4, y=4), radius=6)]
    radii = RectangleNode(id="r2", x=280, y=150, width=160, height=120, corner_radii=(0, 20, 40, 0))
    radii.fills = [GradientPaint(stops=[GradientStop(position=0, color=RED), GradientStop(position=1, color=BLUE)])]
    ellipse = EllipseNode(id="e1", x=460, y=150, width=120, height=120, fills=[SolidPaint(color=RED)])
    arc = EllipseNode(id="e2", x=600, y=150, width=120, height=120, arc=(0.0, 4.0, 0.5), fills=[SolidPaint(color=BLUE)])
    star = ShapeNode(id="p1", x=740, y=150, width=120, height=120, preset="star5", adjustments={"adj": 30000})
    star.fills = [SolidPaint(color=BLUE, opacity=0.5)]
    vector = VectorNode(
        id="v1",
        x=880,
        y=150,
        width=120,
        height=120,
        paths=[VectorPath(d="M0 0 L100 0 A50 50 0 0 1 100 100 Q50 120 0 100 Z", fill_rule="evenodd")],
        view_box=(0, 0, 150, 120),
        fills=[SolidPaint(color=RED)],
    )
    line = LineNode(id="l1", x=60, y=300, width=300, height=0, strokes=[Stroke(paint=SolidPaint(color=RED), weight=2)])
    image = ImageNode(id="i1", x=400, y=300, width=160, height=120, image=ImagePaint(asset=png, crop=Crop(left=0.1)))
    svg_img = ImageNode(id="i2", x=580, y=300, width=80, height=80, svg_asset=svg)
    group = GroupNode(
        id="g1",
        x=700,
        y=300,
        width=200,
        height=100,
        children=[
            RectangleNode(id="g1a", x=0, y=0, width=90, height=100, fills=[SolidPaint(color=RED)]),
            RectangleNode(id="g1b", x=110, y=0, width=90, height=100, fills=[SolidPaint(color=BLUE)]),
        ],
    )
    conn = ConnectorNode(
        id="c1",
        x=260,
        y=210,
        width=200,
        height=0,
        start=ConnectorEnd(node_id="r1", site=3),
        end=ConnectorEnd(node_id="e1", site=1),
        strokes=[Stroke(paint=SolidPaint(color=BLUE), weight=2)],
    )
    math = MathNode(id="m1", x=60, y=450, width=200, height=60, latex=r"e^{i\pi}+1=0")
    frame = FrameNode(
        id="f1",
        x=300,
        y=450,
        width=400,
        height=100,
        fills=[SolidPaint(color=Color.from_hex("#EEF0FF"))],
        layout=AutoLayout(mode="HORIZONTAL", item_spacing=10, padding_left=10, padding_top=10),
        children=[
            TextNode(id="f1a", width=100, height=40, text=TextBody.from_text("In a frame")),
            RectangleNode(id="f1b", width=80, height=40, fills=[SolidPaint(color=RED)]),
        ],
    )
    s1 = Slide(
        id="slide-a",
        name="Shapes",
        children=[title, rect, radii, ellipse, arc, star, vector, line, image, svg_img, group, conn, math, frame],
        background=Background(
            fills=[
                GradientPaint(
                    stops=[
                        GradientStop(position=0, color=Color.from_hex("#FFFFFF")),
                        GradientStop(position=1, color=Color.from_hex("#DDE4FF")),
                    ]
                )
            ]
        ),
        transition=Transition(style="push", direction="left", duration=1.2),
        notes="Speaker notes\nsecond line",
        section="Intro",
    )
    border = Stroke(paint=SolidPaint(color=Color.from_hex("#333333")), weight=1)
    table = TableNode(
        id="tb1",
        x=60,
        y=60,
        width=600,
        height=120,
        columns=[200, 200, 200],
        rows=[
            TableRow(
                height=40,
                cells=[
                    TableCell(text=TextBody.from_text("Merged"), col_span=2, fills=[SolidPaint(color=BLUE)]),
                    TableCell(h_merged=True),
                    TableCell(text=TextBody.from_text("C"), borders=CellBorders(bottom=border)),
                ],
            ),
            TableRow(height=40, cells=[TableCell(text=TextBody.from_text(t)) for t in ("1", "2", "3")]),
        ],
    )
    chart = ChartNode(
        id="ch1",
        x=700,
        y=60,
        width=500,
        height=300,
        chart=ChartData(
            chart_type="bar",
            grouping="stacked",
            categories=["Q1", "Q2", "Q3"],
            series=[
                ChartSeries(name="A", values=[1, 2, 3], fill=SolidPaint(color=RED)),
                ChartSeries(name="B", values=[3, None, 1]),
            ],
            title="Stacked",
        ),
    )
    pie = ChartNode(
        id="ch2",
        x=60,
        y=300,
        width=300,
        height=300,
        chart=ChartData(chart_type="pie", categories=["a", "b"], series=[ChartSeries(name="P", values=[60, 40])]),
    )
    scatter = ChartNode(
        id="ch3",
        x=400,
        y=300,
        width=300,
        height=300,
        chart=ChartData(
            chart_type="scatter", series=[ChartSeries(name="S", values=[1, 4, 9], x_values=[1, 2, 3], smooth=True)]
        ),
    )
    s2 = Slide(id="slide-b", children=[table, chart, pie, scatter], hidden=True, section="Data")
    deck.slides = [s1, s2]
    return deck


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Deck, Path, Deck]:
    deck = every_kind_deck()
    path = tmp_path_factory.mktemp("fresh") / "all.pptx"
    report = write(deck, path)
    assert not [e for e in report.entries if e.severity == "error"], report.entries
    return deck, path, read(path)


def test_fresh_file_has_nothing_powerpoint_would_repair(written: tuple[Deck, Path, Deck]) -> None:
    _, path, _ = written
    assert [str(p) for p in check_package(path)] == []


def test_fresh_round_trip_keeps_ids_text_boxes_fills(written: tuple[Deck, Path, Deck]) -> None:
    deck, _, back = written
    assert back.id == "deck-all"
    assert roundtrip_differences(solved(deck), back) == []


def test_fresh_round_trip_keeps_slide_features(written: tuple[Deck, Path, Deck]) -> None:
    _, _, back = written
    s1, s2 = back.slides
    assert s1.name == "Shapes" and s1.notes == "Speaker notes\nsecond line"
    assert s1.transition is not None and s1.transition.style == "push" and s1.transition.direction == "l"
    assert s1.transition.duration == pytest.approx(1.2)
    assert s2.hidden and not s1.hidden
    assert (s1.section, s2.section) == ("Intro", "Data")
    assert s1.background is not None and s1.background.fills[0].type == "GRADIENT_LINEAR"
    assert back.theme is not None and back.theme.colors["accent1"].hex == BLUE.hex
    assert back.theme.fonts.major == "Liberation Serif"


def test_fresh_round_trip_keeps_node_kinds(written: tuple[Deck, Path, Deck]) -> None:
    _, _, back = written

    def node(node_id: str):  # type: ignore[no-untyped-def]
        found = back.find(node_id)
        assert found is not None, node_id
        return found[1]

    star = node("p1")
    assert star.type == "SHAPE" and star.preset == "star5" and star.adjustments == {"adj": 30000}
    assert node("r1").type == "RECTANGLE" and node("r1").corner_radius == pytest.approx(16, abs=0.5)
    assert node("r1").fills[0].color.ref.scheme == "accent1"
    assert node("r1").strokes[0].end_cap != "NONE" and node("r1").effects[0].type == "DROP_SHADOW"
    assert node("v1").type == "VECTOR" and node("e2").type == "VECTOR"
    assert node("l1").type == "LINE"
    assert node("i1").image.crop.left == pytest.approx(0.1)
    assert node("i2").svg_asset is not None and node("i2").image.asset is not None
    assert [c.id for c in node("g1").children] == ["g1a", "g1b"]
    conn = node("c1")
    assert (conn.start.node_id, conn.start.site, conn.end.node_id) == ("r1", 3, "e1")
    title = node("t1").text
    assert [r.text for r in title.paragraphs[0].runs][:2] == ["Bold ", "link"]
    assert title.paragraphs[0].runs[0].style.font_weight == 700
    assert title.paragraphs[0].runs[1].style.hyperlink == "https://example.com"
    assert title.paragraphs[1].bullet.type == "UNORDERED" and title.paragraphs[1].level == 1
    assert title.paragraphs[2].bullet.scheme == "arabicPeriod" and title.paragraphs[2].bullet.start == 3
    assert title.vertical_align == "CENTER" and title.autofit == "SHRINK"
    table = node("tb1")
    assert table.rows[0].cells[0].col_span == 2 and table.rows[0].cells[1].h_merged
    assert table.rows[0].cells[2].borders.bottom is not None
    chart = node("ch1").chart
    assert (chart.chart_type, chart.grouping, chart.categories) == ("bar", "stacked", ["Q1", "Q2", "Q3"])
    assert [s.values for s in chart.series] == [[1, 2, 3], [3, None, 1]] and chart.title == "Stacked"
    assert chart.workbook_asset is not None
    assert node("ch2").chart.chart_type == "pie" and node("ch3").chart.series[0].x_values == [1, 2, 3]
    math = node("m1")  # written as OMML with its picture as the fallback, read back as the same MATH
    assert math.type == "MATH" and math.latex == r"e^{i\pi}+1=0" and math.omml and math.svg_asset


def test_auto_layout_frames_are_written_as_their_solved_boxes(written: tuple[Deck, Path, Deck]) -> None:
    _, _, back = written
    a = back.find("f1a")[1]
    b = back.find("f1b")[1]
    # HORIZONTAL, padding 10, spacing 10: the solver places the children side by side
    assert (a.x, a.y) == pytest.approx((10, 10), abs=1)
    assert b.x == pytest.approx(a.x + a.width + 10, abs=1)


def test_fresh_mode_is_forced_for_a_deck_read_from_pptx(written: tuple[Deck, Path, Deck], tmp_path: Path) -> None:
    _, _, back = written
    out = tmp_path / "again.pptx"
    write(back, out, fresh=True)
    again = read(out)
    assert roundtrip_differences(back, again) == []
    assert check_package(out) == []


def test_empty_deck_writes_a_valid_file(tmp_path: Path) -> None:
    out = tmp_path / "empty.pptx"
    write(Deck(width=960, height=540), out)
    assert check_package(out) == []
    back = read(out)
    assert back.slides == [] and (back.width, back.height) == (960, 540)


def test_failed_write_leaves_no_partial_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "deck.pptx"
    out.write_bytes(b"previous")
    deck = every_kind_deck()

    def boom(*args: object, **kwargs: object) -> bytes:
        raise RuntimeError("disk full")

    monkeypatch.setattr("adapters.ooxml.write_fresh.OutPackage.to_bytes", boom)
    with pytest.raises(InternalError):
        write(deck, out)
    assert out.read_bytes() == b"previous"
    assert [p.name for p in tmp_path.iterdir()] == ["deck.pptx"]


def test_group_children_keep_group_relative_boxes() -> None:
    deck = every_kind_deck()
    data, mode = render_bytes(deck)
    assert mode == "fresh"
    back = read_pptx(data)
    g = back.find("g1")[1]
    assert (g.x, g.y, g.width, g.height) == pytest.approx((700, 300, 200, 100), abs=0.5)
    assert g.children[1].x == pytest.approx(110, abs=0.5)


def test_slide_xml_stores_ace_ids() -> None:
    import io
    import zipfile

    data, _ = render_bytes(every_kind_deck())
    root = etree.fromstring(zipfile.ZipFile(io.BytesIO(data)).read("ppt/slides/slide1.xml"))
    ids = [e.get("val") for e in root.iter("{http://schemas.ace-slides.dev/ooxml/2025/main}id")]
    assert "slide-a" in ids and "t1" in ids and "g1b" in ids


def test_auto_layout_frames_written_flat_are_reported(tmp_path: Path) -> None:
    from ace_core.ir.nodes import FrameNode

    fix = Path(__file__).resolve().parents[1] / "fixtures"
    figma = read(fix / "figma" / "features.figma.json")
    frames = {n.id for _, n in figma.iter_nodes() if isinstance(n, FrameNode) and n.layout is not None}
    report = write(figma, tmp_path / "flat.pptx", fresh=True)
    reported = {e.node_id for e in report.entries if e.feature == "auto-layout"}
    assert frames and frames <= reported
    # patch mode too: a frame added to a deck read from a .pptx is solved, written flat and reported
    deck = read(fix / "pptx" / "tika-testPPT_groups.pptx")
    row = FrameNode(
        id="row1",
        x=40,
        y=40,
        width=10,
        height=10,
        layout={"mode": "HORIZONTAL", "item_spacing": 20, "padding_left": 10, "padding_top": 10},
        sizing_h="HUG",
        sizing_v="HUG",
        children=[
            RectangleNode(id=f"c{i}", width=50, height=30, fills=[SolidPaint(color=Color.from_hex("#336699"))])
            for i in range(3)
        ],
    )
    deck.slides[0].children.append(row)
    patch_report = write(deck, tmp_path / "patched.pptx")
    assert any(e.feature == "auto-layout" and e.node_id == "row1" for e in patch_report.entries)
    back = read(tmp_path / "patched.pptx")
    xs = [back.find(f"c{i}")[1].x for i in range(3)]
    assert xs == pytest.approx([10.0, 80.0, 150.0], abs=0.6)  # laid out in the group, not stacked at 0
