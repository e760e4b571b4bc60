"""Editing substrates (scenegraph, ooxml, html), each binding the tool suite, and renderers (render/)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ace_core.lazy import lazy_exports

if TYPE_CHECKING:
    from backends.agent_binding import AgentBinding
    from backends.base import Backend, SerializeMode, ToolOutcome
    from backends.html.backend import HtmlBackend
    from backends.native import BACKEND_NAMES, make_backend
    from backends.ooxml.backend import OoxmlBackend
    from backends.render.chromium import RenderResult, render_deck, render_html
    from backends.render.libreoffice import render_pptx
    from backends.scenegraph.backend import SceneGraphBackend

__all__ = [
    "BACKEND_NAMES",
    "AgentBinding",
    "Backend",
    "HtmlBackend",
    "OoxmlBackend",
    "RenderResult",
    "SceneGraphBackend",
    "SerializeMode",
    "ToolOutcome",
    "make_backend",
    "render_deck",
    "render_html",
    "render_pptx",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "AgentBinding": "backends.agent_binding",
        "Backend": "backends.base",
        "SerializeMode": "backends.base",
        "ToolOutcome": "backends.base",
        "HtmlBackend": "backends.html.backend",
        "BACKEND_NAMES": "backends.native",
        "make_backend": "backends.native",
        "OoxmlBackend": "backends.ooxml.backend",
        "RenderResult": "backends.render.chromium",
        "render_deck": "backends.render.chromium",
        "render_html": "backends.render.chromium",
        "render_pptx": "backends.render.libreoffice",
        "SceneGraphBackend": "backends.scenegraph.backend",
    },
)
