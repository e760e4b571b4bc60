"""What LibreOffice gives chart parts that state no size (issue 18, charts): a title without a
size of its own or of the chart's c:txPr is 18 pt (oox's automatic chart-title text), and a line
or radar series whose a:ln has a colour but no width takes the chart style's line (2.25 pt with
c:style 2 and Office's 0.75 pt first line style), not a hairline. The deck is gopptx's
chart-radar.pptx: a line radar whose series line is `<a:ln><a:solidFill>..` and a filled one,
both titled without sizes and without c:txPr; LibreOffice draws the title 18 pt and the line
2.25 pt."""

from __future__ import annotations

import zipfile
from pathlib import Path

from chart_nodes import deck_charts
from lxml import etree

from ace_core.units import PX_PER_PT
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.writer import write_pptx

C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
DECK = Path(__file__).resolve().parent.parent / "fixtures" / "pptx" / "gopptx-chart-radar.pptx"


def test_a_title_without_size_is_18pt() -> None:
    charts = deck_charts(DECK)
    assert [c.title for c in charts] == ["Radar", "RadarFilled"]
    assert all(abs(c.title_style.font_size - 18 * PX_PER_PT) < 0.01 for c in charts)


def test_a_radar_line_without_width_takes_the_style_line() -> None:
    line_radar = next(c for c in deck_charts(DECK) if c.radar_style != "filled")
    assert abs(line_radar.series[0].line.weight - 2.25 * PX_PER_PT) < 0.01


def test_the_fresh_part_states_both_sizes(tmp_path: Path) -> None:
    out = tmp_path / "fresh.pptx"
    write_pptx(read_pptx(DECK), out, fresh=True)
    with zipfile.ZipFile(out) as z:
        roots = [
            etree.fromstring(z.read(n))
            for n in sorted(z.namelist())
            if n.startswith("ppt/charts/chart") and n.endswith(".xml")
        ]
    for root in roots:
        title = root.find(f".//{{{C}}}title")
        sizes = {r.get("sz") for r in title.iter(f"{{{A}}}rPr", f"{{{A}}}defRPr") if r.get("sz")}
        assert sizes == {"1800"}
    widths = [ln.get("w") for r in roots for ln in r.iterfind(f".//{{{C}}}ser/{{{C}}}spPr/{{{A}}}ln")]
    assert "28575" in widths


def test_a_title_without_size_is_1_2_x_the_chart_text() -> None:
    # Open XML SDK's 3-D pie deck: `<c:title><c:overlay val="0"/></c:title>` (the automatic title,
    # the series' name) in a chart whose c:txPr says 18 pt: LibreOffice draws the title 21.6 pt
    deck = Path(__file__).resolve().parent.parent / "fixtures" / "pptx" / "oxsdk-3D_Pie-O12-PPT-Charts.pptx"
    charts = deck_charts(deck)
    assert [c.title for c in charts] == ["Sales", "Sales"]
    assert all(abs(c.title_style.font_size - 1.2 * 18 * PX_PER_PT) < 0.01 for c in charts)
