"""Where East Asian text meets other text in a line, PowerPoint and LibreOffice add space (LibreOffice:
a fifth of the height of the font before the change); the HTML writer draws that space as the right
margin of the character before the change, and reads the text back unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from ace_core.drawing.autospace import script_changes
from ace_core.drawing.fonts import CJK_FALLBACK, line_ratio, resolve_family
from adapters.html.read_schema import read_schema
from adapters.html.write import write_html
from adapters.ooxml.read_deck import read_pptx
from tests.conftest import FIXTURES, needs_chromium

GLIMPSE = FIXTURES / "pptx" / "glimpse-sample.pptx"  # Japanese bullets with Latin words, no spaces


def test_script_changes_put_weak_characters_with_the_text_before_them() -> None:
    assert script_changes("Markdown") == []
    assert script_changes("MarkdownからPPTX") == [8, 10]
    # a space takes the script of the kana before it: the change is between it and the digit
    assert script_changes("コップ 2個") == [4, 5]
    # ASCII punctuation is Latin (LibreOffice classes characters by Unicode block)
    assert script_changes("揃います!") == [4]
    # general punctuation is weak; a line break is no change point
    assert script_changes("日本\u2014語") == []
    assert script_changes("日本\vABC") == []


def _runs_html(tmp_path: Path) -> str:
    page = tmp_path / "deck.html"
    write_html(read_pptx(GLIMPSE), page, embed_source=False)
    return page.read_text(encoding="utf-8")


def test_autospace_is_the_margin_of_the_character_before_the_change(tmp_path: Path) -> None:
    html = _runs_html(tmp_path)
    deck = read_pptx(GLIMPSE)
    run = next(
        (body, para, r)
        for _, n in deck.iter_nodes()
        if (body := getattr(n, "text", None)) is not None and hasattr(body, "paragraphs")
        for para in body.paragraphs
        for r in para.runs
        if r.text == "MarkdownからPPTXを生成するツール"
    )
    body, para, r = run
    size = (r.style.font_size or para.style.font_size or body.style.font_size or 24.0) * (body.font_scale or 100) / 100
    style = body.style.merged(para.style).merged(r.style)
    family = resolve_family(style.font_family, style.font_ref, deck.theme.fonts if deck.theme else None)
    assert family == "Calibri"  # the theme's minor font
    latin = 0.2 * line_ratio(family) * size
    asian = 0.2 * line_ratio(CJK_FALLBACK) * size  # the kana in the CJK face the stack falls back to
    assert asian > latin
    expected = (
        f'Markdow<span class="as" style="margin-right:{round(latin, 3):g}px">n</span>か'
        f'<span class="as" style="margin-right:{round(asian, 3):g}px">ら</span>PPT'
    )
    assert expected in html


def test_autospaced_text_reads_back_unchanged(tmp_path: Path) -> None:
    page = tmp_path / "deck.html"
    deck = read_pptx(GLIMPSE)
    write_html(deck, page, embed_source=False)
    again = read_schema(page)

    def texts(d) -> list[str]:
        return [
            r.text
            for _, n in d.iter_nodes()
            if (b := getattr(n, "text", None)) is not None and hasattr(b, "paragraphs")
            for p in b.paragraphs
            for r in p.runs
        ]

    assert "MarkdownからPPTXを生成するツール" in texts(again)
    assert texts(again) == texts(deck)


@needs_chromium
def test_chromium_draws_the_space(tmp_path: Path) -> None:
    from ace_core.browser import default_session

    html = _runs_html(tmp_path)
    assert 'class="as"' in html
    spaced = '<p style="font:40px Arial">Markdow<span style="margin-right:9.2px">n</span>から</p>'
    plain = '<p style="font:40px Arial">Markdownから</p>'
    widths = []
    for body in (spaced, plain):
        page = f"<html><body><span id=t>{body}</span></body></html>".replace("<p", "<span").replace("</p>", "</span>")
        with default_session().page(page) as pg:
            widths.append(pg.evaluate("() => document.getElementById('t').getBoundingClientRect().width"))
    assert widths[0] - widths[1] == pytest.approx(9.2, abs=0.1)


@needs_chromium
def test_full_width_punctuation_keeps_its_advance_at_a_line_end() -> None:
    # Chromium halves a closing bracket at the end of a line when that makes it fit (and adjacent
    # pairs such as ）（); PowerPoint and LibreOffice keep the full advance and wrap: LibreOffice
    # 7.4 puts （Flowchart） of "1. フローチャート（Flowchart）— …" on the next line of a 44 pt
    # title where Chromium fitted it (unseen qmdtopptx demo #13)
    from ace_core.browser import default_session
    from adapters.html.write import BASE_CSS

    assert "text-spacing-trim:space-all" in BASE_CSS
    text = "ト（FF）あ"
    boxes = (
        f"<div class='slide' style='width:400px;height:400px'>"
        f"<div id=t style=\"font:44px 'Noto Sans CJK JP';width:165px\">{text}</div></div>"
    )
    page = f"<html><head><style>{BASE_CSS}</style></head><body>{boxes}</body></html>"
    with default_session().page(page) as pg:
        rows = pg.evaluate(
            "() => { const n = document.getElementById('t').firstChild, r = document.createRange(), out = [];"
            " for (let k = 0; k < n.length; k++) { r.setStart(n, k); r.setEnd(n, k + 1);"
            " const b = r.getBoundingClientRect(); out.push([Math.round(b.y), Math.round(b.width)]); } return out; }"
        )
    assert rows[4][1] == 44  # the closing bracket is a full em
    assert rows[4][0] > rows[0][0]  # so it wraps, with its opening bracket and the letters
