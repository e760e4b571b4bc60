"""Text measurement: the `TextMeasurer` protocol and the fast default measurer built on font metrics.

The default measurer (`default_measurer()`) lays text out from the real metrics of the installed
fonts (see `ace_core.layout.fonts`), with these documented approximations:

- Advance widths come from the font's `hmtx` table plus pair kerning (GPOS 'kern' feature or the
  legacy 'kern' table, as HarfBuzz applies by default, within a word); ligatures and complex
  shaping are ignored, so Latin text is within ~0.2 % of Chromium's width (kerning across a
  space or a style change is not applied) and complex scripts may differ more.
  `letter_spacing` (px) is added after every character.
- A character missing from the face is taken from Noto Sans CJK (CJK characters) or the fallback
  face (DejaVu Sans); failing that it is 0.5 em wide.
- Wrapping is greedy at spaces, between any two CJK characters and after a hyphen that follows a
  letter (as Chromium's line breaker does); a word wider than the line is broken between
  characters (PowerPoint and Figma do the same; CSS needs `overflow-wrap: break-word` for it).
  Spaces at the end of a line take no width; spaces at the start of a wrapped line are dropped.
  A tab is as wide as four spaces. '\\v' in a run is a line break.
- Lines follow the CSS inline model that Chromium implements: the face's hhea ascent / descent /
  line gap (OS/2 typo metrics when the font sets USE_TYPO_METRICS), each rounded to whole px;
  AUTO line height = ascent + descent + gap (CSS `normal`), PERCENT = that x value / 100 (the
  IR's definition: 100 = single), PIXELS = the value; each run's box extends half the leading
  above (floored to whole px, as Blink does) and below its ascent / descent, and a line spans
  the highest top to the lowest bottom of its runs (and of the paragraph's own font when its size
  is set: the CSS strut). Glyphs from
  a fallback face bring that face's metrics (a CJK character in a Latin line makes it taller).
  OOXML `line_spacing_reduction` lowers AUTO/PERCENT spacing and `font_scale` scales font sizes,
  as normAutofit does. Matches Chromium's `line-height: normal` boxes to the pixel for the
  installed fonts (tests/test_layout_measure.py); LibreOffice's and Figma's own line heights may
  differ by a pixel or so per line.
- Paragraph `space_before` / `space_after` are both added (no collapsing, as PowerPoint does).
  `margin_left` narrows every line, `indent` shifts the first line; a bullet with neither reserves
  its own width + 0.5 em on every line.
- Insets: `body.insets`, or the OOXML default (7.2 pt = 9.6 px left/right, 3.6 pt = 4.8 px
  top/bottom) when None, as the IR defines it. Text from formats without insets (Figma, HTML)
  should carry explicit zero insets.
- Text case UPPER / TITLE / LOWER / SMALL_CAPS* are applied before measuring (small caps as
  capitals); vertical text, columns and super/subscript shifts are measured as horizontal text.
- Default family when none is set: DejaVu Sans (fontconfig's sans-serif on Debian); default size
  24 px (18 pt, the OOXML default). Truncation: `max_lines` with `truncate` (or auto_resize
  TRUNCATE) keeps the first max_lines lines.

`measure(body, max_width)` returns the box (width, height) in px, insets included. `max_width` is
the box width to wrap within (insets included); None means no wrapping. The returned width is the
widest line plus insets, so it can be smaller than max_width.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol, runtime_checkable

from ace_core.ir.style import Sides
from ace_core.ir.text import Paragraph, TextBody, TextStyle
from ace_core.layout.fonts import CJK_RE, FontFace, FontIndex, font_index, is_cjk

__all__ = [
    "DEFAULT_FONT_SIZE",
    "DEFAULT_INSETS",
    "FontMetricsMeasurer",
    "LineBox",
    "MonospaceMeasurer",
    "TextLayout",
    "TextMeasurer",
    "body_key",
    "default_measurer",
]

DEFAULT_FONT_SIZE = 24.0  # px (18 pt)
DEFAULT_INSETS = Sides(top=4.8, right=9.6, bottom=4.8, left=9.6)  # px (OOXML bodyPr defaults)
EPS = 1e-6
_TOKEN = re.compile(r"\v|[ \t]+|[^\s\v]+")
_HYPHEN = re.compile(r"(?<=[^\W\d_]-)")


@runtime_checkable
class TextMeasurer(Protocol):
    """Measures a text body. Implementations may also offer, and the solver then uses:
    - `first_baseline(body, max_width) -> float`: px from the box top to the first baseline
      (BASELINE alignment; without it a text aligns by its bottom edge);
    - `prepare(requests: list[tuple[TextBody, float | None]]) -> None`: called with every
      (body, max_width) the solver is about to measure (natural widths before the width pass,
      wrap widths before the height pass), so a slow exact measurer can do them in one batch and
      answer the following `measure` calls from its cache. Requests may include texts that end up
      not measured."""

    def measure(self, body: TextBody, max_width: float | None) -> tuple[float, float]:
        """(width, height) of the text box in px, insets included; wrap within `max_width` (None = no wrap)."""
        ...


@dataclass
class LineBox:
    """One laid-out line: its width and height (px), and the first baseline's offset in it."""

    width: float
    height: float
    baseline: float
    text: str


