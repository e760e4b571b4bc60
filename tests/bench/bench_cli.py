"""Benchmark: start-up of the `ace` command as whole cold processes, each run side by side with a
yardstick (python-pptx opening and saving the same one-slide deck), the two alternated run by run.

CPU is user + system of the finished child (os.wait4); every figure is the median of --runs runs,
the ratio the median of the per-pair ratios. The project's .py files are byte-compiled first (a
fresh checkout, or PYTHONDONTWRITEBYTECODE, would otherwise compile them on every run).

Run: .venv/bin/python tests/bench/bench_cli.py [--runs 15] [--json OUT]
Targets: `ace --version` <= 60 ms CPU; `ace convert` one-slide .pptx -> .pptx (patch) and -> .html,
and `ace inspect`, <= 1.5x python-pptx's own open + save of the same file."""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "fixtures" / "pptx" / "shapecrawler-059_crop-images.pptx"
VERSION_TARGET_MS = 60.0


def ace_command() -> list[str]:
    """The installed console script when there is one (what a user runs), else python -m cli."""
    script = Path(sys.executable).with_name("ace")
    return [str(script)] if script.exists() else [sys.executable, "-m", "cli"]


def cpu_ms(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU ms, wall ms) of one run of `argv`, its output discarded."""
    import time

    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    err = proc.stderr.read().decode("utf-8", "replace") if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(argv)}\n{err[-2000:]}")
    return (usage.ru_utime + usage.ru_stime) * 1000, wall


def paired(a: list[str], b: list[str] | None, runs: int, env: dict[str, str]) -> dict[str, float]:
    """Median CPU / wall of A (and of B, and of A/B pair by pair), one warm-up each first."""
    cpu_ms(a, env)
    if b is not None:
        cpu_ms(b, env)
    ra, rb = [], []
    for _ in range(runs):
        ra.append(cpu_ms(a, env))
        if b is not None:
            rb.append(cpu_ms(b, env))
    row = {"cpu_ms": statistics.median(c for c, _ in ra), "wall_ms": statistics.median(w for _, w in ra)}
    if b is not None:
        row["base_cpu_ms"] = statistics.median(c for c, _ in rb)
        row["ratio"] = statistics.median(x[0] / y[0] for x, y in zip(ra, rb, strict=True))
        row["ratio_wall"] = statistics.median(x[1] / y[1] for x, y in zip(ra, rb, strict=True))
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--json", type=Path, default=None, help="also write the rows as JSON")
    args = parser.parse_args()
    for package in ("ace_core", "adapters", "backends", "judge", "cli"):
        compileall.compile_dir(str(ROOT / package), quiet=1)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    ace = ace_command()
    tmp = Path(tempfile.mkdtemp(prefix="ace-bench-cli-"))
    try:
        env.setdefault("ACE_CACHE_DIR", str(tmp / "cache"))
        yardstick = [
            sys.executable,
            "-c",
            f"import pptx; p = pptx.Presentation({str(DECK)!r}); p.save({str(tmp / 'pptx.pptx')!r})",
        ]
        cases = [
            ("ace --version", [*ace, "--version"], None, VERSION_TARGET_MS),
            ("ace --help", [*ace, "--help"], None, None),
            ("python -c pass (interpreter alone)", [sys.executable, "-c", "pass"], None, None),
            ("ace convert 1-slide .pptx -> .pptx", [*ace, "convert", str(DECK), str(tmp / "o.pptx")], yardstick, 1.5),
            ("ace convert 1-slide .pptx -> .html", [*ace, "convert", str(DECK), str(tmp / "o.html")], yardstick, 1.5),
            ("ace inspect 1-slide .pptx", [*ace, "inspect", str(DECK)], yardstick, 1.5),
        ]
        rows = []
        for name, a, b, target in cases:
            row = {"case": name, **paired(a, b, args.runs, env), "target": target}
            if b is not None:
                row["ok"] = row["ratio"] <= target
            elif target is not None:
                row["ok"] = row["cpu_ms"] <= target
            rows.append(row)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"whole cold processes, median of {args.runs} runs; B = python-pptx open + save of {DECK.name}")
    print(f"{'case':40} {'CPU ms':>8} {'wall ms':>8} {'B CPU ms':>9} {'A/B CPU':>8} {'A/B wall':>9} {'target':>9}  ok")
    for r in rows:
        base = f"{r['base_cpu_ms']:9.0f} {r['ratio']:8.2f} {r['ratio_wall']:9.2f}" if "ratio" in r else " " * 28
        tgt = "" if r["target"] is None else (f"<={r['target']:.1f}x" if "ratio" in r else f"<={r['target']:.0f}ms")
        ok = "" if "ok" not in r else ("yes" if r["ok"] else "NO")
        print(f"{r['case']:40} {r['cpu_ms']:8.0f} {r['wall_ms']:8.0f} {base} {tgt:>9}  {ok}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
