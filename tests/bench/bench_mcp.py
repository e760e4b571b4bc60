"""Benchmark: `ace mcp` as a client sees it, per backend (scenegraph, ooxml, html).

    .venv/bin/python tests/bench/bench_mcp.py                 # prints the table
    .venv/bin/python tests/bench/bench_mcp.py --backend html  # one backend
    .venv/bin/python -m pytest tests/bench/bench_mcp.py       # asserts the targets

Each backend gets its own server, spawned over stdio as MCP clients start it, timed end to end
with the SDK's client (JSON-RPC framing, the worker thread, the tool). The deck: the first 20
slides of fixtures/decks/poi-ececapstonespring2012.pptx (text, pictures, tables). The session:
50 calls cycling edits (set_text_content, move_node, set_fill_color, resize_node, a 2-command
batch_execute, create_rectangle), reads (get_page_structure, get_text_node_info), render_slide of
the slide just edited, and diff. Then 500 warm-up calls (the undo stack, 64 steps, fills up and
memory reaches its plateau: RSS is also reported right after the 50-call session) and
1,000 more calls of the same cycle (renders every 100th; the create adds and removes a rectangle in
one batch, so the deck keeps its size) with the server's resident memory (VmRSS) read before and
after them. The session's edits also run straight on a backend object in this process (no MCP):
the peer, measured in the same run, that shows what the server adds to a call on a busy machine.
Targets (issue 14): median edit latency < 10 ms on scenegraph, < 30 ms on ooxml and html;
render_slide warm < 1 s; memory flat."""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "fixtures" / "decks" / "poi-ececapstonespring2012.pptx"
SLIDES = 20
SESSION_CALLS = 50
SOAK_CALLS = 1000
WARMUP_CALLS = 500
TARGET_EDIT_MS = {"scenegraph": 10.0, "ooxml": 30.0, "html": 30.0}
TARGET_RENDER_S = 1.0
RSS_GROWTH_LIMIT = 0.15
"""'flat': RSS after the 1,000 calls within 15 % of RSS after the first 50"""
_OWN_ID = re.compile(r"^s\d+\.\d+$")


def make_deck(folder: Path) -> Path:
    from adapters import read, write

    deck = read(SOURCE)
    deck.slides = deck.slides[:SLIDES]
    out = folder / "deck20.pptx"
    write(deck, out)
    return out


def _rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def _server_pid() -> int:
    """The `ace mcp` child of this process (the SDK spawns it; it does not hand out the pid)."""
    me = str(os.getpid())
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii") as fh:
                ppid = fh.read().rsplit(")", 1)[1].split()[1]
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        if ppid == me and b"mcp" in cmdline:
            return int(entry)
    raise RuntimeError("the server process was not found")


class Session:
    """Timed calls on one open deck."""

    def __init__(self, client: Any, deck: str, slides: list[str], texts: dict[str, list[str]]) -> None:
        self.client, self.deck, self.slides, self.texts = client, deck, slides, texts
        self.times: dict[str, list[float]] = {"edit": [], "read": [], "render": [], "diff": []}
        self.errors: list[str] = []

    async def call(self, kind: str, tool: str, args: dict[str, Any]) -> Any:
        t0 = time.perf_counter()
        result = await self.client.call_tool(tool, {"deck": self.deck, **args})
        self.times[kind].append(time.perf_counter() - t0)
        if result.is_error:
            self.errors.append(f"{tool}: {result.content[0].text}")
        return result

    async def step(self, i: int, *, render: bool = True, neutral: bool = False) -> None:
        """Call `i` of the cycle. `neutral`: the create adds a rectangle and removes it in the same
        batch, so the deck stays the same size (a soak then measures the server, not a growing deck)."""
        sid = self.slides[i % len(self.slides)]
        nodes = self.texts[sid]
        node = nodes[i % len(nodes)]
        k = i % 10
        if k == 0:
            await self.call("edit", "set_text_content", {"changes": [{"nodeId": node, "text": f"Edit {i}"}]})
        elif k == 1:
            await self.call("edit", "move_node", {"nodeId": node, "x": 40 + i % 50, "y": 60})
        elif k == 2:
            await self.call("edit", "set_fill_color", {"nodeId": node, "color": f"#{(i * 37) % 256:02X}4080"})
        elif k == 3:
            await self.call("edit", "resize_node", {"nodeId": node, "width": 400 + i % 100, "height": 90})
        elif k == 4:
            ops = [
                {"tool": "set_text_content", "args": {"changes": [{"nodeId": node, "text": f"Batch {i}"}]}},
                {"tool": "set_opacity", "args": {"nodeId": node, "opacity": 0.9}},
            ]
            await self.call("edit", "batch_execute", {"operations": ops})
        elif k == 5:
            box = {"x": 20 + i % 30, "y": 500, "width": 80, "height": 40, "fillColor": "#3366CC"}
            if neutral:
                ops = [
                    {"tool": "create_rectangle", "args": {"parentId": sid, **box}},
                    {"tool": "delete_node", "args": {"nodeIds": ["$0.id"]}},
                ]
                await self.call("edit", "batch_execute", {"operations": ops})
            else:
                await self.call("edit", "create_rectangle", {"parentId": sid, **box})
        elif k == 6:
            await self.call("read", "get_page_structure", {"slideId": sid, "maxDepth": 3})
        elif k == 7:
            await self.call("read", "get_text_node_info", {"nodeId": node})
        elif k == 8 and render:
            await self.call("render", "render_slide", {"slide": sid, "width": 1280})
        elif k == 9:
            await self.call("diff", "diff", {})


