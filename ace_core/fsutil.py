"""Filesystem helpers: atomic writes (write to a temp file beside the target, then rename)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ace_core.errors import BadInputError

__all__ = ["atomic_dir", "atomic_write_bytes", "atomic_write_text", "read_input"]


def cache_root() -> Path:
    """ACE's on-disk cache (converted pictures, font kerning tables): $ACE_CACHE_DIR, else
    $XDG_CACHE_HOME/ace or ~/.cache/ace. Everything in it can be deleted at any time."""
    base = os.environ.get("ACE_CACHE_DIR")
    if base:
        return Path(base)
    xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(xdg) / "ace"


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to `path` so that readers see the old file or the whole new one, never a part."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        # mkstemp makes 0600 files: give the output the mode of the file it replaces, else 0666 - umask
        try:
            mode = target.stat().st_mode & 0o7777
        except FileNotFoundError:
            mode = 0o666 & ~_umask()
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    """The process umask, read without changing it (os.umask round trips race with other threads)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except OSError:
        pass
    return 0o022


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


@contextmanager
def atomic_dir(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary directory that replaces `path` when the block succeeds."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    tmp.chmod(0o777 & ~_umask())  # mkdtemp makes 0700 directories
    try:
        yield tmp
        if target.exists():
            old = target.with_name(f".{target.name}.old")
            shutil.rmtree(old, ignore_errors=True)
            os.replace(target, old)
            os.replace(tmp, target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def read_input(path: str | os.PathLike[str], *, limit: int | None = None) -> bytes:
    """Read an input file with a clear error for missing, unreadable, directory or oversized input."""
    p = Path(path)
    if not p.exists():
        raise BadInputError("file not found", where=str(p), hint="check the path")
    if p.is_dir():
        raise BadInputError("is a directory, not a file", where=str(p), hint="give a deck file")
    try:
        size = p.stat().st_size
        if limit is not None and size > limit:
            raise BadInputError(
                f"file is {size} bytes, over the {limit} byte limit", where=str(p), hint="split the input"
            )
        return p.read_bytes()
    except PermissionError as exc:
        raise BadInputError("permission denied", where=str(p), hint="check the file's permissions") from exc
    except OSError as exc:
        raise BadInputError(f"cannot read: {exc.strerror or exc}", where=str(p)) from exc
