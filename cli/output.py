"""CLI output conventions: results on stdout (or one JSON envelope with --json), logs and
progress on stderr, progress bars only on a TTY, NO_COLOR honoured, -q / -v."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

__all__ = ["STATE", "Output", "out"]


@dataclass
class Output:
    """Process-wide output settings, set by the global options and each command's --json."""

    quiet: bool = False
    verbose: int = 0
    debug: bool = False
    json_mode: bool = False
    warnings: list[Any] = field(default_factory=list)
    _stdout: Console | None = None
    _stderr: Console | None = None

    @property
    def stdout(self) -> Console:
        if self._stdout is None:
            self._stdout = Console(no_color=_no_color(), highlight=False, soft_wrap=True)
        return self._stdout

    @property
    def stderr(self) -> Console:
        if self._stderr is None:
            self._stderr = Console(stderr=True, no_color=_no_color(), highlight=False, soft_wrap=True)
        return self._stderr

    def reset(self) -> None:
        self.quiet = False
        self.verbose = 0
        self.debug = bool(os.environ.get("ACE_DEBUG"))
        self.json_mode = False
        self.warnings = []
        self._stdout = None
        self._stderr = None

    # -- logs (stderr) -------------------------------------------------------------------------
    def info(self, message: str) -> None:
        if not self.quiet:
            self.stderr.print(message, markup=False)

    def detail(self, message: str) -> None:
        if self.verbose and not self.quiet:
            self.stderr.print(message, markup=False)

    def warn(self, message: str, data: Any = None) -> None:
        self.warnings.append(data if data is not None else message)
        if not self.quiet and not self.json_mode:
            self.stderr.print(f"warning: {message}", markup=False)

    # -- results (stdout) ----------------------------------------------------------------------
    def result(self, data: Any, human: Any = None) -> None:
        """Print the command's result: the JSON envelope with --json, else `human` (a callable
        printing to stdout, or a string)."""
        if self.json_mode:
            envelope = {"data": data, "warnings": self.warnings, "errors": []}
            sys.stdout.write(json.dumps(envelope, ensure_ascii=False, default=str) + "\n")
            sys.stdout.flush()
            return
        if callable(human):
            human(self.stdout)
        elif human is not None:
            self.stdout.print(human, markup=False)

    def error_envelope(self, error: dict[str, Any]) -> None:
        envelope = {"data": None, "warnings": self.warnings, "errors": [error]}
        sys.stdout.write(json.dumps(envelope, ensure_ascii=False, default=str) + "\n")
        sys.stdout.flush()

    # -- progress (stderr, TTY only) -----------------------------------------------------------
    @contextmanager
    def progress(self, total: int, description: str) -> Iterator[Any]:
        """Yields an `advance(n=1)` callable; draws a bar only when stderr is a terminal."""
        if self.quiet or not self.stderr.is_terminal:
            yield lambda n=1: None
            return
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
            yield lambda n=1: bar.advance(task, n)


def _no_color() -> bool:
    return bool(os.environ.get("NO_COLOR"))


STATE = Output()
out = STATE
