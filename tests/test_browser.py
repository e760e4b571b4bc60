"""The Chromium session: warm reuse, network lock, JavaScript off by default, threads, processes,
time limits, crash restart, a clear error when Chromium is missing."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from pathlib import Path

import pytest

from ace_core.browser import BrowserSession, RequestPolicy
from ace_core.errors import MissingSystemToolError, RenderError
from tests.conftest import needs_chromium
from tests.hostile_server import CountingServer

pytestmark = [needs_chromium, pytest.mark.render]


@pytest.fixture(scope="module")
def session():
    s = BrowserSession(timeout=20)
    yield s
    s.close()


def test_page_from_file_and_html_string(session: BrowserSession, tmp_path: Path) -> None:
    page = tmp_path / "p.html"
    page.write_text("<title>T</title><p id=x style='width:300px'>hello</p>", encoding="utf-8")
    with session.page(page, width=800, height=600) as loaded:
        assert loaded.page.title() == "T"
        assert loaded.evaluate("document.getElementById('x').getBoundingClientRect().width") == 300
        assert loaded.page.viewport_size == {"width": 800, "height": 600}
    with session.page("<p>inline</p>") as loaded:
        assert loaded.page.inner_text("p") == "inline"


def test_one_warm_browser_is_reused(session: BrowserSession) -> None:
    for i in range(3):
        with session.page(f"<p>{i}</p>") as loaded:
            assert loaded.page.inner_text("p") == str(i)
    launches = session.launches
    with session.page("<p>again</p>"):
        pass
    assert session.launches == launches


def test_javascript_off_by_default_and_on_with_the_flag(session: BrowserSession) -> None:
    html = "<p id=x>static</p><script>document.getElementById('x').textContent = 'scripted'</script>"
    with session.page(html) as loaded:
        assert loaded.page.inner_text("#x") == "static"
        assert loaded.javascript is False
        # our own measurement scripts still run with page JavaScript off
        assert loaded.evaluate("() => document.querySelectorAll('p').length") == 1
    with session.page(html, javascript=True) as loaded:
        assert loaded.page.inner_text("#x") == "scripted"


def test_capture_is_scaled_and_crisp(session: BrowserSession) -> None:
    from io import BytesIO

    from PIL import Image

    html = "<body style='margin:0'><div style='width:100px;height:50px;background:#ff0000'></div></body>"
    with session.page(html) as loaded:
        png = loaded.capture(0, 0, 100, 50, scale=2.0)
    im = Image.open(BytesIO(png)).convert("RGB")
    assert im.size == (200, 100)
    assert im.getpixel((199, 99)) == (255, 0, 0)


def test_network_is_locked(session: BrowserSession, tmp_path: Path) -> None:
    """No request reaches a local HTTP server, even with JavaScript on; external URLs are refused
    and listed; only files under the page's folder load."""
    deck = tmp_path / "deck"
    deck.mkdir()
    (deck / "ok.css").write_text("p { color: rgb(1, 2, 3); }")
    (tmp_path / "secret.css").write_text("p { color: rgb(9, 9, 9) !important; }")
    with CountingServer() as server:
        url = server.url
        html = f"""<html><head>
        <link rel=preconnect href="{url}"><link rel=stylesheet href="{url}/a.css">
        <link rel=stylesheet href="ok.css"><link rel=stylesheet href="../secret.css">
        <link rel=stylesheet href="https://cdn.jsdelivr.net/npm/x.css">
        <style>@import url({url}/imp.css); @font-face {{ font-family: X; src: url({url}/f.woff); }}
        body {{ font-family: X; background: url({url}/bg.png); }}</style></head>
        <body><p>hi</p><img src="{url}/i.png"><iframe src="{url}/frame"></iframe>
        <video src="{url}/v.mp4" autoplay></video>
        <script>fetch('{url}/fetch'); new WebSocket('{url.replace("http", "ws")}/ws');
        navigator.sendBeacon('{url}/beacon', 'x'); new EventSource('{url}/es');</script></body></html>"""
        page = deck / "page.html"
        page.write_text(html)
        with session.page(page, javascript=True) as loaded:
            time.sleep(0.5)
            color = loaded.evaluate("getComputedStyle(document.querySelector('p')).color")
            blocked = list(loaded.blocked)
        away = f"<meta http-equiv=refresh content='0;url={url}/refresh'><script>location.href = '{url}/nav'</script>"
        with session.page(away, javascript=True) as loaded:
            time.sleep(0.5)
        assert server.requests == [], server.requests
    assert color == "rgb(1, 2, 3)"  # ok.css loaded, secret.css (outside the folder) did not
    assert any("cdn.jsdelivr.net" in u for u in blocked)
    assert any(u.endswith("/secret.css") for u in blocked)
    assert any(u.endswith("/a.css") for u in blocked) and any(u.endswith("/fetch") for u in blocked)


