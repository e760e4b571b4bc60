"""Generic layout definitions for SmartArt whose layout part is missing or empty: the built-in
layout named by the data model's loTypeId (or category) is mapped to the family it belongs to
(list, process, vertical list, cycle, radial, hierarchy, pyramid, matrix), written here as a
small layout definition of that family's algorithm."""

from __future__ import annotations

from lxml import etree

from adapters.ooxml.smartart.layoutdef import LayoutDef, parse_layout

__all__ = ["builtin_layout"]

_NS = 'xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram"'


def _tx(extra: str = "", axis: str = "desOrSelf") -> str:
    """A text node's algorithm, text source, margins and shrink rule (`extra`: more constraints)."""
    margins = "".join(
        f'<dgm:constr type="{m}" refType="primFontSz" fact="0.3"/>' for m in ("lMarg", "rMarg", "tMarg", "bMarg")
    )
    return (
        f'<dgm:alg type="tx"/><dgm:presOf axis="{axis}" ptType="node"/><dgm:constrLst>{extra}{margins}</dgm:constrLst>'
        '<dgm:ruleLst><dgm:rule type="primFontSz" val="5"/></dgm:ruleLst>'
    )


_TX = _tx()
_H_IS_W = '<dgm:constr type="h" refType="w"/>'
_H_06 = '<dgm:constr type="h" refType="w" fact="0.6"/>'

_VARS = '<dgm:varLst><dgm:bulletEnabled val="1"/></dgm:varLst>'
_SPACE = (
    '<dgm:forEach axis="followSib" ptType="sibTrans" cnt="1"><dgm:layoutNode name="sibTrans">'
    '<dgm:alg type="sp"/><dgm:shape/></dgm:layoutNode></dgm:forEach>'
)


def _arrows(hide_last: bool) -> str:
    hide = "" if hide_last else ' hideLastTrans="0"'
    return (
        f'<dgm:forEach axis="followSib" ptType="sibTrans" cnt="1"{hide}><dgm:layoutNode name="sibTrans">'
        '<dgm:alg type="conn"/><dgm:shape type="conn"/><dgm:presOf axis="self"/>'
        '<dgm:constrLst><dgm:constr type="h" refType="w" fact="0.62"/><dgm:constr type="connDist"/>'
        '<dgm:constr type="begPad" refType="connDist" fact="0.25"/>'
        '<dgm:constr type="endPad" refType="connDist" fact="0.22"/>'
        "</dgm:constrLst></dgm:layoutNode></dgm:forEach>"
    )