@dataclass
class TextLayout:
    """A laid-out body: box size (insets included), lines and first baseline, all px."""

    width: float
    height: float
    first_baseline: float
    lines: list[LineBox]


@dataclass
class _Piece:
    """A word (or part of one), a space run or a line break, in one style. `top` / `bottom` are the
    extents of its inline box above / below the baseline, half-leading included (px)."""

    kind: str  # "w" word, "s" space, "br" break
    text: str
    width: float
    top: float
    bottom: float
    glue: bool  # a word piece that continues the previous word (no break opportunity before it)
    style: tuple[FontFace | None, float, float] = (None, 0.0, 0.0)  # face, size, letter spacing


class FontMetricsMeasurer:
    """The default `TextMeasurer`: installed font metrics, greedy word wrapping (see module doc)."""

    def __init__(self, index: FontIndex | None = None, *, default_family: str | None = None) -> None:
        self._index = index
        self.default_family = default_family
        self._width_cache: dict[tuple[int, str], float] = {}
        self._box_cache: dict[tuple, tuple[float, float, float]] = {}
        self._fallback_cache: dict[tuple[int, str], tuple[FontFace, ...]] = {}

    @property
    def index(self) -> FontIndex:
        if self._index is None:
            self._index = font_index()
        return self._index

    def measure(self, body: TextBody, max_width: float | None) -> tuple[float, float]:
        box = self._box(body, max_width)
        return box[0], box[1]

    def first_baseline(self, body: TextBody, max_width: float | None) -> float:
        return self._box(body, max_width)[2]

    def _box(self, body: TextBody, max_width: float | None) -> tuple[float, float, float]:
        """(width, height, first baseline), cached by the body's measured content and max_width."""
        key = (body_key(body), max_width)
        box = self._box_cache.get(key)
        if box is None:
            lay = self.layout(body, max_width)
            box = (lay.width, lay.height, lay.first_baseline)
            if len(self._box_cache) > 50_000:
                self._box_cache.clear()
            self._box_cache[key] = box
        return box

    def layout(self, body: TextBody, max_width: float | None) -> TextLayout:
        """Lay `body` out within the box width `max_width` (px, insets included; None = no wrap)."""
        ins = body.insets or DEFAULT_INSETS
        avail = None if (max_width is None or not body.wrap) else max(0.0, max_width - ins.left - ins.right)
        scale = (body.font_scale or 100.0) / 100.0
        spacing_scale = 1.0 - (body.line_spacing_reduction or 0.0) / 100.0
        lines: list[LineBox] = []
        height = 0.0
        first_baseline: float | None = None
        paragraphs = body.paragraphs or [Paragraph()]
        for para in paragraphs:
            before = para.space_before or 0.0
            after = para.space_after or 0.0
            para_lines = self._para_lines(body, para, avail, scale, spacing_scale)
            if first_baseline is None and para_lines:
                first_baseline = height + before + para_lines[0].baseline
            height += before + sum(line.height for line in para_lines) + after
            lines.extend(para_lines)
        limit = body.max_lines if (body.max_lines and (body.truncate or body.auto_resize == "TRUNCATE")) else None
        if limit is not None and len(lines) > limit:
            lines = lines[:limit]
            height = sum(line.height for line in lines)
        width = max((line.width for line in lines), default=0.0)
        return TextLayout(
            width=width + ins.left + ins.right,
            height=height + ins.top + ins.bottom,
            first_baseline=ins.top + (first_baseline or 0.0),
            lines=lines,
        )

    # -- one paragraph ---------------------------------------------------------------------------
    def _para_lines(
        self, body: TextBody, para: Paragraph, avail: float | None, scale: float, spacing_scale: float
    ) -> list[LineBox]:
        line_height = para.line_height
        base = self._style(body, para, None, scale)
        lead = (para.margin_left or 0.0) + max(0.0, para.indent or 0.0)
        rest = para.margin_left or 0.0
        if para.bullet is not None and para.bullet.type != "NONE" and para.margin_left is None and para.indent is None:
            face, size, _ = base
            bullet_w = self._text_width(para.bullet.char or "•", face, size * (para.bullet.size or 100) / 100, 0)
            lead = rest = bullet_w + 0.5 * size
        strut = self._vmetrics(base[0], base[1], line_height, spacing_scale)
        has_strut = (para.style.font_size or body.style.font_size) is not None  # CSS root inline box
        pieces = self._pieces(body, para, scale, spacing_scale)
        lines: list[LineBox] = []
        cur: list[_Piece] = []
        cur_w = 0.0  # width up to the last word (trailing spaces excluded)
        pending = 0.0  # spaces after the last word
        first_line = True

        def limit() -> float | None:
            if avail is None:
                return None
            return avail - (lead if first_line else rest)

        def finish() -> None:
            nonlocal cur, cur_w, pending, first_line
            offset = lead if first_line else rest
            lines.append(_line_box(cur, cur_w + offset, strut, has_strut))
            cur, cur_w, pending, first_line = [], 0.0, 0.0, False

        i = 0
        n = len(pieces)
        while i < n:
            piece = pieces[i]
            if piece.kind == "br":
                cur.append(piece)
                finish()
                i += 1
                continue
            if piece.kind == "s":
                if cur or not lines:  # leading spaces of a wrapped line are dropped
                    cur.append(piece)
                    pending += piece.width
                i += 1
                continue
            # a word: this piece and every glued piece after it
            j = i + 1
            while j < n and pieces[j].kind == "w" and pieces[j].glue:
                j += 1
            word = pieces[i:j]
            word_w = sum(p.width for p in word)
            lim = limit()
            if lim is not None and cur and cur_w + pending + word_w > lim + EPS:
                finish()
                lim = limit()
            if lim is not None and word_w > lim + EPS:
                for chunk in self._split_word(word, lim, cur_w + pending):
                    chunk_w = sum(p.width for p in chunk)
                    if cur and cur_w + pending + chunk_w > limit() + EPS:  # type: ignore[operator]
                        finish()
                    cur.extend(chunk)
                    cur_w += pending + chunk_w
                    pending = 0.0
            else:
                cur.extend(word)
                cur_w += pending + word_w
                pending = 0.0
            i = j
        if cur or not lines or pieces[-1].kind == "br":
            finish()
        return lines

    def _split_word(self, word: list[_Piece], lim: float, used: float) -> list[list[_Piece]]:
        """Break an over-long word between characters into chunks that fit `lim` (the first chunk
        fills what is left after `used`)."""
        chunks: list[list[_Piece]] = []
        chunk: list[_Piece] = []
        width = 0.0
        room = lim - used if used > 0 else lim
        for piece in word:
            face, size, ls = piece.style
            for ch in piece.text:
                w = self._text_width(ch, face, size, ls)
                if chunk and width + w > room + EPS:
                    chunks.append(chunk)
                    chunk, width, room = [], 0.0, lim
                chunk.append(_Piece("w", ch, w, piece.top, piece.bottom, True, piece.style))
                width += w
        if chunk:
            chunks.append(chunk)
        return chunks

    # -- styles and pieces -----------------------------------------------------------------------
    def _pieces(self, body: TextBody, para: Paragraph, scale: float, spacing_scale: float) -> list[_Piece]:
        pieces: list[_Piece] = []
        prev_word = False
        for run in para.runs:
            style = self._style(body, para, run, scale)
            face, size, ls = style
            top, bottom = self._vmetrics(face, size, para.line_height, spacing_scale)
            text = _apply_case(run.text, run.style.text_case or para.style.text_case or body.style.text_case)
            for m in _TOKEN.finditer(text):
                tok = m.group()
                if tok == "\v":
                    pieces.append(_Piece("br", "", 0.0, top, bottom, False, style))
                    prev_word = False
                elif tok[0] in " \t":
                    spaces = tok.replace("\t", "    ")
                    pieces.append(_Piece("s", spaces, self._text_width(spaces, face, size, ls), top, bottom, False))
                    prev_word = False
                else:
                    for part in _word_parts(tok):
                        w = self._text_width(part, face, size, ls)
                        p_top, p_bottom = top, bottom
                        for fb in self._fallbacks(face, part):  # a fallback face's glyphs bring its metrics
                            fb_top, fb_bottom = self._vmetrics(fb, size, para.line_height, spacing_scale)
                            p_top, p_bottom = max(p_top, fb_top), max(p_bottom, fb_bottom)
                        glue = prev_word and not is_cjk(part[0])
                        pieces.append(_Piece("w", part, w, p_top, p_bottom, glue, style))
                        prev_word = not (is_cjk(part[-1]) or part[-1] == "-")
        return pieces

    def _style(self, body: TextBody, para: Paragraph, run: object | None, scale: float) -> tuple:
        """(face, size px, letter spacing px) of a run (or of the paragraph when run is None)."""
        rs = getattr(run, "style", None)
        bs, ps = body.style, para.style

        def pick(attr: str):  # run -> paragraph -> body
            for st in (rs, ps, bs):
                if st is not None:
                    value = getattr(st, attr)
                    if value is not None:
                        return value
            return None

        size = (pick("font_size") or DEFAULT_FONT_SIZE) * scale
        weight = pick("font_weight") or 400
        italic = bool(pick("italic"))
        face = self.index.resolve(pick("font_family") or self.default_family, weight, italic)
        return face, size, pick("letter_spacing") or 0.0

    def _vmetrics(
        self, face: FontFace | None, size: float, line_height: object | None, spacing_scale: float
    ) -> tuple[float, float]:
        """(above, below) the baseline in px of an inline box of `face` at `size` with the
        paragraph's LineHeight: ascent / descent rounded to whole px as Chromium does, plus half
        the leading (line height - ascent - descent) on each side, floored above as Blink does."""
        if face is None:
            asc, desc, gap = _round(0.8 * size), _round(0.2 * size), 0.0
        else:
            k = size / face.upm
            asc, desc, gap = _round(face.ascent * k), _round(face.descent * k), _round(face.line_gap * k)
        normal = asc + desc + gap
        unit = getattr(line_height, "unit", "AUTO")
        if unit == "PIXELS":
            lh = float(line_height.value)  # type: ignore[union-attr]
        elif unit == "PERCENT":
            lh = normal * float(line_height.value) / 100.0 * spacing_scale  # type: ignore[union-attr]
        else:
            lh = normal * spacing_scale
        top = asc + math.floor((lh - asc - desc) / 2.0)  # Blink floors the half-leading above
        return top, lh - top

    def _fallbacks(self, face: FontFace | None, text: str) -> tuple[FontFace, ...]:
        """The fallback faces that supply characters of `text` missing from `face`."""
        if face is None:
            return ()
        key = (id(face), text)
        found = self._fallback_cache.get(key)
        if found is None:
            faces: dict[int, FontFace] = {}
            for ch in text:
                if face.advance(ch) is None:
                    fb = self.index.cjk() if is_cjk(ch) else self.index.resolve(None)
                    if fb is not None and fb is not face and fb.advance(ch) is not None:
                        faces[id(fb)] = fb
            found = tuple(faces.values())
            if len(self._fallback_cache) > 200_000:
                self._fallback_cache.clear()
            self._fallback_cache[key] = found
        return found

    def _text_width(self, text: str, face: FontFace | None, size: float, letter_spacing: float) -> float:
        """Width in px of `text` in `face` at `size` (fallback faces for missing characters)."""
        if face is None:
            return len(text) * (0.5 * size + letter_spacing)
        key = (id(face), text)
        units = self._width_cache.get(key)
        if units is None:
            units = 0.0
            prev = ""
            for ch in text:
                adv = face.advance(ch)
                if adv is not None:
                    units += adv + (face.kern(prev, ch) if prev else 0.0)
                    prev = ch
                    continue
                prev = ""
                fb = self.index.cjk() if is_cjk(ch) else self.index.resolve(None)
                fb_adv = fb.advance(ch) if fb is not None else None
                units += fb_adv * face.upm / fb.upm if (fb is not None and fb_adv is not None) else 0.5 * face.upm
            if len(self._width_cache) > 200_000:
                self._width_cache.clear()
            self._width_cache[key] = units
        return units * size / face.upm + letter_spacing * len(text)


