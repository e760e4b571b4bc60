"""Every tool of the suite as an MCP tool: the agent's JSON schema plus a `deck` handle, run on that
deck's backend with roots enforced on file arguments and each committed call kept for undo."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ace_core.errors import AceError, InternalError, ToolError
from ace_core.tools import registry
from ace_core.tools.spec import ToolSpec
from cli.mcp.sessions import Sessions

__all__ = ["DECK_PROPERTY", "Reply", "ToolDef", "error_reply", "suite_tools"]

DECK_PROPERTY = {"type": "string", "minLength": 1, "description": "the deck handle open_deck returned (e.g. 'd1')"}
IMAGE_TOOLS = ("get_result_image", "export_slide_image")
DESTRUCTIVE = ("delete_node", "delete_slide", "clear_canvas", "import_json")
SLOW = frozenset(
    {
        *IMAGE_TOOLS,
        "insert_slides_from",
        "import_chart_data",
        "create_image",
        "set_image_fill",
        "set_slide_background",
        "search_unsplash_images",
        "insert_unsplash_image",
        "create_math",
        "set_presentation_size",
    }
)
"""suite tools that read files, render or re-flow the whole deck: they always run on a worker thread"""
QUICK_BATCH = 50
BATCH_NOTE = (
    "\n\nOn this server a batch is always one atomic commit (one undo step): if any operation fails, "
    "nothing is applied."
)


@dataclass
class Reply:
    """What a tool answers: `data` (structured), `text` (default: `data` as JSON), PNG images, error flag."""

    data: dict[str, Any]
    text: str | None = None
    images: list[bytes] = field(default_factory=list)
    error: bool = False

    def body(self) -> str:
        return self.text if self.text is not None else json.dumps(self.data, ensure_ascii=False, default=str)


def error_reply(exc: BaseException, tool: str) -> Reply:
    """An exception as a tool error: ACE's one-line message (a bug says so, without a traceback)."""
    if not isinstance(exc, AceError):
        exc = InternalError(f"{type(exc).__name__}: {exc}", where=f"tool {tool}", hint="report it as a bug")
    data = {"ok": False, "tool": tool, "error": exc.to_dict()}
    return Reply(data=data, text=exc.message, error=True)


@dataclass
class ToolDef:
    """One MCP tool: its name, description, input schema, hints, and the function answering it."""

    name: str
    description: str
    schema: dict[str, Any]
    run: Callable[[dict[str, Any]], Reply]
    read_only: bool = False
    destructive: bool = False
    title: str | None = None
    quick: Callable[[dict[str, Any]], bool] | None = None
    """True for a call expected to take milliseconds: the server runs it on its event loop,
    sparing two thread hand-offs (they dominate a small call's latency on a busy machine)"""


def suite_tools(sessions: Sessions, backend: str) -> list[ToolDef]:
    """The suite's tools that `backend` binds (the server's default backend), each taking `deck`."""
    from backends.native import make_backend

    bound = make_backend(backend)
    out = []
    for spec in registry().specs():
        if bound.supports(spec.name):
            out.append(_tool_def(spec, sessions))
    return out


def _tool_def(spec: ToolSpec, sessions: Sessions) -> ToolDef:
    schema = spec.json_schema()
    schema["properties"] = {"deck": DECK_PROPERTY, **schema.get("properties", {})}
    schema["required"] = ["deck", *[r for r in schema.get("required", []) if r != "deck"]]
    doc = spec.doc + (BATCH_NOTE if spec.name == "batch_execute" else "")
    return ToolDef(
        name=spec.name,
        description=doc,
        schema=schema,
        run=lambda args: run_suite_tool(sessions, spec.name, args),
        read_only=not spec.mutates,
        destructive=spec.name in DESTRUCTIVE,
        title=spec.summary.rstrip("."),
        quick=lambda args: quick_call(spec.name, args),
    )


def quick_call(tool: str, args: dict[str, Any]) -> bool:
    """A suite call that takes milliseconds: not a render or file read, a batch of a few such."""
    if tool == "batch_execute":
        ops = args.get("operations")
        return (
            isinstance(ops, list)
            and len(ops) <= QUICK_BATCH
            and all(isinstance(op, dict) and op.get("tool") not in SLOW for op in ops)
        )
    return tool not in SLOW


def run_suite_tool(sessions: Sessions, tool: str, arguments: dict[str, Any]) -> Reply:
    """One suite call on the deck its `deck` argument names; an edit that commits is one undo step."""
    args = dict(arguments or {})
    session = sessions.get(args.pop("deck", None), tool=tool)
    be = session.backend
    args = sessions.roots.police_args(tool, args, getattr(be, "images", None))
    if tool == "batch_execute":
        args["atomic"] = True  # as the agent binding does: one round, one commit, all or nothing
    before = session.document()
    outcome = be.execute(tool, args)
    committed = session.record(before)
    if not outcome.get("ok"):
        return _failed(outcome, tool, committed)
    result = dict(outcome.get("result") or {})
    images: list[bytes] = []
    if tool in IMAGE_TOOLS and result.get("path"):
        images.append(_take_image(Path(result["path"])))
        result["path"] = None
        result["image"] = "attached as image content"
    data = {"ok": True, "tool": tool, "deck": session.handle, "result": result}
    if committed:
        data["undo_available"] = len(session.undo_stack)
    return Reply(data=data, images=images)


def _failed(outcome: dict[str, Any], tool: str, committed: bool) -> Reply:
    err = outcome.get("error") or {}
    message = err.get("message") or "the tool failed"
    if tool == "batch_execute":
        message += "; nothing was applied"
    if err.get("hint") and err["hint"] not in message:
        message += f" ({err['hint']})"
    data = {"ok": False, "tool": tool, "error": err, "applied": committed}
    result = outcome.get("result")
    if isinstance(result, dict) and "results" in result:
        data["results"] = result["results"]
        data["failed_index"] = result.get("failed_index")
    return Reply(data=data, text=message, error=True)


def _take_image(path: Path) -> bytes:
    """The bytes of a render a tool wrote into its backend's work folder, which is then removed."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ToolError(f"the render could not be read back: {exc}") from exc
    folder = path.parent
    path.unlink(missing_ok=True)
    if folder.name.startswith("render-"):
        shutil.rmtree(folder, ignore_errors=True)
    return data
