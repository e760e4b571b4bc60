"""The Chromium renderer: a PNG per slide at the chosen width for ACE div.slide decks, fixed-size
slide pages and viewer files; blocked requests reported; the `ace render` command."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PIL import Image

from ace_core.errors import BadInputError
from backends.render.chromium import render_html
from tests.conftest import needs_chromium

pytestmark = [needs_chromium, pytest.mark.render]


def test_div_slide_deck_one_png_per_slide(fixtures_dir: Path, tmp_path: Path) -> None:
    result = render_html(fixtures_dir / "html" / "deck3.html", tmp_path, width=640)
    assert [s.slide_id for s in result.slides] == ["intro", "middle", "end"]
    assert [p.name for p in result.paths] == ["slide-001.png", "slide-002.png", "slide-003.png"]
    expected = [(255, 0, 0), (0, 255, 0), (0, 0, 255)]
    for info, colour in zip(result.slides, expected, strict=True):
        im = Image.open(info.path).convert("RGB")
        assert im.size == (640, 360) == (info.width, info.height)
        assert (info.css_width, info.css_height) == (960, 540)
        assert im.getpixel((600, 340)) == colour  # the slide itself, not the grey page around it
        assert im.getpixel((5, 5)) == colour


def test_a_slide_at_a_fractional_device_pixel_has_clean_edges(fixtures_dir: Path, tmp_path: Path) -> None:
    """At 1280 px a 960 px slide is drawn at 4/3: its box starts at a fractional device pixel. Its
    edge rows and columns are the slide's own colour, not blended with the grey page behind it (a
    1 px grey line along the edges, which also entered every colour-off figure of an HTML render)."""
    result = render_html(fixtures_dir / "html" / "deck3.html", tmp_path, width=1280)
    for info, colour in zip(result.slides, [(255, 0, 0), (0, 255, 0), (0, 0, 255)], strict=True):
        im = Image.open(info.path).convert("RGB")
        w, h = im.size
        rows = [(x, y) for x in range(0, w, 7) for y in (0, h - 1)]
        edges = rows + [(x, y) for y in range(0, h, 7) for x in (0, w - 1)]
        assert {im.getpixel(p) for p in edges} == {colour}, info.path.name


def test_every_slide_of_an_ace_deck_has_clean_edges(tmp_path: Path) -> None:
    """ACE's own HTML of a 16:9 deck at 1280 px: slide n sits at y = n * 556 CSS px, 741.33 device px
    for slide 2, so the page is shifted half a CSS px. The scroll before the capture must not round
    past the shifted top (slide 2's first row came out as the page grey)."""
    from pptx import Presentation
    from pptx.dml.color import RGBColor
    from pptx.util import Inches

    from adapters.html.write import write_html
    from adapters.ooxml.read_deck import read_pptx

    prs = Presentation()
    prs.slide_width, prs.slide_height = Inches(10), Inches(5.625)  # 960 x 540 CSS px: drawn at 4/3
    colours = [(0x1F, 0x38, 0x64), (0xC0, 0x00, 0x00), (0x00, 0x70, 0x30)]
    for colour in colours:
        fill = prs.slides.add_slide(prs.slide_layouts[6]).background.fill
        fill.solid()
        fill.fore_color.rgb = RGBColor(*colour)
    prs.save(tmp_path / "three.pptx")
    write_html(read_pptx(tmp_path / "three.pptx"), tmp_path / "three.html")
    result = render_html(tmp_path / "three.html", tmp_path / "png", width=1280)
    assert len(result.slides) == 3
    for info, colour in zip(result.slides, colours, strict=True):
        im = Image.open(info.path).convert("RGB")
        w, h = im.size
        rows = [(x, y) for x in range(0, w, 7) for y in (0, h - 1)]
        edges = rows + [(x, y) for y in range(0, h, 7) for x in (0, w - 1)]
        assert {im.getpixel(p) for p in edges} == {colour}, info.path.name


def test_fixed_size_page_is_cropped_to_its_slide_and_scaled(fixtures_dir: Path, tmp_path: Path) -> None:
    result = render_html(fixtures_dir / "html" / "slidesgrab-slide-03.html", tmp_path, width=1280)
    (slide,) = result.slides
    assert slide.kind == "page" and (slide.css_width, slide.css_height) == (960, 540)
    im = Image.open(slide.path).convert("RGB")
    assert im.size == (1280, 720)
    assert im.getpixel((5, 5)) == (255, 245, 238)  # body background #fff5ee up to the corner
    assert any("pretendard" in u for u in slide.blocked)


def test_viewer_file_renders_each_frame_as_a_slide(fixtures_dir: Path, tmp_path: Path) -> None:
    result = render_html(fixtures_dir / "html" / "slidesgrab-viewer.html", tmp_path, width=320)
    assert len(result.slides) == 8
    assert all(Image.open(p).size == (320, 180) for p in result.paths)
    # frame 3 of the viewer is slide-03 of the same deck: the renders agree
    single = render_html(fixtures_dir / "html" / "slidesgrab-slide-03.html", tmp_path / "single", width=320)
    a = Image.open(result.paths[2]).convert("RGB").tobytes()
    b = Image.open(single.paths[0]).convert("RGB").tobytes()
    assert a == b


def test_page_without_slide_size_renders_the_first_screen(tmp_path: Path) -> None:
    page = tmp_path / "plain.html"
    page.write_text("<body style='margin:0;background:#00ff00'><p>just a page</p></body>")
    result = render_html(page, tmp_path / "out", width=1280)
    assert result.slides[0].kind == "viewport"
    assert Image.open(result.paths[0]).size == (1280, 720)


def test_bad_width_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(BadInputError):
        render_html(tmp_path / "nope.html", tmp_path / "out")
    with pytest.raises(BadInputError):
        render_html("<p>x</p>", tmp_path / "out", width=4)
    assert not (tmp_path / "out").exists()


def test_cli_render_html_json(fixtures_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cli.main import main

    src = tmp_path / "deck3.html"
    shutil.copy(fixtures_dir / "html" / "deck3.html", src)
    code = main(["render", str(src), "--out", str(tmp_path / "png"), "--width", "480", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)["data"]
    assert data["renderer"] == "chromium" and data["format"] == "html"
    assert len(data["pngs"]) == 3 and all(Path(p).is_file() for p in data["pngs"])
    assert data["slides"][0]["width"] == 480 and data["blocked"] == []


def test_cli_render_missing_file_exit_2(tmp_path: Path) -> None:
    from cli.main import main

    assert main(["render", str(tmp_path / "none.html"), "--out", str(tmp_path / "o")]) == 2
