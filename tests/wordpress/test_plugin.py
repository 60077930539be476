"""The WordPress plugin, installed from the zip `make release` writes into a real WordPress (Debian's,
behind Apache with mod_php and MariaDB: tests/wordpress/host.py), used in Chromium as a club's
visitors and administrator use it.

One WordPress (conftest.py) and one browser for the whole package; each test opens its own pages. Needs `make dist`
and the Debian packages of tests/wordpress/host.py (`make test` installs them).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, FrameLocator, Page, expect

from elo_core.reports.event import event_report
from tests.browser.conftest import NO_SHARED_WORKER
from tests.browser.ui import RESULT_LABELS
from tests.release.hosts import readable_dir
from tests.site_copy import REBUILT_TITLE, Builds
from tests.wordpress.host import PHP, PLUGIN, WORDPRESS, WordPress, php_quote

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from wordpress_plugin import parse_po  # noqa: E402

DIST = ROOT / "dist"
FALLBACK = "Loading the rating calculator…"
# The plain-Elo seed (tests/vectors/seeds.json, seed 000; README's Python example): 1450 at K 40.
SEED_000 = [(1500, 1), (1620, 0.5), (1390, 0), (1555, 1)]
PAGES = {
    "shortcode": f'[elo_calculator system="elo" k="40" lang="en"]{FALLBACK}[/elo_calculator]',
    "block": '<!-- wp:elo-calculator/calculator {"system":"elo","k":"40","lang":"en"} /-->',
    "fide-de": '[elo_calculator system="fide" lang="de"]',
    "plain": "<p>Club news: no calculator on this page.</p>",
    # A tournament report from a file in the site's uploads (the fixture puts it there).
    "report": '[elo_calculator view="event" src="/wp-content/uploads/congress.trf" lang="en"]',
    # A ladder with the club's own rules (issue 39): hyphenated names, as the element's.
    "ladder-rules": '[elo_calculator view="ladder" src="/wp-content/uploads/ladder.csv" heading="Club ladder 2026" '
                    'start="1200" first-k="40" first-games="5" cap-400="no" period="week" provisional="10" '
                    'inactive-months="6" since="2026-01-01" pool="Juniors" overrides="yes"]',
}
# What the ladder-rules page's element holds, in embed.js's order.
LADDER_RULES = {"view": "ladder", "heading": "Club ladder 2026", "start": "1200", "first-k": "40", "first-games": "5",
                "cap-400": "no", "period": "week", "provisional": "10", "inactive-months": "6", "since": "2026-01-01",
                "pool": "Juniors", "overrides": "yes", "src": "/wp-content/uploads/ladder.csv"}
CONGRESS = ROOT / "tests" / "trf" / "fide-c07-tiebreak-exercises.trf"


@pytest.fixture(scope="module", autouse=True)
def pages(wordpress: WordPress) -> None:
    """A page of each kind, and the report's file in the site's uploads."""
    uploads = wordpress.root / "wp-content" / "uploads"
    uploads.mkdir(exist_ok=True)
    shutil.copy(CONGRESS, uploads / "congress.trf")
    (uploads / "congress.trf").chmod(0o644)
    for name, content in PAGES.items():
        wordpress.add_page(name, content)


def calculator(page: Page) -> FrameLocator:
    return page.frame_locator("elo-calculator >> iframe")


def rate_seed(frame: FrameLocator) -> None:
    """Type the seed's four games; K 40 comes from the page's attribute."""
    expect(frame.get_by_label("K-factor")).to_have_value("40")
    frame.get_by_label("Your rating").fill("1450")
    for i, (opponent, score) in enumerate(SEED_000, start=1):
        if i > 1:
            frame.get_by_role("button", name="Add game").press("Enter")
        frame.get_by_label(f"Opponent rating, game {i}", exact=True).fill(str(opponent))
        frame.get_by_label(f"Result, game {i}", exact=True).select_option(label=RESULT_LABELS[score])
    expect(frame.get_by_label("New rating", exact=True)).to_have_text("1484.4")


def test_seed_example_on_a_shortcode_page(page: Page, wordpress: WordPress) -> None:
    page.goto(wordpress.pages["shortcode"])
    expect(page.locator("elo-calculator").get_by_text(FALLBACK)).to_be_attached()  # the enclosed text
    rate_seed(calculator(page))


def test_seed_example_on_a_block_page(page: Page, wordpress: WordPress) -> None:
    page.goto(wordpress.pages["block"])
    rate_seed(calculator(page))


def test_fide_example_through_the_shortcode_in_german(page: Page, wordpress: WordPress) -> None:
    """tests/browser/test_embed.py's FIDE period (2000, junior: K 40; beats 2100, draws 1900: 2020),
    with the German labels."""
    page.goto(wordpress.pages["fide-de"])
    frame = calculator(page)
    frame.get_by_label("Ihre Wertung").fill("2000")
    junior = frame.get_by_label("Dieses Jahr 18 oder jünger")
    junior.press("Space")
    expect(junior).to_be_checked()
    frame.get_by_label("Wertung des Gegners, Partie 1", exact=True).fill("2100")
    frame.get_by_role("button", name="Partie hinzufügen").press("Enter")
    frame.get_by_label("Wertung des Gegners, Partie 2", exact=True).fill("1900")
    frame.get_by_label("Ergebnis, Partie 2", exact=True).select_option(label="Remis")
    expect(frame.get_by_label("Neue Wertung", exact=True)).to_have_text("2020")


def test_a_page_without_the_calculator_loads_none_of_its_files(page: Page, wordpress: WordPress) -> None:
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(wordpress.pages["plain"], wait_until="networkidle")
    expect(page.get_by_text("Club news: no calculator on this page.")).to_be_visible()
    assert any("/wp-includes/" in url or "/wp-content/themes/" in url for url in requests)  # WordPress's own
    assert [] == [url for url in requests if "/plugins/elo-calculator/" in url]
    assert 0 == page.locator("elo-calculator").count()


def test_no_request_goes_to_another_origin(page: Page, wordpress: WordPress) -> None:
    """Python in a dedicated worker, whose downloads (the wasm among them) Playwright reports."""
    page.context.add_init_script(NO_SHARED_WORKER)
    requests: list[str] = []
    page.context.on("request", lambda r: requests.append(r.url))
    page.goto(wordpress.pages["shortcode"])
    rate_seed(calculator(page))
    assert [] == [url for url in requests if not url.startswith((wordpress.origin + "/", "data:"))]
    assert any(url.endswith(".wasm") for url in requests)


# The attributes: what the PHP writes is what embed.js would use

ODD_VALUES = [
    " elo ", "ELO", "fide\n", "glicko2", "chess", "", "de", "de-AT", "DE", "deu", "de_AT", "\u00a0nl\u00a0", "\ufeffit",
    "light", "Dark", "auto", "#abc", "#ABCDEF", "#abcd", "teal", "ab", "red;background:url(//x)", "x" * 21,
    "Georgia, 'Times New Roman', serif", "x;}body{display:none", "a" * 200, "a" * 201, "Ünïcode", "1450", "1450.55",
    "1450.555", "12345", "40\n", "0", "-5", "1e3", "report", "Report", "a" * 32, "b" * 33, "la-dder", "9lives",
    # issue 39: a heading or a pool (code points, not bytes; no control character), counts, yes/no, periods, dates.
    "none", "Club ladder 2026", "x" * 40, "x" * 41, "é" * 80, "é" * 81, "\U0001f600" * 80, "\U0001f600" * 81, "a\tb",
    "a\x7fb", "a\x85b", "a\u2028b", " Juniors ", "<b>x</b>", "yes", "no", "Yes", "yes ", "week", "month", "Week",
    "2026-04-01", "2026-4-1", "2026-04-01T10:00", "20260401", "999", "1000", "12", "007",
]


def test_the_php_keeps_exactly_the_attributes_embed_js_uses(page: Page, wordpress: WordPress) -> None:
    """Each odd value under each attribute: PHP's elo_calculator_clean_attributes() against embed.js's
    own EloCalculator.options() in the page."""
    names = ["system", "lang", "theme", "accent", "font", "k", "rating", "view", "heading", "start", "first-k",
             "first-games", "cap-400", "period", "provisional", "inactive-months", "since", "pool", "overrides"]
    cases = [{name: value} for name in names for value in ODD_VALUES]
    page.goto(wordpress.pages["shortcode"])
    js = page.evaluate("""cases => cases.map(given => Object.fromEntries(
        customElements.get("elo-calculator").options((name) => given[name] ?? null)))""", cases)
    attributes = wordpress.plugin_dir / "includes" / "attributes.php"
    php = subprocess.run([str(PHP), "-r", f"define('ELO_CALCULATOR_STANDALONE', true); require '{attributes}';"
                          "echo json_encode(array_map(fn($g) => (object) elo_calculator_clean_attributes($g),"
                          " json_decode(stream_get_contents(STDIN), true)));"],
                         input=json.dumps(cases), capture_output=True, text=True, check=True)
    assert js == json.loads(php.stdout)
    assert all(any(name in kept for kept in js) for name in names)  # the cases hold values both keep, for each name


def test_the_php_names_the_element_s_attributes_in_embed_js_s_order(page: Page, wordpress: WordPress) -> None:
    """elo_calculator_attribute_names(): embed.js's observed attributes (its `allowed`, then the files), then id."""
    page.goto(wordpress.pages["shortcode"])
    observed = page.evaluate('() => customElements.get("elo-calculator").observedAttributes')
    assert [*observed, "id"] == json.loads(wordpress.php("echo json_encode(elo_calculator_attribute_names());"))


