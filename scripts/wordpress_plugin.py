"""The WordPress plugin's files, from wordpress/elo-calculator/ and a built site (release.py zips them).

    elo-calculator/                       the plugin's PHP, block and readme (wordpress/elo-calculator/)
    elo-calculator/includes/contract.php  the systems (each view's too) and languages, from elo_core and
                                          widget/i18n
    elo-calculator/languages/*.mo         compiled here from the committed .po files
    elo-calculator/site/                  the built site as the release ships it (its .htaccess files
                                          included), but for what the plugin never serves (NOT_SERVED,
                                          NEVER_FETCHED), served by the web server as static files

The version, the nginx lines (from scripts/hosting.py's rules) and the zip's size are filled into the
readme and the PHP; nothing generated is committed.
"""

from __future__ import annotations

import ast
import itertools
import json
import re
import struct
import sys
import unicodedata
import zlib
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_modules
from site_policy import COMPRESSIBLE, IMMUTABLE, REVALIDATE, SECURITY_HEADERS, WIDGET_FOLDER, WIDGET_HEADERS

import hosting

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "wordpress" / "elo-calculator"
SLUG = "elo-calculator"
# Where WordPress puts the plugin's built site, for the nginx lines (WordPress at the top of a domain).
SITE_PATH = f"/wp-content/plugins/{SLUG}/site/"
GENERATED = ("__VERSION__", "__NGINX__", "__ZIP_SIZE__", "__ZIP_BYTES__")
# The built site's files the plugin does not serve, left out of its zip (a host's upload limit is often
# smaller than the zip): the snippet builder's page (the block and the shortcode write the element; its
# script and styles go with it, served()), the guide and the header files of other hosts (the plugin's
# readme is its guide and has nginx's lines; its .htaccess files serve Apache).
NOT_SERVED = ("HOSTING.md", "index.html", "_headers", "nginx.conf.example")
# And what a visit never fetches, as the build says (build_site.NOT_FETCHED): the wheel and its lock file,
# for micropip users. Not stdlib-rest.zip, which a visit fetches when Python imports a module of it.
NEVER_FETCHED = ("*.whl", "pyodide-lock.json")


def php_string(value: str) -> str:
    """A single-quoted PHP string literal."""
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def pcre(pattern: str, flags: str) -> str:
    """A JavaScript pattern of elo_core's attribute table as PHP's preg_match takes it: `$` as `\\z` (PHP's `$` also
    matches before a final newline, JavaScript's not), `\\uXXXX` as `\\x{XXXX}`, in `~` delimiters."""
    if "~" in pattern or not pattern.endswith("$") or set(flags) - {"i", "u"}:
        raise ValueError(f"an attribute's pattern this function cannot write for PHP: /{pattern}/{flags}")
    body = re.sub(r"\\u([0-9a-fA-F]{4})", r"\\x{\1}", pattern[:-1]) + "\\z"
    return f"~{body}~{flags}"


def composition_table() -> dict[str, str]:
    """The Latin, Greek and Cyrillic letters (with Latin Extended Additional and Greek Extended: Vietnamese,
    polytonic Greek) written decomposed, each way NFC composes back to one letter: the base and its marks in either
    order (`e` + dot below + circumflex), and a letter already bearing one of two marks (`ê` + dot below). Hangul,
    which NFC composes by rule, is not in it."""
    table: dict[str, str] = {}
    for c in map(chr, [*range(0xC0, 0x250), *range(0x370, 0x530), *range(0x1E00, 0x2000)]):
        whole = unicodedata.normalize("NFD", c)
        if whole == c or unicodedata.normalize("NFC", c) != c:
            continue
        base, marks = whole[0], whole[1:]
        ways = {base + "".join(order) for order in itertools.permutations(marks)}
        ways |= {unicodedata.normalize("NFC", base + mark) + "".join(m for m in marks if m != mark) for mark in marks}
        table.update({way: c for way in ways if way != c and unicodedata.normalize("NFC", way) == c})
    return dict(sorted(table.items(), key=lambda item: -len(item[0])))


