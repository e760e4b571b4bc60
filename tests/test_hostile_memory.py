"""Class 3 of the hostile-input suite: memory stays bounded whatever a package claims.

A picture bomb (distinct 8 MiB pictures that the zip deflates ~600x) is refused by the package's
unpacked-bytes budget, in bounded memory, with an error naming ACE_MAX_UNPACKED_MB; under the
budget its media are streamed to disk (never all in memory) and an HTML output writes the large
pictures beside the file instead of inlining them. Peak memory is measured in a subprocess
(VmHWM of /proc/self/status) against the bounds stated here."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hostile_inputs import picture_bomb_pptx

ROOT = Path(__file__).resolve().parents[1]
MiB = 1024 * 1024

REFUSE_PEAK = 200 * MiB
"""peak RSS of refusing a bomb (python + ACE + the zip's central directory)"""
CONVERT_PEAK = 256 * MiB
"""peak RSS of converting 96 MiB of pictures to IR JSON, HTML or .pptx (about a third of it the
pictures themselves would need in memory at once; a .pptx write holds its parts, the rest streams)"""

_RUN = """
import json, sys
from cli.main import main
code = main(sys.argv[1:])
# the process's own high-water mark (VmHWM: reset by exec, unlike ru_maxrss, which keeps the forking parent's)
hwm = next(line for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(json.dumps({"code": code, "peak": int(hwm.split()[1]) * 1024}), file=sys.__stderr__)
"""


def _ace(*args: str | Path, env: dict[str, str] | None = None) -> tuple[int, int, str]:
    """(exit code, peak RSS in bytes, stderr) of one `ace` run in a fresh process."""
    done = subprocess.run(
        [sys.executable, "-c", _RUN, *map(str, args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        timeout=600,
        check=False,
    )
    last = json.loads(done.stderr.strip().splitlines()[-1])
    return last["code"], last["peak"], done.stderr


@pytest.fixture(scope="module")
def bomb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return picture_bomb_pptx(tmp_path_factory.mktemp("bomb") / "bomb.pptx", 12)  # 96 MiB unpacked


def test_a_picture_bomb_over_the_budget_is_refused_in_bounded_memory(bomb: Path) -> None:
    assert bomb.stat().st_size < 1 * MiB
    code, peak, err = _ace("convert", bomb, bomb.with_suffix(".html"), env={"ACE_MAX_UNPACKED_MB": "64"})
    assert code == 2 and peak < REFUSE_PEAK, (code, peak // MiB)
    assert re.search(r"unpacks to 9\d MiB.*set ACE_MAX_UNPACKED_MB=9\d or more", err), err
    assert not bomb.with_suffix(".html").exists()


def test_a_bomb_with_a_huge_overall_ratio_is_refused(tmp_path: Path) -> None:
    """Members each under the per-member ratio check, the whole package 600x: refused as a bomb."""
    from adapters.ooxml.package import Limits, open_package

    path = picture_bomb_pptx(tmp_path / "b.pptx", 4)
    with pytest.raises(Exception, match="zip bomb") as info:
        open_package(path, limits=Limits(package_ratio_floor=16 * MiB))
    assert "ACE_MAX_UNPACKED_RATIO" in str(info.value)


@pytest.mark.parametrize("out", ["deck.json", "deck.html", "deck.pptx"])
def test_under_the_budget_media_stream_and_memory_stays_bounded(bomb: Path, tmp_path: Path, out: str) -> None:
    target = tmp_path / out
    code, peak, err = _ace("convert", bomb, target)
    assert code == 0, err[-500:]
    assert peak < CONVERT_PEAK, f"{out}: peak {peak // MiB} MiB"
    if out == "deck.html":
        assert target.stat().st_size < 100 * MiB  # 64 MiB of pictures inlined at most
        beside = list((tmp_path / "deck.assets").iterdir())
        assert len(beside) >= 4 and all(p.stat().st_size > 7 * MiB for p in beside)


def test_html_beside_assets_read_back(bomb: Path, tmp_path: Path) -> None:
    from adapters import read, write

    deck = read(bomb)
    report = write(deck, tmp_path / "d.html")
    beside = [e for e in report.entries if e.feature == "asset-beside"]
    assert beside and all("not inlined" in e.reason for e in beside)
    back = read(tmp_path / "d.html")
    pictures = [n for _, n in back.iter_nodes() if n.type == "IMAGE"]
    assert len(pictures) == 12 and all(back.store.has(p.image.asset) for p in pictures)
