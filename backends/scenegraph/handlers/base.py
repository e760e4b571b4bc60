"""Handler registration and helpers shared by the handler modules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ace_core.errors import ToolError
from ace_core.ir.nodes import NodeBase
from backends.scenegraph.context import Ctx

__all__ = ["Handler", "HandlerTable", "need_type"]

Handler = Callable[[Ctx, Any], dict[str, Any] | None]


class HandlerTable:
    """The handlers of one module: `@table.bind("tool_name")` on `def handler(ctx, params)`."""

    def __init__(self) -> None:
        self.handlers: dict[str, Handler] = {}

    def bind(self, name: str) -> Callable[[Handler], Handler]:
        def register(fn: Handler) -> Handler:
            if name in self.handlers:
                raise ValueError(f"handler {name} bound twice")
            self.handlers[name] = fn
            return fn

        return register


def need_type(node: NodeBase, types: tuple[str, ...], field: str = "nodeId", what: str = "") -> None:
    """A ToolError unless the node's type is one of `types`."""
    if node.type not in types:
        kinds = " or ".join(types)
        raise ToolError(
            f"{node.id!r} is a {node.type} node; {what or 'this tool'} needs {kinds}",
            field=field,
            hint=f"pick a {kinds} node (get_node_info_by_types finds them)",
        )
