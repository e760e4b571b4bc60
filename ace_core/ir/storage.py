"""IR JSON on disk: `deck.json` plus `deck.assets/<hash>` files beside it."""

from __future__ import annotations

import os
from pathlib import Path

from ace_core.assets import AssetStore, asset_path
from ace_core.errors import BadInputError
from ace_core.fsutil import atomic_write_text, check_output_path, is_stdio, read_input
from ace_core.ir.deck import Deck
from ace_core.ir.validate import parse_deck
from ace_core.limits import check_output_size

__all__ = ["assets_dir_for", "load_deck", "save_deck"]


def assets_dir_for(path: str | os.PathLike[str]) -> Path:
    p = Path(path)
    return p.with_name(f"{p.name.removesuffix('.json')}.assets")


def save_deck(deck: Deck, path: str | os.PathLike[str], *, indent: int | None = None) -> None:
    """Write assets first (content-addressed, each atomic), then the JSON atomically."""
    text = deck.to_json(indent=indent)
    check_output_size(len(text), where=str(path), what="IR JSON")
    if deck.assets and not is_stdio(path):
        adir = assets_dir_for(check_output_path(path) or path)
        for key in deck.assets:
            target = asset_path(adir, key)
            if not _same_file(target, deck.store, key):
                adir.mkdir(parents=True, exist_ok=True)
                deck.store.copy_to(key, target)
    atomic_write_text(path, text)


def _same_file(target: Path, store: AssetStore, key: str) -> bool:
    """The target already holds the asset (the same name in a folder of content-named files)."""
    try:
        return target.is_file() and target.stat().st_size == store.size(key)
    except (OSError, BadInputError):
        return False


def load_deck(path: str | os.PathLike[str]) -> Deck:
    data = read_input(path)
    deck = parse_deck(data, where=str(path))
    deck.attach_store(AssetStore(assets_dir_for(path)))
    return deck
