"""A deterministic, offline model that answers from a script: routing, judge and agent turns.

Script (JSON): one queue per purpose; each call of that purpose takes the next item (the last one
repeats when the queue runs out). An item is a string (the reply text), an object with
`content` / `tool_calls`, or any other object (sent as its JSON text — for route / judge replies).
A tool call's `arguments` may be a string, to script malformed JSON.

    {"route": [{"mode": "MICRO_SPATIAL", "target_slides": [2], "reason": "names slide 2"}],
     "agent": [{"tool_calls": [{"name": "batch_execute", "arguments": {"operations": []}}]}],
     "judge_if": [{"instruction_following_score": 3, "instruction_following_reason": "..."}]}

Answers that depend on the prompt go under `match`: a text -> a script of the same shape. A call
whose messages contain that text (the first such key in script order) takes its items from there,
for the purposes that script has, each with its own queue; other calls use the top-level queues.
So a run of many tasks, in any order or concurrently, gets each task's scripted answer:

    {"match": {"Make the title red": {"agent": [...], "judge_if": [{"instruction_following_score": 5}]}}}
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ace_core.errors import BadInputError
from ace_core.llm.client import LLMResponse, Purpose, ToolCall, Usage

__all__ = ["ScriptedModel"]

_PURPOSES = ("route", "agent", "judge_if", "judge_vq", "other")


class ScriptedModel:
    model = "scripted"

    def __init__(self, script: dict[str, Any], *, name: str = "scripted") -> None:
        matches = script.get("match") or {}
        if not isinstance(matches, dict) or not all(isinstance(v, dict) for v in matches.values()):
            raise BadInputError("'match' must be an object of text -> script", where=name)
        self.script = _queues({k: v for k, v in script.items() if k != "match"}, name)
        self.matches = {text: _queues(sub, f"{name}: match {text[:40]!r}") for text, sub in matches.items()}
        self.model = f"scripted:{name}"
        self.calls: list[dict[str, Any]] = []
        self._next: dict[tuple[str | None, str], int] = {}

    @classmethod
    def from_file(cls, path: str | Path) -> ScriptedModel:
        p = Path(path)
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except FileNotFoundError as exc:
            raise BadInputError("script file not found", where=str(p), hint="--model scripted:PATH.json") from exc
        except json.JSONDecodeError as exc:
            raise BadInputError(f"script is not valid JSON: {exc.msg} (line {exc.lineno})", where=str(p)) from exc
        if not isinstance(data, dict):
            raise BadInputError("script must be a JSON object of queues", where=str(p))
        return cls(data, name=str(p))

    def complete(
        self,
        messages: list[dict[str, Any]],
        *,
        purpose: Purpose = "other",
        tools: list[dict[str, Any]] | None = None,
        temperature: float | None = 0.0,
        max_tokens: int | None = None,
        json_mode: bool = False,
    ) -> LLMResponse:
        self.calls.append({"purpose": purpose, "messages": messages, "tools": tools})
        texts = [_text(m.get("content")) for m in messages]
        key: str | None = None
        queue = self.script.get(purpose) or []
        for text, sub in self.matches.items():
            if purpose in sub and any(text in t for t in texts):
                key, queue = text, sub[purpose]
                break
        if not queue:
            item: Any = ""
        else:
            i = self._next.get((key, purpose), 0)
            item = queue[min(i, len(queue) - 1)]
            self._next[(key, purpose)] = i + 1
        prompt_chars = sum(len(t) for t in texts)
        response = _to_response(item)
        response.model = self.model
        response.usage = Usage(
            prompt_tokens=max(1, prompt_chars // 4), completion_tokens=max(1, len(response.content) // 4)
        )
        return response


def _queues(script: dict[str, Any], name: str) -> dict[str, list[Any]]:
    unknown = set(script) - set(_PURPOSES)
    if unknown:
        raise BadInputError(f"unknown script keys {sorted(unknown)}", where=name, hint=f"use {', '.join(_PURPOSES)}")
    return {k: list(v) if isinstance(v, list) else [v] for k, v in script.items()}


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return ""


def _to_response(item: Any) -> LLMResponse:
    if isinstance(item, str):
        return LLMResponse(content=item)
    if isinstance(item, dict) and ({"content", "tool_calls"} & set(item)):
        calls = []
        for n, call in enumerate(item.get("tool_calls") or []):
            args = call.get("arguments", {})
            if isinstance(args, str):
                try:
                    parsed = json.loads(args)
                    parsed = parsed if isinstance(parsed, dict) else None
                except json.JSONDecodeError:
                    parsed = None
                calls.append(ToolCall(id=f"call_{n}", name=call.get("name", ""), arguments=parsed, raw_arguments=args))
            else:
                calls.append(
                    ToolCall(id=f"call_{n}", name=call.get("name", ""), arguments=args, raw_arguments=json.dumps(args))
                )
        return LLMResponse(content=item.get("content") or "", tool_calls=calls)
    return LLMResponse(content=json.dumps(item))
