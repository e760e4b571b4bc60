"""connectionTools (3), importExportTools (3), unsplashTools (2), batchTools (1), mathTools (1),
and the slide-copy extension beyond the catalogue."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ace_core.tools.results import (
    BatchResult,
    CreateResult,
    ExportJsonResult,
    ImageSearchResult,
    MutationResult,
    StatusResult,
)
from ace_core.tools.spec import SpecList
from ace_core.tools.types import CoordinateSpace, OptColor, ToolParams

connection = SpecList("connectionTools")
import_export = SpecList("importExportTools")
unsplash = SpecList("unsplashTools")
batch = SpecList("batchTools")
math = SpecList("mathTools")
extensions = SpecList("slideTools", group="extension")

MAX_BATCH_OPS = 1000


@connection.tool("check_connection_status", StatusResult, mutates=False)
class CheckConnectionStatus(ToolParams):
    """Is a document loaded in the backend? Names the backend, the active document (channel),
    its slide count and the focused slide."""


@connection.tool("get_channels", StatusResult, mutates=False)
class GetChannels(ToolParams):
    """The documents open in this backend session (each a channel), with slide counts."""


@connection.tool("select_channel", StatusResult, mutates=False)
class SelectChannel(ToolParams):
    """Make another open document the one the tools edit. Not allowed inside batch_execute."""

    channel: str = Field(min_length=1)


@import_export.tool("clear_canvas", MutationResult)
class ClearCanvas(ToolParams):
    """Remove every node of the focused slide (current_slide) or of all slides (all_slides), to
    rebuild from scratch. With all_slides and keepSlides=false the deck is reduced to one empty
    slide."""

    scope: Literal["current_slide", "all_slides"] = "current_slide"
    keepSlides: bool = True


@import_export.tool("export_json", ExportJsonResult, mutates=False)
class ExportJson(ToolParams):
    """Serialize a node, a slide or (neither given) the focused slide as JSON: format 'scene' is
    ACE's scene-graph JSON; 'rest_v1' is Figma REST node JSON. includeGeometry adds
    slide-absolute boxes."""

    slideId: str | None = None
    nodeId: str | None = None
    format: Literal["scene", "rest_v1"] = "scene"
    includeGeometry: bool = False


@import_export.tool("import_json", CreateResult)
class ImportJson(ToolParams):
    """Create nodes from JSON: a scene node, a list of nodes or a slide (format 'scene', as
    export_json gives it), or Figma REST nodes (format 'rest_v1'). Nodes get fresh ids where
    theirs are taken. mode 'append' adds them to parentId (default the focused slide);
    'replace' first removes the parent's children."""

    json_data: Any = Field(alias="json", description="the JSON (object, array, or a string holding it)")
    format: Literal["scene", "rest_v1", "auto"] = "auto"
    mode: Literal["replace", "append"] = "append"
    parentId: str | None = None


@unsplash.tool("search_unsplash_images", ImageSearchResult, mutates=False)
class SearchUnsplashImages(ToolParams):
    """Search the image library (a local, offline index; the Unsplash API only when a key is
    configured) by keywords, orientation and dominant colour. Each hit: id, description, size,
    orientation, dominant colour, photographer attribution and a thumbnail path. Insert one with
    insert_unsplash_image."""

    query: str = Field(min_length=1, description="keywords, e.g. 'mountain lake'")
    orientation: Literal["landscape", "portrait", "squarish"] | None = None
    color: str | None = Field(None, description="a colour name (blue, green, black_and_white...) or '#RRGGBB'")
    count: int = Field(10, ge=1, le=30)
    page: int = Field(1, ge=1)


@unsplash.tool("insert_unsplash_image", CreateResult)
class InsertUnsplashImage(ToolParams):
    """Place a library image (id from search_unsplash_images) as a new image node, or into an
    existing shape (targetNodeId). The photographer attribution is stored on the node."""

    imageId: str = Field(min_length=1)
    x: float = 0.0
    y: float = 0.0
    width: float | None = Field(None, gt=0, description="px; default natural size or keep aspect")
    height: float | None = Field(None, gt=0)
    parentId: str | None = None
    targetNodeId: str | None = Field(None, description="fill this existing shape instead of creating a node")
    scaleMode: Literal["FILL", "FIT", "CROP", "TILE"] = "FILL"
    coordinateSpace: CoordinateSpace = "parent"


class Operation(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    tool: str = Field(min_length=1, description="tool name (not batch_execute)")
    args: dict[str, Any] = Field(default_factory=dict, description="the tool's arguments")
    id: str | None = Field(None, description="a name for this operation's result, for '$<id>.field' references")


@batch.tool("batch_execute", BatchResult)
class BatchExecute(ToolParams):
    """Run several tool calls in order as one commit. Atomic by default: if one fails, none is
    applied and the answer names the failing index and why. Arguments may reference earlier
    results: "$0.id" is the id returned by operation 0, "$<opId>.field" the field of the
    operation whose id is opId (dotted paths reach deeper, e.g. "$0.placeholders.title"), so a
    new slide and its content go in one batch. Nested batch_execute is not allowed."""

    operations: list[Operation] = Field(min_length=1, max_length=MAX_BATCH_OPS)
    stopOnError: bool = True
    atomic: bool = True
    maxOps: int = Field(MAX_BATCH_OPS, ge=1, le=MAX_BATCH_OPS, description="refuse batches longer than this")

    @model_validator(mode="after")
    def _cap(self) -> BatchExecute:
        if len(self.operations) > self.maxOps:
            raise ValueError(f"{len(self.operations)} operations exceed maxOps={self.maxOps}")
        return self


@math.tool("create_math", CreateResult)
class CreateMath(ToolParams):
    """Typeset a LaTeX equation (e.g. '\\\\frac{a}{b} = \\\\sqrt{x^2+1}') as a math node: rendered to
    SVG in pure Python for drawing, with the LaTeX source kept for later edits. fontSize in px;
    display 'block' centres a standalone equation, 'inline' uses text style."""

    latex: str = Field(min_length=1, max_length=5000)
    x: float = 0.0
    y: float = 0.0
    fontSize: float = Field(32.0, gt=0, le=400, description="px")
    color: OptColor = None
    display: Literal["inline", "block"] = "block"
    name: str | None = None
    parentId: str | None = None
    coordinateSpace: CoordinateSpace = "parent"


@extensions.tool("insert_slides_from", MutationResult, catalogue=False)
class InsertSlidesFrom(ToolParams):
    """Copy slides from another deck file of any format (pptx, html, Figma JSON, IR JSON) into
    this one, keeping their look: nodes get fresh ids, images and other assets come along, and
    theme colours and fonts are resolved to the source deck's values. slides are 1-based
    numbers or slide ids of the other deck (default all); index is where they go (default the
    end)."""

    path: str = Field(min_length=1, description="path of the other deck")
    slides: list[int | str] | None = Field(None, description="1-based slide numbers or slide ids")
    index: int | None = Field(None, ge=0, description="0-based insert position")


CONNECTION_SPECS = connection.specs
IMPORT_EXPORT_SPECS = import_export.specs
UNSPLASH_SPECS = unsplash.specs
BATCH_SPECS = batch.specs
MATH_SPECS = math.specs
EXTENSION_SPECS = extensions.specs
