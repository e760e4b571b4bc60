"""DrawingML tables (a:tbl) -> IR TABLE: grid, spans and merges, cell fills, borders, margins, text;
the table style (tableStyles.xml, or PowerPoint's built-in default) is resolved into the cells."""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from ace_core.ir.semantic import CellBorders, TableCell, TableRow, TableStyle
from ace_core.ir.style import Paint, Sides, Stroke
from ace_core.units import EMU_PER_PX
from adapters.ooxml.context import Scope
from adapters.ooxml.drawingml import find_fill, read_fill, read_stroke
from adapters.ooxml.ns import RT, qn
from adapters.ooxml.read_text import FontLayer, Layer, read_text_body
from adapters.ooxml.table_presets import DEFAULT_STYLE_ID, builtin_style_xml
from adapters.ooxml.values import attr_bool, emu

__all__ = ["read_table"]

_DEFAULT_MARGINS_EMU = (45720, 91440, 45720, 91440)  # top, right, bottom, left
_VERT = {"vert", "vert270", "wordArtVert", "eaVert", "mongolianVert", "wordArtVertRtl"}
_ANCHOR = {"t": "TOP", "ctr": "CENTER", "b": "BOTTOM"}


@dataclass
class _Flags:
    first_row: bool
    last_row: bool
    first_col: bool
    last_col: bool
    band_row: bool
    band_col: bool


def _has_style_part(scope: Scope) -> bool:
    pkg = scope.ctx.pkg
    part = pkg.first_related(pkg.main_part, RT.TABLE_STYLES)
    return bool(part) and pkg.exists(part)


def _find_style(scope: Scope, style_id: str | None) -> etree._Element | None:
    """The table style named `style_id` (or the package's default): from tableStyles.xml, else
    PowerPoint's built-in one of that id (marked builtin="1"), else None."""
    pkg = scope.ctx.pkg
    styles_part = pkg.first_related(pkg.main_part, RT.TABLE_STYLES)
    root = pkg.xml(styles_part) if styles_part else None
    if root is not None:
        want = style_id or root.get("def")
        for style in root.findall(qn("a:tblStyle")):
            if style.get("styleId") == want:
                return style
    builtin = builtin_style_xml(style_id or DEFAULT_STYLE_ID)
    if not builtin:
        return None
    el = etree.fromstring(builtin)
    el.set("builtin", "1")
    return el


def _parts_for(r: int, c: int, nrows: int, ncols: int, f: _Flags) -> list[str]:
    """Table-style parts that apply to cell (r, c), lowest priority first."""
    parts = ["wholeTbl"]
    body_r = r - (1 if f.first_row else 0)
    body_c = c - (1 if f.first_col else 0)
    if f.band_row and body_r >= 0:
        parts.append("band1H" if body_r % 2 == 0 else "band2H")
    if f.band_col and body_c >= 0:
        parts.append("band1V" if body_c % 2 == 0 else "band2V")
    if f.last_col and c == ncols - 1:
        parts.append("lastCol")
    if f.first_col and c == 0:
        parts.append("firstCol")
    if f.last_row and r == nrows - 1:
        parts.append("lastRow")
    if f.first_row and r == 0:
        parts.append("firstRow")
    for name, rr, cc in (("seCell", nrows - 1, ncols - 1), ("swCell", nrows - 1, 0), ("neCell", 0, ncols - 1)):
        if r == rr and c == cc:
            parts.append(name)
    if r == 0 and c == 0:
        parts.append("nwCell")
    return parts


def _style_ln(bdr: etree._Element | None, side: str, scope: Scope) -> list[Stroke] | None:
    el = bdr.find(qn(f"a:{side}")) if bdr is not None else None
    if el is None:
        return None
    ln = el.find(qn("a:ln"))
    if ln is not None:
        return read_stroke([(ln, None)], scope)
    ref = el.find(qn("a:lnRef"))
    if ref is not None:
        from adapters.ooxml.drawingml import read_style_refs

        holder = etree.Element(qn("p:style"))
        holder.append(etree.fromstring(etree.tostring(ref)))
        refs = read_style_refs(holder, scope)
        return read_stroke([refs.line], scope) if refs.line else []
    return None


