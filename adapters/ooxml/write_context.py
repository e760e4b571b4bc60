"""What the part writers share while writing one part: the package, the deck, losses, shape ids, rels."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ace_core.color import Color
from ace_core.ir.deck import Deck, Theme
from ace_core.ir.loss import LossReport
from ace_core.ir.nodes import NodeBase, Placeholder
from ace_core.ir.text import TextBody
from adapters.ooxml.ns import RT
from adapters.ooxml.package_out import OutPackage

__all__ = ["DeckWriteState", "PartContext", "ThemeResolver", "ext_for_mime"]

_MIME_EXT = {
    "image/png": "png",
    "image/jpeg": "jpeg",
    "image/jpg": "jpeg",
    "image/gif": "gif",
    "image/bmp": "bmp",
    "image/tiff": "tiff",
    "image/svg+xml": "svg",
    "image/x-emf": "emf",
    "image/emf": "emf",
    "image/x-wmf": "wmf",
    "image/wmf": "wmf",
    "image/webp": "webp",
    "image/vnd.ms-photo": "wdp",
}
_MAGIC = [
    (b"\x89PNG", "png"),
    (b"\xff\xd8", "jpeg"),
    (b"GIF8", "gif"),
    (b"BM", "bmp"),
    (b"II*\x00", "tiff"),
    (b"MM\x00*", "tiff"),
    (b"\x01\x00\x00\x00", "emf"),
    (b"\xd7\xcd\xc6\x9a", "wmf"),
]


def ext_for_mime(mime: str | None, data: bytes) -> str:
    """File extension for image bytes: from their magic number first, then the mime type."""
    for magic, ext in _MAGIC:
        if data.startswith(magic):
            return ext
    head = data[:512].lstrip()
    if head.startswith(b"<?xml") or head.startswith(b"<svg"):
        return "svg"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    return _MIME_EXT.get((mime or "").lower(), "png")


# the standard colour map of a master (slide scheme names -> theme slots)
CLR_MAP = {"bg1": "lt1", "tx1": "dk1", "bg2": "lt2", "tx2": "dk2"}


class ThemeResolver:
    """Decides whether a colour that came from a theme reference can be written as a schemeClr:
    only when the reference resolves, in the theme being written, to the same colour."""

    def __init__(self, theme: Theme | None, clr_map: dict[str, str] | None = None) -> None:
        self.theme = theme
        self.clr_map = clr_map if clr_map is not None else CLR_MAP

    def resolves(self, color: Color) -> bool:
        ref = color.ref
        if ref is None or self.theme is None:
            return False
        slot = self.clr_map.get(ref.scheme, ref.scheme)
        base = self.theme.colors.get(slot)
        if base is None:
            return False
        got = base.model_copy(update={"ref": None, "a": 1.0}).apply_mods(ref.mods)
        target = color.model_copy(update={"ref": None})
        if not any(m.op in ("alpha", "alphaMod", "alphaOff") for m in ref.mods):
            got = got.with_alpha(target.a)
        return got.distance(target) <= 1.5 / 255


@dataclass
class DeckWriteState:
    """Deck-wide state of one write."""

    deck: Deck
    pkg: OutPackage
    report: LossReport
    theme: ThemeResolver
    slide_parts: dict[str, str] = field(default_factory=dict)
    """slide id -> slide part name (for links to slides)"""
    image_parts: dict[str, str] = field(default_factory=dict)
    """asset hash -> media part name"""
    mode: Literal["fresh", "patch"] = "fresh"
    carried_themes: set[str] = field(default_factory=set)
    """asset keys of the theme parts written as read (theme_part): their format schemes are kept"""


@dataclass
class PartContext:
    """Writing one part (a slide, a notes slide, a chart): relationships go to `part`."""

    state: DeckWriteState
    part: str
    slide_id: str | None = None
    next_shape_id: int = 2
    shape_ids: dict[str, int] = field(default_factory=dict)
    """node id -> the cNvPr id it was written with"""
    node: NodeBase | None = None
    resolver: ThemeResolver | None = None
    """the theme and colour map this part's colours resolve in (None: the deck's, standard map)"""
    bound: dict[str, Placeholder] | None = None
    """fresh slides: the p:ph each placeholder node is written with (its layout's idx); None =
    every node's own `placeholder`"""
    inherit_box: set[str] = field(default_factory=set)
    """placeholder nodes written without a:xfrm: their box is their layout's / master's"""
    inherited_text: dict[str, TextBody] = field(default_factory=dict)
    """placeholder node id -> the text body of the placeholder it inherits from (what a bodyPr
    attribute left out falls back to)"""

    @property
    def theme(self) -> ThemeResolver:
        return self.resolver or self.state.theme

    @property
    def deck(self) -> Deck:
        return self.state.deck

    @property
    def pkg(self) -> OutPackage:
        return self.state.pkg

    def loss(self, feature: str, reason: str, severity: Literal["info", "warning", "error"] = "warning") -> None:
        self.state.report.add(
            feature,
            reason,
            slide_id=self.slide_id,
            node_id=self.node.id if self.node is not None else None,
            severity=severity,
            stage="write",
            format="pptx",
        )

    def shape_id(self, node_id: str | None = None) -> int:
        """A fresh cNvPr id for this part (remembered for `node_id`, so connectors can find it)."""
        sid = self.next_shape_id
        self.next_shape_id += 1
        if node_id is not None:
            self.shape_ids.setdefault(node_id, sid)
        return sid

    def image_rel(self, asset: str, rtype: str = RT.IMAGE) -> str:
        """rId of a relationship from this part to the media part holding asset `asset`."""
        name = self.state.image_parts.get(asset)
        if name is None or not self.pkg.exists(name):
            data = self.deck.asset_bytes(asset)
            info = self.deck.assets.get(asset)
            ext = ext_for_mime(info.mime if info else None, data)
            name = self.pkg.add_media(data, ext)
            self.state.image_parts[asset] = name
        return self.pkg.relate(self.part, rtype, name)

    def media_rel(self, data: bytes, ext: str, rtype: str = RT.IMAGE) -> str:
        """rId of a relationship to new media bytes (e.g. a rasterized SVG fallback)."""
        name = self.pkg.add_media(data, ext)
        return self.pkg.relate(self.part, rtype, name)

    def link_rel(self, target: str) -> tuple[str, str | None]:
        """(rId, action) of a hyperlink: a URL, or '#slide:<id>' -> a jump to that slide."""
        if target.startswith("ppaction://"):  # an action without a target (play media, end show...)
            return "", target
        if target.startswith("#slide:"):
            part = self.state.slide_parts.get(target[len("#slide:") :])
            if part is not None:
                return self.pkg.relate(self.part, RT.SLIDE, part), "ppaction://hlinksldjump"
            return "", None
        return self.pkg.relate(self.part, RT.HYPERLINK, target, external=True), None
