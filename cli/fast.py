"""Typer-free fast paths for the plainest invocations: `ace convert IN OUT`, `ace inspect FILE`,
`ace validate FILE` with no option at all, which is how shell loops and Makefiles call them.
There is nothing for typer to parse there, and importing typer and building the command tree is
about a sixth of such a run; every other invocation (an option, a flag, `-`, `--help`) goes to
typer, and both paths run the same functions."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

__all__ = ["FAST_COMMANDS", "fast_command"]

FAST_COMMANDS: dict[str, tuple[str, str, int]] = {
    "convert": ("cli.convert_run", "convert_pair", 2),
    "inspect": ("cli.inspect_run", "inspect_file", 1),
    "validate": ("cli.inspect_run", "validate_file", 1),
}
"""command: (module, function, number of positional arguments)"""


def fast_command(args: list[str]) -> Callable[[], Any] | None:
    """The call that runs `args`, when they are a command of FAST_COMMANDS followed by exactly its
    positional arguments (none starting with '-'); else None."""
    if not args or args[0] not in FAST_COMMANDS:
        return None
    module, function, count = FAST_COMMANDS[args[0]]
    rest = args[1:]
    if len(rest) != count or any(a.startswith("-") or not a for a in rest):
        return None
    return lambda: getattr(importlib.import_module(module), function)(*rest)
