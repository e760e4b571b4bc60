"""Boxes: absolute positions, and auto-layout frames as CSS flexbox (autolayout.md c.8).

Decisions taken where Figma and CSS differ: SPACE_BETWEEN drops the gap (Figma ignores
itemSpacing there); negative item spacing becomes negative margins on children 2..n; FILL on
the primary axis is `flex:1 1 0` with `min-width/height:0` (no content minimum); FIXED children
get `flex-shrink:0` (Figma never shrinks); a HUG frame gets no size on that axis (absolute boxes
and flex items then size to their content); reverse z-index gives decreasing z-index."""

from __future__ import annotations

from ace_core.ir.layout_props import AutoLayout
from ace_core.ir.nodes import FrameNode, NodeBase
from adapters.html.schema import num, px

__all__ = ["box_decls", "flex_container_decls", "in_flow"]

_JUSTIFY = {"MIN": "flex-start", "CENTER": "center", "MAX": "flex-end", "SPACE_BETWEEN": "space-between"}
_ALIGN = {"MIN": "flex-start", "CENTER": "center", "MAX": "flex-end", "BASELINE": "baseline"}


def in_flow(node: NodeBase, parent_layout: AutoLayout | None) -> bool:
    """True when the node is placed by its parent's flexbox (not absolutely positioned)."""
    return parent_layout is not None and parent_layout.mode != "GRID" and node.positioning != "ABSOLUTE"


def _own_layout(node: NodeBase) -> AutoLayout | None:
    return node.layout if isinstance(node, FrameNode) and node.layout is not None else None


def box_decls(
    node: NodeBase, parent_layout: AutoLayout | None, index: int, siblings: list[NodeBase]
) -> tuple[list[tuple[str, str]], set[str]]:
    """Position and size of a node's element, and the IR fields those declarations carry
    exactly (so they need not be repeated in data-ir)."""
    decls: list[tuple[str, str]] = []
    consumed: set[str] = set()
    own = _own_layout(node)
    if not in_flow(node, parent_layout):
        decls.append(("position", "absolute"))
        decls.append(("left", px(node.x)))
        decls.append(("top", px(node.y)))
        consumed |= {"x", "y"}
        hug_w = own is not None and node.sizing_h == "HUG"
        hug_h = own is not None and node.sizing_v == "HUG"
        if not hug_w:
            decls.append(("width", px(node.width)))
            consumed.add("width")
        if not hug_h:
            decls.append(("height", px(node.height)))
            consumed.add("height")
        if node.width == 0 and node.height == 0 and not (hug_w or hug_h):
            decls.append(("overflow", "hidden"))  # a box without area shows nothing (as LibreOffice)
    else:
        assert parent_layout is not None
        decls.extend(_flex_item_decls(node, parent_layout, index, siblings, consumed))
    if node.rotation:
        decls.append(("transform", f"rotate({num(node.rotation)}deg)"))
    consumed.add("rotation")
    if node.opacity != 1.0:
        decls.append(("opacity", num(node.opacity)))
    consumed.add("opacity")
    consumed.add("visible")  # drawn as display:none, added last by the writer
    for key, value in (
        ("min-width", node.min_width),
        ("max-width", node.max_width),
        ("min-height", node.min_height),
        ("max-height", node.max_height),
    ):
        if value is not None:
            decls.append((key, px(value)))
    return decls, consumed


def _flex_item_decls(
    node: NodeBase, layout: AutoLayout, index: int, siblings: list[NodeBase], consumed: set[str]
) -> list[tuple[str, str]]:
    row = layout.mode == "HORIZONTAL"
    primary_sizing, counter_sizing = (node.sizing_h, node.sizing_v) if row else (node.sizing_v, node.sizing_h)
    primary_dim, counter_dim = ("width", "height") if row else ("height", "width")
    p_size, c_size = (node.width, node.height) if row else (node.height, node.width)
    decls: list[tuple[str, str]] = [("position", "relative")]
    if primary_sizing == "FILL":
        decls.append(("flex", "1 1 0"))
        decls.append((f"min-{primary_dim}", "0"))
    else:
        decls.append(("flex-shrink", "0"))
        if primary_sizing == "FIXED":
            decls.append((primary_dim, px(p_size)))
            consumed.add(primary_dim)
    if counter_sizing == "FILL":
        decls.append(("align-self", "stretch"))
    elif counter_sizing == "FIXED":
        decls.append((counter_dim, px(c_size)))
        consumed.add(counter_dim)
    if layout.item_spacing < 0 and layout.primary_align != "SPACE_BETWEEN":
        flow = [s for s in siblings if s.visible and s.positioning != "ABSOLUTE"]
        if flow and node is not flow[0] and node.visible:
            decls.append(("margin-left" if row else "margin-top", px(layout.item_spacing)))
    if layout.reverse_z_index:
        decls.append(("z-index", str(len(siblings) - index)))
    return decls


def flex_container_decls(frame: FrameNode) -> list[tuple[str, str]]:
    """display:flex and friends for an auto-layout frame (GRID frames use display:grid)."""
    lay = frame.layout
    if lay is None:
        return []
    if lay.mode == "GRID":
        grid = lay.grid
        if grid is None:
            return []
        decls = [("display", "grid")]
        cols = " ".join(grid.column_sizes) or f"repeat({grid.columns},1fr)"
        rows = " ".join(grid.row_sizes) or f"repeat({grid.rows},1fr)"
        decls += [("grid-template-columns", cols), ("grid-template-rows", rows)]
        if grid.row_gap or grid.column_gap:
            decls.append(("gap", f"{px(grid.row_gap)} {px(grid.column_gap)}"))
        return decls
    row = lay.mode == "HORIZONTAL"
    decls = [("display", "flex"), ("flex-direction", "row" if row else "column")]
    if lay.wrap and row:
        decls.append(("flex-wrap", "wrap"))
    pads = (lay.padding_top, lay.padding_right, lay.padding_bottom, lay.padding_left)
    if any(pads):
        decls.append(("padding", " ".join(px(v) for v in pads)))
    gap_main = lay.item_spacing if lay.primary_align != "SPACE_BETWEEN" and lay.item_spacing > 0 else 0.0
    cross = lay.counter_axis_spacing if lay.counter_axis_spacing is not None else lay.item_spacing
    if lay.wrap and row and lay.counter_align_content != "SPACE_BETWEEN" and cross > 0:
        decls.append(("row-gap", px(cross)))
    if gap_main:
        decls.append(("column-gap" if row else "row-gap", px(gap_main)))
    if lay.primary_align != "MIN":
        decls.append(("justify-content", _JUSTIFY[lay.primary_align]))
    decls.append(
        ("align-items", _ALIGN[lay.counter_align] if (row or lay.counter_align != "BASELINE") else "flex-start")
    )
    if lay.wrap and row:
        flow = [c for c in frame.children if c.positioning != "ABSOLUTE" and c.visible]
        if lay.counter_align_content == "SPACE_BETWEEN":
            decls.append(("align-content", "space-between"))
        elif flow and all(c.sizing_v == "FILL" for c in flow):
            decls.append(("align-content", "stretch"))
        else:
            decls.append(
                ("align-content", _ALIGN.get(lay.counter_align, "flex-start").replace("baseline", "flex-start"))
            )
    if lay.strokes_included:
        decls.append(("box-sizing", "border-box"))
    return decls