def contract_php() -> str:
    """includes/contract.php: the systems (elo_core's registry, the default first, with their English
    labels, and their labels in the widget's other languages), the letters a decomposed name holds and their composed
    form, the widget's languages (widget/i18n, each by its own name), and the systems each view with
    its own offers (the report's and the ladder's, from what each system declares it can do: systems.by_view)."""
    sys.path.insert(0, str(ROOT))
    from elo_core.files import ledger
    from elo_core.systems import REGISTRY, by_view
    from elo_core.transport.vocabulary import ATTRIBUTES
    from elo_core.words import model

    english = build_modules.english_texts()
    names = {name: english[f"system.{name}"] for name in REGISTRY}
    # Each system's name in the widget's other languages (widget/i18n/systems), for the admin's own language.
    spoken: dict[str, dict[str, str]] = {}
    for path in sorted((ROOT / "widget" / "i18n" / "systems").glob("*.json")):
        for lang, texts in json.loads(path.read_text(encoding="utf-8")).items():
            if lang != "en" and f"system.{path.stem}" in texts:
                spoken.setdefault(lang, {})[path.stem] = texts[f"system.{path.stem}"]
    labels = {lang: {name: spoken[lang][name] for name in REGISTRY if name in spoken[lang]} for lang in sorted(spoken)}
    # Letters written decomposed (`u` and a combining diaeresis, as macOS writes them) and their composed form: the
    # plugin's names compared as the ladder view compares them (NFC) on a host without PHP's intl (Normalizer).
    compose = composition_table()
    languages = {p.stem: json.loads(p.read_text(encoding="utf-8"))["lang.name"]
                 for p in sorted((ROOT / "widget" / "i18n").glob("*.json"))}

    views = {view: systems for view, systems in by_view().items() if view != "calculator"}
    # The ladders the plugin keeps read results and a club's files as the ladder view does (elo_core.files.ledger).
    code = {model.WIN: "1", model.DRAW: "0.5", model.LOSS: "0"}
    results = {text: code[score] for text, score in ledger.PLAYED.items()}
    forfeit = {model.WIN: "+", model.LOSS: "-", None: "--"}
    results |= {text: forfeit[score] for text, score in ledger.FORFEITS.items()}
    columns = {**ledger.COLUMNS, **{f"player_{k}": v for k, v in ledger.PLAYER_COLUMNS.items()}}

    def array(items: dict[str, str]) -> str:
        return "array(\n" + "".join(f"\t\t{php_string(k)} => {php_string(v)},\n" for k, v in items.items()) + "\t)"

    def lists(items: Mapping[str, Sequence[str]]) -> str:
        return "array(\n" + "".join(f"\t\t{php_string(k)} => array( {', '.join(map(php_string, v))} ),\n"
                                    for k, v in items.items()) + "\t)"

    return ("<?php\n/**\n * Generated by scripts/wordpress_plugin.py from elo_core's registry and widget/i18n."
            " Do not edit.\n *\n * @package elo-calculator\n */\n\n"
            "defined( 'ELO_CALCULATOR_STANDALONE' ) || defined( 'ABSPATH' ) || exit;\n\n"
            f"return array(\n\t'systems'   => {array(names)},\n\t'languages' => {array(languages)},\n"
            "\t'system_labels' => array(\n" + "".join(f"\t\t{php_string(lang)} => {array(items)},\n"
                                                  for lang, items in labels.items()) + "\t),\n"
            f"\t'views'     => {lists(views)},\n\t'results'   => {array(results)},\n"
            f"\t'columns'   => {lists(columns)},\n"
            f"\t'inactive'  => array( {', '.join(map(php_string, sorted(ledger.INACTIVE_WORDS)))} ),\n"
            f"\t'active'    => array( {', '.join(map(php_string, sorted(ledger.ACTIVE_WORDS)))} ),\n"
            f"\t'limits'    => array( 'max_file_bytes' => {model.MAX_FILE_BYTES} ),\n"
            f"\t'compose'   => {array(compose)},\n"
            f"\t'attributes' => {array({name: pcre(*rule) for name, rule in ATTRIBUTES.items()})},\n);\n")


