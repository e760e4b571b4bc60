"""Figma auto-layout fields <-> IR AutoLayout and per-node sizing (autolayout.md c.1-c.5).

Sizing of a node (c.3): layoutSizingHorizontal / Vertical when present; otherwise derived from
layoutGrow (FILL on the parent's primary axis), layoutAlign STRETCH (FILL on its counter axis),
the node's own primary / counterAxisSizingMode when it is an auto-layout frame (AUTO = HUG; the
REST default is AUTO), and textAutoResize for TEXT (WIDTH_AND_HEIGHT = HUG both ways, HEIGHT =
HUG vertically), else FIXED. The writer always emits layoutSizing* and the legacy fields that
agree with them, so older readers see the same layout."""

from __future__ import annotations

from typing import Any

from ace_core.ir.layout_props import AutoLayout, Constraints, GridLayout
from adapters.figma.context import ReadContext, num, word

__all__ = [
    "CONSTRAINT_FROM_FIGMA",
    "auto_layout_from_figma",
    "auto_layout_to_figma",
    "child_layout_to_figma",
    "constraints_from_figma",
    "constraints_to_figma",
    "sizing_from_figma",
]

CONSTRAINT_FROM_FIGMA = {
    "LEFT": "MIN",
    "TOP": "MIN",
    "RIGHT": "MAX",
    "BOTTOM": "MAX",
    "CENTER": "CENTER",
    "LEFT_RIGHT": "STRETCH",
    "TOP_BOTTOM": "STRETCH",
    "SCALE": "SCALE",
    "MIN": "MIN",
    "MAX": "MAX",
    "STRETCH": "STRETCH",
}
_H_TO_FIGMA = {"MIN": "LEFT", "MAX": "RIGHT", "CENTER": "CENTER", "STRETCH": "LEFT_RIGHT", "SCALE": "SCALE"}
_V_TO_FIGMA = {"MIN": "TOP", "MAX": "BOTTOM", "CENTER": "CENTER", "STRETCH": "TOP_BOTTOM", "SCALE": "SCALE"}
_SIZING = ("FIXED", "HUG", "FILL")


def constraints_from_figma(c: Any) -> Constraints:
    if not isinstance(c, dict):
        return Constraints()
    return Constraints(
        horizontal=CONSTRAINT_FROM_FIGMA.get(word(c.get("horizontal")), "MIN"),
        vertical=CONSTRAINT_FROM_FIGMA.get(word(c.get("vertical")), "MIN"),
    )


def constraints_to_figma(c: Constraints) -> dict[str, str]:
    return {"horizontal": _H_TO_FIGMA[c.horizontal], "vertical": _V_TO_FIGMA[c.vertical]}


def _split_tracks(value: Any) -> list[str]:
    if isinstance(value, str) and value.strip():
        return value.split()
    return []


def auto_layout_from_figma(n: dict[str, Any], ctx: ReadContext) -> AutoLayout | None:
    """The frame's AutoLayout, or None when layoutMode is NONE / missing."""
    mode = n.get("layoutMode")
    if mode not in ("HORIZONTAL", "VERTICAL", "GRID"):
        return None
    nid = n.get("id", "")
    pad_h, pad_v = num(n.get("horizontalPadding")), num(n.get("verticalPadding"))
    spacing = n.get("counterAxisSpacing")
    primary = n.get("primaryAxisAlignItems")
    counter = n.get("counterAxisAlignItems")
    grid = None
    if mode == "GRID":
        grid = GridLayout(
            rows=max(1, int(num(n.get("gridRowCount"), 1))),
            columns=max(1, int(num(n.get("gridColumnCount"), 1))),
            row_gap=num(n.get("gridRowGap")),
            column_gap=num(n.get("gridColumnGap")),
            row_sizes=_split_tracks(n.get("gridRowsSizing")),
            column_sizes=_split_tracks(n.get("gridColumnsSizing")),
        )
        ctx.loss("auto-layout-grid", "GRID auto-layout carried best effort: children keep their stored boxes", nid)
    if counter == "BASELINE" and mode != "HORIZONTAL":
        counter = "MIN"
    return AutoLayout(
        mode=mode,
        wrap=n.get("layoutWrap") == "WRAP" and mode == "HORIZONTAL",
        padding_top=num(n.get("paddingTop"), pad_v),
        padding_right=num(n.get("paddingRight"), pad_h),
        padding_bottom=num(n.get("paddingBottom"), pad_v),
        padding_left=num(n.get("paddingLeft"), pad_h),
        item_spacing=num(n.get("itemSpacing")),
        counter_axis_spacing=num(spacing) if isinstance(spacing, int | float) else None,
        primary_align=primary if primary in ("MIN", "CENTER", "MAX", "SPACE_BETWEEN") else "MIN",
        counter_align=counter if counter in ("MIN", "CENTER", "MAX", "BASELINE") else "MIN",
        counter_align_content="SPACE_BETWEEN" if n.get("counterAxisAlignContent") == "SPACE_BETWEEN" else "AUTO",
        strokes_included=bool(n.get("strokesIncludedInLayout")),
        reverse_z_index=bool(n.get("itemReverseZIndex")),
        grid=grid,
    )


