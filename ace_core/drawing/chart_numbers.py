"""Numbers on charts: labels in the common Excel formats, automatic axis scales as LibreOffice picks
them, tick positions."""

from __future__ import annotations

import math
from collections.abc import Iterator

from ace_core.ir.semantic import ChartAxis

__all__ = ["format_number", "nice_scale", "ticks"]


def format_number(v: float, fmt: str | None = None) -> str:
    """A value as a chart label, honouring the common Excel formats (0, 0.0, #,##0, 0%, General) and
    their negative and zero sections (an accounting format's "-" for zero, parentheses)."""
    sections = (fmt or "General").split(";")
    fmt = sections[0]
    if len(sections) >= 3 and v == 0 and not any(ch in sections[2] for ch in "0#?"):
        return _literal(sections[2])
    if len(sections) >= 2 and v < 0 and any(ch in sections[1] for ch in "0#"):
        text = format_number(-v, sections[1])
        # the section writes the sign itself: parentheses, a minus, or none
        return f"({text})" if "(" in sections[1] else ("-" + text if "-" in sections[1] else text)
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


def _literal(section: str) -> str:
    """The text of a format section without digits: its quoted and escaped characters; _x (the
    width of x) is a space, *x (fill) is left out."""
    out, i = [], 0
    while i < len(section):
        ch = section[i]
        if ch == '"':
            end = section.find('"', i + 1)
            end = len(section) if end < 0 else end
            out.append(section[i + 1 : end])
            i = end + 1
            continue
        if ch == "_":
            out.append(" ")
            i += 2
            continue
        if ch == "*":
            i += 2
            continue
        out.append(section[i + 1] if ch == "\\" and i + 1 < len(section) else ch)
        i += 2 if ch == "\\" else 1
    return "".join(out).strip() or "0"


def _near(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1e-300)


def _floor_at(v: float, base: float, step: float) -> float:
    """The tick at or below v on the rhythm base + k * step."""
    k = (v - base) / step
    r = base + math.floor(k + 1e-9) * step
    return v if _near(r, v) else r


def _ceil_at(v: float, base: float, step: float) -> float:
    k = (v - base) / step
    r = base + math.ceil(k - 1e-9) * step
    return v if _near(r, v) else r


def _steps(first: float) -> Iterator[float]:
    """Interval sizes 1, 2, 5 x 10^k from the smallest one covering `first` upwards."""
    if first <= 1e-307:
        mag, norm = 1e-307, 1.0
    else:
        mag = 10.0 ** math.floor(math.log10(first) + 1e-12)
        ratio = first / mag
        norm = next((m for m in (1.0, 2.0, 5.0) if ratio <= m + 1e-9), 10.0)
        if norm == 10.0:
            mag, norm = mag * 10, 1.0
    while True:
        yield norm * mag
        if norm == 1.0:
            norm = 2.0
        elif norm == 2.0:
            norm = 5.0
        else:
            mag, norm = mag * 10, 1.0


def nice_scale(
    lo: float,
    hi: float,
    axis: ChartAxis | None = None,
    *,
    include_zero: bool = True,
    intervals: int = 10,
    border: bool = True,
) -> tuple[float, float, float]:
    """(min, max, major unit) of an automatic linear value axis over the data lo..hi, picked the
    way LibreOffice's chart2 does (it draws the reference): an all-positive (or all-negative)
    range starts at zero unless its values are within 5/6 of each other, which widens it by half
    its span toward zero instead (`include_zero`, the value axis; off for a scatter chart's X);
    the unit is the smallest 1, 2 or 5 x 10^k giving at most `intervals` intervals (the axis
    length over a label's height, 2..10); the ends round out to the unit and, when `border`
    (flat charts), gain one more interval where the data come within 1/21 of the range of an
    end. The axis's own min / max / major unit win when set."""
    amin = axis.min if axis and axis.min is not None else None
    amax = axis.max if axis and axis.max is not None else None
    src_lo = amin if amin is not None else lo
    src_hi = amax if amax is not None else hi
    auto_lo, auto_hi = amin is None, amax is None
    if src_lo > src_hi:
        if auto_hi or not auto_lo:
            src_hi = src_lo
        else:
            src_lo = src_hi
    flip = src_lo < 0 and src_hi <= 0  # all negative: worked out as its mirror image
    if flip:
        src_lo, src_hi = -src_hi, -src_lo
        auto_lo, auto_hi = auto_hi, auto_lo
    t_lo, t_hi = src_lo, src_hi
    if include_zero and auto_lo and t_lo > 0:
        if t_lo == t_hi or t_lo / t_hi < 5.0 / 6.0:
            t_lo = 0.0
        else:
            t_lo -= (t_hi - t_lo) / 2.0
    if t_lo == t_hi:
        if auto_hi or not auto_lo:
            t_hi = 1.0 if t_hi == 0 else t_hi * 2.0
        else:
            t_lo = -1.0 if t_lo == 0 else t_lo / 2.0
    base = t_lo if not auto_lo else (t_hi if not auto_hi else 0.0)
    count = max(2, min(10, intervals))
    fixed = axis.major_unit if axis and axis.major_unit and axis.major_unit > 0 else None
    auto_steps = _steps((t_hi - t_lo) / count)
    step = fixed or next(auto_steps)
    while True:
        vlo, vhi = t_lo, t_hi
        if auto_lo:
            vlo = _floor_at(vlo, base, step)
            if border and vlo != 0 and (vhi - src_lo) / (vhi - vlo) > 20.0 / 21.0:
                vlo -= step
        if auto_hi:
            vhi = _ceil_at(vhi, base, step)
            if border and vhi != 0 and (src_hi - vlo) / (vhi - vlo) > 20.0 / 21.0:
                vhi += step
        if math.floor((vhi - vlo) / step + 1e-9) <= (count if fixed is None else 500):
            break
        if fixed is not None:  # a unit giving too many intervals: chosen automatically instead
            fixed = None
            count = max(2, min(10, intervals))
            auto_steps = _steps((t_hi - t_lo) / count)
        step = next(s for s in auto_steps if s > step)
    if flip:
        vlo, vhi = -vhi, -vlo
    return float(vlo) + 0.0, float(vhi) + 0.0, float(step)


def ticks(vmin: float, vmax: float, step: float) -> list[float]:
    n = round((vmax - vmin) / step)
    if n > 200:
        n = 200
        step = (vmax - vmin) / n
    return [vmin + i * step for i in range(n + 1)]
