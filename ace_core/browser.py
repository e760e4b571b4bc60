"""A warm Chromium (playwright) session, network-locked, usable from several threads and processes.

One `BrowserSession` owns one playwright driver and one Chromium, started lazily on a dedicated
thread (playwright's sync API is bound to the thread that started it). Every call is marshalled to
that thread, so any thread may use a session; each process gets its own (`default_session()`).

Network policy: every request is blocked except `data:` URIs and `file://` URLs under the page's
own folder; blocked URLs are collected per page. A dead proxy catches anything the router would
miss. Page JavaScript is off unless asked. Each call has a time limit: a page that overruns it gets
its browser killed (and restarted on the next call) and the caller a `RenderError`.

    with default_session().page(Path("deck.html"), width=1280, height=720) as loaded:
        loaded.page.evaluate("document.title")       # the playwright Page (sync API)
        png = loaded.capture(0, 0, 1280, 720)         # PNG bytes of a clip
        loaded.blocked                                # URLs the page wanted and did not get
"""

from __future__ import annotations

import atexit
import base64
import contextlib
import math
import os
import queue
import secrets
import signal
import stat
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from ace_core.errors import BadInputError, MissingSystemToolError, RenderError
from ace_core.limits import timeout_for
from ace_core.tempfiles import make_temp_dir

__all__ = [
    "CHROMIUM",
    "CHROMIUM_FLAGS",
    "DEFAULT_TIMEOUT",
    "BrowserSession",
    "LoadedPage",
    "RequestPolicy",
    "default_session",
    "find_chromium",
]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
    "--disable-features=Translate,MediaRouter,OptimizationHints,InterestFeedContentSuggestions",
)
# a proxy nobody listens on, loopback included: a request the router misses still goes nowhere
DEAD_PROXY = {"server": "http://127.0.0.1:9", "bypass": "<-loopback>"}
DEFAULT_TIMEOUT = 30.0
ALLOWED_SCHEMES = ("data:", "blob:", "about:")


def find_chromium() -> str:
    """Path of the Chromium binary (`ACE_CHROMIUM` overrides), or a clear error naming the package."""
    path = os.environ.get("ACE_CHROMIUM", CHROMIUM)
    if not Path(path).is_file():
        raise MissingSystemToolError("chromium", "chromium", where=path)
    return path


@dataclass
class RequestPolicy:
    """Allows `data:` / `blob:` / `about:` and `file://` under `root` (None: no files); blocks the rest."""

    root: Path | None = None
    inline_url: str | None = None

    def allows(self, url: str) -> bool:
        if url.startswith(ALLOWED_SCHEMES):
            return True
        if not url.startswith("file://") or self.root is None:
            return False
        try:
            path = Path(unquote(urlparse(url).path)).resolve()
        except (OSError, ValueError, RuntimeError):
            return False
        if not (path == self.root or self.root in path.parents):
            return False
        try:  # a FIFO or a device never ends: only files and folders load
            mode = os.stat(path).st_mode
        except OSError:
            return True  # missing: Chromium answers "not found" itself
        return stat.S_ISREG(mode) or stat.S_ISDIR(mode)


