"""Visual units of an IR slide from its own boxes (the OOXML pipeline: pixels from LibreOffice,
boxes from the IR). Mirrors what dom_probe finds in the HTML the IR is written to: node boxes in
slide px (rotated boxes as their bounding box), text as estimated line boxes (font metrics,
alignment, insets), paint order = document order."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from ace_core.ir.deck import Deck, Slide
from ace_core.ir.nodes import NodeBase, TableNode
from ace_core.ir.style import GradientPaint, ImagePaint, Sides, SolidPaint
from ace_core.ir.text import Paragraph, TextBody
from adapters.ooxml.conventions import META_INHERITED
from judge.metrics.units import Box, Container, SlideUnits, VisualUnit

__all__ = ["ICON_MAX", "deck_units", "slide_units"]

ICON_MAX = 48.0
"""px: an image or vector no larger than this on both sides is an icon (as in dom_probe)."""
_SVG_TYPES = {"VECTOR", "LINE", "CONNECTOR", "MATH", "CHART"}
_SHAPE_TYPES = {"RECTANGLE", "ELLIPSE", "FRAME", "TEXT", "TABLE"}


def _paint_alpha(paints: Iterable[object]) -> tuple[float, bool]:
    """(max alpha of the visible paints, whether one is an image)."""
    alpha, image = 0.0, False
    for paint in paints:
        if not getattr(paint, "visible", True):
            continue
        if isinstance(paint, SolidPaint):
            alpha = max(alpha, paint.color.a * paint.opacity)
        elif isinstance(paint, GradientPaint):
            stops = [s.color.a for s in paint.stops] or [1.0]
            alpha = max(alpha, max(stops) * paint.opacity)
        elif isinstance(paint, ImagePaint):
            alpha = max(alpha, paint.opacity)
            image = image or paint.asset is not None or paint.image_ref is not None
    return alpha, image


def _node_paint(node: NodeBase) -> tuple[float, bool]:
    fill_a, image = _paint_alpha(node.fills)
    stroke_a = 0.0
    for stroke in node.strokes:
        if stroke.weight > 0:
            stroke_a = max(stroke_a, _paint_alpha([stroke.paint])[0])
    return max(fill_a, stroke_a), image


def _rotated_box(x: float, y: float, w: float, h: float, rotation: float) -> Box:
    if not rotation % 360:
        return Box(x, y, w, h)
    t = math.radians(rotation)
    c, s = abs(math.cos(t)), abs(math.sin(t))
    bw, bh = w * c + h * s, w * s + h * c
    cx, cy = x + w / 2, y + h / 2
    return Box(cx - bw / 2, cy - bh / 2, bw, bh)


def _text_alpha(body: TextBody) -> float:
    for para in body.paragraphs:
        for run in para.runs:
            if run.text.strip():
                fill = run.style.fill or para.style.fill or body.style.fill
                if isinstance(fill, SolidPaint):
                    return fill.color.a * fill.opacity
                return 1.0
    return 1.0


def _without_strut(body: TextBody, para: Paragraph) -> Paragraph:
    """The paragraph as PowerPoint and LibreOffice lay it out: a line is as tall as its runs. The
    IR's paragraph style is the level's default, which the measurer (CSS rules) would add to every
    line as a strut; its size moves into the runs that inherit it instead."""
    size = para.style.font_size or body.style.font_size
    if size is None or not any(r.text.strip() for r in para.runs):
        return para
    runs = [
        r
        if r.style.font_size is not None
        else r.model_copy(update={"style": r.style.model_copy(update={"font_size": size})})
        for r in para.runs
    ]
    return para.model_copy(update={"runs": runs, "style": para.style.model_copy(update={"font_size": None})})


def text_lines(body: TextBody, box: Box, measurer: object | None = None) -> list[Box]:
    """Estimated line boxes (the glyphs' content area, not the leading) of a text body laid out in
    `box` with its insets, paragraph alignment and vertical alignment."""
    from ace_core.layout import DEFAULT_INSETS, default_measurer

    m = measurer or default_measurer()
    ins = body.insets or DEFAULT_INSETS
    avail = max(box.w - ins.left - ins.right, 1.0)
    placed: list[tuple[float, float, float, float]] = []  # x offset, y offset, w, h in the text area
    y = 0.0
    for para in body.paragraphs:
        laid = _without_strut(body, para)
        style = body.style if laid is para else body.style.model_copy(update={"font_size": None})
        sub = body.model_copy(update={"paragraphs": [laid], "insets": Sides(), "style": style})
        lay = m.layout(sub, avail if body.wrap else None)  # type: ignore[attr-defined]
        y += para.space_before or 0.0
        align = para.align or body.align or "LEFT"
        for line in lay.lines:
            if line.text.strip():
                lh, b = line.height, line.baseline
                content = min(max((2 * b - lh) * 5 / 3, 0.5 * lh), lh)
                top = max(b - content / 1.25, 0.0)
                w = min(line.width, avail)
                dx = {"CENTER": (avail - w) / 2, "RIGHT": avail - w}.get(align, 0.0)
                placed.append((dx, y + top, w, content))
            y += line.height
        y += para.space_after or 0.0
    inner_h = box.h - ins.top - ins.bottom
    dy = {"CENTER": (inner_h - y) / 2, "BOTTOM": inner_h - y}.get(body.vertical_align, 0.0)
    x0, y0 = box.x + ins.left, box.y + ins.top + dy
    return [Box(x0 + dx, y0 + oy, w, h) for dx, oy, w, h in placed if w > 0 and h > 0]


def slide_units(deck: Deck, slide: Slide, *, measurer: object | None = None) -> SlideUnits:
    """The visual units of one IR slide (px, slide-relative), in paint order."""
    units: list[VisualUnit] = []
    counter = [0]

    def add(unit: VisualUnit) -> None:
        unit.z = counter[0]
        counter[0] += 1
        units.append(unit)

    def visit(
        node: NodeBase, ox: float, oy: float, opacity: float, ancestors: tuple[str, ...], chain: tuple[Container, ...]
    ) -> None:
        if not node.visible:
            return
        x, y = ox + node.x, oy + node.y
        box = _rotated_box(x, y, node.width, node.height, node.rotation)
        op = opacity * node.opacity
        paint_a, image_fill = _node_paint(node)
        anc = frozenset(ancestors)
        kind = node.type
        inherited = bool(node.meta.get(META_INHERITED))
        common = {
            "ancestors": anc,
            "containers": chain,
            "label": f"{kind.lower()} {node.name}".strip(),
            "inherited": inherited,
        }
        small = node.width <= ICON_MAX and node.height <= ICON_MAX
        if kind == "IMAGE":
            add(VisualUnit(node.id, "icon" if small else "image", box, opacity=op, **common))
        elif kind in _SVG_TYPES or kind == "SHAPE":
            if kind == "SHAPE" and getattr(node, "preset", "") in ("rect", "roundRect", "ellipse"):
                if paint_a > 0:
                    add(VisualUnit(node.id, "shape", box, opacity=op * paint_a, **common))
            elif kind in ("CHART", "MATH") or paint_a > 0:
                add(VisualUnit(node.id, "icon" if small else "svg", box, opacity=op, **common))
        elif kind in _SHAPE_TYPES and (paint_a > 0 or image_fill):
            unit_kind = "bgimage" if image_fill else "shape"
            add(VisualUnit(node.id, unit_kind, box, opacity=op * (1.0 if image_fill else paint_a), **common))
        paints_box = paint_a > 0 or image_fill
        clips = bool(getattr(node, "clips_content", False))
        own = (Container(node.id, box, clips),) if (paints_box or clips) and kind not in _SVG_TYPES else ()
        inner_chain = own + chain
        body = node.text_body
        if body is not None and body.plain_text.strip():
            # rotated text: its bounding box stands for the lines
            lines = text_lines(body, Box(x, y, node.width, node.height), measurer) if not node.rotation else [box]
            text_box = Box.bounding(lines)
            if text_box is not None:
                add(
                    VisualUnit(
                        node.id,
                        "text",
                        text_box,
                        lines=tuple(lines),
                        opacity=op * _text_alpha(body),
                        ancestors=anc,
                        containers=inner_chain,
                        label=common["label"],
                        text=" ".join(body.plain_text.split())[:80],
                        inherited=inherited,
                    )
                )
        if isinstance(node, TableNode):
            _table_cells(node, x, y, op, anc | {node.id}, inner_chain, add, measurer)
        for child in getattr(node, "children", None) or []:
            visit(child, x, y, op, (*ancestors, node.id), inner_chain)

    for child in slide.children:
        visit(child, 0.0, 0.0, 1.0, (), ())
    return SlideUnits(width=deck.width, height=deck.height, units=units)


def _cell_body(cell: object) -> TextBody:
    body: TextBody = cell.text  # type: ignore[attr-defined]
    margins = getattr(cell, "margins", None)
    if body.insets is None and margins is not None:
        body = body.model_copy(update={"insets": margins})
    return body.model_copy(update={"vertical_align": getattr(cell, "vertical_align", "TOP")})


def _row_heights(table: TableNode, measurer: object | None) -> list[float]:
    """Row heights as rendered: a row grows to hold its tallest single-row cell's text."""
    from ace_core.layout import default_measurer

    m = measurer or default_measurer()
    heights = [row.height for row in table.rows]
    for r, row in enumerate(table.rows):
        for c, cell in enumerate(row.cells):
            if cell.h_merged or cell.v_merged or cell.row_span > 1 or not cell.text.plain_text.strip():
                continue
            width = sum(table.columns[c : c + cell.col_span])
            need = m.measure(_cell_body(cell), width)[1]  # type: ignore[attr-defined]
            heights[r] = max(heights[r], need)
    return heights


def _table_cells(
    table: TableNode,
    x: float,
    y: float,
    opacity: float,
    ancestors: frozenset[str],
    chain: tuple[Container, ...],
    add: Callable[[VisualUnit], None],
    measurer: object | None,
) -> None:
    heights = _row_heights(table, measurer)
    cy = y
    for r, row in enumerate(table.rows):
        cx = x
        for c, cell in enumerate(row.cells):
            w = table.columns[c] if c < len(table.columns) else 0.0
            if not (cell.h_merged or cell.v_merged):
                cell_box = Box(cx, cy, sum(table.columns[c : c + cell.col_span]), sum(heights[r : r + cell.row_span]))
                cid = f"{table.id}/r{r}c{c}"
                label = f"cell r{r + 1}c{c + 1}"
                alpha, _ = _paint_alpha(cell.fills)
                if alpha > 0:
                    add(
                        VisualUnit(
                            cid,
                            "shape",
                            cell_box,
                            opacity=opacity * alpha,
                            ancestors=ancestors,
                            containers=chain,
                            label=label,
                        )
                    )
                if cell.text.plain_text.strip():
                    body = _cell_body(cell)
                    lines = text_lines(body, cell_box, measurer)
                    tb = Box.bounding(lines)
                    if tb is not None:
                        add(
                            VisualUnit(
                                cid,
                                "text",
                                tb,
                                lines=tuple(lines),
                                opacity=opacity * _text_alpha(body),
                                ancestors=ancestors,
                                containers=(Container(cid, cell_box, False), *chain),
                                label=label,
                                text=" ".join(body.plain_text.split())[:80],
                            )
                        )
            cx += w
        cy += heights[r]


def deck_units(deck: Deck, *, measurer: object | None = None) -> list[SlideUnits]:
    return [slide_units(deck, s, measurer=measurer) for s in deck.slides]