def _style_key(st: TextStyle) -> tuple:
    return (st.font_family, st.font_size, st.font_weight, st.italic, st.letter_spacing, st.text_case)


def body_key(body: TextBody) -> tuple:
    """A hashable key of everything in a text body that changes its measured size."""
    ins = body.insets
    parts: list = [
        (ins.top, ins.right, ins.bottom, ins.left) if ins is not None else None,
        body.wrap,
        body.font_scale,
        body.line_spacing_reduction,
        body.max_lines,
        body.truncate,
        body.auto_resize,
        _style_key(body.style),
    ]
    for p in body.paragraphs:
        lh, b = p.line_height, p.bullet
        parts.append(
            (
                _style_key(p.style),
                p.space_before,
                p.space_after,
                p.margin_left,
                p.indent,
                (lh.value, lh.unit) if lh is not None else None,
                (b.type, b.char, b.size) if b is not None else None,
                tuple((r.text, _style_key(r.style)) for r in p.runs),
            )
        )
    return tuple(parts)


def _line_box(pieces: list[_Piece], width: float, strut: tuple[float, float], has_strut: bool) -> LineBox:
    """A line's box as CSS builds it: from the highest inline box top to the lowest bottom (the
    paragraph's strut included when its font size is set, or when the line is empty)."""
    tops = [p.top for p in pieces]
    bottoms = [p.bottom for p in pieces]
    if has_strut or not pieces:
        tops.append(strut[0])
        bottoms.append(strut[1])
    top, bottom = max(tops), max(bottoms)
    return LineBox(width=max(0.0, width), height=top + bottom, baseline=top, text="".join(p.text for p in pieces))


