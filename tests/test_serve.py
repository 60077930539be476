"""The dev server (scripts/serve.py) compresses as a good static host does: brotli or gzip as the
client accepts, for every type worth it (site_policy.COMPRESSIBLE), with Vary: Accept-Encoding."""

from __future__ import annotations

import gzip
import urllib.request
from pathlib import Path

import brotli  # type: ignore[import-untyped]
import pytest

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
DECODE = {"br": brotli.decompress, "gzip": gzip.decompress}


def get(url: str, accept: str | None) -> tuple[dict[str, str], bytes]:
    """Headers (lower-case names) and the raw body of a GET; urllib decodes nothing."""
    headers = {"Accept-Encoding": accept} if accept is not None else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=60) as r:
        return {k.lower(): v for k, v in r.headers.items()}, r.read()


def one(pattern: str) -> str:
    """The site path of the one built file matching pattern."""
    (path,) = DIST.glob(pattern)
    return path.relative_to(DIST).as_posix()


@pytest.fixture(scope="module")
def files() -> dict[str, str]:
    """One built file of each kind the widget loads, by what it is."""
    return {"wasm": one("static/pyodide/*/pyodide.asm.wasm"), "module": one("static/pyodide/*/pyodide.asm.mjs"),
            "zip": one("static/*/engine.zip"), "script": one("static/*/app.js"), "css": one("static/*/style.css"),
            "json": one("static/*/i18n/en.json"), "page": "widget/index.html"}


@pytest.mark.parametrize("accept, encoding", [("gzip, deflate, br, zstd", "br"), ("gzip", "gzip"),
                                               ("br;q=0, gzip;q=0.8", "gzip")])
def test_what_the_widget_loads_comes_compressed(widget_origin: str, files: dict[str, str], accept: str,
                                                 encoding: str) -> None:
    for kind, path in files.items():
        headers, body = get(f"{widget_origin}/{path}", accept)
        raw = (DIST / path).read_bytes()
        assert (encoding, "Accept-Encoding") == (headers.get("content-encoding"), headers.get("vary")), kind
        assert DECODE[encoding](body) == raw, kind
        assert len(body) < len(raw) and int(headers["content-length"]) == len(body), kind


def test_a_client_that_accepts_no_encoding_gets_the_file_as_it_is(widget_origin: str, files: dict[str, str]) -> None:
    for accept in (None, "identity", "gzip;q=0"):
        headers, body = get(f"{widget_origin}/{files['wasm']}", accept)
        assert "content-encoding" not in headers
        assert "Accept-Encoding" == headers.get("vary")
        assert body == (DIST / files["wasm"]).read_bytes()


def test_the_wheel_is_not_compressed_again(widget_origin: str) -> None:
    headers, _ = get(f"{widget_origin}/{one('static/*/elo_core-*.whl')}", "gzip, br")
    assert "content-encoding" not in headers
