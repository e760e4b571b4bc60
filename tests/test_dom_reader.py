"""The DOM reader: arbitrary slide HTML -> IR through Chromium's computed layout."""

from __future__ import annotations

from pathlib import Path

import pytest

from ace_core.ir.deck import Deck
from ace_core.ir.nodes import EllipseNode, ImageNode, RectangleNode, TextNode
from adapters.html.dom_reader import read_dom
from tests.conftest import needs_chromium, needs_soffice

pytestmark = [needs_chromium, pytest.mark.render]


@pytest.fixture(scope="module")
def features(fixtures_dir: Path) -> Deck:
    return read_dom(fixtures_dir / "html" / "features.html")


def _by_name(deck: Deck, name: str) -> list:
    return [n for n in deck.slides[0].children if n.name == name]


def test_slide_size_and_background(features: Deck) -> None:
    assert (features.width, features.height) == (1280, 720)
    assert len(features.slides) == 1
    assert features.slides[0].background.fills[0].color.hex == "#F4F1EA"
    assert features.source.format == "html"


def test_text_runs_keep_inline_style_changes(features: Deck) -> None:
    (title,) = _by_name(features, "h1.title")
    assert isinstance(title, TextNode)
    runs = title.text.paragraphs[0].runs
    assert [r.text for r in runs] == ["Quarterly ", "results", " ", "at a glance"]
    assert runs[1].style.fill.color.hex == "#CC0000"
    assert runs[0].style.fill.color.hex == "#1A2B3C"
    assert runs[3].style.italic is True and not runs[2].style.italic
    assert all(r.style.font_size == 48 and r.style.font_weight == 700 for r in runs)
    assert runs[0].style.font_family == "Liberation Sans"
    assert (round(title.x), round(title.y)) == (80, 63)  # the text's own top: 60 px + half-leading
    assert title.text.wrap is False  # one line: no re-wrapping in another engine
    (body,) = _by_name(features, "p.body")
    assert body.text.plain_text == "First line of the body\nsecond line with bold words"
    bold = [r for r in body.text.paragraphs[0].runs if r.text == "bold"]
    assert bold and bold[0].style.font_weight == 700


def test_boxes_borders_radius_shadow_gradient(features: Deck) -> None:
    (card,) = _by_name(features, "div.card")
    assert isinstance(card, RectangleNode)
    assert (card.x, card.y, card.width, card.height) == (80, 200, 404, 204)
    assert card.corner_radius == 16
    assert card.strokes[0].weight == 2 and card.strokes[0].paint.color.hex == "#336699"
    assert card.effects[0].type == "DROP_SHADOW" and card.effects[0].offset.y == 4 and card.effects[0].radius == 12
    (accent,) = _by_name(features, "div.accent")
    grad = accent.fills[0]
    assert grad.type == "GRADIENT_LINEAR" and grad.angle == 0
    assert [s.color.hex for s in grad.stops] == ["#FF0000", "#0000FF"]
    assert (grad.handles[0].x, grad.handles[1].x) == (0, 1)
    (side,) = _by_name(features, "div.bar border-left")
    assert (side.width, side.height) == (6, 40) and side.fills[0].color.hex == "#22AA44"
    (dot,) = _by_name(features, "div.dot")
    assert isinstance(dot, EllipseNode) and dot.opacity == 0.5
    (tilt,) = _by_name(features, "div.tilt")
    assert tilt.rotation == pytest.approx(30) and (tilt.width, tilt.height) == (200, 20)
    assert (tilt.x, tilt.y) == (900, 330)  # the unrotated box, as CSS lays it out


def test_list_items_become_bullets(features: Deck) -> None:
    items = [n for n in features.slides[0].children if n.name == "li"]
    assert [n.text.plain_text for n in items] == ["alpha", "beta", "one", "two"]
    bullets = [n.text.paragraphs[0].bullet for n in items]
    assert [(b.type, b.scheme, b.start) for b in bullets[:2]] == [
        ("ORDERED", "arabicPeriod", 3),
        ("ORDERED", "arabicPeriod", 4),
    ]
    assert [(b.type, b.char) for b in bullets[2:]] == [("UNORDERED", "•"), ("UNORDERED", "▪")]
    para = items[0].text.paragraphs[0]
    assert para.margin_left == -para.indent > 0
    assert items[0].x + para.margin_left == pytest.approx(900 + 40, abs=2)  # text where Chromium put it


