"""Fingerprints of imported nodes and slides, so patch writers can tell what an edit changed."""

from __future__ import annotations

import hashlib
import json

from ace_core.ir.deck import Slide
from ace_core.ir.nodes import NodeBase

__all__ = ["node_fingerprint", "slide_fingerprint"]

_EXCLUDE = {"source"}


def _strip(value: object) -> object:
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if k not in _EXCLUDE}
    if isinstance(value, list):
        return [_strip(v) for v in value]
    return value


def node_fingerprint(node: NodeBase, *, deep: bool = True) -> str:
    """Hash of the node's IR (children included when `deep`), provenance excluded."""
    data = node.model_dump(mode="json", exclude_defaults=True)
    if not deep:
        data.pop("children", None)
    blob = json.dumps(_strip(data), sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(blob.encode()).hexdigest()[:20]


def slide_fingerprint(slide: Slide) -> str:
    """Hash of the slide's own properties and the ids and order of its top-level nodes."""
    data = slide.model_dump(mode="json", exclude_defaults=True, exclude={"children", "source"})
    data["children"] = [c.id for c in slide.children]
    blob = json.dumps(_strip(data), sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(blob.encode()).hexdigest()[:20]
