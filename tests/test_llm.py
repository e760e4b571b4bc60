"""LLM access and the LLM judges, offline: robust parsing, retries with backoff, missing keys, images."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from ace_core.errors import BadInputError, EnvironmentProblem
from ace_core.llm import get_client, parse_json_object
from ace_core.llm.litellm_client import LiteLLMClient, import_litellm
from ace_core.llm.scripted import ScriptedModel
from judge.llm import judge_instruction_following, judge_visual_quality, parse_verdict


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1}',
        'Here you go:\n```json\n{"a": 1}\n```\nanything after',
        'The answer is {"a": 1} and nothing else {"b": 2}',
        '```\n{"a": 1}\n```',
        'noise { not json } then {"a": 1}',
        '{"a": 1, "s": "brace } in a string"} trailing',
    ],
)
def test_parse_json_object_finds_the_object(text: str) -> None:
    assert parse_json_object(text)["a"] == 1


def test_parse_json_object_none_for_garbage() -> None:
    assert parse_json_object("no json here") is None
    assert parse_json_object("[1, 2]") is None


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ('{"instruction_following_score": 4, "instruction_following_reason": "ok"}', (4, "ok")),
        ('```json\n{"instruction_following_score": "3/5", "instruction_following_reason": "meh"}\n```', (3, "meh")),
        ('{"score": 7, "reason": "too high"}', (5, "too high")),
        ('{"instruction_following_score": 2.6}', (3, "")),
    ],
)
def test_parse_verdict(reply: str, expected: tuple[int, str]) -> None:
    assert parse_verdict(reply, "instruction_following") == expected


def test_if_judge_asks_again_once_on_garbage() -> None:
    model = ScriptedModel(
        {
            "judge_if": [
                "I would say pretty good",
                {"instruction_following_score": 4, "instruction_following_reason": "done"},
            ]
        }
    )
    verdict = judge_instruction_following(model, "Make the title red", "Modified: TEXT 'Title' fill #000 -> #F00")
    assert (verdict.score, verdict.reason) == (4, "done")
    assert len(model.calls) == 2 and model.calls[0]["purpose"] == "judge_if"
    assert "Make the title red" in model.calls[0]["messages"][1]["content"]


def test_if_judge_gives_up_with_a_clear_error() -> None:
    model = ScriptedModel({"judge_if": ["no", "still no"]})
    with pytest.raises(EnvironmentProblem, match="not a score"):
        judge_instruction_following(model, "x", "diff")


def test_if_judge_attaches_images_only_when_given(tmp_path: Path) -> None:
    png = tmp_path / "s1.png"
    png.write_bytes(b"\x89PNG\r\n\x1a\n")
    model = ScriptedModel({"judge_if": [{"instruction_following_score": 5, "instruction_following_reason": "r"}]})
    judge_instruction_following(model, "Add a photo of a cat", "Added: IMAGE", images=[png])
    content = model.calls[0]["messages"][1]["content"]
    assert isinstance(content, list) and content[1]["image_url"]["url"].startswith("data:image/png;base64,")
    judge_instruction_following(model, "Fix the typo", "Modified: TEXT")
    assert isinstance(model.calls[1]["messages"][1]["content"], str)


def test_vq_judge(tmp_path: Path) -> None:
    png = tmp_path / "p.png"
    png.write_bytes(b"\x89PNG\r\n\x1a\n")
    model = ScriptedModel({"judge_vq": [{"visual_quality_score": 3, "visual_quality_reason": "crowded"}]})
    verdict = judge_visual_quality(model, "Add a chart", [png], reference_images=[png])
    assert verdict.score == 3 and verdict.images == 2
    assert "REFERENCE" in model.calls[0]["messages"][1]["content"][0]["text"]


def test_missing_api_key_is_a_clear_error(monkeypatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(BadInputError, match="OPENAI_API_KEY"):
        get_client("gpt-4o-mini")


def test_no_model_is_a_clear_error(monkeypatch) -> None:
    monkeypatch.delenv("ACE_MODEL", raising=False)
    with pytest.raises(BadInputError, match="ACE_MODEL"):
        get_client(None)


def test_scripted_model_from_file_and_bad_files(tmp_path: Path) -> None:
    script = tmp_path / "s.json"
    script.write_text(json.dumps({"route": [{"mode": "FULL"}]}))
    assert get_client(f"scripted:{script}").complete([], purpose="route").content == '{"mode": "FULL"}'
    with pytest.raises(BadInputError, match="not found"):
        get_client(f"scripted:{tmp_path / 'missing.json'}")
    script.write_text("{oops")
    with pytest.raises(BadInputError, match="not valid JSON"):
        get_client(f"scripted:{script}")
    script.write_text(json.dumps({"jduge": []}))
    with pytest.raises(BadInputError, match="unknown script keys"):
        get_client(f"scripted:{script}")


def _fake_response(content: str = "hi", tool_calls=None):
    message = SimpleNamespace(content=content, tool_calls=tool_calls)
    usage = SimpleNamespace(prompt_tokens=10, completion_tokens=2)
    return SimpleNamespace(choices=[SimpleNamespace(message=message)], usage=usage, model="gpt-4o-mini")


def test_transient_errors_are_retried_with_backoff(monkeypatch) -> None:
    litellm = import_litellm()
    attempts = {"n": 0}
    sleeps: list[float] = []

    def completion(**kwargs):
        attempts["n"] += 1
        if attempts["n"] < 3:
            raise litellm.RateLimitError("slow down", llm_provider="openai", model="gpt-4o-mini")
        return _fake_response()

    monkeypatch.setattr(litellm, "completion", completion)
    monkeypatch.setattr("ace_core.llm.litellm_client.time.sleep", sleeps.append)
    monkeypatch.setattr("ace_core.llm.litellm_client.random.random", lambda: 0.5)  # jitter factor 1.0
    client = LiteLLMClient("gpt-4o-mini", check_key=False, backoff=0.5)
    response = client.complete([{"role": "user", "content": "x"}])
    assert response.content == "hi" and attempts["n"] == 3
    assert sleeps == [0.5, 1.0]  # exponential: backoff x 2^attempt
    assert response.usage.prompt_tokens == 10


def test_retries_run_out_with_a_clear_error(monkeypatch) -> None:
    litellm = import_litellm()

    def completion(**kwargs):
        raise litellm.APIConnectionError("down", llm_provider="openai", model="gpt-4o-mini")

    monkeypatch.setattr(litellm, "completion", completion)
    monkeypatch.setattr("ace_core.llm.litellm_client.time.sleep", lambda s: None)
    client = LiteLLMClient("gpt-4o-mini", check_key=False, retries=2)
    with pytest.raises(EnvironmentProblem, match="after 3 attempts"):
        client.complete([{"role": "user", "content": "x"}])


def test_tool_calls_and_malformed_arguments_are_parsed(monkeypatch) -> None:
    litellm = import_litellm()
    calls = [
        SimpleNamespace(id="a", function=SimpleNamespace(name="batch_execute", arguments='{"operations": []}')),
        SimpleNamespace(id="b", function=SimpleNamespace(name="set_fill_color", arguments='{"nodeId": ')),
    ]
    monkeypatch.setattr(litellm, "completion", lambda **kw: _fake_response("", calls))
    response = LiteLLMClient("gpt-4o-mini", check_key=False).complete([{"role": "user", "content": "x"}])
    assert response.tool_calls[0].arguments == {"operations": []}
    assert response.tool_calls[1].arguments is None and response.tool_calls[1].raw_arguments == '{"nodeId": '
