"""Per-point data-label text of a chart series: cells of a label range (c15:datalabelsRange) and a
c:dLbl's own rich text with its fields (CELLRANGE, VALUE, CATEGORYNAME, SERIESNAME) filled in."""

from __future__ import annotations

from lxml import etree

from ace_core.drawing.chart_numbers import format_number
from adapters.ooxml.ns import qn

__all__ = ["label_texts", "shows_label_range"]


def _on(el: etree._Element | None, tag: str) -> bool:
    child = el.find(qn(tag)) if el is not None else None
    return child is not None and child.get("val", "1") in ("1", "true")


def shows_label_range(el: etree._Element | None) -> bool:
    """True when a c:dLbls / c:dLbl shows the cells of its series' label range (c15:showDataLabelsRange)."""
    if el is None:
        return False
    return any(
        flag.get("val", "1") in ("1", "true")
        for flag in el.iterfind(f"{qn('c:extLst')}/{qn('c:ext')}/{qn('c15:showDataLabelsRange')}")
    )


def _range_cells(ser: etree._Element) -> list[str | None]:
    """The cached cells of a series' label range (c:extLst/c15:datalabelsRange/c15:dlblRangeCache), by index."""
    cache = ser.find(f"{qn('c:extLst')}/{qn('c:ext')}/{qn('c15:datalabelsRange')}/{qn('c15:dlblRangeCache')}")
    if cache is None:
        return []
    pts: dict[int, str] = {}
    for pt in cache.findall(qn("c:pt")):
        try:
            idx = int(pt.get("idx", "0") or 0)
        except ValueError:
            continue
        if 0 <= idx < 100_000:
            pts[idx] = pt.findtext(qn("c:v")) or ""
    return [pts.get(i) for i in range(max(pts) + 1)] if pts else []


def _rich_label(rich: etree._Element, idx: int, cells: list[str | None], value: str, category: str, name: str) -> str:
    """The text of a label's c:rich with its fields filled in for point `idx`, paragraphs joined by newlines."""
    fields = {"CELLRANGE": (cells[idx] if idx < len(cells) else None) or "", "VALUE": value}
    fields |= {"CATEGORYNAME": category, "SERIESNAME": name, "XVALUE": category, "YVALUE": value}
    paras = []
    for p in rich.findall(qn("a:p")):
        parts = []
        for run in p:
            tag = etree.QName(run).localname
            if tag == "r":
                parts.append(run.findtext(qn("a:t")) or "")
            elif tag == "fld":
                kind = (run.get("type") or "").upper()
                parts.append(fields.get(kind, run.findtext(qn("a:t")) or ""))
            elif tag == "br":
                parts.append("\n")
        paras.append("".join(parts))
    return "\n".join(paras).strip("\n")


def label_texts(
    ser: etree._Element, values: list[float | None], categories: list[str], name: str
) -> list[str | None] | None:
    """Each point's own label text (None = the series' labels as their flags say, '' = hidden), or
    None when no point has text of its own. A label range shown for the whole series gives every
    point its cell; a c:dLbl's rich text, or its own range flag, overrides one point."""
    labels = ser.find(qn("c:dLbls"))
    if labels is None:
        return None
    cells = _range_cells(ser)
    count = max(len(values), len(categories), len(cells))
    out: list[str | None] = [None] * count
    if (
        cells
        and shows_label_range(labels)
        and not any(_on(labels, t) for t in ("c:showVal", "c:showCatName", "c:showSerName", "c:showPercent"))
    ):
        out = [(cells[i] if i < len(cells) else None) or "" for i in range(count)]
    for dlbl in labels.findall(qn("c:dLbl")):
        try:
            idx = int(dlbl.find(qn("c:idx")).get("val", "0"))  # type: ignore[union-attr]
        except (AttributeError, ValueError):
            continue
        if not 0 <= idx < max(count, 1) or idx >= 100_000:
            continue
        if idx >= len(out):
            out += [None] * (idx + 1 - len(out))
        value = values[idx] if idx < len(values) else None
        shown_value = format_number(value) if value is not None else ""
        category = categories[idx] if idx < len(categories) else ""
        rich = dlbl.find(f"{qn('c:tx')}/{qn('c:rich')}")
        if _on(dlbl, "c:delete"):
            out[idx] = ""
        elif rich is not None:
            out[idx] = _rich_label(rich, idx, cells, shown_value, category, name)
        elif shows_label_range(dlbl) and cells:
            out[idx] = (cells[idx] if idx < len(cells) else None) or ""
    return out if any(t is not None for t in out) else None
