"""Reading a .pptx without its masters and layouts (templates=False): the slides read the same, a
fresh .pptx still gets them (from the stored source package), and `convert` defers them only for
a patched .pptx (its package keeps its own)."""

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
    assert convert(deck, tmp_path / "d.html").deck.layouts  # carried in the page's embedded IR
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