def _style_cell(
    style: etree._Element | None, parts: list[str], r: int, c: int, nrows: int, ncols: int, scope: Scope
) -> tuple[list[Paint] | None, dict[str, Stroke | None], FontLayer | None, dict[str, str]]:
    """Fill, borders, text colour/font and bold/italic a table style gives a cell."""
    fill: list[Paint] | None = None
    borders: dict[str, Stroke | None] = {}
    font: FontLayer | None = None
    tx_attrs: dict[str, str] = {}
    if style is None:
        return fill, borders, font, tx_attrs
    for name in parts:
        part = style.find(qn(f"a:{name}"))
        if part is None:
            continue
        tc_style = part.find(qn("a:tcStyle"))
        if tc_style is not None:
            fill_holder = tc_style.find(qn("a:fill"))
            f = find_fill(fill_holder)
            if f is not None:
                fill = read_fill(f, scope)
            elif tc_style.find(qn("a:fillRef")) is not None:
                from adapters.ooxml.drawingml import read_style_refs

                holder = etree.Element(qn("p:style"))
                holder.append(etree.fromstring(etree.tostring(tc_style.find(qn("a:fillRef")))))
                refs = read_style_refs(holder, scope)
                fill = read_fill(refs.fill[0], scope, refs.fill[1]) if refs.fill else []
            bdr = tc_style.find(qn("a:tcBdr"))
            sides = {
                "left": "left" if c == 0 else "insideV",
                "right": "right" if c == ncols - 1 else "insideV",
                "top": "top" if r == 0 else "insideH",
                "bottom": "bottom" if r == nrows - 1 else "insideH",
                "diagonal_down": "tl2br",
                "diagonal_up": "tr2bl",
            }
            for side, source in sides.items():
                got = _style_ln(bdr, source, scope)
                if got is not None:
                    borders[side] = got[0] if got else None
        tx = part.find(qn("a:tcTxStyle"))
        if tx is not None:
            for key in ("b", "i"):
                if tx.get(key) in ("on", "off"):
                    tx_attrs[key] = "1" if tx.get(key) == "on" else "0"
            ref = tx.find(qn("a:fontRef"))
            color = scope.colors.color(tx)
            font_ref = None
            if ref is not None and ref.get("idx") in ("major", "minor"):
                font_ref = "+mj-lt" if ref.get("idx") == "major" else "+mn-lt"
            if color is None and ref is not None:
                color = scope.colors.color(ref)
            if color is None and font is not None:  # a part that only sets bold keeps the colour below it
                color = font.color
            font = FontLayer(font_ref=font_ref or (font.font_ref if font else None), color=color)
    return fill, borders, font, tx_attrs


def _style_background(style: etree._Element | None, scope: Scope) -> list[Paint]:
    """The fill of a table style's a:tblBg (a fill, or a fillRef to the theme), under every cell."""
    bg = style.find(qn("a:tblBg")) if style is not None else None
    if bg is None:
        return []
    holder = bg.find(qn("a:fill"))
    f = find_fill(holder if holder is not None else bg)
    if f is not None:
        return read_fill(f, scope)
    ref = bg.find(qn("a:fillRef"))
    if ref is None:
        return []
    from adapters.ooxml.drawingml import read_style_refs

    style_holder = etree.Element(qn("p:style"))
    style_holder.append(etree.fromstring(etree.tostring(ref)))
    refs = read_style_refs(style_holder, scope)
    return read_fill(refs.fill[0], scope, refs.fill[1]) if refs.fill else []