def test_a_shortcode_passes_the_ladder_s_rules_and_the_heading_to_the_element(page: Page, wordpress: WordPress) -> None:
    """Hyphenated names (inactive-months, cap-400) as WordPress 6.1's shortcode parser reads them, through a
    published page's content filters."""
    page.goto(wordpress.pages["ladder-rules"])
    element = page.locator("elo-calculator")
    expect(element).to_have_count(1)
    assert LADDER_RULES == element.evaluate("e => Object.fromEntries([...e.attributes].map(a => [a.name, a.value]))")


def test_the_builder_s_shortcode_gives_the_element_of_its_snippet_whatever_the_text(page: Page, wordpress: WordPress,
                                                                                    widget_origin: str) -> None:
    """Text a club types (a bracket, a backslash, a `<`, both kinds of quote, an ampersand) in the snippet builder: its
    shortcode, published on a page, gives the element its two-line snippet holds. WordPress's parser ended the
    shortcode at a bracket (printing the rest on the page), read a backslash as an escape, blanked a value with a `<`,
    and the builder left out a value with both quotes (a hostile pass)."""
    page.goto(f"{widget_origin}/")
    page.get_by_label("View to show").select_option("ladder")
    page.get_by_label("Heading").fill('Ladder [2026] \\o/ C:\\new < 2000 "Cup" & O\'Brien')
    page.get_by_label("Pool shown first").fill("Group [B]")
    page.get_by_label("Address of the file").fill("results.csv?a[]=1&b=2")
    page.get_by_label("Where will you paste it?").select_option("wordpress")
    shortcode = page.locator("#shortcode").inner_text()
    wanted = page.locator("#snippet").evaluate("""code => {
        const box = document.createElement("template");
        box.innerHTML = code.textContent;
        const e = box.content.querySelector("elo-calculator");
        return Object.fromEntries([...e.attributes].map(a => [a.name, a.value]));
    }""")
    assert wanted["heading"] == 'Ladder [2026] \\o/ C:\\new < 2000 "Cup" & O\'Brien' and wanted["pool"] == "Group [B]"
    # As a page's author saves it (wp_insert_post takes its content slashed, as a form sends it), on a site whose
    # own defaults are dark, red and German: the builder's Light calculator in its own blue and the visitor's language
    # stays so (it came out dark, and German).
    url = wordpress.php("$old = get_option('elo_calculator_settings', array());"
                        "update_option('elo_calculator_settings', array_merge((array) $old, array('theme' => 'dark', "
                        "'accent' => 'red', 'lang' => 'de')));"
                        "echo get_permalink(wp_insert_post(wp_slash(array('post_type' => 'page', 'post_status' => "
                        f"'publish', 'post_title' => 'Builder', 'post_content' => {php_quote(shortcode)})), true));")
    try:
        page.goto(url.strip())
        element = page.locator("elo-calculator")
        expect(element).to_have_count(1)
        given = element.evaluate("e => Object.fromEntries([...e.attributes].map(a => [a.name, a.value]))")
    finally:
        wordpress.php("$s = get_option('elo_calculator_settings'); unset($s['theme'], $s['accent'], $s['lang']);"
                      "update_option('elo_calculator_settings', $s);")
    assert given == {**wanted, "theme": "light", "accent": "#1f5fbf"}
    shown = page.locator("body").inner_text()  # nothing of the shortcode printed as text
    assert '"]' not in shown and "elo_calculator" not in shown and "Group [B]" not in shown


