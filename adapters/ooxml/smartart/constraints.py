"""SmartArt constraints: the values a layout node's constrLst gives itself, its children and its
descendants (lengths in EMU, font sizes in points), bounds, equality groups and the rules."""

from __future__ import annotations

import math

from adapters.ooxml.smartart.build import Inst
from adapters.ooxml.smartart.layoutdef import Constr
from adapters.ooxml.smartart.model import type_matches

__all__ = ["FONTS", "apply_constraints", "apply_self", "depends_on"]

EMU_PER_MM = 36000.0
EMU_PER_PT = 12700.0
FONTS = {"primFontSz", "secFontSz"}
BOX = frozenset(
    ["w", "h", "l", "t", "r", "b", "ctrX", "ctrY", "wOff", "hOff", "lOff", "tOff", "rOff", "bOff", "ctrXOff", "ctrYOff"]
)
"""the constraints that place an instance's own box"""
LENGTHS = BOX | {
    "sp",
    "sibSp",
    "secSibSp",
    "begPad",
    "endPad",
    "connDist",
    "bendDist",
    "stemThick",
    "diam",
    "lMarg",
    "rMarg",
    "tMarg",
    "bMarg",
    "begMarg",
    "endMarg",
}


def _matches(inst: Inst, name: str, pt_type: str) -> bool:
    return (not name or inst.name == name) and type_matches(inst.assoc or inst.point, pt_type)


def _targets(inst: Inst, rel: str, name: str, pt_type: str) -> list[Inst]:
    if rel == "self":
        return [inst] if _matches(inst, name, "all") else []
    pool = inst.children if rel == "ch" else inst.descendants() if rel == "des" else []
    return [c for c in pool if _matches(c, name, pt_type)]


def _own_size(inst: Inst, kind: str) -> float | None:
    """A property of an instance: set by a constraint, or for its box edges and centre, worked out
    from the ones that are set (a composite child without 'l' starts at 0)."""
    p = inst.props
    value = p.get(kind)
    if value is not None:
        return value
    if kind in ("w", "h") and inst.placed and inst.scale > 0 and inst.scale_y > 0:
        return inst.w / inst.scale if kind == "w" else inst.h / inst.scale_y
    axis = {"l": "x", "r": "x", "ctrX": "x", "t": "y", "b": "y", "ctrY": "y"}.get(kind)
    if axis is None:
        return None
    lo, hi, ctr, size = ("l", "r", "ctrX", "w") if axis == "x" else ("t", "b", "ctrY", "h")
    extent = p.get(size)
    start = p.get(lo)
    if start is None and extent is not None:
        if p.get(ctr) is not None:
            start = p[ctr] - extent / 2
        elif p.get(hi) is not None:
            start = p[hi] - extent
    start = 0.0 if start is None else start
    if extent is None:
        if p.get(hi) is None:
            return start if kind == lo else None
        extent = p[hi] - start
    return {lo: start, hi: start + extent, ctr: start + extent / 2}[kind]


def _value(c: Constr, inst: Inst) -> tuple[float | None, Inst | None]:
    """(the constraint's value in the target's units, the instance it refers to), the value None
    when the constraint gives none (yet)."""
    if c.ref_type not in ("", "none"):
        refs = _targets(inst, c.ref_for, c.ref_for_name, c.ref_pt_type)
        ref = refs[0] if refs else None
        got = _own_size(ref, c.ref_type) if ref is not None else None
        if got is None:
            return (_absolute(c) if c.has_val else None), None
        value = got * c.fact
        if c.type in LENGTHS and c.ref_type in FONTS:
            value *= EMU_PER_PT
        elif c.type in FONTS and c.ref_type in LENGTHS:
            value /= EMU_PER_PT
        return value, ref
    return (_absolute(c) if c.has_val else None), None


def _absolute(c: Constr) -> float | None:
    if math.isinf(c.val):
        return None
    if c.type in LENGTHS:
        return c.val * EMU_PER_MM
    return c.val


def _apply_one(c: Constr, owner: Inst, targets: list[Inst]) -> None:
    if not targets:
        return
    value, ref = _value(c, owner)
    if (c.op == "equ" and len(targets) > 1) or (c.op == "equ" and c.type in FONTS):
        groups = owner.extra.setdefault("equal", [])
        key = (c.type, tuple(id(t) for t in targets))
        if key not in {(g[0], tuple(id(t) for t in g[1])) for g in groups}:
            groups.append((c.type, targets))
    if value is None:
        return
    for t in targets:
        if c.op in ("gte", "lte"):
            bounds = t.extra.setdefault("bounds", {})
            bounds[(c.type, c.op)] = value
            if c.type in FONTS and ref is not None and ref is not t:  # held again once sizes are fitted
                t.extra.setdefault("font_bounds", {})[(c.type, c.op, id(ref))] = (ref, c.fact)
        else:
            t.props[c.type] = value
            sources = t.extra.setdefault("src", {})
            if ref is not None:
                sources[c.type] = (ref, c.ref_type)
            else:
                sources.pop(c.type, None)


def depends_on(inst: Inst, kind: str, axis: str, parent: Inst, depth: int = 0) -> bool:
    """True when the instance's `kind` size comes (through its references) from the `axis` size
    ('w' / 'h') of itself or a sibling, not from its parent's box: it follows that size when an
    algorithm scales it."""
    src = inst.extra.get("src", {}).get(kind)
    if src is None or depth > 8:
        return False
    ref, ref_type = src
    if ref is parent:
        return False
    if ref_type == axis:
        return True
    return ref_type in ("w", "h") and depends_on(ref, ref_type, axis, parent, depth + 1)


def _bound(inst: Inst) -> None:
    for (kind, op), value in inst.extra.get("bounds", {}).items():
        have = inst.props.get(kind)
        if have is None:
            continue
        inst.props[kind] = min(have, value) if op == "lte" else max(have, value)


def apply_self(inst: Inst) -> None:
    """The instance's own constraints on itself (for="self"), applied after its parent's."""
    for _ in range(2):  # a second pass settles references to values set later in the list
        for c in inst.constrs:
            if c.for_ == "self" and not c.for_name:
                _apply_one(c, inst, [inst])
    _bound(inst)


def apply_constraints(inst: Inst) -> None:
    """The instance's constraints on its children and descendants, then each child's own."""
    for _ in range(2):
        for c in inst.constrs:
            if c.for_ == "self" and not c.for_name and c.type in BOX:
                continue  # the instance's own box is already placed
            _apply_one(c, inst, _targets(inst, c.for_, c.for_name, c.pt_type))
    for child in inst.children:
        apply_self(child)
    for t in inst.descendants():
        _bound(t)
    _rules(inst)


def _rules(inst: Inst) -> None:
    """Rules that let a font shrink: the smallest primFontSz / secFontSz each target may reach."""
    for r in inst.rules:
        if r.type not in FONTS or math.isnan(r.val):
            continue
        for t in _targets(inst, r.for_, r.for_name, r.pt_type):
            floor = t.extra.setdefault("font_floor", {})
            floor[r.type] = min(floor.get(r.type, math.inf), r.val)
