"""The trajectory log: one JSON object per line, written as the run goes."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

__all__ = ["Trajectory"]


class Trajectory:
    """Collects events in memory and, with a path, appends them to a JSONL file (flushed per line)."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.events: list[dict[str, Any]] = []
        self.path = Path(path) if path else None
        self._fh = None
        self._t0 = time.monotonic()
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fh = open(self.path, "w", encoding="utf-8")  # noqa: SIM115 - closed in close()

    def log(self, event: str, **data: Any) -> dict[str, Any]:
        record = {"event": event, "t": round(time.monotonic() - self._t0, 4), **data}
        self.events.append(record)
        if self._fh is not None:
            self._fh.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")
            self._fh.flush()
        return record

    def of(self, event: str) -> list[dict[str, Any]]:
        return [e for e in self.events if e["event"] == event]

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None
