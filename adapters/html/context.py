"""The state one HTML write carries: the deck, its assets as URLs, the loss report, def ids."""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass, field
from typing import Literal

from ace_core.errors import BadInputError
from ace_core.ir.deck import Deck
from ace_core.ir.loss import LossReport

__all__ = ["EXT_BY_MIME", "WriteCtx", "def_prefix"]

EXT_BY_MIME = {
    "image/png": "png",
    "image/jpeg": "jpg",
    "image/gif": "gif",
    "image/bmp": "bmp",
    "image/webp": "webp",
    "image/svg+xml": "svg",
    "image/tiff": "tif",
    "image/x-emf": "emf",
    "image/x-wmf": "wmf",
    "image/emf": "emf",
    "image/wmf": "wmf",
}


_UNDRAWABLE = {
    "image/x-emf": "EMF",
    "image/emf": "EMF",
    "image/x-wmf": "WMF",
    "image/wmf": "WMF",
    "image/tiff": "TIFF",
}


def def_prefix(node_id: str) -> str:
    """A per-node prefix for SVG def ids: stable for the node whatever else the deck holds."""
    return "d" + hashlib.sha1(node_id.encode("utf-8")).hexdigest()[:10]


@dataclass
class WriteCtx:
    deck: Deck
    report: LossReport = field(default_factory=LossReport)
    assets: Literal["inline", "external"] = "inline"
    asset_dir_name: str = ""
    embed_source: bool = True
    ooxml: bool = False  # lay text out as PowerPoint does (the deck came from a .pptx)
    slide_id: str | None = None
    missing: set[str] = field(default_factory=set)
    _urls: dict[str, str] = field(default_factory=dict)

    # -- losses --------------------------------------------------------------------------------
    def loss(self, feature: str, reason: str, node_id: str | None = None, severity: str = "warning") -> None:
        self.report.add(
            feature,
            reason,
            slide_id=self.slide_id,
            node_id=node_id,
            severity=severity,  # type: ignore[arg-type]
            stage="write",
            format="html",
        )

    # -- assets --------------------------------------------------------------------------------
    def mime(self, key: str) -> str:
        info = self.deck.assets.get(key)
        return info.mime if info else "application/octet-stream"

    def has_asset(self, key: str | None) -> bool:
        if not key or key in self.missing:
            return False
        if key in self._urls:
            return True
        try:
            self.deck.asset_bytes(key)
        except BadInputError:
            self.missing.add(key)
            return False
        return True

    def check_drawable(self, key: str, node_id: str | None) -> None:
        """Report an image in a format browsers do not draw (EMF, WMF, TIFF)."""
        mime = self.mime(key)
        if mime in _UNDRAWABLE:
            self.loss("image-format", f"{_UNDRAWABLE[mime]} images are not drawn by browsers", node_id)

    def asset_bytes(self, key: str) -> bytes:
        return self.deck.asset_bytes(key)

    def asset_file_name(self, key: str) -> str:
        return f"{key}.{EXT_BY_MIME.get(self.mime(key), 'bin')}"

    def asset_url(self, key: str) -> str:
        """The URL of an asset: a data: URI, or a path in the assets folder beside the file."""
        url = self._urls.get(key)
        if url is None:
            if self.assets == "external":
                url = f"{self.asset_dir_name}/{self.asset_file_name(key)}"
            else:
                data = base64.b64encode(self.deck.asset_bytes(key)).decode("ascii")
                url = f"data:{self.mime(key)};base64,{data}"
            self._urls[key] = url
        return url

    def asset_var(self, key: str) -> str:
        """CSS reference to the asset's custom property, declared once in the head."""
        return f"var(--a-{key})"
