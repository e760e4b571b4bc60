"""Figma transforms <-> IR boxes: 2x3 affine matrices, x / y / rotation / flips, bounding boxes.

Figma's `relativeTransform` [[a, b, tx], [c, d, ty]] maps node-local points to the parent's space
(in REST responses the parent is the direct parent, groups included, as the corpus shows: a group
child's matrix is relative to the group). The IR puts a node at (x, y, w, h) in its parent, rotates
it `rotation` degrees clockwise about the box centre and mirrors it about its centre lines, so
    M = translate(centre) . R(rotation) . F(flips) . translate(-w/2, -h/2).
REST `rotation` is atan2(c, a) in radians, which is the IR's clockwise angle (y points down).
A negative determinant is read as flip_h (a vertical flip is a horizontal flip turned 180 deg)."""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = [
    "IDENTITY",
    "Affine",
    "Box",
    "aabb",
    "box_to_matrix",
    "decompose",
    "invert",
    "multiply",
    "size_from_aabb",
]

Affine = tuple[float, float, float, float, float, float]
"""(a, b, tx, c, d, ty): x' = a x + b y + tx, y' = c x + d y + ty."""

IDENTITY: Affine = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0)


@dataclass(frozen=True)
class Box:
    """An IR box: position in the parent, size, clockwise rotation (degrees), flips; `skewed` is
    True when the matrix held a scale or shear the IR cannot express (dropped)."""

    x: float
    y: float
    rotation: float = 0.0
    flip_h: bool = False
    flip_v: bool = False
    skewed: bool = False


def multiply(m: Affine, n: Affine) -> Affine:
    """m . n (apply n first)."""
    a, b, tx, c, d, ty = m
    e, f, ux, g, h, uy = n
    return (a * e + b * g, a * f + b * h, a * ux + b * uy + tx, c * e + d * g, c * f + d * h, c * ux + d * uy + ty)


def invert(m: Affine) -> Affine:
    a, b, tx, c, d, ty = m
    det = a * d - b * c
    if abs(det) < 1e-12:
        return (1.0, 0.0, -tx, 0.0, 1.0, -ty)
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, -(ia * tx + ib * ty), ic, id_, -(ic * tx + id_ * ty))


def _cos_sin(deg: float) -> tuple[float, float]:
    """cos / sin of an angle in degrees, exact at multiples of 90."""
    q = deg / 90.0
    if abs(q - round(q)) < 1e-12:
        return ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))[round(q) % 4]
    r = math.radians(deg)
    return math.cos(r), math.sin(r)


def box_to_matrix(x: float, y: float, w: float, h: float, rotation: float, flip_h: bool, flip_v: bool) -> Affine:
    """The Figma relativeTransform of an IR box."""
    if not rotation and not flip_h and not flip_v:
        return (1.0, 0.0, x, 0.0, 1.0, y)
    cos, sin = _cos_sin(rotation)
    sx = -1.0 if flip_h else 1.0
    sy = -1.0 if flip_v else 1.0
    a, b, c, d = cos * sx, -sin * sy, sin * sx, cos * sy
    cx, cy = x + w / 2, y + h / 2
    return (a, b, cx - (a * w / 2 + b * h / 2), c, d, cy - (c * w / 2 + d * h / 2))


def _clean_angle(deg: float) -> float:
    deg = math.remainder(deg, 360.0)
    if abs(deg - round(deg)) < 1e-9:
        deg = float(round(deg))
    if deg == -180.0:
        deg = 180.0
    return deg + 0.0  # no -0.0


def decompose(m: Affine, w: float, h: float) -> Box:
    """The IR box of a node of size w x h placed by matrix m."""
    a, b, tx, c, d, ty = m
    if a == 1.0 and b == 0.0 and c == 0.0 and d == 1.0:
        return Box(tx, ty)
    det = a * d - b * c
    flip = det < 0
    ra, rc = (-a, -c) if flip else (a, c)
    rotation = _clean_angle(math.degrees(math.atan2(rc, ra)))
    skewed = abs(math.hypot(a, c) - 1.0) > 1e-3 or abs(math.hypot(b, d) - 1.0) > 1e-3 or abs(a * b + c * d) > 1e-3
    cx = a * w / 2 + b * h / 2 + tx
    cy = c * w / 2 + d * h / 2 + ty
    # a rotated box's corner comes from trigonometry: 1e-9 px of noise is dropped, so that the box
    # written back as a matrix and read again is the same box
    return Box(round(cx - w / 2, 9) + 0.0, round(cy - h / 2, 9) + 0.0, rotation, flip, False, skewed)


def aabb(m: Affine, w: float, h: float) -> tuple[float, float, float, float]:
    """Axis-aligned (x, y, width, height) of the box 0..w x 0..h under m."""
    a, b, tx, c, d, ty = m
    xs = [tx, a * w + tx, b * h + tx, a * w + b * h + tx]
    ys = [ty, c * w + ty, d * h + ty, c * w + d * h + ty]
    x0, y0 = min(xs), min(ys)
    return x0, y0, max(xs) - x0, max(ys) - y0


def size_from_aabb(width: float, height: float, rotation_deg: float) -> tuple[float, float, bool]:
    """Pre-rotation (w, h) of a box whose rotated bounding box is width x height; the flag is
    False when the angle (near 45 deg) makes the size ambiguous (then the box is taken square)."""
    cos, sin = _cos_sin(rotation_deg)
    ac, as_ = abs(cos), abs(sin)
    den = ac * ac - as_ * as_
    if abs(den) < 1e-6:
        side = max(width, height) / (ac + as_) if ac + as_ else 0.0
        return side, side, False
    w = (width * ac - height * as_) / den
    h = (height * ac - width * as_) / den
    return max(w, 0.0), max(h, 0.0), True