def _round(value: float) -> float:
    """Round half up, as Chromium's lroundf on font metrics."""
    return float(math.floor(value + 0.5))


def _word_parts(tok: str) -> list[str]:
    """Break opportunities inside a word: around each CJK character and after a hyphen that
    follows a letter ("auto-layout" -> "auto-", "layout")."""
    if CJK_RE.search(tok):
        parts: list[str] = []
        for part, cjk in _cjk_parts(tok):
            parts.extend([part] if cjk else _HYPHEN.split(part))
        return [p for p in parts if p]
    if "-" in tok:
        return [p for p in _HYPHEN.split(tok) if p]
    return [tok]


def _cjk_parts(tok: str) -> list[tuple[str, bool]]:
    """Split a token into single CJK characters and runs of other characters, each with whether
    it is a CJK character (a run of others may be any length: never test it as one character)."""
    parts: list[tuple[str, bool]] = []
    buf = ""
    for ch in tok:
        if is_cjk(ch):
            if buf:
                parts.append((buf, False))
                buf = ""
            parts.append((ch, True))
        else:
            buf += ch
    if buf:
        parts.append((buf, False))
    return parts


def _apply_case(text: str, case: str | None) -> str:
    if case in ("UPPER", "SMALL_CAPS", "SMALL_CAPS_FORCED"):
        return text.upper()
    if case == "LOWER":
        return text.lower()
    if case == "TITLE":
        return text.title()
    return text