def auto_layout_to_figma(layout: AutoLayout | None, sizing_h: str, sizing_v: str) -> dict[str, Any]:
    """Container fields of a frame (layoutMode NONE when there is no auto-layout)."""
    if layout is None:
        return {"layoutMode": "NONE"}
    horizontal = layout.mode != "VERTICAL"
    primary_sizing, counter_sizing = (sizing_h, sizing_v) if horizontal else (sizing_v, sizing_h)
    out: dict[str, Any] = {
        "layoutMode": layout.mode,
        "primaryAxisSizingMode": "AUTO" if primary_sizing == "HUG" else "FIXED",
        "counterAxisSizingMode": "AUTO" if counter_sizing == "HUG" else "FIXED",
        "primaryAxisAlignItems": layout.primary_align,
        "counterAxisAlignItems": layout.counter_align,
        "paddingLeft": layout.padding_left,
        "paddingRight": layout.padding_right,
        "paddingTop": layout.padding_top,
        "paddingBottom": layout.padding_bottom,
        "itemSpacing": layout.item_spacing,
        "layoutWrap": "WRAP" if layout.wrap else "NO_WRAP",
        "itemReverseZIndex": layout.reverse_z_index,
        "strokesIncludedInLayout": layout.strokes_included,
    }
    if layout.counter_axis_spacing is not None:
        out["counterAxisSpacing"] = layout.counter_axis_spacing
    if layout.wrap:
        out["counterAxisAlignContent"] = layout.counter_align_content
    if layout.grid is not None:
        g = layout.grid
        out.update(
            gridRowCount=g.rows,
            gridColumnCount=g.columns,
            gridRowGap=g.row_gap,
            gridColumnGap=g.column_gap,
            gridRowsSizing=" ".join(g.row_sizes),
            gridColumnsSizing=" ".join(g.column_sizes),
        )
    return out


def sizing_from_figma(n: dict[str, Any], parent_mode: str | None) -> tuple[str, str]:
    """(sizing_h, sizing_v) of a node whose parent has layoutMode `parent_mode` (c.3)."""
    h = n.get("layoutSizingHorizontal")
    v = n.get("layoutSizingVertical")
    if h in _SIZING and v in _SIZING:
        return h, v
    derived = _derived_sizing(n, parent_mode)
    return (h if h in _SIZING else derived[0]), (v if v in _SIZING else derived[1])


def _derived_sizing(n: dict[str, Any], parent_mode: str | None) -> tuple[str, str]:
    sizing = {"h": "FIXED", "v": "FIXED"}
    own = n.get("layoutMode")
    if own in ("HORIZONTAL", "VERTICAL"):
        primary, counter = ("h", "v") if own == "HORIZONTAL" else ("v", "h")
        if (n.get("primaryAxisSizingMode") or "AUTO") == "AUTO":
            sizing[primary] = "HUG"
        if (n.get("counterAxisSizingMode") or "AUTO") == "AUTO":
            sizing[counter] = "HUG"
    elif n.get("type") == "TEXT":
        resize = (n.get("style") or {}).get("textAutoResize")
        if resize == "WIDTH_AND_HEIGHT":
            sizing = {"h": "HUG", "v": "HUG"}
        elif resize == "HEIGHT":
            sizing["v"] = "HUG"
    if parent_mode in ("HORIZONTAL", "VERTICAL") and n.get("layoutPositioning") != "ABSOLUTE":
        primary, counter = ("h", "v") if parent_mode == "HORIZONTAL" else ("v", "h")
        if num(n.get("layoutGrow")) >= 1:
            sizing[primary] = "FILL"
        if n.get("layoutAlign") == "STRETCH":
            sizing[counter] = "FILL"
    return sizing["h"], sizing["v"]


def child_layout_to_figma(sizing_h: str, sizing_v: str, positioning: str, parent_mode: str | None) -> dict[str, Any]:
    """layoutSizing* plus the legacy layoutGrow / layoutAlign that agree with them."""
    out: dict[str, Any] = {"layoutSizingHorizontal": sizing_h, "layoutSizingVertical": sizing_v}
    if parent_mode in ("HORIZONTAL", "VERTICAL"):
        primary, counter = (sizing_h, sizing_v) if parent_mode == "HORIZONTAL" else (sizing_v, sizing_h)
        out["layoutGrow"] = 1 if primary == "FILL" else 0
        out["layoutAlign"] = "STRETCH" if counter == "FILL" else "INHERIT"
        out["layoutPositioning"] = positioning
    elif positioning == "ABSOLUTE":
        out["layoutPositioning"] = positioning
    return out
