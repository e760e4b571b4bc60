"""Pictures browsers cannot draw: EMF / WMF through LibreOffice to SVG, TIFF through Pillow to PNG."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from ace_core import Deck, ImageNode, ImagePaint, Slide
from ace_core.metafiles import _crop_svg, drawable_deck, to_web_images
from adapters import read, write
from tests.conftest import needs_soffice

ROOT = Path(__file__).resolve().parents[1]
DECK = ROOT / "fixtures" / "decks" / "tika-testPPT_various2.pptx"  # one EMF and two WMF pictures on slides


@pytest.fixture(autouse=True)
def _private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ACE_CACHE_DIR", str(tmp_path / "cache"))


def test_crop_to_the_pictures_box() -> None:
    page = (
        '<svg version="1.2" width="210mm" height="297mm" viewBox="0 0 21000 29700" preserveAspectRatio="xMidYMid">'
        '<g><rect class="BoundingBox" stroke="none" fill="none" x="7325" y="12111" width="6350" height="5477"/>'
        '<text font-family="Segoe UI">x</text></g></svg>'
    )
    svg = _crop_svg(page)
    assert 'viewBox="7325 12111 6350 5477"' in svg and 'preserveAspectRatio="none"' in svg
    assert 'width="240.00"' in svg and "Segoe UI, DejaVu Sans, sans-serif" in svg
    assert _crop_svg("<svg></svg>") is None


def test_tiff_becomes_png() -> None:
    buf = io.BytesIO()
    Image.new("RGB", (8, 4), (255, 0, 0)).save(buf, "TIFF")
    deck = Deck()
    key = deck.add_asset(buf.getvalue(), "image/tiff")
    deck.slides = [Slide(id="s", children=[ImageNode(id="i", width=80, height=40, image=ImagePaint(asset=key))])]
    drawable, notes = drawable_deck(deck)
    new_key = drawable.find("i")[1].image.asset
    assert notes == {key: ("image/tiff", "image/png")} and drawable.assets[new_key].mime == "image/png"
    assert key not in drawable.assets and deck.find("i")[1].image.asset == key  # input untouched
    with Image.open(io.BytesIO(drawable.asset_bytes(new_key))) as im:
        assert im.size == (8, 4)


@needs_soffice
@pytest.mark.render
def test_metafiles_become_svg_in_html_and_are_cached(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deck = read(DECK)
    out = tmp_path / "deck.html"
    report = write(deck, out)
    converted = [e for e in report.entries if e.feature == "image-format"]
    assert len(converted) == 3 and all("image/svg+xml" in e.reason for e in converted)
    html = out.read_text()
    assert html.count("data:image/svg+xml;base64") >= 3 and "image/x-emf" not in html.split("<body>")[1]
    again = read(out)  # the HTML reads back with the SVG pictures
    assert {again.assets[a].mime for a in again.assets if again.assets[a].mime.startswith("image/svg")}
    second = tmp_path / "again.html"
    write(again, second)
    assert second.read_bytes() == out.read_bytes()  # write(read(write(d))) == write(d)

    from ace_core import soffice

    def no_soffice(*a, **k):
        raise AssertionError("converted pictures come from the cache")

    monkeypatch.setattr(soffice, "convert_many", no_soffice)
    items = {k: (deck.assets[k].mime, deck.asset_bytes(k)) for k in deck.assets if "mf" in deck.assets[k].mime}
    assert len(to_web_images(items)) == len(items)


@needs_soffice
def test_html_shows_the_text_an_ole_preview_draws_as_real_text() -> None:
    """The OLE previews of tika-testPPT_various2 (slides 2, 6, 7) are metafiles whose labels are
    text. Drawn as an SVG image, that text would be pixels; the SVG is put inline instead, so the
    labels are text of the slide (what search, copy and text recall see) and no picture-text
    warning claims otherwise. Its ids are prefixed per picture and nothing it drew is dropped."""
    from bs4 import BeautifulSoup

    from adapters.html.write import render_html
    from judge.text_recall import chars

    deck = read(DECK)
    page, ctx = render_html(deck)
    assert not [e for e in ctx.report.entries if e.feature == "picture-text"]
    labels = ["Embedded XLSX Spreadsheet", "Adobe Acrobat Document", "Microsoft Word Document"]

    soup = BeautifulSoup(page, "html.parser")
    text = " ".join(el.get_text(" ") for el in soup.select("div.im svg"))
    for label in labels:  # every letter of each label is real text now (the previews draw 23, 20, 21)
        need, have = chars(label), chars(text)
        assert all(have[c] >= n for c, n in need.items()), label
    ids = [el.get("id") for el in soup.select("div.im svg [id]")]
    assert ids and len(ids) == len(set(ids))  # three pictures exported with the same ids, now apart
