"""Constraints (autolayout.md c.5): how children follow a frame that is resized, and group refitting.

Rules when the parent's size on an axis goes from W0 to W1 (D = W1 - W0), for a child at x with
size w (the vertical axis is the same with y / h):

    MIN x, w | MAX x + D, w | CENTER x + D/2, w | STRETCH x, w + D (never below 0) |
    SCALE x * W1/W0, w * W1/W0 (W0 = 0: the child stays)

Decisions (pinned by tests/test_layout_constraints.py):
- Who follows: every child of a frame without auto-layout, and the ABSOLUTE children of an
  auto-layout frame. Flow children are placed by the solver instead; hidden flow children stay.
  Children of a GRID frame stay where they are (GRID is carried as stored).
- A child that hugs its content on the axis (an auto-layout frame with HUG sizing, a TEXT whose
  auto_resize sizes that axis) keeps its size: STRETCH acts as MIN and SCALE scales only the
  position; its content decides its size.
- A child that is itself a frame and gets a new size applies the rules to its own children in
  turn (recursively), through `SizeSetter.set_size`.
- Groups have no constraints of their own (as in Figma): the rules apply to each descendant of
  the group with the descendant's own constraints, in the frame's coordinates; the group's box is
  then refit to the union of its children. A rotated group moves as one unit by its own
  constraints (position only).
- A rotated child applies the rules to its unrotated box (x, width), rotation kept.
"""

from __future__ import annotations

from typing import Protocol

from ace_core.ir.nodes import FrameNode, GroupNode, NodeBase
from ace_core.layout.access import auto_layout, extent, is_rotated, position, size

__all__ = ["SizeSetter", "apply_constraints", "constrain", "refit_group"]


class SizeSetter(Protocol):
    """What the constraint code needs from the solver: tracked setters and the HUG test."""

    changes: int

    def set_pos(self, node: NodeBase, axis: int, value: float) -> None: ...

    def set_size(self, node: NodeBase, axis: int, value: float) -> None: ...

    def hugs(self, node: NodeBase, axis: int) -> bool: ...


def constrain(rule: str, pos: float, length: float, old: float, new: float) -> tuple[float, float]:
    """(position, size) of a child under constraint `rule` when its parent goes from `old` to `new` px."""
    delta = new - old
    if rule == "MAX":
        return pos + delta, length
    if rule == "CENTER":
        return pos + delta / 2.0, length
    if rule == "STRETCH":
        return pos, max(0.0, length + delta)
    if rule == "SCALE":
        if old <= 0.0:
            return pos, length
        ratio = new / old
        return pos * ratio, length * ratio
    return pos, length


def apply_constraints(ctx: SizeSetter, frame: FrameNode, axis: int, old: float, new: float) -> None:
    """Move / resize the children of `frame` that follow constraints after its size on `axis`
    changed from `old` to `new` px."""
    if old == new:
        return
    if frame.layout is not None and frame.layout.mode == "GRID":
        return
    in_flow_layout = auto_layout(frame) is not None
    for child in frame.children:
        if in_flow_layout and child.positioning != "ABSOLUTE":
            continue
        _constrain_child(ctx, child, axis, old, new, 0.0)


def _constrain_child(ctx: SizeSetter, child: NodeBase, axis: int, old: float, new: float, origin: float) -> None:
    """Apply the child's constraint; `origin` is the frame-relative position of the child's parent."""
    if type(child) is GroupNode and not is_rotated(child):
        before = ctx.changes
        base = origin + position(child, axis)
        for sub in child.children:
            _constrain_child(ctx, sub, axis, old, new, base)
        if ctx.changes != before:
            refit_group(ctx, child, (axis,))
        return
    rule = child.constraints.horizontal if axis == 0 else child.constraints.vertical
    pos = origin + position(child, axis)
    length = size(child, axis)
    new_pos, new_len = constrain(rule, pos, length, old, new)
    if type(child) is GroupNode or ctx.hugs(child, axis):
        if rule == "STRETCH":
            new_pos = pos
        new_len = length
    ctx.set_pos(child, axis, new_pos - origin)
    ctx.set_size(child, axis, new_len)


def refit_group(ctx: SizeSetter, group: GroupNode, axes: tuple[int, ...] = (0, 1)) -> None:
    """Make the group's box the union of its children's (rotated) boxes on `axes`, shifting the
    children by the opposite amount so that nothing moves on the slide. Visible children count
    (all of them when none is visible). Rotated groups and empty groups are left alone."""
    if is_rotated(group) or not group.children:
        return
    kids = [c for c in group.children if c.visible] or list(group.children)
    for axis in axes:
        lows = [position(c, axis) + (size(c, axis) - extent(c, axis)) / 2.0 for c in kids]
        highs = [lo + extent(c, axis) for lo, c in zip(lows, kids, strict=True)]
        lo, hi = min(lows), max(highs)
        if lo != 0.0:
            for c in group.children:
                ctx.set_pos(c, axis, position(c, axis) - lo)
            ctx.set_pos(group, axis, position(group, axis) + lo)
        ctx.set_size(group, axis, hi - lo)
