"""Text measured as the Figma writer lays it out (the writer's text boxes, turned text and table rows)."""

from __future__ import annotations

from ace_core.ir.style import Sides
from ace_core.ir.text import TextBody
from ace_core.layout.measure import DEFAULT_FONT_SIZE, DEFAULT_INSETS

TURNS = {"vert": 90.0, "eaVert": 90.0, "vert270": -90.0}
"""text directions drawn as a TEXT turned by this many degrees"""


def measure(body: TextBody, width: float | None) -> tuple[float, float]:
    """The text's size as Figma lays it out (ace_core.layout's measurer; a rough estimate without it)."""
    try:
        from ace_core.layout import default_measurer
    except ImportError:  # the solver is optional for writing
        size = body.style.font_size or DEFAULT_FONT_SIZE
        return (width or len(body.plain_text) * size * 0.55, size * 1.2 * max(1, len(body.paragraphs)))
    return default_measurer().measure(_sized_by_characters(body), width)


def _sized_by_characters(body: TextBody) -> TextBody:
    """The body with each run's effective font size on the run and none on a paragraph that has
    text: Figma (like PowerPoint) makes a line as tall as its characters, while the measurer, as
    CSS, also counts the paragraph's own size (the strut) - 24 px cell defaults under 13 px runs
    made every table row twice its height. An empty paragraph keeps its size (its line's)."""
    paragraphs = []
    for para in body.paragraphs:
        size = para.style.font_size if para.style.font_size is not None else body.style.font_size
        if size is None or not any(run.text for run in para.runs):
            if size is not None:
                para = para.model_copy(update={"style": para.style.model_copy(update={"font_size": size})})
            paragraphs.append(para)
            continue
        runs = [
            run
            if run.style.font_size is not None
            else run.model_copy(update={"style": run.style.model_copy(update={"font_size": size})})
            for run in para.runs
        ]
        paragraphs.append(
            para.model_copy(update={"runs": runs, "style": para.style.model_copy(update={"font_size": None})})
        )
    return body.model_copy(
        update={"paragraphs": paragraphs, "style": body.style.model_copy(update={"font_size": None})}
    )


def insets(text: TextBody) -> Sides:
    """The text box insets; None means the project-wide default (OOXML's 7.2 / 3.6 pt)."""
    return text.insets if text.insets is not None else DEFAULT_INSETS
