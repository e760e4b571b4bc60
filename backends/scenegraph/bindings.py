"""Every tool name bound to its scene-graph handler (built explicitly from the handler modules)."""

from __future__ import annotations

from backends.scenegraph.handlers import (
    charts,
    create,
    inspect,
    layout,
    ops,
    session,
    slides,
    smartart,
    style,
    tables,
    text,
)
from backends.scenegraph.handlers.base import Handler

__all__ = ["HANDLERS"]


def _merge() -> dict[str, Handler]:
    out: dict[str, Handler] = {}
    for module in (inspect, create, text, style, layout, ops, slides, charts, smartart, tables, session):
        for name, fn in module.HANDLERS.items():
            if name in out:
                raise ValueError(f"tool {name} is bound twice")
            out[name] = fn
    return out


HANDLERS = _merge()
