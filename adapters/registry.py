"""The registry of formats ACE reads and writes, built explicitly from each adapter's FORMAT."""

from __future__ import annotations

from functools import cache

from ace_core.formats import FormatRegistry

__all__ = ["registry"]


@cache
def registry() -> FormatRegistry:
    from adapters.figma import FORMAT as figma
    from adapters.html import FORMAT as html
    from adapters.irjson import FORMAT as ir
    from adapters.ooxml import FORMAT as pptx

    return FormatRegistry([pptx, html, figma, ir])
