"""Radar charts (issue 18, charts): the c:radarStyle (standard / marker / filled) is read, a filled
radar is drawn filled in the SVG and written back filled, the value axis shows its tick labels up
the first spoke, and a chart without any text properties keeps the 10 pt text PowerPoint and
LibreOffice draw (not python-pptx's 18 pt template). The deck is gopptx's chart-radar.pptx: a
line radar (marker style, no symbols) and a filled one, without c:txPr."""

from __future__ import annotations

import zipfile
from pathlib import Path

from chart_nodes import deck_charts
from lxml import etree

from ace_core.drawing.charts import chart_svg
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.validate import check_package
from adapters.ooxml.writer import write_pptx

C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
SVG = "{http://www.w3.org/2000/svg}"
DECK = Path(__file__).resolve().parent.parent / "fixtures" / "pptx" / "gopptx-chart-radar.pptx"


def _styles(pptx: Path) -> list[str]:
    """Each chart part's c:radarStyle, in slide order."""
    with zipfile.ZipFile(pptx) as z:
        names = sorted(n for n in z.namelist() if n.startswith("ppt/charts/chart") and n.endswith(".xml"))
        return [etree.fromstring(z.read(n)).find(f".//{{{C}}}radarStyle").get("val") for n in names]


def test_radar_style_is_read_and_written_back(tmp_path: Path) -> None:
    source = _styles(DECK)
    assert "filled" in source and len(set(source)) == 2  # a filled radar beside a line one
    charts = deck_charts(DECK)
    assert sorted(c.radar_style for c in charts) == sorted(source)
    out = tmp_path / "fresh.pptx"
    write_pptx(read_pptx(DECK), out, fresh=True)
    assert check_package(out.read_bytes()) == []
    assert sorted(_styles(out)) == sorted(source)
    assert sorted(c.radar_style for c in deck_charts(out)) == sorted(source)


def test_a_chart_without_text_properties_keeps_10pt_text_through_a_fresh_write(tmp_path: Path) -> None:
    charts = deck_charts(DECK)
    assert all(c.text_style is not None and abs(c.text_style.font_size - 40 / 3) < 0.01 for c in charts)
    out = tmp_path / "fresh.pptx"
    write_pptx(read_pptx(DECK), out, fresh=True)
    with zipfile.ZipFile(out) as z:
        for name in (n for n in z.namelist() if n.startswith("ppt/charts/chart") and n.endswith(".xml")):
            root = etree.fromstring(z.read(name))
            sizes = {d.get("sz") for d in root.find(f"{{{C}}}txPr").iter(f"{{{A}}}defRPr")}
            assert sizes == {"1000"}  # the chart-wide text, not the template's 1800


def test_a_filled_radar_is_drawn_filled_with_value_tick_labels() -> None:
    for chart in deck_charts(DECK):
        svg = chart_svg(chart, 600, 400).svg
        root = etree.fromstring(svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))
        series = [p for p in root.iter(SVG + "path") if p.get("fill") not in (None, "none")]
        assert bool(series) == (chart.radar_style == "filled")
        texts = {t.text for t in root.iter(SVG + "text")}
        assert {"0", "5", "10"} <= texts  # the value axis's ticks: two intervals, as LibreOffice draws it
        assert not {"1", "2", "6", "8"} & texts
        assert set(chart.categories) <= texts