def test_a_block_passes_the_ladder_s_rules_and_the_heading_to_the_element(wordpress: WordPress) -> None:
    block = "<!-- wp:elo-calculator/calculator " + json.dumps(LADDER_RULES) + " /-->"
    html = wordpress.php(f"echo do_blocks({php_quote(block)});")
    assert html.strip().startswith("<elo-calculator " + " ".join(f'{k}="{v}"' for k, v in LADDER_RULES.items()) + ">")


def test_a_report_page_shows_the_tournament_file_from_the_site_s_uploads(page: Page, wordpress: WordPress) -> None:
    """[elo_calculator view="event" src="..."]: the loader fetches the file from the site and the frame
    rates it, with elo_core's figures."""
    page.goto(wordpress.pages["report"])
    report = calculator(page)
    table = report.get_by_role("table", name=re.compile(r"^Rating changes: "))
    expect(table).to_be_visible(timeout=90_000)
    answer = event_report({"text": CONGRESS.read_bytes()})
    player = max(answer["players"], key=lambda p: abs(p["change"] or 0))
    row = table.locator(":scope > tbody > tr:not(.detail)").filter(has_text=player["name"])
    expect(row.locator("td.c-newRating")).to_have_text(str(player["new_rating"]))


def test_a_file_address_is_kept_only_when_the_loader_can_fetch_it(wordpress: WordPress) -> None:
    """`src` and `players`: relative or http(s) addresses, escaped; another scheme, or a quote that would
    leave the attribute, is dropped; the fallback link to the calculator's page carries no file."""
    shortcodes = ['[elo_calculator view="ladder" src="uploads/ladder.csv" players="https://sheets.example/p?output=csv&a=1"]',
                  '[elo_calculator view="event" src="javascript:alert(1)" players="data:text/csv,x"]']
    first, second = wordpress.php(
        "foreach (" + php_array(shortcodes) + " as $s) { echo do_shortcode($s), \"\\n\"; }").splitlines()
    assert first.startswith('<elo-calculator view="ladder" src="uploads/ladder.csv" '
                            'players="https://sheets.example/p?output=csv&amp;a=1">'), first
    assert "widget/?view=ladder\"" in first
    assert second.startswith('<elo-calculator view="event">'), second


def test_the_fallback_is_filtered_and_an_element_id_kept_only_when_plain(wordpress: WordPress) -> None:
    shortcodes = ['[elo_calculator system="elo" id="juniors" accent="red;x"]',
                  '[elo_calculator id="a b"]<b>Wait</b><script>x()</script>[/elo_calculator]']
    first, second = wordpress.php(
        "foreach (" + php_array(shortcodes) + " as $s) { echo do_shortcode($s), \"\\n\"; }").splitlines()
    assert first.startswith('<elo-calculator system="elo" id="juniors"><a href="') and "accent" not in first
    assert "<elo-calculator><b>Wait</b>x()</elo-calculator>" == second


def test_a_known_value_in_another_letter_case_is_taken_as_the_loader_takes_it(wordpress: WordPress) -> None:
    """system="FIDE" and theme="Dark" were dropped without a word (lang="DE" was kept); an id keeps its case."""
    html = wordpress.php("""echo do_shortcode('[elo_calculator system="FIDE" theme="Dark" id="Juniors"]');""")
    assert html.startswith('<elo-calculator system="fide" theme="dark" id="Juniors">'), html


