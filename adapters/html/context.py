"""The state one HTML write carries: the deck, its assets as URLs, the loss report, def ids."""

from __future__ import annotations

import base64
import hashlib
import html
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from ace_core.assets import asset_path
from ace_core.ir.deck import Deck
from ace_core.ir.loss import LossReport

__all__ = ["EXT_BY_MIME", "INLINE_BUDGET", "INLINE_MAX", "WriteCtx", "def_prefix"]

MiB = 1024 * 1024
INLINE_MAX = 16 * MiB
"""the largest asset an inline HTML file embeds as a data: URI; larger ones go beside the file"""
INLINE_BUDGET = 64 * MiB
"""the most asset bytes one HTML file inlines; past it, assets go beside the file"""
CSS_VALUE_MAX = 2 * MiB - 4096
"""the longest data: URL an image may have inline: Chromium drops a custom property whose value is
over 2 MiB (and the picture with it), so a larger picture is re-encoded to fit (see `fitted_image`)"""

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


_SVG_TEXT = re.compile(r"<text\b[^>]*>(.*?)</text>", re.S)
_TAG = re.compile(r"<[^>]+>")
_UNDRAWABLE = {
    "image/x-emf": "EMF",
    "image/emf": "EMF",
    "image/x-wmf": "WMF",
    "image/wmf": "WMF",
    "image/tiff": "TIFF",
}


def _b64_len(n: int) -> int:
    return (n + 2) // 3 * 4


def _b64_len_inv(chars: int) -> int:
    return chars // 4 * 3


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
    slide_number: int | None = None
    """the slide being written, counted from 1 (what a slide-number field shows)"""
    missing: set[str] = field(default_factory=set)
    inline_max: int = INLINE_MAX
    """inline mode: an asset larger than this (bytes) is written beside the file instead"""
    inline_budget: int = INLINE_BUDGET
    """inline mode: once this many bytes are inlined, further assets are written beside the file"""
    beside: set[str] = field(default_factory=set)
    """assets written to the assets folder beside the file (all of them in external mode)"""
    _inlined: int = 0
    _urls: dict[str, str] = field(default_factory=dict)
    _svg_text: dict[str, int] = field(default_factory=dict)
    drawn: set[str] = field(default_factory=set)
    """assets the page draws (referenced through `asset_var`); the others are kept for read-back"""

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
        if not self.deck.store.has(key):
            self.missing.add(key)
            return False
        return True

    def check_drawable(self, key: str, node_id: str | None, *, text_shown: bool = False) -> None:
        """Report an image in a format browsers do not draw (EMF, WMF, TIFF), and an SVG picture
        whose text stays pixels (not when `text_shown`: it is put inline as real text)."""
        mime = self.mime(key)
        if mime in _UNDRAWABLE:
            self.loss("image-format", f"{_UNDRAWABLE[mime]} images are not drawn by browsers", node_id)
        elif mime == "image/svg+xml" and not text_shown and self.svg_text_chars(key):
            self.loss(
                "picture-text",
                f"the picture (SVG, or an EMF / WMF drawn as SVG) draws {self.svg_text_chars(key)} letters and"
                " digits of text; they are shown as part of the image, not as HTML text",
                node_id,
            )

    def svg_text_chars(self, key: str) -> int:
        """How many letters and digits an SVG picture draws as text (its <text> elements)."""
        if key not in self._svg_text:
            svg = self.asset_bytes(key).decode("utf-8", "replace")
            shown = " ".join(_TAG.sub("", t) for t in _SVG_TEXT.findall(svg))
            self._svg_text[key] = sum(ch.isalnum() for ch in html.unescape(shown))
        return self._svg_text[key]

    def asset_bytes(self, key: str) -> bytes:
        return self.deck.asset_bytes(key)

    def asset_file_name(self, key: str) -> str:
        return f"{key}.{EXT_BY_MIME.get(self.mime(key), 'bin')}"

    def _over_inline(self, size: int) -> bool:
        """Whether an asset of `size` bytes not yet given a URL goes to the assets folder."""
        return bool(
            self.assets == "inline"
            and self.asset_dir_name
            and (size > self.inline_max or self._inlined + size > self.inline_budget)
        )

    def url_fits(self, key: str) -> bool:
        """Whether the asset, as it is, can be drawn from its URL: a file beside the page, or a
        data: URL within the 2 MiB a CSS value holds (a larger picture is re-encoded or left out)."""
        url = self._urls.get(key)
        if url is not None:
            return not url.startswith("data:") or len(url) <= CSS_VALUE_MAX
        size = self.deck.store.size(key)
        if self.assets == "external" or key in self.beside or self._over_inline(size):
            return True
        return _b64_len(size) + len(self.mime(key)) + 13 <= CSS_VALUE_MAX

    def asset_url(self, key: str) -> str:
        """The URL of an asset: a data: URI, or a path in the assets folder beside the file."""
        url = self._urls.get(key)
        if url is None:
            size = self.deck.store.size(key)
            if self._over_inline(size):
                why = "over the inline limit" if size > self.inline_max else "past the inline budget of the file"
                self.loss(
                    "asset-beside",
                    f"asset {key} ({size / MiB:.1f} MiB) is written to {self.asset_dir_name}/ beside the file, "
                    f"not inlined ({why})",
                    None,
                    "info",
                )
                self.beside.add(key)
            if self.assets == "external" or key in self.beside:
                self.beside.add(key)
                url = f"{self.asset_dir_name}/{self.asset_file_name(key)}"
            else:
                self._inlined += size
                url = self._data_url(key)
            self._urls[key] = url
        return url

    def _data_url(self, key: str) -> str:
        mime, data = self.mime(key), self.deck.asset_bytes(key)
        if mime.startswith("image/") and _b64_len(len(data)) + len(mime) + 13 > CSS_VALUE_MAX:
            from adapters.html.fit_image import fitted_image

            fitted = fitted_image(data, _b64_len_inv(CSS_VALUE_MAX - 64))
            if fitted is None and key not in self.drawn:  # e.g. an SVG whose raster picture is drawn
                self.loss(
                    "asset-too-large",
                    f"asset {key} ({len(data) / MiB:.1f} MiB) is over the 2 MiB a browser reads from one CSS"
                    " value; the page does not draw it, the file keeps it for read-back",
                    None,
                    "info",
                )
            elif fitted is None:
                self.loss(
                    "asset-too-large",
                    f"picture {key} ({len(data) / MiB:.1f} MiB) is over the 2 MiB a browser draws from one CSS "
                    "value and cannot be re-encoded; browsers leave it out",
                )
            else:
                mime, data, how = fitted
                self.loss(
                    "asset-reencoded",
                    f"picture {key} ({len(self.deck.asset_bytes(key)) / MiB:.1f} MiB) re-encoded as {how} "
                    f"({len(data) / MiB:.1f} MiB) to fit the 2 MiB a browser draws from one CSS value",
                    None,
                    "warning" if "animation" in how and "lost" in how else "info",
                )
        return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"

    def write_beside(self, folder: Path) -> None:
        """Write the assets that are referenced from the assets folder into `folder`."""
        for key in sorted(self.beside):
            target = asset_path(folder, self.asset_file_name(key))
            if not target.exists():
                self.deck.store.copy_to(key, target)

    def asset_var(self, key: str) -> str:
        """CSS reference to the asset's custom property, declared once in the head."""
        self.drawn.add(key)
        return f"var(--a-{key})"
