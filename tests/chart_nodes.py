"""`deck_charts`: the ChartData of every chart node of a .pptx, in slide order, for chart tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adapters.ooxml.read_deck import read_pptx

__all__ = ["deck_charts"]


def deck_charts(path: Path) -> list[Any]:
    """Read `path` and return its charts' ChartData (nested groups included)."""
    deck = read_pptx(path)

    def walk(node: Any) -> Any:
        yield node
        for child in getattr(node, "children", None) or []:
            yield from walk(child)

    return [n.chart for s in deck.slides for top in s.children for n in walk(top) if getattr(n, "chart", None)]
