"""OPC relationship targets resolved to part names as RFC 3986 resolves references (`..` clamped at the root)."""

from __future__ import annotations

import re

__all__ = ["is_url", "part_name"]

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")


def is_url(target: str) -> bool:
    """Whether an internal relationship target is a URL (a scheme, or `//host`), not a part name."""
    target = target.replace("\\", "/")
    return bool(_SCHEME.match(target)) or target.startswith("//")


def part_name(directory: str, target: str) -> str | None:
    """The part name (no leading '/') that the internal relationship target `target` of a part in
    `directory` ('' for the package root) names, or None when it is a URL and so names no part.

    The fragment is dropped, backslashes count as '/', and '.' / '..' segments are removed as RFC
    3986 `remove_dot_segments` does: a '..' at the root stays at the root, so '../customXml/a.xml'
    from the root names 'customXml/a.xml'. A zip holds no name outside itself, so a target never
    reaches past the package; one that names no member is a dangling relationship."""
    target = target.split("#", 1)[0].replace("\\", "/")
    if is_url(target):
        return None
    segments: list[str] = [] if target.startswith("/") else [s for s in directory.split("/") if s]
    for seg in target.split("/"):
        if seg in ("", "."):
            continue
        if seg == "..":
            if segments:
                segments.pop()
        else:
            segments.append(seg)
    return "/".join(segments)
