"""`ace mcp`: serve the tool suite to MCP clients (Claude Desktop / Code, Cursor, VS Code...)."""

from __future__ import annotations

from pathlib import Path

import typer

from ace_core.errors import BadInputError
from cli.output import out

MIN_TOKEN = 16


def register(app: typer.Typer) -> None:
    app.command("mcp")(mcp_command)


def mcp_command(
    transport: str = typer.Option(
        "stdio",
        "--transport",
        "-t",
        metavar="stdio|http",
        help="stdio (default: the client starts `ace mcp`) or http (streamable HTTP).",
    ),
    host: str = typer.Option(
        "127.0.0.1", "--host", metavar="ADDRESS", help="http: the address to bind; loopback unless told otherwise."
    ),
    port: int = typer.Option(
        8765, "--port", "-p", min=0, max=65535, metavar="PORT", help="http: the port (0: a free one)."
    ),
    token: str | None = typer.Option(
        None,
        "--token",
        metavar="TOKEN",
        envvar="ACE_MCP_TOKEN",
        help="http: the bearer token every request must send (Authorization: Bearer TOKEN); required with "
        "--transport http, at least 16 characters; $ACE_MCP_TOKEN keeps it out of the process list.",
        show_envvar=False,
    ),
    root: list[Path] = typer.Option(
        [],
        "--root",
        "-r",
        metavar="DIR",
        help="A folder the server may open and write decks under (repeatable; default: the working directory). "
        "Paths outside, symlinks leading out and existing files (unless overwrite=true) are refused.",
    ),
    backend: str = typer.Option(
        "scenegraph",
        "--backend",
        "-b",
        metavar="BACKEND",
        help="The default backend of open_deck and the tools listed: scenegraph (every tool), ooxml or html.",
    ),
) -> None:
    """Serve ACE over the Model Context Protocol: open decks as sessions on any backend, edit them
    with the whole tool suite (the agent's JSON schemas, atomic batches, undo), see a slide as an
    image (render_slide), diff, metrics, route, save. stdio by default; --transport http serves
    streamable HTTP on 127.0.0.1 and then requires --token. Logs go to stderr; the server makes no
    network requests."""
    import logging
    import signal
    import sys

    from backends.native import BACKEND_NAMES

    kind = transport.strip().lower().replace("streamable-http", "http")
    if kind not in ("stdio", "http"):
        raise BadInputError(f"unknown transport {transport!r}", where="--transport", hint="use stdio or http")
    name = backend.strip().lower()
    if name not in BACKEND_NAMES:
        raise BadInputError(f"unknown backend {backend!r}", where="--backend", hint=f"use {', '.join(BACKEND_NAMES)}")
    if kind == "http":
        if not token:
            raise BadInputError(
                "streamable HTTP needs a bearer token",
                where="--token",
                hint="give --token TOKEN or set ACE_MCP_TOKEN, e.g. "
                "python3 -c 'import secrets; print(secrets.token_urlsafe(32))'",
            )
        if len(token) < MIN_TOKEN:
            raise BadInputError(f"the token is shorter than {MIN_TOKEN} characters", where="--token")
        if host not in ("127.0.0.1", "localhost", "::1"):
            out.warn(
                f"listening on {host}, not loopback: traffic is plain HTTP, anyone who can reach it needs the token"
            )
    from cli.mcp.files import Roots
    from cli.mcp.server import bound_malloc_arenas, build_server, serve_http, serve_stdio

    bound_malloc_arenas()
    level = "DEBUG" if out.verbose > 1 else "INFO" if out.verbose else "WARNING"
    server = build_server(Roots.of(root), backend=name, log_level=level)
    logging.getLogger("ace.mcp").setLevel(level)
    logging.getLogger("fontTools").setLevel(logging.ERROR)  # font-table chatter is not the client's concern
    signal.signal(signal.SIGTERM, _terminate)
    out.detail(f"ace mcp: {len(server.ace_tools)} tools, roots {server.sessions.roots.describe()}")
    if kind == "stdio":
        if sys.stdin.isatty():
            out.info("ace mcp: serving MCP on stdin / stdout (an MCP client starts this command); Ctrl-C stops it")
        serve_stdio(server)
    else:
        serve_http(server, host=host, port=port, token=token or "", log_level=level.lower())


def _terminate(signum: int, frame: object) -> None:
    """SIGTERM ends the server like a closed stdin: the call in progress finishes first."""
    raise SystemExit(0)
