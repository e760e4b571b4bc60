"""Content an HTML page puts outside its slide box (text below a 720 px slide when the page's CSS
did not load, content wider than the slide): kept where it is, off the slide, and reported
(`off-slide`, per node), or with `fit` brought onto the slide by scaling or onto more slides by
pagination, and reported as such."""

from __future__ import annotations

import math
from typing import Any

from ace_core.ir.deck import Slide
from ace_core.ir.loss import LossReport
from ace_core.ir.nodes import NODE_TYPES, NodeBase

__all__ = ["FIT_MODES", "place_overflow", "scaled"]

FIT_MODES = ("overflow", "scale", "paginate")
"""`overflow`: scale when the content shrinks by no more than MIN_SCALE, else paginate."""
MIN_SCALE = 0.6
_EDGE = 1.0  # px a box may stick out before it counts as outside
_LENGTHS = {
    "x",
    "y",
    "width",
    "height",
    "font_size",
    "corner_radius",
    "letter_spacing",
    "space_before",
    "space_after",
    "indent",
    "margin_left",
    "weight",
    "radius",
    "spread",
    "min_width",
    "max_width",
    "min_height",
    "max_height",
}
_SIDES = {"insets", "stroke_weights", "padding"}
_NO_GEOMETRY = {"fills", "fill", "paint", "highlight", "color", "image", "handles", "stops", "bullet", "source", "meta"}


def _scale(value: Any, k: float, key: str = "") -> Any:
    if isinstance(value, list):
        if key in ("corner_radii", "columns", "dashes"):
            return [v * k if isinstance(v, int | float) else v for v in value]
        return [_scale(v, k) for v in value]
    if not isinstance(value, dict):
        return value
    out: dict[str, Any] = {}
    for name, v in value.items():
        if name in _NO_GEOMETRY:
            out[name] = v
        elif name in _SIDES and isinstance(v, dict):
            out[name] = {s: (n * k if isinstance(n, int | float) else n) for s, n in v.items()}
        elif name in _LENGTHS and isinstance(v, int | float) and not isinstance(v, bool):
            out[name] = v * k
        elif name == "line_height" and isinstance(v, dict) and v.get("unit") == "PIXELS":
            out[name] = {**v, "value": v.get("value", 0.0) * k}
        elif name == "rows" and isinstance(v, list):
            out[name] = [_scale({**r, "height": r["height"] * k} if "height" in r else r, k) for r in v]
        else:
            out[name] = _scale(v, k, name)
    return out


def scaled(node: NodeBase, k: float) -> NodeBase:
    """A copy of a node scaled by `k` about the slide's origin: box, text sizes and spacing,
    strokes, radii, shadows (a vector's paths through its view box)."""
    data = node.model_dump(mode="json", exclude_defaults=True)
    if node.type == "VECTOR" and data.get("paths") and data.get("view_box") is None:
        data["view_box"] = [0.0, 0.0, node.width or 1.0, node.height or 1.0]
    return NODE_TYPES[node.type].model_validate(_scale(data, k))


def _where(node: NodeBase, width: float, height: float) -> str | None:
    """'below', 'right of', 'above', 'left of' (wholly outside), 'partly outside', or None."""
    x0, y0, x1, y1 = node.x, node.y, node.x + node.width, node.y + node.height
    if y0 >= height - _EDGE:
        return "below"
    if x0 >= width - _EDGE:
        return "right of"
    if y1 <= _EDGE:
        return "above"
    if x1 <= _EDGE:
        return "left of"
    if x0 < -_EDGE or y0 < -_EDGE or x1 > width + _EDGE or y1 > height + _EDGE:
        return "partly outside"
    return None


def _has_text(node: NodeBase) -> bool:
    body = node.text_body
    return body is not None and bool(body.plain_text.strip())


def _report_outside(slide: Slide, width: float, height: float, report: LossReport) -> None:
    for node in slide.children:
        where = _where(node, width, height)
        if where is None or (where == "partly outside" and not _has_text(node)):
            continue  # a decoration bleeding off an edge shows what the page shows
        what = "text" if _has_text(node) else node.type.lower()
        text = f" {node.text_body.plain_text.strip()[:40]!r}" if _has_text(node) else ""  # type: ignore[union-attr]
        place = "lies partly outside" if where == "partly outside" else f"lies {where}"
        report.add(
            "off-slide",
            f"{what}{text} {place} the {width:g}x{height:g} px slide box: kept there, off the slide "
            "(PowerPoint shows it only when editing); --fit overflow scales or paginates it onto the slide",
            slide_id=slide.id,
            node_id=node.id,
            severity="warning",
            format="html",
        )


