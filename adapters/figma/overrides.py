"""ACE's round-trip data inside Figma JSON: `sharedPluginData.ace` (string values, as in REST).

The writer stores there what Figma cannot hold, so read(write(deck)) == deck:
  * on a node, `ir`: the IR fields the Figma fields do not reproduce (a SHAPE's preset, a TABLE's
    cells, a theme colour reference, an exact rotated position...), as JSON, plus `sig`, a hash
    of the node's own Figma fields when written. `synthetic` = "1" marks children that only draw
    the node (a table's cells, a shape's text box) and are not IR nodes.
  * on a slide's frame, `slide` (Slide fields) and `wrap` (the id of the IR frame that holds the
    slide frame's own auto-layout / strokes / size, or "" for none).
  * on a page, `loose` (the slide of nodes lying on the page outside any frame).
  * on the document, `deck` (Deck fields).
When a node was edited in Figma after the write, `sig` no longer matches and the overrides of
fields Figma shows (NATIVE_FIELDS) are dropped, so the edit wins; semantic-only data is kept."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ace_core.errors import BadInputError
from ace_core.jsonio import parse_json

__all__ = ["ACE_KEY", "NATIVE_FIELDS", "ace_data", "node_sig", "set_ace"]

ACE_KEY = "ace"
_SKIP = {"children", "sharedPluginData", "pluginData", "absoluteBoundingBox", "absoluteRenderBounds"}

NATIVE_FIELDS = frozenset(
    {
        "name",
        "x",
        "y",
        "width",
        "height",
        "rotation",
        "flip_h",
        "flip_v",
        "visible",
        "locked",
        "opacity",
        "blend_mode",
        "fills",
        "strokes",
        "stroke_weights",
        "effects",
        "sizing_h",
        "sizing_v",
        "positioning",
        "min_width",
        "max_width",
        "min_height",
        "max_height",
        "constraints",
        "corner_radius",
        "corner_radii",
        "corner_smoothing",
        "layout",
        "clips_content",
        "text",
        "arc",
        "paths",
        "image",
    }
)


def node_sig(node: dict[str, Any]) -> str:
    """Hash of a Figma node's own fields (children, plugin data and absolute boxes excluded)."""
    own = {k: v for k, v in node.items() if k not in _SKIP}
    blob = json.dumps(own, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha1(blob.encode()).hexdigest()[:16]


def ace_data(node: dict[str, Any]) -> dict[str, Any]:
    """The node's `sharedPluginData.ace` entries, JSON-decoded where they hold JSON ({} if none)."""
    shared = node.get("sharedPluginData")
    if not isinstance(shared, dict):
        return {}
    ace = shared.get(ACE_KEY)
    if not isinstance(ace, dict):
        return {}
    out: dict[str, Any] = {}
    for key, value in ace.items():
        if key in ("ir", "slide", "loose", "deck") and isinstance(value, str):
            try:
                out[key] = parse_json(value, where=ACE_KEY).data
            except BadInputError:
                continue
        else:
            out[key] = value
    return out


def set_ace(node: dict[str, Any], key: str, value: Any) -> None:
    """Store `value` (JSON-encoded unless a string) under sharedPluginData.ace[key]."""
    if not isinstance(node.get("sharedPluginData"), dict):
        node["sharedPluginData"] = {}
    shared = node["sharedPluginData"]
    if not isinstance(shared.get(ACE_KEY), dict):
        shared[ACE_KEY] = {}
    ace = shared[ACE_KEY]
    ace[key] = value if isinstance(value, str) else json.dumps(value, separators=(",", ":"), ensure_ascii=False)
