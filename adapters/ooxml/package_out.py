"""A writable OPC package: parts as bytes or parsed XML, content types, relationships, zip output.

Parts the writer never touches keep their exact bytes. A package loaded from an ISO-Strict file
stays Strict: parts are parsed translated to transitional namespaces and translated back when
serialized, so the writers only ever handle transitional XML."""

from __future__ import annotations

import io
import posixpath
import zipfile
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path

from lxml import etree

from ace_core.errors import BadInputError
from ace_core.part_names import is_url, part_name
from adapters.ooxml.ns import NS, STRICT_MARKER, STRICT_TO_TRANSITIONAL
from adapters.ooxml.package import Limits, open_package, safe_parser
from adapters.ooxml.xmlgen import serialize

__all__ = ["CONTENT_TYPES", "TEMPLATE_DIR", "TEMPLATE_PATH", "OutPackage", "OutRel", "rels_part_of"]

# located without importing python-pptx (slow to import; only charts need it)
TEMPLATE_DIR = Path(find_spec("pptx").origin or "").resolve().parent / "templates"  # type: ignore[union-attr]
TEMPLATE_PATH = TEMPLATE_DIR / "default.pptx"
"""python-pptx's blank 'Office Theme' deck: fresh decks start from it."""
_CT = "application/vnd.openxmlformats-officedocument."
CONTENT_TYPES = {
    "slide": _CT + "presentationml.slide+xml",
    "slideLayout": _CT + "presentationml.slideLayout+xml",
    "slideMaster": _CT + "presentationml.slideMaster+xml",
    "notesSlide": _CT + "presentationml.notesSlide+xml",
    "notesMaster": _CT + "presentationml.notesMaster+xml",
    "theme": _CT + "theme+xml",
    "chart": _CT + "drawingml.chart+xml",
    "xlsx": _CT + "spreadsheetml.sheet",
    "rels": "application/vnd.openxmlformats-package.relationships+xml",
    "xml": "application/xml",
}
MEDIA_TYPES = {
    "png": "image/png",
    "jpeg": "image/jpeg",
    "jpg": "image/jpeg",
    "gif": "image/gif",
    "bmp": "image/bmp",
    "tiff": "image/tiff",
    "tif": "image/tiff",
    "svg": "image/svg+xml",
    "emf": "image/x-emf",
    "wmf": "image/x-wmf",
    "webp": "image/webp",
    "wdp": "image/vnd.ms-photo",
    "xlsx": CONTENT_TYPES["xlsx"],
    "mp4": "video/mp4",
    "mp3": "audio/mpeg",
    "wav": "audio/wav",
    "m4a": "audio/mp4",
    "mov": "video/quicktime",
    "wmv": "video/x-ms-wmv",
    "avi": "video/avi",
    "bin": "application/vnd.openxmlformats-officedocument.oleObject",
}
# already compressed: stored as they are (deflating them again costs time and saves nothing)
_COMPRESSED_EXT = {"png", "jpeg", "jpg", "gif", "mp4", "mp3", "m4a", "m4v", "mov", "wdp", "xlsx", "docx", "zip", "webp"}
_TRANSITIONAL_TO_STRICT = [(t, s) for s, t in STRICT_TO_TRANSITIONAL]


def rels_part_of(part: str) -> str:
    """The relationships part of `part` ('' = the package): ppt/slides/_rels/slide1.xml.rels."""
    directory, base = posixpath.split(part)
    return posixpath.join(directory, "_rels", base + ".rels")


@dataclass
class OutRel:
    rid: str
    type: str
    target: str
    """a part name (no leading '/') or, when external, the URL"""
    external: bool = False


class _Rels:
    """The relationships of one part, editable. Unchanged rels parts keep their bytes."""

    def __init__(self, source: str, rels: list[OutRel]) -> None:
        self.source = source
        self.items: dict[str, OutRel] = {r.rid: r for r in rels}
        self.dirty = False

    def add(self, rtype: str, target: str, *, external: bool = False, reuse: bool = True) -> str:
        """A relationship of `rtype` to `target` (an existing one when `reuse`); returns its rId."""
        if reuse:
            for r in self.items.values():
                if r.type == rtype and r.target == target and r.external == external:
                    return r.rid
        n = len(self.items) + 1
        while f"rId{n}" in self.items:
            n += 1
        rid = f"rId{n}"
        self.items[rid] = OutRel(rid, rtype, target, external)
        self.dirty = True
        return rid

    def remove(self, rid: str) -> None:
        if self.items.pop(rid, None) is not None:
            self.dirty = True

    def get(self, rid: str | None) -> OutRel | None:
        return self.items.get(rid or "")

    def of_type(self, rtype: str) -> list[OutRel]:
        return [r for r in self.items.values() if r.type == rtype]

    def to_xml(self) -> etree._Element:
        root = etree.Element(f"{{{NS['pr']}}}Relationships", nsmap={None: NS["pr"]})
        base = posixpath.dirname(self.source)
        for r in self.items.values():
            attrs = {"Id": r.rid, "Type": r.type}
            if r.external:
                attrs["Target"] = r.target
                attrs["TargetMode"] = "External"
            else:
                attrs["Target"] = r.target if is_url(r.target) or not base else posixpath.relpath(r.target, base)
            etree.SubElement(root, f"{{{NS['pr']}}}Relationship", attrs)
        return root


