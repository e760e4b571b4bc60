"""Rendering glue for HTML and scene-graph decks: measure each slide in a warm Chromium (DOM boxes
from dom_probe's JavaScript, pixels of the slide with background images dropped, the page's full
height for the aspect ratio), then run the pure metrics."""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from ace_core.browser import BrowserSession, default_session
from ace_core.errors import RenderError
from ace_core.html_slides import SlideBox, iter_slides
from ace_core.ir.deck import Deck
from ace_core.tempfiles import temp_dir
from judge.metrics.compute import compute_slide_metrics
from judge.metrics.dom_probe import ASPECT_JS, BACKGROUNDS_JS, PROBE_JS, STRIP_JS, parse_probe
from judge.metrics.result import DeckMetrics, MetricParams, SlideMetrics
from judge.metrics.units import SlideUnits

__all__ = ["MeasuredSlide", "measure_deck_html", "measure_html", "measure_slide_box"]

ICON_MAX = 48.0
"""px: an img / svg / icon-font element no larger than this on both sides is an icon."""
BACKGROUND_FRAC = 0.5
"""the whitespace render drops background images of elements covering this share of the slide."""
MAX_PAGE_FACTOR = 6.0

_RGB = re.compile(r"rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:[ ,/]+([\d.]+%?))?\s*\)")


@dataclass
class MeasuredSlide:
    """What one slide's measurement produced (before the metric math)."""

    units: SlideUnits
    """the units; for a page that is one slide, units.height is the page's full height."""
    image: np.ndarray
    full_height: float | None
    nominal_height: float
    png: bytes
    slide_id: str | None
    kind: str
    render_ms: float = 0.0


def _decode(png: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(png)) as im:
        return np.asarray(im.convert("RGB"))


def _mean_css(colors: list[str]) -> str | None:
    vals = []
    for c in colors:
        m = _RGB.match(c)
        if m:
            a = m.group(4)
            alpha = 1.0 if a is None else (float(a[:-1]) / 100 if a.endswith("%") else float(a))
            if alpha > 0.05:
                vals.append((float(m.group(1)), float(m.group(2)), float(m.group(3))))
    if not vals:
        return None
    r, g, b = (round(sum(v[i] for v in vals) / len(vals)) for i in range(3))
    return f"rgb({r}, {g}, {b})"


def _region_color(image: np.ndarray, rect: list[float]) -> str | None:
    x, y, w, h = (round(v) for v in rect)
    region = image[max(y, 0) : max(y + h, 0), max(x, 0) : max(x + w, 0)]
    if region.size == 0:
        return None
    step = max(1, int(np.sqrt(region.shape[0] * region.shape[1] / 40_000)))
    r, g, b = np.median(region[::step, ::step].reshape(-1, 3), axis=0)
    return f"rgb({int(r)}, {int(g)}, {int(b)})"


def _strip_backgrounds(slide: SlideBox, box: dict[str, float]) -> None:
    """Replace the background images of html, body and slide-sized elements by a flat colour:
    their gradient's mean colour, or the median colour the image painted (from a first capture)."""
    found: list[dict[str, Any]] = slide.page.evaluate(BACKGROUNDS_JS, {**box, "frac": BACKGROUND_FRAC})
    if not found:
        return
    before: np.ndarray | None = None
    plan: list[list[str | None]] = []
    for bg in found:
        color = None if bg["url"] else _mean_css(bg["colors"])
        if color is None:
            if before is None:
                before = _decode(slide.page.capture(slide.x, slide.y, slide.width, slide.height))
            color = _region_color(before, bg["rect"])
        plan.append([bg["mark"], color])
    slide.page.evaluate(STRIP_JS, plan)


def _full_height(slide: SlideBox) -> float:
    """AeSlides' page height: a viewport 10 px tall, clipping removed, the largest of the scroll /
    offset / client heights of html and body (capped at 6 x the width), from the slide's top."""
    page = slide.page.page
    width = max(1, round(slide.page.width))
    page.set_viewport_size({"width": width, "height": 10})
    try:
        full = float(slide.page.evaluate(ASPECT_JS, {"cap": MAX_PAGE_FACTOR * slide.width + slide.y}))
    finally:
        page.set_viewport_size({"width": width, "height": max(1, round(slide.page.height))})
    return max(full - slide.y, 1.0)


