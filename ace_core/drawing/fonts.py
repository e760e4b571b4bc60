"""Font families for drawing: CSS fallback stacks, theme font references, and line-height ratios.

A stack lists the requested family, a metric-compatible substitute when one exists (Carlito for
Calibri, Liberation for Arial / Times New Roman / Courier New), then the family fontconfig draws
for that name on this machine (LibreOffice's fallback too: DejaVu Serif for Garamond, the default
sans for a name fontconfig does not know, a monospace face only for a monospace name), the
DejaVu face of that class, then Noto CJK for East Asian text and a generic family of the class."""

from __future__ import annotations

from functools import cache

from ace_core.drawing.fontconfig import fc_match

__all__ = [
    "CJK_FALLBACK",
    "DEFAULT_FAMILY",
    "cell_line_ratio",
    "covers_cjk",
    "css_font_stack",
    "fallback_class",
    "font_class",
    "font_metrics",
    "line_ratio",
    "map_symbol_char",
    "ooxml_baseline_shift",
    "resolve_family",
    "substitutes",
]

DEFAULT_FAMILY = "Calibri"

_METRIC_ALIASES: dict[str, tuple[str, ...]] = {
    "calibri": ("Carlito",),
    "cambria": ("Caladea",),
    "arial": ("Liberation Sans", "Arimo"),
    "helvetica": ("Liberation Sans", "Arimo"),
    "arial mt": ("Liberation Sans",),
    "arial narrow": ("Liberation Sans Narrow",),
    "times new roman": ("Liberation Serif", "Tinos"),
    "times": ("Liberation Serif", "Tinos"),
    "courier new": ("Liberation Mono", "Cousine"),
    "courier": ("Liberation Mono", "Cousine"),
    "symbol": ("OpenSymbol",),
    "wingdings": ("OpenSymbol",),
    "wingdings 2": ("OpenSymbol",),
    "wingdings 3": ("OpenSymbol",),
}

_SERIF_WORDS = (
    "times",
    "georgia",
    "cambria",
    "garamond",
    "palatino",
    "antiqua",
    "baskerville",
    "bodoni",
    "didot",
    "schoolbook",
    "constantia",
    "minion",
    "caslon",
    "mincho",
    "simsun",
    "nsimsun",
    "batang",
    "songti",
    "mingliu",
    "pmingliu",
    "bookman",
    "century",
    "rockwell",
    "charter",
    "merriweather",
    "playfair",
    "lora",
)
_SANS_OVERRIDES = ("century gothic",)
# whole words of a monospace family's name ("Source Code Pro", "Fira Mono"; not "Encode Sans",
# "Monotype Corsiva" or "Lucida Sans Unicode")
_MONO_WORDS = frozenset({"mono", "monospace", "consolas", "courier", "code", "menlo", "monaco", "console", "terminal"})
_MONO_WORDS_FIXED = ("fixedsys", "inconsolata")

_CLASS_FALLBACK = {"sans": "DejaVu Sans", "serif": "DejaVu Serif", "mono": "DejaVu Sans Mono"}
_GENERIC = {"sans": "sans-serif", "serif": "serif", "mono": "monospace"}

# hhea ascent, descent, line gap per em, measured from the font files (installed ones first)
_METRICS = {
    "dejavu sans": (0.9282, 0.2358, 0.0),
    "dejavu serif": (0.9282, 0.2358, 0.0),
    "dejavu sans mono": (0.9282, 0.2358, 0.0),
    "liberation sans": (0.9053, 0.2119, 0.0327),
    "liberation serif": (0.8911, 0.2163, 0.0425),
    "liberation mono": (0.8325, 0.3003, 0.0),
    "liberation sans narrow": (0.9355, 0.2119, 0.0),
    "noto sans cjk jp": (1.16, 0.288, 0.0),
    "noto serif cjk jp": (1.151, 0.286, 0.0),
    "opensymbol": (0.6934, 0.2158, 0.1499),
    "carlito": (0.75, 0.25, 0.2207),
    "calibri": (0.75, 0.25, 0.2207),
    "arial": (0.9053, 0.2119, 0.0327),
    "times new roman": (0.8911, 0.2163, 0.0425),
}

# normal line height / em of fonts (hhea ascent + descent + line gap), measured from the font files
_RATIOS = {
    "dejavu sans": 1.1641,
    "dejavu serif": 1.1641,
    "dejavu sans mono": 1.1641,
    "liberation sans": 1.1499,
    "liberation serif": 1.1499,
    "liberation mono": 1.1328,
    "liberation sans narrow": 1.1475,
    "noto sans cjk jp": 1.448,
    "noto serif cjk jp": 1.437,
    "opensymbol": 1.0591,
    "carlito": 1.2207,
    "calibri": 1.2207,
    "caladea": 1.1719,
    "cambria": 1.1719,
    "arial": 1.1499,
    "times new roman": 1.1499,
    "courier new": 1.1328,
    "segoe ui": 1.3301,
    "georgia": 1.1362,
    "verdana": 1.2153,
    "tahoma": 1.2075,
}

