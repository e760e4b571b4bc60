"""The server's file policy: paths only under the --root folders, no symlink escapes, no overwrite unless asked."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ace_core.errors import BadInputError, ToolError

__all__ = ["FILE_FIELDS", "Roots"]

FILE_FIELDS: dict[str, tuple[str, ...]] = {
    "create_image": ("source",),
    "set_image_fill": ("source",),
    "set_slide_background": ("image",),
    "import_chart_data": ("source",),
    "insert_slides_from": ("path",),
}
"""The suite's arguments that name a file the tool reads (an image, chart data, another deck)."""

_LIBRARY_FIELDS = {"source", "image"}
"""fields that may also hold an image-library id (or `unsplash:ID`) instead of a path"""


@dataclass(frozen=True)
class Roots:
    """The folders the server may read and write under (resolved: symlinks followed). A relative
    path is taken relative to the first root."""

    folders: tuple[Path, ...]

    @classmethod
    def of(cls, folders: list[str] | list[Path] | None) -> Roots:
        given = [Path(f).expanduser() for f in folders or []] or [Path.cwd()]
        resolved: list[Path] = []
        for folder in given:
            real = Path(os.path.realpath(folder))
            if not real.is_dir():
                raise BadInputError("is not a folder", where=f"--root {folder}", hint="give an existing folder")
            if real not in resolved:
                resolved.append(real)
        return cls(tuple(resolved))

    def describe(self) -> str:
        return ", ".join(str(f) for f in self.folders)

    def _absolute(self, path: str | os.PathLike[str], field: str) -> Path:
        text = os.fspath(path)
        if not text or "\x00" in text:
            raise BadInputError("not a usable path", where=field, hint="give a file path under the roots")
        p = Path(text).expanduser()
        return p if p.is_absolute() else self.folders[0] / p

    def _inside(self, real: Path) -> bool:
        return any(real == root or root in real.parents for root in self.folders)

    def _refuse(self, path: Path, field: str, why: str) -> BadInputError:
        return BadInputError(
            f"{path} {why}", where=field, hint=f"the server only uses files under its roots: {self.describe()}"
        )

    def readable(self, path: str | os.PathLike[str], field: str = "path") -> Path:
        """The resolved path of an existing file under a root (a symlink may point only inside)."""
        p = self._absolute(path, field)
        real = Path(os.path.realpath(p))
        if not self._inside(real):
            why = "is a symlink leading outside the roots" if self._inside(_lexical(p)) else "is outside the roots"
            raise self._refuse(p, field, why)
        if not real.exists():
            raise BadInputError(f"{p}: file not found", where=field, hint="check the path")
        if real.is_dir():
            raise BadInputError(f"{p} is a folder, not a file", where=field)
        return real

    def writable(self, path: str | os.PathLike[str], field: str = "path", *, overwrite: bool = False) -> Path:
        """The path to write: under a root once symlinks are followed (of the file, if it exists,
        and of its nearest existing folder), not a folder, and not an existing file unless
        `overwrite`."""
        p = self._absolute(path, field)
        lexical = _lexical(p)
        if os.path.lexists(p):
            real = Path(os.path.realpath(p))
            if not self._inside(real):
                why = "is a symlink leading outside the roots" if self._inside(lexical) else "is outside the roots"
                raise self._refuse(p, field, why)
            if real.is_dir():
                raise BadInputError(f"{p} is a folder", where=field, hint="give a file name")
            if not overwrite:
                raise BadInputError(
                    f"{p} exists", where=field, hint="pass overwrite=true to replace it, or choose another path"
                )
            return real
        folder = lexical.parent
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
        real_folder = Path(os.path.realpath(folder))
        if not self._inside(real_folder) or not self._inside(real_folder / lexical.relative_to(folder)):
            why = "is outside the roots" if not self._inside(lexical) else "goes through a symlink leading outside"
            raise self._refuse(p, field, why)
        return real_folder / lexical.relative_to(folder)

    def police_args(self, tool: str, args: dict[str, Any], library: Any = None, *, where: str = "") -> dict[str, Any]:
        """A suite tool's arguments with every file it would read checked against the roots and
        made absolute (inside batch_execute too). `library` tells image-library ids from paths."""
        if tool == "batch_execute":
            ops = args.get("operations")
            if not isinstance(ops, list):
                return args
            policed = []
            for i, op in enumerate(ops):
                if isinstance(op, dict) and isinstance(op.get("tool"), str) and isinstance(op.get("args"), dict):
                    op = {**op, "args": self.police_args(op["tool"], op["args"], library, where=f"operations[{i}].")}
                policed.append(op)
            return {**args, "operations": policed}
        fields = FILE_FIELDS.get(tool)
        if not fields:
            return args
        out = dict(args)
        for name in fields:
            value = out.get(name)
            if not isinstance(value, str) or not value:
                continue
            if value.startswith("$"):
                raise ToolError(
                    "a file path cannot be a reference to an earlier result here",
                    tool=tool,
                    field=f"{where}{name}",
                    hint="give the path itself",
                )
            if name in _LIBRARY_FIELDS and (value.startswith("unsplash:") or _in_library(library, value)):
                continue
            try:
                out[name] = str(self.readable(value, field=f"{where}{name}"))
            except BadInputError as exc:
                raise ToolError(exc.what, tool=tool, field=f"{where}{name}", hint=exc.hint) from None
        return out


def _lexical(p: Path) -> Path:
    """The absolute path with `.` and `..` folded, symlinks not followed."""
    return Path(os.path.normpath(p))


def _in_library(library: Any, value: str) -> bool:
    try:
        return library is not None and library.get(value) is not None
    except Exception:
        return False