_LAYOUTS = {
    "list": (
        '<dgm:layoutNode name="diagram"><dgm:alg type="snake"><dgm:param type="grDir" val="tL"/>'
        '<dgm:param type="flowDir" val="row"/><dgm:param type="off" val="ctr"/></dgm:alg><dgm:shape/>'
        '<dgm:constrLst><dgm:constr type="w" for="ch" forName="node" refType="w"/>'
        '<dgm:constr type="h" for="ch" forName="node" refType="w" refFor="ch" refForName="node" fact="0.6"/>'
        '<dgm:constr type="w" for="ch" forName="sibTrans" refType="w" refFor="ch" refForName="node" fact="0.1"/>'
        '<dgm:constr type="sp" refType="w" refFor="ch" refForName="sibTrans"/>'
        '<dgm:constr type="primFontSz" for="ch" forName="node" op="equ" val="65"/></dgm:constrLst>'
        f'<dgm:forEach axis="ch" ptType="node"><dgm:layoutNode name="node">{_VARS}<dgm:shape type="rect"/>{_TX}'
        f"</dgm:layoutNode>{_SPACE}</dgm:forEach></dgm:layoutNode>"
    ),
    "matrix": None,  # same as list
    "process": (
        '<dgm:layoutNode name="diagram"><dgm:alg type="lin"/><dgm:shape/>'
        '<dgm:constrLst><dgm:constr type="w" for="ch" ptType="node" refType="w"/>'
        '<dgm:constr type="primFontSz" for="ch" ptType="node" op="equ" val="65"/>'
        '<dgm:constr type="w" for="ch" ptType="sibTrans" refType="w" refFor="ch" refPtType="node" fact="0.4"/>'
        "</dgm:constrLst>"
        f'<dgm:forEach axis="ch" ptType="node"><dgm:layoutNode name="node">{_VARS}<dgm:shape type="roundRect">'
        '<dgm:adjLst><dgm:adj idx="1" val="0.1"/></dgm:adjLst></dgm:shape>'
        f"{_tx(_H_06)}"
        f"</dgm:layoutNode>{_arrows(True)}</dgm:forEach></dgm:layoutNode>"
    ),
    "vlist": (
        '<dgm:layoutNode name="diagram"><dgm:alg type="lin"><dgm:param type="linDir" val="fromT"/></dgm:alg>'
        "<dgm:shape/>"
        '<dgm:constrLst><dgm:constr type="w" for="ch" forName="node" refType="w"/>'
        '<dgm:constr type="h" for="ch" forName="node" refType="w" fact="0.18"/>'
        '<dgm:constr type="h" for="ch" forName="sibTrans" refType="h" refFor="ch" refForName="node" fact="0.15"/>'
        '<dgm:constr type="primFontSz" for="ch" forName="node" op="equ" val="65"/></dgm:constrLst>'
        f'<dgm:forEach axis="ch" ptType="node"><dgm:layoutNode name="node">{_VARS}<dgm:shape type="roundRect">'
        f'<dgm:adjLst><dgm:adj idx="1" val="0.1"/></dgm:adjLst></dgm:shape>{_TX}</dgm:layoutNode>{_SPACE}'
        "</dgm:forEach></dgm:layoutNode>"
    ),
    "cycle": (
        '<dgm:layoutNode name="cycle"><dgm:alg type="cycle"/><dgm:shape/>'
        '<dgm:constrLst><dgm:constr type="w" for="ch" ptType="node" refType="w"/>'
        '<dgm:constr type="w" for="ch" ptType="sibTrans" refType="w" refFor="ch" refPtType="node" fact="0.25"/>'
        '<dgm:constr type="sibSp" refType="w" refFor="ch" refPtType="node" fact="0.5"/>'
        '<dgm:constr type="primFontSz" for="ch" ptType="node" op="equ" val="65"/></dgm:constrLst>'
        f'<dgm:forEach axis="ch" ptType="node"><dgm:layoutNode name="node">{_VARS}<dgm:shape type="ellipse"/>'
        f"{_tx(_H_IS_W)}</dgm:layoutNode>"
        '<dgm:forEach axis="followSib" ptType="sibTrans" hideLastTrans="0" cnt="1"><dgm:layoutNode name="sibTrans">'
        '<dgm:alg type="conn"/><dgm:shape type="conn"/><dgm:presOf axis="self"/>'
        '<dgm:constrLst><dgm:constr type="h" refType="w" fact="1.35"/></dgm:constrLst></dgm:layoutNode></dgm:forEach>'
        "</dgm:forEach></dgm:layoutNode>"
    ),
    "radial": (
        '<dgm:layoutNode name="radial"><dgm:alg type="cycle"><dgm:param type="ctrShpMap" val="fNode"/></dgm:alg>'
        '<dgm:shape/><dgm:constrLst><dgm:constr type="w" for="des" ptType="node" refType="w"/>'
        '<dgm:constr type="sibSp" refType="w" refFor="des" refPtType="node" fact="0.3"/>'
        '<dgm:constr type="primFontSz" for="des" ptType="node" op="equ" val="65"/></dgm:constrLst>'
        f'<dgm:forEach axis="ch" ptType="node"><dgm:layoutNode name="centre">{_VARS}<dgm:shape type="ellipse"/>'
        '<dgm:alg type="tx"/><dgm:presOf axis="self"/>'
        '<dgm:constrLst><dgm:constr type="h" refType="w"/></dgm:constrLst>'
        '<dgm:ruleLst><dgm:rule type="primFontSz" val="5"/></dgm:ruleLst></dgm:layoutNode>'
        f'<dgm:forEach axis="ch" ptType="node"><dgm:layoutNode name="node">{_VARS}<dgm:shape type="ellipse"/>'
        f"{_tx(_H_IS_W)}</dgm:layoutNode>"
        "</dgm:forEach></dgm:forEach></dgm:layoutNode>"
    ),
    "hierarchy": (
        '<dgm:layoutNode name="hierChild1"><dgm:alg type="hierChild"/><dgm:shape/>'
        '<dgm:constrLst><dgm:constr type="w" for="des" forName="box" refType="w"/>'
        '<dgm:constr type="h" for="des" forName="box" refType="w" refFor="des" refForName="box" fact="0.5"/>'
        '<dgm:constr type="primFontSz" for="des" ptType="node" op="equ" val="65"/>'
        '<dgm:constr type="sibSp" for="des" refType="w" refFor="des" refForName="box" fact="0.15"/>'
        '<dgm:constr type="sibSp" refType="w" refFor="des" refForName="box" fact="0.15"/>'
        '<dgm:constr type="sp" for="des" refType="h" refFor="des" refForName="box" fact="0.4"/></dgm:constrLst>'
        '<dgm:forEach name="level" axis="ch"><dgm:forEach axis="self" ptType="parTrans">'
        '<dgm:layoutNode name="line"><dgm:alg type="conn"><dgm:param type="dim" val="1D"/>'
        '<dgm:param type="connRout" val="bend"/><dgm:param type="begPts" val="bCtr"/>'
        '<dgm:param type="endPts" val="tCtr"/>'
        '<dgm:param type="srcNode" val="box"/><dgm:param type="dstNode" val="box"/></dgm:alg>'
        '<dgm:shape type="conn" zOrderOff="-999"/></dgm:layoutNode></dgm:forEach>'
        '<dgm:forEach axis="self" ptType="node"><dgm:layoutNode name="root"><dgm:alg type="hierRoot"/><dgm:shape/>'
        f'<dgm:layoutNode name="box">{_VARS}<dgm:shape type="roundRect"><dgm:adjLst><dgm:adj idx="1" val="0.1"/>'
        f"</dgm:adjLst></dgm:shape>{_tx(axis='self')}</dgm:layoutNode>"
        '<dgm:layoutNode name="children"><dgm:alg type="hierChild"/><dgm:shape/>'
        '<dgm:forEach ref="level"/></dgm:layoutNode></dgm:layoutNode></dgm:forEach></dgm:forEach></dgm:layoutNode>'
    ),
    "pyramid": (
        '<dgm:layoutNode name="pyramid"><dgm:alg type="pyra"><dgm:param type="linDir" val="fromB"/>'
        '<dgm:param type="pyraLvlNode" val="level"/></dgm:alg><dgm:shape/>'
        '<dgm:constrLst><dgm:constr type="primFontSz" for="des" forName="level" op="equ" val="65"/></dgm:constrLst>'
        '<dgm:forEach axis="ch" ptType="node"><dgm:layoutNode name="step"><dgm:alg type="composite"/><dgm:shape/>'
        f'<dgm:layoutNode name="level">{_VARS}<dgm:shape type="trapezoid"/>{_TX}</dgm:layoutNode>'
        "</dgm:layoutNode></dgm:forEach></dgm:layoutNode>"
    ),
}
_LAYOUTS["matrix"] = _LAYOUTS["list"]

