"""Issue 18: a bullet's size is written as the percent of the text the IR holds (a:buSzPct), not
as points worked out from the paragraph's text size (a:buSzPts). LibreOffice draws the points
form larger than the percent it was read from, and the text after it further right
(poi-45545_Comment #7: similarity 0.71 -> 1.00 with the percent form, measured on one render)."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.validate import check_package
from adapters.ooxml.writer import write_pptx
from tests.conftest import FIXTURES

SRC = FIXTURES / "decks" / "poi-ececapstonespring2012.pptx"  # 45 % and 75 % bullets


def _sizes(path: Path) -> tuple[set[str], int]:
    """The buSzPct values and the number of buSzPts in the slides and masters."""
    with zipfile.ZipFile(path) as z:
        xml = b"".join(
            z.read(n) for n in z.namelist() if re.fullmatch(r"ppt/(slides/slide|slideMasters/slideMaster)\d+\.xml", n)
        )
    return set(re.findall(rb'buSzPct val="(\d+)"', xml)), len(re.findall(rb"<a:buSzPts", xml))


def test_bullet_sizes_stay_percent(tmp_path: Path) -> None:
    out = tmp_path / "fresh.pptx"
    write_pptx(read_pptx(SRC), out, fresh=True)
    assert check_package(out.read_bytes()) == []
    (theirs, _), (ours, points) = _sizes(SRC), _sizes(out)
    assert {b"45000", b"75000"} <= theirs
    assert points == 0 and theirs - {b"100000"} <= ours
