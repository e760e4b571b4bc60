"""The files a written Figma JSON stands on: the images folder (`<name>.images/` or --images DIR)
with one file per imageRef, converted to what a Figma image fill can show (PNG / JPEG / GIF /
WebP), the image map `images.json` in the shape of GET /v1/files/:key/images, and, with the IR
copy, every other asset that copy references (SVG originals, embedded objects, chart workbooks,
picture bullets) as `<asset key>.<ext>`, so that reading the JSON back finds them all."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ace_core.errors import AceError
from ace_core.fsutil import atomic_write_bytes, atomic_write_text
from ace_core.ir.asset_refs import referenced_assets
from ace_core.ir.deck import Deck
from ace_core.ir.loss import LossReport
from adapters.figma.context import EXT_FOR_MIME, FORMAT_NAME, sniff_mime

__all__ = ["IMAGE_MAP", "figma_image", "write_files"]

IMAGE_MAP = "images.json"
_FIGMA_IMAGES = {"image/png", "image/jpeg", "image/gif", "image/webp"}
_RASTER_WIDTH = 1920.0  # px: SVG pictures are drawn at about twice this, at most 4x their own size


def _loss(report: LossReport, feature: str, reason: str, severity: str = "info") -> None:
    report.add(feature, reason, severity=severity, stage="write", format=FORMAT_NAME)  # type: ignore[arg-type]


def figma_image(deck: Deck, key: str, report: LossReport) -> tuple[bytes, str]:
    """(bytes, extension) of an image asset as a Figma image fill can hold it: SVG drawn as PNG,
    metafiles and TIFF converted (LibreOffice / Pillow); other formats as they are (reported)."""
    data = deck.asset_bytes(key)
    info = deck.assets.get(key)
    mime = info.mime if info is not None and info.mime != "application/octet-stream" else sniff_mime(data)
    if mime in _FIGMA_IMAGES:
        return data, EXT_FOR_MIME[mime]
    from ace_core.drawing.raster import svg_to_png
    from ace_core.metafiles import UNDRAWABLE_MIMES, to_web_images

    if mime in UNDRAWABLE_MIMES:
        converted = to_web_images({key: (mime, data)}).get(key)
        if converted is not None:
            mime, data = converted
    if mime == "image/svg+xml":
        png = svg_to_png(data, _RASTER_WIDTH, 0.0)
        if png is not None:
            _loss(report, "image-format", f"picture {key[:12]} ({info.mime if info else mime}) written as PNG")
            return png, "png"
    if mime in _FIGMA_IMAGES:
        _loss(report, "image-format", f"picture {key[:12]} ({info.mime if info else '?'}) converted to {mime}")
        return data, EXT_FOR_MIME[mime]
    _loss(report, "image-format", f"picture {key[:12]} is {mime}, which a Figma image fill cannot show", "warning")
    return data, EXT_FOR_MIME.get(mime, "bin")


def write_files(
    deck: Deck, images: dict[str, str], folder: Path, *, embed_ir: bool, report: LossReport
) -> dict[str, str]:
    """Write the images ({imageRef: asset key}), the image map and, with `embed_ir`, the other
    assets the IR references into `folder`; returns {imageRef: file name}."""
    names: dict[str, str] = {}
    for ref, key in sorted(images.items()):
        try:
            data, ext = figma_image(deck, key, report)
        except AceError as exc:  # bytes missing from the store: the imageRef stays, unresolved
            _loss(report, "missing-image", f"image {ref} not written: {exc.message}", "warning")
            continue
        names[ref] = f"{ref}.{ext}"
        target = folder / names[ref]
        if not target.is_file() or target.stat().st_size != len(data):
            atomic_write_bytes(target, data)
    if embed_ir:
        for key in sorted(referenced_assets(deck.slides) - set(images.values())):
            if not deck.store.has(key):
                continue
            info = deck.assets.get(key)
            ext = EXT_FOR_MIME.get(info.mime if info else "", "bin")
            target = folder / f"{key}.{ext}"
            if not target.is_file():
                atomic_write_bytes(target, deck.asset_bytes(key))
    if names:
        image_map: dict[str, Any] = {"error": False, "status": 200, "meta": {"images": names}}
        atomic_write_text(folder / IMAGE_MAP, json.dumps(image_map, indent=1, sort_keys=True))
    return names