class MonospaceMeasurer:
    """A deterministic measurer for tests and rough estimates: every character is `char_width` px
    wide, every line `line_height` px tall with its baseline at `baseline` px; no insets, no
    paragraph spacing, styles ignored. Wraps greedily at spaces (long words break between
    characters); paragraphs and '\\v' start new lines; trailing spaces take no width; max_lines
    truncates as in the default measurer."""

    def __init__(self, char_width: float = 10.0, line_height: float = 20.0, baseline: float = 16.0) -> None:
        self.char_width = char_width
        self.line_height = line_height
        self.baseline = baseline

    def lines(self, body: TextBody, max_width: float | None) -> list[str]:
        per_line = None if max_width is None or not body.wrap else max(1, int(max_width / self.char_width + 1e-9))
        out: list[str] = []
        for para in body.paragraphs or [Paragraph()]:
            for raw in para.text.split("\v"):
                out.extend(_wrap_chars(raw, per_line))
        if body.max_lines and (body.truncate or body.auto_resize == "TRUNCATE"):
            out = out[: body.max_lines]
        return out

    def measure(self, body: TextBody, max_width: float | None) -> tuple[float, float]:
        lines = self.lines(body, max_width)
        return max((len(line) for line in lines), default=0) * self.char_width, len(lines) * self.line_height

    def first_baseline(self, body: TextBody, max_width: float | None) -> float:
        return self.baseline


def _wrap_chars(text: str, per_line: int | None) -> list[str]:
    """Greedy wrapping of `text` into lines of at most `per_line` characters (None = one line)."""
    if per_line is None:
        return [text.rstrip(" ")]
    lines: list[str] = []
    cur = ""
    for word in text.split(" "):
        candidate = f"{cur} {word}" if cur else word
        if len(candidate) <= per_line:
            cur = candidate
            continue
        if cur:
            lines.append(cur)
        while len(word) > per_line:
            lines.append(word[:per_line])
            word = word[per_line:]
        cur = word
    lines.append(cur)
    return lines


@lru_cache(maxsize=1)
def default_measurer() -> FontMetricsMeasurer:
    """The process-wide default measurer (installed font metrics; fonts scanned on first use)."""
    return FontMetricsMeasurer()
