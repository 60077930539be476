"""What every host of the built site sends: MIME types, cache lifetimes, security headers, the CSP.

One owner for these facts: scripts/build_site.py writes each page's CSP into its meta tag,
scripts/hosting.py writes the header files for static hosts (_headers, .htaccess, an nginx
example), and scripts/serve.py sends the same headers. Tests check hosts against these values.

The built site has two kinds of URL (DESIGN.md, "The built site"):
- entry points with stable names (`/index.html`, `/embed.js`, `/sw.js`, `/widget/index.html`, the host
  files), revalidated on every visit;
- everything under `/static/`, whose path changes whenever its bytes change (a content hash, or
  Pyodide's version), cached for a year.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

# The prefix of every content-addressed path; nothing else may be cached for long.
IMMUTABLE_PREFIX = "/static/"
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"

# The policy of every page of the site: the calculator needs 'wasm-unsafe-eval' (Pyodide) and its
# module worker; the snippet builder frames its own preview. No frame-ancestors: clubs embed it.
_POLICY = ("default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src {connect}; "
           "worker-src 'self'; img-src 'self' data:; font-src 'self'; frame-src 'self'; base-uri 'none'; "
           "form-action 'none'")
# Everywhere but the widget's page and the snippet builder's (embed.js, sw.js, the worker and every file of static/):
# its own files only. A page or a worker's script takes the policy its own answer carries, so none of them
# is given more than it uses (hostile pass of issue 38, L15).
CSP = _POLICY.format(connect="'self'")
# The widget's page (its views, the calculator's too: one page, `?view=` chooses) takes any web
# address: a report or a ladder opened by an address that names the club's file (`?view=ladder&src=…`,
# for site builders that take only an address or a frame) fetches that file from the page itself
# (widget/page/host-files.js, widget/shared/fetch-file.js; the file's host must allow it by CORS).
# http: serves only a calculator itself on http (a browser refuses http from an https page).
# Its one inline script (widget/index.html: the engine's worker started as the page is parsed), allowed by
# its hash: a text changed there changes the policy every host sends (the build checks every page's).
INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


def script_hash(text: str) -> str:
    """The CSP source that allows an inline script of this text."""
    return f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"


def _early_worker() -> str:
    page = Path(__file__).resolve().parent.parent / "widget" / "index.html"
    scripts = INLINE_SCRIPT.findall(page.read_text("utf-8"))
    if len(scripts) != 1:
        raise SystemExit(f"{page} must have one inline script (the early worker), not {len(scripts)}")
    return script_hash(scripts[0])


EARLY_WORKER = _early_worker()
WIDGET_CSP = _POLICY.format(connect="'self' https: http:").replace(
    "script-src 'self'", f"script-src 'self' {EARLY_WORKER}")
# The widget's page: its folder in the built site, and its URL paths there (with and without its file name).
WIDGET_FOLDER = "widget"
WIDGET_PAGES = (f"/{WIDGET_FOLDER}/", f"/{WIDGET_FOLDER}/index.html")
# The snippet builder's page (the site's root) takes any web address too: its preview is an element on the page, whose
# loader (embed.js) fetches the file it names from the page, as on a club's page; the builder recommends a published
# spreadsheet's link, which its preview said could not be fetched (a hostile pass). Its scripts are its own alone.
BUILDER_CSP = _POLICY.format(connect="'self' https: http:")
BUILDER_PAGES = ("/", "/index.html")

# frame-src cannot be set by a meta tag's host, and frame-ancestors is ignored in meta anyway;
# the meta copy is for hosts that cannot send headers (GitHub Pages).
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": CSP,
}
# The same for the widget's page and the snippet builder's, with their wider connect-src.
WIDGET_HEADERS = {**SECURITY_HEADERS, "Content-Security-Policy": WIDGET_CSP}
BUILDER_HEADERS = {**SECURITY_HEADERS, "Content-Security-Policy": BUILDER_CSP}


def csp_for(path: str) -> str:
    """The Content-Security-Policy for a URL path (no query) of the built site at its host's root: WIDGET_CSP
    for the widget's page, BUILDER_CSP for the snippet builder's, CSP for any other."""
    return security_headers(path)["Content-Security-Policy"]


def security_headers(path: str) -> dict[str, str]:
    """The security headers for a URL path (no query) of the built site at its host's root."""
    return WIDGET_HEADERS if path in WIDGET_PAGES else BUILDER_HEADERS if path in BUILDER_PAGES else SECURITY_HEADERS


TYPES = {
    ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
    ".json": "application/json", ".whl": "application/zip", ".zip": "application/zip", ".css": "text/css",
    ".html": "text/html; charset=utf-8", ".svg": "image/svg+xml", ".md": "text/markdown; charset=utf-8",
}

# Worth compressing on the wire, by extension: all but the wheel (deflated inside). The engine's zip
# holds stored entries (scripts/compile_stdlib.mjs) so that the host compresses it as a whole.
COMPRESSIBLE = {ext for ext in TYPES if ext != ".whl"}
# The copies a build writes beside each compressible file of dist/ (scripts/build_site.py: brotli 11,
# gzip 9, better than any host compresses on the fly), by the Content-Encoding they are sent with.
# scripts/serve.py sends them in place of the file; nothing serves, lists or ships them as files.
PRECOMPRESSED = {"br": ".br", "gzip": ".gz"}


# The statuses whose response is a file's own bytes (or confirms them: 304): only these may be kept for a
# year. A 404 kept for a year (a file not yet uploaded, a host's hiccup) broke the calculator for good.
LASTING = (200, 206, 304)


def cache_control(path: str, status: int = 200) -> str:
    """The Cache-Control header for a response of `status` to a URL path (no query) of the built site."""
    return IMMUTABLE if path.startswith(IMMUTABLE_PREFIX) and status in LASTING else REVALIDATE
