"""OOXML text through Figma's standard fields lands where it started: Figma lays lines out as CSS
does (glyphs centred in the line box), PowerPoint puts extra spacing above the text, so the
writer gives OOXML text PowerPoint's pitch in pixels and moves it down (ace_core.drawing.text_lines),
and a .pptx written from a Figma file moves it back."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from ace_core.drawing.text_lines import css_text_offset, ooxml_text_shift, shifted_insets
from ace_core.ir.nodes import TextNode
from ace_core.ir.style import Sides
from ace_core.ir.text import Paragraph, Run, TextBody, TextStyle
from ace_core.layout.measure import DEFAULT_INSETS
from adapters.api import read
from adapters.figma.read import read_figma
from adapters.figma.write import write_figma
from adapters.ooxml.writer import write_pptx
from tests.figma_spec import errors

ROOT = Path(__file__).resolve().parents[1]
DECK = ROOT / "fixtures" / "pptx" / "docx4j-pptx-chart.pptx"  # a centred title, a top-anchored subtitle


def _texts(deck):
    return {n.name: n for n in deck.slides[0].children if isinstance(n, TextNode) and n.text.paragraphs}


def _drawn_top(node: TextNode) -> float:
    """Where the text block's centre line sits under the box's anchor (what the renders see);
    insets None are OOXML's defaults (a box whose chain states none)."""
    ins = node.text.insets if node.text.insets is not None else DEFAULT_INSETS
    if node.text.vertical_align == "TOP":
        return node.y + ins.top
    if node.text.vertical_align == "BOTTOM":
        return node.y + node.height - ins.bottom
    return node.y + node.height / 2 + (ins.top - ins.bottom) / 2


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[object, Path]:
    out = tmp_path_factory.mktemp("lines") / "deck.figma.json"
    deck = read(DECK)
    write_figma(deck, out)
    return deck, out


def test_ooxml_lines_are_written_at_powerpoint_pitch_and_moved_down(written: tuple[object, Path]) -> None:
    deck, out = written
    doc = json.loads(out.read_text())
    frames = {n["name"]: n for n in doc["document"]["children"][0]["children"][0]["children"]}
    for name, node in _texts(deck).items():
        frame = frames[name]
        text = frame["children"][-1]
        style = text["style"]
        assert style["lineHeightUnit"] == "PIXELS"
        assert style["lineHeightPx"] == pytest.approx(1.2 * style["fontSize"])
        d = ooxml_text_shift(node.text, deck.theme.fonts)
        assert d > 1.0  # Calibri at 44 / 32 pt: several pixels
        ins = node.text.insets
        top, bottom, _ = shifted_insets(ins.top, ins.bottom, node.text.vertical_align, d)
        assert (frame["paddingTop"], frame["paddingBottom"]) == pytest.approx((top, bottom))
        if node.text.vertical_align == "TOP":
            assert frame["paddingTop"] == pytest.approx(ins.top + d)
        else:  # centred: only top - bottom counts
            assert frame["paddingTop"] - frame["paddingBottom"] == pytest.approx(ins.top - ins.bottom + 2 * d)


VERTICAL = ROOT / "fixtures" / "pptx" / "oxsdk-wrapEAvert_bodyPrVert_VerticalTextEAvert.pptx"
# "Calculus": a bottom-anchored box whose bottom inset (5.3 px) is less than the move down (8 px)
BOTTOM = ROOT / "fixtures" / "pptx" / "pptxviewer-Mathematical_Equations_11_Slides_46_KB_3c22e70f4d.pptx"


