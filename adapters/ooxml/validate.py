"""What PowerPoint would repair, checked without it: schemas after Markup Compatibility, ids, rels, content types.

`check_package(pptx)` lists every problem; `new_problems(written, source)` the ones a written file has
that its source did not (real decks carry some of their own). The checks follow
../shared/scripts/ooxml_check.py and extend it to chart, notes, theme and presentation parts; ISO
Strict parts are checked in the transitional vocabulary they map to (the ISO transitional schemas
accept Strict's value forms), so a Strict deck is not one schema error per part."""

from __future__ import annotations

import io
import posixpath
import zipfile
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lxml import etree

from ace_core.errors import BadInputError
from ace_core.part_names import part_name
from ace_core.xml_safe import safe_xml_parser
from adapters.ooxml.ns import STRICT_MARKER, STRICT_TO_TRANSITIONAL

__all__ = ["VALIDATED_TYPES", "Problem", "check_package", "mce_process", "new_problems", "schema"]

SCHEMA_DIR = Path(__file__).resolve().parent / "schemas"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
P_NS = "http://schemas.openxmlformats.org/presentationml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
CT_NS = "http://schemas.openxmlformats.org/package/2006/content-types"
CT_PREFIX = "application/vnd.openxmlformats-officedocument."
# parts validated against the transitional schemas, by content type
VALIDATED_TYPES = {
    CT_PREFIX + "presentationml.slide+xml": "slide",
    CT_PREFIX + "presentationml.slideLayout+xml": "layout",
    CT_PREFIX + "presentationml.slideMaster+xml": "master",
    CT_PREFIX + "presentationml.notesSlide+xml": "notes",
    CT_PREFIX + "presentationml.notesMaster+xml": "notes-master",
    CT_PREFIX + "presentationml.presentation.main+xml": "presentation",
    CT_PREFIX + "presentationml.slideshow.main+xml": "presentation",
    CT_PREFIX + "presentationml.template.main+xml": "presentation",
    "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml": "presentation",
    "application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml": "presentation",
    "application/vnd.ms-powerpoint.template.macroEnabled.main+xml": "presentation",
    CT_PREFIX + "drawingml.chart+xml": "chart",
    CT_PREFIX + "theme+xml": "theme",
}
SHAPE_ID_KINDS = {"slide", "layout", "master"}
MAX_MEMBERS = 20000
MAX_MEMBER_BYTES = 512 * 1024 * 1024
_PARSER = safe_xml_parser()


@dataclass(frozen=True, order=True)
class Problem:
    """One thing PowerPoint would refuse or repair. `kind`: schema, xml, duplicate-id, dangling-rel,
    missing-rel-id, duplicate-rel-id, content-type, duplicate-slide-id, duplicate-master-id."""

    part: str
    kind: str
    detail: str

    def __str__(self) -> str:
        return f"{self.part}: {self.kind}: {self.detail}"


@cache
def schema() -> etree.XMLSchema:
    """The ECMA-376 transitional schema set (pml.xsd imports DrawingML, charts, pictures...)."""
    return etree.XMLSchema(etree.parse(str(SCHEMA_DIR / "pml.xsd")))


def mce_process(root: etree._Element) -> etree._Element:
    """Markup Compatibility, as a consumer that understands no extension: every
    mc:AlternateContent is replaced by its Fallback, ignorable namespaces are dropped. In place."""
    ignorable: set[str] = set()
    for el in root.iter():
        value = el.get(f"{{{MC}}}Ignorable")
        if value:
            ignorable |= {el.nsmap.get(p) for p in value.split()} - {None}  # type: ignore[misc]
    for ac in list(root.iter(f"{{{MC}}}AlternateContent")):
        parent = ac.getparent()
        if parent is None:
            continue
        fallback = ac.find(f"{{{MC}}}Fallback")
        index = parent.index(ac)
        for child in list(fallback) if fallback is not None else []:
            parent.insert(index, child)
            index += 1
        parent.remove(ac)
    for el in list(root.iter()):
        if not isinstance(el.tag, str):
            continue
        if etree.QName(el).namespace in ignorable and el.getparent() is not None:
            el.getparent().remove(el)
            continue
        for attr in list(el.attrib):
            ns = etree.QName(attr).namespace
            if ns == MC or ns in ignorable:
                del el.attrib[attr]
    return root


