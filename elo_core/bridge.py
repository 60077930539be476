"""The worker's bridge: one JSON string in, one JSON string out.

No Python objects cross into JavaScript, so there are no proxies to leak.
"""

from __future__ import annotations

import base64
import binascii
import itertools
import json
import re
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import date
from operator import itemgetter
from typing import TYPE_CHECKING, Any, cast

from .contract import FieldError, GameRows, Problems, listed
from .contract.packed import pack_columns, pack_rows, packed
from .systems.request import answer
from .words.model import Game, UnratedGame
from .words.paste import cut_paste, parse_results

if TYPE_CHECKING:
    from .files.trf import Tournament
    from .reports.event import EventRating, Options, PlayerReport, Report
# The views' modules (a tournament file, its report, a club's ledger and ladder, a table's CSV) are imported
# when a view first asks, as the systems are: the widget's worker fetches them apart (views.zip, once a view
# opens), and a calculation never waits for them.

KINDS = {"calculate": "handle_packed", "parse": "parse", "event": "event", "ladder": "ladder"}
"""The kinds of request the widget's engine sends, and the function of this module that serves each: the one table
of the Python side. The page's side is worker-core.js BRIDGE (the same table), engine.js KINDS (each kind's rules on
the page) and protocol.js Kind (the names): tests/js/worker-core.test.mjs checks that all four say the same kinds."""


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


# The widget writes a request's games last: `{...,"games":[...]}`. Their text, the list read from it
# and its readings are kept while the same games come again (each keystroke in the rating with 10 000
# games): transport, which the systems never see.
_GAMES = ',"games":['


class _Kept:
    """A request's games as their text came, the list read from it (nothing changes it: `calculate`
    only reads a request), and its readings as games by how they were read, with their problems."""

    def __init__(self, text: str, games: list[Any]) -> None:
        self.text, self.games = text, games
        self.readings: dict[tuple[bool, str, bool], tuple[list[Game | UnratedGame], list[FieldError]]] = {}


_kept: _Kept | None = None


class _KeptProblems(Problems):
    """A request's problems, with the kept list of games answered from its last reading."""

    def __init__(self, kept: _Kept | None) -> None:
        super().__init__()
        self.kept = kept

    def games(self, value: Any, *, whole: bool, field: str, unrated: bool) -> list[Game | UnratedGame]:
        kept = self.kept
        if kept is None or value is not kept.games:
            return super().games(value, whole=whole, field=field, unrated=unrated)
        how = (whole, field, unrated)
        reading = kept.readings.get(how)
        if reading is None:
            found = Problems()
            reading = kept.readings[how] = (found.games(value, whole=whole, field=field, unrated=unrated), found.items)
        self.items.extend(reading[1])
        return list(reading[0])


def _loads(request_json: str) -> tuple[Any, _Kept | None]:
    """`json.loads`, with a request's trailing games read once for as long as their text is the same
    (then answered from the kept reading too, `_KeptProblems`). The text splits only where both parts
    read as JSON, which is only at the object's own level (a part cut inside a value is not valid
    JSON); anything else is read whole. A leading byte order mark (text from Notepad) is dropped, as
    the CLI drops it from a file."""
    global _kept
    request_json = request_json.removeprefix("\ufeff")
    cut = request_json.rfind(_GAMES)
    if cut < 0 or not request_json.endswith("]}"):
        return json.loads(request_json), None
    text = request_json[cut + len(_GAMES) - 1:-1]
    kept = _kept  # one read of it: another thread may replace it meanwhile
    if kept is None or kept.text != text:
        try:
            kept = _Kept(text, json.loads(text))
        except (ValueError, TypeError, RecursionError):
            return json.loads(request_json), None
    try:
        request = json.loads(request_json[:cut] + "}")
    except (ValueError, RecursionError):
        return json.loads(request_json), None
    if not isinstance(request, dict):
        return json.loads(request_json), None
    request["games"] = kept.games  # as in JSON, the last "games" of the object is its games
    _kept = kept
    return request, kept


def _bad_json(exc: Exception) -> dict[str, Any]:
    """The answer to a request that is not JSON (every function here gives it)."""
    return {"ok": False, "errors": [{"field": "", "code": "bad_json", "params": {},
                                     "message": f"expected a JSON request: {exc}"}]}


