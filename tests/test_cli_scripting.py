"""`ace` in scripts: global flags anywhere, exit codes, shell completion, stdin / stdout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli.main import hoist_global_flags, main

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "fixtures" / "ir" / "sample.json"
PPTX = ROOT / "fixtures" / "pptx" / "shapecrawler-059_crop-images.pptx"


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture(scope="module")
def command():
    import typer

    from cli.app import app

    return typer.main.get_command(app)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["inspect", "d.pptx", "-v"], ["-v", "inspect", "d.pptx"]),
        (["inspect", "-q", "d.pptx", "--debug"], ["-q", "--debug", "inspect", "d.pptx"]),
        (["tools", "list", "-vv"], ["-vv", "tools", "list"]),
        (["-v", "inspect", "d.pptx"], ["-v", "inspect", "d.pptx"]),
        # an option's value is never taken for a flag, nor anything after --
        (["render", "d.pptx", "--out", "-v"], ["render", "d.pptx", "--out", "-v"]),
        (["edit", "d.pptx", "-i", "-q", "-o", "o.pptx", "-v"], ["-v", "edit", "d.pptx", "-i", "-q", "-o", "o.pptx"]),
        (["route", "d.pptx", "--", "-v"], ["route", "d.pptx", "--", "-v"]),
        (["render", "d.pptx", "--out=-v", "-q"], ["-q", "render", "d.pptx", "--out=-v"]),
    ],
)
def test_global_flags_after_the_subcommand_are_hoisted(command, args: list[str], expected: list[str]) -> None:
    assert hoist_global_flags(command, args) == expected


def test_readme_inspect_with_v_after_the_file(capsys) -> None:
    code, out, err = run(capsys, "inspect", PPTX, "-v")
    assert code == 0 and "1 slides" in out, err
    code, out, err = run(capsys, "inspect", PPTX, "--json", "-q")
    assert code == 0 and json.loads(out)["data"]["slide_count"] == 1 and err == ""
    code, _, err = run(capsys, "inspect", ROOT / "missing.pptx", "--debug")
    assert code == 2 and "Traceback" in err


def test_shell_completion_is_typers(tmp_path: Path) -> None:
    env = {**os.environ, "_ACE_COMPLETE": "complete_bash", "COMP_WORDS": "ace conv", "COMP_CWORD": "1"}
    proc = subprocess.run([sys.executable, "-m", "cli"], capture_output=True, text=True, env=env, cwd=ROOT)
    assert proc.returncode == 0 and proc.stdout.split() == ["convert"]
    # typer finds the shell from the parent process: run under bash (not exec'd by it)
    script = f"{sys.executable} -m cli --show-completion; true"
    proc = subprocess.run(["bash", "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0 and "_ACE_COMPLETE=complete_bash" in proc.stdout
