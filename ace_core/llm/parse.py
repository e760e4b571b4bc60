"""Robust parsing of model output: JSON objects inside fences, prose or trailing text."""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["parse_json_object"]

_FENCE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.S)


def parse_json_object(text: str) -> dict[str, Any] | None:
    """The first JSON object in `text` (fenced or bare, with text around it), or None."""
    if not text:
        return None
    candidates = [m.group(1) for m in _FENCE.finditer(text)] + [text]
    for chunk in candidates:
        chunk = chunk.strip()
        try:
            value = json.loads(chunk)
            if isinstance(value, dict):
                return value
        except json.JSONDecodeError:
            pass
        found = _first_object(chunk)
        if found is not None:
            return found
    return None


def _first_object(text: str) -> dict[str, Any] | None:
    """Scan for balanced braces (string-aware) and return the first that parses as an object."""
    start = text.find("{")
    while start != -1:
        depth = 0
        in_str = False
        escape = False
        for i in range(start, len(text)):
            ch = text[i]
            if in_str:
                if escape:
                    escape = False
                elif ch == "\\":
                    escape = True
                elif ch == '"':
                    in_str = False
            elif ch == '"':
                in_str = True
            elif ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    try:
                        value = json.loads(text[start : i + 1])
                    except json.JSONDecodeError:
                        break
                    if isinstance(value, dict):
                        return value
                    break
        start = text.find("{", start + 1)
    return None
