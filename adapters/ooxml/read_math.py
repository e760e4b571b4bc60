"""Equations in a deck (OMML in a14:m) -> IR MATH nodes: the OMML kept, its LaTeX (the source ACE
stored, while it still matches, else converted from the OMML), its size, colour and a rendering."""

from __future__ import annotations

from typing import Any

from lxml import etree

from ace_core.errors import AceError
from ace_core.ir.nodes import MathNode
from ace_core.ir.style import SolidPaint
from ace_core.ir.text import TextBody
from ace_core.units import pt_to_px
from adapters.ooxml.context import Scope
from adapters.ooxml.conventions import read_ace_value
from adapters.ooxml.drawingml import (
    CONNECTOR_REROUTED,
    EMPTY_PLACEHOLDER_DRAWN,
    MULTI_STOP_GRADIENT,
    PLACEHOLDER_FRAME_DRAWN,
    PLACEHOLDER_PROMPT_DRAWN,
    SVG_WITHOUT_FALLBACK,
    TEXT_SHADOW_DRAWN,
)
from adapters.ooxml.ns import local, qn
from adapters.ooxml.omml import MATH_NS, latex_to_omml, omml_to_latex, same_math
from adapters.ooxml.read_autogrow import AUTOGROW_CENTRED
from adapters.ooxml.read_text import EQUATION_AS_TEXT

__all__ = [
    "A14_ONLY_CHOICE",
    "BARE_EQUATION",
    "REFERENCE_BLIND",
    "REFERENCE_DIFFERS",
    "equations_only",
    "read_math",
    "reference_blind",
]

_M = f"{{{MATH_NS}}}"


# the warnings on what LibreOffice draws as nothing in the source (equations with no fallback
# picture, or a choice it takes without drawing it; SVG-only pictures); the fidelity scripts find by
# them the regions a LibreOffice render of the source cannot show
BARE_EQUATION = (
    "a bare a14:m equation (no mc:AlternateContent picture beside it): LibreOffice draws nothing"
    " there; ACE draws it and writes it with a picture fallback, so renders differ from the source's"
)
A14_ONLY_CHOICE = (
    "an a14:m equation whose mc:Choice requires only a14 (as PowerPoint writes it): LibreOffice takes"
    " that choice and draws nothing there, not the fallback picture; ACE's file requires the math"
    " namespace too, so LibreOffice draws the picture and renders differ from the source's"
)
REFERENCE_BLIND = frozenset(
    {
        BARE_EQUATION,
        A14_ONLY_CHOICE,
        SVG_WITHOUT_FALLBACK,
        EMPTY_PLACEHOLDER_DRAWN,
        AUTOGROW_CENTRED,
        PLACEHOLDER_PROMPT_DRAWN,
        PLACEHOLDER_FRAME_DRAWN,
    }
)
# what a LibreOffice render of the source draws otherwise than PowerPoint and ACE, over a region too
# large to mask (a slide's background gradient): it explains a slide's figures, it is not masked
REFERENCE_DIFFERS = REFERENCE_BLIND | {MULTI_STOP_GRADIENT, CONNECTOR_REROUTED, TEXT_SHADOW_DRAWN}


def equations_only(tx_body: etree._Element | None) -> list[etree._Element]:
    """The a14:m equations of a text body that holds nothing else (runs of blanks aside), else []."""
    if tx_body is None:
        return []
    found: list[etree._Element] = []
    for p in tx_body.iterchildren(qn("a:p")):
        for child in p:
            name = local(child.tag)
            if name == "m":
                found.append(child)
            elif name in ("r", "fld"):
                if "".join(t.text or "" for t in child.iter(qn("a:t"))).strip():
                    return []
            elif name == "AlternateContent":
                return []
    return found


def _first_run_props(math: etree._Element) -> etree._Element | None:
    for r in math.iter(_M + "r"):
        rpr = r.find(qn("a:rPr"))
        if rpr is not None:
            return rpr
    return None


