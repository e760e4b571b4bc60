"""JsonDiff: one test per rule of ACE Appendix E, on fixtures/judge/diff_origin.json."""

from __future__ import annotations

from pathlib import Path

import pytest

from ace_core.color import Color
from ace_core.ir import (
    Deck,
    Effect,
    FrameNode,
    GroupNode,
    ImageNode,
    ImagePaint,
    LineHeight,
    RectangleNode,
    SolidPaint,
    Stroke,
    TableCell,
    TableRow,
    TextNode,
    Transition,
)
from ace_core.ir.text import Paragraph, Run, TextBody, TextStyle
from judge.diff import MAX_ENTRIES, JsonDiff, Tolerance, diff_decks
from judge.diff.match import lis_keep

ORIGIN = Path(__file__).resolve().parents[1] / "fixtures" / "judge" / "diff_origin.json"


@pytest.fixture(scope="module")
def origin() -> Deck:
    return Deck.load(ORIGIN)


def find(deck: Deck, node_id: str):
    hit = deck.find(node_id)
    assert hit is not None, node_id
    return hit[1]


def mods(d: JsonDiff, op: str = "modified") -> list[tuple[str | None, str | None]]:
    return [(e.node.id if e.node else None, e.prop) for e in d.entries if e.op == op]


def solid(hexs: str) -> SolidPaint:
    return SolidPaint(color=Color.from_hex(hexs))


# -- identity and alignment -------------------------------------------------------------------------
def test_identical_decks_have_no_edits(origin: Deck) -> None:
    d = diff_decks(origin, origin.clone())
    assert d.entries == [] and d.distinct_edits == 0 and d.score == 1.0 and not d.needs_images
    assert "NO EDITS" in d.to_text()


def test_alignment_by_id_survives_reordering_and_renaming(origin: Deck) -> None:
    cur = origin.clone()
    s2 = cur.slide("s2")
    assert s2 is not None
    s2.children.reverse()  # z-order change only
    find(cur, "s2-card2-h").text.paragraphs[0].runs[0].text = "Revenue"  # the text of card 1's caption
    d = diff_decks(origin, cur)
    texts = [e for e in d.entries if e.prop == "text"]
    assert [(e.node.id, e.before, e.after) for e in texts] == [("s2-card2-h", "Margin", "Revenue")]
    assert {e.op for e in d.entries} == {"modified", "z_order", "reorder"}


def test_cascade_name_then_text_then_type_order(origin: Deck) -> None:
    """Ids regenerated (a format without stable ids): children pair by unique name, then text, then type."""
    cur = origin.clone()
    s1 = cur.slide("s1")
    assert s1 is not None
    s1.children.reverse()  # type + order alone would pair them wrongly
    s1.children[1].id = "new-1"  # the title: unique name "Title", new text
    s1.children[1].text.paragraphs[0].runs[0].text = "Annual review"
    s1.children[0].id = "new-2"
    card = find(cur, "s2-card1")
    card.children[0].id, card.children[0].name = "x-h", "Layer 1"  # names lost: text "Revenue" pairs it
    card.children[1].id, card.children[1].name = "x-b", "Layer 2"
    card.children[1].text.paragraphs[0].runs[0].text = "Up 20% year on year"  # text changed: type + order
    d = diff_decks(origin, cur)
    assert not [e for e in d.entries if e.op in ("added", "removed")]
    title = next(e for e in d.entries if e.node.id == "new-1" and e.prop == "text")
    assert (title.before, title.after) == ("Quarterly review", "Annual review")
    assert "matched by name" in title.note
    body = next(e for e in d.entries if e.node.id == "x-b" and e.prop == "text")
    assert body.after == "Up 20% year on year" and "matched by type+order" in body.note
    assert any(e.node.id == "x-h" and e.prop == "name" and "matched by text" in e.note for e in d.entries)


