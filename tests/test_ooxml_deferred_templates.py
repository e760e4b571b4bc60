"""Reading a .pptx without its masters and layouts (templates=False) or with only those its slides
use (templates="used"): the slides read the same, a fresh .pptx still gets them all (from the
stored source package), and `convert` defers them for a patched .pptx (its package keeps its own)
and, but for the ones the slides use, for HTML that embeds the source package."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from adapters import convert
from adapters.ooxml import conventions as cv
from adapters.ooxml.read_deck import read_pptx, with_templates
from adapters.ooxml.writer import render_bytes

ROOT = Path(__file__).resolve().parents[1]
DECKS = [ROOT / "fixtures" / "decks" / "poi-stress013.pptx", ROOT / "fixtures" / "decks" / "tika-testPPT_various2.pptx"]


@pytest.mark.parametrize("deck", DECKS, ids=lambda p: p.stem)
def test_slides_read_the_same_without_templates(deck: Path) -> None:
    full = read_pptx(deck)
    lean = read_pptx(deck, templates=False)
    assert full.layouts and full.masters and not lean.layouts and not lean.masters
    assert lean.meta[cv.DECK_META_TEMPLATES_DEFERRED] is True
    assert [n.id for _, n in lean.iter_nodes()] == [n.id for _, n in full.iter_nodes()]
    assert [s.model_dump(exclude={"layout_id", "source"}) for s in lean.slides] == [
        s.model_dump(exclude={"layout_id", "source"}) for s in full.slides
    ]
    again = with_templates(lean)
    assert again is not None and again.model_dump(exclude={"assets"}) == full.model_dump(exclude={"assets"})
    assert set(again.assets) == set(full.assets)


@pytest.mark.parametrize("deck", DECKS, ids=lambda p: p.stem)
def test_a_fresh_pptx_of_a_lean_read_has_the_masters_and_layouts(deck: Path) -> None:
    full, _ = render_bytes(read_pptx(deck), fresh=True)
    lean, _ = render_bytes(read_pptx(deck, templates=False), fresh=True)
    assert _parts(lean) == _parts(full)  # the parts, not the zip's member timestamps


def _parts(data: bytes) -> dict[str, bytes]:
    """Every member, an embedded workbook opened into its own members: XlsxWriter stamps the
    workbook's zip entries and docProps/core.xml with the time of writing, to the second."""
    parts: dict[str, bytes] = {}
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        for name in z.namelist():
            blob = z.read(name)
            if name.endswith(".xlsx"):
                for inner, inner_blob in _parts(blob).items():
                    if inner != "docProps/core.xml":
                        parts[f"{name}!{inner}"] = inner_blob
            else:
                parts[name] = blob
    return parts


def test_convert_reads_templates_for_outputs_that_write_them(tmp_path: Path) -> None:
    deck = DECKS[0]
    assert convert(deck, tmp_path / "a.pptx").deck.layouts == []  # patched: the package keeps its own
    assert convert(deck, tmp_path / "b.pptx", write_options={"fresh": True}).deck.layouts
    assert convert(deck, tmp_path / "c.json").deck.layouts
    page = convert(deck, tmp_path / "d.html").deck  # the slides' ones carried in the page's embedded IR
    assert {lay.id for lay in page.layouts} == {s.layout_id for s in page.slides} == {"layout1", "layout2"}
    assert page.meta[cv.DECK_META_TEMPLATES_DEFERRED] == "unused"
    bare = convert(deck, tmp_path / "f.html", write_options={"embed_source": False}).deck
    assert len(bare.layouts) == 11 and cv.DECK_META_TEMPLATES_DEFERRED not in bare.meta  # no package: all
    kept = convert(deck, tmp_path / "e.pptx", read_options={"templates": True}).deck
    assert kept.layouts  # the caller's choice wins


def test_a_lean_deck_without_its_source_package_says_what_a_fresh_pptx_lacks() -> None:
    deck = read_pptx(DECKS[0], templates=False)
    assert deck.source is not None
    deck.source.sha256 = "0" * 64  # the stored package is no longer the file it names
    report = deck.report.__class__()
    data, mode = render_bytes(deck, report=report)
    assert mode == "fresh" and data.startswith(b"PK")
    assert {e.feature for e in report.entries} >= {"source-package", "masters-layouts"}


