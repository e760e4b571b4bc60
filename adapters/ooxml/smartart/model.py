"""SmartArt data model (dgm:dataModel): points, the semantic tree with its transitions, the axes."""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from adapters.ooxml.ns import local, qn

__all__ = ["DataModel", "Point", "select"]

NODE_TYPES = ("node", "asst")
_MAX_POINTS = 20_000
MAX_TREE_DEPTH = 64
"""levels of the point tree that are linked (real diagrams use a handful; deeper points would
drive the recursive layout past Python's stack): branches cut there are counted in `DataModel.too_deep`"""


@dataclass(eq=False)
class Point:
    """One dgm:pt. `seq` is a node's children in order, each child preceded by its parent
    transition and followed by its sibling transition (how the layout's axes see the tree)."""

    id: str
    type: str
    el: etree._Element
    pr_set: dict[str, str] = field(default_factory=dict)
    pres_vars: dict[str, str] = field(default_factory=dict)
    parent: Point | None = None
    children: list[Point] = field(default_factory=list)
    seq: list[Point] = field(default_factory=list)
    par_trans: Point | None = None
    sib_trans: Point | None = None
    owner: Point | None = None
    """a transition's node: the child a parTrans leads to, the sibling a sibTrans follows"""
    depth: int = 0
    order: int = 0
    """preorder position in the tree (the 'follow' / 'preced' axes)"""

    @property
    def text_el(self) -> etree._Element | None:
        return self.el.find(qn("dgm:t"))

    @property
    def sp_pr(self) -> etree._Element | None:
        return self.el.find(qn("dgm:spPr"))

    def text(self) -> str:
        t = self.text_el
        if t is None:
            return ""
        return "\n".join("".join(x.text or "" for x in p.iter(qn("a:t"))) for p in t.findall(qn("a:p")))

    def line(self) -> str:
        """The text on one line (paragraphs joined by spaces)."""
        return " ".join(x for x in self.text().split("\n") if x)

    def has_text(self) -> bool:
        return bool(self.text().strip())

    @property
    def is_node(self) -> bool:
        return self.type in NODE_TYPES


class DataModel:
    """The points of a SmartArt data part, linked into their tree (parOf connections), and the
    presentation points PowerPoint cached for them (presOf / presAssocID)."""

    def __init__(self, root: etree._Element) -> None:
        self.points: dict[str, Point] = {}
        self.doc: Point | None = None
        self.pres: list[Point] = []
        self.pres_of: dict[str, list[Point]] = {}
        self.too_deep = 0
        """branches cut from the tree: points deeper than MAX_TREE_DEPTH (with all below them)"""
        for i, pt in enumerate(root.iter(qn("dgm:pt"))):
            if i >= _MAX_POINTS:
                break
            pid = pt.get("modelId", "")
            if not pid or pid in self.points:
                continue
            point = Point(id=pid, type=pt.get("type", "node") or "node", el=pt)
            pr = pt.find(qn("dgm:prSet"))
            if pr is not None:
                point.pr_set = {local(k): v for k, v in pr.attrib.items()}
                lv = pr.find(qn("dgm:presLayoutVars"))
                if lv is not None:
                    point.pres_vars = {local(c.tag): c.get("val", "") for c in lv if local(c.tag)}
            self.points[pid] = point
            if point.type == "doc" and self.doc is None:
                self.doc = point
            elif point.type == "pres":
                self.pres.append(point)
        links: dict[str, list[tuple[int, int, etree._Element]]] = {}
        for i, cxn in enumerate(root.iter(qn("dgm:cxn"))):
            kind = cxn.get("type", "parOf") or "parOf"
            src, dst = cxn.get("srcId", ""), cxn.get("destId", "")
            if kind == "parOf":
                links.setdefault(src, []).append((_int(cxn.get("srcOrd")), i, cxn))
            elif kind == "presOf" and dst in self.points and src in self.points:
                self.pres_of.setdefault(src, []).append(self.points[dst])
        for pres in self.pres:
            assoc = pres.pr_set.get("presAssocID")
            if assoc and pres not in self.pres_of.get(assoc, []):
                self.pres_of.setdefault(assoc, []).append(pres)
        self._link(links)

    def _link(self, links: dict[str, list[tuple[int, int, etree._Element]]]) -> None:
        if self.doc is None:
            return
        seen = {self.doc.id}
        counter = 0
        stack = [self.doc]
        while stack:
            parent = stack.pop()
            parent.order = counter
            counter += 1
            for _, _, cxn in sorted(links.get(parent.id, []), key=lambda t: (t[0], t[1])):
                child = self.points.get(cxn.get("destId", ""))
                if child is None or child.id in seen or not child.is_node:
                    continue
                if parent.depth >= MAX_TREE_DEPTH:
                    self.too_deep += 1
                    continue
                seen.add(child.id)
                child.parent, child.depth = parent, parent.depth + 1
                parent.children.append(child)
                for attr, slot in (("parTransId", "par_trans"), ("sibTransId", "sib_trans")):
                    trans = self.points.get(cxn.get(attr) or "")
                    if trans is not None and trans.type in ("parTrans", "sibTrans") and trans.id not in seen:
                        seen.add(trans.id)
                        trans.parent, trans.depth, trans.owner = parent, child.depth, child
                        setattr(child, slot, trans)
                if child.par_trans is not None:
                    parent.seq.append(child.par_trans)
                parent.seq.append(child)
                if child.sib_trans is not None:
                    parent.seq.append(child.sib_trans)
            stack.extend(reversed(parent.children))

    def nodes(self) -> list[Point]:
        """The content points (node / asst) in the tree, in preorder."""
        out: list[Point] = []
        stack = list(reversed(self.doc.children)) if self.doc is not None else []
        while stack:
            p = stack.pop()
            out.append(p)
            stack.extend(reversed(p.children))
        return out

    def outline(self) -> list[tuple[int, str]]:
        """(depth from 0, text) of every node with text, in preorder."""
        return [(p.depth - 1, p.line()) for p in self.nodes() if p.has_text()]

    def pres_vars(self, point: Point) -> dict[str, str]:
        """The layout variables PowerPoint stored on the presentation points of `point`."""
        out: dict[str, str] = {}
        for pres in self.pres_of.get(point.id, []):
            out.update(pres.pres_vars)
        return out


