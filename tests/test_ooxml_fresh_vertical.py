"""Issue 18: a slide placeholder on a vertical layout ("Title and Vertical Text", "Vertical Title
and Text") inherits its text direction from the layout's placeholder, as in the source, instead of
restating it. LibreOffice turns the inherited insets with a direction the slide restates: the
vertical body's lines came out longer and broke at other words, and the vertical title moved
(textractjs-order #10 / #11 fresh: similarity 0.46 / 0.53 against the original's render)."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from conftest import needs_soffice

from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.writer import write_pptx
from tests.conftest import FIXTURES

SRC = FIXTURES / "pptx" / "textractjs-order.pptx"
_VERT = re.compile(rb'<a:bodyPr\b[^>]*\bvert="([A-Za-z0-9]+)"')


def _verts(path: Path, part: str) -> list[bytes]:
    with zipfile.ZipFile(path) as z:
        return _VERT.findall(z.read(part))


def test_a_slide_placeholder_inherits_the_layout_s_direction(tmp_path: Path) -> None:
    out = tmp_path / "fresh.pptx"
    write_pptx(read_pptx(SRC), out, fresh=True)
    # the layouts state it (the master's placeholders are horizontal) ...
    assert _verts(out, "ppt/slideLayouts/slideLayout10.xml") == [b"eaVert"]
    assert _verts(out, "ppt/slideLayouts/slideLayout11.xml") == [b"eaVert", b"eaVert"]
    # ... and the slides inherit it, as in the source
    assert _verts(SRC, "ppt/slides/slide10.xml") == _verts(out, "ppt/slides/slide10.xml") == []
    assert _verts(out, "ppt/slides/slide11.xml") == []
    # the direction still reads back from the chain
    deck = read_pptx(out)
    for index, count in ((9, 1), (10, 2)):
        verticals = [n for n in deck.slides[index].children if n.text is not None and n.text.vertical == "eaVert"]
        assert len(verticals) == count


@needs_soffice
def test_libreoffice_lays_out_the_vertical_slides_as_the_original(tmp_path: Path) -> None:
    import pymupdf

    from ace_core.soffice import convert_many

    out = tmp_path / "fresh.pptx"
    write_pptx(read_pptx(SRC), out, fresh=True)
    pdfs, _ = convert_many([SRC, out], tmp_path / "pdf", "pdf")

    def lines(pdf: Path | None) -> list[tuple[str, tuple[float, ...]]]:
        assert pdf is not None
        with pymupdf.open(pdf) as doc:
            return [
                ("".join(s["text"] for s in ln["spans"]), tuple(ln["bbox"]))
                for i in (9, 10)
                for b in doc[i].get_text("dict")["blocks"]
                for ln in b.get("lines", [])
            ]

    orig, ours = lines(pdfs[0]), lines(pdfs[1])
    assert len(orig) >= 15
    assert [t for t, _ in ours] == [t for t, _ in orig]  # the same words on each line
    off = max(abs(a - b) for (_, p), (_, q) in zip(orig, ours, strict=True) for a, b in zip(p, q, strict=True))
    assert off < 0.5, off  # and each line where the original's is (main: the title ~100 pt off)
