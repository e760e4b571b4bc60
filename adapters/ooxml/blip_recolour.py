"""Picture recolouring of an a:blip (duotone, greyscale, black and white, brightness / contrast) baked
into a new PNG, so every writer and renderer shows the picture as PowerPoint and LibreOffice do.

Themes use this for their textured backgrounds (a grey photo duotoned into the theme's colours by
a bgRef); pictures use it for "Recolor". The IR has no recolouring of its own, so the reader
stores the recoloured picture as the paint's asset (and says so in the loss report)."""

from __future__ import annotations

import io

from lxml import etree

from ace_core.color import Color
from adapters.ooxml.context import Scope
from adapters.ooxml.ns import local
from adapters.ooxml.theme import PhColor
from adapters.ooxml.values import pct

__all__ = ["BAKED", "recolour_blip"]

BAKED = ("duotone", "grayscl", "biLevel", "lum")
MAX_PIXELS = 40_000_000  # larger pictures are left as they are


def _ops(blip: etree._Element, scope: Scope, ph: PhColor | None) -> list[tuple]:
    ops: list[tuple] = []
    for child in blip:
        name = local(child.tag)
        if name == "duotone":
            colors = [scope.colors.color(c, ph) for c in child if isinstance(c.tag, str)]
            colors = [c for c in colors if c is not None]
            if len(colors) == 2:
                ops.append(("duotone", colors[0], colors[1]))
        elif name == "grayscl":
            ops.append(("grayscl",))
        elif name == "biLevel":
            ops.append(("biLevel", (pct(child.get("thresh"), 50000.0) or 0.0) / 100000.0))
        elif name == "lum":
            bright = (pct(child.get("bright"), 0.0) or 0.0) / 100000.0
            contrast = (pct(child.get("contrast"), 0.0) or 0.0) / 100000.0
            if bright or contrast:
                ops.append(("lum", bright, contrast))
    return ops


def _apply(data: bytes, ops: list[tuple]) -> bytes | None:
    import numpy as np
    from PIL import Image

    try:
        img = Image.open(io.BytesIO(data))
        if img.width * img.height > MAX_PIXELS:
            return None
        img = img.convert("RGBA")
    except (OSError, ValueError, Image.DecompressionBombError):
        return None
    px = np.asarray(img, dtype=np.float32) / 255.0
    rgb, alpha = px[..., :3], px[..., 3:]
    for op in ops:
        grey = rgb @ np.array([0.299, 0.587, 0.114], dtype=np.float32)
        if op[0] == "duotone":  # the picture's luminance runs from the first colour to the second
            a = np.array([op[1].r, op[1].g, op[1].b], dtype=np.float32)
            b = np.array([op[2].r, op[2].g, op[2].b], dtype=np.float32)
            rgb = a + grey[..., None] * (b - a)
        elif op[0] == "grayscl":
            rgb = np.repeat(grey[..., None], 3, axis=-1)
        elif op[0] == "biLevel":
            rgb = np.repeat((grey >= op[1]).astype(np.float32)[..., None], 3, axis=-1)
        elif op[0] == "lum":
            rgb = (rgb - 0.5) * (1.0 + op[2]) + 0.5 + op[1]  # contrast about mid-grey, then brightness
        rgb = np.clip(rgb, 0.0, 1.0)
    out = np.concatenate([rgb, alpha], axis=-1)
    buf = io.BytesIO()
    Image.fromarray((out * 255 + 0.5).astype(np.uint8), "RGBA").save(buf, "PNG", optimize=False)
    return buf.getvalue()


def recolour_blip(
    blip: etree._Element, asset: str, scope: Scope, ph: PhColor | None, node_id: str | None
) -> str | None:
    """The asset of the picture with the blip's recolouring applied (cached per read), or None when
    the blip has none ACE can apply or the picture cannot be decoded."""
    ops = _ops(blip, scope, ph)
    if not ops:
        return None
    key = (asset, tuple((op[0], *(c.hex_rgba if isinstance(c, Color) else c for c in op[1:])) for op in ops))
    cache = scope.ctx.derived_assets
    if key in cache:
        return cache[key]
    baked = _apply(scope.ctx.deck.asset_bytes(asset), ops)
    new = scope.ctx.deck.add_asset(baked, "image/png", name="recoloured.png") if baked is not None else None
    cache[key] = new
    if new is not None:
        names = ", ".join(op[0] for op in ops)
        scope.loss("image-effect", f"picture recolouring ({names}) baked into the picture", node_id, severity="info")
    return new