@pytest.mark.parametrize("source", [DECK, VERTICAL, BOTTOM], ids=["horizontal", "vertical", "bottom-inset"])
def test_pptx_from_the_figma_file_puts_the_text_back(source: Path, tmp_path: Path) -> None:
    """Vertical OOXML text too: it is written as a turned TEXT, not moved, and not moved back. A
    bare box whose padding cannot take the whole move (bottom-anchored, a small bottom inset) is
    moved itself, as the OOXML writer moves it back."""
    deck, out = read(source), tmp_path / "deck.figma.json"
    write_figma(deck, out)
    back = tmp_path / "back.pptx"
    write_pptx(read_figma(out), back)
    before, after = _texts(deck), _texts(read(back))
    assert set(before) <= set(after)
    for name, node in before.items():
        assert _drawn_top(after[name]) == pytest.approx(_drawn_top(node), abs=0.05), name


@pytest.mark.parametrize("anchor", ["TOP", "CENTER", "BOTTOM"])
@pytest.mark.parametrize("d", [-6.0, 3.0, 9.0])
def test_shifted_insets_move_the_text_or_say_what_is_left(anchor: str, d: float) -> None:
    top, bottom = 4.8, 4.8
    t, b, rest = shifted_insets(top, bottom, anchor, d)
    assert t >= 0 and b >= 0
    moved = {"TOP": t - top, "BOTTOM": bottom - b, "CENTER": ((t - b) - (top - bottom)) / 2}[anchor]
    assert moved + rest == pytest.approx(d)
    back_t, back_b, back_rest = shifted_insets(t, b, anchor, -d)
    if not rest:
        assert back_rest == 0
        if anchor == "CENTER":
            assert back_t - back_b == pytest.approx(top - bottom)
        else:
            assert (back_t, back_b) == pytest.approx((top, bottom))


def _text_start(node: TextNode, para) -> float:
    """Where a hanging list item's text starts, px from the slide's left (its margin)."""
    ins = node.text.insets
    return node.x + (ins.left if ins is not None else 9.6) + (para.margin_left or 0.0)


def test_list_text_starts_where_powerpoint_starts_it(tmp_path: Path) -> None:
    """Figma's lists have no indent of their own (text one gutter per level right of the marker):
    the writer pads the box so that the items' text lands at PowerPoint's margin, and the file
    read back (no IR copy) keeps it there - the margins were 1 em per level from the box edge."""
    deck = read(ROOT / "fixtures" / "decks" / "pptagent-build_effective_agents.pptx")
    write_figma(deck, tmp_path / "deck.figma.json")
    back = read_figma(tmp_path / "deck.figma.json")
    node = next(n for n in deck.slides[1].children if n.id == "s257.2")
    again = next(n for n in back.slides[1].children if n.id == "s257.2")
    items = [(p, q) for p, q in zip(node.text.paragraphs, again.text.paragraphs, strict=True) if p.text.strip()]
    assert items and all(p.bullet is not None and (p.indent or 0) < 0 for p, _ in items)
    for p, q in items:
        assert _text_start(again, q) == pytest.approx(_text_start(node, p), abs=0.5)


def test_fields_are_written_as_a_viewer_shows_them(tmp_path: Path) -> None:
    """Figma has no fields: a date field is written as the date PowerPoint and LibreOffice show
    (today's, not the stored one - here 12/16/2016), a slide number as the slide's number."""
    import datetime

    from ace_core.ir.fields import field_text

    deck = read(ROOT / "fixtures" / "decks" / "tika-testPPT_various2.pptx")
    out = tmp_path / "deck.figma.json"
    write_figma(deck, out)
    found = {}

    def walk(n: dict) -> None:
        if n.get("type") == "TEXT":
            found[n["id"].removesuffix(":text")] = n["characters"]
        for c in n.get("children", []):
            walk(c)

    walk(json.loads(out.read_text())["document"])
    today = field_text("datetime1", "", datetime.datetime.now())
    for number, slide in enumerate(deck.slides, 1):
        for node in slide.iter_nodes():
            body = getattr(node, "text", None)
            runs = [r for p in getattr(body, "paragraphs", []) for r in p.runs if r.field]
            for run in runs:
                if run.field == "datetime1":
                    assert run.text != today and today in found[node.id]
                elif run.field == "slidenum":
                    assert found[node.id] == str(number)


