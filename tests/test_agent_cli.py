"""`ace edit -i` end to end, offline: scripted model for routing, agent turns and the IF judge."""

from __future__ import annotations

import json
from pathlib import Path

from ace_core import Deck
from cli.main import main

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "fixtures" / "ir" / "sample.json"
SCRIPT = ROOT / "fixtures" / "agent" / "title_red.json"
INSTRUCTION = "On slide 1, make the title red and bold"


def test_edit_with_instruction_runs_the_loop(tmp_path: Path, capsys) -> None:
    out = tmp_path / "out.json"
    log = tmp_path / "run.jsonl"
    code = main(
        [
            "edit",
            str(SAMPLE),
            "-i",
            INSTRUCTION,
            "--model",
            f"scripted:{SCRIPT}",
            "-o",
            str(out),
            "--log",
            str(log),
            "--json",
        ]
    )
    captured = capsys.readouterr()
    assert code == 0, captured.err
    data = json.loads(captured.out)["data"]
    assert data["scores"] == [3, 5] and data["chosen_iteration"] == 2
    assert data["decision"]["mode"] == "MICRO_SPATIAL" and data["decision"]["target_slides"] == [0]
    assert "iteration 1: IF 3/5" in captured.err and "iteration 2: IF 5/5" in captured.err
    title = Deck.load(out).find("s1-title")[1]
    style = title.text.style.merged(title.text.paragraphs[0].style).merged(title.text.paragraphs[0].runs[0].style)
    assert style.fill.color.hex == "#FF0000" and style.font_weight == 700
    events = [json.loads(line) for line in log.read_text().splitlines()]
    kinds = [e["event"] for e in events]
    assert kinds.count("judge") == 2 and kinds[-1] == "done"
    ctx = next(e for e in events if e["event"] == "context")
    assert ctx["tokens"] < ctx["full_tokens"]
    assert SAMPLE.read_bytes() == SAMPLE.read_bytes()  # the input is untouched (read-only fixture)


def test_edit_with_instruction_needs_a_model(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.delenv("ACE_MODEL", raising=False)
    code = main(["edit", str(SAMPLE), "-i", INSTRUCTION, "-o", str(tmp_path / "o.json")])
    assert code == 2 and "ACE_MODEL" in capsys.readouterr().err
    assert not (tmp_path / "o.json").exists()


def test_model_from_environment(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("ACE_MODEL", f"scripted:{SCRIPT}")
    out = tmp_path / "o.json"
    assert main(["edit", str(SAMPLE), "-i", INSTRUCTION, "-o", str(out)]) == 0
    assert out.exists() and (tmp_path / "o.json.trajectory.jsonl").exists()


def test_budget_options_reach_the_loop(tmp_path: Path, capsys) -> None:
    out = tmp_path / "o.json"
    code = main(
        [
            "edit",
            str(SAMPLE),
            "-i",
            INSTRUCTION,
            "--model",
            f"scripted:{SCRIPT}",
            "-o",
            str(out),
            "--max-tokens",
            "10",
            "--json",
        ]
    )
    data = json.loads(capsys.readouterr().out)["data"]
    # the routing call alone spends the budget: no edit round runs and the deck comes back unchanged
    assert code == 0 and data["scores"] == [] and "token budget" in data["stop_reason"]
    assert Deck.load(out) == Deck.load(SAMPLE)
