"""Rendering glue for OOXML decks: pixels from LibreOffice, boxes from the IR (adapters.read).

For the whitespace pixels, textured backgrounds are flattened first, as the Chromium pipeline
drops background images: a copy of the package gets a solid slide background (the mean colour of
the gradient stops or of the picture) on every slide whose background is a picture or a
gradient, and the same for shapes covering >= 50 % of the slide filled with one."""

from __future__ import annotations

import io
import os
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
from lxml import etree
from PIL import Image

from ace_core.errors import BadInputError, RenderError
from ace_core.ir.deck import Deck
from ace_core.ir.style import GradientPaint, ImagePaint, SolidPaint
from ace_core.tempfiles import temp_dir
from ace_core.xml_safe import safe_xml_parser
from judge.metrics.compute import compute_slide_metrics
from judge.metrics.ir_units import slide_units
from judge.metrics.result import DeckMetrics, MetricParams, SlideMetrics

__all__ = ["flatten_backgrounds", "measure_pptx", "measure_pptx_deck"]

BACKGROUND_FRAC = 0.5
MAX_MEMBERS = 5000
MAX_PART_BYTES = 50 * 1024 * 1024
_P = "http://schemas.openxmlformats.org/presentationml/2006/main"
_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
_FILLS = ("noFill", "solidFill", "gradFill", "blipFill", "pattFill", "grpFill")
_PARSER = safe_xml_parser()


def _hex(rgb: tuple[float, float, float]) -> str:
    return "".join(f"{max(0, min(255, round(c * 255))):02X}" for c in rgb)


def _paint_color(deck: Deck, paint: object) -> str | None:
    """Flat stand-in colour of a textured paint (None when the paint is flat already)."""
    if isinstance(paint, GradientPaint):
        cols = [s.color for s in paint.stops] or []
        if not cols:
            return "808080"
        return _hex(tuple(sum(getattr(c, ch) for c in cols) / len(cols) for ch in "rgb"))  # type: ignore[arg-type]
    if isinstance(paint, ImagePaint):
        try:
            data = deck.asset_bytes(paint.asset) if paint.asset else b""
            with Image.open(io.BytesIO(data)) as im:
                small = np.asarray(im.convert("RGB").resize((32, 32))) / 255.0
            return _hex(tuple(small.reshape(-1, 3).mean(axis=0)))  # type: ignore[arg-type]
        except Exception:  # any undecodable picture (EMF, missing): a mid grey keeps text legible
            return "808080"
    return None


def _textured(deck: Deck, paints: list[object]) -> str | None:
    for p in paints:
        if not getattr(p, "visible", True) or isinstance(p, SolidPaint):
            continue
        color = _paint_color(deck, p)
        if color:
            return color
    return None


def _solid(color: str) -> etree._Element:
    fill = etree.Element(f"{{{_A}}}solidFill")
    etree.SubElement(fill, f"{{{_A}}}srgbClr", val=color)
    return fill


def _set_bg(root: etree._Element, color: str) -> None:
    csld = root.find(f"{{{_P}}}cSld")
    if csld is None:
        return
    old = csld.find(f"{{{_P}}}bg")
    if old is not None:
        csld.remove(old)
    bg = etree.Element(f"{{{_P}}}bg")
    pr = etree.SubElement(bg, f"{{{_P}}}bgPr")
    pr.append(_solid(color))
    etree.SubElement(pr, f"{{{_A}}}effectLst")
    csld.insert(0, bg)


def _set_shape_fill(root: etree._Element, cnv_id: str, color: str) -> None:
    for cnv in root.iter("{*}cNvPr"):
        if cnv.get("id") != cnv_id:
            continue
        shape = cnv.getparent().getparent() if cnv.getparent() is not None else None
        sppr = shape.find("{*}spPr") if shape is not None else None
        if sppr is None:
            continue
        for child in list(sppr):
            if etree.QName(child).localname in _FILLS:
                idx = list(sppr).index(child)
                sppr.remove(child)
                sppr.insert(idx, _solid(color))
                break
        return


