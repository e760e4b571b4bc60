"""Tree walking: parents, paths, absolute boxes."""

from __future__ import annotations

from collections.abc import Iterator

from ace_core.ir.deck import Deck, Slide
from ace_core.ir.nodes import NodeBase

__all__ = ["NodeIndex", "children_of", "iter_tree"]


def children_of(node: NodeBase | Slide) -> list[NodeBase]:
    kids = getattr(node, "children", None)
    return kids if kids is not None else []


def iter_tree(node: NodeBase, depth: int = 0) -> Iterator[tuple[NodeBase, int]]:
    yield node, depth
    for child in children_of(node):
        yield from iter_tree(child, depth + 1)


class NodeIndex:
    """id -> (slide, parent, node) for a deck; rebuild after structural edits."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.slide_of: dict[str, Slide] = {}
        self.parent_of: dict[str, NodeBase | Slide] = {}
        self.node: dict[str, NodeBase] = {}
        for slide in deck.slides:
            self._index(slide, slide)

    def _index(self, slide: Slide, parent: NodeBase | Slide) -> None:
        for child in children_of(parent):
            self.node[child.id] = child
            self.slide_of[child.id] = slide
            self.parent_of[child.id] = parent
            self._index(slide, child)

    def absolute_box(self, node_id: str) -> tuple[float, float, float, float]:
        """Slide-relative (x, y, w, h) of a node, summing parent offsets (rotation ignored)."""
        node = self.node[node_id]
        x, y = node.x, node.y
        parent = self.parent_of.get(node_id)
        while isinstance(parent, NodeBase):
            x += parent.x
            y += parent.y
            parent = self.parent_of.get(parent.id)
        return x, y, node.width, node.height
