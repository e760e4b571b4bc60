"""DrawingML geometry: shape-guide formulas, custom geometry (custGeom) -> SVG path data in px."""

from __future__ import annotations

import math

from lxml import etree

from ace_core.ir.nodes import VectorPath
from adapters.ooxml.ns import local, qn

__all__ = ["adjustments", "custom_paths", "eval_guides"]

_DEG = 60000.0
_PT = qn("a:pt")


def _builtins(w: float, h: float) -> dict[str, float]:
    ss, ls = min(w, h), max(w, h)
    env = {
        "w": w,
        "h": h,
        "l": 0.0,
        "t": 0.0,
        "r": w,
        "b": h,
        "hc": w / 2,
        "vc": h / 2,
        "ss": ss,
        "ls": ls,
        "cd2": 10800000.0,
        "cd4": 5400000.0,
        "cd8": 2700000.0,
        "3cd4": 16200000.0,
        "3cd8": 8100000.0,
        "5cd8": 13500000.0,
        "7cd8": 18900000.0,
    }
    for n in (2, 3, 4, 5, 6, 8, 10, 12, 32):
        env[f"wd{n}"] = w / n
        env[f"hd{n}"] = h / n
    for n in (2, 4, 6, 8, 16, 32):
        env[f"ssd{n}"] = ss / n
    return env


def _num(token: str, env: dict[str, float]) -> float:
    found = env.get(token)
    if found is not None:
        return found
    try:
        return float(token)
    except ValueError:
        return 0.0


def _formula(fmla: str, env: dict[str, float]) -> float:
    parts = fmla.split()
    if not parts:
        return 0.0
    op, args = parts[0], [_num(a, env) for a in parts[1:]]
    a = args + [0.0] * (3 - len(args))
    x, y, z = a[0], a[1], a[2]
    if op == "val":
        return x
    if op == "*/":
        return x * y / z if z else 0.0
    if op == "+-":
        return x + y - z
    if op == "+/":
        return (x + y) / z if z else 0.0
    if op == "?:":
        return y if x > 0 else z
    if op == "abs":
        return abs(x)
    if op == "at2":
        return math.degrees(math.atan2(y, x)) * _DEG
    if op == "cat2":
        return x * math.cos(math.atan2(z, y))
    if op == "sat2":
        return x * math.sin(math.atan2(z, y))
    if op == "cos":
        return x * math.cos(math.radians(y / _DEG))
    if op == "sin":
        return x * math.sin(math.radians(y / _DEG))
    if op == "tan":
        return x * math.tan(math.radians(y / _DEG))
    if op == "max":
        return max(x, y)
    if op == "min":
        return min(x, y)
    if op == "mod":
        return math.sqrt(x * x + y * y + z * z)
    if op == "pin":
        return y if x <= y <= z else (x if y < x else z)
    if op == "sqrt":
        return math.sqrt(x) if x > 0 else 0.0
    return 0.0


def eval_guides(
    geom: etree._Element, w: float, h: float, overrides: dict[str, float] | None = None
) -> dict[str, float]:
    """Evaluate avLst then gdLst of a geometry element with shape size w x h (EMU)."""
    env = _builtins(w, h)
    for lst_name in ("a:avLst", "a:gdLst"):
        lst = geom.find(qn(lst_name))
        for gd in lst if lst is not None else []:
            name = gd.get("name")
            if name:
                env[name] = _formula(gd.get("fmla", ""), env)
    if overrides:
        env.update(overrides)
    return env


def adjustments(geom: etree._Element | None) -> dict[str, float]:
    """The avLst of a prstGeom as raw guide values ({'adj': 50000})."""
    out: dict[str, float] = {}
    lst = geom.find(qn("a:avLst")) if geom is not None else None
    for gd in lst if lst is not None else []:
        name, parts = gd.get("name"), (gd.get("fmla") or "").split()
        if name and len(parts) == 2 and parts[0] == "val":
            try:
                out[name] = float(parts[1])
            except ValueError:
                continue
    return out


