"""The shapes a chart draws over itself (OOXML c:userShapes) as IR nodes in the chart's box: what
every writer that draws a chart itself (HTML, Figma) places over the drawing."""

from __future__ import annotations

from ace_core.ir.nodes import ChartNode, NodeBase, RectangleNode, ShapeNode, TextNode
from ace_core.ir.text import TextBody

__all__ = ["user_shape_nodes"]


def user_shape_nodes(node: ChartNode) -> list[NodeBase]:
    """The shapes drawn over a chart, as nodes in the chart's box: text boxes, rectangles, presets."""
    out: list[NodeBase] = []
    for i, u in enumerate(node.chart.user_shapes):
        box = {
            "id": f"{node.id}.u{i + 1}",
            "x": u.x * node.width,
            "y": u.y * node.height,
            "width": u.w * node.width,
            "height": u.h * node.height,
            "fills": u.fills,
            "strokes": u.strokes,
        }
        if u.preset == "rect" and not u.fills and not u.strokes:
            out.append(TextNode(**box, text=u.text or TextBody()))
        elif u.preset == "rect":
            out.append(RectangleNode(**box, text=u.text))
        else:
            out.append(ShapeNode(**box, preset=u.preset, text=u.text))
    return out
