"""OOXML namespaces, relationship types and content types, plus the ISO-Strict -> transitional map."""

from __future__ import annotations

__all__ = [
    "CT",
    "NS",
    "RT",
    "STRICT_TO_TRANSITIONAL",
    "local",
    "qn",
]

NS: dict[str, str] = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "c": "http://schemas.openxmlformats.org/drawingml/2006/chart",
    "cdr": "http://schemas.openxmlformats.org/drawingml/2006/chartDrawing",
    "dgm": "http://schemas.openxmlformats.org/drawingml/2006/diagram",
    "pic": "http://schemas.openxmlformats.org/drawingml/2006/picture",
    "lc": "http://schemas.openxmlformats.org/drawingml/2006/lockedCanvas",
    "m": "http://schemas.openxmlformats.org/officeDocument/2006/math",
    "mc": "http://schemas.openxmlformats.org/markup-compatibility/2006",
    "pr": "http://schemas.openxmlformats.org/package/2006/relationships",
    "ct": "http://schemas.openxmlformats.org/package/2006/content-types",
    "dsp": "http://schemas.microsoft.com/office/drawing/2008/diagram",
    "p14": "http://schemas.microsoft.com/office/powerpoint/2010/main",
    "p15": "http://schemas.microsoft.com/office/powerpoint/2012/main",
    "a14": "http://schemas.microsoft.com/office/drawing/2010/main",
    "a16": "http://schemas.microsoft.com/office/drawing/2014/main",
    "asvg": "http://schemas.microsoft.com/office/drawing/2016/SVG/main",
    "c14": "http://schemas.microsoft.com/office/drawing/2007/8/2/chart",
    "c15": "http://schemas.microsoft.com/office/drawing/2012/chart",
    "cx": "http://schemas.microsoft.com/office/drawing/2014/chartex",
    "v": "urn:schemas-microsoft-com:vml",
    "ace": "http://schemas.ace-slides.dev/ooxml/2025/main",
}


_QN: dict[str, str] = {}
_LOCAL: dict[str, str] = {}


def qn(tag: str) -> str:
    """'a:off' -> '{http://...drawingml/2006/main}off' (Clark notation for lxml)."""
    found = _QN.get(tag)
    if found is None:
        prefix, _, name = tag.partition(":")
        found = _QN[tag] = f"{{{NS[prefix]}}}{name}"
    return found


def local(tag: object) -> str:
    """Local name of an lxml tag ('{ns}name' -> 'name'); '' for comments and processing instructions."""
    if not isinstance(tag, str):
        return ""
    found = _LOCAL.get(tag)
    if found is None:
        found = tag.rpartition("}")[2]
        if len(_LOCAL) < 10_000:
            _LOCAL[tag] = found
    return found


_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"


class RT:
    """Relationship types (transitional spelling; Strict files are translated on read)."""

    OFFICE_DOCUMENT = _R + "officeDocument"
    SLIDE = _R + "slide"
    SLIDE_LAYOUT = _R + "slideLayout"
    SLIDE_MASTER = _R + "slideMaster"
    NOTES_SLIDE = _R + "notesSlide"
    NOTES_MASTER = _R + "notesMaster"
    THEME = _R + "theme"
    IMAGE = _R + "image"
    CHART = _R + "chart"
    PACKAGE = _R + "package"
    OLE_OBJECT = _R + "oleObject"
    HYPERLINK = _R + "hyperlink"
    VIDEO = _R + "video"
    AUDIO = _R + "audio"
    TABLE_STYLES = _R + "tableStyles"
    DIAGRAM_DATA = _R + "diagramData"
    DIAGRAM_DRAWING = "http://schemas.microsoft.com/office/2007/relationships/diagramDrawing"
    MEDIA = "http://schemas.microsoft.com/office/2007/relationships/media"
    COMMENTS = _R + "comments"
    CUSTOM_XML = _R + "customXml"
    VBA = "http://schemas.microsoft.com/office/2006/relationships/vbaProject"


