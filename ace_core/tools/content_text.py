"""contentTools, text (7): content, fonts, typography, decoration, character ranges, sizing, lists."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ace_core.tools.results import MutationResult
from ace_core.tools.spec import SpecList
from ace_core.tools.types import FontSpec, HAlign, NodeId, OptColor, TextCase, TextDecoration, ToolParams, VAlign

specs = SpecList("contentTools", group="text")


class TextChange(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    nodeId: NodeId = Field(description="a TEXT node, or a shape / table-less node holding text")
    text: str = Field(description="new characters; '\\n' separates paragraphs")


class LineHeightInput(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    value: float = Field(100.0, ge=0, description="px for PIXELS, percent for PERCENT (100 = single)")
    unit: Literal["PIXELS", "PERCENT", "AUTO"] = "PERCENT"


class LetterSpacingInput(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    value: float = Field(description="px for PIXELS, percent of the font size for PERCENT")
    unit: Literal["PIXELS", "PERCENT"] = "PIXELS"


@specs.tool("set_text_content", MutationResult)
class SetTextContent(ToolParams):
    """Replace the characters of one or more text nodes (batched). The style of each node's first
    run is kept for the new text; paragraph settings of the first paragraph are kept too. Boxes
    that hug their text (textAutoResize HEIGHT / WIDTH_AND_HEIGHT) re-measure, and auto-layout
    parents re-flow."""

    changes: list[TextChange] = Field(min_length=1, max_length=200)


@specs.tool("set_text_font", MutationResult)
class SetTextFont(ToolParams):
    """Set the font family and style (Regular, Bold, Italic, Bold Italic, Light, SemiBold...) of a
    whole text node; per-run font overrides are cleared so the change shows everywhere."""

    nodeId: NodeId
    font: FontSpec


@specs.tool("set_text_properties", MutationResult)
class SetTextProperties(ToolParams):
    """Whole-node typography: font size (px), line height, letter spacing, paragraph spacing (px
    after each paragraph) and alignment. Omitted fields are unchanged."""

    nodeId: NodeId
    fontSize: float | None = Field(None, gt=0, le=1000, description="px (24 px = 18 pt)")
    lineHeight: LineHeightInput | None = None
    letterSpacing: LetterSpacingInput | None = None
    paragraphSpacing: float | None = Field(None, ge=0, description="px after each paragraph")
    textAlignHorizontal: HAlign | None = None
    textAlignVertical: VAlign | None = None


@specs.tool("set_text_decoration", MutationResult)
class SetTextDecoration(ToolParams):
    """Underline / strikethrough and letter case (UPPER, LOWER, TITLE, SMALL_CAPS) of a whole text
    node. Case is a display property: the characters are unchanged."""

    nodeId: NodeId
    textDecoration: TextDecoration | None = None
    textCase: TextCase | None = None

    @model_validator(mode="after")
    def _some(self) -> SetTextDecoration:
        if self.textDecoration is None and self.textCase is None:
            raise ValueError("give textDecoration and/or textCase")
        return self


@specs.tool("set_text_range_style", MutationResult)
class SetTextRangeStyle(ToolParams):
    """Style a character range of a text node (mixed styling: bold one word, colour a number,
    link a phrase). start/end are UTF-16 indices into the node's characters (end exclusive;
    paragraphs are joined by one '\\n'), as get_text_node_info reports them. Runs are split at
    the range ends; only the given properties change. lineHeight applies to the paragraphs the
    range touches."""

    nodeId: NodeId
    start: int = Field(ge=0, description="UTF-16 index of the first character")
    end: int = Field(gt=0, description="UTF-16 index after the last character")
    fontFamily: str | None = None
    fontStyle: str | None = Field(None, description="Regular, Bold, Italic, Bold Italic, Light...")
    fontWeight: int | None = Field(None, ge=100, le=900)
    fontSize: float | None = Field(None, gt=0, le=1000, description="px")
    fill: OptColor = Field(None, description="text colour")
    textDecoration: TextDecoration | None = None
    textCase: TextCase | None = None
    letterSpacing: float | None = Field(None, description="px")
    lineHeight: LineHeightInput | None = None
    hyperlink: str | None = Field(None, description="URL, or '#slide:<slideId>'; '' removes the link")

    @model_validator(mode="after")
    def _range(self) -> SetTextRangeStyle:
        if self.end <= self.start:
            raise ValueError("end must be greater than start")
        return self


@specs.tool("set_text_auto_resize", MutationResult)
class SetTextAutoResize(ToolParams):
    """How a text box sizes itself: NONE (fixed box), HEIGHT (fixed width, height grows with the
    text), WIDTH_AND_HEIGHT (no wrapping, box hugs the text). textTruncation ENDING with maxLines
    cuts overflowing text with an ellipsis."""

    nodeId: NodeId
    textAutoResize: Literal["NONE", "HEIGHT", "WIDTH_AND_HEIGHT"]
    textTruncation: Literal["DISABLED", "ENDING"] | None = None
    maxLines: int | None = Field(None, ge=1, le=1000)


class CharRange(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    start: int = Field(ge=0, description="UTF-16 index")
    end: int = Field(gt=0, description="UTF-16 index, exclusive")


@specs.tool("set_text_list", MutationResult)
class SetTextList(ToolParams):
    """Bullets and numbering. Applies to the paragraphs given by `lines` (0-based paragraph
    indices) or touched by `ranges` (UTF-16), or to every paragraph when neither is given.
    listType ORDERED numbers 1. 2. 3.; UNORDERED uses bullets; NONE removes the marker.
    indentation is the nesting level (0-8); listSpacing is px between items."""

    nodeId: NodeId
    listType: Literal["NONE", "ORDERED", "UNORDERED"]
    lines: list[int] | None = Field(None, description="0-based paragraph indices")
    ranges: list[CharRange] | None = None
    indentation: int | None = Field(None, ge=0, le=8, description="nesting level")
    listSpacing: float | None = Field(None, ge=0, description="px between list items")


SPECS = specs.specs
