"""`ace diff` across formats (ids are shared) and `ace metrics` on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ace_core.ir import Deck
from adapters import read, write
from cli.main import main
from tests.conftest import needs_chromium

ROOT = Path(__file__).resolve().parents[1]
ORIGIN = ROOT / "fixtures" / "judge" / "diff_origin.json"
HTML = ROOT / "fixtures" / "judge" / "html"


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _edited(tmp_path: Path) -> Path:
    deck = Deck.load(ORIGIN)
    title = deck.find("s1-title")
    assert title is not None
    title[1].text.paragraphs[0].runs[0].text = "Annual review"  # type: ignore[attr-defined]
    path = tmp_path / "current.json"
    deck.save(path)
    return path


def test_diff_human_and_json(capsys, tmp_path: Path) -> None:
    current = _edited(tmp_path)
    code, out, _ = run(capsys, "diff", str(ORIGIN), str(current))
    assert code == 0
    assert "1 distinct edits" in out and 'text: "Quarterly review" -> "Annual review"' in out
    assert "INITIAL STATE SNAPSHOT" in out
    code, out, _ = run(capsys, "diff", str(ORIGIN), str(current), "--json", "--no-snapshot")
    env = json.loads(out)
    data = env["data"]
    assert code == 0 and env["errors"] == []
    assert data["distinct_edits"] == 1 and data["entries"][0]["prop"] == "text"
    assert data["snapshot"] == [] and "INITIAL STATE" not in data["text"]


def test_diff_across_formats_shares_ids(capsys, tmp_path: Path) -> None:
    """The origin as IR JSON, the current deck as HTML: only the real edit shows."""
    html_origin = tmp_path / "origin.html"
    write(Deck.load(ORIGIN), html_origin)
    code, out, _ = run(capsys, "diff", str(ORIGIN), str(html_origin), "--json")
    assert code == 0 and json.loads(out)["data"]["distinct_edits"] == 0
    current = Deck.load(_edited(tmp_path))
    html_current = tmp_path / "current.html"
    write(current, html_current)
    assert read(html_current).find("s1-title") is not None
    code, out, _ = run(capsys, "diff", str(ORIGIN), str(html_current), "--json")
    entries = json.loads(out)["data"]["entries"]
    assert [(e["node"]["id"], e["prop"]) for e in entries] == [("s1-title", "text")]


def test_diff_missing_file_is_exit_2(capsys, tmp_path: Path) -> None:
    code, _, err = run(capsys, "diff", str(ORIGIN), str(tmp_path / "nope.json"))
    assert code == 2 and "Traceback" not in err


@needs_chromium
@pytest.mark.render
def test_metrics_command(capsys) -> None:
    code, out, _ = run(capsys, "metrics", str(HTML / "overlap.html"))
    assert code == 0
    assert "text_overlap text-a" in out and "R a/w/c/i" in out and "mean rewards" in out
    code, out, _ = run(capsys, "metrics", str(HTML / "overlap.html"), "--json")
    data = json.loads(out)["data"]
    assert data["pipeline"] == "chromium-dom"
    ev = data["slides"][0]["collision"]["events"]
    assert [(e["kind"], e["a"], e["b"]) for e in ev] == [("text_overlap", "text-a", "text-b")]
    assert set(data["slides"][0]["rewards"]) == {"aspect", "whitespace", "collision", "imbalance", "mean"}


@needs_chromium
@pytest.mark.render
def test_metrics_command_on_an_ir_deck(capsys) -> None:
    code, out, _ = run(capsys, "metrics", str(ORIGIN), "--json")
    data = json.loads(out)["data"]
    assert code == 0 and [s["slide_id"] for s in data["slides"]] == ["s1", "s2", "s3"]
    assert data["summary"]["slides"] == 3


def test_metrics_missing_file(capsys, tmp_path: Path) -> None:
    code, _, err = run(capsys, "metrics", str(tmp_path / "none.html"))
    assert code == 2 and "file not found" in err