def _answer(request_json: str) -> dict[str, Any]:
    try:
        request, kept = _loads(request_json)
    except (ValueError, TypeError, RecursionError) as exc:
        return _bad_json(exc)
    return answer(request, _KeptProblems(kept))


def handle(request_json: str) -> str:
    """`calculate` over JSON text; malformed JSON gives an `ok: false` answer.

    >>> handle('{"system": "elo", "rating": 1500, "k": 20, "games": []}')[:30]
    '{"ok":true,"system":"elo","upd'
    >>> handle('{oops')[:40]
    '{"ok":false,"errors":[{"field":"","code"'
    """
    return _dumps(listed(_answer(request_json)))


def handle_packed(request_json: str) -> str:
    """`handle`, with the games' numbers packed for the widget (widget/engine/packed.js unpacks them): ten
    thousand games are some 60 000 numbers, and writing each as JSON text (and reading it back in
    the page) took longer than rating them. See `pack_games`.

    >>> import json
    >>> request = '{"system": "elo", "rating": 1500, "k": 20, "games": [{"opponent": 1600, "score": 1}]}'
    >>> packed = json.loads(handle_packed(request))
    >>> packed["games"]["columns"][:2], packed["games"]["n"]
    ([['opponent', 'n'], ['score', 'n']], 1)
    """
    return _dumps(pack_games(_answer(request_json)))


def pack_games(answer: dict[str, Any]) -> dict[str, Any]:
    """`answer` with its list of games (when it has one) as columns: each key that every game has,
    with values that are all booleans ("b") or all numbers or null ("n"), goes into one array of
    float64 (little-endian, column after column; null as NaN, which no answer holds), base64 in
    `numbers`; any other key, with its game's index, in `other`. Key order within a game may differ
    from the answer's where games have keys of their own. A number that is not finite stays in
    `other`, so that writing the answer fails as it would unpacked. Games given by column
    (`GameRows`) are packed from their columns (`pack_rows`) when they can be.
    """
    games = answer.get("games")
    if isinstance(games, GameRows):
        rows = pack_rows(games.columns)
        if rows is not None:
            return {**answer, "games": rows}
        games = games.answers()
    if not isinstance(games, list) or not games or not all(type(g) is dict for g in games):
        return listed(answer)
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
        "games": [{"line": n, "opponent": g.opponent, "score": g.score, **facts}
                  for n, g, facts in zip(pasted.lines, pasted.games, pasted.facts)],
        "problems": [{"line": p.line, "text": p.text, "reason": p.reason} for p in pasted.problems[:LISTED_PROBLEMS]],
        "unlisted": unlisted,
        "unread": {"lines": unread[0], "from": unread[1]},
    })


