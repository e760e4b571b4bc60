"""Stroke outlines for strokeGeometry: a stroked path's line as a closed path a REST consumer fills."""

from __future__ import annotations

import math

from adapters.ooxml.svgpath import parse_path

__all__ = ["stroke_outline"]

Pt = tuple[float, float]
_MITER_LIMIT = 4.0  # SVG's and OOXML's default
_CURVE_STEPS = 12


def _fmt(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _polylines(d: str) -> list[tuple[list[Pt], bool]]:
    """The path's subpaths flattened to polylines, each with whether it is closed."""
    out: list[tuple[list[Pt], bool]] = []
    pts: list[Pt] = []
    for cmd, args in parse_path(d):
        if cmd == "M":
            if len(pts) > 1:
                out.append((pts, False))
            pts = [args[0]]
        elif cmd == "L" and pts:
            pts.append(args[0])
        elif cmd in ("C", "Q") and pts:
            p0 = pts[-1]
            for i in range(1, _CURVE_STEPS + 1):
                t = i / _CURVE_STEPS
                u = 1 - t
                if cmd == "C":
                    (c1, c2, p3) = args
                    x = u**3 * p0[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t**3 * p3[0]
                    y = u**3 * p0[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t**3 * p3[1]
                else:
                    (c1, p2) = args
                    x = u * u * p0[0] + 2 * u * t * c1[0] + t * t * p2[0]
                    y = u * u * p0[1] + 2 * u * t * c1[1] + t * t * p2[1]
                pts.append((x, y))
        elif cmd == "Z" and pts:
            if len(pts) > 1:
                out.append((pts, True))
            pts = [pts[0]]
    if len(pts) > 1:
        out.append((pts, False))
    cleaned = []
    for line, closed in out:
        dedup = [line[0]]
        for p in line[1:]:
            if math.dist(p, dedup[-1]) > 1e-6:
                dedup.append(p)
        if closed and len(dedup) > 1 and math.dist(dedup[0], dedup[-1]) <= 1e-6:
            dedup.pop()
        if len(dedup) > 1:
            cleaned.append((dedup, closed and len(dedup) > 2))
    return cleaned


def _normal(a: Pt, b: Pt) -> Pt:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    return (-dy / length, dx / length)


def _side(pts: list[Pt], closed: bool, h: float, join: str) -> list[Pt]:
    """The polyline offset by h along its left normals, joined at the vertices (miter within the
    limit, else bevel; round joins as bevels of the flattened curve)."""
    n = len(pts)
    segs = [(pts[i], pts[(i + 1) % n]) for i in range(n if closed else n - 1)]
    normals = [_normal(a, b) for a, b in segs]
    out: list[Pt] = []
    for i, (a, b) in enumerate(segs):
        nx, ny = normals[i]
        start, end = (a[0] + nx * h, a[1] + ny * h), (b[0] + nx * h, b[1] + ny * h)
        if i == 0 and not closed:
            out.append(start)
        if i > 0 or closed:
            px, py = normals[i - 1]
            cos = px * nx + py * ny
            mx, my = px + nx, py + ny
            scale = (mx * mx + my * my) / 2
            if join == "MITER" and scale > 1e-9 and 1 / math.sqrt(scale) <= _MITER_LIMIT and cos < 0.9999:
                out.append((a[0] + mx / scale * h, a[1] + my / scale * h))
            else:
                out.append((a[0] + px * h, a[1] + py * h))
                out.append(start)
        if not closed and i == len(segs) - 1:
            out.append(end)
    return out


def _cap(end: Pt, out: Pt, h: float, cap: str) -> list[Pt]:
    """Points around an open end, from its left side to its right side as the ring runs (`out`:
    the unit vector pointing out of the line there; left = `out` turned by +90 degrees)."""
    tx, ty = out
    nx, ny = -ty, tx
    if cap == "SQUARE":
        return [(end[0] + (nx + tx) * h, end[1] + (ny + ty) * h), (end[0] + (tx - nx) * h, end[1] + (ty - ny) * h)]
    if cap == "ROUND":
        steps = [math.pi * i / 8 for i in range(1, 8)]
        return [
            (end[0] + h * (nx * math.cos(t) + tx * math.sin(t)), end[1] + h * (ny * math.cos(t) + ty * math.sin(t)))
            for t in steps
        ]
    return []


def _unit(a: Pt, b: Pt) -> Pt:
    length = math.dist(a, b)
    return ((b[0] - a[0]) / length, (b[1] - a[1]) / length)


def _area(pts: list[Pt]) -> float:
    """Twice the signed area (positive: the left normals point inside, in Figma's y-down space)."""
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(pts, pts[1:] + pts[:1], strict=True))


def stroke_outline(d: str, weight: float, cap: str = "NONE", join: str = "MITER", align: str = "CENTER") -> str:
    """SVG path data of the area a stroke of `weight` paints along `d` (nonzero winding): a closed
    subpath gives a ring (centred on it, or inside / outside it as `align` says), an open one a band
    centred on it with its caps; '' when nothing is painted."""
    if weight <= 0:
        return ""
    parts = []
    for pts, closed in _polylines(d):
        if closed:
            inward = 1.0 if _area(pts) > 0 else -1.0
            a, b = {"INSIDE": (0.0, weight * inward), "OUTSIDE": (-weight * inward, 0.0)}.get(
                align, (weight / 2, -weight / 2)
            )
            rings = [_side(pts, True, max(a, b), join), _side(pts, True, min(a, b), join)[::-1]]
        else:
            h = weight / 2
            tail = _cap(pts[-1], _unit(pts[-2], pts[-1]), h, cap)
            head = _cap(pts[0], _unit(pts[1], pts[0]), h, cap)
            rings = [_side(pts, False, h, join) + tail + _side(pts, False, -h, join)[::-1] + head]
        for poly in rings:
            if poly and any(math.dist(poly[0], p) > 1e-9 for p in poly):
                parts.append("M" + "L".join(f"{_fmt(x)} {_fmt(y)}" for x, y in poly) + "Z")
    return "".join(parts)
