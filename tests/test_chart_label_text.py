"""Data labels with text of their own (issue 18, charts): the cells of a label range
(c15:datalabelsRange, shown through CELLRANGE fields / c15:showDataLabelsRange) and a c:dLbl's own
rich text are read per point, drawn in the chart SVG beside their points, and written back to a
fresh .pptx as per-point rich labels. The real deck is pptx-automizer's ChartAxis.pptx (a scatter
chart labelled from a cell range, PowerPoint 2016); the rich-text class is python-pptx's bar chart
with labels edited the way PowerPoint writes them."""

from __future__ import annotations

import zipfile
from pathlib import Path

from chart_nodes import deck_charts
from lxml import etree
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Inches
from zip_edit import rezip

from ace_core.drawing.charts import chart_svg
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.validate import check_package
from adapters.ooxml.writer import write_pptx

C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
C15 = "http://schemas.microsoft.com/office/drawing/2012/chart"
SVG = "{http://www.w3.org/2000/svg}"
DECK = Path(__file__).resolve().parent.parent / "fixtures" / "pptx" / "automizer-ChartAxis.pptx"


def _range_cells(pptx: Path) -> list[list[str]]:
    """Each series' label-range cells, straight from the chart part's cache."""
    with zipfile.ZipFile(pptx) as z:
        names = sorted(n for n in z.namelist() if n.startswith("ppt/charts/chart") and n.endswith(".xml"))
        root = etree.fromstring(z.read(names[0]))
    out = []
    for ser in root.iter(f"{{{C}}}ser"):
        cache = ser.find(f".//{{{C15}}}dlblRangeCache")
        out.append([pt.findtext(f"{{{C}}}v") for pt in cache.findall(f"{{{C}}}pt")] if cache is not None else [])
    return out


def _svg(chart) -> etree._Element:
    svg = chart_svg(chart, 900, 500).svg
    return etree.fromstring(svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))


def test_label_range_cells_are_read_per_point() -> None:
    cells = _range_cells(DECK)
    assert all(len(c) == 5 for c in cells) and len(cells) == 2
    chart = deck_charts(DECK)[0]
    assert chart.chart_type == "scatter"
    assert [s.label_texts for s in chart.series] == cells
    # the labels show no value / category / series field: only their cells
    assert chart.data_labels is not None and not chart.data_labels.show_value


def test_label_range_cells_are_drawn_beside_their_points_and_lineless_series_have_no_line() -> None:
    chart = deck_charts(DECK)[0]
    root = _svg(chart)
    texts = [t for t in root.iter(SVG + "text") if t.text and t.text.startswith("Item")]
    assert sorted(t.text for t in texts) == sorted(c for s in chart.series for c in s.label_texts)
    assert all(t.get("text-anchor") == "start" for t in texts)  # to the right of the point
    circles = list(root.iter(SVG + "circle"))
    for label in texts:  # each label sits on the row of a marker, just right of it
        x, y = float(label.get("x")), float(label.get("y"))
        assert any(abs(float(c.get("cy")) - y) < 0.5 and 0 < x - float(c.get("cx")) < 20 for c in circles)
    # both series' lines are <a:ln><a:noFill/>: markers only, no connecting path
    assert not [p for p in root.iter(SVG + "path") if p.get("fill") == "none" and p.get("stroke")]


def test_label_range_cells_survive_a_fresh_write_as_rich_labels(tmp_path: Path) -> None:
    out = tmp_path / "fresh.pptx"
    report = write_pptx(read_pptx(DECK), out, fresh=True)
    assert check_package(out.read_bytes()) == []
    with zipfile.ZipFile(out) as z:
        part = next(n for n in z.namelist() if n.startswith("ppt/charts/chart") and n.endswith(".xml"))
        root = etree.fromstring(z.read(part))
    rich = [
        "".join(t.text or "" for t in d.iter(f"{{{A}}}t"))
        for d in root.iter(f"{{{C}}}dLbl")
        if d.find(f"{{{C}}}tx/{{{C}}}rich") is not None
    ]
    assert sorted(rich) == sorted(c for cells in _range_cells(DECK) for c in cells)
    assert [s.label_texts for s in deck_charts(out)[0].series] == _range_cells(DECK)
    assert not [e for e in report.entries if e.feature == "chart-labels"]  # nothing of the labels was lost


def _bar_deck(tmp_path: Path) -> Path:
    prs = Presentation()
    data = CategoryChartData()
    data.categories = ["North", "South", "East"]
    data.add_series("Sales", (4.0, 7.5, 2.25))
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(1), Inches(6), Inches(4), data)
    src = tmp_path / "src.pptx"
    prs.save(src)

    def edit(body: bytes) -> bytes:
        root = etree.fromstring(body)
        ser = root.find(f".//{{{C}}}ser")
        labels = etree.fromstring(
            f'<c:dLbls xmlns:c="{C}" xmlns:a="{A}">'
            '<c:dLbl><c:idx val="0"/><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>Top: </a:t></a:r>'
            '<a:fld id="{1}" type="VALUE"><a:t>[VALUE]</a:t></a:fld></a:p><a:p><a:fld id="{2}" type="CATEGORYNAME">'
            "<a:t>[CATEGORY NAME]</a:t></a:fld></a:p></c:rich></c:tx>"
            '<c:showLegendKey val="0"/><c:showVal val="1"/><c:showCatName val="0"/><c:showSerName val="0"/>'
            '<c:showPercent val="0"/><c:showBubbleSize val="0"/></c:dLbl>'
            '<c:dLbl><c:idx val="2"/><c:delete val="1"/></c:dLbl>'
            '<c:showLegendKey val="0"/><c:showVal val="1"/><c:showCatName val="0"/><c:showSerName val="0"/>'
            '<c:showPercent val="0"/><c:showBubbleSize val="0"/></c:dLbls>'
        )
        ser.find(f"{{{C}}}cat").addprevious(labels)
        return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)

    with zipfile.ZipFile(src) as z:
        part = next(n for n in z.namelist() if n.startswith("ppt/charts/chart"))
    return rezip(src, tmp_path / "labels.pptx", {part: edit})


def test_a_label_s_own_rich_text_fills_its_fields_and_a_deleted_label_is_hidden(tmp_path: Path) -> None:
    chart = deck_charts(_bar_deck(tmp_path))[0]
    assert chart.series[0].label_texts == ["Top: 4\nNorth", None, ""]
    texts = [t.text for t in _svg(chart).iter(SVG + "text")]
    assert "Top: 4" in texts and "North" in texts  # the rich label, on two lines
    assert "7.5" in texts  # the other point shows its value, as the series' labels say
    assert "2.25" not in texts  # the deleted label is not drawn
    out = tmp_path / "fresh.pptx"
    write_pptx(read_pptx(_bar_deck(tmp_path)), out, fresh=True)
    assert check_package(out.read_bytes()) == []
    assert deck_charts(out)[0].series[0].label_texts == ["Top: 4\nNorth", None, ""]
