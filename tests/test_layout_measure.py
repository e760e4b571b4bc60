"""The default text measurer: installed font metrics, wrapping, line heights, fallbacks — and
agreement with Chromium's own text layout when Chromium is installed."""

from __future__ import annotations

import pytest
from conftest import needs_chromium
from hypothesis import given, settings
from hypothesis import strategies as st

from ace_core.ir import Bullet, LineHeight, Paragraph, Run, Sides, TextBody, TextStyle
from ace_core.layout import DEFAULT_INSETS, FontMetricsMeasurer, MonospaceMeasurer, TextMeasurer, default_measurer
from ace_core.layout.fonts import font_index

M = default_measurer()
LATIN = "The quick brown fox jumps over the lazy dog"


def body(text: str, family: str | None = "Liberation Sans", size: float = 20, **style) -> TextBody:
    b = TextBody.from_text(text, TextStyle(font_family=family, font_size=size, **style))
    b.insets = Sides()
    return b


def test_measurers_implement_the_protocol():
    assert isinstance(M, TextMeasurer)
    assert isinstance(MonospaceMeasurer(), TextMeasurer)


def test_families_resolve_like_fontconfig_and_chromium():
    idx = font_index()
    assert idx.resolve("Liberation Sans").info.path.endswith("LiberationSans-Regular.ttf")
    assert idx.resolve("Arial").info.path.endswith("LiberationSans-Regular.ttf")  # metric alias
    assert idx.resolve("Times New Roman", 700).info.path.endswith("LiberationSerif-Bold.ttf")
    assert idx.resolve("DejaVu Sans", 400, True).info.path.endswith("DejaVuSans-Oblique.ttf")
    assert idx.resolve("DejaVu Sans").info.path.endswith("DejaVuSans.ttf")  # not the Condensed face
    assert idx.resolve("sans-serif").info.path.endswith("LiberationSans-Regular.ttf")  # Chromium's default
    assert idx.resolve("Some Unknown Font").info.path.endswith("DejaVuSans.ttf")  # fontconfig's fallback
    assert "noto sans cjk" in idx.cjk().info.families[0]


def test_width_is_the_sum_of_advances_kerning_and_letter_spacing():
    face = font_index().resolve("Liberation Sans")
    expected = sum(face.advance(c) for c in "Hello") * 20 / face.upm
    assert face.kern("H", "e") == 0
    w, _ = M.measure(body("Hello"), None)
    assert w == pytest.approx(expected)
    w2, _ = M.measure(body("Hello", letter_spacing=2.0), None)
    assert w2 == pytest.approx(expected + 5 * 2.0)


def test_pair_kerning_from_gpos():
    face = font_index().resolve("Liberation Sans")
    assert face.kern("A", "V") < 0 and face.kern("T", "e") < 0
    plain = (face.advance("A") + face.advance("V")) * 20 / face.upm
    assert M.measure(body("AV"), None)[0] == pytest.approx(plain + face.kern("A", "V") * 20 / face.upm)
    assert M.measure(body("A V"), None)[0] == pytest.approx(
        sum(face.advance(c) for c in "A V") * 20 / face.upm
    )  # no kerning across a space
    assert font_index().cjk().kern("中", "文") == 0  # large CJK faces are not kerned


def test_bold_is_wider_and_upper_case_is_wider():
    regular = M.measure(body(LATIN), None)[0]
    assert M.measure(body(LATIN, font_weight=700), None)[0] > regular
    assert M.measure(body(LATIN, text_case="UPPER"), None)[0] > regular


def test_auto_line_height_is_chromium_normal():
    # Liberation Sans at 20 px: round(18.1) + round(4.24) + round(0.65) = 18 + 4 + 1
    assert M.measure(body("x"), None)[1] == 23
    # DejaVu Sans at 24 px: round(22.28) + round(5.66) + 0 = 28
    assert M.measure(body("x", "DejaVu Sans", 24), None)[1] == 28


