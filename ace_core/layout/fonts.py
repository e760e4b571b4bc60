"""Font discovery and metrics for the default text measurer: installed font files read with fontTools.

The index covers the directories fontconfig reads on Debian (/usr/share/fonts, /usr/local/share/fonts,
~/.local/share/fonts, ~/.fonts). A family name resolves to a face like this:
- an installed family, by its name (typographic or legacy family name, case-insensitive);
- fontconfig's metric aliases: Arial / Helvetica -> Liberation Sans, Times (New Roman) ->
  Liberation Serif, Courier (New) -> Liberation Mono, Arial Narrow -> Liberation Sans Narrow,
  Calibri -> Carlito and Cambria -> Caladea when installed;
- the CSS generic names as Chromium resolves them on Linux (its defaults Arial / Times New Roman /
  Courier New): sans-serif -> Liberation Sans, serif -> Liberation Serif, monospace -> Liberation Mono;
- any other name -> DejaVu Sans, fontconfig's (and so LibreOffice's) choice for an unknown family
  (checked: LibreOffice renders Calibri, Segoe UI, Inter as DejaVu Sans here). Chromium would pick
  its default font instead, so the HTML writer should end a font list with 'DejaVu Sans'.
The weight and italic choice is fontconfig-like (italic first, normal width, nearest weight).
Characters missing from the face come from Noto Sans CJK (CJK) or DejaVu Sans (anything else).
Metrics are read once per face and cached for the process.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

__all__ = ["CJK_RE", "FontFace", "FontIndex", "FontInfo", "font_index", "is_cjk"]

DEFAULT_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts", "~/.local/share/fonts", "~/.fonts")
FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".otc")

# CSS's generic families (a named family resolves through ace_core.drawing.fonts.substitutes:
# the metric-compatible aliases, fontconfig's match, the DejaVu face of its class)
ALIASES: dict[str, tuple[str, ...]] = {
    "sans-serif": ("liberation sans", "dejavu sans"),
    "serif": ("liberation serif", "dejavu serif"),
    "monospace": ("liberation mono", "dejavu sans mono"),
    "system-ui": ("dejavu sans",),
}
FALLBACK_FAMILIES = ("dejavu sans", "liberation sans")
CJK_FAMILIES = ("noto sans cjk sc", "noto sans cjk jp", "noto sans cjk tc", "noto sans cjk kr")


CJK_RE = re.compile("[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\U00020000-\U0003ffff]")


def is_cjk(ch: str) -> bool:
    """True for one CJK ideograph, kana, hangul, CJK punctuation or full-width form character; an
    empty or longer string is not one character (False)."""
    if len(ch) != 1:
        return False
    cp = ord(ch)
    return (
        0x2E80 <= cp <= 0x9FFF
        or 0xAC00 <= cp <= 0xD7AF
        or 0xF900 <= cp <= 0xFAFF
        or 0xFF00 <= cp <= 0xFFEF
        or 0x20000 <= cp <= 0x3FFFF
    )


@dataclass(frozen=True)
class FontInfo:
    """One face of an installed font file (a .ttc holds several; `index` picks one)."""

    path: str
    index: int
    families: tuple[str, ...]  # lower-cased: typographic family (name 16) and legacy family (name 1)
    weight: int
    italic: bool
    width_class: int


@dataclass
class FontFace:
    """Metrics of one face, in font units; `advance(ch)` is None for a character the face lacks."""

    info: FontInfo
    upm: int
    ascent: float
    descent: float  # positive
    line_gap: float
    _cmap: dict[int, str] = field(repr=False)
    _hmtx: object = field(repr=False)
    _font: object = field(default=None, repr=False)
    _adv: dict[str, float | None] = field(default_factory=dict, repr=False)
    _kerning: _Kerning | None = field(default=None, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def line_units(self) -> float:
        """The face's normal line height (ascent + descent + line gap), font units."""
        return self.ascent + self.descent + self.line_gap

    def kern(self, left: str, right: str) -> float:
        """Pair kerning between two characters of this face, font units (0 when none). From the
        GPOS 'kern' feature (pair adjustment lookups), else the legacy 'kern' table, as HarfBuzz
        applies it by default; faces of more than 20,000 glyphs (CJK) are not kerned."""
        kerning = self._kerning
        if kerning is None:
            with self._lock:
                kerning = self._kerning or _Kerning.cached(self._font, self.info)
                self._kerning = kerning
        if not kerning.active:
            return 0.0
        a, b = self._cmap.get(ord(left)), self._cmap.get(ord(right))
        if a is None or b is None:
            return 0.0
        return kerning.value(a, b)

    def advance(self, ch: str) -> float | None:
        adv = self._adv.get(ch, -1.0)
        if adv != -1.0:
            return adv
        with self._lock:
            glyph = self._cmap.get(ord(ch))
            adv = float(self._hmtx[glyph][0]) if glyph is not None else None  # type: ignore[index]
            self._adv[ch] = adv
        return adv


