"""`prepare_context`: serialize exactly what the routed mode carries, with token counts against FULL."""

from __future__ import annotations

from typing import Any, Protocol

from pydantic import BaseModel, Field

from ace_core.ir.deck import Deck
from ace_core.llm.tokens import count_tokens
from ace_core.router.decision import Mode, RoutingDecision
from ace_core.views import full_view, macro_view, micro_view, systemic_view, view_text

__all__ = ["RoutedContext", "Serializer", "prepare_context", "serialize_scenegraph"]


class Serializer(Protocol):
    """What a backend offers the router: its document state as text for a mode and targets."""

    def serialize(self, mode: str, targets: list[int] | None = None) -> str: ...


class RoutedContext(BaseModel):
    mode: Mode
    target_slides: list[int] = Field(default_factory=list)
    text: str
    tokens: int
    full_tokens: int
    reduction: float = Field(description="1 - tokens / full_tokens")


def serialize_scenegraph(deck: Deck, mode: str, targets: list[int] | None = None) -> str:
    """The scene-graph serialization of each mode (used when no backend is given)."""
    targets = targets or []
    if mode == "MICRO_SPATIAL":
        return view_text(micro_view(deck, targets))
    if mode == "MACRO_PROGRAMMATIC":
        return view_text(macro_view(deck, targets))
    if mode == "SYSTEMIC_TOKEN":
        return view_text(systemic_view(deck))
    return view_text(full_view(deck))


def prepare_context(
    deck: Deck, decision: RoutingDecision, backend: Serializer | None = None, *, model: str | None = None
) -> RoutedContext:
    """The text the agent gets for `decision`, its token count, and the reduction against FULL."""
    targets = list(decision.target_slides)
    mode = decision.mode
    if mode == "MICRO_SPATIAL" and not targets:
        mode = "FULL"  # a micro edit with no target slide needs the whole deck

    def ser(m: str) -> str:
        if backend is not None:
            return backend.serialize(m, targets)
        return serialize_scenegraph(deck, m, targets)

    full = ser("FULL")
    text = full if mode == "FULL" else ser(mode)
    full_tokens = count_tokens(full, model)
    tokens = full_tokens if mode == "FULL" else count_tokens(text, model)
    reduction = 1.0 - tokens / full_tokens if full_tokens else 0.0
    return RoutedContext(
        mode=mode, target_slides=targets, text=text, tokens=tokens, full_tokens=full_tokens, reduction=reduction
    )


def context_table(
    deck: Deck, decision: RoutingDecision, backend: Any = None, *, model: str | None = None
) -> list[dict]:
    """Token counts of every mode for this decision's targets, against FULL (for `ace route`)."""
    rows = []
    for mode in ("MICRO_SPATIAL", "MACRO_PROGRAMMATIC", "SYSTEMIC_TOKEN", "FULL"):
        ctx = prepare_context(deck, decision.model_copy(update={"mode": mode}), backend, model=model)
        rows.append(
            {
                "mode": ctx.mode if mode != "MICRO_SPATIAL" else mode,
                "tokens": ctx.tokens,
                "full_tokens": ctx.full_tokens,
                "reduction": round(ctx.reduction, 4),
            }
        )
    return rows
