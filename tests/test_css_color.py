"""ace_core.color.css_color: the one parser of colours written as CSS (HTML readers, SVG pictures,
VML drawings), and the SVG style reader the Figma writer's drawings and pictures share."""

from __future__ import annotations

import pytest
from lxml import etree

from ace_core.color import Color, css_color
from adapters.figma.svg import svg_paint, svg_style


@pytest.mark.parametrize(
    ("text", "rgba"),
    [
        ("#f00", (255, 0, 0, 1.0)),
        ("#00FF0080", (0, 255, 0, 0.502)),
        ("rgb(255, 128, 0)", (255, 128, 0, 1.0)),
        ("rgba(0,0,255,0.25)", (0, 0, 255, 0.25)),
        ("rgb(10 20 30 / 50%)", (10, 20, 30, 0.5)),
        ("rgb(100%, 0%, 50%)", (255, 0, 128, 1.0)),
        ("Navy", (0, 0, 128, 1.0)),
        ("darkslategrey", (47, 79, 79, 1.0)),
        ("transparent", (0, 0, 0, 0.0)),
    ],
)
def test_css_colours(text: str, rgba: tuple[int, int, int, float]) -> None:
    c = css_color(text)
    assert c is not None
    assert (*c.to_rgb255(), round(c.a, 3)) == rgba


@pytest.mark.parametrize("text", ["", "none", "url(#grad)", "currentColor", "notacolour", "#12", "rgb(1.2.3, 4, 5)"])
def test_not_colours(text: str) -> None:
    assert css_color(text) is None


def test_named_colour_does_not_depend_on_what_was_parsed_before() -> None:
    """PIL's colormap entries change type once getrgb() has used them; the parser must not care."""
    assert css_color("red") == css_color("red") == Color.from_hex("#ff0000")


def test_svg_style_reads_attributes_then_declarations() -> None:
    root = etree.fromstring(
        '<svg xmlns="http://www.w3.org/2000/svg" fill="#ff0000" font-size="12">'
        '<g style="fill: rgb(0, 0, 255); font-weight: bold" fill="#00ff00"><text x="1" y="2">a</text></g></svg>'
    )
    outer = svg_style(root, {})
    group = svg_style(root[0], outer)
    text = svg_style(root[0][0], group)
    assert text["fill"] == "rgb(0, 0, 255)" and text["font-size"] == "12" and text["font-weight"] == "bold"
    paint = svg_paint(text["fill"], 0.5)
    assert paint is not None and paint.color.to_rgb255() == (0, 0, 255) and paint.opacity == 0.5
    assert svg_paint("none") is None and svg_paint("url(#g)") is None
    black = svg_paint("currentColor")  # an unknown value counts as not given: SVG's initial black
    assert black is not None and black.color.to_rgb255() == (0, 0, 0)