def test_request_policy() -> None:
    policy = RequestPolicy(root=Path("/srv/deck"))
    assert policy.allows("file:///srv/deck/img/a.png")
    assert policy.allows("data:image/png;base64,AAAA")
    assert not policy.allows("file:///srv/deck/../secret.png")
    assert not policy.allows("file:///etc/passwd")
    assert not policy.allows("http://127.0.0.1/x")
    assert not RequestPolicy(root=None).allows("file:///srv/deck/a.png")


def test_threads_share_one_session(session: BrowserSession) -> None:
    results: dict[int, str] = {}
    errors: list[BaseException] = []

    def work(i: int) -> None:
        try:
            with session.page(f"<p>thread {i}</p>") as loaded:
                results[i] = loaded.page.inner_text("p")
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors
    assert results == {i: f"thread {i}" for i in range(5)}


def _render_in_child(path: str, queue: multiprocessing.Queue) -> None:
    from ace_core.browser import default_session

    session = default_session()
    with session.page(Path(path)) as loaded:
        queue.put((loaded.page.inner_text("p"), session._browser_pid))


def test_processes_each_get_their_own_browser(session: BrowserSession, tmp_path: Path) -> None:
    page = tmp_path / "p.html"
    page.write_text("<p>from a child</p>")
    with session.page(page) as loaded:
        assert loaded.page.inner_text("p") == "from a child"
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    child = ctx.Process(target=_render_in_child, args=(str(page), queue))
    child.start()
    text, child_browser = queue.get(timeout=90)
    child.join(30)
    assert text == "from a child"
    assert child_browser and session._browser_pid and child_browser != session._browser_pid


def test_a_page_that_loops_is_stopped_and_the_session_recovers() -> None:
    s = BrowserSession(timeout=3)
    try:
        t0 = time.monotonic()
        with pytest.raises(RenderError) as err:  # noqa: SIM117
            with s.page("<p>x</p><script>setTimeout(() => { while (true) {} }, 200)</script>", javascript=True) as p:
                time.sleep(0.5)
                p.evaluate("1 + 1")
        assert time.monotonic() - t0 < 40
        assert "3 s" in str(err.value)  # stopped while loading or while evaluating, by the same limit
        with s.page("<p>after</p>") as loaded:
            assert loaded.page.inner_text("p") == "after"
    finally:
        s.close()


def test_a_crashed_browser_is_restarted() -> None:
    s = BrowserSession(timeout=20)
    try:
        with s.page("<p>one</p>"):
            pass
        assert s._browser_pid
        os.kill(s._browser_pid, signal.SIGKILL)
        time.sleep(0.5)
        with s.page("<p>two</p>") as loaded:
            assert loaded.page.inner_text("p") == "two"
        assert s.launches == 2
    finally:
        s.close()


def test_missing_chromium_names_the_package() -> None:
    s = BrowserSession(executable=None)
    os.environ["ACE_CHROMIUM"] = "/nonexistent/chromium"
    try:
        with pytest.raises(MissingSystemToolError) as err, s.page("<p>x</p>"):
            pass
        assert "apt-get install -y chromium" in err.value.message
    finally:
        del os.environ["ACE_CHROMIUM"]
        s.close()
