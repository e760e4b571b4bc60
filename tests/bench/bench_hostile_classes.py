"""One table per hostile-input class of issue 13: each case a fresh `ace` process, printing a table.

Columns: exit code, the one-line message (or the loss features of a success), requests seen by a
loopback HTTP logger, peak RSS (VmHWM), seconds, and what the run left behind (a failed run must
leave no output; no run may leave temporaries beside the output or in its TMPDIR). A case fails
on exit 1 / a signal / a traceback, an exit code other than the expected one, a request, the
planted secret in any output, or a leftover. Cases: tests/hostile_inputs.py builders, at full size.
Run: .venv/bin/python tests/bench/bench_hostile_classes.py [--out DIR] [--class N ...] [--markdown]"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
MiB = 1024 * 1024
DECK = ROOT / "fixtures" / "ir" / "layout_cards.json"

_RUN = """
import json, sys, time
from cli.main import main
t0 = time.perf_counter()
code = main(sys.argv[1:])
hwm = next(line for line in open("/proc/self/status") if line.startswith("VmHWM:"))
out = {"code": code, "peak": int(hwm.split()[1]) * 1024, "s": time.perf_counter() - t0}
print("ACE-BENCH " + json.dumps(out), file=sys.__stderr__)
"""

# a case: (label, argv, expected exit codes, outputs a success may leave, extra environment)
Case = tuple[str, list[Any], tuple[int, ...], list[str], dict[str, str]]


def run_ace(argv: list[Any], work: Path, env: dict[str, str]) -> dict[str, Any]:
    tmp = work / "tmp"
    tmp.mkdir(exist_ok=True)
    full = {**os.environ, "TMPDIR": str(tmp), **env}
    t0 = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-c", _RUN, *map(str, argv)], capture_output=True, text=True,
                              cwd=ROOT, timeout=900, env=full)  # fmt: skip
    except subprocess.TimeoutExpired:
        return {"code": "hang", "peak": 0, "s": time.perf_counter() - t0, "err": "", "out": ""}
    stats = [line for line in done.stderr.splitlines() if line.startswith("ACE-BENCH ")]
    res = json.loads(stats[-1][10:]) if stats else {"code": done.returncode, "peak": 0, "s": time.perf_counter() - t0}
    res.update(err=done.stderr, out=done.stdout)
    return res


def message(res: dict[str, Any]) -> str:
    errors = [line for line in res["err"].splitlines() if line.startswith("ace: error: ")]
    if errors:
        return errors[0][len("ace: error: ") :]
    try:
        losses = json.loads(res["out"])["data"].get("losses", [])
        feats = sorted({e["feature"] for e in losses})
        return "ok; losses: " + (", ".join(feats) if feats else "none")
    except (ValueError, KeyError, TypeError, AttributeError):
        return "ok"


def leftovers(work: Path, before: set[Path], allowed: list[str], code: object) -> list[str]:
    tmp = work / "tmp"
    found = [f"TMPDIR/{p.name}" for p in tmp.iterdir() if p not in before] if tmp.exists() else []
    for p in work.rglob("*"):
        if p in before or p == tmp or tmp in p.parents:
            continue
        rel = p.relative_to(work).as_posix()
        top = rel.split("/")[0]
        if code == 0 and any(top == a or top.startswith(a + ".") for a in allowed) and not p.name.endswith(".tmp"):
            continue
        if p.is_dir() and any(q not in before for q in p.rglob("*")):
            continue
        found.append(rel)
    return found


# -- the classes ---------------------------------------------------------------------------------------
def class1(d: Path, url: str) -> Iterator[Case]:
    from adapters import read, write
    from tests.hostile_inputs import SECRET, base_pptx, ir_image_with_key, rezip

    secret = d / "secret.txt"
    secret.write_text(SECRET)
    for kind, key in (("absolute path", str(secret)), ("../secret.txt", "../secret.txt"),
                      ("/proc/self/environ", "/proc/self/environ")):  # fmt: skip
        deck = ir_image_with_key(d / f"k{len(key)}.json", key)
        (d / f"k{len(key)}.assets").mkdir(exist_ok=True)
        for out in ("out.pptx", "out.html", "sub/out.json"):
            yield f"IR asset key {kind} -> {out}", ["convert", deck, d / out], (2,), [], {}
        yield f"IR asset key {kind}: validate", ["validate", deck], (2,), [], {}
    key = "0123456789abcdef0123456789abcdef"
    deck = ir_image_with_key(d / "link.json", key)
    (d / "link.assets").mkdir()
    os.symlink(secret, d / "link.assets" / key)
    yield "assets-folder symlink to secret: validate", ["validate", deck], (2,), [], {}
    for out in ("sl.pptx", "sl.html"):
        yield f"assets-folder symlink to secret -> {out}", ["convert", deck, d / out, "--json"], (0,), [out[:2]], {}
    src = d / "real.pptx"
    src.write_bytes(base_pptx())
    write(read(src), d / "real.json")
    pkg = json.loads((d / "real.json").read_text())["source"]["package"]
    other = rezip(
        base_pptx(), d / "other.pptx", {"ppt/slides/slide1.xml": lambda b: b.replace(b"Visible", SECRET.encode())}
    )
    (d / "real.assets" / pkg).write_bytes(other.read_bytes())
    yield "source.package swapped for another deck: validate", ["validate", d / "real.json"], (2,), [], {}
    yield "source.package swapped -> pptx", ["convert", d / "real.json", d / "sp.pptx", "--json"], (0,), ["sp"], {}


def class2(d: Path, url: str) -> Iterator[Case]:
    from tests.hostile_inputs import linked_picture_pptx, png

    (d / "red.png").write_bytes(png(40, 40, (255, 0, 0)))
    decks = {
        "http": linked_picture_pptx(d / "http.pptx", f"{url}/pixel.png"),
        "file://": linked_picture_pptx(d / "file.pptx", (d / "red.png").as_uri()),
        "relative": linked_picture_pptx(d / "rel.pptx", "../red.png"),
    }
    for name, deck in decks.items():
        yield (
            f"picture r:link {name}: render",
            ["render", deck, "-o", d / f"png-{deck.stem}", "--json"],
            (0,),
            [f"png-{deck.stem}"],
            {},
        )
    yield "picture r:link http: metrics", ["metrics", decks["http"], "--json"], (0,), [], {}
    yield "picture r:link http -> html", ["convert", decks["http"], d / "h.html", "--json"], (0,), ["h"], {}


def class3(d: Path, url: str) -> Iterator[Case]:
    from tests.hostile_inputs import picture_bomb_pptx

    big = picture_bomb_pptx(d / "bomb250.pptx", 250)
    yield (
        f"250 x 8 MiB pictures ({big.stat().st_size / MiB:.1f} MB) -> html",
        ["convert", big, d / "b.html"],
        (2,),
        [],
        {},
    )
    small = picture_bomb_pptx(d / "bomb30.pptx", 30)
    for out in ("b30.json", "b30.html", "b30.pptx"):
        yield f"30 x 8 MiB pictures -> {out.split('.')[1]}", ["convert", small, d / out, "--json"], (0,), ["b30"], {}


def class4(d: Path, url: str) -> Iterator[Case]:
    from tests.hostile_inputs import write_json

    fifo = d / "deck.pptx"
    os.mkfifo(fifo)
    for path in (Path("/dev/zero"), Path("/dev/urandom"), fifo, d):
        yield f"input {path.name or path}: inspect", ["inspect", path], (2,), [], {}
        yield f"input {path.name or path}: convert", ["convert", path, d / "o.json"], (2,), [], {}
    yield "ops file /dev/zero", ["edit", DECK, "--ops", "/dev/zero", "-o", d / "o.json"], (2,), [], {}
    yield "ops file a FIFO", ["edit", DECK, "--ops", fifo, "-o", d / "o.json"], (2,), [], {}
    os.mkfifo(d / "pic.png")
    page = d / "page.html"
    page.write_text("<html><body style='margin:0'><div style='width:1280px;height:720px'><h1>T</h1>"
                    "<img src='pic.png' width=100 height=100><img src='/dev/zero'></div></body></html>")  # fmt: skip
    yield "html <img> a FIFO and /dev/zero -> IR", ["convert", page, d / "page.json", "--json"], (0,), ["page"], {}
    write_json(d / "ops.json", [{"tool": "get_node_info", "args": {"nodeId": "card1"}}])


def class5(d: Path, url: str) -> Iterator[Case]:
    real = d / "real.json"
    real.write_text("old")
    os.symlink(real, d / "link.json")
    (d / "afile").write_text("x")
    (d / "adir").mkdir()
    yield (
        "output a symlink (target replaced, link kept)",
        ["convert", DECK, d / "link.json", "--to", "ir"],
        (0,),
        ["link", "real"],
        {},
    )
    yield "output /dev/stdout", ["convert", DECK, "/dev/stdout", "--to", "ir"], (0,), [], {}
    yield "output /dev/null", ["convert", DECK, "/dev/null", "--to", "pptx"], (0,), [], {}
    yield "output -", ["convert", DECK, "-", "--to", "ir"], (0,), [], {}
    for target in ("afile/out.json", "/proc/self/out.json", "/proc/version", "/sys/out.json", "adir", "/dev/full"):
        out = target if target.startswith("/") else d / target
        yield f"output {target}", ["convert", DECK, out, "--to", "ir"], (2,), [], {}


def class6(d: Path, url: str) -> Iterator[Case]:
    from tests.hostile_inputs import (
        deep_figma,
        deep_groups_pptx,
        deep_ir,
        ir_deck,
        numbers_ir,
        numbers_pptx,
        write_json,
    )

    yield (
        "pptx groups 200 deep -> IR",
        ["convert", deep_groups_pptx(d / "dg.pptx", 200), d / "dg.json", "--json"],
        (0,),
        ["dg"],
        {},
    )
    yield (
        "figma groups 200 deep -> pptx",
        ["convert", deep_figma(d / "df.json", 200), d / "df.pptx", "--json"],
        (0,),
        ["df"],
        {},
    )
    yield "IR groups 200 deep -> pptx", ["convert", deep_ir(d / "di.json", 200), d / "di.pptx"], (2,), [], {}
    yield (
        "pptx NaN/inf/1e30/5000-digit attrs -> pptx",
        ["convert", numbers_pptx(d / "n.pptx"), d / "n2.pptx", "--json"],
        (0,),
        ["n2"],
        {},
    )
    yield "IR numbers 1e30 -> pptx (clamped)", ["convert", numbers_ir(d / "n.json"), d / "ni.pptx"], (0,), ["ni"], {}
    yield "IR numbers -1e30 -> pptx", ["convert", numbers_ir(d / "m.json", -1e30), d / "nm.pptx"], (2,), [], {}
    (d / "nan.json").write_text('{"schema_version": "1.0", "slides": [{"id": "s1", "width": NaN, "children": []}]}')
    yield "IR JSON literal NaN: inspect", ["inspect", d / "nan.json"], (2,), [], {}
    text = {"paragraphs": [{"runs": [{"text": "a\ud800b\udfffc"}]}]}
    sur = d / "sur.json"
    sur.write_text(json.dumps(ir_deck([{"type": "TEXT", "id": "t", "name": "n\udc00", "text": text}])))
    yield "lone surrogates -> pptx", ["convert", sur, d / "sur.pptx", "--json"], (0,), ["sur"], {}
    bad = ["M 0 0 L zz", "M 1e308 0 L 1e308 1e308", "Q", "M 0 0 C 1 2", "x"]
    vec = write_json(d / "v.json", ir_deck([{"type": "VECTOR", "id": f"v{i}", "width": 50, "height": 50,
                                             "paths": [{"d": p}]} for i, p in enumerate(bad)]))  # fmt: skip
    yield "bad vector paths -> pptx", ["convert", vec, d / "v.pptx", "--json"], (0,), ["v"], {}
    for label, content in (("empty batch", "[]"), ("not a list", '"tool"'), ("non-string tool", '[{"tool": 5}]'),
                           ("nested 100,000 deep", "[" * 100000 + "]" * 100000),
                           ("unknown tool", '[{"tool": "bogus_tool", "args": {}}]')):  # fmt: skip
        ops = d / f"ops{len(content)}.json"
        ops.write_text(content)
        yield f"ops: {label}", ["edit", DECK, "--ops", ops, "-o", d / "o.json"], (2,), [], {}
    big = write_json(d / "big.json", [{"tool": "get_node_info", "args": {"nodeId": "card1"}}] * 1001)
    yield "ops: 1,001 operations", ["edit", DECK, "--ops", big, "-o", d / "o.json"], (2,), [], {}
    huge = write_json(d / "hx.json", [{"tool": "move_node", "args": {"nodeId": "card1", "x": 1e300, "y": -1e300}}])
    yield "ops: move_node x=1e300 -> pptx", ["edit", DECK, "--ops", huge, "-o", d / "hx.pptx"], (0, 2), ["hx"], {}


def class7(d: Path, url: str) -> Iterator[Case]:
    from tests.hostile_inputs import figma_file, figma_rect, write_json

    node = {"id": "5:2", "type": "TEXT", "name": "back\bspace\x01", "characters": "hi\x08there\x1f",
            "absoluteBoundingBox": {"x": 0, "y": 0, "width": 300, "height": 40}}  # fmt: skip
    fig = write_json(d / "f.json", figma_file([figma_rect("5:1", name="node\bname"), node]))
    for out in ("c.pptx", "c.html", "c.figma.json"):
        yield f"figma control chars -> {out.split('.', 1)[1]}", ["convert", fig, d / out, "--json"], (0,), ["c"], {}


def class8(d: Path, url: str) -> Iterator[Case]:
    from tests.hostile_inputs import ir_deck, write_json

    unsafe = [
        "javascript:alert(1)",
        " JaVa\tScRiPt:alert(2)",
        "vbscript:msgbox(3)",
        "data:text/html,<script>x</script>",
    ]
    nodes = [{"type": "TEXT", "id": f"t{i}", "width": 100, "height": 20, "hyperlink": u,
              "text": {"paragraphs": [{"runs": [{"text": f"l{i}", "style": {"hyperlink": u}}]}]}}
             for i, u in enumerate(unsafe)]  # fmt: skip
    src = write_json(d / "l.json", ir_deck(nodes))
    yield "javascript:/vbscript:/data:text links -> html", ["convert", src, d / "l.html", "--json"], (0,), ["l"], {}
    yield "same -> pptx", ["convert", src, d / "l.pptx", "--json"], (0,), ["l"], {}


def class9(d: Path, url: str) -> Iterator[Case]:
    from tests.hostile_inputs import figma_file, figma_rect, ir_deck, write_json

    data = ir_deck([])
    data["slides"] = [{"id": f"s{i}", "children": []} for i in range(60)]
    many = write_json(d / "many.json", data)
    yield "60-slide IR -> pptx, ACE_MAX_SLIDES=50", ["convert", many, d / "m.pptx"], (2,), [], {"ACE_MAX_SLIDES": "50"}
    fig = figma_file([])
    page = fig["document"]["children"][0]
    page["children"] = [
        {**figma_rect(f"1:{i}", type="FRAME", x=0, y=i * 1100, w=1920, h=1080), "children": []} for i in range(20000)
    ]
    big = write_json(d / "frames.json", fig)
    yield "figma 20,000 frames -> pptx", ["convert", big, d / "fr.pptx"], (0, 2), ["fr"], {}
    body = "".join(f"<div class='slide' style='width:1280px;height:720px'><h1>Slide {i}</h1><p>P <b>b</b></p></div>"
                   for i in range(300))  # fmt: skip
    (d / "p300.html").write_text(f"<html><body style='margin:0'>{body}</body></html>")
    yield "html 300 slides -> IR", ["convert", d / "p300.html", d / "p300.json"], (0,), ["p300"], {}


def class10(d: Path, url: str) -> Iterator[Case]:
    from tests.hostile_inputs import SECRET

    (d / "secret.txt").write_text(SECRET)
    deck = d / "deck"
    deck.mkdir()
    for i in (1, 2):
        (deck / f"s{i}.html").write_text(f"<html><body style='margin:0'><div style='width:1280px;height:720px'>"
                                         f"<h1>Frame {i}</h1></div></body></html>")  # fmt: skip
    os.mkfifo(deck / "fifo.html")
    frames = [
        "s1.html",
        "file:///etc/hostname",
        "../secret.txt",
        "fifo.html",
        "missing.html",
        f"{url}/x.html",
        "s2.html",
    ]
    (deck / "viewer.html").write_text("<html><body>" + "".join(
        f"<iframe src='{f}' width=1280 height=720></iframe>" for f in frames) + "</body></html>")  # fmt: skip
    yield "7 iframes, 5 blocked -> IR", ["convert", deck / "viewer.html", d / "v.json", "--json"], (0,), ["v"], {}
    yield "same: render", ["render", deck / "viewer.html", "-o", d / "vpng", "--json"], (0,), ["vpng"], {}


_SLOW_WRITE = """
import sys, time
from ace_core.fsutil import atomic_output
with atomic_output(sys.argv[1]) as fh:
    fh.write(b"partial"); fh.flush(); print("writing", flush=True); time.sleep(60)
