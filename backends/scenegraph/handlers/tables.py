"""tableTools: create, cell edits, structure (rows, columns, merges) and whole-table style."""

from __future__ import annotations

from typing import Any

from ace_core.color import Color
from ace_core.errors import ToolError
from ace_core.ir.nodes import TableNode
from ace_core.ir.semantic import CellBorders, TableCell, TableRow, TableStyle
from ace_core.ir.style import Sides
from ace_core.ir.text import TextBody, TextStyle
from ace_core.tools import tables as T
from backends.scenegraph.build import replace_text, solid, stroke, text_body
from backends.scenegraph.context import Ctx
from backends.scenegraph.handlers.base import HandlerTable, need_type
from backends.scenegraph.handlers.create import default_font, place
from backends.scenegraph.handlers.text import clear_run_fields
from backends.scenegraph.textops import characters

table = HandlerTable()

HEADER_FILL = Color.from_hex("#4472C4")
BAND_FILL = Color.from_hex("#E9EEF7")
BORDER = Color.from_hex("#BFBFBF")
WHITE = Color.from_hex("#FFFFFF")
DEFAULT_ROW_HEIGHT = 40.0
DEFAULT_CELL_FONT = 18.0


def table_of(ctx: Ctx, node_id: str) -> TableNode:
    node = ctx.state.node(node_id)
    need_type(node, ("TABLE",), what="a table tool")
    return node  # type: ignore[return-value]


def _fit(node: TableNode) -> None:
    node.width = sum(node.columns)
    node.height = sum(r.height for r in node.rows)


def _cell_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _apply_header(node: TableNode, fill: Color) -> None:
    node.style.first_row = True
    node.style.header_fill = solid(fill)
    if node.rows:
        for cell in node.rows[0].cells:
            cell.fills = [solid(fill)]
            cell.text.style = cell.text.style.model_copy(update={"font_weight": 700, "fill": solid(WHITE)})


def _apply_banding(node: TableNode, on: bool, fill: Color) -> None:
    node.style.band_rows = on
    node.style.band_fill = solid(fill) if on else None
    start = 1 if node.style.first_row else 0
    for i, row in enumerate(node.rows[start:]):
        for cell in row.cells:
            is_band = cell.fills and cell.fills[0].type == "SOLID" and cell.fills[0].color.distance(fill) < 0.01
            if on and i % 2 == 1:
                cell.fills = [solid(fill)]
            elif is_band:
                cell.fills = []


def _apply_borders(node: TableNode, color: Color, weight: float, inner: bool, outer: bool) -> None:
    nrows, ncols = len(node.rows), len(node.columns)
    for ri, row in enumerate(node.rows):
        for ci, cell in enumerate(row.cells):
            sides = {
                "top": outer if ri == 0 else inner,
                "bottom": outer if ri == nrows - 1 else inner,
                "left": outer if ci == 0 else inner,
                "right": outer if ci == ncols - 1 else inner,
            }
            cell.borders = CellBorders(
                **{side: stroke(color, weight) if (on and weight > 0) else None for side, on in sides.items()}
            )


@table.bind("create_table")
def create_table(ctx: Ctx, p: T.CreateTable) -> dict[str, Any]:
    widths = list(p.columnWidths) if p.columnWidths is not None else [p.width / p.cols] * p.cols
    row_h = (p.height / p.rows) if p.height is not None else DEFAULT_ROW_HEIGHT
    st = p.style
    font = TextStyle(
        font_family=(st.fontFamily if st and st.fontFamily else None) or default_font(ctx),
        font_size=(st.fontSize if st and st.fontSize else None) or DEFAULT_CELL_FONT,
    )
    data = p.data or []
    rows = []
    for r in range(p.rows):
        values = data[r] if r < len(data) else []
        cells = [
            TableCell(text=text_body(_cell_text(values[c]) if c < len(values) else "", font)) for c in range(p.cols)
        ]
        rows.append(TableRow(height=row_h, cells=cells))
    node = TableNode(
        id=ctx.new_id(),
        name=p.name or "Table",
        x=p.x,
        y=p.y,
        width=sum(widths),
        height=row_h * p.rows,
        columns=widths,
        rows=rows,
        style=TableStyle(),
    )
    if p.headerRow:
        _apply_header(node, (st.headerFill if st and st.headerFill else None) or HEADER_FILL)
    if st and st.bandFill is not None:
        _apply_banding(node, True, st.bandFill)
    _apply_borders(node, (st.borderColor if st and st.borderColor else None) or BORDER, 1.0, True, True)
    return place(ctx, node, p)


