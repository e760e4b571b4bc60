"""Elements of the HTML deck as IR and back: what a node element says (visible CSS and data-ir, as
the schema reader reads it), and the element the HTML writer makes for a node. Tools whose edits
the visible HTML cannot state exactly (strokes, gradients, shadows, lists, tables, charts,
auto-layout) re-render the edited element this way: the element is replaced by the writer's
markup for its edited description, exactly what the writer would have produced."""

from __future__ import annotations

from typing import Any

import lxml.html
from lxml import etree

from ace_core.ir.deck import Slide
from ace_core.ir.nodes import NodeBase
from adapters.html.context import WriteCtx
from adapters.html.read_schema import read_schema_text
from adapters.html.schema import A_ID, GENERATOR, SCHEMA
from adapters.html.write import is_ooxml_deck, node_html, slide_html
from backends.html.doc import ASSET_DIR, HtmlDoc, layout_of, node_children, parent_node

__all__ = ["element_ir", "element_of", "replace_with", "slide_element_of", "write_ctx"]


def _page(doc: HtmlDoc, inner: str) -> str:
    script, _ = doc.deck_json()
    head = f'<meta name="generator" content="{GENERATOR} 0 {SCHEMA}">' + lxml.html.tostring(script, encoding="unicode")
    return f"<!DOCTYPE html><html><head>{head}</head><body>{inner}</body></html>"


def element_ir(doc: HtmlDoc, el: etree._Element) -> NodeBase:
    """The node an element stands for (its subtree included), as the schema reader reads it."""
    inner = lxml.html.tostring(el, encoding="unicode")
    html = _page(doc, f'<div class="slide" data-slide-id="__scratch__" style="width:1px;height:1px">{inner}</div>')
    deck = read_schema_text(html, base=doc.asset_dir, where="html element")
    return deck.slides[0].children[0]


def write_ctx(doc: HtmlDoc) -> WriteCtx:
    return WriteCtx(deck=doc.header, assets="external", asset_dir_name=ASSET_DIR, ooxml=is_ooxml_deck(doc.header))


def element_of(doc: HtmlDoc, node: NodeBase, container: etree._Element, index: int | None = None) -> Any:
    """The element the HTML writer makes for `node` as a child of `container` (flex-item CSS when
    the container is an auto-layout frame)."""
    doc.ensure_assets()
    kids = node_children(container)
    lay = layout_of(container)
    pos = len(kids) if index is None else index
    html = node_html(node, write_ctx(doc), lay, pos, [node])
    return lxml.html.fragment_fromstring(html)


def replace_with(doc: HtmlDoc, el: etree._Element, node: NodeBase) -> etree._Element:
    """Replace an element by the writer's markup for `node` (same place in its parent)."""
    parent = parent_node(el)
    kids = node_children(parent)
    index = kids.index(el) if el in kids else None
    new = element_of(doc, node, parent, index)
    tail = el.tail
    el.getparent().replace(el, new)
    new.tail = tail
    return new


def slide_element_of(doc: HtmlDoc, slide: Slide) -> Any:
    doc.ensure_assets()
    ctx = write_ctx(doc)
    html = slide_html(slide, doc.header, ctx)
    return lxml.html.fragment_fromstring(html)


def ids_under(el: etree._Element) -> list[str]:
    return [n.get(A_ID) for n in el.iter() if isinstance(n.tag, str) and n.get(A_ID) is not None]
