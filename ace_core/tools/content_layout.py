"""contentTools, layout (8): auto-layout settings, child sizing and positioning, constraints, align."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ace_core.tools.results import MutationResult
from ace_core.tools.spec import SpecList
from ace_core.tools.types import LayoutMode, NodeId, Sizing, ToolParams

specs = SpecList("contentTools", group="layout")

_CONSTRAINT = Literal["MIN", "CENTER", "MAX", "STRETCH", "SCALE"]


@specs.tool("set_layout_mode", MutationResult)
class SetLayoutMode(ToolParams):
    """Turn auto-layout on (HORIZONTAL row / VERTICAL column) or off (NONE) for a frame. Turning
    it on orders the children by their current position along the axis and re-flows them;
    turning it off keeps them where they are. layoutWrap WRAP (HORIZONTAL only) wraps children
    onto new rows."""

    nodeId: NodeId
    layoutMode: LayoutMode
    layoutWrap: Literal["NO_WRAP", "WRAP"] | None = None


@specs.tool("set_padding", MutationResult)
class SetPadding(ToolParams):
    """Inner padding of an auto-layout frame, px. Omitted sides are unchanged."""

    nodeId: NodeId
    paddingTop: float | None = Field(None, ge=0)
    paddingRight: float | None = Field(None, ge=0)
    paddingBottom: float | None = Field(None, ge=0)
    paddingLeft: float | None = Field(None, ge=0)


@specs.tool("set_item_spacing", MutationResult)
class SetItemSpacing(ToolParams):
    """Gap between children of an auto-layout frame (px, may be negative to overlap) and, for
    wrapping rows, the gap between rows."""

    nodeId: NodeId
    itemSpacing: float | None = None
    counterAxisSpacing: float | None = Field(None, ge=0)


@specs.tool("set_axis_align", MutationResult)
class SetAxisAlign(ToolParams):
    """Alignment in an auto-layout frame: primary axis MIN (start) / CENTER / MAX (end) /
    SPACE_BETWEEN (spread); counter axis MIN / CENTER / MAX / BASELINE (rows only)."""

    nodeId: NodeId
    primaryAxisAlignItems: Literal["MIN", "CENTER", "MAX", "SPACE_BETWEEN"] | None = None
    counterAxisAlignItems: Literal["MIN", "CENTER", "MAX", "BASELINE"] | None = None
    counterAxisAlignContent: Literal["AUTO", "SPACE_BETWEEN"] | None = None


@specs.tool("set_layout_sizing", MutationResult)
class SetLayoutSizing(ToolParams):
    """How a node sizes on each axis: FIXED (its width/height), HUG (auto-layout frames and text:
    shrink to content) or FILL (children of auto-layout frames: take the remaining space), plus
    min/max limits in px (null removes a limit)."""

    nodeId: NodeId
    layoutSizingHorizontal: Sizing | None = None
    layoutSizingVertical: Sizing | None = None
    minWidth: float | None = Field(None, ge=0)
    maxWidth: float | None = Field(None, ge=0)
    minHeight: float | None = Field(None, ge=0)
    maxHeight: float | None = Field(None, ge=0)


@specs.tool("set_layout_positioning", MutationResult)
class SetLayoutPositioning(ToolParams):
    """Take a child of an auto-layout frame out of the flow (ABSOLUTE: badges, overlays; x/y then
    place it relative to the frame) or put it back (AUTO)."""

    nodeId: NodeId
    layoutPositioning: Literal["AUTO", "ABSOLUTE"]
    x: float | None = Field(None, description="px, relative to the parent (ABSOLUTE only)")
    y: float | None = Field(None, description="px, relative to the parent (ABSOLUTE only)")


@specs.tool("set_constraints", MutationResult)
class SetConstraints(ToolParams):
    """How a node follows its parent frame's resize (children of frames without auto-layout, or
    ABSOLUTE children): MIN keeps the left/top distance, MAX the right/bottom, CENTER stays
    centred, STRETCH keeps both distances, SCALE scales proportionally."""

    nodeId: NodeId
    horizontal: _CONSTRAINT | None = None
    vertical: _CONSTRAINT | None = None


@specs.tool("align_nodes", MutationResult)
class AlignNodes(ToolParams):
    """Align or distribute nodes (classic slide align): left / hcenter / right / top / vcenter /
    bottom edges, or distribute_h / distribute_v with equal gaps (3+ nodes). relativeTo
    'selection' uses the nodes' joint bounding box, 'parent' the parent's box, 'slide' the
    slide. Children of auto-layout frames are skipped with a warning (the layout places them)."""

    nodeIds: list[NodeId] = Field(min_length=1, max_length=200)
    mode: Literal["left", "hcenter", "right", "top", "vcenter", "bottom", "distribute_h", "distribute_v"]
    relativeTo: Literal["selection", "parent", "slide"] = "selection"


SPECS = specs.specs