def anchor_of(node: TableNode, r: int, c: int) -> tuple[int, int]:
    """The top-left cell of the merge covering (r, c), or (r, c) itself."""
    cell = node.rows[r].cells[c]
    if not (cell.h_merged or cell.v_merged):
        return r, c
    for ar in range(r, -1, -1):
        for ac in range(c, -1, -1):
            a = node.rows[ar].cells[ac]
            if not (a.h_merged or a.v_merged) and ar + a.row_span > r and ac + a.col_span > c:
                return ar, ac
    return r, c


@table.bind("set_table_cells")
def set_table_cells(ctx: Ctx, p: T.SetTableCells) -> dict[str, Any]:
    node = table_of(ctx, p.nodeId)
    nrows, ncols = len(node.rows), len(node.columns)
    for i, edit in enumerate(p.cells):
        if edit.row >= nrows:
            raise ToolError(f"row {edit.row} does not exist ({nrows} rows)", field=f"cells[{i}].row")
        if edit.col >= ncols:
            raise ToolError(f"column {edit.col} does not exist ({ncols} columns)", field=f"cells[{i}].col")
    redirected = 0
    for edit in p.cells:
        r, c = anchor_of(node, edit.row, edit.col)
        redirected += (r, c) != (edit.row, edit.col)
        cell = node.rows[r].cells[c]
        if edit.text is not None:
            replace_text(cell.text, edit.text)
        if edit.fill is not None:
            cell.fills = [solid(edit.fill)]
        if edit.textStyle is not None:
            _style_body(cell.text, edit.textStyle)
        if edit.align is not None:
            cell.text.align = edit.align
            for para in cell.text.paragraphs:
                para.align = None
        if edit.verticalAlign is not None:
            cell.vertical_align = edit.verticalAlign
    if redirected:
        ctx.warn(f"{redirected} edit(s) on merged cells went to the merge's top-left cell")
    ctx.touch_style(node)
    return {"cells": len(p.cells)}


def _style_body(body: TextBody, ts: Any) -> None:
    update = {
        k: v
        for k, v in (
            ("font_family", ts.fontFamily),
            ("font_size", ts.fontSize),
            ("font_weight", (700 if ts.bold else 400) if ts.bold is not None else None),
            ("italic", ts.italic),
            ("fill", solid(ts.color) if ts.color is not None else None),
        )
        if v is not None
    }
    clear_run_fields(body, tuple(update))
    body.style = body.style.model_copy(update=update)


def _blank_like(cell: TableCell) -> TableCell:
    new = TableCell(text=TextBody(style=cell.text.style.model_copy()), fills=[f.model_copy() for f in cell.fills])
    new.borders = cell.borders.model_copy(deep=True)
    new.margins = cell.margins
    new.vertical_align = cell.vertical_align
    return new


def _insert_rows(node: TableNode, index: int, count: int, height: float | None) -> None:
    """Insert rows at `index`; rows inside a vertical merge extend it."""
    nrows = len(node.rows)
    src = index - 1 if index - 1 >= 1 or nrows == 1 else min(index, nrows - 1)
    template = node.rows[src]
    below = node.rows[index] if index < nrows else None
    covered = [
        (below.cells[c].h_merged, anchor_of(node, index, c)) if below is not None and below.cells[c].v_merged else None
        for c in range(len(node.columns))
    ]
    for _ in range(count):
        cells = []
        for c, tcell in enumerate(template.cells):
            new = _blank_like(tcell)
            if covered[c] is not None:
                new.v_merged, new.h_merged = True, covered[c][0]
            cells.append(new)
        node.rows.insert(index, TableRow(height=height or template.height or DEFAULT_ROW_HEIGHT, cells=cells))
    for info in covered:
        if info is not None and not info[0]:
            ar, ac = info[1]
            node.rows[ar].cells[ac].row_span += count


