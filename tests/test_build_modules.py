"""The build generates, it does not rewrite: what a script needs from the build comes from modules
that scripts/build_modules.py writes (their committed copies current), no script or page of the
sources holds a placeholder, and a page gets its CSP and its files' URLs from `page`, which refuses
a page it cannot fill."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import build_modules
import build_site
import site_policy

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
CSP_META = '<meta http-equiv="Content-Security-Policy" content="{}">'


def test_the_committed_copies_of_the_generated_modules_are_current() -> None:
    """Fails when elo_core's registry, a translation's embed texts or a module's shape changed and
    `python scripts/build_modules.py` was not run."""
    assert [] == [path.relative_to(ROOT).as_posix() for path in build_modules.stale()]


def test_no_script_or_page_of_the_sources_holds_a_placeholder() -> None:
    """A name like __PAGE_BYTES__ would be text for the build to replace: the build fills none."""
    paths = [path for folder in ("widget", "embed") for path in sorted((ROOT / folder).rglob("*"))
             if path.suffix in (".js", ".mjs", ".html")]
    found = [f"{path.relative_to(ROOT)}: {name}" for path in paths
             for name in re.findall(r"\b__[A-Z][A-Z_]*__\b", path.read_text(encoding="utf-8"))]
    assert len(paths) > 50 and [] == found


def test_a_page_gets_the_site_s_csp_and_its_files_built_urls() -> None:
    source = b'<head><meta http-equiv="Content-Security-Policy"><link href="a.css"><link href="data:,"></head>'
    built = build_site.page(source, {"a.css": "../static/0123/a.css"}).decode()
    expected = f'<head>{CSP_META.format(site_policy.CSP)}<link href="../static/0123/a.css"><link href="data:,"></head>'
    assert expected == built


def test_a_page_without_its_csp_element_stops_the_build() -> None:
    with pytest.raises(SystemExit, match="not one"):
        build_site.page(b'<head><link href="a.css"></head>', {"a.css": "a.css"})


def test_a_page_naming_a_file_the_build_does_not_publish_stops_the_build() -> None:
    with pytest.raises(SystemExit, match=r"\['gone\.js'\]"):
        build_site.page(b'<meta http-equiv="Content-Security-Policy"><script src="gone.js"></script>', {})


def test_an_inline_script_its_csp_does_not_allow_stops_the_build() -> None:
    """The widget's page's one inline script is allowed by its hash (site_policy.EARLY_WORKER); another text
    there would be refused by every browser, so the build refuses it first."""
    early = site_policy.INLINE_SCRIPT.findall((ROOT / "widget" / "index.html").read_text(encoding="utf-8"))
    assert [site_policy.EARLY_WORKER] == [site_policy.script_hash(text) for text in early]
    source = f'<meta http-equiv="Content-Security-Policy"><script>{early[0]}</script>'.encode()
    assert build_site.page(source, {}, site_policy.WIDGET_CSP)
    with pytest.raises(SystemExit, match="inline script"):
        build_site.page(source.replace(b"elo-core", b"elo-kore"), {}, site_policy.WIDGET_CSP)
    with pytest.raises(SystemExit, match="inline script"):
        build_site.page(source, {}, site_policy.CSP)


def test_each_built_page_carries_its_own_csp() -> None:
    """The widget's page and the snippet builder's (for its preview's file) have the wider connect-src, the widget's
    with its inline script's hash (hostile pass of issue 38, L15), in its meta tag as in the headers its host sends
    (site_policy.csp_for)."""
    if not (DIST / "widget" / "index.html").exists():
        pytest.fail("needs the built site: run `make dist` (make test does)")
    for name, csp in (("index.html", site_policy.BUILDER_CSP), ("widget/index.html", site_policy.WIDGET_CSP)):
        text = (DIST / name).read_text(encoding="utf-8")
        assert (1, csp) == (text.count(CSP_META.format(csp)), site_policy.csp_for("/" + name)), name
        assert 1 == text.count('http-equiv="Content-Security-Policy"'), name


def test_a_page_gets_the_csp_it_is_given() -> None:
    source = b'<meta http-equiv="Content-Security-Policy">'
    assert CSP_META.format(site_policy.WIDGET_CSP).encode() == build_site.page(source, {}, site_policy.WIDGET_CSP)
