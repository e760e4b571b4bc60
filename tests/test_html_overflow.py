"""Arbitrary HTML loses nothing: content outside the slide box is kept (off the slide) and reported
per node; --fit overflow scales or paginates it onto slides and says so; a blocked stylesheet the
layout depended on is reported with what its absence changed."""

from __future__ import annotations

import io
from pathlib import Path

import pptx
import pytest

from ace_core.errors import BadInputError
from ace_core.ir import Slide, TextBody, TextNode
from ace_core.ir.loss import LossReport
from adapters.html.dom_reader import read_dom
from adapters.html.overflow import place_overflow
from adapters.ooxml.writer import render_bytes
from tests.conftest import FIXTURES, needs_chromium

# a page whose CSS framework (Tailwind, from a CDN) is blocked: its content runs below 720 px
PAGE = FIXTURES / "html" / "mopcon2025-slide-08.html"


def _text(node) -> str:  # type: ignore[no-untyped-def]
    body = node.text_body
    return body.plain_text if body is not None else ""


@pytest.fixture(scope="module")
def kept():  # type: ignore[no-untyped-def]
    return read_dom(PAGE)


@needs_chromium
@pytest.mark.render
def test_content_below_the_slide_box_is_kept_and_reported(kept) -> None:  # type: ignore[no-untyped-def]
    slide = kept.slides[0]
    below = [n for n in slide.children if n.y >= kept.height - 1]
    assert any(_text(n).strip() for n in below)
    off = {e.node_id for e in kept.report.entries if e.feature == "off-slide"}
    assert {n.id for n in below} <= off
    # the .pptx holds every word of it (python-pptx reads the shapes off the slide too)
    data, _ = render_bytes(kept, fresh=True)
    prs = pptx.Presentation(io.BytesIO(data))
    texts = " ".join(sh.text_frame.text for sh in prs.slides[0].shapes if sh.has_text_frame)
    for node in below:
        assert _text(node).replace("\v", "\n").split("\n")[0] in texts


@needs_chromium
@pytest.mark.render
def test_a_blocked_stylesheet_the_layout_needed_is_reported(kept) -> None:  # type: ignore[no-untyped-def]
    blocked = [e.reason for e in kept.report.entries if e.feature == "blocked-request"]
    tailwind = next(r for r in blocked if "tailwind" in r)
    assert "the page's layout depends on" in tailwind and "elements use classes" in tailwind
    fonts = next(r for r in blocked if "fonts.googleapis" in r)
    assert "fallback font instead of Noto Sans TC" in fonts


@needs_chromium
@pytest.mark.render
def test_fit_overflow_paginates_and_says_so(kept) -> None:  # type: ignore[no-untyped-def]
    deck = read_dom(PAGE, fit="overflow")
    assert len(deck.slides) > 1
    fit = [e for e in deck.report.entries if e.feature in ("fit-scale", "fit-paginate")]
    assert fit and "--fit overflow" in fit[0].reason
    words = sorted(_text(n) for n in kept.slides[0].children if _text(n).strip())
    assert sorted(_text(n) for s in deck.slides for n in s.children if _text(n).strip()) == words
    for slide in deck.slides:  # every text node now starts on its slide
        assert all(-1 <= n.y < deck.height for n in slide.children if _text(n).strip())
    assert len({s.id for s in deck.slides}) == len(deck.slides)


def test_fit_scale_shrinks_the_content_onto_the_slide() -> None:
    body = TextBody.from_text("bottom line")
    body.paragraphs[0].runs[0].style.font_size = 40.0
    top = TextNode(id="a", x=100, y=100, width=400, height=60, text=TextBody.from_text("top"))
    low = TextNode(id="b", x=100, y=800, width=400, height=100, text=body)
    report = LossReport()
    (slide,) = place_overflow(Slide(id="s", children=[top, low]), 1280, 720, "scale", report, None)
    k = 720 / 900
    moved = slide.children[1]
    assert moved.y + moved.height <= 720 + 0.01
    assert moved.width == pytest.approx(400 * k)
    assert moved.text.paragraphs[0].runs[0].style.font_size == pytest.approx(40.0 * k)
    assert [e.feature for e in report.entries] == ["fit-scale"]


def test_without_fit_the_node_outside_is_reported_by_id() -> None:
    low = TextNode(id="b", x=100, y=800, width=400, height=100, text=TextBody.from_text("below"))
    report = LossReport()
    (slide,) = place_overflow(Slide(id="s", children=[low]), 1280, 720, None, report, None)
    assert slide.children[0].y == 800
    assert [(e.feature, e.node_id) for e in report.entries] == [("off-slide", "b")]
    assert "below" in report.entries[0].reason


def test_an_unknown_fit_mode_is_refused() -> None:
    with pytest.raises(BadInputError, match="--fit"):
        read_dom(Path(PAGE), fit="squeeze")