def test_another_copy_serves_the_calculator_when_the_settings_say_so(wordpress: WordPress) -> None:
    html, src = wordpress.php("""
        update_option('elo_calculator_settings', array('source' => 'copy', 'copy_url' => 'https://elo.example.org/fed/'));
        echo do_shortcode('[elo_calculator system="fide"]'), "\\n";
        echo wp_scripts()->registered['elo-calculator-embed']->src;
        delete_option('elo_calculator_settings');""").splitlines()
    assert 'href="https://elo.example.org/fed/widget/?system=fide"' in html
    assert "https://elo.example.org/fed/embed.js" == src


def test_settings_keep_only_what_the_calculator_knows_and_say_what_they_dropped(wordpress: WordPress) -> None:
    saved, errors = wordpress.php("""
        echo json_encode(elo_calculator_sanitize_settings(array('system' => 'chess', 'lang' => 'de',
            'accent' => 'red;x', 'source' => 'copy', 'copy_url' => 'javascript:alert(1)',
            'delete_ladders' => 'YES'))), "\\n";
        echo json_encode(array_column(get_settings_errors('elo_calculator_settings'), 'message'));""").splitlines()
    assert {"system": "", "lang": "de", "theme": "", "accent": "", "source": "site",
            "copy_url": "", "delete_ladders": ""} == json.loads(saved)  # only "yes" deletes the ladders
    assert ['system: "chess" is not a value the calculator knows, so it was not saved.',
            'accent: "red;x" is not a value the calculator knows, so it was not saved.',
            'The other copy\'s address "javascript:alert(1)" was not saved, and the calculator is still served from '
            "where it was: the address must start with https://, because the other copy's script runs in your pages "
            "and in the block editor."] == json.loads(errors)


def test_another_copy_given_as_the_snippets_embed_js_is_saved_as_its_folder(wordpress: WordPress) -> None:
    """The address the snippet builder shows (.../embed.js), with a query or a fragment, or without its
    final slash: the folder is saved, and pages load that folder's embed.js."""
    typed = ["https://elo.example.org/fed/embed.js", "https://elo.example.org/fed/embed.js?v=2#top",
             "https://elo.example.org/fed?x=1", " https://elo.example.org/fed/ ", "\u00a0https://elo.example.org/fed/"]
    *saved, errors, src = wordpress.php(
        "foreach (" + php_array(typed) + " as $t) { echo elo_calculator_sanitize_settings(array('source' => 'copy', "
        "'copy_url' => $t))['copy_url'], \"\\n\"; }"
        "echo json_encode(get_settings_errors('elo_calculator_settings')), \"\\n\";"
        "update_option('elo_calculator_settings', elo_calculator_sanitize_settings(array('source' => 'copy', "
        "'copy_url' => 'https://elo.example.org/fed/embed.js')));"
        "do_shortcode('[elo_calculator]'); echo wp_scripts()->registered['elo-calculator-embed']->src;"
        "delete_option('elo_calculator_settings');").splitlines()
    assert ["https://elo.example.org/fed/"] * len(typed) == saved
    assert "[]" == errors
    assert "https://elo.example.org/fed/embed.js" == src


def test_another_copy_over_http_or_without_https_is_refused_and_the_previous_setting_kept(wordpress: WordPress) -> None:
    """http:// and a protocol-relative //host/ (mixed content on an HTTPS site, a script anyone on the way
    could change) are refused with a message that shows the address as typed, escaped."""
    typed = ["http://elo.example.net/embed.js", "//elo.example.net/", 'elo.example.net/"><b>x</b>',
             # Read by PHP as one host and by a browser as another, or no address at all:
             "https://elo.example.org\\@evil.example/", "https://user@evil.example/", "https://elo example.org/",
             "https://elo.example.org:0/"]
    *saved, errors = wordpress.php(
        "update_option('elo_calculator_settings', array('source' => 'copy', 'copy_url' => 'https://elo.example.org/fed/'));"
        "foreach (" + php_array(typed) + " as $t) { echo json_encode(elo_calculator_sanitize_settings(array("
        "'source' => 'copy', 'copy_url' => $t))), \"\\n\"; }"
        "echo json_encode(array_column(get_settings_errors('elo_calculator_settings'), 'message'));"
        "delete_option('elo_calculator_settings');").splitlines()
    assert [{"source": "copy", "copy_url": "https://elo.example.org/fed/"}] * len(typed) == [
        {k: v for k, v in json.loads(line).items() if k in ("source", "copy_url")} for line in saved]
    messages = json.loads(errors)
    assert 7 == len(messages)
    assert messages[0].startswith('The other copy\'s address "http://elo.example.net/embed.js" was not saved, and the '
                                  "calculator is still served from where it was: the address must start with https://")
    assert '"//elo.example.net/" was not saved' in messages[1]
    assert '"elo.example.net/&quot;&gt;&lt;b&gt;x&lt;/b&gt;" was not saved' in messages[2]


def test_a_copy_saved_by_an_earlier_version_over_http_is_not_loaded_and_one_ending_in_embed_js_is_its_folder(
        wordpress: WordPress) -> None:
    """Saved by the version before https was required: http:// and //host/ fall back to the plugin's own
    copy, .../embed.js/ (the snippet's address with a slash added) is read as its folder."""
    saved = ["http://elo.example.org/fed/", "//elo.example.org/fed/", "https://elo.example.org/fed/embed.js/"]
    base = wordpress.php("foreach (" + php_array(saved) + """ as $s) {
            update_option('elo_calculator_settings', array('source' => 'copy', 'copy_url' => $s));
            echo elo_calculator_base_url(), "\\n";
        }
        delete_option('elo_calculator_settings');""").splitlines()
    own = f"{wordpress.origin}/wp-content/plugins/elo-calculator/site/"
    assert [own, own, "https://elo.example.org/fed/"] == base


