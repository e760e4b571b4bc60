"""Element collision (OURS; AeSlides released no collision code): overlapping text, occluded text,
units escaping their container or the slide. Every event is reported with the ids involved."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from judge.metrics.units import Box, Container, SlideUnits, VisualUnit
from judge.rewards import collision_reward

__all__ = ["CollisionEvent", "CollisionParams", "CollisionResult", "EventKind", "measure_collision"]

EventKind = Literal["text_overlap", "text_occluded", "escape_parent", "off_slide"]


@dataclass(frozen=True)
class CollisionParams:
    """metrics.md section 3. Areas in px^2, lengths in px, fractions of the slide area."""

    min_opacity: float = 0.05
    min_area: float = 4.0
    background_frac: float = 0.75
    """non-text units covering more than this share of the slide are backgrounds, not units."""
    faint_opacity: float = 0.3
    """units fainter than this (effective alpha) are watermarks: they collide with nothing."""
    badge_frac: float = 0.015
    """a unit smaller than this share of the slide lying on its own card is a badge: no events
    with the card's content, no escape from the card."""
    card_inside: float = 0.4
    """a unit with no containing element sits on the smallest plain shape painted below it that
    holds at least this share of it (its visual card), and may not escape it."""
    w_text_text: float = 1.0
    w_text_occluded: float = 0.5
    w_out_of_bounds: float = 1.0
    k: float = 2.0
    min_overlap: float = 2.0
    """overlaps thinner than this (px, either axis) are touching, not colliding."""
    escape_tol: float = 2.0
    """a unit may stick out of its container or the slide by this much (px) unnoticed."""
    min_ratio: float = 0.01
    """events whose area ratio is below this are dropped as noise."""
    reward_lower: float | None = None
    reward_upper: float | None = None


@dataclass(frozen=True)
class CollisionEvent:
    kind: EventKind
    a: str
    """the text unit (overlap / occlusion) or the escaping unit."""
    b: str | None
    """the other unit, the container, or None for the slide."""
    area: float
    """px^2 of the intersection (overlap, occlusion) or of the part outside (escape)."""
    ratio: float
    """area / the smaller unit's area (escape: / the escaping unit's area), 0-1."""
    weight: float

    @property
    def contribution(self) -> float:
        return self.weight * self.ratio


@dataclass(frozen=True)
class CollisionResult:
    score: float
    reward: float
    events: list[CollisionEvent] = field(default_factory=list)
    units: int = 0
    """units considered after the exclusions."""

    def count(self, kind: EventKind | None = None) -> int:
        return sum(1 for e in self.events if kind is None or e.kind == kind)


def _overlap_area(a: tuple[Box, ...], b: tuple[Box, ...], min_side: float) -> float:
    total = 0.0
    for p in a:
        for q in b:
            w = min(p.right, q.right) - max(p.x, q.x)
            h = min(p.bottom, q.bottom) - max(p.y, q.y)
            if w >= min_side and h >= min_side:
                total += w * h
    return total


def _outside_area(parts: tuple[Box, ...], frame: Box) -> float:
    return float(sum(p.area - p.intersection_area(frame) for p in parts))


class _Scene:
    """The units that take part, with the exclusions of metrics.md applied."""

    def __init__(self, slide: SlideUnits, p: CollisionParams) -> None:
        self.p = p
        self.frame = slide.box
        bg_limit = p.background_frac * slide.area
        badge_limit = p.badge_frac * slide.area
        self.units: list[VisualUnit] = []
        for u in slide.units:
            if u.opacity < max(p.min_opacity, p.faint_opacity) or u.area < p.min_area or not u.pointer_events:
                continue
            if not u.is_text and u.kind != "bgimage" and u.box.area > bg_limit:
                continue
            if u.kind == "bgimage":
                continue  # a background image is a container's paint, not an occluder
            self.units.append(u)
        self.container: dict[str, Container] = {}
        for u in self.units:
            for c in u.containers:
                if c.id != u.id or u.is_text:
                    if c.box.area <= bg_limit:
                        self.container[u.id] = c
                    break
        self._visual_cards(bg_limit)
        self.badge_card: dict[str, str] = {}
        for u in self.units:
            card = self.container.get(u.id)
            if (
                card is not None
                and not card.clips
                and card.id != u.id
                and u.box.area < badge_limit
                and u.box.intersection_area(card.box) >= 0.5 * u.box.area
            ):
                self.badge_card[u.id] = card.id

    def _visual_cards(self, bg_limit: float) -> None:
        """A unit with no containing element still sits on a card when a plain shape painted below
        it holds most of it (how flat formats draw cards: a rectangle, a text box on top)."""
        shapes = [v for v in self.units if v.kind == "shape" and v.box.area <= bg_limit]
        for u in self.units:
            if u.id in self.container or u.kind == "shape":
                continue
            best: VisualUnit | None = None
            for v in shapes:
                if v.id == u.id or v.z >= u.z or v.id in u.ancestors:
                    continue
                inside = sum(part.intersection_area(v.box) for part in u.parts)
                if inside >= self.p.card_inside * u.area and (best is None or v.box.area < best.box.area):
                    best = v
            if best is not None:
                self.container[u.id] = Container(best.id, best.box, False)

    def related(self, a: VisualUnit, b: VisualUnit) -> bool:
        """Same element, ancestor / descendant, or a badge and its own card's content."""
        if a.id == b.id or a.id in b.ancestors or b.id in a.ancestors:
            return True
        card = self.badge_card.get(a.id)
        if card is not None and (card == b.id or card in b.ancestors):
            return True
        card = self.badge_card.get(b.id)
        return card is not None and (card == a.id or card in a.ancestors)


