"""The LibreOffice renderer: PNG n is slide n (hidden slides included), parallel calls with private
profiles, bad input refused before LibreOffice runs, time limits, a clear error without soffice."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PIL import Image
from pptx import Presentation
from pptx.util import Inches

from ace_core.errors import BadInputError, MissingSystemToolError, RenderError
from backends.render import libreoffice
from backends.render.libreoffice import render_pptx
from judge.similarity import similarity_files
from tests.conftest import needs_soffice

FIX = Path(__file__).resolve().parents[1] / "fixtures"


def _deck(path: Path, hidden: int | None = None, count: int = 3) -> Path:
    prs = Presentation()
    prs.slide_width, prs.slide_height = Inches(10), Inches(5.625)
    for i in range(count):
        slide = prs.slides.add_slide(prs.slide_layouts[5])
        slide.shapes.title.text = f"Slide number {i + 1}"
    if hidden is not None:
        prs.slides[hidden]._element.set("show", "0")
    prs.save(str(path))
    return path


@pytest.mark.render
@needs_soffice
def test_parallel_renders_give_one_png_per_slide_hidden_included(tmp_path: Path) -> None:
    deck = _deck(tmp_path / "three.pptx", hidden=1)
    results: dict[str, list[Path]] = {}
    errors: list[BaseException] = []

    def run(name: str) -> None:
        try:
            results[name] = render_pptx(deck, tmp_path / name, width=480)
        except BaseException as exc:  # collected and re-raised below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(n,)) for n in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for name in ("a", "b"):
        paths = results[name]
        assert [p.name for p in paths] == ["slide-001.png", "slide-002.png", "slide-003.png"]
        for p in paths:
            with Image.open(p) as im:
                assert im.width == 480 and abs(im.height - 270) <= 1
    # the same deck renders the same; different slides differ
    assert similarity_files(results["a"][1], results["b"][1]) > 0.99
    assert similarity_files(results["a"][0], results["a"][2]) < 0.999


@pytest.mark.render
@needs_soffice
def test_rerender_removes_stale_pngs_and_empty_decks_give_none(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "slide-009.png").write_bytes(b"old")
    (out / "notes.txt").write_text("mine")
    assert render_pptx(FIX / "pptx" / "pypptx-ph-inherit-props.pptx", out, width=200)
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt", "slide-001.png", "slide-002.png"]
    empty = _deck(tmp_path / "empty.pptx", count=0)
    assert render_pptx(empty, out) == []
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]


def test_bad_input_is_refused_before_libreoffice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_soffice(*_a: object, **_k: object) -> None:
        raise AssertionError("LibreOffice must not run on bad input")

    monkeypatch.setattr(libreoffice, "convert_with_soffice", no_soffice)
    for broken in sorted((FIX / "pptx-broken").glob("*.pptx")):
        with pytest.raises(BadInputError):
            render_pptx(broken, tmp_path / "out")
    assert not (tmp_path / "out").exists()
    with pytest.raises(BadInputError, match="not found"):
        render_pptx(tmp_path / "missing.pptx", tmp_path / "out")


@pytest.mark.render
@needs_soffice
def test_time_limit_kills_libreoffice_and_writes_nothing(tmp_path: Path) -> None:
    with pytest.raises(RenderError, match="longer than") as info:
        render_pptx(FIX / "pptx" / "docx4j-pptx-chart.pptx", tmp_path / "out", timeout=0.5)
    assert "docx4j-pptx-chart.pptx" in info.value.message
    assert not (tmp_path / "out").exists()


def test_missing_soffice_names_the_debian_package(monkeypatch: pytest.MonkeyPatch) -> None:
    from ace_core import soffice

    monkeypatch.setattr(soffice.shutil, "which", lambda _name: None)
    monkeypatch.setattr(soffice.os.path, "exists", lambda _p: False)
    with pytest.raises(MissingSystemToolError) as info:
        libreoffice.find_soffice()
    assert "libreoffice-impress" in info.value.message and info.value.exit_code == 4
