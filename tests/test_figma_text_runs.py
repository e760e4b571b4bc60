"""A text box whose paragraphs differ in alignment or list indent, through Figma JSON without the
IR copy (adapters.figma.text_groups): each run of equal paragraphs is a TEXT of its own, placed
where PowerPoint draws it, and the reader joins the runs back into one text box."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ace_core.ir import Deck
from ace_core.ir.text import TextBody
from adapters import read
from adapters.figma.read import read_figma
from adapters.figma.write import write_figma
from tests.figma_spec import errors

PPTX = Path(__file__).resolve().parents[1] / "fixtures" / "pptx"


def _through_figma(deck: Deck, tmp: Path) -> tuple[dict[str, Any], Deck]:
    out = tmp / "deck.figma.json"
    write_figma(deck, out)  # no IR copy: the default
    return json.loads(out.read_text()), read_figma(out)


def _nodes(node: dict[str, Any]) -> dict[str, dict[str, Any]]:
    found, stack = {}, [node]
    while stack:
        n = stack.pop()
        found[n["id"]] = n
        stack.extend(n.get("children") or [])
    return found


def _text_starts(body: TextBody) -> list[float]:
    """Where each paragraph's text starts (its wrapped lines: the margin), px from the box's left."""
    insets = body.insets.left if body.insets is not None else 0.0
    return [insets + (p.margin_left or 0.0) for p in body.paragraphs]


def test_list_levels_start_where_powerpoint_starts_them(tmp_path: Path) -> None:
    """poi-layouts #5: three list levels at PowerPoint's margins (36 / 78 / 120 px). Figma indents
    a level by one gutter of the item's size, so one TEXT put levels 2 and 3 11 and 28 px left of
    where PowerPoint draws them; now each level is its own TEXT, padded by the difference."""
    deck = read(PPTX / "poi-layouts.pptx")
    doc, back = _through_figma(deck, tmp_path)
    assert errors(doc) == []
    box = next(n for n in deck.slides[4].children if n.text.plain_text.startswith("Comparison1"))
    assert [p.level for p in box.text.paragraphs] == [0, 1, 2]
    nodes = _nodes(doc["document"])
    # level 2's en dash is a marker Figma's lists cannot draw: in the characters (see below)
    assert [nodes[f"{box.id}:p{k}:text"]["characters"] for k in (1, 2, 3)] == ["Comparison1", "–\tLevel 2", "Level 3"]
    assert f"{box.id}:text" not in nodes
    again = next(n for n in back.slides[4].children if n.id == box.id).text
    assert [p.text for p in again.paragraphs] == ["Comparison1", "Level 2", "Level 3"]
    assert [p.level for p in again.paragraphs] == [0, 1, 2]
    assert [p.bullet.type for p in again.paragraphs if p.bullet] == ["UNORDERED"] * 3
    assert _text_starts(again) == pytest.approx(_text_starts(box.text), abs=0.5)


def test_paragraphs_keep_their_own_alignment(tmp_path: Path) -> None:
    """poi-pptx2svg #1: a justified paragraph above left-aligned ones, one a level deeper. Figma has
    one alignment per TEXT, so one of the two was lost; now each run has its own, and the
    paragraph spacing between two runs comes back as the space after the first."""
    deck = read(PPTX / "poi-pptx2svg.pptx")
    doc, back = _through_figma(deck, tmp_path)
    assert errors(doc) == []
    box = next(n for n in deck.slides[0].children if n.text.plain_text.startswith("The Paragraphs"))
    aligns = [p.align or box.text.align for p in box.text.paragraphs]
    assert aligns == ["JUSTIFIED", "LEFT", "LEFT", "LEFT"]
    nodes = _nodes(doc["document"])
    texts = [nodes[f"{box.id}:p{k}:text"] for k in (1, 2, 3, 4)]
    assert [t["style"]["textAlignHorizontal"] for t in texts] == ["JUSTIFIED", "LEFT", "LEFT", "LEFT"]
    again = next(n for n in back.slides[0].children if n.id == box.id).text
    assert [p.align or again.align for p in again.paragraphs] == aligns
    assert [p.text for p in again.paragraphs] == [p.text for p in box.text.paragraphs]
    assert _text_starts(again) == pytest.approx(_text_starts(box.text), abs=0.5)
    # the gap PowerPoint leaves (32 px, shrunk with the body's text as LibreOffice draws it)
    gap = (box.text.paragraphs[0].space_after or 0.0) + (box.text.paragraphs[1].space_before or 0.0)
    drawn = nodes[f"{box.id}:p2"]["paddingTop"]
    assert gap == 32.0 and 0.9 * gap < drawn < gap
    assert again.paragraphs[0].space_after == pytest.approx(drawn)


def test_a_box_whose_paragraphs_agree_stays_one_text(tmp_path: Path) -> None:
    """The runs are only for boxes that need them: a title is the one TEXT `X:text` it was."""
    deck = read(PPTX / "poi-layouts.pptx")
    doc, _ = _through_figma(deck, tmp_path)
    title = next(n for n in deck.slides[4].children if n.text.plain_text == "Title")
    nodes = _nodes(doc["document"])
    assert f"{title.id}:text" in nodes and f"{title.id}:p1" not in nodes


def test_a_marker_figma_lists_cannot_hold_is_kept_in_the_characters(tmp_path: Path) -> None:
    """poi-layouts #5: level 2's marker is an en dash; Figma's lineTypes hold only its dot, so the
    item read back with a dot (reported). Now the hanging item is written with the dash and a tab
    at the start of its characters and reads back with its dash: nothing to report."""
    deck = read(PPTX / "poi-layouts.pptx")
    box = next(n for n in deck.slides[4].children if n.text.plain_text.startswith("Comparison1"))
    assert [p.bullet.char for p in box.text.paragraphs if p.bullet] == ["•", "–", "•"]
    out = tmp_path / "deck.figma.json"
    report = write_figma(deck, out)
    assert [e for e in report.entries if e.feature == "figma-list-marker" and e.node_id == box.id] == []
    again = next(n for n in read_figma(out).slides[4].children if n.id == box.id).text
    assert [p.bullet.char for p in again.paragraphs if p.bullet] == ["•", "–", "•"]


def _first_line_starts(body: TextBody) -> list[float]:
    """Where each paragraph with text starts its first line, px from the box's left."""
    insets = body.insets.left if body.insets is not None else 0.0
    return [insets + (p.margin_left or 0.0) + (p.indent or 0.0) for p in body.paragraphs if p.text.strip()]


