"""A local HTTP server in a thread, on 127.0.0.1, standing in for Discord, Slack or a
promoter's own receiver in the webhook tests: it answers each POST as its script says (a status
with headers, or ``HANG`` to hold the request without answering) and keeps what it received.
Nothing in these tests goes off the machine."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HANG = "hang"


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes
    #: When it came (``time.monotonic()``).
    at: float = 0.0


@dataclass
class Receiver:
    url: str
    port: int
    #: What to answer each request, in order; the last is repeated once the script runs out.
    script: list = field(default_factory=lambda: [200])
    received: list[Received] = field(default_factory=list)
    #: Set to let hanging requests go (the fixture sets it as the test ends).
    release: threading.Event = field(default_factory=threading.Event)


def _handler(receiver: Receiver):
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)
            index = len(receiver.received)
            receiver.received.append(
                Received(self.path, dict(self.headers), body, time.monotonic())
            )
            step = receiver.script[min(index, len(receiver.script) - 1)]
            if step == HANG:
                receiver.release.wait(timeout=30)
                return
            status, headers = step if isinstance(step, tuple) else (step, {})
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args):
            pass

    return Handler


def start() -> tuple[Receiver, ThreadingHTTPServer]:
    receiver = Receiver(url="", port=0)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(receiver))
    server.daemon_threads = True
    receiver.port = server.server_address[1]
    receiver.url = f"http://127.0.0.1:{receiver.port}/hook"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return receiver, server
