"""Shrink-on-overflow OOXML text in HTML fits its box as LibreOffice refits it, whatever the
paragraph holds: runs of several sizes, exact line spacing, space before / after.

The class (ts-pptx's autofit-shrink.pptx has one slide of each):
- mixed run sizes: the fit measure gave the runs that take their size from the paragraph the
  <p>'s strut size (its smallest run), so a 28 / 18 / 12 pt paragraph was measured as mostly
  12 pt and drawn 1.7 x taller than its box;
- exact spacing (spcPts) and space before / after: LibreOffice shrinks them with the font; we
  kept them at full size and shrank the font further to make up for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.html.write import write_html
from adapters.ooxml.read_deck import read_pptx
from tests.conftest import needs_chromium

pytestmark = [pytest.mark.render, needs_chromium]

DECK = Path(__file__).resolve().parents[1] / "fixtures" / "pptx" / "tspptx-autofit-shrink.pptx"
SCRIPT = """() => {
  const out = {};
  for (const el of document.querySelectorAll('[data-fit]')) {
    const ps = [...el.querySelectorAll('p')];
    const lines = [];
    for (const p of ps) {
      const r = document.createRange(); r.selectNodeContents(p);
      for (const x of r.getClientRects()) if (!lines.includes(x.bottom)) lines.push(x.bottom);
    }
    const cs = getComputedStyle(el);
    out[el.dataset.name] = {
      fit: parseFloat(el.dataset.fit),
      text: ps[ps.length - 1].getBoundingClientRect().bottom - ps[0].getBoundingClientRect().top,
      room: el.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom),
      bottoms: lines.sort((a, b) => a - b),
      gap: ps.length > 1 ? parseFloat(getComputedStyle(ps[1]).paddingTop) : null,
    };
  }
  return out;
}"""


@pytest.fixture(scope="module")
def boxes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    from ace_core.browser import default_session

    out = tmp_path_factory.mktemp("shrink") / "deck.html"
    write_html(read_pptx(DECK), out, embed_source=False)
    with default_session().page(out, width=1280, height=720) as page:
        return page.evaluate(SCRIPT)


def test_mixed_run_sizes_fit_their_box(boxes: dict[str, dict]) -> None:
    box = boxes["shrink__aptos__sz18__multirun"]
    assert box["text"] <= box["room"] + 2, box  # it was 144 px in 86


def test_exact_line_spacing_shrinks_with_the_font(boxes: dict[str, dict]) -> None:
    box = boxes["shrink__aptos__sz18__lnspc_exact18"]
    pitches = [b - a for a, b in zip(box["bottoms"], box["bottoms"][1:], strict=False)]
    assert len(pitches) >= 3
    for pitch in pitches:  # 18 pt = 24 px a line, at the fit scale
        assert pitch == pytest.approx(24 * box["fit"] / 100, abs=1.0), (pitches, box["fit"])
    assert box["text"] <= box["room"] + 2
    # the room left is under one line: the font is not shrunk further than the box needs
    assert box["room"] - box["text"] < 24 * box["fit"] / 100, box


def test_space_between_paragraphs_shrinks_with_the_font(boxes: dict[str, dict]) -> None:
    box = boxes["shrink__aptos__sz18__spba10_2para"]
    assert box["gap"] is not None and box["gap"] > 0
    assert box["text"] <= box["room"] + 2, box
    assert box["room"] - box["text"] < 0.2 * box["room"], box  # it was shrunk to fill 88 %
