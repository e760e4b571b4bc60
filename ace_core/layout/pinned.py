"""A measurer that keeps the stored size of text that has not changed (imported decks stay put).

Decks imported from Figma (or any tool with its own text engine and fonts we may not have) carry
text boxes measured by that tool. Re-measuring them with our fonts moves hugging frames by the
difference (tens of px when a family is missing). `pinned_measurer(deck)` answers a measurement
with the stored box when the text body is unchanged (same runs, styles and paragraph settings, see
`measure.body_key`) and is asked at the width it was stored with; anything else (edited text, a new
width) goes to the base measurer. With it, solving an imported, already laid-out deck changes
nothing, while an edit is measured fresh.
"""

from __future__ import annotations

from collections.abc import Iterable

from ace_core.ir.deck import Deck, Slide
from ace_core.ir.nodes import NodeBase, TextNode
from ace_core.ir.text import TextBody
from ace_core.layout.measure import TextMeasurer, body_key, default_measurer

__all__ = ["PinnedMeasurer", "pinned_measurer"]


class PinnedMeasurer:
    """A `TextMeasurer` answering from `pins` ((body key, max width) -> (width, height) px) and
    delegating every other request, and baselines, to `base`."""

    def __init__(self, base: TextMeasurer, pins: dict[tuple, tuple[float, float]]) -> None:
        self.base = base
        self.pins = pins

    def measure(self, body: TextBody, max_width: float | None) -> tuple[float, float]:
        box = self.pins.get((body_key(body), max_width))
        return box if box is not None else self.base.measure(body, max_width)

    def first_baseline(self, body: TextBody, max_width: float | None) -> float:
        fn = getattr(self.base, "first_baseline", None)
        return float(fn(body, max_width)) if fn is not None else self.measure(body, max_width)[1]

    def prepare(self, requests: list[tuple[TextBody, float | None]]) -> None:
        fn = getattr(self.base, "prepare", None)
        if fn is not None:
            fn([(b, w) for b, w in requests if (body_key(b), w) not in self.pins])

    def pin(self, node: TextNode) -> None:
        """Remember the node's stored box as the answer for its body at its width (and, when the
        text hugs its width, for its unwrapped natural size)."""
        key = body_key(node.text)
        box = (node.width, node.height)
        self.pins[(key, node.width)] = box
        if node.sizing_h == "HUG" or node.text.auto_resize == "WIDTH_AND_HEIGHT":
            self.pins[(key, None)] = box


def pinned_measurer(source: Deck | Slide | Iterable[NodeBase], base: TextMeasurer | None = None) -> PinnedMeasurer:
    """A measurer that keeps the stored boxes of the TEXT nodes of `source` (a deck, a slide or
    nodes) for as long as their text is unchanged; `base` (default: `default_measurer()`) measures
    the rest."""
    measurer = PinnedMeasurer(base or default_measurer(), {})
    if isinstance(source, Deck):
        nodes: Iterable[NodeBase] = (n for _, n in source.iter_nodes())
    elif isinstance(source, Slide):
        nodes = source.iter_nodes()
    else:
        nodes = _walk(source)
    for node in nodes:
        if type(node) is TextNode:
            measurer.pin(node)  # type: ignore[arg-type]
    return measurer


def _walk(nodes: Iterable[NodeBase]) -> Iterable[NodeBase]:
    stack = list(nodes)
    while stack:
        node = stack.pop()
        yield node
        stack.extend(getattr(node, "children", None) or ())
