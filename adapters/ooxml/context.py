"""State shared while reading one package: the deck being built, assets, ids, the loss report."""

from __future__ import annotations

import mimetypes
from dataclasses import dataclass, field
from typing import Literal

from ace_core.errors import AceError
from ace_core.ir.deck import Deck
from ace_core.ir.loss import LossReport
from adapters.ooxml.conventions import IdAllocator
from adapters.ooxml.package import Package
from adapters.ooxml.theme import ColorContext, ThemeData

__all__ = ["ReadContext", "Scope"]

Severity = Literal["info", "warning", "error"]


@dataclass
class ReadContext:
    pkg: Package
    deck: Deck
    report: LossReport = field(default_factory=LossReport)
    ids: IdAllocator = field(default_factory=IdAllocator)
    slide_id_by_part: dict[str, str] = field(default_factory=dict)
    color_contexts: dict[tuple, ColorContext] = field(default_factory=dict)
    """slides' colour contexts by (theme, colour map): colours resolved once per read"""
    memo: dict = field(default_factory=dict)
    """what is worked out once and shared by the shapes of one slide (list-style levels, ...), by
    key; cleared after each slide so that no slide's XML is kept alive"""
    derived_assets: dict[tuple, str | None] = field(default_factory=dict)
    """pictures made while reading (a blip's recolouring baked in), by what they were made from"""
    _assets: dict[str, str | None] = field(default_factory=dict)
    _asset_errors: dict[str, str] = field(default_factory=dict)
    _seen_losses: set[tuple[str, str | None, str | None, str]] = field(default_factory=set)

    def loss(
        self,
        feature: str,
        reason: str,
        *,
        slide_id: str | None = None,
        node_id: str | None = None,
        severity: Severity = "warning",
    ) -> None:
        key = (feature, slide_id, node_id, reason)
        if key in self._seen_losses:
            return
        self._seen_losses.add(key)
        self.report.add(feature, reason, slide_id=slide_id, node_id=node_id, severity=severity, format="pptx")

    def retract(self, feature: str, reason: str, *, slide_id: str | None = None, node_id: str | None = None) -> None:
        """Take back an entry that a later step made untrue (text read as characters that then
        became a MATH node)."""
        key = (feature, slide_id, node_id, reason)
        if key not in self._seen_losses:
            return
        self._seen_losses.discard(key)
        self.report.entries = [
            e for e in self.report.entries if (e.feature, e.slide_id, e.node_id, e.reason) != key or e.stage != "read"
        ]

    def part_asset(self, part: str) -> str | None:
        """Asset key of a part's bytes (cached per part); None when the part is missing."""
        if part in self._assets:
            return self._assets[part]
        key: str | None = None
        if self.pkg.exists(part):
            try:
                key = self.pkg.store_part(part, self.deck.store)
            except AceError as exc:
                self._asset_errors[part] = exc.what
                key = None
            if key is not None:
                mime = self.pkg.content_type(part) or mimetypes.guess_type(part)[0] or "application/octet-stream"
                self.deck.record_asset(key, mime, name=part.rsplit("/", 1)[-1])
        self._assets[part] = key
        return key

    def why_no_asset(self, part: str) -> str:
        """Why `part_asset(part)` gave None: the part is corrupt (and how), or missing."""
        return self._asset_errors.get(part) or f"part {part} is missing from the package"


@dataclass
class Scope:
    """Where a piece of XML lives: its part (for relationships), colours, slide and node ids."""

    ctx: ReadContext
    part: str
    colors: ColorContext
    slide_id: str | None = None
    origin: str = ""
    """'' for the slide's own shapes, 'l' layout, 'm' master, 'd' SmartArt drawing"""
    id_parent: str = ""
    """the id that derived node ids are built on (the slide id, or a SmartArt frame's id)"""
    slide_number: int | None = None
    group_fill: list | None = None

    @property
    def theme(self) -> ThemeData:
        return self.colors.theme

    def loss(self, feature: str, reason: str, node_id: str | None = None, severity: Severity = "warning") -> None:
        self.ctx.loss(feature, reason, slide_id=self.slide_id, node_id=node_id, severity=severity)

    def retract(self, feature: str, reason: str, node_id: str | None = None) -> None:
        self.ctx.retract(feature, reason, slide_id=self.slide_id, node_id=node_id)
