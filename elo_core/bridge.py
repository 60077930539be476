"""The worker's bridge: one JSON string in, one JSON string out.

No Python objects cross into JavaScript, so there are no proxies to leak.
"""

from __future__ import annotations

import json
from operator import itemgetter
from typing import Any

from ._contract import KeptGames
from ._packed import PACKING, pack_columns, packed
from ._paste import cut_paste, parse_results
from ._request import calculate


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


# The widget writes a request's games last: `{...,"games":[...]}`. Their text, and the list read from
# it, kept while the same games come again (each keystroke in the rating with 10 000 games).
_GAMES = ',"games":['
_kept: tuple[str, KeptGames] | None = None


def _loads(request_json: str) -> Any:
    """`json.loads`, with a request's trailing games read once for as long as their text is the same
    (`KeptGames`: then not checked again either). The text splits only where both parts read as
    JSON, which is only at the object's own level (a part cut inside a value is not valid JSON);
    anything else is read whole. A leading byte order mark (text from Notepad) is dropped, as the
    CLI drops it from a file."""
    global _kept
    request_json = request_json.removeprefix("\ufeff")
    cut = request_json.rfind(_GAMES)
    if cut < 0 or not request_json.endswith("]}"):
        return json.loads(request_json)
    text = request_json[cut + len(_GAMES) - 1:-1]
    kept = _kept  # one read of it: another thread may replace it meanwhile
    if kept is not None and kept[0] == text:
        games = kept[1]
    else:
        try:
            games = KeptGames(json.loads(text))
        except (ValueError, TypeError, RecursionError):
            return json.loads(request_json)
    try:
        request = json.loads(request_json[:cut] + "}")
    except (ValueError, RecursionError):
        return json.loads(request_json)
    if not isinstance(request, dict):
        return json.loads(request_json)
    request["games"] = games  # as in JSON, the last "games" of the object is its games
    _kept = (text, games)
    return request


def _answer(request_json: str) -> dict[str, Any]:
    try:
        request = _loads(request_json)
    except (ValueError, TypeError, RecursionError) as exc:
        return {"ok": False, "errors": [{"field": "", "code": "bad_json", "params": {},
                                         "message": f"expected a JSON request: {exc}"}]}
    return calculate(request)


def handle(request_json: str) -> str:
    """`calculate` over JSON text; malformed JSON gives an `ok: false` answer.

    >>> handle('{"system": "elo", "rating": 1500, "k": 20, "games": []}')[:30]
    '{"ok":true,"system":"elo","upd'
    >>> handle('{oops')[:40]
    '{"ok":false,"errors":[{"field":"","code"'
    """
    return _dumps(_answer(request_json))


def handle_packed(request_json: str) -> str:
    """`handle`, with the games' numbers packed for the widget (widget/packed.js unpacks them): ten
    thousand games are some 60 000 numbers, and writing each as JSON text (and reading it back in
    the page) took longer than rating them. See `pack_games`.

    >>> import json
    >>> request = '{"system": "elo", "rating": 1500, "k": 20, "games": [{"opponent": 1600, "score": 1}]}'
    >>> packed = json.loads(handle_packed(request))
    >>> packed["games"]["columns"][:2], packed["games"]["n"]
    ([['opponent', 'n'], ['score', 'n']], 1)
    """
    token = PACKING.set(True)
    try:
        return _dumps(pack_games(_answer(request_json)))
    finally:
        PACKING.reset(token)


def pack_games(answer: dict[str, Any]) -> dict[str, Any]:
    """`answer` with its list of games (when it has one) as columns: each key that every game has,
    with values that are all booleans ("b") or all numbers or null ("n"), goes into one array of
    float64 (little-endian, column after column; null as NaN, which no answer holds), base64 in
    `numbers`; any other key, with its game's index, in `other`. Key order within a game may differ
    from the answer's where games have keys of their own. A number that is not finite stays in
    `other`, so that writing the answer fails as it would unpacked. Games already packed (by the
    system, `_packed.packed_games`) are left as they are.
    """
    games = answer.get("games")
    if not isinstance(games, list) or not games or not all(type(g) is dict for g in games):
        return answer
    keys = list(games[0])
    try:  # every game with the first one's keys (the common case), read in one pass
        values = list(zip(*map(itemgetter(*keys), games))) if len(keys) > 1 else [[g[keys[0]] for g in games]]
    except KeyError:
        values = [[g.get(key, games) for g in games] for key in keys]  # `games` marks a missing key
    columns, numbers = pack_columns(keys, values)
    names = {c[0] for c in columns}
    # Every game has every packed key: a game with more keys has others.
    other = [[i, {k: v for k, v in g.items() if k not in names}] for i, g in enumerate(games) if len(g) != len(names)]
    return {**answer, "games": packed(len(games), columns, numbers, other)}


# The lines that could not be read, sent one by one (the rest are counted by reason): enough for
# every tournament name a FIDE period can have, few enough that a megabyte of junk parses quickly.
LISTED_PROBLEMS = 1000


def parse(text: str) -> str:
    """Pasted results (plain text) to JSON: the games read, the first `LISTED_PROBLEMS` lines that
    could not be read, the others counted by reason (`unlisted`), and the non-blank lines past
    `MAX_PASTE_CHARS` (cut at a line break) that were not read at all: how many, and the first.

    >>> parse("1620 ½\\n1620 maybe")[:50]
    '{"games":[{"line":1,"opponent":1620,"score":0.5}],'
    """
    kept, unread = cut_paste(str(text))
    pasted = parse_results(kept)
    unlisted: dict[str, int] = {}
    for p in pasted.problems[LISTED_PROBLEMS:]:
        unlisted[p.reason] = unlisted.get(p.reason, 0) + 1
    return _dumps({
        "games": [{"line": n, "opponent": g.opponent, "score": g.score} for n, g in zip(pasted.lines, pasted.games)],
        "problems": [{"line": p.line, "text": p.text, "reason": p.reason} for p in pasted.problems[:LISTED_PROBLEMS]],
        "unlisted": unlisted,
        "unread": {"lines": unread[0], "from": unread[1]},
    })


def ladder(request_json: str) -> str:
    """`_ladder.ladder_report` over JSON text: a club's results ledger (`text`, and `players`) replayed into its
    ladder; malformed JSON gives an `ok: false` answer. With `"kind": "stakes"`, `_ladder.ladder_stakes`: what a
    win, draw or loss between two players (`a`, `b`) would do to each; with `"kind": "csv"`, `_ladder.ladder_csv`:
    the ranking (`players`) or a player's `history` as CSV text.

    >>> import json
    >>> answer = json.loads(ladder('{"text": "2026-03-04,Anna,Ben,1", "k": 20}'))
    >>> [(p["id"], p["rating"]) for p in answer["players"]]
    [('Anna', 1510.0), ('Ben', 1490.0)]
    >>> json.loads(ladder('{oops'))["errors"][0]["code"]
    'bad_json'
    """
    from ._ladder import ladder_csv, ladder_report, ladder_stakes  # imported when first asked for, as the systems are

    try:
        request = json.loads(request_json.removeprefix("\ufeff"))
    except (ValueError, TypeError, RecursionError) as exc:
        return _dumps({"ok": False, "errors": [{"field": "", "code": "bad_json", "params": {},
                                                "message": f"expected a JSON request: {exc}"}]})
    kind = request.get("kind") if isinstance(request, dict) else None
    if kind == "stakes":
        return _dumps(ladder_stakes(request))
    if kind == "csv":
        return _dumps(ladder_csv(request))
    return _dumps(ladder_report(request))
