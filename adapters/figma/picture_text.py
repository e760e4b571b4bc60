"""The text a vector picture draws, as Figma TEXT: an SVG picture, or an EMF / WMF (an OLE
object's preview, mostly) converted to SVG, is a raster image fill in Figma, so its words would
be pixels only. As Figma's own SVG import does, each positioned run of the picture's text
becomes a TEXT node over the picture, and the image fill is the picture without that text.

Text is taken where the SVG places it: a <text> or <tspan> with x / y (LibreOffice's metafile SVG
nests TextParagraph / TextPosition / run tspans), its font, size, weight and fill inherited from
its ancestors; a shadow copy (the same text drawn just beside a later run) goes behind the
picture, as the shapes drawn over it hide it. A <text>'s own rotate() turns its TEXT node; text
under any other transform (scaled, or in a transformed group) is left in the picture: it is not
placed, so it stays pixels (reported)."""

from __future__ import annotations

import math
import re
from typing import Any

from lxml import etree

from ace_core.drawing.fonts import map_symbol_char
from ace_core.ir.deck import Deck
from ace_core.ir.nodes import TextNode
from ace_core.ir.style import SolidPaint
from ace_core.xml_safe import safe_xml_parser
from adapters.figma.context import sniff_mime
from adapters.figma.svg import NUM, local_name, number, svg_paint, svg_style, svg_text_node

__all__ = ["SYMBOL_FAMILY", "PictureTexts", "split_picture_text"]

_PARSER = safe_xml_parser(remove_comments=True)


def _fill(st: dict[str, str]) -> SolidPaint | None:
    opacity = number(st.get("fill-opacity"), 1.0) * number(st.get("opacity"), 1.0)
    return svg_paint(st.get("fill") or "#000000", opacity)


def _chunks(text_el: Any, st: dict[str, str]) -> list[tuple[Any, dict[str, str], str]]:
    """(positioned element, its style, its text) for each run of a <text> that has its own x / y:
    the innermost elements with a position; the <text> itself when none of its tspans has one."""
    out: list[tuple[Any, dict[str, str], str]] = []

    def walk(el: Any, inherited: dict[str, str]) -> bool:
        placed = False
        for child in el:
            if local_name(child.tag) != "tspan":
                continue
            cst = svg_style(child, inherited)
            if walk(child, cst):
                placed = True
            elif child.get("x") is not None and child.get("y") is not None:
                # the run's own fill: the first descendant that states one (LibreOffice: inner tspan)
                for inner in child.iter():
                    cst = svg_style(inner, cst) if inner is not child else cst
                    if inner.get("fill") is not None:
                        break
                out.append((child, cst, "".join(child.itertext())))
                placed = True
        return placed

    if not walk(text_el, st) and text_el.get("x") is not None:
        out.append((text_el, st, "".join(text_el.itertext())))
    return out


SYMBOL_FAMILY = "OpenSymbol"  # what symbol-font text is drawn in (the HTML writer's bullets too)
_WEBDINGS = {0x6E: "\u25cf"}  # the Webdings marks Office drawings use (a filled circle)


def _dingbats(st: dict[str, str], chunk: Any) -> dict[str, str]:
    """A run in a symbol font (Wingdings, Webdings, Symbol: rarely installed, drawn as boxes) is
    drawn in OpenSymbol with the marks its code points stand for."""
    family = (st.get("font-family") or "").split(",")[0].strip().strip("'\"").lower()
    if not (family.startswith(("wingdings", "webdings")) or family == "symbol"):
        return st
    return {**st, "font-family": SYMBOL_FAMILY, "symbol-font": family}


def _symbol(ch: str, family: str) -> str:
    if family.startswith("webdings"):
        code = ord(ch) - 0xF000 if 0xF000 <= ord(ch) <= 0xF0FF else ord(ch)
        return _WEBDINGS.get(code, "\u2022")
    return map_symbol_char(ch, family)


_ROTATE = re.compile(r"^\s*rotate\(\s*([-+\d.eE]+)(?:[\s,]+([-+\d.eE]+)[\s,]+([-+\d.eE]+))?\s*\)\s*$")


def _rotation(el: Any) -> tuple[float, float | None, float | None] | None:
    """(angle, pivot x, pivot y) of a <text>: (0, None, None) when it is not transformed, None
    when it or an ancestor has a transform other than the text's own rotate()."""
    if any(a.get("transform") for a in el.iterancestors()):
        return None
    value = el.get("transform")
    if not value:
        return 0.0, None, None
    m = _ROTATE.match(value)
    if m is None:
        return None
    return float(m.group(1)), number(m.group(2)), number(m.group(3))


def _turned(
    node: TextNode, chunk: Any, turn: tuple[float, float | None, float | None], own: bool, view: Any
) -> TextNode:
    """The node rotated as its SVG rotate() turns it. The IR turns a box about its centre: the
    centre goes where the rotation about the pivot takes it. LibreOffice's metafile SVG (`own`)
    turns each run about its own position (the pivot it states lags one run behind)."""
    vx, vy, sx, sy = view
    angle, px, py = turn
    x, y = (number(chunk.get("x")) or 0.0), (number(chunk.get("y")) or 0.0)
    if own or px is None or py is None:
        px, py = x, y
    px, py = (px - vx) * sx, (py - vy) * sy
    cx, cy = node.x + node.width / 2 - px, node.y + node.height / 2 - py
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    nx, ny = px + cos * cx - sin * cy, py + sin * cx + cos * cy
    return node.model_copy(update={"x": nx - node.width / 2, "y": ny - node.height / 2, "rotation": angle})


