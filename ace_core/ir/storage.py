"""IR JSON on disk: `deck.json` plus `deck.assets/<hash>` files beside it."""

from __future__ import annotations

import os
from pathlib import Path

from ace_core.assets import AssetStore
from ace_core.fsutil import atomic_write_bytes, atomic_write_text, read_input
from ace_core.ir.deck import Deck
from ace_core.ir.validate import parse_deck

__all__ = ["assets_dir_for", "load_deck", "save_deck"]


def assets_dir_for(path: str | os.PathLike[str]) -> Path:
    p = Path(path)
    return p.with_name(f"{p.name.removesuffix('.json')}.assets")


def save_deck(deck: Deck, path: str | os.PathLike[str], *, indent: int | None = None) -> None:
    """Write assets first (content-addressed, each atomic), then the JSON atomically."""
    if deck.assets:
        adir = assets_dir_for(path)
        adir.mkdir(parents=True, exist_ok=True)
        for key in deck.assets:
            target = adir / key
            if not target.exists():
                atomic_write_bytes(target, deck.asset_bytes(key))
    atomic_write_text(path, deck.to_json(indent=indent))


def load_deck(path: str | os.PathLike[str]) -> Deck:
    data = read_input(path)
    deck = parse_deck(data, where=str(path))
    deck.attach_store(AssetStore(assets_dir_for(path)))
    return deck
