"""Reward shaping for the layout metrics (AeSlides section 5.2, Table 9) and GDPO normalization.

Every shaped reward is in [0, 1], 1 = good. The per-metric defaults are ../shared/metrics.md's;
where metrics.md gives no reward (imbalance) the shaping is ours and says so."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np

__all__ = [
    "aspect_reward",
    "collision_reward",
    "gdpo_advantages",
    "imbalance_reward",
    "smoothstep",
    "whitespace_reward",
]


def smoothstep(x: float, lower: float, upper: float, gamma: float = 1.0) -> float:
    """0 at or below `lower`, 1 at or above `upper`; in between t = (x-lower)/(upper-lower),
    u = t^g / (t^g + (1-t)^g), R = 3u^2 - 2u^3 (gamma > 1 sharpens the middle)."""
    if upper <= lower:
        raise ValueError(f"smoothstep needs lower < upper (got {lower}, {upper})")
    if gamma <= 0:
        raise ValueError(f"smoothstep needs gamma > 0 (got {gamma})")
    if x <= lower:
        return 0.0
    if x >= upper:
        return 1.0
    t = (x - lower) / (upper - lower)
    tg, sg = t**gamma, (1.0 - t) ** gamma
    u = tg / (tg + sg)
    return float(3 * u * u - 2 * u * u * u)


def aspect_reward(
    aspect: float, target: float = 16 / 9, *, alpha: float = 16.0, beta: float = 64.0, margin: float = 0.04
) -> float:
    """AeSlides eq. 7: e = ln(AR/target); R = exp(-alpha e^2 - beta max(-e - margin, 0)^2).
    Too-tall pages (AR < target) get the extra beta penalty. 1280x720 -> 1, x750 -> 0.974,
    x800 -> 0.637, x900 -> 0.053."""
    if aspect <= 0 or target <= 0:
        return 0.0
    e = math.log(aspect / target)
    return float(math.exp(-alpha * e * e - beta * max(-e - margin, 0.0) ** 2))


def whitespace_reward(content_ratio: float, *, lower: float = 0.8, upper: float = 0.995, gamma: float = 1.0) -> float:
    """smoothstep(content_ratio; 0.8, 0.995) (Table 9)."""
    return smoothstep(content_ratio, lower, upper, gamma)


def collision_reward(score: float, *, k: float = 2.0, lower: float | None = None, upper: float | None = None) -> float:
    """exp(-k * score) (metrics.md). With `lower`/`upper` (AeSlides Table 9 uses 0.5, 0.998) the
    value is passed through smoothstep as well."""
    q = math.exp(-k * max(score, 0.0))
    if lower is not None and upper is not None:
        return smoothstep(q, lower, upper)
    return float(q)


def imbalance_reward(distance: float, *, lower: float = 0.1, upper: float = 0.95) -> float:
    """OURS (metrics.md gives none): q = 1 / (1 + d) for the ellipse-normalized centroid distance
    d, then smoothstep(q; 0.1, 0.95) with Table 9's bounds. d = 0 -> 1, d = 1 (the imbalance
    threshold) -> 0.45, d = 2 -> 0.18, d >= 9 -> 0."""
    q = 1.0 / (1.0 + max(distance, 0.0))
    return smoothstep(q, lower, upper)


def gdpo_advantages(
    groups: Sequence[Mapping[str, Sequence[float]] | np.ndarray], *, eps: float = 1e-4
) -> list[np.ndarray]:
    """GDPO reward-decoupled normalization (AeSlides eqs. 9-11).

    `groups`: one entry per prompt; each is either a mapping component -> rewards of the group's
    G rollouts, or an array of shape (G, K). Each component is z-scored within its group
    (population std, + eps), the components are summed, and the sums are z-scored over the whole
    batch. Returns one array of G advantages per group."""
    sums: list[np.ndarray] = []
    for group in groups:
        if isinstance(group, Mapping):
            if not group:
                raise ValueError("a group has no reward components")
            cols = [np.asarray(v, dtype=float) for v in group.values()]
            sizes = {c.shape for c in cols}
            if len(sizes) != 1 or len(cols[0].shape) != 1:
                raise ValueError(f"the components of a group must be 1-D and of one length (got {sorted(sizes)})")
            arr = np.stack(cols, axis=1)
        else:
            arr = np.asarray(group, dtype=float)
            if arr.ndim == 1:
                arr = arr[:, None]
            if arr.ndim != 2:
                raise ValueError(f"a group must have shape (G, K), got {arr.shape}")
        if arr.shape[0] == 0:
            raise ValueError("a group has no rollouts")
        z = (arr - arr.mean(axis=0)) / (arr.std(axis=0) + eps)
        sums.append(z.sum(axis=1))
    if not sums:
        return []
    flat = np.concatenate(sums)
    mean, std = flat.mean(), flat.std()
    return [(s - mean) / (std + eps) for s in sums]
