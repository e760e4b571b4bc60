"""`batch_execute` for every backend: ordered commands, all-or-nothing commit, `$N.field` references.

    outcome = run_batch(params, host)   # params: the validated batch_execute arguments

A `BatchHost` says how to copy the document for a tentative batch (`fork`), how to make a copy
the document (`commit`), and how to run one validated tool on a document (`run`). Commands run
in order on the copy; the first failure stops an atomic batch and the copy is dropped, so the
document is unchanged. Later commands may use earlier results: `"$0.id"`, `"$2.placeholders.title"`,
`"$<op id>.id"`, `"$1.changed_ids[0]"`."""

from __future__ import annotations

import gc
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ace_core.errors import AceError, InternalError, ToolError
from ace_core.tools import registry
from ace_core.tools.session import MAX_BATCH_OPS
from ace_core.tools.spec import ToolSpec
from backends.base import ToolOutcome, error_outcome, ok_outcome

__all__ = ["BatchHost", "resolve_refs", "run_batch"]

_REF = re.compile(r"^\$([A-Za-z0-9_\-]+)((?:\.[A-Za-z0-9_\-]+|\[\d+\])*)$")


@dataclass
class BatchHost:
    """What a backend lends the batch runner. `fork()` returns a working copy of the document,
    `commit(work)` installs it, `live()` is the document itself (non-atomic batches run on it),
    `run(spec, params, work, args)` runs one tool, `tool_error(exc, tool)` names the tool in an
    error. `timings` receives the seconds each command took."""

    fork: Callable[[], Any]
    commit: Callable[[Any], None]
    live: Callable[[], Any]
    run: Callable[[ToolSpec, Any, Any, Any], dict[str, Any]]
    tool_error: Callable[[AceError, str], AceError]
    timings: list[float] = field(default_factory=list)
    forbidden: tuple[str, ...] = ("select_channel",)
    precheck: Callable[[str], None] | None = None
    """called with the tool name before its arguments are checked (e.g. to refuse an unsupported tool)"""


def run_batch(p: Any, host: BatchHost) -> ToolOutcome:
    """Run a validated `batch_execute` (operations, atomic, stopOnError). Never raises for a
    failing command: the outcome names its index, tool, field and reason."""
    ops = p.operations
    if len(ops) > MAX_BATCH_OPS:
        raise ToolError(
            f"{len(ops)} operations exceed the cap of {MAX_BATCH_OPS}", tool="batch_execute", field="operations"
        )
    work = host.fork() if p.atomic else host.live()
    results: list[dict[str, Any]] = []
    by_name: dict[str, dict[str, Any]] = {}
    failed: int | None = None
    host.timings.clear()
    collecting = gc.isenabled()
    gc.disable()  # a long batch allocates many short-lived objects: no cyclic GC pauses mid-batch
    try:
        for i, op in enumerate(ops):
            t0 = time.perf_counter()
            outcome = _batch_op(i, op, work, results, by_name, host)
            host.timings.append(time.perf_counter() - t0)
            outcome["index"] = i
            if op.id is not None:
                outcome["id"] = op.id
            results.append(outcome)
            if outcome["ok"] and op.id is not None:
                by_name[op.id] = outcome["result"]
            if not outcome["ok"] and failed is None:
                failed = i
                if p.stopOnError or p.atomic:
                    break
    finally:
        if collecting:
            gc.enable()
    applied = failed is None or not p.atomic
    if applied and p.atomic:
        host.commit(work)
    data: dict[str, Any] = {"ok": failed is None, "applied": applied, "results": results, "failed_index": failed}
    if failed is not None:
        err = results[failed]["error"]
        data["error"] = {**err, "message": f"operation {failed} ({results[failed]['tool']}): {err['message']}"}
    return {
        "ok": failed is None,
        "tool": "batch_execute",
        "result": data,
        **({"error": data["error"]} if failed is not None else {}),
    }


def _batch_op(
    i: int, op: Any, work: Any, results: list[dict[str, Any]], by_name: dict[str, Any], host: BatchHost
) -> ToolOutcome:
    tool = op.tool
    try:
        if tool == "batch_execute":
            raise ToolError("batch_execute cannot be nested", field=f"operations[{i}].tool")
        spec = registry().get(tool)
        if host.precheck is not None:
            host.precheck(tool)
        args = resolve_refs(op.args, results, by_name, "args")
        params = spec.validate(args)
        if tool in host.forbidden:
            raise ToolError(f"{tool} is not allowed inside batch_execute", field="channel")
        return ok_outcome(tool, host.run(spec, params, work, args))
    except AceError as exc:
        return error_outcome(tool, host.tool_error(exc, tool))
    except Exception as exc:  # a bug in a handler must not take the agent down
        return error_outcome(tool, InternalError(f"{type(exc).__name__}: {exc}", where=f"tool {tool}"))


def resolve_refs(value: Any, results: list[dict[str, Any]], by_name: dict[str, Any], path: str) -> Any:
    """Replace "$N.field" / "$opId.field" strings with values from earlier results."""
    if isinstance(value, dict):
        return {k: resolve_refs(v, results, by_name, f"{path}.{k}") for k, v in value.items()}
    if isinstance(value, list):
        return [resolve_refs(v, results, by_name, f"{path}[{i}]") for i, v in enumerate(value)]
    if not (isinstance(value, str) and value.startswith("$")):
        return value
    m = _REF.match(value)
    if not m:
        return value
    head, rest = m.group(1), m.group(2) or ".id"
    if head in by_name:
        cur: Any = by_name[head]
    elif head.isdigit():
        n = int(head)
        if n >= len(results):
            raise ToolError(f"{value!r} refers to operation {n}, which has not run yet", field=path)
        if not results[n]["ok"]:
            raise ToolError(f"{value!r} refers to operation {n}, which failed", field=path)
        cur = results[n]["result"]
    else:
        raise ToolError(f"{value!r}: no earlier operation with id {head!r}", field=path)
    for part in re.findall(r"\.([A-Za-z0-9_\-]+)|\[(\d+)\]", rest):
        key, idx = part
        try:
            cur = cur[key] if key else cur[int(idx)]
        except (KeyError, IndexError, TypeError):
            raise ToolError(f"{value!r}: the result has no {key or idx!r}", field=path) from None
    return cur
