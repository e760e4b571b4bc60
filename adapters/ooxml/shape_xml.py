"""Small readers of a shape's XML shared by the shape tree reader and patch mode: the transform
(a:xfrm with its child frame), the mc:AlternateContent branch ACE reads, a picture's blip fill,
whether 3-D settings change the look, an element's children by name, and the part lookups
(spPr, geometry, lstStyle) of p: and dsp: shapes."""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from adapters.ooxml import conventions as cv
from adapters.ooxml.drawingml import FILL_TAGS
from adapters.ooxml.ns import NS, local, qn
from adapters.ooxml.values import angle_deg, attr_bool, emu

__all__ = [
    "EFFECT_KEY",
    "FILL_KEY",
    "GEOM_KEY",
    "Xfrm",
    "child_map",
    "choose_alternate",
    "geom_of",
    "has_text_content",
    "int_attr",
    "lst_style_of",
    "pic_blip_fill",
    "read_xfrm",
    "sp_pr_of",
    "template_cnv_id",
    "visible_3d",
    "visible_3d_parts",
]

# mc:Choice branches we can read as well as their Fallback (namespaces we understand)
_SUPPORTED_CHOICE_NS = {NS["p14"], NS["p15"], NS["a14"], NS["a16"], NS["c14"], NS["dsp"], NS["asvg"], NS["m"]}
_SUPPORTED_CHOICE_NS |= {"http://schemas.microsoft.com/office/powerpoint/2015/09/main"}  # p159 (morph)


@dataclass
class Xfrm:
    """An a:xfrm in px and degrees: offset, extent, rotation, flips and (groups) the child frame;
    `found` is False when the shape has none."""

    x: float = 0.0
    y: float = 0.0
    cx: float = 0.0
    cy: float = 0.0
    rot: float = 0.0
    flip_h: bool = False
    flip_v: bool = False
    ch_x: float = 0.0
    ch_y: float = 0.0
    ch_cx: float = 0.0
    ch_cy: float = 0.0
    found: bool = False


_A_OFF, _A_EXT, _A_CH_OFF, _A_CH_EXT = qn("a:off"), qn("a:ext"), qn("a:chOff"), qn("a:chExt")
_P_BLIP_FILL, _A_BLIP_FILL, _MC_ALTERNATE = qn("p:blipFill"), qn("a:blipFill"), qn("mc:AlternateContent")


def read_xfrm(el: etree._Element | None) -> Xfrm:
    out = Xfrm()
    if el is None:
        return out
    out.found = True
    if el.get("rot"):
        out.rot = angle_deg(el.get("rot"))
    if el.get("flipH"):
        out.flip_h = bool(attr_bool(el, "flipH", False))
    if el.get("flipV"):
        out.flip_v = bool(attr_bool(el, "flipV", False))
    for child in el:
        tag = child.tag
        if tag in (_A_OFF, _A_CH_OFF):
            x, y = emu(child.get("x"), 0.0) or 0.0, emu(child.get("y"), 0.0) or 0.0
            if tag == _A_OFF:
                out.x, out.y = x, y
            else:
                out.ch_x, out.ch_y = x, y
        elif tag in (_A_EXT, _A_CH_EXT):
            cx, cy = emu(child.get("cx"), 0.0) or 0.0, emu(child.get("cy"), 0.0) or 0.0
            if tag == _A_EXT:
                out.cx, out.cy = cx, cy
            else:
                out.ch_cx, out.ch_cy = cx, cy
    return out


def choose_alternate(ac: etree._Element) -> tuple[list[etree._Element], str]:
    """The children of the mc:AlternateContent branch to read, and which one ('choice'/'fallback')."""
    for choice in ac.findall(qn("mc:Choice")):
        required = (choice.get("Requires") or "").split()
        uris = {choice.nsmap.get(prefix) for prefix in required}
        if uris and uris <= _SUPPORTED_CHOICE_NS:
            return [c for c in choice if isinstance(c.tag, str)], "choice"
    fallback = ac.find(qn("mc:Fallback"))
    if fallback is not None:
        return [c for c in fallback if isinstance(c.tag, str)], "fallback"
    return [], "none"


