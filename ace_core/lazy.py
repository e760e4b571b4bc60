"""Lazy re-exports for package `__init__`s: a name's module is imported the first time it is used."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any

__all__ = ["lazy_exports"]


def lazy_exports(package: str, table: dict[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """`__getattr__` and `__dir__` for the package named `package`, resolving each name in `table`
    ({name: module it lives in}) on first access and caching it in the package's namespace.

    A package's `__init__` then imports nothing heavy: `import adapters` costs a few microseconds,
    `adapters.read` imports the readers. Names that are also submodule names must not be lazy
    (importing the submodule would shadow them): import those eagerly."""

    def __getattr__(name: str) -> Any:
        module = table.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(table))

    return __getattr__, __dir__
