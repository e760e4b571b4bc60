"""CARE: content-aware context routing (heuristic banks + optional LLM classifier + context slices)."""

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
