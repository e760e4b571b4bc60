"""What LibreOffice gives the parts of an imported chart that state no size of their own (oox
drawingml/chart: the automatic text and line formats of the object types), applied when a chart
part is read, so every writer and the HTML drawing show the size LibreOffice shows.

- A title's text: its own size, else 1.2 x the chartSpace c:txPr's (the global text properties
  replace the automatic ones, the title's size relative to them: oox objectformatter's chart
  title text entry, 120 %), else 18 pt (that entry's default size, bold).
- A line series (line, radar, scatter) whose c:spPr/a:ln states a colour but no width: the
  automatic line of the chart style (the theme's first line style, widened by the style's row,
  c:style 2 when the chart names none), not a hairline.
"""

from __future__ import annotations

from lxml import etree

from ace_core.ir.semantic import ChartSeries
from ace_core.ir.style import Stroke
from ace_core.ir.text import TextStyle
from ace_core.units import PX_PER_PT
from adapters.ooxml.chart_style import style_lines
from adapters.ooxml.context import Scope
from adapters.ooxml.ns import qn

__all__ = ["DEFAULT_STYLE", "TITLE_PT", "TITLE_REL", "series_line_widths", "title_style", "widthless_line"]

TITLE_PT = 18.0
TITLE_REL = 1.2  # a title's size over the chart's global text size
DEFAULT_STYLE = 2  # the chart style of a chart without c:style (ECMA-376 c:style default)
_LINE_KINDS = ("line", "radar", "scatter")


def title_style(own: TextStyle | None, global_text: TextStyle | None) -> TextStyle:
    """A chart title's text style with its size filled in as LibreOffice sizes it."""
    style = own or TextStyle()
    if style.font_size:
        return style
    if global_text and global_text.font_size:
        size = global_text.font_size * TITLE_REL
    else:
        size = TITLE_PT * PX_PER_PT
    return style.model_copy(update={"font_size": size})


def widthless_line(ser: etree._Element) -> bool:
    """Whether a series' c:spPr/a:ln draws a line (not noFill) without stating its width."""
    sp_pr = ser.find(qn("c:spPr"))
    ln = sp_pr.find(qn("a:ln")) if sp_pr is not None else None
    return ln is not None and ln.get("w") is None and ln.find(qn("a:noFill")) is None


def series_line_widths(
    series: list[ChartSeries], widthless: list[bool], kind: str, style: int | None, scope: Scope
) -> list[ChartSeries]:
    """The series with the chart style's line width on the line series whose a:ln has none."""
    if not any(widthless):
        return series
    auto = style_lines(style or DEFAULT_STYLE, len(series), scope)
    out = []
    for i, s in enumerate(series):
        line: Stroke | None = s.line
        styled = auto[i] if i < len(auto) else None
        if widthless[i] and line is not None and styled is not None and (s.chart_type or kind) in _LINE_KINDS:
            # dashes are stored in px, as multiples of the width: scale them with it
            scale = styled.weight / line.weight if line.weight else 1.0
            wide = line.model_copy(update={"weight": styled.weight, "dashes": [d * scale for d in line.dashes]})
            s = s.model_copy(update={"line": wide})
        out.append(s)
    return out
