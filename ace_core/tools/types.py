"""Parameter types shared by the tool specs: colours, ids, positions, fonts, boxes (lengths in px)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from ace_core.color import Color

__all__ = [
    "RGBA",
    "ColorInput",
    "CoordinateSpace",
    "FontSpec",
    "GradientStopInput",
    "HAlign",
    "LayoutMode",
    "NodeBox",
    "NodeId",
    "OptColor",
    "Point2",
    "Sizing",
    "StrokeCapName",
    "TextCase",
    "TextDecoration",
    "ToolParams",
    "VAlign",
    "to_color",
]

HEX_PATTERN = r"^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"


class ToolParams(BaseModel):
    """Base of every tool's parameters: unknown fields are errors (so typos reach the caller)."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, populate_by_name=True)


class RGBA(BaseModel):
    """A colour as channels from 0 to 1 (the Figma / MCP convention)."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    r: float = Field(ge=0, le=1, description="red, 0-1")
    g: float = Field(ge=0, le=1, description="green, 0-1")
    b: float = Field(ge=0, le=1, description="blue, 0-1")
    a: float = Field(1.0, ge=0, le=1, description="alpha, 0-1 (1 = opaque)")


def to_color(value: Any) -> Color:
    """A colour parameter (hex string, RGBA model or dict) as an IR `Color`."""
    if isinstance(value, Color):
        return value
    if isinstance(value, RGBA):
        return Color(r=value.r, g=value.g, b=value.b, a=value.a)
    return Color.model_validate(value)


ColorInput = Annotated[
    Annotated[str, Field(pattern=HEX_PATTERN)] | RGBA,
    AfterValidator(to_color),
    Field(description="colour: '#RRGGBB', '#RRGGBBAA' or {r,g,b,a} with channels 0-1"),
]
OptColor = ColorInput | None

NodeId = Annotated[str, Field(min_length=1, description="id of a node (or of a slide where a slide is accepted)")]
CoordinateSpace = Literal["parent", "slide"]
LayoutMode = Literal["NONE", "HORIZONTAL", "VERTICAL", "GRID"]
Sizing = Literal["FIXED", "HUG", "FILL"]
HAlign = Literal["LEFT", "CENTER", "RIGHT", "JUSTIFIED"]
VAlign = Literal["TOP", "CENTER", "BOTTOM"]
TextDecoration = Literal["NONE", "UNDERLINE", "STRIKETHROUGH"]
TextCase = Literal["ORIGINAL", "UPPER", "LOWER", "TITLE", "SMALL_CAPS", "SMALL_CAPS_FORCED"]
StrokeCapName = Literal[
    "NONE", "ROUND", "SQUARE", "LINE_ARROW", "TRIANGLE_ARROW", "TRIANGLE_FILLED", "DIAMOND_FILLED", "CIRCLE_FILLED"
]


class Point2(BaseModel):
    """A point in px."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    x: float = Field(description="px")
    y: float = Field(description="px")


class FontSpec(BaseModel):
    """A font: family plus a style name such as Regular, Bold, Italic, Bold Italic, Light, SemiBold."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    family: str = Field(min_length=1, description="font family, e.g. 'Inter' or 'Liberation Sans'")
    style: str = Field("Regular", description="Regular, Bold, Italic, Bold Italic, Light, Medium, SemiBold, Black")


class GradientStopInput(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    position: float = Field(ge=0, le=1, description="0 = start of the gradient, 1 = end")
    color: ColorInput


class NodeBox(BaseModel):
    """A node's box after the command: parent-relative x, y and size, in px."""

    id: str
    x: float
    y: float
    width: float
    height: float
