"""The assets an IR references (fields named `asset` or `*_asset`), and a deck without the ones
whose bytes are missing, so a writer can report them instead of failing."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ace_core.ir.deck import Deck
from ace_core.ir.loss import LossReport

__all__ = ["missing_assets", "rebind_assets", "referenced_assets", "without_missing_assets"]


def _is_ref(name: str) -> bool:
    return name == "asset" or name.endswith("_asset")


def referenced_assets(value: Any, found: set[str] | None = None) -> set[str]:
    """Asset keys referenced anywhere below `value` (a deck, slide, node or any IR model)."""
    found = set() if found is None else found
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            field_value = getattr(value, name)
            if isinstance(field_value, str) and _is_ref(name):
                found.add(field_value)
            elif name != "source":
                referenced_assets(field_value, found)
    elif isinstance(value, list | tuple):
        for item in value:
            referenced_assets(item, found)
    return found


def missing_assets(deck: Deck) -> dict[str, list[str]]:
    """{asset key: ids of the slides / nodes referencing it} for every referenced asset whose bytes
    the deck's store does not have."""
    out: dict[str, list[str]] = {}
    for slide in deck.slides:
        for key in referenced_assets(slide.background):
            if not deck.store.has(key):
                out.setdefault(key, []).append(slide.id)
        for node in slide.iter_nodes():
            own = node.model_copy(update={"children": []}) if hasattr(node, "children") else node
            for key in referenced_assets(own):
                if not deck.store.has(key):
                    out.setdefault(key, []).append(node.id)
    return out


def _rebind(value: Any, mapping: dict[str, str | None]) -> None:
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            field_value = getattr(value, name)
            if isinstance(field_value, str) and _is_ref(name):
                if field_value in mapping:
                    setattr(value, name, mapping[field_value])
            elif name != "source":
                _rebind(field_value, mapping)
    elif isinstance(value, list | tuple):
        for item in value:
            _rebind(item, mapping)


def rebind_assets(deck: Deck, mapping: dict[str, str]) -> None:
    """Point every reference to asset key `old` at `mapping[old]`, in place, on the slides, masters,
    layouts and the theme (a reader that found an asset's bytes changed keeps them under their own key)."""
    if mapping:
        for part in (*deck.slides, *deck.masters, *deck.layouts, *([deck.theme] if deck.theme else [])):
            _rebind(part, dict(mapping))


def without_missing_assets(
    deck: Deck, report: LossReport | None = None, fmt: str | None = None
) -> tuple[Deck, dict[str, list[str]]]:
    """`deck` (a copy when anything is missing; the input is untouched) with every reference to an
    asset whose bytes are missing set to None, and what was missing (see missing_assets). Each
    missing asset is added to `report` (a write's loss report, for format `fmt`) when given."""
    missing = missing_assets(deck)
    if not missing:
        return deck, {}
    for key, where in missing.items() if report is not None else ():
        report.add(
            "missing-asset",
            f"asset {key} has no bytes in the deck (the picture / object is left out)",
            node_id=where[0],
            stage="write",
            format=fmt,
        )
    copy = deck.clone()
    for slide in copy.slides:
        _rebind(slide, dict.fromkeys(missing))
    for key in missing:
        copy.assets.pop(key, None)
    return copy, missing