def test_margin_without_bullet_kept_without_ir_copy(tmp_path: Path) -> None:
    """HowWeRefactor #27: six paragraphs without a bullet at marL 78 px, indent -30 (their first
    lines at 48 px, the lines after at 78). All six agree, so the box was one TEXT, and the margin
    only moved list items: the text started at the box's padding, 78 px left of where PowerPoint
    draws it. Now the TEXT is placed at the margin, its paragraphIndent hangs the first line, and
    the reader keeps the hang inside the paragraphs' margin (OOXML's indent cannot reach left of
    marL)."""
    deck = read(PPTX / "poi-HowWeRefactor.pptx")
    doc, back = _through_figma(deck, tmp_path)
    assert errors(doc) == []
    box = next(
        n for n in deck.slides[26].children if getattr(n, "text", None) and n.text.plain_text.startswith("The kind")
    )
    paras = [p for p in box.text.paragraphs if p.text.strip()]
    assert {(p.bullet, p.margin_left, p.indent) for p in paras} == {(None, 78.0, -30.0)}
    text = _nodes(doc["document"])[f"{box.id}:text"]
    assert text["style"]["paragraphIndent"] == pytest.approx(-30.0)
    again = next(n for n in back.slides[26].children if n.id == box.id).text
    assert all(not p.bullet or p.bullet.type == "NONE" for p in again.paragraphs)
    assert _text_starts(again) == pytest.approx(_text_starts(box.text), abs=0.5)
    assert _first_line_starts(again) == pytest.approx(_first_line_starts(box.text), abs=0.5)
    assert all((p.margin_left or 0.0) + (p.indent or 0.0) >= -0.01 for p in again.paragraphs)


def test_custom_bullet_glyph_in_characters_without_ir_copy(tmp_path: Path) -> None:
    """Scheinecker #14: level-3 items marked with a red Wingdings "w" (a:buChar U+F077 at
    a:buSzPct 120 %, a:buClr) and level-1 items with a red "•" at 130 %. Figma's lineTypes
    UNORDERED only draw a "•" in the text's colour and size, so both came back as black dots;
    now such an item is a line without a list type whose characters start with the glyph the
    symbol font draws ("◆") and a tab, in the bullet's colour and size, its first line hung by
    paragraphIndent, and the reader turns it back into the bullet."""
    deck = read(PPTX / "poi-Scheinecker-jdk6error.pptx")
    doc, back = _through_figma(deck, tmp_path)
    assert errors(doc) == []
    box = next(n for n in deck.slides[13].children if n.id.endswith(".326659"))
    items = [p for p in box.text.paragraphs if p.text.strip()]
    assert [p.bullet.char for p in items] == ["•", "\uf077", "•", "\uf077", "\uf077", "•"]
    texts = [n for k, n in _nodes(doc["document"]).items() if k.startswith(box.id) and n["type"] == "TEXT"]
    shown = [t["characters"].split("\t")[0] for t in sorted(texts, key=lambda t: t["id"])]
    assert shown == ["•", "◆", "•", "◆", "•"]
    assert all(set(t["lineTypes"]) == {"NONE"} for t in texts)
    assert all(t["style"]["paragraphIndent"] < 0 for t in texts)
    marker = next(t for t in texts if t["characters"].startswith("◆"))
    red = marker["styleOverrideTable"][str(marker["characterStyleOverrides"][0])]["fills"][0]["color"]
    assert (round(red["r"], 2), red["g"], red["b"]) == (0.84, 0.0, 0.0)
    again = [p for p in next(n for n in back.slides[13].children if n.id == box.id).text.paragraphs if p.text.strip()]
    assert [p.text for p in again] == [p.text for p in items]
    assert [p.bullet.char for p in again] == ["•", "◆", "•", "◆", "◆", "•"]
    assert [p.bullet.color for p in again] == [p.bullet.color for p in items]
    assert [p.bullet.size for p in again] == pytest.approx([p.bullet.size for p in items], abs=0.5)
    assert [p.level for p in again] == [p.level for p in items]
    assert [p.margin_left for p in again] == pytest.approx([p.margin_left for p in items])
    assert [p.indent for p in again] == pytest.approx([p.indent for p in items])


