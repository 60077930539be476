"""The dev server (scripts/serve.py) compresses as a good static host does: brotli or gzip as the
client accepts, for every type worth it (site_policy.COMPRESSIBLE), with Vary: Accept-Encoding,
sending the build's precompressed copy (<file>.br, <file>.gz) where there is one."""

from __future__ import annotations

import gzip
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

import brotli  # type: ignore[import-untyped]
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import serve
import site_policy

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
            "zip": one("static/*/engine.zip"), "script": one("static/*/page/app.js"), "css": one("static/*/style.css"),
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


@pytest.mark.parametrize("accept, encoding", [("gzip, deflate, br", "br"), ("gzip", "gzip")])
def test_the_build_s_precompressed_copy_is_sent_in_place_of_the_file(widget_origin: str, files: dict[str, str],
                                                                    accept: str, encoding: str) -> None:
    for kind in ("wasm", "zip", "module"):
        headers, body = get(f"{widget_origin}/{files[kind]}", accept)
        suffix = site_policy.PRECOMPRESSED[encoding]
        assert (DIST / (files[kind] + suffix)).read_bytes() == body, kind
        assert DECODE[encoding](body) == (DIST / files[kind]).read_bytes(), kind
        assert (encoding, len(body)) == (headers.get("content-encoding"), int(headers["content-length"])), kind


def test_each_encoding_has_its_own_etag_and_revalidates_with_it(widget_origin: str, files: dict[str, str]) -> None:
    url = f"{widget_origin}/{files['wasm']}"
    tags = {accept: get(url, accept)[0]["etag"] for accept in ("br", "gzip")}
    assert tags["br"] != tags["gzip"]
    request = urllib.request.Request(url, headers={"Accept-Encoding": "br", "If-None-Match": tags["br"]})
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(request, timeout=60)
    assert 304 == answer.value.code


def test_a_precompressed_copy_is_not_served_by_its_own_url(widget_origin: str, files: dict[str, str]) -> None:
    for suffix in site_policy.PRECOMPRESSED.values():
        assert (DIST / (files["wasm"] + suffix)).is_file()
        with pytest.raises(urllib.error.HTTPError) as answer:
            get(f"{widget_origin}/{files['wasm']}{suffix}", "gzip, br")
        assert 404 == answer.value.code


def test_a_file_changed_after_the_build_is_not_sent_as_its_old_copy(tmp_path: Path) -> None:
    (tmp_path / "app.js").write_bytes(b"export const edited = true;\n" * 100)
    (tmp_path / "app.js.br").write_bytes(brotli.compress(b"export const built = true;\n" * 100))
    os.utime(tmp_path / "app.js.br", ns=(1_000_000_000, 1_000_000_000))  # older than the file
    server = serve.start(tmp_path, "127.0.0.1", 0)
    try:
        _, body = get(f"http://127.0.0.1:{server.server_address[1]}/app.js", "br")
    finally:
        server.shutdown()
    assert b"export const edited = true;\n" * 100 == brotli.decompress(body)


def test_a_missing_static_file_is_not_cached_for_a_year(widget_origin: str, files: dict[str, str]) -> None:
    """A 404 under static/ (a file not yet deployed, a host's hiccup) must not outlive the hiccup:
    the year's lifetime belongs to the file's own bytes (200, and 304 that confirms them)."""
    missing = files["zip"].replace("engine.zip", "missing.zip")
    with pytest.raises(urllib.error.HTTPError) as answer:
        get(f"{widget_origin}/{missing}", "gzip")
    assert (404, False) == (answer.value.code, "immutable" in (answer.value.headers.get("Cache-Control") or ""))
    assert site_policy.IMMUTABLE == get(f"{widget_origin}/{files['zip']}", "gzip")[0]["cache-control"]


# The CSP, page by page (hostile pass of issue 38, L15): only the widget's page may fetch other sites' files.

NARROW_CONNECT = "connect-src 'self';"
"""A policy that lets a page fetch its own site's files only."""


def csp_of(url: str) -> str:
    return get(url, None)[0]["content-security-policy"]


@pytest.mark.parametrize("path", ["widget/", "widget/index.html", "widget/?view=ladder&src=https://club.example/l.csv"])
def test_the_widget_s_page_may_fetch_a_club_s_file_from_another_site(widget_origin: str, path: str) -> None:
    csp = csp_of(f"{widget_origin}/{path}")
    assert (site_policy.WIDGET_CSP, True) == (csp, "connect-src 'self' https: http:;" in csp)


@pytest.mark.parametrize("path", ["", "index.html"])
def test_the_snippet_builder_s_page_may_fetch_a_club_s_file_for_its_preview(widget_origin: str, path: str) -> None:
    assert site_policy.BUILDER_CSP == csp_of(f"{widget_origin}/{path}")


@pytest.mark.parametrize("path", ["embed.js", "sw.js"])
def test_the_other_entry_points_fetch_their_own_site_only(widget_origin: str, path: str) -> None:
    csp = csp_of(f"{widget_origin}/{path}")
    assert (site_policy.CSP, True) == (csp, NARROW_CONNECT in csp)


def test_the_static_files_the_worker_among_them_fetch_their_own_site_only(widget_origin: str,
                                                                           files: dict[str, str]) -> None:
    worker = one("static/*/engine/worker.mjs")
    for path in (worker, files["script"], files["module"]):
        assert NARROW_CONNECT in csp_of(f"{widget_origin}/{path}"), path


def test_the_policy_gives_the_wider_connect_src_to_the_widget_s_page_and_the_builder_s_alone() -> None:
    assert [site_policy.WIDGET_CSP] * 2 == [site_policy.csp_for(path) for path in site_policy.WIDGET_PAGES]
    wider = site_policy.CSP.replace(NARROW_CONNECT, "connect-src 'self' https: http:;")
    assert wider.replace("script-src 'self'", f"script-src 'self' {site_policy.EARLY_WORKER}") == site_policy.WIDGET_CSP
    assert [wider] * 2 == [site_policy.csp_for(path) for path in ("/", "/index.html")] == [site_policy.BUILDER_CSP] * 2
    assert {site_policy.CSP} == {site_policy.csp_for(path) for path in ("/embed.js", "/sw.js", "/static/x/page/app.js",
                                                                        "/widget/x.js", "/static/x/index.html")}


def test_a_server_for_another_origin_s_page_sends_no_csp(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>a club</p>", encoding="utf-8")
    server = serve.start(tmp_path, "127.0.0.1", 0, csp=None)
    try:
        headers, _ = get(f"http://127.0.0.1:{server.server_address[1]}/", None)
    finally:
        server.shutdown()
    assert ("content-security-policy" not in headers, "nosniff") == (True, headers["x-content-type-options"])
