"""The three fidelity figures of issue 18 (judge.similarity, judge.colour, judge.text_recall) and the
cached LibreOffice reference of scripts/fidelity.py that the corpus measurements share."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import needs_soffice
from PIL import Image, ImageDraw
from pptx import Presentation
from pptx.util import Inches, Pt

from adapters.html.write import write_html
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.read_math import REFERENCE_BLIND
from judge.colour import colour_off_files
from judge.similarity import similarity_files
from judge.text_recall import html_slides, recall, recall_pages

ROOT = Path(__file__).resolve().parents[1]


def _slide_png(path: Path, title: str, background: str = "white", bar: str | None = None) -> Path:
    img = Image.new("RGB", (1280, 720), background)
    draw = ImageDraw.Draw(img)
    draw.rectangle((100, 80, 1180, 200), fill=title)  # a title's worth of coloured pixels
    if bar:
        draw.rectangle((100, 300, 1180, 620), fill=bar)
    for y in range(320, 600, 40):
        draw.rectangle((140, y, 900, y + 12), fill="#404040")
    img.save(path)
    return path


def test_colour_off_sees_the_hue_grey_similarity_cannot(tmp_path: Path) -> None:
    blue = _slide_png(tmp_path / "blue.png", "#1F3864")  # a dark-blue title
    black = _slide_png(tmp_path / "black.png", "#000000")  # the same title drawn black
    assert colour_off_files(blue, blue) == 0.0
    assert similarity_files(blue, black) > 0.9  # grey levels barely differ
    assert colour_off_files(blue, black) > 0.05  # the colour is off on the title


def test_colour_off_of_a_lost_dark_background_is_near_one(tmp_path: Path) -> None:
    dark = _slide_png(tmp_path / "dark.png", "#FFFFFF", background="#102040")
    light = _slide_png(tmp_path / "light.png", "#FFFFFF", background="#FFFFFF")
    assert colour_off_files(dark, light) > 0.5


def test_text_recall_counts_letters_and_digits_as_a_multiset() -> None:
    assert recall("Hello, World 42", "hello world 42") == 1.0
    assert recall("Q3 revenue", "") == 0.0
    assert recall("", "anything") == 1.0  # a slide without text
    assert recall("aab", "ab") == pytest.approx(2 / 3)
    assert recall_pages(["abc", "de"], ["abc"]) == [1.0, 0.0]  # a missing page is lost text


def _deck(tmp_path: Path) -> Path:
    prs = Presentation()
    for text, notes in (("Quarterly results 2024", "say hello"), ("Next steps", "")):
        slide = prs.slides.add_slide(prs.slide_layouts[6])
        box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(6), Inches(1))
        box.text_frame.text = text
        box.text_frame.paragraphs[0].runs[0].font.size = Pt(32)
        if notes:
            slide.notes_slide.notes_text_frame.text = notes
    path = tmp_path / "deck.pptx"
    prs.save(path)
    return path


def test_html_slides_give_one_text_per_slide_without_the_speaker_notes(tmp_path: Path) -> None:
    deck = read_pptx(_deck(tmp_path))
    page = tmp_path / "deck.html"
    write_html(deck, page)
    texts = html_slides(page)
    assert len(texts) == 2
    assert "Quarterly results 2024" in texts[0] and "hello" not in texts[0]
    assert "Next steps" in texts[1]


@needs_soffice
def test_the_reference_render_is_cached_by_hash_and_scores_itself_perfectly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ACE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.syspath_prepend(str(ROOT / "scripts"))
    import fidelity

    data = _deck(tmp_path).read_bytes()
    (ref,) = fidelity.lo_render_many([(data, ".pptx")])
    assert not ref.error and len(ref.pngs) == 2 and all(p.is_file() for p in ref.pngs)
    assert "Quarterly results 2024" in ref.texts[0]
    assert str(ref.pngs[0]).startswith(str(tmp_path / "cache" / "fidelity" / "lo"))

    def no_soffice(*_a: object, **_k: object) -> None:
        raise AssertionError("a cached render must not start LibreOffice")

    monkeypatch.setattr("ace_core.soffice.convert_many", no_soffice)
    (again,) = fidelity.lo_render_many([(data, ".pptx")])
    assert again.pngs == ref.pngs and again.texts == ref.texts
    assert fidelity.figures(ref, ref) == [(1.0, 0.0, 1.0), (1.0, 0.0, 1.0)]
    lost = fidelity.figures(ref, fidelity.Render(pngs=ref.pngs[:1], texts=ref.texts[:1]))
    assert lost[1] == (0.0, 1.0, 0.0)  # a slide the output lacks counts as lost on all three
    bars = fidelity.BARS["fresh"]
    row = fidelity.make_row("c", "deck.pptx", 1, "s2", lost[1], [], ref, ref)
    assert fidelity.under(row, bars) == ["similarity", "colour_off", "text_recall"]
    assert "| c | 1 | 1 | 0.0% FAIL" in fidelity.bars_table([row], bars)
    sys.modules.pop("fidelity", None)


def test_a_cache_entry_another_run_stored_first_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two measurements render the same deck: the entry may appear before this run opens its own
    (atomic_dir refuses the existing folder) or while it fills it; either way the stored entry is
    kept and read, never an error (the first case raised "generator didn't yield")."""
    monkeypatch.setenv("ACE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.syspath_prepend(str(ROOT / "scripts"))
    import fidelity

    folder = fidelity.cache_dir("lo", "k1")
    first = fidelity._store(folder, None, "theirs")
    assert first.error == "theirs"
    monkeypatch.setattr(fidelity, "atomic_dir", lambda _f: (_ for _ in ()).throw(fidelity.AceError("is a directory")))
    assert fidelity._store(folder, None, "ours").error == "theirs"  # stored before: theirs is read
    monkeypatch.undo()
    monkeypatch.setenv("ACE_CACHE_DIR", str(tmp_path / "cache"))
    # nothing stored: the error is not hidden
    with pytest.raises(fidelity.AceError), fidelity._cache_entry(fidelity.cache_dir("lo", "k2")):
        raise fidelity.AceError("disk full")
    sys.modules.pop("fidelity", None)


def test_what_the_reference_cannot_show_is_measured_apart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bare a14:m equations: LibreOffice's render of the original is blank where ACE (and PowerPoint)
    draw the equation. The bars table keeps the plain figures and adds a line with those regions taken
    from the reference, which is 1.0 when the rest of the slide matches."""
    monkeypatch.syspath_prepend(str(ROOT / "scripts"))
    import fidelity

    deck = read_pptx(ROOT / "fixtures" / "pptx" / "pptxviewer-Mathematical_Equations_11_Slides_46_KB_3c22e70f4d.pptx")
    regions = fidelity.blind_regions(deck)
    assert len(regions) == len(deck.slides)
    assert sum(1 for r in regions if r) >= 9 and not regions[0]  # the title slide has no equation
    for x0, y0, x1, y1 in (b for r in regions for b in r):
        assert -0.02 <= x0 < x1 <= 1.02 and -0.02 <= y0 < y1 <= 1.02
    stress = read_pptx(ROOT / "fixtures" / "pptx" / "poi-stress013.pptx")  # PowerPoint's a14-only mc:Choice
    with_math = {i for i, sl in enumerate(stress.slides) if any(n.type == "MATH" for n in sl.iter_nodes())}
    blind = {i for i, r in enumerate(fidelity.blind_regions(stress)) if r}
    where = {s.id: i for i, s in enumerate(stress.slides)}
    autogrow = {where[e.slide_id] for e in stress.report.entries if e.feature == "text-autogrow"}
    assert with_math != set() and blind == with_math | autogrow  # and its centred autogrow text boxes
    plain = read_pptx(_deck(tmp_path))  # no equations: only the python-pptx text boxes, stored
    # wider than their left-aligned text, that LibreOffice draws centred (text-autogrow)
    assert [len(r) for r in fidelity.blind_regions(plain)] == [1, 1]
    assert {e.feature for e in plain.report.entries if e.reason in REFERENCE_BLIND} == {"text-autogrow"}
    # a picture only an SVG extension holds (no raster r:embed): LibreOffice draws nothing there either
    media = read_pptx(ROOT / "fixtures" / "pptx" / "tspptx-picture-media.pptx")
    svg_only = [e for e in media.report.entries if e.feature == "svg-picture"]
    assert [e.node_id for e in svg_only] == ["s256.3"] and svg_only[0].severity == "warning"
    (box_svg,) = fidelity.blind_regions(media)[0]  # the SvgPic at 0.56 in, 1.67 in square, padded 1 %
    assert [round(v, 3) for v in box_svg] == [0.032, 0.064, 0.177, 0.306]

    ref = _slide_png(tmp_path / "ref.png", "#1F3864")
    ours = _slide_png(tmp_path / "ours.png", "#1F3864", bar="#C00000")  # draws what the reference lacks
    box = (100 / 1280, 300 / 720, 1180 / 1280, 620 / 720)
    plain = fidelity.figures(fidelity.Render([ref], [""]), fidelity.Render([ours], [""]))[0]
    masked = fidelity.blind_figures(ref, ours, [box])
    assert plain[0] < 0.9 and plain[1] > 0.05
    assert masked[0] > 0.95 and masked[1] < 0.01  # only the blur across the box's edge differs
    row = fidelity.SlideRow("c", "d.pptx", 1, "s1", plain[0], plain[1], 1.0, ["[warning] x"], str(ref), str(ours))
    row.blind = masked
    table = fidelity.bars_table([row], fidelity.BARS["fresh"])
    assert (
        "| c | 1 | 1 | 0.0% FAIL" in table
        and "| c, 1 slides' reference-blind regions masked | 1 | 1 | 100.0% PASS" in table
    )
    fidelity.save_rows([row], tmp_path / "rows.json")
    assert fidelity.load_rows(tmp_path / "rows.json")[0].blind == masked
    sys.modules.pop("fidelity", None)


def test_a_reference_blind_entry_explains_a_slide_at_any_severity(monkeypatch: pytest.MonkeyPatch) -> None:
    """Info entries do not explain a slide under a line (they would explain any), except those that
    name a region the reference cannot show: that is the explanation, though ACE lost nothing."""
    monkeypatch.syspath_prepend(str(ROOT / "scripts"))
    import fidelity

    def row(losses: list[str]) -> fidelity.SlideRow:
        return fidelity.SlideRow("c", "d.pptx", 1, "s1", 0.5, 0.3, 1.0, losses, "", "")

    reason = sorted(REFERENCE_BLIND)[0]
    assert fidelity.explained(row([f"[info] s1/s1.2: placeholder-empty: {reason}"]))
    from adapters.ooxml.drawingml import MULTI_STOP_GRADIENT

    assert fidelity.explained(row([f"[info] s1/s1.2: gradient-stops: {MULTI_STOP_GRADIENT}"]))
    assert not fidelity.explained(row(["[info] deck: source-package: the source package is not embedded"]))
    assert fidelity.explained(row(["[warning] s1/s1.2: chart-format: redrawn"]))
    sys.modules.pop("fidelity", None)


def _prompted(path: Path) -> Path:
    """Two python-pptx slides of the Title and Content layout: the first's body placeholder has no
    p:txBody at all, the second's an empty one."""
    prs = Presentation()
    for strip in (True, False):
        slide = prs.slides.add_slide(prs.slide_layouts[1])
        slide.shapes.title.text = "Title"
        body = slide.placeholders[1]._element
        if strip:
            body.remove(body.find("{http://schemas.openxmlformats.org/presentationml/2006/main}txBody"))
    prs.save(path)
    return path


def test_a_placeholder_without_text_body_is_a_region_the_reference_draws_otherwise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """LibreOffice's export draws the layout's prompt ("Click to edit Master text styles") in a
    slide placeholder that has no p:txBody; PowerPoint shows prompts only while editing, and ACE
    draws none: the reader says so (info, reference-blind) and the region is measured apart."""
    monkeypatch.syspath_prepend(str(ROOT / "scripts"))
    import fidelity

    deck = read_pptx(_prompted(tmp_path / "prompt.pptx"))
    entries = [e for e in deck.report.entries if e.feature == "placeholder-prompt"]
    assert [(e.slide_id, e.severity) for e in entries] == [(deck.slides[0].id, "info")]
    assert entries[0].reason in REFERENCE_BLIND
    assert [len(r) for r in fidelity.blind_regions(deck)] == [1, 0]
    page = tmp_path / "prompt.html"
    write_html(deck, page, embed_source=False)
    shown = html_slides(page)
    assert len(shown) == 2 and not any("Click to edit" in text for text in shown)


@needs_soffice
def test_libreoffice_draws_the_prompt_of_a_placeholder_without_text_body(tmp_path: Path) -> None:
    import pymupdf

    from backends.render.libreoffice import render_to_pdf

    pdf = render_to_pdf(_prompted(tmp_path / "prompt.pptx"), tmp_path / "out")
    pages = [p.get_text() for p in pymupdf.open(pdf)]
    assert "Click to edit Master text styles" in pages[0] and "Click to edit" not in pages[1]


def _framed(path: Path, kinds: tuple[str, ...]) -> Path:
    """One blank-layout slide per placeholder type, each an empty p:sp placeholder 4 x 2 in."""
    from lxml import etree

    prs = Presentation()
    for kind in kinds:
        slide = prs.slides.add_slide(prs.slide_layouts[6])
        slide.shapes._spTree.append(
            etree.fromstring(
                '<p:sp xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"'
                ' xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><p:nvSpPr>'
                f'<p:cNvPr id="9" name="x"/><p:cNvSpPr/><p:nvPr><p:ph type="{kind}" idx="13"/></p:nvPr></p:nvSpPr>'
                '<p:spPr><a:xfrm><a:off x="914400" y="914400"/><a:ext cx="3657600" cy="1828800"/></a:xfrm></p:spPr>'
                "<p:txBody><a:bodyPr/><a:lstStyle/><a:p/></p:txBody></p:sp>"
            )
        )
    prs.save(path)
    return path


FRAMED = ("tbl", "pic", "media", "chart")


def test_an_empty_table_or_media_placeholder_is_a_region_the_reference_draws_otherwise(tmp_path: Path) -> None:
    deck = read_pptx(_framed(tmp_path / "framed.pptx", FRAMED))
    entries = [e for e in deck.report.entries if e.feature == "placeholder-frame"]
    where = {s.id: i for i, s in enumerate(deck.slides)}
    assert sorted(where[e.slide_id] for e in entries) == [0, 2]  # tbl and media, not pic or chart
    assert all(e.severity == "info" and e.reason in REFERENCE_BLIND for e in entries)


@needs_soffice
def test_libreoffice_draws_a_box_for_an_empty_table_or_media_placeholder(tmp_path: Path) -> None:
    import pymupdf

    from backends.render.libreoffice import render_to_pdf

    pdf = render_to_pdf(_framed(tmp_path / "framed.pptx", FRAMED), tmp_path / "out")
    pages = pymupdf.open(pdf)
    boxes = [[d for d in page.get_drawings() if d.get("fill") and abs(d["rect"].width - 288) < 2] for page in pages]
    assert [bool(b) for b in boxes] == [True, False, True, False]
    assert [round(c * 255) for c in boxes[0][0]["fill"]] == [114, 159, 207]  # LibreOffice's default blue


def _glued(path: Path) -> Path:
    """Three slides: a curved, a bent and a straight connector from the left side of a box at
    (1, 1) in to the left side of one at (6, 5) in."""
    from pptx.enum.shapes import MSO_CONNECTOR, MSO_SHAPE

    prs = Presentation()
    for kind in (MSO_CONNECTOR.CURVE, MSO_CONNECTOR.ELBOW, MSO_CONNECTOR.STRAIGHT):
        slide = prs.slides.add_slide(prs.slide_layouts[6])
        a = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, Inches(1), Inches(1), Inches(2), Inches(1))
        b = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, Inches(6), Inches(5), Inches(2), Inches(1))
        line = slide.shapes.add_connector(kind, Inches(3), Inches(1.5), Inches(6), Inches(5.5))
        line.begin_connect(a, 1)
        line.end_connect(b, 1)
    prs.save(path)
    return path


