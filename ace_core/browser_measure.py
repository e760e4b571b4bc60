"""An exact `TextMeasurer` (ace_core.layout) backed by Chromium: text bodies are laid out as HTML in
the warm browser, in batches (`prepare`), and their boxes read back. Slower than the font-metrics
default (one page per batch) but it wraps, shapes and falls back exactly as Chromium does.

    from ace_core.browser_measure import ChromiumTextMeasurer
    solve_deck(deck, measurer=ChromiumTextMeasurer())

Approximations: PERCENT line height is a multiple of the paragraph font's measured `normal` line
height (as the IR defines it); truncation (`max_lines`) keeps the first lines' height; vertical
text and columns are measured as horizontal text."""

from __future__ import annotations

import html
import json
from typing import Any

from ace_core.browser import BrowserSession, default_session
from ace_core.ir.text import Paragraph, TextBody, TextStyle
from ace_core.layout.measure import DEFAULT_FONT_SIZE, DEFAULT_INSETS, body_key

__all__ = ["ChromiumTextMeasurer"]

BATCH = 400

_MEASURE_JS = r"""
() => {
  const out = [];
  for (const box of document.querySelectorAll('div.m')) {
    for (const p of box.querySelectorAll('p[data-lhp]')) {
      const probe = document.createElement('span');
      probe.textContent = 'Hg'; probe.style.lineHeight = 'normal'; probe.style.display = 'inline-block';
      p.appendChild(probe);
      const normal = probe.getBoundingClientRect().height;
      probe.remove();
      p.style.lineHeight = (normal * parseFloat(p.dataset.lhp) / 100) + 'px';
    }
    for (const p of box.querySelectorAll('p[data-bullet]')) {
      const probe = document.createElement('span');
      probe.textContent = p.dataset.bullet; probe.style.fontSize = p.dataset.bsize + 'px';
      p.appendChild(probe);
      const w = probe.getBoundingClientRect().width;
      probe.remove();
      p.style.paddingLeft = (w + 0.5 * parseFloat(p.dataset.size)) + 'px';
    }
  }
  for (const box of document.querySelectorAll('div.m')) {
    const cs = getComputedStyle(box), br = box.getBoundingClientRect();
    const left = br.left + parseFloat(cs.paddingLeft);
    let widest = 0;
    const lines = [];
    for (const p of box.querySelectorAll('p')) {
      const pl = parseFloat(getComputedStyle(p).paddingLeft) || 0;
      const rg = document.createRange(); rg.selectNodeContents(p);
      for (const r of rg.getClientRects()) {
        if (r.width <= 0 && r.height <= 0) continue;
        widest = Math.max(widest, r.right - left);
        if (!lines.some(t => Math.abs(t - r.top) < 0.5)) lines.push(r.top);
      }
      widest = Math.max(widest, pl);
    }
    const mark = box.querySelector('.bl');
    const baseline = mark ? mark.getBoundingClientRect().bottom - br.top : 0;
    const max = parseInt(box.dataset.maxlines || '0');
    let height = br.height;
    if (max > 0 && lines.length > max) {
      lines.sort((a, b) => a - b);
      height = lines[max] - br.top + parseFloat(cs.paddingBottom);
    }
    out.push([widest + parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight), height, baseline]);
  }
  return out;
}
"""

_CASE = {"UPPER": "uppercase", "LOWER": "lowercase", "TITLE": "capitalize", "SMALL_CAPS": "uppercase",
         "SMALL_CAPS_FORCED": "uppercase"}  # fmt: skip
_ALIGN = {"LEFT": "left", "CENTER": "center", "RIGHT": "right", "JUSTIFIED": "justify"}


