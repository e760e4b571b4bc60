"""Whether pydantic's plugin loader would find any plugin, answered without importing importlib.metadata."""

from __future__ import annotations

import os
import re
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["no_plugin_scan", "pydantic_plugins_absent"]

_GROUP = re.compile(rb"^\s*\[\s*pydantic\s*\]", re.MULTILINE)
_ENV = "PYDANTIC_DISABLE_PLUGINS"
_METADATA = (".dist-info", ".egg-info")


def pydantic_plugins_absent() -> bool:
    """True only when no installed distribution declares a `pydantic` entry point, i.e. when
    pydantic's own loader (importlib.metadata's entry points: ~25 ms to import, ~10 ms to scan
    a hundred distributions, on the first validator built) would find none. Reads the
    entry_points.txt of every *.dist-info / *.egg-info folder on sys.path, as the standard path
    finder does; anything it cannot read as cheaply (a zip on the path, another finder that
    lists distributions) answers False, and pydantic looks for itself."""
    for finder in sys.meta_path:
        if hasattr(finder, "find_distributions") and not _searches_sys_path(finder):
            return False
    for entry in sys.path:
        root = entry or "."
        try:
            with os.scandir(root) as listing:
                folders = [e.path for e in listing if e.name.lower().endswith(_METADATA) and e.is_dir()]
        except NotADirectoryError:
            return False  # a zip archive on the path: its metadata is pydantic's to read
        except OSError:
            continue  # missing or unreadable: the path finder finds nothing there either
        for folder in folders:
            try:
                text = Path(folder, "entry_points.txt").read_bytes()
            except OSError:
                continue
            if _GROUP.search(text):
                return False
    return True


@contextmanager
def no_plugin_scan() -> Iterator[None]:
    """While inside, pydantic's plugin loader is not imported when there is provably nothing for
    it to find: its module (`pydantic.plugin._loader`, which imports importlib.metadata at its
    top) is stood in for by one whose get_plugins() returns what the real one returns then, no
    plugins, so the validators built are the same. The stand-in is removed on the way out (a
    later validator imports the real loader); a PYDANTIC_DISABLE_PLUGINS the user set, or a
    loader already imported, is left to pydantic."""
    name = "pydantic.plugin._loader"
    if _ENV in os.environ or name in sys.modules or not pydantic_plugins_absent():
        yield
        return
    stand_in = types.ModuleType(name, "no pydantic plugin is installed (ace_core.ir.plugin_probe)")
    stand_in.get_plugins = _no_plugins  # type: ignore[attr-defined]
    sys.modules[name] = stand_in
    try:
        yield
    finally:
        if sys.modules.get(name) is stand_in:
            del sys.modules[name]


def _searches_sys_path(finder: object) -> bool:
    """The standard path finder, or the importlib_metadata backport's (which litellm and others
    import, and which lists the same *.dist-info folders on sys.path)."""
    kind = finder if isinstance(finder, type) else type(finder)
    if getattr(finder, "__name__", "") == "PathFinder":
        return True
    return kind.__name__ == "MetadataPathFinder" and kind.__module__.split(".")[0] == "importlib_metadata"


def _no_plugins() -> tuple[()]:
    return ()
