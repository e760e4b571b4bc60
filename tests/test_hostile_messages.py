"""Class 11 of the hostile-input suite, the messages: a time limit names an option that exists
(`--timeout` on convert and render), a corrupt zip member is reported as corrupt (not missing),
fontTools' timestamp warning never reaches the user; and parallel renders do not clash."""

from __future__ import annotations

import io
import json
import logging
import subprocess
import sys
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from ace_core.limits import time_limit, timeout_for
from tests.conftest import needs_soffice
from tests.hostile_inputs import ace, base_pptx, png
from tests.hostile_server import CountingServer

ROOT = Path(__file__).resolve().parents[1]


def test_timeout_is_an_option_of_convert_and_render(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("convert", "render"):
        assert "--timeout" in ace(capsys, command, "--help").out
    assert timeout_for(180.0) == 180.0
    with time_limit(7.0):
        assert timeout_for(180.0) == 7.0
    assert timeout_for(180.0) == 180.0


@needs_soffice
@pytest.mark.render
def test_a_render_over_its_time_limit_names_the_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "d.pptx"
    deck.write_bytes(base_pptx())
    r = ace(capsys, "render", deck, "-o", tmp_path / "png", "--timeout", "1", expect=(0, 4))
    if r.code == 4:  # LibreOffice did not start within a second (it usually cannot)
        assert "--timeout SECONDS" in r.err and "took longer than 1 s" in r.err
    assert "Traceback" not in r.err


def test_a_soffice_killed_at_its_time_limit_leaves_nothing_in_tmpdir(tmp_path: Path) -> None:
    """soffice writes lu*.tmp folders in TMPDIR; killed at --timeout it left them (bench_hostile_classes)."""
    from ace_core.soffice import soffice_env

    assert soffice_env(tmp_path / "profile")["TMPDIR"] == str(tmp_path / "profile")


@needs_soffice
def test_a_render_leaves_tmpdir_and_home_as_it_found_them(tmp_path: Path) -> None:
    """A fresh process rendering a deck (soffice, then PyMuPDF for the pages) adds nothing to
    TMPDIR nor to HOME: PyMuPDF 2 loads onnxruntime, whose telemetry wrote TMPDIR/.ses and
    ~/.cache/Microsoft/DeveloperTools at load time until ace_core.pdflib turned it off."""
    import os

    deck = tmp_path / "d.pptx"
    deck.write_bytes(base_pptx([png(16, 16)]))
    tmp, home = tmp_path / "tmp", tmp_path / "home"
    tmp.mkdir()
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("ORT_DISABLE_TELEMETRY", "XDG_CACHE_HOME")}
    env.update(TMPDIR=str(tmp), HOME=str(home), ACE_CACHE_DIR=str(tmp_path / "cache"))
    done = subprocess.run(
        [sys.executable, "-m", "cli", "render", str(deck), "-o", str(tmp_path / "out")],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "slide-001.png").is_file()
    assert sorted(p.name for p in tmp.iterdir()) == []
    assert sorted(str(p.relative_to(home)) for p in home.rglob("*")) == []


def _corrupt_member(src: bytes, dst: Path, member: str) -> Path:
    dst.write_bytes(src)
    with zipfile.ZipFile(dst) as z:
        info = z.getinfo(member)
    raw = bytearray(dst.read_bytes())
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for i in range(start + 10, start + min(info.compress_size, 60)):
        raw[i] ^= 0xFF
    dst.write_bytes(bytes(raw))
    return dst


def test_a_corrupt_member_is_reported_as_corrupt(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = base_pptx([png(300, 300, (10, 200, 30))])
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        media = next(n for n in z.namelist() if n.startswith("ppt/media/"))
    deck = _corrupt_member(data, tmp_path / "c.pptx", media)
    r = ace(capsys, "inspect", deck, "--json")
    losses = json.loads(r.out)["data"]["losses"]
    bad = [e for e in losses if media in e["reason"]]
    assert bad and all("corrupt" in e["reason"] and "missing" not in e["reason"] for e in bad), bad


def test_fonttools_timestamp_warnings_are_silenced(caplog: pytest.LogCaptureFixture, tmp_path: Path) -> None:
    from ace_core.layout.fonts import quiet_fonttools

    quiet_fonttools()
    with caplog.at_level(logging.WARNING):
        logging.getLogger("fontTools.ttLib.tables._h_e_a_d").warning("'created' timestamp seems very low")
    assert not [r for r in caplog.records if "timestamp" in r.getMessage()]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "cli",
            "convert",
            str(ROOT / "fixtures" / "pptx" / "poi-backgrounds.pptx"),
            str(tmp_path / "o.html"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0 and "timestamp" not in done.stderr


@needs_soffice
@pytest.mark.render
def test_parallel_renders_of_one_hostile_deck_do_not_clash(tmp_path: Path) -> None:
    from backends.render.libreoffice import render_pptx
    from tests.hostile_inputs import linked_picture_pptx

    with CountingServer() as server:
        deck = linked_picture_pptx(tmp_path / "d.pptx", f"{server.url}/p.png")
        with ThreadPoolExecutor(3) as pool:
            runs = list(pool.map(lambda i: render_pptx(deck, tmp_path / f"out{i}"), range(3)))
        assert all(len(r) == 1 and r[0].is_file() for r in runs)
        assert server.requests == [] and server.connections == 0