def event(request_json: str) -> str:
    """A tournament report file rated (`event.event_report`) over JSON text: the request of
    `event_report`, whose file comes either as `text` (text the page read, pasted) or as `bytes`, the
    file's bytes in base64 (a file opened in the widget: the reader decides between UTF-16, UTF-8 and
    Latin-1 from the bytes themselves, `trf.decode`, and says which it assumed). Malformed JSON, or
    `bytes` that are not base64, give an `ok: false` answer naming the field.

    Transport: `file`, a name the page gives the file, sends it once: a request with the file and its name keeps
    it (`_Files`), and one with the name alone rates the file kept (`file_dropped` when it is no longer kept).
    `only`, a list of start numbers, asks for those players' reports alone in `players` (the
    event's totals and the problems still whole, and `only` said back): the page that has the report sends
    it with a K typed for a player, and changes that player's row. The file last read is kept (`_read_kept`),
    and each player's report in it (`_rate_kept`): a K typed rates that player alone again.

    >>> import json
    >>> line = "001    1      Meier, Anna" + " " * 23 + "2000 GER     4600000 1990/01/01  1.0    1     2 w 1"
    >>> two = "001    2      Huber, Ben" + " " * 24 + "1900 GER     4600001 1980/05/17  0.0    2     1 b 0"
    >>> trf = "\\n".join(["012 Open", "052 2026/04/08", line, two])
    >>> answer = json.loads(event(json.dumps({"bytes": base64.b64encode(trf.encode()).decode()})))
    >>> [(p["start"], p["change"]) for p in answer["players"]]
    [(1, 7.2), (2, -7.2)]
    >>> answer = json.loads(event(json.dumps({"text": trf, "players": {"2": {"k": 40}}, "only": [2]})))
    >>> [(p["start"], p["k"], p["change"]) for p in answer["players"]], answer["only"]
    ([(2, 40, -14.4)], [2])
    >>> json.loads(event('{"bytes": "not base64!"}'))["errors"][0]["field"]
    'bytes'
    """
    try:
        request = json.loads(request_json.removeprefix("\ufeff"))
    except (ValueError, TypeError, RecursionError) as exc:
        return _dumps(_bad_json(exc))
    only = None
    if isinstance(request, dict):
        only = request.pop("only", None)
        if only is not None and not (isinstance(only, list) and all(type(s) is int for s in only)):
            return _dumps({"ok": False, "errors": [{"field": "only", "code": "not_a_choice", "params": {},
                                                    "message": "expected only to be a list of start numbers"}]})
    bad = _decode_files(request, (("bytes", "text"),)) or FILES.named(request, (("file", "text"),))
    if bad is not None:
        return _dumps(bad)
    from .reports.event import event_report
    answer = event_report(request, reader=_read_kept, rate=_rate_kept)
    if only is not None and answer.get("ok"):
        wanted = set(only)
        answer = {**answer, "players": [p for p in answer["players"] if p["start"] in wanted], "only": only}
    return _dumps(answer)


def _decode_files(request: Any, fields: tuple[tuple[str, str], ...]) -> dict[str, Any] | None:
    """A file's bytes as the widget sends them (a file opened or fetched, in base64): each `(key, into)` of
    `fields` present in the request is decoded into `into`, for the reader to decode the text. None, or the
    `ok: false` answer naming the field that is not base64."""
    if not isinstance(request, dict):
        return None
    for key, into in fields:
        if key not in request:
            continue
        data = request.pop(key)
        try:
            if not isinstance(data, str):
                raise binascii.Error("not text")
            request[into] = base64.b64decode(data, validate=True)
        except (binascii.Error, ValueError) as exc:
            return {"ok": False, "errors": [{"field": key, "code": "bad_bytes", "params": {},
                                             "message": f"expected the file's bytes in base64: {exc}"}]}
    return None


_SERIALS = itertools.count(1)


@dataclass
class _File:
    """A file the page sent, and what was made of it (its tournament, its rating, its ladder): kept together, and
    dropped together. `serial`: this file's own number (a name given to other data later is another file)."""

    data: str | bytes
    made: dict[str, Any] = field(default_factory=dict)
    serial: int = field(default_factory=lambda: next(_SERIALS))


