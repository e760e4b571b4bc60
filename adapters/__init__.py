"""Format <-> IR converters: ooxml (.pptx), html (slide-div decks), figma (REST JSON), irjson."""

from adapters.api import ConversionResult, convert, read, write
from adapters.registry import registry

__all__ = ["ConversionResult", "convert", "read", "registry", "write"]
