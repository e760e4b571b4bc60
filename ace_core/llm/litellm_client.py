"""The litellm-backed client: retries with backoff on transient errors, a clear missing-key error."""

from __future__ import annotations

import json
import os
import random
import time
from functools import cache
from typing import Any

from ace_core.errors import AceError, BadInputError, EnvironmentProblem
from ace_core.llm.client import LLMResponse, Purpose, ToolCall, Usage

__all__ = ["LiteLLMClient", "import_litellm"]


@cache
def import_litellm():
    """Import litellm with its model-cost map read from the package (no network at import)."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    litellm.suppress_debug_info = True
    return litellm


class LiteLLMClient:
    def __init__(
        self,
        model: str,
        *,
        retries: int = 4,
        backoff: float = 1.0,
        timeout: float = 300.0,
        check_key: bool = True,
        api_base: str | None = None,
    ) -> None:
        self.model = model
        self.retries = retries
        self.backoff = backoff
        self.timeout = timeout
        self.api_base = api_base
        """the provider's endpoint (an OpenAI-compatible server, a proxy); None = litellm's default"""
        if check_key:
            self._check_key()

    def _check_key(self) -> None:
        litellm = import_litellm()
        try:
            env = litellm.validate_environment(self.model)
        except Exception:
            return
        missing = env.get("missing_keys") or []
        if not env.get("keys_in_environment", True) and missing:
            raise BadInputError(
                f"no API key for model {self.model!r}",
                where="--model",
                hint=f"set {', '.join(missing)} in the environment, or use --model scripted:FILE for offline runs",
            )

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
        litellm = import_litellm()
        kwargs: dict[str, Any] = {"model": self.model, "messages": messages, "timeout": self.timeout}
        if self.api_base:
            kwargs["api_base"] = self.api_base
        if tools:
            kwargs["tools"] = tools
            kwargs["tool_choice"] = "auto"
        if temperature is not None:
            kwargs["temperature"] = temperature
        if max_tokens:
            kwargs["max_tokens"] = max_tokens
        if json_mode:
            kwargs["response_format"] = {"type": "json_object"}
        transient = tuple(
            getattr(litellm, name)
            for name in (
                "RateLimitError",
                "APIConnectionError",
                "Timeout",
                "ServiceUnavailableError",
                "InternalServerError",
                "APIError",
            )
            if hasattr(litellm, name)
        )
        auth = getattr(litellm, "AuthenticationError", ())
        started = time.monotonic()
        for attempt in range(self.retries + 1):
            try:
                raw = litellm.completion(**kwargs)
                break
            except auth as exc:  # type: ignore[misc]
                raise BadInputError(
                    f"the provider refused the API key for {self.model!r}",
                    where="--model",
                    hint="check the key in the environment",
                ) from exc
            except transient as exc:  # type: ignore[misc]
                if attempt >= self.retries:
                    raise EnvironmentProblem(
                        f"model call failed after {attempt + 1} attempts: {type(exc).__name__}: {exc}",
                        where=self.model,
                        hint="retry later or use another model",
                    ) from exc
                time.sleep(self.backoff * (2**attempt) * (0.5 + random.random()))
            except AceError:
                raise
            except Exception as exc:
                raise EnvironmentProblem(f"model call failed: {type(exc).__name__}: {exc}", where=self.model) from exc
        return self._response(raw, time.monotonic() - started)

    def _response(self, raw: Any, elapsed: float) -> LLMResponse:
        litellm = import_litellm()
        choice = raw.choices[0]
        message = choice.message
        calls = []
        for tc in getattr(message, "tool_calls", None) or []:
            text = tc.function.arguments or ""
            try:
                args = json.loads(text) if text else {}
                if not isinstance(args, dict):
                    args = None
            except json.JSONDecodeError:
                args = None
            calls.append(ToolCall(id=tc.id or "", name=tc.function.name or "", arguments=args, raw_arguments=text))
        usage = getattr(raw, "usage", None)
        try:
            cost = float(litellm.completion_cost(completion_response=raw) or 0.0)
        except Exception:
            cost = 0.0
        return LLMResponse(
            content=message.content or "",
            tool_calls=calls,
            usage=Usage(
                prompt_tokens=getattr(usage, "prompt_tokens", 0) or 0,
                completion_tokens=getattr(usage, "completion_tokens", 0) or 0,
                cached_tokens=_cached_tokens(usage),
                cost=cost,
            ),
            model=getattr(raw, "model", self.model) or self.model,
            elapsed=elapsed,
        )


def _cached_tokens(usage: Any) -> int:
    """Prompt tokens read from the provider's cache: OpenAI's prompt_tokens_details.cached_tokens,
    Anthropic's cache_read_input_tokens (0 when the provider reports neither)."""
    details = getattr(usage, "prompt_tokens_details", None)
    cached = getattr(details, "cached_tokens", None) if details is not None else None
    if not cached:
        cached = getattr(usage, "cache_read_input_tokens", None)
    try:
        return int(cached or 0)
    except (TypeError, ValueError):
        return 0
