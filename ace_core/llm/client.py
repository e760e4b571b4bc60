"""The LLM client contract, its response model, and `get_client(model)`."""

from __future__ import annotations

import os
from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field

from ace_core.errors import BadInputError

__all__ = ["DEFAULT_MODEL_ENV", "LLMClient", "LLMResponse", "Purpose", "ToolCall", "Usage", "get_client"]

DEFAULT_MODEL_ENV = "ACE_MODEL"
Purpose = Literal["route", "agent", "judge_if", "judge_vq", "other"]


class ToolCall(BaseModel):
    id: str = ""
    name: str
    arguments: dict[str, Any] | None = Field(None, description="parsed JSON arguments; None when they did not parse")
    raw_arguments: str = ""


class Usage(BaseModel):
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = Field(
        0, description="prompt tokens served from the provider's prompt cache (part of prompt_tokens)"
    )
    cost: float = Field(0.0, description="USD, from litellm's cost tables (0 when unknown)")

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            prompt_tokens=self.prompt_tokens + other.prompt_tokens,
            completion_tokens=self.completion_tokens + other.completion_tokens,
            cached_tokens=self.cached_tokens + other.cached_tokens,
            cost=self.cost + other.cost,
        )


class LLMResponse(BaseModel):
    content: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)
    model: str = ""
    elapsed: float = Field(0.0, description="seconds")


class LLMClient(Protocol):
    """One chat completion. `messages` are OpenAI-style dicts; `tools` OpenAI function schemas."""

    model: str

    def complete(
        self,
        messages: list[dict[str, Any]],
        *,
        purpose: Purpose = "other",
        tools: list[dict[str, Any]] | None = None,
        temperature: float | None = 0.0,
        max_tokens: int | None = None,
        json_mode: bool = False,
    ) -> LLMResponse: ...


def get_client(model: str | None = None, **options: Any) -> LLMClient:
    """A client for a litellm model string (e.g. `gpt-4o`, `anthropic/claude-sonnet-4-5`), or
    `scripted:<path.json>` for the offline scripted model. Default: $ACE_MODEL."""
    name = model or os.environ.get(DEFAULT_MODEL_ENV)
    if not name:
        raise BadInputError(
            "no model given",
            where="--model",
            hint=f"pass --model MODEL or set {DEFAULT_MODEL_ENV} (any litellm model string)",
        )
    if name.startswith("scripted:"):
        from ace_core.llm.scripted import ScriptedModel

        return ScriptedModel.from_file(name.split(":", 1)[1])
    from ace_core.llm.litellm_client import LiteLLMClient

    return LiteLLMClient(name, **options)