def _schema_problems(part: str, root: etree._Element) -> list[Problem]:
    sch = schema()
    if sch.validate(root):
        return []
    seen: list[Problem] = []
    for entry in sch.error_log:
        problem = Problem(part, "schema", entry.message.strip()[:300])
        if problem not in seen:
            seen.append(problem)
    return seen


class _Package:
    """The zip's members, content types and relationships, read with size and count bounds."""

    def __init__(self, data: bytes | Path | str) -> None:
        try:
            self.zip = zipfile.ZipFile(io.BytesIO(data) if isinstance(data, bytes) else data)
        except (zipfile.BadZipFile, OSError) as exc:
            where = None if isinstance(data, bytes) else str(data)
            raise BadInputError(f"not a zip package: {exc}", where=where) from exc
        infos = [i for i in self.zip.infolist() if not i.is_dir()]
        if len(infos) > MAX_MEMBERS:
            raise BadInputError(f"{len(infos)} zip members, over the {MAX_MEMBERS} limit")
        for info in infos:
            if info.file_size > MAX_MEMBER_BYTES:
                raise BadInputError(f"zip member {info.filename} is {info.file_size} bytes, over the limit")
        self.names = [i.filename for i in infos]
        self.name_set = set(self.names)
        self.defaults: dict[str, str] = {}
        self.overrides: dict[str, str] = {}
        if "[Content_Types].xml" in self.name_set:
            ct = etree.fromstring(self.zip.read("[Content_Types].xml"), _PARSER)
            for el in ct:
                if el.tag == f"{{{CT_NS}}}Default":
                    self.defaults[(el.get("Extension") or "").lower()] = el.get("ContentType") or ""
                elif el.tag == f"{{{CT_NS}}}Override":
                    self.overrides[(el.get("PartName") or "").lstrip("/").lower()] = el.get("ContentType") or ""

    def content_type(self, name: str) -> str | None:
        found = self.overrides.get(name.lower())
        if found is not None:
            return found
        ext = name.rsplit(".", 1)[-1].lower() if "." in posixpath.basename(name) else ""
        return self.defaults.get(ext)

    def read(self, name: str) -> bytes:
        return self.zip.read(name)


def rels_name(part: str) -> str:
    """The relationships part of `part` (e.g. ppt/slides/_rels/slide1.xml.rels)."""
    d, b = posixpath.split(part)
    return posixpath.join(d, "_rels", b + ".rels")


def resolve_target(source_part: str, target: str) -> str | None:
    """A relationship target resolved to a package member name (no leading slash; '..' clamped at
    the root), None for a URL (names no member)."""
    return part_name(posixpath.dirname(source_part), target)


def _rels_problems(pkg: _Package, rels_part: str) -> tuple[list[Problem], set[str]]:
    out: list[Problem] = []
    ids: list[str] = []
    try:
        root = etree.fromstring(pkg.read(rels_part), _PARSER)
    except etree.XMLSyntaxError as exc:
        return [Problem(rels_part, "xml", str(exc)[:200])], set()
    d = posixpath.dirname(posixpath.dirname(rels_part))
    source = posixpath.join(d, posixpath.basename(rels_part)[: -len(".rels")])
    for rel in root:
        if not isinstance(rel.tag, str):
            continue
        ids.append(rel.get("Id") or "")
        if rel.get("TargetMode") == "External":
            continue
        target = rel.get("Target") or ""
        path = resolve_target(source, target)
        if path not in pkg.name_set:
            out.append(Problem(rels_part, "dangling-rel", f"{rel.get('Id')} -> {target}"))
    out += [Problem(rels_part, "duplicate-rel-id", k) for k, v in Counter(ids).items() if v > 1]
    return out, set(ids)


