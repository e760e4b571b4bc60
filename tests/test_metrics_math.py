"""The pure metric math on synthetic images and unit boxes (no renderer)."""

from __future__ import annotations

import numpy as np
import pytest

from judge.metrics.aspect import AspectParams, measure_aspect
from judge.metrics.collision import CollisionParams, measure_collision
from judge.metrics.compute import compute_slide_metrics
from judge.metrics.imbalance import ImbalanceParams, measure_imbalance
from judge.metrics.units import Box, Container, SlideUnits, VisualUnit, union_area
from judge.metrics.whitespace import WhitespaceParams, measure_whitespace

W, H = 1280, 720


def text(uid: str, x: float, y: float, w: float, h: float, *, lines: int = 1, z: int = 0, **kw) -> VisualUnit:
    lh = h / lines
    parts = tuple(Box(x, y + i * lh, w, lh) for i in range(lines))
    return VisualUnit(uid, "text", Box(x, y, w, h), lines=parts, z=z, **kw)


def unit(uid: str, kind: str, x: float, y: float, w: float, h: float, *, z: int = 0, **kw) -> VisualUnit:
    return VisualUnit(uid, kind, Box(x, y, w, h), z=z, **kw)  # type: ignore[arg-type]


def slide(*units: VisualUnit) -> SlideUnits:
    return SlideUnits(W, H, list(units))


# -- whitespace ------------------------------------------------------------------------------------
def _page(blocks: list[tuple[int, int, int, int]], *, noise: float = 0.0, seed: int = 0) -> np.ndarray:
    img = np.full((H, W, 3), 255, dtype=np.float32)
    if noise:
        img += np.random.default_rng(seed).normal(0, noise, (H, W, 1))
    for x, y, w, h in blocks:  # "text": alternating dark / light rows
        for yy in range(y, y + h, 8):
            img[yy : yy + 4, x : x + w] = 30
    return np.clip(img, 0, 255).astype(np.uint8)


def test_blank_page_is_all_whitespace() -> None:
    res = measure_whitespace(_page([]))
    assert res.content_ratio == 0.0 and res.whitespace == 1.0


def test_content_everywhere_counts() -> None:
    res = measure_whitespace(_page([(0, 0, W, H)]))
    assert res.content_ratio == 1.0


