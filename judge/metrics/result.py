"""The metrics' parameters and results: per slide (raw values, events, shaped rewards) and per deck."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from pydantic import BaseModel, Field

from judge.metrics.aspect import AspectParams
from judge.metrics.collision import CollisionParams
from judge.metrics.imbalance import ImbalanceParams
from judge.metrics.whitespace import WhitespaceParams

__all__ = [
    "AspectOut",
    "CollisionOut",
    "DeckMetrics",
    "EventOut",
    "ImbalanceOut",
    "MetricParams",
    "SlideMetrics",
    "WhitespaceOut",
]


@dataclass(frozen=True)
class MetricParams:
    """All thresholds of the four metrics (defaults: ../shared/metrics.md)."""

    aspect: AspectParams = field(default_factory=AspectParams)
    whitespace: WhitespaceParams = field(default_factory=WhitespaceParams)
    collision: CollisionParams = field(default_factory=CollisionParams)
    imbalance: ImbalanceParams = field(default_factory=ImbalanceParams)


class AspectOut(BaseModel):
    width: float = Field(description="px")
    full_height: float = Field(description="px, the page's full height")
    aspect: float
    target: float
    deviation: float = Field(description="|aspect / target - 1|")
    compliant: dict[str, bool] = Field(description="tolerance ('1%', '5%') -> compliant")
    overflow: dict[str, float] = Field(description="px of content past the slide box per side")
    reward: float


class WhitespaceOut(BaseModel):
    content_ratio: float
    whitespace: float
    reward: float


class EventOut(BaseModel):
    kind: str = Field(description="text_overlap | text_occluded | escape_parent | off_slide")
    a: str = Field(description="unit id: the text, or the escaping unit")
    b: str | None = Field(description="the other unit / the container; None = the slide")
    area: float = Field(description="px^2")
    ratio: float = Field(description="area / smaller unit's area")
    weight: float
    a_label: str = ""
    b_label: str = ""


class CollisionOut(BaseModel):
    score: float
    events: list[EventOut] = Field(default_factory=list)
    counts: dict[str, int] = Field(default_factory=dict)
    units: int = 0
    reward: float


class ImbalanceOut(BaseModel):
    centroid: tuple[float, float] | None = Field(description="px; None when nothing weighs anything")
    dx: float = Field(description="centroid x offset from the centre, fraction of the width")
    dy: float = Field(description="centroid y offset from the centre, fraction of the height")
    score: float = Field(description="ellipse-normalized distance; imbalanced when > 1")
    imbalanced: bool
    reward: float


class SlideMetrics(BaseModel):
    index: int = Field(description="1-based slide number")
    slide_id: str | None = None
    width: float = Field(description="px")
    height: float = Field(description="px")
    units: int = 0
    aspect: AspectOut
    whitespace: WhitespaceOut | None = Field(None, description="None when no pixels were rendered")
    collision: CollisionOut
    imbalance: ImbalanceOut
    rewards: dict[str, float] = Field(description="aspect, whitespace, collision, imbalance, mean")
    metrics_ms: float = Field(0.0, description="time of the metric math, excluding the render")


class DeckMetrics(BaseModel):
    source: str
    pipeline: str = Field(description="chromium-dom | libreoffice-ir")
    slides: list[SlideMetrics] = Field(default_factory=list)
    summary: dict[str, float] = Field(default_factory=dict)

    def summarize(self) -> None:
        """Means of the rewards and raw values, and the share of compliant / clean slides."""
        s = self.slides
        if not s:
            self.summary = {}
            return
        out: dict[str, float] = {"slides": float(len(s))}
        for key in ("aspect", "whitespace", "collision", "imbalance", "mean"):
            vals = [m.rewards[key] for m in s if key in m.rewards]
            if vals:
                out[f"reward_{key}"] = statistics.fmean(vals)
        out["aspect_compliant_1%"] = statistics.fmean(m.aspect.compliant.get("1%", False) for m in s)
        out["aspect_compliant_5%"] = statistics.fmean(m.aspect.compliant.get("5%", False) for m in s)
        ws = [m.whitespace.content_ratio for m in s if m.whitespace is not None]
        if ws:
            out["content_ratio_mean"] = statistics.fmean(ws)
        out["collision_events"] = float(sum(len(m.collision.events) for m in s))
        out["collision_free"] = statistics.fmean(not m.collision.events for m in s)
        out["imbalanced"] = statistics.fmean(m.imbalance.imbalanced for m in s)
        self.summary = out
