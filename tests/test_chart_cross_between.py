"""Where the value axis crosses the categories (issue 18, charts): c:crossBetween midCat puts a
line or area chart's points on the category tick marks, the first and last on the plot's edges,
as LibreOffice draws it (the category axis is not shifted); 'between' keeps them mid-band. The
chart is python-pptx's area chart (its template says midCat; python-pptx's cht-chart-type deck of
the corpus is made the same way and LibreOffice draws its areas edge to edge). The setting is read
into the IR and written back in a rebuilt chart part."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from lxml import etree
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Inches

from ace_core.drawing.charts import chart_svg
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.writer import write_pptx

C = "http://schemas.openxmlformats.org/drawingml/2006/chart"


def _deck(tmp_path: Path) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData()
    data.categories = ["a", "b", "c", "d", "e"]
    data.add_series("S1", (32, 32, 28, 12, 15))
    slide.shapes.add_chart(XL_CHART_TYPE.AREA, Inches(1), Inches(1), Inches(4), Inches(4), data)
    path = tmp_path / "area.pptx"
    prs.save(path)
    return path


def _chart(path: Path):
    return next(n for _, n in read_pptx(path).iter_nodes() if n.type == "CHART").chart


def _area_xs(svg: str) -> list[float]:
    d = next(p for p in re.findall(r'<path d="([^"]+)"', svg) if "Z" in p)
    return [float(x) for x in re.findall(r"[ML]([\d.]+) ", d)]


def test_mid_cat_areas_run_from_edge_to_edge(tmp_path: Path) -> None:
    chart = _chart(_deck(tmp_path))
    assert chart.y_axis.cross_between == "midCat"
    edge = _area_xs(chart_svg(chart, 384, 384).svg)
    mid = _area_xs(
        chart_svg(
            chart.model_copy(update={"y_axis": chart.y_axis.model_copy(update={"cross_between": "between"})}), 384, 384
        ).svg
    )
    # the same plot: mid-band points are half a band (of five) inside the edge-to-edge ones
    width = max(edge) - min(edge)
    assert abs((max(mid) - min(mid)) - width * 4 / 5) < 1.0


def test_cross_between_is_written_back(tmp_path: Path) -> None:
    deck = read_pptx(_deck(tmp_path))
    node = next(n for _, n in deck.iter_nodes() if n.type == "CHART")
    node.chart = node.chart.model_copy(
        update={"y_axis": node.chart.y_axis.model_copy(update={"cross_between": "between"})}
    )
    out = tmp_path / "fresh.pptx"
    write_pptx(deck, out, fresh=True)
    with zipfile.ZipFile(out) as z:
        name = next(n for n in z.namelist() if n.startswith("ppt/charts/chart") and n.endswith(".xml"))
        root = etree.fromstring(z.read(name))
    assert root.find(f".//{{{C}}}valAx/{{{C}}}crossBetween").get("val") == "between"
    assert _chart(out).y_axis.cross_between == "between"
