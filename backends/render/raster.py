"""PDF pages to PNG files with pymupdf."""

from __future__ import annotations

from pathlib import Path

from ace_core.errors import RenderError

__all__ = ["pdf_to_pngs"]


def pdf_to_pngs(pdf: Path, out_dir: Path, *, width: int = 1280, prefix: str = "slide") -> list[Path]:
    """Rasterize every page of `pdf` to `out_dir/<prefix>-NNN.png` at `width` px; returns the paths."""
    from ace_core.pdflib import load_pymupdf

    pymupdf = load_pymupdf()

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
