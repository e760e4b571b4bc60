"""HTML text tools: paragraphs (<p>) and runs (<span>, <a>) edited in place: characters, run CSS
(font-family, font-weight, font-style, font-size, color, text-decoration), paragraph text-align.
The schema reader takes these declarations as edits. What CSS alone cannot state for the reader
(line height, letter spacing, spacing, vertical alignment, case, lists, creating a text body,
numbered paragraphs) re-renders the element from its edited IR (h_regen)."""

from __future__ import annotations

import copy
from typing import Any

from lxml import etree

from ace_core.drawing.fonts import css_font_stack
from ace_core.errors import ToolError
from adapters.html.schema import A_TYPE, num, parse_num
from backends.html.doc import HtmlDoc, get_style, in_flow, set_style, update_style
from backends.html.h_regen import regen
from backends.native import Handlers, NCtx, cell_at, font_weight_italic

table = Handlers()

_ALIGN = {"LEFT": "left", "CENTER": "center", "RIGHT": "right", "JUSTIFIED": "justify"}


def text_container(el: etree._Element) -> etree._Element | None:
    """The element holding a node's <p> paragraphs (the node itself for TEXT, its div.tx for a
    shape with text; through a div.wr wrapper)."""
    box = el if el.get(A_TYPE) == "TEXT" else next((c for c in el if _has_class(c, "tx")), None)
    if box is None:
        return None
    wrapper = next((c for c in box if _has_class(c, "wr")), None)
    return wrapper if wrapper is not None else box


def _has_class(el: Any, name: str) -> bool:
    return isinstance(el.tag, str) and name in (el.get("class") or "").split()


def paragraphs(container: etree._Element) -> list[etree._Element]:
    return [c for c in container if isinstance(c.tag, str) and c.tag == "p"]


def runs(p: etree._Element) -> list[etree._Element]:
    return [c for c in p if isinstance(c.tag, str) and c.tag in ("span", "a") and not _has_class(c, "bu")]


def fit_scale(el: etree._Element) -> float:
    """The autofit font scale the writer applied to this text (1 when none)."""
    for holder in (el, next((c for c in el if _has_class(c, "tx")), None)):
        if holder is not None and holder.get("data-fit"):
            value = parse_num(holder.get("data-fit") or "")
            if value:
                return value / 100.0
    return 1.0


def _plain(container: etree._Element) -> bool:
    """Paragraphs without list markers and with at least one run to take the style from."""
    paras = paragraphs(container)
    if not paras or any(_has_class(c, "bu") for p in paras for c in p):
        return False
    return any(runs(p) for p in paras)


def _text_el(doc: HtmlDoc, node_id: str, field: str) -> tuple[etree._Element, etree._Element | None]:
    _, el = doc.find(node_id, field)
    if el.get(A_TYPE) == "TABLE":
        raise ToolError(f"{node_id!r} is a TABLE: edit its cells with set_table_cells", field=field)
    return el, text_container(el)


def set_paragraphs(container: etree._Element, text: str) -> None:
    """New characters: one <p> per line (the first paragraph's attributes), one run per line (the
    first run's element, attributes and CSS); vertical tabs become <br>."""
    paras = paragraphs(container)
    first_p = paras[0]
    template = next(r for p in paras for r in runs(p))
    anchor = first_p.getprevious()
    parent = first_p.getparent()
    pos = list(parent).index(first_p)
    for p in paras:
        parent.remove(p)
    for i, line in enumerate(text.split("\n")):
        p = etree.Element("p", dict(first_p.attrib))
        if line:
            run = etree.SubElement(p, template.tag, dict(template.attrib))
            pieces = line.split("\v")
            run.text = pieces[0]
            for piece in pieces[1:]:
                br = etree.SubElement(run, "br")
                br.tail = piece
        if not line or line.endswith("\v"):
            etree.SubElement(p, "br", {"class": "e"})
        parent.insert(pos + i, p)
    _ = anchor


@table.bind("set_text_content")
def set_text_content(ctx: NCtx, p: Any) -> dict[str, Any] | None:
    doc: HtmlDoc = ctx.doc
    found = [_text_el(doc, c.nodeId, f"changes[{i}].nodeId") for i, c in enumerate(p.changes)]
    hard = [c.nodeId for (el, box), c in zip(found, p.changes, strict=True) if box is None or not _plain(box)]
    if hard:  # no text body yet, or numbered paragraphs: the element is re-rendered
        return regen(ctx, list(dict.fromkeys(c.nodeId for c in p.changes)))
    for (el, box), change in zip(found, p.changes, strict=True):
        set_paragraphs(box, change.text)
        ctx.touch(change.nodeId)
        if in_flow(el) or el.get(A_TYPE) == "FRAME":
            doc.flow_dirty.add(change.nodeId)
    return None


def _all_runs(box: etree._Element) -> list[etree._Element]:
    return [r for p in paragraphs(box) for r in runs(p)]


@table.bind("set_text_font")
def set_text_font(ctx: NCtx, p: Any) -> None:
    weight, italic = font_weight_italic(p.font.style)
    el, box = _text_el(ctx.doc, p.nodeId, "nodeId")
    if box is None:
        raise ToolError(f"{p.nodeId!r} is a {el.get(A_TYPE)} node without text", field="nodeId")
    stack = css_font_stack(p.font.family)
    for para in paragraphs(box):
        update_style(para, font_family=stack)
    for run in _all_runs(box):
        update_style(run, font_family=stack, font_weight=str(weight), font_style="italic" if italic else "normal")
    ctx.touch(p.nodeId)