def test_each_paragraph_keeps_its_gap_to_the_next(tmp_path: Path) -> None:
    """Figma holds one paragraphSpacing per node; a paragraph whose gap to the next differs (space
    after it plus space before the next, as PowerPoint adds them) carries its own in its
    characters' style override, and reads back as its space after - it was the node's median."""
    from ace_core.ir.text import Paragraph, Run

    deck = read(DECK)
    node = next(iter(_texts(deck).values()))
    paras = [
        Paragraph(runs=[Run(text="a")], space_after=6.0),
        Paragraph(runs=[Run(text="b")], space_before=30.0),
        Paragraph(runs=[Run(text="c")], space_after=6.0),
        Paragraph(runs=[Run(text="d")], space_after=6.0),
        Paragraph(runs=[Run(text="e")]),
    ]
    node.text.paragraphs = paras
    write_figma(deck, tmp_path / "deck.figma.json")
    again = _texts(read_figma(tmp_path / "deck.figma.json"))[node.name]
    gaps = [(p.space_after or 0.0) + (q.space_before or 0.0) for p, q in itertools.pairwise(paras)]
    back = [p.space_after or 0.0 for p in again.text.paragraphs[:-1]]
    assert gaps == [36.0, 0.0, 6.0, 6.0]
    assert back == pytest.approx(gaps)


def test_a_paragraph_of_mixed_sizes_keeps_its_own_line_height(tmp_path: Path) -> None:
    """OOXML sizes each line by its own biggest run: one pixel pitch for a paragraph of mixed sizes
    would give its small lines the big ones' pitch, so it keeps its stated line height (and the
    text still lands back where it was)."""
    from ace_core.ir.text import Paragraph, Run, TextStyle

    deck = read(DECK)
    node = next(iter(_texts(deck).values()))
    node.text.paragraphs = [
        Paragraph(
            runs=[
                Run(text="big", style=TextStyle(font_size=40.0)),
                Run(text="\vsmall", style=TextStyle(font_size=20.0)),
            ]
        )
    ]
    out = tmp_path / "deck.figma.json"
    write_figma(deck, out)
    doc = json.loads(out.read_text())
    frame = next(n for n in doc["document"]["children"][0]["children"][0]["children"] if n["name"] == node.name)
    assert frame["children"][-1]["style"]["lineHeightUnit"] != "PIXELS"
    write_pptx(read_figma(out), tmp_path / "back.pptx")
    assert _drawn_top(_texts(read(tmp_path / "back.pptx"))[node.name]) == pytest.approx(_drawn_top(node), abs=0.05)


def _mixed(words: str, tail_size: float) -> TextBody:
    """One paragraph of 32 px text ending in a space run at `tail_size` (PowerPoint writes such
    end-of-paragraph runs), in Carlito."""
    style = TextStyle(font_family="Carlito", font_size=32.0)
    para = Paragraph(runs=[Run(text=words, style=style), Run(text=" ", style=TextStyle(font_size=tail_size))])
    return TextBody(paragraphs=[para], style=style, insets=Sides(top=4.8, right=9.6, bottom=4.8, left=9.6))


def test_first_baseline_follows_the_runs_on_the_first_line() -> None:
    """A line is as tall as its own runs, in OOXML and in CSS: a bigger run that wraps to a later
    line does not move the first baseline; on the first line it does. (Before, the OOXML pitch
    took the paragraph's biggest run and the CSS line its first run: the text of a two-line
    title with a bigger trailing space came out ~4 px low on every CSS-like renderer.)"""
    long = "Wo kommen die Rohstoffe für meine Elektronikprodukte eigentlich her?"  # wraps before "eigentlich"
    # mixed sizes are written with Figma's own (CSS-like) line height and moved by css_text_offset
    line32 = -css_text_offset(_mixed(long, 32.0), None, 768.0)
    assert ooxml_text_shift(_mixed(long, 37.33), None, 768.0) == pytest.approx(line32)  # the space is on line 2
    big = TextStyle(font_family="Carlito", font_size=37.33)
    alone = TextBody(paragraphs=[Paragraph(runs=[Run(text="Kurz", style=big)])], style=big)
    line37 = -css_text_offset(alone, None, 768.0)
    assert ooxml_text_shift(_mixed("Kurz", 37.33), None, 768.0) == pytest.approx(line37)  # on line 1 it counts
    assert abs(line37 - line32) > 0.2