def test_the_self_test_checks_the_other_copy_in_use_not_the_plugins_own_files(wordpress: WordPress) -> None:
    """With another copy set, the self-test fetches that copy's embed.js, the one file, at the address the
    settings hold, as an outside address (certificate checked, no local network: wp_safe_remote_get). The
    copy's host answers through pre_http_request: a 404, then the script."""
    runs = wordpress.php("""
        update_option('elo_calculator_settings', array('source' => 'copy', 'copy_url' => 'https://elo.example.org/fed/'));
        foreach (array(404 => 'text/html', 200 => 'text/javascript; charset=utf-8') as $status => $type) {
            $asked = array();
            add_filter('pre_http_request', function ($pre, $args, $url) use (&$asked, $status, $type) {
                $asked[] = array($url, $args['sslverify'], $args['reject_unsafe_urls']);
                return array('response' => array('code' => $status, 'message' => ''), 'body' => '',
                    'headers' => array('content-type' => $type), 'cookies' => array());
            }, 10, 3);
            echo json_encode(array('problems' => elo_calculator_self_test(), 'asked' => $asked)), "\\n";
            remove_all_filters('pre_http_request');
        }
        delete_option('elo_calculator_settings');""").splitlines()
    missing, good = (json.loads(line) for line in runs)
    asked = [["https://elo.example.org/fed/embed.js", True, True]]
    assert asked == missing["asked"] == good["asked"]
    assert ["The other copy has no file https://elo.example.org/fed/embed.js (it answers 404): give the address of "
            "the folder that holds embed.js."] == missing["problems"]
    assert [] == good["problems"]


def test_the_settings_page_warns_that_the_other_copy_s_script_runs_in_the_editor_with_the_admin_s_session(
        wordpress: WordPress) -> None:
    html = wordpress.php("elo_calculator_settings_page();")
    field = re.search(r'<input id="elo-calculator-copy-url"[^>]*>', html)
    assert field and 'aria-describedby="elo-calculator-copy-url-warning"' in field[0]
    warning = re.search(r'<div id="elo-calculator-copy-url-warning" class="notice notice-warning inline"><p>(.*?)</p>',
                        html)
    assert warning
    assert ("Warning: the other copy&#039;s script runs in every page with the calculator and in the block editor "
            "too, where it acts with the session of whoever is logged in, an administrator&#039;s included. Name only "
            "a host your club trusts, by an address starting with https://.") == warning[1]


def php_array(items: list[str]) -> str:
    return "array(" + ", ".join(php_quote(item) for item in items) + ")"


# The settings page and the lifecycle


def self_test(admin: BrowserContext, wordpress: WordPress) -> Page:
    page = admin.new_page()
    page.goto(f"{wordpress.origin}/wp-admin/options-general.php?page=elo-calculator")
    page.get_by_role("button", name="Test this host").click()
    expect(page.get_by_role("status")).to_contain_text("What the self-test found")
    return page


def test_the_self_test_finds_the_host_well_set_up(admin: BrowserContext, wordpress: WordPress) -> None:
    page = self_test(admin, wordpress)
    expect(page.get_by_role("status")).to_contain_text("All is well")
    page.close()


def test_the_self_test_reports_a_wrong_wasm_type_without_the_htaccess(admin: BrowserContext,
                                                                      wordpress: WordPress) -> None:
    """The host's mime.types has no .wasm (tests/wordpress/host.py): only the plugin's .htaccess types it."""
    htaccess = wordpress.plugin_dir / "site" / ".htaccess"
    moved = htaccess.with_name("htaccess.removed")
    htaccess.rename(moved)
    try:
        page = self_test(admin, wordpress)
        status = page.get_by_role("status")
        expect(status).to_contain_text("Wrong MIME type: your web server sends the calculator's WebAssembly file "
                                       "(.wasm) without a type. Browsers need application/wasm")
        expect(status).to_contain_text("AllowOverride FileInfo")
        expect(status).to_contain_text("No compression")
        expect(status).not_to_contain_text("All is well")
        page.close()
    finally:
        moved.rename(htaccess)


def test_the_self_test_reports_blocked_mjs_files(admin: BrowserContext, wordpress: WordPress) -> None:
    """A host that refuses .mjs files (as some do with types they do not know): Apache told so in the
    plugin's .htaccess."""
    htaccess = wordpress.plugin_dir / "site" / ".htaccess"
    shipped = htaccess.read_text()
    htaccess.write_text(shipped + '<FilesMatch "\\.mjs$">\n    Require all denied\n</FilesMatch>\n')
    try:
        page = self_test(admin, wordpress)
        expect(page.get_by_role("status")).to_contain_text(
            "Your web server refuses the calculator's file pyodide.asm.mjs (it answers 403).")
        expect(page.get_by_role("status")).not_to_contain_text("WebAssembly")  # the wasm is served well
        page.close()
    finally:
        htaccess.write_text(shipped)


def options_of_the_plugin(wordpress: WordPress) -> list[str]:
    """Every option whose name or value mentions the plugin, but WordPress's own list of plugins."""
    rows = wordpress.db.sql("SELECT option_name FROM wordpress.wp_options WHERE (option_name LIKE '%elo%calc%' "
                            "OR option_value LIKE '%elo_calculator%' OR option_value LIKE '%elo-calculator%') "
                            "AND option_name NOT IN ('active_plugins', 'recently_activated')")
    return rows.split()


