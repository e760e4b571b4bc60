"""Axis-generic access to IR nodes for the solver: axis 0 is x / width, axis 1 is y / height (px)."""

from __future__ import annotations

import math

from ace_core.ir.layout_props import AutoLayout
from ace_core.ir.nodes import FrameNode, GroupNode, NodeBase, TextNode

__all__ = [
    "auto_layout",
    "extent",
    "flow_children",
    "is_rotated",
    "limits",
    "paddings",
    "position",
    "primary_axis",
    "size",
    "sizing",
    "text_hugs",
]

SIZE_ATTR = ("width", "height")
POS_ATTR = ("x", "y")


def auto_layout(node: NodeBase) -> AutoLayout | None:
    """The node's HORIZONTAL / VERTICAL auto-layout, or None (no layout, GRID, or not a frame)."""
    if type(node) is FrameNode:
        layout = node.layout
        if layout is not None and layout.mode != "GRID":
            return layout
    return None


def primary_axis(layout: AutoLayout) -> int:
    return 0 if layout.mode == "HORIZONTAL" else 1


def size(node: NodeBase, axis: int) -> float:
    return node.width if axis == 0 else node.height


def position(node: NodeBase, axis: int) -> float:
    return node.x if axis == 0 else node.y


def sizing(node: NodeBase, axis: int) -> str:
    return node.sizing_h if axis == 0 else node.sizing_v


def limits(node: NodeBase, axis: int) -> tuple[float | None, float | None]:
    if axis == 0:
        return node.min_width, node.max_width
    return node.min_height, node.max_height


def is_rotated(node: NodeBase) -> bool:
    rotation = node.rotation
    return rotation != 0.0 and rotation % 360.0 != 0.0


def extent(node: NodeBase, axis: int) -> float:
    """Size on `axis` of the node's bounding box after rotation (px)."""
    if not is_rotated(node):
        return size(node, axis)
    rad = math.radians(node.rotation)
    c, s = round(abs(math.cos(rad)), 12), round(abs(math.sin(rad)), 12)  # exact at multiples of 90
    if axis == 0:
        return node.width * c + node.height * s
    return node.width * s + node.height * c


def paddings(frame: FrameNode, layout: AutoLayout, axis: int) -> tuple[float, float]:
    """(start, end) padding on `axis`, plus the stroke weight when strokes are included in layout."""
    if axis == 0:
        start, end = layout.padding_left, layout.padding_right
    else:
        start, end = layout.padding_top, layout.padding_bottom
    if layout.strokes_included and frame.strokes:
        sides = frame.stroke_weights
        if sides is not None:
            start += sides.left if axis == 0 else sides.top
            end += sides.right if axis == 0 else sides.bottom
        else:
            weight = max((s.weight for s in frame.strokes if getattr(s.paint, "visible", True)), default=0.0)
            start += weight
            end += weight
    return start, end


def flow_children(frame: FrameNode | GroupNode) -> list[NodeBase]:
    """Children that take part in auto-layout: visible and not ABSOLUTE."""
    return [c for c in frame.children if c.visible and c.positioning == "AUTO"]


def text_hugs(node: NodeBase, axis: int) -> bool:
    """Does the TEXT node's textAutoResize size it on `axis`? WIDTH_AND_HEIGHT sizes both, HEIGHT
    only the height; NONE and TRUNCATE (Figma's deprecated fixed box with ellipsis) size neither."""
    if type(node) is not TextNode:
        return False
    mode = node.text.auto_resize
    if axis == 0:
        return mode == "WIDTH_AND_HEIGHT"
    return mode in ("HEIGHT", "WIDTH_AND_HEIGHT")
