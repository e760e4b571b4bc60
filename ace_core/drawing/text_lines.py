"""Where a text's lines sit: OOXML's rule (PowerPoint, LibreOffice) against CSS's (Chromium, Figma).

OOXML gives a single line 1.2 x the font size whatever the font and puts extra spacing above the
text (its baseline OOXML_DESCENT x size above the line's bottom); CSS and Figma centre the font's
ascent + descent in the line box, a normal line being the font's own height (line_ratio). So the
same box and line height put the baseline at different places. Text written from OOXML to a
CSS-like format is moved down by `ooxml_text_shift` (with its line heights in pixels at OOXML's
pitch); text read from one is put back for OOXML by `css_text_offset`, the move that puts CSS's
baseline where OOXML's shows it."""

from __future__ import annotations

import math
from typing import Any

from ace_core.drawing.fonts import OOXML_LINE, cell_line_ratio, line_ratio, ooxml_baseline_shift, resolve_family
from ace_core.ir.deck import Deck
from ace_core.ir.nodes import NodeBase, TableNode, TextNode
from ace_core.ir.style import Sides
from ace_core.ir.text import LineHeight, Paragraph, TextBody, TextStyle
from ace_core.layout.measure import DEFAULT_INSETS

__all__ = [
    "cell_pitched",
    "cell_unpitched",
    "css_text_offset",
    "css_texts_as_ooxml",
    "empty_lines_sized",
    "ooxml_pitch",
    "ooxml_text_shift",
    "pitch_in_pixels",
    "shifted_insets",
    "text_scale",
]

_DEFAULT_SIZE = 24.0  # px (18 pt): what every renderer of ACE draws an unsized run at


def text_scale(body: TextBody) -> float:
    """The font scale a shrink-on-overflow body is drawn at (1 for any other)."""
    return (body.font_scale or 100.0) / 100.0 if body.autofit == "SHRINK" else 1.0


def _drawn_size(body: TextBody, para: Paragraph, scale: float) -> float:
    """The size a paragraph's lines are drawn at: its biggest run with text (an empty paragraph:
    the size of its end mark)."""
    base = body.style.merged(para.style)
    sizes = [base.merged(r.style).font_size for r in para.runs if r.text]
    if not sizes:
        sizes = [base.merged(para.runs[0].style).font_size if para.runs else base.font_size]
    return max(s or _DEFAULT_SIZE for s in sizes) * scale


def ooxml_pitch(body: TextBody, para: Paragraph, scale: float | None = None) -> float:
    """The line pitch PowerPoint and LibreOffice give the paragraph, px: single = 1.2 x the font
    size, a percentage scales that, exact spacing is exact (all shrinking with a shrunk body)."""
    scale = text_scale(body) if scale is None else scale
    lh = para.line_height
    if lh is not None and lh.unit == "PIXELS":
        return lh.value * scale
    pct = 100.0 if lh is None or lh.unit == "AUTO" else lh.value
    return OOXML_LINE * max(pct, 1.0) / 100.0 * _drawn_size(body, para, scale)


def empty_lines_sized(body: TextBody) -> TextBody:
    """The body with each empty paragraph that states no size of its own (nor inherits one: a bare
    end mark) given the font and size of the last run with text before it, as LibreOffice draws
    it: a blank line under a 28 pt heading is a 28 pt line there, not one of the 18 pt default. An
    empty paragraph before any text keeps the default."""
    paragraphs = []
    last: TextStyle | None = None
    changed = False
    for para in body.paragraphs:
        base = body.style.merged(para.style)
        texted = [base.merged(r.style) for r in para.runs if r.text]
        if texted:
            last = texted[-1]
        elif last is not None and last.font_size is not None:
            own = base.merged(para.runs[0].style) if para.runs else base
            if own.font_size is None:
                style = para.style.model_copy(
                    update={"font_size": last.font_size, "font_family": own.font_family or last.font_family}
                )
                para = para.model_copy(update={"style": style})
                changed = True
        paragraphs.append(para)
    return body.model_copy(update={"paragraphs": paragraphs}) if changed else body


def _cell_single(body: TextBody, para: Paragraph, theme_fonts: Any) -> float:
    """A table cell paragraph's single line pitch in LibreOffice, px: cell_line_ratio of its first
    run's font x its biggest run's size."""
    base = body.style.merged(para.style)
    first = next((base.merged(r.style) for r in para.runs if r.text), base)
    ratio = cell_line_ratio(resolve_family(first.font_family, first.font_ref, theme_fonts))
    return ratio * _drawn_size(body, para, text_scale(body))


