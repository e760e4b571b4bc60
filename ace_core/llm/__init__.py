"""Model access: every LLM call goes through litellm (`LiteLLMClient`), or a scripted model in tests."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ace_core.lazy import lazy_exports

if TYPE_CHECKING:
    from ace_core.llm.client import DEFAULT_MODEL_ENV, LLMClient, LLMResponse, ToolCall, Usage, get_client
    from ace_core.llm.parse import parse_json_object
    from ace_core.llm.tokens import count_tokens

__all__ = [
    "DEFAULT_MODEL_ENV",
    "LLMClient",
    "LLMResponse",
    "ToolCall",
    "Usage",
    "count_tokens",
    "get_client",
    "parse_json_object",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "DEFAULT_MODEL_ENV": "ace_core.llm.client",
        "LLMClient": "ace_core.llm.client",
        "LLMResponse": "ace_core.llm.client",
        "ToolCall": "ace_core.llm.client",
        "Usage": "ace_core.llm.client",
        "get_client": "ace_core.llm.client",
        "parse_json_object": "ace_core.llm.parse",
        "count_tokens": "ace_core.llm.tokens",
    },
)
