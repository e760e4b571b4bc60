"""Figma TEXT <-> IR TextBody: characters, style overrides, lists, line heights, hyperlinks.

- `characterStyleOverrides` indexes UTF-16 code units (Figma strings are JavaScript strings), so
  characters outside the BMP take two entries; trailing zeros are trimmed (base style).
- Paragraphs end at "\\n" (or U+2029); U+2028 (line separator) is a line break inside a
  paragraph, "\\v" in the IR.
- lineTypes / lineIndentations are per line (= paragraph): ORDERED / UNORDERED become bullets,
  their text hanging one gutter (1 em of the item's size) per level right of the marker, as Figma
  draws lists (the REST API gives no list indent). Writing OOXML text whose paragraphs are all
  list items, the writer moves the text (node or box padding) by text_offset so that the
  items' text starts where PowerPoint starts it (the median item; the markers stay Figma's).
  A list item's indentation counts its list level from 1 (a top-level bullet has indentation 1),
  so IR level = indentation - 1 for list items and = indentation otherwise.
- Line height: PIXELS and FONT_SIZE_% become IR PIXELS (lineHeightPx); INTRINSIC_% of 100 is
  Figma's "Auto" (no IR value); other INTRINSIC_% values become IR PERCENT. Text from a .pptx is
  written in PIXELS at PowerPoint's pitch (1.2 x the size for single spacing, whatever the font),
  the node moved down so that Figma's CSS-like lines show where PowerPoint's do
  (ace_core.drawing.text_lines; the .pptx writer moves Figma text back).
- Paragraph spacing: the node's paragraphSpacing is the commonest gap between two paragraphs; a
  paragraph whose gap to the next differs carries its own paragraphSpacing in its characters'
  style override (read back as its space after). OOXML spacing of a shrunk body shrinks with it.
  Figma puts none after the last paragraph: it reads back without a space after.
- Figma text boxes have no insets: the IR gets zero insets."""

from __future__ import annotations

import itertools
import statistics
from collections import Counter
from typing import Any

from ace_core.drawing.fonts import resolve_family
from ace_core.drawing.text_lines import ooxml_pitch, pitch_in_pixels, text_scale
from ace_core.ir.fields import field_text
from ace_core.ir.style import Paint, Sides, SolidPaint, Stroke
from ace_core.ir.text import Bullet, LineHeight, Paragraph, Run, TextBody, TextStyle
from ace_core.layout.measure import DEFAULT_FONT_SIZE
from adapters.figma.context import ReadContext, num
from adapters.figma.paints import paint_to_figma, paints_from_figma, stroke_props_to_figma, strokes_from_figma
from adapters.figma.picture_text import SYMBOL_FAMILY
from adapters.figma.text_groups import (
    LIST_GUTTER_EM,
    figma_list_item,
    first_line_indent,
    inline_marker,
    marker_fill,
    text_offset,
)

__all__ = ["text_from_figma", "text_offset", "text_to_figma"]

_CASES = ("ORIGINAL", "UPPER", "LOWER", "TITLE", "SMALL_CAPS", "SMALL_CAPS_FORCED")
_DECORATIONS = ("NONE", "UNDERLINE", "STRIKETHROUGH")
_HALIGN = ("LEFT", "CENTER", "RIGHT", "JUSTIFIED")
_VALIGN = ("TOP", "CENTER", "BOTTOM")
_RESIZE = ("NONE", "HEIGHT", "WIDTH_AND_HEIGHT", "TRUNCATE")
_BLACK = SolidPaint()
_WEIGHT_NAMES = {100: "Thin", 200: "ExtraLight", 300: "Light", 400: "Regular", 500: "Medium", 600: "SemiBold"}
_WEIGHT_NAMES.update({700: "Bold", 800: "ExtraBold", 900: "Black"})
_SUPERSCRIPT, _SUBSCRIPT = 0.3, -0.25  # PowerPoint's shifts for its superscript / subscript buttons


# -- read ---------------------------------------------------------------------------------------


