"""JSON from untrusted input (IR, Figma, op batches, attributes): one parser, every failure a BadInputError.

Refused: text that is not UTF-8, invalid JSON, `NaN` / `Infinity` and numbers that overflow a
float, integers of more than 1,000 digits, nesting deeper than MAX_JSON_DEPTH. Repaired (and
counted, so the caller can report it): lone UTF-16 surrogates from `\\ud800`-style escapes,
which no UTF-8 file and no XML can hold, become U+FFFD."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

from ace_core.errors import BadInputError

__all__ = ["MAX_JSON_DEPTH", "ParsedJson", "fix_surrogates", "parse_json"]

MAX_JSON_DEPTH = 512
MAX_INT_DIGITS = 1000
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_LONE = re.compile("[\ud800-\udfff]")


class _Refused(ValueError):
    pass


def _constant(name: str) -> Any:
    raise _Refused(f"{name} is not a JSON number")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"the number {text[:40]} is too large")
    return value


def _int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise _Refused(f"a number of {digits:,} digits")
    return int(text)


@dataclass
class ParsedJson:
    data: Any
    repaired: int = 0
    """strings whose lone surrogates were replaced by U+FFFD"""


def fix_surrogates(text: str) -> str:
    """`text` with lone surrogates replaced by U+FFFD (pairs written as two escapes are joined)."""
    if not _LONE.search(text):
        return text
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def parse_json(raw: str | bytes, *, where: str, hint: str | None = None, max_depth: int = MAX_JSON_DEPTH) -> ParsedJson:
    """Parse untrusted JSON (see the module docstring)."""
    if isinstance(raw, bytes | bytearray):
        try:
            text = bytes(raw).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise BadInputError(f"not UTF-8 text (byte {exc.start})", where=where, hint=hint) from exc
        has_escapes = _SURROGATE_ESCAPE.search(raw) is not None
    else:
        text = raw.removeprefix("\ufeff")
        has_escapes = _SURROGATE_ESCAPE.search(text.encode("utf-8", "surrogatepass")) is not None or bool(
            _LONE.search(text)
        )
    try:
        data = json.loads(text, parse_constant=_constant, parse_float=_float, parse_int=_int)
    except _Refused as exc:
        raise BadInputError(f"not valid JSON: {exc}", where=where, hint=hint) from None
    except json.JSONDecodeError as exc:
        cut = " (the file looks truncated)" if exc.pos >= len(text.rstrip()) - 1 else ""
        raise BadInputError(
            f"not valid JSON: line {exc.lineno} column {exc.colno}: {exc.msg}{cut}", where=where, hint=hint
        ) from None
    except RecursionError:
        raise BadInputError(
            f"the JSON is nested too deeply (limit {max_depth} levels)", where=where, hint=hint
        ) from None
    except ValueError as exc:  # int() digit limits and the like
        raise BadInputError(f"not valid JSON: {exc}", where=where, hint=hint) from None
    out = ParsedJson(data)
    _walk(out, max_depth, has_escapes, where, hint)
    return out


def _walk(out: ParsedJson, max_depth: int, strings: bool, where: str, hint: str | None) -> None:
    """Check the depth and (when the text had surrogate escapes) repair strings, iteratively."""
    root = out.data
    if not isinstance(root, dict | list):
        if strings and isinstance(root, str):
            fixed = fix_surrogates(root)
            out.repaired += fixed != root
            out.data = fixed
        return
    stack: list[tuple[Any, int]] = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > max_depth:
            raise BadInputError(f"the JSON is nested too deeply (limit {max_depth} levels)", where=where, hint=hint)
        if isinstance(node, dict):
            if strings:
                for key in list(node):
                    value = node[key]
                    new_key = fix_surrogates(key) if isinstance(key, str) else key
                    if isinstance(value, str):
                        fixed = fix_surrogates(value)
                        if fixed != value:
                            out.repaired += 1
                            value = fixed
                    if new_key != key:
                        out.repaired += 1
                        del node[key]
                    node[new_key] = value
            for value in node.values():
                if isinstance(value, dict | list):
                    stack.append((value, depth + 1))
        else:
            for i, value in enumerate(node):
                if isinstance(value, dict | list):
                    stack.append((value, depth + 1))
                elif strings and isinstance(value, str):
                    fixed = fix_surrogates(value)
                    if fixed != value:
                        out.repaired += 1
                        node[i] = fixed
