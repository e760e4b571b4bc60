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


# -- pipes -------------------------------------------------------------------------------------


def ace(*args: str, stdin: bytes = b"", env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cli", *map(str, args)],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        timeout=300,
    )


def test_stdin_to_stdout_carries_a_pptx_and_logs_stay_on_stderr(tmp_path: Path) -> None:
    from adapters import read

    proc = ace("convert", "-", "-o", "-", "--to", "pptx", stdin=PPTX.read_bytes())
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(b"PK\x03\x04") and b"->" not in proc.stdout[-200:]
    assert b"-> - (pptx): 1 slides" in proc.stderr
    piped = tmp_path / "piped.pptx"
    piped.write_bytes(proc.stdout)
    assert len(read(piped).slides) == 1
    # the two-argument form with '-' as OUT, and HTML (a text format) through the same pipe
    proc = ace("convert", PPTX, "-", "--to", "html")
    assert (
        proc.returncode == 0
        and proc.stdout.startswith(b"<!DOCTYPE html>")
        and proc.stdout.rstrip().endswith(b"</html>")
    )
    back = ace("inspect", "-", "--json", stdin=proc.stdout)
    assert back.returncode == 0 and json.loads(back.stdout)["data"]["slide_count"] == 1


def test_pipe_misuse_is_a_clear_exit_2(tmp_path: Path) -> None:
    cases = [
        (("convert", PPTX, "-o", "-"), b"", "needs the format"),
        (("convert", PPTX, "-o", "-", "--to", "html", "--json"), b"", "both want stdout"),
        (("convert", "-", "-o", str(tmp_path / "x.html")), b"", "stdin is empty"),
        (("inspect", "-"), b"x" * 200, "over the 100 byte limit"),
        (("convert", PPTX, "-o", "-", "--to", "ir"), b"", "stdout cannot carry"),  # IR assets beside the JSON
    ]
    for args, stdin, message in cases:
        proc = ace(*args, stdin=stdin, env={"ACE_MAX_STDIN_BYTES": "100"})
        err = proc.stderr.decode()
        assert proc.returncode == 2 and message in err and err.count("\n") == 1, (args, err)
        assert proc.stdout == b"" or json.loads(proc.stdout)["errors"], args  # --json: the error envelope
    assert not (tmp_path / "x.html").exists()


# -- batch -------------------------------------------------------------------------------------


