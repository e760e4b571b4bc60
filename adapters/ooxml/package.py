"""Safe OPC package access: bounded zip reading, content types, relationships, hardened XML parsing.

Every failure on untrusted input becomes a `BadInputError` naming the file and the problem: not a
zip, truncated, encrypted (OLE2), a zip bomb, too many parts, XML with a DTD. Relationship targets
resolve inside the zip ('..' clamped at the root, URLs name no part). ISO-Strict parts are
translated to transitional namespaces as they are parsed, so the readers only ever see
transitional XML."""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

from lxml import etree

from ace_core.assets import SPILL_BYTES, AssetStore
from ace_core.errors import BadInputError, UnsupportedError
from ace_core.fsutil import read_input
from ace_core.limits import MAX_INPUT, MAX_PARTS, MAX_SLIDES, MAX_UNPACKED, MAX_UNPACKED_RATIO, RATIO_FLOOR
from ace_core.part_names import part_name
from ace_core.xml_safe import safe_xml_parser
from adapters.ooxml.ns import CT, RT, STRICT_MARKER, STRICT_TO_TRANSITIONAL
from adapters.sniff import OLE2_MAGIC, ZIP_MAGIC

__all__ = ["Limits", "Package", "Rel", "open_package", "safe_parser"]

MiB = 1024 * 1024


_UNPACK_ERRORS = (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError, NotImplementedError, RuntimeError)
"""what unpacking a damaged zip member raises"""


@dataclass(frozen=True)
class Limits:
    """Bounds on what a package may make us read (memory and disk stay bounded by these). The
    defaults come from ace_core.limits (each raised by its environment variable)."""

    max_file_size: int = field(default_factory=lambda: MAX_INPUT.value)
    max_members: int = field(default_factory=lambda: MAX_PARTS.value)
    max_member_size: int = 512 * MiB
    max_total_size: int = field(default_factory=lambda: MAX_UNPACKED.value)
    """the budget of unpacked bytes for the whole package (declared sizes, and bytes read)"""
    max_xml_size: int = 128 * MiB
    max_ratio: float = 200.0
    ratio_floor: int = 8 * MiB
    """compression ratio is only checked for members larger than this (uncompressed bytes)"""
    max_package_ratio: float = field(default_factory=lambda: float(MAX_UNPACKED_RATIO.value))
    """the whole package may unpack to at most this many times its size (above `package_ratio_floor`)"""
    package_ratio_floor: int = RATIO_FLOOR
    max_slides: int = field(default_factory=lambda: MAX_SLIDES.value)


@dataclass(frozen=True)
class Rel:
    """One relationship: `target` is a part name (no leading '/') or, when external, a URL."""

    rid: str
    type: str
    target: str
    external: bool = False


def safe_parser() -> etree.XMLParser:
    """The parser used on package parts (`ace_core.xml_safe`, processing instructions removed)."""
    return safe_xml_parser(remove_pis=True)


_DOCTYPE = re.compile(rb"^(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]*\?>)?(?:\s|<!--.*?-->)*<!DOCTYPE", re.S | re.I)
_ENCRYPTED_MARK = "EncryptedPackage".encode("utf-16-le")
_PPT97_MARK = "PowerPoint Document".encode("utf-16-le")


def _refuse_ole2(data: bytes, where: str) -> None:
    if _ENCRYPTED_MARK in data:
        raise BadInputError(
            "the presentation is password-protected (an encrypted OLE2 container, not a zip)",
            where=where,
            hint="remove the password in PowerPoint (File > Info > Protect Presentation) and save again",
        )
    if _PPT97_MARK in data:
        raise UnsupportedError(
            "a legacy binary PowerPoint 97-2003 (.ppt) file, not OOXML",
            where=where,
            hint="convert it first: soffice --headless --convert-to pptx FILE",
        )
    raise BadInputError("an OLE2 compound file, not an OOXML (zip) package", where=where)


