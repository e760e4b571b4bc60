"""The `ace` command: exit codes, one-line errors, the --json envelope, the foundation commands."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cli.main import main

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "fixtures" / "ir" / "sample.json"


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_version(capsys) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("ace ")


def test_missing_file_is_exit_2_with_one_line(capsys, tmp_path: Path) -> None:
    code, _, err = run(capsys, "inspect", str(tmp_path / "nope.json"))
    assert code == 2
    assert err.count("\n") == 1 and "nope.json: file not found" in err
    assert "Traceback" not in err


def test_non_json_file_is_exit_2(capsys, tmp_path: Path) -> None:
    bad = tmp_path / "deck.json"
    bad.write_text("{this is not json")
    code, _, err = run(capsys, "validate", str(bad))
    assert code == 2 and "not valid JSON" in err and err.count("\n") == 1


def test_invalid_ir_names_slide_node_field(capsys, tmp_path: Path) -> None:
    data = json.loads(SAMPLE.read_text())
    data["slides"][1]["children"][0]["height"] = -5
    bad = tmp_path / "deck.json"
    bad.write_text(json.dumps(data))
    code, _, err = run(capsys, "validate", str(bad))
    assert code == 2
    assert "slide 's2'" in err and "node 's2-title'" in err and "'height'" in err


def test_empty_file_and_directory(capsys, tmp_path: Path) -> None:
    empty = tmp_path / "e.pptx"
    empty.write_bytes(b"")
    assert run(capsys, "inspect", str(empty))[0] == 2
    assert run(capsys, "inspect", str(tmp_path))[0] == 2


def test_validate_and_inspect_sample(capsys) -> None:
    code, out, _ = run(capsys, "validate", str(SAMPLE))
    assert code == 0 and "valid (3 slides" in out
    code, out, _ = run(capsys, "inspect", str(SAMPLE), "--json")
    assert code == 0
    env = json.loads(out)
    assert set(env) == {"data", "warnings", "errors"}
    assert env["data"]["slide_count"] == 3
    assert env["data"]["slides"][2]["kinds"] == {"CHART": 1, "TABLE": 1, "TEXT": 1}


def test_json_envelope_on_error(capsys, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "validate", str(tmp_path / "x.json"), "--json")
    assert code == 2
    env = json.loads(out)
    assert env["data"] is None and env["errors"][0]["kind"] == "bad-input"


def test_schema_and_formats(capsys) -> None:
    code, out, _ = run(capsys, "schema", "--json")
    assert code == 0 and "Deck" in json.loads(out)["data"]["title"]
    code, out, _ = run(capsys, "formats", "--json")
    names = {f["name"] for f in json.loads(out)["data"]}
    assert {"pptx", "html", "figma", "ir"} <= names


def test_convert_ir_to_ir_keeps_the_deck(capsys, tmp_path: Path) -> None:
    from ace_core import Deck

    dst = tmp_path / "copy.json"
    code, _, _ = run(capsys, "convert", str(SAMPLE), str(dst))
    assert code == 0
    assert Deck.load(dst) == Deck.load(SAMPLE)


def test_convert_refuses_to_overwrite_input(capsys, tmp_path: Path) -> None:
    src = tmp_path / "d.json"
    src.write_bytes(SAMPLE.read_bytes())
    code, _, err = run(capsys, "convert", str(src), str(src))
    assert code == 2 and "overwrite the input" in err
    assert src.read_bytes() == SAMPLE.read_bytes()


def test_unknown_output_format_is_exit_2(capsys, tmp_path: Path) -> None:
    code, _, err = run(capsys, "convert", str(SAMPLE), str(tmp_path / "out.xyz"))
    assert code == 2 and "output format" in err


def test_usage_error_is_exit_2(capsys) -> None:
    code, _, _ = run(capsys, "inspect")
    assert code == 2


def test_debug_shows_traceback(capsys, tmp_path: Path) -> None:
    code, _, err = run(capsys, "--debug", "inspect", str(tmp_path / "nope.json"))
    assert code == 2 and "Traceback" in err


@pytest.mark.parametrize("env", [{"NO_COLOR": "1"}])
def test_console_script_runs_as_a_process(env, tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "cli", "inspect", str(tmp_path / "missing.pptx")],
        capture_output=True,
        text=True,
        env={**env, "PATH": "/usr/bin:/bin"},
        cwd=ROOT,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0 and "file not found" in proc.stderr


def test_convert_html_with_external_assets(capsys, tmp_path: Path) -> None:
    from adapters import read

    src = ROOT / "fixtures" / "decks" / "pptagent-build_effective_agents.pptx"
    dst = tmp_path / "deck.html"
    code, _, _ = run(capsys, "convert", str(src), str(dst), "--assets", "external", "--no-source")
    assert code == 0
    assert b"data:image" not in dst.read_bytes() and any((tmp_path / "deck.assets").iterdir())
    assert len(read(dst).slides) == 10
    assert run(capsys, "convert", str(src), str(tmp_path / "x.html"), "--assets", "weird")[0] == 2
