"""A text box's paragraphs in groups that one Figma TEXT each can show: equal alignment, equal indent.

Figma holds one textAlignHorizontal per TEXT and no left margin at all (a list item hangs one
gutter per level right of its marker, adapters.figma.text). PowerPoint gives every paragraph its
own alignment and its own margin per level. So the writer cuts a text box's paragraphs into runs
that agree on both - the alignment, and how far right of where Figma starts it PowerPoint starts
the paragraph's text (its `offset`) - and, when there is more than one run, writes each as a
TEXT `X:p<k>:text` in a FRAME `X:p<k>` inside the text box's vertical auto-layout frame `X`:
the run's FRAME is padded left by its offset beyond the box's smallest one (the box's own padding
holds that) and padded on top by the gap between the two paragraphs it separates. Figma draws
each run where PowerPoint does; the reader (adapters.figma.drawn) joins the runs back into one
text body: a run's alignment becomes its paragraphs' own, its padding their margin and the space
after the paragraph before it. Empty paragraphs (they show no alignment nor indent) join the
run after them. A box whose paragraphs all agree is the one TEXT `X:text` it always was."""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from ace_core.drawing.fonts import map_symbol_char
from ace_core.drawing.text_lines import text_scale
from ace_core.ir.style import Paint, SolidPaint
from ace_core.ir.text import Paragraph, TextBody
from ace_core.layout.measure import DEFAULT_FONT_SIZE

__all__ = [
    "LIST_GUTTER_EM",
    "TextRun",
    "figma_list_item",
    "first_line_indent",
    "inline_marker",
    "marker_fill",
    "paragraph_offset",
    "text_offset",
    "text_runs",
]

LIST_GUTTER_EM = 1.0  # a list level's indent, in the item's font size (about PowerPoint's 0.375 in at 28 pt)
_BULLET_EM = 0.45  # a bullet's advance (glyph and gap) in OOXML when the text does not hang, in its size
_SAME = 0.5  # px: offsets closer than this are one indent


@dataclass
class TextRun:
    """Consecutive paragraphs one TEXT shows: their alignment, their offset (px) and the gap (px)
    between the paragraph before the run and its first one."""

    paragraphs: list[Paragraph]
    align: str
    offset: float
    gap: float = 0.0
    first: float = 0.0  # the TEXT's paragraphIndent (first_line_indent)


def _is_item(para: Paragraph) -> bool:
    return para.bullet is not None and para.bullet.type != "NONE"


def inline_marker(body: TextBody, para: Paragraph) -> str | None:
    """The glyph of a list item whose marker Figma's lineTypes cannot show - an UNORDERED item with
    another character than Figma's "•" (a:buChar, Wingdings / Symbol code points as the Unicode
    glyph they draw), or with a colour (marker_fill) or size of its own (a:buSzPct) - when its first
    line hangs (the marker sits in the hang): the writer writes it as a paragraph without a list
    type whose characters start with the glyph and a tab, its first line hung by paragraphIndent
    (adapters.figma.text); None for any other paragraph."""
    bullet = para.bullet
    if bullet is None or bullet.type != "UNORDERED" or bullet.picture_asset or not para.text.strip():
        return None
    if (para.indent or 0.0) >= 0 or (para.margin_left or 0.0) + (para.indent or 0.0) < -0.01:
        return None
    glyph = map_symbol_char(bullet.char or "•", bullet.font_family)
    if not glyph.strip():
        return None
    if glyph == "•" and bullet.size in (None, 100.0):
        base = body.style.merged(para.style)
        text_fill = next((base.merged(r.style).fill for r in para.runs if r.text), base.fill)
        if marker_fill(body, para) == text_fill:
            return None
    return glyph


