"""Aspect-ratio compliance (overflow): the rendered page's width / full height against the deck's ratio."""

from __future__ import annotations

from dataclasses import dataclass

from judge.metrics.units import Box
from judge.rewards import aspect_reward

__all__ = ["AspectParams", "AspectResult", "Overflow", "measure_aspect", "overflow_of"]


@dataclass(frozen=True)
class AspectParams:
    """metrics.md section 1. `target` None = the slide's own width / height."""

    target: float | None = None
    max_height_factor: float = 6.0
    tolerances: tuple[float, ...] = (0.01, 0.05)
    alpha: float = 16.0
    beta: float = 64.0
    margin: float = 0.04
    overflow_tol: float = 1.0
    """px of overflow ignored (sub-pixel rounding of boxes)."""


@dataclass(frozen=True)
class Overflow:
    """How far content extends past the slide box on each side, px (0 = inside)."""

    top: float = 0.0
    right: float = 0.0
    bottom: float = 0.0
    left: float = 0.0

    @property
    def any(self) -> bool:
        return max(self.top, self.right, self.bottom, self.left) > 0


@dataclass(frozen=True)
class AspectResult:
    width: float
    full_height: float
    """px: the page's full height (capped at max_height_factor x width)."""
    aspect: float
    target: float
    deviation: float
    """|aspect / target - 1|."""
    compliant: dict[str, bool]
    """tolerance label ('1%', '5%') -> |aspect / target - 1| <= tolerance."""
    reward: float
    overflow: Overflow


def overflow_of(slide: Box, extent: Box, tol: float = 1.0) -> Overflow:
    def cut(v: float) -> float:
        return round(v, 1) if v > tol else 0.0

    return Overflow(
        top=cut(slide.y - extent.y),
        right=cut(extent.right - slide.right),
        bottom=cut(extent.bottom - slide.bottom),
        left=cut(slide.x - extent.x),
    )


def measure_aspect(
    width: float,
    full_height: float,
    *,
    slide_height: float | None = None,
    extent: Box | None = None,
    params: AspectParams | None = None,
) -> AspectResult:
    """AR = width / full_height. `slide_height` (the nominal height) gives the default target;
    `extent` (the content's bounding box, slide px) gives the per-side overflow."""
    p = params or AspectParams()
    if width <= 0:
        raise ValueError(f"page width must be positive, got {width}")
    nominal = slide_height if slide_height and slide_height > 0 else full_height
    target = p.target or (width / nominal if nominal > 0 else 16 / 9)
    height = min(max(full_height, 1.0), p.max_height_factor * width)
    aspect = width / height
    deviation = abs(aspect / target - 1.0)
    compliant = {f"{t * 100:g}%": deviation <= t + 1e-9 for t in p.tolerances}
    slide = Box(0.0, 0.0, width, nominal)
    over = overflow_of(slide, extent, p.overflow_tol) if extent is not None else Overflow()
    return AspectResult(
        width=width,
        full_height=height,
        aspect=aspect,
        target=target,
        deviation=deviation,
        compliant=compliant,
        reward=aspect_reward(aspect, target, alpha=p.alpha, beta=p.beta, margin=p.margin),
        overflow=over,
    )
