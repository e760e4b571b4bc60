"""TABLE nodes as <table>: column widths, row heights, row / column spans, cell fills, borders,
margins and vertical alignment; covered cells of a merge are kept as hidden cells."""

from __future__ import annotations

from ace_core.ir.nodes import TableNode
from ace_core.ir.semantic import TableCell
from ace_core.ir.style import SolidPaint, Stroke
from adapters.html.context import WriteCtx
from adapters.html.css import background_decls, color_css
from adapters.html.schema import A_IR, attr, dump_ir, join_style, px
from adapters.html.text import DEFAULT_INSETS, WRITING_MODES, text_html

__all__ = ["cell_ir", "table_html"]

_VALIGN = {"TOP": "top", "CENTER": "middle", "BOTTOM": "bottom"}
_CELL_MARGINS = DEFAULT_INSETS


def _border(stroke: Stroke | None) -> str | None:
    if stroke is None or stroke.weight <= 0 or not stroke.paint.visible:
        return None
    if not isinstance(stroke.paint, SolidPaint):
        return None
    style = "solid"
    if stroke.dash_preset in ("dot", "sysDot"):
        style = "dotted"
    elif stroke.dashes or stroke.dash_preset not in (None, "solid"):
        style = "dashed"
    return f"{px(round(stroke.weight, 3))} {style} {color_css(stroke.paint.color, stroke.paint.opacity)}"


def _border_weight(stroke: Stroke | None) -> float:
    return stroke.weight if _border(stroke) is not None and stroke is not None else 0.0


def cell_ir(cell: TableCell) -> dict:
    return cell.model_dump(mode="json", exclude_defaults=True, exclude={"text": {"paragraphs"}})


def table_html(node: TableNode, ctx: WriteCtx) -> str:
    """The <table> element (inside the node's box element)."""
    cols = "".join(f'<col style="width:{px(w)}">' for w in node.columns)
    rows_html: list[str] = []
    for ri, row in enumerate(node.rows):
        cells: list[str] = []
        for ci, cell in enumerate(row.cells):
            data = cell_ir(cell)
            ir = attr(A_IR, dump_ir(data), single=True) if data else ""
            if cell.h_merged or cell.v_merged:
                cells.append(f"<td hidden{ir}>{text_html(cell.text, ctx, node.id, cell=True)}</td>")
                continue
            decls: list[tuple[str, str]] = []
            fills = cell.fills or node.style_fills(ri)
            decls.extend(background_decls(fills, sum(node.columns[ci : ci + cell.col_span]), row.height, ctx, node.id))
            b = cell.borders
            for side in ("top", "right", "bottom", "left"):
                css = _border(getattr(b, side))
                if css:
                    decls.append((f"border-{side}", css))
            if b.diagonal_down or b.diagonal_up:
                ctx.loss("table-diagonal-border", "diagonal cell borders are not drawn", node.id)
            m = cell.margins or _CELL_MARGINS
            # LibreOffice draws a border over the cell's edge and lays the text out as if it had
            # none; a collapsed CSS border takes half its width from the cell's inside
            pads = [
                max(getattr(m, side) - _border_weight(getattr(b, side)) / 2, 0.0)
                for side in ("top", "right", "bottom", "left")
            ]
            decls.append(("padding", " ".join(px(round(v, 3)) for v in pads)))
            decls.append(("vertical-align", _VALIGN[cell.vertical_align]))
            decls.append(("white-space", "pre-wrap" if cell.text.wrap else "pre"))
            mode = WRITING_MODES.get(cell.text.vertical)
            if mode:
                decls.append(("writing-mode", mode))
            span = ""
            if cell.row_span > 1:
                span += f' rowspan="{cell.row_span}"'
            if cell.col_span > 1:
                span += f' colspan="{cell.col_span}"'
            inner = text_html(cell.text, ctx, node.id, cell=True)
            cells.append(f'<td{span} style="{join_style(decls)}"{ir}>{inner}</td>')
        rdata = row.model_dump(mode="json", exclude_defaults=True, exclude={"cells", "height"})
        rir = attr(A_IR, dump_ir(rdata), single=True) if rdata else ""
        rows_html.append(f'<tr style="height:{px(row.height)}"{rir}>{"".join(cells)}</tr>')
    width = sum(node.columns)
    return f'<table style="width:{px(width)}"><colgroup>{cols}</colgroup><tbody>{"".join(rows_html)}</tbody></table>'