_INSTALLED_DEFAULT = frozenset(
    {
        "dejavu sans",
        "dejavu serif",
        "dejavu sans mono",
        "liberation sans",
        "liberation serif",
        "liberation mono",
        "liberation sans narrow",
        "noto sans cjk jp",
        "noto serif cjk jp",
        "opensymbol",
    }
)


def font_class(family: str) -> str:
    """sans | serif | mono, guessed from the family name."""
    low = family.lower()
    words = set(low.replace("-", " ").replace("_", " ").split())
    if words & _MONO_WORDS or any(w in low for w in _MONO_WORDS_FIXED):
        return "mono"
    if any(w in low for w in _SANS_OVERRIDES) or "sans" in low:
        return "sans"
    if "serif" in low or any(w in low for w in _SERIF_WORDS):
        return "serif"
    return "sans"


def fallback_class(family: str) -> str:
    """sans | serif | mono of the face that draws `family` where it is missing: the class of
    fontconfig's match on this machine (LibreOffice's fallback), else guessed from the name."""
    drawn = fc_match(family)
    if drawn and drawn.strip().lower() != family.strip().lower():
        return font_class(drawn)
    return font_class(family)


def substitutes(family: str) -> list[str]:
    """The families to try after `family`, best first (no generic keyword)."""
    low = family.strip().lower()
    out = list(_METRIC_ALIASES.get(low, ()))
    drawn = fc_match(family)
    if drawn and drawn.lower() != low and drawn not in out:
        out.append(drawn)
    fallback = _CLASS_FALLBACK[fallback_class(family)]
    if fallback.lower() != low and fallback not in out:
        out.append(fallback)
    if "Noto Sans CJK JP" not in out and low != "noto sans cjk jp":
        out.append("Noto Sans CJK JP")
    return out


# characters a family name cannot carry into a CSS string that is then put in a double-quoted
# attribute (style="..."), a <style> sheet or an SVG attribute: a typeface such as
# '"trebuchet ms",verdana,arial' (a CSS list some writers store as one name) otherwise ended the
# style attribute and dropped the run's size and colour with it
_CSS_UNSAFE = dict.fromkeys(map(ord, "\\'\"<>&;{}"), None)


def _quote(family: str) -> str:
    if family.replace("-", "").replace("_", "").isalnum():
        return family
    clean = "".join(ch for ch in family.translate(_CSS_UNSAFE) if ch.isprintable())
    return "'" + clean + "'"


@cache
def css_font_stack(family: str) -> str:
    """CSS font-family value for `family`, e.g. "Calibri,Carlito,'DejaVu Sans','Noto Sans CJK JP',sans-serif"."""
    fam = family.strip() or DEFAULT_FAMILY
    names = [fam, *substitutes(fam)]
    return ",".join(_quote(n) for n in names) + "," + _GENERIC[fallback_class(fam)]


