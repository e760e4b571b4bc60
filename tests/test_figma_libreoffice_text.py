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
    # slide 20's body: blank, a 28 pt heading, blank, 28 pt bullets; the blanks state no size: the
    # reader gives the second the heading's (as LibreOffice's import does), the first the default
    sizes = _sizes(_box(deck, 20, "CustomShape 2"))
    assert sizes[0] is None and sizes[1] == sizes[2] == pytest.approx(28 * 4 / 3)
    sizes = _sizes(_box(back, 20, "CustomShape 2"))  # and the Figma file keeps both
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
    """Slide 3's bullets state no marL / indent: LibreOffice puts level n's text (n + 1) * 6 mm in
    (22.7 px, 45.4 px), Figma one gutter per level (1 em = 37.3 px) right of the TEXT's left edge,
    more than those: the bare box reaches left of its own for each item's text to start there."""
    deck, doc, _ = decks
    box = _box(deck, 3, "CustomShape 2")
    items = [p for p in box.text.paragraphs if p.bullet is not None]
    assert [round(p.margin_left, 2) for p in items[:2]] == [22.68, 45.35]  # levels 0 and 1
    size = 28 * 4 / 3
    slide = doc["document"]["children"][0]["children"][2]
    frame = next(n for n in slide["children"] if n.get("name") == "CustomShape 2")
    left = frame["absoluteBoundingBox"]["x"] - slide["absoluteBoundingBox"]["x"]
    assert left < box.x - 20  # reaches left of the box
    texts = [t for run in frame["children"] for t in run.get("children", []) if t["type"] == "TEXT"]
    for para in items[:2]:
        first = "".join(r.text for r in para.runs)
        text = next(t for t in texts if first in t["characters"])
        start = text["absoluteBoundingBox"]["x"] - slide["absoluteBoundingBox"]["x"] + size * (para.level + 1)
        assert start == pytest.approx(box.x + para.margin_left, abs=0.5), first