def test_paint_order_follows_z_index(features: Deck) -> None:
    names = [n.name for n in features.slides[0].children]
    assert names.index("div.under") < names.index("div.over")  # z-index 1 under z-index 2, despite DOM order


def test_images_local_cropped_missing_and_svg(features: Deck, fixtures_dir: Path) -> None:
    (pic,) = _by_name(features, "img.pic")
    assert isinstance(pic, ImageNode)
    assert features.asset_bytes(pic.image.asset) == (fixtures_dir / "html" / "red-blue.png").read_bytes()
    (cover,) = _by_name(features, "img.cover")
    crop = cover.image.crop
    assert (crop.left, crop.right, crop.top, crop.bottom) == (0.25, 0.25, 0, 0)
    assert not _by_name(features, "img.remote")
    missing = [e for e in features.report.entries if e.feature == "missing-image"]
    assert missing and "images.example.com" in missing[0].reason
    (icon,) = _by_name(features, "svg.icon")
    assert isinstance(icon, ImageNode) and icon.svg_asset
    assert b"<circle" in features.asset_bytes(icon.svg_asset)
    assert features.asset_bytes(icon.image.asset).startswith(b"\x89PNG")


def test_hidden_elements_scripts_and_blocked_requests(features: Deck) -> None:
    texts = [n.text.plain_text for n in features.slides[0].children if isinstance(n, TextNode)]
    assert not any("never shown" in t or "script ran" in t for t in texts)
    blocked = [e.reason for e in features.report.entries if e.feature == "blocked-request"]
    assert any("cdn.example.com/theme.css" in r for r in blocked)


def test_the_deck_survives_ir_json(features: Deck, tmp_path: Path) -> None:
    features.save(tmp_path / "d.json")
    again = Deck.load(tmp_path / "d.json")
    assert again == features


def test_div_slide_deck_gives_one_slide_each(fixtures_dir: Path) -> None:
    deck = read_dom(fixtures_dir / "html" / "deck3.html")
    assert [s.id for s in deck.slides] == ["intro", "middle", "end"]
    assert (deck.width, deck.height) == (960, 540)
    assert [s.background.fills[0].color.hex for s in deck.slides] == ["#FF0000", "#00FF00", "#0000FF"]
    assert [s.children[0].text.plain_text for s in deck.slides] == ["Red", "Green", "Blue"]


def test_viewer_file_gives_a_slide_per_frame(fixtures_dir: Path) -> None:
    deck = read_dom(fixtures_dir / "html" / "slidesgrab-viewer.html")
    assert len(deck.slides) == 8 and (deck.width, deck.height) == (960, 540)
    assert len({s.id for s in deck.slides}) == 8
    first_texts = [n.text.plain_text for n in deck.slides[0].children if isinstance(n, TextNode)]
    assert first_texts and all(t.strip() for t in first_texts)


def test_tailwind_page_without_its_cdn(fixtures_dir: Path) -> None:
    deck = read_dom(fixtures_dir / "html" / "mopcon2025-slide-08.html")
    texts = [n.text.plain_text for n in deck.slides[0].children if isinstance(n, TextNode)]
    assert "雙協定策略：MQTT vs WebSocket" in texts
    blocked = " ".join(e.reason for e in deck.report.entries if e.feature == "blocked-request")
    assert "tailwindcss" in blocked and "fonts.googleapis.com" in blocked


@needs_soffice
def test_html_to_pptx_looks_like_the_page(fixtures_dir: Path, tmp_path: Path) -> None:
    """html -> IR -> pptx, rendered by LibreOffice, against Chromium's render of the page."""
    from adapters.registry import registry
    from backends.render.chromium import render_html
    from backends.render.libreoffice import render_pptx
    from judge.similarity import similarity_files

    if not registry().get("pptx").info.can_write:
        pytest.skip("the OOXML writer is not registered yet")
    src = fixtures_dir / "html" / "features.html"
    deck = read_dom(src)
    registry().get("pptx").write(deck, tmp_path / "out.pptx")
    lo = render_pptx(tmp_path / "out.pptx", tmp_path / "lo")
    ch = render_html(src, tmp_path / "ch").paths
    assert similarity_files(ch[0], lo[0]) >= 0.8
