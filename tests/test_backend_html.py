"""The HTML backend as such: edits land in the DOM (inline CSS the reader takes back), flexbox
auto-layout, the agent sees HTML, Chromium renders match the scene graph's, the agent loop."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import needs_chromium

from ace_core.agent import Trajectory, run_agent
from ace_core.ir.deck import Deck
from ace_core.llm.scripted import ScriptedModel
from adapters import read, write
from adapters.html.schema import parse_style
from backends.agent_binding import AgentBinding
from backends.html import HtmlBackend

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "fixtures" / "ir" / "sample.json"
IMAGES = ROOT / "fixtures" / "images"
SCRIPT = ROOT / "fixtures" / "agent" / "title_red.json"


def _ok(b: HtmlBackend, tool: str, args: dict) -> dict:
    out = b.execute(tool, args)
    assert out["ok"], out.get("error")
    return out["result"]


def _el(b: HtmlBackend, node_id: str):
    return b.doc.find(node_id)[1]


def test_edits_are_inline_css_the_reader_takes_back() -> None:
    b = HtmlBackend(Deck.load(SAMPLE))
    _ok(b, "move_node", {"nodeId": "s1-sub", "x": 120, "y": 400})
    _ok(b, "rotate_node", {"nodeId": "s1-sub", "angle": 10})
    _ok(b, "set_opacity", {"nodeId": "s1-sub", "opacity": 0.4})
    _ok(b, "set_fill_color", {"nodeId": "s1-title", "color": "#FF0000"})
    _ok(b, "set_text_content", {"changes": [{"nodeId": "s1-title", "text": "Hello"}]})
    style = parse_style(_el(b, "s1-sub").get("style"))
    assert (style["left"], style["top"], style["transform"], style["opacity"]) == (
        "120px",
        "400px",
        "rotate(10deg)",
        "0.4",
    )
    spans = _el(b, "s1-title").findall(".//span")
    assert [s.text for s in spans] == ["Hello"] and parse_style(spans[0].get("style"))["color"] == "#ff0000"
    deck = b.export()
    sub = deck.find("s1-sub")[1]
    assert (sub.x, sub.y, sub.rotation, sub.opacity) == (120, 400, 10, 0.4)
    title = deck.find("s1-title")[1]
    run = title.text.style.merged(title.text.paragraphs[0].style).merged(title.text.paragraphs[0].runs[0].style)
    assert title.text.plain_text == "Hello" and run.fill.color.hex == "#FF0000"


def test_flexbox_frames_reflow() -> None:
    """Two cards added to the row of three re-flow all five: no coordinate in the commands."""
    b = HtmlBackend(Deck.load(SAMPLE))
    before = b.export().find("s2-row")[1]
    gap = before.children[1].x - before.children[0].x - before.children[0].width
    for _ in range(2):
        _ok(b, "clone_node", {"nodeId": "s2-card3", "parentId": "s2-row"})
    assert "display:flex" in _el(b, "s2-row").get("style")
    row = b.export().find("s2-row")[1]
    xs = [c.x for c in row.children]
    assert len(xs) == 5 and xs == sorted(xs)
    assert all(abs(xs[i + 1] - xs[i] - row.children[i].width - gap) < 0.5 for i in range(4))
    _ok(b, "set_item_spacing", {"nodeId": "s2-row", "itemSpacing": 4})
    _ok(b, "set_layout_mode", {"nodeId": "s2-card1", "layoutMode": "HORIZONTAL"})
    row = b.export().find("s2-row")[1]
    assert abs(row.children[1].x - row.children[0].width - 4) < 0.5
    assert row.children[0].layout.mode == "HORIZONTAL"
    warn = _ok(b, "move_node", {"nodeId": "s2-card2", "x": 5, "y": 5})["warnings"]
    assert any("auto-layout" in w for w in warn)


def test_the_agent_sees_html() -> None:
    b = HtmlBackend(Deck.load(SAMPLE))
    full = b.serialize("FULL")
    assert full.count('class="slide"') == 3 and 'data-id="s1-title"' in full
    assert "data-ir" not in full and "base64" not in full and "<script" not in full
    micro = b.serialize("MICRO", ["s2"])
    assert micro.count('class="slide"') == 1 and 'data-slide-id="s1"' in micro and len(micro) < len(full)
    macro = b.serialize("MACRO", ["s1"])
    assert 'data-id="s1-title" data-type="TEXT" data-name="Title" style="left:80px' in macro
    assert 'data-id="s3-title" data-type="TEXT" data-name="Title">Quarterly results' in macro
    systemic = b.serialize("SYSTEMIC")
    assert "theme: colors" in systemic and "font-family Liberation Sans" in systemic and "slides 1" in systemic


def test_a_pptx_deck_round_trips_through_the_html_document(tmp_path: Path) -> None:
    src = ROOT / "fixtures" / "decks" / "tika-testPPT_various2.pptx"
    deck = read(src)
    b = HtmlBackend(deck)
    target = next(n for n in deck.slides[0].children if n.type == "TEXT")
    _ok(b, "set_text_content", {"changes": [{"nodeId": target.id, "text": "Changed in HTML"}]})
    out = tmp_path / "out.pptx"
    write(b.export(), out)  # the source package travelled inside the HTML: patch mode
    again = read(out)
    assert again.find(target.id)[1].text.plain_text == "Changed in HTML"
    assert [s.id for s in again.slides] == [s.id for s in deck.slides]


@needs_chromium
@pytest.mark.render
def test_render_through_chromium_matches_the_scene_graph(tmp_path: Path) -> None:
    from backends.render.chromium import render_deck
    from judge.similarity import similarity_files

    b = HtmlBackend(Deck.load(SAMPLE))
    _ok(b, "set_fill_color", {"nodeId": "s1-title", "color": "#FF0000"})
    _ok(b, "create_rectangle", {"x": 40, "y": 40, "width": 120, "height": 60, "fillColor": "#0070C0"})
    mine = b.render(tmp_path / "html", ["s1"])
    one = b.export()
    one = one.model_copy(update={"slides": one.slides[:1]})
    ref = render_deck(one, tmp_path / "ref", width=1280).paths
    assert len(mine) == 1 and similarity_files(mine[0], ref[0]) > 0.99


def test_agent_loop_on_the_html_backend(tmp_path: Path) -> None:
    from judge.llm.edit_judge import make_if_judge

    client = ScriptedModel.from_file(SCRIPT)
    log = tmp_path / "run.jsonl"
    trajectory = Trajectory(log)
    try:
        result = run_agent(
            Deck.load(SAMPLE),
            "On slide 1, make the title red and bold",
            AgentBinding(HtmlBackend()),
            client,
            make_if_judge(client),
            router_client=client,
            trajectory=trajectory,
        )
    finally:
        trajectory.close()
    assert [r.score for r in result.iterations] == [3, 5] and result.chosen_iteration == 2
    title = result.deck.find("s1-title")[1]
    run = title.text.style.merged(title.text.paragraphs[0].style).merged(title.text.paragraphs[0].runs[0].style)
    assert run.fill.color.hex == "#FF0000" and run.font_weight == 700
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert next(e for e in events if e["event"] == "route")["backend"] == "html"
    agent_prompt = next(c for c in client.calls if c["purpose"] == "agent")
    assert 'data-id=\\"s1-title\\"' in json.dumps(agent_prompt["messages"])  # the agent saw HTML


def test_ace_edit_instruction_on_the_html_backend(tmp_path: Path, capsys) -> None:
    from cli.main import main

    out, log = tmp_path / "out.html", tmp_path / "run.jsonl"
    args = ["edit", str(SAMPLE), "-i", "On slide 1, make the title red and bold", "--model", f"scripted:{SCRIPT}"]
    assert main([*args, "--backend", "html", "-o", str(out), "--log", str(log), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["data"]
    assert data["scores"] == [3, 5]
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert next(e for e in events if e["event"] == "route")["backend"] == "html"
    title = read(out).find("s1-title")[1]
    run = title.text.style.merged(title.text.paragraphs[0].style).merged(title.text.paragraphs[0].runs[0].style)
    assert run.fill.color.hex == "#FF0000" and run.font_weight == 700