def _hyperlink_from_figma(link: Any) -> str | None:
    if not isinstance(link, dict):
        return None
    if link.get("type") == "NODE" and link.get("nodeID"):
        return f"#slide:{link['nodeID']}"
    url = link.get("url")
    return url if isinstance(url, str) and url else None


def _inline_marker(runs: list[Run], body_style: TextStyle) -> tuple[Bullet, list[Run]] | None:
    """A hanging paragraph without a list type whose characters start with one glyph and a tab
    (how the writer keeps a marker Figma's lists cannot draw: text_groups.inline_marker) as the
    bullet and the runs after the tab; the glyph's colour, size and font, where they are not the
    text's, are the bullet's. None when the paragraph does not start so."""
    text = "".join(r.text for r in runs)
    if len(text) < 3 or text[1] != "\t" or text[0].isspace() or text[0] == "\t":
        return None
    marker = runs[0].style
    rest = [r.model_copy() for r in runs]
    cut = 2
    while cut and rest:
        take = min(cut, len(rest[0].text))
        rest[0].text = rest[0].text[take:]
        cut -= take
        if not rest[0].text:
            rest.pop(0)
    if not rest:
        return None
    m, t = body_style.merged(marker), body_style.merged(rest[0].style)
    size = None
    if m.font_size and t.font_size and abs(m.font_size - t.font_size) > 0.01:
        size = round(m.font_size / t.font_size * 100.0, 1)
    bullet = Bullet(
        type="UNORDERED",
        char=text[0],
        color=m.fill if m.fill != t.fill else None,
        size=size,
        font_family=m.font_family if m.font_family != t.font_family else None,
    )
    return bullet, rest


def _style_from_figma(s: dict[str, Any], ctx: ReadContext, node_id: str, fills: Any) -> TextStyle:
    """A (possibly partial) TypeStyle as an IR TextStyle: only the fields it states."""
    data: dict[str, Any] = {}
    if isinstance(s.get("fontFamily"), str) and s["fontFamily"]:
        data["font_family"] = s["fontFamily"]
    if isinstance(s.get("fontSize"), int | float) and s["fontSize"] >= 0:
        data["font_size"] = float(s["fontSize"])
    if isinstance(s.get("fontWeight"), int | float):
        data["font_weight"] = min(1000, max(1, round(s["fontWeight"])))
    if isinstance(s.get("italic"), bool):
        data["italic"] = s["italic"]
    if s.get("textDecoration") in _DECORATIONS:
        data["decoration"] = s["textDecoration"]
    if s.get("textCase") in _CASES:
        data["text_case"] = s["textCase"]
    if isinstance(s.get("letterSpacing"), int | float):
        data["letter_spacing"] = float(s["letterSpacing"])
    link = _hyperlink_from_figma(s.get("hyperlink"))
    if link:
        data["hyperlink"] = link
    flags = s.get("opentypeFlags") if isinstance(s.get("opentypeFlags"), dict) else {}
    if flags.get("SUPS") or flags.get("SUBS"):  # Figma's superscript / subscript: PowerPoint's shifts
        data["baseline"] = _SUPERSCRIPT if flags.get("SUPS") else _SUBSCRIPT
    if fills is not None:
        paints = paints_from_figma(fills, ctx, node_id)
        visible = [p for p in paints if p.visible]
        if len(visible) > 1:
            ctx.loss("text-fills", f"{len(visible)} text fills; the top one is kept", node_id)
        if visible:
            data["fill"] = visible[-1]
        elif paints:
            data["fill"] = paints[-1]
    return TextStyle(**data)


def _line_height(s: dict[str, Any]) -> LineHeight | None:
    unit = s.get("lineHeightUnit")
    px = s.get("lineHeightPx")
    if unit == "PIXELS" and isinstance(px, int | float):
        return LineHeight(value=float(px), unit="PIXELS")
    if unit == "FONT_SIZE_%":
        if isinstance(px, int | float):
            return LineHeight(value=float(px), unit="PIXELS")
        pct = num(s.get("lineHeightPercentFontSize"), 100.0)
        return LineHeight(value=num(s.get("fontSize"), 12.0) * pct / 100.0, unit="PIXELS")
    pct = s.get("lineHeightPercent")
    if isinstance(pct, int | float) and abs(pct - 100.0) > 0.01:
        return LineHeight(value=float(pct), unit="PERCENT")
    return None


