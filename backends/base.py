"""The Backend protocol: document state, the tools bound to it, the agent's view of it, renders."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from ace_core.errors import AceError, ToolError
from ace_core.ir.deck import Deck
from ace_core.tools.spec import ToolSpec

__all__ = ["Backend", "SerializeMode", "ToolOutcome", "error_outcome", "ok_outcome"]


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