class CT:
    """Main-part content types that identify the kind of presentation package."""

    PRESENTATION = "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"
    MACRO = "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml"
    TEMPLATE = "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml"
    MACRO_TEMPLATE = "application/vnd.ms-powerpoint.template.macroEnabled.main+xml"
    SLIDESHOW = "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml"
    MACRO_SLIDESHOW = "application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml"

    VARIANTS = {
        PRESENTATION: "presentation",
        MACRO: "macro-presentation",
        TEMPLATE: "template",
        MACRO_TEMPLATE: "macro-template",
        SLIDESHOW: "slideshow",
        MACRO_SLIDESHOW: "macro-slideshow",
    }


# ISO/IEC 29500 Strict namespace URIs -> their transitional (ECMA-376) equivalents. Relationship
# types use the same prefixes (http://purl.oclc.org/ooxml/officeDocument/relationships/slide), so
# one prefix map translates both element namespaces and relationship types.
STRICT_TO_TRANSITIONAL: list[tuple[str, str]] = [
    (
        "http://purl.oclc.org/ooxml/officeDocument/relationships/metadata/core-properties",
        "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties",
    ),
    (
        "http://purl.oclc.org/ooxml/officeDocument/relationships",
        "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    ),
    ("http://purl.oclc.org/ooxml/presentationml/main", "http://schemas.openxmlformats.org/presentationml/2006/main"),
    ("http://purl.oclc.org/ooxml/drawingml/main", "http://schemas.openxmlformats.org/drawingml/2006/main"),
    (
        "http://purl.oclc.org/ooxml/drawingml/chartDrawing",
        "http://schemas.openxmlformats.org/drawingml/2006/chartDrawing",
    ),
    ("http://purl.oclc.org/ooxml/drawingml/chart", "http://schemas.openxmlformats.org/drawingml/2006/chart"),
    ("http://purl.oclc.org/ooxml/drawingml/diagram", "http://schemas.openxmlformats.org/drawingml/2006/diagram"),
    ("http://purl.oclc.org/ooxml/drawingml/picture", "http://schemas.openxmlformats.org/drawingml/2006/picture"),
    (
        "http://purl.oclc.org/ooxml/drawingml/lockedCanvas",
        "http://schemas.openxmlformats.org/drawingml/2006/lockedCanvas",
    ),
    (
        "http://purl.oclc.org/ooxml/drawingml/spreadsheetDrawing",
        "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing",
    ),
    (
        "http://purl.oclc.org/ooxml/drawingml/wordprocessingDrawing",
        "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing",
    ),
    ("http://purl.oclc.org/ooxml/officeDocument/math", "http://schemas.openxmlformats.org/officeDocument/2006/math"),
    (
        "http://purl.oclc.org/ooxml/officeDocument/sharedTypes",
        "http://schemas.openxmlformats.org/officeDocument/2006/sharedTypes",
    ),
    (
        "http://purl.oclc.org/ooxml/officeDocument/extendedProperties",
        "http://schemas.openxmlformats.org/officeDocument/2006/extended-properties",
    ),
    (
        "http://purl.oclc.org/ooxml/officeDocument/customProperties",
        "http://schemas.openxmlformats.org/officeDocument/2006/custom-properties",
    ),
    (
        "http://purl.oclc.org/ooxml/officeDocument/docPropsVTypes",
        "http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes",
    ),
    (
        "http://purl.oclc.org/ooxml/officeDocument/customXml",
        "http://schemas.openxmlformats.org/officeDocument/2006/customXml",
    ),
    ("http://purl.oclc.org/ooxml/spreadsheetml/main", "http://schemas.openxmlformats.org/spreadsheetml/2006/main"),
    (
        "http://purl.oclc.org/ooxml/wordprocessingml/main",
        "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
    ),
]

STRICT_MARKER = b"http://purl.oclc.org/ooxml/"