def _content_box(nodes: list[NodeBase], reach: dict[str, float] | None, width: float, height: float) -> tuple:
    """The box of the slide and of the content a reader of the page can scroll to."""
    x0, y0, x1, y1 = 0.0, 0.0, width, height
    rx0 = reach.get("x", 0.0) if reach else -math.inf
    ry0 = reach.get("y", 0.0) if reach else -math.inf
    rx1 = rx0 + reach.get("w", math.inf) if reach else math.inf
    ry1 = ry0 + reach.get("h", math.inf) if reach else math.inf
    for node in nodes:
        if node.x + node.width <= rx0 or node.y + node.height <= ry0 or node.x >= rx1 or node.y >= ry1:
            continue  # unreachable on the page (off-canvas): stays off the slide
        x0, y0 = min(x0, node.x), min(y0, node.y)
        x1, y1 = max(x1, node.x + node.width), max(y1, node.y + node.height)
    return x0, y0, x1 - x0, y1 - y0


def _moved(node: NodeBase, k: float, dx: float, dy: float) -> NodeBase:
    out = scaled(node, k) if abs(k - 1.0) > 1e-9 else node.model_copy(deep=True)
    out.x, out.y = node.x * k + dx, node.y * k + dy
    return out


def _page_tops(nodes: list[NodeBase], height: float) -> list[float]:
    """Where each page starts: a new page begins at the first node that would cross the current
    page's bottom (a node taller than a page, such as a backdrop, stays where it starts)."""
    tops = [0.0]
    for node in sorted(nodes, key=lambda n: n.y):
        top = tops[-1]
        if node.height <= height and node.y > top + _EDGE and node.y + node.height > top + height + _EDGE:
            tops.append(node.y)
        elif node.y >= top + height:
            tops.append(top + height * math.floor((node.y - top) / height))
    return tops


def place_overflow(
    slide: Slide, width: float, height: float, fit: str | None, report: LossReport, reach: dict[str, float] | None
) -> list[Slide]:
    """The slide (or its pages) with what lies outside its box handled: reported where it is when
    `fit` is None, else scaled to fit ('scale'), split into pages ('paginate'), or either
    ('overflow': scale unless that shrinks the content below MIN_SCALE)."""
    if fit is None:
        _report_outside(slide, width, height, report)
        return [slide]
    bx, by, bw, bh = _content_box(slide.children, reach, width, height)
    if bw <= width + _EDGE and bh <= height + _EDGE:
        _report_outside(slide, width, height, report)  # what is left outside is out of reach
        return [slide]
    k = min(width / bw, height / bh)
    mode = fit if fit != "overflow" else ("scale" if k >= MIN_SCALE else "paginate")
    if mode == "scale":
        dx, dy = (width - bw * k) / 2 - bx * k, (height - bh * k) / 2 - by * k
        slide.children = [_moved(n, k, dx, dy) for n in slide.children]
        report.add(
            "fit-scale",
            f"the content ({bw:.0f}x{bh:.0f} px, the slide box {width:g}x{height:g}) is scaled by {k:.2f} to fit "
            f"the slide (--fit {fit})",
            slide_id=slide.id,
            severity="info",
            format="html",
        )
        _report_outside(slide, width, height, report)
        return [slide]
    kx = min(1.0, width / bw)
    dx, dy = (width - bw * kx) / 2 - bx * kx, -by * kx
    moved = [_moved(n, kx, dx, dy) for n in slide.children]
    tops = _page_tops(moved, height)
    pages = len(tops)
    out: list[Slide] = []
    for p, top in enumerate(tops):
        end = tops[p + 1] if p + 1 < pages else math.inf
        on_page = [n for n in moved if top <= max(n.y, 0.0) < end]
        for n in on_page:
            n.y -= top
        page = slide.model_copy(deep=True)
        page.children = on_page
        if p:
            page.id, page.name = f"{slide.id}-p{p + 1}", f"{slide.name} ({p + 1}/{pages})"
        out.append(page)
    report.add(
        "fit-paginate",
        f"the content ({bw:.0f}x{bh:.0f} px, the slide box {width:g}x{height:g}) is split into {pages} slides"
        + (f", scaled by {kx:.2f} to the slide's width" if kx < 1.0 else "")
        + f" (--fit {fit})",
        slide_id=slide.id,
        severity="info",
        format="html",
    )
    for page in out:
        _report_outside(page, width, height, report)
    return out
