"""The round-trip check: what read(write(deck)) must keep of a deck (ids, text, boxes, fills).

`roundtrip_differences(before, after)` lists every difference, as one line each; an empty list
means the round trip kept everything the bar asks for. Boxes are compared within `tolerance` px,
colours within 1/255 per channel. Nodes the writer adds (a FRAME's background rectangle,
'<frame id>#bg', which then holds the frame's fills) are allowed in `after`; so is the PNG
fallback written for an SVG picture that had none. Compare against the deck as written: for
auto-layout frames, `adapters.ooxml.writer.solved(deck)`."""

from __future__ import annotations

from ace_core.ir.deck import Deck
from ace_core.ir.nodes import ImageNode, MathNode, NodeBase, TableNode
from ace_core.ir.style import GradientPaint, ImagePaint, Paint, SolidPaint

__all__ = ["fills_equal", "roundtrip_differences"]

COLOR_TOL = 1.5 / 255


def _paint_equal(a: Paint, b: Paint) -> bool:
    if a.type != b.type or a.visible != b.visible:
        return False
    if isinstance(a, SolidPaint) and isinstance(b, SolidPaint):
        ca = a.color.with_alpha(a.color.a * a.opacity)
        cb = b.color.with_alpha(b.color.a * b.opacity)
        return ca.distance(cb) <= COLOR_TOL
    if isinstance(a, GradientPaint) and isinstance(b, GradientPaint):
        if len(a.stops) != len(b.stops):
            return False
        return all(
            abs(sa.position - sb.position) < 0.002 and sa.color.distance(sb.color) <= COLOR_TOL
            for sa, sb in zip(
                sorted(a.stops, key=lambda s: s.position), sorted(b.stops, key=lambda s: s.position), strict=True
            )
        )
    if isinstance(a, ImagePaint) and isinstance(b, ImagePaint):
        return a.asset == b.asset
    return True


def fills_equal(a: list[Paint], b: list[Paint]) -> bool:
    """Same visible paints, in order (colours within 1/255)."""
    va = [p for p in a if p.visible]
    vb = [p for p in b if p.visible]
    return len(va) == len(vb) and all(_paint_equal(x, y) for x, y in zip(va, vb, strict=True))


def _text(node: NodeBase) -> str | None:
    if isinstance(node, TableNode):
        return "\t".join(c.text.plain_text for r in node.rows for c in r.cells)
    if isinstance(node, MathNode):
        return node.latex  # written as OMML with its LaTeX, read back as MATH
    body = node.text_body
    return body.plain_text if body is not None else None


def _node_differences(a: NodeBase, b: NodeBase, tolerance: float, where: str) -> list[str]:
    out = []
    for f in ("x", "y", "width", "height"):
        va, vb = getattr(a, f), getattr(b, f)
        if abs(va - vb) > tolerance:
            out.append(f"{where}: {f} {va:.2f} -> {vb:.2f}")
    ta, tb = _text(a), _text(b)
    if ta is not None and ta != (tb or ""):
        out.append(f"{where}: text {(ta or '')[:40]!r} -> {(tb or '')[:40]!r}")
    fills_b = b.fills
    if a.type == "FRAME" and not fills_b:  # a frame's paint is written on its '#bg' rectangle
        bg = next((c for c in getattr(b, "children", []) if c.id == f"{a.id}#bg"), None)
        fills_b = bg.fills if bg is not None else fills_b
    if not fills_equal(a.fills, fills_b):
        out.append(f"{where}: fills {[p.type for p in a.fills]} -> {[p.type for p in b.fills]}")
    if isinstance(a, TableNode) and isinstance(b, TableNode):
        for i, (ra, rb) in enumerate(zip(a.rows, b.rows, strict=False)):
            for j, (ca, cb) in enumerate(zip(ra.cells, rb.cells, strict=False)):
                if not fills_equal(ca.fills, cb.fills):
                    out.append(f"{where}: cell {i},{j} fills differ")
    if isinstance(a, ImageNode) and isinstance(b, ImageNode) and a.image.asset not in (None, b.image.asset):
        out.append(f"{where}: image bytes differ")
    return out


def roundtrip_differences(before: Deck, after: Deck, *, tolerance: float = 1.0) -> list[str]:
    """Differences in slide / node ids, text, boxes and fills between a deck and its round trip."""
    out: list[str] = []
    ids_a = [s.id for s in before.slides]
    ids_b = [s.id for s in after.slides]
    if ids_a != ids_b:
        return [f"slide ids {ids_a[:8]} -> {ids_b[:8]}"]
    for sa, sb in zip(before.slides, after.slides, strict=True):
        nodes_b = {n.id: n for n in sb.iter_nodes()}
        seen = set()
        for na in sa.iter_nodes():
            seen.add(na.id)
            nb = nodes_b.get(na.id)
            if nb is None:
                out.append(f"{sa.id}/{na.id}: missing after the round trip")
                continue
            out += _node_differences(na, nb, tolerance, f"{sa.id}/{na.id}")
        extra = [i for i in nodes_b if i not in seen and not i.endswith("#bg")]
        if extra:
            out.append(f"{sa.id}: new nodes {extra[:5]}")
        bga, bgb = sa.background, sb.background
        if bga is not None and bgb is not None and not fills_equal(bga.fills, bgb.fills):
            out.append(f"{sa.id}: background fills differ")
    return out
