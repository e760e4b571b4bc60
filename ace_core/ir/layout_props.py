"""Auto-layout properties (Figma semantics, see autolayout.md c.1-c.5) carried by IR nodes."""

from typing import Literal

from pydantic import Field

from ace_core.ir.base import IRModel

__all__ = ["AutoLayout", "Constraints", "GridLayout", "Sizing"]

Sizing = Literal["FIXED", "HUG", "FILL"]
ConstraintType = Literal["MIN", "CENTER", "MAX", "STRETCH", "SCALE"]


class Constraints(IRModel):
    """How a child of a frame without auto-layout (or an ABSOLUTE child) follows a frame resize."""

    horizontal: ConstraintType = "MIN"
    vertical: ConstraintType = "MIN"


class GridLayout(IRModel):
    """GRID layout, carried best effort (the solver places GRID children by their stored boxes)."""

    rows: int = Field(1, ge=1)
    columns: int = Field(1, ge=1)
    row_gap: float = 0.0
    column_gap: float = 0.0
    row_sizes: list[str] = Field(default_factory=list, description="CSS track sizes, e.g. '1fr', '120px'")
    column_sizes: list[str] = Field(default_factory=list)


class AutoLayout(IRModel):
    """Auto-layout of a FRAME. The frame's own HUG / FIXED / FILL sizing is its sizing_h/sizing_v.

    Lengths in px. `item_spacing` may be negative (children overlap). `counter_axis_spacing` None
    means "same as item_spacing" (WRAP only)."""

    mode: Literal["HORIZONTAL", "VERTICAL", "GRID"] = "HORIZONTAL"
    wrap: bool = False
    padding_top: float = 0.0
    padding_right: float = 0.0
    padding_bottom: float = 0.0
    padding_left: float = 0.0
    item_spacing: float = 0.0
    counter_axis_spacing: float | None = None
    primary_align: Literal["MIN", "CENTER", "MAX", "SPACE_BETWEEN"] = "MIN"
    counter_align: Literal["MIN", "CENTER", "MAX", "BASELINE"] = "MIN"
    counter_align_content: Literal["AUTO", "SPACE_BETWEEN"] = "AUTO"
    strokes_included: bool = False
    reverse_z_index: bool = False
    grid: GridLayout | None = None
