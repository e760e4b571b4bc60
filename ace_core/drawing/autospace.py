"""The space PowerPoint and LibreOffice add where East Asian text meets other text in a line.

LibreOffice's edit engine (the "apply spacing between Asian and non-Asian text" paragraph
attribute, on for OOXML text) splits a paragraph into portions at every change of script and
widens a portion that ends at a change where either side is Asian by a fifth of the portion's
height (its font's ascent + descent + line gap at its size). The script of a character comes from
its Unicode block: CJK ideographs, kana, Hangul, CJK punctuation and full-width forms are Asian;
ASCII letters, digits and punctuation are Latin; spaces (U+0020, U+00A0) and the general
punctuation / symbol blocks are weak and take the script of the text before them (at the start
of a paragraph, of the first strong character after them)."""

from __future__ import annotations

__all__ = ["ASIAN", "AUTOSPACE_FRACTION", "OTHER", "WEAK", "script_changes", "script_of"]

ASIAN = "asian"
OTHER = "other"
WEAK = "weak"

AUTOSPACE_FRACTION = 0.2
"""the added space over the height of the portion before the change (LibreOffice's Height() / 5)"""

_ASIAN_RANGES = (
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x2E80, 0x2FDF),  # CJK radicals, Kangxi radicals
    (0x2FF0, 0x9FFF),  # ideographic description .. CJK punctuation, kana, CJK unified ideographs
    (0xA960, 0xA97F),  # Hangul Jamo extended-A
    (0xAC00, 0xD7FF),  # Hangul syllables, Jamo extended-B
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFE30, 0xFE4F),  # CJK compatibility forms
    (0xFF00, 0xFFEF),  # half-width and full-width forms
    (0x20000, 0x3FFFF),  # supplementary ideographic planes
)
_WEAK_RANGES = ((0x2000, 0x2BFF),)  # general punctuation, super/subscripts, symbols, arrows, maths, shapes
_WEAK_CHARS = frozenset("\x01\x02 \xa0\t\v\n")


def script_of(ch: str) -> str:
    """ASIAN, OTHER or WEAK for one character, by its Unicode block as LibreOffice classes it."""
    if ch in _WEAK_CHARS:
        return WEAK
    c = ord(ch)
    if c < 0x1100:
        return OTHER
    for lo, hi in _ASIAN_RANGES:
        if lo <= c <= hi:
            return ASIAN
    for lo, hi in _WEAK_RANGES:
        if lo <= c <= hi:
            return WEAK
    return OTHER


def _resolved(text: str) -> list[str]:
    """The script of each character, weak ones taking the script before them (at the start, the
    first strong one after them; all weak stays weak)."""
    kinds = [script_of(ch) for ch in text]
    last = next((k for k in kinds if k != WEAK), WEAK)
    out = []
    for k in kinds:
        if k != WEAK:
            last = k
        out.append(last)
    return out


def script_changes(text: str) -> list[int]:
    """The indices i (1 <= i < len(text)) where an Asian and a non-Asian script meet between
    text[i - 1] and text[i], LibreOffice's autospace points. A line break or tab is no such point
    (a new line starts there, or a tab stop takes the room)."""
    if text.isascii():
        return []
    kinds = _resolved(text)
    return [
        i
        for i in range(1, len(text))
        if kinds[i] != kinds[i - 1] and ASIAN in (kinds[i], kinds[i - 1]) and text[i - 1] not in "\v\n\t"
    ]
