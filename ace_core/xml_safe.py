"""The one way ACE builds an lxml XML parser for input it did not write.

Every parser resolves no entities, loads no DTD, touches no network and refuses huge trees (a
billion-laughs or external-entity document fails instead of expanding). Callers add only the
options that shape the tree they want (comments or blank text dropped, processing instructions
removed); they cannot turn the protections off.
"""

from __future__ import annotations

from lxml import etree

__all__ = ["safe_xml_parser"]


def safe_xml_parser(
    *, remove_comments: bool = False, remove_blank_text: bool = False, remove_pis: bool = False
) -> etree.XMLParser:
    """A new parser with the protections on and the given tree-shaping options."""
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=remove_comments,
        remove_blank_text=remove_blank_text,
        remove_pis=remove_pis,
    )