def test_uninstall_removes_the_settings_and_leaves_the_pages(admin: BrowserContext, wordpress: WordPress,
                                                             plugin_zip: Path) -> None:
    page = admin.new_page()
    page.goto(f"{wordpress.origin}/wp-admin/options-general.php?page=elo-calculator")
    page.get_by_label("Accent colour").fill("teal")
    page.get_by_label("Language").select_option("de")
    page.get_by_role("button", name="Save Changes").click()
    expect(page.get_by_text("Settings saved.")).to_be_visible()
    expect(page.get_by_label("Accent colour")).to_have_value("teal")
    page.close()
    # The settings; the ladders' tables' version and the roles' capabilities to keep them (test_ladders.py).
    kept = ["elo_calculator_db_version", "wp_user_roles"]
    assert sorted(["elo_calculator_settings", *kept]) == sorted(options_of_the_plugin(wordpress))
    contents = wordpress.php("echo get_post_field('post_content', url_to_postid('" + wordpress.pages["block"] + "'));")
    try:
        assert "deleted" == wordpress.php(
            f"deactivate_plugins('{PLUGIN}'); $r = delete_plugins(array('{PLUGIN}'));"
            "echo true === $r ? 'deleted' : (is_wp_error($r) ? $r->get_error_message() : var_export($r, true));")
        assert not wordpress.plugin_dir.exists()
        assert kept == sorted(options_of_the_plugin(wordpress))  # the ladders are kept by default
        assert contents == wordpress.php(
            "echo get_post_field('post_content', url_to_postid('" + wordpress.pages["block"] + "'));")
    finally:
        if not wordpress.plugin_dir.exists() or PLUGIN not in wordpress.php("echo implode(',', get_option("
                                                                              "'active_plugins'));"):
            wordpress.install_plugin(plugin_zip)  # the other tests' plugin, as it was


def static_folders(wordpress: WordPress) -> set[str]:
    static = wordpress.plugin_dir / "site" / "static"
    return {p.relative_to(static).as_posix() for p in [*static.glob("*"), *static.glob("pyodide/*")]
            if p.is_dir() and p.name != "pyodide"}


def test_an_update_keeps_a_returning_visitor_s_calculator_working(browser: Browser, wordpress: WordPress,
                                                                   plugin_zip: Path, builds: Builds) -> None:
    """The next release's plugin (a changed engine and text: tests/site_copy.py) uploaded over this
    one while a visitor has the calculator open: the previous version's static files stay (the
    open page may still fetch them), and a reload gets the new calculator, which computes."""
    out = readable_dir("release-wp-next-")
    context = browser.new_context()
    try:
        subprocess.run([sys.executable, str(builds.second / "scripts" / "release.py"), "--dist",
                        str(builds.second / "dist"), "--out", str(out)], check=True, capture_output=True)
        (update,) = out.glob("elo-calculator-wordpress-*.zip")
        page = context.new_page()
        page.goto(wordpress.pages["shortcode"])
        frame = calculator(page)
        frame.get_by_label("Your rating").fill("1450")
        frame.get_by_label("Opponent rating, game 1", exact=True).fill("1500")
        expect(frame.get_by_label("New rating", exact=True)).to_have_text("1472.9")
        first = static_folders(wordpress)
        # A ladder kept on the site (test_ladders.py) survives the update: its tables, rows and files.
        ladders = ("echo wp_json_encode(array_map(function ($l) { return elo_calculator_ladder_out($l, true); }, "
                   "elo_calculator_ladders()));")
        wordpress.php("$l = elo_calculator_create_ladder(array('name' => 'Update ladder'));"
                      "elo_calculator_put_player($l, array('id' => 'A', 'name' => 'Ann'));"
                      "elo_calculator_put_player($l, array('id' => 'B', 'name' => 'Bo'));"
                      "elo_calculator_put_game($l, array('date' => '2026-03-03', 'white' => 'A', 'black' => 'B', "
                      "'result' => '1-0'));", as_web=True)
        kept = json.loads(wordpress.php(ladders))
        assert "Update ladder" in [ladder["name"] for ladder in kept]

        wordpress.update_plugin(update)
        assert kept == json.loads(wordpress.php(ladders))
        (url,) = [ladder["csv_url"] for ladder in kept if ladder["name"] == "Update ladder"]
        games = wordpress.root / "wp-content" / "uploads" / "elo-calculator" / url.rsplit("/", 2)[1] / "games.csv"
        assert "2026-03-03,A,B,1-0" in games.read_text(encoding="utf-8-sig")
        assert first < static_folders(wordpress)  # the new version's folders, and the old ones kept
        assert first == set((wordpress.plugin_dir / "previous-static.txt").read_text().split()) | (
            first & static_folders_of(update))
        page.reload()
        expect(calculator(page).get_by_role("heading", name=REBUILT_TITLE, exact=True)).to_be_visible()
        calculator(page).get_by_label("Opponent rating, game 1", exact=True).fill("1600")
        expect(calculator(page).get_by_label("New rating", exact=True)).to_have_text("1478.1")
    finally:
        context.close()
        shutil.rmtree(out)
        wordpress.update_plugin(plugin_zip)  # the other tests' version, as it was


def static_folders_of(zip_path: Path) -> set[str]:
    names = zipfile.ZipFile(zip_path).namelist()
    found = {re.match(r"elo-calculator/site/static/((?:pyodide/)?[^/]+)/", n) for n in names}
    return {m[1] for m in found if m and m[1] != "pyodide"}


# The files