def _fmt(v: float) -> str:
    r = round(v, 2)
    i = int(r)
    return str(i) if r == i else repr(r)


def custom_paths(geom: etree._Element, w_emu: float, h_emu: float, w_px: float, h_px: float) -> list[VectorPath]:
    """An a:custGeom -> SVG paths in node-local px (0..w_px, 0..h_px)."""
    env = eval_guides(geom, w_emu, h_emu)
    out: list[VectorPath] = []
    lst = geom.find(qn("a:pathLst"))
    for path in lst if lst is not None else []:
        if local(path.tag) != "path":
            continue
        pw = float(path.get("w") or 0) or w_emu
        ph = float(path.get("h") or 0) or h_emu
        sx = (w_px / pw) if pw else 0.0
        sy = (h_px / ph) if ph else 0.0
        d: list[str] = []
        cur = (0.0, 0.0)
        start = (0.0, 0.0)

        for cmd in path:
            name = local(cmd.tag)
            pts = [(_num(p.get("x", "0"), env), _num(p.get("y", "0"), env)) for p in cmd.iterchildren(_PT)]
            if name == "moveTo" and pts:
                cur = start = pts[0]
                d.append(f"M{_fmt(cur[0] * sx)} {_fmt(cur[1] * sy)}")
            elif name == "lnTo" and pts:
                cur = pts[0]
                d.append(f"L{_fmt(cur[0] * sx)} {_fmt(cur[1] * sy)}")
            elif name == "cubicBezTo" and len(pts) >= 3:
                d.append("C" + " ".join(f"{_fmt(x * sx)} {_fmt(y * sy)}" for x, y in pts[:3]))
                cur = pts[2]
            elif name == "quadBezTo" and len(pts) >= 2:
                d.append("Q" + " ".join(f"{_fmt(x * sx)} {_fmt(y * sy)}" for x, y in pts[:2]))
                cur = pts[1]
            elif name == "arcTo":
                wr, hr = _num(cmd.get("wR", "0"), env), _num(cmd.get("hR", "0"), env)
                st, sw = _num(cmd.get("stAng", "0"), env) / _DEG, _num(cmd.get("swAng", "0"), env) / _DEG
                cur, segs = _arc(cur, wr, hr, st, sw, sx, sy)
                d.extend(segs)
            elif name == "close":
                d.append("Z")
                cur = start
        if d:
            out.append(
                VectorPath(
                    d=" ".join(d),
                    filled=path.get("fill", "norm") != "none",
                    stroked=path.get("stroke", "1") not in ("0", "false"),
                )
            )
    return out


def _param(wr: float, hr: float, deg: float) -> float:
    """Visual angle on an ellipse -> its parametric angle (radians)."""
    rad = math.radians(deg)
    return math.atan2(wr * math.sin(rad), hr * math.cos(rad))


def _arc(
    cur: tuple[float, float], wr: float, hr: float, st: float, sw: float, sx: float, sy: float
) -> tuple[tuple[float, float], list[str]]:
    if wr == 0 or hr == 0 or sw == 0:
        return cur, []
    t0 = _param(wr, hr, st)
    cx, cy = cur[0] - wr * math.cos(t0), cur[1] - hr * math.sin(t0)
    segs: list[str] = []
    remaining, angle = sw, st
    while abs(remaining) > 1e-9:
        step = max(-180.0, min(180.0, remaining))
        angle += step
        remaining -= step
        t1 = _param(wr, hr, angle)
        end = (cx + wr * math.cos(t1), cy + hr * math.sin(t1))
        large = 0
        sweep = 1 if step > 0 else 0
        segs.append(f"A{_fmt(wr * sx)} {_fmt(hr * sy)} 0 {large} {sweep} {_fmt(end[0] * sx)} {_fmt(end[1] * sy)}")
        cur = end
    return cur, segs