def cell_pitched(body: TextBody, theme_fonts: Any = None) -> TextBody:
    """A table cell's text with each paragraph's line height in pixels at the pitch LibreOffice
    gives a cell's lines (_cell_single, a percentage scaling it, exact spacing exact): how a Figma
    writer shows them and measures a row that states no height; the HTML writer pitches a cell's
    lines by the same ratio."""
    paragraphs = []
    for para in body.paragraphs:
        lh = para.line_height
        if lh is None or lh.unit != "PIXELS":
            pct = 100.0 if lh is None or lh.unit == "AUTO" else lh.value
            pitch = _cell_single(body, para, theme_fonts) * max(pct, 1.0) / 100.0
            para = para.model_copy(update={"line_height": LineHeight(value=pitch, unit="PIXELS")})
        paragraphs.append(para)
    return body.model_copy(update={"paragraphs": paragraphs})


def cell_unpitched(body: TextBody, theme_fonts: Any = None) -> TextBody:
    """The inverse of cell_pitched for an OOXML writer: a cell's pixel line heights as percentages
    of LibreOffice's single cell pitch (none for single). LibreOffice draws a cell's exact spacing
    lower than the same pitch given as single, so exact spacing of a .pptx read from Figma comes
    back as a percentage too."""
    paragraphs = []
    for para in body.paragraphs:
        lh = para.line_height
        single = _cell_single(body, para, theme_fonts)
        if lh is not None and lh.unit == "PIXELS" and single > 0:
            pct = lh.value / single * 100.0
            line = None if abs(pct - 100.0) < 0.5 else LineHeight(value=round(pct, 2), unit="PERCENT")
            para = para.model_copy(update={"line_height": line})
        paragraphs.append(para)
    return body.model_copy(update={"paragraphs": paragraphs})


def _first_line(
    body: TextBody, theme_fonts: Any, width: float | None = None
) -> tuple[Paragraph, str, float, float] | None:
    """(first paragraph, family of its first run with text, that run's size drawn, the size its
    first line is drawn at); None for a body without paragraphs. (Figma text is horizontal:
    vertical OOXML text is written so, and moved so.)"""
    if not body.paragraphs:
        return None
    para = body.paragraphs[0]
    base = body.style.merged(para.style)
    first: TextStyle = next((base.merged(r.style) for r in para.runs if r.text), base)
    family = resolve_family(first.font_family, first.font_ref, theme_fonts)
    scale = text_scale(body)
    size = (first.font_size or _DEFAULT_SIZE) * scale
    return para, family, size, _first_line_size(body, para, width, scale) or size


def _first_line_size(body: TextBody, para: Paragraph, width: float | None, scale: float) -> float | None:
    """The size the paragraph's first line is drawn at: its biggest run with text on that line (a
    line is as tall as its own runs, in OOXML as in CSS; a bigger run on a later line does not
    move the first baseline). The line is found by laying the paragraph out in the box `width`;
    without one, the first run's size (None)."""
    base = body.style.merged(para.style)
    texted = [(r.text, (base.merged(r.style).font_size or _DEFAULT_SIZE) * scale) for r in para.runs if r.text]
    if len({size for _, size in texted}) <= 1:
        return texted[0][1] if texted else None
    if width is None:
        return None
    from ace_core.layout.measure import default_measurer

    lines = default_measurer().layout(body.model_copy(update={"paragraphs": [para]}), width).lines
    room = len(lines[0].text) if lines else 0
    sizes = []
    for text, size in texted:
        sizes.append(size)
        room -= len(text)
        if room <= 0:
            break
    return max(sizes)


def pitch_in_pixels(body: TextBody, para: Paragraph) -> bool:
    """Whether the paragraph's OOXML pitch is one number of pixels: exact spacing, or all its runs
    with text at one size (OOXML sizes each line by its own biggest run; one pixel height for a
    paragraph of mixed sizes would give its small lines the big ones' pitch)."""
    lh = para.line_height
    if lh is not None and lh.unit == "PIXELS":
        return True
    base = body.style.merged(para.style)
    return len({base.merged(r.style).font_size for r in para.runs if r.text}) <= 1


def ooxml_text_shift(body: TextBody, theme_fonts: Any = None, width: float | None = None) -> float:
    """How far down OOXML text goes for a CSS-like renderer to show its first baseline where
    PowerPoint does: written with its lines at OOXML's pitch in pixels (pitch_in_pixels), else
    with its own line height, the inverse of css_text_offset either way. `width`: the box's, to
    find the runs on the first line of a paragraph of mixed sizes."""
    first = _first_line(body, theme_fonts)
    if first is None:
        return 0.0
    para, family, size, _ = first
    if not pitch_in_pixels(body, para):
        return -css_text_offset(body, theme_fonts, width)
    return ooxml_baseline_shift(family, size, ooxml_pitch(body, para))


