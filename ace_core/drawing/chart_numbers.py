"""Numbers on charts: labels in the common Excel formats, 'nice' axis scales as Office picks them, tick positions."""

from __future__ import annotations

import math

from ace_core.ir.semantic import ChartAxis

__all__ = ["format_number", "nice_scale", "ticks"]


def format_number(v: float, fmt: str | None = None) -> str:
    """A value as a chart label, honouring the common Excel formats (0, 0.0, #,##0, 0%, General)."""
    fmt = (fmt or "General").split(";")[0]
    pct = "%" in fmt
    if pct:
        v *= 100
    if fmt.lower() == "general" or not any(ch in fmt for ch in "0#"):
        text = f"{v:.10g}"
        if "e" in text:
            text = f"{v:.4g}"
        if abs(v) >= 1e6 and v == int(v):
            text = str(int(v))
        return text + ("%" if pct else "")
    decimals = 0
    if "." in fmt:
        decimals = sum(1 for ch in fmt.split(".", 1)[1] if ch in "0#")
    text = f"{v:,.{decimals}f}" if "," in fmt else f"{v:.{decimals}f}"
    prefix = fmt.split("0")[0].split("#")[0].replace('"', "").replace("\\", "")
    if prefix in ("$", "€", "£", "¥"):
        text = prefix + text
    return text + ("%" if pct else "")


def nice_scale(
    lo: float, hi: float, axis: ChartAxis | None = None, *, include_zero: bool = True
) -> tuple[float, float, float]:
    """(min, max, major unit) covering lo..hi with 'nice' steps (1, 2, 5 x 10^k), as Office does;
    the axis's own min / max / major unit win when set."""
    if include_zero:
        lo, hi = min(lo, 0.0), max(hi, 0.0)
    if hi <= lo:
        hi = lo + 1.0
    if hi > 0 and not (axis and axis.max is not None):
        hi += 0.05 * (hi - lo)  # Office leaves 5 % headroom above the highest value
    amin = axis.min if axis and axis.min is not None else None
    amax = axis.max if axis and axis.max is not None else None
    span = (amax if amax is not None else hi) - (amin if amin is not None else lo)
    if span <= 0:
        span = 1.0
    step = axis.major_unit if axis and axis.major_unit else None
    if not step:
        raw = span / 6.0
        mag = 10 ** math.floor(math.log10(raw))
        for m in (1, 2, 2.5, 5, 10):
            if raw <= m * mag:
                step = m * mag
                break
    assert step
    vmin = amin if amin is not None else math.floor(lo / step + 1e-9) * step
    vmax = amax if amax is not None else math.ceil(hi / step - 1e-9) * step
    if vmax <= vmin:
        vmax = vmin + step
    return vmin, vmax, step


def ticks(vmin: float, vmax: float, step: float) -> list[float]:
    n = round((vmax - vmin) / step)
    if n > 200:
        n = 200
        step = (vmax - vmin) / n
    return [vmin + i * step for i in range(n + 1)]
