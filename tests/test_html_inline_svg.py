"""SVG pictures that draw text are put inline in the HTML (their text becomes real text) only
when that cannot act on the page: scripts, style sheets and event handlers keep them an image."""

from __future__ import annotations

import pytest

from adapters.html.inline_svg import inline_svg

_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="10mm">'


def test_ids_and_their_references_are_prefixed_and_undrawn_parts_dropped() -> None:
    svg = (
        f'{_HEAD}<title>Caption</title><defs><clipPath id="c"><rect width="5" height="5"/></clipPath></defs>'
        '<g clip-path="url(#c)"><use href="#t"/><text id="t" x="1" y="5">Total 42</text></g></svg>'
    )
    out = inline_svg(svg.encode(), "p1", style="left:0;top:0")
    assert out is not None
    assert 'id="p1-c"' in out and "url(#p1-c)" in out and 'href="#p1-t"' in out and ">Total 42<" in out
    assert "Caption" not in out  # <title> is never drawn
    assert 'viewBox="0 0 75.5906 37.7953"' in out  # 20 x 10 mm in CSS px: the user space of the image
    assert "left:0;top:0;display:block" in out


@pytest.mark.parametrize(
    "body",
    [
        "<script>alert(1)</script>",
        "<style>body{display:none}</style>",
        '<text onclick="alert(1)">x</text>',
        '<a href="javascript:alert(1)"><text>x</text></a>',
        "<foreignObject><p>x</p></foreignObject>",
        '<image href="https://example.com/track.png" width="5" height="5"/><text>x</text>',
        '<a href="https://example.com"><text>x</text></a>',
        '<rect fill="url(https://example.com/p.svg#g)" width="5" height="5"/><text>x</text>',
    ],
)
def test_a_picture_that_could_act_on_the_page_stays_an_image(body: str) -> None:
    assert inline_svg(f"{_HEAD}{body}</svg>".encode(), "p") is None


def test_not_svg_or_broken_stays_an_image() -> None:
    assert inline_svg(b"<html/>", "p") is None
    assert inline_svg(b"<svg", "p") is None