def read_math(
    scope: Scope,
    data: dict[str, Any],
    equations: list[etree._Element],
    text: TextBody | None,
    cnv: etree._Element | None,
) -> MathNode | None:
    """A MATH node for a shape whose text is one equation (None when there are several)."""
    if len(equations) != 1 or not len(equations[0]):
        return None
    omml = next((c for c in equations[0] if isinstance(c.tag, str)), None)
    if omml is None or local(omml.tag) not in ("oMathPara", "oMath"):
        return None
    node_id = data["id"]
    latex = _stored_latex(cnv, omml)
    if latex is None:
        try:
            latex = omml_to_latex(omml)
        except (AceError, ValueError, RecursionError):
            latex = ""
    para = text.paragraphs[0] if text is not None and text.paragraphs else None
    size = para.style.font_size if para is not None and para.style.font_size else pt_to_px(18.0)
    color = para.style.fill if para is not None and isinstance(para.style.fill, SolidPaint) else None
    rpr = _first_run_props(omml)
    if rpr is not None:
        if rpr.get("sz", "").isdigit():
            size = pt_to_px(int(rpr.get("sz", "1800")) / 100.0)
        fill = rpr.find(qn("a:solidFill"))
        found = scope.colors.color(fill) if fill is not None else None
        if found is not None:
            color = SolidPaint(color=found)
    display = "block" if local(omml.tag) == "oMathPara" else "inline"
    svg = _render(scope, latex, size, color, display)
    if svg is None:
        scope.loss("math", "an equation whose LaTeX cannot be drawn here: kept as OMML without a picture", node_id)
    scope.retract("math", EQUATION_AS_TEXT, node_id)  # the text read first is replaced by this node
    scope.loss("math", "an equation read as MATH (its OMML kept, its LaTeX converted from it)", node_id, "info")
    reference_blind(scope, equations[0], node_id)
    fields = {k: v for k, v in data.items() if k in MathNode.model_fields}
    return MathNode(
        **fields,
        latex=latex,
        omml=etree.tostring(omml, encoding="unicode"),
        svg_asset=svg,
        font_size=size,
        color=color,
        display=display,  # type: ignore[arg-type]
    )


def reference_blind(scope: Scope, equation: etree._Element, node_id: str | None) -> None:
    """The warning that LibreOffice draws nothing for an a14:m equation (bare, or in an mc:Choice
    that requires only a14), if it does not: the fidelity scripts mask the node's box by it."""
    choice = next((a for a in equation.iterancestors() if local(a.tag) == "Choice"), None)
    if choice is None:
        scope.loss("math", BARE_EQUATION, node_id)
    elif MATH_NS not in _required(choice):
        scope.loss("math", A14_ONLY_CHOICE, node_id)


def _stored_latex(cnv: etree._Element | None, omml: etree._Element) -> str | None:
    """The LaTeX ACE wrote beside the equation, if the equation still says the same."""
    stored = read_ace_value(cnv, "latex")
    if not stored:
        return None
    try:
        again = latex_to_omml(stored, display=local(omml.tag) == "oMathPara")
    except AceError:
        return None
    return stored if same_math(again, omml) else None


def _render(scope: Scope, latex: str, size: float, color: SolidPaint | None, display: str) -> str | None:
    if not latex.strip():
        return None
    from ace_core.drawing.math import latex_to_svg

    try:
        drawing = latex_to_svg(
            latex, size, color.color.hex if color is not None else "#000000", inline=display == "inline"
        )
    except AceError:
        return None
    return scope.ctx.deck.add_asset(drawing.svg.encode("utf-8"), "image/svg+xml")


def _required(choice: etree._Element) -> set[str]:
    """The namespaces an mc:Choice's Requires names (its prefixes resolved where it stands)."""
    nsmap = choice.nsmap
    return {nsmap.get(p, p) for p in (choice.get("Requires") or "").split()}
