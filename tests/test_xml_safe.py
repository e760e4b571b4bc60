"""Every XML parser ACE applies to input it did not write comes from `ace_core.xml_safe`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lxml import etree

from ace_core.xml_safe import safe_xml_parser

ROOT = Path(__file__).resolve().parents[1]

_EXTERNAL = b"""<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
<svg xmlns="http://www.w3.org/2000/svg"><text>&secret;</text></svg>"""

_LAUGHS = (
    b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">'
    + b"".join(b'<!ENTITY %s "%s">' % (bytes([98 + i]), (b"&%s;" % bytes([97 + i])) * 10) for i in range(8))
    + b"]><l>&i;</l>"
)


def test_external_entities_are_not_read() -> None:
    root = etree.fromstring(_EXTERNAL, safe_xml_parser())
    text = etree.tostring(root)
    host = Path("/etc/hostname")
    if host.exists() and host.read_text().strip():
        assert host.read_text().strip().encode() not in text
    assert b"&secret;" in text  # left as an unresolved reference


def test_entity_expansion_does_not_blow_up() -> None:
    try:
        root = etree.fromstring(_LAUGHS, safe_xml_parser())
    except etree.XMLSyntaxError:
        return  # libxml2 refuses the amplification outright
    assert len(etree.tostring(root)) < 10_000


@pytest.mark.parametrize("option", ["remove_comments", "remove_blank_text", "remove_pis"])
def test_tree_shaping_options_pass_through(option: str) -> None:
    doc = b"<r>\n  <!-- c --><?pi x?>\n  <a/>\n</r>"
    plain = etree.tostring(etree.fromstring(doc, safe_xml_parser()))
    shaped = etree.tostring(etree.fromstring(doc, safe_xml_parser(**{option: True})))
    assert shaped != plain


def test_no_module_builds_its_own_parser() -> None:
    own = []
    for folder in ("ace_core", "adapters", "backends", "judge", "cli", "scripts"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name == "xml_safe.py":
                continue
            if re.search(r"\bXMLParser\(", path.read_text(encoding="utf-8")):
                own.append(str(path.relative_to(ROOT)))
    assert own == [], f"build parsers with ace_core.xml_safe.safe_xml_parser: {own}"
