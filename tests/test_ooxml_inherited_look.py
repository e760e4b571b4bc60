"""What a slide inherits from its layout, master and theme, read the way PowerPoint and LibreOffice
draw it (issue 18): an empty <a:solidFill/> keeps the inherited colour, ... Each test builds a
small deck of the class (python-pptx, then edited parts) rather than relying on one corpus file."""

from __future__ import annotations

from pathlib import Path

import pytest
from pptx import Presentation
from test_ooxml_read import rezip, save

from ace_core.color import Color, ColorMod
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.writer import write_pptx


def _text_nodes(deck) -> dict:
    return {n.name: n for _, n in deck.iter_nodes() if getattr(n, "text", None) is not None}


def _colour(node, para: int = 0) -> Color | None:
    """The colour the first run of a paragraph is drawn in: its own fill, else the paragraph's."""
    p = node.text.paragraphs[para]
    fill = (p.runs[0].style.fill if p.runs else None) or p.style.fill
    return fill.color if fill is not None else None


# -- class: an empty <a:solidFill/> in a run or a list style --------------------------------------
def _empty_solid_fill_deck(tmp_path: Path) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[0])
    slide.shapes.title.text = "Title"
    slide.shapes.title.text_frame.paragraphs[0].runs[0].font.fill.solid()  # writes <a:solidFill/>
    box = slide.shapes.add_textbox(914400, 3000000, 4000000, 600000)
    box.text_frame.text = "Body"
    path = save(prs, tmp_path / "empty.pptx")
    a = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'

    def slide_xml(body: bytes) -> bytes:  # the text box's list style: an empty fill over the inherited colour
        lst = f"<a:lstStyle><a:lvl1pPr {a}><a:defRPr><a:solidFill/></a:defRPr></a:lvl1pPr></a:lstStyle>"
        box = b'<a:bodyPr wrap="none"><a:spAutoFit/></a:bodyPr>'
        assert box + b"<a:lstStyle/>" in body
        return body.replace(box + b"<a:lstStyle/>", box + lst.replace(f" {a}", "").encode())

    def master_xml(body: bytes) -> bytes:  # titles in accent 2
        return body.replace(b'<a:schemeClr val="tx1"/>', b'<a:schemeClr val="accent2"/>', 1)

    def presentation_xml(body: bytes) -> bytes:  # text boxes in accent 1
        return body.replace(b'<a:schemeClr val="tx1"/>', b'<a:schemeClr val="accent1"/>', 1)

    parts = {
        "ppt/slides/slide1.xml": slide_xml,
        "ppt/slideMasters/slideMaster1.xml": master_xml,
        "ppt/presentation.xml": presentation_xml,
    }
    return rezip(path, tmp_path / "empty2.pptx", parts)


def test_an_empty_solid_fill_keeps_the_inherited_colour(tmp_path: Path) -> None:
    deck = read_pptx(_empty_solid_fill_deck(tmp_path))
    theme = deck.theme.colors
    nodes = _text_nodes(deck)
    assert _colour(nodes["Title 1"]).hex == theme["accent2"].hex  # the run's <a:solidFill/>
    assert _colour(nodes["TextBox 3"]).hex == theme["accent1"].hex  # the list style's


# -- class: a background from the theme's picture style (bgRef to a duotoned texture) -------------
IMAGE = Path(__file__).resolve().parents[1] / "fixtures" / "images" / "desert-dunes.png"
THEME_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image"'
    ' Target="../media/texture.png"/></Relationships>'
)


