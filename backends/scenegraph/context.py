"""The context of one tool call: the state, what the call changed, its warnings, new ids."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ace_core.errors import ToolError
from ace_core.ir.deck import Slide
from ace_core.ir.nodes import FrameNode, NodeBase
from backends.scenegraph.state import Container, SceneState, children_list

__all__ = ["Ctx"]


@dataclass
class Ctx:
    """Handlers record what they change with `touch` (re-layout and result boxes follow from it),
    what they create with `created`, and tell the caller about approximations with `warn`."""

    state: SceneState
    tool: str
    backend: Any = None
    changed: dict[str, NodeBase] = field(default_factory=dict)
    created: list[str] = field(default_factory=list)
    slides: dict[str, Slide] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    structure_changed: set[str] = field(default_factory=set)
    text_changed: set[str] = field(default_factory=set)
    moved: set[str] = field(default_factory=set)

    def touch(self, node: NodeBase, *, geometry: bool = True) -> None:
        """Record a changed node. `geometry` (the default): its box or its content's size may have
        changed, so groups refit and auto-layout re-solves around it; style-only edits pass False."""
        self.changed[node.id] = node
        if geometry:
            self.moved.add(node.id)
        slide = self.state.slide_of.get(node.id)
        if slide is not None:
            self.slides[slide.id] = slide

    def touch_style(self, node: NodeBase) -> None:
        """A paint / name / data change that cannot move or resize anything."""
        self.touch(node, geometry=False)

    def touch_text(self, node: NodeBase) -> None:
        """A change to a node's characters or typography: an auto-resizing TEXT re-measures."""
        self.touch(node)
        self.text_changed.add(node.id)

    def touch_slide(self, slide: Slide) -> None:
        self.slides[slide.id] = slide

    def warn(self, message: str) -> None:
        if message not in self.warnings:
            self.warnings.append(message)

    def new_id(self) -> str:
        return self.state.ids()

    # -- tree edits ------------------------------------------------------------------------------
    def insert(
        self,
        node: NodeBase,
        container: Container,
        *,
        index: int | None = None,
        coordinate_space: str = "parent",
        xy_given: bool = True,
        new: bool = True,
    ) -> NodeBase:
        """Insert a new node (subtree) under a slide / frame / group and index it. x/y are
        parent-relative unless `coordinate_space` is 'slide'."""
        kids = children_list(container)
        if kids is None:
            raise ToolError(f"{getattr(container, 'id', '?')!r} cannot hold children", field="parentId")
        if coordinate_space == "slide" and isinstance(container, NodeBase):
            ox, oy = self.state.origin(container)
            node.x -= ox
            node.y -= oy
        layout = container.layout if isinstance(container, FrameNode) else None
        if layout is not None and layout.mode != "GRID" and xy_given and node.positioning == "AUTO":
            self.warn(f"x/y ignored: parent {container.id!r} uses auto-layout")
        pos = len(kids) if index is None else max(0, min(index, len(kids)))
        kids.insert(pos, node)
        slide = self.slide_for(container)
        self.state.add_subtree(node, container, slide)
        if new:
            self.created.append(node.id)
        self.touch(node)
        for sub in self.state.descendants(node):
            self.changed[sub.id] = sub
        self.structure_changed.add(slide.id)
        if isinstance(container, NodeBase):
            self.touch(container)
        return node

    def remove(self, node: NodeBase, *, deleted_by: str | None = None) -> int:
        """Unlink a node from its parent; returns its former index. `deleted_by` marks its ids stale."""
        parent = self.state.parent[node.id]
        kids = children_list(parent)
        assert kids is not None
        pos = next(i for i, k in enumerate(kids) if k is node)
        del kids[pos]
        slide = self.state.slide_of[node.id]
        self.state.forget_subtree(node, deleted_by=deleted_by)
        for gone in (node.id, *(d.id for d in self.state.descendants(node))):
            self.changed.pop(gone, None)
        self.slides[slide.id] = slide
        self.structure_changed.add(slide.id)
        if isinstance(parent, NodeBase):
            self.touch(parent)
        return pos

    def slide_for(self, container: Container) -> Slide:
        if isinstance(container, Slide):
            return container
        return self.state.slide_of[container.id]