def test_wrapping_adds_lines_and_never_exceeds_the_width():
    text = body(LATIN)
    one_w, one_h = M.measure(text, None)
    w, h = M.measure(text, 150)
    assert w <= 150
    assert h == pytest.approx(one_h * round(h / one_h)) and h > one_h
    for lay in M.layout(text, 150).lines:
        assert lay.width <= 150
    assert M.measure(text, one_w)[1] == one_h  # its own natural width keeps one line


def test_long_word_breaks_between_characters_and_hyphens_break():
    w, h = M.measure(body("x" * 60), 100)
    assert w <= 100 and h > 23
    lines = M.layout(body("auto-layout solver"), 70).lines
    assert lines[0].text.startswith("auto-")


def test_pixels_and_percent_line_height_and_paragraph_spacing():
    b = body("one two three four five six seven", size=20)
    b.paragraphs[0].line_height = LineHeight(value=40, unit="PIXELS")
    n = len(M.layout(b, 120).lines)
    assert M.measure(b, 120)[1] == 40 * n
    b.paragraphs[0].line_height = LineHeight(value=200, unit="PERCENT")
    assert M.measure(b, 120)[1] == 2 * 23 * n
    b.paragraphs[0].line_height = None
    b.paragraphs[0].space_before = 5
    b.paragraphs[0].space_after = 7
    assert M.measure(b, 120)[1] == 23 * n + 12


def test_insets_default_to_ooxml_and_are_added():
    b = body("Hi")
    bare = M.measure(b, None)
    b.insets = None
    w, h = M.measure(b, None)
    assert (w, h) == pytest.approx((bare[0] + 2 * 9.6, bare[1] + 2 * 4.8))
    assert DEFAULT_INSETS.left == 9.6


def test_cjk_comes_from_noto_one_em_per_character_and_makes_the_line_taller():
    w, _ = M.measure(body("中文字体", size=20), None)
    assert w == pytest.approx(80)
    assert M.measure(body("Latin 中", size=16), None)[1] == 24  # Noto's metrics (19 + 5), not 18
    lines = M.layout(body("中文中文中文", size=20), 50).lines
    assert [len(line.text) for line in lines] == [2, 2, 2]


def test_a_word_mixing_latin_and_cjk_wraps_between_the_ideographs():
    """'API請求處理' (an HTML deck's card): the Latin run stays whole, each ideograph may break."""
    lines = M.layout(body("API請求處理時間", size=20), 75).lines
    assert lines[0].text.startswith("API") and "".join(line.text for line in lines) == "API請求處理時間"


def test_cjk_next_to_other_characters_in_one_word_measures():
    """A word mixing CJK with other characters (e.g. "ACE中文-v2", "2024年") is split around each
    CJK character; the runs between them are never tested as one character (that raised TypeError
    from ord() on the first such word in a deck)."""
    mixed = body("ACE中文-v2 2024年3月 (注)x", size=20)
    w, _ = M.measure(mixed, None)
    assert w > M.measure(body("中文年月注", size=20), None)[0]
    lines = M.layout(body("abc中def", size=20), 1.0).lines
    assert "".join(line.text for line in lines) == "abc中def"  # breaks only around the CJK character


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab-  \v\t中文한ｱ、？\U00020001😀\u0301\u200b")), max_size=24))
def test_any_mix_of_scripts_measures(text):
    w, h = M.measure(body(text, size=16), 60.0)
    assert w >= 0 and h > 0


def test_runs_paragraphs_breaks_and_truncation():
    b = TextBody(
        paragraphs=[
            Paragraph(runs=[Run(text="big ", style=TextStyle(font_size=40)), Run(text="small")]),
            Paragraph(runs=[Run(text="a\vb")]),
            Paragraph(),
        ],
        style=TextStyle(font_family="Liberation Sans", font_size=20),
        insets=Sides(),
    )
    lay = M.layout(b, None)
    assert [line.height for line in lay.lines] == [45, 23, 23, 23]  # 40 px run: 36 + 8 + 1
    assert lay.lines[0].baseline == 36  # ascent 36 + half-leading 0.5 floored, as Blink
    b.max_lines = 2
    b.truncate = True
    assert M.measure(b, None)[1] == 45 + 23