def make_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "decks"
    (folder / "sub").mkdir(parents=True)
    (folder / "sample.assets").mkdir()
    for name in ("shapecrawler-059_crop-images.pptx", "pypptx-shp-connector-props.pptx"):
        (folder / name).write_bytes((ROOT / "fixtures" / "pptx" / name).read_bytes())
    (folder / "sub" / "sample.json").write_bytes(SAMPLE.read_bytes())
    (folder / "broken.pptx").write_bytes(PPTX.read_bytes()[:5000])  # truncated zip
    (folder / "notes.txt").write_text("not a deck")
    (folder / "~$lock.pptx").write_bytes(b"lock")
    (folder / "sample.assets" / "x.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    return folder


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_batch_convert_of_a_folder(tmp_path: Path, jobs: str) -> None:
    folder = make_folder(tmp_path)
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    out = tmp_path / "out"
    proc = ace("convert", folder, "--to", "html", "--out-dir", out, "--jobs", jobs, "--json")
    assert proc.returncode == 5, proc.stderr  # partial success
    data = json.loads(proc.stdout)["data"]
    results = {Path(r["input"]).name: r for r in data["results"]}
    assert sorted(results) == [
        "broken.pptx",
        "pypptx-shp-connector-props.pptx",
        "sample.json",
        "shapecrawler-059_crop-images.pptx",
    ]
    assert data["ok"] == 3 and data["failed"] == 1
    broken = results["broken.pptx"]
    assert not broken["ok"] and broken["exit_code"] == 2 and "zip" in broken["error"]
    good = results["sample.json"]
    assert good["ok"] and good["slides"] == 3 and good["from"] == "ir" and good["seconds"] > 0
    assert set(good) >= {"input", "output", "ok", "error", "loss_entries", "losses", "seconds"}
    assert Path(good["output"]) == out / "sub" / "sample.html" and (out / "sub" / "sample.html").is_file()
    assert sorted(p.name for p in out.iterdir()) == [
        "pypptx-shp-connector-props.html",
        "shapecrawler-059_crop-images.html",
        "sub",
    ]
    errors = json.loads(proc.stdout)["errors"]
    assert len(errors) == 1 and errors[0]["where"].endswith("broken.pptx")
    assert before == {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}  # inputs untouched


def test_batch_lines_names_and_refusals(tmp_path: Path) -> None:
    folder = make_folder(tmp_path)
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "sample.json").write_bytes(SAMPLE.read_bytes())
    out = tmp_path / "out"
    # a quoted glob, two inputs with the same name, a missing file: a line per file on stdout
    proc = ace(
        "convert", f"{folder}/sub/*.json", tmp_path / "b" / "sample.json", tmp_path / "nope.pptx", "--to", "ir",
        "--out-dir", out,
    )  # fmt: skip
    lines = proc.stdout.decode().splitlines()
    assert proc.returncode == 5 and len(lines) == 4, proc.stdout
    assert lines[0].startswith("ok ") and lines[0].endswith(" s") and str(out / "sample.json") in lines[0]
    assert str(out / "sample-2.json") in lines[1]
    assert lines[2].startswith(f"FAILED {tmp_path / 'nope.pptx'}: file not found")
    assert lines[3].startswith("converted 2 of 3 files in ") and lines[3].endswith("(1 failed)")
    # outputs never overwrite inputs: pptx -> pptx into the folder they are in
    proc = ace("convert", folder / "shapecrawler-059_crop-images.pptx", "--to", "pptx", "--out-dir", folder)
    assert proc.returncode == 2 and b"overwrite an input" in proc.stdout
    # usage errors
    for args in (
        ("convert", PPTX, PPTX, PPTX),
        ("convert", folder, "--out-dir", out),
        ("convert", "-", "--to", "html", "--out-dir", out),
    ):
        proc = ace(*args)
        assert proc.returncode == 2 and proc.stderr.decode().count("\n") == 1, (args, proc.stderr)


def test_exit_code_of_a_batch() -> None:
    from cli.batch import exit_code

    ok, bad, worse = {"ok": True, "exit_code": 0}, {"ok": False, "exit_code": 2}, {"ok": False, "exit_code": 4}
    assert exit_code([ok, ok]) == 0 and exit_code([ok, bad]) == 5 and exit_code([bad, bad]) == 2
    assert exit_code([bad, worse]) == 2 and exit_code([worse]) == 4


@pytest.mark.render
def test_batch_render_and_metrics(tmp_path: Path) -> None:
    from tests.conftest import has_chromium

    if not has_chromium():
        pytest.skip("Chromium is not installed")
    decks = tmp_path / "decks"
    decks.mkdir()
    for name in ("sample.json", "layout_cards.json"):
        (decks / name).write_bytes((ROOT / "fixtures" / "ir" / name).read_bytes())
    out = tmp_path / "png"
    proc = ace("render", decks, tmp_path / "missing.json", "--out-dir", out, "--width", "320", "--json")
    assert proc.returncode == 5, proc.stderr
    results = json.loads(proc.stdout)["data"]["results"]
    assert [r["ok"] for r in results] == [True, True, False]
    assert (out / "sample" / "slide-003.png").is_file() and (out / "layout_cards" / "slide-001.png").is_file()
    assert results[1]["slide_count"] == 3 and results[1]["renderer"] == "chromium"
    proc = ace("metrics", decks, "--out-dir", tmp_path / "m", "--jobs", "2")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.decode().splitlines()
    assert len(lines) == 3 and all(line.startswith("ok ") for line in lines[:2]) and "overall reward" in lines[0]
    saved = json.loads((tmp_path / "m" / "sample.metrics.json").read_text())
    assert len(saved["slides"]) == 3 and "summary" in saved
