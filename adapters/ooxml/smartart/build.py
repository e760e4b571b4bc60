"""A layout definition evaluated against a data model: the tree of layout-node instances (each with
its data point, algorithm, shape, text source, constraints, rules and variables)."""

from __future__ import annotations

from dataclasses import dataclass, field

from adapters.ooxml.smartart.layoutdef import (
    Alg,
    Choose,
    Constr,
    ForEach,
    If,
    LayoutDef,
    LayoutNodeDef,
    PresOf,
    Rule,
    ShapeDef,
)
from adapters.ooxml.smartart.model import DataModel, Point, select

__all__ = ["Inst", "build_instances"]

MAX_INSTANCES = 4000
MAX_DEPTH = 60
VAR_DEFAULTS = {
    "dir": "norm",
    "hierBranch": "std",
    "orgChart": "false",
    "chMax": "-1",
    "chPref": "-1",
    "bulletEnabled": "false",
    "animLvl": "none",
    "animOne": "one",
    "resizeHandles": "rel",
}


@dataclass(eq=False)
class Inst:
    """One laid-out layout node: what the layout definition asked for, then its box."""

    name: str
    node: LayoutNodeDef
    point: Point
    parent: Inst | None = None
    children: list[Inst] = field(default_factory=list)
    alg: Alg | None = None
    shape: ShapeDef | None = None
    pres_of: PresOf | None = None
    constrs: list[Constr] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    vars: dict[str, str] = field(default_factory=dict)
    pres: Point | None = None
    assoc: Point | None = None
    """the point the instance stands for: its own, or for a shape of the whole diagram that shows
    one node's text (a matrix quadrant), that node"""
    style_lbl: str = ""
    style_idx: int = 0
    style_cnt: int = 1
    order: int = 0
    props: dict[str, float] = field(default_factory=dict)
    """constraint values: lengths in EMU (natural units), font sizes in pt"""
    # the box: natural size, then the final box in the frame's EMU (set by the algorithms)
    x: float = 0.0
    y: float = 0.0
    w: float = 0.0
    h: float = 0.0
    rot: float = 0.0
    scale: float = 1.0
    """final length per natural length across (x); scale_y the same down (y)"""
    scale_y: float = 1.0
    placed: bool = False
    extra: dict = field(default_factory=dict)

    @property
    def alg_type(self) -> str:
        return self.alg.type if self.alg is not None else ""

    @property
    def drawn(self) -> bool:
        return self.shape is not None and self.shape.type not in ("", "none")

    def var(self, name: str) -> str:
        value = self.vars.get(name, "")
        return value if value != "" else VAR_DEFAULTS.get(name, "")

    def param(self, name: str, default: str = "") -> str:
        return self.alg.params.get(name, default) if self.alg is not None else default

    def descendants(self) -> list[Inst]:
        """Every instance below this one, in preorder (worked out once: the tree does not change
        once built)."""
        cached = self.extra.get("_des")
        if cached is not None:
            return cached
        out: list[Inst] = []
        stack = list(reversed(self.children))
        while stack:
            inst = stack.pop()
            out.append(inst)
            stack.extend(reversed(inst.children))
        self.extra["_des"] = out
        return out


def _norm(value: str) -> str:
    low = value.strip()
    return {"1": "true", "0": "false", "True": "true", "False": "false"}.get(low, low)


def _compare(op: str, a: object, b: object) -> bool:
    try:
        if op == "equ":
            return a == b
        if op == "neq":
            return a != b
        if op == "gt":
            return a > b  # type: ignore[operator]
        if op == "gte":
            return a >= b  # type: ignore[operator]
        if op == "lt":
            return a < b  # type: ignore[operator]
        if op == "lte":
            return a <= b  # type: ignore[operator]
    except TypeError:
        return False
    return False