async def _open(client: Any, path: Path) -> Session:
    opened = await client.call_tool("open_deck", {"path": str(path)})
    if opened.is_error:
        raise RuntimeError(opened.content[0].text)
    data = opened.structured_content
    slides = [s["id"] for s in data["slide_list"]]
    texts: dict[str, list[str]] = {}
    for sid in slides:
        page = await client.call_tool("get_page_structure", {"deck": data["deck"], "slideId": sid, "maxDepth": 2})
        tree = page.structured_content["result"]["tree"]
        own = [n["id"] for n in tree if n["type"] == "TEXT" and _OWN_ID.match(n["id"])]
        if own:
            texts[sid] = own
    return Session(client, data["deck"], [s for s in slides if s in texts], texts)


def run_backend(backend: str, deck: Path, soak: int = SOAK_CALLS) -> dict[str, Any]:
    from mcp import Client, StdioServerParameters

    env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "ACE_CACHE_DIR", "XDG_CACHE_HOME")}
    env["PYTHONPATH"] = str(ROOT)
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "cli", "mcp", "--backend", backend, "--root", str(deck.parent)],
        env=env,
        cwd=str(deck.parent),
    )
    out: dict[str, Any] = {"backend": backend}

    async def scenario() -> None:
        async with Client(params, read_timeout_seconds=300) as client:
            pid = _server_pid()
            session = await _open(client, deck)
            t0 = time.perf_counter()
            for i in range(SESSION_CALLS):
                await session.step(i)
            out["session_s"] = time.perf_counter() - t0
            out["session"] = {k: list(v) for k, v in session.times.items()}
            edits = len(session.times["edit"])
            out["rss_session_mb"] = _rss_kb(pid) / 1024
            start = SESSION_CALLS + WARMUP_CALLS
            for i in range(SESSION_CALLS, start):  # fills the undo stack (64 steps), warms every path
                await session.step(i, render=i % 100 == 8, neutral=True)
            rss0 = _rss_kb(pid)
            trace = [rss0 / 1024]
            for i in range(start, start + soak):
                await session.step(i, render=i % 100 == 8, neutral=True)
                if (i - start + 1) % 250 == 0:
                    trace.append(_rss_kb(pid) / 1024)
            out["rss_trace"] = trace
            out["rss_before_mb"], out["rss_after_mb"] = rss0 / 1024, _rss_kb(pid) / 1024
            out["soak_edit"] = session.times["edit"][edits:]
            out["errors"] = session.errors

    anyio.run(scenario)
    return out


class _Direct:
    """The same calls straight on a backend object in this process (no MCP, no server): the peer
    the server's latency is compared with, measured in the same run."""

    def __init__(self, backend: Any) -> None:
        self.backend = backend

    async def call_tool(self, tool: str, args: dict[str, Any]) -> Any:
        from types import SimpleNamespace

        args = {k: v for k, v in args.items() if k != "deck"}
        if tool == "batch_execute":
            args["atomic"] = True
        out = self.backend.execute(tool, args) if tool != "diff" else {"ok": True}
        text = "" if out["ok"] else out["error"]["message"]
        return SimpleNamespace(is_error=not out["ok"], content=[SimpleNamespace(text=text)])


def run_direct(backend: str, deck: Path) -> float:
    """Median edit latency (ms) of the 50-call session's edits run on the backend directly."""
    from adapters import read
    from backends.native import make_backend

    be = make_backend(backend, read(deck))
    view = be.export()
    texts = {s.id: [n.id for n in s.children if n.type == "TEXT" and _OWN_ID.match(n.id)] for s in view.slides}
    texts = {k: v for k, v in texts.items() if v}
    session = Session(_Direct(be), "direct", [s.id for s in view.slides if s.id in texts], texts)

    async def scenario() -> None:
        for i in range(SESSION_CALLS):
            await session.step(i, render=False)

    anyio.run(scenario)
    return statistics.median(session.times["edit"]) * 1000


