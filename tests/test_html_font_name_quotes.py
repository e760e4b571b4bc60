"""A typeface stored as a CSS font list with quotes ('"trebuchet ms",verdana,arial,sans-serif';
mermaid-to-pptx and other web-born writers store such names) must not end the style attribute of
the HTML it is written into: before the fix the run lost its size and colour after the name, and
the text was drawn at the browser's default size and face."""

from __future__ import annotations

from pathlib import Path

from bs4 import BeautifulSoup
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.util import Inches, Pt

from adapters.html.write import write_html
from adapters.ooxml.read_deck import read_pptx

NAMES = ['"trebuchet ms",verdana,arial,sans-serif', "O'Reilly <Sans> & {Co}; x"]


def _deck(path: Path) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    for i, name in enumerate(NAMES):
        box = slide.shapes.add_textbox(Inches(1), Inches(1 + 2 * i), Inches(6), Inches(1))
        run = box.text_frame.paragraphs[0].add_run()
        run.text = f"Application {i}"
        run.font.name = name
        run.font.size = Pt(27)
        run.font.color.rgb = RGBColor(0xC0, 0x10, 0x20)
    prs.save(path)
    return path


def test_quoted_family_names_keep_the_runs_style(tmp_path: Path) -> None:
    deck = read_pptx(_deck(tmp_path / "quotes.pptx"))
    out = tmp_path / "quotes.html"
    write_html(deck, out)
    soup = BeautifulSoup(out.read_text(encoding="utf-8"), "html.parser")
    for i in range(len(NAMES)):
        span = soup.find("span", string=f"Application {i}")
        assert span is not None, f"run {i} lost from the page"
        assert "color:#c01020" in span.get("style", "").lower()
        para = span.find_parent("p").get("style", "")
        assert "font-size:36px" in para and "line-height" in para, para
        assert "font-family:'" in para and "DejaVu Sans" in para, para
    css = "".join(s.get_text() for s in soup.find_all("style"))
    assert "</" not in css and "<Sans>" not in css
