"""contentTools, creation (11): frames, shapes, lines, text, vector graphics, masks, images, connectors."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ace_core.tools.results import CreateResult
from ace_core.tools.spec import SpecList
from ace_core.tools.types import (
    CoordinateSpace,
    HAlign,
    NodeId,
    OptColor,
    Point2,
    Sizing,
    StrokeCapName,
    ToolParams,
    VAlign,
)

specs = SpecList("contentTools", group="creation")

_PARENT = "parent frame, group or slide id; default: the focused slide"
_COORDS = "'parent' (default): x/y relative to the parent; 'slide': relative to the slide's top-left"


class _Placed(ToolParams):
    x: float = Field(0.0, description="px from the parent's left edge (ignored inside auto-layout)")
    y: float = Field(0.0, description="px from the parent's top edge (ignored inside auto-layout)")
    name: str | None = Field(None, description="layer name")
    parentId: str | None = Field(None, description=_PARENT)
    coordinateSpace: CoordinateSpace = Field("parent", description=_COORDS)


class _Boxed(_Placed):
    width: float = Field(100.0, gt=0, description="px")
    height: float = Field(100.0, gt=0, description="px")


class _Painted(_Boxed):
    fillColor: OptColor = None
    strokeColor: OptColor = None
    strokeWeight: float | None = Field(None, ge=0, description="px")


@specs.tool("create_frame", CreateResult)
class CreateFrame(_Painted):
    """Create a frame: a container that can hold children and lay them out automatically.

    With layoutMode HORIZONTAL or VERTICAL the frame is an auto-layout container (Figma
    semantics, like CSS flexbox): children are placed in order along the primary axis with
    itemSpacing between them and padding inside; children never need coordinates and re-flow
    when added, removed or resized. layoutSizingHorizontal/Vertical set the frame's own sizing:
    FIXED (width/height as given), HUG (shrink to the children) or FILL (fill its auto-layout
    parent). Example: a row of cards = create_frame(layoutMode='HORIZONTAL', itemSpacing=24)
    then create_rectangle(parentId=<frame>) for each card."""

    cornerRadius: float | None = Field(None, ge=0, description="px")
    layoutMode: Literal["NONE", "HORIZONTAL", "VERTICAL"] = "NONE"
    layoutWrap: Literal["NO_WRAP", "WRAP"] = Field("NO_WRAP", description="WRAP only with HORIZONTAL")
    paddingTop: float = Field(0.0, description="px")
    paddingRight: float = Field(0.0, description="px")
    paddingBottom: float = Field(0.0, description="px")
    paddingLeft: float = Field(0.0, description="px")
    primaryAxisAlignItems: Literal["MIN", "CENTER", "MAX", "SPACE_BETWEEN"] = "MIN"
    counterAxisAlignItems: Literal["MIN", "CENTER", "MAX", "BASELINE"] = "MIN"
    layoutSizingHorizontal: Sizing = Field("FIXED", description="the frame's own width sizing")
    layoutSizingVertical: Sizing = Field("FIXED", description="the frame's own height sizing")
    itemSpacing: float = Field(0.0, description="px between children along the primary axis (may be negative)")
    counterAxisSpacing: float | None = Field(None, ge=0, description="px between wrapped rows (WRAP only)")
    clipsContent: bool = False


@specs.tool("create_rectangle", CreateResult)
class CreateRectangle(_Painted):
    """Create a rectangle (optionally with rounded corners). Inside an auto-layout frame its x/y
    are ignored: it is placed in flow order."""

    cornerRadius: float | None = Field(None, ge=0, description="px")


@specs.tool("create_ellipse", CreateResult)
class CreateEllipse(_Painted):
    """Create an ellipse (a circle when width == height) inscribed in the given box."""


@specs.tool("create_polygon", CreateResult)
class CreatePolygon(_Painted):
    """Create a regular polygon (3 = triangle, 6 = hexagon) inscribed in the box, first vertex up."""

    pointCount: int = Field(3, ge=3, le=64, description="number of sides")


@specs.tool("create_star", CreateResult)
class CreateStar(_Painted):
    """Create a star with pointCount points inscribed in the box, first point up."""

    pointCount: int = Field(5, ge=3, le=64, description="number of points")
    innerRadius: float = Field(0.382, gt=0, lt=1, description="inner / outer radius ratio")


@specs.tool("create_line", CreateResult)
class CreateLine(ToolParams):
    """Create a straight line or divider from (startX, startY) to (endX, endY), px in the parent's
    coordinates. strokeCap arrow values put the arrow head on the end point."""

    startX: float = Field(description="px")
    startY: float = Field(description="px")
    endX: float = Field(description="px")
    endY: float = Field(description="px")
    name: str | None = None
    parentId: str | None = Field(None, description=_PARENT)
    coordinateSpace: CoordinateSpace = Field("parent", description=_COORDS)
    strokeColor: OptColor = Field(None, description="default dark grey")
    strokeWeight: float = Field(2.0, gt=0, description="px")
    strokeCap: StrokeCapName = "NONE"
    dashPattern: list[float] | None = Field(None, description="px: dash, gap, dash, gap...")


@specs.tool("create_text", CreateResult)
class CreateText(_Placed):
    """Create a text box. Default sizing: if width is given, the width is fixed and the height
    grows with the text (textAutoResize HEIGHT); without width the box hugs the text
    (WIDTH_AND_HEIGHT). Use '\\n' for new paragraphs. fontSize is in px (24 px = 18 pt)."""

    text: str = Field(description="the characters; '\\n' separates paragraphs")
    width: float | None = Field(None, gt=0, description="px; omit to hug the text")
    height: float | None = Field(None, gt=0, description="px; only with textAutoResize NONE")
    fontFamily: str | None = Field(None, description="default: the theme's body font")
    fontStyle: str | None = Field(None, description="Regular, Bold, Italic, Bold Italic, Light...")
    fontWeight: int | None = Field(None, ge=100, le=900, description="100-900 (400 regular, 700 bold)")
    fontSize: float = Field(24.0, gt=0, le=1000, description="px")
    fontColor: OptColor = None
    textAlignHorizontal: HAlign = "LEFT"
    textAlignVertical: VAlign = "TOP"
    textAutoResize: Literal["NONE", "HEIGHT", "WIDTH_AND_HEIGHT"] | None = Field(
        None, description="default HEIGHT with width, WIDTH_AND_HEIGHT without"
    )


@specs.tool("create_graphics", CreateResult)
class CreateGraphics(_Placed):
    """Create vector graphics (an icon, an illustration) from an SVG document. Paths, rects,
    circles, ellipses, lines, polylines and polygons with their fills and strokes become VECTOR
    nodes (one group when there are several); the SVG is kept. Width/height default to the SVG's
    size; giving one keeps the aspect ratio."""

    svg: str = Field(min_length=10, max_length=2_000_000, description="an SVG document '<svg ...>...</svg>'")
    width: float | None = Field(None, gt=0, description="px")
    height: float | None = Field(None, gt=0, description="px")


@specs.tool("create_mask", CreateResult)
class CreateMask(ToolParams):
    """Clip content to a shape (e.g. a photo cropped to a circle): groups the mask node and the
    content nodes (same parent) into a mask group; the mask shape's outline clips the content."""

    maskNodeId: NodeId = Field(description="the shape whose outline clips")
    contentNodeIds: list[NodeId] = Field(min_length=1, description="nodes to clip (same parent as the mask)")
    groupName: str | None = None


