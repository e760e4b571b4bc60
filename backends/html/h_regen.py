"""HTML tools whose edit the visible HTML cannot state exactly: the edited element is re-rendered.

The elements a call names (or, for tools that change how a node sits in its parent, the parent)
are read as IR, the scene-graph handler of the same tool edits that IR on a scratch slide (auto-
layout re-solved there), and each element is replaced by the HTML writer's markup for its edited
description: the new inline CSS, inline SVG, table or chart markup and data-ir together."""

from __future__ import annotations

from typing import Any

from lxml import etree

from ace_core.ir.deck import Slide
from adapters.html.read_schema import read_schema_text
from adapters.html.schema import A_ID, A_SLIDE_ID
from backends.html.doc import HtmlDoc, in_flow, parent_node
from backends.html.regen import _page, element_ir, replace_with, slide_element_of
from backends.native import Handlers, NCtx

table = Handlers()

_ID_FIELDS = (
    "nodeId",
    "nodeIds",
    "targetNodeId",
    "targetNodeIds",
    "sourceNodeId",
    "maskNodeId",
    "contentNodeIds",
    "groupId",
)
PARENT_TOOLS = {"create_mask", "boolean_nodes", "set_layout_positioning", "set_layout_sizing", "set_constraints"}


def named_ids(args: dict[str, Any]) -> list[tuple[str, str]]:
    """(id, field) of every node a call names."""
    out: list[tuple[str, str]] = []
    for key in _ID_FIELDS:
        value = args.get(key)
        if isinstance(value, str):
            out.append((value, key))
        elif isinstance(value, list):
            out += [(v, f"{key}[{i}]") for i, v in enumerate(value) if isinstance(v, str)]
    return out


def _slide_ir(doc: HtmlDoc, slide_el: etree._Element) -> Slide:
    import lxml.html

    html = _page(doc, lxml.html.tostring(slide_el, encoding="unicode"))
    return read_schema_text(html, base=doc.asset_dir, where="html slide").slides[0]


def _inside(el: etree._Element, others: list[etree._Element]) -> bool:
    return any(o is not el and any(a is o for a in el.iterancestors()) for o in others)


def regen(ctx: NCtx, ids: list[str] | None = None, *, parent_level: bool | None = None) -> dict[str, Any]:
    """Run the call's tool on the IR of the elements it names and re-render them."""
    doc: HtmlDoc = ctx.doc
    named = [(i, "nodeId") for i in ids] if ids is not None else named_ids(ctx.args)
    parent_level = ctx.tool in PARENT_TOOLS if parent_level is None else parent_level
    roots: list[etree._Element] = []
    for node_id, field in named:
        _, el = doc.find(node_id, field)
        root = parent_node(el) if parent_level else el
        if all(r is not root for r in roots):
            roots.append(root)
    roots = [r for r in roots if not _inside(r, roots)]
    by_slide: dict[str, list[etree._Element]] = {}
    for root in roots:
        sid = root.get(A_SLIDE_ID) or _slide_id(root)
        by_slide.setdefault(sid, []).append(root)
    scratch: list[Slide] = []
    for sid, group in by_slide.items():
        slide_root = next((r for r in group if r.get(A_SLIDE_ID) is not None), None)
        if slide_root is not None:
            scratch.append(_slide_ir(doc, slide_root))
        else:
            scratch.append(Slide(id=sid, children=[element_ir(doc, r) for r in group]))
    state, result = ctx.backend.build(doc, ctx.tool, dict(ctx.args), slides=scratch)
    for sid, group in by_slide.items():
        for root in group:
            if root.get(A_SLIDE_ID) is not None:
                new = slide_element_of(doc, state.slides[sid])
                tail = root.tail
                root.getparent().replace(root, new)
                new.tail = tail
                continue
            node = state.nodes.get(root.get(A_ID))
            if node is None:  # the tool removed it (e.g. merged into a new group)
                root.getparent().remove(root)
                continue
            replace_with(doc, root, node)
    for w in result.get("warnings", []):
        ctx.warn(w)
    for nid in result.get("changed_ids", []):
        _, el = doc.find(nid) if doc._node(nid) is not None else (None, None)
        if el is not None:
            ctx.touch(nid)
            if in_flow(el):
                doc.flow_dirty.add(nid)
    for nid in state.deleted:
        if doc._node(nid) is None and nid not in doc.deleted:
            doc.deleted[nid] = ctx.tool
    if "id" in result and result["id"] not in ctx.created:
        ctx.created.append(result["id"])
    return {k: v for k, v in result.items() if k not in ("changed_ids", "boxes", "warnings")}


def _slide_id(el: etree._Element) -> str:
    cur = el
    while cur is not None and cur.get(A_SLIDE_ID) is None:
        cur = cur.getparent()
    return cur.get(A_SLIDE_ID) if cur is not None else ""


@table.bind(
    "set_fill_gradient",
    "set_image_fill",
    "set_drop_shadow",
    "set_inner_shadow",
    "set_blend_mode",
    "copy_style",
    "set_text_range_style",
    "set_text_auto_resize",
    "set_text_list",
    "modify_table_structure",
    "set_table_style",
    "set_chart_type",
    "set_chart_title",
    "set_chart_axis",
    "set_chart_legend",
    "set_chart_series_style",
    "set_chart_data_labels",
    "update_chart_data",
    "set_layout_mode",
    "set_padding",
    "set_item_spacing",
    "set_axis_align",
    "set_layout_sizing",
    "set_layout_positioning",
    "set_constraints",
    "create_mask",
    "boolean_nodes",
    "update_smartart",
    "set_smartart_style",
)
def rerender(ctx: NCtx, p: Any) -> dict[str, Any]:
    return regen(ctx)


@table.bind("import_chart_data")
def import_chart_data(ctx: NCtx, p: Any) -> dict[str, Any]:
    if p.nodeId is not None:
        return regen(ctx)
    from backends.html.h_create import insert_built

    stand_ins = []
    if p.sourceNodeId is not None:
        _, el = ctx.doc.find(p.sourceNodeId, "sourceNodeId")
        stand_ins.append(element_ir(ctx.doc, el))
    return insert_built(ctx, p, stand_ins=stand_ins)


HANDLERS = table.handlers