class _Kerning:
    """Pair adjustments of a face: GPOS PairPos lookups of the 'kern' feature (formats 1 and 2,
    through Extension lookups), or the legacy 'kern' table. Subtables are tried in order; the
    first one that covers the pair decides."""

    def __init__(self, subtables: list | None = None, legacy: dict[tuple[str, str], float] | None = None) -> None:
        self.subtables: list = subtables or []
        self.legacy: dict[tuple[str, str], float] = legacy or {}
        self.cache: dict[tuple[str, str], float] = {}
        self.active = bool(self.subtables or self.legacy)

    @classmethod
    def from_font(cls, font: object) -> _Kerning:
        k = cls()
        try:
            k._load(font)
        except Exception:  # a malformed table means no kerning, never a failed measurement
            k.subtables, k.legacy = [], {}
        k.active = bool(k.subtables or k.legacy)
        return k

    @classmethod
    def cached(cls, font: object, info: FontInfo) -> _Kerning:
        """The face's kerning, from the on-disk cache when this font file was read before (parsing
        GPOS pair tables costs about 0.8 s a face, once per process otherwise)."""
        path = _kerning_cache_path(info)
        if path is not None and path.is_file():
            try:
                return cls.from_json(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, ValueError, KeyError, TypeError):
                pass
        kerning = cls.from_font(font)
        if path is not None:
            try:
                from ace_core.fsutil import atomic_write_text

                atomic_write_text(path, json.dumps(kerning.to_json(), separators=(",", ":")))
            except OSError:
                pass  # a read-only cache only costs time
        return kerning

    def to_json(self) -> dict:
        subs = [[fmt, sorted(cover), data] for fmt, cover, data in self.subtables]
        return {"subtables": subs, "legacy": [[a, b, v] for (a, b), v in self.legacy.items()]}

    @classmethod
    def from_json(cls, data: dict) -> _Kerning:
        subtables = [(fmt, set(cover), table if fmt == 1 else tuple(table)) for fmt, cover, table in data["subtables"]]
        return cls(subtables, {(a, b): float(v) for a, b, v in data["legacy"]})

    def _load(self, font: object) -> None:
        if font is None or font["maxp"].numGlyphs > 20_000:  # type: ignore[index]
            return
        if "GPOS" in font:  # type: ignore[operator]
            table = font["GPOS"].table  # type: ignore[index]
            records = table.FeatureList.FeatureRecord if table.FeatureList else []
            indices = sorted({i for r in records if r.FeatureTag == "kern" for i in r.Feature.LookupListIndex})
            for i in indices:
                lookup = table.LookupList.Lookup[i]
                for sub in lookup.SubTable:
                    if lookup.LookupType == 9:
                        if sub.ExtensionLookupType != 2:
                            continue
                        sub = sub.ExtSubTable
                    elif lookup.LookupType != 2:
                        continue
                    self.subtables.append(_pair_subtable(sub))
        if not self.subtables and "kern" in font:  # type: ignore[operator]
            for kt in font["kern"].kernTables:  # type: ignore[index]
                if getattr(kt, "coverage", 1) & 1 and hasattr(kt, "kernTable"):
                    self.legacy.update({k: float(v) for k, v in kt.kernTable.items()})

    def value(self, a: str, b: str) -> float:
        key = (a, b)
        found = self.cache.get(key)
        if found is not None:
            return found
        found = 0.0
        if self.subtables:
            for fmt, cover, data in self.subtables:
                if a not in cover:
                    continue
                if fmt == 1:
                    pair = data.get(a, {})
                    if b in pair:
                        found = pair[b]
                        break
                    continue
                class1, class2, matrix = data
                found = matrix[class1.get(a, 0)][class2.get(b, 0)]
                break
        else:
            found = self.legacy.get(key, 0.0)
        self.cache[key] = found
        return found