# name fragments of PowerPoint's built-in layouts (urn:.../layout/<name>) and their family
_BY_NAME = [
    ("orgchart", "hierarchy"),
    ("hierarchy", "hierarchy"),
    ("hier", "hierarchy"),
    ("pyramid", "pyramid"),
    ("radial", "radial"),
    ("cycle", "cycle"),
    ("venn", "radial"),
    ("target", "vlist"),
    ("vlist", "vlist"),
    ("vprocess", "vlist"),
    ("vertical", "vlist"),
    ("stacked", "vlist"),
    ("process", "process"),
    ("chevron", "process"),
    ("arrow", "process"),
    ("timeline", "process"),
    ("matrix", "matrix"),
]
_BY_CATEGORY = {
    "list": "list",
    "process": "process",
    "cycle": "cycle",
    "hierarchy": "hierarchy",
    "relationship": "radial",
    "matrix": "matrix",
    "pyramid": "pyramid",
    "picture": "list",
}
_CACHE: dict[str, LayoutDef] = {}


def builtin_layout(unique_id: str, category: str = "") -> tuple[LayoutDef, str]:
    """(a generic layout definition, its family) for a built-in layout id."""
    name = unique_id.rstrip("/").rsplit("/", 1)[-1].lower()
    family = next((fam for frag, fam in _BY_NAME if frag in name), None)
    family = family or _BY_CATEGORY.get(category.lower(), "list")
    found = _CACHE.get(family)
    if found is None:
        xml = f"<dgm:layoutDef {_NS} uniqueId='builtin:{family}'>{_LAYOUTS[family]}</dgm:layoutDef>"
        parsed = parse_layout(etree.fromstring(xml))
        assert parsed is not None
        found = _CACHE[family] = parsed
    return found, family
