"""`ace mcp` end to end with the official SDK's client: stdio (the server a subprocess, as MCP
clients start it) and streamable HTTP on 127.0.0.1 with a bearer token."""

from __future__ import annotations

import base64
import io
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

import anyio
import pytest

from tests.conftest import FIXTURES, ROOT, needs_chromium, needs_soffice

mcp = pytest.importorskip("mcp")
from mcp import Client, StdioServerParameters  # noqa: E402

pytestmark = [pytest.mark.render]

DECK = FIXTURES / "decks" / "pptagent-build_effective_agents.pptx"  # 10 slides, 1280 x 720
BIG = FIXTURES / "decks" / "poi-ececapstonespring2012.pptx"  # 24 slides
RED_BOX = {"x": 880, "y": 420, "width": 300, "height": 200}


def _env(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "ACE_CACHE_DIR", "XDG_CACHE_HOME")}
    env["PYTHONPATH"] = str(ROOT)
    env.setdefault("ACE_CACHE_DIR", str(Path(tempfile.gettempdir()) / "ace-test-cache"))
    return env


def stdio(tmp: Path, *args: str) -> Client:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "cli", "mcp", "--root", str(tmp), *args], env=_env(tmp), cwd=str(tmp)
    )
    return Client(params, read_timeout_seconds=120)


def text(result: Any) -> str:
    return result.content[0].text


async def ok(client: Client, tool: str, args: dict[str, Any]) -> Any:
    t0 = time.perf_counter()
    result = await client.call_tool(tool, args)
    if os.environ.get("ACE_TEST_TIMES"):
        print(f"{tool}: {time.perf_counter() - t0:.3f} s", file=sys.stderr)
    assert not result.is_error, f"{tool}: {text(result)}"
    return result.structured_content


def png_of(result: Any) -> Any:
    from PIL import Image

    images = [c for c in result.content if c.type == "image"]
    assert len(images) == 1 and images[0].mime_type == "image/png"
    return Image.open(io.BytesIO(base64.b64decode(images[0].data))).convert("RGB")


def red_share(img: Any, box: dict[str, float], slide_width: float = 1280) -> float:
    """Share of pure-ish red pixels in the middle of `box` (slide px) of a render."""
    import numpy as np

    k = img.width / slide_width
    x0, y0 = (box["x"] + box["width"] * 0.25) * k, (box["y"] + box["height"] * 0.25) * k
    x1, y1 = (box["x"] + box["width"] * 0.75) * k, (box["y"] + box["height"] * 0.75) * k
    px = np.asarray(img.crop((round(x0), round(y0), round(x1), round(y1))), dtype=int)
    red = (px[..., 0] > 200) & (px[..., 1] < 60) & (px[..., 2] < 60)
    return float(red.mean())


def edit_two_slides(deck: str) -> dict[str, Any]:
    return {
        "deck": deck,
        "operations": [
            {"tool": "create_rectangle", "args": {"parentId": "s257", **RED_BOX, "fillColor": "#FF0000"}, "id": "box"},
            {"tool": "set_text_content", "args": {"changes": [{"nodeId": "s258.3", "text": "Edited over MCP"}]}},
        ],
    }


def read_text(path: Path) -> str:
    from adapters import read

    deck = read(path)
    return " | ".join(n.text.plain_text for _, n in deck.iter_nodes() if getattr(n, "text", None) is not None)