def flatten_backgrounds(deck: Deck, package: bytes) -> bytes | None:
    """A copy of the pptx package with textured slide backgrounds and slide-sized textured shape
    fills replaced by flat colours; None when there is nothing to flatten."""
    edits: dict[str, list[tuple[str, str, str]]] = {}
    limit = BACKGROUND_FRAC * deck.width * deck.height
    for slide in deck.slides:
        part = slide.source.ref if slide.source else None
        if not part:
            continue
        if slide.background is not None:
            color = _textured(deck, list(slide.background.fills))
            if color:
                edits.setdefault(part, []).append(("bg", "", color))
        for node in slide.iter_nodes():
            if node.type in ("IMAGE", "GROUP") or not node.fills or node.width * node.height < limit:
                continue
            color = _textured(deck, list(node.fills))
            ref = node.source.ref if node.source else ""
            if color and "#" in ref:
                node_part, _, rest = ref.partition("#")
                edits.setdefault(node_part, []).append(("shape", rest.split("~")[0], color))
    if not edits:
        return None
    out = io.BytesIO()
    try:
        with zipfile.ZipFile(io.BytesIO(package)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
            members = src.infolist()
            if len(members) > MAX_MEMBERS:
                raise BadInputError(f"the package has more than {MAX_MEMBERS} parts", where="pptx")
            for info in members:
                if info.file_size > MAX_PART_BYTES:
                    raise BadInputError(f"part {info.filename} is larger than {MAX_PART_BYTES} bytes", where="pptx")
                data = src.read(info)
                todo = edits.get(info.filename)
                if todo:
                    root = etree.fromstring(data, _PARSER)
                    for kind, target, color in todo:
                        if kind == "bg":
                            _set_bg(root, color)
                        else:
                            _set_shape_fill(root, target, color)
                    data = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
                dst.writestr(info, data)
    except (zipfile.BadZipFile, etree.XMLSyntaxError) as exc:
        raise BadInputError(f"cannot flatten the backgrounds: {exc}", where="pptx") from exc
    return out.getvalue()


def _load_png(path: Path, width: int, height: int) -> np.ndarray:
    with Image.open(path) as im:
        im = im.convert("RGB")
        if im.size != (width, height):
            im = im.resize((width, height), Image.Resampling.BILINEAR)
        return np.asarray(im)


def measure_pptx_deck(
    deck: Deck,
    package: bytes,
    *,
    params: MetricParams | None = None,
    progress: Callable[[int], None] | None = None,
    cache_dir: str | os.PathLike[str] | None = None,
    source: str = "",
    render: Callable[..., list[Path]] | None = None,
) -> DeckMetrics:
    """Metrics of every slide of a pptx: `deck` is its IR (boxes), `package` its bytes (pixels).
    `cache_dir`: renders are kept there under the hash of the rendered bytes and reused.
    `render(pptx_path, out_dir, width=...)` makes the PNGs (default: render_pptx)."""
    import hashlib

    from backends.render.libreoffice import render_pptx

    width, height = round(deck.width), round(deck.height)
    flat = flatten_backgrounds(deck, package) or package
    with temp_dir("metrics") as tmp:
        out = Path(tmp) / "png"
        if cache_dir is not None:
            out = Path(cache_dir) / f"{hashlib.sha256(flat).hexdigest()[:24]}-{width}"
        pngs = sorted(out.glob("slide-*.png")) if (out / ".done").exists() else []
        if not pngs:
            src = Path(tmp) / "deck.pptx"
            src.write_bytes(flat)
            pngs = (render or render_pptx)(src, out, width=width)
            if cache_dir is not None:
                (out / ".done").write_text("ok")
        if len(pngs) != len(deck.slides):
            raise RenderError(
                f"LibreOffice rendered {len(pngs)} pages for {len(deck.slides)} slides",
                where=source or "pptx",
                hint="the deck may hold slides LibreOffice cannot lay out",
            )
        slides: list[SlideMetrics] = []
        for i, (slide, png) in enumerate(zip(deck.slides, pngs, strict=True), start=1):
            t0 = time.perf_counter()
            image = _load_png(png, width, height)
            units = slide_units(deck, slide)
            m = compute_slide_metrics(units, image, index=i, slide_id=slide.id, params=params)
            m.metrics_ms = (time.perf_counter() - t0) * 1000
            slides.append(m)
            if progress is not None:
                progress(1)
    result = DeckMetrics(source=source or deck.name, pipeline="libreoffice-ir", slides=slides)
    result.summarize()
    return result


def measure_pptx(
    path: str | os.PathLike[str],
    *,
    params: MetricParams | None = None,
    progress: Callable[[int], None] | None = None,
) -> DeckMetrics:
    """Read a .pptx (IR boxes) and render it with LibreOffice (pixels); metrics per slide."""
    from adapters import read

    p = Path(path)
    deck = read(p, fmt="pptx")
    return measure_pptx_deck(deck, p.read_bytes(), params=params, progress=progress, source=str(p))
