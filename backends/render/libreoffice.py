"""Render .pptx (and anything LibreOffice Impress opens) to PNG: soffice -> PDF -> pymupdf.

Each call uses a private LibreOffice profile in a temporary directory, so parallel renders from
several threads or processes do not clash; each has a time limit, after which the whole soffice
process group is killed. OOXML input is opened with the reader's safe package layer first, so a
corrupt, encrypted or hostile file is refused with a BadInputError (exit 2) before LibreOffice
sees it, and PNG n is always slide n (hidden slides included; a deck without slides gives none)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from ace_core.errors import BadInputError, RenderError
from ace_core.soffice import DEFAULT_TIMEOUT, convert_with_soffice, find_soffice
from ace_core.tempfiles import temp_dir
from backends.render.raster import pdf_to_pngs

__all__ = [
    "DEFAULT_TIMEOUT",
    "convert_with_soffice",
    "count_pptx_slides",
    "find_soffice",
    "render_pptx",
    "render_to_pdf",
]

_OOXML_SUFFIXES = (".pptx", ".pptm", ".potx", ".potm", ".ppsx", ".ppsm")
_PNG_NAME = re.compile(r"^slide-\d{3,}\.png$")


# export hidden slides too, so that PNG n is always slide n
PDF_FILTER = 'pdf:impress_pdf_Export:{"ExportHiddenSlides":{"type":"boolean","value":"true"}}'


def render_to_pdf(
    src: Path,
    out_dir: Path,
    *,
    timeout: float | None = None,
    where: str | None = None,
    removed: list[str] | None = None,
) -> Path:
    return convert_with_soffice(src, out_dir, PDF_FILTER, timeout=timeout, where=where, removed=removed)


def count_pptx_slides(src: Path) -> int:
    """Slides of an OOXML package whose parts exist (what LibreOffice renders), checking the
    package on the way: a corrupt, encrypted or hostile file raises BadInputError."""
    from adapters.ooxml.ns import RT
    from adapters.ooxml.package import open_package

    pkg = open_package(Path(src))
    pres = pkg.xml(pkg.main_part)
    if pres is None:
        raise BadInputError(f"the main part {pkg.main_part} is missing", where=str(src))
    count = 0
    for el in pres.iter("{*}sldId"):
        rel = pkg.rel(pkg.main_part, el.get("{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"))
        if rel is not None and not rel.external and rel.type == RT.SLIDE and pkg.exists(rel.target):
            count += 1
    return count


def render_pptx(
    src: Path,
    out_dir: Path,
    *,
    width: int = 1280,
    timeout: float | None = None,
    removed: list[str] | None = None,
) -> list[Path]:
    """Render every slide of `src` to `out_dir/slide-NNN.png` at `width` px and return the paths.
    Hidden slides are rendered too, so PNG n is slide n. PNGs of an earlier render in `out_dir`
    beyond the new slide count are removed; nothing is written when the render fails. LibreOffice
    opens a sanitized copy: the external links it left out are appended to `removed`."""
    src = Path(src)
    if not src.is_file():
        raise BadInputError("file not found", where=str(src), hint="check the path")
    out_dir = Path(out_dir)
    expected: int | None = None
    with open(src, "rb") as fh:
        is_zip = fh.read(4) == b"PK\x03\x04"
    if is_zip or src.suffix.lower() in _OOXML_SUFFIXES:
        expected = count_pptx_slides(src)
    with temp_dir("render") as tmpdir:
        pngs: list[Path] = []
        if expected != 0:
            # a copy with a plain name: LibreOffice names its output after the input's stem
            plain = tmpdir / ("deck" + (src.suffix.lower() or ".pptx"))
            shutil.copyfile(src, plain)
            pdf = render_to_pdf(plain, tmpdir / "pdf", timeout=timeout, where=str(src), removed=removed)
            pngs = pdf_to_pngs(pdf, tmpdir / "png", width=width)
            if expected is not None and len(pngs) != expected:
                raise RenderError(
                    f"LibreOffice rendered {len(pngs)} pages for {expected} slides",
                    where=str(src),
                    hint="some slide could not be laid out; check the file in LibreOffice Impress",
                )
        out_dir.mkdir(parents=True, exist_ok=True)
        final = []
        for png in pngs:
            target = out_dir / png.name
            shutil.move(str(png), target)
            final.append(target)
    keep = {p.name for p in final}
    for stale in out_dir.iterdir():
        if _PNG_NAME.match(stale.name) and stale.name not in keep:
            stale.unlink()
    return final
