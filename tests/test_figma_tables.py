"""Tables written as Figma frames of cell rectangles: the rows' heights."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ace_core.ir import TableNode
from adapters import read
from adapters.figma.read import read_figma
from adapters.figma.write import write_figma


def _table(deck: Any) -> TableNode:
    return next(n for _, n in deck.iter_nodes() if isinstance(n, TableNode))


def test_rows_without_a_height_are_as_tall_as_libreoffice_lays_out_a_cell(fixtures_dir: Path, tmp_path: Path) -> None:
    """oxsdk-Table_Large: 21 rows h="0" of 10 pt Carlito text (theme minor font Calibri).
    LibreOffice makes each row its line, the font's ascent + descent (1.0 em, not OOXML's 1.2 of
    a text box), plus the 0.05 in margins: 22.9 px; the rows were 25.6 px and the table 12 % too tall.
    The row heights come back from the cell rectangles, so the pptx and HTML written from the Figma
    file get them too."""
    src = fixtures_dir / "pptx" / "oxsdk-Table_Large.pptx"
    out = tmp_path / "t.figma.json"
    write_figma(read(src), out)
    table = _table(read(src))
    assert all(row.height == 0 for row in table.rows)
    line = 10 * 96 / 72
    back = _table(read_figma(out))
    assert len(back.rows) == 21
    assert [row.height for row in back.rows] == pytest.approx([line + 9.6] * 21, abs=0.2)


def test_cell_lines_are_pitched_as_libreoffice_draws_them_and_come_back_single(
    fixtures_dir: Path, tmp_path: Path
) -> None:
    """Figma (and the HTML written from it) shows a cell's lines at LibreOffice's pitch, in pixels
    (Figma's own 100 % is Carlito's 1.22 em: the HTML rows grew past the Figma rows); a .pptx
    written from the Figma file gets single spacing back, not exact spacing, which LibreOffice
    draws lower in a cell."""
    import json
    import re
    import zipfile

    from adapters.ooxml.writer import write_pptx

    out = tmp_path / "t.figma.json"
    write_figma(read(fixtures_dir / "pptx" / "oxsdk-Table_Large.pptx"), out)
    doc = json.loads(out.read_text())
    stack, texts = [doc["document"]], []
    while stack:
        node = stack.pop()
        stack.extend(node.get("children", []))
        if node["type"] == "TEXT" and re.search(r":t\d+c\d+$", node["id"]):
            texts.append(node)
    assert texts and all(t["style"]["lineHeightUnit"] == "PIXELS" for t in texts)
    assert {round(t["style"]["lineHeightPx"], 2) for t in texts} == {round(10 * 96 / 72, 2)}
    deck = read_figma(out)
    assert all(p.line_height.unit == "PIXELS" for c in _table(deck).rows[1].cells for p in c.text.paragraphs)
    write_pptx(deck, tmp_path / "back.pptx")
    with zipfile.ZipFile(tmp_path / "back.pptx") as z:
        slide = z.read("ppt/slides/slide1.xml").decode()
    table_xml = slide[slide.index("<a:tbl>") : slide.index("</a:tbl>")]
    assert "<a:tc>" in table_xml and "<a:lnSpc>" not in table_xml


def test_a_cell_filled_with_a_picture_keeps_it(fixtures_dir: Path, tmp_path: Path) -> None:
    """tspptx-table-cell-image-fill: cells with a picture fill (tcPr blipFill, stretched and
    tiled) are rectangles with an IMAGE fill in Figma; such a rectangle reads as an image node,
    and the cell came back with no fill at all (colour-off 0.735 on pptx -> figma -> pptx)."""
    from ace_core.ir import ImagePaint

    src = fixtures_dir / "pptx" / "tspptx-table-cell-image-fill.pptx"
    before = _table(read(src))
    out = tmp_path / "t.figma.json"
    write_figma(read(src), out)
    after = _table(read_figma(out))
    pictured = [
        (ri, ci)
        for ri, row in enumerate(before.rows)
        for ci, cell in enumerate(row.cells)
        if any(isinstance(f, ImagePaint) for f in cell.fills)
    ]
    assert len(pictured) >= 3
    for ri, ci in pictured:
        fills = after.rows[ri].cells[ci].fills
        assert len(fills) == 1 and isinstance(fills[0], ImagePaint)
        assert fills[0].scale_mode == before.rows[ri].cells[ci].fills[0].scale_mode
