"""SVG path data -> absolute move / line / cubic / quadratic / close commands (arcs as cubics)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

__all__ = ["Command", "parse_path"]

Command = tuple[str, list[tuple[float, float]]]
"""('M' | 'L' | 'C' | 'Q' | 'Z', points in absolute coordinates)"""

_TOKEN = re.compile(r"[MmZzLlHhVvCcSsQqTtAa]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def _tokens(d: str) -> Iterator[str]:
    for m in _TOKEN.finditer(d):
        yield m.group(0)


def _arc_to_cubics(
    x1: float, y1: float, rx: float, ry: float, phi_deg: float, large: bool, sweep: bool, x2: float, y2: float
) -> list[list[tuple[float, float]]]:
    """SVG endpoint arc -> cubic Bézier segments (each as [c1, c2, end])."""
    if rx == 0 or ry == 0 or (x1 == x2 and y1 == y2):
        return [[(x1, y1), (x2, y2), (x2, y2)]]
    rx, ry = abs(rx), abs(ry)
    phi = math.radians(phi_deg % 360)
    cos_p, sin_p = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p = cos_p * dx + sin_p * dy
    y1p = -sin_p * dx + cos_p * dy
    lam = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
    if lam > 1:
        s = math.sqrt(lam)
        rx, ry = rx * s, ry * s
    num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    coef = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        coef = -coef
    cxp, cyp = coef * rx * y1p / ry, -coef * ry * x1p / rx
    cx = cos_p * cxp - sin_p * cyp + (x1 + x2) / 2
    cy = sin_p * cxp + cos_p * cyp + (y1 + y2) / 2

    def angle(ux: float, uy: float, vx: float, vy: float) -> float:
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)

    t1 = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
    dt = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    n = max(1, math.ceil(abs(dt) / (math.pi / 2) - 1e-9))
    step = dt / n
    k = 4 / 3 * math.tan(step / 4)
    out = []

    def point(t: float) -> tuple[float, float]:
        x, y = rx * math.cos(t), ry * math.sin(t)
        return cos_p * x - sin_p * y + cx, sin_p * x + cos_p * y + cy

    def deriv(t: float) -> tuple[float, float]:
        x, y = -rx * math.sin(t), ry * math.cos(t)
        return cos_p * x - sin_p * y, sin_p * x + cos_p * y

    t = t1
    for _ in range(n):
        p0, p3 = point(t), point(t + step)
        d0, d3 = deriv(t), deriv(t + step)
        c1 = (p0[0] + k * d0[0], p0[1] + k * d0[1])
        c2 = (p3[0] - k * d3[0], p3[1] - k * d3[1])
        out.append([c1, c2, p3])
        t += step
    out[-1][2] = (x2, y2)
    return out


def parse_path(d: str) -> list[Command]:
    """Absolute commands of SVG path data. Raises ValueError on malformed data."""
    toks = list(_tokens(d))
    out: list[Command] = []
    i = 0
    cmd = ""
    cur = (0.0, 0.0)
    start = (0.0, 0.0)
    last_ctrl: tuple[float, float] | None = None
    last_cmd = ""
    while i < len(toks):
        tok = toks[i]
        if tok.isalpha():
            cmd = tok
            i += 1
            if cmd in "Zz":
                out.append(("Z", []))
                cur = start
                last_cmd, last_ctrl = "Z", None
                continue
        elif not cmd:
            raise ValueError(f"path data must start with a command: {d[:40]!r}")
        up = cmd.upper()
        n = _ARGS[up]
        if up == "A":
            args, i = _arc_args(toks, i)
        else:
            if i + n > len(toks) or any(t.isalpha() for t in toks[i : i + n]):
                raise ValueError(f"too few numbers for {cmd} in path data")
            args = [float(t) for t in toks[i : i + n]]
            i += n
        rel = cmd.islower()
        ox, oy = cur if rel else (0.0, 0.0)
        if up == "M":
            cur = (ox + args[0], oy + args[1])
            start = cur
            out.append(("M", [cur]))
            cmd = "l" if rel else "L"  # further pairs are line-tos
            last_ctrl = None
        elif up in "LHV":
            if up == "L":
                cur = (ox + args[0], oy + args[1])
            elif up == "H":
                cur = ((cur[0] if rel else 0.0) + args[0], cur[1])
            else:
                cur = (cur[0], (cur[1] if rel else 0.0) + args[0])
            out.append(("L", [cur]))
            last_ctrl = None
        elif up in "CS":
            if up == "C":
                c1 = (ox + args[0], oy + args[1])
                rest = args[2:]
            else:
                c1 = (2 * cur[0] - last_ctrl[0], 2 * cur[1] - last_ctrl[1]) if last_cmd in "CS" and last_ctrl else cur
                rest = args
            c2 = (ox + rest[0], oy + rest[1])
            end = (ox + rest[2], oy + rest[3])
            out.append(("C", [c1, c2, end]))
            last_ctrl, cur = c2, end
        elif up in "QT":
            if up == "Q":
                c = (ox + args[0], oy + args[1])
                end = (ox + args[2], oy + args[3])
            else:
                c = (2 * cur[0] - last_ctrl[0], 2 * cur[1] - last_ctrl[1]) if last_cmd in "QT" and last_ctrl else cur
                end = (ox + args[0], oy + args[1])
            out.append(("Q", [c, end]))
            last_ctrl, cur = c, end
        elif up == "A":
            end = (ox + args[5], oy + args[6])
            for seg in _arc_to_cubics(cur[0], cur[1], args[0], args[1], args[2], bool(args[3]), bool(args[4]), *end):
                out.append(("C", seg))
            cur, last_ctrl = end, None
        last_cmd = up
    if any(
        not (math.isfinite(x) and math.isfinite(y) and abs(x) < 1e12 and abs(y) < 1e12)
        for _, pts in out
        for x, y in pts
    ):
        raise ValueError("a coordinate in the path data is not a finite number of reasonable size")
    return out


def _arc_args(toks: list[str], i: int) -> tuple[list[float], int]:
    """Seven arc numbers; flags may be glued to following numbers ('011' = 0, 1, 1)."""
    args: list[float] = []
    while len(args) < 7:
        if i >= len(toks) or toks[i].isalpha():
            raise ValueError("too few numbers for an arc in path data")
        tok = toks[i]
        i += 1
        if len(args) in (3, 4) and len(tok) > 1 and tok[0] in "01" and tok[1] in "01.":
            args.append(float(tok[0]))
            toks.insert(i, tok[1:])
            continue
        args.append(float(tok))
    return args, i
