"""Slide previews for `render_slide`: LibreOffice for OOXML decks (kept warm when python3-uno is
there), Chromium for scene-graph and HTML decks (the warm browser session)."""

from __future__ import annotations

import io
import shutil
import time
from pathlib import Path
from typing import Any

from cli.mcp.sessions import DeckSession

__all__ = ["prestart_office", "render_preview"]


def render_preview(session: DeckSession, index: int, slide_id: str, width: int) -> tuple[bytes, dict[str, Any]]:
    """(PNG bytes, facts: renderer, size, ms) of one slide of the deck as it is now."""
    deck = session.view()
    t0 = time.perf_counter()
    png = _through_backend(session, slide_id, width / deck.width)
    renderer = "chromium"
    if session.backend_name == "ooxml":
        from backends.render.warm_office import WarmOffice

        renderer = "libreoffice (warm)" if WarmOffice.available() else "libreoffice"
    png, size = _opaque(png)
    facts = {"renderer": renderer, "width": size[0], "height": size[1], "ms": round((time.perf_counter() - t0) * 1000)}
    return png, facts


def _through_backend(session: DeckSession, slide_id: str, scale: float) -> bytes:
    """The backend's own render of one slide (the OOXML backend's goes through the warm
    LibreOffice: sessions set `warm_render`)."""
    out = session.work_dir / f"render-{time.monotonic_ns()}"
    try:
        paths = session.backend.render(out, [slide_id], scale=scale)
        return Path(paths[0]).read_bytes()
    finally:
        shutil.rmtree(out, ignore_errors=True)


def _opaque(png: bytes) -> tuple[bytes, tuple[int, int]]:
    """The PNG flattened onto white when it has an alpha channel (viewers show transparency as
    black or a checkerboard, neither of which the slide has)."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as im:
        if im.mode not in ("RGBA", "LA", "P"):
            return png, im.size
        rgba = im.convert("RGBA")
    flat = Image.new("RGB", rgba.size, (255, 255, 255))
    flat.paste(rgba, mask=rgba.getchannel("A"))
    buf = io.BytesIO()
    flat.save(buf, "PNG", compress_level=1)
    return buf.getvalue(), flat.size


def prestart_office() -> None:
    """Start the warm LibreOffice in the background (an OOXML deck was opened: a preview may follow)."""
    import contextlib
    import threading

    from backends.render.warm_office import WarmOffice, warm_office

    if not WarmOffice.available():
        return

    def start() -> None:
        with contextlib.suppress(Exception):  # the preview itself reports any failure
            warm_office().start()

    threading.Thread(target=start, daemon=True, name="ace-warm-lo-start").start()
