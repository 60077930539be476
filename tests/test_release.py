"""The release zip, hosted as a federation would: unpacked into a subfolder of a web root behind
Debian's nginx and Apache, set up only with what the zip ships (HOSTING.md), then checked over
HTTP against scripts/site_policy.py and in real Chromium.

Needs `make dist` and Debian's nginx, apache2 and chromium-headless-shell (`make test` installs them).
"""

from __future__ import annotations

import gzip
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import brotli  # type: ignore[import-untyped]
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect

from tests import broken_host

# The browser tests' launch arguments (Debian's Chromium headless shell); importing the fixture makes it this module's.
from tests.browser.conftest import browser_type_launch_args  # noqa: F401
from tests.release.hosts import (
    BARE_APACHE,
    FULL_APACHE,
    ROOT,
    Server,
    readable_dir,
    require_servers,
    start_apache,
    start_nginx,
    unpack,
)
from tests.site_copy import REBUILT_TITLE, Builds, rate_elo_seed

sys.path.insert(0, str(ROOT / "scripts"))
import site_policy
import wordpress_plugin

import hosting

DIST = ROOT / "dist"
SERVERS = ("nginx", "apache")
# The sources a rebuild copies (as tests/browser/test_rebuild.py does), with the guide for release.py.


def release(scripts: Path, dist: Path, out: Path) -> Path:
    """Run release.py (of a source tree) on a built site; returns the zip it wrote."""
    subprocess.run([sys.executable, str(scripts / "release.py"), "--dist", str(dist), "--out", str(out)],
                   check=True, capture_output=True)
    (zip_path,) = out.glob("elo-calculator-[0-9]*.zip")  # not the WordPress plugin's zip beside it
    return zip_path


def head(url: str, **headers: str) -> tuple[int, dict[str, list[str]]]:
    """Status and headers (lower-case names, every value) of a HEAD request."""
    with urllib.request.urlopen(urllib.request.Request(url, method="HEAD", headers=headers), timeout=10) as r:
        return r.status, {name.lower(): r.headers.get_all(name) or [] for name in set(r.headers.keys())}


@pytest.fixture(scope="module")
def release_zip() -> Iterator[Path]:
    if not (DIST / "widget" / "index.html").exists():
        pytest.fail("needs the built site: run `make dist` (make test does)")
    out = readable_dir("release-")
    yield release(ROOT / "scripts", DIST, out)
    shutil.rmtree(out)


@pytest.fixture(scope="module")
def web_root(release_zip: Path) -> Iterator[Path]:
    """A web root with the release unpacked in it: the calculator lives in a subfolder."""
    root = readable_dir("webroot-")
    unpack(release_zip, root)
    yield root
    shutil.rmtree(root)


@pytest.fixture(scope="module")
def site(release_zip: Path, web_root: Path) -> Path:
    """The unpacked calculator folder (elo-calculator-<version>/)."""
    return web_root / zipfile.ZipFile(release_zip).namelist()[0].split("/")[0]


@pytest.fixture(scope="module")
def servers(web_root: Path, site: Path) -> Iterator[dict[str, Server]]:
    require_servers()
    started: dict[str, Server] = {}
    try:
        started["nginx"] = start_nginx(web_root, (site / "nginx.conf.example").read_text())
        started["apache"] = start_apache(web_root)
        yield started
    finally:
        for server in started.values():
            server.stop()


@pytest.fixture(params=SERVERS)
def base(request: pytest.FixtureRequest, servers: dict[str, Server], site: Path) -> str:
    """The calculator's address behind one server: http://127.0.0.1:PORT/elo-calculator-<version>/."""
    return f"{servers[request.param].origin}/{site.name}/"


def site_files(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())


# The zip


def test_zip_holds_the_built_site_and_the_guide_in_one_folder(release_zip: Path, site: Path) -> None:
    names = zipfile.ZipFile(release_zip).namelist()
    assert {site.name} == {name.split("/")[0] for name in names}
    built = {p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file()}
    precompressed = {name for name in built if name.endswith(tuple(site_policy.PRECOMPRESSED.values()))}
    shipped = set(site_files(site))
    assert precompressed and built - precompressed <= shipped
    assert not precompressed & shipped
    assert {"HOSTING.md", "_headers", ".htaccess", "static/.htaccess", "widget/.htaccess",
            "nginx.conf.example"} <= shipped
    assert "__VERSION__" not in (site / "HOSTING.md").read_text()


