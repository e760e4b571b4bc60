"""The conversion matrix: every ordered pair of {Figma JSON, .pptx, HTML, IR JSON} through `ace convert`,
formats picked by content, ids kept, the loss report printed. A pair whose adapter cannot read /
write yet (FORMAT.info.can_read / can_write) is skipped with that reason, so the matrix fills in as
the adapters land."""

from __future__ import annotations

import json
import shutil
from itertools import permutations
from pathlib import Path

import pytest

from ace_core.ir.deck import Deck
from adapters import read, registry
from cli.main import main

ROOT = Path(__file__).resolve().parents[1]
FORMATS = ("figma", "pptx", "html", "ir")
SUFFIX = {"figma": "figma.json", "pptx": "pptx", "html": "html", "ir": "json"}


def _pptx_source(path: Path) -> None:
    """A small deck made with python-pptx (title placeholder, a shape with text, a picture)."""
    from pptx import Presentation
    from pptx.util import Inches, Pt

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = "Matrix"
    box = slide.shapes.add_shape(1, Inches(1), Inches(2), Inches(3), Inches(1.5))
    box.text_frame.text = "shape text"
    box.text_frame.paragraphs[0].runs[0].font.size = Pt(20)
    pic = ROOT / "fixtures" / "figma" / "features.figma.images" / "imgref1.png"
    slide.shapes.add_picture(str(pic), Inches(5), Inches(2), Inches(2), Inches(1.5))
    second = prs.slides.add_slide(prs.slide_layouts[1])
    second.shapes.title.text = "Second"
    second.placeholders[1].text_frame.text = "bullet one"
    prs.save(path)


@pytest.fixture(scope="module")
def sources(tmp_path_factory) -> dict[str, Path]:
    """One source deck per format: Figma and IR fixtures, a python-pptx deck, and HTML written by the
    HTML adapter from the IR fixture (when it can write)."""
    tmp = tmp_path_factory.mktemp("matrix-src")
    found = {
        "figma": ROOT / "fixtures" / "figma" / "features.figma.json",
        "ir": ROOT / "fixtures" / "ir" / "sample.json",
    }
    _pptx_source(tmp / "src.pptx")
    found["pptx"] = tmp / "src.pptx"
    html = registry().get("html")
    if html.info.can_write:
        html.write(Deck.load(found["ir"]), tmp / "src.html")
        found["html"] = tmp / "src.html"
    return found


def _ids(deck: Deck) -> tuple[list[str], list[str]]:
    return [s.id for s in deck.slides], [n.id for _, n in deck.iter_nodes()]


@pytest.mark.parametrize(("src_fmt", "dst_fmt"), list(permutations(FORMATS, 2)))
def test_convert_pair(src_fmt: str, dst_fmt: str, sources: dict[str, Path], tmp_path: Path, capsys) -> None:
    reader, writer = registry().get(src_fmt), registry().get(dst_fmt)
    if not reader.info.can_read or src_fmt not in sources:
        pytest.skip(f"{reader.info.label} cannot be read yet")
    if not writer.info.can_write:
        pytest.skip(f"{writer.info.label} cannot be written yet")
    src = sources[src_fmt]
    dst = tmp_path / f"out.{SUFFIX[dst_fmt]}"
    code = main(["convert", str(src), str(dst), "--json"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    envelope = json.loads(captured.out)
    data = envelope["data"]
    assert (data["from"], data["to"]) == (src_fmt, dst_fmt)  # picked by content / extension
    assert isinstance(data["losses"], list) and len(envelope["warnings"]) == len(data["losses"])
    assert dst.exists() and dst.stat().st_size > 0

    before, after = read(src), read(dst)
    slides_a, nodes_a = _ids(before)
    slides_b, nodes_b = _ids(after)
    assert slides_b == slides_a
    reported = {e.get("node_id") for e in data["losses"]}
    kept = set(nodes_b)
    missing = [i for i in nodes_a if i not in kept and i not in reported]
    assert not missing, f"ids lost without a loss entry: {missing[:10]}"


@pytest.mark.parametrize("fmt", FORMATS)
def test_format_picked_by_content(fmt: str, sources: dict[str, Path], tmp_path: Path) -> None:
    if fmt not in sources:
        pytest.skip(f"no {fmt} source yet")
    mystery = tmp_path / "deck.dat"
    shutil.copy(sources[fmt], mystery)
    assert registry().detect(mystery).info.name == fmt


def test_loss_report_printed(sources: dict[str, Path], tmp_path: Path, capsys) -> None:
    code = main(["convert", str(sources["figma"]), str(tmp_path / "deck.json")])
    captured = capsys.readouterr()
    assert code == 0
    assert "loss report entries" in captured.err and "missing-image" in captured.err
    assert "(figma) ->" in captured.out