class Package:
    """An opened OPC package. Part names are given without a leading '/', as in the zip."""

    def __init__(self, data: bytes, where: str, limits: Limits | None = None) -> None:
        self.data = data
        self.where = where
        self.limits = limits or Limits()
        self.strict = False
        self._parser = safe_parser()
        self._xml: dict[str, etree._Element | None] = {}
        self._raw: dict[str, bytes] = {}  # bytes read ahead (peek_bytes), handed to the parser once
        self._rels: dict[str, dict[str, Rel]] = {}
        self._read_total = 0
        self._read_parts: set[str] = set()
        try:
            self.zip = zipfile.ZipFile(io.BytesIO(data))
            infos = self.zip.infolist()
        except zipfile.BadZipFile as exc:
            raise BadInputError(
                f"not a readable zip package ({_zip_reason(exc)})",
                where=where,
                hint="the file is corrupt or truncated; re-export it from the authoring tool",
            ) from exc
        except (OSError, EOFError, ValueError, NotImplementedError) as exc:
            raise BadInputError(f"not a readable zip package ({exc})", where=where) from exc
        self._check_members(infos)
        self._names = {info.filename.lstrip("/").lower(): info for info in infos if not info.is_dir()}
        self.content_types = self._read_content_types()
        self.main_part = self._find_main_part()
        self.main_content_type = self.content_type(self.main_part) or ""

    # -- structure checks ------------------------------------------------------------------------
    def _check_members(self, infos: list[zipfile.ZipInfo]) -> None:
        lim = self.limits
        if len(infos) > lim.max_members:
            raise MAX_PARTS.refuse(
                f"the package has {len(infos):,} parts", where=self.where, needed=len(infos), limit=lim.max_members
            )
        total = 0
        for info in infos:
            total += info.file_size
            if info.flag_bits & 0x1:
                raise BadInputError(f"zip member {info.filename} is encrypted", where=self.where)
            if info.file_size > lim.max_member_size:
                raise BadInputError(
                    f"zip member {info.filename} unpacks to {info.file_size // MiB} MiB "
                    f"(limit {lim.max_member_size // MiB} MiB)",
                    where=self.where,
                )
            if info.file_size > lim.ratio_floor and info.file_size > lim.max_ratio * max(info.compress_size, 1):
                raise BadInputError(
                    f"zip bomb: member {info.filename} expands {info.file_size // max(info.compress_size, 1)}x "
                    f"to {info.file_size // MiB} MiB",
                    where=self.where,
                    hint="refusing to unpack it",
                )
        if total > lim.max_total_size:
            raise MAX_UNPACKED.refuse(
                f"the package unpacks to {total // MiB:,} MiB, over the budget of unpacked bytes; not unpacked",
                where=self.where,
                needed=total,
                limit=lim.max_total_size,
            )
        on_disk = max(len(self.data), 1)
        if total > lim.package_ratio_floor and total > lim.max_package_ratio * on_disk:
            raise MAX_UNPACKED_RATIO.refuse(
                f"zip bomb: the package expands {total // on_disk:,}x, from {on_disk / MiB:.1f} MiB "
                f"to {total // MiB:,} MiB; not unpacked",
                where=self.where,
                needed=total / on_disk + 1,
                limit=int(lim.max_package_ratio),
            )

    # -- raw parts -------------------------------------------------------------------------------
    def exists(self, name: str) -> bool:
        return name.lstrip("/").lower() in self._names

    def is_stored(self, name: str) -> bool:
        """Whether the zip keeps the part uncompressed."""
        return self._member(name).compress_type == zipfile.ZIP_STORED

    def part_names(self) -> list[str]:
        return [info.filename.lstrip("/") for info in self._names.values()]

    def _member(self, name: str) -> zipfile.ZipInfo:
        info = self._names.get(name.lstrip("/").lower())
        if info is None:
            raise BadInputError(f"part {name} is missing from the package", where=self.where)
        return info

    def store_part(self, name: str, store: AssetStore) -> str:
        """Put a part's bytes into an asset store and return the key; a large part is streamed to
        the store's spool on disk (never held in memory whole)."""
        info = self._member(name)
        if info.file_size <= SPILL_BYTES:
            return store.put(self.read_bytes(name))
        self._count(info)
        try:
            with self.zip.open(info) as fh:
                return store.put_stream(fh, limit=info.file_size)
        except BadInputError as exc:
            raise BadInputError(f"part {info.filename} is larger than its zip header says", where=self.where) from exc
        except _UNPACK_ERRORS as exc:
            raise self._corrupt(info, exc) from exc

    def _corrupt(self, info: zipfile.ZipInfo, exc: BaseException) -> BadInputError:
        return BadInputError(
            f"part {info.filename} is corrupt and cannot be unpacked ({exc})",
            where=self.where,
            hint="the file is damaged; re-export it from the authoring tool",
        )

    def read_bytes(self, name: str) -> bytes:
        """The bytes of a part (bounded by the declared size; a lying header is refused)."""
        info = self._member(name)
        self._count(info)
        try:
            with self.zip.open(info) as fh:
                data = fh.read(info.file_size + 1)
        except _UNPACK_ERRORS as exc:
            raise self._corrupt(info, exc) from exc
        if len(data) > info.file_size:
            raise BadInputError(f"part {info.filename} is larger than its zip header says", where=self.where)
        return data

    def _count(self, info: zipfile.ZipInfo) -> None:
        """Charge a part's unpacked bytes to the package's budget (each part once)."""
        if info.filename not in self._read_parts:
            self._read_parts.add(info.filename)
            self._read_total += info.file_size
        if self._read_total > self.limits.max_total_size:
            raise MAX_UNPACKED.refuse(
                f"reading the package unpacks more than {self.limits.max_total_size // MiB:,} MiB",
                where=self.where,
                limit=self.limits.max_total_size,
            )

    def peek_bytes(self, name: str) -> bytes:
        """The bytes of a part, kept until the part is parsed (so it is unpacked only once)."""
        key = name.lstrip("/")
        data = self._raw.get(key)
        if data is None:
            data = self._raw[key] = self.read_bytes(key)
        return data

    # -- XML -------------------------------------------------------------------------------------
    def xml(self, name: str) -> etree._Element | None:
        """The parsed root of an XML part (Strict translated), None when the part is missing."""
        key = name.lstrip("/")
        if key in self._xml:
            return self._xml[key]
        if not self.exists(key):
            self._xml[key] = None
            return None
        info = self._names[key.lower()]
        if info.file_size > self.limits.max_xml_size:
            raise BadInputError(
                f"XML part {key} is {info.file_size // MiB} MiB (limit {self.limits.max_xml_size // MiB} MiB)",
                where=self.where,
            )
        data = self._raw.pop(key, None)
        root = self.parse(data if data is not None else self.read_bytes(key), key)
        self._xml[key] = root
        return root

    def forget(self, name: str) -> None:
        """Drop a parsed part from the cache (slides are read once: memory stays bounded)."""
        self._xml.pop(name.lstrip("/"), None)

    def parse(self, data: bytes, name: str) -> etree._Element:
        if _DOCTYPE.match(data):
            raise BadInputError(
                f"part {name} declares a DTD (entity declarations are not allowed in OOXML)",
                where=self.where,
                hint="refusing to process XML entities from an untrusted file",
            )
        if STRICT_MARKER in data:
            self.strict = True
            for strict, transitional in STRICT_TO_TRANSITIONAL:
                data = data.replace(strict.encode(), transitional.encode())
        try:
            root = etree.fromstring(data, self._parser)
        except etree.XMLSyntaxError as exc:
            if "Excessive depth" in (exc.msg or ""):
                raise BadInputError(
                    f"part {name} nests XML elements more than 256 levels deep, the parser's limit",
                    where=self.where,
                    hint="flatten the deepest content (nested equations, groups) in the authoring tool and save again",
                ) from exc
            raise BadInputError(
                f"part {name} is not well-formed XML ({exc.msg})",
                where=self.where,
                hint="the file is corrupt; re-export it from the authoring tool",
            ) from exc
        docinfo = root.getroottree().docinfo
        if docinfo.doctype or docinfo.internalDTD is not None:
            raise BadInputError(
                f"part {name} declares a DTD (entity declarations are not allowed in OOXML)",
                where=self.where,
                hint="refusing to process XML entities from an untrusted file",
            )
        return root

    # -- content types ---------------------------------------------------------------------------
    def _read_content_types(self) -> dict[str, str]:
        root = self.xml("[Content_Types].xml")
        types: dict[str, str] = {}
        if root is None:
            return types
        for el in root:
            tag = etree.QName(el).localname if isinstance(el.tag, str) else ""
            if tag == "Default" and el.get("Extension"):
                types["ext:" + el.get("Extension", "").lower()] = el.get("ContentType", "")
            elif tag == "Override" and el.get("PartName"):
                types[unquote(el.get("PartName", "")).lstrip("/").lower()] = el.get("ContentType", "")
        return types

    def content_type(self, name: str) -> str | None:
        key = name.lstrip("/").lower()
        if key in self.content_types:
            return self.content_types[key]
        ext = posixpath.splitext(key)[1].lstrip(".")
        return self.content_types.get("ext:" + ext)

    # -- relationships ---------------------------------------------------------------------------
    def rels(self, source: str) -> dict[str, Rel]:
        """Relationships of part `source` ('' for the package), by rId."""
        if source in self._rels:
            return self._rels[source]
        directory, base = posixpath.split(source)
        rels_name = posixpath.join(directory, "_rels", base + ".rels")
        out: dict[str, Rel] = {}
        root = self.xml(rels_name)
        if root is not None:
            for el in root:
                if not isinstance(el.tag, str) or etree.QName(el).localname != "Relationship":
                    continue
                rid, rtype, target = el.get("Id", ""), el.get("Type", ""), el.get("Target", "")
                external = (el.get("TargetMode") or "").lower() == "external"
                if not external:
                    target = self._resolve(directory, target)
                out[rid] = Rel(rid=rid, type=rtype, target=target, external=external)
        self._rels[source] = out
        return out

    @staticmethod
    def _resolve(directory: str, target: str) -> str:
        """The part an internal target names, '..' clamped at the root (ace_core.part_names); a URL
        is kept as it is: it names no part, so it reads as a dangling relationship (nothing outside
        the zip is ever read)."""
        target = unquote(target)
        found = part_name(directory, target)
        return target if found is None else found

    def rel(self, source: str, rid: str | None) -> Rel | None:
        if not rid:
            return None
        return self.rels(source).get(rid)

    def related(self, source: str, rtype: str) -> list[Rel]:
        return [r for r in self.rels(source).values() if r.type == rtype]

    def first_related(self, source: str, rtype: str) -> str | None:
        """Part name of the first internal relationship of `rtype` from `source` that exists."""
        for r in self.related(source, rtype):
            if not r.external and self.exists(r.target):
                return r.target
        return None

    def _find_main_part(self) -> str:
        for r in self.related("", RT.OFFICE_DOCUMENT):
            if not r.external and self.exists(r.target):
                return r.target
        for name, ctype in self.content_types.items():
            if ctype in CT.VARIANTS and self.exists(name):
                return self._names[name].filename.lstrip("/")
        if self.exists("ppt/presentation.xml"):
            return "ppt/presentation.xml"
        kind = _other_office_kind(self)
        raise BadInputError(
            f"not a PowerPoint package ({kind})",
            where=self.where,
            hint="give a .pptx, .pptm, .potx or .ppsx file",
        )


