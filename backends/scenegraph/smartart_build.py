"""Diagram layouts for the smartArt tools: an item tree becomes auto-layout frames of shapes with
text, joined by connectors bound to the shapes (so they re-route whenever the layout re-flows).

The diagram's root FRAME keeps `meta["smartart"]` = {layout, style, items, connectors}: items are
{text, children, nodeId} dicts (nodeId = the item's shape, kept across rebuilds), connectors map
"fromId>toId" to connector ids. Rebuilding from that record is how updates re-flow."""

from __future__ import annotations

import contextlib
import itertools
import math
from typing import Any

from ace_core.color import Color
from ace_core.ir.layout_props import AutoLayout
from ace_core.ir.nodes import ConnectorNode, EllipseNode, FrameNode, NodeBase, RectangleNode, ShapeNode
from ace_core.ir.semantic import ConnectorEnd
from ace_core.ir.style import Sides
from ace_core.ir.text import Paragraph, Run, TextBody, TextStyle
from backends.scenegraph.build import solid, stroke
from backends.scenegraph.context import Ctx

__all__ = ["build_diagram", "item_shapes"]

ACCENTS = ["#4472C4", "#ED7D31", "#A5A5A5", "#FFC000", "#5B9BD5", "#70AD47"]
WHITE = Color.from_hex("#FFFFFF")
DARK = Color.from_hex("#1F2937")


