"""The op-batch parser: a JSON list of {tool, args, id?} (or {operations: [...]}) from a file or an agent.

Every malformed batch is a BadInputError naming the operation and field (exit 2): not JSON, not a
list, empty, longer than the batch limit, an entry that is not an object, a tool that is not a
name, args that are not an object, unknown keys."""

from __future__ import annotations

from typing import Any

from ace_core.errors import BadInputError
from ace_core.jsonio import parse_json
from ace_core.tools.session import MAX_BATCH_OPS

__all__ = ["parse_operations"]

_HINT = "give a JSON list of {tool, args, id?} objects (or {operations: [...]})"
_KEYS = {"tool", "args", "id"}


def parse_operations(raw: str | bytes | Any, *, where: str, limit: int = MAX_BATCH_OPS) -> list[dict[str, Any]]:
    """The operations of a batch, checked; `raw` is JSON text or already-decoded JSON."""
    data = parse_json(raw, where=where, hint=_HINT).data if isinstance(raw, str | bytes | bytearray) else raw
    if isinstance(data, dict) and "operations" not in data:
        raise BadInputError(
            "expected a list of operations, found an object without 'operations'", where=where, hint=_HINT
        )
    items = data.get("operations") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise BadInputError(f"expected a list of operations, found {_kind(items)}", where=where, hint=_HINT)
    if not items:
        raise BadInputError("the batch holds no operations", where=where, hint=_HINT)
    if len(items) > limit:
        raise BadInputError(
            f"the batch holds {len(items):,} operations, over the limit of {limit:,}",
            where=where,
            hint="split it into several batches",
        )
    for i, item in enumerate(items):
        at = f"{where}, operation {i}"
        if not isinstance(item, dict):
            raise BadInputError(f"an operation must be an object, found {_kind(item)}", where=at, hint=_HINT)
        extra = sorted(str(k) for k in item if k not in _KEYS)
        if extra:
            raise BadInputError(f"unknown key(s) {', '.join(map(repr, extra))[:200]}", where=at, hint=_HINT)
        tool = item.get("tool")
        if not isinstance(tool, str) or not tool.strip():
            raise BadInputError(f"field 'tool' must be a tool name, found {_kind(tool)}", where=at, hint=_HINT)
        if len(tool) > 100:
            raise BadInputError("field 'tool' is not a tool name (over 100 characters)", where=at, hint=_HINT)
        if "args" in item and not isinstance(item["args"], dict):
            raise BadInputError(f"field 'args' must be an object, found {_kind(item['args'])}", where=at, hint=_HINT)
        if item.get("id") is not None and not isinstance(item["id"], str):
            raise BadInputError(f"field 'id' must be a string, found {_kind(item['id'])}", where=at, hint=_HINT)
    return items


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
