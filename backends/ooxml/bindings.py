"""Every tool the OOXML backend binds (read-only tools run on the read-back view, see
backends.native), and the reason for each one it does not."""

from __future__ import annotations

from backends.native import Handlers
from backends.ooxml import h_create, h_ops, h_semantic, h_slides, h_style, h_text

__all__ = ["HANDLERS", "UNSUPPORTED"]

_FLAT = "flat format, no auto-layout"

UNSUPPORTED: dict[str, str] = {
    "set_layout_mode": _FLAT,
    "set_padding": _FLAT,
    "set_item_spacing": _FLAT,
    "set_axis_align": _FLAT,
    "set_layout_sizing": _FLAT,
    "set_layout_positioning": _FLAT,
    "set_constraints": "flat format, no constraints (shapes do not follow a resized parent)",
    "create_smartart": "SmartArt diagrams are built as auto-layout frames: " + _FLAT,
    "update_smartart": "SmartArt diagrams re-flow through auto-layout: " + _FLAT,
    "set_smartart_style": "SmartArt diagrams re-flow through auto-layout: " + _FLAT,
    "create_mask": "DrawingML has no clipping masks",
    "boolean_nodes": "DrawingML has no boolean shape operations",
    "set_blend_mode": "DrawingML has no blend modes",
    "insert_slides_from": "copying slides from another deck is not implemented on ooxml",
}

HANDLERS = (
    Handlers()
    .merge(h_create.table, h_text.table, h_style.table, h_ops.table, h_slides.table, h_semantic.table)
    .handlers
)