@cache
def _installed() -> frozenset[str]:
    """Lower-cased families fontconfig knows (the stock set when fc-list is unavailable)."""
    import shutil
    import subprocess

    exe = shutil.which("fc-list")
    if not exe:
        return _INSTALLED_DEFAULT
    try:
        out = subprocess.run([exe, ":", "family"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return _INSTALLED_DEFAULT
    names = {n.strip().lower() for line in out.splitlines() for n in line.split(",") if n.strip()}
    return frozenset(names) or _INSTALLED_DEFAULT


@cache
def line_ratio(family: str) -> float:
    """Normal line height over font size of the font that will draw `family` on this machine
    (the first installed family of its stack)."""
    for name in [family, *substitutes(family)]:
        low = name.lower()
        if low in _installed():
            return _RATIOS.get(low, 1.2)
    return _RATIOS.get(family.lower(), 1.2)


CJK_FALLBACK = "Noto Sans CJK JP"
"""the face every stack ends with for East Asian characters its own faces lack"""

_CJK_WORDS = ("cjk", "gothic", "mincho", "meiryo", "yu ", "simsun", "simhei", "yahei", "mingliu", "malgun")
_CJK_WORDS += ("gulim", "batang", "dotum", "han sans", "han serif", "wenquanyi", "droid sans fallback", "ipa", "takao")
_OVERRIDES_NOT_CJK = frozenset({"century gothic", "franklin gothic", "trade gothic", "news gothic"})


@cache
def covers_cjk(family: str) -> bool:
    """Whether the face that draws `family` on this machine (the first installed one of its
    stack) is an East Asian face, so it, not CJK_FALLBACK, draws CJK characters."""
    for name in [family, *substitutes(family)]:
        low = name.lower()
        if low in _installed():
            return low not in _OVERRIDES_NOT_CJK and any(w in low + " " for w in _CJK_WORDS)
    return False


@cache
def font_metrics(family: str) -> tuple[float, float, float]:
    """(ascent, descent, line gap) per em of the font that will draw `family` on this machine."""
    for name in [family, *substitutes(family)]:
        low = name.lower()
        if low in _installed() and low in _METRICS:
            return _METRICS[low]
    return _METRICS.get(family.lower(), (0.9282, 0.2358, 0.0))


OOXML_LINE = 1.2
"""single line pitch / font size in PowerPoint and LibreOffice, whatever the font (text boxes)"""


def cell_line_ratio(family: str) -> float:
    """Single line pitch / font size of a table cell's text in LibreOffice: the ascent + descent of
    the font that draws `family` (Carlito 1.0, DejaVu Sans 1.164, measured in its renders), not
    OOXML_LINE of text boxes. A row that states no height is as tall as these lines + margins."""
    ascent, descent, _ = font_metrics(family)
    return ascent + descent


OOXML_DESCENT = 0.2
"""an OOXML line's baseline above its bottom, / font size: extra line spacing goes above the text"""


def ooxml_baseline_shift(family: str, size: float, line_px: float) -> float:
    """How far below a CSS (or Figma) line box's baseline PowerPoint and LibreOffice put the
    baseline of a line `line_px` tall at `size` px: CSS centres the glyphs (ascent + descent of the
    font) in the line box, OOXML puts the baseline OOXML_DESCENT x size above its bottom. Text laid
    out CSS's way lands where OOXML's shows it when moved down by this much."""
    ascent, descent, _ = font_metrics(family)
    return line_px / 2 - OOXML_DESCENT * size + (descent - ascent) * size / 2


_THEME_SLOTS = {
    "+mj-lt": "major",
    "+mn-lt": "minor",
    "+mj-ea": "major_ea",
    "+mn-ea": "minor_ea",
    "+mj-cs": "major_cs",
    "+mn-cs": "minor_cs",
}


def resolve_family(family: str | None, font_ref: str | None, theme_fonts: object | None) -> str:
    """The concrete family of a text style: its family, else its theme reference resolved
    against the theme's fonts (an object with major / minor / ... attributes), else the theme's
    fallback face (a deck where nothing names a face), else its minor (body) font, else Calibri."""
    for value in (family, font_ref):
        if not value:
            continue
        if value.startswith("+"):
            slot = _THEME_SLOTS.get(value)
            found = getattr(theme_fonts, slot, None) if slot and theme_fonts is not None else None
            if found:
                return found
            continue
        return value
    if theme_fonts is None:
        return DEFAULT_FAMILY
    return getattr(theme_fonts, "fallback", None) or getattr(theme_fonts, "minor", None) or DEFAULT_FAMILY


# Wingdings / Symbol code points used as bullets, to the Unicode characters they draw
_WINGDINGS_MAP = {
    0x6C: "●",
    0x6E: "■",
    0x6F: "□",
    0x70: "◻",
    0x71: "❑",
    0x75: "◆",
    0x76: "❖",
    0x77: "◆",
    0x9F: "•",
    0xA7: "▪",
    0xA8: "◻",
    0xAA: "✦",
    0xD8: "➢",
    0xE8: "➔",
    0xF0: "⇨",
    0xFC: "✓",
    0xFB: "✖",
}
# Wingdings 2 and 3 are other fonts than Wingdings: the same code draws another dingbat. Only the
# codes seen as bullets with a known glyph are here; the others still go through Wingdings'
_WINGDINGS3_MAP = {0x75: "\u25b6"}  # "u": the right-pointing triangle LibreOffice draws (OpenSymbol)
_SYMBOL_MAP = {0xB7: "•", 0xA7: "♣", 0xA8: "♦", 0xA9: "♥", 0xAA: "♠", 0xAE: "→", 0xDE: "⇒", 0x2D: "−", 0xB0: "°"}


def map_symbol_char(char: str, family: str | None) -> str:
    """A bullet character as Unicode: Wingdings / Symbol code points (also in the U+F0xx
    private-use form) become the glyph they draw; other characters pass through."""
    if not char:
        return char
    code = ord(char[0])
    low = (family or "").lower()
    if 0xF000 <= code <= 0xF0FF:
        code -= 0xF000
    elif not (low.startswith("wingdings") or low == "symbol"):
        return char
    if low == "symbol":
        found = _SYMBOL_MAP.get(code)
        return found or (chr(code) if 0x21 <= code < 0x7F or code >= 0xA0 else "•")
    if low == "wingdings 3" and code in _WINGDINGS3_MAP:
        return _WINGDINGS3_MAP[code]
    return _WINGDINGS_MAP.get(code, "•")  # an unknown dingbat is drawn as a plain bullet
