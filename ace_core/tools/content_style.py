"""contentTools, style (12): fills, gradients, image fills, recolouring, strokes, corners, effects."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ace_core.ir.style import BlendMode
from ace_core.tools.results import MutationResult
from ace_core.tools.spec import SpecList
from ace_core.tools.types import ColorInput, GradientStopInput, NodeId, OptColor, ToolParams

specs = SpecList("contentTools", group="style")


@specs.tool("set_fill_color", MutationResult)
class SetFillColor(ToolParams):
    """Set a solid fill. On a TEXT node this is the text colour (as in Figma); on shapes and
    frames it replaces the fills. Give `color`, or r, g, b (and a) from 0 to 1."""

    nodeId: NodeId
    color: OptColor = None
    r: float | None = Field(None, ge=0, le=1)
    g: float | None = Field(None, ge=0, le=1)
    b: float | None = Field(None, ge=0, le=1)
    a: float | None = Field(None, ge=0, le=1)

    @model_validator(mode="after")
    def _some(self) -> SetFillColor:
        if self.color is None and None in (self.r, self.g, self.b):
            raise ValueError("give color ('#RRGGBB' or {r,g,b,a}) or all of r, g, b")
        return self


@specs.tool("set_fill_gradient", MutationResult)
class SetFillGradient(ToolParams):
    """Set a gradient fill from at least two stops. angle is in degrees clockwise from
    left->right (90 = top to bottom) for LINEAR; RADIAL grows from the centre."""

    nodeId: NodeId
    gradientStops: list[GradientStopInput] = Field(min_length=2, max_length=32)
    gradientType: Literal["LINEAR", "RADIAL", "ANGULAR", "DIAMOND"] = "LINEAR"
    angle: float = Field(0.0, description="degrees, clockwise; 0 = left to right")


class CropInput(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    left: float = Field(0.0, ge=0, lt=1, description="fraction of the image removed on the left")
    top: float = Field(0.0, ge=0, lt=1)
    right: float = Field(0.0, ge=0, lt=1)
    bottom: float = Field(0.0, ge=0, lt=1)


class FiltersInput(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    exposure: float = Field(0.0, ge=-1, le=1)
    contrast: float = Field(0.0, ge=-1, le=1)
    saturation: float = Field(0.0, ge=-1, le=1)
    temperature: float = Field(0.0, ge=-1, le=1)
    tint: float = Field(0.0, ge=-1, le=1)
    highlights: float = Field(0.0, ge=-1, le=1)
    shadows: float = Field(0.0, ge=-1, le=1)


@specs.tool("set_image_fill", MutationResult)
class SetImageFill(ToolParams):
    """Put an image into an existing shape or image node (e.g. a photo in a circle). source is a
    library image id or a local file path. rotation must be a multiple of 90."""

    nodeId: NodeId
    source: str = Field(min_length=1, description="library image id or a local file path")
    scaleMode: Literal["FILL", "FIT", "CROP", "TILE"] = "FILL"
    crop: CropInput | None = None
    rotation: Literal[0, 90, 180, 270] = 0
    filters: FiltersInput | None = None


@specs.tool("replace_color", MutationResult)
class ReplaceColor(ToolParams):
    """Recolour everything under a node or slide (theme swap): every solid fill, gradient stop,
    stroke, text colour, table cell and chart series colour within `tolerance` of fromColor
    becomes toColor (alpha is kept). tolerance is the largest per-channel difference (0-1;
    0.02 is about 5/255). A slide id as scope also recolours its background."""

    scopeNodeId: str | None = Field(None, description="node or slide id; default the focused slide")
    fromColor: ColorInput
    toColor: ColorInput
    tolerance: float = Field(0.02, ge=0, le=1)
    targets: Literal["fills", "strokes", "text", "all"] = "all"


class SidesInput(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    top: float = Field(0.0, ge=0)
    right: float = Field(0.0, ge=0)
    bottom: float = Field(0.0, ge=0)
    left: float = Field(0.0, ge=0)


@specs.tool("set_stroke", MutationResult)
class SetStroke(ToolParams):
    """Set the outline: colour, weight (px, 0 removes the stroke), alignment, dash pattern (px:
    dash, gap...) and optional per-side weights."""

    nodeId: NodeId
    strokeColor: OptColor = None
    weight: float | None = Field(None, ge=0, description="px; 0 removes the stroke")
    align: Literal["INSIDE", "OUTSIDE", "CENTER"] | None = None
    dashPattern: list[float] | None = Field(None, description="px: dash, gap, ...; [] for solid")
    individualWeights: SidesInput | None = None


@specs.tool("set_corner_radius", MutationResult)
class SetCornerRadius(ToolParams):
    """Round the corners of a rectangle, frame or image: one radius (px) for all corners, or
    only the corners flagged in `corners` [topLeft, topRight, bottomRight, bottomLeft], or four
    radii in rectangleCornerRadii."""

    nodeId: NodeId
    radius: float | None = Field(None, ge=0, description="px")
    corners: list[bool] | None = Field(None, min_length=4, max_length=4, description="TL, TR, BR, BL")
    rectangleCornerRadii: list[float] | None = Field(None, min_length=4, max_length=4, description="px TL TR BR BL")

    @model_validator(mode="after")
    def _some(self) -> SetCornerRadius:
        if self.radius is None and self.rectangleCornerRadii is None:
            raise ValueError("give radius or rectangleCornerRadii")
        return self


@specs.tool("set_opacity", MutationResult)
class SetOpacity(ToolParams):
    """Set a node's opacity (0 transparent - 1 opaque); it multiplies through its children."""

    nodeId: NodeId
    opacity: float = Field(ge=0, le=1)


