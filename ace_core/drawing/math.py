"""Equations to SVG: LaTeX rendered with ziamath (pure Python, STIX Two Math bundled)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ace_core.errors import BadInputError, UnsupportedError

__all__ = ["MathSvg", "latex_to_svg", "scale_svg_to_box", "svg_size"]


@dataclass(frozen=True)
class MathSvg:
    """An equation drawn as a standalone SVG document; width / height in px."""

    svg: str
    width: float
    height: float


@lru_cache(maxsize=256)
def latex_to_svg(latex: str, size: float = 24.0, color: str = "#000000", *, inline: bool = False) -> MathSvg:
    """Render LaTeX math (without the surrounding $) at font size `size` px in `color`.

    Raises BadInputError when the LaTeX cannot be parsed."""
    try:
        import ziamath

        from ace_core.layout.fonts import quiet_fonttools

        quiet_fonttools()
    except ImportError as exc:  # pragma: no cover - declared dependency
        raise UnsupportedError("ziamath is not installed", where="math", hint="pip install ziamath") from exc
    text = latex.strip()
    if text.startswith("$$") and text.endswith("$$") and len(text) >= 4:
        text = text[2:-2]
    elif text.startswith("$") and text.endswith("$") and len(text) >= 2:
        text = text[1:-1]
    # SVG 1.1 paths, not SVG 2 <symbol>/<use>: LibreOffice (svgBlip in .pptx) and Figma draw only plain paths
    ziamath.config.svg2 = False
    try:
        expr = ziamath.Latex(text, size=size, color=color, inline=inline)
        svg = expr.svg()
    except Exception as exc:  # ziamath raises assorted errors on bad input
        detail = str(exc) or type(exc).__name__
        raise BadInputError(f"cannot render the LaTeX ({detail})", where="math", hint="check the LaTeX source") from exc
    w, h = svg_size(svg)
    return MathSvg(svg=svg, width=w, height=h)


_DIM = re.compile(r'<svg[^>]*?\swidth="([\d.]+)[a-z]*"[^>]*?\sheight="([\d.]+)[a-z]*"', re.S)


def svg_size(svg: str) -> tuple[float, float]:
    m = _DIM.search(svg)
    if not m:
        return 0.0, 0.0
    return float(m.group(1)), float(m.group(2))


_ROOT = re.compile(r"<svg\b([^>]*)>", re.S)


def scale_svg_to_box(svg: str, *, align: str = "xMidYMid") -> str:
    """The same SVG made to fill its container (100 % x 100 %, aspect kept, centred): the width
    and height attributes are replaced and a viewBox is kept or derived from them."""
    text = re.sub(r"<\?xml[^>]*\?>", "", svg).strip()
    m = _ROOT.search(text)
    if not m:
        return text
    attrs = m.group(1)
    w, h = svg_size(text)
    if "viewBox" not in attrs and w and h:
        attrs += f' viewBox="0 0 {w:g} {h:g}"'
    attrs = re.sub(r'\s(width|height|preserveAspectRatio)="[^"]*"', "", attrs)
    attrs += f' width="100%" height="100%" preserveAspectRatio="{align} meet"'
    return text[: m.start()] + f"<svg{attrs}>" + text[m.end() :]