def _utf16_ids(chars: str, overrides: list[Any]) -> list[int]:
    """Override id of each code point, from per-UTF-16-unit ids."""
    ids: list[int] = []
    unit = 0
    n = len(overrides)
    for ch in chars:
        v = overrides[unit] if unit < n else 0
        ids.append(int(v) if isinstance(v, int | float) else 0)
        unit += 2 if ord(ch) > 0xFFFF else 1
    return ids


def text_from_figma(n: dict[str, Any], ctx: ReadContext) -> TextBody:
    nid = n.get("id", "")
    chars = n.get("characters") if isinstance(n.get("characters"), str) else ""
    base = n.get("style") if isinstance(n.get("style"), dict) else {}
    body_style = _style_from_figma(base, ctx, nid, n.get("fills"))
    table = n.get("styleOverrideTable") if isinstance(n.get("styleOverrideTable"), dict) else {}
    run_styles: dict[int, TextStyle] = {0: TextStyle()}
    run_lh: dict[int, LineHeight | None] = {}  # line heights set on character ranges
    run_gap: dict[int, float] = {}  # paragraph spacing set on character ranges
    for key, over in table.items():
        try:
            oid = int(key)
        except (TypeError, ValueError):
            continue
        over = over if isinstance(over, dict) else {}
        run_styles[oid] = _style_from_figma(over, ctx, nid, over.get("fills"))
        if "lineHeightUnit" in over or "lineHeightPx" in over:
            run_lh[oid] = _line_height({**base, **over})
        if isinstance(over.get("paragraphSpacing"), int | float):  # a paragraph's own gap to the next
            run_gap[oid] = max(0.0, float(over["paragraphSpacing"]))
    overrides = n.get("characterStyleOverrides") if isinstance(n.get("characterStyleOverrides"), list) else []
    ids = _utf16_ids(chars, overrides)
    line_types = n.get("lineTypes") if isinstance(n.get("lineTypes"), list) else []
    indents = n.get("lineIndentations") if isinstance(n.get("lineIndentations"), list) else []
    line_height = _line_height(base)
    space_after = num(base.get("paragraphSpacing")) or None
    indent = num(base.get("paragraphIndent")) or None

    paragraphs: list[Paragraph] = []
    runs: list[Run] = []
    run_ids: list[int] = []
    cur_text: list[str] = []
    cur_id = -1
    empty_style: dict[int, int] = {}  # paragraph index -> override id of its newline (empty lines)

    def flush_run() -> None:
        nonlocal cur_text
        if cur_text:
            runs.append(Run(text="".join(cur_text), style=run_styles.get(cur_id, TextStyle())))
            run_ids.append(cur_id)
            cur_text = []

    def paragraph_line_height() -> LineHeight | None:
        """A paragraph's line height: the node's, or the one its characters carry."""
        own = {repr(run_lh[i]) for i in run_ids if i in run_lh}
        if len(own) > 1 or (own and any(i not in run_lh for i in run_ids)):
            ctx.loss("text-run-line-height", "line heights mixed inside a paragraph: its first is kept", nid, "info")
        first = next((i for i in run_ids if i in run_lh), None)
        return run_lh[first] if first is not None else line_height

    def flush_paragraph() -> None:
        nonlocal runs
        flush_run()
        i = len(paragraphs)
        kind = line_types[i] if i < len(line_types) else "NONE"
        depth = max(0, int(num(indents[i]))) if i < len(indents) else 0
        bullet = None
        if kind == "ORDERED":
            bullet = Bullet(type="ORDERED", scheme="arabicPeriod")
        elif kind == "UNORDERED":
            bullet = Bullet(type="UNORDERED", char="•")
        level = min(max(0, depth - 1) if bullet else depth, 8)
        margin, first = None, indent
        if bullet is None and (indent or 0.0) < 0 and (marked := _inline_marker(runs, body_style)) is not None:
            bullet, runs = marked  # a marker written in the characters (adapters.figma.text_groups)
        elif bullet is not None:  # Figma hangs a list item's text one gutter right of its marker
            size = next((r.style.font_size for r in runs if r.style.font_size), None) or body_style.font_size or 12.0
            gutter = size * LIST_GUTTER_EM
            margin, first = gutter * (level + 1), -gutter
        own = empty_style.get(i)
        carrier = own if own is not None else next((k for k in run_ids if k in run_gap), None)
        gap = run_gap.get(carrier, space_after) if carrier is not None else space_after
        paragraphs.append(
            Paragraph(
                runs=runs,
                style=run_styles.get(own, TextStyle()) if own is not None else TextStyle(),
                level=level,
                bullet=bullet,
                line_height=run_lh.get(own, line_height) if own in run_lh else paragraph_line_height(),
                space_after=gap or None,
                indent=first,
                margin_left=margin,
            )
        )
        runs = []
        run_ids.clear()

    for ch, oid in zip(chars, ids, strict=True):
        if ch in "\n\u2029":
            if oid and not runs and not cur_text and paragraphs:  # an empty line is styled by its newline
                empty_style[len(paragraphs)] = oid
            flush_paragraph()
            cur_id = -1
            continue
        if oid != cur_id:
            flush_run()
            cur_id = oid
        cur_text.append("\v" if ch == "\u2028" else ch)
    if chars and chars[-1] in "\n\u2029" and ids[-1] and paragraphs and len(paragraphs) not in empty_style:
        empty_style[len(paragraphs)] = ids[-1]  # a last empty line: styled by the newline before it
    flush_paragraph()
    # paragraphSpacing is Figma's space between paragraphs: none after the last (the node's own
    # for a one-paragraph TEXT was read as space after it, which an HTML writer draws below it)
    paragraphs[-1].space_after = None

    _stroke_glyphs(n, ctx, paragraphs)
    resize = base.get("textAutoResize") if base.get("textAutoResize") in _RESIZE else "NONE"
    max_lines = base.get("maxLines")
    return TextBody(
        paragraphs=paragraphs,
        style=body_style,
        align=base.get("textAlignHorizontal") if base.get("textAlignHorizontal") in _HALIGN else "LEFT",
        vertical_align=base.get("textAlignVertical") if base.get("textAlignVertical") in _VALIGN else "TOP",
        auto_resize=resize,
        insets=Sides(),
        wrap=resize != "WIDTH_AND_HEIGHT",
        max_lines=int(max_lines) if isinstance(max_lines, int | float) and max_lines > 0 else None,
        truncate=base.get("textTruncation") == "ENDING" or resize == "TRUNCATE",
    )