def _num(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        return {"true": 1.0, "false": 0.0}.get(_norm(text), 0.0)


@dataclass
class _Iter:
    index: int = 0
    count: int = 1


class _Builder:
    def __init__(self, dm: DataModel, ldef: LayoutDef) -> None:
        self.dm = dm
        self.ldef = ldef
        self.count = 0
        self.truncated = False
        self.unknown: set[str] = set()
        self._pres_used: dict[tuple[str, str], int] = {}

    def make(self, node: LayoutNodeDef, point: Point, parent: Inst | None, it: _Iter, depth: int) -> Inst | None:
        if self.count >= MAX_INSTANCES or depth > MAX_DEPTH:
            self.truncated = True
            return None
        self.count += 1
        inst = Inst(name=node.name, node=node, point=point, parent=parent, order=self.count)
        inst.vars = dict(parent.vars) if parent is not None else {}
        inst.vars.update(node.vars)
        inst.pres = self._pres_point(node.name, point)
        if inst.pres is not None:
            inst.vars.update(inst.pres.pres_vars)
        inst.extra["iter"] = it
        self.expand(inst, node.children, point, it, depth)
        return inst

    def _pres_point(self, name: str, point: Point) -> Point | None:
        cands = [p for p in self.dm.pres_of.get(point.id, []) if p.pr_set.get("presName") == name]
        if not cands:
            return None
        key = (name, point.id)
        used = self._pres_used.get(key, 0)
        self._pres_used[key] = used + 1
        return cands[min(used, len(cands) - 1)]

    def expand(self, inst: Inst, atoms: list, point: Point, it: _Iter, depth: int) -> None:
        for atom in atoms:
            if isinstance(atom, LayoutNodeDef):
                child = self.make(atom, point, inst, it, depth + 1)
                if child is not None:
                    inst.children.append(child)
            elif isinstance(atom, ForEach):
                self.for_each(inst, atom, point, depth)
            elif isinstance(atom, Choose):
                branch = self.decide(atom, inst, point, it)
                if branch is not None:
                    self.expand(inst, branch.children, point, it, depth)
            elif isinstance(atom, Alg):
                if inst.alg is None:
                    inst.alg = atom
            elif isinstance(atom, ShapeDef):
                if inst.shape is None:
                    inst.shape = atom
            elif isinstance(atom, PresOf):
                if inst.pres_of is None:
                    inst.pres_of = atom
            elif isinstance(atom, list):
                for item in atom:
                    (inst.constrs if isinstance(item, Constr) else inst.rules).append(item)

    def for_each(self, inst: Inst, fe: ForEach, point: Point, depth: int) -> None:
        body = fe
        if fe.ref:
            target = self.ldef.named.get(fe.ref)
            if not isinstance(target, ForEach) or depth > MAX_DEPTH:
                return
            body = target
        pts, _ = select(point, body.steps, self.dm.doc)
        if body.hide_last_trans:
            pts = [p for p in pts if not _last_sib_trans(p)]
        for i, p in enumerate(pts):
            if self.count >= MAX_INSTANCES:
                self.truncated = True
                return
            self.expand(inst, body.children, p, _Iter(i, len(pts)), depth + 1)

    def decide(self, choose: Choose, inst: Inst, point: Point, it: _Iter) -> If | None:
        for br in choose.branches:
            if br.is_else or self.test(br, inst, point, it):
                return br
        return None

    def test(self, br: If, inst: Inst, point: Point, it: _Iter) -> bool:
        func = br.func
        if func == "var":
            have = _norm(inst.var(br.arg))
            want = _norm(br.val)
            if br.op in ("equ", "neq"):
                return _compare(br.op, have, want)
            return _compare(br.op, _num(have), _num(want))
        want_n = _num(br.val)
        if func == "cnt":
            pts, _ = select(point, br.steps, self.dm.doc) if br.steps else ([point], [point])
            return _compare(br.op, float(len(pts)), want_n)
        if func in ("pos", "revPos", "posEven", "posOdd"):
            pos = it.index + 1
            value = {
                "pos": pos,
                "revPos": it.count - it.index,
                "posEven": 1 if pos % 2 == 0 else 0,
                "posOdd": 1 if pos % 2 == 1 else 0,
            }[func]
            return _compare(br.op, float(value), want_n)
        if func == "depth":
            pts, _ = select(point, br.steps, self.dm.doc) if br.steps else ([point], [point])
            target = pts[0] if pts else point
            return _compare(br.op, float(target.depth), want_n)
        if func == "maxDepth":
            pts, bases = select(point, br.steps, self.dm.doc) if br.steps else ([point], [point])
            nodes = [p for p in pts if p.is_node]
            base = min((b.depth for b in bases), default=point.depth)
            value = max((p.depth - base for p in nodes), default=0)
            return _compare(br.op, float(value), want_n)
        self.unknown.add(f"if func {func or '(none)'}")
        return False


def _last_sib_trans(p: Point) -> bool:
    if p.type != "sibTrans" or p.owner is None or p.parent is None:
        return False
    kids = p.parent.children
    return bool(kids) and kids[-1] is p.owner


@dataclass
class Built:
    root: Inst | None
    truncated: bool = False
    unknown: set[str] = field(default_factory=set)


def build_instances(dm: DataModel, ldef: LayoutDef) -> Built:
    """Evaluate the layout definition over the data model, from the doc point."""
    if dm.doc is None:
        return Built(root=None)
    b = _Builder(dm, ldef)
    root = b.make(ldef.root, dm.doc, None, _Iter(), 0)
    if root is not None:
        for inst in [root, *root.descendants()]:
            inst.assoc = inst.point
            if inst.point.type == "doc" and inst.pres_of is not None and inst.pres_of.steps:
                shown, _ = select(inst.point, inst.pres_of.steps, dm.doc)
                inst.assoc = next((p for p in shown if p.is_node), inst.point)
        _style_labels(root, dm)
    return Built(root=root, truncated=b.truncated, unknown=b.unknown)


def _default_label(inst: Inst) -> str:
    p = inst.assoc or inst.point
    depth = max(0, min(p.depth, 4))
    if p.type == "asst":
        return f"asst{depth}"
    if p.type in ("sibTrans", "parTrans"):
        one_d = inst.param("dim") == "1D" or (inst.alg_type == "conn" and inst.param("dim", "2D") == "1D")
        if p.type == "parTrans":
            return f"parChTrans{'1D' if one_d else '2D'}{max(1, depth)}"
        return f"sibTrans{'1D' if one_d else '2D'}1"
    if p.type == "doc":
        return "bgShp"
    return f"node{depth}"


def _style_labels(root: Inst, dm: DataModel) -> None:
    """The style label of each instance (its own, PowerPoint's cached one, its parent's, or the
    default for its point), and its index among the instances with the same label
    (the colour lists step through that index)."""
    counts: dict[str, int] = {}
    order: list[Inst] = []

    def walk(inst: Inst, inherited: str) -> None:
        pres_lbl = inst.pres.pr_set.get("presStyleLbl", "") if inst.pres is not None else ""
        label = inst.node.style_lbl or pres_lbl or inherited
        if not label and inst.drawn:
            label = _default_label(inst)
        inst.style_lbl = label
        if inst.drawn and label:
            inst.style_idx = counts.get(label, 0)
            counts[label] = inst.style_idx + 1
            order.append(inst)
        for child in inst.children:
            walk(child, label if (inst.node.style_lbl or inst.drawn) else inherited)

    walk(root, "")
    for inst in order:
        inst.style_cnt = counts[inst.style_lbl]
        if inst.pres is not None:
            pr = inst.pres.pr_set
            try:
                if "presStyleIdx" in pr and "presStyleCnt" in pr and int(pr["presStyleCnt"]) > 0:
                    inst.style_idx, inst.style_cnt = int(pr["presStyleIdx"]), int(pr["presStyleCnt"])
            except ValueError:
                pass
