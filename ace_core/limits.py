"""Bounds on what untrusted input may make ACE do (bytes, parts, slides, nesting depth, time).

Readers and writers share them; each error names the environment variable that raises it."""

from __future__ import annotations

import contextlib
import contextvars
import os
from collections.abc import Iterator
from dataclasses import dataclass

from ace_core.errors import BadInputError

__all__ = [
    "MAX_DEPTH",
    "MAX_INPUT",
    "MAX_PARTS",
    "MAX_SLIDES",
    "MAX_UNPACKED",
    "MAX_UNPACKED_RATIO",
    "Limit",
    "MiB",
    "check_output_size",
    "time_limit",
    "timeout_for",
]

MiB = 1024 * 1024


@dataclass(frozen=True)
class Limit:
    """A bound with a default, overridable by `env` (a plain number, in `unit`s: MiB for bytes)."""

    label: str
    env: str
    default: float
    unit: int = 1
    """bytes per unit of the environment variable (MiB for byte budgets)"""

    @property
    def value(self) -> int:
        raw = os.environ.get(self.env, "").strip()
        if raw:
            try:
                number = float(raw)
            except ValueError:
                raise BadInputError(
                    f"{self.env}={raw!r} is not a number", where=self.env, hint=f"give a number ({self.unit_name})"
                ) from None
            if number == number and number > 0:
                return int(min(number, 1e15) * self.unit)
        return int(self.default * self.unit)

    @property
    def unit_name(self) -> str:
        return "MiB" if self.unit == MiB else "count"

    def describe(self, value: int | None = None) -> str:
        v = self.value if value is None else value
        return f"{v // MiB} MiB" if self.unit == MiB else f"{v:,}"

    def hint(self, needed: float | None = None) -> str:
        """What to do: the variable to set (and, given the amount `needed`, a value that allows it)."""
        if needed is not None:
            units = -(-int(needed) // self.unit)
            return f"if the file is trusted, set {self.env}={units} or more"
        return f"if the file is trusted, set {self.env} to raise the {self.label}"

    def refuse(self, what: str, *, where: str | None, needed: float | None = None, limit: int | None = None):
        """The error for input over this limit: says the limit and the variable that raises it."""
        return BadInputError(f"{what} (limit {self.describe(limit)})", where=where, hint=self.hint(needed))


MAX_INPUT = Limit("input file size limit", "ACE_MAX_INPUT_MB", 1024, MiB)
MAX_UNPACKED = Limit("unpacked-bytes budget of a package", "ACE_MAX_UNPACKED_MB", 1024, MiB)
MAX_UNPACKED_RATIO = Limit("compression ratio limit of a package", "ACE_MAX_UNPACKED_RATIO", 200)
MAX_PARTS = Limit("part count limit of a package", "ACE_MAX_PARTS", 10_000)
MAX_SLIDES = Limit("slide count limit", "ACE_MAX_SLIDES", 5_000)
MAX_DEPTH = Limit("nesting depth limit", "ACE_MAX_DEPTH", 64)
"""group / frame nesting below a slide; deeper trees are flattened by the readers and refused in IR JSON"""


def check_output_size(size: int, *, where: str, what: str = "file") -> None:
    """Refuse to write a file larger than ACE reads back (the input size limit)."""
    if size > MAX_INPUT.value:
        raise MAX_INPUT.refuse(
            f"the {what} would be {size // MiB:,} MiB, more than ACE reads back; nothing written",
            where=where,
            needed=size,
        )


RATIO_FLOOR = 256 * MiB
"""packages unpacking to less than this are not checked for their overall compression ratio"""


# -- time limits -------------------------------------------------------------------------------------
_TIMEOUT: contextvars.ContextVar[float | None] = contextvars.ContextVar("ace_timeout", default=None)


@contextlib.contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Within the block, every renderer wait (LibreOffice, Chromium) defaults to `seconds`
    (`--timeout` of the CLI); None keeps each one's own default."""
    token = _TIMEOUT.set(seconds)
    try:
        yield
    finally:
        _TIMEOUT.reset(token)


def timeout_for(default: float) -> float:
    """The time limit in force (`time_limit`), else `default`."""
    value = _TIMEOUT.get()
    return default if value is None else value
