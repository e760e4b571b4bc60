"""Verifiable layout metrics on rendered slides (../shared/metrics.md): aspect ratio, whitespace,
element collision, visual imbalance, with shaped rewards. The math is pure (units.py, aspect.py,
whitespace.py, collision.py, imbalance.py, compute.py); chromium.py and libreoffice.py render.

    from judge.metrics import measure_file
    result = measure_file("deck.pptx")          # DeckMetrics: per slide raw values, events, rewards
    result.slides[0].collision.events           # every collision event with the ids involved
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ace_core.lazy import lazy_exports

if TYPE_CHECKING:
    from judge.metrics.compute import compute_slide_metrics
    from judge.metrics.result import DeckMetrics, MetricParams, SlideMetrics
    from judge.metrics.run import measure_deck, measure_file
    from judge.metrics.units import Box, Container, SlideUnits, VisualUnit

__all__ = [
    "Box",
    "Container",
    "DeckMetrics",
    "MetricParams",
    "SlideMetrics",
    "SlideUnits",
    "VisualUnit",
    "compute_slide_metrics",
    "measure_deck",
    "measure_file",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "compute_slide_metrics": "judge.metrics.compute",
        "DeckMetrics": "judge.metrics.result",
        "MetricParams": "judge.metrics.result",
        "SlideMetrics": "judge.metrics.result",
        "measure_deck": "judge.metrics.run",
        "measure_file": "judge.metrics.run",
        "Box": "judge.metrics.units",
        "Container": "judge.metrics.units",
        "SlideUnits": "judge.metrics.units",
        "VisualUnit": "judge.metrics.units",
    },
)
