"""Format <-> IR converters: ooxml (.pptx), html (slide-div decks), figma (REST JSON), irjson."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ace_core.lazy import lazy_exports
from adapters.registry import registry  # eager: `adapters.registry` is also a submodule's name

if TYPE_CHECKING:
    from adapters.api import ConversionResult, convert, read, write

__all__ = ["ConversionResult", "convert", "read", "registry", "write"]

__getattr__, __dir__ = lazy_exports(
    __name__, dict.fromkeys(("ConversionResult", "convert", "read", "write"), "adapters.api")
)
