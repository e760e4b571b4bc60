"""The metrics on rendered slides: synthetic HTML slides with one known defect each (Chromium, DOM
boxes from the probe), the corpus smoke run, and the probe's paint order and exclusions."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from ace_core.browser import default_session
from judge.metrics.chromium import measure_html
from judge.metrics.result import SlideMetrics
from judge.metrics.whitespace import measure_whitespace
from tests.conftest import needs_chromium

pytestmark = [needs_chromium, pytest.mark.render]

HTML = Path(__file__).resolve().parents[1] / "fixtures" / "judge" / "html"


def one(name: str) -> SlideMetrics:
    result = measure_html(HTML / name)
    assert len(result.slides) == 1
    return result.slides[0]


def events(m: SlideMetrics) -> list[tuple[str, str, str | None]]:
    return sorted((e.kind, e.a, e.b) for e in m.collision.events)


def test_clean_slide_scores_clean() -> None:
    m = one("clean.html")
    assert m.aspect.compliant == {"1%": True, "5%": True} and m.rewards["aspect"] == 1.0
    assert m.whitespace is not None and m.whitespace.content_ratio > 0.95 and m.rewards["whitespace"] > 0.9
    assert m.collision.events == [] and m.rewards["collision"] == 1.0
    assert not m.imbalance.imbalanced and m.rewards["imbalance"] > 0.4
    assert m.units >= 7  # title, 2 cards, their text, picture, svg


def test_overlong_page() -> None:
    m = one("overlong.html")
    assert m.aspect.full_height > 1200 and m.aspect.aspect < 1.1
    assert m.aspect.compliant["5%"] is False and m.rewards["aspect"] < 0.01
    assert m.aspect.overflow["bottom"] > 400
    assert m.collision.events == []  # a long page is not a collision


def test_two_overlapping_text_boxes() -> None:
    m = one("overlap.html")
    assert events(m) == [("text_overlap", "text-a", "text-b")]
    ev = m.collision.events[0]
    assert 0.05 < ev.ratio < 0.6 and ev.a_label.startswith("p")
    assert m.rewards["collision"] < 0.8 and m.aspect.compliant["1%"]


def test_text_under_an_image() -> None:
    m = one("text_under_image.html")
    assert events(m) == [("text_occluded", "hidden-text", "photo")]
    assert m.collision.events[0].weight == 0.5 and m.collision.events[0].ratio > 0.4


def test_child_escaping_its_parent() -> None:
    m = one("escape.html")
    assert events(m) == [("escape_parent", "card-text", "card")]
    assert m.collision.events[0].ratio > 0.3


def test_off_slide_element() -> None:
    m = one("off_slide.html")
    assert events(m) == [("off_slide", "photo", None)]
    assert m.collision.events[0].ratio == pytest.approx(200 / 480, abs=0.01)
    assert m.aspect.overflow["right"] == pytest.approx(200, abs=1)


def test_all_content_in_the_left_third() -> None:
    m = one("left_third.html")
    assert m.imbalance.imbalanced and m.imbalance.dx < -0.25 and m.rewards["imbalance"] < 0.1
    assert m.collision.events == []


def test_near_empty_page() -> None:
    m = one("near_empty.html")
    assert m.whitespace is not None and m.whitespace.content_ratio < 0.2 and m.rewards["whitespace"] == 0.0
    assert not m.imbalance.imbalanced and m.collision.events == []


@pytest.mark.parametrize("name", ["textured.html", "striped.html"])
def test_textured_background_is_not_content(name: str) -> None:
    m = one(name)
    plain = one("near_empty.html")
    assert m.whitespace is not None and plain.whitespace is not None
    assert m.whitespace.content_ratio == pytest.approx(plain.whitespace.content_ratio, abs=0.03)
    # the same page captured as is: the texture reads as content nearly everywhere
    with default_session().page(HTML / name) as loaded:
        png = loaded.capture(0, 0, 1280, 720)
    raw = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
    assert measure_whitespace(raw).content_ratio > 0.9


def test_paint_order_follows_z_index_and_stacking(tmp_path: Path) -> None:
    page = tmp_path / "z.html"
    red = "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'>" + (
        "<rect width='10' height='10' fill='red'/></svg>"
    )
    pos = "position:absolute;margin:0;font-size:30px"
    page.write_text(
        f"""<!DOCTYPE html><html><body style="margin:0">
<div style="width:1280px;height:720px;position:relative;overflow:hidden">
<div style="position:absolute;left:100px;top:100px;z-index:5">
<p data-id="top-text" style="margin:0;font-size:30px">Above the picture</p></div>
<img data-id="pic" src="{red}" style="position:absolute;left:80px;top:80px;width:500px;height:300px;z-index:2">
<p data-id="low-text" style="{pos};left:100px;top:300px;z-index:1">Below the picture</p>
<div data-id="veil" style="position:absolute;left:600px;top:400px;width:300px;height:200px;background:#000;
 opacity:0.02"></div>
<p data-id="veiled" style="{pos};left:620px;top:420px">Under a faint veil</p>
</div></body></html>"""
    )
    m = measure_html(page).slides[0]
    assert events(m) == [("text_occluded", "low-text", "pic")]


def test_deck_of_slides_in_one_page(tmp_path: Path) -> None:
    """An ACE div.slide deck: each slide measured in its own box, ids from data-slide-id."""
    slides = "".join(
        f'<div class="slide" data-slide-id="s{i}" style="width:1280px;height:720px;position:relative;overflow:hidden">'
        f'<p data-id="t{i}" style="position:absolute;left:{100 + 300 * i}px;top:300px;margin:0;font-size:40px">'
        f"Slide {i}</p></div>"
        for i in range(3)
    )
    page = tmp_path / "deck.html"
    page.write_text(f"<!DOCTYPE html><html><body style='margin:0'>{slides}</body></html>")
    result = measure_html(page)
    assert [m.slide_id for m in result.slides] == ["s0", "s1", "s2"]
    xs = [m.imbalance.centroid[0] for m in result.slides if m.imbalance.centroid]
    assert len(xs) == 3 and xs[0] < xs[1] < xs[2]
    assert all(m.aspect.compliant["1%"] for m in result.slides)
    assert result.summary["slides"] == 3


@pytest.mark.corpus
def test_metrics_run_on_corpus_html_sample(corpus_dir: Path) -> None:
    """A few corpus pages (all of them: scripts/measure_metrics_corpus.py)."""
    for name in ("mopcon2025-slide-06.html", "slidesgrab-slide-05.html"):
        result = measure_html(corpus_dir / "html" / name)
        for m in result.slides:
            assert 0.0 <= m.rewards["mean"] <= 1.0 and m.units > 0
