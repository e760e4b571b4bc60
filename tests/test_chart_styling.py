"""Chart styling carried through the IR (issue 18, class 4): tick-label and data-label text, axis and
gridline lines, tick marks, the plot area's fill and manual layout, marker-only series colours, a
source-linked percent axis and an auto title. The deck is python-pptx's chart with its XML edited
the way PowerPoint 2013+ writes every chart; read, write fresh, read back, and draw as SVG."""

from __future__ import annotations

import zipfile
from pathlib import Path

from lxml import etree
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Inches
from test_ooxml_read import rezip

from ace_core.drawing.charts import chart_svg
from ace_core.ir.semantic import ChartView3D
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.validate import check_package
from adapters.ooxml.writer import write_pptx

C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
SVG = "{http://www.w3.org/2000/svg}"
TXPR = (
    f'<c:txPr xmlns:c="{C}" xmlns:a="{A}"><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="900">'
    '<a:solidFill><a:srgbClr val="595959"/></a:solidFill></a:defRPr></a:pPr><a:endParaRPr lang="en-US"/></a:p></c:txPr>'
)
GRID = (
    f'<c:spPr xmlns:c="{C}" xmlns:a="{A}"><a:ln w="9525"><a:solidFill><a:srgbClr val="D9D9D9"/></a:solidFill></a:ln>'
    "</c:spPr>"
)
NO_LINE = f'<c:spPr xmlns:c="{C}" xmlns:a="{A}"><a:ln><a:noFill/></a:ln></c:spPr>'


def _q(tag: str) -> str:
    prefix, name = tag.split(":")
    return f"{{{C if prefix == 'c' else A}}}{name}"


def _styled(body: bytes) -> bytes:
    root = etree.fromstring(body)
    chart = root.find(_q("c:chart"))
    title = etree.SubElement(chart, _q("c:title"))  # a title without text of its own
    chart.insert(0, title)
    etree.SubElement(title, _q("c:overlay")).set("val", "0")
    plot = chart.find(_q("c:plotArea"))
    layout = plot.find(_q("c:layout"))
    if layout is None:
        layout = etree.Element(_q("c:layout"))
        plot.insert(0, layout)
    layout.append(
        etree.fromstring(
            f'<c:manualLayout xmlns:c="{C}"><c:layoutTarget val="inner"/><c:xMode val="edge"/><c:yMode val="edge"/>'
            '<c:x val="0.1"/><c:y val="0.2"/><c:w val="0.6"/><c:h val="0.5"/></c:manualLayout>'
        )
    )
    plot.append(
        etree.fromstring(
            f'<c:spPr xmlns:c="{C}" xmlns:a="{A}"><a:solidFill><a:srgbClr val="FFF2CC"/></a:solidFill></c:spPr>'
        )
    )
    for ax in (plot.find(_q("c:catAx")), plot.find(_q("c:valAx"))):
        ax.find(_q("c:majorTickMark")).set("val", "none")
        cross = ax.find(_q("c:crossAx"))
        cross.addprevious(etree.fromstring(NO_LINE if ax.tag.endswith("valAx") else GRID))
        cross.addprevious(etree.fromstring(TXPR))
    val = plot.find(_q("c:valAx"))
    for old in val.findall(_q("c:majorGridlines")) + val.findall(_q("c:numFmt")):
        val.remove(old)
    val.find(_q("c:majorTickMark")).addprevious(
        etree.fromstring(f'<c:majorGridlines xmlns:c="{C}">{GRID}</c:majorGridlines>')
    )
    val.find(_q("c:majorTickMark")).addprevious(
        etree.fromstring(f'<c:numFmt xmlns:c="{C}" formatCode="General" sourceLinked="1"/>')
    )
    for code in root.iter(_q("c:formatCode")):
        code.text = "0%"
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def _deck(tmp_path: Path) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData(number_format="0%")
    data.categories = ["North", "South", "East"]
    data.add_series("Plan", (0.2, 0.5, 0.3))
    data.add_series("Actual", (0.3, 0.4, 0.3))
    slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_STACKED_100, Inches(1), Inches(1), Inches(8), Inches(5), data)
    path = tmp_path / "chart.pptx"
    prs.save(path)
    return rezip(path, tmp_path / "styled.pptx", {"ppt/charts/chart1.xml": _styled})


def _chart(deck):
    return next(n for _, n in deck.iter_nodes() if n.type == "CHART").chart


def _check(chart) -> None:
    assert chart.title == "Chart Title"  # what PowerPoint and LibreOffice draw for an empty title
    assert chart.grouping == "percent_stacked"
    for axis in (chart.x_axis, chart.y_axis):
        assert axis.text_style.font_size == 12.0  # 9 pt
        assert axis.text_style.fill.color.hex == "#595959"
        assert axis.tick_marks == "none"
    assert chart.y_axis.line is not None and not chart.y_axis.line.paint.visible
    assert chart.x_axis.line.paint.color.hex == "#D9D9D9"
    assert chart.y_axis.gridline_stroke.paint.color.hex == "#D9D9D9"
    assert chart.y_axis.number_format == "0%"  # linked to the data's format
    assert chart.plot_fills[0].color.hex == "#FFF2CC"
    box = chart.plot_layout
    assert (box.x, box.y, box.w, box.h, box.inner) == (0.1, 0.2, 0.6, 0.5, True)


