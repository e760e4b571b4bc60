"""The scene-graph backend: the whole tool suite bound on the IR, with auto-layout re-flow."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ace_core.lazy import lazy_exports

if TYPE_CHECKING:
    from backends.scenegraph.backend import SceneGraphBackend

__all__ = ["SceneGraphBackend"]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "SceneGraphBackend": "backends.scenegraph.backend",
    },
)