def test_unwrapped_autofit_text_wider_than_its_box_grows_about_the_centre(tmp_path: Path) -> None:
    """An unwrapped text box that grows to its text (spAutoFit, wrap none) and whose text is wider
    than the stored box is drawn by LibreOffice widened about its centre (the HTML writer does
    the same); the Figma writer writes the box so, not as text running out of its right side."""
    from pptx import Presentation
    from pptx.enum.text import MSO_AUTO_SIZE
    from pptx.util import Emu, Pt

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    left, width = Emu(3_000_000), Emu(900_000)
    box = slide.shapes.add_textbox(left, Emu(2_000_000), width, Emu(500_000))
    box.text_frame.word_wrap = False
    box.text_frame.auto_size = MSO_AUTO_SIZE.SHAPE_TO_FIT_TEXT
    box.text_frame.text = "(define (square x) (* x x))"
    box.text_frame.paragraphs[0].runs[0].font.size = Pt(24)
    box.text_frame.paragraphs[0].runs[0].font.name = "Consolas"
    src = tmp_path / "code.pptx"
    prs.save(src)
    deck = read(src)
    node = next(n for n in deck.slides[0].children if isinstance(n, TextNode))
    out = tmp_path / "code.figma.json"
    write_figma(deck, out)
    doc = json.loads(out.read_text())

    def find(n: dict) -> dict | None:
        if n.get("name") == node.name and "absoluteBoundingBox" in n:
            return n
        return next((hit for c in n.get("children", []) if (hit := find(c)) is not None), None)

    written = find(doc["document"])
    assert written is not None
    bbox = written["absoluteBoundingBox"]
    slide_box = doc["document"]["children"][0]["children"][0]["absoluteBoundingBox"]
    centre = node.x + node.width / 2
    assert bbox["x"] - slide_box["x"] + bbox["width"] / 2 == pytest.approx(centre, abs=0.5)
    # 27 characters of DejaVu Sans Mono (what draws Consolas here) at 32 px: ~520 px, the box ~94
    assert bbox["width"] > 27 * 0.6 * 32 * 0.95


def test_a_last_empty_line_keeps_its_own_size(tmp_path: Path) -> None:
    """A box ending in an empty paragraph bigger than its text (PowerPoint's endParaRPr, Scheinecker
    deck #19: 'WESENTLICH!' then an empty 40 pt line, centred). Figma styles an empty line by the
    newline that ends it, which a last line has not: its style was written into the override table
    but put on no character, and it came back at the box's size, the centred text 6 px off. The
    newline before it carries it now (the line after a last newline takes that newline's style,
    in a file from Figma too), also through the .pptx written from the Figma file."""
    deck = read(DECK)
    node = next(n for n in _texts(deck).values() if n.text.vertical_align == "CENTER")
    big = TextStyle(font_size=160 / 3, font_weight=700)  # 40 pt
    node.text.paragraphs = [Paragraph(runs=[Run(text="WESENTLICH!")]), Paragraph(runs=[], style=big)]
    out = tmp_path / "deck.figma.json"
    write_figma(deck, out)
    doc = json.loads(out.read_text())
    assert errors(doc) == []
    frame = next(n for n in doc["document"]["children"][0]["children"][0]["children"] if n["name"] == node.name)
    text = frame["children"][-1]
    assert text["characters"] == "WESENTLICH!\n"
    last = text["styleOverrideTable"][str(text["characterStyleOverrides"][-1])]
    assert last["fontSize"] == pytest.approx(160 / 3)
    again = _texts(read_figma(out))[node.name].text.paragraphs
    assert [p.text for p in again] == ["WESENTLICH!", ""]
    assert again[-1].style.font_size == pytest.approx(160 / 3)
    assert again[0].style.font_size is None  # the newline's style stays off the line it ends
    write_pptx(read_figma(out), tmp_path / "back.pptx")
    pptx = _texts(read(tmp_path / "back.pptx"))[node.name].text.paragraphs
    assert pptx[-1].style.font_size == pytest.approx(160 / 3)


