"""Reward shaping, GDPO normalization and the paired statistics (judge.rewards, judge.stats)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from scipy import stats as sps

from judge.rewards import (
    aspect_reward,
    collision_reward,
    gdpo_advantages,
    imbalance_reward,
    smoothstep,
    whitespace_reward,
)
from judge.stats import compare_paired, paired_bootstrap_ci, sign_test, wilcoxon_signed_rank


def test_smoothstep_clips_and_is_monotone() -> None:
    assert smoothstep(0.5, 0.8, 0.995) == 0.0
    assert smoothstep(0.8, 0.8, 0.995) == 0.0
    assert smoothstep(1.0, 0.8, 0.995) == 1.0
    assert smoothstep(0.8975, 0.8, 0.995) == pytest.approx(0.5)
    xs = np.linspace(0.79, 1.0, 50)
    ys = [smoothstep(x, 0.8, 0.995) for x in xs]
    assert all(b >= a for a, b in itertools.pairwise(ys))
    # gamma > 1 sharpens: closer to 0 below the middle, closer to 1 above it
    assert smoothstep(0.85, 0.8, 0.995, gamma=3) < smoothstep(0.85, 0.8, 0.995)
    assert smoothstep(0.95, 0.8, 0.995, gamma=3) > smoothstep(0.95, 0.8, 0.995)
    with pytest.raises(ValueError):
        smoothstep(0.5, 1.0, 0.5)


@pytest.mark.parametrize(("height", "expected"), [(720, 1.0), (750, 0.974), (800, 0.637), (900, 0.053)])
def test_aspect_reward_matches_metrics_md(height: int, expected: float) -> None:
    assert aspect_reward(1280 / height) == pytest.approx(expected, abs=1e-3)


def test_aspect_reward_penalizes_tall_more_than_wide() -> None:
    target = 16 / 9
    e = 0.1
    assert aspect_reward(target * math.exp(-e)) < aspect_reward(target * math.exp(e))


def test_whitespace_collision_imbalance_rewards() -> None:
    assert whitespace_reward(0.98) == pytest.approx(smoothstep(0.98, 0.8, 0.995))
    assert whitespace_reward(0.5) == 0.0
    assert collision_reward(0.0) == 1.0
    assert collision_reward(0.5) == pytest.approx(math.exp(-1.0))
    assert collision_reward(0.0001, lower=0.5, upper=0.998) == 1.0
    assert collision_reward(0.5, lower=0.5, upper=0.998) == 0.0
    assert imbalance_reward(0.0) == 1.0
    assert 0.3 < imbalance_reward(1.0) < 0.6
    assert imbalance_reward(9.0) == 0.0
    assert imbalance_reward(0.5) > imbalance_reward(1.0) > imbalance_reward(2.0)


def test_gdpo_normalizes_each_component_before_summing() -> None:
    # component "big" varies 1000x more than "small": plain GRPO would follow "big" only
    g1 = {"big": [0.0, 1000.0, 0.0, 1000.0], "small": [1.0, 0.0, 0.0, 1.0]}
    g2 = {"big": [500.0, 500.0, 600.0, 400.0], "small": [0.0, 1.0, 1.0, 0.0]}
    adv = gdpo_advantages([g1, g2])
    flat = np.concatenate(adv)
    assert flat.mean() == pytest.approx(0.0, abs=1e-9)
    assert flat.std() == pytest.approx(1.0, abs=1e-3)
    # in group 1, rollout 0 (big low, small high) and rollout 2 (both low) differ only by "small"
    assert adv[0][0] > adv[0][2]
    # rollouts 0 and 1 trade one unit of each component: equal advantages after decoupling
    assert adv[0][0] == pytest.approx(adv[0][1], abs=1e-3)
    raw = np.array([[0.0, 1.0], [1000.0, 0.0], [0.0, 0.0], [1000.0, 1.0]])
    assert np.allclose(gdpo_advantages([raw, raw])[0], gdpo_advantages([g1, g1])[0])


def test_gdpo_rejects_ragged_groups() -> None:
    with pytest.raises(ValueError):
        gdpo_advantages([{"a": [1.0, 2.0], "b": [1.0]}])
    with pytest.raises(ValueError):
        gdpo_advantages([{}])


def test_bootstrap_ci_covers_the_shift_and_is_seeded() -> None:
    rng = np.random.default_rng(7)
    b = rng.normal(3.0, 1.0, 60)
    a = b + 0.5 + rng.normal(0, 0.3, 60)
    ci = paired_bootstrap_ci(a, b, resamples=4000, seed=1)
    assert ci.low < 0.5 < ci.high
    assert ci.low > 0.3 and ci.high < 0.7
    assert ci.mean_diff == pytest.approx(float(np.mean(a - b)))
    assert paired_bootstrap_ci(a, b, resamples=4000, seed=1) == ci
    with pytest.raises(ValueError):
        paired_bootstrap_ci([1.0, 2.0], [1.0])


def test_wilcoxon_matches_scipy_and_handles_ties() -> None:
    a = [4.0, 5.0, 3.5, 4.5, 5.0, 4.0, 3.0, 4.5, 5.0, 4.0]
    b = [3.0, 4.0, 3.5, 3.0, 4.0, 3.5, 3.0, 4.0, 3.0, 2.0]
    res = wilcoxon_signed_rank(a, b)
    ref = sps.wilcoxon(np.array(a) - np.array(b), zero_method="wilcox")
    assert res.p_value == pytest.approx(ref.pvalue)
    assert (res.wins, res.losses, res.ties, res.n) == (8, 0, 2, 8)
    same = wilcoxon_signed_rank([1.0, 2.0], [1.0, 2.0])
    assert same.p_value == 1.0 and same.n == 0


def test_sign_test_exact_binomial() -> None:
    res = sign_test([1.0] * 10, [0.0] * 10)
    assert res.p_value == pytest.approx(2 / 1024)
    res = sign_test([1, 0, 1, 0, 2], [0, 1, 0, 1, 2])
    assert (res.wins, res.losses, res.ties) == (2, 2, 1) and res.p_value == 1.0
    both = compare_paired([1.0, 2.0, 3.0, 4.0], [0.0, 1.0, 2.0, 5.0])
    assert set(both) == {"bootstrap", "wilcoxon", "sign"}