def _cell_ln(tc_pr: etree._Element | None, tag: str, scope: Scope, node_id: str) -> Stroke | bool | None:
    """An explicit cell border: a Stroke, None for 'no line', False when not stated."""
    ln = tc_pr.find(qn(f"a:{tag}")) if tc_pr is not None else None
    if ln is None:
        return False
    strokes = read_stroke([(ln, None)], scope, node_id)
    return strokes[0] if strokes else None


def read_table(tbl: etree._Element, scope: Scope, node_id: str, chain: list[Layer]) -> dict:
    """The TABLE fields (columns, rows, style, meta) of an a:tbl."""
    tbl_pr = tbl.find(qn("a:tblPr"))
    flags = _Flags(
        first_row=bool(attr_bool(tbl_pr, "firstRow", False)),
        last_row=bool(attr_bool(tbl_pr, "lastRow", False)),
        first_col=bool(attr_bool(tbl_pr, "firstCol", False)),
        last_col=bool(attr_bool(tbl_pr, "lastCol", False)),
        band_row=bool(attr_bool(tbl_pr, "bandRow", False)),
        band_col=bool(attr_bool(tbl_pr, "bandCol", False)),
    )
    style_id_el = tbl_pr.find(qn("a:tableStyleId")) if tbl_pr is not None else None
    style_id = (style_id_el.text or "").strip() if style_id_el is not None else None
    inline_style = tbl_pr.find(qn("a:tableStyle")) if tbl_pr is not None else None
    style = inline_style if inline_style is not None else (_find_style(scope, style_id) if style_id else None)
    if style_id and style is None:
        scope.loss("table-style", f"table style {style_id} is not defined; cells drawn unstyled", node_id)
    elif style_id and inline_style is None and not _has_style_part(scope):
        scope.loss(
            "table-style",
            f"table style {style_id} is PowerPoint's built-in one and the package has no tableStyles part:"
            " ACE draws the cells in that style (as PowerPoint does), LibreOffice draws them unstyled",
            node_id,
        )
    elif style_id and inline_style is None and style.get("builtin") == "1":
        scope.loss(
            "table-style",
            f"table style {style_id} ({style.get('styleName')}) is one of PowerPoint's built-in styles and"
            " tableStyles.xml does not define it: ACE draws the cells from its built-in definition, as"
            " PowerPoint does; LibreOffice draws its own version of it (header and total rows not bold)",
            node_id,
            severity="info",
        )
    grid = tbl.find(qn("a:tblGrid"))
    columns = [(emu(g.get("w"), 0.0) or 0.0) / EMU_PER_PX for g in (grid if grid is not None else [])]
    columns = [c for c in columns] or [0.0]
    rows_el = tbl.findall(qn("a:tr"))
    nrows, ncols = len(rows_el), len(columns)
    table_fill = None
    if tbl_pr is not None and find_fill(tbl_pr) is not None:
        table_fill = read_fill(find_fill(tbl_pr), scope, node_id=node_id)
    style_bg = _style_background(style, scope) if table_fill is None else []
    rows: list[TableRow] = []
    for r, tr in enumerate(rows_el):
        cells: list[TableCell] = []
        for c, tc in enumerate(tr.findall(qn("a:tc"))[:ncols]):
            tc_pr = tc.find(qn("a:tcPr"))
            s_fill, s_borders, s_font, s_tx = _style_cell(
                style, _parts_for(r, c, nrows, ncols, flags), r, c, nrows, ncols, scope
            )
            layers = list(chain)
            if s_font is not None or s_tx:
                layers.append(_tx_layer(s_tx))
                if s_font is not None:
                    layers.append(s_font)
            tx_body = tc.find(qn("a:txBody"))
            own = tx_body.find(qn("a:lstStyle")) if tx_body is not None else None
            if own is not None:
                layers.append(own)
            body_pr = tx_body.find(qn("a:bodyPr")) if tx_body is not None else None
            text = read_text_body(tx_body, layers, [body_pr] if body_pr is not None else [], scope, node_id)
            vert = tc_pr.get("vert") if tc_pr is not None else None
            if vert in _VERT and text.vertical == "horz":  # a cell's direction lives on tcPr, not bodyPr
                text.vertical = vert  # type: ignore[assignment]
            fill_el = find_fill(tc_pr)
            fills = read_fill(fill_el, scope, node_id=node_id) if fill_el is not None else (s_fill or table_fill or [])
            fills = [*style_bg, *fills]  # the style's table background shows through the cells
            borders: dict[str, Stroke | None] = dict(s_borders)
            for side, tag in (
                ("left", "lnL"),
                ("right", "lnR"),
                ("top", "lnT"),
                ("bottom", "lnB"),
                ("diagonal_down", "lnTlToBr"),
                ("diagonal_up", "lnBlToTr"),
            ):
                got = _cell_ln(tc_pr, tag, scope, node_id)
                if got is not False:
                    borders[side] = got  # type: ignore[assignment]
            margins = Sides(
                top=(emu(tc_pr.get("marT") if tc_pr is not None else None, _DEFAULT_MARGINS_EMU[0]) or 0) / EMU_PER_PX,
                right=(emu(tc_pr.get("marR") if tc_pr is not None else None, _DEFAULT_MARGINS_EMU[1]) or 0)
                / EMU_PER_PX,
                bottom=(emu(tc_pr.get("marB") if tc_pr is not None else None, _DEFAULT_MARGINS_EMU[2]) or 0)
                / EMU_PER_PX,
                left=(emu(tc_pr.get("marL") if tc_pr is not None else None, _DEFAULT_MARGINS_EMU[3]) or 0) / EMU_PER_PX,
            )
            cells.append(
                TableCell(
                    text=text,
                    fills=fills,
                    borders=CellBorders(**{k: v for k, v in borders.items() if v is not None}),
                    row_span=max(1, int(tc.get("rowSpan", "1") or 1)),
                    col_span=max(1, int(tc.get("gridSpan", "1") or 1)),
                    h_merged=bool(attr_bool(tc, "hMerge", False)),
                    v_merged=bool(attr_bool(tc, "vMerge", False)),
                    margins=margins,
                    vertical_align=_ANCHOR.get(tc_pr.get("anchor", "t") if tc_pr is not None else "t", "TOP"),  # type: ignore[arg-type]
                )
            )
        while len(cells) < ncols:
            cells.append(TableCell(h_merged=True))
            scope.loss("table-grid", f"row {r + 1} has fewer cells than the grid; padded", node_id)
        rows.append(TableRow(height=(emu(tr.get("h"), 0.0) or 0.0) / EMU_PER_PX, cells=cells))
    _clamp_spans(rows, ncols)
    ir_style = TableStyle(
        style_id=style_id,
        first_row=flags.first_row,
        first_col=flags.first_col,
        last_row=flags.last_row,
        last_col=flags.last_col,
        band_rows=flags.band_row,
        band_cols=flags.band_col,
    )
    out: dict = {"columns": columns, "rows": rows, "style": ir_style}
    if style is not None:
        out["meta_style"] = style.get("styleId") or style_id or ""
    return out


def _tx_layer(attrs: dict[str, str]) -> etree._Element:
    """A one-level lstStyle that sets b / i for every level (table style text)."""
    lst = etree.Element(qn("a:lstStyle"))
    ppr = etree.SubElement(lst, qn("a:defPPr"))
    etree.SubElement(ppr, qn("a:defRPr"), **attrs)
    return lst


def _clamp_spans(rows: list[TableRow], ncols: int) -> None:
    nrows = len(rows)
    for r, row in enumerate(rows):
        for c, cell in enumerate(row.cells):
            if r + cell.row_span > nrows:
                cell.row_span = nrows - r
            if c + cell.col_span > ncols:
                cell.col_span = ncols - c