def test_a_preset_shape_s_text_stays_in_its_text_rectangle(tmp_path: Path) -> None:
    """A preset shape's text lies in the preset's text rectangle (poi-keyframes' "Loading..." arrow:
    between its stripes and its head), which the VECTOR Figma draws the shape with does not have:
    the writer pads the text by the rectangle's margins, and the file read back (no IR copy) holds
    them in the insets, so the text wraps in the same width in Figma, in the .pptx and in the HTML
    written from it. A placeholder's text has its whole box (LibreOffice ignores its geometry)."""
    from adapters.figma.vectors import preset_text_margins

    deck = read(ROOT / "fixtures" / "pptx" / "poi-keyframes.pptx")
    node = next(n for n in deck.slides[0].iter_nodes() if n.id == "s256.11")
    rect = preset_text_margins(node)
    assert node.preset == "stripedRightArrow" and rect.left > 10 and rect.right > 20
    write_figma(deck, tmp_path / "deck.figma.json")
    doc = json.loads((tmp_path / "deck.figma.json").read_text())
    frame = _figma_node(doc["document"], "s256.11")
    ins = node.text.insets if node.text.insets is not None else DEFAULT_INSETS
    assert (frame["paddingLeft"], frame["paddingRight"]) == pytest.approx(
        (ins.left + rect.left, ins.right + rect.right)
    )
    again = next(n for n in read_figma(tmp_path / "deck.figma.json").slides[0].iter_nodes() if n.id == "s256.11")
    assert again.type == "VECTOR"  # no preset: its text rectangle is the whole box
    assert (again.text.insets.left, again.text.insets.right) == pytest.approx(
        (ins.left + rect.left, ins.right + rect.right)
    )
    chevron = read(ROOT / "fixtures" / "pptx" / "pypptx-ph-inherit-props.pptx").slides[0]
    body = next(n for n in chevron.iter_nodes() if n.id == "s256.5")
    assert body.preset == "chevron" and body.placeholder is not None
    assert preset_text_margins(body) == Sides()


def test_no_space_after_the_last_paragraph(tmp_path: Path) -> None:
    """Figma's paragraphSpacing is the space between paragraphs, none after the last: a one-paragraph
    SmartArt label with space after it (5 px) reads back without it (an HTML writer drew it below
    the text, lifting centred text by half of it)."""
    deck = read(ROOT / "fixtures" / "pptx" / "poi-smartart-simple.pptx")
    node = next(n for n in deck.slides[0].iter_nodes() if n.id == "s256.4.d0.t")
    assert len(node.text.paragraphs) == 1 and node.text.paragraphs[0].space_after
    write_figma(deck, tmp_path / "deck.figma.json")
    back = read_figma(tmp_path / "deck.figma.json")
    for node in back.slides[0].iter_nodes():
        body = getattr(node, "text", None)
        if body is not None and body.paragraphs:
            assert body.paragraphs[-1].space_after is None, node.id


def _figma_node(node: dict, nid: str) -> dict:
    if node.get("id") == nid:
        return node
    for child in node.get("children", []):
        found = _figma_node(child, nid)
        if found:
            return found
    return {}