def _stroke_glyphs(n: dict[str, Any], ctx: ReadContext, paragraphs: list[Paragraph]) -> None:
    """A TEXT's strokes go around its glyphs: the outline of every run with text (IR TextStyle.outline;
    IR text-node strokes outline the box, which Figma draws as the FRAME around the TEXT)."""
    strokes, _ = strokes_from_figma(n, ctx, "OUTSIDE")
    if not strokes:
        return
    if len(strokes) > 1:
        ctx.loss("text-stroke", "a TEXT's strokes beyond its first: glyphs are outlined by the first", n.get("id", ""))
    for para in paragraphs:
        for run in para.runs:
            if run.text and run.style.outline is None:
                run.style = run.style.model_copy(update={"outline": strokes[0]})


def glyph_stroke(body: TextBody) -> Stroke | None:
    """The outline every run with text shares (OOXML a:ln on the runs), which a TEXT's strokes hold
    (Figma strokes a TEXT around its glyphs, the whole node alike); None when runs differ."""
    outlines = [
        body.style.merged(para.style).merged(run.style).outline
        for para in body.paragraphs
        for run in para.runs
        if run.text
    ]
    first = outlines[0] if outlines else None
    return first if first is not None and all(o == first for o in outlines) else None


# -- write --------------------------------------------------------------------------------------


def _hyperlink_to_figma(link: str) -> dict[str, str]:
    if link.startswith("#slide:"):
        return {"type": "NODE", "nodeID": link.removeprefix("#slide:")}
    return {"type": "URL", "url": link}


