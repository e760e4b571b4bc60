"""Distilled descriptions of nodes and slides for the inspection tools (px, parent-relative)."""

from __future__ import annotations

from typing import Any

from ace_core.ir.deck import Slide
from ace_core.ir.nodes import NodeBase
from ace_core.ir.style import Paint
from backends.scenegraph.state import SceneState, children_list
from backends.scenegraph.textops import characters, style_runs

__all__ = ["box", "brief", "node_info", "paint_summary", "tree"]


def _r(v: float) -> float:
    return round(v, 2)


def box(node: NodeBase) -> dict[str, Any]:
    return {"id": node.id, "x": _r(node.x), "y": _r(node.y), "width": _r(node.width), "height": _r(node.height)}


def paint_summary(paint: Paint) -> Any:
    if paint.type == "SOLID":
        c = paint.color
        out: Any = c.hex if c.a >= 0.999 else c.hex_rgba
        if paint.opacity < 1 or c.ref is not None or not paint.visible:
            out = {"color": out}
            if paint.opacity < 1:
                out["opacity"] = paint.opacity
            if c.ref is not None:
                out["theme"] = c.ref.scheme
            if not paint.visible:
                out["visible"] = False
        return out
    if paint.type == "IMAGE":
        return {"type": "IMAGE", "asset": paint.asset, "scaleMode": paint.scale_mode}
    return {
        "type": paint.type,
        "stops": [{"position": s.position, "color": s.color.hex} for s in paint.stops],
        "angle": paint.angle,
    }


def brief(state: SceneState, node: NodeBase) -> dict[str, Any]:
    out: dict[str, Any] = {**box(node), "name": node.name, "type": node.type}
    body = getattr(node, "text", None)
    if body is not None and hasattr(body, "paragraphs"):
        text = characters(body)
        out["text"] = text if len(text) <= 80 else text[:77] + "..."
    return out


def node_info(state: SceneState, node: NodeBase, depth: int = 0) -> dict[str, Any]:
    """Everything an editor needs about one node; children in full down to `depth` levels."""
    parent = state.parent.get(node.id)
    ax, ay, _, _ = state.absolute_box(node)
    info: dict[str, Any] = {
        "id": node.id,
        "name": node.name,
        "type": node.type,
        "parentId": parent.id if parent is not None else None,
        "slideId": state.slide_of[node.id].id,
        **{k: v for k, v in box(node).items() if k != "id"},
        "absolute": {"x": _r(ax), "y": _r(ay)},
    }
    if node.rotation:
        info["rotation"] = node.rotation
    if node.flip_h or node.flip_v:
        info["flip"] = {"h": node.flip_h, "v": node.flip_v}
    if not node.visible:
        info["visible"] = False
    if node.locked:
        info["locked"] = True
    if node.opacity < 1:
        info["opacity"] = node.opacity
    if node.blend_mode != "PASS_THROUGH":
        info["blendMode"] = node.blend_mode
    if node.fills:
        info["fills"] = [paint_summary(p) for p in node.fills]
    if node.strokes:
        info["strokes"] = [
            {
                "paint": paint_summary(s.paint),
                "weight": s.weight,
                "align": s.align,
                **({"dashes": s.dashes} if s.dashes else {}),
            }
            for s in node.strokes
        ]
    if node.effects:
        info["effects"] = [
            {
                "type": e.type,
                "color": e.color.hex_rgba,
                "offset": [e.offset.x, e.offset.y],
                "radius": e.radius,
                "spread": e.spread,
            }
            for e in node.effects
        ]
    radius = getattr(node, "corner_radius", 0.0)
    radii = getattr(node, "corner_radii", None)
    if radius or radii:
        info["cornerRadius"] = list(radii) if radii else radius
    _layout_info(state, node, info)
    _content_info(node, info)
    if node.meta.get("smartart"):
        sa = node.meta["smartart"]
        info["smartart"] = {"layout": sa.get("layout"), "items": len(sa.get("items", []))}
    if node.meta.get("attribution"):
        info["attribution"] = node.meta["attribution"]
    kids = children_list(node)
    if kids is not None:
        if depth > 0:
            info["children"] = [node_info(state, c, depth - 1) for c in kids]
        else:
            info["children"] = [c.id for c in kids]
    return info


