"""Preset geometries evaluated from presetShapeDefinitions.xml: every preset, the formula
operators, arcs, adjust values, text rectangles and path flags."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from ace_core.drawing.presets import adjust_defaults, eval_formula, evaluate, preset_names
from ace_core.errors import UnsupportedError

NUM = re.compile(r"-?\d+(?:\.\d+)?")


def _points(d: str) -> list[tuple[float, float]]:
    vals = [float(v) for v in NUM.findall(d)]
    return list(zip(vals[0::2], vals[1::2], strict=False))


def test_every_preset_in_the_spec_is_drawn_at_many_sizes() -> None:
    names = preset_names()
    assert len(names) == 187
    for name in names:
        for w, h in ((100, 100), (320, 90), (40, 260), (0, 50), (1, 1)):
            geo = evaluate(name, w, h)
            assert geo.paths, name
            for path in geo.paths:
                assert path.d.startswith("M"), (name, path.d[:20])
                assert "nan" not in path.d and "inf" not in path.d, name
                assert set(path.d) <= set("MLCQZ0123456789.- "), name
            if w >= 40 and h >= 40:
                # every point stays near the box (callouts and a few presets reach outside by design)
                for x, y in _points(" ".join(p.d for p in geo.paths)):
                    assert -3 * w <= x <= 4 * w and -3 * h <= y <= 4 * h, (name, x, y)


def test_every_shape_type_of_the_schema_has_a_definition() -> None:
    """Each ST_ShapeType value (the prst names PowerPoint writes) is drawn: the definitions file as
    carried by python-pptx held upDownArrow twice and no upArrow, drawn as its box (a square)."""
    xsd = (Path(__file__).parents[1] / "adapters" / "ooxml" / "schemas" / "dml-main.xsd").read_text()
    start = xsd.index('name="ST_ShapeType"')
    values = re.findall(r'value="([^"]+)"', xsd[start : xsd.index("</xsd:simpleType>", start)])
    assert len(values) == 187 and set(values) == set(preset_names())


def test_up_arrow_is_the_down_arrow_upside_down() -> None:
    """upArrow: head (full width, adj2 of the shorter side) at the top, shaft (adj1 of the width) below."""
    up = {(x, 112 - y) for x, y in _points(evaluate("upArrow", 120, 112).paths[0].d)}
    down = set(_points(evaluate("downArrow", 120, 112).paths[0].d))
    assert up == down and (60.0, 112.0) in up  # the tip of the mirrored head
    geo = evaluate("upArrow", 120, 112, {"adj1": 20000, "adj2": 25000})
    pts = set(_points(geo.paths[0].d))
    assert {(60.0, 0.0), (0.0, 28.0), (120.0, 28.0), (48.0, 112.0), (72.0, 112.0)} <= pts


def test_every_preset_spans_most_of_its_box() -> None:
    """A closed preset outline fills its box (pentagon's guides sit under a misspelled namespace
    in ECMA-376's own file: read by namespace, they were undefined and the pentagon a line)."""
    thin = {"arc", "mathMinus"}  # an open quarter arc, a bar: drawn small by definition
    for name in preset_names():
        points = [p for path in evaluate(name, 120, 112).paths for p in _points(path.d)]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        area = (max(xs) - min(xs)) * (max(ys) - min(ys)) / (120 * 112)
        assert area >= (0.1 if name in thin else 0.3), (name, area)
    pentagon = _points(evaluate("pentagon", 120, 112).paths[0].d)
    assert (60.0, 0.0) in pentagon and max(y for _, y in pentagon) == 112.0


def test_guide_formula_operators() -> None:
    env = {"a": 30.0, "b": 40.0, "c": 2.0, "ang": 5400000.0}
    assert eval_formula("val 7", env) == 7
    assert eval_formula("*/ a b c", env) == 600
    assert eval_formula("+- a b c", env) == 68
    assert eval_formula("+/ a b c", env) == 35
    assert eval_formula("?: a b c", env) == 40
    assert eval_formula("?: -1 b c", env) == 2
    assert eval_formula("abs -5", env) == 5
    assert eval_formula("at2 a b", env) == pytest.approx(math.degrees(math.atan2(40, 30)) * 60000)
    assert eval_formula("cat2 10 a b", env) == pytest.approx(10 * math.cos(math.atan2(40, 30)))
    assert eval_formula("sat2 10 a b", env) == pytest.approx(10 * math.sin(math.atan2(40, 30)))
    assert eval_formula("cos 10 ang", env) == pytest.approx(0.0, abs=1e-9)
    assert eval_formula("sin 10 ang", env) == pytest.approx(10.0)
    assert eval_formula("tan 10 2700000", env) == pytest.approx(10.0)
    assert eval_formula("max a b", env) == 40 and eval_formula("min a b", env) == 30
    assert eval_formula("mod 3 4 12", env) == 13
    assert (
        eval_formula("pin 0 a 20", env) == 20
        and eval_formula("pin 35 a 50", env) == 35
        and eval_formula("pin 0 a 50", env) == 30
    )
    assert eval_formula("sqrt 16", env) == 4


def test_rectangle_and_right_arrow_are_exact() -> None:
    assert evaluate("rect", 200, 100).paths[0].d == "M0 0L200 0L200 100L0 100Z"
    # rightArrow defaults adj1 50000 (shaft = half the height), adj2 50000 (head = ss/2)
    assert evaluate("rightArrow", 200, 100).paths[0].d == "M0 25L150 25L150 0L200 50L150 100L150 75L0 75Z"
    thin = evaluate("rightArrow", 200, 100, {"adj1": 20000, "adj2": 100000}).paths[0].d
    assert thin == "M0 40L100 40L100 0L200 50L100 100L100 60L0 60Z"


def test_ellipse_arcs_pass_through_the_axis_ends_and_stay_on_the_ellipse() -> None:
    geo = evaluate("ellipse", 300, 100)
    pts = _points(geo.paths[0].d)
    for end in ((0.0, 50.0), (150.0, 0.0), (300.0, 50.0), (150.0, 100.0)):
        assert end in pts
    # the Bézier end points are on the ellipse
    for x, y in pts[::3]:
        assert ((x - 150) / 150) ** 2 + ((y - 50) / 50) ** 2 == pytest.approx(1.0, abs=1e-3)
    left, top, right, bottom = geo.text_rect
    assert left == pytest.approx(150 - 150 * math.cos(math.pi / 4), abs=1e-6)
    assert (top, right, bottom) == pytest.approx((50 - 50 * math.sin(math.pi / 4), 300 - left, 100 - top))


def test_arc_angles_are_visual_angles_on_a_stretched_ellipse() -> None:
    # pie from 0 to 90 degrees on a 400 x 100 box: the arc must end straight below the centre
    geo = evaluate("pie", 400, 100, {"adj1": 0, "adj2": 5400000})
    pts = _points(geo.paths[0].d)
    assert pts[0] == (400.0, 50.0)
    assert (200.0, 100.0) in pts
    # a 45 degree visual angle on a 2:1 ellipse ends where the ray at 45 degrees meets it
    geo = evaluate("pie", 400, 200, {"adj1": 0, "adj2": 2700000})
    x, y = [p for p in _points(geo.paths[0].d) if p != (200.0, 100.0)][-1]
    assert math.degrees(math.atan2(y - 100, x - 200)) == pytest.approx(45.0, abs=0.05)


def test_round_rect_corner_follows_its_adjust_value() -> None:
    d = evaluate("roundRect", 200, 100, {"adj": 50000}).paths[0].d
    assert d.startswith("M0 50C") and "L150 0" in d  # radius = ss / 2 = 50
    assert adjust_defaults("roundRect") == {"adj": 16667.0}


def test_path_flags_and_shading_modes() -> None:
    can = evaluate("can", 100, 200)
    assert [p.fill for p in can.paths] == ["norm", "lighten", "none"]
    assert [p.stroke for p in can.paths] == [False, False, True]
    cube = evaluate("cube", 100, 100)
    assert [p.fill for p in cube.paths] == ["norm", "darkenLess", "lightenLess", "none"]
    frame_lines = evaluate("line", 100, 50).paths
    assert frame_lines[0].d == "M0 0L100 50" and frame_lines[0].fill == "norm"


def test_path_coordinate_spaces_are_scaled_to_the_box() -> None:
    # flowChartDelay draws in its own w/h space; at 300 x 60 it must span the whole box
    pts = _points(evaluate("flowChartDelay", 300, 60).paths[0].d)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    assert min(xs) == 0 and max(xs) == pytest.approx(300, abs=0.01)
    assert min(ys) == 0 and max(ys) == pytest.approx(60, abs=0.01)


def test_connection_sites_and_unknown_names() -> None:
    sites = evaluate("rect", 200, 100).sites
    assert sorted((x, y) for x, y, _ in sites) == sorted([(100, 0), (0, 50), (100, 100), (200, 50)])
    with pytest.raises(UnsupportedError, match="unknown preset"):
        evaluate("notAShape", 10, 10)


def test_math_svg_is_plain_paths_for_libreoffice_and_figma() -> None:
    from ace_core.drawing.math import latex_to_svg

    svg = latex_to_svg(r"\frac{a}{b} + \sqrt{x^2}", 24.0).svg
    assert "<path" in svg and "<use" not in svg and "<symbol" not in svg


def test_a_preset_read_alone_is_the_one_the_whole_file_holds() -> None:
    """_definition slices one preset out of the definitions file: the same shape as parsing it all."""
    from ace_core.drawing import presets

    whole = presets._definitions()
    assert len(whole) == len(presets.preset_names()) >= 187
    for name, element in whole.items():
        alone = presets._definition(name)
        assert alone is not None and presets._parse_shape(alone) == presets._parse_shape(element), name
    assert presets._definition("noSuchPreset") is None and presets._definition("rect>") is None


def test_the_up_arrow_of_a_real_deck_is_drawn_as_an_arrow_in_html(tmp_path: Path) -> None:
    """docx4j's AutoShapes deck (one preset per slide): slide 46's upArrow was written as its box
    with an unknown-preset loss entry; now every preset of the deck is drawn, with no such entry."""
    from adapters.html.write import write_html
    from adapters.ooxml.read_deck import read_pptx

    deck = read_pptx(Path(__file__).parents[1] / "fixtures" / "pptx" / "docx4j-AutoShapes.pptx")
    report = write_html(deck, tmp_path / "deck.html", embed_source=False)
    assert not [e for e in report.entries if e.feature == "unknown-preset"]
    html = (tmp_path / "deck.html").read_text()
    arrow = next(n for n in deck.slides[45].children if getattr(n, "preset", None) == "upArrow")
    block = html[html.index(f'data-id="{arrow.id}"') :]
    d = re.search(r'<path d="([^"]+)"', block).group(1)  # type: ignore[union-attr]
    assert d.startswith("M0 56L60 0L120 56") and d.count("L") == 6
