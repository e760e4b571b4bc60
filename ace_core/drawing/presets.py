"""OOXML preset geometries (prstGeom) evaluated from presetShapeDefinitions.xml into SVG path data.

Every preset of ECMA-376 part 1, 20.1.9 is drawn from its definition: built-in guides, adjust
values (avLst defaults, overridden per shape), guide formulas (all 17 operators), and paths
(moveTo / lnTo / arcTo / quadBezTo / cubicBezTo / close) with their own coordinate spaces and
fill / stroke flags. Arcs become cubic Béziers, so the output uses only M L Q C Z (usable as SVG
path data and as Figma vector paths). Lengths are whatever unit `width` / `height` are in (px
in ACE); angles in the definitions are 60000ths of a degree."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from lxml import etree

from ace_core.errors import UnsupportedError
from ace_core.xml_safe import safe_xml_parser

__all__ = [
    "PresetGeometry",
    "PresetPath",
    "adjust_defaults",
    "builtin_guides",
    "eval_formula",
    "evaluate",
    "fmt_num",
    "preset_names",
    "preset_svg_paths",
]

DATA_FILE = Path(__file__).parent / "data" / "presetShapeDefinitions.xml"
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_DEG = 60000.0  # OOXML angle unit per degree


@dataclass(frozen=True)
class _PathDef:
    w: float | None
    h: float | None
    fill: str
    stroke: bool
    cmds: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class _ShapeDef:
    name: str
    av: tuple[tuple[str, str], ...]
    gd: tuple[tuple[str, str], ...]
    rect: tuple[str, str, str, str] | None
    cxn: tuple[tuple[str, str, str], ...]
    paths: tuple[_PathDef, ...]


@dataclass
class PresetPath:
    """One path of a preset: SVG path data in shape units, and how it is painted.

    `fill` is norm | none | lighten | lightenLess | darken | darkenLess (the shading variants
    draw the shape's fill, then black / white on top at 40 % / 20 %)."""

    d: str
    fill: str = "norm"
    stroke: bool = True

    @property
    def filled(self) -> bool:
        return self.fill != "none"


@dataclass
class PresetGeometry:
    """A preset evaluated at one size: its paths, text rectangle (l, t, r, b) and connection
    sites (x, y, angle in degrees)."""

    name: str
    width: float
    height: float
    paths: list[PresetPath] = field(default_factory=list)
    text_rect: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    sites: list[tuple[float, float, float]] = field(default_factory=list)
    guides: dict[str, float] = field(default_factory=dict)


# -- definitions -------------------------------------------------------------------------------


@cache
def _definitions() -> dict[str, etree._Element]:
    """Each preset's element; a preset is parsed into a _ShapeDef when first asked for (parsing
    all 187 up front was most of a one-slide HTML conversion's drawing time)."""
    parser = safe_xml_parser(remove_comments=True)
    root = etree.parse(str(DATA_FILE), parser).getroot()
    return {shape.tag: shape for shape in root if isinstance(shape.tag, str)}


@cache
def _definitions_text() -> bytes:
    return DATA_FILE.read_bytes()


def _definition(name: str) -> etree._Element | None:
    """One preset's element, parsed alone: each top-level preset sits between its own indented
    start and end tags and its children declare their namespace, so the slice is the element
    the whole file's parse holds (a name defined twice, upDownArrow: the last, as there). Parsing
    all 536 kB for one clip outline was a third of a one-picture HTML conversion's write. The
    whole file is parsed when the slice is not there."""
    if name.isalnum():
        text = _definitions_text()
        start = text.rfind(b"\n  <%s>" % name.encode())  # the last, as the whole parse keeps
        end = text.find(b"\n  </%s>" % name.encode(), start + 1)
        if start >= 0 and end > start:
            parser = safe_xml_parser(remove_comments=True)
            fragment = text[start + 1 : end + len(name) + 6]
            try:
                return etree.fromstring(fragment, parser)
            except etree.XMLSyntaxError:
                pass
    return _definitions().get(name)


@cache
def _parsed(name: str) -> _ShapeDef | None:
    el = _definition(name)
    return None if el is None else _parse_shape(el)


def _parse_shape(el: etree._Element) -> _ShapeDef:
    def gds(tag: str) -> tuple[tuple[str, str], ...]:
        # by local name: ECMA-376's own file misspells the namespace of pentagon's gdLst
        # ("scemas.openxmlformats.org"), which left its guides undefined and the shape a line
        lst = next((c for c in el if isinstance(c.tag, str) and etree.QName(c).localname == tag), None)
        if lst is None:
            return ()
        return tuple(
            (g.get("name", ""), g.get("fmla", "val 0"))
            for g in lst
            if isinstance(g.tag, str) and etree.QName(g).localname == "gd"
        )

    rect_el = el.find(_A + "rect")
    rect = None
    if rect_el is not None:
        rect = (rect_el.get("l", "l"), rect_el.get("t", "t"), rect_el.get("r", "r"), rect_el.get("b", "b"))
    cxn: list[tuple[str, str, str]] = []
    cxn_lst = el.find(_A + "cxnLst")
    if cxn_lst is not None:
        for c in cxn_lst.findall(_A + "cxn"):
            pos = c.find(_A + "pos")
            if pos is not None:
                cxn.append((pos.get("x", "0"), pos.get("y", "0"), c.get("ang", "0")))
    paths: list[_PathDef] = []
    path_lst = el.find(_A + "pathLst")
    for p in path_lst.findall(_A + "path") if path_lst is not None else ():
        cmds: list[tuple[str, tuple[str, ...]]] = []
        for c in p:
            if not isinstance(c.tag, str):
                continue
            tag = etree.QName(c).localname
            if tag == "arcTo":
                cmds.append(("A", (c.get("wR", "0"), c.get("hR", "0"), c.get("stAng", "0"), c.get("swAng", "0"))))
            elif tag == "close":
                cmds.append(("Z", ()))
            else:
                pts: list[str] = []
                for pt in c.findall(_A + "pt"):
                    pts.extend((pt.get("x", "0"), pt.get("y", "0")))
                code = {"moveTo": "M", "lnTo": "L", "quadBezTo": "Q", "cubicBezTo": "C"}.get(tag)
                if code:
                    cmds.append((code, tuple(pts)))
        pw, ph = p.get("w"), p.get("h")
        paths.append(
            _PathDef(
                w=float(pw) if pw else None,
                h=float(ph) if ph else None,
                fill=p.get("fill", "norm"),
                stroke=p.get("stroke", "true") not in ("false", "0"),
                cmds=tuple(cmds),
            )
        )
    return _ShapeDef(
        name=etree.QName(el).localname, av=gds("avLst"), gd=gds("gdLst"), rect=rect, cxn=tuple(cxn), paths=tuple(paths)
    )


def preset_names() -> list[str]:
    """Every preset name in the definitions (187), sorted."""
    return sorted(_definitions())


def adjust_defaults(name: str) -> dict[str, float]:
    """The avLst default of each adjust value of a preset (raw guide values, e.g. adj: 50000)."""
    sd = _shape_def(name)
    env = builtin_guides(100.0, 100.0)
    return {n: eval_formula(f, env) for n, f in sd.av}


def _shape_def(name: str) -> _ShapeDef:
    sd = _parsed(name)
    if sd is None:
        raise UnsupportedError(
            f"unknown preset geometry {name!r}", where="prstGeom", hint="see preset_names() for the 187 presets"
        )
    return sd


# -- guides ------------------------------------------------------------------------------------

_ANGLES = {
    "cd2": 10800000.0,
    "cd4": 5400000.0,
    "cd8": 2700000.0,
    "3cd4": 16200000.0,
    "3cd8": 8100000.0,
    "5cd8": 13500000.0,
    "7cd8": 18900000.0,
}


def builtin_guides(w: float, h: float) -> dict[str, float]:
    """The built-in guides of ECMA-376 20.1.9.11 for a w x h shape (l t r b w h hc vc ss ls
    wdN hdN ssdN and the cdN angle constants)."""
    ss, ls = min(w, h), max(w, h)
    env = {"l": 0.0, "t": 0.0, "r": w, "b": h, "w": w, "h": h, "hc": w / 2, "vc": h / 2, "ss": ss, "ls": ls}
    for n in (2, 3, 4, 5, 6, 8, 10, 12, 16, 32):
        env[f"wd{n}"] = w / n
        env[f"hd{n}"] = h / n
        env[f"ssd{n}"] = ss / n
    env.update(_ANGLES)
    return env


def _arg(token: str, env: dict[str, float]) -> float:
    value = env.get(token)
    if value is not None:
        return value
    try:
        return float(token)
    except ValueError:
        return 0.0  # an undefined guide reads as 0, as PowerPoint does


def _rad(angle: float) -> float:
    return math.radians(angle / _DEG)


def eval_formula(fmla: str, env: dict[str, float]) -> float:
    """Evaluate one guide formula (ECMA-376 20.1.9.11) against the guides defined so far."""
    op, *raw = fmla.split()
    a = [_arg(t, env) for t in raw] + [0.0, 0.0, 0.0]
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
        return x * math.cos(_rad(y))
    if op == "sin":
        return x * math.sin(_rad(y))
    if op == "tan":
        return x * math.tan(_rad(y))
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
    raise UnsupportedError(f"unknown guide operator {op!r}", where="presetShapeDefinitions")


def _guides(sd: _ShapeDef, w: float, h: float, adjustments: dict[str, float] | None) -> dict[str, float]:
    env = builtin_guides(w, h)
    adj = adjustments or {}
    for name, fmla in sd.av:
        env[name] = float(adj[name]) if name in adj else eval_formula(fmla, env)
    for name, fmla in sd.gd:
        env[name] = eval_formula(fmla, env)
    return env


# -- paths -------------------------------------------------------------------------------------


def fmt_num(v: float, digits: int = 3) -> str:
    """A short decimal: rounded to `digits`, no trailing zeros, no '-0'."""
    text = f"{v:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _arc_param(angle_deg: float, rx: float, ry: float) -> float:
    """The parametric angle (radians) of the OOXML arc angle (the visual angle on the ellipse),
    kept in the same turn as the input so sweeps stay continuous."""
    a = math.radians(angle_deg)
    t = math.atan2(rx * math.sin(a), ry * math.cos(a))
    return t + 2 * math.pi * round((a - t) / (2 * math.pi))


def _arc_beziers(
    cx: float, cy: float, rx: float, ry: float, t0: float, t1: float
) -> list[tuple[float, float, float, float, float, float]]:
    """Cubic Bézier segments (<= 90° each) along an axis-aligned ellipse from t0 to t1 (radians)."""
    sweep = t1 - t0
    n = max(1, math.ceil(abs(sweep) / (math.pi / 2) - 1e-9))
    step = sweep / n
    k = 4.0 / 3.0 * math.tan(step / 4)
    out = []
    t = t0
    for _ in range(n):
        c0, s0 = math.cos(t), math.sin(t)
        c1, s1 = math.cos(t + step), math.sin(t + step)
        out.append(
            (
                cx + rx * (c0 - k * s0),
                cy + ry * (s0 + k * c0),
                cx + rx * (c1 + k * s1),
                cy + ry * (s1 - k * c1),
                cx + rx * c1,
                cy + ry * s1,
            )
        )
        t += step
    return out


def _path_data(pd: _PathDef, env: dict[str, float], w: float, h: float, digits: int) -> str:
    sx = w / pd.w if pd.w else 1.0
    sy = h / pd.h if pd.h else 1.0

    def num(v: float) -> str:
        return fmt_num(v, digits)

    def pt(x: float, y: float) -> str:
        return f"{num(x * sx)} {num(y * sy)}"

    parts: list[str] = []
    cur = (0.0, 0.0)
    start = (0.0, 0.0)
    for code, args in pd.cmds:
        vals = [_arg(a, env) for a in args]
        if code == "M":
            cur = start = (vals[0], vals[1])
            parts.append("M" + pt(*cur))
        elif code == "L":
            cur = (vals[0], vals[1])
            parts.append("L" + pt(*cur))
        elif code == "Q":
            parts.append("Q" + pt(vals[0], vals[1]) + " " + pt(vals[2], vals[3]))
            cur = (vals[2], vals[3])
        elif code == "C":
            parts.append("C" + " ".join(pt(vals[i], vals[i + 1]) for i in (0, 2, 4)))
            cur = (vals[4], vals[5])
        elif code == "A":
            rx, ry, st, sw = abs(vals[0]), abs(vals[1]), vals[2] / _DEG, vals[3] / _DEG
            if rx == 0 or ry == 0 or sw == 0:
                continue
            t0 = _arc_param(st, rx, ry)
            t1 = _arc_param(st + sw, rx, ry)
            if sw > 0 and t1 < t0:
                t1 += 2 * math.pi
            elif sw < 0 and t1 > t0:
                t1 -= 2 * math.pi
            cx, cy = cur[0] - rx * math.cos(t0), cur[1] - ry * math.sin(t0)
            for seg in _arc_beziers(cx, cy, rx, ry, t0, t1):
                parts.append("C" + " ".join(pt(seg[i], seg[i + 1]) for i in (0, 2, 4)))
            cur = (cx + rx * math.cos(t1), cy + ry * math.sin(t1))
        elif code == "Z":
            parts.append("Z")
            cur = start
    return "".join(parts)


def evaluate(
    name: str, width: float, height: float, adjustments: dict[str, float] | None = None, *, digits: int = 3
) -> PresetGeometry:
    """Evaluate preset `name` at `width` x `height` with optional adjust values (raw guide
    values as in the XML, e.g. {"adj": 25000}). Raises UnsupportedError for an unknown name."""
    sd = _shape_def(name)
    w, h = max(float(width), 0.0), max(float(height), 0.0)
    env = _guides(sd, w, h, adjustments)
    geo = PresetGeometry(name=name, width=w, height=h, guides=env)
    for pd in sd.paths:
        d = _path_data(pd, env, w, h, digits)
        if d:
            geo.paths.append(PresetPath(d=d, fill=pd.fill, stroke=pd.stroke))
    if sd.rect is not None:
        l_, t_, r_, b_ = (_arg(v, env) for v in sd.rect)
        geo.text_rect = (l_, t_, r_, b_)
    else:
        geo.text_rect = (0.0, 0.0, w, h)
    geo.sites = [(_arg(x, env), _arg(y, env), _arg(a, env) / _DEG) for x, y, a in sd.cxn]
    return geo


def preset_svg_paths(
    name: str, width: float, height: float, adjustments: dict[str, float] | None = None
) -> list[PresetPath]:
    """Just the paths of `evaluate` (SVG path data in the shape's own units)."""
    return evaluate(name, width, height, adjustments).paths
