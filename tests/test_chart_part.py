"""Issue 18: a chart read from .pptx and not edited keeps its own chart part in the fresh .pptx
(adapters.ooxml.chart_part): the same c:chartSpace XML (c14 / c16 extensions and all), its style,
colours, theme override and user-shape drawing copied, an external workbook link kept; the file
opens in python-pptx, passes the PowerPoint-repair checks and reads back to the same ChartData.
An edited chart (through the tools or the IR) is rebuilt from its data, as before."""

from __future__ import annotations

import posixpath
import zipfile
from pathlib import Path

import pytest
from lxml import etree
from pptx import Presentation
from sg_helpers import backend, ok

from ace_core.color import Color
from ace_core.ir.deck import Deck
from ace_core.ir.nodes import ChartNode
from ace_core.ir.style import SolidPaint
from adapters.ooxml.chart_part import RT_USER_SHAPES, renumber_axis_ids
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.validate import check_package, new_problems
from adapters.ooxml.writer import write_pptx
from tests.conftest import FIXTURES

DECKS = [
    FIXTURES / "decks" / "tika-testPPT_various2.pptx",  # PowerPoint 2016: chart style and colours parts
    FIXTURES / "pptx" / "shapecrawler-021.pptx",  # user shapes, theme override, a linked workbook
]
OWN = {"part_asset", "part_links", "part_digest", "workbook_asset"}
R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"


def _charts(deck: Deck) -> list[ChartNode]:
    return [n for _, n in deck.iter_nodes() if isinstance(n, ChartNode)]


def _chart_parts(path: Path) -> list[str]:
    """The chart parts of a .pptx in slide order (python-pptx's view of the package)."""
    prs = Presentation(str(path))
    return [str(s.chart.part.partname).lstrip("/") for slide in prs.slides for s in slide.shapes if s.has_chart]


def _rels(z: zipfile.ZipFile, part: str) -> dict[str, tuple[str, str]]:
    """rId -> (type, target) of a part's relationships (targets as written)."""
    folder, base = posixpath.split(part)
    name = f"{folder}/_rels/{base}.rels"
    if name not in z.namelist():
        return {}
    root = etree.fromstring(z.read(name))
    return {r.get("Id"): (r.get("Type"), r.get("Target")) for r in root}


def _canonical(data: bytes) -> bytes:
    root = etree.fromstring(data)
    renumber_axis_ids(root)
    return etree.tostring(root, method="c14n")


def _fresh(deck: Deck, tmp_path: Path, name: str = "fresh.pptx") -> tuple[Path, list[str]]:
    out = tmp_path / name
    report = write_pptx(deck, out, fresh=True)
    return out, [e.feature for e in report.entries]


@pytest.mark.parametrize("src", DECKS, ids=lambda p: p.stem)
def test_an_unedited_chart_is_written_as_its_own_part(src: Path, tmp_path: Path) -> None:
    deck = read_pptx(src)
    charts = _charts(deck)
    carried = [c for c in charts if c.chart.part_asset is not None]
    assert carried, "the reader keeps the chart part"
    out, kinds = _fresh(deck, tmp_path)
    data = out.read_bytes()
    assert new_problems(data, src.read_bytes()) == [] and check_package(data) == []
    src_parts, out_parts = _chart_parts(src), _chart_parts(out)  # both open in python-pptx
    assert len(out_parts) == len(src_parts) == len(charts)
    same: list[int] = []
    with zipfile.ZipFile(src) as zs, zipfile.ZipFile(out) as zo:
        for i, (node, a, b) in enumerate(zip(charts, src_parts, out_parts, strict=True)):
            if _canonical(zs.read(a)) != _canonical(zo.read(b)):
                continue
            same.append(i)
            src_rels, out_rels = _rels(zs, a), _rels(zo, b)
            assert src_rels.keys() == out_rels.keys()  # every relationship under its own id
            for rid, (rtype, target) in src_rels.items():
                assert out_rels[rid][0] == rtype
                if rtype.endswith("oleObject") and "://" in target:  # a linked workbook stays linked
                    assert out_rels[rid][1] == target
                    continue
                got = zo.read(posixpath.normpath(posixpath.join(posixpath.dirname(b), out_rels[rid][1])))
                assert got == zs.read(posixpath.normpath(posixpath.join(posixpath.dirname(a), target)))
            assert node.chart.part_asset is not None
    assert len(same) >= len(carried) - 2 and same  # shapecrawler-021: 2 of its parts fail the schema check
    xml = b"".join(zipfile.ZipFile(out).read(p) for p in out_parts)
    assert b"c14:style" in xml  # the Office 2010 extensions come along
    if len(same) == len(charts):
        assert "chart-style" not in kinds  # nothing was rebuilt, nothing lost
    again = _charts(read_pptx(out))
    for i in same:  # the carried charts read back as they were read
        assert charts[i].chart.model_dump(exclude=OWN) == again[i].chart.model_dump(exclude=OWN)


