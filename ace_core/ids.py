"""Stable ids: fresh ids for new nodes, never reusing an id already in the deck."""

from __future__ import annotations

import itertools
import secrets

__all__ = ["IdFactory", "new_id"]


def new_id(prefix: str = "n") -> str:
    """A random id, unique with overwhelming probability (e.g. 'n-3f9a1c2e')."""
    return f"{prefix}-{secrets.token_hex(4)}"


class IdFactory:
    """Deterministic ids `prefix:1`, `prefix:2`, ... skipping ids already taken."""

    def __init__(self, taken: set[str] | None = None, prefix: str = "ace") -> None:
        self.taken = set(taken or ())
        self.prefix = prefix
        self._counter = itertools.count(1)

    def __call__(self) -> str:
        while True:
            candidate = f"{self.prefix}:{next(self._counter)}"
            if candidate not in self.taken:
                self.taken.add(candidate)
                return candidate

    def reserve(self, ident: str) -> None:
        self.taken.add(ident)
