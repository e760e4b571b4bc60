"""The scene-graph backend's document state: the deck, an id index kept up to date incrementally,
the focused slide, the selection, and the ids deleted so far (to refuse stale ids clearly)."""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field
from typing import Any

from ace_core.errors import ToolError
from ace_core.ids import IdFactory
from ace_core.ir.deck import Deck, Slide
from ace_core.ir.layout_props import AutoLayout
from ace_core.ir.nodes import FrameNode, NodeBase

__all__ = ["Container", "SceneState", "auto_layout_of", "children_list"]

Container = NodeBase | Slide

_STALE_HINT = "ids of deleted nodes are stale; call get_page_structure for the current ids"


def auto_layout_of(container: Any) -> AutoLayout | None:
    """The HORIZONTAL / VERTICAL auto-layout of a frame (None for slides, whose `layout` is a
    layout name, for other nodes, and for GRID frames, which are not solved)."""
    layout = container.layout if isinstance(container, FrameNode) else None
    return layout if layout is not None and layout.mode != "GRID" else None


def children_list(container: Any) -> list[Any] | None:
    """The mutable child list of a slide, frame or group (None for leaves)."""
    return getattr(container, "children", None)


@dataclass
class SceneState:
    """One open document. `index`, `parent`, `slide_of` cover every node; `slides` every slide."""

    deck: Deck
    focused: str | None = None
    selection: list[str] = field(default_factory=list)
    deleted: dict[str, str] = field(default_factory=dict)
    nodes: dict[str, NodeBase] = field(default_factory=dict)
    parent: dict[str, Container] = field(default_factory=dict)
    slide_of: dict[str, Slide] = field(default_factory=dict)
    slides: dict[str, Slide] = field(default_factory=dict)
    ids: IdFactory = field(default_factory=IdFactory)
    shared: dict[str, Slide] = field(default_factory=dict)

    @classmethod
    def build(cls, deck: Deck, *, focused: str | None = None, deleted: dict[str, str] | None = None) -> SceneState:
        state = cls(deck=deck, deleted=dict(deleted or {}))
        state.reindex()
        if focused in state.slides:
            state.focused = focused
        elif deck.slides:
            state.focused = deck.slides[0].id
        return state

    # -- copy on write ---------------------------------------------------------------------------
    def fork(self) -> SceneState:
        """A state for a tentative edit: its own deck object, slide list, asset table and index,
        sharing the slides with this state until `protect` copies them (copy on write). Commit by
        using the fork in place of this state; drop it to roll back."""
        deck = self.deck.model_copy(update={"slides": list(self.deck.slides), "assets": dict(self.deck.assets)})
        ids = IdFactory(set(self.ids.taken), prefix=self.ids.prefix)
        return SceneState(
            deck=deck,
            focused=self.focused,
            selection=list(self.selection),
            deleted=dict(self.deleted),
            nodes=dict(self.nodes),
            parent=dict(self.parent),
            slide_of=dict(self.slide_of),
            slides=dict(self.slides),
            ids=ids,
            shared=dict(self.slides),
        )

    def protect(self, slide_id: str) -> None:
        """Make the slide this fork's own (a deep copy re-indexed) before anything mutates it."""
        old = self.shared.pop(slide_id, None)
        if old is None or self.slides.get(slide_id) is not old:
            return
        new = pickle.loads(pickle.dumps(old, protocol=pickle.HIGHEST_PROTOCOL))  # 3x faster than deepcopy
        for i, s in enumerate(self.deck.slides):
            if s is old:
                self.deck.slides[i] = new
        self.slides[slide_id] = new
        self._add_children(new, new)

    def protect_all(self) -> None:
        for slide_id in list(self.shared):
            self.protect(slide_id)

    def owns(self, slide_id: str) -> bool:
        """True when mutating the slide cannot reach the state this one was forked from."""
        return slide_id not in self.shared

    # -- index -----------------------------------------------------------------------------------
    def reindex(self) -> None:
        self.nodes.clear()
        self.parent.clear()
        self.slide_of.clear()
        self.slides = {s.id: s for s in self.deck.slides}
        for slide in self.deck.slides:
            self._add_children(slide, slide)
        taken = set(self.nodes) | set(self.slides) | set(self.deleted)
        self.ids = IdFactory(taken, prefix=self.ids.prefix if self.ids else "ace")

    def _add_children(self, container: Container, slide: Slide) -> None:
        for child in children_list(container) or ():
            self.nodes[child.id] = child
            self.parent[child.id] = container
            self.slide_of[child.id] = slide
            self._add_children(child, slide)

    def add_subtree(self, node: NodeBase, parent: Container, slide: Slide) -> None:
        """Index a node just inserted under `parent` (its descendants too)."""
        self.nodes[node.id] = node
        self.parent[node.id] = parent
        self.slide_of[node.id] = slide
        self.ids.reserve(node.id)
        self._add_children(node, slide)
        for sub in self.descendants(node):
            self.ids.reserve(sub.id)

    def forget_subtree(self, node: NodeBase, *, deleted_by: str | None = None) -> list[str]:
        """Drop a node and its descendants from the index; returns their ids. With `deleted_by`
        the ids are remembered as stale."""
        gone = [node.id, *(d.id for d in self.descendants(node))]
        for nid in gone:
            self.nodes.pop(nid, None)
            self.parent.pop(nid, None)
            self.slide_of.pop(nid, None)
            if deleted_by is not None:
                self.deleted[nid] = deleted_by
        if self.selection:
            drop = set(gone)
            self.selection = [s for s in self.selection if s not in drop]
        return gone

    def move_subtree(self, node: NodeBase, parent: Container, slide: Slide) -> None:
        self.parent[node.id] = parent
        if self.slide_of.get(node.id) is not slide:
            self.slide_of[node.id] = slide
            for sub in self.descendants(node):
                self.slide_of[sub.id] = slide

    @staticmethod
    def descendants(node: Any) -> list[NodeBase]:
        out: list[NodeBase] = []
        stack = list(reversed(children_list(node) or []))
        while stack:
            n = stack.pop()
            out.append(n)
            kids = children_list(n)
            if kids:
                stack.extend(reversed(kids))
        return out

    # -- lookups ---------------------------------------------------------------------------------
    def node(self, node_id: str, field: str = "nodeId") -> NodeBase:
        """The node with this id, or a ToolError saying the id is stale / unknown / a slide."""
        found = self.nodes.get(node_id)
        if found is not None:
            return found
        raise self.missing(node_id, field, expect="node")

    def slide(self, slide_id: str | None, field: str = "slideId") -> Slide:
        """The slide with this id (None: the focused slide)."""
        if slide_id is None:
            return self.focused_slide(field)
        found = self.slides.get(slide_id)
        if found is not None:
            return found
        raise self.missing(slide_id, field, expect="slide")

    def container(self, ident: str | None, field: str = "parentId") -> Container:
        """A slide or a frame / group (the parent of new nodes); None = the focused slide."""
        if ident is None:
            return self.focused_slide(field)
        if ident in self.slides:
            return self.slides[ident]
        node = self.nodes.get(ident)
        if node is None:
            raise self.missing(ident, field, expect="slide or frame")
        if children_list(node) is None:
            raise ToolError(
                f"{ident!r} is a {node.type} node, which cannot hold children",
                field=field,
                hint="give a FRAME, a GROUP or a slide id",
            )
        return node

    def node_or_slide(self, ident: str | None, field: str = "nodeId") -> Container:
        if ident is None:
            return self.focused_slide(field)
        if ident in self.slides:
            return self.slides[ident]
        return self.node(ident, field)

    def focused_slide(self, field: str = "slideId") -> Slide:
        if self.focused is not None and self.focused in self.slides:
            return self.slides[self.focused]
        if not self.deck.slides:
            raise ToolError("the deck has no slides", field=field, hint="create_slide first")
        self.focused = self.deck.slides[0].id
        return self.deck.slides[0]

    def missing(self, ident: str, field: str, *, expect: str) -> ToolError:
        if ident in self.deleted:
            return ToolError(
                f"{ident!r} is a stale id: it was deleted by {self.deleted[ident]}", field=field, hint=_STALE_HINT
            )
        if expect == "node" and ident in self.slides:
            return ToolError(f"{ident!r} is a slide id, not a node id", field=field, hint="give a node id")
        if expect == "slide" and ident in self.nodes:
            return ToolError(f"{ident!r} is a node id, not a slide id", field=field, hint="get_all_slides lists slides")
        return ToolError(f"no {expect} with id {ident!r}", field=field, hint="get_page_structure lists the current ids")

    def slide_index(self, slide: Slide) -> int:
        for i, s in enumerate(self.deck.slides):
            if s is slide:
                return i
        raise ToolError(f"slide {slide.id!r} is not in the deck")

    # -- geometry --------------------------------------------------------------------------------
    def origin(self, container: Container) -> tuple[float, float]:
        """Slide-relative position of a container's top-left (a slide is at 0, 0)."""
        x = y = 0.0
        cur: Any = container
        while isinstance(cur, NodeBase):
            x += cur.x
            y += cur.y
            cur = self.parent.get(cur.id)
        return x, y

    def absolute_box(self, node: NodeBase) -> tuple[float, float, float, float]:
        """Slide-relative (x, y, w, h), rotation ignored."""
        ox, oy = self.origin(self.parent[node.id])
        return ox + node.x, oy + node.y, node.width, node.height

    def in_auto_layout(self, node: NodeBase) -> bool:
        """True when the node is placed by its parent's auto-layout (a flow child)."""
        return auto_layout_of(self.parent.get(node.id)) is not None and node.positioning == "AUTO"