def test_every_php_file_passes_php_lint(wordpress: WordPress) -> None:
    files = sorted(wordpress.plugin_dir.rglob("*.php")) + sorted((ROOT / "wordpress").rglob("*.php"))
    assert len(files) > 10
    for path in files:
        run = subprocess.run([str(PHP), "-l", str(path)], capture_output=True, text=True)
        assert 0 == run.returncode, run.stdout + run.stderr


def test_the_readme_says_the_wordpress_version_tested(plugin_zip: Path) -> None:
    version = re.search(r"\$wp_version = '(\d+\.\d+)", (WORDPRESS / "wp-includes" / "version.php").read_text())
    assert version
    readme = zipfile.ZipFile(plugin_zip).read("elo-calculator/readme.txt").decode()
    assert f"Tested up to: {version[1]}\n" in readme
    assert f"Requires at least: {version[1]}\n" in readme


def test_the_zip_holds_no_file_the_plugin_never_serves_and_the_readme_says_its_size(plugin_zip: Path) -> None:
    """Not the snippet builder, other hosts' header files, the wheel or its lock file; the readme's size of the
    zip is the zip's (to 0.1 MB), for a webmaster to compare with the host's upload limit."""
    with zipfile.ZipFile(plugin_zip) as zf:
        names = zf.namelist()
        readme = zf.read("elo-calculator/readme.txt").decode()
    site = [name.removeprefix("elo-calculator/site/") for name in names if name.startswith("elo-calculator/site/")]
    assert {"embed.js", "widget/index.html", "sw.js", ".htaccess"} <= set(site)
    assert [] == [name for name in site if name in ("index.html", "_headers", "nginx.conf.example")
                  or name.endswith(("builder.js", "builder.css", ".whl", "pyodide-lock.json", ".br", ".gz", ".map"))]
    assert any(name.endswith("stdlib-rest.zip") for name in site)
    assert f"The zip is {plugin_zip.stat().st_size / 1024 / 1024:.1f} MB" in readme  # MB as PHP counts them


def test_the_settings_page_shows_the_upload_limit_beside_the_zip_s_size(wordpress: WordPress,
                                                                         plugin_zip: Path) -> None:
    """Below the zip's size (PHP's default 2 MB), the ways round it; above, that an update fits."""
    small, large = (wordpress.php(f"add_filter('upload_size_limit', fn() => {limit}); elo_calculator_settings_page();")
                    for limit in (2 * 1024 * 1024, 64 * 1024 * 1024))
    size = f"{plugin_zip.stat().st_size / 1024 / 1024:.1f} MB"
    assert f"This site takes uploads up to 2 MB; this version of the plugin came in a zip of {size}." in small
    for words in ("upload_max_filesize", "post_max_size", "wp-content/plugins/", "wp plugin install"):
        assert words in small
    assert "64 MB" in large and size in large and "wp plugin install" not in large


def test_gnu_gettext_reads_the_mo_files_as_their_po(plugin_zip: Path, tmp_path: Path) -> None:
    """The release's .mo files (written by scripts/wordpress_plugin.py, not msgfmt) read back by GNU
    gettext's msgunfmt to the texts of their .po."""
    msgunfmt = Path("/usr/bin/msgunfmt")
    if not msgunfmt.exists():
        pytest.fail("needs Debian's gettext: run `make test`, which installs it")
    with zipfile.ZipFile(plugin_zip) as zf:
        names = [n for n in zf.namelist() if n.endswith(".mo")]
        assert 5 == len(names)
        for name in names:
            (tmp_path / "x.mo").write_bytes(zf.read(name))
            back = subprocess.run([str(msgunfmt), str(tmp_path / "x.mo")], capture_output=True, text=True,
                                  check=True).stdout
            assert parse_po(zf.read(name.removesuffix(".mo") + ".po").decode()) == parse_po(back), name


def test_the_block_s_sidebar_options_change_its_live_preview(admin: BrowserContext, wordpress: WordPress) -> None:
    """The block page in the editor: the preview is the real calculator (K 40 from the block); choosing
    FIDE in the sidebar renders it anew with FIDE's fields."""
    post = re.search(r"page_id=(\d+)", wordpress.pages["block"])
    assert post
    wordpress.php("update_user_meta(1, 'wp_persisted_preferences', array('core/edit-post' => "
                  "array('welcomeGuide' => false), '_modified' => gmdate('c')));")
    page = admin.new_page()
    page.goto(f"{wordpress.origin}/wp-admin/post.php?post={post[1]}&action=edit")
    expect(calculator(page).get_by_label("K-factor")).to_have_value("40")
    page.evaluate("""() => {
        const [block] = wp.data.select("core/block-editor").getBlocks();
        wp.data.dispatch("core/block-editor").selectBlock(block.clientId);
    }""")
    if not page.get_by_label("Rating system").is_visible():  # the sidebar closed: open it
        page.get_by_role("button", name="Settings", exact=True).click()
    page.get_by_label("Rating system").select_option("fide")
    expect(calculator(page).get_by_label("18 or younger this year")).to_be_visible()
    page.close()


def open_block_in_editor(admin: BrowserContext, wordpress: WordPress) -> Page:
    """The block page in the editor, the block selected and its sidebar open."""
    post = re.search(r"page_id=(\d+)", wordpress.pages["block"])
    assert post
    wordpress.php("update_user_meta(1, 'wp_persisted_preferences', array('core/edit-post' => "
                  "array('welcomeGuide' => false), '_modified' => gmdate('c')));")
    page = admin.new_page()
    page.goto(f"{wordpress.origin}/wp-admin/post.php?post={post[1]}&action=edit")
    expect(calculator(page).get_by_label("K-factor")).to_have_value("40")
    page.evaluate("""() => {
        const [block] = wp.data.select("core/block-editor").getBlocks();
        wp.data.dispatch("core/block-editor").selectBlock(block.clientId);
    }""")
    if not page.get_by_label("Rating system").is_visible():  # the sidebar closed: open it
        page.get_by_role("button", name="Settings", exact=True).click()
    return page


