"""Attribute value parsing for transitional and Strict OOXML: EMU, percentages, angles, booleans.

Every number is checked at this boundary: NaN, infinities, overflowing or absurd values (a
5,000-digit coordinate) are treated as missing or clamped to what the schema allows (|v| <=
BOUND), so nothing past the reader meets them."""

from __future__ import annotations

import re

from lxml import etree

from ace_core.units import EMU_PER_PX

__all__ = ["BOUND", "angle_deg", "attr_bool", "attr_int", "bounded", "clamped", "emu", "emu_px", "pct", "to_float"]

BOUND = 27273042316900.0
"""the largest magnitude of an ST_Coordinate (EMU); every parsed number is clamped to it"""
_MAX_DIGITS = 40


def bounded(value: float | None, default: float | None = None) -> float | None:
    """`value` when finite (clamped to +-BOUND), else `default`."""
    if value is None or value != value or value in (float("inf"), float("-inf")):
        return default
    return max(-BOUND, min(BOUND, value))


def _number(text: str) -> float | None:
    """float(text) for a reasonable number literal, else None."""
    if len(text) > _MAX_DIGITS:
        return None
    try:
        return bounded(float(text))
    except (ValueError, OverflowError):
        return None


def clamped(value: str | None, lo: float, hi: float, default: float | None = None) -> float | None:
    """A number attribute limited to its schema range [lo, hi] (missing / not a number: `default`)."""
    num = to_float(value)
    if num is None:
        return default
    return max(lo, min(hi, num))


_MEASURE = re.compile(r"^\s*(-?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(mm|cm|in|pt|pc|pi)?\s*$")
_EMU_PER_UNIT = {"mm": 36000.0, "cm": 360000.0, "in": 914400.0, "pt": 12700.0, "pc": 152400.0, "pi": 152400.0}


def emu(value: str | None, default: float | None = None) -> float | None:
    """An ST_Coordinate: integer EMU, or (Strict / some transitional) a universal measure '2.5in'."""
    if value is None or value == "":
        return default
    if len(value) > _MAX_DIGITS:
        return default
    if value.isascii() and value.isdigit():  # the common case: a plain count of EMU
        return bounded(float(value))
    m = _MEASURE.match(value)
    if not m:
        return default
    num = _number(m.group(1))
    if num is None:
        return default
    unit = m.group(2)
    return bounded(num * _EMU_PER_UNIT[unit] if unit else num, default)


def emu_px(value: str | None, default: float = 0.0) -> float:
    v = emu(value)
    return default if v is None else v / EMU_PER_PX


def pct(value: str | None, default: float | None = None) -> float | None:
    """An ST_Percentage as thousandths of a percent (transitional '50000', Strict '50%' -> 50000)."""
    if value is None or value == "":
        return default
    text = value.strip()
    if text.endswith("%"):
        num = _number(text[:-1])
        return default if num is None else bounded(num * 1000.0, default)
    num = _number(text)
    return default if num is None else num


def angle_deg(value: str | None, default: float = 0.0) -> float:
    """ST_Angle (60000ths of a degree) -> degrees; Strict may write '45deg'? no: it keeps 60000ths."""
    if value is None or value == "":
        return default
    num = _number(value)
    return default if num is None else (num / 60000.0) % 360.0


def attr_int(el: etree._Element | None, name: str, default: int | None = None) -> int | None:
    if el is None:
        return default
    value = el.get(name)
    if value is None:
        return default
    num = _number(value)
    return default if num is None else int(num)


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
    num = _number(value)
    return default if num is None else num