def css_text_offset(body: TextBody, theme_fonts: Any = None, width: float | None = None) -> float:
    """How far down text laid out CSS's way goes for PowerPoint to show its first baseline where
    CSS does (negative: up). Pixel line heights are the same in both; a normal or percentage line
    is the font's height in CSS, 1.2 x its size in OOXML, both of the first line's biggest run
    (`width`: the box's, to find that line)."""
    first = _first_line(body, theme_fonts, width)
    if first is None:
        return 0.0
    para, family, _, size = first
    lh = para.line_height
    if lh is not None and lh.unit == "PIXELS":
        pitch = css = ooxml_pitch(body, para)
    else:
        pct = max(100.0 if lh is None or lh.unit == "AUTO" else lh.value, 1.0) / 100.0
        pitch, css = OOXML_LINE * pct * size, line_ratio(family) * pct * size
    return (css - pitch) / 2 - ooxml_baseline_shift(family, size, pitch)


def shifted_insets(top: float, bottom: float, anchor: str, d: float) -> tuple[float, float, float]:
    """(top, bottom, rest): insets that put a box's text `d` px further down under its vertical
    anchor, none below 0; `rest` is the part of the move they cannot make (the text of a top- or
    bottom-anchored box cannot go above its top or below its bottom)."""
    if anchor == "TOP":
        t = top + d
        return max(0.0, t), bottom, min(0.0, t)
    if anchor == "BOTTOM":
        b = bottom - d
        return top, max(0.0, b), max(0.0, -b)
    t, b = top + d, bottom - d  # centred: only top - bottom counts
    if b < 0:
        t, b = t - b, 0.0
    if t < 0:
        t, b = 0.0, b - t
    return t, b, 0.0


def _moved(node: NodeBase, body: TextBody, d: float) -> NodeBase:
    """The node with its text `d` px further down: by its insets, and what they cannot take by
    moving a bare text box (along its own axis)."""
    ins = body.insets if body.insets is not None else DEFAULT_INSETS
    top, bottom, rest = shifted_insets(ins.top, ins.bottom, body.vertical_align, d)
    text = body.model_copy(update={"insets": Sides(top=top, right=ins.right, bottom=bottom, left=ins.left)})
    update: dict[str, Any] = {"text": text}
    if rest and isinstance(node, TextNode) and not node.fills and not node.strokes:
        a = math.radians(node.rotation)
        update.update(x=node.x - math.sin(a) * rest, y=node.y + math.cos(a) * rest)
    return node.model_copy(update=update)


def _table_unpitched(node: TableNode, fonts: Any) -> TableNode:
    rows = [
        row.model_copy(
            update={
                "cells": [
                    c.model_copy(update={"text": cell_unpitched(c.text, fonts)}) if c.text.paragraphs else c
                    for c in row.cells
                ]
            }
        )
        for row in node.rows
    ]
    return node.model_copy(update={"rows": rows})


def css_texts_as_ooxml(deck: Deck) -> Deck:
    """A copy of a deck whose text is laid out CSS's way (read from Figma) with every text box's
    lines moved to where CSS shows them, for an OOXML writer (tables: their cells' pixel line
    heights become percentages of LibreOffice's cell pitch, cell_unpitched; vertical text is left
    where it is written)."""
    fonts = deck.theme.fonts if deck.theme is not None else None

    def fix(nodes: list[Any]) -> list[Any]:
        out = []
        for node in nodes:
            kids = getattr(node, "children", None)
            if kids:
                node = node.model_copy(update={"children": fix(kids)})
            if isinstance(node, TableNode):
                node = _table_unpitched(node, fonts)
            body = getattr(node, "text", None)
            # vertical text is written turned and unmoved (adapters.figma.write_nodes._turned)
            if (
                isinstance(body, TextBody)
                and body.paragraphs
                and not isinstance(node, TableNode)
                and body.vertical == "horz"
            ):
                d = css_text_offset(body, fonts, node.width)
                if abs(d) >= 0.01:
                    node = _moved(node, body, d)
            out.append(node)
        return out

    copy = deck.model_copy(update={"slides": [s.model_copy(update={"children": fix(s.children)}) for s in deck.slides]})
    copy.attach_store(deck.store)
    return copy
