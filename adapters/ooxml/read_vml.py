"""Legacy VML ink on slides (PowerPoint 2003-2007 pen annotations): the v:shape elements of a
slide's VML drawing that carry o:ink, read as VECTOR nodes (stroke colour, weight, opacity, caps,
path). LibreOffice draws them, so a slide rewritten from the IR must too.

The nodes carry META_VML: the patch writer leaves them to the VML part it carries over, the fresh
writer draws them as custom geometry. Ink nested in a v:group, or a path this reader cannot
follow (formulas, arcs), is reported in the loss report and skipped."""

from __future__ import annotations

import re
from collections.abc import Iterator

from lxml import etree

from ace_core.color import Color, css_color
from ace_core.errors import AceError
from ace_core.ir.nodes import NodeSource, VectorNode, VectorPath
from ace_core.ir.style import SolidPaint, Stroke
from adapters.ooxml import conventions as cv
from adapters.ooxml.context import Scope

__all__ = ["RT_VML", "read_vml_ink", "vml_path_to_svg"]

RT_VML = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/vmlDrawing"
_V = "{urn:schemas-microsoft-com:vml}"
_O = "{urn:schemas-microsoft-com:office:office}"
_PX_PER = {"pt": 4 / 3, "px": 1.0, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4, "pc": 16.0, "": 1.0}
_LENGTH = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+))\s*([a-z]*)\s*$")
_CAPS = {"round": "ROUND", "square": "SQUARE", "flat": "NONE"}

# VML path commands and how many numbers one set of parameters takes (sets may repeat)
_COMMANDS = {"m": 2, "l": 2, "c": 6, "x": 0, "e": 0, "t": 2, "r": 2, "v": 6, "nf": 0, "ns": 0}
_UNSUPPORTED = ("ae", "al", "at", "ar", "wa", "wr", "qx", "qy", "qb", *(f"h{c}" for c in "abcdefghi"))
_PATH_TOKEN = re.compile(r"[a-z]+|@\d+|[-+]?\d*\.?\d+|,|\s+")


def read_vml_ink(scope: Scope, slide_id: str) -> list[VectorNode]:
    """VECTOR nodes for the ink strokes in the VML drawings related to the slide part."""
    pkg = scope.ctx.pkg
    out: list[VectorNode] = []
    for rel in pkg.related(scope.part, RT_VML):
        if rel.external or not pkg.exists(rel.target):
            continue
        try:
            root = pkg.xml(rel.target)
        except AceError:  # old VML is often not well-formed XML; LibreOffice skips it too
            scope.loss("vml-drawing", f"legacy VML drawing {rel.target} is not well-formed XML; not read")
            continue
        if root is None:
            continue
        for shape in root.iter(_V + "shape"):
            if shape.find(_O + "ink") is None:
                continue
            if shape.getparent() is not None and shape.getparent().tag == _V + "group":
                scope.loss("vml-ink", f"ink stroke {shape.get('id', '')} inside a VML group is not read")
                continue
            node = _ink_node(shape, scope, slide_id, rel.target)
            if node is not None:
                out.append(node)
    if out:
        scope.loss(
            "vml-ink",
            f"{len(out)} legacy VML ink stroke(s) read as vector paths; the pen data (pressure, timing) "
            "is kept only when writing back to .pptx in patch mode",
            severity="info",
        )
    return out


def _ink_node(shape: etree._Element, scope: Scope, slide_id: str, part: str) -> VectorNode | None:
    vid = shape.get("id", "")
    style = _style(shape.get("style", ""))
    box = [_length(style.get(k, "0")) for k in ("left", "top", "width", "height")]
    if any(v is None for v in box):
        scope.loss("vml-ink", f"ink stroke {vid} has a position this reader cannot parse: {shape.get('style')!r}")
        return None
    x, y, w, h = (float(v) for v in box)  # type: ignore[arg-type]
    origin = _pair(shape.get("coordorigin"), (0.0, 0.0))
    size = _pair(shape.get("coordsize"), (1000.0, 1000.0))
    try:
        d = vml_path_to_svg(shape.get("path", ""))
    except ValueError as exc:
        scope.loss("vml-ink", f"ink stroke {vid}: {exc}; not read")
        return None
    if not d:
        return None
    path_el = shape.find(_V + "path")
    filled = _on(shape.get("filled"), True) and not (path_el is not None and not _on(path_el.get("fillok"), True))
    stroked = _on(shape.get("stroked"), True)
    stroke_el = shape.find(_V + "stroke")
    opacity = _fraction(stroke_el.get("opacity")) if stroke_el is not None else 1.0
    color = _color(shape.get("strokecolor"), Color(r=0, g=0, b=0)).with_alpha(opacity)
    weight = _length(shape.get("strokeweight", "0.75pt")) or 1.0
    cap = _CAPS.get((stroke_el.get("endcap") if stroke_el is not None else None) or "flat", "NONE")
    join = (stroke_el.get("joinstyle") if stroke_el is not None else None) or "round"
    strokes = (
        [
            Stroke(
                paint=SolidPaint(color=color),
                weight=weight,
                cap=cap,  # type: ignore[arg-type]
                join={"round": "ROUND", "bevel": "BEVEL", "miter": "MITER"}.get(join, "ROUND"),  # type: ignore[arg-type]
            )
        ]
        if stroked
        else []
    )
    fills = [SolidPaint(color=_color(shape.get("fillcolor"), Color(r=1, g=1, b=1)))] if filled else []
    digits = "".join(ch for ch in vid.rsplit("_s", 1)[-1] if ch.isdigit()) or vid
    return VectorNode(
        id=scope.ctx.ids.claim(None, f"{slide_id}.v{digits}"),
        name=f"Ink {digits}",
        x=x,
        y=y,
        width=max(w, 0.0),
        height=max(h, 0.0),
        rotation=_rotation(style.get("rotation", "0")),
        flip_h="x" in style.get("flip", ""),
        flip_v="y" in style.get("flip", ""),
        paths=[VectorPath(d=d, filled=filled, stroked=stroked)],
        view_box=(origin[0], origin[1], size[0] or 1.0, size[1] or 1.0),
        fills=fills,
        strokes=strokes,
        source=NodeSource(format="pptx", ref=f"{part}#{vid}"),
        meta={cv.META_VML: part},
    )