def _other_office_kind(pkg: Package) -> str:
    if pkg.exists("word/document.xml"):
        return "a Word document"
    if pkg.exists("xl/workbook.xml"):
        return "an Excel workbook"
    if pkg.exists("content.xml") and pkg.exists("mimetype"):
        return "an OpenDocument file"
    return "no presentation part found"


def _zip_reason(exc: zipfile.BadZipFile) -> str:
    text = str(exc)
    if "not a zip file" in text.lower():
        return "no zip central directory: the file is truncated or not a zip"
    if "magic number" in text.lower():
        return "corrupt zip central directory"
    return text


def open_package(source: Path | bytes, *, where: str | None = None, limits: Limits | None = None) -> Package:
    """Open a presentation package from a path or bytes, refusing anything unsafe or corrupt."""
    lim = limits or Limits()
    if isinstance(source, bytes | bytearray):
        data = bytes(source)
        where = where or "<bytes>"
    else:
        path = Path(source)
        where = where or str(path)
        data = read_input(path, limit=lim.max_file_size)
    if not data:
        raise BadInputError("the file is empty", where=where)
    if data.startswith(OLE2_MAGIC):
        _refuse_ole2(data, where)
    if not data.startswith(ZIP_MAGIC) and b"PK\x05\x06" not in data[-65557:]:
        raise BadInputError("not an OOXML package (no zip signature)", where=where, hint="give a .pptx file")
    pkg = Package(data, where, lim)
    ctype = pkg.main_content_type
    if ctype and ctype not in CT.VARIANTS and "presentationml" not in ctype and "powerpoint" not in ctype:
        raise BadInputError(
            f"not a presentation (main part content type {ctype})",
            where=where,
            hint="give a .pptx, .pptm, .potx or .ppsx file",
        )
    return pkg