def test_added_and_removed_nodes(origin: Deck) -> None:
    cur = origin.clone()
    s1 = cur.slide("s1")
    assert s1 is not None
    s1.children.pop(1)
    s1.children.append(
        RectangleNode(id="badge", name="Badge", x=1100, y=40, width=120, height=40, fills=[solid("#FF0000")])
    )
    d = diff_decks(origin, cur)
    assert mods(d, "removed") == [("s1-sub", None)]
    assert mods(d, "added") == [("badge", None)]
    added = next(e for e in d.entries if e.op == "added")
    assert added.after["box"] == {"x": 1100, "y": 40, "w": 120, "h": 40} and added.after["fills"] == ["#FF0000"]
    removed = next(e for e in d.entries if e.op == "removed")
    assert removed.before["text"] == "Growth across every region"


# -- compared properties ----------------------------------------------------------------------------
def test_text_and_empty_text_normalization(origin: Deck) -> None:
    cur = origin.clone()
    find(cur, "s1-title").text.paragraphs[0].runs[0].text = "Annual review"
    empty_a = origin.clone()
    find(empty_a, "s3-label").text = TextBody(paragraphs=[Paragraph(runs=[Run(text="None")])])
    empty_b = origin.clone()
    find(empty_b, "s3-label").text = TextBody()
    d = diff_decks(origin, cur)
    assert [(e.prop, e.before, e.after) for e in d.entries] == [("text", "Quarterly review", "Annual review")]
    assert diff_decks(empty_a, empty_b).entries == []


@pytest.mark.parametrize(
    ("prop", "style", "expected"),
    [
        ("font_family", {"font_family": "DejaVu Serif"}, "DejaVu Serif"),
        ("font_size", {"font_size": 32.0}, 32.0),
        ("font_weight", {"font_weight": 700}, 700),
        ("font_style", {"italic": True}, "italic"),
        ("letter_spacing", {"letter_spacing": 2.0}, 2.0),
        ("text_case", {"text_case": "UPPER"}, "UPPER"),
        ("text_decoration", {"decoration": "UNDERLINE"}, "UNDERLINE"),
        ("text_color", {"fill": SolidPaint(color=Color.from_hex("#FF0000"))}, "#FF0000"),
    ],
)
def test_typography_on_the_whole_text(origin: Deck, prop: str, style: dict, expected: object) -> None:
    cur = origin.clone()
    node = find(cur, "s1-sub")
    node.text.style = node.text.style.merged(TextStyle(**style))
    d = diff_decks(origin, cur)
    assert [(e.node.id, e.prop, e.after) for e in d.entries] == [("s1-sub", prop, expected)]


def test_alignment_and_line_height(origin: Deck) -> None:
    cur = origin.clone()
    para = find(cur, "s1-sub").text.paragraphs[0]
    para.align = "RIGHT"
    para.line_height = LineHeight(value=150, unit="PERCENT")
    d = diff_decks(origin, cur)
    assert sorted((e.prop, e.after) for e in d.entries) == [("line_height", "150%"), ("text_align", "RIGHT")]


def test_per_character_override_is_styling_not_text(origin: Deck) -> None:
    cur = origin.clone()
    node = find(cur, "s1-sub")
    node.text.paragraphs[0].runs = [
        Run(text="Growth across "),
        Run(text="every", style=TextStyle(font_weight=700)),
        Run(text=" region"),
    ]
    d = diff_decks(origin, cur)
    assert [e.prop for e in d.entries] == ["styling"]
    assert d.entries[0].before == "none" and d.entries[0].after == ['"every": font_weight=700']
    assert "text:" not in d.to_text(snapshot=False)


def test_box_deltas_merge_into_one_entry(origin: Deck) -> None:
    cur = origin.clone()
    node = find(cur, "s2-photo")
    node.x, node.y, node.width, node.height = 100, 500, 320, 180
    d = diff_decks(origin, cur)
    assert [(e.prop, e.before, e.after) for e in d.entries] == [
        ("box", {"x": 80, "y": 520, "w": 300, "h": 160}, {"x": 100, "y": 500, "w": 320, "h": 180})
    ]


