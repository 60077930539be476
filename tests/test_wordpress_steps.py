"""The snippet builder's steps for WordPress (embed/index.html): what to do when the host's upload limit is
below the plugin's zip. (tests/browser/test_builder.py drives the builder itself.)"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def wordpress_steps() -> str:
    page = (ROOT / "embed" / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<section class="steps" data-platform="wordpress".*?</section>', page, re.DOTALL)
    assert found, "expected the builder's section of steps for WordPress"
    return re.sub(r"\s+", " ", found[0])


def test_the_steps_say_what_to_do_when_the_host_s_upload_limit_is_below_the_zip_s_size() -> None:
    steps = wordpress_steps()
    for words in ("upload_max_filesize", "post_max_size", "by SFTP", "wp-content/plugins/", "wp plugin install"):
        assert words in steps
