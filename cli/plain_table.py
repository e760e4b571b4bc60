"""A command's table as plain text, without importing rich, when rich would draw exactly that.

rich costs an `ace inspect` about a tenth of its run in imports alone. When stdout is not a
terminal (a pipe, a file: how scripts read the table), rich draws no colour, and a table of
plain ASCII cells that fits the width is a fixed grid of box characters. `plain_report` draws
that grid itself, and returns None whenever rich could draw anything else (a terminal or a forced
one, a width the table does not fit, a cell that is markup or not plain ASCII, a non-UTF-8
stdout); the caller then draws with rich. tests/test_plain_table.py renders both and compares."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

__all__ = ["draw_table", "plain_report", "rich_width"]

_PRINTABLE = frozenset(chr(c) for c in range(0x20, 0x7F))
_ENV_FORCING = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")
"""environment variables that make rich treat a pipe as a terminal (or may)"""


def _plain(text: str, *, markup: bool) -> bool:
    """Printable ASCII (no tab, no control, one column a character); `markup`: also no '[',
    which rich would parse as a style tag in a table cell."""
    return all(ch in _PRINTABLE for ch in text) and not (markup and "[" in text)


def rich_width(stream: object) -> int | None:
    """The width a rich Console on `stream` renders at, or None when it would be a terminal (or
    might be: Windows, IPython, an environment forcing it)."""
    if os.name == "nt" or "IPython" in sys.modules or any(name in os.environ for name in _ENV_FORCING):
        return None
    isatty = getattr(stream, "isatty", None)
    try:
        if isatty is None or isatty():
            return None
    except ValueError:
        return None
    encoding = (getattr(stream, "encoding", "utf-8") or "utf-8").lower()
    if not encoding.startswith("utf"):  # rich swaps the box for ASCII then
        return None
    columns = os.environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        return int(columns)
    width = None
    for fd in (0, 1, 2):  # as rich asks: the first standard stream that is a terminal
        try:
            width = os.get_terminal_size(fd).columns
        except (AttributeError, ValueError, OSError):
            continue
        break
    return width or 80


def draw_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """The lines of rich's default table (HEAVY_HEAD box, one space of padding, left-justified)
    of single-line ASCII cells at their natural widths."""
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(headers)]

    def rule(left: str, mid: str, right: str, fill: str) -> str:
        return left + mid.join(fill * (w + 2) for w in widths) + right

    def row(cells: Sequence[str], edge: str, sep: str) -> str:
        return edge + sep.join(f" {c.ljust(w)} " for c, w in zip(cells, widths, strict=True)) + edge

    lines = [rule("┏", "┳", "┓", "━"), row(headers, "┃", "┃"), rule("┡", "╇", "┩", "━")]
    lines += [row(r, "│", "│") for r in rows]
    lines.append(rule("└", "┴", "┘", "─"))
    return lines


def plain_report(
    before: Sequence[str], headers: Sequence[str], rows: Sequence[Sequence[str]], after: Sequence[str]
) -> str | None:
    """Lines `before`, the table, lines `after` (each printed by rich without markup, without
    wrapping) as the text rich would write to stdout, or None when rich must draw it."""
    width = rich_width(sys.stdout)
    if width is None:
        return None
    if not all(_plain(t, markup=False) for t in (*before, *after)):
        return None
    if any(len(r) != len(headers) or not all(_plain(c, markup=True) for c in r) for r in rows):
        return None
    if not all(_plain(h, markup=True) for h in headers):
        return None
    table = draw_table(headers, rows)
    if len(table[0]) > width:  # rich would shrink and wrap the columns
        return None
    return "\n".join([*before, *table, *after])
