"""ISO/IEC 29500 Strict -> Transitional, as PowerPoint saves a Strict deck in its default format:
namespaces and relationship types in their transitional spelling, Strict's value forms ('50%',
'2.5in') as transitional integers, no `conformance` attribute. Readers that refuse Strict
(python-pptx, Apache POI, markitdown, docling) then open the file."""

from __future__ import annotations

import re

from lxml import etree

from adapters.ooxml.ns import NS, STRICT_MARKER, STRICT_TO_TRANSITIONAL
from adapters.ooxml.package_out import OutPackage

__all__ = ["to_transitional", "transitional_values"]

_PERCENT = re.compile(r"^\s*(-?\d+(?:\.\d+)?)%\s*$")
_MEASURE = re.compile(r"^\s*(-?\d+(?:\.\d+)?)(mm|cm|in|pt|pc|pi)\s*$")
_EMU_PER = {"mm": 36000, "cm": 360000, "in": 914400, "pt": 12700, "pc": 152400, "pi": 152400}
# attributes that hold names or text, never a measure
_TEXT_ATTRS = {"name", "descr", "title", "typeface", "panose", "fmla", "uri", "lang", "altLang", "id", "action"}
_CHART_NS = {NS["c"], "http://schemas.microsoft.com/office/drawing/2007/8/2/chart"}
_XML_SUFFIXES = (".xml", ".rels", ".vml")


def transitional_values(root: etree._Element) -> int:
    """Rewrite Strict value forms in a parsed part (namespaces already transitional): DrawingML
    percentages to thousandths ('50%' -> 50000), chart percentages to whole percents
    (c:gapWidth '150%' -> 150), universal measures to EMU ('1in' -> 914400); drop
    p:presentation/@conformance. Returns how many attributes changed."""
    changed = 0
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        qname = etree.QName(el)
        if qname.localname == "presentation" and el.get("conformance") is not None:
            del el.attrib["conformance"]
            changed += 1
        for key, value in list(el.attrib.items()):
            if etree.QName(key).localname in _TEXT_ATTRS:
                continue
            m = _PERCENT.match(value)
            if m is not None:
                number = float(m.group(1))
                el.set(key, str(round(number if qname.namespace in _CHART_NS else number * 1000)))
                changed += 1
                continue
            m = _MEASURE.match(value)
            if m is not None:
                el.set(key, str(round(float(m.group(1)) * _EMU_PER[m.group(2)])))
                changed += 1
    return changed


def to_transitional(pkg: OutPackage) -> int:
    """Turn a package loaded from a Strict file Transitional in place (every XML part and
    relationships part that spells Strict); returns the number of parts rewritten."""
    if not pkg.strict:
        return 0
    count = 0
    for name in list(pkg.names()):
        data = pkg.get_bytes(name) if name.endswith(_XML_SUFFIXES) else b""
        if STRICT_MARKER not in data:
            continue
        if name.endswith(".rels"):
            for strict, transitional in STRICT_TO_TRANSITIONAL:
                data = data.replace(strict.encode(), transitional.encode())
            pkg.parts[name] = data  # its bytes only (a relationships part has no content type of its own)
        else:
            transitional_values(pkg.xml(name))  # parsed in transitional namespaces, written as edited
        count += 1
    pkg.strict = False
    return count
