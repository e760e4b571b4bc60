"""Vector geometry: Figma fillGeometry / strokeGeometry / vectorPaths <-> IR VectorPath, generated
polygons and stars, and drawings of IR kinds Figma lacks (OOXML presets via ace_core.drawing)."""

from __future__ import annotations

import math
import re
from typing import Any

from ace_core.errors import AceError, UnsupportedError
from ace_core.ir.nodes import NodeBase, ShapeNode, VectorPath
from ace_core.ir.style import Sides

__all__ = [
    "box_path",
    "paths_from_figma",
    "paths_to_figma",
    "polygon_path",
    "preset_paths",
    "scale_path",
    "star_path",
]


def _fmt(v: float) -> str:
    text = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def box_path(w: float, h: float) -> str:
    return f"M0 0L{_fmt(w)} 0L{_fmt(w)} {_fmt(h)}L0 {_fmt(h)}Z"


def polygon_path(w: float, h: float, points: int) -> str:
    """A regular polygon inscribed in the w x h box, first vertex at the top (Figma's)."""
    points = max(3, points)
    cx, cy, rx, ry = w / 2, h / 2, w / 2, h / 2
    pts = [
        (cx + rx * math.sin(2 * math.pi * i / points), cy - ry * math.cos(2 * math.pi * i / points))
        for i in range(points)
    ]
    return "M" + "L".join(f"{_fmt(x)} {_fmt(y)}" for x, y in pts) + "Z"


def star_path(w: float, h: float, points: int, inner: float) -> str:
    """A star with `points` tips and inner radius ratio `inner` (Figma default 0.382)."""
    points = max(3, points)
    cx, cy, rx, ry = w / 2, h / 2, w / 2, h / 2
    pts = []
    for i in range(points * 2):
        r = 1.0 if i % 2 == 0 else inner
        a = math.pi * i / points
        pts.append((cx + rx * r * math.sin(a), cy - ry * r * math.cos(a)))
    return "M" + "L".join(f"{_fmt(x)} {_fmt(y)}" for x, y in pts) + "Z"


def _rule(value: Any) -> str:
    return "evenodd" if str(value).upper() == "EVENODD" else "nonzero"


def _outline_props(n: dict[str, Any]) -> tuple[float, str, str, str] | None:
    """(weight, cap, join, align) of the node's stroke as strokeGeometry outlines it; None: no stroke."""
    strokes = n.get("strokes")
    if not isinstance(strokes, list) or not any(isinstance(p, dict) and p.get("visible", True) for p in strokes):
        return None
    weight = n.get("strokeWeight", 1.0)
    if not isinstance(weight, int | float) or isinstance(weight, bool) or weight <= 0:
        return None
    cap = n.get("strokeCap") if n.get("strokeCap") in ("ROUND", "SQUARE") else "NONE"
    join = n.get("strokeJoin") if n.get("strokeJoin") in ("BEVEL", "ROUND") else "MITER"
    align = n.get("strokeAlign") if n.get("strokeAlign") in ("INSIDE", "OUTSIDE") else "CENTER"
    return float(weight), cap, join, align


def _outline(d: str, props: tuple[float, str, str, str]) -> str:
    from adapters.figma.outline import stroke_outline

    return stroke_outline(d, *props)


def paths_from_figma(n: dict[str, Any]) -> tuple[list[VectorPath], str]:
    """(paths, source): source is 'vectorPaths' | 'fillGeometry' | 'strokeGeometry' | '' (none).

    `vectorPaths` (the Plugin API's editable paths, which ACE writes beside the REST geometry) is
    used only while it agrees with the standard fields: its filled paths are `fillGeometry`, in
    order, and, when `strokeGeometry` holds these paths' outlines, a path is stroked when its
    outline is there. A file whose
    geometry another tool changed is read from the standard fields alone."""
    fill = [p for p in n.get("fillGeometry") or [] if isinstance(p, dict) and isinstance(p.get("path"), str)]
    stroke = [p for p in n.get("strokeGeometry") or [] if isinstance(p, dict) and isinstance(p.get("path"), str)]
    vp = n.get("vectorPaths")
    if isinstance(vp, list) and vp:
        out = [
            VectorPath(d=p["data"], fill_rule=_rule(p.get("windingRule")), filled=p.get("windingRule") != "NONE")
            for p in vp
            if isinstance(p, dict) and isinstance(p.get("data"), str)
        ]
        filled = [(p.d, p.fill_rule) for p in out if p.filled]
        if out and filled == [(p["path"], _rule(p.get("windingRule"))) for p in fill]:
            props = _outline_props(n)
            if stroke and props is not None:
                drawn = {p["path"] for p in stroke}
                lines = [_outline(p.d, props) for p in out]
                if drawn <= set(lines):  # the outlines of these paths (not Figma's own, say)
                    out = [p.model_copy(update={"stroked": line in drawn}) for p, line in zip(out, lines, strict=True)]
            return out, "vectorPaths"
    if fill:
        return [VectorPath(d=p["path"], fill_rule=_rule(p.get("windingRule"))) for p in fill], "fillGeometry"
    if stroke:
        return [VectorPath(d=p["path"], fill_rule=_rule(p.get("windingRule"))) for p in stroke], "strokeGeometry"
    return [], ""


