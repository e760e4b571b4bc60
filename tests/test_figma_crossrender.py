"""Cross-renderer agreement on a corpus frame with auto-layout: figma -> pptx (our solver's boxes,
LibreOffice) vs figma -> html (Chromium flexbox), compared with judge.similarity."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters import registry
from adapters.figma.read import read_figma
from tests.conftest import needs_chromium, needs_soffice

ROOT = Path(__file__).resolve().parents[1]


def _write_pptx(deck, path: Path) -> None:
    adapter = registry().get("pptx")
    if adapter.info.can_write:
        adapter.write(deck, path)
        return
    writer = pytest.importorskip("adapters.ooxml.writer", reason="the .pptx writer is not available yet")
    writer.write_pptx(deck, path)


@pytest.mark.render
@needs_soffice
@needs_chromium
def test_auto_layout_frame_renders_alike_in_pptx_and_html(tmp_path: Path) -> None:
    from backends.render.chromium import render_html
    from backends.render.libreoffice import render_pptx
    from judge.similarity import similarity_files

    deck = read_figma(ROOT / "fixtures" / "figma" / "morphr-design.json", nodes=["332:2"])
    assert deck.slides[0].children[0].layout.mode == "VERTICAL"
    _write_pptx(deck, tmp_path / "deck.pptx")
    registry().get("html").write(deck, tmp_path / "deck.html")
    (a,) = render_pptx(tmp_path / "deck.pptx", tmp_path / "pptx", width=640)
    (b,) = render_html(tmp_path / "deck.html", tmp_path / "html", width=640).paths
    assert similarity_files(a, b) >= 0.8
