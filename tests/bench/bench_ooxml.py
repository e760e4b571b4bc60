"""Benchmark: read + write a .pptx with ACE against `soffice --convert-to pptx` of the same deck,
both as whole cold processes (a new interpreter / a new LibreOffice each time), per corpus deck;
and the peak memory of one process reading and writing the largest corpus deck.

Run: .venv/bin/python tests/bench/bench_ooxml.py [--only SUBSTR] [--fresh] [--json OUT]  (prints a table)
     .venv/bin/python -m pytest tests/bench/bench_ooxml.py -s
Target: ACE at least 10x faster than LibreOffice (median over the decks)."""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ace_core.shared_dir import shared_dir

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
CORPUS = shared_dir(ROOT) / "corpus" / "pptx"
TARGET_SPEEDUP = 10.0

_RUNNER = """
import resource, sys, time
sys.path.insert(0, {root!r})
from pathlib import Path
from adapters.ooxml.read_deck import read_pptx
from adapters.ooxml.writer import write_pptx
t0 = time.perf_counter()
deck = read_pptx(Path({src!r}))
t1 = time.perf_counter()
write_pptx(deck, Path({out!r}), fresh={fresh!r})
t2 = time.perf_counter()
hwm = [l for l in open("/proc/self/status") if l.startswith("VmHWM:")]
peak = int(hwm[0].split()[1]) / 1024 if hwm else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"{{t1 - t0:.4f}} {{t2 - t1:.4f}} {{peak:.1f}}")
"""


def decks(only: str = "") -> list[Path]:
    exts = (".pptx", ".pptm", ".potx", ".ppsx")
    return sorted(p for p in CORPUS.iterdir() if p.suffix.lower() in exts and only in p.name)


def ace_cold(src: Path, out_dir: Path, fresh: bool = False) -> dict:
    """Read + write `src` in a new interpreter: wall time of the process, its read / write times, peak RSS."""
    out = out_dir / f"ace-{src.stem}.pptx"
    code = _RUNNER.format(root=str(ROOT), src=str(src), out=str(out), fresh=fresh)
    t = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t
    read_s, write_s, peak = (float(v) for v in proc.stdout.split())
    return {"process_s": wall, "read_s": read_s, "write_s": write_s, "peak_mb": peak}


def soffice_cold(src: Path, out_dir: Path, profile: Path) -> float:
    """Wall time of one `soffice --headless --convert-to pptx` process (profile already initialised)."""
    from ace_core.soffice import find_soffice, soffice_command

    target = out_dir / "lo"
    target.mkdir(exist_ok=True)
    # LibreOffice names the output after the input's stem: convert a copy with a plain name
    plain = out_dir / ("in" + src.suffix.lower())
    shutil.copyfile(src, plain)
    cmd = soffice_command(find_soffice(), profile, "pptx", target, [plain])
    t = time.perf_counter()
    subprocess.run(cmd, capture_output=True, timeout=900, env={"HOME": str(profile), "PATH": "/usr/bin:/bin"})
    return time.perf_counter() - t


def run(only: str = "", fresh: bool = False, new_profile: bool = False) -> dict:
    """Per deck: ACE read + write and soffice --convert-to pptx, each a new process. soffice uses one
    initialised profile (its fastest start), or with `new_profile` a new one per call (what the
    render backend does, so parallel calls do not clash)."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="ace-bench-") as tmp:
        work = Path(tmp)
        profile = work / "profile"
        profile.mkdir()
        first = decks(only)[0]
        soffice_cold(first, work, profile)  # initialise the profile once (not timed)
        for n, src in enumerate(decks(only)):
            ace = ace_cold(src, work, fresh)
            if new_profile:
                profile = work / f"profile-{n}"
                profile.mkdir()
            lo = soffice_cold(src, work, profile)
            rows.append(
                {
                    "file": src.name,
                    "kb": src.stat().st_size // 1024,
                    "ace_s": round(ace["process_s"], 3),
                    "read_s": round(ace["read_s"], 3),
                    "write_s": round(ace["write_s"], 3),
                    "soffice_s": round(lo, 3),
                    "speedup": round(lo / ace["process_s"], 1),
                }
            )
            print(
                f"{src.name[:52]:52} {rows[-1]['kb']:6} {ace['process_s']:7.2f} {ace['read_s']:6.2f} "
                f"{ace['write_s']:6.2f} {lo:8.2f} {lo / ace['process_s']:7.1f}x",
                flush=True,
            )
        largest = max(decks(only), key=lambda p: p.stat().st_size)
        peak = ace_cold(largest, work, fresh)
    return {"rows": rows, "largest": {"file": largest.name, **peak}}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="")
    ap.add_argument("--fresh", action="store_true", help="write in fresh mode instead of patch mode")
    ap.add_argument("--new-profile", action="store_true", help="a new LibreOffice profile for every soffice call")
    ap.add_argument("--json")
    args = ap.parse_args()
    print(f"{'deck':52} {'KB':>6} {'ace s':>7} {'read':>6} {'write':>6} {'soffice':>8} {'speedup':>8}")
    result = run(args.only, args.fresh, args.new_profile)
    rows = result["rows"]
    speed = [r["speedup"] for r in rows]
    ace_total = sum(r["ace_s"] for r in rows)
    lo_total = sum(r["soffice_s"] for r in rows)
    mode = ("fresh" if args.fresh else "patch") + (" mode, new soffice profiles" if args.new_profile else " mode")
    print(
        f"\n{len(rows)} decks ({mode}): median speedup {statistics.median(speed):.1f}x, "
        f"min {min(speed):.1f}x; total ACE {ace_total:.1f} s vs soffice {lo_total:.1f} s ({lo_total / ace_total:.1f}x)"
    )
    big = result["largest"]
    print(
        f"largest deck {big['file']}: read {big['read_s']:.2f} s + write {big['write_s']:.2f} s, "
        f"process {big['process_s']:.2f} s, peak RSS {big['peak_mb']:.0f} MB"
    )
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1), encoding="utf-8")
    return 0 if statistics.median(speed) >= TARGET_SPEEDUP else 1


def test_bench_ooxml_write() -> None:
    import pytest

    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not present")
    result = run("pypptx-t")
    assert statistics.median(r["speedup"] for r in result["rows"]) >= TARGET_SPEEDUP


if __name__ == "__main__":
    sys.exit(main())
