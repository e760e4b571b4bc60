"""What a chart style (OOXML c:style 1..48) gives the series that state no fill or line of their own.

A chart style picks, for each series (or each point of a chart that varies colours by point),
a colour and one of the theme's format styles: the theme's fill style (subtle = the first,
intense = the third) with that colour as its placeholder colour (phClr) for bars, areas, pie
slices and bubbles, and the theme's first line style, widened, for lines. The colours follow
one of four rules: the six accents in turn, six tints of the dark colour, or one accent faded
from dark to light across the series. When the series outnumber the colours, each round of six
is shaded or tinted a step further. These are the rules LibreOffice imports a chart with (and
draws it by); Office draws the styles the same way.

The resolved fills and lines go to ChartData.style_fills / style_lines, drawn where a series
has none of its own; the writers do not write them, as the chart's c:style gives them again.
"""

from __future__ import annotations

from lxml import etree

from ace_core.ir.style import Paint, Stroke
from adapters.ooxml.context import Scope
from adapters.ooxml.drawingml import read_fill, read_stroke
from adapters.ooxml.ns import qn

__all__ = ["chart_style", "style_fills", "style_lines"]

_ACCENTS = tuple(f"accent{i}" for i in range(1, 7))
# the colour rules: (scheme colour, tint %) per series in turn
_DARK_TINTS = (("dk1", 88.5), ("dk1", 55.0), ("dk1", 78.0), ("dk1", 92.5), ("dk1", 70.0), ("dk1", 30.0))
_DARK_TINTS_LIGHT = (("dk1", 5.0), ("dk1", 55.0), ("dk1", 78.0), ("dk1", 15.0), ("dk1", 70.0), ("dk1", 30.0))
_ACCENT_ROUND = tuple((a, None) for a in _ACCENTS)

# series line widths per row of styles, x the theme's first line style
_LINE_WIDTH = {0: 3.0, 1: 5.0, 2: 5.0, 3: 7.0, 4: 5.0, 5: 5.0}


def chart_style(root: etree._Element) -> int | None:
    """The chart's style number: c:style, or the one in a markup-compatibility fallback (the
    c14:style of the choice is Office 2010's own numbering, which LibreOffice does not read)."""
    el = root.find(qn("c:style"))
    if el is None:
        el = next((e for e in root.iter(qn("c:style"))), None)
    val = el.get("val") if el is not None else None
    if val is None or not val.isdigit() or not 1 <= int(val) <= 48:
        return None
    return int(val)


def _colours(style: int) -> tuple[tuple[str, float | None], ...]:
    """The colour rule of a style: the colours the series take in turn (one colour = faded)."""
    row, col = divmod(style - 1, 8)
    if row == 5 and col in (0, 1):
        return _DARK_TINTS_LIGHT
    if col == 0:
        return _DARK_TINTS
    if col == 1:
        return _ACCENT_ROUND
    return ((_ACCENTS[col - 2], None),)


def _intense(style: int, three_d: bool) -> bool:
    """Whether the style fills series with the theme's intense (third) fill style, else the subtle (first)."""
    if three_d:
        return style in (18, 26)
    return 17 <= style <= 32 or style >= 41


def _ref(colour: str, tint: float | None, step: float) -> etree._Element:
    """A style reference holding series colour `colour`, tinted, then shaded / tinted by `step`
    (-0.7..0.7: negative darkens)."""
    ref = etree.Element(qn("a:fillRef"), idx="1")
    clr = etree.SubElement(ref, qn("a:schemeClr"), val=colour)
    if tint is not None:
        etree.SubElement(clr, qn("a:tint"), val=str(round(tint * 1000)))
    amount = round(step * 100000)
    if amount < 0:
        etree.SubElement(clr, qn("a:shade"), val=str(100000 + amount))
    elif amount > 0:
        etree.SubElement(clr, qn("a:tint"), val=str(100000 - amount))
    return ref


def _refs(style: int, n: int, rounds_of: int | None = None) -> list[etree._Element]:
    """The placeholder colours of n series (or points) in a style. The shading steps are counted
    over `rounds_of` series (LibreOffice counts a chart's series, also when its points vary)."""
    rule = _colours(style)
    total = n if rounds_of is None else rounds_of
    rounds = (total - 1) // len(rule) if total else 0
    out = []
    for i in range(n):
        colour, tint = rule[i % len(rule)]
        step = (i // len(rule) + 1) / (rounds + 2) * 1.4 - 0.7
        out.append(_ref(colour, tint, step))
    return out


def style_fills(style: int, n: int, three_d: bool, scope: Scope, rounds_of: int | None = None) -> list[Paint | None]:
    """The fills of n filled series (or points) in chart style `style`."""
    fills = scope.theme.fill_styles
    idx = 2 if _intense(style, three_d) else 0
    if len(fills) <= idx:
        return [None] * n
    out: list[Paint | None] = []
    for ref in _refs(style, n, rounds_of):
        paints = read_fill(fills[idx], scope, scope.colors.ph_color(ref))
        out.append(paints[0] if paints else None)
    return out


def style_lines(style: int, n: int, scope: Scope) -> list[Stroke | None]:
    """The lines of n line series in chart style `style`: the theme's first line style in the
    series' colour, 3 to 7 times as wide."""
    lines = scope.theme.line_styles
    if not lines:
        return [None] * n
    factor = _LINE_WIDTH[(style - 1) // 8]
    out: list[Stroke | None] = []
    for ref in _refs(style, n):
        strokes = read_stroke([(lines[0], scope.colors.ph_color(ref))], scope)
        out.append(strokes[0].model_copy(update={"weight": strokes[0].weight * factor}) if strokes else None)
    return out