def paths_to_figma(paths: list[VectorPath], node: dict[str, Any] | None = None) -> dict[str, Any]:
    """The geometry of `node` (its Figma dict, strokes set) as REST has it with geometry=paths:
    fillGeometry (the filled paths) and strokeGeometry (the area the node's stroke paints along each
    stroked path, so a consumer that fills the REST geometry draws open lines too); plus
    vectorPaths (the Plugin API's spelling: every path, windingRule NONE for one not filled), which
    lets a reader keep a path a line. The spec allows properties beyond its own."""
    out: dict[str, Any] = {
        "fillGeometry": [{"path": p.d, "windingRule": p.fill_rule.upper()} for p in paths if p.filled],
        "vectorPaths": [{"windingRule": p.fill_rule.upper() if p.filled else "NONE", "data": p.d} for p in paths],
    }
    props = _outline_props(node) if node is not None else None
    if props is not None:
        lines = [_outline(p.d, props) for p in paths if p.stroked]
        if any(lines):
            out["strokeGeometry"] = [{"path": d, "windingRule": "NONZERO"} for d in lines if d]
    return out


def preset_paths(preset: str, w: float, h: float, adjustments: dict[str, float]) -> list[VectorPath] | None:
    """An OOXML preset drawn as paths (ace_core.drawing), or None when it is not available."""
    try:
        from ace_core.drawing.presets import evaluate
    except ImportError:  # the drawing package is optional here
        return None
    try:
        geo = evaluate(preset, w, h, adjustments or None)
    except (UnsupportedError, ValueError, ArithmeticError, KeyError):  # unknown preset / bad adjust value
        return None
    return [VectorPath(d=p.d, filled=p.filled, stroked=p.stroke) for p in geo.paths] or None


def preset_text_margins(node: NodeBase) -> Sides:
    """How far inside a preset shape's box its text rectangle lies on each side (OOXML's text rect,
    e.g. a trapezoid's text sits between its slanted sides), px, flips applied; zero for a box, a
    shape that is not a preset, and a placeholder (LibreOffice draws a placeholder's text in its
    whole box whatever its geometry: pypptx-ph-inherit-props' chevron body). The shape is written
    as a VECTOR, which reads back without its preset, so the writer pads the text by these margins
    for good (the reader's insets hold them)."""
    if not isinstance(node, ShapeNode) or not node.preset or node.placeholder is not None:
        return Sides()
    try:
        from ace_core.drawing.presets import evaluate

        left, top, right, bottom = evaluate(node.preset, node.width, node.height, node.adjustments or None).text_rect
    except (ImportError, AceError, ValueError, ArithmeticError, KeyError):
        return Sides()
    if node.flip_h:
        left, right = node.width - right, node.width - left
    if node.flip_v:
        top, bottom = node.height - bottom, node.height - top
    return Sides(
        top=max(0.0, top),
        right=max(0.0, node.width - right),
        bottom=max(0.0, node.height - bottom),
        left=max(0.0, left),
    )


_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def scale_path(d: str, sx: float, sy: float, tx: float = 0.0, ty: float = 0.0) -> str:
    """SVG path data mapped by x' = (x + tx) * sx, y' = (y + ty) * sy (relative commands only
    scale; arc radii scale too, exact for axis-aligned ellipses)."""
    out: list[str] = []
    cmd = ""
    args: list[float] = []

    def emit() -> None:
        up = cmd.upper()
        n = _ARITY.get(up, 0)
        if n == 0:
            out.append(cmd)
            return
        ox, oy = (0.0, 0.0) if cmd.islower() else (tx, ty)
        for i in range(0, len(args) - n + 1, n):
            chunk = args[i : i + n]
            if up == "H":
                vals = [(chunk[0] + ox) * sx]
            elif up == "V":
                vals = [(chunk[0] + oy) * sy]
            elif up == "A":
                rx, ry, rot, large, sweep, ex, ey = chunk
                vals = [rx * abs(sx), ry * abs(sy), rot, large, sweep, (ex + ox) * sx, (ey + oy) * sy]
            else:
                vals = [(v + ox) * sx if j % 2 == 0 else (v + oy) * sy for j, v in enumerate(chunk)]
            out.append(cmd + " ".join(_fmt(v) for v in vals))

    for tok in _TOKEN.findall(d):
        if tok.isalpha():
            if cmd:
                emit()
            cmd, args = tok, []
        else:
            args.append(float(tok))
    if cmd:
        emit()
    return "".join(out)
