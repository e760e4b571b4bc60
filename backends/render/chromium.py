"""Render HTML (ACE div.slide decks, slide pages, viewer files) and IR decks to PNG with Chromium.

One PNG per slide at a chosen width: each slide's box is captured at scale width / slide width,
re-rasterized by Chromium (crisp, not a resized bitmap). Network locked and JavaScript off by
default (see ace_core.browser); blocked requests are reported per slide."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ace_core.browser import BrowserSession, default_session
from ace_core.errors import BadInputError, RenderError
from ace_core.fsutil import atomic_write_bytes
from ace_core.html_slides import iter_slides
from ace_core.ir.deck import Deck
from ace_core.tempfiles import temp_dir

__all__ = ["CAPTURE_REVISION", "RenderResult", "SlideRender", "render_deck", "render_html"]

MAX_SLIDES = 2000


@dataclass
class SlideRender:
    """One rendered slide: the PNG, its pixel size, the slide's CSS box and how it was found."""

    index: int
    path: Path
    width: int
    height: int
    css_width: float
    css_height: float
    kind: str
    slide_id: str | None = None
    blocked: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "path": str(self.path),
            "width": self.width,
            "height": self.height,
            "css_width": self.css_width,
            "css_height": self.css_height,
            "kind": self.kind,
            "slide_id": self.slide_id,
            "blocked": self.blocked,
        }


@dataclass
class RenderResult:
    slides: list[SlideRender]
    skipped: list[str] = field(default_factory=list)
    """frame documents of a viewer page that were not rendered, and why"""

    @property
    def paths(self) -> list[Path]:
        return [s.path for s in self.slides]

    @property
    def blocked(self) -> list[str]:
        """Every refused URL, once, in order of first appearance."""
        return list(dict.fromkeys([*(u for s in self.slides for u in s.blocked), *self.skipped]))


# the revision of how a page's pixels are captured: caches of renders keyed by the HTML alone add it
# to their key (3: a slide at a fractional device pixel is captured from a whole one, without the
# page's grey blended into its edge pixels)
CAPTURE_REVISION = 3


def render_html(
    src: str | os.PathLike[str],
    out_dir: str | os.PathLike[str],
    *,
    width: int = 1280,
    javascript: bool = False,
    timeout: float | None = None,
    session: BrowserSession | None = None,
    base_dir: str | os.PathLike[str] | None = None,
    prefix: str = "slide",
    progress: Callable[[int], None] | None = None,
) -> RenderResult:
    """Render every slide of an HTML file (or an HTML string with `base_dir`) to
    `out_dir/<prefix>-NNN.png` at `width` px. The PNGs are written only when every slide rendered."""
    if width < 16 or width > 8192:
        raise BadInputError(f"width {width} is out of range", where="--width", hint="use 16..8192 px")
    session = session or default_session()
    shots: list[tuple[SlideRender, bytes]] = []
    out = Path(out_dir)
    skipped: list[str] = []
    for n, slide in enumerate(
        iter_slides(session, src, javascript=javascript, timeout=timeout, base_dir=base_dir, skipped=skipped), start=1
    ):
        if n > MAX_SLIDES:
            raise RenderError(f"more than {MAX_SLIDES} slides", where=str(src), hint="split the deck")
        scale = width / slide.width if slide.width > 0 else 1.0
        png = slide.page.capture(slide.x, slide.y, slide.width, slide.height, scale=scale)
        info = SlideRender(
            index=n,
            path=out / f"{prefix}-{n:03d}.png",
            width=round(slide.width * scale),
            height=round(slide.height * scale),
            css_width=slide.width,
            css_height=slide.height,
            kind=slide.kind,
            slide_id=slide.slide_id,
            blocked=list(slide.blocked),
        )
        shots.append((info, png))
        if progress is not None:
            progress(1)
    if not shots:
        raise RenderError("the page has no slide to render", where=str(src))
    for info, png in shots:
        atomic_write_bytes(info.path, png)
    return RenderResult(slides=[info for info, _ in shots], skipped=skipped)


def render_deck(
    deck: Deck,
    out_dir: str | os.PathLike[str],
    *,
    width: int = 1280,
    session: BrowserSession | None = None,
    prefix: str = "slide",
    progress: Callable[[int], None] | None = None,
) -> RenderResult:
    """Render an IR deck: write it with the HTML adapter to a temporary file, then render that."""
    from adapters.registry import registry

    adapter = registry().get("html")
    if not adapter.info.can_write:
        raise RenderError("the HTML writer is not available yet", where="adapters.html")
    with temp_dir("html") as tmp:
        html = Path(tmp) / "deck.html"
        adapter.write(deck, html)
        return render_html(html, out_dir, width=width, session=session, prefix=prefix, progress=progress)
