"""The written HTML rendered in Chromium: flexbox boxes agree with the auto-layout solver,
crops and preset geometry land where they should, and a real .pptx converted to HTML looks like
LibreOffice's rendering of it."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from test_html_write_decks import QUADRANTS, rich_deck

from ace_core.ir import Deck, ShapeNode, Slide, SolidPaint
from ace_core.ir.walk import NodeIndex
from ace_core.layout import solve_deck
from adapters.api import read
from adapters.html.write import write_html
from tests.conftest import needs_chromium, needs_soffice

pytestmark = [pytest.mark.render, needs_chromium]

LAYOUT_IDS = [
    "f-a", "f-b", "f-c", "f-abs", "g-a", "g-b", "g-c", "o-a", "o-b", "o-c",
    "k-a", "k-b", "w-0", "w-1", "w-2", "w-3", "w-4",
]  # fmt: skip


def _boxes(html: Path) -> dict[str, tuple[float, float, float, float]]:
    """Slide-relative boxes of every [data-id] element, from Chromium's layout."""
    from ace_core.browser import default_session

    script = """() => {
      const out = {};
      for (const slide of document.querySelectorAll('div.slide')) {
        const s = slide.getBoundingClientRect();
        for (const el of slide.querySelectorAll('[data-id]')) {
          const r = el.getBoundingClientRect();
          out[el.dataset.id] = [r.left - s.left, r.top - s.top, r.width, r.height];
        }
      }
      return out;
    }"""
    with default_session().page(html, width=1400, height=900) as page:
        return {k: tuple(v) for k, v in page.evaluate(script).items()}


def _render(html: Path, out: Path) -> list[Path]:
    from backends.render.chromium import render_html

    return render_html(html, out, width=1280).paths


def test_flexbox_reflows_like_the_auto_layout_solver(tmp_path: Path) -> None:
    deck = rich_deck()
    solve_deck(deck)
    html = tmp_path / "deck.html"
    write_html(deck, html)
    boxes = _boxes(html)
    index = NodeIndex(deck)
    for ident in LAYOUT_IDS:
        x, y, w, h = index.absolute_box(ident)
        bx, by, bw, bh = boxes[ident]
        assert (bx, by, bw, bh) == pytest.approx((x, y, w, h), abs=0.6), ident


def test_a_resized_frame_reflows_in_the_browser(tmp_path: Path) -> None:
    deck = rich_deck()
    row = deck.find("f-row")[1]
    row.width = 1000  # widen the frame only: the FILL child must take the extra 200 px
    html = tmp_path / "wide.html"
    write_html(deck, html)
    boxes = _boxes(html)
    solve_deck(deck)
    assert boxes["f-b"][2] == pytest.approx(deck.find("f-b")[1].width, abs=0.6)
    assert boxes["f-c"][0] == pytest.approx(NodeIndex(deck).absolute_box("f-c")[0], abs=0.6)


def test_crop_fit_and_preset_geometry_in_pixels(tmp_path: Path) -> None:
    html = tmp_path / "deck.html"
    write_html(rich_deck(), html)
    pngs = _render(html, tmp_path / "png")
    img = np.asarray(Image.open(pngs[2]).convert("RGB")).astype(int)

    def color_at(x: int, y: int) -> str:
        r, g, b = img[y, x]
        return f"#{r:02x}{g:02x}{b:02x}"

    # i1 shows only the top-left quadrant (red), stretched over its 300 x 300 box
    assert {color_at(x, y) for x, y in ((60, 60), (320, 60), (60, 320), (320, 320))} == {QUADRANTS[0]}
    # i2 fits the square image centred in 400 x 200: grey bars left and right
    assert color_at(400, 140) == "#e5e7eb" and color_at(490, 60) == QUADRANTS[0]
    assert color_at(670, 220) == QUADRANTS[3]
    # i4 is cut to an ellipse: its corners show the slide background
    assert color_at(45, 385) == "#fffbeb" and color_at(190, 480) != "#fffbeb"


def test_preset_ellipse_and_triangle_cover_their_area(tmp_path: Path) -> None:
    black = SolidPaint()
    shapes = [
        ShapeNode(id="e", x=100, y=100, width=400, height=300, preset="ellipse", fills=[black]),
        ShapeNode(id="t", x=700, y=100, width=400, height=300, preset="triangle", fills=[black]),
    ]
    deck = Deck(slides=[Slide(id="s", children=shapes)])
    html = tmp_path / "p.html"
    write_html(deck, html)
    img = np.asarray(Image.open(_render(html, tmp_path / "png")[0]).convert("L")) < 128
    ellipse = img[100:400, 100:500].mean()
    triangle = img[100:400, 700:1100].mean()
    assert ellipse == pytest.approx(math.pi / 4, abs=0.01)
    assert triangle == pytest.approx(0.5, abs=0.01)
    assert img[105, 900] and not img[105, 705]  # apex at the top centre


@needs_soffice
def test_pptx_to_html_looks_like_libreoffice(tmp_path: Path, fixtures_dir: Path) -> None:
    from backends.render.libreoffice import render_pptx
    from judge.similarity import similarity_files

    scores = []
    for name in ("pypptx-shp-connector-props.pptx", "shapecrawler-059_crop-images.pptx"):
        src = tmp_path / name
        shutil.copyfile(fixtures_dir / "pptx" / name, src)
        deck = read(src)
        html = tmp_path / f"{src.stem}.html"
        write_html(deck, html)
        ours = _render(html, tmp_path / f"{src.stem}-html")
        theirs = render_pptx(src, tmp_path / f"{src.stem}-lo")
        assert len(ours) == len(theirs) == len(deck.slides)
        scores += [similarity_files(a, b) for a, b in zip(theirs, ours, strict=True)]
    assert min(scores) >= 0.8, scores


def test_a_bullet_larger_than_its_text_does_not_grow_the_lines(tmp_path: Path) -> None:
    """buSzPct 150 %: the lines are as far apart as without bullets (LibreOffice and the
    measurer leave bullets out of the line height)."""
    from ace_core.ir import TextNode
    from ace_core.ir.text import Bullet, Paragraph, Run, TextBody, TextStyle

    def box(nid: str, x: float, bullet: Bullet | None) -> TextNode:
        paras = [Paragraph(runs=[Run(text=f"line {i}")], bullet=bullet, margin_left=30, indent=-30) for i in range(6)]
        body = TextBody(paragraphs=paras, style=TextStyle(font_size=24, font_family="DejaVu Sans"))
        return TextNode(id=nid, x=x, y=20, width=400, height=600, text=body)

    big = Bullet(type="UNORDERED", char="•", size=150)
    deck = Deck(width=960, height=720, slides=[Slide(id="s", children=[box("plain", 20, None), box("bu", 500, big)])])
    html = tmp_path / "bullets.html"
    write_html(deck, html)
    gray = np.asarray(Image.open(_render(html, tmp_path / "png")[0]).convert("L"))

    def line_tops(x0: int, x1: int) -> list[int]:
        dark = (gray[:, x0:x1] < 128).any(axis=1)
        return [y for y in range(1, len(dark)) if dark[y] and not dark[y - 1]]

    scale = 1280 / 960
    plain = line_tops(int(60 * scale), int(400 * scale))
    bulleted = line_tops(int(540 * scale), int(880 * scale))  # the text column, right of the bullets
    assert len(plain) == len(bulleted) == 6
    assert max(abs(a - b) for a, b in zip(plain, bulleted, strict=True)) <= 2
