"""Slide similarity of two renders, 0..1: content-masked SSIM (from ../shared/scripts/slide_similarity.py).

Both images go to 640 px wide, grayscale, Gaussian blur sigma 2; the SSIM map is averaged only where
either image has content (local std over 7x7 > 2/255, dilated 5 px). Calibration on 1280x720 slides:
the same slide in PPTX (LibreOffice) and HTML (Chromium) ~0.93; the same file rendered twice 1.0; a
blank page against a real slide ~0.53; two different slides of one deck ~0.6."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from scipy import ndimage
from skimage.color import rgb2gray, rgba2rgb
from skimage.io import imread
from skimage.metrics import structural_similarity
from skimage.transform import resize

__all__ = ["WIDTH", "compare_dirs", "has_content", "load_gray", "similarity", "similarity_files"]

WIDTH = 640


def load_gray(path: str | Path) -> np.ndarray:
    a = imread(path)
    if a.ndim == 3 and a.shape[2] == 4:
        a = rgba2rgb(a)
    g = rgb2gray(a) if a.ndim == 3 else (a / 255.0 if a.max() > 1 else a.astype(float))
    h = max(1, round(g.shape[0] * WIDTH / g.shape[1]))
    return resize(g, (h, WIDTH), anti_aliasing=True)


def has_content(g: np.ndarray) -> np.ndarray:
    """Where a grey image has content: local std over 7x7 above 2/255."""
    m = ndimage.uniform_filter(g, 7)
    m2 = ndimage.uniform_filter(g * g, 7)
    return np.sqrt(np.maximum(m2 - m * m, 0)) > 2 / 255


def similarity(a: np.ndarray, b: np.ndarray) -> float:
    """a, b: grayscale arrays from load_gray; b is resized to a's shape."""
    b = resize(b, a.shape, anti_aliasing=True)
    _, smap = structural_similarity(
        ndimage.gaussian_filter(a, 2), ndimage.gaussian_filter(b, 2), data_range=1.0, full=True
    )
    mask = ndimage.binary_dilation(has_content(a) | has_content(b), iterations=5)
    return float(smap[mask].mean()) if mask.any() else 1.0


def similarity_files(a: str | Path, b: str | Path) -> float:
    return similarity(load_gray(a), load_gray(b))


def compare_dirs(dir_a: str | Path, dir_b: str | Path) -> list[float]:
    """Similarity of every pair of PNGs in two folders, matched by sorted name."""
    a = sorted(Path(dir_a).glob("*.png"))
    b = sorted(Path(dir_b).glob("*.png"))
    return [similarity(load_gray(x), load_gray(y)) for x, y in zip(a, b, strict=False)]
