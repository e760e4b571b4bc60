"""The MCP server (the SDK's MCPServer, formerly FastMCP): ACE's tools and deck resources, over
stdio or streamable HTTP on loopback behind a bearer token. Logs go to stderr only."""

from __future__ import annotations

import base64
import contextlib
import difflib
import hmac
import logging
import os
import sys
from collections.abc import Iterable
from typing import Any

import anyio
import mcp_types as types
from mcp.server.lowlevel.helper_types import ReadResourceContents
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError

from ace_core import __version__
from ace_core.errors import AceError, ToolError
from cli.mcp.files import Roots
from cli.mcp.resources import list_resources, read_resource, templates
from cli.mcp.session_tools import session_tools
from cli.mcp.sessions import Sessions
from cli.mcp.tools_bridge import Reply, ToolDef, error_reply, quick_call, run_suite_tool, suite_tools

__all__ = ["AceServer", "BearerAuth", "bound_malloc_arenas", "build_server", "serve_http", "serve_stdio"]

log = logging.getLogger("ace.mcp")

INSTRUCTIONS = """ACE edits slide decks (pptx, HTML, Figma JSON, IR JSON). Call open_deck(path) first: it returns a
deck handle ('d1') that every other tool takes as `deck`. The editing tools are ACE's tool suite (get_page_structure
lists a slide's node ids; batch_execute applies several edits as one atomic commit). render_slide shows a slide as an
image; diff lists what changed since open (or a checkpoint); undo takes back the last committed call; save_deck writes
the result (the source is patched, never overwritten unless overwrite=true). Read deck://{handle}/skeleton,
/slide/{n}, /tokens or /full for the deck's text. Files are only read and written under the server's roots."""


class AceServer(MCPServer):
    """MCPServer with ACE's tools (session tools and the suite, each with its own JSON schema)
    and one resource set per open deck. Every call runs under the sessions' engine lock: a quick
    suite call on the event loop, anything else (saves, renders, opens) on a worker thread, so a
    client that goes away mid-call never interrupts a write."""

    def __init__(self, sessions: Sessions, *, log_level: str = "WARNING") -> None:
        super().__init__(
            "ace",
            title="ACE slide decks",
            version=__version__,
            instructions=INSTRUCTIONS,
            log_level=log_level,  # type: ignore[arg-type]
        )
        self.sessions = sessions
        self.ace_tools: dict[str, ToolDef] = {}
        for tool in [*session_tools(sessions), *suite_tools(sessions, sessions.default_backend)]:
            if tool.name in self.ace_tools:
                raise ValueError(f"tool {tool.name} is defined twice")
            self.ace_tools[tool.name] = tool
        self.calls = 0

    # -- tools -----------------------------------------------------------------------------------
    async def list_tools(self) -> list[types.Tool]:
        return [
            types.Tool(
                name=t.name,
                title=t.title,
                description=t.description,
                input_schema=t.schema,
                annotations=types.ToolAnnotations(
                    title=t.title,
                    read_only_hint=t.read_only,
                    destructive_hint=t.destructive,
                    open_world_hint=False,
                ),
            )
            for t in self.ace_tools.values()
        ]

    def _tool_input_schema(self, name: str) -> dict[str, Any] | None:
        tool = self.ace_tools.get(name)
        return tool.schema if tool is not None else None

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> types.CallToolResult:
        tool = self.ace_tools.get(name) or self._unlisted(name)
        if tool is None:
            close = difflib.get_close_matches(name, list(self.ace_tools), n=3)
            hint = f"did you mean {', '.join(close)}?" if close else "tools/list gives the names"
            reply = error_reply(ToolError(f"unknown tool {name!r}", tool=name, hint=hint), name)
        else:
            args = arguments or {}
            lock = self.sessions.lock
            if tool.quick is not None and tool.quick(args) and lock.acquire(blocking=False):
                try:  # milliseconds: on the event loop, no thread hand-off
                    reply = self._run(tool, args)
                finally:
                    lock.release()
            else:  # on a worker thread: the loop stays free, and a client that leaves cannot cut it short
                reply = await anyio.to_thread.run_sync(self._run, tool, args)
            if name in ("open_deck", "close_deck") and not reply.error:
                await _resources_changed(context)
        return _result(reply)

    def _unlisted(self, name: str) -> ToolDef | None:
        """A suite tool the default backend does not bind (so not listed): still callable on a
        deck whose backend binds it; other decks answer their backend's reason."""
        from ace_core.tools import registry

        if name not in registry():
            return None
        run = lambda args: run_suite_tool(self.sessions, name, args)  # noqa: E731
        return ToolDef(name, "", {}, run=run, quick=lambda args: quick_call(name, args))

    def _run(self, tool: ToolDef, arguments: dict[str, Any]) -> Reply:
        with self.sessions.lock:
            self.calls += 1
            try:
                reply = tool.run(arguments)
            except AceError as exc:
                reply = error_reply(exc, tool.name)
            except Exception as exc:  # a bug: one line to the client, the traceback to stderr
                log.exception("tool %s failed", tool.name)
                reply = error_reply(exc, tool.name)
        if reply.error:
            log.info("tool %s: %s", tool.name, reply.body())
        return reply

    # -- resources -------------------------------------------------------------------------------
    async def list_resources(self) -> list[types.Resource]:
        items = await anyio.to_thread.run_sync(self._locked, list_resources)
        return [types.Resource(**item) for item in items]

    async def list_resource_templates(self) -> list[types.ResourceTemplate]:
        return [types.ResourceTemplate(**t) for t in templates()]

    async def read_resource(self, uri: Any, context: Any = None) -> Iterable[ReadResourceContents]:
        try:
            text, mime = await anyio.to_thread.run_sync(self._locked, read_resource, str(uri))
        except AceError as exc:
            missing = "no open deck" in exc.message or "not a deck resource" in exc.message
            raise (ResourceNotFoundError if missing else ResourceError)(exc.message) from None
        return [ReadResourceContents(content=text, mime_type=mime)]

    def _locked(self, fn: Any, *args: Any) -> Any:
        with self.sessions.lock:
            return fn(self.sessions, *args)