def test_the_same_build_gives_the_same_zip(release_zip: Path) -> None:
    out = readable_dir("release-again-")
    try:
        assert release_zip.read_bytes() == release(ROOT / "scripts", DIST, out).read_bytes()
    finally:
        shutil.rmtree(out)


def test_headers_file_gives_each_path_one_cache_control_and_one_csp_from_the_policy(site: Path) -> None:
    """Netlify and Cloudflare Pages apply every matching rule of _headers and join repeated headers,
    so each page, script and static file must match exactly one rule that sets Cache-Control, and one that
    sets its CSP (two CSPs joined are both enforced: the widget's page would lose its wider connect-src)."""
    rules: list[tuple[re.Pattern[str], dict[str, str]]] = []
    for line in (site / "_headers").read_text().splitlines():
        if line.startswith("/"):
            rules.append((re.compile(re.escape(line).replace(r"\*", ".*") + "$"), {}))
        elif line.startswith("  "):
            name, value = line.strip().split(": ", 1)
            rules[-1][1][name] = value
    paths = ["/" + name for name in site_files(site)] + ["/", "/widget/"]
    for path in paths:
        found = [headers for pattern, headers in rules if pattern.match(path)]
        cache = [h["Cache-Control"] for h in found if "Cache-Control" in h]
        csp = [h["Content-Security-Policy"] for h in found if "Content-Security-Policy" in h]
        if path.startswith(site_policy.IMMUTABLE_PREFIX) or path.endswith((".html", ".js", "/")):
            assert ([site_policy.cache_control(path)], [site_policy.csp_for(path)]) == (cache, csp), path
        else:  # the licence, the guides, the header files: text, no page; a CSP would do nothing there
            assert [] == csp, path
        assert {"X-Content-Type-Options", "Referrer-Policy"} <= {name for h in found for name in h}, path


# The zip behind nginx and Apache, over HTTP


def test_each_file_type_is_served_as_the_policy_says(base: str, site: Path) -> None:
    """One file of each extension in site_policy.TYPES (.wasm, .mjs, .js, .html, .json, .whl, ...)."""
    by_ext = {Path(name).suffix: name for name in site_files(site) if Path(name).suffix in site_policy.TYPES}
    assert {".wasm", ".mjs", ".js"} <= set(by_ext)
    served = {ext: head(base + name)[1]["content-type"] for ext, name in by_ext.items()}
    assert {ext: [site_policy.TYPES[ext]] for ext in by_ext} == served


def test_entry_points_are_revalidated(base: str) -> None:
    for path in ("", "index.html", "embed.js", "sw.js", "widget/", "widget/index.html"):
        assert [site_policy.REVALIDATE] == head(base + path)[1]["cache-control"], path


def test_static_files_are_cached_for_a_year(base: str, site: Path) -> None:
    static = [name for name in site_files(site) if name.startswith("static/") and not name.endswith(".htaccess")]
    assert any(name.endswith(".wasm") for name in static) and any(name.endswith(".whl") for name in static)
    for name in static:
        assert ["public, max-age=31536000, immutable"] == head(base + name)[1]["cache-control"], name


def test_a_missing_static_file_is_not_cached_for_a_year(base: str, site: Path) -> None:
    """nginx's `add_header ... always` and Apache's `Header always set` put the year's lifetime on
    a 404 too: one hiccup of the host (a file not yet uploaded) then stays in browsers for a year."""
    (engine,) = site.glob("static/*/engine.zip")
    missing = engine.with_name("missing.zip").relative_to(site).as_posix()
    request = urllib.request.Request(base + missing, method="HEAD")
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(request, timeout=10)
    assert (404, []) == (answer.value.code, [value for value in answer.value.headers.get_all("Cache-Control") or []
                                             if "immutable" in value])


