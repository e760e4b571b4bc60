"""Benchmark: converting the corpus decks (../shared/corpus/pptx) to .html and to .pptx three ways:
A) one `ace convert DIR --to FMT --out-dir OUT` batch call (and with --jobs N), B) one `ace convert`
process per deck, C) one `soffice --convert-to FMT` call with all the files.

Per deck: A's seconds as the batch reports them (--json), B's wall and CPU of its process, C's time
between LibreOffice's progress lines. Totals: wall and CPU of the whole call with every descendant
(this process is made a child subreaper, so --jobs N's workers, children of a forkserver that
outlives the call, are reaped here and counted; for B the sum over the processes). Every way of
every format starts from its own empty cache folder (the IR schema cache filled by one unmeasured
call first): a way run after another would otherwise find the render / metafile conversions the
first one cached. Files that failed are marked; the figures compare equal work only where every
way succeeded.

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

from ace_core.shared_dir import shared_dir

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
CORPUS = shared_dir(ROOT) / "corpus" / "pptx"


def ace() -> list[str]:
    script = Path(sys.executable).with_name("ace")
    return [str(script)] if script.exists() else [sys.executable, "-m", "cli"]


def _become_subreaper() -> bool:
    """Orphaned descendants (a forkserver and its pool workers) are reparented to this process,
    so their CPU reaches RUSAGE_CHILDREN when run() reaps them (Linux; elsewhere: not counted)."""
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


SUBREAPER = _become_subreaper()


def _children_cpu() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _reap_orphans() -> None:
    """Wait for every descendant left over (the bench has no other child while run() runs)."""
    while True:
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return


def run(argv: list[str], env: dict[str, str], *, lines: bool = False) -> dict:
    """Wall and CPU of one process with all its descendants (and, with `lines`, each stdout line
    with its arrival time)."""
    _reap_orphans()
    cpu0 = _children_cpu()
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    stamped: list[tuple[float, str]] = []
    chunks: list[bytes] = []
    assert proc.stdout is not None
    for raw in proc.stdout:
        chunks.append(raw)
        if lines:
            stamped.append((time.perf_counter() - start, raw.decode("utf-8", "replace").rstrip()))
    _, status, _ = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    _reap_orphans()
    return {
        "wall": wall,
        "cpu": _children_cpu() - cpu0,
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
    report = {}

    def fresh(way: str) -> dict[str, str]:
        """The environment of one way: its own empty cache but for the IR schema cache."""
        way_env = {**env, "ACE_CACHE_DIR": str(tmp / f"cache-{way}")}
        run([*ace(), "inspect", str(files[0])], way_env)
        return way_env

    try:
        for fmt in args.formats.split(","):
            a1 = batch(fmt, files, tmp / f"a1-{fmt}", 1, fresh(f"a1-{fmt}"), args.limit)
            an = batch(fmt, files, tmp / f"an-{fmt}", args.jobs, fresh(f"an-{fmt}"), args.limit)
            b = per_process(fmt, files, tmp / f"b-{fmt}", fresh(f"b-{fmt}"))
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
    if not SUBREAPER:
        print("(no child subreaper here: the --jobs call's CPU leaves out its pool workers)")


if __name__ == "__main__":
    raise SystemExit(main())
