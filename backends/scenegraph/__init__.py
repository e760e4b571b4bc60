"""The scene-graph backend: the whole tool suite bound on the IR, with auto-layout re-flow."""

from backends.scenegraph.backend import SceneGraphBackend

__all__ = ["SceneGraphBackend"]