def test_a_glued_bent_or_curved_connector_says_the_reference_routes_it_anew(tmp_path: Path) -> None:
    deck = read_pptx(_glued(tmp_path / "glued.pptx"))
    entries = [e for e in deck.report.entries if e.feature == "connector-route"]
    assert [e.slide_id for e in entries] == [deck.slides[0].id, deck.slides[1].id]
    assert all(e.severity == "info" for e in entries)


@needs_soffice
def test_libreoffice_routes_a_glued_curved_connector_outside_its_stored_box(tmp_path: Path) -> None:
    import pymupdf

    from backends.render.libreoffice import render_to_pdf

    pdf = render_to_pdf(_glued(tmp_path / "glued.pptx"), tmp_path / "out")
    curve = next(d for d in pymupdf.open(pdf)[0].get_drawings() if any(it[0] == "c" for it in d["items"]))
    assert curve["rect"].x0 < 72 - 36  # the stored path starts at x = 72 pt and goes right


def test_a_deck_with_a_date_field_is_rendered_again_on_another_day(monkeypatch: pytest.MonkeyPatch) -> None:
    """LibreOffice draws a date field as the day it renders: a reference render cached on one day
    and the output rendered the next differ by the date's digits (text recall 0.95 on an unchanged
    slide), so the cache key of such a deck carries the day."""
    monkeypatch.syspath_prepend(str(ROOT / "scripts"))
    import datetime

    import fidelity

    dated = (ROOT / "fixtures" / "pptx" / "oxpt-WaveFormTheme.pptx").read_bytes()
    plain = (ROOT / "fixtures" / "pptx" / "docx4j-AutoShapes.pptx").read_bytes()
    assert fidelity._has_date_field(dated) and not fidelity._has_date_field(plain)
    today = {k: fidelity._lo_key(k) for k in (dated, plain)}

    class Tomorrow(datetime.date):
        @classmethod
        def today(cls) -> datetime.date:
            return datetime.date(2031, 1, 2)

    monkeypatch.setattr(fidelity, "date", Tomorrow)
    assert fidelity._lo_key(dated) != today[dated]
    assert fidelity._lo_key(plain) == today[plain]
    assert not fidelity._has_date_field(b"not a zip")
