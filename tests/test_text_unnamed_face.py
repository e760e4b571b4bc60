"""Text whose chain names no typeface (no run, list style, master txStyles or presentation
defaultTextStyle names one; gopptx, docx4j, officeimo and others write such decks) is drawn by
LibreOffice in its default face, Liberation Sans, not in the theme's minor font. The reader records
that face as ThemeFonts.fallback and every writer that resolves a family uses it."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from ace_core.drawing.fonts import resolve_family
from adapters.html.write import write_html
from adapters.ooxml.read_deck import read_pptx
from tests.conftest import FIXTURES, needs_soffice

I08 = FIXTURES / "pptx" / "gopptx-i08-python.pptx"  # theme minor Aptos; nothing refers to it


def _unnamed_runs(deck):  # (text, effective style) of every run whose chain names no face
    def walk(nodes):
        for n in nodes:
            yield n
            yield from walk(getattr(n, "children", None) or [])

    for slide in deck.slides:
        for node in walk(slide.children):
            body = getattr(node, "text", None)
            if body is None or not hasattr(body, "paragraphs"):
                continue
            for para in body.paragraphs:
                for run in para.runs:
                    style = body.style.merged(para.style).merged(run.style)
                    if not (style.font_family or style.font_ref) and len(run.text.strip()) >= 4:
                        yield run.text.strip(), style


def test_reader_records_the_renderers_default_face(tmp_path: Path) -> None:
    deck = read_pptx(I08)
    assert deck.theme is not None
    assert deck.theme.fonts.minor == "Aptos"
    assert deck.theme.fonts.fallback == "Liberation Sans"
    runs = list(_unnamed_runs(deck))
    assert runs
    for _, style in runs:
        assert resolve_family(style.font_family, style.font_ref, deck.theme.fonts) == "Liberation Sans"
    write_html(deck, tmp_path / "deck.html")
    html = (tmp_path / "deck.html").read_text(encoding="utf-8")
    assert ".slide{font-family:" in html and "Liberation Sans" in html.split(".slide{font-family:")[1][:80]


def test_a_deck_whose_default_style_names_a_face_has_no_fallback() -> None:
    deck = read_pptx(FIXTURES / "pptx" / "poi-layouts.pptx")
    assert deck.theme is not None and deck.theme.fonts.fallback is None


@needs_soffice
def test_libreoffice_draws_unnamed_text_in_the_fallback_face(tmp_path: Path) -> None:
    from ace_core.soffice import convert_many
    from backends.render.libreoffice import PDF_FILTER

    (pdf,), _ = convert_many([I08], tmp_path, PDF_FILTER, timeout=240)
    assert pdf is not None
    fonts: dict[str, set[str]] = {}
    with pymupdf.open(pdf) as doc:
        for page in doc:
            for block in page.get_text("dict")["blocks"]:
                for line in block.get("lines", []):
                    for span in line["spans"]:
                        fonts.setdefault(span["text"].strip(), set()).add(span["font"].split("+")[-1])
    seen = [fonts[text] for text, _ in _unnamed_runs(read_pptx(I08)) if text in fonts]
    assert seen, "no unnamed run found in LibreOffice's PDF"
    assert all(any(f.startswith("LiberationSans") for f in found) for found in seen), seen
