"""PDF hairlines (0-width strokes, which LibreOffice writes for outlines with no width) are drawn
one device pixel wide at full colour, as ISO 32000-1 8.4.3.2 asks, not as a faint anti-aliased line."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from backends.render.raster import pdf_to_pngs

pymupdf = pytest.importorskip("pymupdf")


def _pdf_with(tmp_path: Path, stream: bytes) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=200, height=100)
    xref = doc.get_new_xref()
    doc.update_object(xref, "<<>>")
    doc.update_stream(xref, stream)
    page.set_contents(xref)
    path = tmp_path / "lines.pdf"
    doc.save(path)
    return path


def _reddest(png: Path) -> tuple[int, int, int]:
    arr = np.asarray(Image.open(png).convert("RGB")).astype(int)
    column = arr[:, arr.shape[1] // 2]
    score = column[:, 0] - column[:, 1]
    r, g, b = column[int(np.argmax(score))]
    return int(r), int(g), int(b)


def test_zero_width_stroke_is_full_colour(tmp_path: Path) -> None:
    # a horizontal 0-width red line half-way between device rows, the worst case for coverage
    pdf = _pdf_with(tmp_path, b"1 0 0 RG 0 w 10 50.04 m 190 50.04 l S")
    (png,) = pdf_to_pngs(pdf, tmp_path / "png", width=1280)
    r, g, b = _reddest(png)
    assert r > 200 and g < 80 and b < 80, (r, g, b)


def test_wide_strokes_are_unchanged(tmp_path: Path) -> None:
    # a 2 pt line is 12.8 device px at this zoom: its middle row is pure red either way
    pdf = _pdf_with(tmp_path, b"1 0 0 RG 2 w 10 50 m 190 50 l S")
    (png,) = pdf_to_pngs(pdf, tmp_path / "png", width=1280)
    arr = np.asarray(Image.open(png).convert("RGB")).astype(int)
    rows = np.where((arr[:, 640, 0] > 200) & (arr[:, 640, 1] < 60))[0]
    assert 11 <= len(rows) <= 15, len(rows)