def _int(value: str | None) -> int:
    try:
        return int(value or 0)
    except ValueError:
        return 0


# -- axes ----------------------------------------------------------------------------------------


def _des(p: Point, out: list[Point]) -> None:
    for q in p.seq:
        out.append(q)
        if q.is_node:
            _des(q, out)


def _axis(p: Point, name: str, root: Point | None) -> list[Point]:
    if name == "self":
        return [p]
    if name == "ch":
        return list(p.seq)
    if name in ("des", "desOrSelf"):
        out = [p] if name == "desOrSelf" else []
        _des(p, out)
        return out
    if name == "par":
        return [p.parent] if p.parent is not None else []
    if name in ("ancst", "ancstOrSelf"):
        out = [p] if name == "ancstOrSelf" else []
        q = p.parent
        while q is not None:
            out.append(q)
            q = q.parent
        return out
    if name in ("followSib", "precedSib"):
        sibs = p.parent.seq if p.parent is not None else []
        if p not in sibs:
            return []
        i = sibs.index(p)
        return sibs[i + 1 :] if name == "followSib" else sibs[:i]
    if name in ("follow", "preced"):
        if root is None:
            return []
        everything: list[Point] = []
        _des(root, everything)
        if p not in everything:
            return []
        i = everything.index(p)
        return everything[i + 1 :] if name == "follow" else everything[:i]
    if name == "root":
        return [root] if root is not None else []
    return []


def type_matches(p: Point, pt_type: str) -> bool:
    if pt_type in ("", "all"):
        return True
    if pt_type == "node":
        return p.type in NODE_TYPES
    if pt_type == "norm":
        return p.type == "node"
    if pt_type == "nonNorm":
        return p.type != "node"
    if pt_type == "nonAsst":
        return p.type == "node"
    return p.type == pt_type


def _slice(items: list[Point], st: int, cnt: int, step: int) -> list[Point]:
    if not items:
        return items
    start = st - 1 if st > 0 else len(items) + st if st < 0 else 0
    start = max(0, start)
    step = step if step != 0 else 1
    picked = items[start::step]
    return picked[:cnt] if cnt > 0 else picked


@dataclass(frozen=True)
class Step:
    axis: str = "none"
    pt_type: str = "all"
    st: int = 1
    cnt: int = 0
    step: int = 1


def select(p: Point, steps: tuple[Step, ...], root: Point | None) -> tuple[list[Point], list[Point]]:
    """(the points the axis steps reach from `p`, the points the last step started from)."""
    current = [p]
    bases = [p]
    for st in steps:
        bases = current
        nxt: list[Point] = []
        for q in current:
            got = [x for x in _axis(q, st.axis, root) if type_matches(x, st.pt_type)]
            nxt.extend(_slice(got, st.st, st.cnt, st.step))
        current = nxt
    return current, bases
