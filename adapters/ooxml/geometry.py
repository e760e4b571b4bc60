"""DrawingML geometry: shape-guide formulas, custom geometry (custGeom) -> SVG path data in px."""

from __future__ import annotations

import math

from lxml import etree

from ace_core.drawing.presets import builtin_guides, eval_formula, fmt_num
from ace_core.errors import UnsupportedError
from ace_core.ir.nodes import VectorPath
from adapters.ooxml.ns import local, qn

__all__ = ["adjustments", "custom_paths", "eval_guides"]

_DEG = 60000.0
_CACHE: dict[tuple, tuple[tuple[str, bool, bool], ...]] = {}
_CACHE_MAX = 512
_PT = qn("a:pt")


def _num(token: str, env: dict[str, float]) -> float:
    found = env.get(token)
    if found is not None:
        return found
    try:
        return float(token)
    except ValueError:
        return 0.0  # an undefined guide reads as 0, as PowerPoint does


def _formula(fmla: str, env: dict[str, float]) -> float:
    """A guide formula of untrusted geometry: an empty or unknown one reads as 0."""
    try:
        return eval_formula(fmla, env)
    except (UnsupportedError, ValueError):
        return 0.0


def eval_guides(
    geom: etree._Element, w: float, h: float, overrides: dict[str, float] | None = None
) -> dict[str, float]:
    """Evaluate avLst then gdLst of a geometry element with shape size w x h (EMU)."""
    env = builtin_guides(w, h)
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
    return fmt_num(v, 2)


def custom_paths(geom: etree._Element, w_emu: float, h_emu: float, w_px: float, h_px: float) -> list[VectorPath]:
    """An a:custGeom -> SVG paths in node-local px (0..w_px, 0..h_px). Decks repeat the same
    freeform many times (clip art, logos), so results are kept by geometry XML and size."""
    key = (etree.tostring(geom), w_emu, h_emu, w_px, h_px)
    found = _CACHE.get(key)
    if found is None:
        found = tuple((p.d, p.filled, p.stroked) for p in _custom_paths(geom, w_emu, h_emu, w_px, h_px))
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        _CACHE[key] = found
    return [VectorPath(d=d, filled=filled, stroked=stroked) for d, filled, stroked in found]


def _custom_paths(geom: etree._Element, w_emu: float, h_emu: float, w_px: float, h_px: float) -> list[VectorPath]:
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
