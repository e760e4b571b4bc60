"""JsonDiff: the edit trace from an origin deck to the current deck, for the instruction-following judge.

from judge.diff import diff_decks
d = diff_decks(origin_deck, current_deck)   # a JsonDiff (pydantic)
d.to_text()                                 # the indented tree + origin snapshot for the judge
d.needs_images, d.score, d.entries
"""

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
