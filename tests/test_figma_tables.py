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
