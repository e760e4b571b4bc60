"""SmartArt placement: each algorithm (composite, lin, snake, cycle, hierRoot, hierChild, pyra, tx,
sp) arranges its children at their constrained ("natural") sizes, the arrangement is scaled down
to fit the node's box and centred, and connectors (conn) are drawn between the shapes they join.

Natural units are the layout's own: the root is the graphic frame (EMU) and every constraint is
relative to it, so a child asked to be as wide as the whole diagram is simply scaled down with its
siblings when the algorithm fits them in, which is how PowerPoint treats such constraints."""

from __future__ import annotations

import contextlib
import math

from adapters.ooxml.smartart.build import Inst
from adapters.ooxml.smartart.constraints import apply_constraints, apply_self, depends_on
from adapters.ooxml.smartart.hier import hierarchy

__all__ = ["Layout"]

Box = tuple[float, ...]
"""(x, y, w, h) in the parent's natural units, and optionally the child's own scale (across,
then down when it differs)"""
ARRANGERS = {"lin", "snake", "cycle", "hierRoot", "hierChild", "pyra"}
_EPS = 1e-6


def is_conn(inst: Inst) -> bool:
    return inst.alg_type == "conn"


def is_spacer(inst: Inst) -> bool:
    """A transition that only keeps a gap (alg sp, nothing drawn, no children that are)."""
    return inst.point.type in ("sibTrans", "parTrans") and not inst.drawn and not any(c.drawn for c in inst.children)


