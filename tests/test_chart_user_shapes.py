"""Shapes drawn over a chart (c:userShapes, a chart drawing part) are read into the chart's IR and
drawn in HTML over the chart, in fractions of its box (issue 18: the text recall tail of charts
whose labels are text boxes). ShapeCrawler's 021.pptx labels its time-series chart's years with
four text boxes anchored by relSizeAnchor."""

from __future__ import annotations

from pathlib import Path

from bs4 import BeautifulSoup

from adapters.html.write import write_html
from adapters.ooxml.read_deck import read_pptx

DECK = Path(__file__).resolve().parents[1] / "fixtures" / "pptx" / "shapecrawler-021.pptx"


def _chart_node(deck):
    return next(n for _, n in deck.iter_nodes() if n.type == "CHART" and n.chart.user_shapes)


def test_chart_user_shapes_are_read_with_their_box_and_text() -> None:
    deck = read_pptx(DECK)
    node = _chart_node(deck)
    shapes = sorted(node.chart.user_shapes, key=lambda u: u.x)
    texts = ["".join(r.text for p in u.text.paragraphs for r in p.runs) for u in shapes]
    assert texts == ["2010", "2011", "2012", "2013"]
    first = shapes[0]
    assert abs(first.y - 0.873) < 1e-6 and abs(first.h - (0.9545 - 0.873)) < 1e-6
    run = first.text.paragraphs[0].runs[0]
    assert run.style.fill.color.hex == "#003864"
    entry = next(e for e in deck.report.entries if e.feature == "chart-drawing" and e.node_id == node.id)
    assert "4 drawn in HTML" in entry.reason


def test_chart_user_shapes_are_drawn_in_html_over_the_chart(tmp_path: Path) -> None:
    deck = read_pptx(DECK)
    node = _chart_node(deck)
    page = tmp_path / "deck.html"
    write_html(deck, page, embed_source=False)
    soup = BeautifulSoup(page.read_text(), "html.parser")
    chart = soup.find(attrs={"data-id": node.id}) or soup.find(id=node.id)
    assert chart is not None
    boxes = [el for el in chart.find_all("div") if str(el.get("data-id", el.get("id", ""))).startswith(node.id + ".u")]
    assert sorted(b.get_text(strip=True) for b in boxes) == ["2010", "2011", "2012", "2013"]
    first = min(boxes, key=lambda b: b.get_text(strip=True))
    decls = dict(d.split(":", 1) for d in first.get("style", "").replace(" ", "").split(";") if ":" in d)
    # 2010's box starts where its anchor says (13.7 % into the chart's width, 87.3 % down its height)
    x = min(u.x for u in node.chart.user_shapes)
    assert 0.13 < x < 0.14
    assert abs(float(decls["left"].removesuffix("px")) - x * node.width) < 0.5
    assert abs(float(decls["top"].removesuffix("px")) - 0.873 * node.height) < 0.5
