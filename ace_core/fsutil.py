"""Filesystem helpers: bounded input reads, atomic output writes, temporary folders removed at exit."""

from __future__ import annotations

import contextlib
import os
import re
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from ace_core.errors import BadInputError
from ace_core.limits import MAX_INPUT, Limit
from ace_core.tempfiles import make_temp_dir, pid_alive, temp_dir

__all__ = [
    "atomic_dir",
    "atomic_output",
    "atomic_write_bytes",
    "atomic_write_text",
    "cache_root",
    "check_output_path",
    "is_stdio",
    "make_temp_dir",
    "open_input",
    "read_confined",
    "read_head",
    "read_input",
    "temp_dir",
]

_CHUNK = 1024 * 1024
_KIND = {
    stat.S_IFIFO: "a FIFO (named pipe)",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
    stat.S_IFDIR: "a directory",
}
_SYSTEM_TREES = ("/proc", "/sys")
_FD_PATH = re.compile(r"^/(?:dev/(?:stdout|stderr|fd/\d+)|proc/(?:self|\d+)/fd/\d+)$")


def cache_root() -> Path:
    """ACE's on-disk cache (converted pictures, font kerning tables): $ACE_CACHE_DIR, else
    $XDG_CACHE_HOME/ace or ~/.cache/ace. Everything in it can be deleted at any time."""
    base = os.environ.get("ACE_CACHE_DIR")
    if base:
        return Path(base)
    xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(xdg) / "ace"


# -- input -------------------------------------------------------------------------------------------
def is_stdio(path: str | os.PathLike[str]) -> bool:
    return os.fspath(path) == "-"


def _is_stdin(st: os.stat_result) -> bool:
    try:
        own = os.fstat(0)
    except OSError:
        return False
    return (own.st_dev, own.st_ino) == (st.st_dev, st.st_ino)


def _kind(mode: int) -> str:
    return _KIND.get(stat.S_IFMT(mode), "not a regular file")


_STDIN: list[Path] = []


def _stdin_copy() -> Path:
    """stdin, copied once to a private file (so it can be sniffed, then read, like any file),
    with the input byte cap."""
    if not _STDIN:
        folder = make_temp_dir("stdin")
        copy = folder / "stdin"
        cap = MAX_INPUT.value
        total = 0
        with os.fdopen(os.dup(0), "rb") as src, open(copy, "wb") as out:
            while chunk := src.read(_CHUNK):
                total += len(chunk)
                if total > cap:
                    raise BadInputError(
                        f"stdin is over the {cap:,} byte limit", where="stdin", hint=MAX_INPUT.hint(total)
                    )
                out.write(chunk)
        _STDIN.append(copy)
    return _STDIN[0]


def open_input(path: str | os.PathLike[str]) -> BinaryIO:
    """Open an input file for reading. Refuses what does not end or is not a file (a FIFO, a
    device such as /dev/zero, a socket, a directory) unless it is this process's stdin (`-` or
    /dev/stdin: read once into a private copy, with the byte cap); never blocks on open. Errors
    are BadInputError naming the path."""
    if is_stdio(path):
        return open(_stdin_copy(), "rb")
    p = os.fspath(path)
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError as exc:
        raise BadInputError("file not found", where=p, hint="check the path") from exc
    except PermissionError as exc:
        raise BadInputError("permission denied", where=p, hint="check the file's permissions") from exc
    except IsADirectoryError as exc:
        raise BadInputError("is a directory, not a file", where=p, hint="give a deck file") from exc
    except OSError as exc:
        raise BadInputError(f"cannot open: {exc.strerror or exc}", where=p) from exc
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise BadInputError("is a directory, not a file", where=p, hint="give a deck file")
        if not stat.S_ISREG(st.st_mode):
            if _is_stdin(st):
                os.close(fd)
                return open(_stdin_copy(), "rb")
            raise BadInputError(
                f"is {_kind(st.st_mode)}, not a regular file", where=p, hint="give a file (or - for stdin)"
            )
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_input(path: str | os.PathLike[str], *, limit: int | None = None, budget: Limit = MAX_INPUT) -> bytes:
    """Read an input file (or stdin) with a byte cap: `limit`, else the `budget` (ACE_MAX_INPUT_MB).
    The cap holds whatever the file claims to be (its size is read, not trusted)."""
    cap = budget.value if limit is None else limit
    where = "stdin" if is_stdio(path) else os.fspath(path)
    with open_input(path) as fh:
        try:
            data = _read_capped(fh, cap)
        except OSError as exc:
            raise BadInputError(f"cannot read: {exc.strerror or exc}", where=where) from exc
    if len(data) > cap:
        raise BadInputError(
            f"the input is over the {cap:,} byte limit",
            where=where,
            hint=budget.hint() if limit is None else "split the input",
        )
    return data