def measure_slide_box(slide: SlideBox) -> MeasuredSlide:
    """Probe the units, drop background images, and capture. A page that is one slide (kind page
    or viewport) is measured as AeSlides does: its full height with clipping removed is the
    frame (units.height) and the capture; a fixed-size slide of a deck is its own box.
    Leaves the page modified (backgrounds dropped, clipping removed)."""
    import time

    t0 = time.perf_counter()
    box = {"x": slide.x, "y": slide.y, "width": slide.width, "height": slide.height}
    data = slide.page.evaluate(PROBE_JS, {**box, "kind": slide.kind, "iconMax": ICON_MAX})
    units = parse_probe(data, slide.width, slide.height)
    _strip_backgrounds(slide, box)
    full_height = None
    frame_h = slide.height
    if slide.kind in ("page", "viewport"):
        full_height = _full_height(slide)
        frame_h = max(slide.height, full_height)
        units.height = frame_h
    png = slide.page.capture(slide.x, slide.y, slide.width, frame_h)
    image = _decode(png)
    return MeasuredSlide(
        units=units,
        image=image,
        full_height=full_height,
        nominal_height=slide.height,
        png=png,
        slide_id=slide.slide_id,
        kind=slide.kind,
        render_ms=(time.perf_counter() - t0) * 1000,
    )


def measure_html(
    src: str | os.PathLike[str],
    *,
    params: MetricParams | None = None,
    session: BrowserSession | None = None,
    width: int = 1280,
    height: int = 720,
    timeout: float | None = None,
    base_dir: str | os.PathLike[str] | None = None,
    progress: Callable[[int], None] | None = None,
    keep: Callable[[int, MeasuredSlide], None] | None = None,
) -> DeckMetrics:
    """The metrics of every slide of an HTML file (ACE deck, repeated slide elements, a viewer of
    frames, or a one-slide page). `keep(index, measured)` sees each slide's raw measurement."""
    session = session or default_session()
    slides: list[SlideMetrics] = []
    for n, slide in enumerate(
        iter_slides(session, src, width=width, height=height, timeout=timeout, base_dir=base_dir), start=1
    ):
        if slide.width < 1 or slide.height < 1:
            raise RenderError(f"slide {n} has an empty box ({slide.width}x{slide.height})", where=str(src))
        m = measure_slide_box(slide)
        if keep is not None:
            keep(n, m)
        metrics = compute_slide_metrics(
            m.units,
            m.image,
            full_height=m.full_height,
            nominal_height=m.nominal_height,
            index=n,
            slide_id=m.slide_id,
            params=params,
        )
        slides.append(metrics)
        if progress is not None:
            progress(1)
    if not slides:
        raise RenderError("the page has no slide to measure", where=str(src))
    result = DeckMetrics(source=str(src), pipeline="chromium-dom", slides=slides)
    result.summarize()
    return result


def measure_deck_html(
    deck: Deck,
    *,
    params: MetricParams | None = None,
    session: BrowserSession | None = None,
    progress: Callable[[int], None] | None = None,
    keep: Callable[[int, MeasuredSlide], None] | None = None,
) -> DeckMetrics:
    """A scene-graph (IR) deck: written with the HTML adapter to a temporary file, then measured."""
    from adapters.registry import registry

    adapter = registry().get("html")
    if not adapter.info.can_write:
        raise RenderError("the HTML writer is not available", where="adapters.html")
    with temp_dir("metrics") as tmp:
        html = Path(tmp) / "deck.html"
        adapter.write(deck, html)
        result = measure_html(
            html,
            params=params,
            session=session,
            width=round(deck.width),
            height=round(deck.height),
            progress=progress,
            keep=keep,
        )
    result.source = deck.name or deck.id
    return result
