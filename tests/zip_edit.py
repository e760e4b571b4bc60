"""`rezip`: a copy of a zip package with some members replaced or added, for tests that damage decks."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

__all__ = ["rezip"]


def rezip(
    src: Path | bytes, dst: Path, edits: dict[str, Any] | None = None, extra: dict[str, bytes] | None = None
) -> Path:
    """Copy the package `src` (a path or its bytes) to `dst`, replacing members: name -> bytes, or
    name -> function(old bytes) -> bytes. Bytes given for a name the package lacks, and every
    member of `extra`, are added."""
    data = src if isinstance(src, bytes) else src.read_bytes()
    edits = edits or {}
    with zipfile.ZipFile(io.BytesIO(data)) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        names = set(zin.namelist())
        for info in zin.infolist():
            body = zin.read(info)
            edit = edits.get(info.filename)
            if edit is not None:
                body = edit(body) if callable(edit) else edit
            zout.writestr(info.filename, body)
        added = {n: b for n, b in edits.items() if n not in names and not callable(b)}
        for name, body in {**added, **(extra or {})}.items():
            zout.writestr(name, body)
    return dst
