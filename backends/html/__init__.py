"""The HTML backend: the tool suite editing an HTML deck's DOM (absolute positions, inline CSS, flexbox)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ace_core.lazy import lazy_exports

if TYPE_CHECKING:
    from backends.html.backend import HtmlBackend

__all__ = ["HtmlBackend"]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "HtmlBackend": "backends.html.backend",
    },
)