class OutPackage:
    """Parts by name (no leading '/'), in zip order."""

    def __init__(self) -> None:
        self.parts: dict[str, bytes] = {}
        self.stored: dict[str, bool] = {}
        """parts loaded from a source package: whether it stored them uncompressed (kept so)"""
        self._xml: dict[str, etree._Element] = {}
        self._rels: dict[str, _Rels] = {}
        self.defaults: dict[str, str] = {}
        self.overrides: dict[str, str] = {}
        self._ct_bytes = b""
        self._ct_dirty = True
        self.strict = False
        self.main_part = "ppt/presentation.xml"
        """the presentation part, as the reader found it (a root relationship may name a missing part)"""
        self._parser = safe_parser()

    # -- loading -----------------------------------------------------------------------------------
    @classmethod
    def load(cls, data: bytes, *, where: str = "<package>", limits: Limits | None = None) -> OutPackage:
        """A package from the bytes of a .pptx (checked by the reader's safe package opener)."""
        src = open_package(data, where=where, limits=limits)
        pkg = cls()
        for name in src.part_names():
            pkg.parts[name] = src.read_bytes(name)
            pkg.stored[name] = src.is_stored(name)
        pkg.main_part = src.main_part
        pkg.strict = any(STRICT_MARKER in pkg.parts.get(n, b"") for n in ("ppt/presentation.xml", src.main_part))
        ct = pkg.parts.pop("[Content_Types].xml", None)
        if ct is not None:
            root = pkg._parse(ct, "[Content_Types].xml")
            for item in root:
                local = etree.QName(item).localname if isinstance(item.tag, str) else ""
                if local == "Default":
                    pkg.defaults[(item.get("Extension") or "").lower()] = item.get("ContentType") or ""
                elif local == "Override":
                    pkg.overrides[(item.get("PartName") or "").lstrip("/")] = item.get("ContentType") or ""
            pkg._ct_bytes = ct
            pkg._ct_dirty = False
        return pkg

    @classmethod
    def template(cls) -> OutPackage:
        """The blank package fresh decks start from (one master, the standard layouts, a theme)."""
        return cls.load(TEMPLATE_PATH.read_bytes(), where=str(TEMPLATE_PATH))

    def _parse(self, data: bytes, name: str) -> etree._Element:
        if self.strict and STRICT_MARKER in data:
            for strict, transitional in STRICT_TO_TRANSITIONAL:
                data = data.replace(strict.encode(), transitional.encode())
        try:
            return etree.fromstring(data, self._parser)
        except etree.XMLSyntaxError as exc:
            raise BadInputError(f"part {name} is not well-formed XML ({exc.msg})", where=name) from exc

    # -- parts -------------------------------------------------------------------------------------
    def exists(self, name: str) -> bool:
        return name in self.parts or name in self._xml

    def names(self) -> list[str]:
        return list(self.parts)

    def get_bytes(self, name: str) -> bytes:
        if name in self._xml:
            return self._serialize(self._xml[name])
        return self.parts[name]

    def xml(self, name: str) -> etree._Element:
        """The parsed root of a part, for reading or editing: an edited tree is what gets written."""
        root = self._xml.get(name)
        if root is None:
            if name not in self.parts:
                raise KeyError(name)
            root = self._parse(self.parts[name], name)
            self._xml[name] = root
        return root

    def peek_xml(self, name: str) -> etree._Element:
        """A parsed copy of a part that is NOT written back (for reading only)."""
        if name in self._xml:
            return self._xml[name]
        return self._parse(self.parts[name], name)

    def put_xml(self, name: str, root: etree._Element, content_type: str | None = None) -> None:
        self.parts.setdefault(name, b"")
        self._xml[name] = root
        if content_type:
            self.set_content_type(name, content_type)

    def put_bytes(self, name: str, data: bytes, content_type: str | None = None) -> None:
        self._xml.pop(name, None)
        self.parts[name] = data
        if content_type:
            self.set_content_type(name, content_type)
        else:
            self._ensure_default(name)

    def remove(self, name: str) -> None:
        """Drop a part, its relationships part and its content type override."""
        self.parts.pop(name, None)
        self._xml.pop(name, None)
        if self.overrides.pop(name, None) is not None:
            self._ct_dirty = True
        rels = rels_part_of(name)
        self.parts.pop(rels, None)
        self._rels.pop(name, None)

    def next_name(self, pattern: str) -> str:
        """The first free part name for a pattern like 'ppt/slides/slide{}.xml' (numbered from 1)."""
        taken = {n.lower() for n in self.parts}
        n = 1
        while pattern.format(n).lower() in taken:
            n += 1
        return pattern.format(n)

    # -- content types -----------------------------------------------------------------------------
    def content_type(self, name: str) -> str | None:
        if name in self.overrides:
            return self.overrides[name]
        ext = posixpath.splitext(name)[1].lstrip(".").lower()
        return self.defaults.get(ext)

    def set_content_type(self, name: str, content_type: str) -> None:
        if self.content_type(name) != content_type:
            self.overrides[name] = content_type
            self._ct_dirty = True

    def _ensure_default(self, name: str) -> None:
        ext = posixpath.splitext(name)[1].lstrip(".").lower()
        if name in self.overrides or ext in self.defaults:
            return
        self.defaults[ext] = MEDIA_TYPES.get(ext, "application/octet-stream")
        self._ct_dirty = True

    def _content_types_xml(self) -> bytes:
        if not self._ct_dirty:
            return self._ct_bytes
        root = etree.Element(f"{{{NS['ct']}}}Types", nsmap={None: NS["ct"]})
        for ext, ctype in self.defaults.items():
            etree.SubElement(root, f"{{{NS['ct']}}}Default", Extension=ext, ContentType=ctype)
        for name, ctype in self.overrides.items():
            if self.exists(name):
                etree.SubElement(root, f"{{{NS['ct']}}}Override", PartName="/" + name, ContentType=ctype)
        return serialize(root)

    # -- relationships -----------------------------------------------------------------------------
    def rels(self, source: str) -> _Rels:
        """The editable relationships of `source` ('' = the package)."""
        found = self._rels.get(source)
        if found is not None:
            return found
        items: list[OutRel] = []
        name = rels_part_of(source)
        if name in self.parts:
            base = posixpath.dirname(source)
            for r in self._parse(self.parts[name], name):
                if not isinstance(r.tag, str):
                    continue
                target = r.get("Target") or ""
                external = (r.get("TargetMode") or "").lower() == "external"
                if not external:
                    target = part_name(base, target) or target  # a URL names no part: kept as written
                items.append(OutRel(r.get("Id") or "", r.get("Type") or "", target, external))
        rels = _Rels(source, items)
        self._rels[source] = rels
        return rels

    def relate(self, source: str, rtype: str, target: str, *, external: bool = False) -> str:
        return self.rels(source).add(rtype, target, external=external)

    def add_media(self, data: bytes, ext: str, *, folder: str = "ppt/media", stem: str = "image") -> str:
        """Store media bytes as a new part (the same bytes are stored once); returns the part name."""
        ext = ext.lower().lstrip(".")
        key = (len(data), hash(data), ext)
        cache: dict[tuple[int, int, str], str] = self.__dict__.setdefault("_media", {})
        if key in cache and cache[key] in self.parts and self.parts[cache[key]] == data:
            return cache[key]
        name = self.next_name(f"{folder}/{stem}{{}}.{ext}")
        self.put_bytes(name, data)
        cache[key] = name
        return name

    # -- output ------------------------------------------------------------------------------------
    def _serialize(self, root: etree._Element) -> bytes:
        data = serialize(root)
        if self.strict:
            for transitional, strict in _TRANSITIONAL_TO_STRICT:
                data = data.replace(transitional.encode(), strict.encode())
        return data

    def _unchanged_or(self, name: str, data: bytes) -> bytes:
        """The part's original bytes when its parsed tree was not changed, else `data`."""
        orig = self.parts.get(name)
        if not orig or orig == data:
            return data
        try:
            same = self._serialize(self._parse(orig, name)) == data
        except BadInputError:
            return data
        return orig if same else data

    def to_bytes(self) -> bytes:
        """The package as zip bytes: [Content_Types].xml first, then every part in order."""
        for source, rels in self._rels.items():
            name = rels_part_of(source)
            if rels.dirty or (name not in self.parts and rels.items):
                if rels.items:
                    self.parts[name] = self._serialize(rels.to_xml())
                    if self.content_type(name) is None:  # sources may declare each .rels part by Override
                        self.set_content_type(name, CONTENT_TYPES["rels"])
                else:
                    self.parts.pop(name, None)
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
            zf.writestr(_zinfo("[Content_Types].xml"), self._content_types_xml())
            for name, data in self.parts.items():
                if name in self._xml:
                    data = self._unchanged_or(name, self._serialize(self._xml[name]))
                ext = posixpath.splitext(name)[1].lstrip(".").lower()
                zf.writestr(_zinfo(name, stored=self.stored.get(name, ext in _COMPRESSED_EXT)), data)
        return buf.getvalue()


def _zinfo(name: str, stored: bool = False) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    return info