class _Files:
    """The bridge's one session: the files the page sent, each by the name the page gave it, with what was made of
    each. Sent once (with its bytes or text and its name), a file is named alone by the requests that follow (a K
    typed in the report, a ladder's settings changed, a player's page), so that a file of 8 MB crosses to the
    worker once, not with every keystroke; and what was made of it (`made`: the tournament read, the event rated,
    the ladder replayed) is kept with it, one for each calculator that shares the worker. At most `MAX_FILES` files
    and `MAX_CHARS` bytes or characters in all: the least recently used go first, with what was made of them. A
    request that names a file gone is answered `file_dropped` (`named`), and the page sends the file again."""

    MAX_FILES = 6
    MAX_CHARS = 64_000_000
    NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")

    MAX_REPLAYS = 2
    """The files that keep their ladder replayed (`keep_made`): a replay of 100 000 games, its histories and records
    with it, is many times its file, and a view needs its newest one; two calculators on a page keep theirs."""

    def __init__(self) -> None:
        # No lock (threading is one more module for the engine to load before a first result): each method reads
        # the files once (`get`, a copy of the list made in one C call under the GIL), so that a server calling the
        # bridge from threads gets, at worst, a file read again or sent again, never an error.
        self._files: OrderedDict[str, _File] = OrderedDict()

    def clear(self) -> None:
        """Let go of every file, and what was made of them."""
        self._files = OrderedDict()

    def named(self, request: Any, fields: tuple[tuple[str, str], ...]) -> dict[str, Any] | None:
        """Each `(key, into)` of `fields` the request holds: its file's name, kept with the file in `into` when the
        request brings it, else the file kept under that name put in `into`. None, or the `ok: false` answer naming
        the field whose name is no name, or whose file is no longer kept."""
        if not isinstance(request, dict):
            return None
        given = [request[key] for key, _ in fields if key in request]
        for key, into in fields:
            if key not in request:
                continue
            name = request.pop(key)
            if not isinstance(name, str) or not self.NAME.fullmatch(name) or given.count(name) > 1:
                return {"ok": False, "errors": [{"field": key, "code": "bad_name", "params": {},
                                                 "message": "expected a file's name, one for each file: 1 to 64 "
                                                            "letters, digits, - or _"}]}
            held = self._files.get(name)
            if into in request:
                request[into] = self._keep(name, request[into])
            elif held is not None:
                self._touch(name)
                request[into] = held.data
            else:
                return {"ok": False, "errors": [{"field": key, "code": "file_dropped", "params": {"name": name},
                                                 "message": f"the engine no longer holds the file {name!r} (it keeps "
                                                            f"{self.MAX_FILES} at most): send it again"}]}
        return None

    def file(self, data: object) -> _File | None:
        """The kept file whose data is `data` (the very object `named` put in the request), to keep what is made of
        it in `made`; None for data that is no kept file's (a request that named no file)."""
        return next((f for f in reversed(list(self._files.values())) if f.data is data), None)

    def made(self, data: object) -> dict[str, Any] | None:
        """What was made of the kept file whose data is `data` (`file`), or None."""
        kept = self.file(data)
        return None if kept is None else kept.made

    def made_of(self, what: str, thing: object) -> dict[str, Any] | None:
        """What was made of the kept file of which `thing` was made (as `what`: its tournament), or None."""
        return next((f.made for f in reversed(list(self._files.values())) if f.made.get(what) is thing), None)

    def keep_made(self, file: _File, what: str, thing: Any) -> None:
        """Keep `thing` made of `file` as `what`; a ladder replayed is kept by the `MAX_REPLAYS` files used last."""
        file.made[what] = thing
        holders = [f for f in reversed(list(self._files.values())) if f.made.get(what) is not None]
        for older in holders[self.MAX_REPLAYS:] if what == "ladder" else []:
            older.made.pop(what, None)

    def _touch(self, name: str) -> None:
        """`name` used now: the last the session lets go."""
        try:
            self._files.move_to_end(name)
        except KeyError:
            pass  # let go meanwhile (another thread): kept no longer, and said so when next named

    def _keep(self, name: str, data: Any) -> Any:
        """Keep `data` under `name`: the file already kept under it when the data are the same (a request sent
        before the first answer came brings the file again; what was made of it stays). The data to read."""
        if not isinstance(data, str | bytes):
            return data  # not a file: the reader says so
        held = self._files.get(name)
        if held is not None and type(held.data) is type(data) and len(held.data) == len(data) and held.data == data:
            self._touch(name)
            return held.data
        self._files.pop(name, None)
        self._files[name] = _File(data)
        while len(self._files) > self.MAX_FILES or (
                len(self._files) > 1 and sum(len(f.data) for f in list(self._files.values())) > self.MAX_CHARS):
            try:
                self._files.popitem(last=False)
            except KeyError:
                break
        return data

    def __len__(self) -> int:
        return len(self._files)


FILES = _Files()
"""The files the page sent this worker (`_Files`)."""


# The file last read, and what was read: the widget sends the same file again with each K typed for a
# player, and it is read once (a `Tournament` is not changed by rating it). Bytes and text are apart.
_kept_file: tuple[str | bytes, Tournament] | None = None


def forget() -> None:
    """Let go of every file the page sent and all that was made of them, as a new start has none: the widget's
    worker calls it before it makes Python's snapshot (widget/engine/snapshot.js), which the visitor's browser
    keeps on disk; a club's file stays in memory only. A page that names a file let go hears `file_dropped`, and
    sends it again."""
    global _kept_file
    FILES.clear()
    _kept_file = None


