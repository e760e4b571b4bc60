"""tableTools (4): tables with cells holding text, merges, structure and style."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ace_core.tools.results import CreateResult, MutationResult
from ace_core.tools.spec import SpecList
from ace_core.tools.types import ColorInput, CoordinateSpace, HAlign, NodeId, OptColor, ToolParams

specs = SpecList("tableTools")


class CellTextStyle(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    fontFamily: str | None = None
    fontSize: float | None = Field(None, gt=0, description="px")
    bold: bool | None = None
    italic: bool | None = None
    color: OptColor = None


class TableStyleInput(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    headerFill: OptColor = None
    bandFill: OptColor = Field(None, description="fill of every other body row")
    borderColor: OptColor = None
    fontFamily: str | None = None
    fontSize: float | None = Field(None, gt=0, description="px")


@specs.tool("create_table", CreateResult)
class CreateTable(ToolParams):
    """Create a table of rows x cols cells, optionally filled from data (a list of rows of
    strings; numbers are written as text). headerRow styles the first row as a header.
    columnWidths (px) default to equal shares of width; height defaults to 40 px per row."""

    rows: int = Field(ge=1, le=200)
    cols: int = Field(ge=1, le=50)
    data: list[list[str | float | int | None]] | None = None
    x: float = Field(0.0, description="px")
    y: float = Field(0.0, description="px")
    width: float = Field(800.0, gt=0, description="px")
    height: float | None = Field(None, gt=0, description="px")
    headerRow: bool = True
    columnWidths: list[float] | None = None
    style: TableStyleInput | None = None
    name: str | None = None
    parentId: str | None = None
    coordinateSpace: CoordinateSpace = "parent"

    @model_validator(mode="after")
    def _shape(self) -> CreateTable:
        if self.data is not None:
            if len(self.data) > self.rows:
                raise ValueError(f"data has {len(self.data)} rows for rows={self.rows}")
            for i, row in enumerate(self.data):
                if len(row) > self.cols:
                    raise ValueError(f"data[{i}] has {len(row)} cells for cols={self.cols}")
        if self.columnWidths is not None and len(self.columnWidths) != self.cols:
            raise ValueError(f"columnWidths has {len(self.columnWidths)} entries for cols={self.cols}")
        return self


class CellEdit(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    row: int = Field(ge=0, description="0-based")
    col: int = Field(ge=0, description="0-based")
    text: str | None = None
    fill: OptColor = None
    textStyle: CellTextStyle | None = None
    align: HAlign | None = None
    verticalAlign: Literal["TOP", "CENTER", "BOTTOM"] | None = None


@specs.tool("set_table_cells", MutationResult)
class SetTableCells(ToolParams):
    """Edit many cells at once: text, fill, text style and alignment per cell (row, col 0-based).
    A cell covered by a merge is redirected to the merge's top-left cell."""

    nodeId: NodeId
    cells: list[CellEdit] = Field(min_length=1, max_length=2000)


class CellRange(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    startRow: int = Field(ge=0)
    startCol: int = Field(ge=0)
    endRow: int = Field(ge=0, description="inclusive")
    endCol: int = Field(ge=0, description="inclusive")


@specs.tool("modify_table_structure", MutationResult)
class ModifyTableStructure(ToolParams):
    """Change a table's structure: insert_row / insert_column at index (default at the end; count
    copies), delete_row / delete_column at index, merge a rectangular range into one cell (the
    texts are joined), unmerge the merge that covers range's top-left. Merges that a row/column
    change cuts through grow or shrink with it."""

    nodeId: NodeId
    op: Literal["insert_row", "insert_column", "delete_row", "delete_column", "merge", "unmerge"]
    index: int | None = Field(None, ge=0, description="row/column index (0-based)")
    count: int = Field(1, ge=1, le=100)
    range: CellRange | None = Field(None, description="cells to merge / unmerge")
    size: float | None = Field(None, gt=0, description="px: height of new rows or width of new columns")

    @model_validator(mode="after")
    def _needs(self) -> ModifyTableStructure:
        if self.op in ("merge", "unmerge") and self.range is None:
            raise ValueError(f"{self.op} needs range")
        if self.op in ("delete_row", "delete_column") and self.index is None:
            raise ValueError(f"{self.op} needs index")
        return self


class BordersInput(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    color: ColorInput = "#BFBFBF"
    weight: float = Field(1.0, ge=0, description="px; 0 removes borders")
    inner: bool = Field(True, description="borders between cells")
    outer: bool = Field(True, description="borders around the table")


@specs.tool("set_table_style", MutationResult)
class SetTableStyle(ToolParams):
    """Whole-table styling: header row fill, banded rows (bandFill on every other body row),
    borders, cell padding (px) and font (family, size px, colour) of every cell."""

    nodeId: NodeId
    headerFill: OptColor = None
    banding: bool | None = None
    bandFill: OptColor = None
    borders: BordersInput | None = None
    cellPadding: float | None = Field(None, ge=0, description="px on all sides")
    font: CellTextStyle | None = None


SPECS = specs.specs
