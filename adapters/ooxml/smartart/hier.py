"""The hierarchy algorithms (hierRoot, hierChild) as LibreOffice 7.4 lays them out.

LibreOffice is the reference render of a SmartArt diagram that has no cached drawing, and its org
charts are not PowerPoint's: it does not size a box from its constraints and centre a manager over
its employees. It splits the box it is given. A hierRoot stacks its children down (the manager's
box, then the assistants, then the employees), a hierChild sets them side by side (or, with
secLinDir fromT, in two columns), and every row of the tree is the same height: a child takes as
many rows as its own subtree is deep (`vertical_count`), with a gap of 0.3 row between rows and of
0.1 box between neighbours. A hierChild of a single column is indented by a tenth of its width on
both sides. Connectors take no place in the arrangement (they are routed between the boxes later).
LibreOffice 7.4 does not draw an org chart's bent connectors at all; ACE still draws them, as
PowerPoint does, since they carry the hierarchy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from adapters.ooxml.smartart.build import Inst
    from adapters.ooxml.smartart.layout import Box, Layout

__all__ = ["hierarchy", "vertical_count"]

ROW_GAP = 0.3  # of a row's height, between rows
SIB_GAP = 0.1  # of a box's width, between neighbours
INDENT = 0.1  # of a single-column hierChild's width, on each side


def _conn(inst: Inst) -> bool:
    return inst.alg_type == "conn" or (inst.shape is not None and inst.shape.type == "conn")


def _direction(inst: Inst) -> str:
    return "fromT" if inst.alg_type == "hierRoot" else inst.param("linDir", "fromL")


def vertical_count(inst: Inst) -> int:
    """How many rows the subtree of `inst` takes: a leaf one (a connector none), a downward
    arrangement the sum of its children's, a sideways one the most of theirs (two columns: half
    their sum, rounded up)."""
    cached = inst.extra.get("_rows")
    if cached is not None:
        return cached
    if not inst.children:
        count = 0 if _conn(inst) else 1
    else:
        counts = [vertical_count(c) for c in inst.children]
        if _direction(inst) in ("fromT", "fromB"):
            count = sum(counts)
        elif inst.param("secLinDir") == "fromT":
            count = (sum(counts) + 1) // 2
        else:
            count = max(counts)
    inst.extra["_rows"] = count
    return count


def _has_assistant(inst: Inst) -> bool:
    return inst.point.type == "asst" or any(d.point.type == "asst" for d in inst.descendants())


def hierarchy(lay: Layout, inst: Inst, w: float, h: float, depth: int = 0) -> tuple[dict[int, Box], bool]:
    """Boxes for the children of a hierRoot or hierChild that fill its w x h box (no fitting)."""
    root = inst.alg_type == "hierRoot"
    order = [c for c in inst.children if not _conn(c)]
    if not order or w <= 0 or h <= 0:
        return {}, False
    swap = root and len(inst.children) == 3 and len(order) == 3  # assistants above the employees
    if swap and not _has_assistant(order[1]) and _has_assistant(order[2]):
        order[1], order[2] = order[2], order[1]
    direction = _direction(inst)
    two_columns = inst.param("secLinDir") == "fromT"
    across = 2 if two_columns else (len(order) if direction in ("fromL", "fromR") else 1)
    rows = max(vertical_count(inst), 1)
    row_h = h / (rows + (rows - 1) * ROW_GAP)
    box_w = w / (across + (across - 1) * SIB_GAP)
    x = y = 0.0
    if not root and across == 1:
        x, box_w = box_w * INDENT, box_w * (1 - 2 * INDENT)
    boxes: dict[int, Box] = {}
    tallest = 0.0
    for k, child in enumerate(order):
        n = vertical_count(child)
        cur_h = row_h * (n + (n - 1) * ROW_GAP)
        boxes[id(child)] = (x, y, box_w, max(cur_h, 0.0))
        if direction in ("fromT", "fromB"):
            y += cur_h + row_h * ROW_GAP
        else:
            x += box_w * (1 + SIB_GAP)
        tallest = max(tallest, cur_h)
        if two_columns and k % 2 == 1:
            x, y, tallest = 0.0, y + tallest + row_h * ROW_GAP, 0.0
    return boxes, False
