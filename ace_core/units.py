"""Unit conversions. The IR measures geometry in CSS px: 1 px = 9525 EMU = 0.75 pt; 96 px = 1 in."""

from __future__ import annotations

EMU_PER_PX = 9525
EMU_PER_PT = 12700
EMU_PER_INCH = 914400
PX_PER_PT = 4 / 3
PX_PER_INCH = 96.0


def emu_to_px(emu: float) -> float:
    """EMU -> px."""
    return emu / EMU_PER_PX


def px_to_emu(px: float) -> int:
    """px -> EMU, rounded to the nearest integer (OOXML stores integers)."""
    return round(px * EMU_PER_PX)


def pt_to_px(pt: float) -> float:
    """Points (1/72 in) -> px."""
    return pt * PX_PER_PT


def px_to_pt(px: float) -> float:
    """px -> points."""
    return px / PX_PER_PT


def inch_to_px(inch: float) -> float:
    return inch * PX_PER_INCH
