"""The snippet builder's steps for WordPress (embed/index.html): the plugin's zip by its name, and what to do
when the host's upload limit is below it. (tests/browser/test_builder_wordpress.py: the link to the zip.)"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import release  # noqa: E402


def wordpress_steps() -> str:
    page = (ROOT / "embed" / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<section class="steps" data-platform="wordpress".*?</section>', page, re.DOTALL)
    assert found, "expected the builder's section of steps for WordPress"
    return re.sub(r"\s+", " ", found[0])


def test_the_steps_say_what_to_do_when_the_host_s_upload_limit_is_below_the_zip_s_size() -> None:
    steps = wordpress_steps()
    for words in ("upload_max_filesize", "post_max_size", "by SFTP", "wp-content/plugins/", "wp plugin install"):
        assert words in steps


def test_the_steps_name_this_version_s_zip_for_the_download_and_for_wp_cli() -> None:
    """The zip's name as scripts/release.py writes it; a new version fails here until the steps name it."""
    steps = wordpress_steps()
    name = f"elo-calculator-wordpress-{release.version()}.zip"
    assert "<var>version</var>" not in steps
    assert f"<b>{name}</b>" in steps
    assert f"<code>wp plugin install {name} --activate</code>" in steps


def test_the_steps_link_the_zip_only_where_it_is_published() -> None:
    """The link's address is the public copy's (builder.js: its repository's pages workflow); without it, the
    steps say who has the zip, and no link points nowhere."""
    steps = wordpress_steps()
    link = re.search(r'<a id="plugin-zip-link"[^>]*>', steps)
    assert link and "href" not in link[0]
    assert re.search(r'<span id="plugin-zip-public" hidden>.*?<a id="plugin-zip-link"', steps)
    assert re.search(r'<span id="plugin-zip-other">[^<]*ask whoever runs this copy', steps)


def test_the_builder_names_the_release_s_folder_to_copy_not_the_build_s() -> None:
    """A club hosting its own copy has the release zip, whose folder is elo-calculator-<version>/, not dist/."""
    page = re.sub(r"\s+", " ", (ROOT / "embed" / "index.html").read_text(encoding="utf-8"))
    assert f"<code>elo-calculator-{release.version()}/</code>, to any static host" in page
    assert "copy the whole <code>dist/</code> folder" not in page
