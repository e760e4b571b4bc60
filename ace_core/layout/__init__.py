"""Auto-layout: the solver of Figma-style auto-layout frames, constraints, and text measurement.

    from ace_core.layout import solve_deck, solve_affected, resize_frame, default_measurer
    solve_deck(deck)                               # every auto-layout frame, in place
    solve_affected(slide, ["card-3"])              # only what a change to card-3 affects
    resize_frame(frame, 640, 360)                  # constraints (MIN/CENTER/MAX/STRETCH/SCALE)
    default_measurer().measure(text_body, 300.0)   # (width, height) px from installed font metrics
    solve_deck(deck, pinned_measurer(deck))        # imported deck: unchanged text keeps its stored size

The rules and every decision on undocumented Figma behaviour are in the docstrings of
`solver` (auto-layout), `constraints` (resizing) and `measure` (text); `flex` holds the arithmetic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ace_core.lazy import lazy_exports

if TYPE_CHECKING:
    from ace_core.layout.constraints import apply_constraints, constrain, refit_group
    from ace_core.layout.measure import (
        DEFAULT_FONT_SIZE,
        DEFAULT_INSETS,
        FontMetricsMeasurer,
        LineBox,
        MonospaceMeasurer,
        TextLayout,
        TextMeasurer,
        default_measurer,
    )
    from ace_core.layout.pinned import PinnedMeasurer, pinned_measurer
    from ace_core.layout.solver import resize_frame, solve_affected, solve_deck, solve_slide, solve_tree

__all__ = [
    "DEFAULT_FONT_SIZE",
    "DEFAULT_INSETS",
    "FontMetricsMeasurer",
    "LineBox",
    "MonospaceMeasurer",
    "PinnedMeasurer",
    "TextLayout",
    "TextMeasurer",
    "apply_constraints",
    "constrain",
    "default_measurer",
    "pinned_measurer",
    "refit_group",
    "resize_frame",
    "solve_affected",
    "solve_deck",
    "solve_slide",
    "solve_tree",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "apply_constraints": "ace_core.layout.constraints",
        "constrain": "ace_core.layout.constraints",
        "refit_group": "ace_core.layout.constraints",
        "DEFAULT_FONT_SIZE": "ace_core.layout.measure",
        "DEFAULT_INSETS": "ace_core.layout.measure",
        "FontMetricsMeasurer": "ace_core.layout.measure",
        "LineBox": "ace_core.layout.measure",
        "MonospaceMeasurer": "ace_core.layout.measure",
        "TextLayout": "ace_core.layout.measure",
        "TextMeasurer": "ace_core.layout.measure",
        "default_measurer": "ace_core.layout.measure",
        "PinnedMeasurer": "ace_core.layout.pinned",
        "pinned_measurer": "ace_core.layout.pinned",
        "resize_frame": "ace_core.layout.solver",
        "solve_affected": "ace_core.layout.solver",
        "solve_deck": "ace_core.layout.solver",
        "solve_slide": "ace_core.layout.solver",
        "solve_tree": "ace_core.layout.solver",
    },
)