"""


def class11(d: Path, url: str) -> Iterator[Case]:
    import io
    import zipfile

    from tests.hostile_inputs import base_pptx, png, write_json

    target = d / "k.json"
    target.write_text("old")
    proc = subprocess.Popen([sys.executable, "-c", _SLOW_WRITE, str(target)], stdout=subprocess.PIPE, cwd=ROOT)
    assert proc.stdout is not None and proc.stdout.readline() == b"writing\n"
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    yield "next write after a SIGKILLed write", ["convert", DECK, target, "--to", "ir"], (0,), ["k"], {}
    ops = write_json(d / "ops.json", [{"tool": "export_slide_image", "args": {}}])
    yield "export_slide_image --dry-run", ["edit", DECK, "--ops", ops, "--dry-run"], (0,), [], {}
    deck = d / "d.pptx"
    deck.write_bytes(base_pptx())
    yield "render --timeout 1", ["render", deck, "-o", d / "t-png", "--timeout", "1"], (0, 4), ["t-png"], {}
    data = base_pptx([png(300, 300, (10, 200, 30))])
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        info = z.getinfo(next(n for n in z.namelist() if n.startswith("ppt/media/")))
    raw = bytearray(data)
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for i in range(start + 10, start + min(info.compress_size, 60)):
        raw[i] ^= 0xFF
    (d / "c.pptx").write_bytes(bytes(raw))
    yield "corrupt media member: inspect", ["inspect", d / "c.pptx", "--json"], (0,), [], {}


CLASSES: dict[int, tuple[str, Callable[[Path, str], Iterator[Case]]]] = {
    1: ("file disclosure through IR JSON", class1),
    2: ("LibreOffice and linked content", class2),
    3: ("memory amplification", class3),
    4: ("inputs that do not end", class4),
    5: ("output paths", class5),
    6: ("exit 1 on bad input (depth, numbers, strings, paths, op batches)", class6),
    7: ("control characters", class7),
    8: ("unsafe hyperlinks", class8),
    9: ("scale", class9),
    10: ("blocked iframes", class10),
    11: ("leftovers and messages", class11),
}


def main() -> int:
    from tests.hostile_inputs import SECRET, assert_no_secret
    from tests.hostile_server import CountingServer

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--class", dest="classes", type=int, action="append", choices=sorted(CLASSES))
    parser.add_argument("--markdown", action="store_true", help="print markdown tables")
    args = parser.parse_args()
    root = args.out or Path(tempfile.mkdtemp(prefix="ace-bench-classes-"))
    bad = 0
    with CountingServer() as server:
        for number in args.classes or sorted(CLASSES):
            title, build = CLASSES[number]
            d = root / f"class{number}"
            d.mkdir(parents=True, exist_ok=True)
            rows = []
            for label, argv, expect, allowed, env in build(d, server.url):
                before = set(d.rglob("*"))
                seen = len(server.requests)
                res = run_ace(argv, d, env)
                requests = len(server.requests) - seen
                left = leftovers(d, before, allowed, res["code"])
                problems = []
                if res["code"] not in expect:
                    problems.append(f"exit {res['code']} not {expect}")
                if "Traceback" in res["err"]:
                    problems.append("traceback")
                if requests:
                    problems.append(f"{requests} requests")
                if left:
                    problems.append("left " + ", ".join(left[:3]))
                if SECRET in res["err"] or SECRET in res["out"]:
                    problems.append("secret in output")
                try:
                    assert_no_secret(*(p for p in d.rglob("*") if p.is_file() and p not in before))
                except AssertionError as exc:
                    problems.append(str(exc))
                bad += bool(problems)
                rows.append((label, str(res["code"]), message(res)[:110], str(requests), f"{res['peak'] / MiB:.0f} MB",
                             f"{res['s']:.1f}", ", ".join(left) or "none", "; ".join(problems) or "ok"))  # fmt: skip
            print(f"\n### Class {number}: {title}\n")
            head = ("input", "exit", "message", "req", "peak RSS", "s", "left behind", "verdict")
            if args.markdown:
                print("| " + " | ".join(head) + " |\n|" + "---|" * len(head))
                for row in rows:
                    print("| " + " | ".join(c.replace("|", "\\|") for c in row) + " |")
            else:
                for row in [head, *rows]:
                    print(f"{row[0][:52]:<52} {row[1]:<4} {row[3]:>3} {row[4]:>8} {row[5]:>6} {row[7]}  {row[2]}")
            sys.stdout.flush()
    print(f"\n{bad} case(s) failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