@dataclass
class LoadedPage:
    """A page loaded under the network policy. `page` is the playwright Page (sync API; calls are
    run on the session's browser thread); `blocked` lists the URLs that were refused."""

    page: Any
    blocked: list[str]
    url: str
    width: int
    height: int
    javascript: bool
    session: BrowserSession
    _slot: Any = field(default=None, repr=False)

    def evaluate(self, script: str, arg: Any = None) -> Any:
        """Run `script` (a JS expression or function) in the page; works with page JavaScript off."""
        return self.session.call(lambda: self._slot.page.evaluate(script, arg))

    def cdp(self, method: str, params: dict[str, Any] | None = None) -> Any:
        """Send one Chrome DevTools Protocol command to the page (e.g. CSS.getPlatformFontsForNode)."""

        def send() -> Any:
            slot = self._slot
            if slot.cdp is None:
                slot.cdp = slot.ctx.new_cdp_session(slot.page)
            return slot.cdp.send(method, params or {})

        return self.session.call(send)

    def cdp_batch(self, calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
        """Several CDP commands in one hop to the browser thread; a failed command gives None."""

        def send() -> list[Any]:
            slot = self._slot
            if slot.cdp is None:
                slot.cdp = slot.ctx.new_cdp_session(slot.page)
            out = []
            for method, params in calls:
                try:
                    out.append(slot.cdp.send(method, params))
                except Exception:
                    out.append(None)
            return out

        return self.session.call(send)

    def capture(self, x: float, y: float, width: float, height: float, *, scale: float = 1.0) -> bytes:
        """PNG of a page region (CSS px, page coordinates), `scale` x the CSS size, rendered crisp
        (Chromium re-rasterizes at the scale rather than resizing a bitmap). A region that starts at
        a fractional device pixel (a slide at x = 120 CSS px captured at 16/13) would have its edge
        pixels blended with the page behind it: the page is shifted by less than a device pixel for
        the capture, so the region starts on a whole one."""

        def shot() -> bytes:
            slot = self._slot
            if slot.cdp is None:
                slot.cdp = slot.ctx.new_cdp_session(slot.page)
            dx, dy = (_to_whole_pixel(v, scale) for v in (x, y))
            # a region that fits the viewport is scrolled into it (a third cheaper than painting
            # beyond the viewport); anything else is captured beyond the viewport
            fits = width <= self.width + 0.5 and height <= self.height + 0.5
            shifted, sx, sy = (False, 0.0, 0.0)
            if fits or dx or dy:
                shifted, sx, sy = slot.page.evaluate(_PLACE_JS, [dx, dy, x, y, fits])
            cx, cy = (x + dx, y + dy) if shifted else (x, y)
            beyond = not (fits and sx <= cx + 1e-3 and sy <= cy + 1e-3 and cx + width <= sx + self.width + 0.5
                          and cy + height <= sy + self.height + 0.5)  # fmt: skip
            clip = {"x": cx, "y": cy, "width": max(1.0, width), "height": max(1.0, height), "scale": scale}
            try:
                res = slot.cdp.send(
                    "Page.captureScreenshot",
                    {"format": "png", "clip": clip, "captureBeyondViewport": beyond, "optimizeForSpeed": True},
                )
            finally:
                if shifted:
                    slot.page.evaluate(_UNSHIFT_JS)
            return base64.b64decode(res["data"])

        return self.session.call(shot)


def _to_whole_pixel(v: float, scale: float) -> float:
    """The CSS shift (0 <= shift < 1 device pixel) that puts CSS coordinate `v` on a whole device pixel."""
    device = v * scale
    return (math.ceil(device - 1e-6) - device) / scale if abs(device - round(device)) > 1e-6 else 0.0


# the shift is a CSS translate of the root element (paint only: nothing is laid out again); a page
# whose root has a translate of its own is captured unshifted. One call shifts and scrolls (to whole
# CSS px at or before the region: a scroll position rounded up would leave the region's first row
# outside the viewport, drawn as the page's grey)
_PLACE_JS = (
    "([dx, dy, x, y, scroll]) => { const s = document.documentElement.style;"
    " const shift = (dx || dy) && !s.translate; if (shift) s.translate = `${dx}px ${dy}px`;"
    " if (scroll) window.scrollTo(Math.floor(shift ? x + dx : x), Math.floor(shift ? y + dy : y));"
    " return [shift, window.scrollX, window.scrollY]; }"
)
_UNSHIFT_JS = "() => { document.documentElement.style.translate = ''; }"


class _Remote:
    """A playwright object living on the session thread; attribute access and calls are run there."""

    __slots__ = ("_session", "_target")

    def __init__(self, target: Any, session: BrowserSession) -> None:
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_session", session)

    def __getattr__(self, name: str) -> Any:
        session, target = self._session, self._target
        value = session.call(lambda: getattr(target, name))
        if callable(value) and not isinstance(value, type):
            return lambda *a, **k: _wrap(session.call(lambda: value(*_unwrap(a), **_unwrap(k))), session)
        return _wrap(value, session)

    def __repr__(self) -> str:
        return f"<remote {self._target!r}>"

    def __eq__(self, other: object) -> bool:
        return self._target == (other._target if isinstance(other, _Remote) else other)

    __hash__ = None  # type: ignore[assignment]


def _wrap(value: Any, session: BrowserSession) -> Any:
    if isinstance(value, list):
        return [_wrap(v, session) for v in value]
    if type(value).__module__.startswith("playwright."):
        return _Remote(value, session)
    return value


def _unwrap(value: Any) -> Any:
    if isinstance(value, _Remote):
        return value._target
    if isinstance(value, tuple):
        return tuple(_unwrap(v) for v in value)
    if isinstance(value, list):
        return [_unwrap(v) for v in value]
    if isinstance(value, dict):
        return {k: _unwrap(v) for k, v in value.items()}
    return value


_STOP = object()
_LAUNCH_LOCK = threading.Lock()


class BrowserSession:
    """One warm Chromium, started on first use and reused; restarted after a crash or a timeout."""

    def __init__(
        self, *, executable: str | None = None, timeout: float = DEFAULT_TIMEOUT, args: tuple[str, ...] = ()
    ) -> None:
        self.executable = executable
        self.timeout = timeout
        self.args = tuple(CHROMIUM_FLAGS) + tuple(args)
        self.launches = 0
        self._lock = threading.Lock()
        self._queue: queue.Queue[Any] | None = None
        self._thread: threading.Thread | None = None
        self._pw: Any = None
        self._browser: Any = None
        self._browser_pid: int | None = None
        self._warm: _Slot | None = None
        self._pid = os.getpid()

    # -- the browser thread ------------------------------------------------------------------------
    def _ensure_thread(self) -> queue.Queue[Any]:
        with self._lock:
            if self._thread is None or not self._thread.is_alive() or self._pid != os.getpid():
                self._pid = os.getpid()
                self._pw = self._browser = self._browser_pid = self._warm = None
                self._queue = queue.Queue()
                self._thread = threading.Thread(
                    target=self._serve, args=(self._queue,), name="ace-browser", daemon=True
                )
                self._thread.start()
            assert self._queue is not None
            return self._queue

    def _serve(self, jobs: queue.Queue[Any]) -> None:
        while True:
            job = jobs.get()
            if job is _STOP:
                self._shutdown()
                return
            fn, fut = job
            if not fut.set_running_or_notify_cancel():
                continue
            try:
                fut.set_result(fn())
            except BaseException as exc:
                fut.set_exception(exc)

    def call(self, fn: Callable[[], Any], *, timeout: float | None = None, what: str | None = None) -> Any:
        """Run `fn()` on the browser thread and return its result. Past `timeout` seconds the
        browser is killed (the next call starts a fresh one) and a RenderError is raised."""
        if threading.current_thread() is self._thread:
            return fn()
        jobs = self._ensure_thread()
        fut: Future[Any] = Future()
        jobs.put((fn, fut))
        limit = timeout_for(self.timeout) if timeout is None else timeout
        try:
            return fut.result(timeout=limit)
        except FutureTimeout:
            self._kill_browser()
            with contextlib.suppress(BaseException):
                fut.result(timeout=10)
            if not fut.done():  # the driver itself hangs: abandon that thread, start over next time
                with self._lock:
                    self._thread = None
            raise RenderError(
                what or f"the page took longer than {limit:g} s",
                where="chromium",
                hint="the page may loop or be very large; raise --timeout SECONDS or simplify the page",
            ) from None

    # -- browser lifecycle (browser thread only) ----------------------------------------------------
    def browser(self) -> Any:
        """The playwright Browser, launched if needed (call from the browser thread)."""
        if self._browser is not None and self._browser.is_connected():
            return self._browser
        self._browser = self._warm = None
        executable = self.executable or find_chromium()
        try:
            if self._pw is None:
                from playwright.sync_api import sync_playwright

                # the driver and Chromium put their profiles and artifacts under TMPDIR: give them an
                # ace-<pid>-browser folder, removed at exit and swept by the next run after a kill
                saved = os.environ.get("TMPDIR")
                os.environ["TMPDIR"] = str(make_temp_dir("browser"))
                try:
                    self._pw = sync_playwright().start()
                finally:
                    if saved is None:
                        os.environ.pop("TMPDIR", None)
                    else:
                        os.environ["TMPDIR"] = saved
            with _LAUNCH_LOCK:
                before = _chromium_pids()
                self._browser = self._pw.chromium.launch(
                    executable_path=executable, args=list(self.args), proxy=DEAD_PROXY, timeout=60_000
                )
                new = _chromium_pids() - before
            self._browser_pid = min(new) if new else None
        except MissingSystemToolError:
            raise
        except Exception as exc:
            raise RenderError(
                f"cannot start Chromium: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}",
                where=executable,
                hint="check that /usr/bin/chromium runs (apt-get install -y chromium)",
            ) from exc
        self.launches += 1
        return self._browser

    def _kill_browser(self) -> None:
        pid = self._browser_pid
        if pid:
            for child in [*_descendants(pid), pid]:
                with contextlib.suppress(OSError):
                    os.kill(child, signal.SIGKILL)
        self._browser_pid = None

    def _discard_browser(self) -> None:
        """Close (or kill) the current browser so that the next call launches a fresh one."""
        browser, self._browser, self._warm = self._browser, None, None
        if browser is not None:
            with contextlib.suppress(Exception):
                browser.close()
        self._kill_browser()

    def _shutdown(self) -> None:
        with contextlib.suppress(Exception):
            if self._browser is not None:
                self._browser.close()
        with contextlib.suppress(Exception):
            if self._pw is not None:
                self._pw.stop()
        self._browser = self._pw = self._warm = None
        self._browser_pid = None

    def close(self) -> None:
        """Close the browser and stop the thread (the session can be used again: it restarts)."""
        with self._lock:
            thread, jobs = self._thread, self._queue
            self._thread = None
        if thread is not None and jobs is not None and thread.is_alive() and self._pid == os.getpid():
            jobs.put(_STOP)
            thread.join(timeout=20)
            if thread.is_alive():
                self._kill_browser()

    @property
    def running(self) -> bool:
        return self.call(lambda: self._browser is not None and self._browser.is_connected())

    # -- pages --------------------------------------------------------------------------------------
    @contextlib.contextmanager
    def page(
        self,
        source: str | os.PathLike[str],
        *,
        width: int = 1280,
        height: int = 720,
        javascript: bool = False,
        timeout: float | None = None,
        base_dir: str | os.PathLike[str] | None = None,
    ) -> Iterator[LoadedPage]:
        """Load a page (a file path, or an HTML string when `source` is a str holding '<') under the
        network policy and yield it. `base_dir` is the folder the page may load files from (default:
        a file's own folder; none for an HTML string). Pages without JavaScript reuse one warm tab;
        pages with JavaScript get a fresh browser context each."""
        limit = timeout_for(self.timeout) if timeout is None else timeout
        html: str | None = None
        if isinstance(source, str) and "<" in source:
            html = source
            root = Path(base_dir).resolve() if base_dir is not None else None
            url = (root / f".ace-inline-{secrets.token_hex(6)}.html").as_uri() if root else "about:blank"
        else:
            path = Path(source).resolve()
            if not path.is_file():
                raise BadInputError("file not found", where=str(path), hint="check the path")
            root = Path(base_dir).resolve() if base_dir is not None else path.parent
            url = path.as_uri()
        policy = RequestPolicy(root=root, inline_url=url if html is not None and root else None)
        holder: list[_Slot] = []

        def open_page() -> LoadedPage:
            for attempt in (0, 1):
                slot = None
                try:
                    slot = self._slot(javascript, width, height, limit)
                    holder[:] = [slot]
                    return self._load(slot, url, html, policy, limit)
                except Exception as exc:
                    self._release(slot, failed=True)
                    holder.clear()
                    if attempt == 0 and _is_crash(exc):
                        self._discard_browser()  # restart once after a crash
                        continue
                    raise _translate(exc, url, limit) from exc
            raise AssertionError("unreachable")

        # the margin covers a browser launch; a page that hangs is still reported against `limit`
        loaded = self.call(open_page, timeout=limit + 15, what=f"the page did not load within {limit:g} s")
        try:
            yield loaded
        finally:
            if holder:
                with contextlib.suppress(Exception):
                    self.call(lambda: self._release(holder[0]), timeout=15)

    def _slot(self, javascript: bool, width: int, height: int, limit: float) -> _Slot:
        """A tab to load into: the warm one when free and JavaScript is off, else a fresh context."""
        browser = self.browser()
        viewport = {"width": int(width), "height": int(height)}
        warm = self._warm
        if not javascript and warm is not None and not warm.busy and not warm.page.is_closed():
            warm.busy = True
            if warm.page.viewport_size != viewport:
                warm.page.set_viewport_size(viewport)
            warm.ctx.set_default_timeout(limit * 1000)
            return warm
        ctx = browser.new_context(
            viewport=viewport, java_script_enabled=javascript, service_workers="block", accept_downloads=False
        )
        slot = _Slot(ctx=ctx, page=None, warm=False, busy=True, javascript=javascript)
        ctx.set_default_timeout(limit * 1000)

        def on_route(route: Any) -> None:
            req_url = route.request.url
            policy = slot.policy
            if policy is not None and policy.inline_url is not None and req_url == policy.inline_url:
                route.fulfill(status=200, body=slot.html or "", content_type="text/html; charset=utf-8")
            elif policy is not None and policy.allows(req_url):
                route.continue_()
            else:
                slot.blocked.append(req_url)
                route.abort("blockedbyclient")

        def on_socket(ws: Any) -> None:
            slot.blocked.append(ws.url)
            ws.close()

        ctx.route("**/*", on_route)
        ctx.route_web_socket("**/*", on_socket)
        slot.page = ctx.new_page()
        if not javascript and (warm is None or warm.page.is_closed()):
            slot.warm = True
            self._warm = slot
        return slot

    def _load(self, slot: _Slot, url: str, html: str | None, policy: RequestPolicy, limit: float) -> LoadedPage:
        slot.policy, slot.html, slot.blocked = policy, html, []
        page = slot.page
        if html is not None and policy.inline_url is None:
            page.set_content(html, wait_until="load", timeout=limit * 1000)
        else:
            page.goto(url, wait_until="load", timeout=limit * 1000)
        with contextlib.suppress(Exception):
            page.evaluate("document.fonts ? document.fonts.ready.then(() => true) : true")
        size = page.viewport_size or {"width": 0, "height": 0}
        return LoadedPage(
            page=_Remote(page, self),
            blocked=slot.blocked,
            url=url,
            width=int(size["width"]),
            height=int(size["height"]),
            javascript=slot.javascript,
            session=self,
            _slot=slot,
        )

    def _release(self, slot: _Slot | None, *, failed: bool = False) -> None:
        if slot is None:
            return
        slot.busy = False
        slot.policy = None
        if slot.warm and not failed:
            if slot.cdp is not None:  # a reader may have left the DOM / CSS agents on (dom_reader)
                for method in ("CSS.disable", "DOM.disable"):
                    with contextlib.suppress(Exception):
                        slot.cdp.send(method, {})
            return
        if slot is self._warm:
            self._warm = None
        with contextlib.suppress(Exception):
            slot.ctx.close()


@dataclass
class _Slot:
    """A browser context + tab and the network policy of the page it currently holds."""

    ctx: Any
    page: Any
    warm: bool
    busy: bool
    policy: RequestPolicy | None = None
    html: str | None = None
    blocked: list[str] = field(default_factory=list)
    cdp: Any = None
    javascript: bool = False


def _is_crash(exc: BaseException) -> bool:
    text = str(exc).lower()
    return any(k in text for k in ("target closed", "has been closed", "crash", "disconnected", "connection closed"))


def _translate(exc: BaseException, url: str, limit: float) -> Exception:
    if isinstance(exc, (RenderError, MissingSystemToolError, BadInputError)):
        return exc
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if "timeout" in text.lower():
        return RenderError(
            f"the page did not load within {limit:g} s",
            where=url,
            hint="raise the time limit (--timeout SECONDS) or simplify the page",
        )
    return RenderError(f"Chromium failed: {text[:300]}", where=url, hint="check that the page opens in Chromium")


# -- processes (Linux /proc): find the Chromium this session launched, to kill it on a timeout ----
def _proc_table() -> dict[int, int]:
    """pid -> parent pid for every process."""
    table: dict[int, int] = {}
    for entry in os.scandir("/proc") if os.path.isdir("/proc") else ():
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as fh:
                stat = fh.read().decode("utf-8", "replace")
            table[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    return table


def _descendants(pid: int, table: dict[int, int] | None = None) -> list[int]:
    table = _proc_table() if table is None else table
    out: list[int] = []
    frontier = [pid]
    while frontier:
        parent = frontier.pop()
        kids = [p for p, pp in table.items() if pp == parent]
        out.extend(kids)
        frontier.extend(kids)
    return out


def _chromium_pids() -> set[int]:
    """Main Chromium processes (not renderers / helpers) among this process's descendants."""
    found: set[int] = set()
    for pid in _descendants(os.getpid()):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as fh:
                argv = fh.read().split(b"\0")
        except OSError:
            continue
        if argv and b"chrom" in argv[0] and not any(a.startswith(b"--type=") for a in argv):
            found.add(pid)
    return found


_DEFAULT: dict[int, BrowserSession] = {}
_DEFAULT_LOCK = threading.Lock()


def default_session() -> BrowserSession:
    """The process-wide session (one per process; closed at exit)."""
    with _DEFAULT_LOCK:
        session = _DEFAULT.get(os.getpid())
        if session is None:
            session = _DEFAULT[os.getpid()] = BrowserSession()
        return session


@atexit.register
def _close_default() -> None:
    session = _DEFAULT.pop(os.getpid(), None)
    if session is not None:
        session.close()
