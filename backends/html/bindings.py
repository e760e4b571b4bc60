"""Every tool the HTML backend binds (read-only tools run on the read-back view, see
backends.native), and the reason for each one it does not."""

from __future__ import annotations

from backends.html import h_create, h_ops, h_regen, h_slides, h_style, h_text
from backends.native import Handlers

__all__ = ["HANDLERS", "UNSUPPORTED"]

UNSUPPORTED: dict[str, str] = {
    "insert_slides_from": "copying slides from another deck is not implemented on html",
}

HANDLERS = (
    Handlers().merge(h_create.table, h_text.table, h_style.table, h_ops.table, h_slides.table, h_regen.table).handlers
)