def measure_collision(slide: SlideUnits, params: CollisionParams | None = None) -> CollisionResult:
    p = params or CollisionParams()
    scene = _Scene(slide, p)
    units = scene.units
    events: list[CollisionEvent] = []
    if units:
        boxes = np.array([[u.box.x, u.box.y, u.box.right, u.box.bottom] for u in units], dtype=float)
        x0, y0, x1, y1 = boxes.T
        iw = np.minimum(x1[:, None], x1[None, :]) - np.maximum(x0[:, None], x0[None, :])
        ih = np.minimum(y1[:, None], y1[None, :]) - np.maximum(y0[:, None], y0[None, :])
        touching = (iw >= p.min_overlap) & (ih >= p.min_overlap)
        for i, j in zip(*np.nonzero(np.triu(touching, 1)), strict=True):
            ev = _pair_event(scene, units[i], units[j])
            if ev is not None:
                events.append(ev)
    for u in units:
        events.extend(_escape_events(scene, u))
    events = [e for e in events if e.ratio >= p.min_ratio]
    score = float(sum(e.contribution for e in events))
    reward = collision_reward(score, k=p.k, lower=p.reward_lower, upper=p.reward_upper)
    return CollisionResult(score=score, reward=reward, events=events, units=len(units))


def _pair_event(scene: _Scene, a: VisualUnit, b: VisualUnit) -> CollisionEvent | None:
    p = scene.p
    if scene.related(a, b):
        return None
    if a.is_text and b.is_text:
        area = _overlap_area(a.visible_parts(), b.visible_parts(), p.min_overlap)
        if area <= 0:
            return None
        smaller = min(a.area, b.area)
        first, second = (a, b) if a.z <= b.z else (b, a)
        return CollisionEvent("text_overlap", first.id, second.id, area, min(area / smaller, 1.0), p.w_text_text)
    if a.is_text or b.is_text:
        text, other = (a, b) if a.is_text else (b, a)
        if other.z <= text.z:
            return None  # the text is painted above: a label on a picture or a card
        area = _overlap_area(text.visible_parts(), other.visible_parts(), p.min_overlap)
        if area <= 0:
            return None
        smaller = min(text.area, other.area)
        return CollisionEvent("text_occluded", text.id, other.id, area, min(area / smaller, 1.0), p.w_text_occluded)
    return None


def _escape_events(scene: _Scene, u: VisualUnit) -> list[CollisionEvent]:
    p = scene.p
    out: list[CollisionEvent] = []
    parts = u.parts
    area = u.area
    if area <= 0 or u.inherited:
        return out
    extent = Box.bounding(parts)
    assert extent is not None
    off = _outside_area(parts, scene.frame) if scene.frame.overhang(extent) > p.escape_tol else 0.0
    if off > 0:
        out.append(CollisionEvent("off_slide", u.id, None, off, min(off / area, 1.0), p.w_out_of_bounds))
    card = scene.container.get(u.id)
    if card is not None and u.id not in scene.badge_card and card.box.overhang(extent) > p.escape_tol:
        inside_slide = [q for q in (part.intersect(scene.frame) for part in parts) if q is not None]
        esc = sum(q.area for q in inside_slide) - sum(q.intersection_area(card.box) for q in inside_slide)
        if esc > 0:
            out.append(CollisionEvent("escape_parent", u.id, card.id, esc, min(esc / area, 1.0), p.w_out_of_bounds))
    return out
