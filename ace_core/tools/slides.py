"""slideTools (13): list, create, duplicate, delete, reorder, focus, render and set slide properties."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ace_core.tools.results import ImageResult, MutationResult, SlideCreateResult, SlidesResult
from ace_core.tools.spec import SpecList
from ace_core.tools.types import GradientStopInput, OptColor, ToolParams

specs = SpecList("slideTools")

SLIDE_LAYOUTS = ("blank", "title", "title_content", "two_column", "section", "title_only", "comparison")
LayoutName = Literal["blank", "title", "title_content", "two_column", "section", "title_only", "comparison"]


@specs.tool("get_all_slides", SlidesResult, mutates=False)
class GetAllSlides(ToolParams):
    """The slides in order: id, index (0-based), name, layout, hidden flag, title text, node count
    and which one is focused. includeThumbnails renders a small PNG of each (slower)."""

    includeThumbnails: bool = False


@specs.tool("create_slide", SlideCreateResult)
class CreateSlide(ToolParams):
    """Insert a slide at index (0-based; default after the focused slide) with a layout that
    creates its placeholders: title (title + subtitle), title_content (title + body),
    two_column (title + two bodies), comparison, section, title_only, blank. The new slide
    becomes the focused one unless focus=false. Its id and placeholder ids (by role) come back,
    so a batch can fill it: {"tool": "set_text_content", "args": {"changes":
    [{"nodeId": "$0.placeholders.title", "text": "..."}]}}."""

    index: int | None = Field(None, ge=0)
    layout: LayoutName = "blank"
    name: str | None = None
    focus: bool = True


@specs.tool("duplicate_slide", SlideCreateResult)
class DuplicateSlide(ToolParams):
    """Copy a slide (every node gets a fresh id) to index, default right after the original."""

    slideId: str
    index: int | None = Field(None, ge=0)


@specs.tool("delete_slide", MutationResult)
class DeleteSlide(ToolParams):
    """Delete a slide. Its id and its nodes' ids become stale. If it was focused, focus moves to
    the next slide (or the previous one)."""

    slideId: str


@specs.tool("reorder_slides", MutationResult)
class ReorderSlides(ToolParams):
    """Set the slide order: `order` lists every slide id once in the new order (or `grid`, rows
    of slide ids as in Figma Slides' grid, read row by row)."""

    order: list[str] | None = None
    grid: list[list[str]] | None = None

    @model_validator(mode="after")
    def _one(self) -> ReorderSlides:
        if (self.order is None) == (self.grid is None):
            raise ValueError("give exactly one of order or grid")
        return self


@specs.tool("focus_slide", MutationResult)
class FocusSlide(ToolParams):
    """Make a slide the current one: tools without parentId / slideId then target it."""

    slideId: str


@specs.tool("export_slide_image", ImageResult, mutates=False)
class ExportSlideImage(ToolParams):
    """Render a slide to a PNG or JPG file and return its path and pixel size."""

    slideId: str | None = Field(None, description="default: the focused slide")
    scale: float = Field(1.0, gt=0, le=4)
    format: Literal["PNG", "JPG"] = "PNG"


class GradientInput(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    stops: list[GradientStopInput] = Field(min_length=2)
    type: Literal["LINEAR", "RADIAL"] = "LINEAR"
    angle: float = Field(90.0, description="degrees clockwise from left->right")


@specs.tool("set_slide_background", MutationResult)
class SetSlideBackground(ToolParams):
    """Set the slide background to a colour, a gradient or an image (library id or file path)."""

    slideId: str | None = Field(None, description="default: the focused slide")
    color: OptColor = None
    gradient: GradientInput | None = None
    image: str | None = Field(None, description="library image id or a local file path")

    @model_validator(mode="after")
    def _one(self) -> SetSlideBackground:
        if sum(v is not None for v in (self.color, self.gradient, self.image)) != 1:
            raise ValueError("give exactly one of color, gradient or image")
        return self


@specs.tool("set_slide_layout", MutationResult)
class SetSlideLayout(ToolParams):
    """Apply a layout: placeholders of that layout that the slide lacks are created, existing
    title/body placeholders move to the layout's boxes; other content is kept."""

    slideId: str | None = None
    layout: LayoutName


@specs.tool("set_slide_transition", MutationResult)
class SetSlideTransition(ToolParams):
    """Set the transition into a slide: style (NONE removes it; fade, push, wipe, split, cover,
    dissolve, zoom, morph, or Figma's SLIDE_FROM_LEFT, PUSH_FROM_RIGHT, SMART_ANIMATE...),
    duration in seconds, easing curve, and timing ON_CLICK or AFTER_DELAY with delay seconds."""

    slideId: str | None = None
    style: str = Field(min_length=1)
    direction: str | None = Field(None, description="l, r, u, d for push/wipe/cover")
    duration: float | None = Field(None, ge=0, le=60, description="seconds")
    curve: Literal["EASE_IN", "EASE_OUT", "EASE_IN_AND_OUT", "LINEAR", "GENTLE", "QUICK", "BOUNCY", "SLOW"] | None = (
        None
    )
    timing: Literal["ON_CLICK", "AFTER_DELAY"] = "ON_CLICK"
    delay: float | None = Field(None, ge=0, description="seconds, for AFTER_DELAY")


@specs.tool("set_slide_hidden", MutationResult)
class SetSlideHidden(ToolParams):
    """Skip (hidden=true) or show a slide in the slide show."""

    slideId: str
    hidden: bool


@specs.tool("set_speaker_notes", MutationResult)
class SetSpeakerNotes(ToolParams):
    """Replace a slide's speaker notes (plain text, '\\n' between paragraphs)."""

    slideId: str | None = None
    notes: str


@specs.tool("set_presentation_size", MutationResult)
class SetPresentationSize(ToolParams):
    """Set the slide size in px, or a preset: 16:9 (1280x720, or 1920x1080 for Figma-sized decks),
    4:3 (960x720), 16:10 (1280x800). scaleContent=true scales every slide's top-level nodes
    with the page; otherwise they keep their positions."""

    width: float | None = Field(None, gt=0, le=20000, description="px")
    height: float | None = Field(None, gt=0, le=20000, description="px")
    preset: Literal["16:9", "4:3", "16:10"] | None = None
    scaleContent: bool = False

    @model_validator(mode="after")
    def _some(self) -> SetPresentationSize:
        if self.preset is None and (self.width is None or self.height is None):
            raise ValueError("give width and height, or a preset")
        return self


SPECS = specs.specs
