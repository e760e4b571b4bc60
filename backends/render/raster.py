"""PDF pages to PNG files with pymupdf."""

from __future__ import annotations

from pathlib import Path

from ace_core.errors import RenderError

__all__ = ["HAIRLINE_DEVICE_PX", "RASTER_REVISION", "pdf_to_pngs"]

HAIRLINE_DEVICE_PX = 1.0
"""The thinnest line drawn, in device pixels. ISO 32000-1, 8.4.3.2: a line width of 0 is the
thinnest line the device can render, one device pixel. LibreOffice exports hairlines (DrawingML
outlines with no width, the default `a:ln` of a preset shape) as 0-width strokes; MuPDF's default
draws them with anti-aliased partial coverage (about a fifth of a pixel), so a red outline came
out pink and every comparison against a render of the source saw a colour that no viewer shows."""

RASTER_REVISION = 1
"""Bumped whenever the pixels this module makes for the same PDF change; part of every cache key
of rasterized LibreOffice output (scripts/fidelity.py, the ablation origin cache)."""


def pdf_to_pngs(pdf: Path, out_dir: Path, *, width: int = 1280, prefix: str = "slide") -> list[Path]:
    """Rasterize every page of `pdf` to `out_dir/<prefix>-NNN.png` at `width` px; returns the paths."""
    from ace_core.pdflib import load_pymupdf

    pymupdf = load_pymupdf()
    pymupdf.TOOLS.set_graphics_min_line_width(HAIRLINE_DEVICE_PX)

    out_dir.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    try:
        doc = pymupdf.open(pdf)
    except Exception as exc:  # pymupdf raises its own types; translate at the boundary
        raise RenderError(f"cannot open the rendered PDF: {exc}", where=str(pdf)) from exc
    with doc:
        for i, page in enumerate(doc):
            zoom = width / page.rect.width if page.rect.width else 1.0
            pix = page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), alpha=False)
            path = out_dir / f"{prefix}-{i + 1:03d}.png"
            pix.save(path)
            paths.append(path)
    return paths