def _kerning_cache_path(info: FontInfo) -> Path | None:
    """Cache file of a face's kerning, keyed by the font file's path, size and mtime."""
    try:
        st = os.stat(info.path)
    except OSError:
        return None
    from ace_core.fsutil import cache_root

    key = hashlib.sha256(f"{info.path}|{info.index}|{st.st_size}|{st.st_mtime_ns}|v1".encode()).hexdigest()[:32]
    return cache_root() / "fonts" / f"kern-{key}.json"


def _pair_subtable(sub: object) -> tuple[int, set[str], object]:
    """(format, first-glyph coverage, data) of a GPOS PairPos subtable, XAdvance of the first glyph."""
    cover = set(sub.Coverage.glyphs)  # type: ignore[attr-defined]
    if sub.Format == 1:  # type: ignore[attr-defined]
        pairs: dict[str, dict[str, float]] = {}
        for first, pair_set in zip(sub.Coverage.glyphs, sub.PairSet, strict=False):  # type: ignore[attr-defined]
            pairs[first] = {
                r.SecondGlyph: float(getattr(r.Value1, "XAdvance", 0) or 0) for r in pair_set.PairValueRecord
            }
        return 1, cover, pairs
    matrix = [
        [float(getattr(c2.Value1, "XAdvance", 0) or 0) for c2 in c1.Class2Record]
        for c1 in sub.Class1Record  # type: ignore[attr-defined]
    ]
    class1 = dict(sub.ClassDef1.classDefs) if sub.ClassDef1 else {}  # type: ignore[attr-defined]
    class2 = dict(sub.ClassDef2.classDefs) if sub.ClassDef2 else {}  # type: ignore[attr-defined]
    return 2, cover, (class1, class2, matrix)


class FontIndex:
    """The installed faces, and family-name resolution to a loaded `FontFace`."""

    def __init__(self, dirs: tuple[str, ...] = DEFAULT_DIRS) -> None:
        self.infos: list[FontInfo] = _scan(dirs)
        self._by_family: dict[str, list[FontInfo]] = {}
        for info in self.infos:
            for fam in info.families:
                self._by_family.setdefault(fam, []).append(info)
        self._faces: dict[tuple[str, int], FontFace] = {}
        self._resolved: dict[tuple[str, int, bool], FontFace | None] = {}
        self._lock = threading.Lock()

    def families(self) -> list[str]:
        return sorted(self._by_family)

    def resolve(self, family: str | None, weight: int = 400, italic: bool = False) -> FontFace | None:
        """The face used for `family` (None = the fallback), or None when no font is installed."""
        key = ((family or "").strip().lower(), weight, italic)
        if key in self._resolved:
            return self._resolved[key]
        face = None
        for fam in (*self._candidates(key[0]), *FALLBACK_FAMILIES):
            infos = self._by_family.get(fam)
            if infos:
                face = self._load(_best(infos, weight, italic))
                break
        if face is None and self.infos:
            face = self._load(_best(self.infos, weight, italic))
        self._resolved[key] = face
        return face

    def cjk(self, weight: int = 400) -> FontFace | None:
        """The face that supplies CJK characters (Noto Sans CJK), or None."""
        for fam in CJK_FAMILIES:
            infos = self._by_family.get(fam)
            if infos:
                return self._load(_best(infos, weight, False))
        return None

    def _candidates(self, fam: str) -> tuple[str, ...]:
        """The families to try for `fam`: itself when installed, a generic family's faces, else the
        writers' fallback chain (ace_core.drawing.fonts.substitutes: fontconfig's match, then the
        DejaVu face of its class), so that text is measured in the face Chromium and LibreOffice
        draw it in (Consolas in DejaVu Sans Mono, Georgia in DejaVu Serif, not DejaVu Sans)."""
        if not fam:
            return ()
        if fam in self._by_family:
            return (fam,)
        if fam in ALIASES:
            return ALIASES[fam]
        from ace_core.drawing.fonts import substitutes

        return tuple(name.lower() for name in substitutes(fam))

    def _load(self, info: FontInfo) -> FontFace:
        key = (info.path, info.index)
        face = self._faces.get(key)
        if face is None:
            with self._lock:
                face = self._faces.get(key) or _load_face(info)
                self._faces[key] = face
        return face


