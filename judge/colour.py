"""Colour agreement of two renders of a slide: the share of content pixels off by more than CIEDE2000 10.

From ../shared/scripts/slide_color.py. Grey similarity (judge.similarity) cannot see hue: a
dark-blue title drawn black, or a dark background drawn white behind light text, still scores
high there, so report both. Both images go to 640 px wide, are blurred per channel (Gaussian
sigma 2, as in judge.similarity), converted to CIELAB and compared with CIEDE2000 where either
image has content (judge.similarity's mask). 0 = the colours agree everywhere, 1 = nowhere.
Calibration on 1280x720 slides: the same file rendered twice 0.000; the same slide drawn by
LibreOffice and by Chromium with the right colours 0.000-0.016; one dark-blue title drawn black
~0.10; a dark background lost ~0.9."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from scipy import ndimage
from skimage.color import deltaE_ciede2000, rgb2gray, rgb2lab, rgba2rgb
from skimage.io import imread
from skimage.transform import resize

from judge.similarity import WIDTH, has_content

__all__ = ["THRESHOLD", "colour_off", "colour_off_files", "load_rgb"]

THRESHOLD = 10.0  # CIEDE2000 difference above which a pixel's colour counts as off


def load_rgb(path: str | Path) -> np.ndarray:
    """An image as float RGB in 0..1, WIDTH px wide."""
    a = imread(path)
    if a.ndim == 3 and a.shape[2] == 4:
        a = rgba2rgb(a)
    if a.ndim == 2:
        a = np.stack([a] * 3, -1)
    a = a[..., :3].astype(float)
    if a.max() > 1:
        a = a / 255.0
    h = max(1, round(a.shape[0] * WIDTH / a.shape[1]))
    return resize(a, (h, WIDTH), anti_aliasing=True)


def colour_off(a: np.ndarray, b: np.ndarray) -> float:
    """a, b: RGB arrays from load_rgb; b is resized to a's shape."""
    b = resize(b, a.shape, anti_aliasing=True)
    fa = np.stack([ndimage.gaussian_filter(a[..., i], 2) for i in range(3)], -1)
    fb = np.stack([ndimage.gaussian_filter(b[..., i], 2) for i in range(3)], -1)
    de = deltaE_ciede2000(rgb2lab(fa), rgb2lab(fb))
    mask = ndimage.binary_dilation(has_content(rgb2gray(a)) | has_content(rgb2gray(b)), iterations=5)
    return float((de[mask] > THRESHOLD).mean()) if mask.any() else 0.0


def colour_off_files(a: str | Path, b: str | Path) -> float:
    return colour_off(load_rgb(a), load_rgb(b))