@table.bind("set_text_properties")
def set_text_properties(ctx: NCtx, p: Any) -> dict[str, Any] | None:
    direct = {"nodeId", "fontSize", "textAlignHorizontal"}
    given = {k for k, v in p if v is not None}
    if given - direct:
        return regen(ctx)
    el, box = _text_el(ctx.doc, p.nodeId, "nodeId")
    if box is None:
        raise ToolError(f"{p.nodeId!r} is a {el.get(A_TYPE)} node without text", field="nodeId")
    if p.fontSize is not None:
        size = f"{num(round(p.fontSize * fit_scale(el), 3))}px"
        for para in paragraphs(box):
            update_style(para, font_size=size)
        for run in _all_runs(box):
            update_style(run, font_size=size)
        if in_flow(el):
            ctx.doc.flow_dirty.add(p.nodeId)
    if p.textAlignHorizontal is not None:
        for para in paragraphs(box):
            update_style(para, text_align=_ALIGN[p.textAlignHorizontal])
    ctx.touch(p.nodeId)
    return None


@table.bind("set_text_decoration")
def set_text_decoration(ctx: NCtx, p: Any) -> dict[str, Any] | None:
    if p.textCase is not None:
        return regen(ctx)
    el, box = _text_el(ctx.doc, p.nodeId, "nodeId")
    if box is None:
        raise ToolError(f"{p.nodeId!r} is a {el.get(A_TYPE)} node without text", field="nodeId")
    value = {"UNDERLINE": "underline", "STRIKETHROUGH": "line-through", "NONE": "none"}[p.textDecoration]
    for run in _all_runs(box):
        update_style(run, text_decoration=value)
    ctx.touch(p.nodeId)
    return None


def recolour_runs(box: etree._Element, css: str) -> None:
    """A solid text colour on every run (a gradient text fill's CSS removed)."""
    for run in _all_runs(box):
        style = get_style(run)
        for prop in ("background-image", "-webkit-background-clip", "-webkit-text-fill-color"):
            style.pop(prop, None)
        style["color"] = css
        set_style(run, style)


HANDLERS = table.handlers
_ = copy


# -- table cells -----------------------------------------------------------------------------------
_VALIGN = {"TOP": "top", "CENTER": "middle", "BOTTOM": "bottom"}


def _origin(rows: list[list[etree._Element]], r: int, c: int) -> tuple[int, int]:
    from backends.html.doc import get_ir

    while c > 0 and get_ir(rows[r][c]).get("h_merged"):
        c -= 1
    while r > 0 and get_ir(rows[r][c]).get("v_merged"):
        r -= 1
    return r, c


@table.bind("set_table_cells")
def set_table_cells(ctx: NCtx, p: Any) -> dict[str, Any] | None:
    """Cells are <td> elements: text as paragraphs and runs, fill as background-color (and the
    cell's data-ir fills), alignment as text-align, run fonts and colours as run CSS."""
    from adapters.html.css import color_css
    from backends.html.doc import get_ir, set_ir

    doc: HtmlDoc = ctx.doc
    _, el = doc.find(p.nodeId)
    if el.get(A_TYPE) != "TABLE":
        raise ToolError(f"{p.nodeId!r} is a {el.get(A_TYPE)} node; set_table_cells needs a TABLE", field="nodeId")
    rows = [[td for td in tr if isinstance(td.tag, str) and td.tag == "td"] for tr in el.iter("tr")]
    targets = []
    for i, edit in enumerate(p.cells):
        cell_at(rows, i, edit)
        r, c = _origin(rows, edit.row, edit.col)
        targets.append((rows[r][c], edit))
    if any(edit.text is not None and not _plain(td) for td, edit in targets):
        return regen(ctx)  # an empty cell has no run to take the style from: re-render the table
    for td, edit in targets:
        if edit.text is not None:
            set_paragraphs(td, edit.text)
        if edit.fill is not None:
            update_style(td, background_color=color_css(edit.fill))
            data = get_ir(td)
            data["fills"] = [{"type": "SOLID", "color": edit.fill.model_dump(mode="json", exclude_defaults=True)}]
            set_ir(td, data)
        if edit.verticalAlign is not None:
            update_style(td, vertical_align=_VALIGN[edit.verticalAlign])
            data = get_ir(td)
            data["vertical_align"] = edit.verticalAlign
            set_ir(td, data)
        if edit.align is not None:
            for para in paragraphs(td):
                update_style(para, text_align=_ALIGN[edit.align])
        st = edit.textStyle
        if st is not None:
            for run in [r for para in paragraphs(td) for r in runs(para)]:
                decls: dict[str, str | None] = {}
                if st.fontFamily is not None:
                    decls["font_family"] = css_font_stack(st.fontFamily)
                if st.fontSize is not None:
                    decls["font_size"] = f"{num(round(st.fontSize, 3))}px"
                if st.bold is not None:
                    decls["font_weight"] = "700" if st.bold else "400"
                if st.italic is not None:
                    decls["font_style"] = "italic" if st.italic else "normal"
                if st.color is not None:
                    decls["color"] = color_css(st.color)
                update_style(run, **decls)
    ctx.touch(p.nodeId)
    return None
