"""`route()`: the heuristic always, then (optionally) one LLM call at T=0 adopted field by field
only when it parses and validates; single-slide decks turn MACRO into MICRO (ACE paper, App. B)."""

from __future__ import annotations

from ace_core.errors import AceError
from ace_core.llm.client import LLMClient, Usage
from ace_core.llm.parse import parse_json_object
from ace_core.router.decision import PresentationSummary, RoutingDecision
from ace_core.router.heuristic import extract_slide_refs, heuristic_route

__all__ = ["ROUTER_SYSTEM_PROMPT", "maybe_reclassify_single_slide", "route"]

ROUTER_SYSTEM_PROMPT = """You are a routing engine for a slide-deck editing system.

Given a user instruction and a presentation summary, classify the instruction into EXACTLY ONE mode
and extract target slides.

## Mode Classification

MICRO_SPATIAL
- Targets specific slide(s) by number/position AND all needed info is within those slides.
- Operations: add/edit/move/resize elements, spatial layout, single-slide chart/table creation.
- Do NOT use MICRO_SPATIAL if the instruction needs context from OTHER, non-targeted slides:
  * "match the presentation's style/colors/theme" -> SYSTEMIC_TOKEN
  * "make it consistent with the rest of the deck" -> SYSTEMIC_TOKEN or MACRO_PROGRAMMATIC
  * "use the same format as slide 1 on slide 5" -> include both in target_slides
- Example: "On slide 5, add a bar chart"; "Move the title on the last slide".

MACRO_PROGRAMMATIC
- Applies an operation across many/all slides, OR whole-presentation structural changes.
- Operations: translate all text, find-and-replace, change font everywhere, proofread,
  bold all titles, delete/merge/consolidate slides, reorder slides, fix slide order.
- Any slide reordering / fixing order / aligning an agenda with slides is ALWAYS MACRO_PROGRAMMATIC.
- A change throughout the deck wins over named slides: "replace every X throughout the presentation, and on
  slide 9 ..." is MACRO_PROGRAMMATIC (target_slides [9]), not MICRO_SPATIAL.
- Deck-wide audits (accessibility, alt text of every image, consistency of titles or fonts across slides) are
  MACRO_PROGRAMMATIC.
- Example: "Translate the entire presentation"; "The slides are in the wrong order - fix it".

SYSTEMIC_TOKEN
- Changes design-system-level properties (colors, themes, palettes) globally.
- Example: "Apply a dark mode theme"; "Change the accent color to blue across all slides".

## Target Slides (1-based)
Extract ALL slide numbers mentioned, including BOTH modified slides AND source/reference slides.
- "Change all headings. On slides 3 and 8, resize the image." -> [3, 8]
- "Translate the entire presentation." -> []
- "Apply the layout from slide 1 to slides 2 through 5." -> [1, 2, 3, 4, 5] (slide 1 is the source!)
- If a slide is a source/template/example ("from slide 1", "like slide 3"), you MUST include it.

Respond with ONLY a JSON object:
{"mode": "MICRO_SPATIAL" | "MACRO_PROGRAMMATIC" | "SYSTEMIC_TOKEN", "target_slides": [1, 5, 9],
 "reason": "<one sentence>"}"""

_LLM_MODES = ("MICRO_SPATIAL", "MACRO_PROGRAMMATIC", "SYSTEMIC_TOKEN")


def _summary_text(summary: PresentationSummary) -> str:
    lines = [f"The presentation has {summary.slide_count} slide(s):"]
    for i, name in enumerate(summary.slide_names, start=1):
        lines.append(f"{i}. {name or '(untitled)'}")
    return "\n".join(lines)


def maybe_reclassify_single_slide(decision: RoutingDecision, slide_count: int) -> RoutingDecision:
    """A whole-deck batch on a one-slide deck is a spatial edit of that slide."""
    if slide_count == 1 and decision.mode == "MACRO_PROGRAMMATIC":
        return decision.model_copy(update={"mode": "MICRO_SPATIAL", "target_slides": [0]})
    return decision


def route(
    instruction: str,
    summary: PresentationSummary,
    client: LLMClient | None = None,
    *,
    usage: list[Usage] | None = None,
) -> RoutingDecision:
    """Route an instruction. With a client, one classification call (T=0); its mode and targets
    are adopted only when they parse and validate, else each field falls back to the heuristic.
    Source/reference slides named in the instruction are always included in the targets."""
    h = heuristic_route(instruction, summary)
    if client is None:
        return maybe_reclassify_single_slide(h, summary.slide_count)
    messages = [
        {"role": "system", "content": ROUTER_SYSTEM_PROMPT},
        {"role": "user", "content": f"Instruction: {instruction}\n\n{_summary_text(summary)}"},
    ]
    try:
        response = client.complete(messages, purpose="route", temperature=0.0, json_mode=True)
    except AceError as exc:
        return maybe_reclassify_single_slide(
            h.model_copy(update={"reason": f"{h.reason} (LLM router failed: {exc.what})"}), summary.slide_count
        )
    if usage is not None:
        usage.append(response.usage)
    data = parse_json_object(response.content) or {}
    mode = data.get("mode")
    raw_targets = data.get("target_slides")
    adopted: list[str] = []
    decision = h
    if isinstance(mode, str) and mode.upper() in _LLM_MODES:
        decision = decision.model_copy(update={"mode": mode.upper()})
        adopted.append("mode")
    if isinstance(raw_targets, list) and all(isinstance(t, int) and not isinstance(t, bool) for t in raw_targets):
        n = summary.slide_count
        targets = {min(max(t, 1), n) - 1 for t in raw_targets} if n else set()
        targets |= set(extract_slide_refs(instruction, n))  # source / reference slides stay in
        decision = decision.model_copy(update={"target_slides": sorted(targets)})
        adopted.append("target_slides")
    if adopted:
        reason = data.get("reason") if isinstance(data.get("reason"), str) else h.reason
        source = "llm" if len(adopted) == 2 else "llm+heuristic"
        decision = decision.model_copy(update={"reason": reason, "source": source, "confidence": 0.9})
    if decision.mode == "MICRO_SPATIAL" and h.mode == "MACRO_PROGRAMMATIC" and h.cues.get("deck_wide"):
        # under-scope is the one routing error that drops needed context: a deck-wide cue keeps MACRO
        decision = decision.model_copy(
            update={"mode": "MACRO_PROGRAMMATIC", "reason": f"{decision.reason} (widened: {h.reason})"}
        )
    if decision.mode == "SYSTEMIC_TOKEN":
        decision = decision.model_copy(update={"target_slides": []})
    return maybe_reclassify_single_slide(decision, summary.slide_count)
