"""Text boxes that do not wrap and resize to their text (bodyPr wrap="none" with spAutoFit), stored
wider than their text, as generators that estimate text widths write them.

PowerPoint keeps the stored box when it opens the file (it refits only when the text is edited)
and places each line by its paragraph alignment: left-aligned text starts at the box's left.
LibreOffice refits the box to the text about the box's centre, so the same text is drawn centred
on the box (checked on LibreOffice 7.4: without spAutoFit, or with wrap="square", it keeps the
alignment). ACE draws such boxes as PowerPoint does; the reader reports each one where the two
placements differ by more than a few pixels as reference-blind, so that a LibreOffice render of
the source is not taken as the truth there (scripts/fidelity.py blind_regions). Text wider than
its box is not reported: the HTML writer grows such a box about its centre, as LibreOffice does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ace_core.drawing.fonts import resolve_family

if TYPE_CHECKING:
    from ace_core.ir.deck import Deck
    from ace_core.ir.text import TextBody
    from adapters.ooxml.context import ReadContext

__all__ = ["AUTOGROW_CENTRED", "report_autogrow_centring"]

AUTOGROW_CENTRED = (
    "a text box that does not wrap and resizes to its text (wrap=none, spAutoFit) is stored wider"
    " than its text: PowerPoint keeps the box and places the text by its alignment, as ACE"
    " does; LibreOffice refits the box about its centre and draws the text centred there, so renders"
    " of the source differ from ours"
)
_MIN_SHIFT_PX = 4.0  # below this the two placements look alike


def _resolved(body: TextBody, theme_fonts: object | None) -> TextBody:
    """The body with every run's family resolved against the theme, for measuring."""
    paras = []
    for para in body.paragraphs:
        runs = []
        for run in para.runs:
            st = run.style
            family = resolve_family(
                st.font_family or para.style.font_family or body.style.font_family,
                st.font_ref or para.style.font_ref or body.style.font_ref,
                theme_fonts,
            )
            runs.append(run.model_copy(update={"style": st.model_copy(update={"font_family": family})}))
        paras.append(para.model_copy(update={"runs": runs}))
    return body.model_copy(update={"paragraphs": paras})


def report_autogrow_centring(deck: Deck, ctx: ReadContext) -> None:
    """An info entry on every non-wrapping autogrow text box of the slides whose text LibreOffice
    places elsewhere than PowerPoint (see the module docstring)."""
    from ace_core.layout import default_measurer

    measurer = None
    fonts = deck.theme.fonts if deck.theme is not None else None
    for slide in deck.slides:
        for node in slide.iter_nodes():
            body = getattr(node, "text", None)
            if node.type != "TEXT" or body is None or body.wrap or body.auto_resize != "HEIGHT":
                continue
            aligns = {para.align or body.align or "LEFT" for para in body.paragraphs if para.text}
            if not aligns or aligns == {"CENTER"} or getattr(node, "rotation", 0.0):
                continue
            measurer = measurer or default_measurer()
            width = measurer.measure(_resolved(body, fonts), None)[0]
            if (node.width - width) / 2 >= _MIN_SHIFT_PX:  # only a box wider than its text
                ctx.loss("text-autogrow", AUTOGROW_CENTRED, slide_id=slide.id, node_id=node.id, severity="info")
