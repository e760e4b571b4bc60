"""Bind any Backend to the agent loop: function schemas, routed serialization, one atomic commit."""

from __future__ import annotations

from typing import Any

from ace_core.errors import UnsupportedError
from ace_core.ir.deck import Deck
from ace_core.tools.registry import registry
from backends.base import Backend, error_outcome

__all__ = ["AgentBinding"]

_MODE = {"MICRO_SPATIAL": "MICRO", "MACRO_PROGRAMMATIC": "MACRO", "SYSTEMIC_TOKEN": "SYSTEMIC", "FULL": "FULL"}


class AgentBinding:
    """`ace_core.agent.AgentBackend` over a `backends.base.Backend`. With `tools`, the agent sees
    only those tools and a round that calls any other (inside batch_execute too) is refused whole,
    naming the tool and `withheld` (why it is not offered)."""

    def __init__(self, backend: Backend, *, tools: list[str] | None = None, withheld: str = "") -> None:
        self.backend = backend
        self.name = backend.name
        self._tools = tools
        self._withheld = withheld or "not among the tools offered to the agent"

    def load(self, deck: Deck) -> None:
        self.backend.load(deck)

    def export(self) -> Deck:
        return self.backend.export()

    def tool_schemas(self) -> list[dict[str, Any]]:
        names = self._tools or [s.name for s in self.backend.tools()]
        return registry().openai_tools(names)

    def serialize(self, mode: str, targets: list[int] | None = None) -> str:
        ids: list[str] = []
        if targets:
            slides = self._slide_ids()
            ids = [slides[t] for t in targets if 0 <= t < len(slides)]
        return self.backend.serialize(_MODE.get(mode, mode), ids or None)

    def _slide_ids(self) -> list[str]:
        """The document's slide ids in order, without copying the deck when the backend can say."""
        live = getattr(self.backend, "deck", None)  # the scene graph's live deck (read only)
        if live is None and hasattr(self.backend, "view"):
            live = self.backend.view()  # a native backend's cached read-back
        deck = live if live is not None else self.backend.export()
        return [s.id for s in deck.slides]

    def commit(self, calls: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
        """All calls of a round as one atomic batch (a lone batch_execute call is that batch)."""
        refused = self._refused(calls)
        if refused is not None:
            return [refused]
        if len(calls) == 1 and calls[0][0] == "batch_execute":
            args = dict(calls[0][1])
            args["atomic"] = True
            outcome = self.backend.execute("batch_execute", args)
        else:
            operations: list[dict[str, Any]] = []
            for name, args in calls:
                if name == "batch_execute":
                    operations.extend(args.get("operations") or [])
                else:
                    operations.append({"tool": name, "args": args})
            outcome = self.backend.batch(operations, atomic=True)
        if not outcome.get("ok") and "results" not in (outcome.get("result") or {}):
            return [outcome]
        results = (outcome.get("result") or {}).get("results") or []
        return results or [outcome]

    def _refused(self, calls: list[tuple[str, dict[str, Any]]]) -> dict[str, Any] | None:
        """The error outcome for the first call of a tool the agent was not offered, else None."""
        if self._tools is None:
            return None
        allowed = {*self._tools, "batch_execute"}
        names = []
        for name, args in calls:
            names.append(name)
            if name == "batch_execute":
                names.extend(str(op.get("tool")) for op in args.get("operations") or [] if isinstance(op, dict))
        for name in names:
            if name not in allowed:
                exc = UnsupportedError(
                    f"{name} is withheld: {self._withheld}; nothing was applied", where=f"tool {name}"
                )
                return error_outcome(name, exc)
        return None
