"""A package with no slide master, layout or theme (hand-built by linters' and generators' test
suites): its slides are read with the default Office colours, and text that names no face is drawn
in the face LibreOffice draws it in (Liberation Sans), as in decks whose styles name none; it was
Calibri because the fallback face was only set when the package had a theme."""

from __future__ import annotations

import zipfile
from pathlib import Path

from adapters.html.write import write_html
from adapters.ooxml.read_deck import read_pptx

P = "http://schemas.openxmlformats.org/presentationml/2006/main"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
CT = "application/vnd.openxmlformats-officedocument.presentationml"


def _bare_deck(path: Path) -> Path:
    slide = (
        f'<p:sld xmlns:p="{P}" xmlns:a="{A}"><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/>'
        '<p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/><p:sp><p:nvSpPr><p:cNvPr id="2" name="Title 1"/>'
        '<p:cNvSpPr/><p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr><p:spPr><a:xfrm><a:off x="609600"'
        ' y="457200"/><a:ext cx="10972800" cy="914400"/></a:xfrm></p:spPr><p:txBody><a:bodyPr/><a:lstStyle/>'
        '<a:p><a:r><a:rPr sz="3200"/><a:t>Quarterly Review</a:t></a:r></a:p></p:txBody></p:sp>'
        "</p:spTree></p:cSld></p:sld>"
    )
    files = {
        "[Content_Types].xml": (
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            f'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            f'<Override PartName="/ppt/presentation.xml" ContentType="{CT}.presentation.main+xml"/>'
            f'<Override PartName="/ppt/slides/slide1.xml" ContentType="{CT}.slide+xml"/></Types>'
        ),
        "_rels/.rels": (
            f'<Relationships xmlns="{RELS}"><Relationship Id="rId1" Type="{R}/officeDocument"'
            ' Target="ppt/presentation.xml"/></Relationships>'
        ),
        "ppt/presentation.xml": (
            f'<p:presentation xmlns:p="{P}" xmlns:r="{R}"><p:sldIdLst><p:sldId id="256" r:id="rId1"/>'
            '</p:sldIdLst><p:sldSz cx="12192000" cy="6858000"/></p:presentation>'
        ),
        "ppt/_rels/presentation.xml.rels": (
            f'<Relationships xmlns="{RELS}"><Relationship Id="rId1" Type="{R}/slide"'
            ' Target="slides/slide1.xml"/></Relationships>'
        ),
        "ppt/slides/slide1.xml": slide,
        "ppt/slides/_rels/slide1.xml.rels": f'<Relationships xmlns="{RELS}"/>',
    }
    with zipfile.ZipFile(path, "w") as z:
        for name, text in files.items():
            z.writestr(name, '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' + text)
    return path


def test_text_naming_no_face_in_a_package_without_master_is_liberation_sans(tmp_path: Path) -> None:
    deck = read_pptx(_bare_deck(tmp_path / "bare.pptx"))
    assert [e.feature for e in deck.report.entries if e.severity != "info"] == ["missing-master", "missing-layout"]
    assert deck.theme is not None and deck.theme.fonts.fallback == "Liberation Sans"
    assert deck.theme.colors["accent1"].hex.lower() == "#4f81bd"  # the Office colours it was read with
    out = tmp_path / "bare.html"
    write_html(deck, out, embed_source=False)
    page = out.read_text(encoding="utf-8")
    assert ".slide{font-family:'Liberation Sans'" in page or '.slide{font-family:"Liberation Sans"' in page


def _typefaces(path: Path, prefix: str) -> set[str]:
    import re

    with zipfile.ZipFile(path) as z:
        return {
            face
            for name in z.namelist()
            if name.startswith(prefix)
            for face in re.findall(rb'typeface="([^"]*)"', z.read(name))
        }


def test_a_fresh_pptx_of_such_a_package_names_no_theme_face_either(tmp_path: Path) -> None:
    # the blank template ACE gives a deck without masters names +mn-lt / +mj-lt (Calibri in
    # LibreOffice): for text that named no face, the fresh file names none, as the source
    from adapters.ooxml.writer import write_pptx

    deck = read_pptx(_bare_deck(tmp_path / "bare.pptx"))
    write_pptx(deck, tmp_path / "fresh.pptx", fresh=True)
    out = tmp_path / "fresh.pptx"
    faces = _typefaces(out, "ppt/slideMasters/") | _typefaces(out, "ppt/slides/")
    assert not {f for f in faces if f.startswith(b"+m")}, faces
    assert read_pptx(out).slides[0].children[0].text.paragraphs[0].runs[0].text == "Quarterly Review"


def test_a_deck_from_elsewhere_keeps_the_templates_theme_faces(tmp_path: Path) -> None:
    # a deck with no masters that is not such a package (built in the IR, no fallback face) gets
    # the blank template as it is
    from ace_core.ir.deck import Deck, Slide
    from adapters.ooxml.writer import write_pptx

    deck = Deck(width=960, height=540, slides=[Slide(id="s1")])
    write_pptx(deck, tmp_path / "plain.pptx", fresh=True)
    assert _typefaces(tmp_path / "plain.pptx", "ppt/slideMasters/") & {b"+mn-lt", b"Calibri"}