class _Builder:
    def __init__(self, ctx: Ctx, root: FrameNode, spec: dict[str, Any]) -> None:
        self.ctx = ctx
        self.root = root
        self.spec = spec
        self.style = spec.setdefault("style", {})
        self.old_connectors: dict[str, str] = dict(spec.get("connectors", {}))
        self.connectors: dict[str, str] = {}
        self.used: set[str] = set()
        self.counter = 0

    # -- colours and shapes --------------------------------------------------------------------
    def accents(self) -> list[Color]:
        theme = self.ctx.state.deck.theme
        if theme is not None and all(f"accent{i}" in theme.colors for i in range(1, 7)):
            return [theme.colors[f"accent{i}"] for i in range(1, 7)]
        return [Color.from_hex(h) for h in ACCENTS]

    def color(self, i: int, n: int) -> Color:
        scheme = (self.style.get("colorScheme") or "accent").lower()
        accents = self.accents()
        if scheme == "colorful":
            return accents[i % len(accents)]
        base = accents[0]
        if scheme.startswith("#"):
            with contextlib.suppress(ValueError):
                base = Color.from_hex(scheme)
        if scheme == "accent":
            return base
        t = 0.55 * i / max(1, n - 1)  # monochrome / custom base: lighter shades down the list
        return Color(r=base.r + (1 - base.r) * t, g=base.g + (1 - base.g) * t, b=base.b + (1 - base.b) * t)

    def font_size(self, default: float) -> float:
        return float(self.style.get("fontSize") or default)

    def shape(
        self,
        item: dict[str, Any],
        i: int,
        n: int,
        *,
        kind: str | None = None,
        font: float = 20.0,
        extra_lines: bool = True,
    ) -> NodeBase:
        shape_style = self.style.get("shapeStyle") or "rounded"
        fill = self.color(i, n)
        outline = shape_style == "outline"
        text_color = fill if outline else (WHITE if fill.luminance() < 0.6 else DARK)
        paras = [Paragraph(runs=[Run(text=item["text"])])]
        if extra_lines:
            paras += [
                Paragraph(runs=[Run(text="• " + c["text"])], style=TextStyle(font_size=font * 0.8))
                for c in item.get("children", [])
            ]
        body = TextBody(
            paragraphs=paras,
            style=TextStyle(font_size=self.font_size(font), fill=solid(text_color), font_weight=600),
            align="CENTER",
            vertical_align="CENTER",
            insets=Sides.all(6.0),
        )
        nid = item.get("nodeId") or self.ctx.new_id()
        item["nodeId"] = nid
        self.used.add(nid)
        common: dict[str, Any] = {
            "id": nid,
            "name": item["text"][:40] or "Item",
            "text": body,
            "meta": {"smartart_item": True},
        }
        kind = kind or ("ellipse" if shape_style == "ellipse" else "rect")
        if kind == "ellipse":
            node: NodeBase = EllipseNode(**common)
        elif kind in ("trapezoid", "triangle"):
            node = ShapeNode(preset=kind, **common)
        else:
            node = RectangleNode(**common, corner_radius=12.0 if shape_style == "rounded" else 0.0)
        node.fills = [solid(WHITE if outline else fill)]
        if outline:
            node.strokes = [stroke(fill, 2.0)]
        return node

    def frame(self, name: str, mode: str | None, **layout: Any) -> FrameNode:
        self.counter += 1
        f = FrameNode(id=self.ctx.new_id(), name=name, layout=AutoLayout(mode=mode, **layout) if mode else None)
        return f

    def connector(
        self,
        a: NodeBase,
        b: NodeBase,
        *,
        line: str = "STRAIGHT",
        arrow: bool = True,
        magnets: tuple[str, str] = ("AUTO", "AUTO"),
    ) -> ConnectorNode:
        key = f"{a.id}>{b.id}"
        cid = self.old_connectors.get(key) or self.ctx.new_id()
        self.connectors[key] = cid
        color = Color.from_hex("#7F7F7F")
        st = stroke(color, 2.0, end_cap="TRIANGLE_ARROW" if arrow else "NONE")
        return ConnectorNode(
            id=cid,
            name="Connector",
            strokes=[st],
            start=ConnectorEnd(node_id=a.id, magnet=magnets[0]),  # type: ignore[arg-type]
            end=ConnectorEnd(node_id=b.id, magnet=magnets[1]),  # type: ignore[arg-type]
            line_type=line,  # type: ignore[arg-type]
            positioning="ABSOLUTE",
        )

    @staticmethod
    def fill(node: NodeBase) -> NodeBase:
        node.sizing_h = "FILL"
        node.sizing_v = "FILL"
        return node

    # -- layouts -------------------------------------------------------------------------------
    def build(self) -> None:
        items = self.spec["items"]
        layout = self.spec["layout"]
        root = self.root
        root.children = []
        root.layout = None
        getattr(self, f"_{layout}")(items)
        self.spec["connectors"] = self.connectors
        for _, item, _ in item_shapes(items):  # items drawn as text lines of their parent have no shape
            if item.get("nodeId") not in self.used:
                item.pop("nodeId", None)

    def _process(self, items: list[dict[str, Any]]) -> None:
        n = len(items)
        gap = max(32.0, self.root.width * 0.04)
        self.root.layout = AutoLayout(mode="HORIZONTAL", item_spacing=gap, counter_align="CENTER")
        step_w = (self.root.width - gap * (n - 1)) / max(n, 1)
        shapes = []
        for i, it in enumerate(items):
            node = self.fill(self.shape(it, i, n))
            node.sizing_v = "FIXED"
            node.height = min(self.root.height, max(60.0, step_w * 0.75))
            shapes.append(node)
        self.root.children.extend(shapes)
        pairs = itertools.pairwise(shapes)
        self.root.children.extend(self.connector(a, b, magnets=("RIGHT", "LEFT")) for a, b in pairs)

    def _list(self, items: list[dict[str, Any]]) -> None:
        n = len(items)
        self.root.layout = AutoLayout(mode="VERTICAL", item_spacing=12.0)
        self.root.children.extend(self.fill(self.shape(it, i, n)) for i, it in enumerate(items))

    def _matrix(self, items: list[dict[str, Any]]) -> None:
        n = len(items)
        cols = max(1, math.ceil(math.sqrt(n)))
        self.root.layout = AutoLayout(mode="VERTICAL", item_spacing=12.0)
        for r in range(math.ceil(n / cols)):
            row = self.fill(self.frame(f"Row {r + 1}", "HORIZONTAL", item_spacing=12.0))
            row.children.extend(self.fill(self.shape(items[i], i, n)) for i in range(r * cols, min(n, (r + 1) * cols)))
            self.root.children.append(row)

    def _pyramid(self, items: list[dict[str, Any]]) -> None:
        n = len(items)
        self.root.layout = AutoLayout(mode="VERTICAL", item_spacing=4.0, counter_align="CENTER")
        for i, it in enumerate(items):
            node = self.shape(it, i, n, kind="triangle" if i == 0 and n > 1 else "trapezoid", extra_lines=False)
            node.width = self.root.width * (i + 1) / n
            node.sizing_h, node.sizing_v = "FIXED", "FILL"
            self.root.children.append(node)

    def _relationship(self, items: list[dict[str, Any]]) -> None:
        n = len(items)
        d = min(self.root.height, self.root.width / (0.75 * n + 0.25))
        self.root.layout = AutoLayout(
            mode="HORIZONTAL", item_spacing=-0.25 * d, primary_align="CENTER", counter_align="CENTER"
        )
        for i, it in enumerate(items):
            node = self.shape(it, i, n, kind="ellipse")
            node.width = node.height = d
            node.opacity = 0.75
            self.root.children.append(node)

    def _timeline(self, items: list[dict[str, Any]]) -> None:
        n = len(items)
        self.root.layout = AutoLayout(mode="HORIZONTAL", item_spacing=16.0, counter_align="CENTER")
        label_h = min(max(40.0, self.root.height - 36.0), 120.0)
        markers = []
        for i, it in enumerate(items):
            col = self.frame(f"Milestone {i + 1}", "VERTICAL", item_spacing=12.0, counter_align="CENTER")
            col.sizing_h, col.sizing_v = "FILL", "HUG"
            key = it.get("markerId") or self.ctx.new_id()
            it["markerId"] = key
            marker = EllipseNode(
                id=key,
                name="Marker",
                width=24.0,
                height=24.0,
                fills=[solid(self.color(i, n))],
                meta={"smartart_marker": True},
            )
            label = self.shape(it, i, n)
            label.sizing_h, label.sizing_v = "FILL", "FIXED"
            label.height = label_h
            col.children.extend([marker, label])
            markers.append(marker)
            self.root.children.append(col)
        pairs = itertools.pairwise(markers)
        self.root.children.extend(self.connector(a, b, arrow=False, magnets=("RIGHT", "LEFT")) for a, b in pairs)

    def _cycle(self, items: list[dict[str, Any]]) -> None:
        n = len(items)
        w, h = self.root.width, self.root.height
        iw = min(w * 0.3, max(60.0, 2 * math.pi * min(w, h) * 0.35 / max(n, 1) * 0.8))
        ih = min(h * 0.22, iw * 0.6)
        rx, ry = (w - iw) / 2, (h - ih) / 2
        shapes = []
        for i, it in enumerate(items):
            a = -math.pi / 2 + 2 * math.pi * i / n
            node = self.shape(it, i, n)
            node.width, node.height = iw, ih
            node.x = w / 2 + rx * math.cos(a) - iw / 2
            node.y = h / 2 + ry * math.sin(a) - ih / 2
            shapes.append(node)
        self.root.children.extend(shapes)
        if n > 1:
            pairs = list(zip(shapes, shapes[1:] + shapes[:1], strict=True)) if n > 2 else [(shapes[0], shapes[1])]
            self.root.children.extend(self.connector(a, b, line="CURVED") for a, b in pairs)

    def _hierarchy(self, items: list[dict[str, Any]]) -> None:
        leaves = sum(_leaves(it) for it in items)
        depth = max(_depth(it) for it in items)
        gap_v, gap_h = 40.0, 16.0
        bw = max(60.0, min(200.0, (self.root.width - gap_h * (leaves - 1)) / max(leaves, 1)))
        bh = max(36.0, min(80.0, (self.root.height - gap_v * (depth - 1)) / max(depth, 1)))
        self.root.layout = AutoLayout(
            mode="HORIZONTAL", item_spacing=gap_h, primary_align="CENTER", counter_align="MIN"
        )
        counter = [0]
        total = sum(_count(it) for it in items)
        links: list[tuple[NodeBase, NodeBase]] = []
        for it in items:
            self.root.children.append(self._subtree(it, bw, bh, gap_v, gap_h, counter, total, links))
        self.root.children.extend(self.connector(a, b, line="ELBOWED", magnets=("BOTTOM", "TOP")) for a, b in links)

    def _subtree(
        self,
        item: dict[str, Any],
        bw: float,
        bh: float,
        gv: float,
        gh: float,
        counter: list[int],
        total: int,
        links: list[tuple[NodeBase, NodeBase]],
    ) -> NodeBase:
        level = counter[0]
        counter[0] += 1
        box = self.shape(item, level, total, font=16.0, extra_lines=False)
        box.width, box.height = bw, bh
        kids = item.get("children", [])
        if not kids:
            return box
        col = self.frame(item["text"][:30] or "Branch", "VERTICAL", item_spacing=gv, counter_align="CENTER")
        col.sizing_h = col.sizing_v = "HUG"
        row = self.frame("Children", "HORIZONTAL", item_spacing=gh)
        row.sizing_h = row.sizing_v = "HUG"
        for child in kids:
            sub = self._subtree(child, bw, bh, gv, gh, counter, total, links)
            row.children.append(sub)
            links.append((box, _top_shape(sub)))
        col.children.extend([box, row])
        return col