@needs_chromium
def test_stdio_session_edit_render_save_reopen(tmp_path: Path) -> None:
    shutil.copy(DECK, tmp_path / "deck.pptx")

    async def scenario() -> None:
        async with stdio(tmp_path) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            suite = [n for n in tools if "deck" in tools[n].input_schema.get("required", [])]
            assert len(suite) >= 98 + 5  # the suite (98 + the slide-copy extension) and the deck tools
            for name in ("open_deck", "save_deck", "render_slide", "diff", "undo", "route", "metrics", "convert"):
                assert name in tools
            schema = tools["set_fill_color"].input_schema
            assert schema["required"][0] == "deck" and "nodeId" in schema["properties"]
            opened = await ok(client, "open_deck", {"path": "deck.pptx"})
            deck = opened["deck"]
            assert opened["slides"] == 10 and opened["backend"] == "scenegraph" and "losses" in opened

            before = png_of(await client.call_tool("render_slide", {"deck": deck, "slide": 2}))
            assert red_share(before, RED_BOX) < 0.05
            batch = await ok(client, "batch_execute", edit_two_slides(deck))
            assert batch["result"]["ok"] and len(batch["result"]["results"]) == 2
            after = await client.call_tool("render_slide", {"deck": deck, "slide": "s257", "width": 640})
            img = png_of(after)
            assert img.size == (640, 360)
            assert red_share(img, RED_BOX) > 0.9

            diff = await ok(client, "diff", {"deck": deck})
            assert diff["edits"] >= 2 and "Edited over MCP" in diff["text"]

            routed = await ok(client, "route", {"deck": deck, "instruction": "Make the title on slide 3 bold"})
            assert routed["mode"] == "MICRO_SPATIAL" and routed["target_slides"] == [3]
            assert routed["tokens"] < routed["full_tokens"]
            res = await client.read_resource(f"deck://{deck}/slide/3")
            assert "Edited over MCP" in res.contents[0].text
            skeleton = await client.read_resource(f"deck://{deck}/skeleton")
            full = await client.read_resource(f"deck://{deck}/full")
            assert len(skeleton.contents[0].text) < len(full.contents[0].text)

            saved = await ok(client, "save_deck", {"deck": deck, "path": "out/edited.pptx"})
            assert saved["mode"] == "patch" and saved["format"] == "pptx"
            await ok(client, "save_deck", {"deck": deck, "path": "out/edited.html"})
            refused = await client.call_tool("save_deck", {"deck": deck, "path": "out/edited.html"})
            assert refused.is_error and "exists" in text(refused) and "overwrite=true" in text(refused)
            refused = await client.call_tool("close_deck", {"deck": deck, "discard": False})
            assert not refused.is_error  # saved: nothing to lose

            for name in ("edited.pptx", "edited.html"):
                reopened = await ok(client, "open_deck", {"path": f"out/{name}"})
                page = await ok(client, "get_page_structure", {"deck": reopened["deck"], "slideId": "s257"})
                boxes = [n for n in page["result"]["tree"] if n["type"] == "RECTANGLE"]
                assert any(abs(n["x"] - RED_BOX["x"]) < 1 and abs(n["width"] - RED_BOX["width"]) < 1 for n in boxes)
            listed = await ok(client, "list_decks", {})
            assert [d["deck"] for d in listed["decks"]] == ["d2", "d3"]

    anyio.run(scenario)
    assert "Edited over MCP" in read_text(tmp_path / "out" / "edited.pptx")
    assert "Edited over MCP" in read_text(tmp_path / "out" / "edited.html")
    assert (tmp_path / "deck.pptx").read_bytes() == DECK.read_bytes()  # the input is untouched