def test_user_shapes_and_theme_override_come_along(tmp_path: Path) -> None:
    src = FIXTURES / "pptx" / "shapecrawler-021.pptx"
    deck = read_pptx(src)
    node = next(c for c in _charts(deck) if any(x.rel_type == RT_USER_SHAPES for x in c.chart.part_links or []))
    kinds = {x.rel_type.rsplit("/", 1)[-1] for x in node.chart.part_links or []}
    assert {"chartUserShapes", "themeOverride", "package"} <= kinds
    out, _ = _fresh(deck, tmp_path)
    with zipfile.ZipFile(out) as z:
        drawings = [n for n in z.namelist() if n.startswith("ppt/drawings/") and n.endswith(".xml")]
        overrides = [n for n in z.namelist() if n.startswith("ppt/theme/themeOverride")]
        assert drawings and overrides
        assert b"2012" in z.read(drawings[0])  # the text drawn over the chart
        types = z.read("[Content_Types].xml").decode()
        assert "drawingml.chartshapes+xml" in types and "themeOverride+xml" in types


def _rebuilt(deck: Deck, tmp_path: Path, name: str) -> tuple[ChartNode, list[str], bytes]:
    out, kinds = _fresh(deck, tmp_path, name)
    with zipfile.ZipFile(out) as z:
        xml = z.read(_chart_parts(out)[0])
    return _charts(read_pptx(out))[0], kinds, xml


def test_an_edited_chart_is_rebuilt(tmp_path: Path) -> None:
    src = FIXTURES / "decks" / "tika-testPPT_various2.pptx"
    with zipfile.ZipFile(src) as z:
        original = _canonical(z.read(_chart_parts(src)[0]))
    # through the tools
    deck = read_pptx(src)
    node_id = _charts(deck)[0].id
    b = backend(deck)
    ok(b, "set_chart_title", {"nodeId": node_id, "title": "Edited title"})
    again, kinds, xml = _rebuilt(b.deck, tmp_path, "tool.pptx")
    assert again.chart.title == "Edited title" and "chart-style" in kinds and _canonical(xml) != original
    b = backend(read_pptx(src))
    ok(b, "set_chart_type", {"nodeId": node_id, "chartType": "line"})
    again, kinds, _ = _rebuilt(b.deck, tmp_path, "type.pptx")
    assert again.chart.chart_type == "line" and "chart-style" in kinds
    # by changing the IR: a series colour, a value, the chart area's fill
    deck = read_pptx(src)
    chart = _charts(deck)[0]
    chart.chart.series[0].fill = SolidPaint(color=Color.from_hex("#00FF00"))
    again, kinds, _ = _rebuilt(deck, tmp_path, "colour.pptx")
    assert "chart-style" in kinds and isinstance(again.chart.series[0].fill, SolidPaint)
    assert again.chart.series[0].fill.color.to_rgb255() == (0, 255, 0)
    deck = read_pptx(src)
    chart = _charts(deck)[0]
    chart.chart.series[0].values[0] = 1234.0
    again, kinds, _ = _rebuilt(deck, tmp_path, "value.pptx")
    assert again.chart.series[0].values[0] == 1234.0 and "chart-style" in kinds
    deck = read_pptx(src)
    _charts(deck)[0].fills = [SolidPaint(color=Color.from_hex("#FF0000"))]
    _, kinds, _ = _rebuilt(deck, tmp_path, "area.pptx")
    assert "chart-style" in kinds