def summarize(r: dict[str, Any]) -> dict[str, Any]:
    s = r["session"]
    renders = s["render"]
    warm = renders[1:] or renders
    return {
        "backend": r["backend"],
        "direct_edit_median_ms": r.get("direct_edit_ms", float("nan")),
        "edit_median_ms": statistics.median(s["edit"]) * 1000,
        "edit_p90_ms": sorted(s["edit"])[int(0.9 * len(s["edit"]))] * 1000,
        "read_median_ms": statistics.median(s["read"]) * 1000,
        "diff_median_ms": statistics.median(s["diff"]) * 1000,
        "render_first_s": renders[0],
        "render_warm_median_s": statistics.median(warm),
        "render_warm_max_s": max(warm),
        "soak_edit_median_ms": statistics.median(r["soak_edit"]) * 1000,
        "rss_session_mb": r["rss_session_mb"],
        "rss_before_mb": r["rss_before_mb"],
        "rss_after_mb": r["rss_after_mb"],
        "rss_growth": r["rss_after_mb"] / r["rss_before_mb"] - 1,
        "errors": len(r["errors"]),
        "rss_trace": r["rss_trace"],
    }


def met(row: dict[str, Any]) -> dict[str, bool]:
    return {
        "edit": row["edit_median_ms"] < TARGET_EDIT_MS[row["backend"]],
        "render": row["render_warm_median_s"] < TARGET_RENDER_S,
        "memory": row["rss_growth"] < RSS_GROWTH_LIMIT,
        "no errors": row["errors"] == 0,
    }


def test_bench_mcp_targets() -> None:
    with tempfile.TemporaryDirectory(prefix="ace-bench-mcp-") as tmp:
        deck = make_deck(Path(tmp))
        for backend in TARGET_EDIT_MS:
            row = summarize(run_backend(backend, deck))
            assert all(met(row).values()), row


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--backend", choices=list(TARGET_EDIT_MS), action="append")
    parser.add_argument("--soak", type=int, default=SOAK_CALLS)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(prefix="ace-bench-mcp-") as tmp:
        deck = make_deck(Path(tmp))
        for backend in args.backend or list(TARGET_EDIT_MS):
            r = run_backend(backend, deck, soak=args.soak)
            r["direct_edit_ms"] = run_direct(backend, deck)
            for e in r["errors"][:5]:
                print(f"  {backend} error: {e}", file=sys.stderr)
            rows.append(summarize(r))
    cols = [
        ("backend", "backend", "{}"),
        ("direct edit ms", "direct_edit_median_ms", "{:.2f}"),
        ("edit med ms", "edit_median_ms", "{:.2f}"),
        ("edit p90 ms", "edit_p90_ms", "{:.2f}"),
        ("read med ms", "read_median_ms", "{:.2f}"),
        ("diff med ms", "diff_median_ms", "{:.1f}"),
        ("render 1st s", "render_first_s", "{:.2f}"),
        ("render warm s", "render_warm_median_s", "{:.3f}"),
        ("render max s", "render_warm_max_s", "{:.3f}"),
        ("soak edit ms", "soak_edit_median_ms", "{:.2f}"),
        ("RSS @50 MB", "rss_session_mb", "{:.0f}"),
        ("RSS before MB", "rss_before_mb", "{:.0f}"),
        ("RSS after MB", "rss_after_mb", "{:.0f}"),
        ("errors", "errors", "{}"),
    ]
    load = os.getloadavg()
    print(f"machine load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} on {os.cpu_count()} cores")
    print(" | ".join(c[0] for c in cols))
    for row in rows:
        print(" | ".join(fmt.format(row[key]) for _, key, fmt in cols))
    print(
        f"{SESSION_CALLS}-call session + {args.soak} soak calls on a {SLIDES}-slide deck; targets: edit median < "
        + ", ".join(f"{b} {t:g} ms" for b, t in TARGET_EDIT_MS.items())
        + f"; render warm < {TARGET_RENDER_S:g} s; RSS growth < {RSS_GROWTH_LIMIT:.0%}"
    )
    for row in rows:
        verdict = ", ".join(f"{k} {'met' if v else 'NOT met'}" for k, v in met(row).items())
        trace = " -> ".join(f"{v:.0f}" for v in row["rss_trace"])
        print(f"  {row['backend']}: {verdict} (RSS {row['rss_growth']:+.1%}; MB every 250 calls: {trace})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
