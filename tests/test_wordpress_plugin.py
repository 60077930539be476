"""The WordPress plugin's files as scripts/wordpress_plugin.py writes them, without WordPress: every admin
text translated in the five languages, the .mo files readable by gettext, the generated parts filled
in. (tests/wordpress/ runs the plugin in a real WordPress.)"""

from __future__ import annotations

import gettext
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import wordpress_plugin  # noqa: E402

from elo_core.systems import REGISTRY  # noqa: E402

LOCALES = ("de_DE", "fr_FR", "es_ES", "nl_NL", "it_IT")
# A stand-in for the built site: the plugin's build takes it as it is.
SITE = {"embed.js": b"// loader", ".htaccess": b"# types", "static/.htaccess": b"# a year", "HOSTING.md": b"# guide"}


def po(locale: str) -> dict[str, str]:
    path = wordpress_plugin.SOURCE / "languages" / f"elo-calculator-{locale}.po"
    return wordpress_plugin.parse_po(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("locale", LOCALES)
def test_every_admin_text_is_translated_and_none_is_stale(locale: str) -> None:
    entries = po(locale)
    assert wordpress_plugin.msgids() == set(entries) - {""}
    assert all(text.strip() for text in entries.values())
    for msgid, text in entries.items():  # the same placeholders, so that sprintf() fills each
        assert sorted(re.findall(r"%(?:\d\$)?[sd]", msgid)) == sorted(re.findall(r"%(?:\d\$)?[sd]", text)), msgid


def test_the_texts_cover_the_settings_page_and_the_self_test() -> None:
    ids = wordpress_plugin.msgids()
    assert {"Elo calculator", "Test this host", "Accent colour", "without a type"} <= ids
    assert any(text.startswith("Wrong MIME type: your web server sends the calculator's WebAssembly") for text in ids)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_mo_file_reads_back_as_its_po(locale: str) -> None:
    entries = po(locale)
    catalog = gettext.GNUTranslations(io.BytesIO(wordpress_plugin.mo(entries)))
    assert {k: v for k, v in entries.items() if k} == {k: catalog.gettext(k) for k in entries if k}
    assert locale == catalog.info()["language"]


def test_the_plugin_carries_the_site_and_its_generated_parts() -> None:
    files = wordpress_plugin.files(SITE, "9.8.7")
    assert {"site/embed.js", "site/.htaccess", "site/static/.htaccess"} <= set(files)
    assert "site/HOSTING.md" not in files  # the readme is the plugin's guide
    assert {f"languages/elo-calculator-{locale}.mo" for locale in LOCALES} <= set(files)
    contract = files["includes/contract.php"].decode()
    assert list(REGISTRY) == re.findall(r"^\t\t'(\w+)' => ", contract.split("'languages'")[0], re.MULTILINE)
    views = dict(re.findall(r"^\t\t'(\w+)' => array\( ([^)]*) \),$", contract.split("'views'")[1].split("'results'")[0],
                            re.MULTILINE))
    assert {"event": ["fide", "elo"], "ladder": ["elo", "glicko", "glicko2", "lichess"]} == {
        view: re.findall(r"'(\w+)'", systems) for view, systems in views.items()}
    for name in ("elo-calculator.php", "readme.txt"):
        text = files[name].decode()
        assert not [mark for mark in wordpress_plugin.GENERATED if mark in text], name
        assert "9.8.7" in text
    assert "location ^~ /wp-content/plugins/elo-calculator/site/ {" in files["readme.txt"].decode()
    assert "application/wasm wasm;" in files["readme.txt"].decode()


def test_no_generated_file_is_committed() -> None:
    tracked = subprocess.run(["git", "ls-files", "wordpress"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    assert tracked and not [name for name in tracked if name.endswith((".mo", "contract.php"))]
    assert not (wordpress_plugin.SOURCE / "site").exists()


def php_attribute_names() -> list[str]:
    """elo_calculator_attribute_names()'s list, read from includes/attributes.php."""
    source = (wordpress_plugin.SOURCE / "includes" / "attributes.php").read_text(encoding="utf-8")
    body = re.search(r"function elo_calculator_attribute_names\(\) \{\s*return array\(([^)]*)\);", source)
    assert body, "expected elo_calculator_attribute_names() to return one array( ... ) literal"
    return re.findall(r"'([\w-]+)'", body[1])


def test_the_block_takes_every_attribute_the_element_does_and_its_fallback() -> None:
    block = json.loads((wordpress_plugin.SOURCE / "block" / "block.json").read_text(encoding="utf-8"))
    # Then the plugin's own: a ladder kept on the site (its files and rules), the text until the calculator is ready.
    assert [*php_attribute_names(), "ladder", "fallback"] == list(block["attributes"])
    assert all({"type": "string", "default": ""} == spec for spec in block["attributes"].values())


def test_the_php_names_embed_js_s_attributes_in_its_order() -> None:
    """embed.js's `allowed`: the systems, then elo_core's table of the element's patterns (vocabulary.ATTRIBUTES),
    then its FILES, then the element's id (tests/wordpress checks the same against the running element's
    observedAttributes). The plugin's list is written out in PHP, and must be that table's."""
    from elo_core.transport.vocabulary import ATTRIBUTES

    embed = (wordpress_plugin.ROOT / "embed" / "embed.js").read_text(encoding="utf-8")
    assert "const allowed = { system: (v) => SYSTEMS.includes(v) };" in embed
    assert "for (const [name, [pattern, flags]] of Object.entries(ATTRIBUTES))" in embed
    files = re.search(r"const FILES = \[([^\]]*)\]", embed)
    assert files
    assert ["system", *ATTRIBUTES, *re.findall(r'"([\w-]+)"', files[1]), "id"] == php_attribute_names()


def test_the_plugin_gets_each_pattern_of_the_one_table_as_php_reads_it() -> None:
    """contract.php's patterns are the table's, `$` as `\\z` and `\\uXXXX` as `\\x{XXXX}` (PHP's `$` also matches before
    a final newline); a pattern this cannot write stops the release."""
    from elo_core.transport.vocabulary import ATTRIBUTES

    contract = wordpress_plugin.contract_php()
    for name, (pattern, flags) in ATTRIBUTES.items():
        assert f"\t\t'{name}' => {wordpress_plugin.php_string(wordpress_plugin.pcre(pattern, flags))}," in contract
    assert "~^[^\\x{0000}-\\x{001f}\\x{007f}]{1,80}\\z~u" == wordpress_plugin.pcre(*ATTRIBUTES["heading"])
    for bad in (("^a~b$", ""), ("^ab", ""), ("^ab$", "g")):
        with pytest.raises(ValueError):
            wordpress_plugin.pcre(*bad)


def test_the_plugin_leaves_out_the_site_files_it_never_serves() -> None:
    """The snippet builder (index.html and its static files: the block replaces it), other hosts' header
    files (the plugin's .htaccess files serve Apache, its readme has nginx's lines), and what a visit never
    fetches (the wheel and its lock file); stdlib-rest.zip stays: a visit fetches it when Python imports from it."""
    site = {**SITE, "index.html": b'<link rel="stylesheet" href="static/b1/builder.css"><script type="module" '
                                  b'src="static/b1/builder.js"></script><script src="embed.js"></script>',
            "static/b1/builder.js": b"//", "static/b1/builder.css": b"/**/", "_headers": b"/*",
            "nginx.conf.example": b"#",
            "widget/index.html": b"<!doctype html>", "sw.js": b"//", "static/w1/page/app.js": b"//",
            "static/e1/elo_core-9.8.7-py3-none-any.whl": b"PK", "static/e1/pyodide-lock.json": b"{}",
            "static/e1/engine.zip": b"PK", "static/e1/stdlib-rest.zip": b"PK", "LICENSE.txt": b"MIT",
            "THIRD-PARTY-NOTICES.md": b"#"}
    files = wordpress_plugin.files(site, "9.8.7")
    assert {"embed.js", ".htaccess", "static/.htaccess", "widget/index.html", "sw.js", "static/w1/page/app.js",
            "static/e1/engine.zip", "static/e1/stdlib-rest.zip", "LICENSE.txt", "THIRD-PARTY-NOTICES.md"} == {
        name.removeprefix("site/") for name in files if name.startswith("site/")}


def test_what_the_plugin_leaves_out_of_the_engine_is_what_the_build_says_a_visit_never_fetches() -> None:
    import build_site

    assert set(wordpress_plugin.NEVER_FETCHED) <= set(build_site.NOT_FETCHED)
    assert not any(Path("stdlib-rest.zip").match(pattern) for pattern in wordpress_plugin.NEVER_FETCHED)


def test_the_readme_says_what_to_do_when_the_host_s_upload_limit_is_below_the_zip_s_size() -> None:
    readme = wordpress_plugin.files(SITE, "9.8.7")["readme.txt"].decode()
    installation = readme.split("== Installation ==")[1].split("\n== ")[0]
    for words in ("The uploaded file exceeds the upload_max_filesize directive in php.ini.", "`upload_max_filesize`",
                  "`post_max_size`", "by SFTP", "`wp-content/plugins/`",
                  "`wp plugin install elo-calculator-wordpress-9.8.7.zip --activate`"):
        assert words in installation
    assert re.search(r"The zip is \d+\.\d MB\b", installation)
