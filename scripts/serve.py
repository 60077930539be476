"""Serve the built site: dist/ (the widget's origin) and the demo club page (another origin).

    python scripts/serve.py [--port 8000] [--demo-port 8001]

The widget is served at http://127.0.0.1:PORT/ and the demo page at http://localhost:DEMO_PORT/,
so the demo embeds the calculator across origins exactly as a club's site would. Tests import
`start()` to run the same servers on free ports.

Like a good static host, it compresses what is worth it (site_policy.COMPRESSIBLE: the wasm, the
scripts, the engine's zip...) for clients that accept it: brotli if the `brotli` package is there
(it is in requirements-dev.txt), else gzip. It sends the copy the build precompressed beside the file
(<file>.br, <file>.gz: site_policy.PRECOMPRESSED) where there is one, as nginx's gzip_static does,
else compresses at the levels hosts use on the fly, each file once. The copies themselves are not
served by their own URLs.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import io
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parent))
from site_policy import COMPRESSIBLE, PRECOMPRESSED, TYPES, cache_control, security_headers

try:
    import brotli  # type: ignore[import-untyped]
except ImportError:  # gzip only
    brotli = None

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
DEMO = ROOT / "demo"

# Compressed bodies by (path, mtime, size, encoding): a file is compressed once per process.
_compressed: dict[tuple[str, int, int, str], bytes] = {}
_compressing = threading.Lock()


def compress(path: Path, encoding: str) -> bytes:
    """The file's bytes in `encoding` ("br" or "gzip"): the build's precompressed copy beside it if
    there is one, else compressed at the quality hosts use on the fly."""
    ready = path.with_name(path.name + PRECOMPRESSED[encoding])
    stat = path.stat()
    if ready.is_file() and ready.stat().st_mtime_ns >= stat.st_mtime_ns:  # not a file edited since
        return ready.read_bytes()
    key = (str(path), stat.st_mtime_ns, stat.st_size, encoding)
    with _compressing:
        if key not in _compressed:
            data = path.read_bytes()
            _compressed[key] = brotli.compress(data, quality=5) if encoding == "br" else gzip.compress(data, 6, mtime=0)
        return _compressed[key]


def encoding_for(accept_encoding: str) -> str | None:
    """The encoding to send for an Accept-Encoding header: br, else gzip, else none (q=0 refuses)."""
    accepted = set()
    for part in accept_encoding.split(","):
        token, _, params = part.partition(";")
        q = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
        try:
            if float(q) > 0:
                accepted.add(token.strip().lower())
        except ValueError:
            continue
    if brotli is not None and "br" in accepted:
        return "br"
    return "gzip" if "gzip" in accepted else None


class Handler(SimpleHTTPRequestHandler):
    """Static files with the right MIME types, cache lifetimes and security headers."""

    protocol_version = "HTTP/1.1"
    # Headers and body go out in separate writes: with Nagle's algorithm on, each keep-alive
    # response stalls 40 ms on the client's delayed ACK, which no real static host does.
    disable_nagle_algorithm = True
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}  # noqa: RUF012
    csp: bool | None = True
    """Send the site's security headers, each page's own CSP among them (site_policy.security_headers); None
    or False: none of its CSP (another origin's page: a club's, a test's host)."""
    substitutions: ClassVar[dict[str, str]] = {}

    status = 200

    def send_response(self, code: int, message: str | None = None) -> None:
        self.status = code  # for end_headers: an error is never cached for long
        super().send_response(code, message)

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0]
        self.send_header("Cache-Control", cache_control(path, self.status))
        if Path(path).suffix in COMPRESSIBLE or path.endswith("/"):
            self.send_header("Vary", "Accept-Encoding")
        for name, value in security_headers(path).items():
            if name != "Content-Security-Policy" or self.csp:
                self.send_header(name, value)
        super().end_headers()

    def send_head(self):  # type: ignore[no-untyped-def]
        """HTML pages get their placeholders filled (the demo page learns the widget's origin)."""
        if self.path.split("?", 1)[0].endswith(tuple(PRECOMPRESSED.values())):
            self.send_error(404, "precompressed copies are sent only in place of their file")
            return None
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
        return self.send_compressed() or super().send_head()

    def send_compressed(self) -> io.BytesIO | None:
        """A file worth compressing, compressed for a client that accepts it; None otherwise."""
        url_path = self.path.split("?", 1)[0]
        path = Path(self.translate_path(self.path))
        if url_path.endswith("/"):
            path = path / "index.html"
        encoding = encoding_for(self.headers.get("Accept-Encoding", ""))
        if encoding is None or path.suffix not in COMPRESSIBLE or not path.is_file():
            return None
        mtime = int(path.stat().st_mtime)
        body = compress(path, encoding)
        # One tag per file version and encoding: a cache must not take one encoding's bytes for another's.
        etag = f'"{path.stat().st_mtime_ns:x}-{len(body):x}-{encoding}"'
        if etag in (tag.strip() for tag in self.headers.get("If-None-Match", "").split(",")):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return io.BytesIO()
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                if mtime <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.end_headers()
                    return io.BytesIO()
            except (TypeError, ValueError):
                pass
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", self.date_time_string(mtime))
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        """A browser that drops a connection (a cancelled fetch, a closed tab) is not an error."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def start(root: Path, host: str, port: int, csp: bool | None = True,
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
