"""OOXML text written to Figma as LibreOffice draws it (the renders it is compared with), on a deck
LibreOffice Impress wrote: a blank line is as tall as the text above it, and an unwrapped centred
or right-aligned text box hugs its text where the alignment puts it, so that the .pptx read back
from the Figma file (its text boxes grow with their text) shows it there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ace_core.ir.nodes import TextNode
from adapters.api import read
from adapters.figma.read import read_figma
from adapters.figma.write import write_figma

ROOT = Path(__file__).resolve().parents[1]
DECK = ROOT / "fixtures" / "pptx" / "poi-ececapstonespring2012.pptx"


@pytest.fixture(scope="module")
def decks(tmp_path_factory: pytest.TempPathFactory) -> tuple[object, dict, object]:
    out = tmp_path_factory.mktemp("lo-text") / "deck.figma.json"
    deck = read(DECK)
    write_figma(deck, out)
    return deck, json.loads(out.read_text()), read_figma(out)


def _box(deck, slide: int, name: str) -> TextNode:
    return next(n for n in deck.slides[slide - 1].children if isinstance(n, TextNode) and n.name == name)


def _sizes(node: TextNode) -> list[float | None]:
    body = node.text
    out = []
    for para in body.paragraphs:
        style = body.style.merged(para.style)
        style = style.merged(para.runs[0].style) if para.runs else style
        out.append(style.font_size)
    return out


def test_a_blank_line_is_as_tall_as_the_text_above_it(decks) -> None:
    deck, _, back = decks
    # slide 20's body: blank, a 28 pt heading, blank, 28 pt bullets; the blanks state no size
    source = _sizes(_box(deck, 20, "CustomShape 2"))
    assert source[0] is None and source[2] is None and source[1] == pytest.approx(28 * 4 / 3)
    sizes = _sizes(_box(back, 20, "CustomShape 2"))
    assert sizes[0] == pytest.approx(24.0)  # before any text: the 18 pt default
    assert sizes[2] == pytest.approx(28 * 4 / 3)  # under the heading: the heading's size


def test_unwrapped_right_aligned_text_hugs_its_text_at_the_right(decks) -> None:
    deck, doc, back = decks
    box = _box(deck, 1, "CustomShape 2")  # wrap="none", no autofit, right-aligned, zero insets
    assert not box.text.wrap and box.text.autofit == "NONE"
    slide = doc["document"]["children"][0]["children"][0]
    text = next(n for n in slide["children"] if n.get("name") == "CustomShape 2")
    bb, frame = text["absoluteBoundingBox"], slide["absoluteBoundingBox"]
    assert text["style"]["textAlignHorizontal"] == "RIGHT"
    assert bb["width"] < box.width / 2  # the names, not the 9.9 in box
    assert bb["x"] - frame["x"] + bb["width"] == pytest.approx(box.x + box.width, abs=0.01)
    read_back = _box(back, 1, "CustomShape 2")
    assert read_back.x + read_back.width == pytest.approx(box.x + box.width, abs=0.01)


def test_list_text_that_starts_left_of_the_padding_starts_there(decks) -> None:
    """Slide 3's bullets state no indent: PowerPoint starts their text just after the marker (about
    0.45 em in), Figma one gutter per level (1 em) right of the TEXT's left edge, so the bare box
    reaches left of its own (by its deepest item's 1.55 em) for the text to start there."""
    deck, doc, _ = decks
    box = _box(deck, 3, "CustomShape 2")
    first = box.text.paragraphs[1]  # "My client is Rosemary", level 0, no marL / indent
    assert first.bullet is not None and not first.indent and not first.margin_left
    size = 28 * 4 / 3
    slide = doc["document"]["children"][0]["children"][2]
    frame = next(n for n in slide["children"] if n.get("name") == "CustomShape 2")
    left = frame["absoluteBoundingBox"]["x"] - slide["absoluteBoundingBox"]["x"]
    assert left == pytest.approx(box.x - 1.55 * size, abs=0.5)  # the level-1 items: 0.45 - 2 em
    text = frame["children"][0]["children"][0]
    assert "My client is Rosemary" in text["characters"]
    start = text["absoluteBoundingBox"]["x"] - slide["absoluteBoundingBox"]["x"] + size  # one gutter in
    assert start == pytest.approx(box.x + 0.45 * size, abs=0.5)
