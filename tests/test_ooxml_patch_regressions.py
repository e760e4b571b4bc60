"""Patch-writer regressions pinned by the bug they fixed."""

from __future__ import annotations

from pathlib import Path

from adapters import read, write
from adapters.ooxml.validate import new_problems
from backends.scenegraph import SceneGraphBackend

ROOT = Path(__file__).resolve().parents[1]


def test_new_rels_part_gets_a_content_type_when_source_has_no_rels_default(tmp_path: Path) -> None:
    """poi-ececapstonespring2012.pptx declares each .rels part by Override (no Default for 'rels'):
    a slide added by an edit must still have a content type for its relationships part."""
    src = ROOT / "fixtures" / "decks" / "poi-ececapstonespring2012.pptx"
    backend = SceneGraphBackend()
    backend.load(read(src))
    assert backend.execute("create_slide", {})["ok"]
    out = tmp_path / "out.pptx"
    write(backend.export(), out)
    assert new_problems(out, src) == []
    assert len(read(out).slides) == len(read(src).slides) + 1


def test_zero_weight_stroke_is_no_line(tmp_path: Path) -> None:
    """IR weight 0 draws nothing (Figma, CSS); PowerPoint would draw w="0" as a hairline."""
    from ace_core import Deck, RectangleNode, Slide, SolidPaint
    from ace_core.ir.style import Stroke

    red = SolidPaint(color="#FF0000")
    deck = Deck(
        slides=[
            Slide(
                id="s",
                children=[
                    RectangleNode(id="a", width=100, height=50, strokes=[Stroke(paint=red, weight=0)]),
                    RectangleNode(id="b", y=60, width=100, height=50, strokes=[Stroke(paint=red, weight=2)]),
                ],
            )
        ]
    )
    write(deck, tmp_path / "w.pptx")
    back = read(tmp_path / "w.pptx")
    assert back.find("a")[1].strokes == [] and back.find("b")[1].strokes[0].weight == 2
