"""Visual imbalance: how far the area-weighted centroid of the visual units sits from the slide centre."""

from __future__ import annotations

import math
from dataclasses import dataclass

from judge.metrics.units import Box, SlideUnits, VisualUnit, union_area
from judge.rewards import imbalance_reward

__all__ = ["ImbalanceParams", "ImbalanceResult", "measure_imbalance", "unit_weights"]


@dataclass(frozen=True)
class ImbalanceParams:
    """metrics.md section 4. Weights multiply a unit's painted area (text: its line boxes).
    `shape_weight` is for plain shapes (a background colour or border only), which AeSlides does
    not weigh; `background_frac`: non-text units covering more than this share of the slide are
    backgrounds and weigh nothing."""

    x_tol: float = 0.05
    y_tol: float = 0.15
    text_weight: float = 1.0
    image_weight: float = 1.0
    icon_weight: float = 0.5
    atomic_weight: float = 1.0
    shape_weight: float = 0.0
    residual_min: float = 0.08
    """a container with a background image weighs its residual area (not covered by the units
    inside it) when that is at least this share of its area."""
    background_frac: float = 0.75
    min_opacity: float = 0.05
    min_area: float = 4.0
    reward_lower: float = 0.1
    reward_upper: float = 0.95


@dataclass(frozen=True)
class ImbalanceResult:
    centroid: tuple[float, float] | None
    """(x, y) in slide px; None when nothing on the slide weighs anything."""
    dx: float
    dy: float
    """centroid offset from the centre as a fraction of the slide width / height."""
    score: float
    """sqrt((dx / x_tol)^2 + (dy / y_tol)^2): imbalanced when > 1."""
    imbalanced: bool
    reward: float
    total_weight: float


def _visible(u: VisualUnit, p: ImbalanceParams) -> bool:
    return u.opacity >= p.min_opacity and u.area >= p.min_area


def unit_weights(slide: SlideUnits, params: ImbalanceParams | None = None) -> list[tuple[VisualUnit, float, Box]]:
    """(unit, weight, box whose centre is its position) for every unit that weighs something;
    each unit's parts are clipped to the slide first."""
    p = params or ImbalanceParams()
    frame = slide.box
    bg_limit = p.background_frac * slide.area
    per_kind = {
        "text": p.text_weight,
        "image": p.image_weight,
        "icon": p.icon_weight,
        "svg": p.atomic_weight,
        "atomic": p.atomic_weight,
        "shape": p.shape_weight,
    }
    out: list[tuple[VisualUnit, float, Box]] = []
    for u in slide.units:
        if not _visible(u, p):
            continue
        parts = [b for b in (part.intersect(frame) for part in u.visible_parts()) if b is not None]
        if not parts:
            continue
        if u.kind == "bgimage":
            if u.box.area > bg_limit:
                continue
            inside = [q for v in slide.units if u.id in v.ancestors for q in v.parts]
            residual = u.box.area - union_area(inside, clip=u.box)
            if residual < p.residual_min * u.box.area:
                continue
            clipped = parts[0]
            out.append((u, max(residual, 0.0) * clipped.area / max(u.box.area, 1e-9), clipped))
            continue
        weight = per_kind.get(u.kind, 0.0)
        if weight <= 0:
            continue
        if not u.is_text and u.box.area > bg_limit:
            continue
        for part in parts:
            out.append((u, weight * part.area, part))
    return out


def measure_imbalance(slide: SlideUnits, params: ImbalanceParams | None = None) -> ImbalanceResult:
    p = params or ImbalanceParams()
    weighted = unit_weights(slide, p)
    total = sum(w for _, w, _ in weighted)
    if total <= 0:
        return ImbalanceResult(None, 0.0, 0.0, 0.0, False, 1.0, 0.0)
    cx = sum(w * b.center[0] for _, w, b in weighted) / total
    cy = sum(w * b.center[1] for _, w, b in weighted) / total
    dx, dy = cx / slide.width - 0.5, cy / slide.height - 0.5
    score = math.hypot(dx / p.x_tol, dy / p.y_tol)
    return ImbalanceResult(
        centroid=(cx, cy),
        dx=dx,
        dy=dy,
        score=score,
        imbalanced=score > 1.0,
        reward=imbalance_reward(score, lower=p.reward_lower, upper=p.reward_upper),
        total_weight=total,
    )
