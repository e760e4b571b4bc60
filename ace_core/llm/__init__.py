"""Model access: every LLM call goes through litellm (`LiteLLMClient`), or a scripted model in tests."""

from ace_core.llm.client import (
    DEFAULT_MODEL_ENV,
    LLMClient,
    LLMResponse,
    ToolCall,
    Usage,
    get_client,
)
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
