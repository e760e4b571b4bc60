"""Binary assets (images, workbooks, media, source packages) addressed by content hash.

The IR JSON names assets by hash; the bytes live in an `AssetStore`: in memory, or in a
directory of files named by hash (`deck.json` -> `deck.assets/`), read on demand."""

from __future__ import annotations

import hashlib
from pathlib import Path

from ace_core.errors import BadInputError

__all__ = ["AssetStore", "content_hash"]


def content_hash(data: bytes) -> str:
    """The asset id of some bytes: sha256, hex, first 32 characters (128 bits)."""
    return hashlib.sha256(data).hexdigest()[:32]


class AssetStore:
    """Content-addressed bytes. Put is idempotent; get raises a clear error for unknown hashes."""

    def __init__(self, directory: Path | None = None) -> None:
        self._mem: dict[str, bytes] = {}
        self.directory = directory

    def put(self, data: bytes) -> str:
        key = content_hash(data)
        if key not in self._mem:
            self._mem[key] = data
        return key

    def has(self, key: str) -> bool:
        return key in self._mem or (self.directory is not None and (self.directory / key).is_file())

    def get(self, key: str) -> bytes:
        data = self._mem.get(key)
        if data is not None:
            return data
        if self.directory is not None:
            path = self.directory / key
            if path.is_file():
                data = path.read_bytes()
                self._mem[key] = data
                return data
        where = str(self.directory) if self.directory else "asset store"
        raise BadInputError(f"asset {key} is missing", where=where, hint="keep the .assets folder beside the IR JSON")

    def keys(self) -> set[str]:
        keys = set(self._mem)
        if self.directory is not None and self.directory.is_dir():
            keys |= {p.name for p in self.directory.iterdir() if p.is_file()}
        return keys

    def copy_from(self, other: AssetStore, keys: set[str] | None = None) -> None:
        for key in keys if keys is not None else other.keys():
            if not self.has(key):
                self._mem[key] = other.get(key)
