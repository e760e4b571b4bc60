"""Attribute value parsing for transitional and Strict OOXML: EMU, percentages, angles, booleans."""

from __future__ import annotations

import re

from lxml import etree

from ace_core.units import EMU_PER_PX

__all__ = ["angle_deg", "attr_bool", "attr_int", "emu", "emu_px", "pct", "to_float"]

_MEASURE = re.compile(r"^\s*(-?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(mm|cm|in|pt|pc|pi)?\s*$")
_EMU_PER_UNIT = {"mm": 36000.0, "cm": 360000.0, "in": 914400.0, "pt": 12700.0, "pc": 152400.0, "pi": 152400.0}


def emu(value: str | None, default: float | None = None) -> float | None:
    """An ST_Coordinate: integer EMU, or (Strict / some transitional) a universal measure '2.5in'."""
    if value is None or value == "":
        return default
    if value.isascii() and value.isdigit():  # the common case: a plain count of EMU
        return float(value)
    m = _MEASURE.match(value)
    if not m:
        return default
    num = float(m.group(1))
    unit = m.group(2)
    return num * _EMU_PER_UNIT[unit] if unit else num


def emu_px(value: str | None, default: float = 0.0) -> float:
    v = emu(value)
    return default if v is None else v / EMU_PER_PX


def pct(value: str | None, default: float | None = None) -> float | None:
    """An ST_Percentage as thousandths of a percent (transitional '50000', Strict '50%' -> 50000)."""
    if value is None or value == "":
        return default
    text = value.strip()
    try:
        if text.endswith("%"):
            return float(text[:-1]) * 1000.0
        return float(text)
    except ValueError:
        return default


def angle_deg(value: str | None, default: float = 0.0) -> float:
    """ST_Angle (60000ths of a degree) -> degrees; Strict may write '45deg'? no: it keeps 60000ths."""
    if value is None or value == "":
        return default
    try:
        return float(value) / 60000.0
    except ValueError:
        return default


def attr_int(el: etree._Element | None, name: str, default: int | None = None) -> int | None:
    if el is None:
        return default
    value = el.get(name)
    if value is None:
        return default
    try:
        return int(float(value))
    except ValueError:
        return default


def attr_bool(el: etree._Element | None, name: str, default: bool | None = None) -> bool | None:
    if el is None:
        return default
    value = el.get(name)
    if value is None:
        return default
    return value.strip().lower() in ("1", "true", "on", "t")


def to_float(value: str | None, default: float | None = None) -> float | None:
    """float(value), or `default` when it is missing or not a number."""
    if value is None:
        return default
    try:
        return float(value)
    except ValueError:
        return default