def marker_fill(body: TextBody, para: Paragraph) -> Paint | None:
    """The colour a list item's marker is drawn in: its own (a:buClr), else its first run's - but
    not the hyperlink colour a linked run is drawn in (LibreOffice draws the bullet of a linked
    item in the text's colour, as the HTML writer does: adapters.html.text._bullet_fill)."""
    if para.bullet is not None and para.bullet.color is not None:
        return para.bullet.color
    base = body.style.merged(para.style)
    first = next((base.merged(r.style) for r in para.runs if r.text), base)
    fill = first.fill
    if first.hyperlink and isinstance(fill, SolidPaint) and fill.color.ref and fill.color.ref.scheme == "hlink":
        return base.fill
    return fill


def figma_list_item(body: TextBody, para: Paragraph) -> bool:
    """Whether a paragraph is written as a Figma list item (lineTypes ORDERED / UNORDERED): every
    list item but the ones with an inline_marker."""
    return _is_item(para) and inline_marker(body, para) is None


def paragraph_offset(body: TextBody, para: Paragraph) -> float:
    """How far right of where Figma draws its text PowerPoint starts a paragraph's text, px: a list
    item at its margin when its first line hangs, else after the bullet, against Figma's one gutter
    per level; any other paragraph at its margin (Figma has none: the TEXT is placed there, and its
    paragraphIndent, first_line_indent, moves the first line from there)."""
    if not figma_list_item(body, para):
        return para.margin_left or 0.0
    base = body.style.merged(para.style)
    size = next((base.merged(r.style).font_size for r in para.runs if r.text), None) or base.font_size
    size = (size or DEFAULT_FONT_SIZE) * text_scale(body)
    margin, indent = para.margin_left or 0.0, para.indent or 0.0
    start = margin if indent < 0 else margin + indent + _BULLET_EM * size
    return start - size * LIST_GUTTER_EM * (para.level + 1)


def first_line_indent(body: TextBody, para: Paragraph) -> float:
    """A paragraph's Figma paragraphIndent, px: how far right of its other lines its first line
    starts - the OOXML indent of a paragraph without a bullet or with an inline_marker (negative:
    a first line that hangs left of its margin); 0 for Figma list items (Figma hangs their text
    right of the marker itself)."""
    return 0.0 if figma_list_item(body, para) else para.indent or 0.0


def text_offset(body: TextBody) -> float:
    """The median offset of a body's paragraphs with text (text_runs keeps one TEXT only for
    paragraphs whose offsets agree). A box written as one TEXT moves by this."""
    shown = [p for p in body.paragraphs if p.text.strip()]
    return statistics.median(paragraph_offset(body, p) for p in shown) if shown else 0.0


def text_runs(body: TextBody, ooxml: bool, spacing: float = 1.0) -> list[TextRun]:
    """The body's paragraphs cut where the alignment or (OOXML text only: Figma text has no
    margins to keep) the offset or the first line's indent changes; `spacing` scales OOXML
    paragraph gaps (a shrunk body).
    Empty paragraphs go with the paragraph after them: a TEXT holds an empty line's style on the
    newline that ends it, which a run's last line does not have (trailing ones: the last run)."""
    runs: list[TextRun] = []
    pending: list[Paragraph] = []  # empty paragraphs waiting for the next one with text
    for para in body.paragraphs:
        if not para.text.strip():
            pending.append(para)
            continue
        align = para.align or body.align or "LEFT"
        offset = paragraph_offset(body, para) if ooxml else 0.0
        first_line = first_line_indent(body, para) if ooxml else 0.0
        last = runs[-1] if runs else None
        same = last is not None and abs(last.offset - offset) < _SAME and abs(last.first - first_line) < _SAME
        if last is not None and last.align == align and same:
            last.paragraphs.extend([*pending, para])
        else:
            first = pending[0] if pending else para
            gap = 0.0
            if last is not None:
                gap = ((last.paragraphs[-1].space_after or 0.0) + (first.space_before or 0.0)) * spacing
            runs.append(TextRun([*pending, para], align, offset, gap, first_line))
        pending = []
    if pending and runs:
        runs[-1].paragraphs.extend(pending)
    elif pending:
        runs.append(TextRun(pending, body.align or "LEFT", 0.0))
    return runs
