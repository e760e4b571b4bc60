"""An empty placeholder with a fill or outline is drawn (PowerPoint shows it in a slide show) and
reported as a region LibreOffice's export leaves out, so the fidelity figures can mask it.

The class: template decks whose layouts give placeholders a coloured band (a title bar, a picture
frame) and slides that leave them empty (autopptx's template: a dark-blue title band LibreOffice
drops). A placeholder without fill or outline, or one with text, gets no entry."""

from __future__ import annotations

import sys
from pathlib import Path

from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.util import Pt

from adapters.ooxml.drawingml import EMPTY_PLACEHOLDER_DRAWN
from adapters.ooxml.read_deck import read_pptx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))


def _deck(tmp_path: Path) -> Path:
    prs = Presentation()
    for filled, text, outlined in ((True, "", False), (True, "A title", False), (False, "", False), (False, "", True)):
        slide = prs.slides.add_slide(prs.slide_layouts[5])  # title only
        title = slide.shapes.title
        if filled:
            title.fill.solid()
            title.fill.fore_color.rgb = RGBColor(0x29, 0x43, 0x8C)
        if outlined:
            title.line.color.rgb = RGBColor(0xC0, 0, 0)
            title.line.width = Pt(2)
        if text:
            title.text = text
    path = tmp_path / "ph.pptx"
    prs.save(path)
    return path


def test_empty_filled_or_outlined_placeholders_are_reported_and_kept(tmp_path: Path) -> None:
    deck = read_pptx(_deck(tmp_path))
    entries = [e for e in deck.report.entries if e.reason == EMPTY_PLACEHOLDER_DRAWN]
    by_slide = {s.id: i for i, s in enumerate(deck.slides)}
    from ace_core.ir.walk import NodeIndex

    index = NodeIndex(deck)
    assert sorted(by_slide[index.slide_of[e.node_id].id] for e in entries) == [0, 3]
    filled = index.node[entries[0].node_id]
    assert filled.fills and filled.fills[0].visible  # still drawn


def test_the_fidelity_figures_mask_the_region(tmp_path: Path) -> None:
    import fidelity

    regions = fidelity.blind_regions(read_pptx(_deck(tmp_path)))
    assert [bool(r) for r in regions] == [True, False, False, True]
    (x0, y0, x1, y1) = regions[0][0]
    assert 0 <= x0 < x1 <= 1.02 and 0 <= y0 < y1 < 0.5  # the title band, near the top
