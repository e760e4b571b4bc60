"""Token counting: litellm's counter for the chosen model, tiktoken as fallback, chars/4 last."""

from __future__ import annotations

import os
from functools import cache

__all__ = ["count_tokens"]


@cache
def _tiktoken_encoding():
    try:
        import tiktoken

        _use_litellm_tokenizer_cache()
        return tiktoken.get_encoding("cl100k_base")
    except Exception:  # no tiktoken or no cached encoding offline
        return None


def _use_litellm_tokenizer_cache() -> None:
    """litellm ships the cl100k encoding; point tiktoken at it so counting works offline."""
    if os.environ.get("TIKTOKEN_CACHE_DIR"):
        return
    try:
        import importlib.util

        spec = importlib.util.find_spec("litellm")
        if spec and spec.submodule_search_locations:
            path = os.path.join(next(iter(spec.submodule_search_locations)), "litellm_core_utils", "tokenizers")
            if os.path.isdir(path):
                os.environ["TIKTOKEN_CACHE_DIR"] = path
    except Exception:
        return


def count_tokens(text: str, model: str | None = None) -> int:
    """Tokens of `text` for `model` (litellm's counter when a real model is named)."""
    if model and not model.startswith("scripted:"):
        try:
            from ace_core.llm.litellm_client import import_litellm

            return int(import_litellm().token_counter(model=model, text=text))
        except Exception:
            pass
    enc = _tiktoken_encoding()
    if enc is not None:
        return len(enc.encode(text, disallowed_special=()))
    return max(1, len(text) // 4)
