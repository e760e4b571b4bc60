"""Characters no XML file can hold (C0 controls but tab / newline / CR, U+FFFE / U+FFFF, lone surrogates).

A Figma node named with a backspace, a tool argument with U+0001: the XML writers (.pptx) and the
HTML writer call `scrub_deck` first; it returns the deck unchanged when it is clean (one fast
JSON dump and a regex), else a copy with those characters removed and the places where they
were, for the write's loss report. Run text keeps U+000B, the IR's line break."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel

__all__ = ["XML_BAD", "scrub_deck", "strip_bad_chars"]

XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
_XML_BAD_KEEP_VT = re.compile("[\x00-\x08\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
# in a JSON dump control characters appear as \\u00XX escapes (\\u000b is the line break)
_JSON_BAD = re.compile(r"\\u00(?:0[0-8ce-f]|1[0-9a-f])|[\ufffe\uffff]", re.I)
_JSON_BAD_MARKS = ("\\u00", "\\U00", "\ufffe", "\uffff")


def strip_bad_chars(text: str, *, keep_line_breaks: bool = False) -> str:
    """`text` without the characters XML cannot hold (`keep_line_breaks`: U+000B stays)."""
    pattern = _XML_BAD_KEEP_VT if keep_line_breaks else XML_BAD
    return pattern.sub("", text) if pattern.search(text) else text


def _dirty(deck: Any) -> bool:
    try:
        dumped = deck.model_dump_json()
    except (ValueError, UnicodeError):  # lone surrogates cannot be dumped as UTF-8
        return True
    # every match of _JSON_BAD holds one of these (the escape's u either case): most decks hold
    # none, and four substring scans are about a tenth of the regex's
    if not any(mark in dumped for mark in _JSON_BAD_MARKS):
        return False
    return _JSON_BAD.search(dumped) is not None


def scrub_deck(deck: Any, *, thorough: bool = False) -> tuple[Any, list[tuple[str | None, str | None, str]]]:
    """(the deck, or a scrubbed copy; [(slide id, node id, field)] of every string changed). The
    quick check skips U+000B (the IR's line break, common in run text); `thorough` walks every
    string whatever the check says (for a writer that met one elsewhere)."""
    if not thorough and not _dirty(deck):
        return deck, []
    copy = deck.clone()
    found: list[tuple[str | None, str | None, str]] = []
    for slide in copy.slides:
        _scrub(slide, slide.id, None, "", found)
    for name in type(copy).model_fields:
        if name != "slides":
            _scrub_field(copy, name, None, None, name, found)
    return copy, found


def _scrub(model: BaseModel, slide_id: str | None, node_id: str | None, path: str, found: list[Any]) -> None:
    own = getattr(model, "id", None) if hasattr(model, "type") and hasattr(model, "fills") else None
    node_id = own or node_id
    for name in type(model).model_fields:
        _scrub_field(model, name, slide_id, node_id, f"{path}.{name}" if path else name, found)


def _scrub_field(model: Any, name: str, slide_id: str | None, node_id: str | None, path: str, found: list[Any]) -> None:
    value = getattr(model, name)
    keep_vt = name == "text" and type(model).__name__ == "Run"
    new = _clean(value, slide_id, node_id, path, found, keep_vt)
    if new is not value:
        object.__setattr__(model, name, new)


def _clean(value: Any, slide_id: str | None, node_id: str | None, path: str, found: list[Any], keep_vt: bool) -> Any:
    if isinstance(value, str):
        fixed = strip_bad_chars(value, keep_line_breaks=keep_vt)
        if fixed != value:
            found.append((slide_id, node_id, path))
            return fixed
        return value
    if isinstance(value, BaseModel):
        _scrub(value, slide_id, node_id, path, found)
        return value
    if isinstance(value, list):
        out = [_clean(v, slide_id, node_id, path, found, keep_vt) for v in value]
        return out if any(a is not b for a, b in zip(out, value, strict=True)) else value
    if isinstance(value, tuple):
        items = tuple(_clean(v, slide_id, node_id, path, found, keep_vt) for v in value)
        return items if any(a is not b for a, b in zip(items, value, strict=True)) else value
    if isinstance(value, dict):
        changed = False
        out_d: dict[Any, Any] = {}
        for k, v in value.items():
            nk = strip_bad_chars(k) if isinstance(k, str) else k
            nv = _clean(v, slide_id, node_id, path, found, False)
            changed = changed or nk != k or nv is not v
            out_d[nk] = nv
        return out_d if changed else value
    return value


def report_scrubbed(report: Any, found: list[tuple[str | None, str | None, str]], fmt: str) -> None:
    """One loss entry per node (or slide / deck) whose strings lost characters."""
    seen: dict[tuple[str | None, str | None], list[str]] = {}
    for slide_id, node_id, path in found:
        seen.setdefault((slide_id, node_id), []).append(path.rsplit(".", 1)[-1])
    for (slide_id, node_id), paths in seen.items():
        fields = ", ".join(sorted(set(paths)))[:200]
        report.add(
            "invalid-characters",
            f"control characters / lone surrogates that {fmt} cannot hold were removed from {fields}",
            slide_id=slide_id,
            node_id=node_id,
            severity="warning",
            stage="write",
            format=fmt,
        )
