"""The router's output: which context mode an instruction needs, and which slides."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

__all__ = ["MODES", "Mode", "PresentationSummary", "RoutingDecision"]

Mode = Literal["MICRO_SPATIAL", "MACRO_PROGRAMMATIC", "SYSTEMIC_TOKEN", "FULL"]
MODES: tuple[str, ...] = ("MICRO_SPATIAL", "MACRO_PROGRAMMATIC", "SYSTEMIC_TOKEN", "FULL")


class PresentationSummary(BaseModel):
    slide_count: int = Field(ge=0)
    slide_names: list[str] = Field(default_factory=list, description="name or title of each slide, in order")

    @classmethod
    def of(cls, deck) -> PresentationSummary:
        names = []
        for slide in deck.slides:
            title = slide.name
            if not title:
                for node in slide.iter_nodes():
                    body = getattr(node, "text", None)
                    if body is not None and hasattr(body, "plain_text") and body.plain_text.strip():
                        title = " ".join(body.plain_text.split())[:60]
                        break
            names.append(title)
        return cls(slide_count=len(deck.slides), slide_names=names)


class RoutingDecision(BaseModel):
    mode: Mode
    target_slides: list[int] = Field(default_factory=list, description="0-based slide indices; [] = whole deck")
    needs_image: bool = True
    confidence: float = Field(0.5, ge=0, le=1)
    reason: str = ""
    source: Literal["heuristic", "llm", "llm+heuristic"] = "heuristic"
    cues: dict[str, list[str]] = Field(default_factory=dict, description="regex bank matches (heuristic)")