def option_labels(page: Page, label: str) -> list[str]:
    return page.get_by_label(label, exact=True).locator("option").all_inner_texts()


SITE_DEFAULT = "The site's default (Settings, Elo calculator)"
LADDER_ONLY = ["Start rating", "Higher K for a player's first games", "How many first games",
               "Count rating differences over 400 as 400", "Rating period (Glicko, Glicko-2)",
               "Games before a player is ranked", "Months without a game before a player is marked inactive (0: never)",
               "Change since (date)", "Pool shown first", "Players file address (ladder)"]


def test_the_block_s_sidebar_shows_only_the_fields_of_its_view(admin: BrowserContext, wordpress: WordPress) -> None:
    """The calculator: system, K, rating; the ladder: its files, its systems and rules; the report: its file,
    its systems, K, overrides, heading. Language and look under every view. Another view empties the fields
    it does not show, so that no hidden value reaches the page."""
    page = open_block_in_editor(admin, wordpress)
    preview = page.locator("elo-calculator")
    for label in ("Rating system", "Default K-factor", "Default rating", "Language", "Colours", "Font"):
        expect(page.get_by_label(label, exact=True)).to_be_visible()
    for label in [*LADDER_ONLY, "File address (tournament report or results file)", "Heading (\"none\": no heading)"]:
        expect(page.get_by_label(label, exact=True)).to_have_count(0)
    assert 9 == len(option_labels(page, "Rating system"))

    page.get_by_label("View", exact=True).select_option(label="Club ladder (from a results file)")
    for label in LADDER_ONLY:
        expect(page.get_by_label(label, exact=True)).to_be_visible()
    expect(page.get_by_label("Default rating", exact=True)).to_have_count(0)
    assert [SITE_DEFAULT, "Elo (any sport)", "Glicko (Glickman; chess.com)", "Glicko-2 (Glickman)",
            "Glicko-2 (lichess)"] == option_labels(page, "Rating system")
    page.get_by_label("Months without a game before a player is marked inactive (0: never)", exact=True).fill("6")
    page.get_by_label("Rating period (Glicko, Glicko-2)", exact=True).select_option("week")
    page.get_by_label("Change since (date)", exact=True).fill("2026-01-31")
    expect(preview).to_have_attribute("inactive-months", "6")
    expect(preview).to_have_attribute("period", "week")
    expect(preview).to_have_attribute("since", "2026-01-31")

    page.get_by_label("View", exact=True).select_option(label="Tournament report (from a TRF file)")
    expect(page.get_by_label("Visitors may set a player's K", exact=True)).to_be_visible()
    expect(page.get_by_label("Start rating", exact=True)).to_have_count(0)
    assert [SITE_DEFAULT, "FIDE (chess)", "Elo (any sport)"] == option_labels(page, "Rating system")
    expect(preview).to_have_attribute("view", "event")
    expect(preview).not_to_have_attribute("inactive-months", re.compile(".*"))
    expect(preview).to_have_attribute("system", "elo")  # a system the report offers is kept
    page.close()


def test_the_block_s_accent_colour_comes_from_a_colour_picker(admin: BrowserContext, wordpress: WordPress) -> None:
    page = open_block_in_editor(admin, wordpress)
    accent = page.get_by_role("group", name="Accent colour")
    accent.get_by_role("button", name="Color: The calculator's blue").click()
    expect(page.locator("elo-calculator")).to_have_attribute("accent", "#1f5fbf")
    accent.get_by_role("button", name="Clear").click()
    expect(page.locator("elo-calculator")).not_to_have_attribute("accent", re.compile(".*"))
    page.close()


def test_the_editor_offers_each_view_s_systems_and_shows_every_attribute_somewhere(wordpress: WordPress) -> None:
    """The report's and the ladder's systems from elo_core (contract.php); each of the block's attributes
    is a field of some view, of every view, or of the block itself."""
    config = json.loads(wordpress.php("echo wp_json_encode(elo_calculator_editor_config());"))
    assert ["", "fide", "elo"] == list(config["systems"]["event"])
    assert ["", "elo", "glicko", "glicko2", "lichess"] == list(config["systems"]["ladder"])
    assert 9 == len(config["systems"][""])
    block = json.loads((wordpress.plugin_dir / "block" / "block.json").read_text())
    shown = {name for fields in config["views"].values() for name in fields} | set(config["common"]) | set(
        config["always"])
    assert set(block["attributes"]) == shown | {"view"}
    assert all(name in config["texts"] for name in shown | {"view"})


def test_the_settings_page_speaks_the_administrator_s_language(admin: BrowserContext, wordpress: WordPress) -> None:
    wordpress.php("update_user_meta(1, 'locale', 'de_DE');")
    try:
        page = admin.new_page()
        page.goto(f"{wordpress.origin}/wp-admin/options-general.php?page=elo-calculator")
        expect(page.get_by_role("heading", name="Elo-Rechner", exact=True)).to_be_visible()
        expect(page.get_by_label("Akzentfarbe")).to_be_visible()
        expect(page.get_by_role("button", name="Diesen Host testen")).to_be_visible()
        page.close()
    finally:
        wordpress.php("update_user_meta(1, 'locale', '');")
