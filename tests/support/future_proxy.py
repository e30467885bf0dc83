"""A proxy that makes the service look like a later minor release (the conformance scenario's
forward-compatibility pass): every JSON answer carries a member and a hand category no 1.0 client
knows (:func:`tests.support.conformance.future_answer`), and a request's copy of that member, posted
back, is taken out as that release would read it. Everything else passes through as it is.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import threading
import urllib.parse
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.support.conformance import future_answer, without_member

#: Headers that belong to one connection, not to the message (RFC 9110 section 7.6.1).
HOP_BY_HOP = frozenset(("connection", "keep-alive", "transfer-encoding", "content-length", "te", "trailer", "upgrade"))


def _handler(upstream: urllib.parse.SplitResult, future: dict[str, str]) -> type[BaseHTTPRequestHandler]:
    class Forward(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            return

        def _forward(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            if body and "json" in (self.headers.get("Content-Type") or ""):
                body = json.dumps(without_member(json.loads(body), future["member"])).encode()
            headers = {name: value for name, value in self.headers.items() if name.lower() not in HOP_BY_HOP}
            connection = http.client.HTTPConnection(upstream.hostname, upstream.port, timeout=60)
            try:
                connection.request(self.command, self.path, body=body or None, headers=headers)
                answer = connection.getresponse()
                payload = answer.read()
                kind = answer.getheader("Content-Type") or ""
                if payload and kind.startswith(("application/json", "application/problem+json")):
                    payload = json.dumps(future_answer(json.loads(payload), future), ensure_ascii=False).encode()
                self.send_response(answer.status)
                for name, value in answer.getheaders():
                    if name.lower() not in HOP_BY_HOP:
                        self.send_header(name, value)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
            finally:
                connection.close()

        def do_GET(self) -> None:
            self._forward()

        def do_POST(self) -> None:
            self._forward()

    return Forward


@contextlib.contextmanager
def future_proxy(service_url: str, future: dict[str, str]) -> Iterator[str]:
    """The proxy in front of ``service_url`` while the block runs; its URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(urllib.parse.urlsplit(service_url), future))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="future-proxy", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
