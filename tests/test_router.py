"""CARE router: the heuristic on 60+ instructions, the slide-reference extractor, the LLM classifier's
field-by-field fallback, single-slide reclassification, and context slices with token counts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ace_core import Deck
from ace_core.llm.scripted import ScriptedModel
from ace_core.router import PresentationSummary, extract_slide_refs, heuristic_route, prepare_context, route

ROOT = Path(__file__).resolve().parents[1]
TSV = ROOT / "fixtures" / "router" / "instructions.tsv"
SUMMARY = PresentationSummary(slide_count=12, slide_names=[f"Slide {i}" for i in range(1, 13)])


def _cases() -> list[tuple[str, str, list[int]]]:
    rows = []
    for line in TSV.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        instruction, mode, targets, _source = line.split("\t")
        rows.append((instruction, mode, [int(t) for t in targets.split(",") if t]))
    return rows


CASES = _cases()


def test_there_are_at_least_60_instructions() -> None:
    assert len(CASES) >= 60


@pytest.mark.parametrize(("instruction", "mode", "targets"), CASES, ids=[c[0][:40] for c in CASES])
def test_heuristic_routes_instruction(instruction: str, mode: str, targets: list[int]) -> None:
    decision = heuristic_route(instruction, SUMMARY)
    assert decision.mode == mode, decision.reason
    assert [t + 1 for t in decision.target_slides] == (targets if mode != "SYSTEMIC_TOKEN" else [])


@pytest.mark.parametrize(
    ("text", "count", "expected"),
    [
        ("slides 2 through 5", 10, [2, 3, 4, 5]),
        ("slides 8 to 20", 10, [8, 9, 10]),
        ("slide 12", 10, []),
        ("the 3rd and 5th slides", 10, [3, 5]),
        ("third slide", 10, [3]),
        ("last slide", 7, [7]),
        ("penultimate slide", 7, [6]),
        ("last 2 slides", 7, [6, 7]),
        ("first three slides", 7, [1, 2, 3]),
        ("slide 5 onwards", 7, [5, 6, 7]),
        ("title slide", 7, [1]),
        ("slides 2, 4 and 6-7", 9, [2, 4, 6, 7]),
        ("no references at all", 9, []),
    ],
)
def test_slide_reference_extractor(text: str, count: int, expected: list[int]) -> None:
    assert [i + 1 for i in extract_slide_refs(text, count)] == expected


def test_image_gating_true_on_ties_and_false_for_text_edits() -> None:
    assert heuristic_route("Translate the deck to French", SUMMARY).needs_image is False
    assert heuristic_route("Move the logo on slide 2", SUMMARY).needs_image is True
    assert heuristic_route("Do something", SUMMARY).needs_image is True  # no cue: tie -> True


def _client(reply) -> ScriptedModel:
    return ScriptedModel({"route": [reply]})


def test_llm_decision_adopted_when_valid() -> None:
    client = _client({"mode": "MACRO_PROGRAMMATIC", "target_slides": [2, 3], "reason": "batch on two slides"})
    decision = route("Tidy up slides 2 and 3", SUMMARY, client)
    assert decision.mode == "MACRO_PROGRAMMATIC" and decision.target_slides == [1, 2]
    assert decision.source == "llm" and decision.reason == "batch on two slides"
    assert client.calls[0]["purpose"] == "route"


def test_llm_fenced_json_with_trailing_text_parses() -> None:
    reply = 'Sure.\n```json\n{"mode": "SYSTEMIC_TOKEN", "target_slides": [], "reason": "theme"}\n```\nDone.'
    assert route("Make it pop", SUMMARY, _client(reply)).mode == "SYSTEMIC_TOKEN"


def test_llm_garbage_falls_back_to_heuristic() -> None:
    decision = route("On slide 5, add a bar chart", SUMMARY, _client("I think it is micro"))
    assert decision.mode == "MICRO_SPATIAL" and decision.target_slides == [4] and decision.source == "heuristic"


def test_llm_fields_fall_back_one_by_one() -> None:
    bad_mode = _client({"mode": "SOMETHING", "target_slides": [7], "reason": "x"})
    decision = route("On slide 5, add a bar chart", SUMMARY, bad_mode)
    assert decision.mode == "MICRO_SPATIAL"  # heuristic mode kept
    assert decision.target_slides == [4, 6]  # LLM targets adopted, named slide 5 kept
    bad_targets = _client({"mode": "MACRO_PROGRAMMATIC", "target_slides": "all", "reason": "x"})
    decision = route("On slide 5, add a bar chart", SUMMARY, bad_targets)
    assert decision.mode == "MACRO_PROGRAMMATIC" and decision.target_slides == [4]


def test_llm_must_keep_reference_slides_and_clamps() -> None:
    client = _client({"mode": "MICRO_SPATIAL", "target_slides": [5, 40], "reason": "x"})
    decision = route("Use the same format as slide 1 on slide 5", SUMMARY, client)
    assert decision.target_slides == [0, 4, 11]


def test_single_slide_deck_turns_macro_into_micro() -> None:
    one = PresentationSummary(slide_count=1, slide_names=["Only"])
    decision = route("Translate the entire presentation", one)
    assert decision.mode == "MICRO_SPATIAL" and decision.target_slides == [0]
    llm = route("Translate everything", one, _client({"mode": "MACRO_PROGRAMMATIC", "target_slides": []}))
    assert llm.mode == "MICRO_SPATIAL" and llm.target_slides == [0]


def test_prepare_context_slices_and_counts_tokens() -> None:
    deck = Deck.load(ROOT / "fixtures" / "ir" / "sample.json")
    summary = PresentationSummary.of(deck)
    micro = prepare_context(deck, route("On slide 3, make the chart bigger", summary))
    full = prepare_context(deck, route("Make it look nicer", summary))
    assert micro.mode == "MICRO_SPATIAL" and full.mode == "FULL"
    assert micro.tokens < micro.full_tokens == full.tokens
    data = json.loads(micro.text)
    assert "children" in data["slides"][2] and "children" not in data["slides"][0]
    macro = prepare_context(deck, route("Translate the entire presentation", summary))
    skeleton = json.loads(macro.text)
    assert "fills" not in macro.text and skeleton["slides"][0]["children"][0]["text"] == "ACE sample deck"
    systemic = prepare_context(deck, route("Apply a dark mode theme", summary))
    tokens = json.loads(systemic.text)
    assert "#1F2937" in tokens["colors"] and "Liberation Sans" in tokens["fonts"]
    assert 0 < systemic.reduction < 1


def test_routed_context_is_85_percent_smaller_on_multi_slide_decks() -> None:
    """The CARE bar, over the multi-slide fixture decks (10-24 slides of real pptx)."""
    from ace_core.router.measure import measure_reduction, summarize
    from adapters import read

    decks = {p.name: read(p) for p in sorted((ROOT / "fixtures" / "decks").glob("*.pptx"))}
    assert len(decks) >= 3 and all(len(d.slides) >= 10 for d in decks.values())
    rows = measure_reduction(decks)
    assert all(r["mode"] == r["expected"] for r in rows)
    for mode, stats in summarize(rows).items():
        assert stats["mean"] >= 0.85, (mode, stats)


def test_a_deck_wide_cue_keeps_macro_when_the_llm_says_micro() -> None:
    """Under-scope drops needed context: a change throughout the deck wins over the named slide."""
    text = "Replace every 'Acme' with 'Globex' throughout the presentation, and on slide 9 make the title bold"
    h = heuristic_route(text, SUMMARY)
    assert h.mode == "MACRO_PROGRAMMATIC" and h.target_slides == [8] and "wins over the named slide" in h.reason
    decision = route(text, SUMMARY, _client({"mode": "MICRO_SPATIAL", "target_slides": [9], "reason": "names slide 9"}))
    assert decision.mode == "MACRO_PROGRAMMATIC" and decision.target_slides == [8] and "widened" in decision.reason
    micro = route("On slide 9 make the title bold", SUMMARY, _client({"mode": "MICRO_SPATIAL", "target_slides": [9]}))
    assert micro.mode == "MICRO_SPATIAL"  # no deck-wide cue: the LLM's micro stands