def _insert_cols(node: TableNode, index: int, count: int, width: float | None) -> None:
    """Insert columns at `index`; columns inside a horizontal merge extend it."""
    ncols = len(node.columns)
    src = index - 1 if index > 0 else 0
    covered = [
        (row.cells[index].v_merged, anchor_of(node, r, index)) if index < ncols and row.cells[index].h_merged else None
        for r, row in enumerate(node.rows)
    ]
    for _ in range(count):
        for r, row in enumerate(node.rows):
            new = _blank_like(row.cells[src])
            if covered[r] is not None:
                new.h_merged, new.v_merged = True, covered[r][0]
            row.cells.insert(index, new)
        node.columns.insert(index, width or node.columns[src])
    for info in covered:
        if info is not None and not info[0]:
            ar, ac = info[1]
            node.rows[ar].cells[ac].col_span += count


def _delete_row(node: TableNode, index: int) -> None:
    row = node.rows[index]
    for c, cell in enumerate(row.cells):
        if cell.v_merged and not cell.h_merged:
            ar, ac = anchor_of(node, index, c)
            node.rows[ar].cells[ac].row_span -= 1
        elif not (cell.h_merged or cell.v_merged) and cell.row_span > 1:
            heir = node.rows[index + 1].cells[c]
            heir.text, heir.fills = cell.text, cell.fills
            heir.row_span, heir.col_span = cell.row_span - 1, cell.col_span
            heir.v_merged = False
            for cc in range(c + 1, c + cell.col_span):
                node.rows[index + 1].cells[cc].v_merged = False
    del node.rows[index]


def _delete_col(node: TableNode, index: int) -> None:
    for r, row in enumerate(node.rows):
        cell = row.cells[index]
        if cell.h_merged and not cell.v_merged:
            ar, ac = anchor_of(node, r, index)
            node.rows[ar].cells[ac].col_span -= 1
        elif not (cell.h_merged or cell.v_merged) and cell.col_span > 1:
            heir = row.cells[index + 1]
            heir.text, heir.fills = cell.text, cell.fills
            heir.row_span, heir.col_span = cell.row_span, cell.col_span - 1
            heir.h_merged = False
            for rr in range(r + 1, r + cell.row_span):
                node.rows[rr].cells[index + 1].h_merged = False
        del row.cells[index]
    del node.columns[index]


def _merges(node: TableNode) -> list[tuple[int, int, int, int]]:
    return [
        (r, c, r + cell.row_span - 1, c + cell.col_span - 1)
        for r, row in enumerate(node.rows)
        for c, cell in enumerate(row.cells)
        if not (cell.h_merged or cell.v_merged) and (cell.row_span > 1 or cell.col_span > 1)
    ]


def _unmerge(node: TableNode, r0: int, c0: int, r1: int, c1: int) -> None:
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            cell = node.rows[r].cells[c]
            cell.row_span = cell.col_span = 1
            cell.h_merged = cell.v_merged = False


