"""The look of laid-out SmartArt shapes: the quick style (dgm:styleDef: theme style matrix
references, 3-D) and the colour definition (dgm:colorsDef: fill / line / text colour lists that
step through the shapes of one label by repeat, cycle or span)."""

from __future__ import annotations

import colorsys
import copy
from collections.abc import Callable

from lxml import etree

from ace_core.color import Color
from adapters.ooxml.ns import local, qn

__all__ = ["Looks"]

Resolve = Callable[[etree._Element], Color | None]
_COLOR_TAGS = {"srgbClr", "schemeClr", "scrgbClr", "prstClr", "sysClr", "hslClr"}

# the look of PowerPoint's default quick style (simple1) and colours (accent1_2), by label family,
# for diagrams whose style or colour part is missing: (lnRef, fillRef, effectRef, font colour),
# (fill colour, line colour, text colour) as (scheme colour, tint/shade mod or None)
_DEFAULT_REFS = {"node": (2, 1, 0, "lt1"), "acc": (2, 1, 0, "dk1"), "trans": (0, 1, 0, "lt1"), "line": (1, 0, 0, "tx1")}
_DEFAULT_COLORS = {
    "node": (("accent1", None), ("lt1", None), None),
    "acc": (("lt1", ("alpha", "90000")), ("accent1", None), ("dk1", None)),
    "trans": (("accent1", ("tint", "60000")), ("accent1", ("tint", "60000")), None),
    "line": (("accent1", None), ("accent1", ("shade", "60000")), ("tx1", None)),
    "bg": (("accent1", ("tint", "40000")), ("accent1", ("tint", "40000")), ("dk1", None)),
}


def _family(label: str) -> str:
    low = label.lower()
    if "1d" in low or low.startswith("parch"):
        return "line"
    if low.startswith("sibtrans") or low.startswith("trans"):
        return "trans"
    if "acc" in low or low.startswith("fg") or low.startswith("align"):
        return "acc"
    if low.startswith("bg"):
        return "bg"
    return "node"


def _scheme(name: str, mod: tuple[str, str] | None) -> etree._Element:
    el = etree.Element(qn("a:schemeClr"), {"val": name})
    if mod is not None:
        etree.SubElement(el, qn(f"a:{mod[0]}"), {"val": mod[1]})
    return el


class Looks:
    def __init__(self, style: etree._Element | None, colors: etree._Element | None, resolve: Resolve) -> None:
        self.resolve = resolve
        self.styles = {s.get("name", ""): s for s in style.iter(qn("dgm:styleLbl"))} if style is not None else {}
        self.colors = {s.get("name", ""): s for s in colors.iter(qn("dgm:styleLbl"))} if colors is not None else {}
        self.has_style = style is not None
        self.has_colors = colors is not None
        self._refs: dict[str, dict[str, etree._Element]] = {}

    def refs(self, label: str) -> dict[str, etree._Element]:
        """lnRef / fillRef / effectRef / fontRef for the label (copies, colour children included)."""
        found = self._refs.get(label)
        if found is None:
            found = self._refs[label] = self._make_refs(label)
        return {k: copy.deepcopy(v) for k, v in found.items()}

    def font_idx(self, label: str) -> str:
        """'major' or 'minor': the theme font the label's text takes."""
        if label not in self._refs:
            self.refs(label)
        return self._refs[label]["fontRef"].get("idx", "minor")

    def _make_refs(self, label: str) -> dict[str, etree._Element]:
        out: dict[str, etree._Element] = {}
        lbl = self.styles.get(label)
        style = lbl.find(qn("dgm:style")) if lbl is not None else None
        if style is not None:
            for ref in style:
                name = local(ref.tag)
                if name in ("lnRef", "fillRef", "effectRef", "fontRef"):
                    out[name] = copy.deepcopy(ref)
        if len(out) < 4:
            ln, fill, eff, font = _DEFAULT_REFS[_family(label) if _family(label) in _DEFAULT_REFS else "node"]
            for name, idx in (("lnRef", ln), ("fillRef", fill), ("effectRef", eff)):
                if name not in out:
                    out[name] = etree.Element(qn(f"a:{name}"), {"idx": str(idx)})
                    etree.SubElement(out[name], qn("a:scrgbClr"), {"r": "0", "g": "0", "b": "0"})
            if "fontRef" not in out:
                out["fontRef"] = etree.Element(qn("a:fontRef"), {"idx": "minor"})
                out["fontRef"].append(_scheme(font, None))
        return out

    def three_d(self, label: str) -> list[etree._Element]:
        lbl = self.styles.get(label)
        if lbl is None:
            return []
        out = []
        for tag in ("dgm:scene3d", "dgm:sp3d"):
            el = lbl.find(qn(tag))
            if el is not None and (len(el) or el.attrib):
                copy_el = etree.Element(qn("a:" + local(el.tag)), dict(el.attrib))
                for child in el:
                    copy_el.append(copy.deepcopy(child))
                out.append(copy_el)
        return out

    def color(self, label: str, kind: str, idx: int, cnt: int) -> etree._Element | None:
        """The colour of the idx-th of cnt shapes with the label from one of its lists
        (fillClrLst, linClrLst, effectClrLst, txFillClrLst), or None when the list is empty."""
        lbl = self.colors.get(label)
        if lbl is None:
            fam = _family(label)
            fill, line, text = _DEFAULT_COLORS.get(fam, _DEFAULT_COLORS["node"])
            pick = {"fillClrLst": fill, "linClrLst": line, "txFillClrLst": text}.get(kind)
            return _scheme(*pick) if pick is not None else None
        lst = lbl.find(qn(f"dgm:{kind}"))
        if lst is None:
            return None
        items = [c for c in lst if local(c.tag) in _COLOR_TAGS]
        if not items:
            return None
        meth = lst.get("meth", "repeat")
        if meth == "span" and len(items) > 1 and cnt > 1:
            return self._span(items[0], items[-1], idx / (cnt - 1), lst.get("hueDir", "cw"))
        if meth == "span":
            return copy.deepcopy(items[0])
        return copy.deepcopy(items[idx % len(items)])

    def _span(self, first: etree._Element, last: etree._Element, t: float, hue_dir: str) -> etree._Element:
        a, b = self.resolve(_wrap(first)), self.resolve(_wrap(last))
        if a is None or b is None:
            return copy.deepcopy(first)
        ha, la, sa = colorsys.rgb_to_hls(a.r, a.g, a.b)
        hb, lb, sb = colorsys.rgb_to_hls(b.r, b.g, b.b)
        if abs(hb - ha) > 1e-6 and (sa > 0.02 and sb > 0.02):
            dh = hb - ha
            if hue_dir == "ccw" and dh > 0:
                dh -= 1.0
            elif hue_dir != "ccw" and dh < 0:
                dh += 1.0
            h = (ha + dh * t) % 1.0
        else:
            h = ha if sa > 0.02 else hb
        r, g, bl = colorsys.hls_to_rgb(h, la + (lb - la) * t, sa + (sb - sa) * t)
        alpha = a.a + (b.a - a.a) * t
        el = etree.Element(qn("a:srgbClr"), {"val": Color(r=_c(r), g=_c(g), b=_c(bl)).hex[1:]})
        if alpha < 0.999:
            etree.SubElement(el, qn("a:alpha"), {"val": str(round(alpha * 100000))})
        return el


def _c(v: float) -> float:
    return max(0.0, min(1.0, v))


def _wrap(color: etree._Element) -> etree._Element:
    holder = etree.Element(qn("a:solidFill"))
    holder.append(copy.deepcopy(color))
    return holder
