"""Where LibreOffice 7.4 puts the text of a SmartArt drawing shape (a `dsp:sp` with `dsp:txXfrm`).

LibreOffice's import does not take `dsp:txXfrm` as the text box. It turns the txXfrm into text
distances added to the shape's own text rectangle (the preset's `a:rect`), and only for three
presets, side by side:

- rect: all four sides, so the text area is the txXfrm;
- roundRect: the left, top and bottom offsets of the txXfrm from the shape box, the right side
  stays the preset's text rectangle (its inset by the corner);
- ellipse: only the top and bottom offsets, horizontally the preset's text rectangle;
- every other preset: the txXfrm is ignored, the text sits in the preset's text rectangle (turned
  by the txXfrm's rotation, when it has one, as a text pre-rotation).

Measured on LibreOffice 7.4 renders of drawing parts edited for the purpose (text pinned to the
corners of an off-centre txXfrm, for each of these presets). LibreOffice is the reference render
here; PowerPoint places such labels in the txXfrm itself, so its labels may sit differently.
"""

from __future__ import annotations

import math

from ace_core.drawing.presets import evaluate
from ace_core.errors import AceError
from ace_core.ir.nodes import EllipseNode, ShapeNode

__all__ = ["Box", "label_box", "preset_text_rect", "text_area"]

Box = tuple[float, float, float, float]  # left, top, right, bottom in the shape's own frame
Rect = tuple[float, float, float, float]  # x, y, width, height on the page

# which sides of the txXfrm LibreOffice takes (left, top, right, bottom), by preset
_SIDES: dict[str, tuple[bool, bool, bool, bool]] = {
    "rect": (True, True, True, True),
    "roundRect": (True, True, False, True),
    "ellipse": (False, True, False, True),
}


def preset_text_rect(prst: str, w: float, h: float, adj: dict[str, float] | None = None) -> Box:
    """The preset's own text rectangle in a w x h box (the whole box for an unknown preset)."""
    try:
        return evaluate(prst, w, h, adj or None).text_rect
    except AceError:
        return 0.0, 0.0, w, h


def takes_tx_xfrm(prst: str) -> bool:
    """True when LibreOffice reads the txXfrm's offsets at all for this preset."""
    return prst in _SIDES


def text_area(prst: str, w: float, h: float, adj: dict[str, float] | None, offsets: Box) -> Box:
    """The text area of a w x h shape of preset `prst` whose txXfrm lies `offsets` (left, top,
    right, bottom: how far each side of the txXfrm is inside the shape box) from its box."""
    left, top, right, bottom = preset_text_rect(prst, w, h, adj)
    use = _SIDES.get(prst)
    if use is None:
        return left, top, right, bottom
    o_left, o_top, o_right, o_bottom = offsets  # (a rect's text rectangle is its box: the txXfrm)
    return (
        left + o_left if use[0] else left,
        top + o_top if use[1] else top,
        right - o_right if use[2] else right,
        bottom - o_bottom if use[3] else bottom,
    )


def rotate_about(px: float, py: float, cx: float, cy: float, degrees: float) -> tuple[float, float]:
    """(px, py) turned by `degrees` (clockwise on screen, y down) about (cx, cy)."""
    a = math.radians(degrees)
    dx, dy = px - cx, py - cy
    return cx + dx * math.cos(a) - dy * math.sin(a), cy + dx * math.sin(a) + dy * math.cos(a)


def kept_rect(node: object) -> Box:
    """Where the writers put the text of a shape node that keeps it: the preset's text rectangle
    of a preset shape or ellipse, the whole box of anything else."""
    w, h = getattr(node, "width", 0.0), getattr(node, "height", 0.0)
    if isinstance(node, ShapeNode) and node.preset:
        return preset_text_rect(node.preset, w, h, node.adjustments or None)
    if isinstance(node, EllipseNode):
        return preset_text_rect("ellipse", w, h)
    return 0.0, 0.0, w, h


def label_box(
    prst: str | None,
    adj: dict[str, float] | None,
    box: Rect,
    rot: float,
    tx: Rect,
    tx_rot: float,
    kept: Box,
) -> tuple[float, float, float, float, float] | None:
    """The label of a drawing shape (box, rotation `rot`; `prst` None for a custom geometry) whose
    txXfrm is `tx` turned by `tx_rot`: (x, y, w, h, rotation) of a TEXT box over the shape, or
    None when the text stays in the shape, whose writers put it in `kept`."""
    x, y, w, h = box
    turned = abs(tx_rot) >= 0.01
    total = (rot + tx_rot + 180.0) % 360.0 - 180.0
    if prst is None or (turned and takes_tx_xfrm(prst)):
        # a custom geometry, or a txXfrm turned in a rect / roundRect / ellipse: the txXfrm as written
        if not turned and all(abs(a - b) <= 0.5 for a, b in zip(tx, box, strict=True)):
            return None
        return (*tx, total)
    if takes_tx_xfrm(prst):
        tx_x, tx_y, tx_w, tx_h = tx
        offsets = (tx_x - x, tx_y - y, x + w - (tx_x + tx_w), y + h - (tx_y + tx_h))
        area = text_area(prst, w, h, adj, offsets)
    else:
        area = preset_text_rect(prst, w, h, adj)
    if not turned and all(abs(a - b) <= 0.5 for a, b in zip(area, kept, strict=True)):
        return None
    left, top, right, bottom = area
    aw, ah = max(right - left, 0.0), max(bottom - top, 0.0)
    # the area turns with its shape about the shape's centre; a turned txXfrm pre-rotates the text
    # inside it, so a quarter turn lays the text across the area's other side
    cx, cy = rotate_about(x + (left + right) / 2, y + (top + bottom) / 2, x + w / 2, y + h / 2, rot)
    if round(tx_rot / 90.0) % 2:
        aw, ah = ah, aw
    return cx - aw / 2, cy - ah / 2, aw, ah, total
