"""Deck and Slide: the root of the IR, with theme, masters and layouts, assets, provenance and tree helpers."""

import copy
import json
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field, PrivateAttr

from ace_core.assets import AssetKey, AssetStore
from ace_core.color import Color
from ace_core.ir.base import IRModel
from ace_core.ir.loss import LossReport
from ace_core.ir.nodes import Node, NodeBase, NodeSource
from ace_core.ir.semantic import ChartPartLink
from ace_core.ir.style import Paint
from ace_core.ir.text import Paragraph

__all__ = [
    "SCHEMA_VERSION",
    "THEME_BOOKKEEPING",
    "AssetInfo",
    "Background",
    "Deck",
    "DeckSource",
    "Layout",
    "Master",
    "Slide",
    "TextStyles",
    "Theme",
    "ThemeFonts",
    "Transition",
]

SCHEMA_VERSION = "1.1"
"""1.1: deck.masters / deck.layouts, slide.layout_id, run.field, text.levels (1.0 files read as they are)."""


class ThemeFonts(IRModel):
    major: str | None = Field(None, description="headings (+mj-lt)")
    minor: str | None = Field(None, description="body (+mn-lt)")
    major_ea: str | None = None
    minor_ea: str | None = None
    major_cs: str | None = None
    minor_cs: str | None = None
    fallback: str | None = Field(
        None,
        description="the face of text whose chain names none (no run, list style, master text style or "
        "presentation default names a typeface, nor refers to the theme's fonts): the reader's "
        "renderer's default face; used before minor",
    )


class Theme(IRModel):
    """Colour scheme (dk1 lt1 dk2 lt2 accent1-6 hlink folHlink) and fonts."""

    name: str = ""
    colors: dict[str, Color] = Field(default_factory=dict)
    fonts: ThemeFonts = Field(default_factory=ThemeFonts)
    part_asset: AssetKey | None = Field(
        None,
        description="the theme part as read from .pptx (its format scheme: the fill / line / effect / "
        "background styles that shapes' style references and charts' c:style draw with; per-script "
        "fonts; object defaults); the fresh .pptx writer starts from it and writes colours and fonts over it",
    )
    part_links: list[ChartPartLink] = Field(
        default_factory=list, description="the theme part's relationships (pictures of its fill styles)"
    )


THEME_BOOKKEEPING: frozenset[str] = frozenset({"part_asset", "part_links"})
"""the Theme fields that are bookkeeping (the carried part), not what the theme says"""


class Background(IRModel):
    fills: list[Paint] = Field(default_factory=list)
    inherited: bool = Field(False, description="came from the layout / master, not the slide itself")


class Transition(IRModel):
    """Slide transition. `style` in a neutral vocabulary (fade, push, wipe, split, cover, uncover,
    zoom, cut, dissolve, morph, random, ... or Figma's SLIDE_FROM_LEFT etc.)."""

    style: str = "fade"
    direction: str | None = None
    duration: float | None = Field(None, ge=0, description="seconds")
    curve: str | None = None
    timing: Literal["ON_CLICK", "AFTER_DELAY"] = "ON_CLICK"
    delay: float | None = Field(None, ge=0, description="seconds, for AFTER_DELAY")


class AssetInfo(IRModel):
    mime: str = "application/octet-stream"
    size: int = 0
    name: str | None = None


class DeckSource(IRModel):
    """Provenance of a deck read from a file. `package` is the asset hash of the original bytes,
    which a writer for the same format patches."""

    format: str
    path: str | None = None
    sha256: str | None = None
    package: AssetKey | None = None


class TextStyles(IRModel):
    """A master's text styles, one Paragraph per outline level (index 0 = level 1): alignment,
    indents, spacing, bullet, and the level's default run style in `style` (OOXML p:txStyles).
    Titles use `title`, body and content placeholders `body`, everything else `other`."""

    title: list[Paragraph] = Field(default_factory=list)
    body: list[Paragraph] = Field(default_factory=list)
    other: list[Paragraph] = Field(default_factory=list)


