"""What the agent sees of an OOXML document: OpenXML text.

FULL: every slide's p:sld part; MICRO: the target slides' p:sld parts and a one-line entry for the
others; MACRO: a skeleton of every slide (p:sp / p:pic / p:grpSp ... with the shape's id, name and
text; a:off / a:ext in EMU on the target slides); SYSTEMIC: the theme's colour and font schemes and
the colours and typefaces the slides use, with counts; SLIDE: the target slides' parts only.

Node ids: a shape's id is the ace:id stored in its cNvPr, else '<slide id>.<cNvPr id>' (said once
at the top, so ids need not be repeated on every shape)."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from lxml import etree

from adapters.ooxml.ns import RT, local, qn
from backends.base import SerializeMode
from backends.ooxml.doc import OoxmlDoc
from backends.ooxml.shapes import cnv_of, iter_shapes, key_of, raw_xfrm, shape_children, xfrm_of

__all__ = ["serialize_doc"]

ID_RULE = (
    "<!-- OpenXML (PresentationML). A shape's node id is its ace:id when its p:cNvPr stores one, "
    'else "<slide id>.<cNvPr id>". Positions and sizes are EMU (12700 per pt, 9525 per px). -->'
)


def _xml(root: etree._Element) -> str:
    return etree.tostring(root, encoding="unicode")


def _slide_head(doc: OoxmlDoc, sid: str) -> str:
    i = doc.order.index(sid)
    return f'<!-- slide {i + 1} id="{sid}" part="{doc.parts[sid]}" -->'


def _size(doc: OoxmlDoc) -> str:
    pres = doc.xml(doc.pres)
    sz = pres.find(qn("p:sldSz"))
    cx = sz.get("cx") if sz is not None else "?"
    cy = sz.get("cy") if sz is not None else "?"
    return f'<p:sldSz cx="{cx}" cy="{cy}"/><!-- {len(doc.order)} slides -->'


def _full_slide(doc: OoxmlDoc, sid: str) -> str:
    return _slide_head(doc, sid) + "\n" + _xml(doc.xml(doc.parts[sid]))


def _brief(doc: OoxmlDoc, sid: str) -> str:
    root = doc.xml(doc.parts[sid])
    csld = root.find(qn("p:cSld"))
    name = csld.get("name", "") if csld is not None else ""
    hidden = ' show="0"' if root.get("show") in ("0", "false") else ""
    return f'<!-- slide {doc.order.index(sid) + 1} id="{sid}" name="{name}"{hidden} -->'


def _text_of(shape: etree._Element) -> str:
    paras = []
    for body in shape.iter(qn("p:txBody"), qn("a:txBody")):
        for p in body.findall(qn("a:p")):
            paras.append("".join(t.text or "" for t in p.iter(qn("a:t"))))
    return "\n".join(paras).strip()


def _skeleton_shape(shape: etree._Element, sid: str, bounds: bool, out: list[str], depth: int) -> None:
    name = local(shape.tag)
    cnv = cnv_of(shape)
    attrs = f'id="{key_of(shape, sid)}"'
    if cnv is not None and cnv.get("name"):
        attrs += f' name="{cnv.get("name")}"'
    ph = shape.find(f".//{qn('p:ph')}")
    if ph is not None:
        attrs += f' ph="{ph.get("type", "body")}"'
    if bounds:
        box = raw_xfrm(xfrm_of(shape))
        if box is not None:
            attrs += ' off="{:.0f},{:.0f}" ext="{:.0f},{:.0f}"'.format(*box)
    pad = "  " * depth
    if name == "graphicFrame" and next(shape.iter(qn("a:tbl")), None) is not None:
        rows = []
        for tr in shape.iter(qn("a:tr")):
            rows.append(" | ".join(_text_of(tc).replace("\n", " ") for tc in tr.findall(qn("a:tc"))))
        out.append(f"{pad}<p:graphicFrame {attrs}><a:tbl>{' / '.join(rows)}</a:tbl></p:graphicFrame>")
        return
    if name == "graphicFrame" and next(shape.iter(qn("c:chart")), None) is not None:
        out.append(f"{pad}<p:graphicFrame {attrs}><c:chart/></p:graphicFrame>")
        return
    if name == "grpSp":
        out.append(f"{pad}<p:grpSp {attrs}>")
        for child in shape_children(shape):
            _skeleton_shape(child, sid, bounds, out, depth + 1)
        out.append(f"{pad}</p:grpSp>")
        return
    text = _text_of(shape)
    if text:
        out.append(f"{pad}<p:{name} {attrs}><a:t>{_esc(text)}</a:t></p:{name}>")
    else:
        out.append(f"{pad}<p:{name} {attrs}/>")


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _skeleton(doc: OoxmlDoc, sid: str, bounds: bool) -> str:
    root = doc.xml(doc.parts[sid])
    csld = root.find(qn("p:cSld"))
    name = csld.get("name", "") if csld is not None else ""
    head = f'<p:sld id="{sid}" index="{doc.order.index(sid) + 1}"'
    if name:
        head += f' name="{name}"'
    if root.get("show") in ("0", "false"):
        head += ' show="0"'
    out = [head + ">"]
    tree = csld.find(qn("p:spTree")) if csld is not None else None
    for shape in shape_children(tree) if tree is not None else []:
        _skeleton_shape(shape, sid, bounds, out, 1)
    notes = _notes_text(doc, sid)
    if notes:
        out.append(f"  <p:notes>{_esc(notes)}</p:notes>")
    out.append("</p:sld>")
    return "\n".join(out)


def _notes_text(doc: OoxmlDoc, sid: str) -> str:
    for rel in doc.pkg.rels(doc.parts[sid]).of_type(RT.NOTES_SLIDE):
        if doc.pkg.exists(rel.target):
            root = doc.xml(rel.target)
            for sp in root.iter(qn("p:sp")):
                ph = sp.find(f"{qn('p:nvSpPr')}/{qn('p:nvPr')}/{qn('p:ph')}")
                if ph is not None and ph.get("type") == "body":
                    return _text_of(sp)
    return ""


def _theme_part(doc: OoxmlDoc) -> str | None:
    for m in doc.pkg.rels(doc.pres).of_type(RT.SLIDE_MASTER):
        for t in doc.pkg.rels(m.target).of_type(RT.THEME):
            if doc.pkg.exists(t.target):
                return t.target
    return None


def _colour_key(el: etree._Element) -> str:
    if local(el.tag) == "srgbClr":
        return "srgbClr " + (el.get("val") or "").upper()
    if local(el.tag) == "sysClr":
        return "sysClr " + (el.get("lastClr") or el.get("val") or "")
    return "schemeClr " + (el.get("val") or "")


def _colour_use(el: etree._Element) -> str:
    for anc in el.iterancestors():
        name = local(anc.tag)
        if name in ("rPr", "defRPr", "endParaRPr"):
            return "text"
        if name == "ln" or name.startswith("ln"):
            return "line"
        if name == "bg" or name == "bgPr":
            return "background"
        if name in ("spPr", "tcPr", "grpSpPr"):
            return "fill"
    return "other"


def _systemic(doc: OoxmlDoc) -> str:
    parts = [ID_RULE, _size(doc)]
    theme_part = _theme_part(doc)
    if theme_part is not None:
        theme = doc.xml(theme_part)
        elements = theme.find(qn("a:themeElements"))
        for tag in ("a:clrScheme", "a:fontScheme"):
            found = elements.find(qn(tag)) if elements is not None else None
            if found is not None:
                parts.append(_xml(found))
    colours: dict[str, Counter[str]] = defaultdict(Counter)
    colour_slides: dict[str, set[int]] = defaultdict(set)
    fonts: Counter[str] = Counter()
    sizes: dict[str, set[int]] = defaultdict(set)
    for i, sid in enumerate(doc.order):
        root = doc.xml(doc.parts[sid])
        for el in root.iter(qn("a:srgbClr"), qn("a:schemeClr"), qn("a:sysClr")):
            key = _colour_key(el)
            colours[key][_colour_use(el)] += 1
            colour_slides[key].add(i + 1)
        for rpr in root.iter(qn("a:rPr"), qn("a:endParaRPr"), qn("a:defRPr")):
            latin = rpr.find(qn("a:latin"))
            face = latin.get("typeface") if latin is not None else "(theme)"
            fonts[face] += 1
            if rpr.get("sz"):
                sizes[face].add(int(rpr.get("sz", "0")))
    lines = ["<!-- colours in use (element, uses by role, slides) -->"]
    for key, uses in sorted(colours.items(), key=lambda kv: -sum(kv[1].values())):
        roles = ", ".join(f"{k} {v}" for k, v in uses.most_common())
        lines.append(f'<{key.split()[0]} val="{key.split()[1]}"/> {roles}; slides {_ranges(colour_slides[key])}')
    lines.append("<!-- typefaces in use (a:latin, runs, sizes in hundredths of a pt) -->")
    for face, n in fonts.most_common():
        lines.append(f'<a:latin typeface="{face}"/> {n} runs; sz {sorted(sizes[face])}')
    slides = " ".join(f'{i + 1}:"{sid}"' for i, sid in enumerate(doc.order))
    lines.append(f"<!-- slides {slides} -->")
    return "\n".join(parts + lines)


def _ranges(nums: set[int]) -> str:
    return ",".join(str(n) for n in sorted(nums))


def serialize_doc(doc: OoxmlDoc, mode: SerializeMode, targets: list[str]) -> str:
    """The document as OpenXML text for `mode` (targets: slide ids)."""
    wanted = [t for t in targets if t in doc.parts]
    if mode is SerializeMode.FULL:
        body = [_full_slide(doc, sid) for sid in doc.order]
        return "\n".join([ID_RULE, _size(doc), *body])
    if mode is SerializeMode.SLIDE:
        return "\n".join([ID_RULE, *(_full_slide(doc, sid) for sid in wanted)])
    if mode is SerializeMode.MICRO:
        body = [_full_slide(doc, sid) if sid in wanted else _brief(doc, sid) for sid in doc.order]
        return "\n".join([ID_RULE, _size(doc), *body])
    if mode is SerializeMode.MACRO:
        body = [_skeleton(doc, sid, sid in wanted) for sid in doc.order]
        return "\n".join([ID_RULE, _size(doc), *body])
    return _systemic(doc)


def shape_count(doc: OoxmlDoc) -> dict[str, Any]:
    """Shapes per slide (for reports)."""
    return {sid: sum(1 for _ in iter_shapes(doc.sp_tree(sid))) for sid in doc.order}
