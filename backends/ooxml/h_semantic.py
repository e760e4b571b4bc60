"""OOXML tables and charts. Cell edits go straight into a:tbl (a:tc text, a:tcPr fill and anchor,
run properties); structure and style changes rewrite the a:tbl from its cells; chart edits rewrite
the chart part (data-only edits keep its formatting, as PowerPoint's own data editor does)."""

from __future__ import annotations

from typing import Any

from lxml import etree

from ace_core.errors import ToolError
from ace_core.ir.deck import Slide
from ace_core.ir.nodes import ChartNode, NodeBase, TableNode
from adapters.ooxml.ns import RT, local, qn
from adapters.ooxml.write_style import solid_fill
from backends.native import Handlers, NCtx, cell_at
from backends.ooxml.doc import OoxmlDoc
from backends.ooxml.edit import abs_box, iter_rprs, ppr_of, set_body_text
from backends.ooxml.h_text import font_props
from backends.ooxml.shapes import FILL_TAGS, RPR_ORDER, TCPR_ORDER, replace_group

table = Handlers()

_ALGN = {"LEFT": "l", "CENTER": "ctr", "RIGHT": "r", "JUSTIFIED": "just"}
_ANCHOR = {"TOP": "t", "CENTER": "ctr", "BOTTOM": "b"}


def _frame(doc: OoxmlDoc, node_id: str, kind: str) -> tuple[str, etree._Element]:
    sid, shape = doc.find(node_id, write=True)
    actual = doc.types.get(node_id, "")
    if actual != kind:
        raise ToolError(
            f"{node_id!r} is a {actual or local(shape.tag)} node; this tool needs a {kind}",
            field="nodeId",
            hint=f"get_node_info_by_types(types=['{kind}']) finds them",
        )
    return sid, shape


def _origin_cell(rows: list[list[etree._Element]], r: int, c: int) -> tuple[int, int]:
    """The top-left cell of the merge covering (r, c)."""
    while c > 0 and rows[r][c].get("hMerge") in ("1", "true"):
        c -= 1
    while r > 0 and rows[r][c].get("vMerge") in ("1", "true"):
        r -= 1
    return r, c


@table.bind("set_table_cells")
def set_table_cells(ctx: NCtx, p: Any) -> None:
    doc: OoxmlDoc = ctx.doc
    sid, frame = _frame(doc, p.nodeId, "TABLE")
    tbl = next(frame.iter(qn("a:tbl")))
    rows = [tr.findall(qn("a:tc")) for tr in tbl.findall(qn("a:tr"))]
    pctx = doc.part_ctx(doc.parts[sid], sid)
    targets = []
    for i, edit in enumerate(p.cells):
        cell_at(rows, i, edit)
        r, c = _origin_cell(rows, edit.row, edit.col)
        targets.append((rows[r][c], edit))
    for tc, edit in targets:
        body = tc.find(qn("a:txBody"))
        if body is None:
            body = etree.Element(qn("a:txBody"))
            etree.SubElement(body, qn("a:bodyPr"))
            etree.SubElement(body, qn("a:lstStyle"))
            etree.SubElement(body, qn("a:p"))
            tc.insert(0, body)
        if edit.text is not None:
            set_body_text(body, edit.text)
        pr = tc.find(qn("a:tcPr"))
        if pr is None and (edit.fill is not None or edit.verticalAlign is not None):
            pr = etree.SubElement(tc, qn("a:tcPr"))
        if edit.fill is not None:
            replace_group(pr, solid_fill(edit.fill, pctx), FILL_TAGS, TCPR_ORDER)
        if edit.verticalAlign is not None:
            pr.set("anchor", _ANCHOR[edit.verticalAlign])
        if edit.align is not None:
            for para in body.findall(qn("a:p")):
                ppr_of(para).set("algn", _ALGN[edit.align])
        st = edit.textStyle
        if st is not None:
            for rpr in iter_rprs(body):
                weight = None if st.bold is None else (700 if st.bold else 400)
                font_props(rpr, st.fontFamily, weight, st.italic)
                if st.fontSize is not None:
                    rpr.set("sz", str(round(st.fontSize * 75)))
                if st.color is not None:
                    replace_group(rpr, solid_fill(st.color, pctx), FILL_TAGS, RPR_ORDER)
    ctx.touch(p.nodeId)


def _current(ctx: NCtx, node_id: str) -> NodeBase:
    """The node as the document reads back now (re-read when edits made the view stale)."""
    found = ctx.backend.view(ctx.doc).find(node_id)
    if found is None:
        raise ToolError(f"no node with id {node_id!r}", field="nodeId")
    return found[1].model_copy(deep=True)


