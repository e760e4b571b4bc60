"""Chart parts' lines and drawn-over shapes -> IR: a chart element's c:spPr/a:ln as a stroke, and the
shapes of a chart drawing part (c:userShapes) anchored by fractions of the chart's box."""

from __future__ import annotations

from lxml import etree

from ace_core.errors import AceError
from ace_core.ir.semantic import ChartUserShape
from ace_core.ir.style import SolidPaint, Stroke
from adapters.ooxml.context import Scope
from adapters.ooxml.drawingml import find_fill, read_fill, read_stroke
from adapters.ooxml.ns import local, qn
from adapters.ooxml.read_text import read_text_body
from adapters.ooxml.values import to_float

__all__ = ["stroke_of", "user_shapes"]


def stroke_of(sp_pr: etree._Element | None, scope: Scope, node_id: str) -> Stroke | None:
    """The a:ln of a chart element's c:spPr: a stroke, an invisible one for <a:noFill/>, or None
    when the element leaves its line to the default."""
    ln = sp_pr.find(qn("a:ln")) if sp_pr is not None else None
    if ln is None:
        return None
    fill = find_fill(ln)
    if fill is not None and local(fill.tag) == "noFill":
        return Stroke(paint=SolidPaint(visible=False))
    strokes = read_stroke([(ln, None)], scope, node_id)
    return strokes[0] if strokes else None


def user_shapes(root: etree._Element, part: str, scope: Scope, node_id: str, kept: str) -> list[ChartUserShape]:
    """Shapes drawn over a chart (c:userShapes, a chart drawing part): those anchored by fractions
    of the chart's box (relSizeAnchor) with their fill, line and text; the loss entry names what
    the HTML drawing leaves out and where the drawing itself is kept."""
    holder = root.find(qn("c:userShapes"))
    rel = scope.ctx.pkg.rel(part, holder.get(qn("r:id"))) if holder is not None else None
    if rel is None or rel.external:
        return []
    try:
        drawing = scope.ctx.pkg.xml(rel.target)
        scope.ctx.pkg.forget(rel.target)
    except AceError:
        drawing = None
    if drawing is None:
        scope.loss("chart-drawing", f"shapes drawn over the chart are unreadable; kept only in {kept}", node_id)
        return []
    shapes: list[ChartUserShape] = []
    left: list[str] = []
    for anchor in drawing:
        name = local(anchor.tag)
        sp = anchor.find(qn("cdr:sp"))
        box = _rel_box(anchor) if name == "relSizeAnchor" else None
        if sp is None or box is None:
            left.append(" ".join(t.text or "" for t in anchor.iter(qn("a:t"))).strip() or name)
            continue
        shapes.append(_user_shape(sp, box, scope, node_id))
    text = " ".join(t.text or "" for t in drawing.iter(qn("a:t")))
    words = f" (text: {text[:80]!r})" if text.strip() else ""
    drawn = f"{len(shapes)} drawn in HTML (as boxes with text; effects left out)" if shapes else "none drawn in HTML"
    rest = f"; not drawn: {', '.join(repr(t[:30]) for t in left)[:120]}" if left else ""
    scope.loss(
        "chart-drawing",
        f"shapes drawn over the chart{words}: {drawn}{rest}; the drawing itself is kept only in {kept}",
        node_id,
    )
    return shapes


def _rel_box(anchor: etree._Element) -> tuple[float, float, float, float] | None:
    """(x, y, w, h) fractions of a relSizeAnchor's cdr:from / cdr:to."""
    ends = []
    for tag in ("cdr:from", "cdr:to"):
        el = anchor.find(qn(tag))
        x = to_float(el.findtext(qn("cdr:x"))) if el is not None else None
        y = to_float(el.findtext(qn("cdr:y"))) if el is not None else None
        if x is None or y is None:
            return None
        ends.append((x, y))
    (x0, y0), (x1, y1) = ends
    return min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)


def _user_shape(
    sp: etree._Element, box: tuple[float, float, float, float], scope: Scope, node_id: str
) -> ChartUserShape:
    sp_pr = sp.find(qn("cdr:spPr"))
    geom = sp_pr.find(qn("a:prstGeom")) if sp_pr is not None else None
    fill = find_fill(sp_pr)
    line = stroke_of(sp_pr, scope, node_id)
    tx = sp.find(qn("cdr:txBody"))
    text = None
    if tx is not None:
        own = tx.find(qn("a:lstStyle"))
        text = read_text_body(tx, [own] if own is not None else [], [tx.find(qn("a:bodyPr"))], scope, node_id)
    x, y, w, h = box
    return ChartUserShape(
        x=x,
        y=y,
        w=w,
        h=h,
        preset=(geom.get("prst") if geom is not None else None) or "rect",
        fills=read_fill(fill, scope, node_id=node_id) if fill is not None else [],
        strokes=[line] if line is not None and line.paint.visible else [],
        text=text,
    )
