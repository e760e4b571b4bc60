"""`-` as a file name: an input read from stdin (up to a byte cap) into a private temporary file and
detected by content; an output written to a temporary file, then copied to stdout as bytes."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ace_core.errors import BadInputError

__all__ = ["STDIN", "input_file", "is_stdio", "stdin_limit", "stdout_file"]

STDIN = "-"
DEFAULT_STDIN_LIMIT = 1024 * 1024 * 1024
"""1 GiB, the size the .pptx reader accepts; $ACE_MAX_STDIN_BYTES changes it"""


def is_stdio(name: str | os.PathLike[str] | None) -> bool:
    return name is not None and os.fspath(name) == STDIN


def stdin_limit() -> int:
    raw = os.environ.get("ACE_MAX_STDIN_BYTES", "")
    try:
        return int(raw) if raw.strip() else DEFAULT_STDIN_LIMIT
    except ValueError as exc:
        raise BadInputError(f"ACE_MAX_STDIN_BYTES={raw!r} is not a number", where="environment") from exc


def read_stdin(limit: int | None = None) -> bytes:
    """All of stdin as bytes, refusing more than `limit` bytes (read in chunks, never all at once)."""
    cap = stdin_limit() if limit is None else limit
    stream = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else sys.stdin
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = stream.read(min(1 << 20, cap + 1 - size))
        if not chunk:
            break
        if isinstance(chunk, str):
            chunk = chunk.encode("utf-8")
        chunks.append(chunk)
        size += len(chunk)
        if size > cap:
            raise BadInputError(
                f"stdin is over the {cap} byte limit", where="-", hint="give a file, or raise ACE_MAX_STDIN_BYTES"
            )
    if not size:
        raise BadInputError("stdin is empty", where="-", hint="pipe a deck in, or give a file")
    return b"".join(chunks)


@contextmanager
def input_file(name: str | os.PathLike[str]) -> Iterator[Path]:
    """The path to read: `name` itself, or for `-` a temporary copy of stdin (named `stdin`, no
    extension, so the format is found by content), removed when the block ends. Relative
    references inside a piped deck (an IR JSON's assets folder, an HTML page's images) do not
    resolve: there is no folder beside stdin."""
    if not is_stdio(name):
        yield Path(name)
        return
    data = read_stdin()
    folder = Path(tempfile.mkdtemp(prefix="ace-stdin-"))
    try:
        path = folder / "stdin"
        path.write_bytes(data)
        yield path
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def stdout_file(extension: str) -> Iterator[Path]:
    """A temporary output path `deck.<extension>`; when the block succeeds its bytes are copied to
    stdout. An output that put files beside itself (IR assets, external HTML assets) cannot travel
    through a pipe and is refused."""
    folder = Path(tempfile.mkdtemp(prefix="ace-stdout-"))
    try:
        target = folder / f"deck.{extension}"
        yield target
        beside = sorted(p.name for p in folder.iterdir() if p != target)
        if beside:
            raise BadInputError(
                f"the output needs files beside it ({beside[0]}), which stdout cannot carry",
                where="-o -",
                hint="write to a file instead (for HTML, or drop --assets external)",
            )
        stream = sys.stdout.buffer if hasattr(sys.stdout, "buffer") else None
        data = target.read_bytes()
        if stream is None:  # a text-only stdout (a test's capture): text formats only
            sys.stdout.write(data.decode("utf-8"))
        else:
            stream.write(data)
        sys.stdout.flush()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
