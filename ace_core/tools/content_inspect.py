"""contentTools, inspection (8): read the scene graph without changing it."""

from __future__ import annotations

from pydantic import Field

from ace_core.tools.results import (
    ImageResult,
    InfoResult,
    NodesResult,
    StructureResult,
    StylesResult,
    TextNodesResult,
)
from ace_core.tools.spec import SpecList
from ace_core.tools.types import NodeId, ToolParams

specs = SpecList("contentTools", group="inspection")


@specs.tool("get_page_info", InfoResult, mutates=False)
class GetPageInfo(ToolParams):
    """Describe the focused slide: id, name, index, size (px) and its top-level children (id, name,
    type, box).

    Call this first to learn where new nodes go: create_* tools without parentId add to the
    focused slide. Change the focused slide with focus_slide."""


@specs.tool("get_selection_info", NodesResult, mutates=False)
class GetSelectionInfo(ToolParams):
    """Describe the current selection. On the scene-graph backend the selection is the set of
    nodes the last successful mutating command created or changed; read-only calls keep it."""


@specs.tool("get_node_info", NodesResult, mutates=False)
class GetNodeInfo(ToolParams):
    """Distilled information on nodes: type, name, parent, box (x, y, width, height in px,
    parent-relative, plus slide-relative absolute box), rotation, opacity, fills, strokes,
    effects, corner radius, text (characters and style runs), auto-layout settings and child
    sizing, and the data of tables, charts, smartart, math and connectors.

    depth 0 lists children by id only; depth N describes N levels of descendants."""

    nodeIds: list[NodeId] = Field(min_length=1, max_length=100, description="ids of the nodes to describe")
    depth: int = Field(0, ge=0, le=5, description="levels of children to describe in full")


@specs.tool("get_node_info_by_types", NodesResult, mutates=False)
class GetNodeInfoByTypes(ToolParams):
    """Find descendants of a node (or of a whole slide, when nodeId is a slide id) whose type is in
    `types` (FRAME, GROUP, TEXT, RECTANGLE, ELLIPSE, SHAPE, VECTOR, LINE, IMAGE, TABLE, CHART,
    CONNECTOR, MATH) and describe each briefly (id, name, type, box, text snippet)."""

    nodeId: NodeId = Field(description="node or slide id to search under")
    types: list[str] = Field(min_length=1, description="node types to keep, e.g. ['TEXT', 'TABLE']")


@specs.tool("get_text_node_info", TextNodesResult, mutates=False)
class GetTextNodeInfo(ToolParams):
    """All text under a node or slide: for each text-bearing node its characters and its style
    runs, each run with start/end as UTF-16 indices (end exclusive) — the indices
    set_text_range_style takes. Paragraphs are separated by '\\n' (one character)."""

    nodeId: NodeId = Field(description="node or slide id")


@specs.tool("get_page_structure", StructureResult, mutates=False)
class GetPageStructure(ToolParams):
    """The hierarchical tree of a slide (default: the focused one): id, name, type, box and
    children of every node, down to maxDepth levels. Use it to find ids before editing."""

    slideId: str | None = Field(None, description="slide id; default the focused slide")
    maxDepth: int = Field(8, ge=1, le=32, description="levels to include")


@specs.tool("get_result_image", ImageResult, mutates=False)
class GetResultImage(ToolParams):
    """Render the focused slide (or slideId, or only the box of nodeId) to a PNG file and return
    its path and pixel size, for visual feedback after editing."""

    slideId: str | None = Field(None, description="slide to render; default the focused slide")
    nodeId: str | None = Field(None, description="render only this node's box (crop of its slide)")
    scale: float = Field(1.0, gt=0, le=4, description="1 = one image pixel per px")


@specs.tool("get_styles", StylesResult, mutates=False)
class GetStyles(ToolParams):
    """The deck's theme palette (dk1, lt1, accent1-6...) and fonts (major = headings, minor =
    body), plus every colour and font family in use with how many nodes use it — use these to
    stay on-brand."""


SPECS = specs.specs