def test_rotation_opacity_visibility(origin: Deck) -> None:
    cur = origin.clone()
    node = find(cur, "s1-sub")
    node.rotation, node.opacity, node.visible = 15.0, 0.5, False
    d = diff_decks(origin, cur)
    assert sorted(e.prop for e in d.entries) == ["opacity", "rotation", "visible"]


def test_fills_strokes_effects(origin: Deck) -> None:
    cur = origin.clone()
    card = find(cur, "s2-card2")
    card.fills = [solid("#FFE4E6")]
    card.strokes = [Stroke(paint=solid("#E11D48"), weight=2)]
    card.effects = [Effect(type="DROP_SHADOW", radius=8, offset={"x": 0, "y": 4})]
    d = diff_decks(origin, cur)
    got = {e.prop: e.after for e in d.entries}
    assert got["fills"] == ["#FFE4E6"] and got["strokes"] == ["#E11D48 2px"]
    assert got["effects"][0].startswith("drop_shadow") and set(got) == {"fills", "strokes", "effects"}


def test_transitions_and_notes(origin: Deck) -> None:
    cur = origin.clone()
    s1, s2 = cur.slide("s1"), cur.slide("s2")
    assert s1 is not None and s2 is not None
    s1.notes = "Open with the numbers."
    s2.transition = Transition(style="push", direction="left")
    d = diff_decks(origin, cur)
    assert sorted((e.slide_id, e.prop) for e in d.entries) == [("s1", "notes"), ("s2", "transition")]


def test_table_cell_edits_and_row_insertion(origin: Deck) -> None:
    cur = origin.clone()
    table = find(cur, "s3-table")
    table.rows[2].cells[2].fills = [solid("#FECACA")]  # colour the negative cell
    table.rows.insert(2, TableRow(height=40, cells=[TableCell(text=TextBody.from_text(t)) for t in ("Q1b", "1", "2")]))
    d = diff_decks(origin, cur)
    assert [(e.op, e.node.type) for e in d.entries] == [("modified", "TABLE_CELL"), ("added", "TABLE_ROW")] or [
        (e.op, e.node.type) for e in d.entries
    ] == [("added", "TABLE_ROW"), ("modified", "TABLE_CELL")]
    cell = next(e for e in d.entries if e.op == "modified")
    assert cell.prop == "fills" and cell.node.snippet == "-3" and cell.path[-1].id == "s3-table"


def test_chart_data(origin: Deck) -> None:
    cur = origin.clone()
    chart = find(cur, "s3-chart").chart
    chart.chart_type = "bar"
    chart.series[1].values = [12, 3, 15]
    d = diff_decks(origin, cur)
    assert sorted(e.prop for e in d.entries) == ["chart_type", "series"]


# -- normalization and tolerance --------------------------------------------------------------------
def test_tolerances(origin: Deck) -> None:
    cur = origin.clone()
    title = find(cur, "s1-title")
    title.text.style = title.text.style.merged(TextStyle(font_size=56.4))  # +0.7 %
    title.x = 80.4  # sub-pixel
    photo = find(cur, "s2-photo")
    photo.width = 302.5  # +0.8 %
    card = find(cur, "s2-card1")
    card.fills = [SolidPaint(color=Color(r=0xEE / 255 + 0.006, g=0xF2 / 255, b=1.0))]  # < 0.01 per channel
    assert diff_decks(origin, cur).entries == []
    title.text.style = title.text.style.merged(TextStyle(font_size=57.0))  # +1.8 %
    card.fills = [SolidPaint(color=Color(r=0xEE / 255 - 0.02, g=0xF2 / 255, b=1.0))]
    assert sorted(e.prop for e in diff_decks(origin, cur).entries) == ["fills", "font_size"]
    loose = Tolerance(rel=0.05, channel=0.05)
    assert diff_decks(origin, cur, tolerance=loose).entries == []