@pytest.mark.parametrize("deck", DECKS, ids=lambda p: p.stem)
def test_a_used_read_holds_the_slides_templates_as_a_full_read_has_them(deck: Path) -> None:
    full = read_pptx(deck)
    used = read_pptx(deck, templates="used")
    assert used.meta[cv.DECK_META_TEMPLATES_DEFERRED] == "unused"
    assert 0 < len(used.layouts) < len(full.layouts)
    assert {lay.id for lay in used.layouts} == {s.layout_id for s in used.slides}
    assert {m.id for m in used.masters} == {lay.master for lay in used.layouts}
    full_by_id = {t.id: t.model_dump() for t in (*full.masters, *full.layouts)}
    assert all(t.model_dump() == full_by_id[t.id] for t in (*used.masters, *used.layouts))  # same ids, same data
    assert [s.model_dump() for s in used.slides] == [s.model_dump() for s in full.slides]
    again = with_templates(used)
    assert again is not None and again.model_dump(exclude={"assets"}) == full.model_dump(exclude={"assets"})
    assert list(again.assets) == list(full.assets)
    assert sorted(e.describe() for e in again.report.entries) == sorted(e.describe() for e in full.report.entries)


def test_a_fresh_pptx_reports_the_losses_of_the_templates_read_for_it() -> None:
    deck = ROOT / "fixtures" / "pptx" / "poi-45545_Comment.pptx"  # text effects in unused layouts
    full = read_pptx(deck)
    lean = read_pptx(deck, templates=False)
    template_nodes = {n.id for t in (*full.masters, *full.layouts) for n in t.iter_nodes()}
    expected = sorted(e.describe() for e in full.report.entries if e.node_id in template_nodes)
    assert expected  # the deck's templates hold something a read cannot carry
    report = lean.report.__class__()
    render_bytes(lean, fresh=True, report=report)
    assert sorted(e.describe() for e in report.entries if e.stage == "read") == expected


def test_a_used_read_of_a_deck_using_every_layout_is_a_full_read(tmp_path: Path) -> None:
    from pptx import Presentation

    prs = Presentation()
    for layout in prs.slide_layouts:
        prs.slides.add_slide(layout)
    path = tmp_path / "every-layout.pptx"
    prs.save(str(path))
    used = read_pptx(path, templates="used")
    assert cv.DECK_META_TEMPLATES_DEFERRED not in used.meta
    assert used.model_dump() == read_pptx(path).model_dump()


def test_a_page_of_a_used_read_keeps_every_layout_for_a_fresh_pptx(tmp_path: Path) -> None:
    from pptx import Presentation

    from adapters.html.read_schema import read_schema_text

    deck = DECKS[0]
    page = tmp_path / "d.html"
    convert(deck, page)
    back = read_schema_text(page.read_text(encoding="utf-8"), base=tmp_path, where=str(page))
    assert len(back.layouts) == 2
    out = tmp_path / "fresh.pptx"
    convert(page, out, write_options={"fresh": True})
    names = [lay.name for lay in Presentation(str(out)).slide_layouts]
    assert names == [lay.name for lay in read_pptx(deck).layouts] and len(names) == 11


def test_a_page_without_the_package_says_which_templates_it_lacks(tmp_path: Path) -> None:
    from adapters.html.write import TEMPLATES_DEFERRED, write_html

    assert TEMPLATES_DEFERRED == cv.DECK_META_TEMPLATES_DEFERRED
    used = read_pptx(DECKS[0], templates="used")
    assert not {e.feature for e in write_html(used, tmp_path / "a.html").entries} & {"masters-layouts"}
    report = write_html(used, tmp_path / "b.html", embed_source=False)
    entry = next(e for e in report.entries if e.feature == "masters-layouts")
    assert "only the masters and layouts the slides use" in entry.reason and entry.severity == "warning"
    lean = write_html(read_pptx(DECKS[0], templates=False), tmp_path / "c.html", embed_source=False)
    assert any("none of the masters" in e.reason for e in lean.entries if e.feature == "masters-layouts")
