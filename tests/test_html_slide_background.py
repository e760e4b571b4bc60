"""A slide background with transparency in HTML: drawn on white paper, as PowerPoint and LibreOffice
show it, not on the page behind the slide (the viewer's grey)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from adapters.html.write import write_html
from adapters.ooxml.read_deck import read_pptx
from tests.conftest import needs_chromium

DECK = Path(__file__).parents[1] / "fixtures" / "pptx" / "automizer-SlideMasterBackgrounds.pptx"


def _slide_styles(html: str) -> list[str]:
    return re.findall(r'<div class="slide" id="[^"]*"[^>]*? style="([^"]*)"', html)


def test_a_translucent_master_background_is_composited_on_white(tmp_path: Path) -> None:
    """pptx-automizer's deck: slide 3's master fills its background with FF6600 at 20 % alpha. The
    colour the slide shows is 20 % orange over white (#FFE0CC), written opaque; the IR keeps the
    translucent colour. Slides with an opaque background (a picture here) are written as before."""
    deck = read_pptx(DECK)
    bottom = deck.slides[2].background.fills[0]  # type: ignore[union-attr]
    assert bottom.color.hex == "#FF6600" and bottom.color.a == pytest.approx(0.2)
    write_html(deck, tmp_path / "deck.html", embed_source=False)
    styles = _slide_styles((tmp_path / "deck.html").read_text())
    assert len(styles) == 3
    assert "background-color:#ffe0cc" in styles[2] and "rgba" not in styles[2]
    assert "background-color" not in styles[0] and "background-image" in styles[0]


@pytest.mark.render
@needs_chromium
def test_the_translucent_background_renders_light_not_grey(tmp_path: Path) -> None:
    from backends.render.chromium import render_html

    write_html(read_pptx(DECK), tmp_path / "deck.html", embed_source=False)
    result = render_html(tmp_path / "deck.html", tmp_path / "png", width=320)
    px = np.asarray(Image.open(result.paths[2]).convert("RGB")).astype(int)
    corner = px[90:130, 120:200].reshape(-1, 3).mean(axis=0)  # plain background, mid-slide
    assert np.allclose(corner, (255, 224, 204), atol=6), corner