class _Shadow(ToolParams):
    nodeId: NodeId
    shadowColor: ColorInput = Field("#00000040", description="colour with alpha, e.g. '#00000040'")
    offsetX: float = Field(0.0, description="px")
    offsetY: float = Field(4.0, description="px")
    radius: float = Field(8.0, ge=0, description="blur radius, px")
    spread: float = Field(0.0, description="px")
    visible: bool = Field(True, description="false removes the shadow")


@specs.tool("set_drop_shadow", MutationResult)
class SetDropShadow(_Shadow):
    """Add or replace the drop shadow of a node (offset and blur in px). visible=false removes it."""


@specs.tool("set_inner_shadow", MutationResult)
class SetInnerShadow(_Shadow):
    """Add or replace the inner shadow of a node (offset and blur in px). visible=false removes it."""


@specs.tool("set_blend_mode", MutationResult)
class SetBlendMode(ToolParams):
    """Set how a node blends with what is below it (MULTIPLY, SCREEN, OVERLAY...)."""

    nodeId: NodeId
    blendMode: BlendMode


_PROPS = Literal["fills", "strokes", "effects", "opacity", "cornerRadius", "blendMode", "text"]


@specs.tool("copy_style", MutationResult)
class CopyStyle(ToolParams):
    """Style painter: copy fills, strokes, effects, opacity, corner radius, blend mode and text
    style (font, size, colour, alignment) from one node to others. `properties` limits what is
    copied (default: all that both nodes can hold)."""

    sourceNodeId: NodeId
    targetNodeIds: list[NodeId] = Field(min_length=1, max_length=200)
    properties: list[_PROPS] | None = None


@specs.tool("set_visibility", MutationResult)
class SetVisibility(ToolParams):
    """Hide/show and lock/unlock nodes. Hidden children of auto-layout frames leave the flow (the
    others close the gap)."""

    nodeIds: list[NodeId] = Field(min_length=1, max_length=200)
    visible: bool | None = None
    locked: bool | None = None

    @model_validator(mode="after")
    def _some(self) -> SetVisibility:
        if self.visible is None and self.locked is None:
            raise ValueError("give visible and/or locked")
        return self


SPECS = specs.specs