@pytest.mark.parametrize("path", ["widget/", "widget/index.html"])
def test_widget_page_sends_its_own_csp_and_the_security_headers(base: str, path: str) -> None:
    """The widget's page alone may fetch a club's file from another site (hostile pass of issue 38, L15)."""
    status, headers = head(base + path)
    assert 200 == status
    assert {name.lower(): [value] for name, value in site_policy.WIDGET_HEADERS.items()} == {
        name.lower(): headers[name.lower()] for name in site_policy.WIDGET_HEADERS}
    assert ["nosniff"] == headers["x-content-type-options"]
    assert "connect-src 'self' https: http:;" in headers["content-security-policy"][0]


@pytest.mark.parametrize("path", ["", "index.html"])
def test_the_snippet_builder_s_page_may_fetch_a_club_s_file_for_its_preview(base: str, path: str) -> None:
    """The builder's preview is an element on its page, whose loader fetches the file it names from the page: a
    published spreadsheet's link was said not to be fetchable (a hostile pass)."""
    status, headers = head(base + path)
    assert (200, [site_policy.BUILDER_CSP]) == (status, headers["content-security-policy"])
    assert "connect-src 'self' https: http:;" in site_policy.BUILDER_CSP
    assert "sha256" not in site_policy.BUILDER_CSP  # only the widget's page has an inline script


@pytest.mark.parametrize("path", ["embed.js", "sw.js", "static/*/engine/worker.mjs"])
def test_every_other_page_and_script_fetches_its_own_site_only(base: str, site: Path, path: str) -> None:
    """The loader, the service worker and the engine's worker: `connect-src 'self'`, however the host is set up
    (nginx, Apache's .htaccess files)."""
    if "*" in path:
        path = next(site.glob(path)).relative_to(site).as_posix()
    status, headers = head(base + path)
    assert (200, [site_policy.CSP]) == (status, headers["content-security-policy"]), path
    assert "connect-src 'self';" in site_policy.CSP


def test_the_wordpress_plugin_s_nginx_lines_give_the_widget_s_page_alone_the_wider_csp(site: Path) -> None:
    """The lines the plugin's readme gives nginx (scripts/wordpress_plugin.py), in a server block over a
    WordPress root whose plugin folder holds the site: the same CSP, page by page, as the release's hosts."""
    require_servers()
    root = readable_dir("webroot-wordpress-")
    plugin = root / wordpress_plugin.SITE_PATH.strip("/")
    plugin.parent.mkdir(parents=True)
    for folder in root.rglob("*"):
        folder.chmod(0o755)  # readable by nginx's workers (www-data)
    plugin.symlink_to(site, target_is_directory=True)
    server = f"server {{\n    {hosting.NGINX_LISTEN}\n    {hosting.NGINX_ROOT}\n{wordpress_plugin.nginx_lines()}\n}}\n"
    nginx = start_nginx(root, server)
    try:
        base = nginx.origin + wordpress_plugin.SITE_PATH
        (worker,) = site.glob("static/*/engine/worker.mjs")
        paths = ["widget/", "widget/index.html", "embed.js", "sw.js", worker.relative_to(site).as_posix()]
        assert [[site_policy.csp_for("/" + path)] for path in paths] == [
            head(base + path)[1]["content-security-policy"] for path in paths]
    finally:
        nginx.stop()
        shutil.rmtree(root)


def get(url: str, accept: str) -> tuple[dict[str, list[str]], bytes]:
    """Headers (lower-case names, every value) and the raw, still encoded body of a GET."""
    with urllib.request.urlopen(urllib.request.Request(url, headers={"Accept-Encoding": accept}), timeout=30) as r:
        return {name.lower(): r.headers.get_all(name) or [] for name in set(r.headers.keys())}, r.read()


def loaded_files(site: Path) -> list[str]:
    """What a visit loads that is worth compressing: the wasm, Pyodide's scripts, the engine's zip,
    a widget script and its page."""
    patterns = ("static/pyodide/*/pyodide.asm.wasm", "static/pyodide/*/pyodide.asm.mjs", "static/*/engine.zip",
                "static/*/page/app.js", "widget/index.html")
    return [next(site.glob(pattern)).relative_to(site).as_posix() for pattern in patterns]


def assert_compressed(base: str, site: Path, accept: str, encoding: str) -> None:
    decode = {"gzip": gzip.decompress, "br": brotli.decompress}[encoding]
    for name in loaded_files(site):
        headers, body = get(base + name, accept)
        assert [encoding] == headers.get("content-encoding"), name
        assert "accept-encoding" in ",".join(headers.get("vary", [])).lower(), name
        raw = (site / name).read_bytes()
        assert decode(body) == raw and len(body) < len(raw), name


