"""Serve the built site: dist/ (the widget's origin) and the demo club page (another origin).

    python scripts/serve.py [--port 8000] [--demo-port 8001]

The widget is served at http://127.0.0.1:PORT/ and the demo page at http://localhost:DEMO_PORT/,
so the demo embeds the calculator across origins exactly as a club's site would. Tests import
`start()` to run the same servers on free ports.
"""

from __future__ import annotations

import argparse
import functools
import io
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parent))
from site_policy import CSP, SECURITY_HEADERS, TYPES, cache_control

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
DEMO = ROOT / "demo"

class Handler(SimpleHTTPRequestHandler):
    """Static files with the right MIME types, cache lifetimes and security headers."""

    protocol_version = "HTTP/1.1"
    # Headers and body go out in separate writes: with Nagle's algorithm on, each keep-alive
    # response stalls 40 ms on the client's delayed ACK, which no real static host does.
    disable_nagle_algorithm = True
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}  # noqa: RUF012
    csp: str | None = CSP
    substitutions: ClassVar[dict[str, str]] = {}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", cache_control(self.path.split("?", 1)[0]))
        for name, value in SECURITY_HEADERS.items():
            if name != "Content-Security-Policy":
                self.send_header(name, value)
        if self.csp:
            self.send_header("Content-Security-Policy", self.csp)
        super().end_headers()

    def send_head(self):  # type: ignore[no-untyped-def]
        """HTML pages get their placeholders filled (the demo page learns the widget's origin)."""
        if self.substitutions and self.path.split("?", 1)[0].endswith((".html", "/")):
            path = Path(self.translate_path(self.path))
            if path.is_dir():
                path = path / "index.html"
            if path.is_file():
                text = path.read_text(encoding="utf-8")
                for key, value in self.substitutions.items():
                    text = text.replace(key, value)
                body = text.encode()
                self.send_response(200)
                self.send_header("Content-Type", TYPES[".html"])
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                return io.BytesIO(body)
        return super().send_head()

    def log_message(self, format: str, *args: object) -> None:
        pass


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        """A browser that drops a connection (a cancelled fetch, a closed tab) is not an error."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def start(root: Path, host: str, port: int, csp: str | None = CSP,
          substitutions: dict[str, str] | None = None) -> Server:
    """Serve `root` on host:port (0 for a free port) in a background thread; returns the server."""
    handler = type("SiteHandler", (Handler,), {"csp": csp, "substitutions": substitutions or {}})
    server = Server((host, port), functools.partial(handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--demo-port", type=int, default=8001)
    args = parser.parse_args()
    widget = start(DIST, "127.0.0.1", args.port)
    widget_origin = f"http://127.0.0.1:{widget.server_address[1]}"
    print(f"Widget (the calculator's own origin):  {widget_origin}/widget/")
    print(f"Snippet builder:                        {widget_origin}/")
    if DEMO.exists():
        demo = start(DEMO, "localhost", args.demo_port, csp=None, substitutions={"__WIDGET_ORIGIN__": widget_origin})
        print(f"Demo club page (another origin):        http://localhost:{demo.server_address[1]}/")
    print("Ctrl-C stops.", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
