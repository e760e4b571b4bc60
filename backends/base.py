"""The Backend protocol: document state, the tools bound to it, the agent's view of it, renders."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from ace_core.errors import AceError, ToolError, UnsupportedError
from ace_core.ir.deck import Deck
from ace_core.tools.spec import ToolSpec

__all__ = [
    "Backend",
    "ChannelHost",
    "SerializeMode",
    "ToolOutcome",
    "crop_to",
    "error_outcome",
    "named_tool_error",
    "ok_outcome",
]


class SerializeMode(StrEnum):
    """What an agent prompt carries (the router's modes, see DESIGN.md "Router"):

    MICRO: the full tree of the target slides, id and name of the others;
    MACRO: a skeleton of every slide (ids, names, types, text), boxes on the target slides;
    SYSTEMIC: colours and fonts with their usage, plus the skeleton;
    FULL: everything; SLIDE: the full tree of the target slides only."""

    MICRO = "MICRO"
    MACRO = "MACRO"
    SYSTEMIC = "SYSTEMIC"
    FULL = "FULL"
    SLIDE = "SLIDE"


ToolOutcome = dict[str, Any]
"""`{"ok": True, "tool": name, "result": {...}}` or `{"ok": False, "tool": name, "error": {...}}`,
the error naming the tool, the field, the reason and a hint, so an LLM can correct itself."""


def ok_outcome(tool: str, result: dict[str, Any]) -> ToolOutcome:
    return {"ok": True, "tool": tool, "result": result}


def error_outcome(tool: str, exc: AceError) -> ToolOutcome:
    """A tool failure as an answer: {ok: false, tool, error: {kind, message, tool, field, reason, hint}}."""
    field = exc.field if isinstance(exc, ToolError) else None
    error = {
        "kind": exc.kind,
        "message": exc.message,
        "tool": getattr(exc, "tool", None) or tool,
        "field": field,
        "reason": exc.what,
        "hint": exc.hint,
    }
    return {"ok": False, "tool": tool, "error": error}


def named_tool_error(exc: AceError, tool: str, backend: str) -> AceError:
    """A handler's error with the tool named (handlers raise without it); an unsupported operation
    says which backend refused it."""
    if isinstance(exc, ToolError):
        if exc.tool is None:
            return ToolError(exc.what, tool=tool, field=exc.field, hint=exc.hint)
        return exc
    if isinstance(exc, UnsupportedError) and "unsupported" not in exc.what:
        return UnsupportedError(f"unsupported on {backend}: {exc.what}", where=f"tool {tool}", hint=exc.hint)
    return exc


def crop_to(img: Any, crop: tuple[float, float, float, float], k: float) -> Any:
    """A PIL image cropped to a slide-px box (x, y, w, h) scaled by `k` image px per slide px,
    clamped to the image."""
    x, y, w, h = (v * k for v in crop)
    return img.crop((max(0, round(x)), max(0, round(y)), min(img.width, round(x + w)), min(img.height, round(y + h))))


class ChannelHost:
    """Channels (named open documents) and batches, shared by every backend: `docs`, `active` and
    `_in_batch` are the host's; `execute` runs one tool."""

    docs: dict[str, Any]
    active: str | None
    _in_batch: bool

    execute: Callable[..., ToolOutcome]

    def select_channel(self, channel: str) -> None:
        if self._in_batch:
            raise ToolError("select_channel is not allowed inside batch_execute", field="channel")
        if channel not in self.docs:
            raise ToolError(f"no channel {channel!r}", field="channel", hint=f"open channels: {', '.join(self.docs)}")
        self.active = channel

    def batch(
        self, operations: list[dict[str, Any]], *, atomic: bool = True, stop_on_error: bool = True
    ) -> ToolOutcome:
        return self.execute("batch_execute", {"operations": operations, "atomic": atomic, "stopOnError": stop_on_error})


@runtime_checkable
class Backend(Protocol):
    """An editing substrate. Every backend binds the same tool names and schemas; a tool it cannot
    support answers `{ok: false}` with an "unsupported on <backend>: <reason>" error."""

    name: str

    def load(self, deck: Deck) -> None:
        """Take a deck as the document to edit (the backend works on its own copy)."""
        ...

    def export(self) -> Deck:
        """The edited document as a deck (a copy: later edits do not change it)."""
        ...

    def tools(self) -> list[ToolSpec]:
        """The specs of the tools this backend binds."""
        ...

    def supports(self, tool: str) -> bool: ...

    def execute(self, tool: str, args: dict[str, Any] | None = None) -> ToolOutcome:
        """Run one tool call. Never raises for tool errors: they come back as `{ok: false}`."""
        ...

    def batch(
        self, operations: list[dict[str, Any]], *, atomic: bool = True, stop_on_error: bool = True
    ) -> ToolOutcome:
        """`batch_execute`: ordered, atomic by default, with `$N.field` references."""
        ...

    def serialize(self, mode: SerializeMode | str = SerializeMode.FULL, slide_ids: list[str] | None = None) -> str:
        """The document as text for the agent, carrying what `mode` says (targets: `slide_ids`,
        default the focused slide)."""
        ...

    def render(self, out_dir: Path, slide_ids: list[str] | None = None, *, scale: float = 1.0) -> list[Path]:
        """PNG per slide (all, or `slide_ids`) into `out_dir`; returns the paths in order."""
        ...
