"""Issue 18: a placeholder whose own a:bodyPr states shrink-on-overflow (`<a:normAutofit/>`, no
scale) keeps stating it in the fresh .pptx, even when its layout's / master's placeholder states
the same. LibreOffice refits only a shape's own normAutofit: left to inheritance, the text was
drawn unshrunk where the original's was fitted (pptagent-default_template #5 / #6, similarity
0.46 / 0.49). A placeholder that only inherits the autofit still does not state it."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.validate import check_package
from adapters.ooxml.writer import write_pptx
from tests.conftest import FIXTURES

SRC = FIXTURES / "decks" / "pptagent-build_effective_agents.pptx"
_SP = re.compile(rb"<p:sp>.*?</p:sp>", re.S)
_OWN_FIT = re.compile(rb"<a:bodyPr[^>]*>\s*<a:normAutofit\s*/>")


def _fits(path: Path, kind: str = "slides/slide") -> list[tuple[int, int]]:
    """Per slide (or layout, in order): (placeholders stating an unscaled normAutofit, placeholders)."""
    out = []
    with zipfile.ZipFile(path) as z:
        names = sorted(
            (n for n in z.namelist() if re.fullmatch(rf"ppt/{kind}\d+\.xml", n)),
            key=lambda n: int(re.findall(r"\d+", n)[0]),
        )
        for name in names:
            shapes = [sp for sp in _SP.findall(z.read(name)) if b"<p:ph" in sp]
            out.append((sum(1 for sp in shapes if _OWN_FIT.search(sp)), len(shapes)))
    return out


def test_a_placeholder_s_own_autofit_is_restated(tmp_path: Path) -> None:
    out = tmp_path / "fresh.pptx"
    write_pptx(read_pptx(SRC), out, fresh=True)
    assert check_package(out.read_bytes()) == []
    source, ours = _fits(SRC), _fits(out)
    assert sum(n for n, _ in source) >= 10
    assert [n for n, _ in ours] == [n for n, _ in source]


def test_an_inherited_autofit_that_scales_nothing_is_not_restated(tmp_path: Path) -> None:
    """pptxviewer-Mathematical_Equations: the master states normAutofit fontScale=100000
    lnSpcReduction=0; its layouts' placeholders only inherit it and must not state it (restated,
    LibreOffice refitted the title slide's text: similarity 1.000 -> 0.849)."""
    src = FIXTURES / "pptx" / "pptxviewer-Mathematical_Equations_11_Slides_46_KB_3c22e70f4d.pptx"
    out = tmp_path / "fresh.pptx"
    write_pptx(read_pptx(src), out, fresh=True)
    assert sum(n for n, _ in _fits(src, "slideLayouts/slideLayout")) == 0
    assert sum(n for n, _ in _fits(out, "slideLayouts/slideLayout")) == 0
    assert [n for n, _ in _fits(out)] == [n for n, _ in _fits(src)]
