"""The four metrics of one rendered slide, from its pixels and visual units (pure: no rendering)."""

from __future__ import annotations

import statistics
import time
from collections import Counter

import numpy as np

from judge.metrics.aspect import measure_aspect
from judge.metrics.collision import measure_collision
from judge.metrics.imbalance import measure_imbalance
from judge.metrics.result import (
    AspectOut,
    CollisionOut,
    EventOut,
    ImbalanceOut,
    MetricParams,
    SlideMetrics,
    WhitespaceOut,
)
from judge.metrics.units import SlideUnits
from judge.metrics.whitespace import measure_whitespace
from judge.rewards import whitespace_reward

__all__ = ["compute_slide_metrics"]


def compute_slide_metrics(
    units: SlideUnits,
    image: np.ndarray | None,
    *,
    full_height: float | None = None,
    nominal_height: float | None = None,
    index: int = 1,
    slide_id: str | None = None,
    params: MetricParams | None = None,
) -> SlideMetrics:
    """All four metrics. `image`: the slide's pixels (HxWx3/4 uint8, background images removed)
    or None to skip whitespace; `full_height`: the page's measured full height in px (None = the
    slide's height extended by content overflowing below it); `nominal_height`: the slide's
    declared height, whose ratio to the width is the aspect target (None = units.height)."""
    p = params or MetricParams()
    t0 = time.perf_counter()
    extent = units.extent()
    if full_height is None:
        full_height = max(units.height, extent.bottom)
    nominal = nominal_height or units.height
    ar = measure_aspect(units.width, full_height, slide_height=nominal, extent=extent, params=p.aspect)
    ws = measure_whitespace(image, p.whitespace) if image is not None else None
    col = measure_collision(units, p.collision)
    imb = measure_imbalance(units, p.imbalance)
    labels = {u.id: (u.label or u.id) for u in units.units}
    rewards = {"aspect": ar.reward, "collision": col.reward, "imbalance": imb.reward}
    ws_out = None
    if ws is not None:
        wr = whitespace_reward(ws.content_ratio)
        rewards["whitespace"] = wr
        ws_out = WhitespaceOut(content_ratio=ws.content_ratio, whitespace=ws.whitespace, reward=wr)
    rewards["mean"] = statistics.fmean(rewards.values())
    ms = (time.perf_counter() - t0) * 1000
    return SlideMetrics(
        index=index,
        slide_id=slide_id,
        width=units.width,
        height=units.height,
        units=len(units.units),
        aspect=AspectOut(
            width=ar.width,
            full_height=ar.full_height,
            aspect=ar.aspect,
            target=ar.target,
            deviation=ar.deviation,
            compliant=ar.compliant,
            overflow={k: getattr(ar.overflow, k) for k in ("top", "right", "bottom", "left")},
            reward=ar.reward,
        ),
        whitespace=ws_out,
        collision=CollisionOut(
            score=col.score,
            events=[
                EventOut(
                    kind=e.kind,
                    a=e.a,
                    b=e.b,
                    area=round(e.area, 1),
                    ratio=e.ratio,
                    weight=e.weight,
                    a_label=labels.get(e.a, ""),
                    b_label=labels.get(e.b, "slide") if e.b else "slide",
                )
                for e in col.events
            ],
            counts=dict(Counter(e.kind for e in col.events)),
            units=col.units,
            reward=col.reward,
        ),
        imbalance=ImbalanceOut(
            centroid=imb.centroid,
            dx=imb.dx,
            dy=imb.dy,
            score=imb.score,
            imbalanced=imb.imbalanced,
            reward=imb.reward,
        ),
        rewards={k: rewards[k] for k in ("aspect", "whitespace", "collision", "imbalance", "mean") if k in rewards},
        metrics_ms=ms,
    )
