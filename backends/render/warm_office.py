"""A warm LibreOffice for single-slide previews: one soffice kept running (private profile, its
own process group) and a UNO worker (`uno_worker.py`, run by a Python with LibreOffice's `uno`
module, Debian python3-uno) that keeps the last document loaded and exports one slide as PNG.

    office = warm_office()                 # one per process, started on first use
    png = office.render_page(pptx_bytes, page=2, width=1280, height=720)

A cold `soffice --convert-to` pays LibreOffice's start-up and the whole deck's PDF on every
call (seconds); here a slide of an already loaded deck takes a fraction of a second. When no
Python can import `uno`, `available()` is False and callers use `render_pptx` instead. Every
request has a time limit; past it both processes are killed and the next call starts afresh."""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import json
import os
import queue
import secrets
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Collection
from functools import cache
from pathlib import Path
from typing import Any

from ace_core.errors import RenderError, UnsupportedError
from ace_core.part_names import part_name
from ace_core.soffice import find_soffice, soffice_env, soffice_headless
from ace_core.soffice_sandbox import network_sandbox, sanitize_package, write_profile
from ace_core.tempfiles import make_temp_dir, release
from ace_core.xml_safe import safe_xml_parser

__all__ = ["UNO_PYTHON_ENV", "WarmOffice", "find_uno_python", "render_pptx_warm", "slide_only", "warm_office"]

UNO_PYTHON_ENV = "ACE_UNO_PYTHON"
WORKER = Path(__file__).with_name("uno_worker.py")
START_TIMEOUT = 90.0
RENDER_TIMEOUT = 60.0


@cache
def find_uno_python() -> str | None:
    """A Python that can `import uno`: $ACE_UNO_PYTHON, LibreOffice's own, or the system's."""
    candidates = [os.environ.get(UNO_PYTHON_ENV)]
    with contextlib.suppress(Exception):
        candidates.append(str(Path(os.path.realpath(find_soffice())).parent / "python"))
    candidates += ["/usr/bin/python3", shutil.which("python3")]
    for py in dict.fromkeys(c for c in candidates if c):
        if not os.access(py, os.X_OK):
            continue
        try:
            probe = subprocess.run([py, "-c", "import uno"], capture_output=True, timeout=20, check=False)
        except (OSError, subprocess.SubprocessError):
            continue
        if probe.returncode == 0:
            return py
    return None


