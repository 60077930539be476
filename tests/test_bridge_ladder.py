"""The ladder through the bridge as the widget asks (elo_core.bridge.ladder): a file's bytes in base64 (a file
opened, or fetched by the embedding page's loader), the players file's too, and what the contract tells the
widget of the ladder's settings (ladder.vocabulary, in widget/shared/contract.js)."""

from __future__ import annotations

import base64
import json
from pathlib import Path

from elo_core.bridge import ladder
from elo_core.reports.ladder import PERIODS, ladder_report
from elo_core.systems import REGISTRY
from elo_core.transport.vocabulary import vocabulary

FILES = Path(__file__).parent / "ladder"


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def test_a_file_s_bytes_give_the_ladder_its_text_gives() -> None:
    games, players = (FILES / "club-games-de.csv").read_bytes(), (FILES / "club-players.csv").read_bytes()
    by_bytes = json.loads(ladder(json.dumps({"bytes": b64(games), "players_bytes": b64(players), "k": 20})))
    by_text = ladder_report({"text": games, "players": players, "k": 20})
    assert by_bytes["ok"] and by_bytes == json.loads(json.dumps(by_text))
    assert [p["name"] for p in by_bytes["players"]][:2] == [p["name"] for p in by_text["players"]][:2]


def test_a_latin_1_file_is_read_as_such_and_says_so() -> None:
    text = "2026-03-04,Jürgen,Björn,1\n2026-03-11,Björn,Jürgen,½\n"
    answer = json.loads(ladder(json.dumps({"bytes": b64(text.encode("cp1252"))})))
    assert {p["name"] for p in answer["players"]} == {"Jürgen", "Björn"}
    assert [p["code"] for p in answer["problems"]] == ["encoding_assumed"]


def test_bytes_that_are_not_base64_are_refused_at_their_field() -> None:
    for key in ("bytes", "players_bytes"):
        request = {"text": "2026-03-04,A,B,1", key: "not base64!"} if key == "players_bytes" else {key: 12}
        answer = json.loads(ladder(json.dumps(request)))
        assert (answer["ok"], answer["errors"][0]["field"], answer["errors"][0]["code"]) == (False, key, "bad_bytes")


def test_the_contract_tells_the_widget_the_ladder_s_settings() -> None:
    offered = vocabulary(REGISTRY)["ladder"]
    assert offered["systems"] == ["elo", "glicko", "glicko2", "lichess"] and offered["periods"] == list(PERIODS)
    assert offered["periodic"] == ["glicko", "glicko2"] and offered["with_k"] == ["elo"]
    assert offered["unsupported"] == ["dwz", "ecf", "fide", "uscf"]
    assert set(offered["systems"]) | set(offered["unsupported"]) == set(REGISTRY)
    # Each limit is the one the request's reader enforces.
    text = "2026-03-04,A,B,1"
    limits = (("provisional_games", offered["max_count"]), ("inactive_months", offered["max_inactive_months"]))
    for key, value in limits:
        assert ladder_report({"text": text, key: value})["ok"]
        assert not ladder_report({"text": text, key: value + 1})["ok"]


def test_a_slim_ranking_and_a_player_s_page_from_the_ladder_kept() -> None:
    """The view asks for the ranking without histories, then a player's history and head-to-head records with
    the same files and settings: answered from the ladder replayed (the same figures as the whole answer's)."""
    games, players = (FILES / "club-games.csv").read_bytes(), (FILES / "club-players.csv").read_bytes()
    request = {"bytes": b64(games), "players_bytes": b64(players), "k": 24, "locale": "en"}
    whole = json.loads(json.dumps(ladder_report({"text": games, "players": players, "k": 24})))
    slim = json.loads(ladder(json.dumps({**request, "slim": True})))
    assert slim["head_to_head"] == [] and all("history" not in p for p in slim["players"])
    assert [p["rating"] for p in slim["players"]] == [p["rating"] for p in whole["players"]]
    anna = next(p for p in whole["players"] if p["id"] == "AM" and p["pool"] == "blitz")
    page = json.loads(ladder(json.dumps({**request, "kind": "player", "id": "AM", "pool": "blitz"})))
    assert page["history"] == anna["history"]
    mine = [h for h in whole["head_to_head"] if h["pool"] == "blitz" and "AM" in (h["a"], h["b"])]
    assert mine and page["head_to_head"] == mine
    # Other settings: replayed for them, not the ladder kept.
    other = json.loads(ladder(json.dumps({**request, "k": 40, "kind": "player", "id": "AM", "pool": "blitz"})))
    assert other["history"]["rating"] != anna["history"]["rating"]
    unknown = json.loads(ladder(json.dumps({**request, "kind": "player", "id": "ZZ", "pool": "blitz"})))
    assert (unknown["ok"], unknown["errors"][0]["field"]) == (False, "id")
