"""contentTools inspection: page, selection, node info, text runs, structure, render, styles."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ace_core.errors import ToolError
from ace_core.ir.deck import Slide
from ace_core.tools import content_inspect as T
from backends.scenegraph.context import Ctx
from backends.scenegraph.describe import brief, node_info, paint_summary, tree
from backends.scenegraph.handlers.base import HandlerTable
from backends.scenegraph.textops import characters, style_runs, text_bodies

table = HandlerTable()


@table.bind("get_page_info")
def get_page_info(ctx: Ctx, p: T.GetPageInfo) -> dict[str, Any]:
    state = ctx.state
    slide = state.focused_slide()
    return {
        "slideId": slide.id,
        "name": slide.name,
        "index": state.slide_index(slide),
        "slideCount": len(state.deck.slides),
        "width": state.deck.width,
        "height": state.deck.height,
        "layout": slide.layout,
        "hidden": slide.hidden,
        "children": [brief(state, c) for c in slide.children],
    }


@table.bind("get_selection_info")
def get_selection_info(ctx: Ctx, p: T.GetSelectionInfo) -> dict[str, Any]:
    state = ctx.state
    nodes = [node_info(state, state.nodes[i]) for i in state.selection if i in state.nodes]
    return {"nodes": nodes, "count": len(nodes)}


@table.bind("get_node_info")
def get_node_info(ctx: Ctx, p: T.GetNodeInfo) -> dict[str, Any]:
    state = ctx.state
    nodes = []
    for i, nid in enumerate(p.nodeIds):
        if nid in state.slides:
            slide = state.slides[nid]
            nodes.append(
                {"id": slide.id, "type": "SLIDE", "name": slide.name, "children": [c.id for c in slide.children]}
            )
            continue
        nodes.append(node_info(state, state.node(nid, f"nodeIds[{i}]"), p.depth))
    return {"nodes": nodes}


@table.bind("get_node_info_by_types")
def get_node_info_by_types(ctx: Ctx, p: T.GetNodeInfoByTypes) -> dict[str, Any]:
    state = ctx.state
    root = state.node_or_slide(p.nodeId)
    wanted = {t.upper() for t in p.types}
    nodes = [brief(state, n) for n in state.descendants(root) if n.type in wanted]
    return {"nodes": nodes}


@table.bind("get_text_node_info")
def get_text_node_info(ctx: Ctx, p: T.GetTextNodeInfo) -> dict[str, Any]:
    state = ctx.state
    root = state.node_or_slide(p.nodeId)
    candidates = ([] if isinstance(root, Slide) else [root]) + state.descendants(root)
    out = []
    for node in candidates:
        body = getattr(node, "text", None)
        if body is not None and hasattr(body, "paragraphs"):
            out.append(
                {
                    "id": node.id,
                    "name": node.name,
                    "type": node.type,
                    "characters": characters(body),
                    "runs": style_runs(body),
                    "paragraphs": [
                        {
                            "index": i,
                            "align": para.align or body.align,
                            "level": para.level,
                            "list": para.bullet.type if para.bullet else "NONE",
                        }
                        for i, para in enumerate(body.paragraphs)
                    ],
                }
            )
        elif node.type == "TABLE":
            cells = [
                {"row": ri, "col": ci, "characters": characters(c.text)}
                for ri, r in enumerate(node.rows)  # type: ignore[attr-defined]
                for ci, c in enumerate(r.cells)
                if not (c.h_merged or c.v_merged)
            ]
            out.append({"id": node.id, "name": node.name, "type": "TABLE", "cells": cells})
    return {"nodes": out}


@table.bind("get_page_structure")
def get_page_structure(ctx: Ctx, p: T.GetPageStructure) -> dict[str, Any]:
    state = ctx.state
    slide = state.slide(p.slideId)
    return {
        "slide_id": slide.id,
        "name": slide.name,
        "index": state.slide_index(slide),
        "tree": tree(state, slide, p.maxDepth),
    }


@table.bind("get_result_image")
def get_result_image(ctx: Ctx, p: T.GetResultImage) -> dict[str, Any]:
    state = ctx.state
    crop = None
    if p.nodeId is not None:
        node = state.node(p.nodeId)
        slide = state.slide_of[node.id]
        if p.slideId is not None and p.slideId != slide.id:
            raise ToolError(f"node {node.id!r} is not on slide {p.slideId!r}", field="nodeId")
        crop = state.absolute_box(node)
    else:
        slide = state.slide(p.slideId)
    return ctx.backend.render_slide_image(slide, scale=p.scale, crop=crop, node_id=p.nodeId)


@table.bind("get_styles")
def get_styles(ctx: Ctx, p: T.GetStyles) -> dict[str, Any]:
    deck = ctx.state.deck
    theme = deck.theme
    colors: Counter[str] = Counter()
    fonts: Counter[str] = Counter()
    sizes: dict[str, Counter[float]] = {}
    for _, node in deck.iter_nodes():
        for paint in node.fills:
            s = paint_summary(paint)
            if isinstance(s, str):
                colors[s] += 1
        for st in node.strokes:
            s = paint_summary(st.paint)
            if isinstance(s, str):
                colors[s] += 1
        for body in text_bodies(node):
            for para in body.paragraphs:
                for run in para.runs:
                    style = body.style.merged(para.style).merged(run.style)
                    fam = style.font_family or "(default)"
                    fonts[fam] += 1
                    if style.font_size:
                        sizes.setdefault(fam, Counter())[round(style.font_size, 1)] += 1
                    if style.fill is not None:
                        s = paint_summary(style.fill)
                        if isinstance(s, str):
                            colors[s] += 1
    return {
        "theme_colors": {k: v.hex for k, v in (theme.colors.items() if theme else [])},
        "theme_fonts": {k: v for k, v in (("major", theme.fonts.major), ("minor", theme.fonts.minor)) if theme and v},
        "colors": [{"color": c, "uses": n} for c, n in colors.most_common()],
        "fonts": [{"family": f, "uses": n, "sizes": sorted(sizes.get(f, {}))} for f, n in fonts.most_common()],
    }


HANDLERS = table.handlers
