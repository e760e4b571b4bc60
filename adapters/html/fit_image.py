"""A picture re-encoded to fit a byte budget, for a browser that cannot take it as it is.

Chromium drops a CSS custom property whose value is over 2 MiB, and the inline HTML writer keeps
every picture in one (`--a-<key>:url(data:...)`), so a larger picture would vanish from the page.
It is re-encoded instead: an opaque picture as JPEG, one with transparency as WebP (both keep its
pixel size); only when that is still too big is it scaled down, in steps, until it fits."""

from __future__ import annotations

import io

__all__ = ["fitted_image"]

QUALITIES = (92, 85, 75)
MIN_SIDE = 64


def fitted_image(data: bytes, budget: int) -> tuple[str, bytes, str] | None:
    """(mime, bytes, how it was re-encoded) of the picture in at most `budget` bytes, or None when
    it cannot be decoded (SVG, a broken file) or does not fit even small."""
    from PIL import Image

    try:
        img = Image.open(io.BytesIO(data))
        if getattr(img, "n_frames", 1) > 1:  # an animation would lose its frames
            return None
        img.load()
    except (OSError, ValueError, Image.DecompressionBombError):
        return None
    alpha = img.mode in ("RGBA", "LA", "PA") or (img.mode == "P" and "transparency" in img.info)
    img = img.convert("RGBA" if alpha else "RGB")
    if alpha and img.getchannel("A").getextrema()[0] == 255:  # an alpha channel that is all opaque
        img, alpha = img.convert("RGB"), False
    fmt, mime = ("WEBP", "image/webp") if alpha else ("JPEG", "image/jpeg")
    scale = 1.0
    while min(img.width, img.height) * scale >= MIN_SIDE:
        trial = img if scale == 1.0 else img.resize((round(img.width * scale), round(img.height * scale)))
        for quality in QUALITIES:
            buf = io.BytesIO()
            trial.save(buf, fmt, quality=quality)
            if buf.tell() <= budget:
                size = "" if scale == 1.0 else f", scaled to {trial.width}x{trial.height}"
                return mime, buf.getvalue(), f"{fmt} quality {quality}{size}"
        scale *= 0.75
    return None
