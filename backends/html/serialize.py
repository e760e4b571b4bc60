"""What the agent sees of an HTML document: HTML.

FULL: every div.slide as the page holds it (inline CSS, inline SVG, tables), without the data-ir
round-trip attributes and the asset data; MICRO: the target slides' divs and a one-line entry for
the others; MACRO: a skeleton of every slide (elements with data-id / data-type / data-name and
their text; left / top / width / height on the target slides); SYSTEMIC: the theme (from the
deck's JSON) and the colours and font families the inline CSS uses, with counts; SLIDE: the target
slides' divs only."""

from __future__ import annotations

import copy
import json
import re
from collections import Counter, defaultdict

import lxml.html
from lxml import etree

from adapters.html.schema import A_ID, A_IR, A_NAME, A_SLIDE_ID, A_TYPE, parse_style
from backends.base import SerializeMode
from backends.html.doc import HtmlDoc, css_box, node_children

__all__ = ["serialize_doc"]

HEAD = (
    "<!-- HTML deck: each slide a div.slide (data-slide-id) of {w:g}x{h:g} px; nodes are elements with data-id "
    "(the node id), data-type and data-name; positions are CSS px relative to the parent. -->"
)


def _head(doc: HtmlDoc) -> str:
    return HEAD.format(w=doc.header.width, h=doc.header.height)


def _clean(el: etree._Element) -> etree._Element:
    """A copy without data-ir attributes (ACE's round-trip data, not part of the page's look)."""
    twin = copy.deepcopy(el)
    for node in twin.iter():
        if isinstance(node.tag, str) and A_IR in node.attrib:
            del node.attrib[A_IR]
    twin.tail = None
    return twin


def _html(el: etree._Element) -> str:
    return lxml.html.tostring(_clean(el), encoding="unicode")


def _brief(i: int, el: etree._Element) -> str:
    name = el.get(A_NAME) or ""
    hidden = ' data-hidden="true"' if el.get("data-hidden") == "true" else ""
    return f'<!-- slide {i + 1}: data-slide-id="{el.get(A_SLIDE_ID)}" data-name="{name}"{hidden} -->'


def _text(el: etree._Element) -> str:
    paras = [p.text_content() for p in el.iter("p") if p.getparent() is not None]
    return "\n".join(t for t in paras if t).strip()


def _skeleton_node(el: etree._Element, bounds: bool, out: list[str], depth: int) -> None:
    attrs = f'data-id="{el.get(A_ID)}" data-type="{el.get(A_TYPE)}"'
    if el.get(A_NAME):
        attrs += f' data-name="{el.get(A_NAME)}"'
    if bounds:
        box = css_box(el)
        if box is not None:
            attrs += ' style="left:{:g}px;top:{:g}px;width:{:g}px;height:{:g}px"'.format(*(round(v, 1) for v in box))
    pad = "  " * depth
    kids = node_children(el)
    if el.get(A_TYPE) == "TABLE":
        rows = [" | ".join(td.text_content().strip() for td in tr.iter("td")) for tr in el.iter("tr")]
        out.append(f"{pad}<div {attrs}>{_esc(' / '.join(rows))}</div>")
        return
    if kids:
        out.append(f"{pad}<div {attrs}>")
        for k in kids:
            _skeleton_node(k, bounds, out, depth + 1)
        out.append(f"{pad}</div>")
        return
    text = _text(el) if el.get(A_TYPE) != "CHART" else ""
    out.append(f"{pad}<div {attrs}>{_esc(text)}</div>")


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _skeleton(i: int, el: etree._Element, bounds: bool) -> str:
    head = f'<div class="slide" data-slide-id="{el.get(A_SLIDE_ID)}" data-index="{i + 1}"'
    if el.get(A_NAME):
        head += f' data-name="{el.get(A_NAME)}"'
    if el.get("data-hidden") == "true":
        head += ' data-hidden="true"'
    out = [head + ">"]
    for child in node_children(el):
        _skeleton_node(child, bounds, out, 1)
    notes = el.find("aside")
    if notes is not None and (notes.text or "").strip():
        out.append(f'  <aside class="notes">{_esc(notes.text or "")}</aside>')
    out.append("</div>")
    return "\n".join(out)


