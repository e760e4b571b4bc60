"""Equations: LaTeX <-> OMML, MATH written to .pptx as an editable equation and read back exactly."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from lxml import etree

from ace_core.drawing.math import latex_to_svg
from ace_core.ir.deck import Deck, Slide
from ace_core.ir.nodes import MathNode
from adapters.ooxml.omml import MATH_NS, latex_to_omml, omml_to_latex, same_math
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.writer import render_bytes, write_pptx
from tests.conftest import needs_soffice
from tests.test_ooxml_read import FIX

M = f"{{{MATH_NS}}}"
EQUATIONS = [
    r"E = mc^2",
    r"\frac{a+b}{c}",
    r"\sqrt{x^2+y^2}",
    r"\sqrt[3]{8}",
    r"\sum_{i=1}^{n} i^2 = \frac{n(n+1)(2n+1)}{6}",
    r"\int_0^\infty e^{-x^2}\,dx = \frac{\sqrt{\pi}}{2}",
    r"\alpha + \beta \leq \gamma",
    r"\begin{pmatrix} a & b \\ c & d \end{pmatrix}",
    r"\left( \frac{1}{2} \right)",
    r"\hat{x} + \bar{y} + \vec{v}",
    r"\lim_{x \to 0} \frac{\sin x}{x} = 1",
    r"x_{i}^{2}",
    r"\overline{AB}",
    r"\binom{n}{k}",
    r"f(x) = \begin{cases} 1 & x > 0 \\ 0 & \text{otherwise} \end{cases}",
    r"\nabla \cdot \mathbf{E} = \frac{\rho}{\varepsilon_0}",
    r"\prod_{k=1}^{n} k = n!",
]


@pytest.mark.parametrize("latex", EQUATIONS)
def test_latex_to_omml_and_back_keeps_the_structure(latex: str) -> None:
    omml = latex_to_omml(latex)
    back = omml_to_latex(omml)
    assert same_math(omml, latex_to_omml(back)), back


def test_omml_structures() -> None:
    def first(latex: str, tag: str) -> etree._Element:
        found = latex_to_omml(latex).find(f".//{M}{tag}")
        assert found is not None, (latex, tag)
        return found

    assert first(r"\frac{a}{b}", "f").find(f"{M}num") is not None
    nary = first(r"\sum_{i=1}^{n} x_i", "nary")
    assert nary.find(f"{M}naryPr/{M}chr").get(f"{M}val") == "∑"
    assert nary.find(f"{M}naryPr/{M}limLoc").get(f"{M}val") == "undOvr"
    assert "".join(nary.find(f"{M}e").itertext()) == "xi"  # the operator takes what follows as its body
    assert "".join(first(r"\sqrt[3]{8}", "rad").find(f"{M}deg").itertext()) == "3"
    matrix = first(r"\begin{pmatrix} a & b \\ c & d \end{pmatrix}", "d")
    assert matrix.find(f"{M}dPr/{M}begChr").get(f"{M}val") == "(" and matrix.find(f".//{M}m") is not None
    assert first(r"\hat{x}", "acc").find(f"{M}accPr/{M}chr").get(f"{M}val") == "\u0302"
    para = latex_to_omml("x")
    assert para.tag == f"{M}oMathPara" and latex_to_omml("x", display=False).tag == f"{M}oMath"


def test_powerpoint_equations_are_read_as_math_with_their_latex() -> None:
    deck = read_pptx(FIX / "poi-stress013.pptx")
    maths = [n for _, n in deck.iter_nodes() if n.type == "MATH"]
    assert maths and all(m.latex == r"\sqrt{x+1}-\sqrt{x}" for m in maths)
    assert all(m.omml and m.svg_asset and m.font_size == pytest.approx(48.0) for m in maths)


def test_bare_equations_are_reported_as_drawn_where_libreoffice_draws_nothing() -> None:
    # a14:m straight in a paragraph (no mc:AlternateContent picture): LibreOffice shows nothing
    # there, ACE draws it; PowerPoint's own equations (inside mc:Choice) are not reported so
    bare = read_pptx(FIX / "pptxviewer-Mathematical_Equations_11_Slides_46_KB_3c22e70f4d.pptx")
    maths = {n.id for _, n in bare.iter_nodes() if n.type == "MATH"}
    warned = {e.node_id for e in bare.report.entries if e.feature == "math" and "bare a14:m" in e.reason}
    assert len(maths) >= 9 and warned == maths
    as_text = [e for e in bare.report.entries if "kept as its characters" in e.reason and e.node_id in maths]
    assert as_text == []  # the equation became a MATH node: not "kept as its characters"
    wrapped = read_pptx(FIX / "poi-stress013.pptx")
    assert not [e for e in wrapped.report.entries if "bare a14:m" in e.reason]


def test_powerpoint_equations_whose_choice_requires_only_a14_are_reported_as_drawn_where_libreoffice_draws_nothing(
    tmp_path: Path,
) -> None:
    # PowerPoint writes <mc:Choice Requires="a14"> around a14:m: LibreOffice takes that choice and
    # draws no equation (poi-stress013 slides 5, 9, 10 render blank there), not the fallback picture;
    # ACE's file requires 'a14 m', which LibreOffice answers with the picture
    wrapped = read_pptx(FIX / "poi-stress013.pptx")
    maths = {n.id for _, n in wrapped.iter_nodes() if n.type == "MATH"}
    warned = {e.node_id for e in wrapped.report.entries if e.feature == "math" and "requires only a14" in e.reason}
    assert maths and warned == maths
    assert all(e.severity == "warning" for e in wrapped.report.entries if "requires only a14" in e.reason)
    fresh, _ = render_bytes(wrapped, fresh=True)
    again = read_pptx(fresh)
    assert not [e for e in again.report.entries if "requires only a14" in e.reason or "bare a14:m" in e.reason]


def _math_deck() -> tuple[Deck, str]:
    deck = Deck(width=1280, height=720, slides=[Slide(id="s1", children=[])])
    latex = r"\int_0^\infty e^{-x^2}\,dx = \frac{\sqrt{\pi}}{2}"
    drawing = latex_to_svg(latex, 48.0)
    key = deck.add_asset(drawing.svg.encode(), "image/svg+xml")
    node = MathNode(
        id="m1", x=200, y=200, width=drawing.width, height=drawing.height, latex=latex, svg_asset=key, font_size=48.0
    )
    deck.slides[0].children.append(node)
    return deck, latex


def test_math_is_written_as_omml_with_its_picture_and_read_back_with_the_same_latex(tmp_path: Path) -> None:
    deck, latex = _math_deck()
    report = write_pptx(deck, tmp_path / "eq.pptx", fresh=True)
    assert any(e.feature == "math" and "native OMML" in e.reason for e in report.entries)
    with zipfile.ZipFile(tmp_path / "eq.pptx") as z:
        slide = etree.fromstring(z.read("ppt/slides/slide1.xml"))
    ns = {
        "mc": "http://schemas.openxmlformats.org/markup-compatibility/2006",
        "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
    }
    (choice,) = slide.findall(".//mc:Choice", ns)
    assert choice.get("Requires") == "a14 m"
    assert choice.find(f".//{M}nary") is not None and choice.find(f".//{M}f") is not None
    (pic,) = slide.findall(".//mc:Fallback/p:pic", ns)
    assert pic.find(".//p:cNvPr", ns).get("descr") == latex
    back = read_pptx(tmp_path / "eq.pptx")
    (math,) = [n for _, n in back.iter_nodes() if n.type == "MATH"]
    assert math.id == "m1" and math.latex == latex and math.omml and math.font_size == pytest.approx(48.0)


def test_edited_latex_rewrites_the_equation_and_untouched_omml_is_kept(tmp_path: Path) -> None:
    deck = read_pptx(FIX / "poi-stress013.pptx")
    maths = [n for _, n in deck.iter_nodes() if n.type == "MATH"]
    original = maths[0].omml
    maths[0].latex = r"\frac{1}{x}"
    fresh, _ = render_bytes(deck, fresh=True)
    (tmp_path / "out.pptx").write_bytes(fresh)
    again = {n.id: n for _, n in read_pptx(tmp_path / "out.pptx").iter_nodes() if n.type == "MATH"}
    assert again[maths[0].id].latex == r"\frac{1}{x}"
    kept = again[maths[1].id]
    assert kept.latex == maths[1].latex
    assert same_math(etree.fromstring(kept.omml), etree.fromstring(maths[1].omml))  # PowerPoint's OMML as it was
    assert original != again[maths[0].id].omml


@needs_soffice
def test_libreoffice_draws_the_equation_picture(tmp_path: Path) -> None:
    import pymupdf

    from backends.render.libreoffice import render_to_pdf

    deck, _ = _math_deck()
    write_pptx(deck, tmp_path / "eq.pptx", fresh=True)
    pdf = render_to_pdf(tmp_path / "eq.pptx", tmp_path / "pdf")
    with pymupdf.open(pdf) as doc:
        assert doc[0].get_images()  # the fallback picture, not an empty a14 choice


def test_the_picture_keeps_the_equations_aspect_in_a_wider_box(tmp_path: Path) -> None:
    # a bare a14:m in a content placeholder is a MATH node as big as the placeholder: its picture
    # is fitted in it, centred, its aspect kept (as the HTML writer draws it), not stretched
    deck, _ = _math_deck()
    (node,) = deck.slides[0].children
    w, h = node.width, node.height
    node.width, node.height = 1000.0, 500.0
    write_pptx(deck, tmp_path / "eq.pptx", fresh=True)
    with zipfile.ZipFile(tmp_path / "eq.pptx") as z:
        slide = etree.fromstring(z.read("ppt/slides/slide1.xml"))
    ns = {
        "mc": "http://schemas.openxmlformats.org/markup-compatibility/2006",
        "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
        "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    }
    (pic,) = slide.findall(".//mc:Fallback/p:pic", ns)
    off, ext = pic.find(".//a:xfrm/a:off", ns), pic.find(".//a:xfrm/a:ext", ns)
    cx, cy = int(ext.get("cx")), int(ext.get("cy"))
    assert cx / cy == pytest.approx(w / h, rel=0.01)
    scale = min(1000.0 / w, 500.0 / h)
    assert cx == pytest.approx(w * scale * 9525, rel=0.01) and cy == pytest.approx(h * scale * 9525, rel=0.01)
    # centred in the node's box
    assert int(off.get("x")) + cx / 2 == pytest.approx((200 + 500) * 9525, abs=9525)
    assert int(off.get("y")) + cy / 2 == pytest.approx((200 + 250) * 9525, abs=9525)
    (choice_sp,) = slide.findall(".//mc:Choice/p:sp", ns)  # the editable equation keeps the node's box
    assert int(choice_sp.find(".//a:xfrm/a:ext", ns).get("cx")) == 1000 * 9525
