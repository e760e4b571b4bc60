"""smartArtTools (4): diagrams built from an item tree as auto-layout frames, shapes and connectors."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ace_core.tools.results import InfoResult, MutationResult, SmartArtResult
from ace_core.tools.spec import SpecList
from ace_core.tools.types import CoordinateSpace, NodeId, ToolParams

specs = SpecList("smartArtTools")

SMARTART_LAYOUTS = ("process", "cycle", "hierarchy", "list", "matrix", "pyramid", "relationship", "timeline")
SmartArtLayout = Literal["process", "cycle", "hierarchy", "list", "matrix", "pyramid", "relationship", "timeline"]
_ITEMS_DOC = (
    "items: strings, or {text, children} objects (children nest for hierarchy; for list they become sub-points)"
)


class SmartArtItem(BaseModel):
    """One diagram item: its text and (hierarchy, list) child items."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    text: str
    children: list[SmartArtItem] = Field(default_factory=list)


def parse_items(value: Any, depth: int = 0) -> list[SmartArtItem]:
    """Items given as strings or {text, children} dicts, nested up to 8 levels."""
    if depth > 8:
        raise ValueError("items nest deeper than 8 levels")
    if not isinstance(value, list):
        raise ValueError("items must be a list")
    out: list[SmartArtItem] = []
    for i, item in enumerate(value):
        if isinstance(item, str):
            out.append(SmartArtItem(text=item))
        elif isinstance(item, SmartArtItem):
            out.append(item)
        elif isinstance(item, dict):
            extra = set(item) - {"text", "children"}
            if extra or not isinstance(item.get("text"), str):
                raise ValueError(f"item [{i}] must be a string or {{text, children}}")
            out.append(SmartArtItem(text=item["text"], children=parse_items(item.get("children", []), depth + 1)))
        else:
            raise ValueError(f"item [{i}] must be a string or {{text, children}}")
    return out


class StyleInput(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    colorScheme: str | None = Field(
        None, description="'accent' (theme accent1), 'colorful' (accent1-6), 'monochrome', or a '#RRGGBB' base"
    )
    shapeStyle: Literal["rounded", "rect", "ellipse", "outline"] | None = None
    fontSize: float | None = Field(None, gt=0, description="px")


@specs.tool("create_smartart", SmartArtResult)
class CreateSmartArt(ToolParams):
    """Build a diagram from items as auto-layout frames of shapes with text, joined by bound
    connectors that re-route when it re-flows: process (steps left to right with arrows), cycle
    (items on a circle with arrows), hierarchy (an org chart from nested items), list (stacked
    boxes), matrix (a grid), pyramid (levels, narrow at the top), relationship (overlapping
    circles), timeline (milestones on a line). Edit it later with update_smartart; the diagram
    keeps its item tree."""

    layout: SmartArtLayout
    items: list[Any] = Field(min_length=1, max_length=60, description=_ITEMS_DOC)
    x: float = Field(0.0, description="px")
    y: float = Field(0.0, description="px")
    width: float = Field(960.0, gt=0, description="px")
    height: float = Field(400.0, gt=0, description="px")
    style: StyleInput | None = None
    name: str | None = None
    parentId: str | None = None
    coordinateSpace: CoordinateSpace = "parent"

    @field_validator("items")
    @classmethod
    def _items(cls, value: Any) -> Any:
        return parse_items(value)


@specs.tool("get_smartart_info", InfoResult, mutates=False)
class GetSmartArtInfo(ToolParams):
    """A diagram's layout, style and item tree, each item with its path (list of 0-based
    indices, e.g. [1, 0] = first child of the second item) and the id of its shape."""

    nodeId: NodeId


@specs.tool("update_smartart", MutationResult)
class UpdateSmartArt(ToolParams):
    """Edit a diagram's items and re-flow it: op add (insert `text` at `path`, default at the
    end; a path ending past the last index appends), remove (the item at path with its
    children), move (item at path to toPath), edit (set the text of the item at path). path is
    a list of 0-based indices ([2] = third item, [0, 1] = second child of the first item).
    Unchanged items keep their node ids."""

    nodeId: NodeId
    op: Literal["add", "remove", "move", "edit"]
    path: list[int] | None = Field(None, description="0-based index path of the item")
    toPath: list[int] | None = Field(None, description="destination path for move")
    text: str | None = None


@specs.tool("set_smartart_style", MutationResult)
class SetSmartArtStyle(ToolParams):
    """Restyle a diagram (colour scheme, shape style, font size) or switch its layout (e.g. list
    to process); the items and their ids are kept."""

    nodeId: NodeId
    colorScheme: str | None = Field(None, description="'accent', 'colorful', 'monochrome' or '#RRGGBB'")
    shapeStyle: Literal["rounded", "rect", "ellipse", "outline"] | None = None
    fontSize: float | None = Field(None, gt=0)
    layout: SmartArtLayout | None = None


SPECS = specs.specs
