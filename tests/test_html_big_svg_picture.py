"""A picture stored as an SVG too big for a CSS value, with a raster picture beside it (PowerPoint
writes both: a:blip r:embed + asvg:svgBlip), is drawn from the raster, not left out.

The class: SVG exports from design tools that embed their photos as base64 (a 7 MiB SVG holding a
3487x2325 JPEG in a brand template): the inline writer could not fit it in the 2 MiB a browser
draws from one CSS value, and the picture vanished while LibreOffice drew the PNG."""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path

import numpy as np
from lxml import etree
from PIL import Image
from pptx import Presentation
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.opc.package import Part
from pptx.opc.packuri import PackURI
from pptx.util import Inches

from adapters.html.write import write_html
from adapters.ooxml.read_deck import read_pptx

ASSET_PROP = re.compile(r'--a-([0-9a-f]{32}):url\("([^"]*)"\)')
SVG_EXT = "{96DAC541-7B7A-43D3-8B79-37D633B846F1}"


def _deck(tmp_path: Path, svg_bytes: int) -> Path:
    png = io.BytesIO()
    Image.new("RGB", (64, 64), (245, 187, 235)).save(png, "PNG")
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    pic = slide.shapes.add_picture(io.BytesIO(png.getvalue()), Inches(1), Inches(1), Inches(2), Inches(2))
    noise = np.random.default_rng(3).integers(0, 256, svg_bytes * 3 // 4, dtype=np.uint8).tobytes()
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64"'
        f' fill="#F5BBEB"/><!-- {base64.b64encode(noise).decode()} --></svg>'
    ).encode()
    part = Part(PackURI("/ppt/media/big1.svg"), "image/svg+xml", slide.part.package, svg)
    rid = slide.part.relate_to(part, RT.IMAGE)
    blip = pic._element.blipFill.find("{http://schemas.openxmlformats.org/drawingml/2006/main}blip")
    ext_lst = etree.SubElement(blip, "{http://schemas.openxmlformats.org/drawingml/2006/main}extLst")
    ext = etree.SubElement(ext_lst, "{http://schemas.openxmlformats.org/drawingml/2006/main}ext", uri=SVG_EXT)
    svg_blip = etree.SubElement(ext, "{http://schemas.microsoft.com/office/drawing/2016/SVG/main}svgBlip")
    svg_blip.set("{http://schemas.openxmlformats.org/officeDocument/2006/relationships}embed", rid)
    path = tmp_path / "svg.pptx"
    prs.save(path)
    return path


def _drawn_mimes(out: Path) -> list[str]:
    """The types of the pictures the page draws (a var() reference), not those kept for read-back."""
    page = out.read_text(encoding="utf-8")
    return [url.split(";", 1)[0] for key, url in ASSET_PROP.findall(page) if f"var(--a-{key})" in page]


def test_a_too_big_svg_is_drawn_from_its_raster(tmp_path: Path) -> None:
    out = tmp_path / "deck.html"
    report = write_html(read_pptx(_deck(tmp_path, 3_000_000)), out, embed_source=False)
    assert not [e for e in report.entries if e.feature == "asset-too-large" and e.severity != "info"]
    (entry,) = [e for e in report.entries if e.feature == "svg-too-large"]
    assert "raster picture stored beside it is drawn" in entry.reason
    assert _drawn_mimes(out) == ["data:image/png"]


def test_an_svg_that_fits_is_still_preferred(tmp_path: Path) -> None:
    out = tmp_path / "deck.html"
    report = write_html(read_pptx(_deck(tmp_path, 20_000)), out, embed_source=False)
    assert not [e for e in report.entries if e.feature == "svg-too-large"]
    assert _drawn_mimes(out) == ["data:image/svg+xml"]