def test_what_a_visit_loads_is_sent_gzipped(base: str, site: Path) -> None:
    """nginx (gzip_types) and Apache (mod_deflate) from the shipped files: .wasm, .mjs, .js, the zip."""
    assert_compressed(base, site, "gzip", "gzip")


def test_apache_with_mod_brotli_sends_brotli_to_browsers_that_take_it(web_root: Path, site: Path) -> None:
    require_servers()
    apache = start_apache(web_root, (*FULL_APACHE, "brotli"))
    try:
        base = f"{apache.origin}/{site.name}/"
        assert_compressed(base, site, "gzip, deflate, br, zstd", "br")
        assert_compressed(base, site, "gzip, deflate", "gzip")
    finally:
        apache.stop()


def test_apache_without_headers_or_compression_modules_still_serves_the_site(web_root: Path, site: Path) -> None:
    require_servers()
    apache = start_apache(web_root, BARE_APACHE)
    try:
        (wasm,) = site.glob("static/pyodide/*/pyodide.asm.wasm")
        base = f"{apache.origin}/{site.name}/"
        assert 200 == head(base + "widget/")[0]
        assert ["application/wasm"] == head(base + wasm.relative_to(site).as_posix())[1]["content-type"]
    finally:
        apache.stop()


# In Chromium


def test_widget_computes_from_a_subfolder(page: Page, base: str) -> None:
    rate_elo_seed(page, base)


# A flaky or broken host (tests/broken_host.py), behind each of the servers a club's site runs on


def test_a_missing_engine_file_comes_back_with_retry_and_reload(browser: Browser, base: str, site: Path) -> None:
    broken_host.a_missing_engine_file_comes_back_with_retry_and_reload(browser, base, site)


def test_a_damaged_cached_engine_file_is_fetched_again(playwright: Playwright, request: pytest.FixtureRequest,
                                                       tmp_path: Path, base: str, site: Path) -> None:
    args = request.getfixturevalue("browser_type_launch_args")

    def launch() -> BrowserContext:
        return playwright.chromium.launch_persistent_context(tmp_path / "profile", **args)

    broken_host.a_damaged_cached_engine_file_is_fetched_again(launch, base, site)


def test_a_tampered_engine_file_is_refused(browser: Browser, base: str, site: Path) -> None:
    broken_host.a_tampered_engine_file_is_refused(browser, base, site)


def test_the_cached_page_answers_the_host_s_error_for_a_missing_page(browser: Browser, base: str, site: Path) -> None:
    """The page gone from the host mid-deploy: nginx and Apache answer /widget/ with 403 (a folder
    without its index) and /widget/index.html with 404."""
    broken_host.the_cached_page_answers_a_host_error(
        browser, base, [lambda: broken_host.moved_away(site / "widget" / "index.html")])


def test_returning_visitor_after_an_update_still_computes_behind_nginx(
        browser: Browser, release_zip: Path, site: Path, builds: Builds, tmp_path: Path) -> None:
    """The webmaster unpacks the new zip over the old folder; the visitor's cache holds the old
    build's static files (immutable for a year) and reloads."""
    require_servers()
    root = readable_dir("webroot-update-")
    nginx = start_nginx(root, (site / "nginx.conf.example").read_text())
    context = browser.new_context()
    try:
        folder = unpack(release_zip, root)
        first = {p.name for p in (folder / "static").iterdir()}
        page = context.new_page()
        rate_elo_seed(page, f"{nginx.origin}/{folder.name}/")

        update = release(builds.second / "scripts", builds.second / "dist", tmp_path)
        assert folder == unpack(update, root)
        page.reload()
        expect(page).to_have_title(REBUILT_TITLE)
        page.get_by_label("Opponent rating, game 1", exact=True).fill("1500")
        expect(page.get_by_label("New rating", exact=True)).to_have_text("1472.9")
        assert first < {p.name for p in (folder / "static").iterdir()}  # the old build's files stay
    finally:
        context.close()
        nginx.stop()
        shutil.rmtree(root)
