"""Which hyperlinks a written file may keep live: http(s), mailto, tel, fragments, relative paths and data: images.

`javascript:`, `vbscript:`, `data:` other than images, `file:` and every other scheme run code
or reach the machine when clicked in a browser; `neutralize_links` drops them from a deck (a copy)
before the HTML writer sees it and says where, for the loss report. A URL is judged the way a
browser parses it: tabs and newlines anywhere and leading controls / spaces are ignored, so
"java\\tscript:" and " JAVASCRIPT:" are caught too."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["SAFE_SCHEMES", "link_scheme", "neutralize_links", "safe_href"]

SAFE_SCHEMES = frozenset({"http", "https", "mailto", "tel"})
_SAFE_DATA = re.compile(r"^data:image/(?:png|jpeg|jpg|gif|webp|bmp)[;,]", re.I)
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]*):")
_IGNORED = re.compile(r"[\t\n\r]")


def link_scheme(url: str) -> str | None:
    """The scheme a browser would see in `url` (lower case), None for a relative URL."""
    cleaned = _IGNORED.sub("", url).lstrip("".join(chr(c) for c in range(33)))
    m = _SCHEME.match(cleaned)
    return m.group(1).lower() if m else None


def safe_href(url: str | None) -> str | None:
    """`url` when a browser may follow it safely, else None."""
    if not url:
        return None
    scheme = link_scheme(url)
    if scheme is None or scheme in SAFE_SCHEMES:
        return url
    if scheme == "data" and _SAFE_DATA.match(_IGNORED.sub("", url).lstrip()):
        return url
    return None


def neutralize_links(deck: Any) -> tuple[Any, list[tuple[str | None, str | None, str]]]:
    """(the deck, or a copy without unsafe hyperlinks; [(slide id, node id, url)] dropped)."""
    if not _any_unsafe(deck):
        return deck, []
    copy = deck.clone()
    dropped: list[tuple[str | None, str | None, str]] = []
    for slide, node in copy.iter_nodes():
        if node.hyperlink and safe_href(node.hyperlink) is None:
            dropped.append((slide.id, node.id, node.hyperlink))
            node.hyperlink = None
        for run in _runs(node):
            link = run.style.hyperlink
            if link and safe_href(link) is None:
                dropped.append((slide.id, node.id, link))
                run.style.hyperlink = None
    return copy, dropped


def _runs(node: Any) -> list[Any]:
    out = []
    for body in _bodies(node):
        for para in body.paragraphs:
            out.extend(para.runs)
    return out


def _bodies(node: Any) -> list[Any]:
    text = getattr(node, "text", None)
    bodies = [text] if text is not None and hasattr(text, "paragraphs") else []
    for row in getattr(node, "rows", None) or []:
        for cell in getattr(row, "cells", []):
            if getattr(cell, "text", None) is not None:
                bodies.append(cell.text)
    return bodies


def _any_unsafe(deck: Any) -> bool:
    for _slide, node in deck.iter_nodes():
        if node.hyperlink and safe_href(node.hyperlink) is None:
            return True
        if any(r.style.hyperlink and safe_href(r.style.hyperlink) is None for r in _runs(node)):
            return True
    return False
