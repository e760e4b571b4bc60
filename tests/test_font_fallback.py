"""A font that is not installed falls back as LibreOffice draws it (issue 18, class 5): the face
fontconfig matches for the name (serif to a serif, sans to a sans), a monospace face only for a
monospace name. Checked against LibreOffice's own PDF of a deck using each family."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lxml import etree
from pptx import Presentation
from pptx.util import Emu, Pt

from ace_core.drawing.fontconfig import fc_match
from ace_core.drawing.fonts import _installed, css_font_stack, fallback_class, font_class, substitutes
from backends.render.libreoffice import render_to_pdf
from tests.conftest import needs_soffice

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
# real families seen in decks, none installed here: serif, sans, script / display and monospace
# names, and names whose letters hold "mono" or "code" without being monospace
FAMILIES = [
    "Garamond",
    "Georgia",
    "Palatino Linotype",
    "Constantia",
    "Book Antiqua",
    "Segoe UI",
    "Gill Sans MT",
    "Century Gothic",
    "Trebuchet MS",
    "Helvetica Neue",
    "Aptos",
    "Calibri Light",
    "Encode Sans",
    "Monotype Corsiva",
    "Lucida Sans Unicode",
    "Brush Script MT",
    "Consolas",
    "Inconsolata",
    "Andale Mono",
    "Times",
    "Arial Narrow",
    "Elephant",
]
needs_fontconfig = pytest.mark.skipif(fc_match("Sans") is None, reason="fontconfig is not installed")


def _drawn_by_us(family: str) -> str:
    """The first installed family of our CSS stack: the face Chromium draws the text in."""
    return next(f for f in [family, *substitutes(family)] if f.lower() in _installed())


def test_a_monospace_face_only_for_a_monospace_name() -> None:
    for name in ("Encode Sans", "Monotype Corsiva", "Lucida Sans Unicode", "Harmonia Sans", "Codec Pro"):
        assert font_class(name) != "mono", name
    for name in ("Consolas", "Courier New", "Source Code Pro", "Fira Mono", "Lucida Console", "Inconsolata"):
        assert font_class(name) == "mono", name


@needs_fontconfig
def test_the_stack_falls_back_by_class_and_its_generic_follows() -> None:
    assert "'DejaVu Serif'" in css_font_stack("Garamond") and css_font_stack("Garamond").endswith(",serif")
    stack = css_font_stack("Lucida Sans Unicode")
    assert "Mono" not in stack and stack.endswith(",sans-serif")
    assert fallback_class("Consolas") == "mono" and css_font_stack("Consolas").endswith(",monospace")
    assert css_font_stack("Noto Sans CJK JP").count("Noto Sans CJK JP") == 1


@needs_fontconfig
def test_text_is_measured_in_the_face_it_is_drawn_in() -> None:
    """The measurer (text box sizes, autofit, Figma text widths) resolves a missing family the way
    the writers' stack does: before, every name without an alias was measured in DejaVu Sans, so
    Consolas code (drawn in DejaVu Sans Mono, ~20 % wider) and Georgia were measured too narrow."""
    from ace_core.layout.fonts import font_index

    for family in [*FAMILIES, "Calibri", "Arial", "Courier New", "Cambria"]:
        face = font_index().resolve(family)
        assert face is not None
        assert _drawn_by_us(family).lower() in face.info.families, family


@pytest.mark.render
@needs_soffice
@needs_fontconfig
def test_every_family_falls_back_to_the_face_libreoffice_draws(tmp_path: Path) -> None:
    import pymupdf

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    frame = slide.shapes.add_textbox(Emu(300000), Emu(200000), Emu(8500000), Emu(6400000)).text_frame
    for i, family in enumerate(FAMILIES):
        para = frame.paragraphs[0] if i == 0 else frame.add_paragraph()
        run = para.add_run()
        run.text, run.font.size = f"N{i:03d} Hamburgefonstiv", Pt(12)
        etree.SubElement(run._r.get_or_add_rPr(), A + "latin").set("typeface", family)
    src = tmp_path / "fonts.pptx"
    prs.save(str(src))
    pdf = render_to_pdf(src, tmp_path / "pdf")
    drawn: dict[int, str] = {}
    for page in pymupdf.open(pdf):
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    if m := re.match(r"N(\d{3})", span["text"].strip()):
                        drawn[int(m.group(1))] = re.sub(r"^[A-Z]{6}\+", "", span["font"]).split("-")[0]
    wrong = {
        family: (_drawn_by_us(family), drawn.get(i))
        for i, family in enumerate(FAMILIES)
        if _drawn_by_us(family).replace(" ", "") != drawn.get(i)
    }
    assert not wrong, wrong
