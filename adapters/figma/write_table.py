"""IR tables -> Figma: a FRAME of cell rectangles and cell texts, rows as tall as their text needs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ace_core.drawing.text_lines import cell_pitched
from ace_core.ir.nodes import RectangleNode, TableNode, TextNode
from ace_core.ir.semantic import TableCell
from ace_core.ir.style import Sides, Stroke
from adapters.figma.geometry import Affine
from adapters.figma.overrides import set_ace
from adapters.figma.text_measure import TURNS, measure

if TYPE_CHECKING:
    from adapters.figma.write_nodes import NodeWriter


def table_to_figma(writer: NodeWriter, node: TableNode, parent_abs: Affine, parent_mode: str | None) -> dict[str, Any]:
    """A FRAME of cell rectangles (fills; borders as per-side strokes on the grid lines) and cell
    texts; rows as tall as their text needs (an OOXML row height is a minimum)."""
    out = writer._base(node, "FRAME", parent_mode)
    out["clipsContent"] = False
    out["layoutMode"] = "NONE"
    heights = _row_heights(node, writer.theme_fonts if writer.ooxml else None, ooxml=writer.ooxml)
    absolute = writer.place(
        out, writer._matrix(node), node.width, max(node.height, sum(heights)), parent_abs, node.visible
    )
    kids: list[dict[str, Any]] = []
    y = 0.0
    for ri, row in enumerate(node.rows):
        x = 0.0
        for ci, cell in enumerate(row.cells):
            width = node.columns[ci] if ci < len(node.columns) else 0.0
            if not (cell.h_merged or cell.v_merged):
                w = sum(node.columns[ci : ci + cell.col_span])
                h = sum(heights[ri : ri + cell.row_span])
                strokes, weights = _cell_borders(cell)
                rect = RectangleNode(
                    id=f"{node.id}:r{ri}c{ci}",
                    x=x,
                    y=y,
                    width=w,
                    height=h,
                    fills=cell.fills or node.style_fills(ri),
                    strokes=strokes,
                    stroke_weights=weights,
                )
                kids.append(writer._shape(rect, absolute, None))
                if cell.text.paragraphs:
                    m = _cell_margins(cell)
                    body = cell.text.model_copy(update={"vertical_align": cell.vertical_align, "insets": Sides()})
                    body = cell_pitched(body, writer.theme_fonts) if writer.ooxml else body
                    room = (x + m.left, y + m.top, w - m.left - m.right, h - m.top - m.bottom)
                    label = (
                        writer._turned(f"{node.id}:t{ri}c{ci}", "", body, *room)
                        if body.vertical in TURNS
                        else TextNode(
                            id=f"{node.id}:t{ri}c{ci}",
                            x=room[0],
                            y=room[1],
                            width=max(0.0, room[2]),
                            height=max(0.0, room[3]),
                            text=body,
                        )
                    )
                    kids.append(writer._text(label, absolute, None, cell=True))
            x += width
        y += heights[ri]
    out["children"] = kids
    set_ace(out, "synthetic", "1")
    writer.figma_of[node.id] = out
    return out


_CELL_MARGINS = Sides(top=3.6 * 4 / 3, bottom=3.6 * 4 / 3, left=7.2 * 4 / 3, right=7.2 * 4 / 3)  # OOXML defaults


def _cell_margins(cell: TableCell) -> Sides:
    return cell.margins or _CELL_MARGINS


def _row_heights(node: TableNode, theme_fonts: Any = None, *, ooxml: bool = False) -> list[float]:
    """Each row's height: its own, or what the text of its single-row cells needs when more; an
    OOXML table's text with its lines at the pitch LibreOffice gives a cell's (cell_pitched: the
    font's ascent + descent, not the 1.2 x its size of a text box)."""
    heights = []
    for row in node.rows:
        need = row.height
        for ci, cell in enumerate(row.cells):
            if cell.h_merged or cell.v_merged or cell.row_span != 1 or not cell.text.paragraphs:
                continue
            if cell.text.vertical in TURNS:  # its lines run down the row: it sets no height
                continue
            m = _cell_margins(cell)
            room = max(1.0, sum(node.columns[ci : ci + cell.col_span]) - m.left - m.right)
            body = cell.text.model_copy(update={"insets": Sides()})
            body = cell_pitched(body, theme_fonts) if ooxml else body
            _, text_h = measure(body, room if cell.text.wrap else None)
            need = max(need, text_h + m.top + m.bottom)
        heights.append(need)
    return heights


def _cell_borders(cell: TableCell) -> tuple[list[Stroke], Sides | None]:
    """The cell's borders as one stroke centred on the grid lines with per-side weights (a side
    without a border weighs 0); Figma strokes have one paint, so the first border's colour is used."""
    sides = {k: getattr(cell.borders, k) for k in ("top", "right", "bottom", "left")}
    drawn = {k: b for k, b in sides.items() if b is not None and b.weight > 0}
    if not drawn:
        return [], None
    first = next(iter(drawn.values()))
    stroke = first.model_copy(update={"align": "CENTER"})
    weights = {k: (b.weight if b is not None and k in drawn else 0.0) for k, b in sides.items()}
    if len(set(weights.values())) == 1:
        return [stroke], None
    return [stroke], Sides(**weights)