class WarmOffice:
    """A running soffice plus its UNO worker; thread-safe (one request at a time)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._office: subprocess.Popen[bytes] | None = None
        self._worker: subprocess.Popen[str] | None = None
        self._answers: queue.Queue[str | None] = queue.Queue()
        self._profile: Path | None = None
        self._doc: Path | None = None
        self._seq = 0
        self.starts = 0
        self.removed: list[str] = []
        """what the sanitized copy of the document loaded last left out (part: rId -> target)"""

    @staticmethod
    def available() -> bool:
        try:
            find_soffice()
        except Exception:
            return False
        return find_uno_python() is not None

    # -- processes -------------------------------------------------------------------------------
    def _start(self) -> None:
        py = find_uno_python()
        if py is None:
            raise UnsupportedError(
                "the warm LibreOffice needs a Python with LibreOffice's uno module",
                where="render",
                hint="apt-get install -y python3-uno (or set ACE_UNO_PYTHON)",
            )
        soffice = find_soffice()
        self._profile = make_temp_dir("warm-lo")  # swept by the next run if this one is killed
        write_profile(self._profile)  # linked content and macros blocked, as for every soffice call
        pipe = f"ace-{os.getpid()}-{secrets.token_hex(6)}"
        env = soffice_env(self._profile)
        # both processes run without network; the worker under the same prefix, so that both
        # have the same uid (LibreOffice's pipe socket is named by the uid it sees)
        sandbox = list(network_sandbox())
        cmd = [
            *sandbox,
            *soffice_headless(soffice, self._profile),
            f"--accept=pipe,name={pipe};urp;StarOffice.ComponentContext",
        ]
        out = subprocess.DEVNULL
        self._office = subprocess.Popen(cmd, stdin=out, stdout=out, stderr=out, env=env, start_new_session=True)
        self._worker = subprocess.Popen(
            [*sandbox, py, str(WORKER), pipe, str(START_TIMEOUT), str(self._office.pid)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
            start_new_session=True,
        )
        self._answers = queue.Queue()
        threading.Thread(target=_pump, args=(self._worker, self._answers), daemon=True, name="ace-uno").start()
        self.starts += 1
        ready = self._answer(START_TIMEOUT, "starting LibreOffice")
        if not ready.get("ready"):
            raise RenderError("the LibreOffice worker did not start", where="render")

    def _alive(self) -> bool:
        return (
            self._office is not None
            and self._office.poll() is None
            and self._worker is not None
            and self._worker.poll() is None
        )

    def _answer(self, timeout: float, what: str) -> dict[str, Any]:
        try:
            line = self._answers.get(timeout=timeout)
        except queue.Empty:
            self._stop()
            raise RenderError(
                f"LibreOffice took longer than {timeout:g} s {what}",
                where="render",
                hint="the slide may be very heavy; try again (LibreOffice restarts)",
            ) from None
        if line is None:
            self._stop()
            raise RenderError(f"LibreOffice stopped while {what}", where="render", hint="try again (it restarts)")
        return json.loads(line)

    def _stop(self) -> None:
        worker, office, profile = self._worker, self._office, self._profile
        self._worker = self._office = None
        self._profile = self._doc = None
        for proc in (worker, office):
            if proc is None:
                continue
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
            with contextlib.suppress(Exception):
                proc.wait(timeout=10)
        if worker is not None and worker.stdin is not None:
            with contextlib.suppress(Exception):
                worker.stdin.close()
        if profile is not None:
            release(profile)

    def start(self) -> None:
        """Start LibreOffice now (else the first render does)."""
        with self._lock:
            if not self._alive():
                self._stop()
                self._start()

    def close(self) -> None:
        with self._lock:
            self._stop()

    # -- rendering -------------------------------------------------------------------------------
    def render_page(
        self, package: bytes, page: int, *, width: int, height: int, timeout: float = RENDER_TIMEOUT
    ) -> bytes:
        """PNG bytes of page `page` (0-based) of the document `package` (pptx bytes), at width x height."""
        key = hashlib.sha256(package).hexdigest()[:32]
        with self._lock:
            if not self._alive():
                self._stop()
                self._start()
            assert self._profile is not None and self._worker is not None and self._worker.stdin is not None
            docs = self._profile / "docs"
            docs.mkdir(exist_ok=True)
            src = docs / f"{key}.pptx"
            if self._doc != src:
                raw = docs / f"{key}.raw.pptx"
                raw.write_bytes(package)
                try:  # LibreOffice opens a copy without external or out-of-package targets
                    self.removed = sanitize_package(raw, src)
                finally:
                    raw.unlink(missing_ok=True)
                if self._doc is not None:
                    self._doc.unlink(missing_ok=True)
                self._doc = src
            self._seq += 1
            out = docs / f"page-{self._seq}.png"
            req = {"id": self._seq, "src": str(src), "key": key, "page": page, "width": width, "height": height}
            req["out"] = str(out)
            try:
                self._worker.stdin.write(json.dumps(req) + "\n")
                self._worker.stdin.flush()
            except OSError:
                self._stop()
                raise RenderError("LibreOffice stopped", where="render", hint="try again (it restarts)") from None
            t0 = time.monotonic()
            answer = self._answer(timeout, f"rendering slide {page + 1}")
            while answer.get("id") != self._seq:  # a late answer to a request that timed out
                answer = self._answer(max(1.0, timeout - (time.monotonic() - t0)), f"rendering slide {page + 1}")
            if not answer.get("ok"):
                raise RenderError(
                    f"LibreOffice could not render slide {page + 1}: {answer.get('error')}", where="render"
                )
            try:
                return out.read_bytes()
            finally:
                out.unlink(missing_ok=True)


def _pump(proc: subprocess.Popen[str], answers: queue.Queue[str | None]) -> None:
    assert proc.stdout is not None
    for line in proc.stdout:
        line = line.strip()
        if line.startswith("{"):
            answers.put(line)
    answers.put(None)


def slide_only(package: bytes, index: int | Collection[int]) -> bytes:
    """A copy of a pptx package in which every slide but `index` (0-based; or those in a
    collection) has an empty shape tree: LibreOffice then loads one slide's content instead of
    the deck's, while the slide keeps its place (slide-number fields, page `index` of the export)."""
    import io
    import posixpath
    import zipfile

    from lxml import etree

    keep = {index} if isinstance(index, int) else set(index)
    parser = safe_xml_parser()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(package)) as src:
        rels = etree.fromstring(src.read("_rels/.rels"), parser)
        root_target = next((r.get("Target", "") for r in rels if r.get("Type", "").endswith("/officeDocument")), "")
        main = part_name("", root_target) or "ppt/presentation.xml"
        folder, name = posixpath.split(main)
        targets = {
            r.get("Id"): r.get("Target", "")
            for r in etree.fromstring(src.read(posixpath.join(folder, "_rels", name + ".rels")), parser)
        }
        order = [
            targets.get(el.get(f"{{{_R}}}id"), "")
            for el in etree.fromstring(src.read(main), parser).iterfind(f"{{{_P}}}sldIdLst/{{{_P}}}sldId")
        ]
        emptied = {part_name(folder, t) for i, t in enumerate(order) if i not in keep and t}
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as dst:
            for info in src.infolist():
                data = src.read(info)
                if info.filename in emptied:
                    data = _EMPTY_SLIDE
                dst.writestr(info, data)
    return out.getvalue()


def render_pptx_warm(package: bytes, positions: list[int], out_dir: Path, *, width: int, height: int) -> list[Path]:
    """`out_dir/slide-NNN.png` for the slides at `positions` (0-based, in the package's slide
    list), numbered in the order given, through the warm LibreOffice: with one slide asked for,
    the others are emptied first (LibreOffice loads only its content), else the deck is loaded
    once and each page exported."""
    out_dir.mkdir(parents=True, exist_ok=True)
    office = warm_office()
    if len(positions) == 1:
        package = slide_only(package, positions[0])
    paths = []
    for n, position in enumerate(positions, start=1):
        target = out_dir / f"slide-{n:03d}.png"
        target.write_bytes(office.render_page(package, position, width=width, height=height))
        paths.append(target)
    return paths


_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_EMPTY_SLIDE = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    b'<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
    b'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
    b'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree><p:nvGrpSpPr>'
    b'<p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/></p:spTree></p:cSld>'
    b"<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>"
)
_P = "http://schemas.openxmlformats.org/presentationml/2006/main"
_OFFICE: WarmOffice | None = None
_OFFICE_LOCK = threading.Lock()


def warm_office() -> WarmOffice:
    """The process's warm LibreOffice (started on the first render; stopped at exit)."""
    global _OFFICE
    with _OFFICE_LOCK:
        if _OFFICE is None:
            _OFFICE = WarmOffice()
            atexit.register(_OFFICE.close)
        return _OFFICE
