"""CLI output conventions: results on stdout (or one JSON envelope with --json), logs and
progress on stderr, progress bars only on a TTY, NO_COLOR honoured, -q / -v. rich is imported
only when a table or a progress bar is drawn; plain lines are written directly."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["STATE", "Output", "out"]


@dataclass
class Output:
    """Process-wide output settings, set by the global options and each command's --json."""

    quiet: bool = False
    verbose: int = 0
    debug: bool = False
    json_mode: bool = False
    data_on_stdout: bool = False
    """stdout carries a deck (`-o -`): results and logs go to stderr, never to stdout"""
    warnings: list[Any] = field(default_factory=list)
    _stdout: Console | None = None
    _stderr: Console | None = None
    _live: Any = None

    @property
    def stdout(self) -> Console:
        """A rich console on stdout (stderr while stdout carries a deck: `data_on_stdout`)."""
        if self.data_on_stdout:
            return self.stderr
        if self._stdout is None:
            from rich.console import Console

            self._stdout = Console(no_color=_no_color(), highlight=False, soft_wrap=True, emoji=False)
        return self._stdout

    @property
    def stderr(self) -> Console:
        if self._stderr is None:
            from rich.console import Console

            self._stderr = Console(stderr=True, no_color=_no_color(), highlight=False, soft_wrap=True, emoji=False)
        return self._stderr

    def reset(self) -> None:
        self.quiet = False
        self.verbose = 0
        self.debug = bool(os.environ.get("ACE_DEBUG"))
        self.json_mode = False
        self.data_on_stdout = False
        self.warnings = []
        self._stdout = None
        self._stderr = None
        self._live = None

    # -- logs (stderr) -------------------------------------------------------------------------
    def info(self, message: str) -> None:
        if not self.quiet:
            self.line(message, err=True)

    def detail(self, message: str) -> None:
        if self.verbose and not self.quiet:
            self.line(message, err=True)

    def warn(self, message: str, data: Any = None) -> None:
        self.warnings.append(data if data is not None else message)
        if not self.quiet and not self.json_mode:
            self.line(f"warning: {message}", err=True)

    def line(self, text: str, *, err: bool = False) -> None:
        """One plain line (no markup, no colour) on stdout, or on stderr when `err` or while stdout
        carries a deck. Above a live progress bar when one is drawn."""
        stream = sys.stderr if err or self.data_on_stdout else sys.stdout
        if self._live is not None and stream is sys.stderr:
            self._live.console.print(text, markup=False, highlight=False, emoji=False)
            return
        stream.write(text + "\n")
        stream.flush()

    # -- results (stdout) ----------------------------------------------------------------------
    def result(self, data: Any, human: Any = None) -> None:
        """Print the command's result: the JSON envelope with --json, else `human` (a callable
        printing to stdout, or a string)."""
        if self.json_mode:
            self.envelope(data, [])
            return
        if callable(human):
            human(self.stdout)
        elif human is not None:
            self.line(str(human))

    def envelope(self, data: Any, errors: list[Any]) -> None:
        """The --json envelope {data, warnings, errors}, one line on stdout."""
        envelope = {"data": data, "warnings": self.warnings, "errors": errors}
        sys.stdout.write(json.dumps(envelope, ensure_ascii=False, default=str) + "\n")
        sys.stdout.flush()

    def error_envelope(self, error: dict[str, Any]) -> None:
        self.envelope(None, [error])

    # -- progress (stderr, TTY only) -----------------------------------------------------------
    @contextmanager
    def progress(self, total: int, description: str) -> Iterator[Any]:
        """Yields an `advance(n=1)` callable; draws a bar only when stderr is a terminal."""
        if self.quiet or not sys.stderr.isatty():
            yield lambda n=1: None
            return
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=self.stderr,
            transient=True,
        )
        with bar:
            task = bar.add_task(description, total=total)
            self._live = bar
            try:
                yield lambda n=1: bar.advance(task, n)
            finally:
                self._live = None


def _no_color() -> bool:
    return bool(os.environ.get("NO_COLOR"))


STATE = Output()
out = STATE
