"""The format registry: which adapter reads and writes which format, found by content first.

Adapters implement `FormatAdapter`; `adapters.registry` builds the one `FormatRegistry` the CLI
and the library use (explicitly, no import side effects)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ace_core.errors import BadInputError, UnsupportedError

if TYPE_CHECKING:
    from ace_core.ir.deck import Deck
    from ace_core.ir.loss import LossReport

__all__ = ["SNIFF_BYTES", "FormatAdapter", "FormatInfo", "FormatRegistry"]

SNIFF_BYTES = 65536


@dataclass(frozen=True)
class FormatInfo:
    name: str
    label: str
    extensions: tuple[str, ...]
    can_read: bool
    can_write: bool
    notes: str = ""


@runtime_checkable
class FormatAdapter(Protocol):
    """One file format. `read` fills `deck.report` with what it could not carry; `write` returns
    the loss report of the write and must write atomically (no partial output on failure)."""

    info: FormatInfo

    def sniff(self, head: bytes, path: Path) -> int:
        """Confidence 0-100 that a file starting with `head` is in this format."""
        ...

    def read(self, path: Path, **options: Any) -> Deck: ...

    def write(self, deck: Deck, path: Path, **options: Any) -> LossReport: ...


class FormatRegistry:
    def __init__(self, adapters: list[FormatAdapter]) -> None:
        self._adapters = {a.info.name: a for a in adapters}

    def __iter__(self):
        return iter(self._adapters.values())

    def names(self) -> list[str]:
        return list(self._adapters)

    def get(self, name: str) -> FormatAdapter:
        key = name.lower().lstrip(".")
        if key in self._adapters:
            return self._adapters[key]
        for adapter in self._adapters.values():
            if key in adapter.info.extensions:
                return adapter
        raise UnsupportedError(f"unknown format {name!r}", hint=f"known formats: {', '.join(self._adapters)}")

    def by_extension(self, path: str | os.PathLike[str]) -> FormatAdapter | None:
        name = Path(path).name.lower()
        pairs = sorted(
            ((ext, a) for a in self._adapters.values() for ext in a.info.extensions), key=lambda p: -len(p[0])
        )
        for ext, adapter in pairs:
            if name.endswith("." + ext):
                return adapter
        return None

    def detect(self, path: str | os.PathLike[str], *, fmt: str | None = None) -> FormatAdapter:
        """The adapter for an input file: `fmt` if given, else by content, else by extension."""
        p = Path(path)
        if fmt:
            return self.get(fmt)
        from ace_core.fsutil import read_head

        head = read_head(p, SNIFF_BYTES)
        if not head:
            raise BadInputError("file is empty", where=str(p), hint="give a non-empty deck file")
        scored = sorted(((a.sniff(head, p), a.info.name) for a in self._adapters.values()), reverse=True)
        if scored and scored[0][0] > 0:
            return self._adapters[scored[0][1]]
        by_ext = self.by_extension(p)
        if by_ext is not None:
            return by_ext
        raise BadInputError(
            "cannot tell the format of this file",
            where=str(p),
            hint=f"give --from one of: {', '.join(self._adapters)}",
        )

    def for_output(self, path: str | os.PathLike[str], *, fmt: str | None = None) -> FormatAdapter:
        """The adapter for an output file: `fmt` if given, else by extension."""
        if fmt:
            adapter = self.get(fmt)
        else:
            adapter = self.by_extension(path)
            if adapter is None:
                raise BadInputError(
                    "cannot tell the output format from the file name",
                    where=str(path),
                    hint=f"use an extension ({self._extensions()}) or --to",
                )
        if not adapter.info.can_write:
            raise UnsupportedError(f"writing {adapter.info.label} is not supported", where=str(path))
        return adapter

    def _extensions(self) -> str:
        return ", ".join(f".{e}" for a in self._adapters.values() for e in a.info.extensions)
