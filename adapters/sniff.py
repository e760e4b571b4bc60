"""Content sniffing shared by the adapters: what a file's first bytes say it is."""

from __future__ import annotations

import re

__all__ = [
    "ACE_HTML_GENERATOR",
    "OLE2_MAGIC",
    "ZIP_MAGIC",
    "is_ace_html",
    "json_keys_head",
    "looks_like_html",
    "looks_like_json",
]

ZIP_MAGIC = b"PK\x03\x04"
OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ACE_HTML_GENERATOR = "ace"
"""the generator meta tag's first word in a deck ACE wrote (adapters.html.schema.GENERATOR):
here so that sniffing an input needs neither the HTML adapter's codecs nor the html module"""
_ACE_GEN = r'<meta\s+name="generator"\s+content="' + ACE_HTML_GENERATOR + r"\s"
_HTML = rb"^\s*(<!--.*?-->\s*)*(<!doctype\s+html|<html|<head|<body|<div|<section|<svg)"
"""the two patterns are compiled when a head could match them (a .pptx's never can): compiling
both took ~10 ms of every conversion's start-up"""


def looks_like_json(head: bytes) -> bool:
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    return text[:1] in (b"{", b"[")


def looks_like_html(head: bytes) -> bool:
    head = head.lstrip(b"\xef\xbb\xbf")
    if head.lstrip()[:1] != b"<":  # the pattern starts with optional whitespace, then '<'
        return False
    return bool(re.match(_HTML, head, re.I | re.S))


def is_ace_html(head: bytes | str) -> bool:
    """True when the text starts like a deck ACE wrote (its generator meta tag)."""
    text = head.decode("utf-8", "replace") if isinstance(head, bytes) else head
    text = text[:8192]
    if "<meta" not in text.lower():  # no match is possible without the tag's literal start
        return False
    return bool(re.search(_ACE_GEN, text, re.I))


def json_keys_head(head: bytes) -> set[str]:
    """Object keys seen in the first bytes of a JSON file (cheap, no full parse)."""
    return {m.decode("utf-8", "replace") for m in re.findall(rb'"([A-Za-z_][A-Za-z0-9_]*)"\s*:', head[:65536])}
