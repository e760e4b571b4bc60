"""Context reduction of routed modes against FULL over a set of decks (the CARE bar)."""

from __future__ import annotations

from statistics import mean

from ace_core.ir.deck import Deck
from ace_core.router.classify import route
from ace_core.router.context import prepare_context
from ace_core.router.decision import PresentationSummary

__all__ = ["INSTRUCTIONS", "measure_reduction"]

# {k}: a slide number inside the deck (1-based), {j}: another one
INSTRUCTIONS: dict[str, list[str]] = {
    "MICRO_SPATIAL": [
        "On slide {k}, move the title to the top left corner",
        "Make the body text on slide {k} larger",
        "Add a bar chart of the numbers to slide {k}",
        "Align the shapes on slide {k} to the left",
        "Use the same layout as slide {j} on slide {k}",
    ],
    "MACRO_PROGRAMMATIC": [
        "Translate the entire presentation into French",
        "Proofread the deck and fix any typos",
        "Bold all slide titles",
        "The slides are in the wrong order - fix it",
        "Find and replace 'data' with 'information' everywhere",
    ],
    "SYSTEMIC_TOKEN": [
        "Apply a dark mode theme",
        "Change the accent color to green across all slides",
        "Use a warmer color palette",
        "Switch the whole deck to a light theme",
        "Replace the brand colors with navy and gold",
    ],
}


def measure_reduction(decks: dict[str, Deck], *, model: str | None = None) -> list[dict]:
    """One row per (deck, instruction): expected mode, routed mode, tokens, full tokens, reduction."""
    rows = []
    for name, deck in decks.items():
        n = len(deck.slides)
        summary = PresentationSummary.of(deck)
        for expected, templates in INSTRUCTIONS.items():
            for template in templates:
                text = template.format(k=max(1, (2 * n) // 3), j=1)
                decision = route(text, summary)
                ctx = prepare_context(deck, decision, model=model)
                rows.append(
                    {
                        "deck": name,
                        "slides": n,
                        "instruction": text,
                        "expected": expected,
                        "mode": ctx.mode,
                        "tokens": ctx.tokens,
                        "full_tokens": ctx.full_tokens,
                        "reduction": ctx.reduction,
                    }
                )
    return rows


def summarize(rows: list[dict]) -> dict[str, dict[str, float]]:
    """Average / min / max reduction per expected mode."""
    out = {}
    for mode in INSTRUCTIONS:
        vals = [r["reduction"] for r in rows if r["expected"] == mode]
        if vals:
            out[mode] = {"n": len(vals), "mean": mean(vals), "min": min(vals), "max": max(vals)}
    return out