def _copy(run: tuple[Any, ...], later: tuple[Any, ...]) -> bool:
    """Whether `later` draws the same text as `run` within a font size of it (its shadow copy)."""
    if run[2].strip() != later[2].strip():
        return False
    size = number(run[1].get("font-size")) or 16.0
    x0, y0 = number(run[0].get("x")) or 0.0, number(run[0].get("y")) or 0.0
    x1, y1 = number(later[0].get("x")) or 0.0, number(later[0].get("y")) or 0.0
    return abs(x1 - x0) + abs(y1 - y0) < size


def split_picture_text(
    svg: bytes, width: float, height: float, prefix: str
) -> tuple[bytes, list[TextNode], list[TextNode], int]:
    """(the SVG without the text it places, that text as TEXT nodes in a width x height box: the
    ones behind the picture and the ones over it, letters and digits left in the picture because
    they are under a transform). The SVG comes back unchanged, with no nodes, when it places no text."""
    try:
        root = etree.fromstring(svg, _PARSER)
    except etree.XMLSyntaxError:
        return svg, [], [], 0
    box = [float(v) for v in NUM.findall(root.get("viewBox", ""))]
    if len(box) != 4 or not box[2] or not box[3]:
        box = [0.0, 0.0, number(root.get("width")) or 1.0, number(root.get("height")) or 1.0]
    vx, vy, vw, vh = box
    sx, sy = width / vw, height / vh
    scale = (abs(sx) + abs(sy)) / 2
    runs: list[tuple[Any, dict[str, str], str, tuple[float, float | None, float | None], bool]] = []
    left = 0
    styles: dict[Any, dict[str, str]] = {root: svg_style(root, {})}
    for el in root.iter():
        parent = el.getparent()
        if parent is not None:
            styles[el] = svg_style(el, styles.get(parent, {}))
        if local_name(el.tag) != "text" or any(local_name(a.tag) in ("defs", "symbol") for a in el.iterancestors()):
            continue
        turn = _rotation(el)
        if turn is None:
            left += sum(ch.isalnum() for ch in "".join(el.itertext()))
            continue
        own = el.get("class") == "SVGTextShape"
        if own and turn[0] and el.get("transform"):  # the copies left in the picture turn right too
            chunk_x = next((c.get("x") for c in el.iter() if c.get("x") is not None), None)
            chunk_y = next((c.get("y") for c in el.iter() if c.get("y") is not None), None)
            if chunk_x is not None and chunk_y is not None:
                el.set("transform", f"rotate({turn[0]:g} {number(chunk_x):g} {number(chunk_y):g})")
        for chunk, st, content in _chunks(el, styles[el]):
            if content.strip():
                runs.append((chunk, _dingbats(st, chunk), content, turn, own))
    # a run drawn again just beside with the same text is a shadow copy, under the shapes drawn
    # after it and then the text on top: it goes behind the picture (seen where the picture is clear)
    behind: list[TextNode] = []
    front: list[TextNode] = []
    for i, (chunk, st, _content, turn, own) in enumerate(runs):
        if st.get("font-family") == SYMBOL_FAMILY:  # the dingbats as the Unicode marks they draw
            for el in chunk.iter():
                if el.text:
                    el.text = "".join(_symbol(ch, st["symbol-font"]) for ch in el.text)
        fill = _fill(st)
        ident = f"{prefix}:t{len(behind) + len(front) + 1}"
        node = svg_text_node(chunk, st, [fill] if fill else [], ident, (vx, vy, sx, sy), scale)
        if st.get("font-style") in ("italic", "oblique"):
            node.text.style = node.text.style.model_copy(update={"italic": True})
        if turn[0]:
            node = _turned(node, chunk, turn, own, (vx, vy, sx, sy))
        (behind if any(_copy(runs[i], later) for later in runs[i + 1 :]) else front).append(node)
        chunk.getparent().remove(chunk)
    if not runs:
        return svg, [], [], left
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8"), behind, front, left


class PictureTexts:
    """The SVG of a deck's vector pictures (an SVG original, or an EMF / WMF converted by
    LibreOffice, cached) and a place for the pictures without their text (the deck's store:
    content-addressed, the deck's own asset table is left as it is)."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self._svg: dict[str, bytes | None] = {}

    def svg_of(self, key: str) -> bytes | None:
        if key not in self._svg:
            self._svg[key] = self._load(key)
        return self._svg[key]

    def _load(self, key: str) -> bytes | None:
        from ace_core.metafiles import METAFILE_MIMES, to_web_images

        if not self.deck.store.has(key):
            return None
        data = self.deck.asset_bytes(key)
        info = self.deck.assets.get(key)
        mime = info.mime if info is not None and info.mime != "application/octet-stream" else sniff_mime(data)
        if mime in METAFILE_MIMES:
            converted = to_web_images({key: (mime, data)}).get(key)
            if converted is None:
                return None
            mime, data = converted
        return data if mime == "image/svg+xml" else None

    def put(self, data: bytes) -> str:
        return self.deck.store.put(data)