def _theme_texture_deck(tmp_path: Path) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    slide.shapes.add_textbox(914400, 914400, 4000000, 600000).text_frame.text = "On a texture"
    path = save(prs, tmp_path / "plain.pptx")
    texture = (
        '<a:blipFill rotWithShape="1"><a:blip xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships" r:embed="rId1"><a:duotone><a:schemeClr val="phClr"><a:shade val="20000"/></a:schemeClr>'
        '<a:schemeClr val="phClr"><a:tint val="60000"/></a:schemeClr></a:duotone></a:blip>'
        "<a:stretch><a:fillRect/></a:stretch></a:blipFill></a:bgFillStyleLst>"
    )

    def theme(body: bytes) -> bytes:  # a fourth background style: a duotoned picture
        return body.replace(b"</a:bgFillStyleLst>", texture.encode(), 1)

    def master(body: bytes) -> bytes:  # the master's background: that style, in accent 1
        return body.replace(
            b'<p:bgRef idx="1001"><a:schemeClr val="bg1"/>', b'<p:bgRef idx="1004"><a:schemeClr val="accent1"/>'
        )

    def types(body: bytes) -> bytes:
        return body.replace(b"<Default ", b'<Default Extension="png" ContentType="image/png"/><Default ', 1)

    parts = {
        "ppt/theme/theme1.xml": theme,
        "ppt/slideMasters/slideMaster1.xml": master,
        "[Content_Types].xml": types,
        "ppt/theme/_rels/theme1.xml.rels": THEME_RELS.encode(),
        "ppt/media/texture.png": IMAGE.read_bytes(),
    }
    return rezip(path, tmp_path / "texture.pptx", parts)


def test_a_background_from_the_theme_s_picture_style_is_its_picture_recoloured(tmp_path: Path) -> None:
    import io

    import numpy as np
    from PIL import Image

    deck = read_pptx(_theme_texture_deck(tmp_path))
    (paint,) = deck.slides[0].background.fills
    assert paint.type == "IMAGE" and paint.image_ref == "ppt/media/texture.png"  # the theme's relationship
    pixels = np.asarray(Image.open(io.BytesIO(deck.asset_bytes(paint.asset))).convert("RGB"), dtype=float) / 255
    accent = deck.theme.colors["accent1"]
    ends = [accent.apply_mods([ColorMod(op=op, val=v)]) for op, v in (("shade", 0.2), ("tint", 0.6))]
    dark, light = (np.array([c.r, c.g, c.b]) for c in ends)
    # every pixel lies on the line from the dark to the light duotone colour (accent 1 shaded / tinted)
    direction = light - dark
    offsets = pixels.reshape(-1, 3) - dark
    along = offsets @ direction / (direction @ direction)
    off_line = np.linalg.norm(offsets - along[:, None] * direction, axis=1)
    assert np.percentile(off_line, 99) < 0.08 and along.max() - along.min() > 0.3
    assert any(e.feature == "image-effect" and "baked" in e.reason for e in deck.report.entries)
    out = tmp_path / "fresh.pptx"
    write_pptx(deck, out, fresh=True)
    (again,) = read_pptx(out).slides[0].background.fills
    assert again.type == "IMAGE" and read_pptx(out).asset_bytes(again.asset) == deck.asset_bytes(paint.asset)


# -- class: a paragraph's own <a:pPr><a:defRPr> (python-pptx's paragraph.font) ---------------------
def test_a_paragraphs_own_default_run_properties_style_its_runs(tmp_path: Path) -> None:
    """LibreOffice (the reference) draws a:p/a:pPr/a:defRPr as the runs' defaults; a run's own
    a:rPr still wins over it."""
    from pptx.dml.color import RGBColor
    from pptx.util import Pt

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    frame = slide.shapes.add_textbox(914400, 914400, 6000000, 1500000).text_frame
    para = frame.paragraphs[0]
    para.text = "Paragraph font"
    para.font.size, para.font.bold, para.font.color.rgb = Pt(40), True, RGBColor(0xC0, 0, 0)
    run = para.add_run()
    run.text = " own"
    run.font.size = Pt(20)
    deck = read_pptx(save(prs, tmp_path / "pdef.pptx"))
    p = _text_nodes(deck)["TextBox 1"].text.paragraphs[0]
    assert p.style.font_size == pytest.approx(40 * 4 / 3) and p.style.font_weight == 700
    assert _colour(_text_nodes(deck)["TextBox 1"]).hex.upper().startswith("#C00000")
    assert p.runs[1].style.font_size == pytest.approx(20 * 4 / 3)  # the run's own size on top
    write_pptx(deck, tmp_path / "fresh.pptx", fresh=True)  # and a fresh write keeps the look
    q = _text_nodes(read_pptx(tmp_path / "fresh.pptx"))["TextBox 1"].text.paragraphs[0]
    sizes = [q.style.merged(r.style).font_size for r in q.runs]
    assert sizes == pytest.approx([40 * 4 / 3, 20 * 4 / 3]) and q.style.merged(q.runs[0].style).font_weight == 700
