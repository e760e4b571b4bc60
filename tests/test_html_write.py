"""The HTML writer and the schema reader: structure of the written deck, exact round trips
(read(write(d)) == d and write(read(write(d))) byte-identical), edits made in the HTML, assets
inline and beside the file, losses, and dispatch of arbitrary HTML to the DOM reader."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from test_html_write_decks import quadrant_png, rich_deck

from ace_core.drawing.presets import evaluate
from ace_core.errors import BadInputError
from ace_core.ir import Deck, Paragraph, Run, Slide, TextBody, TextNode
from adapters.api import read, write
from adapters.html import FORMAT
from adapters.html.read_schema import read_schema_text
from adapters.html.schema import num, parse_style
from adapters.html.write import render_html


def _soup(html: str) -> BeautifulSoup:
    return BeautifulSoup(html, "lxml")


@pytest.fixture(scope="module")
def rich() -> tuple[Deck, str]:
    deck = rich_deck()
    html, _ = render_html(deck)
    return deck, html


def test_round_trip_is_exact_and_byte_identical(rich: tuple[Deck, str]) -> None:
    deck, html = rich
    back = read_schema_text(html)
    assert back == deck
    assert render_html(back)[0] == html
    # asset bytes come back too (content-addressed)
    key = next(k for k, v in deck.assets.items() if v.mime == "image/png")
    assert back.asset_bytes(key) == quadrant_png()
    assert back.asset_bytes(deck.source.package) == deck.asset_bytes(deck.source.package)


def test_round_trip_through_files_and_the_registry(tmp_path: Path, fixtures_dir: Path) -> None:
    for deck in (rich_deck(), Deck.load(fixtures_dir / "ir" / "sample.json")):
        out = tmp_path / f"{deck.id}.html"
        report = write(deck, out)
        assert not [e for e in report.entries if e.severity == "error" and e.feature != "math-latex"]
        head = out.read_bytes()[:65536]
        assert FORMAT.sniff(head, out) == 95
        back = read(out)
        assert back == deck
        again = tmp_path / f"{deck.id}-2.html"
        write(back, again)
        assert again.read_bytes() == out.read_bytes()


def test_schema_structure(rich: tuple[Deck, str]) -> None:
    deck, html = rich
    soup = _soup(html)
    assert soup.find("meta", attrs={"name": "generator"})["content"].startswith("ace ")
    slides = soup.select("div.slide")
    assert [s["data-slide-id"] for s in slides] == [s.id for s in deck.slides]
    for s in slides:
        st = parse_style(s["style"])
        assert (st["width"], st["height"]) == ("1280px", "720px")
    ids = {el["data-id"] for el in soup.select("[data-id]")}
    assert ids == {n.id for _, n in deck.iter_nodes()}
    assert slides[4]["data-hidden"] == "true"
    assert slides[0]["data-transition"] == "push" and slides[0]["data-transition-duration"] == "0.75"
    notes = slides[0].find("aside", class_="notes")
    assert notes.has_attr("hidden") and notes.get_text() == deck.slides[0].notes
    # absolutely positioned children with exact boxes, runs as spans, links as <a>
    r1 = soup.select_one('[data-id="r1"]')
    st = parse_style(r1["style"])
    assert (st["position"], st["left"], st["top"], st["width"], st["height"]) == (
        "absolute",
        "40px",
        "40px",
        "200px",
        "120px",
    )
    t1 = soup.select_one('[data-id="t1"]')
    assert t1.select_one('a[href="https://example.org/a?b=1&c=2"]').get_text() == "link"
    assert [b.get_text() for b in t1.select("span.bu")] == ["▪", "•", "I.", "II.", "a)", "III."]
    assert t1.find("br") is not None  # '\v' soft break


def test_presets_are_drawn_from_their_definitions(rich: tuple[Deck, str]) -> None:
    _, html = rich
    soup = _soup(html)
    arrow = soup.select_one('[data-id="p1"] svg path')
    assert arrow["d"] == evaluate("rightArrow", 240, 120, {"adj1": 30000}).paths[0].d
    can = soup.select('[data-id="p3"] svg path')
    expected = evaluate("can", 120, 200).paths
    assert [p["d"] for p in can] == [expected[0].d, expected[1].d, expected[1].d, expected[2].d]
    assert can[2]["fill"] == "#fff" and can[2]["fill-opacity"] == "0.4"  # the 'lighten' shading
    star = soup.select_one('[data-id="p2"] svg g')
    assert star["transform"].startswith("matrix(-1 0 0 1 180")  # flipped horizontally
    assert "stroke-dasharray" in str(soup.select_one('[data-id="p2"] svg'))
    line = soup.select_one('[data-id="l1"] svg > path')
    assert line["marker-end"].startswith("url(#") and line["marker-start"].startswith("url(#")


def test_text_styles_and_autofit(rich: tuple[Deck, str]) -> None:
    _, html = rich
    t1 = _soup(html).select_one('[data-id="t1"]')
    spans = {s.get_text(): parse_style(s.get("style")) for s in t1.select("p > span:not(.bu), p > a")}
    assert spans["bold"]["font-weight"] == "700"
    assert spans[" italic "]["font-style"] == "italic"
    assert spans["under"]["text-decoration"] == "underline"
    assert spans[" strike "]["text-decoration"] == "line-through"
    fit = float(t1["data-fit"]) / 100  # the text fits its box here, so the saved 90 % is refitted
    assert spans[" spaced"]["letter-spacing"] == f"{num(2.5 * fit)}px"
    assert spans[" lit"]["background-color"] == "#ffff00"
    assert float(spans["2"]["vertical-align"].removesuffix("em")) > 0
    first = t1.find("p")
    # theme font reference (+mj-lt) on the paragraph beats the body's family
    assert parse_style(first["style"])["font-family"].startswith("'Liberation Serif'")
    assert parse_style(first["style"])["font-size"] == f"{num(40 * fit)}px"
    body = parse_style(t1["style"])
    assert (body["justify-content"], body["padding"]) == ("center", "8px 12px 8px 12px")
    assert parse_style(_soup(html).select_one('[data-id="t2"]')["style"])["writing-mode"] == "vertical-rl"


def test_shrink_on_overflow_fits_the_text_in_its_box() -> None:
    from ace_core.layout import default_measurer

    body = TextBody(paragraphs=[Paragraph(runs=[Run(text="word " * 60)])], autofit="SHRINK", font_scale=90)
    node = TextNode(id="t", width=300, height=120, text=body)
    html, _ = render_html(Deck(slides=[Slide(id="s", children=[node])]))
    el = _soup(html).select_one('[data-id="t"]')
    fit = float(el["data-fit"])
    assert 25 <= fit < 100
    size = float(parse_style(el.find("p")["style"])["font-size"].removesuffix("px"))
    assert size == pytest.approx(24 * fit / 100)
    measure = default_measurer().measure
    assert measure(body.model_copy(update={"font_scale": fit}), 300)[1] <= 120.5
    assert measure(body.model_copy(update={"font_scale": fit + 1}), 300)[1] > 120
    assert read_schema_text(html).slides[0].children[0] == node


def test_flexbox_for_auto_layout(rich: tuple[Deck, str]) -> None:
    _, html = rich
    soup = _soup(html)

    def st(ident: str) -> dict[str, str]:
        return parse_style(soup.select_one(f'[data-id="{ident}"]')["style"])

    row = st("f-row")
    assert (row["display"], row["flex-direction"], row["column-gap"], row["align-items"]) == (
        "flex",
        "row",
        "16px",
        "center",
    )
    assert row["padding"] == "10px 20px 10px 20px"
    assert (st("f-a")["flex-shrink"], st("f-a")["width"]) == ("0", "100px")
    assert (st("f-b")["flex"], st("f-b")["min-width"]) == ("1 1 0", "0")
    assert st("f-c")["align-self"] == "stretch"
    assert (st("f-abs")["position"], st("f-abs")["left"]) == ("absolute", "760px")
    between = st("f-between")
    assert between["justify-content"] == "space-between" and "column-gap" not in between
    assert "margin-left" not in st("o-a") and st("o-b")["margin-left"] == "-20px"
    col = st("f-col")
    assert (col["flex-direction"], col["justify-content"], col["overflow"]) == ("column", "flex-end", "hidden")
    assert st("k-c")["display"] == "none"
    wrap = st("f-wrap")
    assert (wrap["flex-wrap"], wrap["row-gap"], wrap["column-gap"]) == ("wrap", "20px", "10px")


def test_assets_inline_by_default_and_external_on_request(tmp_path: Path) -> None:
    deck = rich_deck()
    inline = tmp_path / "in.html"
    write(deck, inline)
    assert "data:image/png;base64," in inline.read_text()
    assert not (tmp_path / "in.assets").exists()
    ext = tmp_path / "ext.html"
    write(deck, ext, assets="external")
    text = ext.read_text()
    assert "data:image/png" not in text
    files = sorted(p.name for p in (tmp_path / "ext.assets").iterdir())
    assert len(files) == len(deck.assets) and any(f.endswith(".png") for f in files)
    assert f'url("ext.assets/{files[0]}")' in text or f"ext.assets/{files[0]}" in text
    back = read(ext)
    assert back == deck
    key = next(k for k, v in deck.assets.items() if v.mime == "image/png")
    assert back.asset_bytes(key) == quadrant_png()
    with pytest.raises(BadInputError):
        write(deck, tmp_path / "x.html", assets="cdn")


def test_external_assets_cannot_escape_the_folder(tmp_path: Path) -> None:
    deck = rich_deck()
    html, _ = render_html(deck, assets="external", asset_dir_name="a")
    secret = tmp_path / "secret.png"
    secret.write_bytes(b"secret")
    inner = tmp_path / "deck"
    inner.mkdir()
    key = next(k for k, v in deck.assets.items() if v.mime == "image/png")
    hostile = re.sub(rf'--a-{key}:url\("[^"]*"\)', f'--a-{key}:url("../secret.png")', html)
    (inner / "deck.html").write_text(hostile)
    back = read(inner / "deck.html")
    assert "missing-asset" in back.report.by_feature()
    with pytest.raises(BadInputError):
        back.asset_bytes(key)


def test_edits_in_the_html_are_read_back(rich: tuple[Deck, str]) -> None:
    deck, html = rich
    soup = _soup(html)
    r1 = soup.select_one('[data-id="r1"]')
    r1["style"] = (
        r1["style"].replace("left:40px", "left:55.5px").replace("background-color:#3b82f6", "background-color:#ff0000")
    )
    span = soup.select_one('[data-id="t1"] p:nth-of-type(3) > span:not(.bu)')
    span.string = "BOLD"
    span["style"] += ";color:#00ff00"
    p = soup.select_one('[data-id="t1"] p')
    p["style"] = p["style"].replace("text-align:center", "text-align:right")
    slide = soup.select_one('[data-slide-id="s-images"]')
    slide["style"] = slide["style"].replace("#fffbeb", "#000000")
    back = read_schema_text(str(soup))
    node = back.find("r1")[1]
    assert node.x == 55.5 and node.fills[0].color.hex == "#FF0000" and node.fills[0].color.ref is None
    text = back.find("t1")[1].text
    run = text.paragraphs[2].runs[0]
    assert run.text == "BOLD" and run.style.fill.color.hex == "#00FF00" and run.style.font_weight == 700
    assert text.paragraphs[0].align == "RIGHT"
    assert back.slide("s-images").background.fills[0].color.hex == "#000000"
    # everything not edited is unchanged
    assert back.find("e1")[1] == deck.find("e1")[1]
    assert back.slides[3] == deck.slides[3]


def test_loss_report_names_what_is_not_drawn(rich: tuple[Deck, str]) -> None:
    deck = rich_deck()
    _, ctx = render_html(deck)
    losses = {(e.feature, e.node_id) for e in ctx.report.entries}
    assert ("missing-image", "i6") in losses
    assert ("math-latex", "m2") in losses
    assert all(e.stage == "write" and e.format == "html" for e in ctx.report.entries)
    assert len([e for e in ctx.report.entries if e.node_id == "i6"]) == 1
    html, _ = render_html(deck)
    assert "<svg" in str(_soup(html).select_one('[data-id="m1"]'))  # the good equation is drawn


def test_numbers_are_exact_and_free_of_exponents() -> None:
    for v in (80.0, 0.1, 1 / 3, 7.37827061807486e-05, -3e-7, 1234567.125):
        text = num(v)
        assert "e" not in text and float(text) == v


def test_whitespace_control_characters_and_markup_in_text_survive(tmp_path: Path) -> None:
    texts = ["  two  spaces ", "\ttab", "a<b>&c", "line\vbreak", "end\v", "", "x\ry"]
    body = TextBody(paragraphs=[Paragraph(runs=[Run(text=t)]) for t in texts])
    deck = Deck(slides=[Slide(id="s", children=[TextNode(id="t", width=300, height=200, text=body)])])
    out = tmp_path / "ws.html"
    write(deck, out)
    back = read(out)
    assert [p.runs[0].text for p in back.slides[0].children[0].text.paragraphs] == texts


def test_arbitrary_html_goes_to_the_dom_reader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = tmp_path / "page.html"
    page.write_text("<!doctype html><html><body><div class='slide'>hello</div></body></html>")
    assert FORMAT.sniff(page.read_bytes(), page) == 70
    seen: list[Path] = []

    def fake_read_dom(path: Path, **options: object) -> Deck:
        seen.append(Path(path))
        return Deck()

    import adapters.html.dom_reader as dom

    monkeypatch.setattr(dom, "read_dom", fake_read_dom)
    FORMAT.read(page)
    assert seen == [page]


def test_broken_ir_attributes_give_a_clear_error(rich: tuple[Deck, str]) -> None:
    _, html = rich
    broken = html.replace(
        'data-id="r1" data-type="RECTANGLE"', 'data-id="r1" data-type="RECTANGLE" data-ir=\'{"opacity":5}\'', 1
    )
    with pytest.raises(BadInputError, match="r1"):
        read_schema_text(broken)


def test_ooxml_text_rules(tmp_path: Path) -> None:
    """Decks read from .pptx lay text out as PowerPoint: 1.2 x size per line whatever the font,
    no space before the first paragraph, the paragraph strut is its smallest run."""
    from ace_core.ir.deck import DeckSource
    from ace_core.ir.text import TextStyle

    paras = [
        Paragraph(runs=[Run(text="big", style=TextStyle(font_size=32)), Run(text=" small")], space_before=20),
        Paragraph(runs=[Run(text="second")], space_before=20),
    ]
    body = TextBody(paragraphs=paras, style=TextStyle(font_size=24, font_family="Liberation Sans"))
    deck = Deck(
        slides=[Slide(id="s", children=[TextNode(id="t", width=400, height=200, text=body)])],
        source=DeckSource(format="pptx"),
    )
    key = deck.add_asset(b"\x01\x00\x00\x00 not really an emf", "image/x-emf")
    from ace_core.ir import ImageNode, ImagePaint

    deck.slides[0].children.append(ImageNode(id="emf", width=10, height=10, image=ImagePaint(asset=key)))
    html, ctx = render_html(deck)
    ps = _soup(html).select('[data-id="t"] p')
    first, second = (parse_style(p["style"]) for p in ps)
    assert first["font-size"] == "24px" and first["line-height"] == "1.2"
    assert "padding-top" not in first and second["padding-top"] == "20px"
    assert float(first["top"].removesuffix("px")) > 0  # extra leading goes above the text
    assert ("image-format", "emf") in {(e.feature, e.node_id) for e in ctx.report.entries}
    assert read_schema_text(html) == deck
    deck.source = None  # other decks keep CSS line heights
    plain = parse_style(_soup(render_html(deck)[0]).select_one('[data-id="t"] p')["style"])
    assert "line-height" not in plain and "padding-top" in plain


def test_font_stacks_theme_fonts_and_symbol_bullets() -> None:
    from ace_core.drawing.autonum import autonum_text
    from ace_core.drawing.fonts import css_font_stack, map_symbol_char, resolve_family
    from ace_core.ir.deck import ThemeFonts

    assert css_font_stack("Calibri").startswith("Calibri,Carlito,'DejaVu Sans','Noto Sans CJK JP'")
    assert css_font_stack("Arial").startswith("Arial,'Liberation Sans'")
    assert css_font_stack("Georgia").endswith(",serif") and "'DejaVu Serif'" in css_font_stack("Georgia")
    assert css_font_stack("Consolas").endswith(",monospace")
    fonts = ThemeFonts(major="Cambria", minor="Calibri")
    assert resolve_family(None, "+mj-lt", fonts) == "Cambria"
    assert resolve_family("Arial", "+mj-lt", fonts) == "Arial"
    assert resolve_family(None, None, fonts) == "Calibri"
    assert [map_symbol_char(c, "Wingdings") for c in ("\u00a7", "\uf0d8", "\uf077", "v", "z")] == [
        "▪",
        "➢",
        "◆",
        "❖",
        "•",
    ]
    assert map_symbol_char("\u00b7", "Symbol") == "•" and map_symbol_char("–", "Arial") == "–"
    assert [autonum_text(s, 3) for s in ("arabicPeriod", "alphaUcParenBoth", "romanLcParenR", "circleNumDbPlain")] == [
        "3.",
        "(C)",
        "iii)",
        "③",
    ]


def test_an_element_added_by_hand_is_read_as_a_node(rich: tuple[Deck, str]) -> None:
    _, html = rich
    added = (
        '<div data-id="new1" style="position:absolute;left:10px;top:20px;width:300px;height:50px">'
        '<p><span style="color:#ff0000;font-size:30px;font-weight:700">Hello</span></p></div>'
    )
    edited = html.replace('<aside class="notes"', added + '<aside class="notes"', 1)
    back = read_schema_text(edited)
    slide, node = back.find("new1")
    assert slide.id == "s-text" and node.type == "TEXT" and (node.x, node.y, node.width) == (10, 20, 300)
    run = node.text.paragraphs[0].runs[0]
    assert run.text == "Hello" and run.style.font_size == 30 and run.style.font_weight == 700
    assert run.style.fill.color.hex == "#FF0000"
    assert "html-element" in back.report.by_feature()