def _rebuilt(ctx: NCtx, sid: str, node: NodeBase, extra: list[NodeBase] | None = None) -> NodeBase:
    """The node after the scene-graph handler of this tool ran on a copy of it (and of `extra`
    nodes the tool reads, e.g. a source table)."""
    node.x = node.y = 0.0
    kids = [node, *(extra or [])]
    state, _ = ctx.backend.build(ctx.doc, ctx.tool, dict(ctx.args), slides=[Slide(id=sid, children=kids)])
    return state.nodes[node.id]


def _replace_table(ctx: NCtx) -> None:
    """Rewrite the a:tbl of a table frame from its cells as the tool left them."""
    from adapters.ooxml.write_table import table_el

    doc: OoxmlDoc = ctx.doc
    node_id = ctx.args.get("nodeId", "")
    sid, frame = _frame(doc, node_id, "TABLE")
    new = _rebuilt(ctx, sid, _current(ctx, node_id))
    assert isinstance(new, TableNode)
    pctx = doc.part_ctx(doc.parts[sid], sid)
    old = next(frame.iter(qn("a:tbl")))
    old.getparent().replace(old, table_el(new, pctx))
    x, y, _, _ = abs_box(doc, node_id, frame)
    from backends.ooxml.edit import set_abs_box

    set_abs_box(doc, node_id, frame, (x, y, new.width, new.height))
    ctx.warn("ooxml: the table's a:tbl was rewritten from its cells")
    ctx.touch(node_id)


@table.bind("modify_table_structure", "set_table_style")
def table_rewrite(ctx: NCtx, p: Any) -> None:
    _replace_table(ctx)


def _write_chart(ctx: NCtx, sid: str, frame: etree._Element, old: ChartNode, new: ChartNode) -> None:
    from adapters.ooxml.write_chart import chart_part_xml, data_only_change, replace_chart_data

    doc: OoxmlDoc = ctx.doc
    part = doc.chart_part(frame, doc.parts[sid])
    if part is None or not doc.pkg.exists(part):
        raise ToolError("the chart frame has no chart part", field="nodeId")
    if data_only_change(old.chart, new.chart):
        space, xlsx = replace_chart_data(doc.pkg.get_bytes(part), new.chart)
    else:
        pctx = doc.part_ctx(doc.parts[sid], sid)
        space, xlsx = chart_part_xml(new.chart, pctx)
        previous = doc.xml(part).find(qn("c:externalData"))
        if previous is not None:
            anchor = None
            for tag in ("c:txPr", "c:spPr", "c:chart"):
                anchor = space.find(qn(tag))
                if anchor is not None:
                    break
            if anchor is not None:
                anchor.addnext(previous)
        ctx.warn("ooxml: the chart part was rewritten from the chart's data (its own formatting reset)")
    doc.put_xml(part, space)
    for book in doc.pkg.rels(part).of_type(RT.PACKAGE):
        if not book.external and doc.pkg.exists(book.target):
            doc.pkg.put_bytes(book.target, xlsx)


@table.bind(
    "update_chart_data",
    "set_chart_type",
    "set_chart_title",
    "set_chart_axis",
    "set_chart_legend",
    "set_chart_series_style",
    "set_chart_data_labels",
    "import_chart_data",
)
def chart_edit(ctx: NCtx, p: Any) -> dict[str, Any]:
    doc: OoxmlDoc = ctx.doc
    node_id = p.nodeId
    extra = [_current(ctx, p.sourceNodeId)] if getattr(p, "sourceNodeId", None) else []
    if node_id is None:  # import_chart_data without a chart: a new one
        from backends.ooxml.h_create import write_nodes
        from backends.ooxml.shapes import container_origin

        sid, container = doc.container(p.parentId)
        args = {k: v for k, v in ctx.args.items() if k != "parentId"}
        state, result = ctx.backend.build(doc, ctx.tool, args, slides=[Slide(id=sid, children=extra)])
        node = state.nodes[result["id"]]
        write_nodes(ctx, sid, container, [node], container_origin(container))
        ctx.create(node.id)
        return {"id": node.id}
    sid, frame = _frame(doc, node_id, "CHART")
    old = _current(ctx, node_id)
    assert isinstance(old, ChartNode)
    new = _rebuilt(ctx, sid, old.model_copy(deep=True), extra)
    assert isinstance(new, ChartNode)
    _write_chart(ctx, sid, frame, old, new)
    ctx.touch(node_id)
    return {"id": node_id}


HANDLERS = table.handlers