def _top_shape(node: NodeBase) -> NodeBase:
    while node.type == "FRAME" and node.children:  # type: ignore[attr-defined]
        node = node.children[0]  # type: ignore[attr-defined]
    return node


def _leaves(item: dict[str, Any]) -> int:
    kids = item.get("children", [])
    return sum(_leaves(k) for k in kids) if kids else 1


def _depth(item: dict[str, Any]) -> int:
    return 1 + max((_depth(k) for k in item.get("children", [])), default=0)


def _count(item: dict[str, Any]) -> int:
    return 1 + sum(_count(k) for k in item.get("children", []))


def build_diagram(ctx: Ctx, root: FrameNode, spec: dict[str, Any]) -> None:
    """(Re)build the diagram's children from `spec` (layout, style, items). Item shape ids in the
    items are reused; new items get fresh ids; the spec records them."""
    _Builder(ctx, root, spec).build()


def item_shapes(
    items: list[dict[str, Any]], path: tuple[int, ...] = (), parent: str | None = None
) -> list[tuple[tuple[int, ...], dict[str, Any], str | None]]:
    """Every item depth-first with its path and the id of the shape that shows it (its own, or
    its parent's when it is drawn as a line of the parent's text)."""
    out = []
    for i, it in enumerate(items):
        shape = it.get("nodeId") or parent
        out.append(((*path, i), it, shape))
        out.extend(item_shapes(it.get("children", []), (*path, i), shape))
    return out