def parse_po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a .po file (no plurals or contexts: the plugin uses neither); the header's
    empty msgid included, untranslated entries left out."""
    entries: dict[str, str] = {}
    key: str | None = None
    current: dict[str, str] = {}
    for line in [*text.splitlines(), ""]:
        line = line.strip()
        if line.startswith(("msgid ", "msgstr ")):
            key, _, literal = line.partition(" ")
            current[key] = ast.literal_eval(literal)
        elif line.startswith('"') and key:
            current[key] += ast.literal_eval(line)
        elif not line or line.startswith("#"):
            if "msgstr" in current and (current["msgstr"] or not current["msgid"]):
                entries[current["msgid"]] = current["msgstr"]
            current, key = {}, None
    return entries


def mo(entries: dict[str, str]) -> bytes:
    """A GNU .mo file (what msgfmt writes, without the optional hash table): little-endian, sorted ids."""
    ids = sorted(entries)
    keys = [k.encode() for k in ids]
    values = [entries[k].encode() for k in ids]
    start = 7 * 4 + 16 * len(ids)  # the header, then the two tables of (length, offset)
    offsets, blob = [], b""
    for data in keys + values:
        offsets.append((len(data), start + len(blob)))
        blob += data + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, len(ids), 7 * 4, 7 * 4 + 8 * len(ids), 0, start)
    return header + b"".join(struct.pack("<2I", *o) for o in offsets) + blob


def nginx_lines() -> str:
    """The lines an nginx site needs for the plugin's files: hosting.py's types, compression, cache rules and
    security headers (the widget's page its own CSP, as site_policy says), for the plugin's folder (readme.txt
    shows them)."""
    types = [f"        {hosting.mime(t)} {' '.join(exts)};" for t, exts in hosting.extensions_by_type().items()]
    security = [f'    add_header {name} "{hosting.checked(value)}" always;' for name, value in SECURITY_HEADERS.items()]
    widget = [f'    add_header {name} "{hosting.checked(value)}" always;' for name, value in WIDGET_HEADERS.items()]
    lines = [
        # A ladder kept in the plugin (its files, written on every change): revalidated on every visit.
        "location ^~ /wp-content/uploads/elo-calculator/ {",
        f'    add_header Cache-Control "{REVALIDATE}" always;',
        "}",
        f"location ^~ {SITE_PATH} {{",
        "    types {", *types, "    }",
        "    gzip on;", "    gzip_vary on;",
        f"    gzip_types {' '.join(t for t in hosting.compressible() if t != 'text/html')};",
        f'    add_header Cache-Control "{REVALIDATE}" always;', *security,
        f"    location ^~ {SITE_PATH}{hosting.STATIC}/ {{",
        f'        add_header Cache-Control "{IMMUTABLE}";',
        *("    " + line for line in security),
        "    }",
        f"    location ~ ^{SITE_PATH}{WIDGET_FOLDER}/(index\\.html)?$ {{",
        f'        add_header Cache-Control "{REVALIDATE}" always;',
        *("    " + line for line in widget),
        "    }",
        "}",
    ]
    return "\n".join("    " + line for line in lines)  # four spaces: a code block in readme.txt's Markdown


def served(site: dict[str, bytes]) -> dict[str, bytes]:
    """The built site's files that the plugin serves: not NOT_SERVED, not the files the snippet builder's
    page names in static/ (its script and styles, in a static folder of their own), not NEVER_FETCHED."""
    builder = set(re.findall(r'\b(?:src|href)="(static/[\w./-]+)"', site.get("index.html", b"").decode("utf-8")))
    return {name: data for name, data in site.items()
            if name not in NOT_SERVED and name not in builder
            and not any(PurePosixPath(name).match(pattern) for pattern in NEVER_FETCHED)}


def zip_bytes(files: dict[str, bytes]) -> int:
    """The size of the plugin's zip as scripts/release.py writes it (write_zip: one folder, each file's
    folders as entries, deflate level 6 for COMPRESSIBLE files, the rest stored; no extra fields), for
    the texts that compare it with the host's upload limit."""
    folders = {""} | {"/".join(parts[:i]) + "/" for parts in (name.split("/") for name in files)
                       for i in range(1, len(parts))}
    total = 22  # the end of the central directory
    for name in folders | set(files):
        total += 30 + 46 + 2 * len(f"{SLUG}/{name}".encode())  # its local header and its central directory entry
        if name in folders:
            continue
        data = files[name]
        if PurePosixPath(name).suffix in COMPRESSIBLE:
            deflate = zlib.compressobj(6, zlib.DEFLATED, -15)
            total += len(deflate.compress(data)) + len(deflate.flush())
        else:
            total += len(data)
    return total


def files(site: dict[str, bytes], version: str) -> dict[str, bytes]:
    """Every file of the plugin by its path in the plugin's folder; `site` is the built site as the
    release ships it (release.contents), of which the plugin takes the files it serves."""
    if not (SOURCE / f"{SLUG}.php").is_file():
        raise FileNotFoundError(f"expected the plugin's source in {SOURCE}")
    out: dict[str, bytes] = {}
    for path in sorted(SOURCE.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(SOURCE).as_posix()
        data = path.read_bytes()
        if path.suffix in {".php", ".txt"}:
            data = data.decode("utf-8").replace("__VERSION__", version).replace("__NGINX__", nginx_lines()).encode()
        out[rel] = data
        if path.suffix == ".po":
            out[rel.removesuffix(".po") + ".mo"] = mo(parse_po(path.read_text(encoding="utf-8")))
    out["includes/contract.php"] = contract_php().encode()
    out.update({f"site/{name}": data for name, data in served(site).items()})
    # The zip's size in the texts that compare it with the host's upload limit (a few bytes off: the
    # size itself replaces its mark), in MB as WordPress and PHP count them (1024 × 1024 bytes).
    size = zip_bytes(out)
    for rel in [rel for rel in out if rel.endswith((".php", ".txt")) and not rel.startswith("site/")]:
        out[rel] = (out[rel].decode("utf-8").replace("__ZIP_BYTES__", str(size))
                    .replace("__ZIP_SIZE__", f"{size / 1024 / 1024:.1f} MB").encode())
    return out


def msgids() -> set[str]:
    """Every text the plugin's PHP gives to WordPress's translation functions (__, esc_html__ and the
    like) in its text domain."""
    call = re.compile(r"\b(?:__|_e|esc_html__|esc_attr__|esc_html_e|esc_attr_e)\("
                      r"\s*'((?:[^'\\]|\\.)*)',\s*'elo-calculator'\s*\)")
    found = set()
    for path in SOURCE.rglob("*.php"):
        found |= {re.sub(r"\\(.)", r"\1", m) for m in call.findall(path.read_text(encoding="utf-8"))}
    # WordPress translates the plugin's header and block.json's title and description itself.
    header = (SOURCE / f"{SLUG}.php").read_text(encoding="utf-8")
    found |= set(re.findall(r"^ \* (?:Plugin Name|Description): +(.+)$", header, re.MULTILINE))
    block = json.loads((SOURCE / "block" / "block.json").read_text(encoding="utf-8"))
    return found | {block["title"], block["description"]}
