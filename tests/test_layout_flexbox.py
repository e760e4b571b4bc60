"""The solver against Chromium's flexbox: the fixture decks rendered with the CSS mapping of
autolayout.md c.8 must put every node where the solver puts it (within 0.5 px).

The HTML here is a minimal test oracle (frames, shapes, single-style text), not the HTML writer.
"""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from conftest import needs_chromium

from ace_core.ir import (
    AutoLayout,
    Deck,
    FrameNode,
    NodeBase,
    RectangleNode,
    Sides,
    Slide,
    TextBody,
    TextNode,
    TextStyle,
)
from ace_core.layout import default_measurer, solve_deck
from ace_core.layout.access import auto_layout

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "ir"
JUSTIFY = {"MIN": "flex-start", "CENTER": "center", "MAX": "flex-end", "SPACE_BETWEEN": "space-between"}
ALIGN = {"MIN": "flex-start", "CENTER": "center", "MAX": "flex-end", "BASELINE": "baseline"}


def _size_css(node: NodeBase, parent: FrameNode | None) -> list[str]:
    layout = auto_layout(parent) if parent is not None and node.positioning == "AUTO" else None
    css = []
    for axis, (dim, sizing) in enumerate((("width", node.sizing_h), ("height", node.sizing_v))):
        lo, hi = (node.min_width, node.max_width) if axis == 0 else (node.min_height, node.max_height)
        if lo is not None:
            css.append(f"min-{dim}:{lo}px")
        if hi is not None:
            css.append(f"max-{dim}:{hi}px")
        value = node.width if axis == 0 else node.height
        if layout is None:
            css.append(f"{dim}:{value}px" if sizing != "HUG" else f"{dim}:max-content")
            continue
        primary = (layout.mode == "HORIZONTAL") == (axis == 0)
        if sizing == "FILL":
            css.append(f"flex:1 1 0;min-{dim}:{lo or 0}px" if primary else "align-self:stretch")
        elif sizing == "FIXED":
            css.append(f"{dim}:{value}px;flex-shrink:0")
        else:
            css.append(f"{dim}:max-content;flex-shrink:0")
    return css


def _node_html(node: NodeBase, parent: FrameNode | None, index: int) -> str:
    css = ["box-sizing:border-box", *_size_css(node, parent)]
    parent_layout = auto_layout(parent) if parent is not None else None
    if parent_layout is None or node.positioning == "ABSOLUTE":
        css.append(f"position:absolute;left:{node.x}px;top:{node.y}px")
    elif parent_layout.item_spacing < 0 and index > 0:
        side = "left" if parent_layout.mode == "HORIZONTAL" else "top"
        css.append(f"margin-{side}:{parent_layout.item_spacing}px")
    if not node.visible:
        css.append("display:none")
    inner = ""
    layout = auto_layout(node)
    if isinstance(node, FrameNode):
        css.append("position:relative" if "position:absolute" not in ";".join(css) else "")
        if layout is not None:
            gap = max(layout.item_spacing, 0) if layout.primary_align != "SPACE_BETWEEN" else 0
            cross = layout.item_spacing if layout.counter_axis_spacing is None else layout.counter_axis_spacing
            css += [
                f"display:flex;flex-direction:{'row' if layout.mode == 'HORIZONTAL' else 'column'}",
                f"padding:{layout.padding_top}px {layout.padding_right}px {layout.padding_bottom}px "
                f"{layout.padding_left}px",
                f"justify-content:{JUSTIFY[layout.primary_align]};align-items:{ALIGN[layout.counter_align]}",
                f"column-gap:{gap}px" if layout.mode == "HORIZONTAL" else f"row-gap:{gap}px",
            ]
            if layout.wrap:
                content = "space-between" if layout.counter_align_content == "SPACE_BETWEEN" else "flex-start"
                css.append(f"flex-wrap:wrap;row-gap:{cross}px;align-content:{content}")
        flow = 0
        for child in node.children:
            inner += _node_html(child, node, flow)
            flow += child.visible and child.positioning == "AUTO"
    elif isinstance(node, TextNode):
        st = node.text.style
        wrap = "pre" if node.text.auto_resize == "WIDTH_AND_HEIGHT" else "normal;overflow-wrap:break-word"
        css.append(
            f"font-family:'{st.font_family}';font-size:{st.font_size}px;font-weight:{st.font_weight or 400};"
            f"line-height:normal;white-space:{wrap}"
        )
        inner = html.escape(node.text.plain_text)
    return f'<div data-id="{node.id}" style="{";".join(c for c in css if c)}">{inner}</div>'


def _absolute_boxes(slide: Slide) -> dict[str, tuple[float, float, float, float]]:
    out: dict[str, tuple[float, float, float, float]] = {}

    def walk(node: NodeBase, ox: float, oy: float) -> None:
        x, y = ox + node.x, oy + node.y
        if node.visible:
            out[node.id] = (x, y, node.width, node.height)
            for child in getattr(node, "children", []) or []:
                walk(child, x, y)

    for node in slide.children:
        walk(node, 0.0, 0.0)
    return out


def _chromium_boxes(deck: Deck) -> list[tuple[Slide, dict]]:
    from playwright.sync_api import sync_playwright

    out = []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        page = browser.new_page(viewport={"width": int(deck.width), "height": int(deck.height)})
        for slide in deck.slides:
            body = "".join(_node_html(n, None, 0) for n in slide.children)
            page.set_content(
                f"<html><body style='margin:0'><div id='slide' style='position:relative;width:{deck.width}px;"
                f"height:{deck.height}px'>{body}</div></body></html>"
            )
            boxes = page.evaluate(
                """() => Object.fromEntries([...document.querySelectorAll('[data-id]')]
                   .filter(e => e.offsetParent !== null || e.style.position === 'absolute')
                   .map(e => { const r = e.getBoundingClientRect();
                               return [e.dataset.id, [r.x, r.y, r.width, r.height]]; }))"""
            )
            out.append((slide, boxes))
        browser.close()
    return out


def _assert_same(deck: Deck, tolerance: float) -> None:
    for slide, chrome in _chromium_boxes(deck):
        ours = _absolute_boxes(slide)
        assert set(ours) <= set(chrome)
        for node_id, box in ours.items():
            assert chrome[node_id] == pytest.approx(box, abs=tolerance), (slide.id, node_id)


@needs_chromium
@pytest.mark.parametrize("name", ["layout_cards.json", "layout_wrap.json"])
def test_fixture_boxes_match_chromium_flexbox(name):
    _assert_same(Deck.load(FIXTURES / name), 0.5)


@needs_chromium
def test_baseline_alignment_matches_chromium():
    def label(id_: str, size: float) -> TextNode:
        body = TextBody.from_text("Base", TextStyle(font_family="Liberation Sans", font_size=size))
        body.insets, body.auto_resize = Sides(), "WIDTH_AND_HEIGHT"
        return TextNode(id=id_, text=body, sizing_h="HUG", sizing_v="HUG")

    row = FrameNode(
        id="row", x=10, y=10, sizing_h="HUG", sizing_v="HUG",
        layout=AutoLayout(counter_align="BASELINE", item_spacing=8, padding_top=5),
        children=[label("small", 14), label("big", 40), RectangleNode(id="box", width=30, height=20),
                  label("mid", 24)],
    )  # fmt: skip
    deck = Deck(slides=[Slide(id="s", children=[row])])
    solve_deck(deck, default_measurer())
    assert len({c.y for c in row.children}) == 4  # really aligned by baselines
    _assert_same(deck, 0.5)