def test_bullets_and_margins_narrow_the_lines():
    plain = body(LATIN)
    with_margin = body(LATIN)
    with_margin.paragraphs[0].margin_left = 30
    assert M.measure(with_margin, None)[0] == pytest.approx(M.measure(plain, None)[0] + 30)
    bullet = body(LATIN)
    bullet.paragraphs[0].bullet = Bullet(type="UNORDERED", char="•")
    assert M.measure(bullet, None)[0] > M.measure(plain, None)[0]


def test_cache_is_keyed_by_content():
    m = FontMetricsMeasurer()
    a, b = body("same text"), body("same text")
    assert m.measure(a, 100) == m.measure(b, 100)
    b.paragraphs[0].runs[0].text = "other text, longer"
    assert m.measure(a, 100) != m.measure(b, 100)


# -- against Chromium ------------------------------------------------------------------------------
CASES = [
    ("Liberation Sans", 16, LATIN),
    ("DejaVu Sans", 24, "Auto-layout solver measures wrapped text"),
    ("Liberation Serif", 20, "Typography with serif faces and more words"),
    ("Arial", 18, "Arial is Liberation Sans by metric alias"),
    ("Liberation Sans", 16, "Mixed 中文 text in one line"),
    ("Noto Sans CJK SC", 20, "中文字体测试中文字体测试"),
]


@needs_chromium
def test_widths_and_wrapped_heights_match_chromium():
    from playwright.sync_api import sync_playwright

    spans = "".join(
        f"<span style=\"font-family:'{f}';font-size:{s}px;white-space:pre\">{t}</span><br>" for f, s, t in CASES
    )
    divs = "".join(
        f"<div style=\"font-family:'{f}';font-size:{s}px;width:{w}px;line-height:normal\">{t}</div>"
        for f, s, t in CASES
        for w in (120, 200)
    )
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        page = browser.new_page()
        page.set_content(f"<html><body style='margin:0'>{spans}{divs}</body></html>")
        widths = page.evaluate("() => [...document.querySelectorAll('span')].map(e => e.getBoundingClientRect().width)")
        heights = page.evaluate(
            "() => [...document.querySelectorAll('div')].map(e => e.getBoundingClientRect().height)"
        )
        browser.close()
    k = 0
    for (family, size, text), chrome_w in zip(CASES, widths, strict=True):
        ours = M.measure(body(text, family, size), None)[0]
        assert ours == pytest.approx(chrome_w, rel=0.003), (family, text)
        for w in (120, 200):
            assert M.measure(body(text, family, size), w)[1] == heights[k], (family, text, w)
            k += 1


def test_kerning_tables_are_cached_on_disk_and_read_back_the_same(tmp_path, monkeypatch) -> None:
    """Parsing a face's GPOS pair tables costs about 0.8 s; the second process reads them from
    $ACE_CACHE_DIR/fonts and must kern exactly as the first."""
    from ace_core.layout.fonts import _Kerning

    monkeypatch.setenv("ACE_CACHE_DIR", str(tmp_path))
    face = font_index().resolve("Liberation Sans")
    if face is None or face._font is None:
        pytest.skip("Liberation Sans is not installed")
    built = _Kerning.cached(face._font, face.info)
    files = list((tmp_path / "fonts").glob("kern-*.json"))
    assert len(files) == 1 and built.active
    again = _Kerning.cached(None, face.info)  # no font object: only the cache can answer
    pairs = [(face._cmap.get(ord(a)), face._cmap.get(ord(b))) for a, b in ("AV", "To", "Ye", "LT", "ab")]
    assert [again.value(a, b) for a, b in pairs] == [built.value(a, b) for a, b in pairs]
    assert any(built.value(a, b) for a, b in pairs)  # the face does kern some of these pairs