def _best(infos: list[FontInfo], weight: int, italic: bool) -> FontInfo:
    """fontconfig-like choice: italic match first, then normal width, then nearest weight."""
    return min(infos, key=lambda i: (i.italic != italic, abs(i.width_class - 5), abs(i.weight - weight), i.path))


def quiet_fonttools() -> None:
    """fontTools logs a warning for fonts whose `head` timestamps predate 1904 ("timestamp seems
    very low"): harmless, and not the user's business."""
    import logging

    logging.getLogger("fontTools").setLevel(logging.ERROR)


def _scan(dirs: tuple[str, ...]) -> list[FontInfo]:
    from fontTools.ttLib import TTCollection, TTFont

    quiet_fonttools()

    infos: list[FontInfo] = []
    for d in dirs:
        root = Path(os.path.expanduser(d))
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            if path.suffix.lower() not in FONT_SUFFIXES:
                continue
            try:
                if path.suffix.lower() in (".ttc", ".otc"):
                    fonts = TTCollection(str(path), lazy=True).fonts
                else:
                    fonts = [TTFont(str(path), lazy=True)]
                for index, font in enumerate(fonts):
                    info = _info(font, str(path), index)
                    if info is not None:
                        infos.append(info)
            except Exception:  # a broken font file is skipped, as fontconfig does
                continue
    return infos


def _info(font: object, path: str, index: int) -> FontInfo | None:
    names = font["name"]  # type: ignore[index]
    fams = []
    for name_id in (16, 1):
        value = names.getDebugName(name_id)
        if value and value.lower() not in fams:
            fams.append(value.lower())
    if not fams:
        return None
    os2 = font.get("OS/2")  # type: ignore[attr-defined]
    weight = int(getattr(os2, "usWeightClass", 400) or 400)
    italic = bool(getattr(os2, "fsSelection", 0) & 1) or "italic" in (names.getDebugName(2) or "").lower()
    width = int(getattr(os2, "usWidthClass", 5) or 5)
    return FontInfo(path=path, index=index, families=tuple(fams), weight=weight, italic=italic, width_class=width)


def _load_face(info: FontInfo) -> FontFace:
    from fontTools.ttLib import TTFont

    quiet_fonttools()

    font = TTFont(info.path, fontNumber=info.index, lazy=True)
    upm = int(font["head"].unitsPerEm)
    hhea = font["hhea"]
    ascent, descent, gap = float(hhea.ascent), float(-hhea.descent), float(hhea.lineGap)
    os2 = font.get("OS/2")
    if os2 is not None and getattr(os2, "fsSelection", 0) & (1 << 7):  # USE_TYPO_METRICS
        ascent, descent, gap = float(os2.sTypoAscender), float(-os2.sTypoDescender), float(os2.sTypoLineGap)
    if ascent + descent <= 0:
        ascent, descent, gap = upm * 0.8, upm * 0.2, 0.0
    return FontFace(
        info=info,
        upm=upm,
        ascent=ascent,
        descent=descent,
        line_gap=gap,
        _cmap=font.getBestCmap() or {},
        _hmtx=font["hmtx"],
        _font=font,
    )


@lru_cache(maxsize=1)
def font_index() -> FontIndex:
    """The process-wide index of installed fonts (scanned once, ~50 ms)."""
    return FontIndex()
