"""Binary assets (images, workbooks, media, source packages) addressed by content hash.

The IR JSON names assets by hash; the bytes live in an `AssetStore`: small ones in memory, large
ones in a spool folder on disk (removed at exit), or in a directory of files named by key
(`deck.json` -> `deck.assets/`), read on demand. An asset key is a file name, never a path: it is
checked wherever it enters (the IR models' `AssetKey` fields, every store and writer call), and a
file is only read when it resolves inside the assets folder."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, BinaryIO

from pydantic import AfterValidator

from ace_core.errors import BadInputError

__all__ = [
    "SPILL_BYTES",
    "AssetKey",
    "AssetStore",
    "asset_path",
    "check_asset_key",
    "content_hash",
    "is_asset_key",
]

SPILL_BYTES = 1024 * 1024
"""assets larger than this are kept in a spool file, not in memory"""

_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")


def content_hash(data: bytes) -> str:
    """The asset id of some bytes: sha256, hex, first 32 characters (128 bits)."""
    return hashlib.sha256(data).hexdigest()[:32]


def is_asset_key(key: object) -> bool:
    """A file name of at most 128 letters, digits, `.`, `_`, `-`, not starting with `.` (so no
    separators, no `..`, nothing absolute)."""
    return isinstance(key, str) and _KEY.fullmatch(key) is not None


def check_asset_key(key: str, *, where: str | None = None) -> str:
    if not is_asset_key(key):
        shown = key[:80] if isinstance(key, str) else type(key).__name__
        raise BadInputError(
            f"asset key {shown!r} is not a valid asset name (a content hash: letters, digits, . _ -; no path)",
            where=where,
            hint="asset keys name files inside the .assets folder; fix or remove the reference",
        )
    return key


def _validate_key(key: str) -> str:
    if not is_asset_key(key):
        raise ValueError(f"{key[:80]!r} is not a valid asset key (a content hash: letters, digits, . _ -; no path)")
    return key


AssetKey = Annotated[str, AfterValidator(_validate_key)]
"""An IR field holding an asset key (validated: a file name, never a path)."""


def asset_path(directory: str | os.PathLike[str], key: str) -> Path:
    """`directory / key` for a valid key (the path a writer puts the asset at)."""
    return Path(directory) / check_asset_key(key, where=str(directory))


class AssetStore:
    """Content-addressed bytes. Put is idempotent; get raises a clear error for unknown keys.
    Bytes over SPILL_BYTES are written to a spool folder instead of being held in memory."""

    def __init__(self, directory: Path | None = None) -> None:
        self._mem: dict[str, bytes] = {}
        self._files: dict[str, Path] = {}
        self._spool: Path | None = None
        self._digests: dict[tuple[str, str, int], str] = {}
        self.directory = directory

    # -- writing -------------------------------------------------------------------------------
    def put(self, data: bytes) -> str:
        key = content_hash(data)
        if key not in self._mem and key not in self._files:
            if len(data) > SPILL_BYTES:
                path = self._spool_dir() / key
                with open(path, "wb") as fh:
                    fh.write(data)
                self._files[key] = path
            else:
                self._mem[key] = bytes(data)
        return key

    def put_stream(self, source: BinaryIO, *, limit: int | None = None, key: str | None = None) -> str:
        """Store what `source` yields without holding it all in memory (`limit`: byte cap);
        under its content hash, or under `key` (an asset copied from another store)."""
        digest = hashlib.sha256()
        spool = self._spool_dir()
        tmp = spool / f".in-{os.urandom(6).hex()}"
        size = 0
        head = bytearray()
        try:
            with open(tmp, "wb") as fh:
                while True:
                    chunk = source.read(1024 * 1024)
                    if not chunk:
                        break
                    size += len(chunk)
                    if limit is not None and size > limit:
                        raise BadInputError(f"the stream is over its {limit:,} byte limit")
                    digest.update(chunk)
                    if len(head) <= SPILL_BYTES:
                        head += chunk
                    fh.write(chunk)
            key = check_asset_key(key) if key is not None else digest.hexdigest()[:32]
            if key in self._mem or key in self._files:
                return key
            if size <= SPILL_BYTES:
                self._mem[key] = bytes(head[:size])
                return key
            final = spool / key
            os.replace(tmp, final)
            self._files[key] = final
            return key
        finally:
            tmp.unlink(missing_ok=True)

    def _spool_dir(self) -> Path:
        if self._spool is None or not self._spool.is_dir():
            import weakref

            from ace_core.tempfiles import make_temp_dir, release

            self._spool = make_temp_dir("assets")
            weakref.finalize(self, release, str(self._spool))
        return self._spool

    # -- reading -------------------------------------------------------------------------------
    def _disk_file(self, key: str) -> Path | None:
        """The file of `key` in the assets folder: a regular file resolving inside the folder."""
        if self.directory is None or not is_asset_key(key):
            return None
        base = self.directory
        try:
            root = base.resolve(strict=True)
            target = (base / key).resolve(strict=True)
        except (OSError, RuntimeError):
            return None
        if target.parent != root or not target.is_file():
            return None
        return target

    def has(self, key: str) -> bool:
        if not is_asset_key(key):
            return False
        return key in self._mem or key in self._files or self._disk_file(key) is not None

    def size(self, key: str) -> int:
        data = self._mem.get(key)
        if data is not None:
            return len(data)
        return self._path(key).stat().st_size

    def _path(self, key: str) -> Path:
        check_asset_key(key, where=str(self.directory) if self.directory else "asset store")
        path = self._files.get(key) or self._disk_file(key)
        if path is None:
            where = str(self.directory) if self.directory else "asset store"
            raise BadInputError(
                f"asset {key} is missing", where=where, hint="keep the .assets folder beside the IR JSON"
            )
        return path

    def get(self, key: str) -> bytes:
        data = self._mem.get(key)
        if data is not None:
            return data
        path = self._path(key)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as fh:
            data = fh.read()
        if len(data) <= SPILL_BYTES and path.parent != self._spool:
            self._mem[key] = data
        return data

    @contextmanager
    def open(self, key: str) -> Iterator[BinaryIO]:
        """A binary file object on the asset (streamed from disk when it is large)."""
        data = self._mem.get(key)
        if data is not None:
            import io

            yield io.BytesIO(data)
            return
        fd = os.open(self._path(key), os.O_RDONLY | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as fh:
            yield fh

    def copy_to(self, key: str, target: str | os.PathLike[str]) -> None:
        """Write the asset to `target` atomically, streaming (never the whole asset in memory)."""
        from ace_core.fsutil import atomic_output

        with self.open(key) as src, atomic_output(target) as dst:
            shutil.copyfileobj(src, dst, 1024 * 1024)

    def sha256(self, key: str) -> str:
        """The full sha256 (hex) of an asset, streamed (once per key and file)."""
        path = None if key in self._mem else self._path(key)
        stamp = (key, str(path), path.stat().st_mtime_ns if path else 0)
        cached = self._digests.get(stamp)
        if cached is None:
            digest = hashlib.sha256()
            with self.open(key) as fh:
                for chunk in iter(lambda: fh.read(1024 * 1024), b""):
                    digest.update(chunk)
            cached = self._digests[stamp] = digest.hexdigest()
        return cached

    def keys(self) -> set[str]:
        keys = set(self._mem) | set(self._files)
        if self.directory is not None and self.directory.is_dir():
            keys |= {p.name for p in self.directory.iterdir() if is_asset_key(p.name) and self._disk_file(p.name)}
        return keys

    def copy_from(self, other: AssetStore, keys: set[str] | None = None) -> None:
        for key in keys if keys is not None else other.keys():
            if self.has(key):
                continue
            if other.size(key) > SPILL_BYTES:
                with other.open(key) as fh:
                    self.put_stream(fh, key=key)
            else:
                self._mem[key] = other.get(key)
