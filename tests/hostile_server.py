"""A local HTTP server on 127.0.0.1 that records every request and connection it sees (tests of
the network lock assert it saw none)."""

from __future__ import annotations

import http.server
import socketserver
import threading


class _Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.server.seen.append(self.path)  # type: ignore[attr-defined]
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.end_headers()
        self.wfile.write(b"leaked")

    do_POST = do_GET

    def log_message(self, *args: object) -> None:
        pass


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.connections = 0
        super().__init__(("127.0.0.1", 0), _Handler)

    def verify_request(self, request, client_address) -> bool:  # type: ignore[no-untyped-def]
        self.connections += 1
        return True


class CountingServer:
    """`with CountingServer() as s:` -> s.url; s.requests lists the paths requested."""

    def __enter__(self) -> CountingServer:
        self._server = _Server()
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def requests(self) -> list[str]:
        return list(self._server.seen)

    @property
    def connections(self) -> int:
        return self._server.connections
