"""The OOXML backend: the tool suite editing an OpenXML package directly (flat shapes, EMU, no auto-layout)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ace_core.lazy import lazy_exports

if TYPE_CHECKING:
    from backends.ooxml.backend import OoxmlBackend

__all__ = ["OoxmlBackend"]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "OoxmlBackend": "backends.ooxml.backend",
    },
)
