"""Content sniffing shared by the adapters: what a file's first bytes say it is."""

from __future__ import annotations

import re

__all__ = ["OLE2_MAGIC", "ZIP_MAGIC", "json_keys_head", "looks_like_html", "looks_like_json"]

ZIP_MAGIC = b"PK\x03\x04"
OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_HTML = re.compile(rb"^\s*(<!--.*?-->\s*)*(<!doctype\s+html|<html|<head|<body|<div|<section|<svg)", re.I | re.S)


def looks_like_json(head: bytes) -> bool:
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    return text[:1] in (b"{", b"[")


def looks_like_html(head: bytes) -> bool:
    return bool(_HTML.match(head.lstrip(b"\xef\xbb\xbf")))


def json_keys_head(head: bytes) -> set[str]:
    """Object keys seen in the first bytes of a JSON file (cheap, no full parse)."""
    return {m.decode("utf-8", "replace") for m in re.findall(rb'"([A-Za-z_][A-Za-z0-9_]*)"\s*:', head[:65536])}