class Master(IRModel):
    """A slide master: the placeholders its layouts and slides inherit from (nodes whose
    `placeholder` is set), the shapes it draws on every slide that shows master shapes (the other
    nodes), its background and text styles. Geometry in slide px."""

    id: str = Field(min_length=1)
    name: str = ""
    theme: Theme | None = Field(None, description="the master's theme when it is not deck.theme")
    color_map: dict[str, str] = Field(
        default_factory=dict, description="scheme slot map (bg1 -> lt1, tx1 -> dk1, ...); empty = the standard one"
    )
    background: Background | None = None
    children: list[Node] = Field(default_factory=list)
    text_styles: TextStyles = Field(default_factory=TextStyles)
    source: NodeSource | None = None
    meta: dict[str, Any] = Field(default_factory=dict)

    def iter_nodes(self) -> Iterator[NodeBase]:
        return _iter_tree(self.children)


class Layout(IRModel):
    """A slide layout of a master: the placeholders its slides fill (type / idx / box / text look)
    and the shapes it draws beneath them. A slide names its layout by `Slide.layout_id`."""

    id: str = Field(min_length=1)
    name: str = ""
    master: str = Field(min_length=1, description="id of its Master in deck.masters")
    kind: str | None = Field(None, description="OOXML p:sldLayout/@type: title, obj, blank, titleOnly, twoObj, ...")
    background: Background | None = Field(None, description="None = the master's")
    children: list[Node] = Field(default_factory=list)
    show_master_shapes: bool = True
    color_map: dict[str, str] | None = Field(None, description="colour map override; None = the master's")
    source: NodeSource | None = None
    meta: dict[str, Any] = Field(default_factory=dict)

    def iter_nodes(self) -> Iterator[NodeBase]:
        return _iter_tree(self.children)


def _iter_tree(children: list[Node]) -> Iterator[NodeBase]:
    stack: list[NodeBase] = list(reversed(children))
    while stack:
        node = stack.pop()
        yield node
        kids = getattr(node, "children", None)
        if kids:
            stack.extend(reversed(kids))


class Slide(IRModel):
    id: str = Field(min_length=1)
    name: str = ""
    children: list[Node] = Field(default_factory=list)
    background: Background | None = None
    transition: Transition | None = None
    notes: str = ""
    hidden: bool = False
    layout: str | None = Field(None, description="layout name (OOXML slide layout, Figma Slides template)")
    layout_id: str | None = Field(None, description="id of the slide's Layout in deck.layouts")
    section: str | None = None
    source: NodeSource | None = None
    meta: dict[str, Any] = Field(default_factory=dict)

    def iter_nodes(self) -> Iterator[NodeBase]:
        """Every node of the slide, depth first, parents before children."""
        return _iter_tree(self.children)


