"""The Chromium-backed TextMeasurer: exact against Chromium's own layout, batched, cached, and close
to the font-metrics default measurer on plain Latin text."""

from __future__ import annotations

import pytest

from ace_core.browser import BrowserSession
from ace_core.browser_measure import ChromiumTextMeasurer
from ace_core.ir.style import Sides
from ace_core.ir.text import LineHeight, Paragraph, Run, TextBody, TextStyle
from ace_core.layout import default_measurer
from ace_core.layout.measure import TextMeasurer
from tests.conftest import needs_chromium

pytestmark = [needs_chromium, pytest.mark.render]


@pytest.fixture(scope="module")
def measurer():
    session = BrowserSession()
    yield ChromiumTextMeasurer(session)
    session.close()


LATIN = TextBody.from_text(
    "The quick brown fox jumps over the lazy dog again and again",
    TextStyle(font_family="Liberation Sans", font_size=20),
)


def test_is_a_text_measurer(measurer: ChromiumTextMeasurer) -> None:
    assert isinstance(measurer, TextMeasurer)


def test_agrees_with_the_font_metrics_measurer_on_latin(measurer: ChromiumTextMeasurer) -> None:
    fast = default_measurer()
    for width in (None, 200.0, 330.0):
        w, h = measurer.measure(LATIN, width)
        fw, fh = fast.measure(LATIN, width)
        assert abs(w - fw) <= 2 and abs(h - fh) <= 2, (width, (w, h), (fw, fh))
    assert measurer.measure(LATIN, 200.0)[0] <= 200.0
    assert measurer.measure(LATIN, 200.0)[1] > measurer.measure(LATIN, None)[1]  # wrapped: more lines


def test_styles_insets_line_height_and_baseline(measurer: ChromiumTextMeasurer) -> None:
    body = TextBody(
        paragraphs=[
            Paragraph(
                runs=[Run(text="Big ", style=TextStyle(font_size=40, font_weight=700)), Run(text="small")],
                line_height=LineHeight(value=60, unit="PIXELS"),
            )
        ],
        style=TextStyle(font_family="DejaVu Sans", font_size=20),
        insets=Sides(top=10, right=5, bottom=10, left=5),
    )
    w, h = measurer.measure(body, None)
    # CSS line box: the 40 px and 20 px runs' 60 px inline boxes sit on one baseline -> 67 px line
    fast = default_measurer()
    assert (w, h) == pytest.approx(fast.measure(body, None), abs=1.0)
    assert h > 60 + 20
    plain = body.model_copy(update={"insets": Sides()})
    assert measurer.measure(plain, None) == pytest.approx((w - 10, h - 20), abs=0.5)
    assert measurer.first_baseline(body, None) == pytest.approx(fast.first_baseline(body, None), abs=1.0)


def test_batches_and_caches(measurer: ChromiumTextMeasurer) -> None:
    bodies = [TextBody.from_text(f"item number {i}", TextStyle(font_size=18)) for i in range(30)]
    before = measurer.pages
    measurer.prepare([(b, 120.0) for b in bodies])
    assert measurer.pages == before + 1
    sizes = [measurer.measure(b, 120.0) for b in bodies]
    assert measurer.pages == before + 1  # answered from the cache
    assert all(w <= 120.0 and h > 0 for w, h in sizes)
