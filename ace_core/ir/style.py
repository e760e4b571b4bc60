"""Paints, strokes, effects, sides and corners: the visual style of IR nodes (lengths in px)."""

from typing import Annotated, Literal

from pydantic import Field

from ace_core.assets import AssetKey
from ace_core.color import Color
from ace_core.ir.base import IRModel, Tagged

__all__ = [
    "BlendMode",
    "Crop",
    "Effect",
    "GradientPaint",
    "GradientStop",
    "ImageFilters",
    "ImagePaint",
    "Paint",
    "Point",
    "Sides",
    "SolidPaint",
    "Stroke",
    "StrokeCap",
]

BlendMode = Literal[
    "PASS_THROUGH",
    "NORMAL",
    "DARKEN",
    "MULTIPLY",
    "LINEAR_BURN",
    "COLOR_BURN",
    "LIGHTEN",
    "SCREEN",
    "LINEAR_DODGE",
    "COLOR_DODGE",
    "OVERLAY",
    "SOFT_LIGHT",
    "HARD_LIGHT",
    "DIFFERENCE",
    "EXCLUSION",
    "HUE",
    "SATURATION",
    "COLOR",
    "LUMINOSITY",
]


class Point(IRModel):
    x: float = 0.0
    y: float = 0.0


class Sides(IRModel):
    """Four side lengths in px (padding, insets, margins, per-side stroke weights)."""

    top: float = 0.0
    right: float = 0.0
    bottom: float = 0.0
    left: float = 0.0

    @classmethod
    def all(cls, v: float) -> "Sides":
        return cls(top=v, right=v, bottom=v, left=v)


class SolidPaint(Tagged):
    """A solid colour. `opacity` multiplies the colour's alpha."""

    type: Literal["SOLID"] = "SOLID"
    color: Color = Color.model_construct()  # no validator needed to build a default (black)
    opacity: float = Field(1.0, ge=0.0, le=1.0)
    visible: bool = True


class GradientStop(IRModel):
    position: float = Field(0.0, ge=0.0, le=1.0)
    color: Color = Color.model_construct()


def _linear_handles() -> list[Point]:
    """Figma's default gradient handles: left middle to right middle (a horizontal gradient)."""
    return [Point(x=0, y=0.5), Point(x=1, y=0.5), Point(x=0, y=1)]


class GradientPaint(Tagged):
    """A gradient. Geometry is Figma's: `handles` are 3 points in normalized object space
    (0-1 of the node's box): start, end, and the width handle. `angle` (degrees, clockwise from
    left->right, OOXML convention) is kept when the source stated one."""

    type: Literal["GRADIENT_LINEAR", "GRADIENT_RADIAL", "GRADIENT_ANGULAR", "GRADIENT_DIAMOND"] = "GRADIENT_LINEAR"
    stops: list[GradientStop] = Field(default_factory=list)
    handles: list[Point] = Field(default_factory=_linear_handles)
    angle: float | None = None
    opacity: float = Field(1.0, ge=0.0, le=1.0)
    visible: bool = True


class Crop(IRModel):
    """Crop as fractions of the image removed from each side (OOXML srcRect / 100000)."""

    left: float = 0.0
    top: float = 0.0
    right: float = 0.0
    bottom: float = 0.0


class ImageFilters(IRModel):
    exposure: float = 0.0
    contrast: float = 0.0
    saturation: float = 0.0
    temperature: float = 0.0
    tint: float = 0.0
    highlights: float = 0.0
    shadows: float = 0.0


class ImagePaint(Tagged):
    """An image. `asset` is the content hash of the bytes in the deck's asset store; None means
    the image is missing (drawn as a placeholder, reported in the loss report)."""

    type: Literal["IMAGE"] = "IMAGE"
    asset: AssetKey | None = None
    scale_mode: Literal["FILL", "FIT", "CROP", "TILE", "STRETCH"] = "FILL"
    crop: Crop | None = None
    rotation: float = 0.0
    scaling_factor: float | None = None
    filters: ImageFilters | None = None
    image_ref: str | None = Field(None, description="source reference (Figma imageRef, OOXML r:embed target)")
    opacity: float = Field(1.0, ge=0.0, le=1.0)
    visible: bool = True


Paint = Annotated[SolidPaint | GradientPaint | ImagePaint, Field(discriminator="type")]

StrokeCap = Literal[
    "NONE",
    "ROUND",
    "SQUARE",
    "LINE_ARROW",
    "TRIANGLE_ARROW",
    "TRIANGLE_FILLED",
    "DIAMOND_FILLED",
    "CIRCLE_FILLED",
    "STEALTH_ARROW",
]


class Stroke(IRModel):
    """An outline: paint, weight (px), alignment, dash pattern (px, dash/gap pairs), caps."""

    paint: Paint = Field(default_factory=SolidPaint)
    weight: float = Field(1.0, ge=0.0)
    align: Literal["INSIDE", "OUTSIDE", "CENTER"] = "CENTER"
    dashes: list[float] = Field(default_factory=list)
    dash_preset: str | None = Field(None, description="OOXML prstDash name when the source used one")
    cap: Literal["NONE", "ROUND", "SQUARE"] = "NONE"
    join: Literal["MITER", "BEVEL", "ROUND"] = "MITER"
    start_cap: StrokeCap = "NONE"
    end_cap: StrokeCap = "NONE"


class Effect(Tagged):
    """Drop / inner shadow (offset, blur radius and spread in px) or blur."""

    type: Literal["DROP_SHADOW", "INNER_SHADOW", "LAYER_BLUR", "BACKGROUND_BLUR"] = "DROP_SHADOW"
    color: Color = Color.model_construct(a=0.25)
    offset: Point = Field(default_factory=Point)
    radius: float = Field(0.0, ge=0.0)
    spread: float = 0.0
    visible: bool = True