def test_equivalent_types(origin: Deck) -> None:
    """A GROUP read back as a FRAME (another format) is the same container: no type edit."""
    cur = origin.clone()
    s3 = cur.slide("s3")
    assert s3 is not None
    group = find(cur, "s3-legend")
    s3.children[s3.children.index(group)] = FrameNode(
        id=group.id,
        name=group.name,
        x=group.x,
        y=group.y,
        width=group.width,
        height=group.height,
        children=group.children,
    )
    assert diff_decks(origin, cur).entries == []


def test_slide_local_coordinates_make_a_reparent_one_moved_entry(origin: Deck) -> None:
    """The caption leaves card 1 for card 2 and keeps its place on the slide: one 'moved' entry,
    no box edit, no removed + added pair."""
    cur = origin.clone()
    c1, c2 = find(cur, "s2-card1"), find(cur, "s2-card2")
    cap = c1.children.pop(0)
    cap.x += c1.x - c2.x  # same slide position inside the new parent
    c2.children.append(cap)
    d = diff_decks(origin, cur)
    assert [(e.op, e.node.id) for e in d.entries] == [("moved", "s2-card1-h")]
    assert "[s2-card1]" in d.entries[0].before and "[s2-card2]" in d.entries[0].after


def test_move_across_slides(origin: Deck) -> None:
    cur = origin.clone()
    s1, s3 = cur.slide("s1"), cur.slide("s3")
    assert s1 is not None and s3 is not None
    sub = s1.children.pop(1)
    s3.children.append(sub)
    d = diff_decks(origin, cur)
    assert [(e.op, e.slide_id) for e in d.entries] == [("moved", "s3")]
    assert "slide 1" in d.entries[0].before


def test_group_move_is_one_box_edit(origin: Deck) -> None:
    cur = origin.clone()
    find(cur, "s2-card3").x += 40
    d = diff_decks(origin, cur)
    assert [(e.node.id, e.prop) for e in d.entries] == [("s2-card3", "box")]


def test_same_named_siblings_collapse(origin: Deck) -> None:
    cur = origin.clone()
    for i in (1, 2, 3):
        find(cur, f"s2-card{i}").fills = [solid("#DCFCE7")]
    d = diff_decks(origin, cur)
    assert len(d.entries) == 1 and d.distinct_edits == 1
    e = d.entries[0]
    assert e.siblings == 3 and e.sibling_ids == ["s2-card2", "s2-card3"]
    assert "applied to 3 same-named siblings" in d.to_text(snapshot=False)


def test_slide_reorder_and_z_order(origin: Deck) -> None:
    cur = origin.clone()
    cur.slides = [cur.slides[2], cur.slides[1], cur.slides[0]]
    s2 = cur.slide("s2")
    assert s2 is not None
    photo = s2.children.pop()  # send the picture to the back
    s2.children.insert(0, photo)
    d = diff_decks(origin, cur)
    moved = sorted((e.slide_id, e.before, e.after) for e in d.entries if e.op == "slide_moved")
    assert moved == [("s1", 1, 3), ("s3", 3, 1)]  # the middle slide kept its place
    z = [(e.node.id, e.before, e.after) for e in d.entries if e.op == "z_order"]
    assert z == [("s2-photo", 4, 0)]


def test_lis_prefers_fixed_points() -> None:
    assert lis_keep([2, 1, 0]) == {1}
    assert lis_keep([0, 1, 2, 3]) == {0, 1, 2, 3}
    assert lis_keep([3, 0, 1, 2]) == {1, 2, 3}


def test_score_and_cap(origin: Deck) -> None:
    cur = origin.clone()
    s1 = cur.slide("s1")
    assert s1 is not None
    for i in range(250):
        s1.children.append(
            RectangleNode(id=f"dot{i}", name=f"Dot {i}", x=i * 4, y=700, width=4, height=4, fills=[solid("#000000")])
        )
    d = diff_decks(origin, cur)
    assert d.distinct_edits == 250 and len(d.entries) == MAX_ENTRIES and d.omitted == 50
    assert d.score == pytest.approx(1 - 250 / 350)
    assert "50 more edits omitted" in d.to_text(snapshot=False)


