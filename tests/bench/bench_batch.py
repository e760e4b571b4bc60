"""Benchmark: converting the corpus decks (../shared/corpus/pptx) to .html and to .pptx three ways:
A) one `ace convert DIR --to FMT --out-dir OUT` batch call (and with --jobs N), B) one `ace convert`
process per deck, C) one `soffice --convert-to FMT` call with all the files.

Per deck: A's seconds as the batch reports them (--json), B's wall and CPU of its process, C's time
between LibreOffice's progress lines. Totals: wall and CPU (os.wait4 of the whole call; for B the
sum over the processes). Files that failed are marked; the figures compare equal work only where
every way succeeded.

Run: nice .venv/bin/python tests/bench/bench_batch.py [--formats html,pptx] [--jobs 2] [--limit N]
     [--json OUT]"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
CORPUS = ROOT.parent / "shared" / "corpus" / "pptx"


def ace() -> list[str]:
    script = Path(sys.executable).with_name("ace")
    return [str(script)] if script.exists() else [sys.executable, "-m", "cli"]


def run(argv: list[str], env: dict[str, str], *, lines: bool = False) -> dict:
    """Wall and CPU of one process (and, with `lines`, each stdout line with its arrival time)."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    stamped: list[tuple[float, str]] = []
    chunks: list[bytes] = []
    assert proc.stdout is not None
    for raw in proc.stdout:
        chunks.append(raw)
        if lines:
            stamped.append((time.perf_counter() - start, raw.decode("utf-8", "replace").rstrip()))
    _, status, usage = os.wait4(proc.pid, 0)
    return {
        "wall": time.perf_counter() - start,
        "cpu": usage.ru_utime + usage.ru_stime,
        "code": os.waitstatus_to_exitcode(status),
        "stdout": b"".join(chunks).decode("utf-8", "replace"),
        "lines": stamped,
    }


def decks(limit: int | None) -> list[Path]:
    from adapters.registry import registry

    reg = registry()
    found = []
    for p in sorted(CORPUS.iterdir()):
        if p.is_file():
            try:
                if reg.detect(p).info.name == "pptx":
                    found.append(p)
            except Exception:
                continue
    return found[:limit] if limit else found


def batch(fmt: str, files: list[Path], out: Path, jobs: int, env: dict[str, str], limit: int | None) -> dict:
    inputs = [str(CORPUS)] if limit is None else [str(f) for f in files]
    r = run([*ace(), "convert", *inputs, "--to", fmt, "--out-dir", str(out), "--jobs", str(jobs), "--json"], env)
    results = json.loads(r["stdout"])["data"]["results"]
    per = {Path(x["input"]).name: (x["seconds"], x["ok"]) for x in results}
    return {"wall": r["wall"], "cpu": r["cpu"], "code": r["code"], "per": per}


def per_process(fmt: str, files: list[Path], out: Path, env: dict[str, str]) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    per, wall, cpu = {}, 0.0, 0.0
    ext = {"html": "html", "pptx": "pptx"}[fmt]
    for f in files:
        r = run([*ace(), "convert", str(f), str(out / f"{f.stem}.{ext}")], env)
        per[f.name] = (r["wall"], r["cpu"], r["code"] == 0)
        wall += r["wall"]
        cpu += r["cpu"]
    return {"wall": wall, "cpu": cpu, "per": per}


def soffice_all(fmt: str, files: list[Path], out: Path, env: dict[str, str]) -> dict:
    from ace_core.soffice import find_soffice, soffice_command

    profile = Path(tempfile.mkdtemp(prefix="ace-bench-lo-"))
    try:
        cmd = soffice_command(find_soffice(), profile, fmt, out, files)
        r = run(cmd, {**env, "HOME": str(profile), "SAL_USE_VCLPLUGIN": "svp"}, lines=True)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    per: dict[str, tuple[float, bool]] = {}
    last = 0.0
    for t, text in r["lines"]:  # "convert /x/a.pptx as a Impress... -> /out/a.html using filter : ..."
        if text.startswith("convert "):
            name = Path(text.split(" ", 2)[1]).name
            per[name] = (t - last, True)
            last = t
    for f in files:
        if f.name in per:
            per[f.name] = (per[f.name][0], (out / f"{f.stem}.{fmt}").is_file())
        else:
            per[f.name] = (float("nan"), False)
    return {"wall": r["wall"], "cpu": r["cpu"], "code": r["code"], "per": per}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--formats", default="html,pptx")
    parser.add_argument("--jobs", type=int, default=2, help="the worker count of the second batch call")
    parser.add_argument("--limit", type=int, default=None, help="only the first N decks (a quick look)")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    files = decks(args.limit)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    tmp = Path(tempfile.mkdtemp(prefix="ace-bench-batch-"))
    env.setdefault("ACE_CACHE_DIR", str(tmp / "cache"))
    report = {}
    try:
        run([*ace(), "convert", str(files[0]), str(tmp / "warm.html")], env)  # fill the caches once
        for fmt in args.formats.split(","):
            a1 = batch(fmt, files, tmp / f"a1-{fmt}", 1, env, args.limit)
            an = batch(fmt, files, tmp / f"an-{fmt}", args.jobs, env, args.limit)
            b = per_process(fmt, files, tmp / f"b-{fmt}", env)
            c = soffice_all(fmt, files, tmp / f"c-{fmt}", env)
            report[fmt] = {"batch": a1, f"batch_jobs{args.jobs}": an, "per_process": b, "soffice": c}
            _print(fmt, files, a1, an, b, c, args.jobs)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if args.json:
        args.json.write_text(json.dumps(report, indent=1, default=str))
    return 0


def _print(fmt: str, files: list[Path], a1: dict, an: dict, b: dict, c: dict, jobs: int) -> None:
    print(f"\n.pptx -> .{fmt}: {len(files)} decks (seconds per deck; x = failed)")
    print(f"{'deck':48} {'KB':>6} {'A batch':>8} {'B proc wall':>11} {'B proc CPU':>10} {'C soffice':>9}")
    both = 0
    for f in files:
        sa, oka = a1["per"].get(f.name, (float("nan"), False))
        bw, bc, okb = b["per"][f.name]
        sc, okc = c["per"][f.name]
        both += okb and okc and oka
        mark = lambda ok: " " if ok else "x"  # noqa: E731
        print(
            f"{f.name[:48]:48} {f.stat().st_size // 1024:6d} {sa:7.2f}{mark(oka)} {bw:10.2f}{mark(okb)} "
            f"{bc:9.2f}{mark(okb)} {sc:8.2f}{mark(okc)}"
        )
    ok = lambda per: sum(1 for v in per.values() if v[-1])  # noqa: E731
    print(f"{'total':28} {'wall s':>8} {'CPU s':>8} {'ok':>5}")
    print(f"{'A one batch call':28} {a1['wall']:8.1f} {a1['cpu']:8.1f} {ok(a1['per']):5d}")
    print(f"{f'A one batch call, --jobs {jobs}':28} {an['wall']:8.1f} {an['cpu']:8.1f} {ok(an['per']):5d}")
    print(f"{'B one process per deck':28} {b['wall']:8.1f} {b['cpu']:8.1f} {ok(b['per']):5d}")
    print(f"{'C soffice, one call':28} {c['wall']:8.1f} {c['cpu']:8.1f} {ok(c['per']):5d}")
    print(f"decks every way converted: {both}")


if __name__ == "__main__":
    raise SystemExit(main())