class Layout:
    def __init__(self, root: Inst, width: float, height: float) -> None:
        self.root = root
        self.width = width
        self.height = height
        self.by_point: dict[str, list[Inst]] = {}
        self.all: list[Inst] = [root, *root.descendants()]
        for inst in self.all:
            self.by_point.setdefault(inst.point.id, []).append(inst)
        self.unsupported: set[str] = set()

    # -- driver ------------------------------------------------------------------------------------
    def run(self) -> None:
        root = self.root
        root.props["w"], root.props["h"] = self.width, self.height
        apply_self(root)
        root.props["w"], root.props["h"] = self.width, self.height
        root.x, root.y, root.w, root.h, root.placed = 0.0, 0.0, self.width, self.height, True
        root.scale = root.scale_y = 1.0
        self.place(root)
        self.customized()
        for inst in self.all:
            if is_conn(inst) and inst.point.type in ("sibTrans", "parTrans"):
                self.connector(inst)

    def customized(self) -> None:
        """What the user changed by hand in PowerPoint, kept on the presentation points: a shape
        turned (custAng), resized (custScaleX / Y) or moved (custLinFact[Neighbor]X / Y, in
        shares of its size); shapes that move with it (moveWith) follow."""
        moved: dict[int, tuple[float, float, float]] = {}
        for inst in self.all:
            pr = inst.pres.pr_set if inst.pres is not None else {}
            if not inst.placed or not pr:
                continue
            ang = _num(pr.get("custAng")) / 60000.0
            sx, sy = _num(pr.get("custScaleX"), 100000.0) / 100000.0, _num(pr.get("custScaleY"), 100000.0) / 100000.0
            fx = (_num(pr.get("custLinFactX")) + _num(pr.get("custLinFactNeighborX"))) / 100000.0
            fy = (_num(pr.get("custLinFactY")) + _num(pr.get("custLinFactNeighborY"))) / 100000.0
            if not (ang or fx or fy) and sx == 1.0 and sy == 1.0:
                continue
            w, h = inst.w * sx, inst.h * sy
            dx, dy = fx * inst.w + (inst.w - w) / 2, fy * inst.h + (inst.h - h) / 2
            inst.x, inst.y, inst.w, inst.h = inst.x + dx, inst.y + dy, w, h
            inst.rot += ang
            moved[id(inst)] = (fx * inst.w, fy * inst.h, ang)
        for inst in self.all:
            lead = inst.node.move_with
            if not lead or inst.parent is None or id(inst) in moved:
                continue
            leader = next((c for c in inst.parent.children if c.name == lead and c.point is inst.point), None)
            got = moved.get(id(leader)) if leader is not None else None
            if got is not None:
                inst.x, inst.y, inst.rot = inst.x + got[0], inst.y + got[1], inst.rot + got[2]

    def place(self, inst: Inst) -> None:
        s = inst.scale if inst.scale > _EPS else 1.0
        sy = inst.scale_y if inst.scale_y > _EPS else 1.0
        if inst.alg_type == "composite":
            self._aspect(inst)
        nat_w, nat_h = inst.w / s, inst.h / sy
        inst.props["w"], inst.props["h"] = nat_w, nat_h
        apply_constraints(inst)
        kind = inst.alg_type
        algo = _ALGS.get(kind)
        if algo is None:
            if kind and kind not in ("tx", "sp", "conn"):
                self.unsupported.add(kind)
            algo = _fill
        boxes, fit = algo(self, inst, nat_w, nat_h)
        f, ox, oy = 1.0, 0.0, 0.0
        if fit is True and boxes:
            x0 = min(b[0] for b in boxes.values())
            y0 = min(b[1] for b in boxes.values())
            x1 = max(b[0] + b[2] for b in boxes.values())
            y1 = max(b[1] + b[3] for b in boxes.values())
            ew, eh = max(x1 - x0, _EPS), max(y1 - y0, _EPS)
            f = min(1.0, nat_w / ew, nat_h / eh)
            ox = (nat_w - ew * f) / 2 - x0 * f
            oy = (nat_h - eh * f) / 2 - y0 * f
            ox, oy = self._align(inst, nat_w, nat_h, ew * f, eh * f, x0 * f, y0 * f, ox, oy)
        for child in inst.children:
            box = boxes.get(id(child))
            if box is None:
                child.scale, child.scale_y = s * f, sy * f
                continue
            bx, by, bw, bh = box[:4]
            fx = box[4] if len(box) > 4 else 1.0
            fy = box[5] if len(box) > 5 else fx
            child.x = inst.x + s * (ox + bx * f)
            child.y = inst.y + sy * (oy + by * f)
            child.w, child.h = max(0.0, s * f * bw), max(0.0, sy * f * bh)
            child.scale, child.scale_y = s * f * fx, sy * f * fy
            child.placed = True
        for child in inst.children:
            if child.placed and not is_conn(child):
                self.place(child)

    def _align(
        self, inst: Inst, w: float, h: float, ew: float, eh: float, x0: float, y0: float, ox: float, oy: float
    ) -> tuple[float, float]:
        horz = inst.param("nodeHorzAlign") or inst.param("horzAlign")
        vert = inst.param("nodeVertAlign") or inst.param("vertAlign")
        if inst.alg_type in ("hierRoot", "hierChild"):
            vert = vert or "t"  # org charts hang from the top of their box
        if horz == "l":
            ox = -x0
        elif horz == "r":
            ox = w - ew - x0
        if vert == "t":
            oy = -y0
        elif vert == "b":
            oy = h - eh - y0
        return ox, oy

    def _aspect(self, inst: Inst) -> None:
        ar = _ratio(inst)
        if ar <= 0 or inst.w <= 0 or inst.h <= 0:
            return
        if inst.w / inst.h > ar:
            nw = inst.h * ar
            inst.x += (inst.w - nw) / 2
            inst.w = nw
        else:
            nh = inst.w / ar
            inst.y += (inst.h - nh) / 2
            inst.h = nh

    # -- natural sizes -------------------------------------------------------------------------------
    def natural(self, inst: Inst, depth: int = 0) -> tuple[float | None, float | None]:
        """The size a child asks for: its constraints, or for an arranger without them the extent
        of its own children's arrangement."""
        w, h = inst.props.get("w"), inst.props.get("h")
        stacked = inst.parent is not None and inst.parent.alg_type in ARRANGERS
        hier = inst.alg_type in ("hierRoot", "hierChild")
        if (
            (w is None or h is None)
            and (hier or stacked)
            and inst.alg_type in ARRANGERS
            and inst.children
            and depth < 40
        ):
            ew, eh = self.extent(inst, depth + 1)
            w = ew if w is None else w
            h = eh if h is None else h
        ar = _ratio(inst)
        if ar > 0 and w and h and w > 0 and h > 0:  # a composite keeps its aspect ratio
            w, h = (h * ar, h) if w / h > ar else (w, w / ar)
        return w, h

    def extent(self, inst: Inst, depth: int) -> tuple[float, float]:
        saved = (inst.props.get("w"), inst.props.get("h"))
        apply_constraints(inst)
        algo = _ALGS.get(inst.alg_type, _fill)
        boxes, _ = algo(self, inst, saved[0] or 0.0, saved[1] or 0.0, depth)
        if not boxes:
            return 0.0, 0.0
        x0 = min(b[0] for b in boxes.values())
        y0 = min(b[1] for b in boxes.values())
        x1 = max(b[0] + b[2] for b in boxes.values())
        y1 = max(b[1] + b[3] for b in boxes.values())
        return x1 - x0, y1 - y0

    # -- connectors ----------------------------------------------------------------------------------
    def endpoint(self, point_id: str, name: str, near: Inst) -> Inst | None:
        cands = [i for i in self.by_point.get(point_id, []) if i.placed]
        if name:
            named = [i for i in cands if i.name == name]
            if named:
                return named[0]
        siblings = [i for i in cands if i.parent is near.parent and not is_conn(i)]
        for pool in (siblings, [i for i in cands if i.drawn and not is_conn(i)], [i for i in cands if not is_conn(i)]):
            if pool:
                return pool[0]
        return None

    def connector(self, conn: Inst) -> None:
        pt = conn.point
        owner = pt.owner
        if owner is None or pt.parent is None:
            return
        if pt.type == "sibTrans":
            kids = pt.parent.children
            i = kids.index(owner) if owner in kids else -1
            if i < 0 or len(kids) < 2:
                return
            nxt = kids[(i + 1) % len(kids)]
            src = self.endpoint(owner.id, conn.param("srcNode"), conn)
            dst = self.endpoint(nxt.id, conn.param("dstNode"), conn)
        else:
            src = self.endpoint(pt.parent.id, conn.param("srcNode"), conn)
            dst = self.endpoint(owner.id, conn.param("dstNode"), conn)
        if src is None or dst is None or src is dst:
            return
        s = conn.scale if conn.scale > _EPS else 1.0
        if conn.param("dim", "2D") == "1D":
            self._line(conn, src, dst, s)
        else:
            self._arrow(conn, src, dst, s)

    def _arrow(self, conn: Inst, src: Inst, dst: Inst, s: float) -> None:
        cx0, cy0 = src.x + src.w / 2, src.y + src.h / 2
        cx1, cy1 = dst.x + dst.w / 2, dst.y + dst.h / 2
        dx, dy = cx1 - cx0, cy1 - cy0
        dist = math.hypot(dx, dy)
        if dist < _EPS:
            return
        ux, uy = dx / dist, dy / dist
        e0, e1 = _reach(src, ux, uy), _reach(dst, -ux, -uy)
        gap = max(0.0, dist - e0 - e1)
        conn.props["connDist"] = gap / s
        apply_self(conn)
        beg = conn.props.get("begPad", 0.0) * s
        end = conn.props.get("endPad", 0.0) * s
        length = max(0.0, gap - beg - end)
        nat_w = conn.props.get("w")
        if nat_w is not None and nat_w > 0:
            length = min(length, nat_w * s)
        thick = conn.props.get("h")
        thick = thick * s if thick else length * 0.6
        mid = e0 + beg + (gap - beg - end) / 2
        mx, my = cx0 + ux * mid, cy0 + uy * mid
        conn.x, conn.y, conn.w, conn.h = mx - length / 2, my - thick / 2, length, thick
        conn.rot = math.degrees(math.atan2(dy, dx))
        conn.placed = length > _EPS
        conn.extra["conn"] = "2D"
        for child in conn.children:
            child.x, child.y, child.w, child.h, child.rot = conn.x, conn.y, conn.w, conn.h, conn.rot
            child.scale, child.scale_y, child.placed = s, s, conn.placed

    def _line(self, conn: Inst, src: Inst, dst: Inst, s: float) -> None:
        x0, y0 = _site(src, conn.param("begPts", "bCtr"), dst)
        x1, y1 = _site(dst, conn.param("endPts", "tCtr"), src)
        rout = conn.param("connRout", "stra")
        pts = [(x0, y0), (x1, y1)]
        if rout in ("bend", "curve") and abs(x1 - x0) > 1 and abs(y1 - y0) > 1:
            ends = conn.param("endPts", "tCtr")
            if ends.startswith("mid"):  # hanging: down from the parent, then across into the child's side
                pts = [(x0, y0), (x0, y1), (x1, y1)]
            else:
                bend = conn.props.get("bendDist")
                yb = y0 + bend * s if bend else (y0 + y1) / 2
                pts = [(x0, y0), (x0, yb), (x1, yb), (x1, y1)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        conn.x, conn.y = min(xs), min(ys)
        conn.w, conn.h = max(xs) - conn.x, max(ys) - conn.y
        conn.extra["conn"] = "1D"
        conn.extra["path"] = [(px - conn.x, py - conn.y) for px, py in pts]
        conn.placed = True


def _num(value: str | None, default: float = 0.0) -> float:
    try:
        return float(value) if value not in (None, "") else default
    except ValueError:
        return default


def _ratio(inst: Inst) -> float:
    if inst.alg_type != "composite":
        return 0.0
    try:
        return max(0.0, float(inst.param("ar", "0") or 0))
    except ValueError:
        return 0.0


def _reach(inst: Inst, ux: float, uy: float) -> float:
    """Distance from the centre of the instance's box to its edge along (ux, uy)."""
    hw, hh = inst.w / 2, inst.h / 2
    if hw <= 0 or hh <= 0:
        return 0.0
    if inst.shape is not None and inst.shape.type in ("ellipse", "circle", "donut", "pie", "chord"):
        return hw * hh / max(math.hypot(hh * ux, hw * uy), _EPS)
    tx = hw / abs(ux) if abs(ux) > _EPS else math.inf
    ty = hh / abs(uy) if abs(uy) > _EPS else math.inf
    return min(tx, ty)


def _site(inst: Inst, which: str, other: Inst) -> tuple[float, float]:
    sites = which.split()
    x, y, w, h = inst.x, inst.y, inst.w, inst.h
    name = sites[0] if sites else "auto"
    if len(sites) > 1 and name in ("midL", "midR"):  # the side that faces the other shape
        name = "midR" if other.x + other.w / 2 > x + w / 2 else "midL"
    table = {
        "bCtr": (x + w / 2, y + h),
        "tCtr": (x + w / 2, y),
        "midL": (x, y + h / 2),
        "midR": (x + w, y + h / 2),
        "ctr": (x + w / 2, y + h / 2),
        "bL": (x, y + h),
        "bR": (x + w, y + h),
        "tL": (x, y),
        "tR": (x + w, y),
    }
    return table.get(name, (x + w / 2, y + h / 2))


# -- algorithms: (layout, instance, natural width, natural height) -> ({id(child): box}, fit) ---------


def _fill(lay: Layout, inst: Inst, w: float, h: float, depth: int = 0) -> tuple[dict[int, Box], bool]:
    return {id(c): (0.0, 0.0, w, h) for c in inst.children if not is_conn(c)}, False


def _composite(lay: Layout, inst: Inst, w: float, h: float, depth: int = 0) -> tuple[dict[int, Box], bool]:
    boxes: dict[int, Box] = {}
    for c in inst.children:
        if is_conn(c):
            continue
        p = c.props
        cw, ch = lay.natural(c, depth)
        box_w = _span(p.get("l"), p.get("r"), cw, w)
        box_h = _span(p.get("t"), p.get("b"), ch, h)
        x = _start(p.get("l"), p.get("ctrX"), p.get("r"), box_w)
        y = _start(p.get("t"), p.get("ctrY"), p.get("b"), box_h)
        x += p.get("lOff", 0.0) + p.get("ctrXOff", 0.0)
        y += p.get("tOff", 0.0) + p.get("ctrYOff", 0.0)
        box_w += p.get("wOff", 0.0)
        box_h += p.get("hOff", 0.0)
        if p.get("l") is not None and p.get("r") is None and cw is None:
            box_w = max(0.0, w - x)  # unsized: fills the rest of the parent
        if p.get("t") is not None and p.get("b") is None and ch is None:
            box_h = max(0.0, h - y)
        boxes[id(c)] = (x, y, max(0.0, box_w), max(0.0, box_h))
    return boxes, False


def _span(lo: float | None, hi: float | None, size: float | None, parent: float) -> float:
    if size is not None:
        return size
    if lo is not None and hi is not None:
        return hi - lo
    return parent


def _start(lo: float | None, ctr: float | None, hi: float | None, size: float) -> float:
    if lo is not None:
        return lo
    if ctr is not None:
        return ctr - size / 2
    if hi is not None:
        return hi - size
    return 0.0


def _sizes(
    lay: Layout, kids: list[Inst], w: float, h: float, horizontal: bool, depth: int
) -> list[tuple[float, float]]:
    """Children's sizes along a line: their own; those without a length share what is left. The
    extent of a child that arranges its own children is kept as its size, and the parent's
    constraints are applied again, so that a bound on it ('at least as wide as the row of
    children below') holds."""
    nat = [lay.natural(c, depth) for c in kids]
    measured = False
    for c, (a, b) in zip(kids, nat, strict=True):
        if c.alg_type in ARRANGERS and (c.props.get("w") is None or c.props.get("h") is None):
            c.props.setdefault("w", a) if a is not None else None
            c.props.setdefault("h", b) if b is not None else None
            measured = True
    if measured and kids and kids[0].parent is not None:
        apply_constraints(kids[0].parent)
        nat = [lay.natural(c, depth) for c in kids]
    prim = [(a if horizontal else b) for a, b in nat]
    known = sum(v for v in prim if v is not None)
    unknown = sum(1 for v in prim if v is None)
    share = max(0.0, ((w if horizontal else h) - known) / unknown) if unknown else 0.0
    out = []
    for (a, b), p in zip(nat, prim, strict=True):
        p = share if p is None else p
        cross = b if horizontal else a
        cross = (h if horizontal else w) if cross is None else cross
        out.append((p, cross) if horizontal else (cross, p))
    return out


def _lin(lay: Layout, inst: Inst, w: float, h: float, depth: int = 0) -> tuple[dict[int, Box], bool | str]:
    """Children in a line at their sizes; when they are too long for the box they shrink along
    the line (and across it only where their size follows their length), then centre."""
    direction = inst.param("linDir", "fromL")
    horizontal = direction in ("fromL", "fromR")
    kids = [c for c in inst.children if not (is_conn(c) and c.point.type == "parTrans")]
    sizes = _sizes(lay, kids, w, h, horizontal, depth)
    if direction in ("fromR", "fromB"):
        kids, sizes = kids[::-1], sizes[::-1]
    prim_axis, cross_axis = ("w", "h") if horizontal else ("h", "w")
    length, room = (w, h) if horizontal else (h, w)
    prims = [(a if horizontal else b) for a, b in sizes]
    cross = [(b if horizontal else a) for a, b in sizes]
    # a child keeps its proportions when its size across follows its length (or it has an aspect ratio)
    dep = [depends_on(c, cross_axis, prim_axis, inst) or _ratio(c) > 0 for c in kids]
    total = sum(prims)
    f = min(1.0, length / total) if total > _EPS and length > 0 else 1.0
    natural_cross = list(cross)
    cross = [cv * f if d else cv for cv, d in zip(cross, dep, strict=True)]
    prims = [p * f for p in prims]
    along = [f] * len(kids)
    widest = max(cross, default=0.0)
    if room > 0 and widest > room + _EPS:  # too wide across: shrink the shapes that keep their proportions
        g = room / widest
        prims = [p * g if d else p for p, d in zip(prims, dep, strict=True)]
        along = [a * g if d else a for a, d in zip(along, dep, strict=True)]
        cross = [min(cv * g if d else cv, room) for cv, d in zip(cross, dep, strict=True)]
    # each child's own scale along and across the line (a child squeezed across keeps its content in)
    across = [cv / n if n > _EPS else 1.0 for cv, n in zip(cross, natural_cross, strict=True)]
    total = sum(prims)
    pos = (length - total) / 2 if length > 0 else 0.0
    span = max(cross, default=0.0)
    base = (room - span) / 2 if room > 0 else 0.0
    horz = inst.param("nodeHorzAlign", "ctr")
    vert = inst.param("nodeVertAlign", "mid")
    boxes: dict[int, Box] = {}
    for c, p, cv, fa, fc in zip(kids, prims, cross, along, across, strict=True):
        align = vert if horizontal else horz
        off = {"t": 0.0, "l": 0.0, "b": span - cv, "r": span - cv}.get(align, (span - cv) / 2)
        if horizontal:
            boxes[id(c)] = (pos, base + off, p, cv, fa, fc)
        else:
            boxes[id(c)] = (base + off, pos, cv, p, fc, fa)
        pos += p
    return boxes, "own"


def _snake(lay: Layout, inst: Inst, w: float, h: float, depth: int = 0) -> tuple[dict[int, Box], bool]:
    items = [c for c in inst.children if not is_conn(c) and not is_spacer(c)]
    n = len(items)
    if n == 0:
        return {}, True
    sizes = [lay.natural(c, depth) for c in items]
    cw = max((a for a, _ in sizes if a is not None), default=w / max(1, n))
    ch = max((b for _, b in sizes if b is not None), default=cw * 0.6)
    sp = inst.props.get("sp", 0.0) or 0.0
    by_col = inst.param("flowDir", "row") == "col"
    fixed = inst.param("bkpt") == "fixed"
    best, best_f = 1, -1.0
    for k in range(1, n + 1):
        other = math.ceil(n / k)
        cols, rows = (other, k) if by_col else (k, other)
        ew = cols * cw + (cols - 1) * sp
        eh = rows * ch + (rows - 1) * sp
        f = min(w / ew if ew > 0 else 1.0, h / eh if eh > 0 else 1.0)
        if f > best_f * 1.0001:
            best, best_f = k, f
    if fixed:
        with contextlib.suppress(ValueError):
            best = max(1, min(n, int(float(inst.param("bkPtFixedVal", "1")))))
    per_line = best
    lines = math.ceil(n / per_line)
    cols, rows = (lines, per_line) if by_col else (per_line, lines)
    corner = inst.param("grDir", "tL")
    rev = inst.param("contDir", "sameDir") == "revDir"
    centre_last = inst.param("off", "ctr") == "ctr"
    boxes: dict[int, Box] = {}
    total_w = cols * cw + (cols - 1) * sp
    total_h = rows * ch + (rows - 1) * sp
    for i, c in enumerate(items):
        line, k = divmod(i, per_line)
        in_line = min(per_line, n - line * per_line)
        if rev and line % 2 == 1:
            k = in_line - 1 - k
        shift = (per_line - in_line) / 2 if centre_last and in_line < per_line else 0.0
        col, row = (line, k + shift) if by_col else (k + shift, line)
        x = col * (cw + sp)
        y = row * (ch + sp)
        if corner in ("tR", "bR"):
            x = total_w - cw - x
        if corner in ("bL", "bR"):
            y = total_h - ch - y
        boxes[id(c)] = (x, y, cw, ch)
    return boxes, True


def _cycle(lay: Layout, inst: Inst, w: float, h: float, depth: int = 0) -> tuple[dict[int, Box], bool]:
    items = [c for c in inst.children if not is_conn(c) and not is_spacer(c)]
    if not items:
        return {}, True
    try:
        start = float(inst.param("stAng", "0") or 0)
        span = float(inst.param("spanAng", "360") or 360)
    except ValueError:
        start, span = 0.0, 360.0
    boxes: dict[int, Box] = {}
    centre = None
    if inst.param("ctrShpMap") == "fNode" and len(items) > 1:
        centre, items = items[0], items[1:]
    sizes = [lay.natural(c, depth) for c in items]
    default = min(w, h) / 3 if min(w, h) > 0 else 1.0
    sizes = [
        (a if a is not None else default, b if b is not None else (a if a is not None else default)) for a, b in sizes
    ]
    n = len(items)
    d = max(max(a, b) for a, b in sizes)
    sp = inst.props.get("sibSp", 0.0) or 0.0
    full = abs(span) >= 359.999
    step = span / n if full else (span / (n - 1) if n > 1 else 0.0)
    diam = inst.props.get("diam")
    if diam:
        r = diam / 2
    elif n == 1:
        r = 0.0
    else:
        r = (d + sp) / (2 * math.sin(math.radians(min(abs(step), 180.0)) / 2) or 1.0)
    if centre is not None:
        cw, ch = lay.natural(centre, depth)
        cw = cw if cw is not None else d
        ch = ch if ch is not None else cw
        boxes[id(centre)] = (-cw / 2, -ch / 2, cw, ch)
        r = max(r, (max(cw, ch) + d) / 2 + sp)
    along = inst.param("rotPath") == "alongPath"
    for i, (c, (a, b)) in enumerate(zip(items, sizes, strict=True)):
        ang = start + i * step
        px, py = r * math.sin(math.radians(ang)), -r * math.cos(math.radians(ang))
        boxes[id(c)] = (px - a / 2, py - b / 2, a, b)
        if along:
            c.rot = ang
    return boxes, True


def _pyra(lay: Layout, inst: Inst, w: float, h: float, depth: int = 0) -> tuple[dict[int, Box], bool]:
    items = [c for c in inst.children if not is_conn(c)]
    n = len(items)
    if n == 0:
        return {}, False
    ratio = inst.props.get("pyraAcctRatio", 0.0) or 0.0
    has_acct = any(c.name == inst.param("pyraAcctBkgdNode") for i in items for c in i.children if c.drawn)
    ratio = ratio if has_acct else 0.0
    pyr_w = w * (1 - ratio)
    acct_before = inst.param("pyraAcctPos", "aft") == "bef"
    px0 = w - pyr_w if acct_before else 0.0
    level_h = h / n
    widest_at_top = inst.param("linDir", "fromB") == "fromT"
    lvl_name = inst.param("pyraLvlNode", "level")
    boxes: dict[int, Box] = {}
    for i, c in enumerate(items):
        k = n - 1 - i if widest_at_top else i
        lw = pyr_w * (k + 1) / n
        boxes[id(c)] = (0.0, i * level_h, w, level_h)
        inner: dict[str, Box] = {}
        inset = pyr_w / n / 2
        x = px0 + (pyr_w - lw) / 2
        inner[lvl_name] = (x, 0.0, lw, level_h)
        text_w = lw if k == 0 else lw * 0.65  # the text keeps to the level's body, clear of its slopes
        inner["*"] = (x + (lw - text_w) / 2, 0.0, text_w, level_h)
        acct_x = 0.0 if acct_before else pyr_w
        inner[inst.param("pyraAcctBkgdNode", "acctBkgd")] = (acct_x, 0.0, w - pyr_w, level_h)
        inner[inst.param("pyraAcctTxNode", "acctTx")] = (acct_x, 0.0, w - pyr_w, level_h)
        c.extra["pyra"] = inner
        c.extra["pyra_adj"] = (inset / min(lw, level_h) * 100000.0 if min(lw, level_h) > 0 else 0.0, widest_at_top)
    return boxes, False


def _pyra_level(lay: Layout, inst: Inst, w: float, h: float, depth: int = 0) -> tuple[dict[int, Box], bool]:
    """A pyramid level's own layout: the boxes the pyramid gave its shapes, else its constraints."""
    inner = inst.extra.get("pyra")
    if not inner:
        return _composite(lay, inst, w, h, depth)
    boxes: dict[int, Box] = {}
    for c in inst.children:
        box = inner.get(c.name, inner.get("*"))
        if box is not None and box[2] > 0:
            boxes[id(c)] = box
            adj = inst.extra.get("pyra_adj")
            if adj is not None and c.drawn:
                c.extra["adj"], c.extra["flip_v"] = adj
    return boxes, False


_ALGS = {
    "composite": lambda lay, inst, w, h, depth=0: (
        _pyra_level(lay, inst, w, h, depth) if inst.extra.get("pyra") else _composite(lay, inst, w, h, depth)
    ),
    "lin": _lin,
    "snake": _snake,
    "cycle": _cycle,
    "hierRoot": hierarchy,
    "hierChild": hierarchy,
    "pyra": _pyra,
}
