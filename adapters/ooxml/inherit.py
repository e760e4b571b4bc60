"""Slide -> layout -> master inheritance: placeholders, colour maps, text style chains, backgrounds."""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from adapters.ooxml.ns import RT, local, qn
from adapters.ooxml.package import Package
from adapters.ooxml.theme import ThemeData, default_theme, parse_clr_map, parse_theme
from adapters.ooxml.values import attr_int

__all__ = [
    "LayoutInfo",
    "MasterInfo",
    "Masters",
    "PhKey",
    "find_child",
    "master_type",
    "nv_pr",
    "ph_key",
    "style_kind",
]

TITLE_TYPES = {"title", "ctrTitle"}
OTHER_TYPES = {"dt", "ftr", "sldNum", "hdr"}


@dataclass(frozen=True)
class PhKey:
    type: str
    idx: int | None


def find_child(el: etree._Element | None, tag: str) -> etree._Element | None:
    return None if el is None else el.find(qn(tag))


def nv_pr(shape: etree._Element) -> etree._Element | None:
    """The p:nvPr of a shape (whatever its kind: sp, pic, graphicFrame, grpSp, cxnSp)."""
    for child in shape:
        if local(child.tag).startswith("nv") and local(child.tag).endswith("Pr"):
            return child.find(qn("p:nvPr"))
    return None


def ph_key(shape: etree._Element) -> PhKey | None:
    nv = nv_pr(shape)
    ph = nv.find(qn("p:ph")) if nv is not None else None
    if ph is None:
        return None
    return PhKey(type=ph.get("type", "obj"), idx=attr_int(ph, "idx"))


def style_kind(ph_type: str | None) -> str:
    """Which master text style a placeholder type uses: 'title', 'body' or 'other'."""
    if ph_type is None:
        return "other"
    if ph_type in TITLE_TYPES:
        return "title"
    if ph_type in OTHER_TYPES:
        return "other"
    return "body"


def master_type(ph_type: str) -> str:
    """The master placeholder type a slide / layout placeholder type inherits from."""
    if ph_type in TITLE_TYPES:
        return "title"
    if ph_type in OTHER_TYPES:
        return ph_type
    return "body"


def _placeholders(root: etree._Element | None) -> list[tuple[PhKey, etree._Element]]:
    out: list[tuple[PhKey, etree._Element]] = []
    tree = find_child(find_child(root, "p:cSld"), "p:spTree")
    if tree is None:
        return out
    for shape in tree.iter(qn("p:sp"), qn("p:pic"), qn("p:graphicFrame")):
        key = ph_key(shape)
        if key is not None:
            out.append((key, shape))
    return out


@dataclass
class MasterInfo:
    part: str
    root: etree._Element
    theme: ThemeData
    clr_map: dict[str, str]
    name: str = ""
    styles: dict[str, etree._Element | None] = field(default_factory=dict)
    placeholders: list[tuple[PhKey, etree._Element]] = field(default_factory=list)

    def find_ph(self, ph_type: str) -> etree._Element | None:
        want = master_type(ph_type)
        for key, shape in self.placeholders:
            if master_type(key.type) == want:
                return shape
        return None


@dataclass
class LayoutInfo:
    part: str
    root: etree._Element
    master: MasterInfo
    clr_map: dict[str, str]
    name: str = ""
    placeholders: list[tuple[PhKey, etree._Element]] = field(default_factory=list)

    def find_ph(self, key: PhKey) -> etree._Element | None:
        if key.idx is not None:
            for k, shape in self.placeholders:
                if k.idx == key.idx and (k.type == key.type or key.idx != 0):
                    return shape
        for k, shape in self.placeholders:
            if k.type == key.type:
                return shape
        if key.type in TITLE_TYPES:
            for k, shape in self.placeholders:
                if k.type in TITLE_TYPES:
                    return shape
        return None

    @property
    def show_master_shapes(self) -> bool:
        return self.root.get("showMasterSp", "1") not in ("0", "false")


class Masters:
    """Masters, layouts and themes of a package, parsed once and shared by every slide."""

    def __init__(self, pkg: Package) -> None:
        self.pkg = pkg
        self._masters: dict[str, MasterInfo] = {}
        self._layouts: dict[str, LayoutInfo] = {}
        self._themes: dict[str, ThemeData] = {}

    def theme(self, part: str | None) -> ThemeData:
        if part is None:
            return default_theme()
        if part not in self._themes:
            self._themes[part] = parse_theme(self.pkg.xml(part), part)
        return self._themes[part]

    def master(self, part: str) -> MasterInfo | None:
        if part in self._masters:
            return self._masters[part]
        root = self.pkg.xml(part)
        if root is None:
            return None
        styles_el = root.find(qn("p:txStyles"))
        styles = {
            "title": find_child(styles_el, "p:titleStyle"),
            "body": find_child(styles_el, "p:bodyStyle"),
            "other": find_child(styles_el, "p:otherStyle"),
        }
        info = MasterInfo(
            part=part,
            root=root,
            theme=self.theme(self.pkg.first_related(part, RT.THEME)),
            clr_map=parse_clr_map(root.find(qn("p:clrMap"))),
            name=(find_child(root, "p:cSld").get("name", "") if find_child(root, "p:cSld") is not None else ""),
            styles=styles,
            placeholders=_placeholders(root),
        )
        self._masters[part] = info
        return info

    def layout(self, part: str) -> LayoutInfo | None:
        if part in self._layouts:
            return self._layouts[part]
        root = self.pkg.xml(part)
        if root is None:
            return None
        master_part = self.pkg.first_related(part, RT.SLIDE_MASTER)
        master = self.master(master_part) if master_part else None
        if master is None:
            master = self.first_master()
        if master is None:
            return None
        csld = find_child(root, "p:cSld")
        info = LayoutInfo(
            part=part,
            root=root,
            master=master,
            clr_map=parse_clr_map(root.find(qn("p:clrMapOvr")), master.clr_map),
            name=csld.get("name", "") if csld is not None else "",
            placeholders=_placeholders(root),
        )
        self._layouts[part] = info
        return info

    def first_master(self) -> MasterInfo | None:
        pres = self.pkg.main_part
        for rel in self.pkg.related(pres, RT.SLIDE_MASTER):
            if not rel.external:
                m = self.master(rel.target)
                if m is not None:
                    return m
        return None

    def all_masters(self) -> list[MasterInfo]:
        out = []
        for rel in self.pkg.related(self.pkg.main_part, RT.SLIDE_MASTER):
            if not rel.external:
                m = self.master(rel.target)
                if m is not None:
                    out.append(m)
        return out
