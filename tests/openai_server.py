"""A small OpenAI-compatible chat-completions server on 127.0.0.1 for tests of the real litellm path
(no network): `answer(request) -> message` decides each reply; every request is recorded.

    with OpenAIServer(answer) as server:
        ...  --model openai/test-model --api-base {server.url}
        server.requests  # the JSON bodies received, in order
"""

from __future__ import annotations

import http.server
import json
import socketserver
import threading
import time
from collections.abc import Callable
from typing import Any

Answer = Callable[[dict[str, Any]], dict[str, Any]]
"""request body -> the assistant message: {"content": str} or {"tool_calls": [{"name", "arguments"}]}"""


def _text(messages: list[dict[str, Any]]) -> str:
    parts = []
    for m in messages:
        c = m.get("content")
        if isinstance(c, str):
            parts.append(c)
        elif isinstance(c, list):
            parts.extend(p.get("text", "") for p in c if isinstance(p, dict))
    return "\n".join(parts)


class _Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        server: _Server = self.server  # type: ignore[assignment]
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        if not self.path.rstrip("/").endswith("chat/completions"):
            self.send_error(404)
            return
        with server.lock:
            server.requests.append(body)
        message = server.answer(body)
        calls = [
            {
                "id": f"call_{i}",
                "type": "function",
                "function": {"name": c["name"], "arguments": json.dumps(c.get("arguments", {}))},
            }
            for i, c in enumerate(message.get("tool_calls") or [])
        ]
        prompt = max(1, len(_text(body.get("messages", []))) // 4)
        content = message.get("content")
        reply = {
            "id": f"chatcmpl-{len(server.requests)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", "test-model"),
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content, **({"tool_calls": calls} if calls else {})},
                    "finish_reason": "tool_calls" if calls else "stop",
                }
            ],
            "usage": {
                "prompt_tokens": prompt,
                "completion_tokens": 7,
                "total_tokens": prompt + 7,
                "prompt_tokens_details": {"cached_tokens": server.cached},
            },
        }
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, answer: Answer, cached: int) -> None:
        self.answer = answer
        self.cached = cached
        self.requests: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        super().__init__(("127.0.0.1", 0), _Handler)


class OpenAIServer:
    """`with OpenAIServer(answer, cached=N) as s:` -> s.url (the API base, ending in /v1);
    every reply reports N cached prompt tokens."""

    def __init__(self, answer: Answer, *, cached: int = 0) -> None:
        self._server = _Server(answer, cached)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    @property
    def requests(self) -> list[dict[str, Any]]:
        return self._server.requests

    def __enter__(self) -> OpenAIServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()


def message_text(body: dict[str, Any]) -> str:
    """All the text of a request's messages (to decide what it asks)."""
    return _text(body.get("messages", []))
