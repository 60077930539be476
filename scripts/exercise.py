"""What a visit asks of elo_core, for the build: scripts/compile_stdlib.mjs runs these through the
bridge under Pyodide to learn which standard-library modules the widget really imports, and ships
only those with the engine (the rest is fetched if ever imported).

Every rating system of the registry with a valid request made from its contract fields (so a new
system is covered without a change here) and a refused one; a FIDE rating period of several
events, with an unrated player and an older period's rules; pasted results, good and bad; tournament
report files as the event view sends them (a Windows program's Latin-1 bytes, text, a K per player); a club's
results ledger as the ladder view sends it (every system it offers, what a game would do, both CSV exports).
bench/engine_requests.py times the same valid requests.
"""

from __future__ import annotations

import base64
import random
from typing import Any

from elo_core import calculate
from elo_core.systems import REGISTRY

# Nicer-than-generic values where a typical player is wanted (a junior under FIDE, K 20).
TYPICAL: dict[str, dict[str, Any]] = {"fide": {"player": {"junior": True}}, "elo": {"k": 20}}


def _required(system: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A value inside the range of every required input without a default: (request, per game)."""
    request: dict[str, Any] = {}
    per_game: dict[str, Any] = {}
    for f in REGISTRY[system].fields:
        if not f.required or f.default is not None or f.kind not in ("number", "k"):
            continue
        low, high = (f.low or 0), (f.high if f.high is not None else 100)
        value: float = low + (high - low) / 4
        value = int(value) if f.whole or f.kind == "k" else value
        *parents, key = f.path.replace("games[].", "games.").split(".")
        if parents == ["games"]:
            per_game[key] = value
            continue
        target = request
        for parent in parents:
            target = target.setdefault(parent, {})
        target[key] = value
    return request, per_game


def event(system: str, n: int, seed: int = 1) -> dict[str, Any]:
    """A valid request of `system` with `n` games (checked here: never an error answer)."""
    rng = random.Random(seed)
    request, per_game = _required(system)
    request.update(TYPICAL.get(system, {}))
    # Opponents within 400 points of the player: every system rates these (ECF refuses larger differences).
    games = [{"opponent": rng.randint(1500, 2300), "score": rng.choice([0, 0.5, 1]), **per_game} for _ in range(n)]
    built = {"system": system, "rating": 1900, **request, "games": games}
    answer = calculate(built)
    if not answer["ok"]:
        raise SystemExit(f"cannot build a valid {system} request: {answer['errors'][:3]}")
    return built


def requests() -> list[dict[str, Any]]:
    """Requests the bridge answers during a visit, valid and refused, in every system."""
    out: list[dict[str, Any]] = []
    for system in REGISTRY:
        valid = event(system, 9)
        out += [valid, {**valid, "rating": "abc", "games": [{"opponent": "x", "score": 0.7}]},
                {**valid, "rating": "", "games": []}]
    games = event("fide", 6)["games"]
    out += [
        {"system": "fide", "rating": 2000, "period": "2025-12", "events": [{"games": games}, {"games": games[:3]}]},
        {"system": "fide", "rating": "", "period": "2025-11", "events": [{"games": games}, {"games": games}]},
        {"system": "fide", "rating": 2000, "period": "1999-13", "events": "none"},
    ]
    return out


def pastes() -> list[str]:
    """Pasted results the bridge reads: the forms a club's list uses, and lines it refuses."""
    return ["1. 2100 1\n2. 1950 ½\n2200\t0\nW 1620\n1620, draw\n1620 1-0", "Smith 2100 win\n???\n\n"]


# A small tournament report file (TRF's fixed columns): a rated adult, a rated junior, a player with a
# birth year alone, an unrated one; day-first dates.
_TRF = "\r\n".join([
    "012 Club Open", "042 08/04/2026", "052 10/04/2026",
    "001    1 m FM Müller, Jürgen                    2105 GER     4612345 1971/03/02  2.5    1"
    "     2 w 1     3 b =     4 w 1",
    "001    2 w    Ødegaard, Åse                     1980 NOR     1512345 2010/11/30  1.0    2"
    "     1 b 0     4 w 1     3 b 0",
    "001    3 m    Niño, José                        1855 ESP     2212345 1988        2.5    3"
    "     4 b 1     1 w =     2 w 1",
    "001    4 w    Çelik, Aylin                           TUR             2012/05/05  0.0    4"
    "     3 w 0     2 b 0     1 b 0",
    "",
])


# Each Unicode form a file may be saved in with its byte order mark (Excel's "Unicode text" is UTF-16 LE): its codec's
# module is imported, and so shipped in views.zip for an offline visit (stdlib-rest.zip is fetched only online).
_MARKED = {"utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff", "utf-32-le": b"\xff\xfe\x00\x00",
           "utf-32-be": b"\x00\x00\xfe\xff"}


def events() -> list[dict[str, Any]]:
    """Tournament report files rated as the event view asks (elo_core.bridge.event): a file's bytes in
    base64, Latin-1 as older Windows programs write it and each Unicode form with its mark (their codecs are
    then imported), and pasted text with a K set for a player."""
    marked = [{"bytes": base64.b64encode(mark + _TRF.encode(codec)).decode("ascii"), "system": "fide", "players": {}}
              for codec, mark in _MARKED.items()]
    return [
        *marked,
        {"bytes": base64.b64encode(_TRF.encode("cp1252")).decode("ascii"), "system": "fide", "players": {}},
        {"bytes": base64.b64encode(_TRF.encode("utf-8")).decode("ascii"), "players": {"2": {"k": 40}}},
        {"text": _TRF, "system": "fide", "players": {"1": {"reached_2400": True}}},
    ]


_LEDGER = "Datum;Weiß;Schwarz;Ergebnis\n04.03.2026;Anna Müller;Ben;1-0\n11.03.2026;Ben;Cleo;½-½\n" \
          "18.03.2026;Cleo;Anna Müller;0:1\n25.03.2026;Anna Müller;Ben;+\n02.04.2026;Ben;Cleo;=\n"
_PLAYERS = "id,name,rating,active\nAnna Müller,Anna Müller,1612,yes\nBen,Ben B.,1480,\nCleo,Cleo C.,1500,no\n"


def ladders() -> list[dict[str, Any]]:
    """A club's results ledger as the ladder view asks (elo_core.bridge.ladder): a German Excel export's bytes with
    a players file, replayed with every system the view offers (the contract's ladder systems), each period where the
    system has periods; then what a game would do, and both CSV exports, of its answer."""
    from elo_core.reports.ladder import PERIODS, ladder_report, vocabulary

    ledger = base64.b64encode(_LEDGER.encode("cp1252")).decode("ascii")
    players = base64.b64encode(_PLAYERS.encode("utf-8")).decode("ascii")
    asked: list[dict[str, Any]] = []
    offered = vocabulary()
    for system in offered["systems"]:
        for period in PERIODS if system in offered["periodic"] else (None,):
            request = {"bytes": ledger, "players_bytes": players, "system": system, "provisional_games": 1,
                       "inactive_months": 6, "since": "2026-03-10", **({"period": period} if period else {})}
            asked.append(request)
            answer = ladder_report({**request, "text": _LEDGER, "players": _PLAYERS})
            if not answer["ok"]:
                raise SystemExit(f"cannot build a valid {system} ladder: {answer['errors'][:3]}")
            a, b = answer["players"][:2]
            asked.append({"kind": "stakes", "system": system, "a": a, "b": b})
            asked += [{**request, "slim": True}, {**request, "kind": "player", "id": a["id"], "pool": a["pool"]},
                      {"kind": "csv", "players": answer["players"]}, {"kind": "csv", "history": a["history"]}]
    asked.append({"text": _LEDGER.replace("\n", "\r\n"), "system": "elo", "k": 24})
    return asked
