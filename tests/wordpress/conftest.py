"""One WordPress for the package's tests (tests/wordpress/host.py: Debian's, behind Apache with mod_php and
MariaDB), with the plugin installed from the zip `make release` writes and activated; and a browser profile
logged in as its administrator. Each test module adds the pages and users it needs.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

# The browser tests' launch arguments (Debian's Chromium headless shell); importing the fixture makes it this package's.
from tests.browser.conftest import browser_type_launch_args  # noqa: F401
from tests.release.hosts import readable_dir
from tests.wordpress.host import ADMIN, WordPress, start_wordpress

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"


@pytest.fixture(scope="package")
def plugin_zip() -> Iterator[Path]:
    """The plugin's zip, as `make release` writes it from dist/."""
    if not (DIST / "widget" / "index.html").exists():
        pytest.fail("needs the built site: run `make dist` (make test does)")
    out = readable_dir("release-wp-")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "release.py"), "--out", str(out)], check=True,
                   capture_output=True)
    (zip_path,) = out.glob("elo-calculator-wordpress-*.zip")
    yield zip_path
    shutil.rmtree(out)


@pytest.fixture(scope="package")
def wordpress(plugin_zip: Path) -> Iterator[WordPress]:
    """WordPress with the plugin installed from the zip and activated; no warning of the plugin's logged."""
    wp = start_wordpress()
    try:
        wp.install_plugin(plugin_zip)
        # The club writes dates as ISO does (Settings → General), as the tests' expected texts do; the admin page
        # shows dates in the site's format (hp107), which a test sets to another.
        wp.php("update_option('date_format', 'Y-m-d'); update_option('time_format', 'H:i');")
        yield wp
        log = wp.debug_log()
        assert [] == [line for line in log.splitlines() if "elo-calculator" in line or "elo_calculator" in line]
    finally:
        wp.stop()


def log_in(browser: Browser, wordpress: WordPress, user: str, password: str) -> BrowserContext:
    """A browser profile logged in as `user`."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{wordpress.origin}/wp-login.php")
    # wp-login.php focuses and selects the name's field 200 ms after it loads: typing the password before that
    # (under load) put it into the name's field.
    expect(page.get_by_label("Username or Email Address")).to_be_focused()
    page.get_by_label("Username or Email Address").fill(user)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Log In").click()
    expect(page.get_by_role("heading", name="Dashboard")).to_be_visible()
    page.close()
    return context


@pytest.fixture(scope="package")
def admin(browser: Browser, wordpress: WordPress) -> Iterator[BrowserContext]:
    """A browser profile logged in as the site's administrator."""
    context = log_in(browser, wordpress, *ADMIN)
    yield context
    context.close()
