"""SVG pictures put inline in the page, so the text they draw is real HTML text (selectable, found
by search and by screen readers) instead of pixels of an <img> or a background image.

An SVG document (or an EMF / WMF converted to SVG) becomes an <svg> element that fills the box
the picture's CSS layer would have filled: its ids are prefixed per node (two copies of one
picture, or two pictures with the same ids, cannot collide), the parts a browser never draws
(<title>, <desc>, <metadata>) are dropped, and a document that could act on the page once inline
(<script>, <style>, <foreignObject>, event attributes, javascript: links) or that refers to
anything outside itself (links, external pictures or fonts, which an SVG image never loads) is left
as an image."""

from __future__ import annotations

import re

from lxml import etree

from ace_core.xml_safe import safe_xml_parser

__all__ = ["inline_svg"]

_SVG_NS = "http://www.w3.org/2000/svg"
_UNSAFE = {"script", "style", "foreignObject", "iframe", "object", "embed"}
_UNDRAWN = {"title", "desc", "metadata"}
_REF = re.compile(r"url\(\s*#([^)\s]+)\s*\)")
_LENGTH = re.compile(r"^\s*([\d.]+)\s*(px|pt|mm|cm|in)?\s*$")
_PX = {"px": 1.0, "pt": 96 / 72, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0, None: 1.0}


def _local(tag: object) -> str:
    return etree.QName(tag).localname if isinstance(tag, str) else ""


def _px(value: str | None) -> float | None:
    m = _LENGTH.match(value or "")
    return float(m.group(1)) * _PX[m.group(2)] if m else None


_URL = re.compile(r"url\(\s*['\"]?([^)'\"]*)", re.I)


def _local_only(name: str, value: str) -> bool:
    """Whether an attribute refers only to the document itself or to inline image data: an
    inline SVG fetching from elsewhere would reach the network, which an SVG image cannot."""
    v = value.strip().lower()
    if name in ("href", "src") and v and not v.startswith(("#", "data:image/")):
        return False
    return all(u.strip().startswith("#") for u in _URL.findall(value))


def inline_svg(data: bytes, prefix: str, *, aspect: str | None = None, style: str = "") -> str | None:
    """`data` (an SVG document) as an inline <svg> element sized by `style` (CSS of the box it
    fills), ids prefixed with `prefix`; `aspect` replaces its preserveAspectRatio (None keeps the
    document's own, which is what a stretched image of it shows). None when it cannot be inlined."""
    parser = safe_xml_parser(remove_comments=True)
    try:
        root = etree.fromstring(data, parser)
    except (etree.XMLSyntaxError, ValueError):
        return None
    if _local(root.tag) != "svg" or etree.QName(root.tag).namespace != _SVG_NS:
        return None
    ids: dict[str, str] = {}
    for el in root.iter():
        name = _local(el.tag)
        if name in _UNSAFE:
            return None
        for key, value in el.attrib.items():
            if etree.QName(key).localname.lower().startswith("on") or "javascript:" in value.lower():
                return None
            if not _local_only(etree.QName(key).localname, value):
                return None
        if el.get("id"):
            ids[el.get("id", "")] = f"{prefix}-{el.get('id')}"
    for el in list(root.iter()):
        if _local(el.tag) in _UNDRAWN and el.getparent() is not None:
            el.getparent().remove(el)  # type: ignore[union-attr]
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        for key, value in el.attrib.items():
            if key == "id" and value in ids:
                el.set(key, ids[value])
            elif etree.QName(key).localname == "href" and value.startswith("#") and value[1:] in ids:
                el.set(key, "#" + ids[value[1:]])
            elif "url(" in value:
                el.set(key, _REF.sub(lambda m: f"url(#{ids.get(m.group(1), m.group(1))})", value))
    if root.get("viewBox") is None:
        w, h = _px(root.get("width")), _px(root.get("height"))
        if not w or not h:
            return None
        root.set("viewBox", f"0 0 {w:g} {h:g}")
    root.set("width", "100%")
    root.set("height", "100%")
    if aspect is not None:
        root.set("preserveAspectRatio", aspect)
    root.set("style", style.rstrip(";") + (";" if style.strip() else "") + "display:block;overflow:hidden")
    return etree.tostring(root, encoding="unicode")
