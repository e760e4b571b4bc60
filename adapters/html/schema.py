"""The ACE HTML deck schema: markers, attribute names, and the number / style / JSON codecs the
writer and the schema reader share (so that what one writes the other parses back exactly)."""

from __future__ import annotations

import json
import math
import re
from decimal import Decimal
from html import escape
from typing import Any

from ace_core.textscrub import strip_bad_chars
from adapters.sniff import ACE_HTML_GENERATOR, is_ace_html

__all__ = [
    "A_FIELD",
    "A_ID",
    "A_IR",
    "A_NAME",
    "A_SLIDE_ID",
    "A_TYPE",
    "GENERATOR",
    "SCHEMA",
    "attr",
    "dump_ir",
    "esc_text",
    "is_ace_html",
    "join_style",
    "load_ir",
    "num",
    "parse_num",
    "parse_style",
    "px",
]

SCHEMA = "ace-html-deck/1"
GENERATOR = ACE_HTML_GENERATOR  # <meta name="generator" content="ace 0.1.0 ace-html-deck/1">
A_SLIDE_ID = "data-slide-id"
A_ID = "data-id"
A_TYPE = "data-type"
A_NAME = "data-name"
A_FIELD = "data-field"  # a run that is a field (slidenum, datetime...): its text is the value shown
A_IR = "data-ir"  # compact JSON of the IR properties the visible HTML does not carry exactly


def num(v: float) -> str:
    """A number as CSS / attribute text that parses back to exactly the same float: the
    shortest repr, '80' for 80.0, never an exponent (1e-05 -> 0.00001)."""
    f = float(v)
    if math.isfinite(f) and f == int(f) and abs(f) < 1e15:
        return str(int(f))
    text = repr(f)
    if "e" in text or "E" in text:
        if not math.isfinite(f):
            return "0"
        text = format(Decimal(text), "f")
    return text


def parse_num(text: str) -> float | None:
    """The float of a CSS number with an optional unit ('12.5px', '30deg', '0.5'), or None."""
    m = re.match(r"\s*(-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)", text)
    return float(m.group(1)) if m else None


def px(v: float) -> str:
    return f"{num(v)}px"


def parse_style(text: str | None) -> dict[str, str]:
    """Inline CSS to an ordered dict (last declaration of a property wins; names lower-cased)."""
    out: dict[str, str] = {}
    if not text:
        return out
    for decl in _split_decls(text):
        name, sep, value = decl.partition(":")
        if not sep:
            continue
        key = name.strip().lower()
        if key:
            out[key] = value.strip()
    return out


def _split_decls(text: str) -> list[str]:
    """Split on ';' outside parentheses and quotes (data: URIs and url(...) keep theirs)."""
    parts: list[str] = []
    depth = 0
    quote = ""
    start = 0
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == ";" and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p for p in (s.strip() for s in parts) if p]


def join_style(decls: dict[str, str] | list[tuple[str, str]]) -> str:
    items = decls.items() if isinstance(decls, dict) else decls
    return ";".join(f"{k}:{v}" for k, v in items if v is not None and v != "")


def dump_ir(data: dict[str, Any]) -> str:
    """Compact JSON for a data-ir attribute (keys in model order, floats exact)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def load_ir(text: str | None) -> dict[str, Any]:
    if not text:
        return {}
    from ace_core.errors import BadInputError
    from ace_core.jsonio import parse_json

    try:
        value = parse_json(text, where="data-ir").data
    except BadInputError:
        return {}
    return value if isinstance(value, dict) else {}


def attr(name: str, value: str, *, single: bool = False) -> str:
    """` name="value"` with the value escaped; `single` quotes with ' (for JSON values)."""
    value = strip_bad_chars(value)
    if single:
        return f" {name}='" + value.replace("&", "&amp;").replace("<", "&lt;").replace("'", "&#39;") + "'"
    return f' {name}="{escape(value, quote=True)}"'


def esc_text(text: str) -> str:
    """Text content escaped for HTML (carriage returns kept as character references)."""
    return (
        strip_bad_chars(text, keep_line_breaks=True)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\r", "&#13;")
    )
