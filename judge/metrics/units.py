"""Visual units of a rendered slide: the boxes the collision and imbalance metrics work on.

Coordinates are px relative to the slide's top-left corner. A unit is a leaf that paints
something (text line boxes, an image, an icon, an svg root, a shape with a background or border,
an atomic element such as canvas or video, or a container with a background image)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

__all__ = ["Box", "Container", "SlideUnits", "UnitKind", "VisualUnit", "union_area"]

UnitKind = Literal["text", "image", "icon", "svg", "shape", "atomic", "bgimage"]


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned box: x, y (top-left), w, h in px."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def area(self) -> float:
        return max(self.w, 0.0) * max(self.h, 0.0)

    @property
    def center(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2

    def intersect(self, other: Box) -> Box | None:
        x0, y0 = max(self.x, other.x), max(self.y, other.y)
        x1, y1 = min(self.right, other.right), min(self.bottom, other.bottom)
        if x1 <= x0 or y1 <= y0:
            return None
        return Box(x0, y0, x1 - x0, y1 - y0)

    def intersection_area(self, other: Box) -> float:
        w = min(self.right, other.right) - max(self.x, other.x)
        h = min(self.bottom, other.bottom) - max(self.y, other.y)
        return w * h if w > 0 and h > 0 else 0.0

    def contains(self, other: Box, tol: float = 0.0) -> bool:
        return (
            other.x >= self.x - tol
            and other.y >= self.y - tol
            and other.right <= self.right + tol
            and other.bottom <= self.bottom + tol
        )

    def overhang(self, inner: Box) -> float:
        """How far `inner` sticks out of this box on its worst side, px (0 when inside)."""
        return max(self.x - inner.x, self.y - inner.y, inner.right - self.right, inner.bottom - self.bottom, 0.0)

    @staticmethod
    def bounding(boxes: Iterable[Box]) -> Box | None:
        bs = list(boxes)
        if not bs:
            return None
        x0, y0 = min(b.x for b in bs), min(b.y for b in bs)
        x1, y1 = max(b.right for b in bs), max(b.bottom for b in bs)
        return Box(x0, y0, x1 - x0, y1 - y0)


def union_area(boxes: Sequence[Box], clip: Box | None = None) -> float:
    """Exact area covered by the union of boxes (optionally clipped), px^2 (coordinate compression)."""
    bs = [b if clip is None else b.intersect(clip) for b in boxes]
    bs = [b for b in bs if b is not None and b.area > 0]
    if not bs:
        return 0.0
    if len(bs) == 1:
        return bs[0].area
    xs = np.unique([v for b in bs for v in (b.x, b.right)])
    ys = np.unique([v for b in bs for v in (b.y, b.bottom)])
    grid = np.zeros((len(ys) - 1, len(xs) - 1), dtype=bool)
    for b in bs:
        x0, x1 = np.searchsorted(xs, [b.x, b.right])
        y0, y1 = np.searchsorted(ys, [b.y, b.bottom])
        grid[y0:y1, x0:x1] = True
    return float((np.diff(ys)[:, None] * np.diff(xs)[None, :])[grid].sum())


@dataclass(frozen=True, slots=True)
class Container:
    """An ancestor that clips its content (`clips`) or paints a box (a card), with its box."""

    id: str
    box: Box
    clips: bool = False


@dataclass(slots=True)
class VisualUnit:
    """One visual unit.

    `z` is the paint order (higher paints later, on top). `opacity` is the effective alpha (the
    opacity of the element and its ancestors times the paint's own alpha), 0-1. `ancestors` are
    the ids of the elements containing this one (ancestor/descendant pairs never collide).
    `containers` are the ancestors that clip their content or paint a box (cards), nearest first
    (for a text unit its own element comes first when that paints or clips): escaping the nearest
    one that is not a slide-sized background is a collision event."""

    id: str
    kind: UnitKind
    box: Box
    lines: tuple[Box, ...] = ()
    z: int = 0
    opacity: float = 1.0
    ancestors: frozenset[str] = frozenset()
    containers: tuple[Container, ...] = ()
    pointer_events: bool = True
    label: str = ""
    text: str = ""
    inherited: bool = False
    """drawn from the slide's layout / master (the template), not the slide itself: it may
    collide with the slide's content, but its own overflow is not the slide's."""

    @property
    def parts(self) -> tuple[Box, ...]:
        """The boxes that paint: text line boxes, else the unit's box."""
        return self.lines if self.lines else (self.box,)

    def visible_parts(self) -> tuple[Box, ...]:
        """The parts cut to every clipping ancestor (what can actually be seen)."""
        parts = self.parts
        for c in self.containers:
            if c.clips and c.id != self.id:
                parts = tuple(q for q in (b.intersect(c.box) for b in parts) if q is not None)
        return parts

    @property
    def area(self) -> float:
        if self.lines:
            return float(sum(b.area for b in self.lines))
        return self.box.area

    @property
    def is_text(self) -> bool:
        return self.kind == "text"


@dataclass(slots=True)
class SlideUnits:
    """A slide's size (px) and its visual units in paint order."""

    width: float
    height: float
    units: list[VisualUnit] = field(default_factory=list)

    @property
    def box(self) -> Box:
        return Box(0.0, 0.0, self.width, self.height)

    @property
    def area(self) -> float:
        return self.width * self.height

    def extent(self) -> Box:
        """The bounding box of the slide and the painted parts of its own (not inherited) units."""
        found = Box.bounding([self.box, *(p for u in self.units if not u.inherited for p in u.parts)])
        assert found is not None
        return found