def _read_trf(data: str | bytes) -> Tournament:
    """`read_trf`, its module imported when first used (a view's: above)."""
    from .files.trf import read_trf
    return read_trf(data)


def _read_kept(data: str | bytes) -> Tournament:
    """`read_trf`, a file the page named read once and kept with it (`_Files`); a file sent without a name, the
    same as the last one not read again. A file that cannot be read is not kept."""
    global _kept_file
    made = FILES.made(data)
    if made is not None:
        if "tournament" not in made:
            made["tournament"] = _read_trf(data)
        return cast("Tournament", made["tournament"])
    kept = _kept_file  # one read of it: another thread may replace it meanwhile
    if kept is not None and type(kept[0]) is type(data) and kept[0] == data:
        return kept[1]
    tournament = _read_trf(data)
    _kept_file = (data, tournament)
    return tournament


class _KeptRating:
    """The event last rated (the file read, its system, period, K, day and start ratings) and each player's last report
    in it, with what was given for them (K, facts) as a sorted tuple."""

    def __init__(self, how: tuple[Any, ...], rating: EventRating) -> None:
        self.how, self.rating = how, rating
        self.players: dict[int, tuple[tuple[Any, ...], PlayerReport]] = {}


_kept_rating: _KeptRating | None = None


def _rate_kept(tournament: Tournament, options: Options, today: date) -> Report:
    """`event.rate_tournament`, a player whose K and facts are what they were in the last report not rated
    again (a player's report rests on their own line, K and facts and the event's options: `EventRating`).
    Reports are not changed once made, so that the kept ones can be answered again."""
    global _kept_rating
    # Everything of the event's that a player's report rests on besides their own K and facts: the start ratings
    # (Elo) too, as a rating given to one player changes their opponents' reports.
    how = (options.system, options.period, options.k, today, options.start,
           tuple(sorted((options.ratings or {}).items())), options.norms, options.tpr_unrated)
    made = FILES.made_of("tournament", tournament)
    kept = made.get("rating") if made is not None else _kept_rating  # one read: another thread may replace it
    if kept is None or kept.rating.tournament is not tournament or kept.how != how:
        from .reports.event import EventRating
        kept = _KeptRating(how, EventRating(tournament, options, today=today))
    overrides = options.players or {}
    players = []
    for p in tournament.players:
        given = overrides.get(p.start, {})
        mark = tuple(sorted(given.items()))
        known = kept.players.get(p.start)
        if known is None or known[0] != mark:
            known = kept.players[p.start] = (mark, kept.rating.player(p, given))
        players.append(known[1])
    if made is not None:
        made["rating"] = kept  # with its file: a calculator beside it keeps its own
    else:
        _kept_rating = kept
    return kept.rating.report(players)


