"""The auto-layout fixture decks fixtures/ir/layout_*.json: built here, saved solved, and checked.

Regenerate (after a deliberate solver or measurer change) with:
    .venv/bin/python tests/test_layout_fixtures.py --write
The decks are reused by the HTML writer and the Figma cross-render checks: cards (FILL / HUG,
absolute badge, hidden child, nested button rows), wrap (tags, FILL children with min widths,
align-content SPACE_BETWEEN) and nested (sidebar layout, SPACE_BETWEEN header, negative spacing).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

if __name__ == "__main__":  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ace_core.color import Color
from ace_core.ir import (
    AutoLayout,
    Deck,
    EllipseNode,
    FrameNode,
    RectangleNode,
    Sides,
    Slide,
    SolidPaint,
    Stroke,
    TextBody,
    TextNode,
    TextStyle,
)
from ace_core.ir.layout_props import Constraints
from ace_core.layout import default_measurer, solve_deck

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "ir"
INK, MUTED, ACCENT, CARD, PAGE = "#1F2937", "#6B7280", "#2563EB", "#F3F4F6", "#FFFFFF"


def paint(hex_: str) -> list[SolidPaint]:
    return [SolidPaint(color=Color.from_hex(hex_))]


def label(
    id_: str,
    text: str,
    size: float,
    *,
    color: str = INK,
    weight: int = 400,
    fill_width: bool = False,
    family: str = "Liberation Sans",
    align: str | None = None,
) -> TextNode:
    body = TextBody.from_text(
        text,
        TextStyle(font_family=family, font_size=size, font_weight=weight, fill=SolidPaint(color=Color.from_hex(color))),
    )
    body.insets = Sides()
    body.align = align
    body.auto_resize = "HEIGHT" if fill_width else "WIDTH_AND_HEIGHT"
    return TextNode(id=id_, name=text[:24], text=body, sizing_h="FILL" if fill_width else "HUG", sizing_v="HUG")


def auto(
    id_: str,
    mode: str,
    kids: list,
    *,
    sizing=("HUG", "HUG"),
    w: float = 0,
    h: float = 0,
    fill: str | None = None,
    radius: float = 0,
    **layout,
) -> FrameNode:
    extra = {k: layout.pop(k) for k in ("x", "y", "positioning", "constraints", "visible", "min_width") if k in layout}
    return FrameNode(
        id=id_,
        name=id_,
        width=w,
        height=h,
        sizing_h=sizing[0],
        sizing_v=sizing[1],
        layout=AutoLayout(mode=mode, **layout),
        children=kids,
        fills=paint(fill) if fill else [],
        corner_radius=radius,
        **extra,
    )


def button(id_: str, text: str, *, primary: bool = True) -> FrameNode:
    return auto(
        id_,
        "HORIZONTAL",
        [label(f"{id_}-label", text, 14, color=PAGE if primary else ACCENT, weight=700)],
        fill=ACCENT if primary else CARD,
        radius=8,
        padding_left=16,
        padding_right=16,
        padding_top=8,
        padding_bottom=8,
        counter_align="CENTER",
    )


def card(n: int, heading: str, text: str) -> FrameNode:
    kids = [
        RectangleNode(id=f"card{n}-icon", name="icon", width=48, height=48, fills=paint(ACCENT), corner_radius=12),
        label(f"card{n}-heading", heading, 24, weight=700, fill_width=True),
        label(f"card{n}-body", text, 16, color=MUTED, fill_width=True),
        auto(
            f"card{n}-actions",
            "HORIZONTAL",
            [button(f"card{n}-more", "Learn more", primary=False), button(f"card{n}-go", "Start")],
            sizing=("FILL", "HUG"),
            item_spacing=8,
            primary_align="MAX",
        ),
    ]
    if n == 1:
        kids.append(
            auto(
                "card1-badge",
                "HORIZONTAL",
                [label("card1-badge-label", "NEW", 12, color=PAGE, weight=700)],
                fill="#DC2626",
                radius=10,
                padding_left=8,
                padding_right=8,
                padding_top=2,
                padding_bottom=2,
                positioning="ABSOLUTE",
                x=292,
                y=16,
                constraints=Constraints(horizontal="MAX"),
            )
        )
    if n == 2:
        kids.insert(2, label("card2-hidden", "This line is hidden and takes no space", 16, fill_width=True))
        kids[2].visible = False
    # stored at its design width (352 px) so the badge's MAX constraint keeps it 16 px from the right edge
    return auto(
        f"card{n}",
        "VERTICAL",
        kids,
        sizing=("FILL", "HUG"),
        w=352,
        fill=CARD,
        radius=16,
        padding_left=24,
        padding_right=24,
        padding_top=24,
        padding_bottom=24,
        item_spacing=12,
    )


def cards_deck() -> Deck:
    title = label("cards-title", "Three ways to lay out a slide", 40, weight=700)
    title.x, title.y = 80, 60
    row = auto(
        "cards-row",
        "HORIZONTAL",
        [
            card(1, "Hug", "A frame that hugs its content grows with it, padding included."),
            card(
                2,
                "Fill",
                "Children that fill share the free space equally, each within its own min and max size, "
                "and the remainder goes to the others.",
            ),
            card(3, "Fixed", "Fixed sizes stay as they are; text wraps at the width it is given."),
        ],
        sizing=("FIXED", "HUG"),
        w=1120,
        x=80,
        y=160,
        item_spacing=32,
    )
    wrap_deck = Deck(
        id="layout-cards",
        name="Auto-layout cards",
        slides=[
            Slide(id="cards", name="Cards", children=[title, row]),
            nested_slide(),
        ],
    )
    return wrap_deck


def nested_slide() -> Slide:
    nav = [label(f"nav{i}", t, 18, color=PAGE) for i, t in enumerate(["Overview", "Layouts", "Text", "Export"])]
    sidebar = auto(
        "sidebar",
        "VERTICAL",
        [label("brand", "ACE", 28, color=PAGE, weight=700), *nav],
        sizing=("FIXED", "FILL"),
        w=240,
        fill=INK,
        padding_left=28,
        padding_top=32,
        item_spacing=20,
    )
    avatars = [
        EllipseNode(
            id=f"avatar{i}",
            width=40,
            height=40,
            fills=paint(c),
            strokes=[Stroke(paint=SolidPaint(color=Color.from_hex(PAGE)), weight=3, align="INSIDE")],
        )
        for i, c in enumerate(["#F59E0B", "#10B981", "#8B5CF6"])
    ]
    header = auto(
        "header",
        "HORIZONTAL",
        [
            label("header-title", "Quarterly overview", 32, weight=700),
            auto("avatars", "HORIZONTAL", avatars, item_spacing=-12),
        ],
        sizing=("FILL", "HUG"),
        primary_align="SPACE_BETWEEN",
        counter_align="CENTER",
    )
    tiles = [
        auto(
            f"tile{i}",
            "VERTICAL",
            [
                label(f"tile{i}-value", v, 36, weight=700, color=ACCENT),
                label(f"tile{i}-caption", c, 14, color=MUTED, fill_width=True, align="CENTER"),
            ],
            sizing=("FILL", "FILL"),
            fill=CARD,
            radius=12,
            padding_left=20,
            padding_right=20,
            padding_top=20,
            padding_bottom=20,
            item_spacing=4,
            primary_align="CENTER",
            counter_align="CENTER",
        )
        for i, (v, c) in enumerate([("42", "slides converted"), ("97%", "render similarity"), ("0.8 s", "per deck")])
    ]
    stats = auto("stats", "HORIZONTAL", tiles, sizing=("FILL", "FILL"), item_spacing=24)
    footer = auto(
        "footer",
        "HORIZONTAL",
        [label("footer-note", "Solved by ace_core.layout", 12, color=MUTED)],
        sizing=("FILL", "HUG"),
        primary_align="MAX",
    )
    main = auto(
        "main",
        "VERTICAL",
        [header, stats, footer],
        sizing=("FILL", "FILL"),
        padding_left=48,
        padding_right=48,
        padding_top=40,
        padding_bottom=32,
        item_spacing=32,
    )
    page = auto("page", "HORIZONTAL", [sidebar, main], sizing=("FIXED", "FIXED"), w=1280, h=720, fill=PAGE)
    return Slide(id="nested", name="Nested", children=[page])


def wrap_deck() -> Deck:
    words = [
        "layout",
        "auto",
        "hug",
        "fill",
        "fixed",
        "padding",
        "spacing",
        "wrap",
        "baseline",
        "center",
        "space between",
        "absolute",
        "constraints",
        "min",
        "max",
        "nested",
    ]
    tags = [
        auto(
            f"tag{i}",
            "HORIZONTAL",
            [label(f"tag{i}-label", w, 16, color=ACCENT)],
            fill=CARD,
            radius=14,
            padding_left=12,
            padding_right=12,
            padding_top=6,
            padding_bottom=6,
        )
        for i, w in enumerate(words)
    ]
    cloud = auto(
        "tags",
        "HORIZONTAL",
        tags,
        sizing=("FIXED", "HUG"),
        w=560,
        x=80,
        y=140,
        wrap=True,
        item_spacing=10,
        counter_axis_spacing=12,
        padding_left=16,
        padding_right=16,
        padding_top=16,
        padding_bottom=16,
        fill="#E5E7EB",
        radius=16,
    )
    tiles = [
        RectangleNode(id=f"tile{i}", width=0, height=40 + 10 * (i % 3), sizing_h="FILL", min_width=120, fills=paint(c))
        for i, c in enumerate(["#93C5FD", "#A7F3D0", "#FDE68A", "#FCA5A5", "#C4B5FD"])
    ]
    grid = auto(
        "responsive",
        "HORIZONTAL",
        tiles,
        sizing=("FIXED", "FIXED"),
        w=480,
        h=300,
        x=720,
        y=140,
        wrap=True,
        item_spacing=16,
        counter_axis_spacing=16,
        counter_align="CENTER",
        counter_align_content="SPACE_BETWEEN",
        fill="#F9FAFB",
    )
    title = label("wrap-title", "Wrapping rows", 40, weight=700)
    title.x, title.y = 80, 60
    return Deck(
        id="layout-wrap", name="Auto-layout wrap", slides=[Slide(id="wrap", name="Wrap", children=[title, cloud, grid])]
    )


BUILDERS = {"layout_cards.json": cards_deck, "layout_wrap.json": wrap_deck}


def built(name: str) -> Deck:
    deck = BUILDERS[name]()
    solve_deck(deck, default_measurer(), text_autosize=True)  # free titles are WIDTH_AND_HEIGHT text
    return deck


def _boxes(deck: Deck) -> dict[str, tuple[float, float, float, float]]:
    return {n.id: (n.x, n.y, n.width, n.height) for _, n in deck.iter_nodes()}


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_fixture_is_the_solved_build(name):
    saved = Deck.load(FIXTURES / name)
    fresh = built(name)
    assert set(_boxes(saved)) == set(_boxes(fresh))
    for node_id, box in _boxes(fresh).items():
        assert _boxes(saved)[node_id] == pytest.approx(box, abs=0.5), node_id
    again = saved.clone()
    solve_deck(again, default_measurer(), text_autosize=True)
    for node_id, box in _boxes(again).items():
        assert _boxes(saved)[node_id] == pytest.approx(box, abs=0.5), node_id


def test_cards_fixture_geometry():
    deck = Deck.load(FIXTURES / "layout_cards.json")
    row = deck.find("cards-row")[1]
    widths = [c.width for c in row.children]
    assert widths == pytest.approx([(1120 - 64) / 3] * 3)
    assert len({c.height for c in row.children}) > 1  # each card hugs its own text
    assert row.height == max(c.height for c in row.children)
    card1 = row.children[0]
    badge = deck.find("card1-badge")[1]
    assert badge.x == 292 and badge.x + badge.width <= card1.width  # absolute: not moved by the flow
    main = deck.find("main")[1]
    assert (main.x, main.width, main.height) == (240, 1040, 720)
    avatars = deck.find("avatars")[1]
    assert avatars.width == 3 * 40 - 2 * 12


def test_wrap_fixture_geometry():
    deck = Deck.load(FIXTURES / "layout_wrap.json")
    cloud = deck.find("tags")[1]
    assert len({c.y for c in cloud.children}) >= 3  # several tracks
    for c in cloud.children:
        assert c.x >= 16 and c.x + c.width <= cloud.width - 16 + 1e-6
    grid = deck.find("responsive")[1]
    tracks: list[list] = []
    for c in grid.children:  # a track starts where x goes back to the start
        if not tracks or c.x <= tracks[-1][-1].x:
            tracks.append([])
        tracks[-1].append(c)
    assert [len(t) for t in tracks] == [3, 2]  # tiles of min 120 px in 480 px, 16 px apart
    for t in tracks:  # each track is filled exactly, tiles centred in it
        assert sum(c.width for c in t) + 16 * (len(t) - 1) == pytest.approx(480)
    assert tracks[0][0].y == 10 and tracks[1][-1].y + tracks[1][-1].height == 300  # align-content SPACE_BETWEEN


if __name__ == "__main__" and "--write" in sys.argv:
    for fixture_name in BUILDERS:
        built(fixture_name).save(FIXTURES / fixture_name, indent=1)
        print("wrote", FIXTURES / fixture_name)
