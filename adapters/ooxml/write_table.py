"""IR tables -> a:tbl in a p:graphicFrame: grid, rows, merged cells, cell fills, borders, margins, text."""

from __future__ import annotations

from lxml import etree

from ace_core.ir.nodes import TableNode
from ace_core.ir.semantic import TableCell
from adapters.ooxml.write_context import PartContext
from adapters.ooxml.write_shapes import Box, nv_props, xfrm
from adapters.ooxml.write_style import fill_el, line_el, pick_paint
from adapters.ooxml.write_text import text_body
from adapters.ooxml.xmlgen import COORD32, el, emu, emu_in, sub

__all__ = ["TABLE_URI", "cell_el", "table_el", "table_frame"]

TABLE_URI = "http://schemas.openxmlformats.org/drawingml/2006/table"
_ANCHOR = {"TOP": "t", "CENTER": "ctr", "BOTTOM": "b"}
_BORDERS = (
    ("left", "a:lnL"),
    ("right", "a:lnR"),
    ("top", "a:lnT"),
    ("bottom", "a:lnB"),
    ("diagonal_down", "a:lnTlToBr"),
    ("diagonal_up", "a:lnBlToTr"),
)


def cell_el(cell: TableCell, ctx: PartContext, styled: bool = False) -> etree._Element:
    """a:tc: span / merge flags, text, and tcPr (margins, anchor, borders, fill). In a `styled`
    table (one with a table style) a cell without fills gets a:noFill, since its fills are the
    effective ones."""
    attrs = {
        "gridSpan": cell.col_span if cell.col_span > 1 else None,
        "rowSpan": cell.row_span if cell.row_span > 1 else None,
        "hMerge": True if cell.h_merged else None,
        "vMerge": True if cell.v_merged else None,
    }
    tc = el("a:tc", attrs, text_body(cell.text, ctx, "a:txBody"))
    m = cell.margins
    pr = sub(
        tc,
        "a:tcPr",
        {
            "marL": emu_in(m.left, COORD32) if m else None,
            "marR": emu_in(m.right, COORD32) if m else None,
            "marT": emu_in(m.top, COORD32) if m else None,
            "marB": emu_in(m.bottom, COORD32) if m else None,
            "vert": cell.text.vertical if cell.text.vertical != "horz" else None,
            "anchor": _ANCHOR[cell.vertical_align],
        },
    )
    for field, tag in _BORDERS:
        stroke = getattr(cell.borders, field)
        if stroke is not None:
            line = line_el([stroke], ctx)
            line.tag = line.tag.replace("}ln", "}" + tag.split(":")[1])
            pr.append(line)
    paint = pick_paint(cell.fills, ctx)
    if paint is not None or styled:  # a cell without fill in a styled table says so
        pr.append(fill_el(paint, ctx))
    return tc


def table_el(node: TableNode, ctx: PartContext) -> etree._Element:
    """a:tbl: style flags, column grid and rows (every row padded to the grid's width)."""
    st = node.style
    tbl = el("a:tbl")
    pr = sub(
        tbl,
        "a:tblPr",
        {
            "firstRow": st.first_row or None,
            "firstCol": st.first_col or None,
            "lastRow": st.last_row or None,
            "lastCol": st.last_col or None,
            "bandRow": st.band_rows or None,
            "bandCol": st.band_cols or None,
        },
    )
    if st.style_id:
        sub(pr, "a:tableStyleId").text = st.style_id
    ncols = len(node.columns) or max((len(r.cells) for r in node.rows), default=1)
    widths = list(node.columns) or [node.width / max(ncols, 1)] * ncols
    grid = sub(tbl, "a:tblGrid")
    for w in widths:
        sub(grid, "a:gridCol", {"w": emu(w)})
    for row in node.rows:
        tr = sub(tbl, "a:tr", {"h": emu(row.height)})
        cells = list(row.cells[:ncols])
        if len(row.cells) > ncols:
            ctx.loss("table-cells", f"a row has {len(row.cells)} cells for {ncols} columns; extra cells dropped")
        while len(cells) < ncols:
            cells.append(TableCell())
        for cell in cells:
            tr.append(cell_el(cell, ctx, styled=bool(st.style_id)))
    return tbl


def table_frame(node: TableNode, box: Box, ctx: PartContext) -> etree._Element:
    """p:graphicFrame holding the table."""
    nv = el(
        "p:nvGraphicFramePr",
        None,
        nv_props(node, ctx),
        el("p:cNvGraphicFramePr", None, el("a:graphicFrameLocks", {"noGrp": True})),
        el("p:nvPr"),
    )
    if node.rotation:
        ctx.loss("table-rotation", "tables cannot be rotated in PowerPoint; written unrotated")
    frame = el("p:graphicFrame", None, nv, xfrm(Box(box.x, box.y, box.w, box.h), "p:xfrm"))
    graphic = sub(frame, "a:graphic")
    data = sub(graphic, "a:graphicData", {"uri": TABLE_URI})
    data.append(table_el(node, ctx))
    if node.fills or node.strokes:
        ctx.loss("table-fill", "a table's own fills / strokes are not written (cells carry theirs)", "info")
    return frame
