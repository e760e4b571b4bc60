"""CARE: content-aware context routing (heuristic banks + optional LLM classifier + context slices)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ace_core.lazy import lazy_exports

if TYPE_CHECKING:
    from ace_core.router.classify import ROUTER_SYSTEM_PROMPT, maybe_reclassify_single_slide, route
    from ace_core.router.context import RoutedContext, context_table, prepare_context, serialize_scenegraph
    from ace_core.router.decision import MODES, Mode, PresentationSummary, RoutingDecision
    from ace_core.router.heuristic import BANKS, extract_slide_refs, heuristic_route

__all__ = [
    "BANKS",
    "MODES",
    "ROUTER_SYSTEM_PROMPT",
    "Mode",
    "PresentationSummary",
    "RoutedContext",
    "RoutingDecision",
    "context_table",
    "extract_slide_refs",
    "heuristic_route",
    "maybe_reclassify_single_slide",
    "prepare_context",
    "route",
    "serialize_scenegraph",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "ROUTER_SYSTEM_PROMPT": "ace_core.router.classify",
        "maybe_reclassify_single_slide": "ace_core.router.classify",
        "route": "ace_core.router.classify",
        "RoutedContext": "ace_core.router.context",
        "context_table": "ace_core.router.context",
        "prepare_context": "ace_core.router.context",
        "serialize_scenegraph": "ace_core.router.context",
        "MODES": "ace_core.router.decision",
        "Mode": "ace_core.router.decision",
        "PresentationSummary": "ace_core.router.decision",
        "RoutingDecision": "ace_core.router.decision",
        "BANKS": "ace_core.router.heuristic",
        "extract_slide_refs": "ace_core.router.heuristic",
        "heuristic_route": "ace_core.router.heuristic",
    },
)
