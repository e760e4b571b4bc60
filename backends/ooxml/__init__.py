"""The OOXML backend: the tool suite editing an OpenXML package directly (flat shapes, EMU, no auto-layout)."""

from backends.ooxml.backend import OoxmlBackend

__all__ = ["OoxmlBackend"]
