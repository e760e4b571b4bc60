"""Pictures browsers cannot draw (EMF, WMF, TIFF) made drawable: metafiles become SVG through
LibreOffice (one soffice process for all of a deck's metafiles, results cached on disk by content
hash), TIFF becomes PNG through Pillow. Writers for the web (HTML) substitute the results."""

from __future__ import annotations

import hashlib
import io
import re
import tempfile
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ace_core.errors import AceError
from ace_core.ir.asset_refs import referenced_assets
from ace_core.ir.deck import Deck
from ace_core.ir.style import ImagePaint
from ace_core.ir.text import Bullet

__all__ = ["METAFILE_MIMES", "UNDRAWABLE_MIMES", "cache_dir", "drawable_deck", "to_web_images"]

METAFILE_MIMES = {"image/x-emf": "emf", "image/emf": "emf", "image/x-wmf": "wmf", "image/wmf": "wmf"}
UNDRAWABLE_MIMES = {**METAFILE_MIMES, "image/tiff": "tif", "image/x-tiff": "tif"}
_CACHE_VERSION = "2"
# LibreOffice's SVG export of a picture on a page: the picture's box is a BoundingBox rect (1/100 mm)
_BBOX = re.compile(r'<rect class="BoundingBox"[^>]*?\bx="(-?[\d.]+)" y="(-?[\d.]+)" width="([\d.]+)" height="([\d.]+)"')
_SVG_ROOT = re.compile(r"<svg\b[^>]*>", re.S)
_FONT = re.compile(r'font-family="([^"]*)"')  # LibreOffice names fonts browsers may lack: add a fallback
_PX_PER_MM100 = 96 / 2540


def cache_dir() -> Path:
    """Where converted pictures are cached (ace_core.fsutil.cache_root() / pictures)."""
    from ace_core.fsutil import cache_root

    return cache_root() / "pictures"


def _crop_svg(svg: str) -> str | None:
    """The page-sized SVG cropped to the picture's box, stretched to whatever box shows it."""
    m = _BBOX.search(svg)
    root = _SVG_ROOT.search(svg)
    if not m or not root:
        return None
    x, y, w, h = (float(v) for v in m.groups())
    if w <= 0 or h <= 0:
        return None
    attrs = re.sub(r'\s(width|height|viewBox|preserveAspectRatio)="[^"]*"', "", root.group(0)[len("<svg") : -1])
    new_root = (
        f'<svg width="{w * _PX_PER_MM100:.2f}" height="{h * _PX_PER_MM100:.2f}" '
        f'viewBox="{x:g} {y:g} {w:g} {h:g}" preserveAspectRatio="none"{attrs}>'
    )
    body = _FONT.sub(lambda f: f'font-family="{f.group(1)}, DejaVu Sans, sans-serif"', svg[root.end() :])
    return svg[: root.start()] + new_root + body


def _tiff_to_png(data: bytes) -> bytes | None:
    try:
        from PIL import Image

        with Image.open(io.BytesIO(data)) as im:
            out = io.BytesIO()
            im.convert("RGBA").save(out, "PNG")
            return out.getvalue()
    except Exception:  # Pillow raises assorted errors on broken files
        return None


def to_web_images(items: dict[str, tuple[str, bytes]], *, timeout: float = 120.0) -> dict[str, tuple[str, bytes]]:
    """{key: (mime, bytes)} of undrawable pictures -> {key: (new mime, new bytes)} for those that
    could be converted. Metafiles need LibreOffice; without it they are left out (not an error)."""
    out: dict[str, tuple[str, bytes]] = {}
    todo: dict[str, tuple[str, bytes, Path]] = {}
    cache = cache_dir()
    for key, (mime, data) in items.items():
        if mime in ("image/tiff", "image/x-tiff"):
            png = _tiff_to_png(data)
            if png is not None:
                out[key] = ("image/png", png)
            continue
        ext = METAFILE_MIMES.get(mime)
        if ext is None:
            continue
        digest = hashlib.sha256(data).hexdigest()
        cached = cache / f"{digest}.v{_CACHE_VERSION}.svg"
        if cached.is_file():
            out[key] = ("image/svg+xml", cached.read_bytes())
        else:
            todo[key] = (ext, data, cached)
    if not todo:
        return out
    from ace_core.soffice import convert_many, has_soffice

    if not has_soffice():
        return out
    with tempfile.TemporaryDirectory(prefix="ace-pictures-") as tmp:
        folder = Path(tmp)
        srcs = []
        for n, (ext, data, _) in enumerate(todo.values()):
            src = folder / f"p{n}.{ext}"
            src.write_bytes(data)
            srcs.append(src)
        try:
            outs, _ = convert_many(srcs, folder / "svg", "svg", timeout=timeout, where="picture conversion")
        except AceError:
            return out
        for (key, (_, _, cached)), result in zip(todo.items(), outs, strict=True):
            if result is None:
                continue
            svg = _crop_svg(result.read_text(encoding="utf-8", errors="replace"))
            if svg is None:
                continue
            data = svg.encode("utf-8")
            try:
                from ace_core.fsutil import atomic_write_bytes

                atomic_write_bytes(cached, data)
            except OSError:
                pass  # a read-only cache only costs time
            out[key] = ("image/svg+xml", data)
    return out


def _substitute(value: Any, mapping: dict[str, str]) -> None:
    """Replace picture asset keys in place, through every model and list below `value`."""
    if isinstance(value, ImagePaint):
        if value.asset in mapping:
            value.asset = mapping[value.asset]
        return
    if isinstance(value, Bullet):
        if value.picture_asset in mapping:
            value.picture_asset = mapping[value.picture_asset]
        return
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            _substitute(getattr(value, name), mapping)
    elif isinstance(value, list | tuple):
        for item in value:
            _substitute(item, mapping)


def drawable_deck(deck: Deck) -> tuple[Deck, dict[str, tuple[str, str]]]:
    """`deck` with its EMF / WMF / TIFF pictures replaced by drawable ones (a copy; the input is
    untouched), and {old key: (old mime, new mime)} of what was converted."""
    used: dict[str, tuple[str, bytes]] = {}
    for key, info in deck.assets.items():
        if info.mime in UNDRAWABLE_MIMES:
            try:
                used[key] = (info.mime, deck.asset_bytes(key))
            except AceError:
                continue
    if not used:
        return deck, {}
    converted = to_web_images(used)
    if not converted:
        return deck, {}
    copy = deck.clone()
    mapping: dict[str, str] = {}
    notes: dict[str, tuple[str, str]] = {}
    for key, (mime, data) in converted.items():
        mapping[key] = copy.add_asset(data, mime, name=deck.assets[key].name)
        notes[key] = (deck.assets[key].mime, mime)
    for slide in copy.slides:
        _substitute(slide, mapping)
    still_used = referenced_assets(copy.slides)
    for key in mapping:
        if key not in still_used:
            copy.assets.pop(key, None)
    return copy, notes