def _layout_info(state: SceneState, node: NodeBase, info: dict[str, Any]) -> None:
    layout = getattr(node, "layout", None)
    if layout is not None:
        info["layout"] = {
            "layoutMode": layout.mode,
            "layoutWrap": "WRAP" if layout.wrap else "NO_WRAP",
            "padding": [layout.padding_top, layout.padding_right, layout.padding_bottom, layout.padding_left],
            "itemSpacing": layout.item_spacing,
            "counterAxisSpacing": layout.counter_axis_spacing,
            "primaryAxisAlignItems": layout.primary_align,
            "counterAxisAlignItems": layout.counter_align,
        }
    if getattr(node, "clips_content", False):
        info["clipsContent"] = True
    if node.sizing_h != "FIXED" or node.sizing_v != "FIXED":
        info["sizing"] = {"horizontal": node.sizing_h, "vertical": node.sizing_v}
    if node.positioning != "AUTO":
        info["layoutPositioning"] = node.positioning
    if state.in_auto_layout(node):
        info["inAutoLayout"] = True
    limits = {
        k: v
        for k, v in (
            ("minWidth", node.min_width),
            ("maxWidth", node.max_width),
            ("minHeight", node.min_height),
            ("maxHeight", node.max_height),
        )
        if v is not None
    }
    if limits:
        info["limits"] = limits
    if node.constraints.horizontal != "MIN" or node.constraints.vertical != "MIN":
        info["constraints"] = {"horizontal": node.constraints.horizontal, "vertical": node.constraints.vertical}


def _content_info(node: NodeBase, info: dict[str, Any]) -> None:
    body = getattr(node, "text", None)
    if body is not None and hasattr(body, "paragraphs"):
        info["text"] = {
            "characters": characters(body),
            "runs": style_runs(body),
            "autoResize": body.auto_resize,
            "align": body.align,
            "verticalAlign": body.vertical_align,
        }
    t = node.type
    if t == "TABLE":
        info["table"] = {
            "rows": len(node.rows),  # type: ignore[attr-defined]
            "cols": len(node.columns),  # type: ignore[attr-defined]
            "columnWidths": node.columns,  # type: ignore[attr-defined]
            "cells": [[characters(c.text) for c in r.cells] for r in node.rows],  # type: ignore[attr-defined]
            "merges": [
                {"row": ri, "col": ci, "rowSpan": c.row_span, "colSpan": c.col_span}
                for ri, r in enumerate(node.rows)  # type: ignore[attr-defined]
                for ci, c in enumerate(r.cells)
                if c.row_span > 1 or c.col_span > 1
            ],
        }
    elif t == "CHART":
        chart = node.chart  # type: ignore[attr-defined]
        info["chart"] = {
            "chartType": chart.chart_type,
            "title": chart.title,
            "categories": chart.categories,
            "series": [{"name": s.name, "values": s.values} for s in chart.series],
            "legend": chart.legend.position if chart.legend else "none",
        }
    elif t == "MATH":
        info["math"] = {"latex": node.latex, "fontSize": node.font_size, "display": node.display}  # type: ignore[attr-defined]
    elif t == "CONNECTOR":
        info["connector"] = {
            "startNodeId": node.start.node_id,  # type: ignore[attr-defined]
            "endNodeId": node.end.node_id,  # type: ignore[attr-defined]
            "lineType": node.line_type,  # type: ignore[attr-defined]
            "label": node.label,  # type: ignore[attr-defined]
        }
    elif t == "IMAGE":
        info["image"] = {"asset": node.image.asset, "scaleMode": node.image.scale_mode}  # type: ignore[attr-defined]
    elif t == "SHAPE":
        info["preset"] = node.preset  # type: ignore[attr-defined]


def tree(state: SceneState, container: NodeBase | Slide, max_depth: int, depth: int = 0) -> list[dict[str, Any]]:
    out = []
    for child in children_list(container) or ():
        entry = brief(state, child)
        kids = children_list(child)
        if kids:
            if depth + 1 < max_depth:
                entry["children"] = tree(state, child, max_depth, depth + 1)
            else:
                entry["childCount"] = len(kids)
        out.append(entry)
    return out
