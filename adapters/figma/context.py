"""State shared while reading one Figma file: the deck being built, the loss report, image lookup."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ace_core.errors import BadInputError
from ace_core.fsutil import read_confined, read_input
from ace_core.ir.deck import Deck
from ace_core.ir.loss import LossReport

__all__ = ["FORMAT_NAME", "NOTES_NAME", "ImageResolver", "ReadContext", "kids", "num", "sniff_mime", "word"]

FORMAT_NAME = "figma"
NOTES_NAME = "Speaker notes"  # the hidden TEXT layer of a slide frame that holds its speaker notes

_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
    (b"%PDF", "application/pdf"),
)
EXT_FOR_MIME = {
    "image/png": "png",
    "image/jpeg": "jpg",
    "image/gif": "gif",
    "image/webp": "webp",
    "image/svg+xml": "svg",
    "application/pdf": "pdf",
}


def sniff_mime(data: bytes) -> str:
    """MIME type of image bytes from their magic number."""
    for magic, mime in _MAGIC:
        if data.startswith(magic):
            return mime
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    head = data[:512].lstrip().lower()
    if head.startswith(b"<svg") or (head.startswith(b"<?xml") and b"<svg" in data[:2048].lower()):
        return "image/svg+xml"
    return "application/octet-stream"


def word(value: Any) -> str:
    """A JSON string, or '' for anything else (so enum lookups never meet lists or dicts)."""
    return value if isinstance(value, str) else ""


def kids(node: dict[str, Any]) -> list[dict[str, Any]]:
    """A node's children that are JSON objects with a string id (anything else is skipped)."""
    children = node.get("children")
    if not isinstance(children, list):
        return []
    return [c for c in children if isinstance(c, dict) and isinstance(c.get("id"), str)]


def num(value: Any, default: float = 0.0) -> float:
    """A JSON number, or `default` for null / missing / non-numbers (REST responses hold nulls)."""
    kind = type(value)
    if kind is float:
        return value if value - value == 0.0 else default  # NaN and infinities fail this
    if kind is int:
        return float(value)
    return default


class ImageResolver:
    """imageRef -> bytes, from an images folder (files named `<imageRef>` or `<imageRef>.<ext>`)
    and / or a map file: `{"<imageRef>": "path or file:// URL"}`, or the GET /v1/files/:key/images
    response `{"meta": {"images": {...}}}`. Paths in a map file are relative to the map file and
    must stay inside its folder (a map from someone else must not pull any file of the machine in).
    http(s) URLs are never fetched (no network); such an image counts as missing."""

    def __init__(
        self, images_dir: Path | None = None, image_map: Path | None = None, memory: dict[str, bytes] | None = None
    ) -> None:
        self.memory = memory or {}
        self.dirs: list[Path] = [images_dir] if images_dir is not None else []
        self.map: dict[str, str] = {}
        self.map_base: Path | None = None
        self._index: dict[str, Path] | None = None
        if image_map is not None:
            self.map = _load_map(image_map)
            self.map_base = image_map.parent

    def add_dir(self, directory: Path) -> None:
        if directory.is_dir() and directory not in self.dirs:
            self.dirs.append(directory)
            self._index = None

    def _files(self) -> dict[str, Path]:
        if self._index is None:
            index: dict[str, Path] = {}
            for d in self.dirs:
                if not d.is_dir():
                    continue
                for p in sorted(d.iterdir()):
                    if p.is_file():
                        index.setdefault(p.name, p)
                        index.setdefault(p.name.split(".", 1)[0], p)
            self._index = index
        return self._index

    def resolve(self, ref: str) -> tuple[bytes | None, str]:
        """(bytes, '') when found, else (None, why not)."""
        if ref in self.memory:
            return self.memory[ref], ""
        target = self.map.get(ref)
        if target is not None:
            if target.startswith(("http://", "https://")):
                return None, "the image map gives a URL, which is not fetched (save the image into --images)"
            path = Path(target.removeprefix("file://"))
            base = self.map_base if self.map_base is not None else Path.cwd()
            data = read_confined(base, _inside(path, base)) if "\0" not in target else None
            if data is None:
                return None, (
                    f"the image map points to {str(path)[:200]}, which is not a regular file inside the"
                    f" map's folder {base}"
                )
            return data, ""
        found = self._files().get(ref)
        if found is not None:
            data = read_confined(found.parent, found.name)
            if data is None:
                return None, f"{found} is not a regular file inside the images folder (a link out of it?)"
            return data, ""
        if not self.dirs and not self.map:
            return None, "no images folder or image map given (use --images DIR or --image-map FILE)"
        return None, "not in the images folder or the image map"


def _inside(path: Path, base: Path) -> str:
    """`path` as a name relative to `base` ('' when it is absolute and outside it)."""
    if not path.is_absolute():
        return str(path)
    try:
        return str(path.resolve().relative_to(base.resolve()))
    except (OSError, RuntimeError, ValueError):
        return ""


def _load_map(path: Path) -> dict[str, str]:
    try:
        raw = read_input(path, limit=64 * 1024 * 1024)
    except BadInputError as exc:
        raise BadInputError(f"image map: {exc.what}", where=str(path), hint="check the --image-map path") from exc
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise BadInputError(
            "image map is not valid JSON", where=str(path), hint='give {"<imageRef>": "<path>"}'
        ) from exc
    if isinstance(data, dict) and isinstance(data.get("meta"), dict):
        data = data["meta"].get("images", data["meta"])
    elif isinstance(data, dict) and isinstance(data.get("images"), dict):
        data = data["images"]
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        raise BadInputError(
            "image map must map imageRef strings to paths", where=str(path), hint='give {"<imageRef>": "<path>"}'
        )
    return data


@dataclass
class ReadContext:
    """What a read carries from node to node."""

    deck: Deck
    report: LossReport
    images: ImageResolver
    slide_id: str | None = None
    image_assets: dict[str, tuple[str | None, str]] = field(default_factory=dict)
    apply_overrides: bool = True
    ids: set[str] = field(default_factory=set)

    def claim(self, ident: str) -> str:
        """`ident`, or `ident~2`, `~3`... when the deck already has it (a node picked twice with
        --nodes, or ids repeated in a hand-made file): IR ids are unique per deck."""
        unique, k = ident, 2
        while unique in self.ids:
            unique, k = f"{ident}~{k}", k + 1
        if unique != ident:
            self.loss("duplicate-id", f"id {ident} is used twice; this copy is {unique}", ident, "info")
        self.ids.add(unique)
        return unique

    def loss(
        self,
        feature: str,
        reason: str,
        node_id: str | None = None,
        severity: Literal["info", "warning", "error"] = "warning",
    ) -> None:
        self.report.add(feature, reason, slide_id=self.slide_id, node_id=node_id, severity=severity, format=FORMAT_NAME)

    def image_asset(self, ref: str) -> tuple[str | None, str]:
        """Asset key for an imageRef (added to the deck once), or (None, why missing)."""
        if ref not in self.image_assets:
            data, why = self.images.resolve(ref)
            key = self.deck.add_asset(data, sniff_mime(data), name=ref) if data is not None else None
            self.image_assets[ref] = (key, why)
        return self.image_assets[ref]