def test_stdio_errors_roots_undo_and_two_decks(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(DECK, root / "a.pptx")
    shutil.copy(DECK, root / "b.pptx")
    outside = tmp_path / "outside.pptx"
    shutil.copy(DECK, outside)
    (root / "escape.pptx").symlink_to(outside)
    (root / "link-dir").symlink_to(tmp_path)

    async def scenario() -> None:
        async with stdio(root) as client:
            for path in (str(outside), "../outside.pptx", "escape.pptx"):
                refused = await client.call_tool("open_deck", {"path": path})
                assert refused.is_error and "outside the roots" in text(refused), text(refused)
            a = (await ok(client, "open_deck", {"path": "a.pptx"}))["deck"]
            b = (await ok(client, "open_deck", {"path": "b.pptx", "backend": "html"}))["deck"]
            for path in ("link-dir/x.pptx", str(tmp_path / "x.pptx")):
                refused = await client.call_tool("save_deck", {"deck": a, "path": path})
                assert refused.is_error and "outside" in text(refused), text(refused)
            refused = await client.call_tool("save_deck", {"deck": a})  # back onto the input
            assert refused.is_error and "overwrite=true" in text(refused)
            refused = await client.call_tool("create_image", {"deck": a, "source": str(outside)})
            assert refused.is_error and "outside the roots" in text(refused)
            nested = {"deck": a, "operations": [{"tool": "create_image", "args": {"source": "escape.pptx"}}]}
            refused = await client.call_tool("batch_execute", nested)
            assert refused.is_error and "operations[0].source" in text(refused)

            start = await ok(client, "get_page_structure", {"deck": a, "slideId": "s258"})
            bad = edit_two_slides(a)
            bad["operations"].append({"tool": "set_fill_color", "args": {"nodeId": "no-such-node", "color": "#00FF00"}})
            failed = await client.call_tool("batch_execute", bad)
            assert failed.is_error
            assert "operation 2 (set_fill_color)" in text(failed) and "nothing was applied" in text(failed)
            assert failed.structured_content["failed_index"] == 2
            assert await ok(client, "get_page_structure", {"deck": a, "slideId": "s258"}) == start
            assert (await ok(client, "diff", {"deck": a}))["edits"] == 0
            bad_args = await client.call_tool("move_node", {"deck": a, "nodeId": "s258.3", "x": "left"})
            assert bad_args.is_error and "field x" in text(bad_args)
            unknown = await client.call_tool("no_such_tool", {"deck": a})
            assert unknown.is_error and "unknown tool" in text(unknown)

            await ok(client, "batch_execute", edit_two_slides(a))  # on deck a only
            await ok(client, "set_text_content", {"deck": b, "changes": [{"nodeId": "s258.3", "text": "Deck B"}]})
            page_a = await ok(client, "get_text_node_info", {"deck": a, "nodeId": "s258.3"})
            page_b = await ok(client, "get_text_node_info", {"deck": b, "nodeId": "s258.3"})
            assert "Edited over MCP" in str(page_a) and "Deck B" not in str(page_a)
            assert "Deck B" in str(page_b) and "Edited over MCP" not in str(page_b)
            assert (await ok(client, "diff", {"deck": b}))["edits"] == 1

            await ok(client, "checkpoint", {"deck": a, "name": "boxed"})
            await ok(client, "delete_slide", {"deck": a, "slideId": "s259"})
            assert (await ok(client, "list_decks", {}))["decks"][0]["slides"] == 9
            since = await ok(client, "diff", {"deck": a, "since": "boxed"})
            assert since["edits"] >= 1 and "s259" in since["text"]
            undone = await ok(client, "undo", {"deck": a})
            assert undone["undone"] == 1 and undone["slides"] == 10
            assert (await ok(client, "diff", {"deck": a, "since": "boxed"}))["edits"] == 0
            await ok(client, "undo", {"deck": a})  # the batch: one step
            assert (await ok(client, "diff", {"deck": a}))["edits"] == 0
            nothing = await client.call_tool("undo", {"deck": a})
            assert nothing.is_error and "nothing to undo" in text(nothing)

            unsaved = await client.call_tool("close_deck", {"deck": b})
            assert unsaved.is_error and "unsaved" in text(unsaved)
            await ok(client, "close_deck", {"deck": b, "discard": True})
            gone = await client.call_tool("get_page_info", {"deck": b})
            assert gone.is_error and "no open deck 'd2'" in text(gone)

            changes = [{"nodeId": "s258.3", "text": "Saved whole"}]
            await ok(client, "set_text_content", {"deck": a, "changes": changes})
            with anyio.move_on_after(0.05):  # the client goes away while the save runs
                await client.call_tool("save_deck", {"deck": a, "path": "out.html"})

    anyio.run(scenario)
    # no temporary file beside the target, the input untouched
    assert sorted(p.name for p in root.iterdir() if p.name != "out.html") == [
        "a.pptx",
        "b.pptx",
        "escape.pptx",
        "link-dir",
    ]
    assert (root / "a.pptx").read_bytes() == DECK.read_bytes()
    target = root / "out.html"
    if target.exists():  # the save finished before the server stopped: the whole deck, never a part
        assert target.read_text(encoding="utf-8").rstrip().endswith("</html>")
        assert "Saved whole" in read_text(target)


def _warm_office_pids(server_pid: int) -> list[int]:
    """Processes of the warm LibreOffice a server started (its pipe name carries the server's pid)."""
    mark = f"pipe,name=ace-{server_pid}-".encode()
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if mark in Path(f"/proc/{entry}/cmdline").read_bytes():
                    found.append(int(entry))
            except OSError:
                continue
    return found


def _http_server(tmp: Path, token: str, *args: str) -> tuple[subprocess.Popen[bytes], str]:
    cmd = [sys.executable, "-m", "cli", "mcp", "--transport", "http", "--port", "0", "--root", str(tmp), *args]
    proc = subprocess.Popen(
        cmd, env={**_env(tmp), "ACE_MCP_TOKEN": token}, cwd=str(tmp), stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    assert proc.stderr is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stderr.readline().decode()
        if "http://" in line:
            return proc, line.split("http://", 1)[1].split()[0]
        if not line and proc.poll() is not None:
            break
    proc.kill()
    raise AssertionError(f"the server did not start: {proc.stderr.read().decode()[-2000:]}")


@needs_soffice
def test_http_token_and_ooxml_backend(tmp_path: Path) -> None:
    import httpx2
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    shutil.copy(DECK, tmp_path / "deck.pptx")
    token = "t0ken-for-the-test-" + os.urandom(8).hex()
    proc, address = _http_server(tmp_path, token, "--backend", "ooxml")
    url = f"http://{address}"
    try:
        assert address.startswith("127.0.0.1:")
        for headers in ({}, {"Authorization": "Bearer wrong-token-of-some-length"}, {"Authorization": token}):
            r = httpx2.post(url, headers=headers, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
            assert r.status_code == 401

        async def scenario() -> None:
            http = create_mcp_http_client(headers={"Authorization": f"Bearer {token}"})
            async with http, Client(streamable_http_client(url, http_client=http), read_timeout_seconds=120) as c:
                names = {t.name for t in (await c.list_tools()).tools}
                assert "set_layout_mode" not in names and "set_fill_color" in names  # ooxml binds no auto-layout
                opened = await ok(c, "open_deck", {"path": "deck.pptx"})
                deck = opened["deck"]
                assert opened["backend"] == "ooxml" and "set_layout_mode" in opened["unsupported_tools"]
                batch = await ok(c, "batch_execute", edit_two_slides(deck))
                assert batch["result"]["ok"]
                flat = await c.call_tool(
                    "set_layout_mode", {"deck": deck, "nodeId": "s257.3", "layoutMode": "VERTICAL"}
                )
                assert flat.is_error and "unsupported on ooxml" in text(flat)
                shot = await c.call_tool("render_slide", {"deck": deck, "slide": 2, "width": 640})
                assert not shot.is_error, text(shot)
                assert "libreoffice" in text(shot) and red_share(png_of(shot), RED_BOX) > 0.9
                saved = await ok(c, "save_deck", {"deck": deck, "path": "edited.pptx"})
                assert saved["mode"] == "patch"

        anyio.run(scenario)
        office = _warm_office_pids(proc.pid)
        assert office  # the preview went through the warm LibreOffice this server started
        proc.kill()  # even a server killed outright leaves no LibreOffice behind
        proc.wait(timeout=30)
        deadline = time.monotonic() + 20
        while _warm_office_pids(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _warm_office_pids(proc.pid)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
    with zipfile.ZipFile(tmp_path / "edited.pptx") as z:
        assert z.testzip() is None
    assert "Edited over MCP" in read_text(tmp_path / "edited.pptx")
    assert proc.stdout is not None and proc.stdout.read() == b""  # nothing on stdout over HTTP either


def test_http_needs_a_long_enough_token(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from cli.main import main

    monkeypatch.delenv("ACE_MCP_TOKEN", raising=False)
    assert main(["mcp", "--transport", "http", "--port", "0"]) == 2
    assert "needs a bearer token" in capsys.readouterr().err
    assert main(["mcp", "--transport", "http", "--port", "0", "--token", "short"]) == 2
    captured = capsys.readouterr()
    assert "shorter than 16" in captured.err and captured.out == ""


@pytest.mark.parametrize("backend", ["ooxml", "html"])
def test_undo_and_diff_on_native_backends(tmp_path: Path, backend: str) -> None:
    """In-process (the SDK's client on the server object): undo and diff on the OpenXML and DOM documents."""
    from cli.mcp.files import Roots
    from cli.mcp.server import build_server

    shutil.copy(DECK, tmp_path / "deck.pptx")

    async def scenario() -> None:
        async with Client(build_server(Roots.of([tmp_path]), backend=backend)) as client:
            deck = (await ok(client, "open_deck", {"path": "deck.pptx"}))["deck"]
            before = await ok(client, "get_text_node_info", {"deck": deck, "nodeId": "s258.3"})
            await ok(client, "batch_execute", edit_two_slides(deck))
            await ok(client, "move_node", {"deck": deck, "nodeId": "s258.3", "x": 20, "y": 20})
            assert (await ok(client, "diff", {"deck": deck}))["edits"] >= 3
            assert (await ok(client, "undo", {"deck": deck, "steps": 2}))["undone"] == 2
            assert await ok(client, "get_text_node_info", {"deck": deck, "nodeId": "s258.3"}) == before
            assert (await ok(client, "diff", {"deck": deck}))["edits"] == 0
            res = await client.read_resource(f"deck://{deck}/tokens")
            assert res.contents[0].mime_type == {"ooxml": "application/xml", "html": "text/html"}[backend]

    anyio.run(scenario)
