"""IR kinds Figma lacks, read back from the standard Figma nodes the writer draws them with.

The writer (adapters.figma.write_nodes) names the nodes that draw one IR node after it: a text box
or a shape holding text is a FRAME `X` with a TEXT `X:text` (and, for a shape other than a box, the
shape `X:shape` behind it); a table is a FRAME `X` of cell rectangles `X:r<row>c<col>` and cell
texts `X:t<row>c<col>`. Figma ids are `<n>:<n>` (or `I...;...` inside instances), so these names
cannot clash with a real node; an edit in Figma that renames or adds a child makes the frame an
ordinary frame again. From these standard fields alone (no IR copy) the reader rebuilds:
  * a text box: the frame's fills / strokes / corners (or the shape child's) with the TEXT's body,
    insets = the frame's padding, vertical anchor = its primary-axis alignment;
  * a table: columns and rows from the cell rectangles' edges, spans from the rectangles that
    cross them, cell fills and borders from the rectangles, cell text and margins from the texts."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ace_core.ir.nodes import ImageNode, NodeBase
from ace_core.ir.semantic import CellBorders, TableCell, TableRow
from ace_core.ir.style import Sides
from ace_core.ir.text import TextBody
from adapters.figma.context import kids, num
from adapters.figma.geometry import IDENTITY
from adapters.figma.text import text_from_figma

if TYPE_CHECKING:
    from adapters.figma.nodes import NodeReader, Placement

__all__ = ["read_drawn"]

_CELL = re.compile(r":(r|t)(\d+)c(\d+)$")
_ANCHOR = {"MIN": "TOP", "CENTER": "CENTER", "MAX": "BOTTOM"}
_SHAPE_KINDS = {"RECTANGLE": "RECTANGLE", "ELLIPSE": "ELLIPSE", "VECTOR": "VECTOR", "STAR": "VECTOR"}
_SHAPE_KINDS |= {"REGULAR_POLYGON": "VECTOR", "BOOLEAN_OPERATION": "VECTOR"}
_EDGE = 0.01  # px: cell edges closer than this are one grid line


def read_drawn(reader: NodeReader, n: dict[str, Any], data: dict[str, Any], place: Placement) -> bool:
    """Fill `data` as the IR node the FRAME `n` draws; False when `n` is an ordinary frame."""
    children = kids(n)
    if not children:
        return False
    nid = n["id"]
    by_id = {c["id"]: c for c in children}
    text = by_id.get(f"{nid}:text")
    if text is not None and text.get("type") == "TEXT" and set(by_id) <= {f"{nid}:text", f"{nid}:shape"}:
        return _text_box(reader, n, data, [(None, text)], by_id.get(f"{nid}:shape"), place)
    runs = _text_runs(nid, [c for c in children if c["id"] != f"{nid}:shape"])
    if runs:
        return _text_box(reader, n, data, runs, by_id.get(f"{nid}:shape"), place)
    prefix = f"{nid}:"
    if all(c["id"].startswith(prefix) and _CELL.search(c["id"]) for c in children):
        cells = [c for c in children if c["id"][len(nid) :].startswith(":r")]
        if cells and all(c.get("type") == "RECTANGLE" for c in cells):
            return _table(reader, n, data, cells, [c for c in children if c not in cells])
    return False


def _text_runs(nid: str, children: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """A text box written in runs (adapters.figma.text_groups): FRAMEs `X:p1` ... `X:pk`, in
    order, each holding one TEXT `X:p<k>:text`; [] for anything else."""
    runs = []
    for k, c in enumerate(children, 1):
        inner = kids(c)
        if c["id"] != f"{nid}:p{k}" or c.get("type") != "FRAME" or len(inner) != 1:
            return []
        if inner[0]["id"] != f"{nid}:p{k}:text" or inner[0].get("type") != "TEXT":
            return []
        runs.append((c, inner[0]))
    return runs


def _joined(reader: NodeReader, runs: list[tuple[dict[str, Any] | None, dict[str, Any]]]) -> TextBody:
    """One body of a box's runs: a run's alignment and style become its paragraphs' own, its
    FRAME's left padding their margin (more), its top padding the space after the paragraph
    before it."""
    body: TextBody | None = None
    for frame, text in runs:
        part = text_from_figma(text, reader.ctx)
        indent = num(frame.get("paddingLeft")) if frame is not None else 0.0
        for para in part.paragraphs:
            if indent > 0:
                para.margin_left = (para.margin_left or 0.0) + indent
            if body is not None:
                para.style = part.style.merged(para.style)
                para.align = para.align or part.align
        if body is None:
            body = part
            continue
        gap = num(frame.get("paddingTop")) if frame is not None else 0.0
        if body.paragraphs:  # the run's own spacing is inside it: the gap to the next is the frame's
            body.paragraphs[-1].space_after = gap or None
        body.paragraphs.extend(part.paragraphs)
    assert body is not None
    return body


def _hang_inside(body: TextBody) -> None:
    """A first line that hangs left of its paragraph's margin (a negative paragraphIndent) as far
    as the box's left padding allows, moved into the paragraphs' margins: the same place, where
    OOXML can hold it (a:pPr indent may not reach left of marL; LibreOffice starts such a line at
    the margin, so the first lines of a hanging box, marL 78 indent -30 written as padding 78,
    came out 30 px right)."""
    need = max((-(p.indent or 0.0) - (p.margin_left or 0.0) for p in body.paragraphs if p.text.strip()), default=0)
    shift = min(need, body.insets.left)
    if shift <= 0.01:
        return
    body.insets = body.insets.model_copy(update={"left": body.insets.left - shift})
    for para in body.paragraphs:
        para.margin_left = (para.margin_left or 0.0) + shift


def _text_box(
    reader: NodeReader,
    n: dict[str, Any],
    data: dict[str, Any],
    runs: list[tuple[dict[str, Any] | None, dict[str, Any]]],
    shape: dict[str, Any] | None,
    place: Placement,
) -> bool:
    text = runs[0][1]
    body = _joined(reader, runs)
    body.insets = Sides(
        top=num(n.get("paddingTop")),
        right=num(n.get("paddingRight")),
        bottom=num(n.get("paddingBottom")),
        left=num(n.get("paddingLeft")),
    )
    _hang_inside(body)
    body.vertical_align = _ANCHOR.get(str(n.get("primaryAxisAlignItems")), "TOP")  # type: ignore[assignment]
    body.vertical = _direction(text)  # type: ignore[assignment]
    body.wrap = (text.get("style") or {}).get("textAutoResize") != "WIDTH_AND_HEIGHT"
    # the frame hugs its text vertically (primary axis) and / or horizontally (counter axis)
    hug_v = n.get("primaryAxisSizingMode") == "AUTO"
    hug_h = n.get("counterAxisSizingMode") == "AUTO"
    body.auto_resize = "WIDTH_AND_HEIGHT" if hug_h and hug_v else "HEIGHT" if hug_v else "NONE"
    if shape is not None:
        drawn = reader.node(shape, place.absolute, None)
        kind = _SHAPE_KINDS.get(str(shape.get("type")))
        if drawn is None or kind is None:
            return False
        for key in ("fills", "strokes", "stroke_weights", "effects"):
            data[key] = getattr(drawn, key)
        data["type"] = kind
        if kind == "RECTANGLE":
            data.update(corner_radius=drawn.corner_radius, corner_radii=drawn.corner_radii)  # type: ignore[attr-defined]
        elif kind == "ELLIPSE":
            data["arc"] = drawn.arc  # type: ignore[attr-defined]
        else:
            data["paths"] = getattr(drawn, "paths", [])
    elif any(p.visible for p in data["fills"]) or any(s.paint.visible for s in data["strokes"]):
        data["type"] = "RECTANGLE"
        reader.corners(n, data)
    else:
        data["type"] = "TEXT"
    data["text"] = body
    return True


def _direction(text: dict[str, Any]) -> str:
    """The direction of a box's text: a TEXT the writer turned a quarter turn is vertical text
    (clockwise: vert, its lines read downwards; anticlockwise: vert270)."""
    rt = text.get("relativeTransform")
    if text.get("layoutPositioning") != "ABSOLUTE" and not _CELL.search(str(text.get("id"))):
        return "horz"
    try:
        cos, sin = float(rt[0][0]), float(rt[1][0])  # type: ignore[index]
    except (TypeError, ValueError, IndexError):
        return "horz"
    if abs(cos) > 1e-6 or abs(abs(sin) - 1.0) > 1e-6:
        return "horz"
    return "vert" if sin > 0 else "vert270"


def _edges(values: list[float]) -> list[float]:
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > _EDGE:
            out.append(v)
    return out


def _index(edges: list[float], v: float) -> int:
    return min(range(len(edges)), key=lambda i: abs(edges[i] - v))


def _borders(rect: NodeBase | None) -> CellBorders:
    """Cell borders from a cell rectangle's stroke and per-side weights (0 = no border there)."""
    if rect is None or not rect.strokes:
        return CellBorders()
    stroke, weights = rect.strokes[0], rect.stroke_weights
    sides = {}
    for side in ("top", "right", "bottom", "left"):
        weight = getattr(weights, side) if weights is not None else stroke.weight
        sides[side] = stroke.model_copy(update={"weight": weight}) if weight > 0 else None
    return CellBorders(**sides)