def _read_capped(fh: BinaryIO, cap: int) -> bytes:
    """At most `cap + 1` bytes (one more tells "over the cap"), in chunks: never a buffer of the
    cap's size up front, and a file's claimed size is only a hint."""
    try:
        st = os.fstat(fh.fileno())
        hint = st.st_size if stat.S_ISREG(st.st_mode) else 0
    except (OSError, ValueError):
        hint = 0
    parts: list[bytes] = []
    total = 0
    if 0 < hint <= cap:
        first = fh.read(hint)
        parts.append(first)
        total = len(first)
    while total <= cap:
        chunk = fh.read(min(_CHUNK, cap + 1 - total))
        if not chunk:
            break
        parts.append(chunk)
        total += len(chunk)
    return parts[0] if len(parts) == 1 else b"".join(parts)


def read_head(path: str | os.PathLike[str], size: int) -> bytes:
    """The first `size` bytes of an input file (refusing FIFOs and devices like open_input)."""
    with open_input(path) as fh:
        return fh.read(size)


def read_confined(directory: str | os.PathLike[str], name: str, *, limit: int | None = None) -> bytes | None:
    """The bytes of `directory/name` (`name` relative, may hold folders) when it is a regular file
    that resolves inside `directory` (a symlink out of it, a FIFO or a device gives None), read
    with a byte cap."""
    if not name or "\0" in name or os.path.isabs(name):
        return None
    base = Path(directory)
    try:
        root = base.resolve(strict=True)
        target = (base / name).resolve(strict=True)
    except (OSError, RuntimeError, ValueError):
        return None
    if root not in target.parents:
        return None
    cap = MAX_INPUT.value if limit is None else limit
    try:
        fd = os.open(target, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        os.set_blocking(fd, True)
        data = _read_capped(fh, cap)
    if len(data) > cap:
        raise BadInputError(f"{name} is over the {cap:,} byte limit", where=str(base), hint=MAX_INPUT.hint())
    return data


# -- output ------------------------------------------------------------------------------------------
def check_output_path(path: str | os.PathLike[str]) -> Path | None:
    """Where an output really goes: None for stdout / a device / a FIFO (written in place), else
    the regular file a symlink chain resolves to. Refuses (exit 2) a parent that is a file, a
    directory as the target, and paths in /proc or /sys."""
    if is_stdio(path):
        return None
    p = Path(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        st = None
    except NotADirectoryError as exc:
        raise BadInputError(
            "a parent of the output path is a file, not a folder", where=str(p), hint="choose another output path"
        ) from exc
    except OSError as exc:
        raise BadInputError(f"cannot use the output path: {exc.strerror or exc}", where=str(p)) from exc
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise BadInputError("the output path is a directory", where=str(p), hint="give a file name")
    if st is not None and not stat.S_ISREG(st.st_mode):
        if stat.S_ISSOCK(st.st_mode):
            raise BadInputError("the output path is a socket", where=str(p))
        return None  # a character device or a FIFO: written directly, never replaced
    if st is not None and _FD_PATH.match(os.fspath(p)):
        return None  # /dev/stdout, /dev/fd/3 (even on a file): the stream itself, written in place
    real = Path(os.path.realpath(p))
    if any(str(real) == t or str(real).startswith(t + "/") for t in _SYSTEM_TREES):
        raise BadInputError(
            f"refusing to write into {real.parts[1] if len(real.parts) > 1 else real} (a system file tree)",
            where=str(p),
            hint="choose another output path",
        )
    parent = real.parent
    for folder in (parent, *parent.parents):
        try:
            fst = folder.stat()
        except FileNotFoundError:
            continue
        except OSError:
            break
        if not stat.S_ISDIR(fst.st_mode):
            raise BadInputError(f"{folder} is a file, not a folder", where=str(p), hint="choose another output path")
        break
    return real


@contextmanager
def _write_errors(where: str) -> Iterator[None]:
    try:
        yield
    except BadInputError:
        raise
    except PermissionError as exc:
        raise BadInputError(
            "cannot write the output: permission denied", where=where, hint="choose a writable path"
        ) from exc
    except IsADirectoryError as exc:
        raise BadInputError("the output path is a directory", where=where, hint="give a file name") from exc
    except (NotADirectoryError, FileExistsError) as exc:
        raise BadInputError(
            "a parent of the output path is a file, not a folder", where=where, hint="choose another output path"
        ) from exc
    except OSError as exc:
        raise BadInputError(
            f"cannot write the output: {exc.strerror or exc}", where=where, hint="check the disk and the path"
        ) from exc


def _fd_of(path: str) -> int | None:
    """The file descriptor an fd path names in this process (/dev/stdout: 1), else None."""
    m = _FD_PATH.match(path)
    if not m:
        return None
    if path in ("/dev/stdout", "/dev/stderr"):
        return 1 if path.endswith("out") else 2
    parts = path.split("/")
    if parts[1] == "proc" and parts[2] not in ("self", str(os.getpid())):
        return None
    return int(parts[-1])


def _temp_name(name: str) -> str:
    return f".{name}.ace-{os.getpid()}-{os.urandom(4).hex()}.tmp"


def sweep_stale(folder: Path, name: str) -> None:
    """Remove temporary files and folders an earlier, killed ACE left beside `folder/name`
    (`.<name>.ace-<pid>-<hex>.tmp` whose process is gone)."""
    prefix = f".{name}.ace-"
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if not entry.name.startswith(prefix) or not entry.name.endswith(".tmp"):
            continue
        pid_text = entry.name[len(prefix) :].split("-", 1)[0]
        if not pid_text.isdigit() or pid_alive(int(pid_text)):
            continue
        with contextlib.suppress(OSError):
            if entry.is_dir(follow_symlinks=False):
                import shutil

                shutil.rmtree(entry.path, ignore_errors=True)
            else:
                os.unlink(entry.path)


def _mode_for(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        return 0o666 & ~_umask()


@contextmanager
def atomic_output(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """A binary file object whose contents replace `path` when the block succeeds: readers see
    the old file or the whole new one, never a part, and a crash leaves no visible temporary
    (an unnamed O_TMPFILE where the file system has it; else a pid-tagged name that the next
    write of the same path removes). `-` is stdout; a character device or a FIFO is written in
    place; a symlink keeps pointing where it did and the file it resolves to is replaced."""
    where = os.fspath(path)
    real = check_output_path(path)
    if real is None:
        with _write_errors(where):
            if is_stdio(path):
                stream = sys.stdout.buffer
                yield stream
                stream.flush()
                return
            fd = _fd_of(os.fspath(path))
            if fd is not None:  # the process's own stream: written where it is, never truncated
                if fd == 1:
                    sys.stdout.flush()
                with os.fdopen(os.dup(fd), "wb") as fh:
                    yield fh
                return
            with open(path, "wb") as fh:
                yield fh
        return
    with _write_errors(where):
        real.parent.mkdir(parents=True, exist_ok=True)
        sweep_stale(real.parent, real.name)
        mode = _mode_for(real)
        fd, tmp = _open_temp(real)
    fh = os.fdopen(fd, "wb")
    try:
        with _write_errors(where):
            os.fchmod(fd, mode)
            yield fh
            fh.flush()
            os.fsync(fd)
            if tmp is None:  # an unnamed file: give it a name only now, then move it into place
                tmp = _name_unnamed(fd, real)
            os.replace(tmp, real)
            tmp = None
    finally:
        fh.close()
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


_NO_TMPFILE: set[int] = set()  # devices where an O_TMPFILE cannot be linked into place


def _open_temp(real: Path) -> tuple[int, str | None]:
    """A file descriptor to write the new contents to: unnamed (O_TMPFILE, path None) if the file
    system supports it, else a pid-tagged temporary beside the target."""
    flags = os.O_RDWR | getattr(os, "O_CLOEXEC", 0)
    tmpfile = getattr(os, "O_TMPFILE", 0)
    if tmpfile and os.path.exists("/proc/self/fd"):
        try:
            fd = os.open(real.parent, flags | tmpfile, 0o600)
        except OSError:
            pass
        else:
            if os.fstat(fd).st_dev not in _NO_TMPFILE:
                return fd, None
            os.close(fd)
    tmp = str(real.parent / _temp_name(real.name))
    return os.open(tmp, flags | os.O_CREAT | os.O_EXCL, 0o600), tmp


def _name_unnamed(fd: int, real: Path) -> str:
    """Link an O_TMPFILE into the target's folder under a temporary name (copying it to a named
    temporary where the file system refuses the link, e.g. overlayfs)."""
    tmp = str(real.parent / _temp_name(real.name))
    try:
        os.link(f"/proc/self/fd/{fd}", tmp)
        return tmp
    except OSError:
        _NO_TMPFILE.add(os.fstat(fd).st_dev)
    out = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600)
    try:
        os.fchmod(out, os.fstat(fd).st_mode & 0o7777)
        os.lseek(fd, 0, os.SEEK_SET)
        while chunk := os.read(fd, _CHUNK):
            os.write(out, chunk)
        os.fsync(out)
    except BaseException:
        os.close(out)
        os.unlink(tmp)
        raise
    os.close(out)
    return tmp


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to `path` atomically (see `atomic_output`)."""
    with atomic_output(path) as fh:
        fh.write(data)


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write `text` as UTF-8 (lone surrogates replaced: a str from JSON may hold them)."""
    atomic_write_bytes(path, text.encode("utf-8", "replace"))


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


@contextmanager
def atomic_dir(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary directory that replaces `path` when the block succeeds."""
    import shutil

    where = os.fspath(path)
    real = check_output_path(path)
    if real is None:
        raise BadInputError("a folder output cannot go to stdout or a device", where=where)
    with _write_errors(where):
        real.parent.mkdir(parents=True, exist_ok=True)
        sweep_stale(real.parent, real.name)
        tmp = real.parent / _temp_name(real.name)
        tmp.mkdir(mode=0o777 & ~_umask())
    try:
        yield tmp
        with _write_errors(where):
            if real.exists():
                old = real.parent / _temp_name(real.name)
                os.replace(real, old)
                os.replace(tmp, real)
                shutil.rmtree(old, ignore_errors=True)
            else:
                os.replace(tmp, real)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
