"""Text boxes that do not wrap and resize to their text (wrap="none" + spAutoFit, python-pptx's
add_textbox default) stored wider than their text: PowerPoint and ACE keep the box and the
alignment, LibreOffice refits the box about its centre. The reader reports those boxes (info,
reference-blind) and only those where the placements differ."""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

import pytest
from pptx import Presentation
from pptx.enum.text import PP_ALIGN
from pptx.util import Inches, Pt

from adapters.ooxml.read_autogrow import AUTOGROW_CENTRED
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.read_math import REFERENCE_BLIND

ROOT = Path(__file__).resolve().parents[1]


def _deck(tmp_path: Path) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    boxes = [
        ("wide", Inches(1), Inches(8), None, False),  # a short word in an 8 in box: LibreOffice centres it
        ("centred", Inches(2), Inches(8), PP_ALIGN.CENTER, False),  # centred either way
        ("wrapped", Inches(3), Inches(8), None, True),  # wrap="square": LibreOffice keeps the alignment
        ("fit", Inches(4), Inches(0.7), None, False),  # stored at about its text's width
        ("narrow", Inches(5), Inches(0.3), None, False),  # narrower: both grow it about its centre
    ]
    for text, top, width, align, wrap in boxes:
        box = slide.shapes.add_textbox(Inches(0.5), top, width, Inches(0.5))
        box.name = text
        frame = box.text_frame
        frame.word_wrap = wrap  # False: wrap="none"
        frame.margin_left = frame.margin_right = 0
        frame.text = "Hello"
        frame.paragraphs[0].runs[0].font.size = Pt(20)
        frame.paragraphs[0].runs[0].font.name = "DejaVu Sans"
        if align is not None:
            frame.paragraphs[0].alignment = align
    path = tmp_path / "autogrow.pptx"
    prs.save(str(path))
    return path


def test_wide_non_wrapping_autogrow_box_is_reported_as_reference_blind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = _deck(tmp_path)
    assert b"spAutoFit" in zipfile.ZipFile(src).read("ppt/slides/slide1.xml")
    deck = read_pptx(src)
    names = {n.id: n.name for n in deck.slides[0].iter_nodes()}
    found = [e for e in deck.report.entries if e.feature == "text-autogrow"]
    assert [names[e.node_id] for e in found] == ["wide"]
    assert found[0].severity == "info" and found[0].reason == AUTOGROW_CENTRED in REFERENCE_BLIND
    wide = next(n for n in deck.slides[0].iter_nodes() if n.name == "wide")
    assert wide.text.paragraphs[0].align in (None, "LEFT")  # ACE keeps the alignment (PowerPoint's)
    monkeypatch.syspath_prepend(str(ROOT / "scripts"))
    sys.modules.pop("fidelity", None)
    import fidelity

    ((x0, y0, x1, _),) = fidelity.blind_regions(deck)[0]
    assert x0 == pytest.approx(0.5 / 10 - 0.01, abs=1e-3) and x1 == pytest.approx(8.5 / 10 + 0.01, abs=1e-3)
    assert y0 == pytest.approx(1 / 7.5 - 0.01, abs=1e-3)
    sys.modules.pop("fidelity", None)
