"""Images for the tools: a local, offline image library (an index of files with tags, orientation,
dominant colour and attribution), local files, and an Unsplash provider used only with a key."""

from __future__ import annotations

import json
import os
import re
import struct
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ace_core.color import Color
from ace_core.errors import BadInputError, ToolError, UnsupportedError

__all__ = ["ImageLibrary", "LoadedImage", "UnsplashProvider", "image_size", "load_image_file", "sniff_mime"]

MAX_IMAGE_BYTES = 50 * 1024 * 1024
UNSPLASH_KEY_ENV = "UNSPLASH_ACCESS_KEY"
LIBRARY_ENV = "ACE_IMAGE_LIBRARY"
COLOR_NAMES = {
    "black": "#111111",
    "white": "#F5F5F5",
    "yellow": "#F2C94C",
    "orange": "#F2994A",
    "red": "#D64545",
    "purple": "#8E5CC4",
    "magenta": "#D63C9A",
    "green": "#4CAF50",
    "teal": "#2A9D8F",
    "blue": "#3D7CC9",
}


@dataclass
class LoadedImage:
    data: bytes
    mime: str
    width: float
    height: float
    meta: dict[str, Any] = field(default_factory=dict)


def sniff_mime(data: bytes) -> str | None:
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8"):
        return "image/jpeg"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "image/gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    head = data[:1024].lstrip().lower()
    if head.startswith(b"<svg") or (head.startswith(b"<?xml") and b"<svg" in data[:4096].lower()):
        return "image/svg+xml"
    return None


def image_size(data: bytes, mime: str) -> tuple[float, float]:
    """Natural size in px (0, 0 when unknown)."""
    try:
        if mime == "image/png" and len(data) >= 24:
            w, h = struct.unpack(">II", data[16:24])
            return float(w), float(h)
        if mime == "image/gif" and len(data) >= 10:
            w, h = struct.unpack("<HH", data[6:10])
            return float(w), float(h)
        if mime == "image/jpeg":
            return _jpeg_size(data)
        if mime == "image/svg+xml":
            from backends.scenegraph.svgshapes import parse_svg

            doc = parse_svg(data.decode("utf-8", "replace"))
            return doc.width, doc.height
    except (struct.error, ToolError, UnicodeDecodeError):
        pass
    return 0.0, 0.0


def _jpeg_size(data: bytes) -> tuple[float, float]:
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            i += 1
            continue
        marker = data[i + 1]
        if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            h, w = struct.unpack(">HH", data[i + 5 : i + 9])
            return float(w), float(h)
        seg = struct.unpack(">H", data[i + 2 : i + 4])[0]
        i += 2 + seg
    return 0.0, 0.0


def load_image_file(path: str | os.PathLike[str], field_name: str = "source") -> LoadedImage:
    p = Path(path).expanduser()
    if not p.is_file():
        raise ToolError(f"no image file at {str(p)!r}", field=field_name, hint="give a library image id or a file path")
    size = p.stat().st_size
    if size > MAX_IMAGE_BYTES:
        raise ToolError(f"image file is {size} bytes, over the {MAX_IMAGE_BYTES} byte limit", field=field_name)
    data = p.read_bytes()
    mime = sniff_mime(data)
    if mime is None:
        raise ToolError(f"{p.name} is not a PNG, JPEG, GIF, WEBP or SVG image", field=field_name)
    w, h = image_size(data, mime)
    return LoadedImage(data, mime, w, h, {"file": p.name})


def _default_library_dir() -> Path | None:
    env = os.environ.get(LIBRARY_ENV)
    if env:
        return Path(env)
    here = Path(__file__).resolve().parents[2] / "fixtures" / "images"
    return here if (here / "index.json").is_file() else None