def _rel_id_problems(part: str, root: etree._Element, rel_ids: set[str]) -> list[Problem]:
    """r:id / r:embed / r:link ... attributes that name no relationship of the part."""
    missing = set()
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        for attr, value in el.attrib.items():
            if attr.startswith(f"{{{R_NS}}}") and value and value not in rel_ids:
                missing.add(value)
    return [Problem(part, "missing-rel-id", v) for v in sorted(missing)]


def _presentation_problems(part: str, root: etree._Element) -> list[Problem]:
    out = []
    sld_ids = [e.get("id") for e in root.iter(f"{{{P_NS}}}sldId")]
    out += [Problem(part, "duplicate-slide-id", str(k)) for k, v in Counter(sld_ids).items() if v > 1]
    return out


def check_package(data: bytes | Path | str) -> list[Problem]:
    """Every problem of a .pptx package (bytes or path): schema violations (after Markup
    Compatibility) of slide, layout, master, notes, chart, theme and presentation parts; duplicate
    shape ids per slide; dangling and duplicate relationships; attributes naming a missing
    relationship; parts without a content type; duplicate slide / master / layout ids."""
    pkg = _Package(data)
    out: list[Problem] = []
    rel_ids: dict[str, set[str]] = {}
    master_ids: list[str] = []
    for name in pkg.names:
        if name == "[Content_Types].xml":
            continue
        if pkg.content_type(name) is None:
            out.append(Problem(name, "content-type", "no content type"))
        if name.endswith(".rels"):
            probs, ids = _rels_problems(pkg, name)
            out += probs
            d = posixpath.dirname(posixpath.dirname(name))
            rel_ids[posixpath.join(d, posixpath.basename(name)[: -len(".rels")])] = ids
    for name in pkg.names:
        kind = VALIDATED_TYPES.get(pkg.content_type(name) or "")
        if kind is None:
            continue
        data = pkg.read(name)
        if STRICT_MARKER in data:  # ISO Strict: checked in the transitional vocabulary it maps to
            for strict, transitional in STRICT_TO_TRANSITIONAL:
                data = data.replace(strict.encode(), transitional.encode())
        try:
            root = etree.fromstring(data, _PARSER)
        except etree.XMLSyntaxError as exc:
            out.append(Problem(name, "xml", str(exc)[:200]))
            continue
        out += _rel_id_problems(name, root, rel_ids.get(name, set()))
        if kind == "presentation":
            out += _presentation_problems(name, root)
            master_ids += [e.get("id") or "" for e in root.iter(f"{{{P_NS}}}sldMasterId")]
        if kind == "master":
            master_ids += [e.get("id") or "" for e in root.iter(f"{{{P_NS}}}sldLayoutId")]
        root = mce_process(root)
        out += _schema_problems(name, root)
        if kind in SHAPE_ID_KINDS:
            ids = [e.get("id") for e in root.iter(f"{{{P_NS}}}cNvPr")]
            dup = sorted(k for k, v in Counter(ids).items() if v > 1 and k is not None)
            if dup:
                out.append(Problem(name, "duplicate-id", " ".join(dup[:5])))
    dup_master = sorted(k for k, v in Counter(master_ids).items() if v > 1)
    if dup_master:
        out.append(Problem("ppt/presentation.xml", "duplicate-master-id", " ".join(dup_master[:5])))
    return out


def new_problems(written: bytes | Path | str, source: bytes | Path | str) -> list[Problem]:
    """Problems of `written` that `source` did not have (compared by part, kind and message)."""
    before = set(check_package(source))
    return [p for p in check_package(written) if p not in before]
