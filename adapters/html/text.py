"""Text bodies as HTML: a flex column of <p> per paragraph, runs as spans (links as <a>),
bullets and autonumbers as marker spans, autofit font scale, line height, spacing and insets.

The CSS of a paragraph and of a run is a pure function of the IR (`para_decls`, `run_decls`),
so the schema reader can tell an edited declaration from the one the writer produced."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ace_core.drawing.autonum import autonum_text
from ace_core.drawing.autospace import ASIAN, AUTOSPACE_FRACTION, script_changes, script_of
from ace_core.drawing.fonts import (
    CJK_FALLBACK,
    OOXML_LINE,
    cell_line_ratio,
    covers_cjk,
    css_font_stack,
    line_ratio,
    map_symbol_char,
    ooxml_baseline_shift,
    resolve_family,
)
from ace_core.ir.fields import field_text
from ace_core.ir.style import GradientPaint, Sides, SolidPaint
from ace_core.ir.text import LineHeight, Paragraph, Run, TextBody, TextStyle
from ace_core.urls import safe_href
from adapters.html.context import WriteCtx
from adapters.html.css import color_css, gradient_css
from adapters.html.schema import A_FIELD, A_IR, attr, dump_ir, esc_text, join_style, num, px

__all__ = [
    "DEFAULT_INSETS",
    "WRITING_MODES",
    "TextEnv",
    "body_decls",
    "para_decls",
    "paragraph_ir",
    "run_decls",
    "text_html",
]

DEFAULT_TAB_PX = 96.0  # OOXML defTabSz default, 914400 EMU
DEFAULT_INSETS = Sides(top=4.8, right=9.6, bottom=4.8, left=9.6)  # OOXML 0.05 in / 0.1 in
_ALIGN = {"LEFT": "left", "CENTER": "center", "RIGHT": "right", "JUSTIFIED": "justify"}
_VALIGN = {"TOP": "flex-start", "CENTER": "center", "BOTTOM": "flex-end"}
WRITING_MODES = {
    "vert": "vertical-rl",
    "eaVert": "vertical-rl",
    "wordArtVert": "vertical-lr",  # stacked letters, lines from left to right
    "wordArtVertRtl": "vertical-rl",  # the same, lines from right to left
    "mongolianVert": "vertical-lr",
    "vert270": "sideways-lr",
}
_BASE = TextStyle()


class TextEnv:
    """What text CSS depends on besides the IR of the text: the theme fonts and the autofit scale
    (`fit`: the font scale in percent that makes a shrink-on-overflow body fit its box)."""

    def __init__(
        self, theme_fonts: Any, body: TextBody, fit: float | None = None, *, ooxml: bool = False, cell: bool = False
    ) -> None:
        self.theme_fonts = theme_fonts
        self.ooxml = ooxml
        self.cell = cell
        """a table cell's text: LibreOffice pitches its single lines at the font's ascent + descent"""
        percent = fit if fit is not None else body.font_scale
        self.scale = (percent or 100.0) / 100.0
        # LibreOffice refits shrunk text and keeps its line spacing; so do we for OOXML text
        self.reduction = 0.0 if ooxml else body.line_spacing_reduction or 0.0
        # and its exact spacing (line pitch, space before / after) shrinks with the font
        self.spacing = self.scale if ooxml and body.autofit == "SHRINK" else 1.0
        self.indent = indent_scale(body, fit) if ooxml else 1.0
        """the factor on marL / indent: LibreOffice draws a refitted body's indents at its fit over
        the stated fontScale"""
        self.body = body
        self.slide_number: int | None = None
        """the number a slide-number field shows (the slide's position in the deck)"""
        self.cache: dict[tuple[int, int], TextStyle] = {}

    def family(self, style: TextStyle) -> str:
        return resolve_family(style.font_family, style.font_ref, self.theme_fonts)

    def size(self, style: TextStyle) -> float:
        return (style.font_size or 24.0) * self.scale


_STYLE_FIELDS = tuple(TextStyle.model_fields)


def _over(base: TextStyle, over: TextStyle) -> TextStyle:
    """`over` on top of `base` (its non-None fields win); a theme font reference on `over`
    replaces a family from `base`. Built without validation: both inputs are valid."""
    values = {}
    for name in _STYLE_FIELDS:
        value = getattr(over, name)
        values[name] = value if value is not None else getattr(base, name)
    if over.font_ref and not over.font_family and base.font_family:
        values["font_family"] = None
    return TextStyle.model_construct(**values)


def _effective(body: TextBody, para: Paragraph, run: Run | None, env: TextEnv | None = None) -> TextStyle:
    if env is not None:
        key = (id(para), id(run))
        found = env.cache.get(key)
        if found is None:
            found = env.cache[key] = _effective(body, para, run)
        return found
    style = _over(body.style, para.style)
    return _over(style, run.style) if run is not None else style


def _first_run_style(body: TextBody, para: Paragraph, env: TextEnv | None = None) -> TextStyle:
    for run in para.runs:
        if run.text:
            return _effective(body, para, run, env)
    return _effective(body, para, para.runs[0] if para.runs else None, env)


def _ooxml_line(para: Paragraph, env: TextEnv, family: str, size: float) -> list[tuple[str, str]]:
    """Line height as PowerPoint (and LibreOffice) lay out OOXML text: single = 1.2 x the font
    size for every font, PERCENT scales that, extra (or missing) space goes above the text. CSS
    splits the leading above and below, so the paragraph is shifted to put the baseline where
    PowerPoint does. In a table cell LibreOffice's single line is the font's ascent + descent
    (Carlito 1.0 em, DejaVu Sans 1.164), its glyphs centred as CSS centres them."""
    lh = para.line_height
    if lh is not None and lh.unit == "PIXELS":
        line_px = lh.value * env.spacing
        decl = px(round(line_px, 3))
    else:
        pct = 100.0 if lh is None or lh.unit == "AUTO" else lh.value
        pct = max(pct - env.reduction, 1.0)
        factor = (cell_line_ratio(family) if env.cell else OOXML_LINE) * pct / 100.0
        line_px = factor * size
        decl = num(round(factor, 4))
    if env.cell:
        shift = (line_px - cell_line_ratio(family) * size) / 2
    else:
        shift = ooxml_baseline_shift(family, size, line_px)
    out = [("line-height", decl)]
    if abs(shift) >= 0.05:
        out += [("position", "relative"), ("top", px(round(shift, 2)))]
    return out


def _line_height(para: Paragraph, env: TextEnv, family: str) -> str | None:
    lh = para.line_height
    if lh is None or lh.unit == "AUTO":
        if not env.reduction:
            return None
        pct = 100.0 - env.reduction
    elif lh.unit == "PIXELS":
        return px(round(lh.value, 3))
    else:
        pct = lh.value - env.reduction
    return num(round(max(pct, 1.0) / 100.0 * line_ratio(family), 4))


def _strut_style(body: TextBody, para: Paragraph, env: TextEnv) -> TextStyle:
    """The style of the paragraph's strut (CSS's minimum line box): its smallest run with text,
    so that every line is as tall as its own biggest run (PowerPoint's rule), not the first's."""
    key = (id(para), -1)
    found = env.cache.get(key)
    if found is None:
        sized = [_effective(body, para, run, env) for run in para.runs if run.text]
        found = min(sized, key=env.size) if sized else _first_run_style(body, para, env)
        env.cache[key] = found
    return found


def _drawn_indent(para: Paragraph, env: TextEnv) -> float | None:
    """The first line's indent as drawn: OOXML text never starts left of the box (PowerPoint and
    LibreOffice put a first line with marL + indent < 0 at the left inset, its bullet then as wide
    as its glyph), so a hanging indent beyond the margin is cut to the margin."""
    indent = para.indent
    if indent is not None and env.indent != 1.0:
        indent *= env.indent
    if env.ooxml and indent is not None and indent < 0:
        return max(indent, -(para.margin_left or 0.0) * env.indent)
    return indent


def para_decls(body: TextBody, para: Paragraph, env: TextEnv) -> list[tuple[str, str]]:
    """CSS of a <p>: the strut font (the smallest run's family and size), line height,
    alignment, margins and spacing."""
    strut = _strut_style(body, para, env)
    family = env.family(strut)
    size = env.size(strut)
    decls = [("font-family", css_font_stack(family)), ("font-size", px(round(size, 3)))]
    if env.ooxml:
        first = _first_run_style(body, para, env)
        decls += _ooxml_line(para, env, env.family(first), env.size(first))
    else:
        lh = _line_height(para, env, family)
        if lh:
            decls.append(("line-height", lh))
    align = para.align or body.align
    if align and align != "LEFT":
        decls.append(("text-align", _ALIGN[align]))
    if para.margin_left:
        decls.append(("padding-left", px(para.margin_left * env.indent)))
    indent = _drawn_indent(para, env)
    if indent:
        decls.append(("text-indent", px(indent)))
    # PowerPoint leaves out the space before the first paragraph and after the last one unless the
    # body says they count (spcFirstLastPara); LibreOffice leaves them out always
    edge = env.ooxml and not body.edge_spacing and bool(body.paragraphs)
    if para.space_before and not (edge and para is body.paragraphs[0]):
        decls.append(("padding-top", px(para.space_before * env.spacing)))
    if para.space_after and not (edge and para is body.paragraphs[-1]):
        decls.append(("padding-bottom", px(para.space_after * env.spacing)))
    if para.rtl:
        decls.append(("direction", "rtl"))
    if env.ooxml and "\t" in para.text:
        # a tab goes to the next default tab stop, every defTabSz (1 inch unless stated) from the
        # text's margin, in PowerPoint and LibreOffice; CSS's default is 8 spaces of the font
        decls.append(("tab-size", px(DEFAULT_TAB_PX)))
    return decls


def _fill_decls(style: TextStyle) -> list[tuple[str, str]]:
    fill = style.fill
    if isinstance(fill, SolidPaint) and fill.visible:
        return [("color", color_css(fill.color, fill.opacity))]
    if isinstance(fill, GradientPaint) and fill.visible and fill.stops:
        return [
            ("color", color_css(fill.stops[0].color)),
            ("background-image", gradient_css(fill, 100, 100).replace("px", "%")),
            ("-webkit-background-clip", "text"),
            ("-webkit-text-fill-color", "transparent"),
        ]
    return [("color", "#000000")]


def _break_ending_text(para: Paragraph, run: Run) -> bool:
    """Whether `run` is one line break (an a:br) that ends a line holding text. PowerPoint and
    LibreOffice size a line by its characters: such a break's own size does not count (only a
    break alone on its line, an empty line, is as tall as its size)."""
    if run.text != "\v":
        return False
    before = ""
    for other in para.runs:
        if other is run:
            return bool(before) and not before.endswith("\v")
        before += other.text
    return False


def run_decls(body: TextBody, para: Paragraph, run: Run, env: TextEnv) -> list[tuple[str, str]]:
    """CSS of a run span: what differs from its paragraph's strut font, and its own look."""
    if env.ooxml and _break_ending_text(para, run):
        return []
    eff = _effective(body, para, run, env)
    first = _strut_style(body, para, env)
    decls: list[tuple[str, str]] = []
    family = env.family(eff)
    if family != env.family(first):
        decls.append(("font-family", css_font_stack(family)))
    size = env.size(eff)
    if eff.baseline:
        size *= 0.58
    if abs(size - env.size(first)) > 1e-9:
        decls.append(("font-size", px(round(size, 3))))
    if eff.font_weight and eff.font_weight != 400:
        decls.append(("font-weight", str(eff.font_weight)))
    if eff.italic:
        decls.append(("font-style", "italic"))
    decls.extend(_fill_decls(eff))
    if eff.decoration == "UNDERLINE":
        decls.append(("text-decoration", "underline"))
    elif eff.decoration == "STRIKETHROUGH":
        decls.append(("text-decoration", "line-through"))
    if eff.letter_spacing:
        decls.append(("letter-spacing", px(round(eff.letter_spacing * env.scale, 4))))
    case = eff.text_case
    if case == "UPPER":
        decls.append(("text-transform", "uppercase"))
    elif case == "LOWER":
        decls.append(("text-transform", "lowercase"))
    elif case == "TITLE":
        decls.append(("text-transform", "capitalize"))
    elif case in ("SMALL_CAPS", "SMALL_CAPS_FORCED"):
        decls.append(("font-variant", "small-caps"))
    if eff.baseline:
        decls.append(("vertical-align", f"{num(round(eff.baseline / 0.58, 4))}em"))
    if isinstance(eff.highlight, SolidPaint) and eff.highlight.visible:
        decls.append(("background-color", color_css(eff.highlight.color, eff.highlight.opacity)))
    shadow = text_shadow_css(eff, env.scale)
    if shadow:
        decls.append(("text-shadow", shadow))
    return decls


def text_shadow_css(style: TextStyle, scale: float = 1.0) -> str | None:
    """CSS text-shadow for a run's drop shadows (offset and blur radius, scaled with the text as
    an autofit shrinks it), None for none, and none under see-through text: LibreOffice draws no
    shadow there (Aspose's evaluation watermark: 40 % red over an 80 % black shadow), while CSS
    would draw the shadow at its own strength behind the faint glyphs."""
    fill = style.fill
    if fill is not None and not (isinstance(fill, SolidPaint) and fill.color.a * fill.opacity >= 0.999):
        return None
    shadows = [
        f"{px(round(e.offset.x * scale, 3))} {px(round(e.offset.y * scale, 3))} "
        f"{px(round(e.radius * scale, 3))} {color_css(e.color)}"
        for e in style.effects or []
        if e.type == "DROP_SHADOW" and e.visible
    ]
    return ",".join(shadows) or None


def body_decls(body: TextBody, *, default_insets: Sides = DEFAULT_INSETS) -> list[tuple[str, str]]:
    """CSS of the text container: flex column for vertical alignment, insets, wrapping."""
    ins = body.insets or default_insets
    decls = [("display", "flex"), ("flex-direction", "column"), ("justify-content", _VALIGN[body.vertical_align])]
    if any((ins.top, ins.right, ins.bottom, ins.left)):
        decls.append(("padding", " ".join(px(v) for v in (ins.top, ins.right, ins.bottom, ins.left))))
    decls.append(("white-space", "pre-wrap" if body.wrap else "pre"))
    if body.wrap:
        decls.append(("overflow-wrap", "break-word"))
    mode = WRITING_MODES.get(body.vertical)
    if mode:
        decls.append(("writing-mode", mode))
        if body.vertical in ("wordArtVert", "wordArtVertRtl"):
            decls.append(("text-orientation", "upright"))
    if body.columns > 1:
        decls.append(("column-count", str(body.columns)))
    if body.max_lines:
        decls.append(("-webkit-line-clamp", str(body.max_lines)))
    return decls


def paragraph_ir(para: Paragraph) -> dict[str, Any]:
    return para.model_dump(mode="json", exclude_defaults=True, exclude={"runs"})


def _bullet_fill(body: TextBody, para: Paragraph, env: TextEnv, first: TextStyle) -> Any:
    """The colour of a bullet that states none: its first run's, but not the hyperlink colour a
    linked run is drawn in (LibreOffice draws the bullet of a linked item in the text's colour)."""
    fill = first.fill
    if first.hyperlink and isinstance(fill, SolidPaint) and fill.color.ref and fill.color.ref.scheme == "hlink":
        return _effective(body, para, None, env).fill
    return fill


def _marker(body: TextBody, para: Paragraph, env: TextEnv, counter: int) -> str:
    bullet = para.bullet
    if bullet is None or bullet.type == "NONE" or not para.text.strip():
        return ""
    first = _first_run_style(body, para, env)
    fam = bullet.font_family or env.family(first)
    size = env.size(first) * (bullet.size or 100.0) / 100.0
    # line-height 0: a bullet larger than its text (buSzPct 130 %) must not grow the line, as in
    # LibreOffice and PowerPoint (the measurer leaves bullets out of the line height too)
    decls = [("display", "inline-block"), ("text-indent", "0"), ("line-height", "0")]
    indent = _drawn_indent(para, env)
    if indent is not None and indent < 0:
        decls.append(("min-width", px(-indent)))
    if bullet.type == "UNORDERED" and bullet.picture_asset:
        decls.append(("font-size", px(round(size, 3))))
        return f'<span class="bu" style="{join_style(decls)}">\u25cf</span>'
    if bullet.type == "UNORDERED":
        text = map_symbol_char(bullet.char or "•", bullet.font_family)
        if fam.lower().startswith("wingdings") or fam.lower() == "symbol":
            fam = "OpenSymbol"
    else:
        text = autonum_text(bullet.scheme, counter)
    decls.append(("font-family", css_font_stack(fam)))
    decls.append(("font-size", px(round(size, 3))))
    decls.append(("font-style", "normal"))
    color = bullet.color if bullet.color is not None else _bullet_fill(body, para, env, first)
    decls.extend(_fill_decls(TextStyle(fill=color)))
    decls.append(("font-weight", "400"))
    return f'<span class="bu" style="{join_style(decls)}">{esc_text(text)}</span>'


def _shown(run: Run, env: TextEnv) -> str:
    """The characters a run shows: a slide number field shows the slide's own number and a date /
    time field today's, as a viewer refreshes it (the stored value is the one last shown)."""
    if run.field is None:
        return run.text
    if run.field == "slidenum" and env.slide_number is not None:
        return str(env.slide_number)
    return field_text(run.field, run.text)


def _autospaces(body: TextBody, para: Paragraph, env: TextEnv) -> dict[int, dict[int, float]]:
    """Per run index, the characters (index in the run's shown text) followed by the space
    PowerPoint and LibreOffice add where Asian and other scripts meet (ace_core.drawing.autospace),
    in px: a fifth of the height of the font drawing that character at its size. OOXML text only."""
    runs = para.drawn_runs
    shown = [_shown(run, env) for run in runs]
    if not env.ooxml or all(text.isascii() for text in shown):
        return {}
    owner = [(i, k) for i, text in enumerate(shown) for k in range(len(text))]
    out: dict[int, dict[int, float]] = {}
    for at in script_changes("".join(shown)):
        i, k = owner[at - 1]
        eff = _effective(body, para, runs[i], env)
        family = env.family(eff)
        ratio = line_ratio(family)
        if script_of(shown[i][k]) == ASIAN and not covers_cjk(family):
            ratio = line_ratio(CJK_FALLBACK)  # the face the font stack falls back to for it
        size = env.size(eff) * (0.58 if eff.baseline else 1.0)
        out.setdefault(i, {})[k] = AUTOSPACE_FRACTION * ratio * size
    return out


def _spaced_text(shown: str, spaces: dict[int, float] | None) -> str:
    """The run's text as HTML, each autospaced character in a span whose right margin is the space."""
    if not spaces:
        return esc_text(shown).replace("\v", "<br>")
    parts: list[str] = []
    start = 0
    for k in sorted(spaces):
        parts.append(esc_text(shown[start:k]).replace("\v", "<br>"))
        parts.append(f'<span class="as" style="margin-right:{px(round(spaces[k], 3))}">{esc_text(shown[k])}</span>')
        start = k + 1
    parts.append(esc_text(shown[start:]).replace("\v", "<br>"))
    return "".join(parts)


def _run_html(body: TextBody, para: Paragraph, run: Run, env: TextEnv, spaces: dict[int, float] | None = None) -> str:
    style = join_style(run_decls(body, para, run, env))
    data = run.style.model_dump(mode="json", exclude_defaults=True)
    ir = attr(A_IR, dump_ir(data), single=True) if data else ""
    if run.field is not None:
        # a field stays one: marked, and shows what a viewer refreshes it to (`_shown`)
        ir += attr(A_FIELD, run.field or "")
    text = _spaced_text(_shown(run, env), spaces)
    link = safe_href(run.style.hyperlink)
    if link:
        return f'<a href="{esc_text(link).replace(chr(34), "&quot;")}" style="{style}"{ir}>{text}</a>'
    return f'<span style="{style}"{ir}>{text}</span>'


def _as_laid_out(body: TextBody, theme_fonts: Any) -> TextBody:
    """The body with the line heights the OOXML layout gives it (1.2 x size per line, no line
    spacing reduction, trailing empty paragraphs and the last one's space after left out, as
    LibreOffice refits) and the <p>'s
    strut and first-paragraph spacing as `para_decls` writes them, for measuring."""
    paras = []
    kept = list(body.paragraphs)
    while len(kept) > 1 and not kept[-1].text:  # LibreOffice's NTP: only empty ones, not blank ones
        kept.pop()
    for i, para in enumerate(kept):
        update: dict[str, Any] = {}
        sized = [_effective(body, para, run) for run in para.runs if run.text]
        if sized:  # the strut is the smallest run, as the <p> is written (not the list style's size)
            strut = min(sized, key=lambda st: st.font_size or 0.0)
            # with its family: the <p>'s line-height is a multiple of the font size, so its strut
            # is as tall as the runs' boxes whatever face it inherits; measured in another face
            # (the measurer scales that face's own line height) it made every line taller
            update["style"] = para.style.model_copy(
                update={"font_size": strut.font_size, "font_family": strut.font_family, "font_ref": strut.font_ref}
            )
            # a run that takes its size from the paragraph keeps that size (its span states it)
            update["runs"] = [
                run
                if run.style.font_size is not None or eff.font_size is None
                else run.model_copy(update={"style": run.style.model_copy(update={"font_size": eff.font_size})})
                for run, eff in zip(para.runs, [_effective(body, para, r) for r in para.runs], strict=True)
            ]
        if i == 0 and para.space_before:  # not drawn before the first paragraph (see para_decls)
            update["space_before"] = None
        if i == len(kept) - 1 and para.space_after:  # LibreOffice's height ends at the last line
            update["space_after"] = None
        if update:
            para = para.model_copy(update=update)
        lh = para.line_height
        if lh is None or lh.unit != "PIXELS":
            # the line pitch LibreOffice lays OOXML text out with (and the <p>'s unitless
            # line-height gives every box): 1.2 x the font size x PERCENT, exactly; the measurer's
            # own PERCENT multiplies the face's rounded ascent / descent / gap, ~5 % more at 13 pt
            # (runs of several sizes keep a multiple of their faces' line height: one pitch for
            # the paragraph would give its small lines the large runs' pitch)
            pct = 100.0 if lh is None or lh.unit == "AUTO" else lh.value
            sizes = {_effective(body, para, run).font_size or 24.0 for run in para.runs if run.text}
            if len(sizes) <= 1:
                size = sizes.pop() if sizes else _effective(body, para, None).font_size or 24.0
                line = LineHeight(value=pct / 100.0 * OOXML_LINE * size, unit="PIXELS")
            else:
                family = resolve_family(*_first_family(body, para), theme_fonts)
                line = LineHeight(value=pct * OOXML_LINE / line_ratio(family), unit="PERCENT")
            para = para.model_copy(update={"line_height": line})
        paras.append(para)
    return body.model_copy(update={"paragraphs": paras, "line_spacing_reduction": None})


def _shrunk_spacing(body: TextBody, percent: float, indent: float = 1.0) -> TextBody:
    """The body with its exact spacing scaled as LibreOffice shrinks OOXML text (the font scale
    applies to exact line pitch, space before / after and letter spacing too, `indent` to marL /
    indent; the measurer scales only font sizes)."""
    k = percent / 100.0
    if (k == 1.0 or not _has_exact_spacing(body)) and indent == 1.0:
        return body

    def spaced(style: TextStyle) -> TextStyle:
        if not style.letter_spacing or k == 1.0:
            return style
        return style.model_copy(update={"letter_spacing": style.letter_spacing * k})

    paras = []
    for para in body.paragraphs:
        update: dict[str, Any] = {"style": spaced(para.style), "runs": [_spaced_run(r, spaced) for r in para.runs]}
        lh = para.line_height
        if lh is not None and lh.unit == "PIXELS":
            update["line_height"] = LineHeight(value=lh.value * k, unit="PIXELS")
        if para.space_before:
            update["space_before"] = para.space_before * k
        if para.space_after:
            update["space_after"] = para.space_after * k
        if indent != 1.0 and para.margin_left:
            update["margin_left"] = para.margin_left * indent
        if indent != 1.0 and para.indent:
            update["indent"] = para.indent * indent
        paras.append(para.model_copy(update=update))
    return body.model_copy(update={"paragraphs": paras, "style": spaced(body.style)})


def indent_scale(body: TextBody, fit: float | None) -> float:
    """The factor LibreOffice 7.4 draws a refitted OOXML body's marL / indent at: its own font
    scale over the stated `fontScale` (measured: a 7-line body fitted at 63 % draws its hanging
    indent at 0.63 x with no fontScale, 0.79 x with fontScale 80 %, 1.57 x with 40 %), 1 when
    nothing was refitted."""
    if body.autofit != "SHRINK" or fit is None or fit >= 100.0:
        return 1.0
    return fit / (body.font_scale or 100.0)


def _has_exact_spacing(body: TextBody) -> bool:
    if body.style.letter_spacing:
        return True
    for para in body.paragraphs:
        lh = para.line_height
        if para.space_before or para.space_after or para.style.letter_spacing:
            return True
        if (lh is not None and lh.unit == "PIXELS") or any(r.style.letter_spacing for r in para.runs):
            return True
    return False


def _spaced_run(run: Run, spaced: Callable[[TextStyle], TextStyle]) -> Run:
    style = spaced(run.style)
    return run if style is run.style else run.model_copy(update={"style": style})


def _first_family(body: TextBody, para: Paragraph) -> tuple[str | None, str | None]:
    style = _first_run_style(body, para)
    return style.font_family, style.font_ref


def fit_scale(
    body: TextBody,
    width: float,
    height: float,
    *,
    ooxml: bool = False,
    theme_fonts: Any = None,
    refit_unscaled: bool = False,
) -> float | None:
    """For a shrink-on-overflow body (unless `refit_unscaled`, only one PowerPoint shrank: with a
    saved font scale or line spacing reduction), the font scale (percent) it is drawn at in
    `width` x `height`, measured with the fonts installed here; None for other bodies or when
    nothing needs shrinking. OOXML text gets LibreOffice's own search (`_lo_search`); other text
    the largest scale that fits (0.5 steps, >= 25)."""
    if body.autofit != "SHRINK" or width <= 0 or height <= 0 or not body.paragraphs:
        return None
    if body.font_scale is None and body.line_spacing_reduction is None and not refit_unscaled:
        # shrink-on-overflow PowerPoint never applied (usually inherited from the master):
        # LibreOffice leaves such text at full size, and so do we
        return None
    from ace_core.layout import default_measurer

    measurer = default_measurer()
    if ooxml:
        base = _as_laid_out(body, theme_fonts)
        ins = body.insets or DEFAULT_INSETS
        # LibreOffice's lines come out ~0.5 % taller than ours (it lays text out in whole
        # 1/100 mm): a body that fills our box to the last 0.5 % overflows its (the best
        # margin over 183 corpus bodies measured against its PDF)
        room = (height - ins.top - ins.bottom) * 0.995

        def text_height(percent: float) -> float:
            trial = _shrunk_spacing(base, percent, indent_scale(body, percent))
            trial = trial.model_copy(update={"font_scale": percent})
            return measurer.measure(trial, width if body.wrap else None)[1] - ins.top - ins.bottom

        found = _lo_search(text_height, room, _grid_size(base))
        if found is None:
            return None if body.font_scale in (None, 100.0) else 100.0
        return found

    def fits(percent: float) -> bool:
        trial = body.model_copy(update={"font_scale": percent})
        return measurer.measure(trial, width if body.wrap else None)[1] <= height + 0.5

    if fits(100.0):
        return None if body.font_scale in (None, 100.0) else 100.0
    lo, hi = 25.0, 100.0
    if not fits(lo):
        return lo
    while hi - lo > 0.5:
        mid = round((lo + hi) / 2 * 2) / 2
        if mid in (lo, hi):
            break
        if fits(mid):
            lo = mid
        else:
            hi = mid
    return lo


def _grid_size(body: TextBody) -> float:
    """The font size (pt) whose 0.1 pt steps LibreOffice's search takes: the body's largest."""
    sizes = [_effective(body, para, run).font_size or 24.0 for para in body.paragraphs for run in para.runs if run.text]
    return max(sizes, default=24.0) * 0.75


def _lo_search(text_height: Callable[[float], float], room: float, size_pt: float) -> float | None:
    """LibreOffice 7.4's autofit scale (svx SdrTextObj autofit on load): ten halvings of 0..100 %,
    each trial scale rounded down to a 0.1 pt step of `size_pt`, keeping the trial whose text
    fills the room most tightly without overflowing (or, while none fits, the one that overflows
    least); the stated fontScale only starts it. Not the largest scale that fits: the halving
    stops where it stops (measured against LibreOffice's PDF of the corpus decks with
    normAutofit: 163 of 183 bodies within 1 % of its scale, 142 within 0.5 %; the largest fit in
    0.5 % steps had 134 and 122). None when the text fits at 100 %."""
    full = text_height(100.0)
    if full <= 0 or room / full >= 1.0:
        return None
    low, high = 0.0, 100.0
    best, best_fit = 0.0, room / full
    for _ in range(10):
        trial = low + (high - low) * 0.5
        percent = math.floor(size_pt * trial / 10.0 + 1e-9) / 10.0 / size_pt * 100.0
        if percent <= 0.0:
            low = trial
            continue
        used = text_height(percent)
        fit = room / used if used > 0 else float("inf")
        if fit > 1.0:
            low = percent
        else:
            high = percent
        if (best_fit < 1.0 and fit > best_fit) or (1.0 <= fit < best_fit):
            best, best_fit = percent, fit
    return round(max(best, 1.0), 4)


def text_html(
    body: TextBody, ctx: WriteCtx | None, node_id: str, fit: float | None = None, *, cell: bool = False
) -> str:
    """The <p> elements of a text body (the container's own CSS comes from `body_decls`);
    `fit` is the autofit font scale from `fit_scale`, `cell` says the body is a table cell's."""
    env = TextEnv(
        ctx.deck.theme.fonts if ctx and ctx.deck.theme else None,
        body,
        fit,
        ooxml=ctx.ooxml if ctx else False,
        cell=cell,
    )
    env.slide_number = ctx.slide_number if ctx is not None else None
    out: list[str] = []
    counters: dict[int, tuple[str | None, int, int]] = {}
    for para in body.paragraphs:
        counter = 0
        bullet = para.bullet
        has_text = bool(para.text.strip())
        if bullet is not None and bullet.type == "ORDERED" and has_text:
            prev = counters.get(para.level)
            if prev and prev[0] == bullet.scheme and prev[1] == bullet.start:
                counter = prev[2] + 1
            else:
                counter = bullet.start
            counters[para.level] = (bullet.scheme, bullet.start, counter)
            for lvl in [k for k in counters if k > para.level]:
                del counters[lvl]
        elif has_text:
            for lvl in [k for k in counters if k >= para.level]:
                del counters[lvl]
        pdata = paragraph_ir(para)
        pattr = attr(A_IR, dump_ir(pdata), single=True) if pdata else ""
        inner = _marker(body, para, env, counter)
        spaces = _autospaces(body, para, env)
        inner += "".join(_run_html(body, para, run, env, spaces.get(i)) for i, run in enumerate(para.drawn_runs))
        if not para.text or para.text.endswith("\v"):
            inner += '<br class="e">'
        out.append(f'<p style="{join_style(para_decls(body, para, env))}"{pattr}>{inner}</p>')
    if ctx is not None and env.ooxml and body.edge_spacing and body.paragraphs:
        first, last = body.paragraphs[0], body.paragraphs[-1]
        if first.space_before or (last.space_after and body.vertical_align != "TOP"):
            ctx.loss(
                "edge-spacing",
                "the body's first / last paragraph spacing counts (spcFirstLastPara), as PowerPoint draws it;"
                " LibreOffice leaves it out, so its render places this text elsewhere",
                node_id,
                "info",
            )
    if ctx is not None:
        for para in body.paragraphs:
            if para.bullet is not None and para.bullet.picture_asset:
                ctx.loss("picture-bullet", "picture bullets are drawn as a round bullet", node_id, "info")
                break
    html = "".join(out)
    if env.ooxml and not body.wrap and body.autofit == "RESIZE" and body.vertical == "horz":
        # an unwrapped auto-fit box grows to its text, about its centre (as LibreOffice lays it out)
        html = f'<div class="wr" style="width:max-content;min-width:100%;align-self:center">{html}</div>'
    return html