def vml_path_to_svg(path: str) -> str:
    """VML path data (m l c x e t r v, nf / ns ignored) -> absolute SVG path data. Raises
    ValueError naming what it cannot follow (formula references, arcs, quadratic curves)."""
    out: list[str] = []
    cx = cy = 0.0
    start = (0.0, 0.0)
    for cmd, params in _path_commands(path):
        n = _COMMANDS[cmd]
        if n == 0:
            if cmd == "x":
                out.append("Z")
                cx, cy = start
            continue
        if len(params) < n or len(params) % n:
            params = params + [0.0] * (-len(params) % n)
        for i in range(0, len(params), n):
            p = params[i : i + n]
            if cmd in ("t", "r", "v"):  # relative to the current point
                p = [v + (cx if j % 2 == 0 else cy) for j, v in enumerate(p)]
            if cmd in ("m", "t"):
                out.append(f"M{_f(p[0])} {_f(p[1])}")
                start = (p[0], p[1])
            elif cmd in ("l", "r"):
                out.append(f"L{_f(p[0])} {_f(p[1])}")
            else:
                out.append("C" + " ".join(_f(v) for v in p))
            cx, cy = p[-2], p[-1]
    return "".join(out)


def _path_commands(path: str) -> Iterator[tuple[str, list[float]]]:
    cmd: str | None = None
    params: list[float] = []
    pending_empty = True  # a comma right after the command or another comma is an omitted 0
    pos = 0
    while pos < len(path):
        m = _PATH_TOKEN.match(path, pos)
        if m is None:
            raise ValueError(f"unexpected {path[pos]!r} in the path at character {pos}")
        tok = m.group(0)
        pos = m.end()
        if tok[0].isalpha():
            for name in _split_commands(tok):
                if cmd is not None:
                    yield cmd, params
                cmd, params, pending_empty = name, [], True
        elif tok.startswith("@"):
            raise ValueError("the path uses formula references (@n)")
        elif tok == ",":
            if pending_empty:
                params.append(0.0)
            pending_empty = True
        elif not tok.isspace():
            params.append(float(tok))
            pending_empty = False
    if cmd is not None:
        yield cmd, params


def _split_commands(word: str) -> list[str]:
    """'em' -> ['e', 'm']: VML runs commands together; two-letter ones are matched first."""
    out: list[str] = []
    i = 0
    while i < len(word):
        two, one = word[i : i + 2], word[i]
        if two in _UNSUPPORTED:
            raise ValueError(f"the path uses the {two!r} command (arcs and quadratic curves are not read)")
        if two in _COMMANDS:
            out.append(two)
            i += 2
        elif one in _COMMANDS:
            out.append(one)
            i += 1
        else:
            raise ValueError(f"unknown path command {word[i:]!r}")
    return out


def _style(text: str) -> dict[str, str]:
    out = {}
    for item in text.split(";"):
        key, _, value = item.partition(":")
        if key.strip():
            out[key.strip().lower()] = value.strip()
    return out


def _rotation(text: str) -> float:
    """Degrees clockwise: a plain number, or fixed point '...fd' (1/65536 degree)."""
    t = text.strip()
    try:
        return float(t[:-2]) / 65536 if t.endswith("fd") else float(t or 0)
    except ValueError:
        return 0.0


def _length(text: str) -> float | None:
    """A CSS-like VML length in px (a bare number is px)."""
    m = _LENGTH.match(text)
    if m is None or m.group(2) not in _PX_PER:
        return None
    return float(m.group(1)) * _PX_PER[m.group(2)]


def _pair(text: str | None, default: tuple[float, float]) -> tuple[float, float]:
    if not text:
        return default
    parts = [p.strip() for p in text.split(",")]
    try:
        return (float(parts[0] or 0), float(parts[1] or 0) if len(parts) > 1 else default[1])
    except ValueError:
        return default


def _on(value: str | None, default: bool) -> bool:
    if value is None:
        return default
    return value.strip().lower() in ("t", "true", "1", "on")


def _fraction(value: str | None) -> float:
    """VML fractions: '0.5', '50%' or 16.16 fixed point '32768f'."""
    if not value:
        return 1.0
    v = value.strip()
    try:
        if v.endswith("f"):
            return max(0.0, min(1.0, float(v[:-1]) / 65536))
        if v.endswith("%"):
            return max(0.0, min(1.0, float(v[:-1]) / 100))
        return max(0.0, min(1.0, float(v)))
    except ValueError:
        return 1.0


def _color(value: str | None, default: Color) -> Color:
    """A VML colour: '#rrggbb', '#rgb' or a CSS name, optionally followed by ' [index]'."""
    color = css_color(value.split()[0]) if value and value.split() else None
    return default if color is None or color.a == 0 else color.with_alpha(1.0)


def _f(v: float) -> str:
    return f"{v:.6g}"
