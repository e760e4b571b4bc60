"""Issue 18: the fresh .pptx's theme starts from the theme part as read (adapters.ooxml.theme_part),
so what the deck's XML refers to by index in it is the source's: the format scheme (fill / line /
effect / background style lists that charts' c:style, shapes' style references and bgRef draw
with), with the pictures its fill styles link to; the IR's colours and fonts are written over it.
Patch mode leaves an unedited theme as it was."""

from __future__ import annotations

import posixpath
import zipfile
from pathlib import Path

import pytest
from lxml import etree
from pptx import Presentation

from ace_core.color import Color
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.validate import check_package, new_problems
from adapters.ooxml.writer import write_pptx
from tests.conftest import FIXTURES

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
DECKS = [
    FIXTURES / "pptx" / "docx4j-pptx-chart.pptx",  # a chart filled by c:style from the fill styles
    FIXTURES / "pptx" / "jsreport-slides.pptx",  # a background fill style with a picture
    FIXTURES / "pptx" / "gopptx-i08-python.pptx",  # python-pptx's default theme, edited by gopptx
]


def _theme_part(z: zipfile.ZipFile) -> str:
    """The first master's theme part."""
    rels = etree.fromstring(z.read("ppt/slideMasters/_rels/slideMaster1.xml.rels"))
    target = next(r.get("Target") for r in rels if r.get("Type", "").endswith("/theme"))
    return posixpath.normpath(posixpath.join("ppt/slideMasters", target))


def _format_scheme(z: zipfile.ZipFile, part: str) -> bytes:
    root = etree.fromstring(z.read(part))
    return etree.tostring(root.find(f"{A}themeElements/{A}fmtScheme"), method="c14n")


def _targets(z: zipfile.ZipFile, part: str) -> dict[str, str]:
    """rId -> the part it targets, for a part's relationships."""
    folder, base = posixpath.split(part)
    rels = etree.fromstring(z.read(f"{folder}/_rels/{base}.rels"))
    return {r.get("Id"): posixpath.normpath(posixpath.join(folder, r.get("Target"))) for r in rels}


def _fresh(src: Path, tmp_path: Path, edit=None) -> Path:
    deck = read_pptx(src)
    if edit is not None:
        edit(deck)
    out = tmp_path / f"{src.stem}.pptx"
    write_pptx(deck, out, fresh=True)
    return out


@pytest.mark.parametrize("src", DECKS, ids=lambda p: p.stem)
def test_the_fresh_theme_keeps_the_source_format_scheme(src: Path, tmp_path: Path) -> None:
    out = _fresh(src, tmp_path)
    data = out.read_bytes()
    assert check_package(data) == [] and new_problems(data, src.read_bytes()) == []
    Presentation(str(out))  # opens in python-pptx
    with zipfile.ZipFile(src) as zs, zipfile.ZipFile(out) as zo:
        theirs, ours = _theme_part(zs), _theme_part(zo)
        assert _format_scheme(zo, ours) == _format_scheme(zs, theirs)
        blips = [b.get(f"{R}embed") for b in etree.fromstring(zo.read(ours)).iter(f"{A}blip")]
        # the fill style's picture (jsreport-slides), under its own relationship id, same bytes
        targets, source_targets = (_targets(zo, ours), _targets(zs, theirs)) if blips else ({}, {})
        for rid in blips:
            assert zo.read(targets[rid]) == zs.read(source_targets[rid])
    assert blips or src != DECKS[1]


def test_the_blank_template_theme_did_not_keep_it() -> None:
    """What the tests above guard: the source format schemes differ from the blank template's."""
    from adapters.ooxml.package_out import TEMPLATE_DIR

    blank = etree.fromstring((TEMPLATE_DIR / "theme.xml").read_bytes()).find(f"{A}themeElements/{A}fmtScheme")
    for src in DECKS[:2]:
        with zipfile.ZipFile(src) as z:
            assert _format_scheme(z, _theme_part(z)) != etree.tostring(blank, method="c14n")


def test_the_ir_colours_and_fonts_are_written_over_the_carried_theme(tmp_path: Path) -> None:
    def edit(deck) -> None:
        deck.theme.colors["accent1"] = Color.from_hex("#123456")
        deck.theme.fonts.major = "Georgia"

    out = _fresh(DECKS[0], tmp_path, edit)
    back = read_pptx(out)
    assert back.theme.colors["accent1"].hex.upper() == "#123456" and back.theme.fonts.major == "Georgia"
    with zipfile.ZipFile(DECKS[0]) as zs, zipfile.ZipFile(out) as zo:
        assert _format_scheme(zo, _theme_part(zo)) == _format_scheme(zs, _theme_part(zs))


def test_a_theme_part_that_fails_the_schema_check_is_not_carried(tmp_path: Path) -> None:
    """Bytes that would make PowerPoint repair the file: the blank template's theme, with the IR's
    colours and fonts, as before."""

    def edit(deck) -> None:
        with zipfile.ZipFile(DECKS[0]) as z:
            bad = z.read(_theme_part(z)).replace(b"<a:fmtScheme", b"<a:bogus/><a:fmtScheme", 1)
        key = deck.add_asset(bad, "application/vnd.openxmlformats-officedocument.theme+xml")
        deck.theme = deck.theme.model_copy(update={"part_asset": key})

    out = _fresh(DECKS[0], tmp_path, edit)
    assert check_package(out.read_bytes()) == []
    with zipfile.ZipFile(out) as zo:
        assert b"a:bogus" not in zo.read(_theme_part(zo))
    assert read_pptx(out).theme.colors == read_pptx(DECKS[0]).theme.colors


def test_patch_mode_leaves_an_unedited_theme_as_it_was(tmp_path: Path) -> None:
    src = DECKS[1]
    out = tmp_path / "patched.pptx"
    write_pptx(read_pptx(src), out)
    with zipfile.ZipFile(src) as zs, zipfile.ZipFile(out) as zo:
        part = _theme_part(zs)
        assert zo.read(part) == zs.read(part)
