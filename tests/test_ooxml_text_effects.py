"""Issue 18: a shadow on text (a run's a:effectLst / a:outerShdw, as older templates' titles and
body text have) is read into TextStyle.effects, and an outline (a run's a:ln) into
TextStyle.outline; the fresh .pptx writer writes both back. Before, both were reported and
dropped: LibreOffice drew the text without its shadow (poi-45545_Comment: ten slides, colour-off
up to 0.19) and hollow outlined letters vanished (poi-keyframes #28)."""

from __future__ import annotations

import math
import zipfile
from pathlib import Path

from lxml import etree

from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.validate import check_package
from adapters.ooxml.writer import write_pptx
from tests.conftest import FIXTURES

SRC = FIXTURES / "pptx" / "tika-testPPT_groups.pptx"  # slide 2: 54 pt runs with a 1.5 pt dk1 40% shadow
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"


def _runs(deck, keep=lambda run: True):
    return [
        run
        for _, node in deck.iter_nodes()
        if getattr(node, "text", None) is not None
        for para in node.text.paragraphs
        for run in para.runs
        if keep(run)
    ]


def _shadowed_runs(deck):
    return _runs(deck, lambda run: bool(run.style.effects))


def test_a_text_shadow_is_read() -> None:
    deck = read_pptx(SRC)
    runs = _shadowed_runs(deck)
    assert runs
    shadow = runs[0].style.effects[0]
    assert shadow.type == "DROP_SHADOW"
    leg = 19050 / 9525 * math.cos(math.pi / 4)  # 1.5 pt at 45 degrees
    assert math.isclose(shadow.offset.x, leg) and math.isclose(shadow.offset.y, leg)
    assert math.isclose(shadow.radius, 38100 / 9525) and math.isclose(shadow.color.a, 0.4, abs_tol=0.01)
    entries = [e for e in deck.report.entries if e.feature in ("text-effect", "text-shadow")]
    assert entries and all(e.feature == "text-shadow" and e.severity == "info" for e in entries)


def test_a_text_shadow_is_written_to_fresh_pptx_and_reads_back(tmp_path: Path) -> None:
    deck = read_pptx(SRC)
    out = tmp_path / "fresh.pptx"
    write_pptx(deck, out, fresh=True)
    assert check_package(out.read_bytes()) == []
    with zipfile.ZipFile(out) as z:
        slides = [etree.fromstring(z.read(n)) for n in z.namelist() if n.startswith("ppt/slides/slide")]
    shadows = [s for root in slides for s in root.iter(f"{A}outerShdw") if s.getparent().getparent().tag == f"{A}rPr"]
    assert shadows and shadows[0].get("dist") == "19050" and shadows[0].get("dir") == "2700000"
    assert shadows[0].get("blurRad") == "38100"
    before, after = _shadowed_runs(deck), _shadowed_runs(read_pptx(out))
    assert len(after) == len(before)
    for a, b in zip(before, after, strict=True):
        assert a.style.effects[0].model_dump() == b.style.effects[0].model_dump()


def test_outlined_hollow_text_keeps_its_outline_and_no_fill(tmp_path: Path) -> None:
    """poi-keyframes #28: WordArt-like hollow letters (a:ln with a fill, a:noFill): read as
    TextStyle.outline over a transparent fill and written back as a:ln + a:noFill. Before, the
    outline was dropped and the fill written transparent: the slide's text vanished (recall 0.68)."""
    src = FIXTURES / "pptx" / "poi-keyframes.pptx"
    deck = read_pptx(src)
    runs = _runs(deck, lambda run: run.style.outline is not None and "UAD" in run.text)
    assert runs and math.isclose(runs[0].style.outline.weight, 18000 / 9525)
    out = tmp_path / "fresh.pptx"
    write_pptx(deck, out, fresh=True)
    assert check_package(out.read_bytes()) == []
    with zipfile.ZipFile(out) as z:
        slides = [etree.fromstring(z.read(n)) for n in z.namelist() if n.startswith("ppt/slides/slide")]
    rprs = [r for root in slides for r in root.iter(f"{A}rPr") if r.getnext() is not None and r.getnext().text == "UAD"]
    assert rprs
    kids = [etree.QName(c).localname for c in rprs[0]]
    assert kids[:2] == ["ln", "noFill"] and rprs[0][0].get("w") == "18000"
    back = _runs(read_pptx(out), lambda run: "UAD" in run.text)
    assert back[0].style.outline is not None and back[0].style.outline.weight == runs[0].style.outline.weight