@specs.tool("create_image", CreateResult)
class CreateImage(_Placed):
    """Place an image: `source` is an image id of the local library (see search_unsplash_images)
    or a path to a PNG/JPEG/GIF/SVG file. Without width/height the image keeps its natural size;
    with one of them its aspect ratio. scaleMode FILL crops to cover the box, FIT letterboxes."""

    source: str = Field(min_length=1, description="library image id or a local file path")
    width: float | None = Field(None, gt=0, description="px")
    height: float | None = Field(None, gt=0, description="px")
    scaleMode: Literal["FILL", "FIT", "CROP", "TILE"] = "FILL"


_CAP = Literal["NONE", "LINE_ARROW", "TRIANGLE_ARROW", "DIAMOND_FILLED", "CIRCLE_FILLED"]
_MAGNET = Literal["AUTO", "TOP", "BOTTOM", "LEFT", "RIGHT", "CENTER"]


@specs.tool("create_connector", CreateResult)
class CreateConnector(ToolParams):
    """Create a connector (a diagram line) between two nodes, or from/to free points. A connector
    bound to nodes re-routes automatically whenever they move or resize. Magnet AUTO picks the
    sides that face each other. Default: an arrow head at the end."""

    startNodeId: str | None = Field(None, description="node the connector starts at")
    start: Point2 | None = Field(None, description="free start point, slide px (if no startNodeId)")
    endNodeId: str | None = Field(None, description="node the connector ends at")
    end: Point2 | None = Field(None, description="free end point, slide px (if no endNodeId)")
    startMagnet: _MAGNET = "AUTO"
    endMagnet: _MAGNET = "AUTO"
    lineType: Literal["STRAIGHT", "ELBOWED", "CURVED"] = "STRAIGHT"
    startCap: _CAP = "NONE"
    endCap: _CAP = "TRIANGLE_ARROW"
    strokeColor: OptColor = None
    strokeWeight: float = Field(2.0, gt=0, description="px")
    label: str | None = Field(None, description="text shown on the connector")
    name: str | None = None
    parentId: str | None = Field(None, description="where the connector lives; default the start node's slide")

    @model_validator(mode="after")
    def _ends(self) -> CreateConnector:
        if self.startNodeId is None and self.start is None:
            raise ValueError("give startNodeId or start {x, y}")
        if self.endNodeId is None and self.end is None:
            raise ValueError("give endNodeId or end {x, y}")
        return self


SPECS = specs.specs