@table.bind("modify_table_structure")
def modify_table_structure(ctx: Ctx, p: T.ModifyTableStructure) -> dict[str, Any]:
    node = table_of(ctx, p.nodeId)
    nrows, ncols = len(node.rows), len(node.columns)
    op = p.op
    if op == "insert_row":
        index = nrows if p.index is None else p.index
        if index > nrows:
            raise ToolError(f"index {index} is past the last row ({nrows} rows)", field="index")
        _insert_rows(node, index, p.count, p.size)
    elif op == "insert_column":
        index = ncols if p.index is None else p.index
        if index > ncols:
            raise ToolError(f"index {index} is past the last column ({ncols} columns)", field="index")
        _insert_cols(node, index, p.count, p.size)
    elif op == "delete_row":
        assert p.index is not None
        if p.index + p.count > nrows:
            raise ToolError(f"rows {p.index}..{p.index + p.count - 1} do not all exist ({nrows} rows)", field="index")
        if p.count >= nrows:
            raise ToolError("cannot delete every row", field="count", hint="delete the table with delete_node")
        for _ in range(p.count):
            _delete_row(node, p.index)
    elif op == "delete_column":
        assert p.index is not None
        if p.index + p.count > ncols:
            raise ToolError(
                f"columns {p.index}..{p.index + p.count - 1} do not all exist ({ncols} columns)", field="index"
            )
        if p.count >= ncols:
            raise ToolError("cannot delete every column", field="count", hint="delete the table with delete_node")
        for _ in range(p.count):
            _delete_col(node, p.index)
    else:
        rg = p.range
        assert rg is not None
        r0, c0, r1, c1 = rg.startRow, rg.startCol, rg.endRow, rg.endCol
        if r1 >= nrows or c1 >= ncols or r0 > r1 or c0 > c1:
            raise ToolError(
                f"range rows {r0}-{r1}, columns {c0}-{c1} is not inside the {nrows}x{ncols} table", field="range"
            )
        if op == "merge":
            if (r0, c0) == (r1, c1):
                raise ToolError("a merge needs at least two cells", field="range")
            for m in _merges(node):
                inside = m[0] >= r0 and m[1] >= c0 and m[2] <= r1 and m[3] <= c1
                apart = m[2] < r0 or m[0] > r1 or m[3] < c0 or m[1] > c1
                if not inside and not apart:
                    raise ToolError(
                        f"the range cuts through the merge at row {m[0]}, column {m[1]}",
                        field="range",
                        hint="unmerge it first or widen the range",
                    )
                if inside:
                    _unmerge(node, *m)
            texts = [characters(node.rows[r].cells[c].text) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]
            anchor = node.rows[r0].cells[c0]
            joined = "\n".join(t for t in texts if t.strip())
            replace_text(anchor.text, joined)
            for r in range(r0, r1 + 1):
                for c in range(c0, c1 + 1):
                    cell = node.rows[r].cells[c]
                    if (r, c) != (r0, c0):
                        replace_text(cell.text, "")
                        cell.h_merged = c > c0
                        cell.v_merged = r > r0
                        cell.row_span = cell.col_span = 1
            anchor.row_span, anchor.col_span = r1 - r0 + 1, c1 - c0 + 1
        else:
            ar, ac = anchor_of(node, r0, c0)
            cell = node.rows[ar].cells[ac]
            if cell.row_span == 1 and cell.col_span == 1:
                raise ToolError(f"cell row {r0}, column {c0} is not merged", field="range")
            _unmerge(node, ar, ac, ar + cell.row_span - 1, ac + cell.col_span - 1)
    _fit(node)
    ctx.touch(node)
    return {"rows": len(node.rows), "cols": len(node.columns)}


@table.bind("set_table_style")
def set_table_style(ctx: Ctx, p: T.SetTableStyle) -> None:
    node = table_of(ctx, p.nodeId)
    if p.headerFill is not None:
        _apply_header(node, p.headerFill)
    if p.banding is not None or p.bandFill is not None:
        on = p.banding if p.banding is not None else True
        _apply_banding(node, on, p.bandFill or BAND_FILL)
    if p.borders is not None:
        b = p.borders
        _apply_borders(node, b.color, b.weight, b.inner, b.outer)
    if p.cellPadding is not None:
        for row in node.rows:
            for cell in row.cells:
                cell.margins = Sides.all(p.cellPadding)
    if p.font is not None:
        for row in node.rows:
            for cell in row.cells:
                _style_body(cell.text, p.font)
        fs = p.font
        node.style.text_style = (node.style.text_style or TextStyle()).model_copy(
            update={k: v for k, v in (("font_family", fs.fontFamily), ("font_size", fs.fontSize)) if v is not None}
        )
    ctx.touch_style(node)


HANDLERS = table.handlers
