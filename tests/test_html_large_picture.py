"""A picture over 2 MiB as a data: URL still shows in the browser: Chromium drops a CSS custom
property longer than 2 MiB, so the inline writer re-encodes such a picture to fit and says so.

The class: a theme's textured background duotoned into the theme's colours (baked into a
full-size PNG), big photos and screenshots. jsreport's slides.pptx is one: its master background
is a bgRef to a duotoned 1920x1080 texture whose baked PNG is 2.0 MiB; it came out white."""

from __future__ import annotations

import io
import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from adapters.html.context import CSS_VALUE_MAX
from adapters.html.fit_image import fitted_image
from adapters.html.write import write_html
from adapters.ooxml.read_deck import read_pptx
from tests.conftest import needs_chromium

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "pptx"
DECK = FIXTURES / "jsreport-slides.pptx"
ASSET_PROP = re.compile(r'--a-([0-9a-f]{32}):url\("([^"]*)"\)')


def _noise(w: int, h: int, alpha: bool) -> bytes:
    rng = np.random.default_rng(7)
    px = rng.integers(0, 256, (h, w, 4 if alpha else 3), dtype=np.uint8)
    if alpha:
        px[: h // 2, :, 3] = 0  # the top half transparent
        px[h // 2 :, :, 3] = 255
    buf = io.BytesIO()
    Image.fromarray(px, "RGBA" if alpha else "RGB").save(buf, "PNG")
    return buf.getvalue()


def test_every_inline_picture_fits_a_css_value(tmp_path: Path) -> None:
    deck = read_pptx(DECK)
    out = tmp_path / "deck.html"
    report = write_html(deck, out, embed_source=False)
    props = ASSET_PROP.findall(out.read_text(encoding="utf-8"))
    assert props
    assert max(len(url) for _, url in props) <= CSS_VALUE_MAX
    (bg,) = [e for e in report.entries if e.feature == "asset-reencoded"]
    assert "JPEG" in bg.reason  # the baked background is opaque
    key = bg.reason.split()[1]
    url = dict(props)[key]
    assert url.startswith("data:image/jpeg;base64,")


def test_a_reencoded_picture_reads_back_as_the_picture_the_page_holds(tmp_path: Path) -> None:
    """The embedded IR names the original asset; the page holds the re-encoded bytes. Read back,
    every reference points at the bytes that were read (none is left dangling)."""
    from ace_core.ir.asset_refs import missing_assets, referenced_assets
    from adapters.html.read_schema import read_schema

    out = tmp_path / "deck.html"
    report = write_html(read_pptx(DECK), out)
    (entry,) = [e for e in report.entries if e.feature == "asset-reencoded"]
    old = entry.reason.split()[1]
    back = read_schema(out)
    assert missing_assets(back) == {}
    refs = set().union(*(referenced_assets(part) for part in (*back.slides, *back.masters, *back.layouts)))
    assert old not in refs
    assert any(e.feature == "asset-changed" and old in e.reason for e in back.report.entries)
    moved = [k for k in refs if back.assets.get(k) is not None and back.assets[k].mime == "image/jpeg"]
    assert moved and all(back.store.has(k) for k in moved)


@needs_chromium
@pytest.mark.render
def test_the_duotoned_master_background_is_drawn(tmp_path: Path) -> None:
    from backends.render.chromium import render_html

    out = tmp_path / "deck.html"
    write_html(read_pptx(DECK), out, embed_source=False)
    png = render_html(out, tmp_path / "png", width=1280).paths[0]
    px = np.asarray(Image.open(png).convert("RGB"), dtype=np.float32)
    h, w, _ = px.shape
    corner = px[int(h * 0.85) :, int(w * 0.6) : int(w * 0.8)].reshape(-1, 3).mean(0)
    # LibreOffice draws a dark teal there (the texture duotoned from bg2); it came out white
    assert corner.mean() < 120, corner
    assert corner[1] > corner[0] + 15 and corner[2] > corner[0] + 15, corner


def test_a_transparent_picture_keeps_its_alpha_and_size() -> None:
    data = _noise(1100, 900, alpha=True)
    assert len(data) > 2_000_000
    mime, small, how = fitted_image(data, 1_500_000) or ("", b"", "")
    assert mime == "image/webp" and len(small) <= 1_500_000, how
    img = Image.open(io.BytesIO(small)).convert("RGBA")
    assert img.size == (1100, 900)
    a = np.asarray(img)[..., 3]
    assert a[:400].max() == 0 and a[500:].min() == 255


def test_a_picture_too_big_for_its_quality_is_scaled_down() -> None:
    data = _noise(1600, 1200, alpha=False)
    mime, small, how = fitted_image(data, 300_000) or ("", b"", "")
    assert mime == "image/jpeg" and len(small) <= 300_000
    img = Image.open(io.BytesIO(small))
    assert img.width < 1600 and abs(img.width / img.height - 4 / 3) < 0.01, how


def test_what_cannot_be_decoded_is_not_fitted() -> None:
    assert fitted_image(b"<svg xmlns='http://www.w3.org/2000/svg'/>", 1000) is None


def _animated_gif(w: int, h: int, frames: int) -> bytes:
    """A noisy animated GIF: incompressible enough to be over 2 MiB at a modest size."""
    rng = np.random.default_rng(11)
    imgs = [Image.fromarray(rng.integers(0, 256, (h, w, 3), dtype=np.uint8), "RGB") for _ in range(frames)]
    buf = io.BytesIO()
    imgs[0].save(
        buf, "GIF", save_all=True, append_images=imgs[1:], duration=[80 + 10 * i for i in range(frames)], loop=0
    )
    return buf.getvalue()


def test_an_animation_too_big_for_a_css_value_keeps_its_frames(tmp_path: Path) -> None:
    """The class: an animated GIF over 2 MiB (a meme in a Google Slides export). It used to be left
    out of the page ("cannot be re-encoded"); it becomes an animated WebP with every frame."""
    from pptx import Presentation
    from pptx.util import Inches

    gif = _animated_gif(420, 300, 24)
    assert len(gif) > 2_200_000
    src = tmp_path / "anim.pptx"
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    slide.shapes.add_picture(io.BytesIO(gif), Inches(1), Inches(1), Inches(5))
    prs.save(src)
    out = tmp_path / "deck.html"
    report = write_html(read_pptx(src), out, embed_source=False)
    assert not [e for e in report.entries if e.feature == "asset-too-large"]
    (entry,) = [e for e in report.entries if e.feature == "asset-reencoded"]
    assert "animated WEBP" in entry.reason and entry.severity == "info", entry.reason
    props = dict(ASSET_PROP.findall(out.read_text(encoding="utf-8")))
    url = props[entry.reason.split()[1]]
    assert url.startswith("data:image/webp;base64,") and len(url) <= CSS_VALUE_MAX
    import base64

    webp = Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1])))
    assert webp.n_frames == 24 and abs(webp.width / webp.height - 420 / 300) < 0.01  # noise: scaled to fit
    webp.seek(3)
    webp.load()
    assert webp.info["duration"] == 110


def test_an_animation_that_cannot_fit_keeps_its_first_frame_and_says_so() -> None:
    gif = _animated_gif(200, 150, 12)
    mime, small, how = fitted_image(gif, 20_000) or ("", b"", "")
    assert mime == "image/jpeg" and len(small) <= 20_000
    assert "first frame only" in how and "12 frames are lost" in how