def pic_blip_fill(pic: etree._Element) -> tuple[etree._Element | None, str]:
    """A p:pic's blip fill, also when an mc:AlternateContent holds it (a PDF / EMF choice for Mac
    PowerPoint with a PNG fallback: the branch choose_alternate reads), and what the branch needs
    when it is the fallback ("" otherwise)."""
    for item in pic:
        if item.tag in (_P_BLIP_FILL, _A_BLIP_FILL):
            return item, ""
        if item.tag == _MC_ALTERNATE:
            kids, which = choose_alternate(item)
            found = next((k for k in kids if k.tag in (_P_BLIP_FILL, _A_BLIP_FILL)), None)
            if found is not None:
                needs = " ".join(c.get("Requires", "") for c in item.findall(qn("mc:Choice")))
                return found, (needs or "an unknown extension") if which == "fallback" else ""
    return None, ""


def visible_3d(holder: etree._Element | None) -> bool:
    """True when spPr / bodyPr asks for 3-D that changes the look: a turned camera, a bevel, an
    extrusion or a contour (a front camera with a flat shape draws the same as 2-D)."""
    return holder is not None and visible_3d_parts(child_map(holder))


def visible_3d_parts(parts: dict[str, etree._Element]) -> bool:
    scene = parts.get("scene3d")
    camera = scene.find(_A_CAMERA) if scene is not None else None
    if camera is not None and (
        not camera.get("prst", "").startswith("orthographicFront") or camera.find(_A_ROT) is not None
    ):
        return True
    sp3d = parts.get("sp3d")
    if sp3d is None:
        return False
    if sp3d.find(_A_BEVEL_T) is not None or sp3d.find(_A_BEVEL_B) is not None:
        return True
    return any(float(sp3d.get(k, "0") or 0) > 0 for k in ("extrusionH", "contourW"))


FILL_KEY = "#fill"
GEOM_KEY = "#geom"
EFFECT_KEY = "#effect"
_GROUPS = {name: FILL_KEY for name in FILL_TAGS} | {
    "prstGeom": GEOM_KEY,
    "custGeom": GEOM_KEY,
    "effectLst": EFFECT_KEY,
    "effectDag": EFFECT_KEY,
}
_A_CAMERA, _A_ROT, _A_BEVEL_T, _A_BEVEL_B = qn("a:camera"), qn("a:rot"), qn("a:bevelT"), qn("a:bevelB")


def child_map(el: etree._Element | None) -> dict[str, etree._Element]:
    """An element's children by local name (the first of each), plus '#fill', '#geom' and
    '#effect' for its first fill, geometry and effect list: one pass instead of many finds."""
    out: dict[str, etree._Element] = {}
    if el is None:
        return out
    for child in el:
        tag = child.tag
        if not isinstance(tag, str):
            continue
        name = tag[tag.rfind("}") + 1 :]
        if name not in out:
            out[name] = child
            group = _GROUPS.get(name)
            if group is not None and group not in out:
                out[group] = child
    return out


def int_attr(el: etree._Element | None, name: str) -> int | None:
    if el is None or el.get(name) is None:
        return None
    try:
        return int(el.get(name, ""))
    except ValueError:
        return None


def sp_pr_of(el: etree._Element) -> etree._Element | None:
    for tag in ("p:spPr", "dsp:spPr"):
        found = el.find(qn(tag))
        if found is not None:
            return found
    return None


_TEXT_CONTENT = {"r", "fld", "br", "m", "AlternateContent"}


def has_text_content(tx_body: etree._Element) -> bool:
    """True when a paragraph of the body holds a run, field, break or equation."""
    for p in tx_body.iterchildren(qn("a:p")):
        for child in p:
            if local(child.tag) in _TEXT_CONTENT:
                return True
    return False


def geom_of(sp_pr: etree._Element | None) -> etree._Element | None:
    if sp_pr is None:
        return None
    for tag in ("a:prstGeom", "a:custGeom"):
        found = sp_pr.find(qn(tag))
        if found is not None:
            return found
    return None


def lst_style_of(ph: etree._Element) -> etree._Element | None:
    body = ph.find(qn("p:txBody"))
    return body.find(qn("a:lstStyle")) if body is not None else None


def template_cnv_id(cnv: etree._Element | None, cnv_id: str, origin: str) -> str:
    """The shape number a layout's or master's shape shown on a slide derives its id from: the one
    its stored ACE id ends in ('master1.7' -> '7') when the part was written by ACE (the fresh
    writer renumbers shapes, so the cNvPr id can differ from the one the id was first derived
    from and the copy on the slide would come back under another id), else its cNvPr id."""
    if origin not in ("l", "m") or cnv is None:
        return cnv_id
    stored = cv.read_ace_id(cnv)
    tail = stored.rsplit(".", 1)[-1] if stored and "." in stored else ""
    return tail if tail.isdigit() else cnv_id
