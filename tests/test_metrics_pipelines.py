"""The same IR deck through both pipelines: Chromium (HTML writer, DOM boxes) and OOXML (pptx writer,
LibreOffice pixels, the read-back IR's boxes). The metrics must agree within these tolerances:

    aspect ratio          equal within 0.5 %
    content ratio         within 0.02
    collision             the same (kind, unit) events; score within 0.05
    imbalance             dx, dy within 0.01 of the width / height; score within 0.15; same verdict

Also: the pptx background flattening used for the whitespace render."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from ace_core.color import Color
from ace_core.ir import Background, Deck, GradientPaint, GradientStop
from adapters import read, write
from judge.metrics.libreoffice import flatten_backgrounds
from judge.metrics.run import measure_deck
from tests.conftest import needs_chromium, needs_soffice

DECK = Path(__file__).resolve().parents[1] / "fixtures" / "judge" / "metrics_deck.json"

EXPECTED = {
    "clean": set(),
    "overlap": {("text_overlap", "text-a")},
    "under": {("text_occluded", "hidden-text")},
    "escape": {("escape_parent", "card-text")},
    "off": {("off_slide", "off-photo")},
    "left": set(),
    "empty": set(),
}


@needs_chromium
@needs_soffice
@pytest.mark.render
def test_html_and_ooxml_pipelines_agree() -> None:
    deck = Deck.load(DECK)
    html = measure_deck(deck, pipeline="chromium")
    ooxml = measure_deck(deck, pipeline="libreoffice")
    assert html.pipeline == "chromium-dom" and ooxml.pipeline == "libreoffice-ir"
    assert [m.slide_id for m in html.slides] == [m.slide_id for m in ooxml.slides] == list(EXPECTED)
    for a, b in zip(html.slides, ooxml.slides, strict=True):
        sid = a.slide_id
        assert a.aspect.aspect == pytest.approx(b.aspect.aspect, rel=0.005), sid
        assert a.whitespace is not None and b.whitespace is not None
        assert abs(a.whitespace.content_ratio - b.whitespace.content_ratio) <= 0.02, sid
        events_a = {(e.kind, e.a) for e in a.collision.events}
        events_b = {(e.kind, e.a) for e in b.collision.events}
        assert events_a == events_b == EXPECTED[sid], sid
        assert abs(a.collision.score - b.collision.score) <= 0.05, sid
        assert abs(a.imbalance.dx - b.imbalance.dx) <= 0.01 and abs(a.imbalance.dy - b.imbalance.dy) <= 0.01, sid
        assert abs(a.imbalance.score - b.imbalance.score) <= 0.15, sid
        assert a.imbalance.imbalanced == b.imbalance.imbalanced, sid
    by_id = {m.slide_id: m for m in html.slides}
    assert by_id["left"].imbalance.imbalanced and not by_id["clean"].imbalance.imbalanced
    assert by_id["empty"].rewards["whitespace"] == 0.0 and by_id["clean"].rewards["whitespace"] > 0.8


def test_flatten_backgrounds_replaces_a_gradient(tmp_path: Path) -> None:
    deck = Deck.load(DECK)
    deck.slides = deck.slides[:2]
    stops = [
        GradientStop(position=0, color=Color.from_hex("#000000")),
        GradientStop(position=1, color=Color.from_hex("#FFFFFF")),
    ]
    deck.slides[0].background = Background(fills=[GradientPaint(stops=stops)])
    path = tmp_path / "deck.pptx"
    write(deck, path)
    back = read(path)
    flat = flatten_backgrounds(back, path.read_bytes())
    assert flat is not None
    with zipfile.ZipFile(io.BytesIO(flat)) as z:
        part = back.slides[0].source.ref  # type: ignore[union-attr]
        root = etree.fromstring(z.read(part))
        other = etree.fromstring(z.read(back.slides[1].source.ref))  # type: ignore[union-attr]
    ns = {
        "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
        "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    }
    assert root.xpath("//p:bg/p:bgPr/a:solidFill/a:srgbClr/@val", namespaces=ns) == ["808080"]
    assert root.xpath("//p:bg//a:gradFill", namespaces=ns) == []
    assert other.xpath("//p:bg//a:srgbClr/@val", namespaces=ns) != ["808080"]
    plain = Deck.load(DECK)
    plain.slides = plain.slides[:1]
    write(plain, tmp_path / "plain.pptx")
    assert flatten_backgrounds(read(tmp_path / "plain.pptx"), (tmp_path / "plain.pptx").read_bytes()) is None


@pytest.mark.corpus
def test_flatten_a_real_deck(corpus_dir: Path) -> None:
    """A real deck with picture and gradient slide backgrounds: each such slide part gets a flat
    p:bg (the picture's mean colour / the stops' mean), the others are left as they were."""
    path = corpus_dir / "pptx" / "poi-backgrounds.pptx"
    deck = read(path)
    textured = {
        s.source.ref
        for s in deck.slides
        if s.background
        and s.background.fills  # type: ignore[union-attr]
        and any(f.type != "SOLID" for f in s.background.fills)
    }
    assert textured
    flat = flatten_backgrounds(deck, path.read_bytes())
    assert flat is not None
    ns = {
        "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
        "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    }
    with zipfile.ZipFile(io.BytesIO(flat)) as z, zipfile.ZipFile(path) as orig:
        assert sorted(z.namelist()) == sorted(orig.namelist())
        for slide in deck.slides:
            part = slide.source.ref  # type: ignore[union-attr]
            root = etree.fromstring(z.read(part))
            if part in textured:
                assert len(root.xpath("//p:cSld/p:bg/p:bgPr/a:solidFill", namespaces=ns)) == 1
                assert root.xpath("//p:cSld/p:bg//a:blipFill | //p:cSld/p:bg//a:gradFill", namespaces=ns) == []
            else:
                assert z.read(part) == orig.read(part)
