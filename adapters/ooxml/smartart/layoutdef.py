"""SmartArt layout definitions (dgm:layoutDef) parsed into atoms: layout nodes, forEach, choose /
if, algorithms, shapes, presOf, constraints, rules and variables."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Union

from lxml import etree

from adapters.ooxml.ns import local, qn
from adapters.ooxml.smartart.model import Step

__all__ = [
    "Alg",
    "Choose",
    "Constr",
    "ForEach",
    "If",
    "LayoutNodeDef",
    "PresOf",
    "Rule",
    "ShapeDef",
    "parse_layout",
]

_MAX_ATOMS = 20_000


def number(value: str | None, default: float) -> float:
    """A layout number: decimal, 'INF' or 'NaN' (NaN and garbage give `default`)."""
    if value is None or value == "":
        return default
    text = value.strip()
    if text in ("INF", "+INF"):
        return math.inf
    if text == "-INF":
        return -math.inf
    try:
        out = float(text)
    except ValueError:
        return default
    return default if math.isnan(out) else out


@dataclass
class Constr:
    type: str
    for_: str = "self"
    for_name: str = ""
    pt_type: str = "all"
    ref_type: str = "none"
    ref_for: str = "self"
    ref_for_name: str = ""
    ref_pt_type: str = "all"
    op: str = "none"
    val: float = 0.0
    fact: float = 1.0
    has_val: bool = False


@dataclass
class Rule:
    type: str
    for_: str = "self"
    for_name: str = ""
    pt_type: str = "all"
    val: float = math.nan
    fact: float = math.nan
    max: float = math.nan


@dataclass
class Alg:
    type: str
    params: dict[str, str] = field(default_factory=dict)


@dataclass
class ShapeDef:
    type: str = ""
    rot: float = 0.0
    z_order_off: int = 0
    hide_geom: bool = False
    blip: str = ""
    adj: dict[int, float] = field(default_factory=dict)


@dataclass
class PresOf:
    steps: tuple[Step, ...] = ()


@dataclass
class LayoutNodeDef:
    name: str
    style_lbl: str = ""
    move_with: str = ""
    vars: dict[str, str] = field(default_factory=dict)
    children: list[Atom] = field(default_factory=list)


@dataclass
class ForEach:
    name: str = ""
    ref: str = ""
    steps: tuple[Step, ...] = ()
    hide_last_trans: bool = True
    children: list[Atom] = field(default_factory=list)


@dataclass
class If:
    is_else: bool = False
    steps: tuple[Step, ...] = ()
    func: str = ""
    arg: str = ""
    op: str = "equ"
    val: str = ""
    children: list[Atom] = field(default_factory=list)


@dataclass
class Choose:
    branches: list[If] = field(default_factory=list)


Atom = Union[LayoutNodeDef, ForEach, Choose, Alg, ShapeDef, PresOf, list]  # noqa: UP007


def _ints(value: str | None, default: int) -> list[int]:
    out = []
    for part in (value or "").split():
        try:
            out.append(int(part))
        except ValueError:
            out.append(default)
    return out


def steps_of(el: etree._Element) -> tuple[Step, ...]:
    """The axis steps of a forEach / if / presOf (space-separated lists, one entry per step)."""
    axes = (el.get("axis") or "").split()
    if not axes:
        return ()
    types = (el.get("ptType") or "").split()
    sts, cnts, stps = _ints(el.get("st"), 1), _ints(el.get("cnt"), 0), _ints(el.get("step"), 1)

    def at(values: list, i: int, default):
        return values[i] if i < len(values) else default

    return tuple(
        Step(axis=a, pt_type=at(types, i, "all"), st=at(sts, i, 1), cnt=at(cnts, i, 0), step=at(stps, i, 1))
        for i, a in enumerate(axes)
    )


class _Parser:
    def __init__(self) -> None:
        self.count = 0
        self.named: dict[str, ForEach | LayoutNodeDef] = {}

    def atoms(self, el: etree._Element) -> list[Atom]:
        out: list[Atom] = []
        for child in el:
            self.count += 1
            if self.count > _MAX_ATOMS:
                break
            atom = self.atom(child)
            if atom is not None:
                out.append(atom)
        return out

    def atom(self, el: etree._Element) -> Atom | None:
        name = local(el.tag)
        if name == "layoutNode":
            node = LayoutNodeDef(
                name=el.get("name", ""), style_lbl=el.get("styleLbl", ""), move_with=el.get("moveWith", "")
            )
            if node.name:
                self.named.setdefault(node.name, node)
            node.children = self.atoms(el)
            for atom in node.children:
                if isinstance(atom, dict):
                    node.vars.update(atom)
            node.children = [a for a in node.children if not isinstance(a, dict)]
            return node
        if name == "varLst":
            return {local(c.tag): c.get("val", "") for c in el if local(c.tag)}  # type: ignore[return-value]
        if name == "forEach":
            fe = ForEach(
                name=el.get("name", ""),
                ref=el.get("ref", ""),
                steps=steps_of(el),
                hide_last_trans=(el.get("hideLastTrans") or "1").split()[0] not in ("0", "false"),
            )
            if fe.name:
                self.named.setdefault(fe.name, fe)
            fe.children = self.atoms(el)
            return fe
        if name == "choose":
            ch = Choose()
            for br in el:
                kind = local(br.tag)
                if kind not in ("if", "else"):
                    continue
                branch = If(
                    is_else=kind == "else",
                    steps=steps_of(br),
                    func=br.get("func", ""),
                    arg=br.get("arg", ""),
                    op=br.get("op", "equ"),
                    val=br.get("val", ""),
                )
                branch.children = self.atoms(br)
                ch.branches.append(branch)
            return ch
        if name == "alg":
            return Alg(
                type=el.get("type", ""),
                params={p.get("type", ""): p.get("val", "") for p in el if local(p.tag) == "param"},
            )
        if name == "shape":
            adj = {}
            for a in el.iter(qn("dgm:adj")):
                try:
                    adj[int(a.get("idx", "1"))] = float(a.get("val", "0"))
                except ValueError:
                    continue
            return ShapeDef(
                type=el.get("type", ""),
                rot=number(el.get("rot"), 0.0),
                z_order_off=int(number(el.get("zOrderOff"), 0.0)),
                hide_geom=el.get("hideGeom") in ("1", "true"),
                blip=el.get(qn("r:blip"), ""),
                adj=adj,
            )
        if name == "presOf":
            return PresOf(steps=steps_of(el))
        if name == "constrLst":
            return [_constr(c) for c in el if local(c.tag) == "constr"]
        if name == "ruleLst":
            return [_rule(c) for c in el if local(c.tag) == "rule"]
        return None


def _constr(el: etree._Element) -> Constr:
    return Constr(
        type=el.get("type", "none"),
        for_=el.get("for", "self"),
        for_name=el.get("forName", ""),
        pt_type=el.get("ptType", "all"),
        ref_type=el.get("refType", "none"),
        ref_for=el.get("refFor", "self"),
        ref_for_name=el.get("refForName", ""),
        ref_pt_type=el.get("refPtType", "all"),
        op=el.get("op", "none"),
        val=number(el.get("val"), 0.0),
        fact=number(el.get("fact"), 1.0),
        has_val=el.get("val") is not None,
    )


def _rule(el: etree._Element) -> Rule:
    return Rule(
        type=el.get("type", "none"),
        for_=el.get("for", "self"),
        for_name=el.get("forName", ""),
        pt_type=el.get("ptType", "all"),
        val=number(el.get("val"), math.nan),
        fact=number(el.get("fact"), math.nan),
        max=number(el.get("max"), math.nan),
    )


@dataclass
class LayoutDef:
    root: LayoutNodeDef
    unique_id: str = ""
    named: dict[str, ForEach | LayoutNodeDef] = field(default_factory=dict)


def parse_layout(root: etree._Element) -> LayoutDef | None:
    """The layout definition's root layout node, or None when it has none."""
    el = root.find(qn("dgm:layoutNode"))
    if el is None:
        return None
    parser = _Parser()
    node = parser.atom(el)
    if not isinstance(node, LayoutNodeDef):
        return None
    return LayoutDef(root=node, unique_id=root.get("uniqueId", ""), named=parser.named)
