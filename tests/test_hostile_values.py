"""Classes 6, 7 and 8 of the hostile-input suite: bad values end in exit 2 or a loss entry, never exit 1.

Trees nested past the depth limit; NaN, infinities, 1e30 and 5,000-digit numbers in OOXML
attributes, Figma JSON, IR JSON and tool arguments; lone surrogates; bad vector paths; op
batches that are not batches; control characters XML cannot hold; `javascript:` links. Every
written .pptx stays schema-valid (adapters.ooxml.validate)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adapters import read
from adapters.ooxml.validate import check_package, new_problems
from tests.hostile_inputs import (
    ace,
    deep_figma,
    deep_groups_pptx,
    deep_ir,
    figma_file,
    figma_rect,
    ir_deck,
    numbers_ir,
    numbers_pptx,
    write_json,
)

ROOT = Path(__file__).resolve().parents[1]
DECK = ROOT / "fixtures" / "ir" / "layout_cards.json"
FORMATS = ("out.pptx", "out.html", "out.figma.json", "out.json")


def _losses(out: str) -> list[dict]:
    return json.loads(out)["data"]["losses"]


def _convert_all(capsys: pytest.CaptureFixture[str], src: Path, tmp: Path) -> dict[str, list[dict]]:
    found = {}
    for name in FORMATS:
        r = ace(capsys, "convert", src, tmp / name, "--json", expect=(0,))
        found[name] = _losses(r.out)
    if src.suffix == ".pptx":  # patch mode carries the source's own parts: no problem it did not have
        assert new_problems(tmp / "out.pptx", src) == []
    ace(capsys, "convert", src, tmp / "fresh.pptx", "--fresh", expect=(0,))
    assert check_package(tmp / "fresh.pptx") == [] and (src.suffix == ".pptx" or check_package(tmp / "out.pptx") == [])
    return found


# -- nesting -----------------------------------------------------------------------------------------
def test_groups_nested_past_the_limit_are_flattened_when_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for src in (deep_groups_pptx(tmp_path / "deep.pptx", 200), deep_figma(tmp_path / "deep.figma.json", 200)):
        losses = _convert_all(capsys, src, tmp_path)
        assert any(e["feature"] == "nesting-flattened" for e in losses["out.json"])
        back = read(tmp_path / "out.json")
        leaf = [n for _, n in back.iter_nodes() if n.name == "leaf"]
        assert len(leaf) == 1


@pytest.mark.parametrize("depth", [100, 300, 5000])
def test_ir_json_nested_past_the_limit_is_exit_2(
    tmp_path: Path, depth: int, capsys: pytest.CaptureFixture[str]
) -> None:
    src = deep_ir(tmp_path / "deep.json", depth)
    r = ace(capsys, "convert", src, tmp_path / "out.pptx", expect=(2,))
    assert "nested" in r.err and ("ACE_MAX_DEPTH" in r.err or "512 levels" in r.err)


# -- numbers -----------------------------------------------------------------------------------------
def test_absurd_numbers_in_ooxml_attributes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    losses = _convert_all(capsys, numbers_pptx(tmp_path / "n.pptx"), tmp_path)
    assert not any(e["feature"] == "malformed-shape" for e in losses["out.json"])
    deck = read(tmp_path / "out.json")
    for _, node in deck.iter_nodes():
        assert all(abs(v) < 1e10 for v in (node.x, node.y, node.width, node.height))


@pytest.mark.parametrize("big", [1e30, -1e30, 1e15, 3e9])
def test_huge_numbers_in_ir_json_write_schema_valid_files(
    tmp_path: Path, big: float, capsys: pytest.CaptureFixture[str]
) -> None:
    src = numbers_ir(tmp_path / "n.json", big)
    if big < 0:  # negative sizes are not valid IR: exit 2 naming the field
        assert "field 'width'" in ace(capsys, "convert", src, tmp_path / "o.pptx", expect=(2,)).err
        return
    _convert_all(capsys, src, tmp_path)


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e400", "9" * 5000])
def test_non_numbers_in_json_are_exit_2(tmp_path: Path, literal: str, capsys: pytest.CaptureFixture[str]) -> None:
    ir = tmp_path / "deck.json"
    ir.write_text(
        json.dumps(ir_deck([{"type": "RECTANGLE", "id": "r", "width": 5, "height": 5}])).replace("5", literal, 1)
    )
    assert "not valid JSON" in ace(capsys, "inspect", ir, expect=(2,)).err
    fig = tmp_path / "f.json"
    fig.write_text(json.dumps(figma_file([figma_rect("2:1", x=12345)])).replace("12345", literal))
    assert "not valid JSON" in ace(capsys, "inspect", fig, expect=(2,)).err
    ops = tmp_path / "ops.json"
    ops.write_text(f'[{{"tool": "move_node", "args": {{"nodeId": "card1", "x": {literal}, "y": 0}}}}]')
    assert "not valid JSON" in ace(capsys, "edit", DECK, "--ops", ops, "-o", tmp_path / "o.json", expect=(2,)).err


def test_huge_figma_coordinates_and_tool_arguments_write_valid_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fig = write_json(tmp_path / "f.json", figma_file([figma_rect("2:1", x=1e30, y=-1e30, w=1e30, h=1e300)]))
    _convert_all(capsys, fig, tmp_path)
    ops = write_json(
        tmp_path / "ops.json",
        [
            {"tool": "create_rectangle", "args": {"x": 1e30, "y": -1e30, "width": 1e30, "height": 1e30}, "id": "r"},
            {
                "tool": "set_stroke",
                "args": {"nodeId": "$r.id", "strokeColor": {"r": 1, "g": 0, "b": 0}, "weight": 1e30},
            },
            {"tool": "set_corner_radius", "args": {"nodeId": "$r.id", "radius": 1e30}},
        ],
    )
    for out in ("o.pptx", "o.html", "o.json"):
        ace(capsys, "edit", DECK, "--ops", ops, "-o", tmp_path / out, expect=(0,))
    assert check_package(tmp_path / "o.pptx") == []


# -- strings -----------------------------------------------------------------------------------------
def test_lone_surrogates_are_repaired_and_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = {"paragraphs": [{"runs": [{"text": "a\ud800b\udfffc"}]}]}
    src = tmp_path / "s.json"
    src.write_text(json.dumps(ir_deck([{"type": "TEXT", "id": "t", "name": "n\udc00", "text": text}])))
    assert "\\ud800" in src.read_text()
    losses = _convert_all(capsys, src, tmp_path)
    assert any(e["feature"] == "invalid-text" for e in losses["out.pptx"])
    assert "a\ufffdb\ufffdc" in tmp_path.joinpath("out.json").read_text(encoding="utf-8")


def test_control_characters_are_removed_by_the_xml_writers_and_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    node = {"id": "5:2", "type": "TEXT", "name": "back\bspace\x01", "characters": "hi\x08there\x1f",
            "absoluteBoundingBox": {"x": 0, "y": 0, "width": 300, "height": 40}}  # fmt: skip
    fig = write_json(tmp_path / "f.json", figma_file([figma_rect("5:1", name="node\bname"), node]))
    losses = _convert_all(capsys, fig, tmp_path)
    for out in ("out.pptx", "out.html"):
        assert any(e["feature"] == "invalid-characters" for e in losses[out]), out
    html = (tmp_path / "out.html").read_text()
    assert "\x08" not in html and "\x01" not in html and "hithere" in html
    assert any(n.name == "nodename" for _, n in read(tmp_path / "out.pptx").iter_nodes())


def test_bad_vector_paths_are_loss_entries(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = ["M 0 0 L zz", "M 1e308 0 L 1e308 1e308", "Q", "M 0 0 C 1 2", "x", "M 0 0 A 5 5 0 2 2 10 10", "M 0 0 L 9 9 Z"]
    nodes = [
        {"type": "VECTOR", "id": f"v{i}", "width": 50, "height": 50, "paths": [{"d": d}]} for i, d in enumerate(bad)
    ]
    losses = _convert_all(capsys, write_json(tmp_path / "v.json", ir_deck(nodes)), tmp_path)
    assert sum(e["feature"] == "bad-vector-path" for e in losses["out.pptx"]) >= 4


# -- op batches --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "content, words",
    [
        ("[]", "no operations"),
        ('{"tool": "x"}', "without 'operations'"),
        ('{"operations": 5}', "found a number"),
        ('"tool"', "found a string"),
        ('[{"tool": 5}]', "operation 0: field 'tool'"),
        ('[{"tool": null}]', "operation 0: field 'tool'"),
        ('[{"tool": ""}]', "operation 0: field 'tool'"),
        ('[{"tool": "move_node", "args": [1]}]', "field 'args'"),
        ('[{"tool": "move_node", "args": {}, "extra": 1}]', "unknown key"),
        ('[{"tool": "move_node", "id": 7}]', "field 'id'"),
        ("[1, 2]", "must be an object"),
        ("[" * 100000 + "]" * 100000, "nested too deeply"),
        ('[{"tool": "get_node_info", "args": ' + '{"a":' * 600 + "1" + "}" * 600 + "}]", "nested too deeply"),
        ('[{"tool": "bogus_tool", "args": {}}]', "unknown tool"),
        ('[{"tool": "batch_execute", "args": {"operations": []}}]', "batch_execute"),
    ],
)
def test_op_batches_that_are_not_batches_are_exit_2(
    tmp_path: Path, content: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    ops = tmp_path / "ops.json"
    ops.write_text(content)
    r = ace(capsys, "edit", DECK, "--ops", ops, "-o", tmp_path / "o.json", expect=(2,))
    assert words in r.err
    assert not (tmp_path / "o.json").exists()


def test_a_batch_over_the_limit_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ops = write_json(tmp_path / "ops.json", [{"tool": "get_node_info", "args": {"nodeId": "card1"}}] * 1001)
    assert (
        "over the limit of 1,000" in ace(capsys, "edit", DECK, "--ops", ops, "-o", tmp_path / "o.json", expect=(2,)).err
    )


# -- links -------------------------------------------------------------------------------------------
UNSAFE = ["javascript:alert(1)", " JaVa\tScRiPt:alert(2)", "vbscript:msgbox(3)", "data:text/html,<script>x</script>",
          "file:///etc/passwd", "\x01javascript:alert(4)"]  # fmt: skip
SAFE = ["https://example.org/a", "mailto:a@example.org", "#slide:s1", "other.html", "data:image/png;base64,iVBORw0K"]


def test_unsafe_links_are_dropped_from_html_and_safe_ones_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nodes = []
    for i, url in enumerate(UNSAFE + SAFE):
        run = {"text": f"link {i}", "style": {"hyperlink": url}}
        nodes.append({"type": "TEXT", "id": f"t{i}", "width": 100, "height": 20, "hyperlink": url,
                      "text": {"paragraphs": [{"runs": [run]}]}})  # fmt: skip
    src = write_json(tmp_path / "l.json", ir_deck(nodes))
    r = ace(capsys, "convert", src, tmp_path / "o.html", "--json")
    dropped = [e for e in _losses(r.out) if e["feature"] == "unsafe-link"]
    assert len(dropped) == 2 * len(UNSAFE)
    html = (tmp_path / "o.html").read_text().lower()
    for bad in ("javascript:", "vbscript:", "data:text/html", "file:///etc"):
        assert f'href="{bad}' not in html and bad not in html.replace("\t", "")
    for good in ("https://example.org/a", "mailto:a@example.org", "#slide:s1", "other.html"):
        assert f'href="{good}' in html
