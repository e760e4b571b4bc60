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
from adapters.ooxml.values import attr_bool, emu

__all__ = ["read_table"]

DEFAULT_STYLE_ID = "{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}"
# PowerPoint's built-in styles that decks name by id without defining them in tableStyles.xml
# (writers other than PowerPoint never write them): the "Medium Style 2" family (PowerPoint's
# default, one per accent; "dk1" is the plain one) and the two "No Style" ones
_MEDIUM_2 = {
    "{073A0DAA-6AF3-43AB-8588-CEC1D06C72B9}": ("Medium Style 2", "dk1"),
    DEFAULT_STYLE_ID: ("Medium Style 2 - Accent 1", "accent1"),
    "{21E4AEA4-8DFA-4A89-87EB-49C32662AFE0}": ("Medium Style 2 - Accent 2", "accent2"),
    "{F5AB1C69-6EDB-4FF4-983F-18BD219EF322}": ("Medium Style 2 - Accent 3", "accent3"),
    "{00A15C55-8517-42AA-B614-E9B94910E393}": ("Medium Style 2 - Accent 4", "accent4"),
    "{7DF18680-E054-41AD-8BC1-D1AEF772440D}": ("Medium Style 2 - Accent 5", "accent5"),
    "{93296810-A885-4BE3-A3E7-6D5BEEA58F35}": ("Medium Style 2 - Accent 6", "accent6"),
}
_NO_STYLE = {
    "{2D5ABB26-0587-4C30-8999-92F81FD0307C}": ("No Style, No Grid", "<a:noFill/>"),
    "{5940675A-B579-460E-94D1-54222C63F5DA}": (
        "No Style, Table Grid",
        '<a:solidFill><a:schemeClr val="tx1"/></a:solidFill>',
    ),
}
_SIDES = ("left", "right", "top", "bottom", "insideH", "insideV")
_LN = '<a:ln w="{w}" cmpd="sng"><a:solidFill><a:schemeClr val="lt1"/></a:solidFill></a:ln>'
_TX = (
    '<a:tcTxStyle{b}><a:fontRef idx="minor"><a:prstClr val="black"/></a:fontRef><a:schemeClr val="{c}"/></a:tcTxStyle>'
)
_FILL = '<a:fill><a:solidFill><a:schemeClr val="{a}">{m}</a:schemeClr></a:solidFill></a:fill>'
_BDR = "".join(f"<a:{s}>{_LN.format(w=12700)}</a:{s}>" for s in _SIDES)
_TX_DK = _TX.format(b="", c="dk1")
_TX_LT = _TX.format(b=' b="on"', c="lt1")
_THICK = _LN.format(w=38100)
_A_NS = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'


def _medium_2_xml(style_id: str, name: str, accent: str) -> str:
    """A "Medium Style 2" table style in `accent`, as PowerPoint writes it into tableStyles.xml."""
    tint20 = _FILL.format(a=accent, m='<a:tint val="20000"/>')
    tint40 = _FILL.format(a=accent, m='<a:tint val="40000"/>')
    solid = _FILL.format(a=accent, m="")
    return (
        f'<a:tblStyle {_A_NS} styleId="{style_id}" styleName="{name}">'
        f"<a:wholeTbl>{_TX_DK}<a:tcStyle><a:tcBdr>{_BDR}</a:tcBdr>{tint20}</a:tcStyle></a:wholeTbl>"
        f"<a:band1H><a:tcStyle><a:tcBdr/>{tint40}</a:tcStyle></a:band1H>"
        f"<a:band1V><a:tcStyle><a:tcBdr/>{tint40}</a:tcStyle></a:band1V>"
        f"<a:lastCol>{_TX_LT}<a:tcStyle><a:tcBdr/>{solid}</a:tcStyle></a:lastCol>"
        f"<a:firstCol>{_TX_LT}<a:tcStyle><a:tcBdr/>{solid}</a:tcStyle></a:firstCol>"
        f"<a:lastRow>{_TX_LT}<a:tcStyle><a:tcBdr><a:top>{_THICK}</a:top></a:tcBdr>{solid}</a:tcStyle></a:lastRow>"
        f"<a:firstRow>{_TX_LT}<a:tcStyle><a:tcBdr><a:bottom>{_THICK}</a:bottom></a:tcBdr>{solid}</a:tcStyle>"
        "</a:firstRow></a:tblStyle>"
    )


def _no_style_xml(style_id: str, name: str, line_fill: str) -> str:
    """A "No Style" table style: text in tx1, no cell fill, every border `line_fill` (or none)."""
    tx = '<a:tcTxStyle><a:fontRef idx="minor"><a:scrgbClr r="0" g="0" b="0"/></a:fontRef>'
    tx += '<a:schemeClr val="tx1"/></a:tcTxStyle>'
    bdr = "".join(f'<a:{s}><a:ln w="12700" cmpd="sng">{line_fill}</a:ln></a:{s}>' for s in _SIDES)
    return (
        f'<a:tblStyle {_A_NS} styleId="{style_id}" styleName="{name}"><a:wholeTbl>{tx}'
        f"<a:tcStyle><a:tcBdr>{bdr}</a:tcBdr><a:fill><a:noFill/></a:fill></a:tcStyle></a:wholeTbl></a:tblStyle>"
    )


def builtin_style_xml(style_id: str) -> str | None:
    """The XML of a built-in PowerPoint table style known here by its id, else None."""
    if style_id in _MEDIUM_2:
        return _medium_2_xml(style_id, *_MEDIUM_2[style_id])
    if style_id in _NO_STYLE:
        return _no_style_xml(style_id, *_NO_STYLE[style_id])
    return None


# PowerPoint's built-in default ("Medium Style 2 - Accent 1"), used when tableStyles.xml lacks it
DEFAULT_STYLE_XML = _medium_2_xml(DEFAULT_STYLE_ID, *_MEDIUM_2[DEFAULT_STYLE_ID])

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
    pkg = scope.ctx.pkg
    styles_part = pkg.first_related(pkg.main_part, RT.TABLE_STYLES)
    root = pkg.xml(styles_part) if styles_part else None
    if root is not None:
        want = style_id or root.get("def")
        for style in root.findall(qn("a:tblStyle")):
            if style.get("styleId") == want:
                return style
    builtin = builtin_style_xml(style_id or DEFAULT_STYLE_ID)
    return etree.fromstring(builtin) if builtin else None


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
            font = FontLayer(font_ref=font_ref or (font.font_ref if font else None), color=color)
    return fill, borders, font, tx_attrs


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
    grid = tbl.find(qn("a:tblGrid"))
    columns = [(emu(g.get("w"), 0.0) or 0.0) / EMU_PER_PX for g in (grid if grid is not None else [])]
    columns = [c for c in columns] or [0.0]
    rows_el = tbl.findall(qn("a:tr"))
    nrows, ncols = len(rows_el), len(columns)
    table_fill = None
    if tbl_pr is not None and find_fill(tbl_pr) is not None:
        table_fill = read_fill(find_fill(tbl_pr), scope, node_id=node_id)
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