def test_needs_images_only_for_visual_content(origin: Deck) -> None:
    cur = origin.clone()
    find(cur, "s1-title").text.paragraphs[0].runs[0].text = "Text only"
    assert not diff_decks(origin, cur).needs_images
    pic = origin.clone()
    s1 = pic.slide("s1")
    assert s1 is not None
    asset = next(iter(origin.assets))
    s1.children.append(
        ImageNode(id="logo", name="Logo", x=10, y=10, width=100, height=100, image=ImagePaint(asset=asset))
    )
    d = diff_decks(origin, pic)
    assert d.needs_images and d.image_slides == ["s1"]
    fill = origin.clone()
    find(fill, "s2-card1").fills = [ImagePaint(asset=asset)]
    assert diff_decks(origin, fill).needs_images
    gone = origin.clone()
    s2 = gone.slide("s2")
    assert s2 is not None
    s2.children = [c for c in s2.children if c.id != "s2-photo"]
    assert not diff_decks(origin, gone).needs_images  # a removed picture needs no render to judge


# -- rendering --------------------------------------------------------------------------------------
def test_text_rendering_is_a_tree_with_snippets_and_a_snapshot(origin: Deck) -> None:
    cur = origin.clone()
    find(cur, "s2-card2-b").text.paragraphs[0].runs[0].text = "Up to 44%"
    text = diff_decks(origin, cur).to_text()
    lines = text.splitlines()
    card = next(i for i, line in enumerate(lines) if "[s2-card2]" in line and "FRAME" in line)
    body = next(i for i, line in enumerate(lines) if "[s2-card2-b]" in line)
    indent = lambda s: len(s) - len(s.lstrip())  # noqa: E731
    assert body > card and indent(lines[body]) > indent(lines[card])
    assert "«Margin Up to 44%»" in lines[card]  # the wrapper's label carries its descendant text
    assert 'text: "Stable at 41%" -> "Up to 44%"' in text
    snap = text[text.index("INITIAL STATE SNAPSHOT") :]
    assert 'text TEXT [s1-title] "Quarterly review" (center, Liberation Sans 56px bold #1F2937)' in snap
    assert "shape IMAGE" in snap and "[s2-photo]" in snap and "column chart" in snap
    assert "transition fade 0.5s" in snap and 'notes "Open with the headline."' in snap


def test_added_slide_and_removed_slide(origin: Deck) -> None:
    cur = origin.clone()
    new = cur.slides[0].model_copy(deep=True)
    new.id = "s9"
    for n in new.iter_nodes():
        n.id = "s9-" + n.id
    cur.slides.append(new)
    cur.slides = [s for s in cur.slides if s.id != "s3"]
    d = diff_decks(origin, cur)
    ops = [e.op for e in d.entries]
    assert ops.count("slide_added") == 1 and ops.count("slide_removed") == 1
    assert ops.count("added") == 2  # the new slide's two text boxes
    text = d.to_text(snapshot=False)
    assert "new slide: Quarterly review" in text and "slide 3 deleted" in text


def test_group_children_and_new_wrapper(origin: Deck) -> None:
    """Existing nodes wrapped into a new group: the group is added, its members are moved."""
    cur = origin.clone()
    s1 = cur.slide("s1")
    assert s1 is not None
    kids = list(s1.children)
    s1.children = [GroupNode(id="wrap", name="Wrap", children=kids, width=1280, height=720)]
    d = diff_decks(origin, cur)
    assert sorted((e.op, e.node.id) for e in d.entries) == [
        ("added", "wrap"),
        ("moved", "s1-sub"),
        ("moved", "s1-title"),
    ]


def test_text_node_types_compare_across_shapes(origin: Deck) -> None:
    """A text box written as a shape-with-text without paint (pptx) is still a TEXT."""
    cur = origin.clone()
    s1 = cur.slide("s1")
    assert s1 is not None
    t = s1.children[1]
    assert isinstance(t, TextNode)
    s1.children[1] = RectangleNode(id=t.id, name=t.name, x=t.x, y=t.y, width=t.width, height=t.height, text=t.text)
    assert diff_decks(origin, cur).entries == []
