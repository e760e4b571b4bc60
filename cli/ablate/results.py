"""DIR/results.jsonl: one row per run, append-only, flushed and synced per row; a torn last line
(a run killed mid-write) is cut off before appending, so the file always stays valid JSONL."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

from ace_core.errors import BadInputError

__all__ = ["RESULTS_NAME", "ResultsFile", "latest_rows", "read_rows"]

RESULTS_NAME = "results.jsonl"


def read_rows(path: Path) -> list[dict[str, Any]]:
    """Every complete row of a results file, in order (a torn or unparseable line is skipped)."""
    rows: list[dict[str, Any]] = []
    if not path.is_file():
        return rows
    with open(path, "rb") as fh:
        for raw in fh:
            if not raw.endswith(b"\n"):
                break  # the last line of a run killed mid-write
            try:
                row = json.loads(raw)
            except (json.JSONDecodeError, UnicodeDecodeError):
                continue
            if isinstance(row, dict) and "key" in row:
                rows.append(row)
    return rows


def latest_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The last row of every run key (a re-run supersedes an earlier row), in first-seen order."""
    last: dict[str, dict[str, Any]] = {}
    for row in rows:
        last.pop(row["key"], None)
        last[row["key"]] = row
    return list(last.values())


class ResultsFile:
    """The results of one ablation folder. `append` writes one row as one line and syncs it."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.path = self.folder / RESULTS_NAME
        self._lock = threading.Lock()

    def rows(self) -> list[dict[str, Any]]:
        return read_rows(self.path)

    def open(self, *, resume: bool) -> set[str]:
        """Prepare for appending; returns the keys of the rows already there. Without `resume`
        an existing non-empty results file is refused (nothing is overwritten)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        if self.path.exists() and self.path.stat().st_size > 0 and not resume:
            raise BadInputError(
                "the folder already holds results",
                where=str(self.path),
                hint="pass --resume to continue it, or choose another --out",
            )
        self._cut_torn_tail()
        return {row["key"] for row in self.rows()}

    def _cut_torn_tail(self) -> None:
        if not self.path.exists():
            return
        with open(self.path, "rb+") as fh:
            data = fh.read()
            if not data or data.endswith(b"\n"):
                return
            keep = data.rfind(b"\n") + 1
            fh.truncate(keep)

    def append(self, row: dict[str, Any]) -> None:
        line = json.dumps(row, ensure_ascii=False, default=str, separators=(",", ":")) + "\n"
        data = line.encode("utf-8")
        with self._lock:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
            try:
                os.write(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