def test_chart_styling_is_read_and_survives_a_fresh_write(tmp_path: Path) -> None:
    deck = read_pptx(_deck(tmp_path))
    _check(_chart(deck))
    out = tmp_path / "fresh.pptx"
    write_pptx(deck, out, fresh=True)
    assert check_package(out.read_bytes()) == []
    _check(_chart(read_pptx(out)))


def test_the_svg_draws_the_chart_s_own_tick_text_gridlines_and_plot_area(tmp_path: Path) -> None:
    chart = _chart(read_pptx(_deck(tmp_path)))
    root = etree.fromstring(
        chart_svg(chart, 800, 500).svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)
    )
    ticks = [t for t in root.iter(SVG + "text") if t.text in ("North", "0%", "100%")]
    assert {t.text for t in ticks} == {"North", "0%", "100%"}
    assert all(t.get("font-size") == "12" and t.get("fill") == "#595959" for t in ticks)
    grid = [ln for ln in root.iter(SVG + "line") if ln.get("stroke") == "#d9d9d9"]
    assert len(grid) >= 5  # the value gridlines and the category axis line, in the chart's grey
    plot = next(r for r in root.iter(SVG + "rect") if r.get("fill") == "#fff2cc")
    assert [float(plot.get(k)) for k in ("x", "y", "width", "height")] == [80.0, 100.0, 480.0, 250.0]
    assert any(t.text == "Chart Title" for t in root.iter(SVG + "text"))


# -- 3-D charts and exploded pies ---------------------------------------------------------------
def _pie_3d(body: bytes) -> bytes:
    root = etree.fromstring(body)
    chart = root.find(_q("c:chart"))
    pie = chart.find(f"{_q('c:plotArea')}/{_q('c:pieChart')}")
    pie.tag = _q("c:pie3DChart")
    for extra in pie.findall(_q("c:firstSliceAng")):
        pie.remove(extra)
    view = etree.fromstring(
        f'<c:view3D xmlns:c="{C}"><c:rotX val="30"/><c:rotY val="0"/><c:rAngAx val="0"/>'
        '<c:perspective val="30"/></c:view3D>'
    )
    chart.find(_q("c:plotArea")).addprevious(view)
    ser = pie.find(_q("c:ser"))
    ser.find(_q("c:tx")).addnext(etree.fromstring(f'<c:explosion xmlns:c="{C}" val="25"/>'))
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def test_a_3d_pie_keeps_its_view_and_exploded_slices_in_a_fresh_write(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData()
    data.categories = ["Q1", "Q2", "Q3"]
    data.add_series("Sales", (8.2, 3.2, 1.4))
    slide.shapes.add_chart(XL_CHART_TYPE.PIE, Inches(1), Inches(1), Inches(6), Inches(4), data)
    prs.save(tmp_path / "pie.pptx")
    src = rezip(tmp_path / "pie.pptx", tmp_path / "pie3d.pptx", {"ppt/charts/chart1.xml": _pie_3d})
    chart = _chart(read_pptx(src))
    assert chart.view_3d is not None and (chart.view_3d.rot_x, chart.view_3d.right_angle_axes) == (30, False)
    assert chart.series[0].explosion == 25
    out = tmp_path / "fresh.pptx"
    write_pptx(read_pptx(src), out, fresh=True)
    assert check_package(out.read_bytes()) == []
    again = _chart(read_pptx(out))
    assert again.view_3d == chart.view_3d and again.series[0].explosion == 25
    svg = chart_svg(chart, 600, 400)
    assert any(loss.startswith("3-D pie drawn in parallel projection") for loss in svg.losses)  # what it leaves out


def test_a_standard_3d_column_chart_is_written_with_its_series_axis(tmp_path: Path) -> None:
    deck = read_pptx(_deck(tmp_path))
    node = next(n for _, n in deck.iter_nodes() if n.type == "CHART")
    node.chart = node.chart.model_copy(
        update={"chart_type": "column", "grouping": "standard", "view_3d": ChartView3D(shape="box")}
    )
    out = tmp_path / "col3d.pptx"
    write_pptx(deck, out, fresh=True)
    assert check_package(out.read_bytes()) == []
    again = _chart(read_pptx(out))
    assert again.grouping == "standard" and again.view_3d is not None and again.view_3d.shape == "box"
    with zipfile.ZipFile(out) as z:
        xml = z.read(next(n for n in z.namelist() if n.startswith("ppt/charts/chart"))).decode()
    assert "<c:bar3DChart>" in xml and "<c:serAx>" in xml
