"""The text of a SmartArt drawing shape lands where LibreOffice 7.4 puts it (smartart/text_area.py):
txXfrm is the text area of a rect, shifts three sides of a roundRect's own text rectangle, only
the top and bottom of an ellipse's, and is ignored by every other preset."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ace_core.drawing.presets import evaluate
from ace_core.ir.nodes import ShapeNode, TextNode
from adapters.ooxml.read_deck import read_pptx
from tests.zip_edit import rezip

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "pptx"


def _art_nodes(deck):
    art = next(n for _, n in deck.iter_nodes() if n.type == "GROUP" and n.name.startswith("Diagram"))
    return art, list(art.children)


def _label(children, word: str):
    return next(n for n in children if n.text is not None and word in n.text.plain_text)


def _shape_of(children, label):
    return next(n for n in children if n.id == label.id.removesuffix(".t"))


def test_ellipse_takes_only_the_top_and_bottom_of_its_text_box() -> None:
    deck = read_pptx(FIX / "poi-smartart-simple.pptx")
    _, kids = _art_nodes(deck)
    label = _label(kids, "def")  # its txXfrm is the right half of the circle, its text left-aligned
    assert isinstance(label, TextNode)
    shape = _shape_of(kids, label)
    left, top, right, bottom = evaluate("ellipse", shape.width, shape.height).text_rect
    assert label.x == pytest.approx(shape.x + left, abs=0.1)
    assert label.width == pytest.approx(right - left, abs=0.1)
    scale = shape.height / 488696  # (the drawing's EMU to the slide's px)
    o_top, o_bottom = (281939 - 225551) * scale, (225551 + 488696 - 281939 - 375920) * scale
    assert label.y == pytest.approx(shape.y + top + o_top, abs=0.1)  # moved in by the txXfrm's offsets
    assert label.height == pytest.approx(bottom - top - o_top - o_bottom, abs=0.1)


def _reshape(body: bytes, presets: list[str]) -> bytes:
    """The tika deck's five rect boxes as `presets`, each txXfrm moved to the box's top right."""
    text = body.decode()
    shapes = re.findall(r"<dsp:sp .*?</dsp:sp>", text, re.S)
    out = text
    for sp, prst in zip(shapes, presets, strict=False):
        x, y = (int(v) for v in re.search(r'<a:off x="(\d+)" y="(\d+)"/>', sp).groups())
        cx, cy = (int(v) for v in re.search(r'<a:ext cx="(\d+)" cy="(\d+)"/>', sp).groups())
        off, ext = f'<a:off x="{x + cx // 4}" y="{y + cy // 10}"/>', f'<a:ext cx="{cx // 2}" cy="{cy // 2}"/>'
        tx = f"<dsp:txXfrm>{off}{ext}</dsp:txXfrm>"
        new = re.sub(r"<dsp:txXfrm>.*?</dsp:txXfrm>", tx, sp, flags=re.S).replace('prst="rect"', f'prst="{prst}"')
        out = out.replace(sp, new)
    return out.encode()


def test_round_rect_and_other_presets_place_text_as_libreoffice_does(tmp_path: Path) -> None:
    presets = ["rect", "roundRect", "hexagon", "rightArrow", "ellipse"]
    path = rezip(
        FIX / "tika-testPPT_groups.pptx",
        tmp_path / "presets.pptx",
        {"ppt/diagrams/drawing1.xml": lambda b: _reshape(b, presets)},
    )
    _, kids = _art_nodes(read_pptx(path))
    rect_label = _label(kids, "smart1")
    shape = _shape_of(kids, rect_label)
    w, h = shape.width, shape.height
    # rect: the txXfrm is the text area
    assert (rect_label.x - shape.x, rect_label.y - shape.y) == pytest.approx((w / 4, h / 10), abs=0.2)
    assert (rect_label.width, rect_label.height) == pytest.approx((w / 2, h / 2), abs=0.2)
    # roundRect: the preset's inset rectangle, its left, top and bottom moved in by the txXfrm's offsets
    rr_label = _label(kids, "smart2")
    rr = _shape_of(kids, rr_label)
    left, top, right, bottom = evaluate("roundRect", rr.width, rr.height).text_rect
    assert rr_label.x - rr.x == pytest.approx(left + w / 4, abs=0.2)
    assert rr_label.y - rr.y == pytest.approx(top + h / 10, abs=0.2)
    assert rr_label.x + rr_label.width - rr.x == pytest.approx(right, abs=0.2)  # the right side stays
    assert rr_label.y + rr_label.height - rr.y == pytest.approx(bottom - 0.4 * h, abs=0.2)
    # hexagon, right arrow: the txXfrm is ignored, the text stays in the shape (its preset text rectangle)
    for word, prst in (("Smart3", "hexagon"), ("smart4", "rightArrow")):
        kept = _label(kids, word)
        assert isinstance(kept, ShapeNode) and kept.preset == prst


def test_a_turned_text_box_of_another_preset_is_its_text_rectangle_turned_upright() -> None:
    deck = read_pptx(FIX / "poi-smartart-rotated-text.pptx")
    _, kids = _art_nodes(deck)
    label = _label(kids, "ghi")  # a hexagon turned 90 degrees, its txXfrm turned back by -90
    shape = _shape_of(kids, label)
    left, top, right, bottom = evaluate("hexagon", shape.width, shape.height).text_rect
    assert label.rotation == pytest.approx(0.0, abs=0.01)
    # the text rectangle turns a quarter with the hexagon, so the upright text runs along its height
    assert (label.width, label.height) == pytest.approx((bottom - top, right - left), abs=0.1)
    assert label.x + label.width / 2 == pytest.approx(shape.x + (left + right) / 2, abs=0.1)