def test_left_half_content_is_about_half() -> None:
    res = measure_whitespace(_page([(0, 0, W // 2, H)]))
    # the 151 px wide box spreads content ~75 px past the edge: measured in the 10 % crop
    assert 0.5 < res.content_ratio < 0.65


def test_fine_texture_is_not_content_after_the_blur() -> None:
    textured = _page([], noise=12.0)
    assert measure_whitespace(textured).content_ratio < 0.01
    # without the Gaussian blur the same texture reads as content almost everywhere
    no_blur = WhitespaceParams(blur_sigma=0.0, scale=1.0)
    assert measure_whitespace(textured, no_blur).content_ratio > 0.9


def test_half_resolution_agrees_with_full() -> None:
    for blocks in ([(100, 150, 500, 300)], [(0, 0, W // 3, H), (900, 500, 200, 100)], [(200, 300, 800, 40)]):
        img = _page(blocks, noise=3.0)
        full = measure_whitespace(img, WhitespaceParams(scale=1.0)).content_ratio
        half = measure_whitespace(img, WhitespaceParams(scale=0.5)).content_ratio
        assert abs(full - half) < 0.01


def test_whitespace_thresholds_are_parameters() -> None:
    img = _page([(400, 250, 400, 200)])
    base = measure_whitespace(img).content_ratio
    assert measure_whitespace(img, WhitespaceParams(threshold=0.5)).content_ratio < base
    assert measure_whitespace(img, WhitespaceParams(box_h=51, box_w=51)).content_ratio < base
    with pytest.raises(ValueError):
        measure_whitespace(np.zeros((4, 4, 2), dtype=np.uint8))


def test_rgba_composites_on_white() -> None:
    rgba = np.zeros((H, W, 4), dtype=np.uint8)  # fully transparent = white page
    assert measure_whitespace(rgba).content_ratio == 0.0


# -- aspect ----------------------------------------------------------------------------------------
def test_aspect_compliance_and_overflow() -> None:
    ok = measure_aspect(1280, 720)
    assert ok.compliant == {"1%": True, "5%": True} and ok.reward == 1.0
    slightly = measure_aspect(1280, 745, slide_height=720)
    assert slightly.compliant == {"1%": False, "5%": True}
    tall = measure_aspect(1280, 1600, slide_height=720, extent=Box(-10, 0, 1300, 1600))
    assert tall.compliant["5%"] is False and tall.reward < 0.01
    assert tall.overflow.bottom == 880 and tall.overflow.left == 10 and tall.overflow.right == 10
    capped = measure_aspect(1000, 100_000, slide_height=562.5)
    assert capped.full_height == 6000
    custom = measure_aspect(1280, 960, params=AspectParams(target=4 / 3))
    assert custom.compliant["1%"]


# -- collision -------------------------------------------------------------------------------------
def test_clean_slide_has_no_events() -> None:
    s = slide(
        unit("bg", "shape", 0, 0, W, H, z=0),
        text("title", 100, 60, 600, 60, z=1),
        unit("card", "shape", 100, 200, 500, 400, z=2),
        text(
            "body",
            120,
            220,
            460,
            200,
            lines=5,
            z=3,
            ancestors=frozenset({"card"}),
            containers=(Container("card", Box(100, 200, 500, 400)),),
        ),
        unit("photo", "image", 700, 200, 480, 400, z=4),
    )
    res = measure_collision(s)
    assert res.events == [] and res.score == 0.0 and res.reward == 1.0


def test_two_overlapping_text_boxes() -> None:
    s = slide(text("a", 100, 100, 400, 100, lines=2, z=1), text("b", 300, 150, 400, 100, lines=2, z=2))
    res = measure_collision(s)
    assert [(e.kind, e.a, e.b) for e in res.events] == [("text_overlap", "a", "b")]
    ev = res.events[0]
    assert ev.area == pytest.approx(200 * 50) and ev.ratio == pytest.approx(0.25)
    assert res.score == pytest.approx(0.25) and res.reward == pytest.approx(np.exp(-0.5))


def test_text_boxes_overlapping_only_between_lines_do_not_collide() -> None:
    a = VisualUnit("a", "text", Box(100, 100, 400, 200), lines=(Box(100, 100, 400, 30),), z=1)
    b = VisualUnit("b", "text", Box(100, 150, 400, 200), lines=(Box(100, 300, 400, 30),), z=2)
    assert measure_collision(slide(a, b)).events == []


def test_text_under_an_image_but_not_over_it() -> None:
    under = slide(text("caption", 100, 100, 300, 40, z=1), unit("img", "image", 80, 90, 400, 300, z=2))
    res = measure_collision(under)
    assert [(e.kind, e.a, e.b) for e in res.events] == [("text_occluded", "caption", "img")]
    assert res.events[0].ratio == pytest.approx(1.0) and res.events[0].weight == 0.5
    over = slide(unit("img", "image", 80, 90, 400, 300, z=1), text("caption", 100, 100, 300, 40, z=2))
    assert measure_collision(over).events == []


def test_child_escaping_its_parent() -> None:
    card = Container("card", Box(100, 100, 300, 200))
    s = slide(
        unit("card", "shape", 100, 100, 300, 200, z=1),
        text("long", 120, 120, 260, 300, lines=10, z=2, ancestors=frozenset({"card"}), containers=(card,)),
    )
    res = measure_collision(s)
    assert [(e.kind, e.a, e.b) for e in res.events] == [("escape_parent", "long", "card")]
    assert res.events[0].ratio == pytest.approx(120 / 300)


def test_clipped_content_does_not_occlude_outside_its_clip() -> None:
    clip = Container("frame", Box(0, 0, 200, 200), clips=True)
    s = slide(
        text("title", 300, 50, 300, 50, z=1),
        unit("big", "image", 0, 0, 700, 300, z=2, ancestors=frozenset({"frame"}), containers=(clip,)),
    )
    kinds = [e.kind for e in measure_collision(s).events]
    assert "text_occluded" not in kinds and "escape_parent" in kinds


def test_off_slide_element() -> None:
    s = slide(unit("pic", "image", 1100, 300, 400, 200, z=1), text("t", 100, 100, 300, 50, z=2))
    res = measure_collision(s)
    assert [(e.kind, e.a, e.b) for e in res.events] == [("off_slide", "pic", None)]
    assert res.events[0].ratio == pytest.approx(220 / 400)


def test_exclusions_background_watermark_ancestor_badge() -> None:
    card = Container("card", Box(100, 100, 400, 300))
    s = slide(
        unit("bg", "image", 0, 0, W, H, z=9),  # full-bleed background painted above: excluded
        text("t1", 120, 120, 300, 40, z=1, ancestors=frozenset({"card"}), containers=(card,)),
        unit("mark", "svg", 100, 100, 500, 500, z=8, opacity=0.1),  # faint watermark
        unit("deco", "svg", 100, 100, 300, 300, z=7, pointer_events=False),  # pointer-events: none
        text("label", 110, 110, 100, 30, z=6, ancestors=frozenset({"t1"})),  # descendant of t1
        unit("badge", "icon", 470, 90, 40, 40, z=5, ancestors=frozenset({"card"}), containers=(card,)),
        unit("card", "shape", 100, 100, 400, 300, z=0),
    )
    assert measure_collision(s).events == []
    strict = CollisionParams(badge_frac=0.0, faint_opacity=0.0)
    kinds = sorted(e.kind for e in measure_collision(s, strict).events)
    assert "escape_parent" in kinds  # the badge hangs over the card's edge
    assert "text_occluded" in kinds  # the faint watermark covers the text


def test_union_area_counts_overlaps_once() -> None:
    assert union_area([Box(0, 0, 10, 10), Box(5, 0, 10, 10)]) == pytest.approx(150)
    assert union_area([Box(0, 0, 10, 10)], clip=Box(5, 5, 100, 100)) == pytest.approx(25)


# -- imbalance -------------------------------------------------------------------------------------
def test_balanced_and_left_third() -> None:
    centred = slide(text("t", 340, 100, 600, 60), unit("img", "image", 340, 250, 600, 360))
    res = measure_imbalance(centred)
    assert res.dx == pytest.approx(0.0) and res.score < 0.3 and not res.imbalanced and res.reward > 0.9
    left = slide(text("t", 40, 100, 350, 60), unit("img", "image", 40, 250, 350, 360))
    res = measure_imbalance(left)
    assert res.imbalanced and res.dx < -0.3 and res.reward < 0.2


def test_imbalance_weights() -> None:
    # an icon weighs half its area: two icons on the left balance one icon-sized image on the right
    s = slide(
        unit("i1", "icon", 100, 340, 40, 40),
        unit("i2", "icon", 100, 340, 40, 40),
        unit("img", "image", 1140, 340, 40, 40),
    )
    assert abs(measure_imbalance(s).dx) < 1e-6
    # a full-bleed background weighs nothing; plain shapes weigh nothing by default
    s = slide(unit("bg", "image", 0, 0, W, H), unit("panel", "shape", 0, 0, 400, H), text("t", 900, 300, 200, 40))
    assert measure_imbalance(s).dx > 0.2
    assert measure_imbalance(s, ImbalanceParams(shape_weight=1.0)).dx < measure_imbalance(s).dx


def test_background_image_container_adds_its_residual_area() -> None:
    child = text("t", 100, 100, 100, 40, ancestors=frozenset({"hero"}))
    hero = unit("hero", "bgimage", 0, 0, 640, 720)  # left half, mostly uncovered
    res = measure_imbalance(slide(hero, child, text("r", 1000, 340, 100, 40)))
    assert res.dx < -0.1
    covered = unit("hero", "bgimage", 0, 0, 100, 40)  # fully covered by its child: adds nothing
    child2 = text("t", 0, 0, 100, 40, ancestors=frozenset({"hero"}))
    res2 = measure_imbalance(slide(covered, child2, text("r", 1180, 0, 100, 40)))
    assert res2.dx == pytest.approx(0.0, abs=1e-9)


def test_empty_slide() -> None:
    res = compute_slide_metrics(slide(), np.full((H, W, 3), 255, np.uint8))
    assert res.imbalance.centroid is None and res.imbalance.reward == 1.0
    assert res.collision.reward == 1.0 and res.whitespace is not None and res.whitespace.content_ratio == 0.0
    assert res.rewards["whitespace"] == 0.0


def test_compute_extends_the_page_with_overflowing_content() -> None:
    s = slide(text("t", 100, 600, 600, 300, lines=6))
    res = compute_slide_metrics(s, None)
    assert res.aspect.full_height == 900 and res.aspect.overflow["bottom"] == 180
    assert res.whitespace is None and "whitespace" not in res.rewards
    assert res.collision.counts == {"off_slide": 1}
