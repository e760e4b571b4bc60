"""Result models of the tools: what a call answers on success (lengths in px, parent-relative)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ace_core.tools.types import NodeBox

__all__ = [
    "BatchResult",
    "ChartDataResult",
    "ChartInfoResult",
    "CreateResult",
    "ExportJsonResult",
    "ImageResult",
    "ImageSearchResult",
    "InfoResult",
    "MutationResult",
    "NodesResult",
    "SlideCreateResult",
    "SlidesResult",
    "SmartArtResult",
    "StatusResult",
    "StructureResult",
    "StylesResult",
    "TextNodesResult",
]


class _Result(BaseModel):
    model_config = ConfigDict(extra="allow")


class MutationResult(_Result):
    """A mutator's answer: ids it changed, their boxes after the command (auto-layout re-solved)
    and warnings such as 'x ignored: parent uses auto-layout'."""

    changed_ids: list[str] = Field(default_factory=list)
    boxes: list[NodeBox] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)


class CreateResult(MutationResult):
    """A creator's answer: the new node's id (reference it later in a batch as `$N.id`)."""

    id: str


class SlideCreateResult(MutationResult):
    """A new slide: its id, index (0-based) and the ids of its placeholders by role (title, body...)."""

    id: str
    index: int
    placeholders: dict[str, str] = Field(default_factory=dict)


class SmartArtResult(CreateResult):
    """A diagram: its root id, layout and the node ids of its items (depth-first)."""

    layout: str = ""
    item_ids: list[str] = Field(default_factory=list)


class InfoResult(_Result):
    """A free-form description (page, node, chart, smartart, connection)."""


class NodesResult(_Result):
    """Distilled node descriptions."""

    nodes: list[dict[str, Any]] = Field(default_factory=list)


class TextNodesResult(_Result):
    """Text nodes with their characters and style runs (UTF-16 start/end of each run)."""

    nodes: list[dict[str, Any]] = Field(default_factory=list)


class StructureResult(_Result):
    """A slide's tree: ids, names, types, boxes, children."""

    slide_id: str
    tree: list[dict[str, Any]] = Field(default_factory=list)


class StylesResult(_Result):
    """The theme palette and fonts, plus the colours and fonts in use with their usage counts."""

    theme_colors: dict[str, str] = Field(default_factory=dict)
    theme_fonts: dict[str, str] = Field(default_factory=dict)
    colors: list[dict[str, Any]] = Field(default_factory=list)
    fonts: list[dict[str, Any]] = Field(default_factory=list)


class ImageResult(_Result):
    """A rendered PNG/JPG file on disk."""

    path: str
    width: int
    height: int
    slide_id: str | None = None
    node_id: str | None = None


class SlidesResult(_Result):
    slides: list[dict[str, Any]] = Field(default_factory=list)
    focused_slide_id: str | None = None


class ChartInfoResult(_Result):
    node_id: str
    chart: dict[str, Any] = Field(default_factory=dict)


class ChartDataResult(_Result):
    node_id: str
    categories: list[str] = Field(default_factory=list)
    series: list[dict[str, Any]] = Field(default_factory=list)


class StatusResult(_Result):
    connected: bool
    backend: str
    channel: str | None = None
    channels: list[dict[str, Any]] = Field(default_factory=list)


class ExportJsonResult(_Result):
    format: str
    json_data: Any = Field(alias="json")
    model_config = ConfigDict(extra="allow", populate_by_name=True)


class ImageSearchResult(_Result):
    total: int
    page: int
    images: list[dict[str, Any]] = Field(default_factory=list)
    provider: str = "local"


class BatchResult(_Result):
    """Per-command outcomes in order; on failure `failed_index` and, when atomic, nothing applied."""

    ok: bool
    applied: bool
    results: list[dict[str, Any]] = Field(default_factory=list)
    failed_index: int | None = None
