"""The JsonDiff data model: edit entries (origin -> current) and the per-slide origin snapshot."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

__all__ = ["MAX_ENTRIES", "DiffEntry", "DiffOp", "JsonDiff", "NodeRef", "SlideSnapshot", "SnapshotItem"]

MAX_ENTRIES = 200

DiffOp = Literal[
    "added",
    "removed",
    "modified",
    "moved",
    "z_order",
    "reorder",
    "slide_added",
    "slide_removed",
    "slide_moved",
    "slide_modified",
]


class NodeRef(BaseModel):
    """A node as the rendering names it: id, type, layer name, a snippet of its descendant text."""

    id: str
    type: str
    name: str = ""
    snippet: str = ""


class DiffEntry(BaseModel):
    """One edit, labelled from the agent's point of view.

    Node entries carry the node and its ancestors (`path`, slide first child down to the parent;
    the current deck's, or the origin's for a removed node). `prop` names the changed property
    (text, font_size, box, fills, styling, transition, notes, ...); `before` / `after` are display
    values (colours as #RRGGBB, boxes as {x, y, w, h} in slide px)."""

    op: DiffOp
    slide_id: str
    slide_index: int = Field(description="1-based position of the slide (current deck; origin for removed)")
    node: NodeRef | None = None
    path: list[NodeRef] = Field(default_factory=list)
    prop: str | None = None
    before: Any = None
    after: Any = None
    note: str = ""
    siblings: int = Field(1, description="the same edit on this many same-named siblings (1 = only this node)")
    sibling_ids: list[str] = Field(default_factory=list)
    visual: bool = Field(False, description="touches visual content: an image, a vector, a picture fill")


class SnapshotItem(BaseModel):
    """One element of a slide's origin snapshot: text (with alignment and font) or a visual shape."""

    kind: Literal["text", "visual"]
    id: str
    type: str
    name: str = ""
    text: str = ""
    align: str | None = None
    font: str | None = None
    detail: str = ""


class SlideSnapshot(BaseModel):
    index: int
    id: str
    name: str = ""
    notes: str = ""
    transition: str | None = None
    items: list[SnapshotItem] = Field(default_factory=list)
    more: int = Field(0, description="items left out of the snapshot")


class JsonDiff(BaseModel):
    """Origin vs current. `distinct_edits` counts entries after de-duplication (before the cap);
    `score` = 1 - d / (d + 100); `needs_images` is set when visual content was added or modified."""

    entries: list[DiffEntry] = Field(default_factory=list)
    distinct_edits: int = 0
    score: float = 1.0
    omitted: int = Field(0, description="entries beyond the cap of 200, left out")
    needs_images: bool = False
    image_slides: list[str] = Field(default_factory=list, description="ids of slides with visual edits")
    origin_slides: int = 0
    current_slides: int = 0
    snapshot: list[SlideSnapshot] = Field(default_factory=list, description="the origin deck, per slide")

    @property
    def empty(self) -> bool:
        return self.distinct_edits == 0

    def to_text(self, **options: Any) -> str:
        """The rendering for the LLM judge (see judge.diff.render.render_text)."""
        from judge.diff.render import render_text

        return render_text(self, **options)
