"""An OMML equation inside a line of text as pieces of text on one line: scripts raised or lowered,
a fraction as num/den, a radical as a root sign before its base, delimiters and n-ary operators as
their characters, letters of non-plain runs italic (OMML's default math style)."""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from adapters.ooxml.omml import MATH_NS

__all__ = ["MathPiece", "omml_pieces"]

_M = f"{{{MATH_NS}}}"
SUP = 0.3
"""a superscript's raise over the font size (PowerPoint's default baseline for superscript, 30 %)"""
SUB = -0.25
"""a subscript's drop (PowerPoint's default, -25 %)"""


@dataclass
class MathPiece:
    text: str
    baseline: float = 0.0
    """fraction of the font size, + raised"""
    italic: bool = False


def _kid(el: etree._Element, name: str) -> etree._Element | None:
    return el.find(_M + name)


def _val(el: etree._Element, pr: str, name: str, default: str) -> str:
    props = el.find(_M + pr)
    found = props.find(_M + name) if props is not None else None
    if found is None:
        return default
    return found.get(_M + "val", default)


def omml_pieces(el: etree._Element) -> list[MathPiece]:
    """The equation's characters in reading order, as pieces with their baseline shift and style."""
    out: list[MathPiece] = []
    _walk(el, 0.0, out)
    merged: list[MathPiece] = []
    for piece in out:
        if not piece.text:
            continue
        last = merged[-1] if merged else None
        if last is not None and (last.baseline, last.italic) == (piece.baseline, piece.italic):
            last.text += piece.text
        else:
            merged.append(piece)
    return merged


def _script(el: etree._Element | None, base: float, shift: float, out: list[MathPiece]) -> None:
    if el is not None:
        _walk(el, shift if base == 0.0 else base, out)


def _walk(el: etree._Element, base: float, out: list[MathPiece]) -> None:
    if not isinstance(el.tag, str):
        return
    name = etree.QName(el).localname if el.tag.startswith(_M) else ""
    if name == "r":
        text = "".join(t.text or "" for t in el.iter(_M + "t"))
        plain = _val(el, "rPr", "sty", "i") in ("p", "b") or el.find(f"{_M}rPr/{_M}nor") is not None
        out.append(MathPiece(text, base, italic=not plain and text.isalpha()))
        return
    if name in ("sSup", "sSub", "sSubSup"):
        _walk_opt(_kid(el, "e"), base, out)
        _script(_kid(el, "sub"), base, SUB, out)
        _script(_kid(el, "sup"), base, SUP, out)
        return
    if name == "sPre":
        _script(_kid(el, "sub"), base, SUB, out)
        _script(_kid(el, "sup"), base, SUP, out)
        _walk_opt(_kid(el, "e"), base, out)
        return
    if name == "f":
        _walk_opt(_kid(el, "num"), base, out)
        out.append(MathPiece("/", base))
        _walk_opt(_kid(el, "den"), base, out)
        return
    if name == "rad":
        _script(_kid(el, "deg"), base, SUP, out)
        out.append(MathPiece("\u221a", base))
        _walk_opt(_kid(el, "e"), base, out)
        return
    if name == "d":
        out.append(MathPiece(_val(el, "dPr", "begChr", "("), base))
        sep = _val(el, "dPr", "sepChr", "|")
        for i, part in enumerate(el.findall(_M + "e")):
            if i:
                out.append(MathPiece(sep, base))
            _walk(part, base, out)
        out.append(MathPiece(_val(el, "dPr", "endChr", ")"), base))
        return
    if name == "nary":
        out.append(MathPiece(_val(el, "naryPr", "chr", "\u222b"), base))
        _script(_kid(el, "sub"), base, SUB, out)
        _script(_kid(el, "sup"), base, SUP, out)
        _walk_opt(_kid(el, "e"), base, out)
        return
    for child in el:
        if isinstance(child.tag, str) and not etree.QName(child).localname.endswith("Pr"):
            _walk(child, base, out)


def _walk_opt(el: etree._Element | None, base: float, out: list[MathPiece]) -> None:
    if el is not None:
        _walk(el, base, out)
