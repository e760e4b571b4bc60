"""Copies of nodes and slides with fresh ids (references inside the copy follow the new ids)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ace_core.ir.deck import Slide
from ace_core.ir.nodes import NodeBase
from backends.scenegraph.state import children_list

__all__ = ["copy_slide_with_fresh_ids", "copy_with_fresh_ids", "remap_refs"]

N = TypeVar("N", NodeBase, Slide)


def _walk(root: Any) -> list[NodeBase]:
    out: list[NodeBase] = []
    stack = list(children_list(root) or [])
    if isinstance(root, NodeBase):
        stack.append(root)
    while stack:
        n = stack.pop()
        out.append(n)
        stack.extend(children_list(n) or [])
    return out


def remap_refs(nodes: list[NodeBase], mapping: dict[str, str]) -> None:
    """Point connector ends, smartart item ids and slide hyperlinks at the new ids."""
    for n in nodes:
        if n.type == "CONNECTOR":
            for end_name in ("start", "end"):
                end = getattr(n, end_name)
                if end.node_id in mapping:
                    setattr(n, end_name, end.model_copy(update={"node_id": mapping[end.node_id]}))
        if n.hyperlink and n.hyperlink.startswith("#slide:") and n.hyperlink[7:] in mapping:
            n.hyperlink = "#slide:" + mapping[n.hyperlink[7:]]
        sa = n.meta.get("smartart")
        if isinstance(sa, dict):
            n.meta["smartart"] = _remap_json(sa, mapping)


def _remap_json(value: Any, mapping: dict[str, str]) -> Any:
    if isinstance(value, dict):
        return {k: _remap_json(v, mapping) for k, v in value.items()}
    if isinstance(value, list):
        return [_remap_json(v, mapping) for v in value]
    if isinstance(value, str) and value in mapping:
        return mapping[value]
    return value


def copy_with_fresh_ids(node: N, new_id: Callable[[], str], mapping: dict[str, str] | None = None) -> N:
    """A deep copy of a node (or slide) whose every id is new; provenance is dropped from the copy
    (it is not the imported node any more). `mapping` collects old -> new ids."""
    mapping = {} if mapping is None else mapping
    copy = node.model_copy(deep=True)
    nodes = _walk(copy)
    if isinstance(copy, Slide):
        mapping[copy.id] = new_id()
        copy.id = mapping[node.id]
        copy.source = None
    for n in nodes:
        mapping[n.id] = new_id()
        n.id = mapping[n.id]
        n.source = None
    remap_refs(nodes, mapping)
    return copy


def copy_slide_with_fresh_ids(slide: Slide, new_id: Callable[[], str]) -> tuple[Slide, dict[str, str]]:
    mapping: dict[str, str] = {}
    return copy_with_fresh_ids(slide, new_id, mapping), mapping
