"""JsonDiff: the edit trace from an origin deck to the current deck, for the instruction-following judge.

from judge.diff import diff_decks
d = diff_decks(origin_deck, current_deck)   # a JsonDiff (pydantic)
d.to_text()                                 # the indented tree + origin snapshot for the judge
d.needs_images, d.score, d.entries
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ace_core.lazy import lazy_exports

if TYPE_CHECKING:
    from judge.diff.compute import diff_decks
    from judge.diff.model import MAX_ENTRIES, DiffEntry, JsonDiff, NodeRef, SlideSnapshot, SnapshotItem
    from judge.diff.props import Tolerance
    from judge.diff.render import render_text

__all__ = [
    "MAX_ENTRIES",
    "DiffEntry",
    "JsonDiff",
    "NodeRef",
    "SlideSnapshot",
    "SnapshotItem",
    "Tolerance",
    "diff_decks",
    "render_text",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "diff_decks": "judge.diff.compute",
        "MAX_ENTRIES": "judge.diff.model",
        "DiffEntry": "judge.diff.model",
        "JsonDiff": "judge.diff.model",
        "NodeRef": "judge.diff.model",
        "SlideSnapshot": "judge.diff.model",
        "SnapshotItem": "judge.diff.model",
        "Tolerance": "judge.diff.props",
        "render_text": "judge.diff.render",
    },
)