def ladder(request_json: str) -> str:
    """`ladder.ladder_report` over JSON text: a club's results ledger (`text`, and `players`) replayed into its
    ladder; malformed JSON gives an `ok: false` answer. A file may come as its bytes in base64 (`bytes`,
    `players_bytes`, as the widget sends a file opened or fetched): the ledger's reader decodes them. Named
    (`file`, `players_file`), a file is sent once and named alone afterwards, as `event`'s.
    With `"slim": true`, the players without their histories and no head-to-head records; with `"kind": "player"`
    (and the same files and settings, `id`, `pool`), one player's history and head-to-head records, from the
    ladder last replayed when it is the same. With `"kind": "stakes"`, `ladder.ladder_stakes`: what a win, draw
    or loss between two players (`a`, `b`) would do to each; with `"kind": "csv"`, `ladder.ladder_csv`: the
    ranking (`players`) or a player's `history` as CSV text, or with a `table` (rows of cells, the header first),
    `csv_writer.table_csv`: any view's table as CSV text (the tournament report's download), by the same writer.

    >>> import json
    >>> answer = json.loads(ladder('{"text": "2026-03-04,Anna,Ben,1", "k": 20}'))
    >>> [(p["id"], p["rating"]) for p in answer["players"]]
    [('Anna', 1510.0), ('Ben', 1490.0)]
    >>> json.loads(ladder('{oops'))["errors"][0]["code"]
    'bad_json'
    """
    try:
        request = json.loads(request_json.removeprefix("\ufeff"))
    except (ValueError, TypeError, RecursionError) as exc:
        return _dumps(_bad_json(exc))
    kind = request.get("kind") if isinstance(request, dict) else None
    if kind == "csv" and "table" in request:
        from .contract.csv_writer import table_csv
        return _dumps(table_csv(request))  # a table of any view: no ladder module needed
    from .reports.ladder import (  # imported when first asked for, as the systems are
        ladder_csv,
        ladder_report,
        ladder_stakes,
    )

    # Named files are the same files by their names: the kept ladder is found by those, not by 8 MB of text.
    names = {k: request[k] for k in ("file", "players_file") if k in request} if isinstance(request, dict) else {}
    bad = _decode_files(request, (("bytes", "text"), ("players_bytes", "players"))) or FILES.named(
        request, (("file", "text"), ("players_file", "players")))
    if bad is not None:
        return _dumps(bad)
    if kind == "stakes":
        return _dumps(ladder_stakes(request))
    if kind == "csv":
        return _dumps(ladder_csv(request))
    if kind == "player":
        return _dumps(_ladder_player(request, ladder_report, names))
    answer = _kept_ladder(request, ladder_report, names)
    if isinstance(request, dict) and request.get("slim") and answer.get("ok"):
        # The ranking without the histories and the head-to-head records (a player's come with `"kind": "player"`):
        # of 100 000 games they are 17 MB of JSON, longer to write here and to read on the page than the replay.
        answer = {**answer, "head_to_head": [],
                  "players": [{k: v for k, v in p.items() if k != "history"} for p in answer["players"]]}
    return _dumps(answer)


# The ladder last replayed, by its request (its files and settings): a player's page asks for their history and
# head-to-head records with the same request, answered from it without a replay.
_kept_ladder_answer: tuple[str, dict[str, Any]] | None = None


def _kept_ladder(request: Any, report: Any, names: dict[str, Any]) -> dict[str, Any]:
    """`report(request)`, the same files and settings as the last ones not replayed again; an answer that is no
    ladder is not kept. Files the page named (`names`) are known by their names."""
    global _kept_ladder_answer
    if not isinstance(request, dict):
        return dict(report(request))
    # A named file by its own number (`_File.serial`): a name given to other data later is another file.
    files = {into: FILES.file(request.get(into)) for key, into in (("file", "text"), ("players_file", "players"))
             if key in names}
    key = json.dumps({**{k: v for k, v in request.items() if k not in ("kind", "slim", "id", "pool", *files)},
                      **{into: f.serial if f else None for into, f in files.items()}}, sort_keys=True, default=repr)
    games = files.get("text")
    kept = games.made.get("ladder") if games else _kept_ladder_answer  # one read: another thread may replace it
    if kept is not None and kept[0] == key:
        return cast(dict[str, Any], kept[1])
    answer: dict[str, Any] = report(request)
    if games:
        FILES.keep_made(games, "ladder", (key, answer) if answer.get("ok") else None)  # with its file: dropped with it
    else:
        _kept_ladder_answer = (key, answer) if answer.get("ok") else None
    return answer


def _ladder_player(request: Any, report: Any, names: dict[str, Any]) -> dict[str, Any]:
    """One player's history and head-to-head records (`id`, `pool`) of the ladder the request's files and settings
    give."""
    answer = _kept_ladder(request, report, names)
    if not answer.get("ok"):
        return answer
    pid, pool = request.get("id"), request.get("pool")
    player = next((p for p in answer["players"] if p["id"] == pid and p["pool"] == pool), None)
    if player is None:
        return {"ok": False, "errors": [{"field": "id", "code": "not_a_choice", "params": {"value": str(pid)},
                                         "message": f"no player {pid!r} in pool {pool!r}"}]}
    pairs = [h for h in answer["head_to_head"] if h["pool"] == pool and pid in (h["a"], h["b"])]
    return {"ok": True, "id": pid, "pool": pool, "history": player["history"], "head_to_head": pairs}