def _font_style(weight: int | None, italic: bool | None) -> str:
    name = _WEIGHT_NAMES.get(round((weight or 400) / 100) * 100, "Regular")
    if italic:
        return "Italic" if name == "Regular" else f"{name} Italic"
    return name


def _style_to_figma(s: TextStyle, *, with_fills: bool, scale: float = 1.0, theme_fonts: Any = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if s.font_family is not None:
        out["fontFamily"] = s.font_family
    elif s.font_ref is not None and theme_fonts is not None:  # a theme font (+mj-lt): Figma names the face
        out["fontFamily"] = resolve_family(None, s.font_ref, theme_fonts)
    if s.font_weight is not None:
        out["fontWeight"] = s.font_weight
    if s.font_size is not None:
        out["fontSize"] = s.font_size * scale
    if s.italic is not None:
        out["italic"] = s.italic
    if s.font_weight is not None or s.italic is not None:
        out["fontStyle"] = _font_style(s.font_weight, s.italic)
    if s.decoration is not None:
        out["textDecoration"] = s.decoration
    if s.text_case is not None:
        out["textCase"] = s.text_case
    if s.letter_spacing is not None:
        out["letterSpacing"] = s.letter_spacing * scale
    if s.hyperlink is not None:
        out["hyperlink"] = _hyperlink_to_figma(s.hyperlink)
    if s.baseline:  # Figma's superscript / subscript are these OpenType features
        out["opentypeFlags"] = {"SUPS": 1} if s.baseline > 0 else {"SUBS": 1}
    if with_fills and s.fill is not None:
        out["fills"] = [paint_to_figma(s.fill)]
    return out


def _line_height_to_figma(lh: LineHeight | None, font_size: float, reduce: float = 0.0) -> dict[str, Any]:
    """lineHeight* fields; `reduce` is OOXML's lnSpcReduction (a fraction taken off a multiple)."""
    if lh is None or lh.unit == "AUTO":
        pct = 100.0 * (1.0 - reduce)
        return {"lineHeightUnit": "INTRINSIC_%", "lineHeightPercent": pct, "lineHeightPx": font_size * 1.2 * pct / 100}
    if lh.unit == "PIXELS":
        return {
            "lineHeightUnit": "PIXELS",
            "lineHeightPx": lh.value,
            "lineHeightPercentFontSize": lh.value / font_size * 100.0 if font_size else 100.0,
        }
    pct = lh.value * (1.0 - reduce)
    return {"lineHeightUnit": "INTRINSIC_%", "lineHeightPercent": pct, "lineHeightPx": font_size * 1.2 * pct / 100}


def _utf16_len(text: str) -> int:
    return sum(2 if ord(ch) > 0xFFFF else 1 for ch in text)


def _paragraph_spacing(paragraphs: list[Paragraph]) -> float:
    """Figma's one paragraphSpacing for the node: the commonest gap between two paragraphs (space
    after the first plus space before the next, as PowerPoint adds them)."""
    if len(paragraphs) < 2:
        return (paragraphs[0].space_after or 0.0) if paragraphs else 0.0
    gaps = [(a.space_after or 0.0) + (b.space_before or 0.0) for a, b in itertools.pairwise(paragraphs)]
    return statistics.median_low(gaps)


def _pitch_to_figma(line_px: float, font_size: float) -> dict[str, Any]:
    return {
        "lineHeightUnit": "PIXELS",
        "lineHeightPx": line_px,
        "lineHeightPercentFontSize": line_px / font_size * 100.0 if font_size else 100.0,
    }


def _shown(run: Run, slide_number: int | None) -> str:
    """A run's text as a viewer shows it: a slide number field the slide's own number, a date /
    time field today's (its stored value is the one last shown, often years old)."""
    if run.field is None:
        return run.text
    if run.field == "slidenum" and slide_number is not None:
        return str(slide_number)
    return field_text(run.field, run.text)


def _node_align(body: TextBody) -> str:
    """Figma's one alignment of a TEXT node: its paragraphs' (a paragraph's own, else the body's),
    and where they differ the one most of its characters have: empty paragraphs show none (a
    subtitle's four empty left-aligned lines above eight right-aligned ones made it left-aligned)."""
    weights: Counter[str] = Counter()
    for para in body.paragraphs:
        weights[para.align or body.align or "LEFT"] += len(para.text.strip()) + 1e-3  # ties: the first
    return weights.most_common(1)[0][0] if weights else body.align or "LEFT"


def _marker_style(body: TextBody, para: Paragraph, text: TextStyle) -> TextStyle:
    """An inline marker's character style: the item's first run's, in the bullet's colour and at
    its size (a:buSzPct of the text's), in its font; a symbol font's glyph is written as the
    Unicode character it draws, in OpenSymbol (what LibreOffice and the HTML writer draw those
    bullets in)."""
    bullet = para.bullet or Bullet()
    family = bullet.font_family
    update: dict[str, Any] = {"decoration": None, "hyperlink": None}
    if family:
        symbol = family.lower().startswith(("wingdings", "webdings")) or family.lower() == "symbol"
        update["font_family"] = SYMBOL_FAMILY if symbol else family
    fill = marker_fill(body, para)
    if fill is not None:
        update["fill"] = fill
    if bullet.size is not None and bullet.size != 100.0:
        size = body.style.merged(text).font_size or DEFAULT_FONT_SIZE
        update["font_size"] = size * bullet.size / 100.0
    return text.model_copy(update=update)


def text_to_figma(
    body: TextBody, theme_fonts: Any = None, *, ooxml: bool = False, slide_number: int | None = None
) -> tuple[dict[str, Any], list[Paint]]:
    """TEXT node fields (characters, style, overrides, lines) and the node's fills (text colour).

    Figma holds one alignment and one paragraph spacing per node; line height can differ per
    character range, so a paragraph whose line height is not the node's carries its own in the
    style overrides. A shrunk OOXML body (normAutofit) is written at its drawn size. With `theme_fonts`
    (a deck with a theme), theme font references and unset families are named by the theme's
    fonts, as the deck's own renderers resolve them. With `ooxml` (text read from a .pptx) line
    heights are written in PIXELS at the pitch PowerPoint gives each paragraph (Figma's own
    percentages are of the font's height, not PowerPoint's 1.2 x its size); the node goes down by
    ace_core.drawing.text_lines.ooxml_text_shift. Figma has no fields: a field is written as the
    text a viewer shows (`slide_number`: the slide's position in the deck)."""
    first = body.paragraphs[0] if body.paragraphs else Paragraph()
    base_style = body.style.merged(first.style)  # a .pptx paragraph carries the effective defaults
    shrink = body.autofit == "SHRINK"
    scale = text_scale(body)
    reduce = (body.line_spacing_reduction or 0.0) / 100.0 if shrink else 0.0
    font_size = (base_style.font_size or DEFAULT_FONT_SIZE) * scale
    # OOXML spacing shrinks with a shrunk body's font (as LibreOffice draws it)
    spacing = scale if ooxml else 1.0
    node_gap = _paragraph_spacing(body.paragraphs) * spacing
    gaps = [
        ((a.space_after or 0.0) + (b.space_before or 0.0)) * spacing for a, b in itertools.pairwise(body.paragraphs)
    ]
    style = _style_to_figma(base_style, with_fills=False, scale=scale, theme_fonts=theme_fonts)
    style.setdefault("fontFamily", resolve_family(None, None, theme_fonts) if theme_fonts is not None else "Inter")
    style.setdefault("fontSize", font_size)
    style.update(
        textAlignHorizontal=_node_align(body),
        textAlignVertical=body.vertical_align,
        textAutoResize="WIDTH_AND_HEIGHT"
        if not body.wrap and body.auto_resize in ("NONE", "HEIGHT")
        else body.auto_resize,
        paragraphSpacing=node_gap,
        # OOXML: the first paragraph with text's (text_runs keeps one per TEXT)
        paragraphIndent=first_line_indent(body, next((p for p in body.paragraphs if p.text.strip()), first))
        if ooxml
        else first.indent or 0.0,
    )

    def para_lh(para: Paragraph) -> dict[str, Any]:
        size = (body.style.merged(para.style).font_size or DEFAULT_FONT_SIZE) * scale
        if ooxml and pitch_in_pixels(body, para):
            return _pitch_to_figma(ooxml_pitch(body, para, scale), size)
        return _line_height_to_figma(para.line_height, size, reduce)

    node_lh = para_lh(first) if ooxml else _line_height_to_figma(first.line_height, font_size, reduce)
    style.update(node_lh)
    if body.truncate:
        style["textTruncation"] = "ENDING"
    if body.max_lines is not None:
        style["maxLines"] = body.max_lines

    table: dict[str, dict[str, Any]] = {}
    key_of: dict[str, int] = {}
    per_unit: list[int] = []
    pieces: list[str] = []
    line_types: list[str] = []
    indents: list[int] = []

    def override(rstyle: TextStyle, own_lh: dict[str, Any]) -> int:
        if rstyle == TextStyle() and not own_lh:
            return 0
        sig = rstyle.model_dump_json(exclude_none=True) + repr(sorted(own_lh.items()))
        if sig not in key_of:
            key_of[sig] = len(key_of) + 1
            table[str(key_of[sig])] = {
                **_style_to_figma(rstyle, with_fills=True, scale=scale, theme_fonts=theme_fonts),
                **own_lh,
            }
        return key_of[sig]

    empty_end = 0  # the style of an empty paragraph's line: its terminating newline carries it
    for i, para in enumerate(body.paragraphs):
        if i:
            pieces.append("\n")
            per_unit.append(empty_end)
        own_lh: dict[str, Any] = {}
        if ooxml or para.line_height != first.line_height:
            own_lh = para_lh(para)
            if all(own_lh.get(k) == node_lh.get(k) for k in ("lineHeightUnit", "lineHeightPx")):
                own_lh = {}
        if i < len(gaps) and abs(gaps[i] - node_gap) > 0.01:  # its own gap to the next paragraph
            own_lh = {**own_lh, "paragraphSpacing": gaps[i]}
        empty_end = 0
        if i and not any(run.text for run in para.runs):  # (the first paragraph sets the node style)
            end = para.style.merged(para.runs[0].style) if para.runs else para.style
            empty_end = override(end, own_lh)
        glyph = inline_marker(body, para) if ooxml else None
        if glyph is not None and para.bullet is not None:  # the marker Figma's lists cannot draw
            first_run = next((r for r in para.runs if r.text), para.runs[0])
            rstyle = para.style.merged(first_run.style)
            pieces.append(glyph + "\t")
            per_unit.extend([override(_marker_style(body, para, rstyle), own_lh)] * _utf16_len(glyph))
            per_unit.append(override(rstyle, own_lh) if rstyle != TextStyle() or own_lh else 0)
        if empty_end and i == len(body.paragraphs) - 1 and any(run.text for run in body.paragraphs[i - 1].runs):
            per_unit[-1] = empty_end  # a last empty line has no newline of its own: the one before it
        for run in para.runs:
            rstyle = para.style.merged(run.style) if para.style != TextStyle() else run.style
            oid = override(rstyle, own_lh)
            text = _shown(run, slide_number).replace("\v", "\u2028")
            pieces.append(text)
            per_unit.extend([oid] * _utf16_len(text))
        kind = para.bullet.type if para.bullet is not None and (not ooxml or figma_list_item(body, para)) else "NONE"
        line_types.append(kind)
        indents.append(para.level + 1 if kind != "NONE" else para.level)
    while per_unit and per_unit[-1] == 0:
        per_unit.pop()
    if not body.paragraphs:
        line_types, indents = ["NONE"], [0]
    fields = {
        "characters": "".join(pieces),
        "style": style,
        "characterStyleOverrides": per_unit,
        "styleOverrideTable": table,
        "lineTypes": line_types,
        "lineIndentations": indents,
    }
    outline = glyph_stroke(body)
    if outline is not None:  # else the runs' outlines are reported as not held (losses.NotCarried)
        fields.update(stroke_props_to_figma([outline], None, "OUTSIDE"))
    fills: list[Paint] = [base_style.fill] if base_style.fill is not None else [_BLACK]
    return fields, fills
