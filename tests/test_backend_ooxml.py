"""The OOXML backend as such: the package stays valid OpenXML through edits, untouched parts keep
their bytes, the agent sees OpenXML, flat-format refusals, LibreOffice renders, the agent loop."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from conftest import needs_soffice

from ace_core.agent import run_agent
from ace_core.ir.deck import Deck
from ace_core.llm.scripted import ScriptedModel
from adapters import read, write
from adapters.ooxml.validate import new_problems
from backends.agent_binding import AgentBinding
from backends.ooxml import OoxmlBackend

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "fixtures" / "ir" / "sample.json"
IMAGES = ROOT / "fixtures" / "images"
DECK = ROOT / "fixtures" / "decks" / "poi-ececapstonespring2012.pptx"
AUTO_LAYOUT = ["set_layout_mode", "set_padding", "set_item_spacing", "set_axis_align", "set_layout_sizing"]


def _ok(b: OoxmlBackend, tool: str, args: dict) -> dict:
    out = b.execute(tool, args)
    assert out["ok"], out.get("error")
    return out["result"]


def _parts(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {i.filename: z.read(i) for i in z.infolist()}


def test_edits_keep_the_package_valid_and_untouched_parts_byte_identical(tmp_path: Path) -> None:
    deck = read(DECK)
    b = OoxmlBackend(deck, image_library=IMAGES)
    s2, s3 = deck.slides[1], deck.slides[2]
    title = next(n for n in s2.children if n.type == "TEXT" and "pptx.inherited" not in n.meta)
    ops = [
        {"tool": "set_text_content", "args": {"changes": [{"nodeId": title.id, "text": "Edited title"}]}},
        {"tool": "set_fill_color", "args": {"nodeId": title.id, "color": "#C00000"}},
        {"tool": "create_rectangle", "args": {"parentId": s2.id, "x": 40, "y": 40, "fillColor": "#00A0FF"}},
        {
            "tool": "set_stroke",
            "args": {"nodeId": "$2.id", "strokeColor": "#000000", "weight": 2, "dashPattern": [6, 3]},
        },
        {"tool": "set_corner_radius", "args": {"nodeId": "$2.id", "radius": 8}},
        {"tool": "set_drop_shadow", "args": {"nodeId": "$2.id"}},
        {"tool": "create_table", "args": {"parentId": s2.id, "rows": 2, "cols": 2, "data": [["a", "b"], ["c", "d"]]}},
        {
            "tool": "create_data_chart",
            "args": {"parentId": s2.id, "categories": ["x", "y"], "series": [{"name": "s", "values": [1, 2]}]},
        },
        {"tool": "set_text_list", "args": {"nodeId": title.id, "listType": "UNORDERED"}},
        {"tool": "group_nodes", "args": {"nodeIds": ["$2.id", "$6.id"]}},
        {"tool": "create_slide", "args": {"layout": "title_content"}},
        {"tool": "duplicate_slide", "args": {"slideId": s2.id}},
        {"tool": "set_speaker_notes", "args": {"slideId": s2.id, "notes": "notes"}},
        {"tool": "set_slide_transition", "args": {"slideId": s2.id, "style": "push", "direction": "l"}},
    ]
    out = b.batch(ops)
    assert out["ok"], out.get("error")
    data = b.doc.package_bytes()
    assert new_problems(data, DECK.read_bytes()) == []
    src, got = _parts(DECK.read_bytes()), _parts(data)
    untouched = s3.meta["pptx.part"]
    assert got[untouched] == src[untouched]
    assert got[s2.meta["pptx.part"]] != src[s2.meta["pptx.part"]]
    for name in ("ppt/slideMasters/slideMaster1.xml", "ppt/theme/theme1.xml"):
        assert got[name] == src[name]
    written = tmp_path / "out.pptx"  # the exported deck patch-writes this very package
    write(b.export(), written)
    again = read(written)
    assert again.find(title.id)[1].text.plain_text == "Edited title"
    assert len(again.slides) == len(deck.slides) + 2


def test_the_agent_sees_openxml() -> None:
    b = OoxmlBackend(Deck.load(SAMPLE))
    full = b.serialize("FULL")
    assert full.count("<p:sld ") == 3 and "ace:id" in full and "<a:t>ACE sample deck</a:t>" in full
    micro = b.serialize("MICRO", ["s2"])
    assert micro.count("<p:sld ") == 1 and 'id="s1"' in micro and len(micro) < len(full)
    assert "Card row" in micro and "ACE sample deck" not in micro
    macro = b.serialize("MACRO", ["s1"])
    assert '<p:sp id="s1-title" name="Title"' in macro and "<a:t>Quarterly results</a:t>" in macro
    assert macro.count("off=") == 2  # boxes on the target slide only
    systemic = b.serialize("SYSTEMIC")
    assert "<a:clrScheme" in systemic and "<a:fontScheme" in systemic and "typeface=" in systemic
    assert "<p:sld " not in systemic and len(systemic) < len(full)
    assert b.serialize("SLIDE", ["s3"]).count("<p:sld ") == 1


@pytest.mark.parametrize("tool", AUTO_LAYOUT)
def test_auto_layout_tools_are_refused_clearly(tool: str) -> None:
    b = OoxmlBackend(Deck.load(SAMPLE))
    assert tool not in {s.name for s in b.tools()}
    out = b.execute(tool, {"nodeId": "s2-row", "layoutMode": "VERTICAL"})
    assert not out["ok"]
    assert out["error"]["reason"] == f"unsupported on ooxml: {tool}: flat format, no auto-layout"
    assert out["error"]["tool"] == tool


def test_flat_format_a_resized_group_scales_its_members() -> None:
    b = OoxmlBackend(Deck.load(SAMPLE))
    _ok(b, "resize_node", {"nodeId": "s2-row", "width": 560})  # the row of three cards, written as a group
    row = b.export().find("s2-row")[1]
    assert row.type == "GROUP" and round(row.width) == 560
    assert [round(c.width) for c in row.children] == [176, 176, 176]  # no re-flow: the child space scales


@needs_soffice
@pytest.mark.render
def test_render_through_libreoffice(tmp_path: Path) -> None:
    import numpy as np
    from PIL import Image

    b = OoxmlBackend(Deck.load(SAMPLE))
    _ok(b, "set_fill_color", {"nodeId": "s1-title", "color": "#FF0000"})
    paths = b.render(tmp_path, ["s1"])
    assert [p.name for p in paths] == ["slide-001.png"]
    with Image.open(paths[0]) as im:
        rgb = im.convert("RGB")
        assert rgb.size == (1280, 720)
        box = rgb.crop((80, 250, 1200, 360))
        px = np.asarray(box, dtype=np.int16)
        red = int(((px[..., 0] > 200) & (px[..., 1] < 60) & (px[..., 2] < 60)).sum())
    assert red > 500  # the title is drawn red


SCRIPT = ROOT / "fixtures" / "agent" / "title_red.json"


def test_agent_loop_on_the_ooxml_backend(tmp_path: Path) -> None:
    from ace_core.agent import Trajectory
    from judge.llm.edit_judge import make_if_judge

    client = ScriptedModel.from_file(SCRIPT)
    binding = AgentBinding(OoxmlBackend())
    schemas = binding.tool_schemas()
    assert "set_layout_mode" not in {s["function"]["name"] for s in schemas}
    log = tmp_path / "run.jsonl"
    trajectory = Trajectory(log)
    try:
        result = run_agent(
            Deck.load(SAMPLE),
            "On slide 1, make the title red and bold",
            binding,
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
    assert next(e for e in events if e["event"] == "route")["backend"] == "ooxml"
    ctx = next(e for e in events if e["event"] == "context")
    assert 0 < ctx["tokens"] < ctx["full_tokens"]
    agent_prompt = next(c for c in client.calls if c["purpose"] == "agent")
    assert "<p:sld " in json.dumps(agent_prompt["messages"])  # the agent saw OpenXML


def test_ace_edit_on_the_ooxml_backend(tmp_path: Path, capsys) -> None:
    from cli.main import main

    ops = tmp_path / "ops.json"
    ops.write_text(json.dumps([{"tool": "set_fill_color", "args": {"nodeId": "s1-title", "color": "#FF0000"}}]))
    out = tmp_path / "out.pptx"
    assert main(["edit", str(SAMPLE), "--ops", str(ops), "--backend", "ooxml", "-o", str(out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["data"]
    assert data["backend"] == "ooxml" and data["changes"]["edits"] >= 1
    title = read(out).find("s1-title")[1]
    assert title.text.style.merged(title.text.paragraphs[0].runs[0].style).fill.color.hex == "#FF0000"
    ops.write_text(json.dumps([{"tool": "set_padding", "args": {"nodeId": "s2-row", "paddingTop": 4}}]))
    refused = tmp_path / "refused.pptx"
    assert main(["edit", str(SAMPLE), "--ops", str(ops), "--backend", "ooxml", "-o", str(refused)]) == 3  # unsupported
    assert "unsupported on ooxml: set_padding: flat format, no auto-layout" in capsys.readouterr().err
    assert not refused.exists()
    assert main(["edit", str(SAMPLE), "--ops", str(ops), "--backend", "pdf", "-o", str(refused)]) == 2
    assert "unknown backend" in capsys.readouterr().err


def test_layout_shapes_are_not_the_slides_to_edit() -> None:
    deck = read(ROOT / "fixtures" / "decks" / "pptagent-build_effective_agents.pptx")
    inherited = next(n.id for s in deck.slides for n in s.children if "pptx.inherited" in n.meta)
    b = OoxmlBackend(deck)
    err = b.execute("set_fill_color", {"nodeId": inherited, "color": "#FF0000"})["error"]
    assert "drawn from the slide's layout" in err["reason"] and err["field"] == "nodeId"
    assert b.export().to_dict() == OoxmlBackend(deck).export().to_dict()