def test_a_chart_whose_linked_part_lost_its_bytes_is_rebuilt(tmp_path: Path) -> None:
    src = FIXTURES / "decks" / "tika-testPPT_various2.pptx"
    deck = read_pptx(src)
    chart = _charts(deck)[0].chart
    assert chart.part_links
    chart.part_links[0] = chart.part_links[0].model_copy(update={"asset": "0" * 64})  # bytes not in the store
    out, kinds = _fresh(deck, tmp_path)
    assert "chart-style" in kinds and check_package(out.read_bytes()) == []


def test_a_chart_drawn_with_other_defaults_in_a_fresh_package_is_rebuilt(tmp_path: Path) -> None:
    """Office 2007 files leave chart values out that later versions read with other defaults
    (oxsdk-Chart_3D_Column_): the chart is rebuilt from the IR (which holds what was read), not carried."""
    deck = read_pptx(FIXTURES / "pptx" / "oxsdk-Chart_3D_Column_.pptx")
    assert all(c.chart.part_asset is None for c in _charts(deck))
    _, kinds = _fresh(deck, tmp_path)
    assert "chart-style" in kinds


def test_hidden_tick_labels_survive_a_rebuilt_chart(corpus_dir, tmp_path: Path) -> None:
    """pypptx-cht-chart-type's category axes say tickLblPos="none": a chart rebuilt from the IR
    (its carried part dropped) still hides them, as read back."""
    deck = read_pptx(corpus_dir / "pptx" / "pypptx-cht-chart-type.pptx")
    deck.slides = deck.slides[:1]
    for c in _charts(deck):
        assert c.chart.x_axis.tick_labels == "none"
        c.chart.part_asset = None
        c.chart.part_links = []
    out, _ = _fresh(deck, tmp_path)
    again = _charts(read_pptx(out))
    assert again and all(c.chart.x_axis.tick_labels == "none" for c in again)
    assert all(c.chart.y_axis.tick_labels in (None, "nextTo") for c in again)


def test_a_chart_filled_from_the_theme_is_carried_over_the_source_theme(tmp_path: Path) -> None:
    """docx4j-pptx-chart's series have no fill of their own: the chart style (c:style) fills them
    from the theme's format scheme. The fresh theme now starts from the source's theme part
    (theme_part), so the chart keeps its own part; over a theme without the source's format scheme
    (the blank template's) it is rebuilt."""
    src = FIXTURES / "pptx" / "docx4j-pptx-chart.pptx"
    deck = read_pptx(src)
    assert all(c.chart.part_asset is not None for c in _charts(deck))
    out, kinds = _fresh(deck, tmp_path)
    assert "chart-style" not in kinds
    with zipfile.ZipFile(src) as zs, zipfile.ZipFile(out) as zo:
        assert _canonical(zs.read(_chart_parts(src)[0])) == _canonical(zo.read(_chart_parts(out)[0]))
    assert deck.theme is not None
    deck.theme = deck.theme.model_copy(update={"part_asset": None, "part_links": []})
    _, kinds = _fresh(deck, tmp_path, "no-theme-part.pptx")
    assert "chart-style" in kinds


def test_a_rebuilt_chart_writes_the_same_workbook_bytes_at_any_time(monkeypatch) -> None:
    # XlsxWriter stamps the clock into the embedded workbook's docProps/core.xml: the same deck
    # written twice gave two fresh files (every fidelity run re-rendered the chart decks)
    import datetime as dt
    import io

    from ace_core.ir.loss import LossReport
    from adapters.ooxml.writer import render_bytes

    deck = read_pptx(FIXTURES / "pptx" / "oxsdk-Chart_3D_Column_.pptx")
    first, _ = render_bytes(deck, fresh=True, report=LossReport())

    class Later(dt.datetime):
        @classmethod
        def now(cls, tz: dt.tzinfo | None = None) -> dt.datetime:
            return dt.datetime(2031, 5, 6, 7, 8, 9, tzinfo=tz)

    import xlsxwriter.core

    monkeypatch.setattr(xlsxwriter.core, "datetime", Later)
    second, _ = render_bytes(deck, fresh=True, report=LossReport())
    books = [n for n in zipfile.ZipFile(io.BytesIO(first)).namelist() if n.endswith(".xlsx")]
    assert books and first == second
