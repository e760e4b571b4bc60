"""Small builders for the XML the writers emit: elements by prefixed name, EMU / angle / percent units."""

from __future__ import annotations

from typing import Any

from lxml import etree

from ace_core.textscrub import strip_bad_chars
from ace_core.units import EMU_PER_PX
from adapters.ooxml.ns import NS, qn

__all__ = [
    "NSMAP_A",
    "NSMAP_C",
    "NSMAP_P",
    "ang",
    "el",
    "emu",
    "pct",
    "serialize",
    "sub",
    "xml_text",
]

NSMAP_P = {"a": NS["a"], "r": NS["r"], "p": NS["p"]}
NSMAP_A = {"a": NS["a"], "r": NS["r"]}
NSMAP_C = {"c": NS["c"], "a": NS["a"], "r": NS["r"]}


def _attrs(attrib: dict[str, Any] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in (attrib or {}).items():
        if value is None:
            continue
        name = qn(key) if ":" in key and not key.startswith("{") else key
        if isinstance(value, bool):
            value = "1" if value else "0"
        out[name] = xml_text(value) if isinstance(value, str) else str(value)
    return out


def el(
    tag: str, attrib: dict[str, Any] | None = None, *children: etree._Element | None, nsmap: Any = None
) -> etree._Element:
    """Element `tag` ('a:off') with attributes (None values skipped, bools as 1/0, 'r:id' names
    resolved) and children (None skipped)."""
    node = etree.Element(qn(tag), _attrs(attrib), nsmap=nsmap)
    for child in children:
        if child is not None:
            node.append(child)
    return node


def sub(parent: etree._Element, tag: str, attrib: dict[str, Any] | None = None) -> etree._Element:
    """Append a new child `tag` to `parent` and return it."""
    return etree.SubElement(parent, qn(tag), _attrs(attrib))


_MAX_EMU = 27273042316900  # ST_Coordinate's bound: every written EMU stays within it


def emu(px: float) -> int:
    """px -> EMU (integer), NaN as 0, clamped to what ST_Coordinate allows."""
    value = px * EMU_PER_PX
    if value != value:
        return 0
    return round(max(-_MAX_EMU, min(_MAX_EMU, value)))


LINE_WIDTH = (0, 20116800)  # ST_LineWidth
TEXT_MARGIN = (0, 51206400)  # ST_TextMargin
TEXT_INDENT = (-51206400, 51206400)  # ST_TextIndent
COORD32 = (-2147483648, 2147483647)  # ST_Coordinate32 (insets, cell margins)


def emu_in(px: float, bounds: tuple[int, int]) -> int:
    """px -> EMU within a schema type's `bounds` (LINE_WIDTH, TEXT_MARGIN, ...)."""
    return max(bounds[0], min(bounds[1], emu(px)))


def ang(deg: float) -> int:
    """degrees -> 60000ths of a degree, normalised to [0, 360) (NaN / infinities as 0)."""
    if deg != deg or deg in (float("inf"), float("-inf")):
        return 0
    return round((deg % 360.0) * 60000) % 21600000


def pct(fraction: float) -> int:
    """fraction (0.5) -> thousandths of a percent (50000)."""
    return round(fraction * 100000)


def xml_text(text: str) -> str:
    """`text` without the characters XML 1.0 cannot hold (controls, U+FFFE / U+FFFF, lone surrogates)."""
    return strip_bad_chars(text)


XML_DECLARATION = b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'


def serialize(root: etree._Element) -> bytes:
    """A part's bytes: UTF-8 with the standalone declaration, written the way Office writes it."""
    return XML_DECLARATION + etree.tostring(root, encoding="UTF-8")