_COLOR = re.compile(r"#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b|rgba?\([^)]*\)")


def _systemic(doc: HtmlDoc) -> str:
    _, data = doc.deck_json()
    theme = data.get("theme") or {}
    lines = [_head(doc)]
    if theme:
        colors = {k: _hex(v) for k, v in (theme.get("colors") or {}).items()}
        lines.append(f"<!-- theme: colors {json.dumps(colors)}; fonts {json.dumps(theme.get('fonts') or {})} -->")
    uses: dict[str, Counter[str]] = defaultdict(Counter)
    where: dict[str, set[int]] = defaultdict(set)
    fonts: Counter[str] = Counter()
    sizes: dict[str, set[str]] = defaultdict(set)
    for i, slide in enumerate(doc.slide_elements()):
        for el in slide.iter():
            if not isinstance(el.tag, str):
                continue
            style = parse_style(el.get("style"))
            for prop, value in style.items():
                for m in _COLOR.finditer(value):
                    key = m.group(0).lower()
                    uses[key][prop] += 1
                    where[key].add(i + 1)
            for attr in ("fill", "stroke", "stop-color"):
                value = el.get(attr)
                if value and _COLOR.fullmatch(value.strip()):
                    key = value.strip().lower()
                    uses[key][attr] += 1
                    where[key].add(i + 1)
            if el.tag in ("p", "span", "a") and "font-family" in style:
                fam = style["font-family"].split(",")[0].strip().strip("'\"")
                fonts[fam] += 1
                if "font-size" in style:
                    sizes[fam].add(style["font-size"])
    lines.append("<!-- colours in the inline CSS / SVG (property uses; slides) -->")
    for key, counter in sorted(uses.items(), key=lambda kv: -sum(kv[1].values())):
        props = ", ".join(f"{k} {v}" for k, v in counter.most_common())
        lines.append(f"{key}: {props}; slides {','.join(str(n) for n in sorted(where[key]))}")
    lines.append("<!-- font families of paragraphs and runs (uses; sizes) -->")
    for fam, n in fonts.most_common():
        lines.append(f"font-family {fam}: {n} uses; font-size {', '.join(sorted(sizes[fam]))}")
    order = " ".join(f'{i + 1}:"{s}"' for i, s in enumerate(doc.order))
    lines.append(f"<!-- slides {order} -->")
    return "\n".join(lines)


def _hex(c: object) -> str:
    if not isinstance(c, dict):
        return str(c)
    r, g, b = (round(float(c.get(k, 0.0)) * 255) for k in ("r", "g", "b"))
    return f"#{r:02X}{g:02X}{b:02X}"


def serialize_doc(doc: HtmlDoc, mode: SerializeMode, targets: list[str]) -> str:
    slides = doc.slide_elements()
    wanted = set(targets)
    if mode is SerializeMode.FULL:
        return "\n".join([_head(doc), *(_html(s) for s in slides)])
    if mode is SerializeMode.SLIDE:
        return "\n".join([_head(doc), *(_html(s) for s in slides if s.get(A_SLIDE_ID) in wanted)])
    if mode is SerializeMode.MICRO:
        body = [_html(s) if s.get(A_SLIDE_ID) in wanted else _brief(i, s) for i, s in enumerate(slides)]
        return "\n".join([_head(doc), *body])
    if mode is SerializeMode.MACRO:
        body = [_skeleton(i, s, s.get(A_SLIDE_ID) in wanted) for i, s in enumerate(slides)]
        return "\n".join([_head(doc), *body])
    return _systemic(doc)
