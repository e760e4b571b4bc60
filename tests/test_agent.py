"""The agent loop offline: a scripted model, a small in-test backend and a scripted judge."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ace_core import Deck, TextNode
from ace_core.agent import Budget, JudgeOutcome, Trajectory, run_agent
from ace_core.llm.scripted import ScriptedModel
from ace_core.router.context import serialize_scenegraph

ROOT = Path(__file__).resolve().parents[1]


class TextBackend:
    """A minimal backend binding one tool (set_text) with an atomic commit."""

    name = "test"

    def load(self, deck: Deck) -> None:
        self.deck = deck

    def export(self) -> Deck:
        return self.deck.clone()

    def tool_schemas(self) -> list[dict[str, Any]]:
        return [{"type": "function", "function": {"name": "set_text", "parameters": {"type": "object"}}}]

    def serialize(self, mode: str, targets: list[int] | None = None) -> str:
        return serialize_scenegraph(self.deck, mode, targets)

    def commit(self, calls: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
        work = self.deck.clone()
        results = []
        for name, args in calls:
            found = work.find(args.get("nodeId", ""))
            if name != "set_text" or found is None:
                results.append({"ok": False, "error": {"message": f"{name}: node {args.get('nodeId')!r} not found"}})
                return results
            node = found[1]
            assert isinstance(node, TextNode)
            node.text.paragraphs[0].runs[0].text = args["text"]
            results.append({"ok": True, "result": {"id": node.id}})
        self.deck = work
        return results


def sample() -> Deck:
    return Deck.load(ROOT / "fixtures" / "ir" / "sample.json")


def model(rounds: list[Any]) -> ScriptedModel:
    return ScriptedModel({"agent": rounds})


def set_title(text: str) -> dict[str, Any]:
    return {"tool_calls": [{"name": "set_text", "arguments": {"nodeId": "s1-title", "text": text}}]}


class ScriptedJudge:
    def __init__(self, scores: list[int]) -> None:
        self.scores = scores
        self.seen: list[str] = []

    def __call__(self, origin: Deck, current: Deck, instruction: str) -> JudgeOutcome:
        title = current.find("s1-title")[1].text.plain_text
        self.seen.append(title)
        score = self.scores[min(len(self.seen) - 1, len(self.scores) - 1)]
        return JudgeOutcome(score=score, reason=f"title is {title!r}")


INSTRUCTION = "On slide 1, change the title to 'Hello'"


def test_three_then_four_takes_two_iterations_and_carries_state(tmp_path: Path) -> None:
    deck = sample()
    judge = ScriptedJudge([3, 4])
    client = model([set_title("Hell"), set_title("Hello")])
    log = Trajectory(tmp_path / "run.jsonl")
    result = run_agent(deck, INSTRUCTION, TextBackend(), client, judge, trajectory=log)
    log.close()
    assert [r.score for r in result.iterations] == [3, 4] and result.chosen_iteration == 2
    assert result.deck.find("s1-title")[1].text.plain_text == "Hello"
    assert deck.find("s1-title")[1].text.plain_text == "ACE sample deck"  # input untouched
    second_prompt = client.calls[1]["messages"][0]["content"]
    assert "scored the current result 3/5" in second_prompt and "title is 'Hell'" in second_prompt
    assert '"Hell"' in second_prompt  # the state carried over into round 2
    events = [json.loads(line)["event"] for line in (tmp_path / "run.jsonl").read_text().splitlines()]
    assert events[0] == "route" and events[-1] == "done" and events.count("judge") == 2
    assert {"context", "llm_call", "tool_calls", "iteration"} <= set(events)


def test_four_at_once_halts() -> None:
    result = run_agent(sample(), INSTRUCTION, TextBackend(), model([set_title("Hello")]), ScriptedJudge([4]))
    assert len(result.iterations) == 1 and result.stop_reason.startswith("score 4")


def test_strict_peak_rollback_returns_iteration_one() -> None:
    judge = ScriptedJudge([4, 3, 3])
    client = model([set_title("Hello"), set_title("Hello!"), set_title("Hello!!")])
    result = run_agent(sample(), INSTRUCTION, TextBackend(), client, judge, tau=5)
    assert [r.score for r in result.iterations] == [4, 3, 3]
    assert result.chosen_iteration == 1
    assert result.deck.find("s1-title")[1].text.plain_text == "Hello"


def test_no_rollback_when_last_is_the_peak() -> None:
    judge = ScriptedJudge([2, 3, 3])
    client = model([set_title("a"), set_title("b"), set_title("c")])
    result = run_agent(sample(), INSTRUCTION, TextBackend(), client, judge, tau=5)
    assert result.chosen_iteration == 3 and result.deck.find("s1-title")[1].text.plain_text == "c"


def test_malformed_tool_call_is_reported_back_not_a_crash() -> None:
    bad = {"tool_calls": [{"name": "set_text", "arguments": '{"nodeId": "s1-title", "text": '}]}
    client = model([bad, set_title("Hello")])
    result = run_agent(sample(), INSTRUCTION, TextBackend(), client, ScriptedJudge([1, 4]))
    assert result.iterations[0].errors and "not a JSON object" in result.iterations[0].errors[0]
    assert not result.iterations[0].applied
    assert "not a JSON object" in client.calls[1]["messages"][0]["content"]
    assert result.deck.find("s1-title")[1].text.plain_text == "Hello"


def test_failed_call_rolls_back_the_whole_round() -> None:
    round1 = {
        "tool_calls": [
            {"name": "set_text", "arguments": {"nodeId": "s1-title", "text": "Hello"}},
            {"name": "set_text", "arguments": {"nodeId": "gone", "text": "x"}},
        ]
    }
    judge = ScriptedJudge([1])
    result = run_agent(sample(), INSTRUCTION, TextBackend(), model([round1]), judge, max_iterations=1)
    assert judge.seen == ["ACE sample deck"]  # nothing of the round was applied
    assert "node 'gone' not found" in result.iterations[0].errors[0]


def test_budget_exhaustion_stops_and_keeps_the_best() -> None:
    client = model([set_title("Hell"), set_title("Hello")])
    result = run_agent(sample(), INSTRUCTION, TextBackend(), client, ScriptedJudge([3, 4]), budget=Budget(max_tokens=1))
    assert len(result.iterations) == 1 and "token budget" in result.stop_reason
    assert result.deck.find("s1-title")[1].text.plain_text == "Hell"
    none = run_agent(sample(), INSTRUCTION, TextBackend(), client, ScriptedJudge([3]), budget=Budget(max_seconds=0))
    assert none.chosen_iteration == 0 and none.iterations == [] and "time budget" in none.stop_reason


def test_routing_decision_and_context_reach_the_model() -> None:
    client = model([set_title("Hello")])
    result = run_agent(sample(), INSTRUCTION, TextBackend(), client, ScriptedJudge([5]))
    assert result.decision.mode == "MICRO_SPATIAL" and result.decision.target_slides == [0]
    prompt = client.calls[0]["messages"][0]["content"]
    assert "Micro-Spatial" in prompt and client.calls[0]["tools"][0]["function"]["name"] == "set_text"