class ChromiumTextMeasurer:
    """`TextMeasurer` with Chromium's own line breaking and font fallback; results are cached."""

    def __init__(
        self,
        session: BrowserSession | None = None,
        *,
        default_family: str = "DejaVu Sans",
        default_size: float = DEFAULT_FONT_SIZE,
    ) -> None:
        self.session = session
        self.default_family = default_family
        self.default_size = default_size
        self._cache: dict[tuple[Any, float | None], tuple[float, float, float]] = {}
        self.pages = 0

    # -- TextMeasurer --------------------------------------------------------------------------------
    def measure(self, body: TextBody, max_width: float | None) -> tuple[float, float]:
        w, h, _ = self._get(body, max_width)
        return w, h

    def first_baseline(self, body: TextBody, max_width: float | None) -> float:
        return self._get(body, max_width)[2]

    def prepare(self, requests: list[tuple[TextBody, float | None]]) -> None:
        """Measure every request not cached yet, `BATCH` bodies per page load."""
        todo: dict[tuple[Any, float | None], tuple[TextBody, float | None]] = {}
        for body, max_width in requests:
            key = (body_key(body), _width_key(max_width))
            if key not in self._cache:
                todo[key] = (body, max_width)
        items = list(todo.items())
        for i in range(0, len(items), BATCH):
            chunk = items[i : i + BATCH]
            answers = self._run([req for _, req in chunk])
            for (key, _), answer in zip(chunk, answers, strict=True):
                self._cache[key] = (float(answer[0]), float(answer[1]), float(answer[2]))

    # -- internals ----------------------------------------------------------------------------------
    def _get(self, body: TextBody, max_width: float | None) -> tuple[float, float, float]:
        key = (body_key(body), _width_key(max_width))
        if key not in self._cache:
            self.prepare([(body, max_width)])
        return self._cache[key]

    def _run(self, requests: list[tuple[TextBody, float | None]]) -> list[list[float]]:
        doc = "<!DOCTYPE html><html><head><meta charset='utf-8'><style>body{margin:0} p{margin:0}" \
              " div.m{position:absolute;left:0;top:0;box-sizing:border-box;overflow-wrap:break-word;" \
              "text-spacing-trim:space-all}" \
              "</style></head><body>" + "".join(self._box(b, w) for b, w in requests) + "</body></html>"  # fmt: skip
        session = self.session or default_session()
        with session.page(doc, width=4000, height=1000) as loaded:
            self.pages += 1
            return loaded.evaluate(_MEASURE_JS)

    def _box(self, body: TextBody, max_width: float | None) -> str:
        ins = body.insets or DEFAULT_INSETS
        scale = (body.font_scale or 100.0) / 100.0
        spacing = 1.0 - (body.line_spacing_reduction or 0.0) / 100.0
        wrap = max_width is not None and body.wrap
        css = [
            f"padding:{ins.top}px {ins.right}px {ins.bottom}px {ins.left}px",
            f"width:{max_width}px" if wrap else "width:max-content",
            # wrapped: CSS `normal` (spaces at a line end take no width, as the IR measures them)
            "white-space:normal" if wrap else "white-space:pre",
        ]
        limit = body.max_lines if (body.max_lines and (body.truncate or body.auto_resize == "TRUNCATE")) else 0
        parts = [f"<div class='m' data-maxlines='{limit}' style=\"{_attr(css)}\">"]
        for index, para in enumerate(body.paragraphs or [Paragraph()]):
            parts.append(self._para(body, para, scale, spacing, first=index == 0))
        parts.append("</div>")
        return "".join(parts)

    def _para(self, body: TextBody, para: Paragraph, scale: float, spacing: float, *, first: bool) -> str:
        base = body.style.merged(para.style)
        size = (base.font_size or self.default_size) * scale
        css = [
            _font_css(base, self.default_family, size),
            f"text-align:{_ALIGN.get(para.align or body.align or '', 'left')}",
        ]
        attrs = [f"data-size='{size}'"]
        lh = para.line_height
        if lh is not None and lh.unit == "PIXELS":
            css.append(f"line-height:{lh.value}px")
        elif lh is not None and lh.unit == "PERCENT":
            attrs.append(f"data-lhp='{lh.value * spacing}'")
        elif spacing < 1.0:
            attrs.append(f"data-lhp='{100 * spacing}'")
        css.append(f"margin-top:{para.space_before or 0}px;margin-bottom:{para.space_after or 0}px")
        if para.margin_left is not None or para.indent is not None:
            css.append(f"padding-left:{para.margin_left or 0}px;text-indent:{para.indent or 0}px")
        elif para.bullet is not None and para.bullet.type != "NONE":
            attrs.append(f"data-bullet='{html.escape(para.bullet.char or '•', quote=True)}'")
            attrs.append(f"data-bsize='{size * (para.bullet.size or 100) / 100}'")
        runs = []
        for run in para.runs:
            style = base.merged(run.style)
            rsize = (style.font_size or self.default_size) * scale
            text = html.escape(run.text.replace("\t", "    ")).replace("\v", "<br>")
            runs.append(f'<span style="{_attr([_font_css(style, self.default_family, rsize)])}">{text}</span>')
        mark = "<span class='bl' style='display:inline-block;width:0;height:0'></span>" if first else ""
        return f'<p {" ".join(attrs)} style="{_attr(css)}">{mark}{"".join(runs) or "<br>"}</p>'


def _font_css(style: TextStyle, default_family: str, size: float) -> str:
    family = json.dumps(style.font_family or default_family)
    css = [f"font-family:{family}, {json.dumps(default_family)}", f"font-size:{size}px"]
    css.append(f"font-weight:{style.font_weight or 400}")
    css.append(f"font-style:{'italic' if style.italic else 'normal'}")
    if style.letter_spacing:
        css.append(f"letter-spacing:{style.letter_spacing}px")
    if style.text_case in _CASE:
        css.append(f"text-transform:{_CASE[style.text_case]}")
    return ";".join(css)


def _attr(css: list[str]) -> str:
    return html.escape(";".join(css), quote=True)


def _width_key(max_width: float | None) -> float | None:
    return None if max_width is None else round(max_width, 3)