class Deck(IRModel):
    """A presentation. Geometry in px; `width` x `height` is the slide size."""

    schema_version: str = SCHEMA_VERSION
    id: str = "deck"
    name: str = ""
    width: float = Field(1280.0, gt=0, description="px")
    height: float = Field(720.0, gt=0, description="px")
    slides: list[Slide] = Field(default_factory=list)
    theme: Theme | None = None
    masters: list[Master] = Field(default_factory=list, description="slide masters (OOXML), with their placeholders")
    layouts: list[Layout] = Field(default_factory=list, description="layouts of the masters; slides name theirs")
    assets: dict[AssetKey, AssetInfo] = Field(default_factory=dict)
    source: DeckSource | None = None
    meta: dict[str, Any] = Field(default_factory=dict)

    _store: AssetStore = PrivateAttr(default_factory=AssetStore)
    _report: LossReport = PrivateAttr(default_factory=LossReport)

    def __eq__(self, other: object) -> bool:
        """Equal when the IR is equal (the asset store and the last read's report are not compared)."""
        if not isinstance(other, Deck):
            return NotImplemented
        return self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]

    # -- assets --------------------------------------------------------------------------------
    @property
    def store(self) -> AssetStore:
        return self._store

    def attach_store(self, store: AssetStore) -> None:
        self._store = store

    def add_asset(self, data: bytes, mime: str, name: str | None = None) -> str:
        """Store bytes; returns their hash and records the asset's info."""
        key = self._store.put(data)
        if key not in self.assets:
            self.assets[key] = AssetInfo(mime=mime, size=len(data), name=name)
        return key

    def record_asset(self, key: str, mime: str, name: str | None = None) -> str:
        """Record the info of an asset already put into the store (e.g. streamed into it)."""
        if key not in self.assets:
            self.assets[key] = AssetInfo(mime=mime, size=self._store.size(key), name=name)
        return key

    def asset_bytes(self, key: str) -> bytes:
        return self._store.get(key)

    def source_package(self, fmt: str) -> tuple[str | None, str]:
        """(the key of the source package a `fmt` writer may patch, '') when the deck came from a
        `fmt` file whose bytes are in the store and hash to the provenance's sha256; else (None,
        why not: '' when there is simply no source). Anything else named as the source (another
        deck, a hand-edited or foreign file) is never spliced into an output."""
        src = self.source
        if src is None or src.format != fmt or not src.package:
            return None, ""
        key = src.package
        if not self._store.has(key):
            return None, f"the source package {key} is not in the deck's assets"
        actual = self._store.sha256(key)
        if src.sha256 and actual != src.sha256.lower():
            return None, f"the source package {key} is not the file the deck says it came from (sha256 differs)"
        if not src.sha256 and actual[: len(key)] != key:
            return None, f"the source package {key} does not hold the bytes its content hash names"
        return key, ""

    # -- loss report of the last read ----------------------------------------------------------
    @property
    def report(self) -> LossReport:
        """What the adapter that built this deck could not carry (not part of the JSON)."""
        return self._report

    @report.setter
    def report(self, value: LossReport) -> None:
        self._report = value

    # -- tree helpers --------------------------------------------------------------------------
    def iter_nodes(self) -> Iterator[tuple[Slide, NodeBase]]:
        for slide in self.slides:
            for node in slide.iter_nodes():
                yield slide, node

    def slide(self, slide_id: str) -> Slide | None:
        for s in self.slides:
            if s.id == slide_id:
                return s
        return None

    def layout_of(self, slide: Slide) -> Layout | None:
        """The slide's Layout (None when it names none, or one the deck does not hold)."""
        if slide.layout_id is None:
            return None
        return next((lay for lay in self.layouts if lay.id == slide.layout_id), None)

    def master_of(self, layout: Layout) -> Master | None:
        return next((m for m in self.masters if m.id == layout.master), None)

    def find(self, node_id: str) -> tuple[Slide, NodeBase] | None:
        for slide, node in self.iter_nodes():
            if node.id == node_id:
                return slide, node
        return None

    def clone(self) -> "Deck":
        """A deep copy sharing the (append-only, content-addressed) asset store."""
        memo: dict[int, Any] = {id(self._store): self._store}
        return copy.deepcopy(self, memo)

    # -- JSON ----------------------------------------------------------------------------------
    def to_json(self, *, indent: int | None = None) -> str:
        """Compact IR JSON (defaults omitted, but `schema_version` and `slides` always present).
        `Deck.from_json(d.to_json()) == d`."""
        separators = (",", ":") if indent is None else (",", ": ")
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent, separators=separators)

    def to_dict(self) -> dict[str, Any]:
        data = self.model_dump(mode="json", exclude_defaults=True)
        return {"schema_version": self.schema_version, **data, "slides": data.get("slides", [])}

    @classmethod
    def from_json(cls, text: str | bytes, *, where: str = "deck") -> "Deck":
        """Parse and validate IR JSON; errors name the slide, node and field."""
        from ace_core.ir.validate import parse_deck

        return parse_deck(text, where=where)

    def save(self, path: str | Any, *, indent: int | None = None) -> None:
        """Write IR JSON to `path` and the assets to `<stem>.assets/` beside it, atomically."""
        from ace_core.ir.storage import save_deck

        save_deck(self, path, indent=indent)

    @classmethod
    def load(cls, path: str | Any) -> "Deck":
        from ace_core.ir.storage import load_deck

        return load_deck(path)
