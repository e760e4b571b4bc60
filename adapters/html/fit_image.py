"""A picture re-encoded to fit a byte budget, for a browser that cannot take it as it is.

Chromium drops a CSS custom property whose value is over 2 MiB, and the inline HTML writer keeps
every picture in one (`--a-<key>:url(data:...)`), so a larger picture would vanish from the page.
It is re-encoded instead: an opaque picture as JPEG, one with transparency as WebP (both keep its
pixel size); only when that is still too big is it scaled down, in steps, until it fits. An
animation (a GIF, an APNG, an animated WebP) becomes an animated WebP with every frame and its
timing; one that cannot fit even scaled down is kept as its first frame, and `how` says the
animation is gone."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import Image

__all__ = ["fitted_image"]

QUALITIES = (92, 85, 75)
MIN_SIDE = 64
FRAMES_MAX_BYTES = 256 * 1024 * 1024  # decoded frames held at once; a longer animation keeps its first frame


def fitted_image(data: bytes, budget: int) -> tuple[str, bytes, str] | None:
    """(mime, bytes, how it was re-encoded) of the picture in at most `budget` bytes, or None when
    it cannot be decoded (SVG, a broken file) or does not fit even small."""
    from PIL import Image

    try:
        img = Image.open(io.BytesIO(data))
        if getattr(img, "n_frames", 1) > 1:
            moving = _fitted_animation(img, budget)
            if moving is not None:
                return moving
            img.seek(0)
            still = _fitted_still(img, budget)
            if still is None:
                return None
            mime, out, how = still
            return mime, out, f"{how}, its first frame only: the animation's {img.n_frames} frames are lost"
        img.load()
    except (OSError, ValueError, EOFError, Image.DecompressionBombError):
        return None
    return _fitted_still(img, budget)


def _fitted_still(img: Image.Image, budget: int) -> tuple[str, bytes, str] | None:
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


def _fitted_animation(img: Image.Image, budget: int) -> tuple[str, bytes, str] | None:
    """Every frame of an animation, with its duration and looping, as an animated WebP."""
    from PIL import Image, ImageSequence

    if img.n_frames * img.width * img.height * 4 > FRAMES_MAX_BYTES:
        return None
    frames = [f.convert("RGBA") for f in ImageSequence.Iterator(img)]
    durations = []
    for i in range(len(frames)):
        img.seek(i)
        durations.append(int(img.info.get("duration", 100)) or 100)
    loop = int(img.info.get("loop", 0))
    scale = 1.0
    while min(img.width, img.height) * scale >= MIN_SIDE:
        size = (round(img.width * scale), round(img.height * scale))
        trial = frames if scale == 1.0 else [f.resize(size, Image.Resampling.LANCZOS) for f in frames]
        for quality in QUALITIES:
            buf = io.BytesIO()
            trial[0].save(
                buf, "WEBP", save_all=True, append_images=trial[1:], duration=durations, loop=loop, quality=quality
            )
            if buf.tell() <= budget:
                scaled = "" if scale == 1.0 else f", scaled to {size[0]}x{size[1]}"
                return "image/webp", buf.getvalue(), f"animated WEBP quality {quality} ({len(frames)} frames){scaled}"
        scale *= 0.75
    return None