def test_a_linked_item_s_marker_keeps_the_text_colour(tmp_path: Path) -> None:
    """glimpse-sample #3: the last item is a hyperlink, drawn in the theme's hlink blue; its bullet
    states no colour, and LibreOffice draws it in the text's colour (black), not the link's. A
    Figma list marker takes its first character's colour, so it came back blue; now it is written
    in the characters in black, and reads back as a bullet of that colour."""
    from ace_core.ir.style import SolidPaint

    deck = read(PPTX / "glimpse-sample.pptx")
    box = next(n for n in deck.slides[2].children if n.id == "s258.3")
    link = box.text.paragraphs[-1]
    assert link.runs[0].style.hyperlink and link.bullet is not None and link.bullet.color is None
    doc, back = _through_figma(deck, tmp_path)
    assert errors(doc) == []
    again = next(n for n in back.slides[2].children if n.id == box.id).text.paragraphs
    assert [p.bullet.char for p in again] == ["•", "•"]
    assert again[0].bullet.color is None  # a black item's black dot: Figma's own list marker
    black = again[-1].bullet.color
    assert isinstance(black, SolidPaint) and black.color.hex.lower() == "#000000"
    assert again[-1].runs[0].style.fill.color.hex.lower() == "#0000ff"


def test_outlined_text_keeps_its_outline_without_ir_copy(tmp_path: Path) -> None:
    """poi-keyframes #28: runs without fill, outlined in pink (OOXML a:ln on the runs). Figma strokes
    a TEXT around its glyphs, so one outline shared by every run is the TEXT's strokes; without it
    the text came back unfilled and unoutlined: invisible (pptx -> figma -> pptx recall 0.68)."""
    from ace_core.ir.nodes import TextNode
    from adapters.ooxml.writer import write_pptx

    deck = read(PPTX / "poi-keyframes.pptx")
    box = next(n for n in deck.slides[27].children if isinstance(n, TextNode) and n.text.plain_text.startswith("UAD"))
    outline = box.text.paragraphs[0].runs[0].style.outline
    assert outline is not None and outline.weight > 1.0
    doc, back = _through_figma(deck, tmp_path)
    assert errors(doc) == []
    text = _nodes(doc["document"])[f"{box.id}:text"]
    assert len(text["strokes"]) == 1 and text["strokeWeight"] == pytest.approx(outline.weight)
    assert text["strokes"][0]["color"]["r"] == pytest.approx(1.0) and text["strokeAlign"] == outline.align
    again = next(n for n in back.slides[27].children if n.id == box.id)
    assert again.strokes == []  # the glyphs' outline, not the box's
    runs = [r for p in again.text.paragraphs for r in p.runs if r.text]
    assert runs and all(r.style.outline == outline.model_copy(update={"paint": r.style.outline.paint}) for r in runs)
    assert all(r.style.outline.paint.color.r == pytest.approx(1.0) for r in runs)
    write_pptx(back, tmp_path / "back.pptx")
    pptx = next(n for n in read(tmp_path / "back.pptx").slides[27].children if n.name == box.name)
    assert all(r.style.outline is not None for p in pptx.text.paragraphs for r in p.runs if r.text.strip())


def test_runs_with_different_outlines_are_reported(tmp_path: Path) -> None:
    """One TEXT has one set of strokes: runs outlined differently are not written as strokes, and
    the write says which text lost them."""
    from ace_core.ir.nodes import TextNode
    from ace_core.ir.style import SolidPaint, Stroke
    from ace_core.ir.text import Paragraph, Run, TextStyle

    deck = read(PPTX / "poi-keyframes.pptx")
    box = next(n for n in deck.slides[27].children if isinstance(n, TextNode) and n.text.plain_text.startswith("UAD"))
    red = Stroke(paint=SolidPaint.model_validate({"color": {"r": 1.0}}), weight=2.0)
    box.text.paragraphs = [Paragraph(runs=[Run(text="a", style=TextStyle(outline=red)), Run(text="b")])]
    out = tmp_path / "deck.figma.json"
    report = write_figma(deck, out)
    text = _nodes(json.loads(out.read_text())["document"])[f"{box.id}:text"]
    assert text["strokes"] == []
    assert [e.node_id for e in report.entries if e.feature == "figma-text-outline"] == [box.id]