class ImageLibrary:
    """A directory with `index.json`: {"images": [{id, file, description, tags, width, height,
    orientation, color, color_name, attribution{photographer, source, license, url}}]}."""

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        self.directory = Path(directory) if directory is not None else _default_library_dir()
        self._entries: list[dict[str, Any]] | None = None

    @property
    def entries(self) -> list[dict[str, Any]]:
        if self._entries is None:
            self._entries = []
            if self.directory is not None and (self.directory / "index.json").is_file():
                try:
                    data = json.loads((self.directory / "index.json").read_text(encoding="utf-8"))
                except (OSError, json.JSONDecodeError) as exc:
                    raise BadInputError(f"cannot read the image index: {exc}", where=str(self.directory)) from exc
                self._entries = list(data.get("images", []))
        return self._entries

    def get(self, image_id: str) -> dict[str, Any] | None:
        return next((e for e in self.entries if e.get("id") == image_id), None)

    def search(self, query: str, *, orientation: str | None = None, color: str | None = None) -> list[dict[str, Any]]:
        words = [w for w in re.findall(r"[a-z0-9]+", query.lower()) if w]
        target = _color_target(color)
        scored = []
        for entry in self.entries:
            if orientation and entry.get("orientation") != orientation:
                continue
            if color and not _color_matches(entry, color, target):
                continue
            hay_tags = {t.lower() for t in entry.get("tags", [])}
            hay_text = set(re.findall(r"[a-z0-9]+", (entry.get("description") or "").lower()))
            score = sum(3 if w in hay_tags else 1 if w in hay_text else 0 for w in words)
            if query.strip() == "*":
                score = 1
            if score > 0:
                scored.append((-score, entry.get("id", ""), entry))
        return [e for _, _, e in sorted(scored, key=lambda t: (t[0], t[1]))]

    def hit(self, entry: dict[str, Any]) -> dict[str, Any]:
        thumb = self.directory / entry["file"] if self.directory is not None and entry.get("file") else None
        return {
            "id": entry.get("id"),
            "description": entry.get("description", ""),
            "width": entry.get("width"),
            "height": entry.get("height"),
            "orientation": entry.get("orientation"),
            "color": entry.get("color"),
            "tags": entry.get("tags", []),
            "attribution": entry.get("attribution", {}),
            "thumbnail": str(thumb) if thumb else None,
        }

    def load(self, image_id: str, field_name: str = "imageId") -> LoadedImage:
        entry = self.get(image_id)
        if entry is None:
            raise ToolError(
                f"no library image with id {image_id!r}", field=field_name, hint="search_unsplash_images lists ids"
            )
        assert self.directory is not None
        img = load_image_file(self.directory / entry["file"], field_name)
        img.meta = {"library_id": image_id, "attribution": entry.get("attribution", {})}
        if entry.get("description"):
            img.meta["description"] = entry["description"]
        return img


def _color_target(color: str | None) -> Color | None:
    if not color:
        return None
    key = color.lower()
    if key in COLOR_NAMES:
        return Color.from_hex(COLOR_NAMES[key])
    try:
        return Color.from_hex(color)
    except ValueError:
        return None


def _color_matches(entry: dict[str, Any], color: str, target: Color | None) -> bool:
    name = color.lower()
    if name == "black_and_white":
        return entry.get("color_name") in ("black", "white", "gray", "black_and_white")
    if name == entry.get("color_name"):
        return True
    if target is None or not entry.get("color"):
        return False
    try:
        return Color.from_hex(entry["color"]).distance(target) <= 0.25
    except ValueError:
        return False


class UnsplashProvider:
    """The Unsplash API (only when UNSPLASH_ACCESS_KEY is set). Ids are 'unsplash:<photo id>'."""

    API = "https://api.unsplash.com"

    def __init__(self, key: str | None = None, timeout: float = 20.0) -> None:
        self.key = key if key is not None else os.environ.get(UNSPLASH_KEY_ENV)
        self.timeout = timeout

    @property
    def enabled(self) -> bool:
        return bool(self.key)

    def _get(self, url: str) -> Any:
        if not self.key:
            raise UnsupportedError("no Unsplash key configured", hint=f"set {UNSPLASH_KEY_ENV}")
        req = urllib.request.Request(url, headers={"Authorization": f"Client-ID {self.key}", "Accept-Version": "v1"})
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                body = resp.read(MAX_IMAGE_BYTES + 1)
        except OSError as exc:
            raise ToolError(f"Unsplash request failed: {exc}", hint="check the network and the key") from exc
        if len(body) > MAX_IMAGE_BYTES:
            raise ToolError("Unsplash answer is too large")
        return body

    def search(
        self, query: str, *, orientation: str | None, color: str | None, count: int, page: int
    ) -> dict[str, Any]:
        params = {"query": query, "per_page": count, "page": page}
        if orientation:
            params["orientation"] = orientation
        if color:
            params["color"] = color
        data = json.loads(self._get(f"{self.API}/search/photos?{urllib.parse.urlencode(params)}"))
        images = [
            {
                "id": f"unsplash:{r['id']}",
                "description": r.get("description") or r.get("alt_description") or "",
                "width": r.get("width"),
                "height": r.get("height"),
                "color": r.get("color"),
                "attribution": {
                    "photographer": (r.get("user") or {}).get("name"),
                    "url": ((r.get("user") or {}).get("links") or {}).get("html"),
                    "source": "Unsplash",
                },
                "thumbnail": (r.get("urls") or {}).get("thumb"),
            }
            for r in data.get("results", [])
        ]
        return {"total": data.get("total", len(images)), "images": images}

    def load(self, image_id: str) -> LoadedImage:
        photo_id = image_id.split(":", 1)[1]
        info = json.loads(self._get(f"{self.API}/photos/{urllib.parse.quote(photo_id)}"))
        location = (info.get("links") or {}).get("download_location")
        if location:
            self._get(location)  # the API guidelines ask to count downloads
        data = self._get((info.get("urls") or {}).get("regular", ""))
        mime = sniff_mime(data) or "image/jpeg"
        w, h = image_size(data, mime)
        user = info.get("user") or {}
        meta = {
            "library_id": image_id,
            "attribution": {
                "photographer": user.get("name"),
                "url": (user.get("links") or {}).get("html"),
                "source": "Unsplash",
            },
        }
        return LoadedImage(data, mime, w, h, meta)
