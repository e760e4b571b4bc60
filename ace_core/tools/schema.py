"""JSON schemas of tool parameters for function calling: refs inlined, titles dropped, Draft 2020-12."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from pydantic import BaseModel

__all__ = ["params_schema"]

_DROP = {"title"}


@cache
def _schema(model: type[BaseModel]) -> dict[str, Any]:
    raw = model.model_json_schema(mode="validation")
    defs = raw.pop("$defs", {})
    out = _inline(raw, defs, ())
    out.pop("description", None)  # the tool's description carries the docstring
    out.setdefault("type", "object")
    out.setdefault("properties", {})
    out["additionalProperties"] = False
    return out


def params_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The parameters schema of a tool: a self-contained object schema (no $ref, no titles)."""
    return copy.deepcopy(_schema(model))


def _inline(node: Any, defs: dict[str, Any], seen: tuple[str, ...]) -> Any:
    if isinstance(node, list):
        return [_inline(v, defs, seen) for v in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        name = ref.rsplit("/", 1)[1]
        if name in seen:
            raise ValueError(f"recursive parameter model {name}: use list[Any] with a validator instead")
        target = _inline(defs[name], defs, (*seen, name))
        extra = {k: v for k, v in node.items() if k != "$ref" and k not in _DROP}
        merged = {**target, **extra}
        return merged
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in _DROP and not isinstance(value, dict):
            continue
        if key == "properties" and isinstance(value, dict):
            out[key] = {k: _inline(v, defs, seen) for k, v in value.items()}
        else:
            out[key] = _inline(value, defs, seen)
    if "anyOf" in out:
        out["anyOf"] = _flatten_any_of(out["anyOf"], out)
    return out


def _flatten_any_of(options: list[Any], parent: dict[str, Any]) -> list[Any]:
    """Nested anyOf lists become one; a nested option's description moves up to the parent."""
    flat: list[Any] = []
    for opt in options:
        if isinstance(opt, dict) and "anyOf" in opt and set(opt) <= {"anyOf", "description"}:
            if "description" in opt:
                parent.setdefault("description", opt["description"])
            flat.extend(opt["anyOf"])
        else:
            flat.append(opt)
    return flat