def _cell_fills(rect: NodeBase | None) -> list[Any]:
    """A cell rectangle's fills; one whose only fill is a picture reads as an IMAGE node, its
    picture the cell's fill (OOXML tcPr blipFill)."""
    if rect is None:
        return []
    if isinstance(rect, ImageNode):
        return [rect.image, *rect.fills]
    return list(rect.fills)


def _table(
    reader: NodeReader,
    n: dict[str, Any],
    data: dict[str, Any],
    rects: list[dict[str, Any]],
    texts: list[dict[str, Any]],
) -> bool:
    from adapters.figma.nodes import absolute_of

    boxes = []
    for r in rects:
        p = absolute_of(r, IDENTITY)
        boxes.append((r, p.box.x, p.box.y, p.width, p.height))
    xs = _edges([b[1] for b in boxes] + [b[1] + b[3] for b in boxes])
    ys = _edges([b[2] for b in boxes] + [b[2] + b[4] for b in boxes])
    if len(xs) < 2 or len(ys) < 2:
        return False
    ncol, nrow = len(xs) - 1, len(ys) - 1
    grid: list[list[TableCell | None]] = [[None] * ncol for _ in range(nrow)]
    texts_by_cell = {_CELL.search(t["id"]).group(2, 3): t for t in texts if t.get("type") == "TEXT"}  # type: ignore[union-attr]
    for r, x, y, w, h in boxes:
        c0, r0 = _index(xs, x), _index(ys, y)
        c1, r1 = _index(xs, x + w), _index(ys, y + h)
        if c1 <= c0 or r1 <= r0 or any(grid[i][j] is not None for i in range(r0, r1) for j in range(c0, c1)):
            return False  # not a grid: an ordinary frame of rectangles
        rect = reader.node(r, IDENTITY, None)
        cell = TableCell(
            fills=_cell_fills(rect),
            borders=_borders(rect),
            row_span=r1 - r0,
            col_span=c1 - c0,
        )
        label = texts_by_cell.get(_CELL.search(r["id"]).group(2, 3))  # type: ignore[union-attr]
        if label is not None:
            tp = absolute_of(label, IDENTITY)
            cell.text = text_from_figma(label, reader.ctx)
            cell.text.insets = None
            cell.text.vertical = _direction(label)  # type: ignore[assignment]
            cell.vertical_align = cell.text.vertical_align
            if cell.text.vertical == "horz":
                cell.margins = Sides(
                    left=tp.box.x - x,
                    top=tp.box.y - y,
                    right=max(0.0, x + w - tp.box.x - tp.width),
                    bottom=max(0.0, y + h - tp.box.y - tp.height),
                )
        for i in range(r0, r1):
            for j in range(c0, c1):
                grid[i][j] = cell if (i, j) == (r0, c0) else TableCell(v_merged=i > r0, h_merged=j > c0)
    if any(c is None for row in grid for c in row):
        return False  # a hole in the grid
    data["type"] = "TABLE"
    data["columns"] = [xs[i + 1] - xs[i] for i in range(ncol)]
    data["rows"] = [TableRow(height=ys[i + 1] - ys[i], cells=grid[i]) for i in range(nrow)]  # type: ignore[arg-type]
    return True
