"""Benchmark of the hostile-input bounds at full size (issue 13), printing a table.

1. The picture bomb of the issue: 250 distinct 8 MiB pictures (~3 MB on disk, ~2 GB unpacked) to
   HTML: refused by the unpacked-bytes budget; target peak RSS < 200 MB (was 12.7 GB).
2. The same bomb with 30 pictures (233 MiB, under the budget) to IR JSON, HTML and .pptx: media
   stream to disk, big pictures go beside the HTML; target peak RSS < 400 MB each.
3. Reading HTML pages of 30, 100 and 300 slides with the DOM reader: linear, i.e. the seconds per
   slide of the 300-slide page within 1.5x of the 30-slide page's (was 187 s for 300 slides).
Each conversion runs in a fresh process; peak memory is the process's VmHWM.
Run: .venv/bin/python tests/bench/bench_hostile.py [--out DIR] [--skip-html]"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
MiB = 1024 * 1024

_RUN = """
import json, sys, time
from cli.main import main
t0 = time.perf_counter()
code = main(sys.argv[1:])
hwm = next(line for line in open("/proc/self/status") if line.startswith("VmHWM:"))
out = {"code": code, "peak": int(hwm.split()[1]) * 1024, "s": time.perf_counter() - t0}
print(json.dumps(out), file=sys.__stderr__)
"""


def ace(*args: object) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", _RUN, *map(str, args)], capture_output=True, text=True, cwd=ROOT, timeout=3600
    )
    return json.loads(done.stderr.strip().splitlines()[-1])


def html_page(path: Path, slides: int) -> Path:
    body = "".join(
        f"<div class='slide' style='width:1280px;height:720px'><h1>Slide {i}</h1><p>Paragraph of slide {i} with "
        f"<b>bold</b> and <i>italic</i> text.</p><ul><li>a</li><li>b</li><li>c</li></ul></div>"
        for i in range(slides)
    )
    path.write_text(f"<!DOCTYPE html><html><body style='margin:0'>{body}</body></html>")
    return path


def main() -> int:
    from tests.hostile_inputs import picture_bomb_pptx

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--skip-html", action="store_true")
    args = parser.parse_args()
    work = args.out or Path(tempfile.mkdtemp(prefix="ace-bench-hostile-"))
    work.mkdir(parents=True, exist_ok=True)
    rows: list[tuple[str, str, str, str, str]] = []
    ok = True

    big = picture_bomb_pptx(work / "bomb250.pptx", 250)
    r = ace("convert", big, work / "bomb250.html")
    good = r["code"] == 2 and r["peak"] < 200 * MiB
    ok &= good
    verdict = "ok" if good else "FAIL (< 200 MB, exit 2)"
    label = f"bomb 250x8 MiB ({big.stat().st_size / MiB:.1f} MB) -> html"
    rows.append((label, f"exit {r['code']}", f"{r['peak'] / MiB:.0f} MB", f"{r['s']:.1f} s", verdict))
    small = picture_bomb_pptx(work / "bomb30.pptx", 30)
    for out in ("bomb30.json", "bomb30.html", "bomb30.pptx.pptx"):
        r = ace("convert", small, work / out)
        good = r["code"] == 0 and r["peak"] < 400 * MiB
        ok &= good
        size = (work / out).stat().st_size / MiB if (work / out).exists() else 0
        rows.append((f"bomb 30x8 MiB -> {out.split('.')[-1]} ({size:.1f} MB written)", f"exit {r['code']}",
                     f"{r['peak'] / MiB:.0f} MB", f"{r['s']:.1f} s", "ok" if good else "FAIL (< 400 MB)"))  # fmt: skip
    if not args.skip_html:
        per: dict[int, float] = {}
        for n in (30, 100, 300):
            page = html_page(work / f"page{n}.html", n)
            t0 = time.perf_counter()
            r = ace("convert", page, work / f"page{n}.json")
            wall = time.perf_counter() - t0
            per[n] = r["s"] / n
            rows.append((f"html page of {n} slides -> IR", f"exit {r['code']}", f"{r['peak'] / MiB:.0f} MB",
                         f"{r['s']:.1f} s ({wall:.1f} s wall)", f"{per[n] * 1000:.0f} ms/slide"))  # fmt: skip
        good = per[300] <= 1.5 * per[30]
        ok &= good
        rows.append(
            (
                "linear reading: ms/slide 300 vs 30",
                "",
                "",
                "",
                f"{per[300] / per[30]:.2f}x ({'ok' if good else 'FAIL'})",
            )
        )
    print(f"{'case':<48} {'exit':<7} {'peak':>8} {'time':>22}  result")
    for case, code, peak, secs, result in rows:
        print(f"{case:<48} {code:<7} {peak:>8} {secs:>22}  {result}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