async def _resources_changed(context: Any) -> None:
    """Tell the client the deck:// resource list changed (a deck opened or closed)."""
    if context is None:
        return
    with contextlib.suppress(Exception):
        await context.notify_resources_changed()
    with contextlib.suppress(Exception):
        await context.session.send_resource_list_changed()


def _result(reply: Reply) -> types.CallToolResult:
    content: list[Any] = [types.TextContent(text=reply.body())]
    for png in reply.images:
        content.append(types.ImageContent(data=base64.b64encode(png).decode("ascii"), mime_type="image/png"))
    return types.CallToolResult(content=content, structured_content=reply.data, is_error=reply.error)


def build_server(roots: Roots, *, backend: str = "scenegraph", log_level: str = "WARNING") -> AceServer:
    return AceServer(Sessions(roots, default_backend=backend), log_level=log_level)


def bound_malloc_arenas(arenas: int = 2) -> None:
    """Cap glibc's malloc arenas (as MALLOC_ARENA_MAX does) before the worker threads start: each
    thread that allocates would otherwise get an arena of its own, each keeping its high-water
    mark, and a long session's memory creeps up with the thread pool instead of staying flat."""
    if sys.platform != "linux" or os.environ.get("MALLOC_ARENA_MAX"):
        return
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").mallopt(-8, arenas)  # M_ARENA_MAX


# -- transports ----------------------------------------------------------------------------------
def serve_stdio(server: AceServer) -> None:
    """JSON-RPC on stdin / stdout (the SDK diverts fd 1 to stderr meanwhile: a stray print cannot
    corrupt the protocol); returns when the client closes stdin."""
    try:
        anyio.run(server.run_stdio_async)
    finally:
        _shutdown(server)


class BearerAuth:
    """ASGI middleware: every HTTP request needs `Authorization: Bearer <token>` (compared in
    constant time); anything else gets 401."""

    def __init__(self, app: Any, token: str) -> None:
        self.app = app
        self.token = token.encode("utf-8")

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope.get("type") == "http":
            given = b""
            for key, value in scope.get("headers") or []:
                if key.lower() == b"authorization":
                    given = value
            scheme, _, token = given.partition(b" ")
            if scheme.lower() != b"bearer" or not hmac.compare_digest(token.strip(), self.token):
                body = b'{"error": "unauthorized: send Authorization: Bearer <the server\'s --token>"}'
                await send(
                    {
                        "type": "http.response.start",
                        "status": 401,
                        "headers": [
                            (b"content-type", b"application/json"),
                            (b"www-authenticate", b'Bearer realm="ace"'),
                            (b"content-length", str(len(body)).encode()),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


def serve_http(server: AceServer, *, host: str, port: int, token: str, log_level: str = "warning") -> None:
    """Streamable HTTP at http://HOST:PORT/mcp behind the bearer token; prints the URL on stderr."""
    import socket

    import uvicorn

    app = BearerAuth(server.streamable_http_app(host=host), token)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        from ace_core.errors import BadInputError

        raise BadInputError(f"cannot listen: {exc.strerror or exc}", where=f"{host}:{port}") from exc
    sock.listen(64)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    sys.stderr.write(f"ace mcp: streamable HTTP on http://{shown}:{bound}/mcp (bearer token required)\n")
    sys.stderr.flush()
    config = uvicorn.Config(app, log_level=log_level, lifespan="on", access_log=False)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
        _shutdown(server)


def _shutdown(server: AceServer) -> None:
    """Wait for a call still running (a save finishes whole), then drop every deck."""
    with server.sessions.lock:
        server.sessions.close_all()
