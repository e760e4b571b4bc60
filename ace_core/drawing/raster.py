"""SVG documents as PNG pictures (pymupdf), for formats whose pictures cannot be SVG."""

from __future__ import annotations

__all__ = ["svg_to_png"]


def svg_to_png(svg: bytes, width: float, height: float) -> bytes | None:
    """A PNG rendering of an SVG at about twice the box's `width` (px; at most 4x the SVG's own
    size), or None when the SVG cannot be drawn."""
    del height  # the SVG keeps its aspect ratio; the width sets the scale
    try:
        from ace_core.pdflib import load_pymupdf

        pymupdf = load_pymupdf()

        doc = pymupdf.open(stream=svg, filetype="svg")
        page = doc[0]
        scale = max(1.0, min(4.0, 2 * max(width, 1.0) / max(page.rect.width, 1.0)))
        return page.get_pixmap(matrix=pymupdf.Matrix(scale, scale), alpha=True).tobytes("png")
    except Exception:  # pymupdf raises plain RuntimeErrors on malformed SVG
        return None
