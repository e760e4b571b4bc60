"""Temporary folders `$TMPDIR/ace-<pid>-<what>-<random>`, removed when their block or the process ends.

Exit, error, Ctrl-C and SIGTERM all remove them; folders a killed process left are swept by the next run."""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import signal
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

__all__ = ["install_signal_cleanup", "make_temp_dir", "pid_alive", "sweep_temp_root", "temp_dir", "temp_root"]

_LIVE: set[str] = set()
_LOCK = threading.Lock()
_SWEPT: set[int] = set()


def temp_root() -> Path:
    return Path(tempfile.gettempdir())


def pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return True
    return True


def sweep_temp_root() -> None:
    """Remove `ace-<pid>-*` folders of processes that no longer run (once per process)."""
    if os.getpid() in _SWEPT:
        return
    _SWEPT.add(os.getpid())
    try:
        entries = list(os.scandir(temp_root()))
    except OSError:
        return
    for entry in entries:
        name = entry.name
        if not name.startswith("ace-"):
            continue
        pid_text = name[4:].split("-", 1)[0]
        if not pid_text.isdigit() or pid_alive(int(pid_text)):
            continue
        with contextlib.suppress(OSError):
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path, ignore_errors=True)


def make_temp_dir(what: str) -> Path:
    """A new private folder that is removed when the process ends (see `release`)."""
    sweep_temp_root()
    path = tempfile.mkdtemp(prefix=f"ace-{os.getpid()}-{what}-")
    with _LOCK:
        _LIVE.add(path)
    return Path(path)


def release(path: str | os.PathLike[str]) -> None:
    """Remove a folder made by `make_temp_dir` now."""
    p = os.fspath(path)
    shutil.rmtree(p, ignore_errors=True)
    with _LOCK:
        _LIVE.discard(p)


@contextlib.contextmanager
def temp_dir(what: str) -> Iterator[Path]:
    """A private folder for the block, removed when it ends (however it ends)."""
    path = make_temp_dir(what)
    try:
        yield path
    finally:
        release(path)


@atexit.register
def _remove_all() -> None:
    with _LOCK:
        live, pid = list(_LIVE), os.getpid()
        _LIVE.clear()
    for path in live:
        if f"ace-{pid}-" in path:  # a forked child does not remove its parent's folders
            shutil.rmtree(path, ignore_errors=True)


def install_signal_cleanup() -> None:
    """Turn SIGTERM and SIGHUP into a normal exit (status 128 + signal), so that `finally`
    blocks and the exit handlers remove temporary folders and kill child processes."""
    if threading.current_thread() is not threading.main_thread():
        return

    def handler(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    for sig in (signal.SIGTERM, signal.SIGHUP):
        with contextlib.suppress(OSError, ValueError):
            if signal.getsignal(sig) in (signal.SIG_DFL, None):
                signal.signal(sig, handler)
