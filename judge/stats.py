"""Statistics for comparing systems on the same tasks: a bootstrap CI of a mean, and the paired
bootstrap CI, Wilcoxon signed-rank and sign test of two systems' per-task scores."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from pydantic import BaseModel, Field
from scipy import stats as sps

__all__ = [
    "BootstrapCI",
    "MeanCI",
    "PairedTest",
    "bootstrap_mean_ci",
    "compare_paired",
    "paired_bootstrap_ci",
    "sign_test",
    "wilcoxon_signed_rank",
]


class BootstrapCI(BaseModel):
    """Mean of the paired differences (a - b) with a percentile bootstrap interval."""

    mean_diff: float
    low: float
    high: float
    confidence: float = Field(0.95, description="two-sided coverage, 0-1")
    n: int
    resamples: int


class MeanCI(BaseModel):
    """Mean of one sample with a percentile bootstrap interval."""

    mean: float
    low: float
    high: float
    confidence: float = Field(0.95, description="two-sided coverage, 0-1")
    n: int
    resamples: int


class PairedTest(BaseModel):
    """A paired test's result. For the sign test `statistic` is the number of wins of a."""

    test: str
    statistic: float
    p_value: float
    n: int = Field(description="pairs used (ties dropped where the test drops them)")
    wins: int = 0
    losses: int = 0
    ties: int = 0


def _pairs(a: Sequence[float], b: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if x.shape != y.shape or x.ndim != 1:
        raise ValueError(f"paired samples must be 1-D and of equal length (got {x.shape} and {y.shape})")
    if x.size == 0:
        raise ValueError("no pairs")
    if not (np.isfinite(x).all() and np.isfinite(y).all()):
        raise ValueError("paired samples contain NaN or infinity")
    return x, y


def _percentile_ci(d: np.ndarray, confidence: float, resamples: int, seed: int | None) -> tuple[float, float]:
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, d.size, size=(resamples, d.size))
    means = d[idx].mean(axis=1)
    tail = (1 - confidence) / 2
    low, high = np.quantile(means, [tail, 1 - tail])
    return float(low), float(high)


def bootstrap_mean_ci(
    values: Sequence[float], *, confidence: float = 0.95, resamples: int = 10_000, seed: int | None = 0
) -> MeanCI:
    """Percentile bootstrap CI of mean(values), resampling the values (tasks) with replacement."""
    x = np.asarray(values, dtype=float)
    if x.ndim != 1 or x.size == 0:
        raise ValueError("no values")
    if not np.isfinite(x).all():
        raise ValueError("values contain NaN or infinity")
    low, high = _percentile_ci(x, confidence, resamples, seed)
    return MeanCI(mean=float(x.mean()), low=low, high=high, confidence=confidence, n=int(x.size), resamples=resamples)


def paired_bootstrap_ci(
    a: Sequence[float],
    b: Sequence[float],
    *,
    confidence: float = 0.95,
    resamples: int = 10_000,
    seed: int | None = 0,
) -> BootstrapCI:
    """Percentile bootstrap CI of mean(a - b), resampling pairs (tasks) with replacement."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    x, y = _pairs(a, b)
    d = x - y
    low, high = _percentile_ci(d, confidence, resamples, seed)
    return BootstrapCI(
        mean_diff=float(d.mean()),
        low=low,
        high=high,
        confidence=confidence,
        n=int(d.size),
        resamples=resamples,
    )


def _counts(d: np.ndarray) -> tuple[int, int, int]:
    return int((d > 0).sum()), int((d < 0).sum()), int((d == 0).sum())


def wilcoxon_signed_rank(a: Sequence[float], b: Sequence[float], *, alternative: str = "two-sided") -> PairedTest:
    """Wilcoxon signed-rank test on a - b (zero differences dropped, scipy's 'wilcox' method).
    All pairs tied gives p = 1."""
    x, y = _pairs(a, b)
    d = x - y
    wins, losses, ties = _counts(d)
    if wins + losses == 0:
        return PairedTest(test="wilcoxon", statistic=0.0, p_value=1.0, n=0, wins=0, losses=0, ties=ties)
    res = sps.wilcoxon(d, zero_method="wilcox", alternative=alternative)
    return PairedTest(
        test="wilcoxon",
        statistic=float(res.statistic),
        p_value=float(res.pvalue),
        n=wins + losses,
        wins=wins,
        losses=losses,
        ties=ties,
    )


def sign_test(a: Sequence[float], b: Sequence[float], *, alternative: str = "two-sided") -> PairedTest:
    """Exact binomial sign test on wins (a > b) vs losses (a < b); ties dropped."""
    x, y = _pairs(a, b)
    wins, losses, ties = _counts(x - y)
    n = wins + losses
    p = 1.0 if n == 0 else float(sps.binomtest(wins, n, 0.5, alternative=alternative).pvalue)
    return PairedTest(test="sign", statistic=float(wins), p_value=p, n=n, wins=wins, losses=losses, ties=ties)


def compare_paired(
    a: Sequence[float], b: Sequence[float], *, confidence: float = 0.95, seed: int | None = 0
) -> dict[str, BootstrapCI | PairedTest]:
    """All three at once: {'bootstrap', 'wilcoxon', 'sign'}."""
    return {
        "bootstrap": paired_bootstrap_ci(a, b, confidence=confidence, seed=seed),
        "wilcoxon": wilcoxon_signed_rank(a, b),
        "sign": sign_test(a, b),
    }
