"""The start-up shortcuts that replaced compiled regexes give the regexes' own verdicts: the run
script test of the OOXML text reader (code-point ranges instead of a character class) and the
content sniffers (a literal pre-check before a pattern compiled on first use)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.ooxml.read_text import _CJK, _RTL, _has
from adapters.sniff import is_ace_html, looks_like_html

CJK_CLASS = re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3040-\u30ff]")
RTL_CLASS = re.compile(r"[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")
"""the character classes the reader used before (the specification of the two script tests)"""
ACE_GEN = re.compile(r'<meta\s+name="generator"\s+content="ace\s', re.I)
HTML_START = re.compile(rb"^\s*(<!--.*?-->\s*)*(<!doctype\s+html|<html|<head|<body|<div|<section|<svg)", re.I | re.S)
"""the sniffers' patterns, compiled at import before"""

EDGES = [chr(c) for lo, hi in (*_CJK, *_RTL) for c in (lo - 1, lo, hi, hi + 1)]
"""every range's first and last code point and its neighbours outside"""
SAMPLES = [*EDGES, "a", " ", "é", "\u2039", "#", "\u203a"]
TEXT = st.text(st.one_of(st.sampled_from(SAMPLES), st.characters()), max_size=12)


@settings(max_examples=600, deadline=None)
@given(TEXT)
def test_the_script_ranges_match_the_character_classes(text: str) -> None:
    assert _has(_CJK, text) == (CJK_CLASS.search(text) is not None)
    assert _has(_RTL, text) == (RTL_CLASS.search(text) is not None)


def test_the_script_ranges_on_each_edge() -> None:
    for ch in EDGES:
        assert _has(_CJK, "x" + ch) == (CJK_CLASS.search(ch) is not None), hex(ord(ch))
        assert _has(_RTL, ch + "x") == (RTL_CLASS.search(ch) is not None), hex(ord(ch))
    assert _has(_CJK, "日本語") and _has(_RTL, "שלום") and not _has(_CJK, "café \u2039#\u203a")


PIECES = [
    "",
    " ",
    "\n\t",
    "\ufeff",
    "\xef\xbb\xbf",
    "PK\x03\x04",
    "<!-- c -->",
    "<!--",
    "-->",
    "<!DOCTYPE html>",
    "<!doctype  HTML",
    "<html",
    "<HEAD>",
    "<body",
    "<div",
    "<section",
    "<svg",
    "<p>",
    "<meta",
    "<META",
    ' name="generator"',
    "  NAME='generator'",
    ' content="ace ',
    ' content="ace"',
    ' content="Ace\t',
    "x",
]


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=10))
def test_the_sniffers_match_their_patterns(pieces: list[str]) -> None:
    text = "".join(pieces)
    head = text.encode("latin-1", "replace")
    assert looks_like_html(head) == bool(HTML_START.match(head.lstrip(b"\xef\xbb\xbf")))
    assert is_ace_html(text) == bool(ACE_GEN.search(text[:8192]))
    assert is_ace_html(head) == bool(ACE_GEN.search(head.decode("utf-8", "replace")[:8192]))


def test_the_sniffers_on_real_heads() -> None:
    assert is_ace_html('<!doctype html><html><head><meta name="generator" content="ace 0.1.0">')
    assert looks_like_html(b"\xef\xbb\xbf  <!-- x -->\n<!DOCTYPE html><html>")
    assert not looks_like_html(b"PK\x03\x04<html>") and not is_ace_html(b"PK\x03\x04\x14\x00")
