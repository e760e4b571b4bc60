"""The preset geometry of a laid-out SmartArt shape (its type, arrow kind, adjust values) and the
text rectangle that geometry leaves for the text (an ellipse's inscribed box, ...)."""

from __future__ import annotations

import math
from functools import lru_cache

from ace_core.drawing.presets import adjust_defaults, evaluate, preset_names
from adapters.ooxml.smartart.build import Inst

__all__ = ["preset_of", "shape_box", "text_frame", "upright"]

_PRESETS: set[str] = set()


def _presets() -> set[str]:
    if not _PRESETS:
        _PRESETS.update(preset_names())
    return _PRESETS


def _arrow(inst: Inst) -> str:
    beg = inst.param("begSty", "noArr") == "arr"
    end = inst.param("endSty", "arr") == "arr"
    if beg and end:
        return "leftRightArrow"
    if beg:
        return "leftArrow"
    return "rightArrow" if end else "rect"


def preset_of(inst: Inst) -> tuple[str, dict[str, float]]:
    """(preset name, adjust guide values as written in the XML) for a 2-D shape."""
    kind = inst.extra.get("conn")
    prst = _arrow(inst) if kind == "2D" else (inst.shape.type if inst.shape is not None else "rect")
    if prst not in _presets():
        prst = "rect"
    adj: dict[str, float] = {}
    fixed = inst.extra.get("adj")
    if fixed is not None:
        names = list(adjust_defaults(prst))
        if names:
            adj[names[0]] = float(round(fixed))
        return prst, adj
    if inst.shape is not None and inst.shape.adj and kind is None:
        defaults = adjust_defaults(prst)
        names = list(defaults)
        for idx, val in sorted(inst.shape.adj.items()):
            if 1 <= idx <= len(names):
                name = names[idx - 1]
                # layouts give ratios as fractions (0.1) and angles in degrees (270)
                unit = 60000.0 if abs(defaults[name]) > 200000 or abs(val) > 2.0 else 100000.0
                adj[name] = float(round(val * unit))
    return prst, adj


@lru_cache(maxsize=2048)
def _rect(prst: str, w: float, h: float, adj: tuple[tuple[str, float], ...]) -> tuple[float, float, float, float]:
    try:
        l_, t_, r_, b_ = evaluate(prst, w, h, dict(adj) or None).text_rect
    except Exception:  # an odd preset: the whole box
        return 0.0, 0.0, w, h
    return l_, t_, max(0.0, r_ - l_), max(0.0, b_ - t_)


def shape_box(inst: Inst) -> tuple[float, float, float, float, float]:
    """(x, y, w, h, rotation) of the shape's xfrm: a shape the layout turns by a quarter covers the
    layout's box once turned, so its own box is that box turned back about its centre."""
    turn = inst.shape.rot % 180.0 if inst.shape is not None else 0.0
    rot = (inst.rot + (inst.shape.rot if inst.shape is not None else 0.0)) % 360.0
    x, y, w, h = inst.x, inst.y, inst.w, inst.h
    if 45.0 < turn < 135.0:
        x, y, w, h = x + (w - h) / 2, y + (h - w) / 2, h, w
    return x, y, w, h, rot


def upright(inst: Inst, rot: float) -> float:
    """The text's own turn that keeps it readable in a shape turned by `rot` (autoTxRot)."""
    mode = inst.param("autoTxRot", "upr")
    r = rot % 360.0
    if mode == "none":
        return 0.0
    if mode == "grav":
        return 180.0 if 90.0 < r < 270.0 else 0.0
    quarter = 0.0
    if 45.0 < r <= 135.0:
        quarter = 90.0
    elif 135.0 < r < 225.0:
        quarter = 180.0
    elif 225.0 <= r < 315.0:
        quarter = 270.0
    return -quarter  # whole quarters only: text near upright stays turned with its shape


def text_frame(inst: Inst) -> tuple[float, float, float, float, float]:
    """(x, y, w, h, turn) of the text box: the preset's text rectangle in the shape's own box,
    turned with the shape and then by `turn` to stay upright (w, h in the text's own frame)."""
    x, y, w, h, rot = shape_box(inst)
    if inst.extra.get("conn") == "1D" or w <= 0 or h <= 0:
        return x, y, w, h, 0.0
    prst, adj = preset_of(inst)
    l_, t_, tw, th = _rect(prst, w, h, tuple(sorted(adj.items())))
    dx, dy = l_ + tw / 2 - w / 2, t_ + th / 2 - h / 2
    a = math.radians(rot)
    cx = x + w / 2 + dx * math.cos(a) - dy * math.sin(a)
    cy = y + h / 2 + dx * math.sin(a) + dy * math.cos(a)
    turn = upright(inst, rot)
    if round(turn / 90.0) % 2:
        tw, th = th, tw
    return cx - tw / 2, cy - th / 2, tw, th, turn
