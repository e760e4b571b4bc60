"""The preset geometry of a laid-out SmartArt shape (its type, arrow kind, adjust values) and the
text rectangle that geometry leaves for the text (an ellipse's inscribed box, ...)."""

from __future__ import annotations

from functools import lru_cache

from ace_core.drawing.presets import adjust_defaults, evaluate, preset_names
from adapters.ooxml.smartart.build import Inst

__all__ = ["preset_of", "text_rect"]

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


def text_rect(inst: Inst) -> tuple[float, float, float, float]:
    """(x, y, w, h) of the text area inside the shape's box, in the box's units."""
    if inst.extra.get("conn") == "1D" or inst.w <= 0 or inst.h <= 0:
        return 0.0, 0.0, inst.w, inst.h
    prst, adj = preset_of(inst)
    return _rect(prst, inst.w, inst.h, tuple(sorted(adj.items())))


@lru_cache(maxsize=2048)
def _rect(prst: str, w: float, h: float, adj: tuple[tuple[str, float], ...]) -> tuple[float, float, float, float]:
    try:
        l_, t_, r_, b_ = evaluate(prst, w, h, dict(adj) or None).text_rect
    except Exception:  # an odd preset: the whole box
        return 0.0, 0.0, w, h
    return l_, t_, max(0.0, r_ - l_), max(0.0, b_ - t_)
