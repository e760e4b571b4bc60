"""contentTools, operations (10): move, resize, rotate, clone, delete, rename, reorder, group, boolean."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ace_core.tools.results import CreateResult, MutationResult
from ace_core.tools.spec import SpecList
from ace_core.tools.types import CoordinateSpace, NodeId, ToolParams

specs = SpecList("contentTools", group="operations")


@specs.tool("move_node", MutationResult)
class MoveNode(ToolParams):
    """Move a node to x, y (px, relative to its parent, or to the slide with coordinateSpace
    'slide') and/or re-parent it into parentId (a frame, group or slide id) at position index
    in the parent's child list. Re-parented without x/y, it keeps its place on the slide. In an
    auto-layout parent x/y are ignored and index sets the flow order."""

    nodeId: NodeId
    x: float | None = Field(None, description="px")
    y: float | None = Field(None, description="px")
    parentId: str | None = Field(None, description="new parent (frame, group or slide id)")
    index: int | None = Field(None, ge=0, description="position among the parent's children (0 = bottom/first)")
    coordinateSpace: CoordinateSpace = "parent"

    @model_validator(mode="after")
    def _some(self) -> MoveNode:
        if self.x is None and self.y is None and self.parentId is None and self.index is None:
            raise ValueError("give x/y, parentId and/or index")
        return self


@specs.tool("resize_node", MutationResult)
class ResizeNode(ToolParams):
    """Resize a node (px). An omitted axis keeps its size and sizing mode; a given axis becomes
    FIXED. Children of a resized frame follow their constraints; a group scales its children."""

    nodeId: NodeId
    width: float | None = Field(None, gt=0, description="px")
    height: float | None = Field(None, gt=0, description="px")

    @model_validator(mode="after")
    def _some(self) -> ResizeNode:
        if self.width is None and self.height is None:
            raise ValueError("give width and/or height")
        return self


@specs.tool("rotate_node", MutationResult)
class RotateNode(ToolParams):
    """Rotate a node about its centre: angle in degrees clockwise, absolute or (relative=true)
    added to the current rotation."""

    nodeId: NodeId
    angle: float = Field(description="degrees, clockwise")
    relative: bool = False


@specs.tool("clone_node", CreateResult)
class CloneNode(ToolParams):
    """Duplicate a node and its subtree (fresh ids) into the same parent right above the
    original, or into parentId; x/y (px, parent-relative) place the copy, default same place."""

    nodeId: NodeId
    parentId: str | None = None
    x: float | None = None
    y: float | None = None


@specs.tool("delete_node", MutationResult)
class DeleteNode(ToolParams):
    """Delete nodes and their subtrees. Their ids become stale: later commands naming them fail.
    Connectors bound to a deleted node keep their last position, unbound."""

    nodeIds: list[NodeId] = Field(min_length=1, max_length=500)


@specs.tool("rename_node", MutationResult)
class RenameNode(ToolParams):
    """Rename a node (its layer name; the id does not change)."""

    nodeId: NodeId
    newName: str


@specs.tool("reorder_node", MutationResult)
class ReorderNode(ToolParams):
    """Change a node's z-order among its siblings (which is also its flow order in auto-layout):
    TOP (front / last), BOTTOM (back / first), FORWARD, BACKWARD one step, or an exact index."""

    nodeId: NodeId
    direction: Literal["TOP", "BOTTOM", "FORWARD", "BACKWARD"] | None = None
    index: int | None = Field(None, ge=0)

    @model_validator(mode="after")
    def _some(self) -> ReorderNode:
        if (self.direction is None) == (self.index is None):
            raise ValueError("give exactly one of direction or index")
        return self


@specs.tool("group_nodes", CreateResult)
class GroupNodes(ToolParams):
    """Group nodes that share a parent; the group's box is the union of theirs and their
    positions become group-relative. The group takes the place of the lowest member."""

    nodeIds: list[NodeId] = Field(min_length=1, max_length=500)
    groupName: str | None = None


@specs.tool("ungroup_nodes", MutationResult)
class UngroupNodes(ToolParams):
    """Dissolve a group (or a frame without auto-layout): its children move to its parent at its
    place in the z-order, keeping their position on the slide."""

    groupId: NodeId


@specs.tool("boolean_nodes", CreateResult)
class BooleanNodes(ToolParams):
    """Combine shapes that share a parent with a boolean operation (UNION, SUBTRACT the upper
    shapes from the lowest, INTERSECT, EXCLUDE) into a boolean group."""

    nodeIds: list[NodeId] = Field(min_length=2, max_length=100)
    operation: Literal["UNION", "SUBTRACT", "INTERSECT", "EXCLUDE"]
    name: str | None = None


SPECS = specs.specs
