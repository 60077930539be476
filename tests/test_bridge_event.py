"""The bridge's `event` kind (widget/engine/worker-core.js BRIDGE): JSON text in, `event_report`'s answer out;
the file as text or as its bytes in base64, so that the reader, not the page, decides the encoding."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest

from elo_core.bridge import event
from elo_core.reports.event import event_report

FILES = Path(__file__).parent / "trf"


def ask(**request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(event(json.dumps(request)))
    return answer


@pytest.mark.parametrize("name", ["fide-c07-tiebreak-exercises.trf", "damaged-latin1-cr.trf", "fide-example1.trf"])
def test_bytes_in_base64_answer_as_event_report_answers_the_bytes(name: str) -> None:
    data = (FILES / name).read_bytes()
    assert ask(bytes=base64.b64encode(data).decode()) == json.loads(json.dumps(event_report({"text": data})))


def test_latin1_bytes_are_decoded_by_the_reader_and_said_so() -> None:
    data = (FILES / "damaged-latin1-cr.trf").read_bytes()
    answer = ask(bytes=base64.b64encode(data).decode())
    assert answer["event"]["encoding"] == "windows-1252"
    assert "Müller, Jürgen" in [p["name"] for p in answer["players"]]
    assert ("encoding_assumed", 1) in [(p["code"], p["line"]) for p in answer["problems"]]


def test_text_and_options_reach_event_report() -> None:
    text = (FILES / "fide-c07-tiebreak-exercises.trf").read_text(encoding="utf-8")
    plain = ask(text=text)
    given = ask(text=text, players={"1": {"k": 40}})
    one = next(p for p in given["players"] if p["start"] == 1)
    assert (one["k"], one["k_rule"]) == (40, "given")
    assert [p for p in given["players"] if p["start"] != 1] == [p for p in plain["players"] if p["start"] != 1]
    assert ask(text=text, system="elo", k=16)["event"]["system"] == "elo"


@pytest.mark.parametrize("data", ["not base64!", 12, None])
def test_bytes_that_are_not_base64_are_an_error_of_the_field(data: Any) -> None:
    answer = ask(bytes=data)
    assert answer["ok"] is False
    assert [(e["field"], e["code"]) for e in answer["errors"]] == [("bytes", "bad_bytes")]


@pytest.mark.parametrize("text", ["{oops", "", "[1,"])
def test_malformed_json_is_an_answer(text: str) -> None:
    answer = json.loads(event(text))
    assert (answer["ok"], answer["errors"][0]["code"]) == (False, "bad_json")


def test_a_request_that_is_no_object_and_a_file_that_is_no_trf_are_event_reports_errors() -> None:
    assert json.loads(event("[]"))["errors"][0]["code"] == "not_an_object"
    answer = ask(text="hello\nworld")
    assert answer["ok"] is False and answer["errors"][0]["field"] == "text"


def test_the_same_file_again_is_read_once_and_rated_as_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    """A K typed sends the file again: it is not read again, and the answer is the one a first reading gives."""
    from elo_core import bridge
    from elo_core.files import trf

    text = (FILES / "fide-c07-tiebreak-exercises.trf").read_text(encoding="utf-8")
    fresh = ask(text=text, players={"3": {"k": 10}})
    reads: list[object] = []

    def counted(data: str | bytes) -> trf.Tournament:
        reads.append(data)
        return trf.read_trf(data)

    monkeypatch.setattr(bridge, "_read_trf", counted)
    bridge._kept_file = None
    assert ask(text=text) != fresh
    assert ask(text=text, players={"3": {"k": 10}}) == fresh
    assert ask(text=text, players={"3": {"k": 10}}) == fresh
    assert len(reads) == 1
    data = base64.b64encode(text.encode()).decode()
    assert ask(bytes=data, players={"3": {"k": 10}})["players"] == fresh["players"]  # bytes are another file
    assert len(reads) == 2


def test_the_build_s_exercise_rates_tournament_files_as_the_view_sends_them() -> None:
    """scripts/exercise.py: the files the build runs through the bridge (so that the standard library's
    modules they need, the Latin-1 codec and each Unicode form's among them, ship in the engine's zip) are read
    and rated."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    import exercise

    answers = [json.loads(event(json.dumps(request))) for request in exercise.events()]
    assert all(a["ok"] for a in answers), answers
    assert [a["event"]["encoding"] for a in answers] == [
        "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be", "windows-1252", "utf-8", None]
    assert all(any(p["change"] for p in a["players"]) for a in answers)


C07 = FILES / "fide-c07-tiebreak-exercises.trf"


def test_only_answers_the_players_asked_for_with_the_event_whole() -> None:
    """A K typed for a player: the page asks for that player's report alone (`only`), and gets what the
    whole report has for them, the event's totals and the file's problems as the whole report has them."""
    text = C07.read_text(encoding="utf-8")
    whole = ask(text=text, players={"3": {"k": 10}, "5": {"reached_2400": True}})
    some = ask(text=text, players={"3": {"k": 10}, "5": {"reached_2400": True}}, only=[5, 3])
    assert some["only"] == [5, 3]
    assert some["players"] == [p for p in whole["players"] if p["start"] in (3, 5)]
    assert (some["event"], some["problems"]) == (whole["event"], whole["problems"])
    assert ask(text=text, only=[])["players"] == []


@pytest.mark.parametrize("only", ["3", [3.5], ["3"], {"3": 1}])
def test_only_that_is_no_list_of_start_numbers_is_an_error_of_the_field(only: Any) -> None:
    answer = ask(text=C07.read_text(encoding="utf-8"), only=only)
    assert answer["ok"] is False
    assert [e["field"] for e in answer["errors"]] == ["only"]


def test_only_the_player_whose_k_changed_is_rated_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bridge keeps each player's report of the event last rated: a K typed for one player rates that
    player alone again, and the answer is the one the whole event rated anew gives."""
    from elo_core import bridge
    from elo_core.reports import event

    text = C07.read_text(encoding="utf-8")
    anew = {k: json.loads(json.dumps(event_report({"text": text, "players": {"7": {"k": k}}}))) for k in (10, 40)}
    rules: tuple[dict[str, Any], ...] = ({"system": "elo", "k": 16}, {"period": "2024-02"}, {})
    others = [json.loads(json.dumps(event_report({"text": text, **request}))) for request in rules]
    rated: list[int] = []
    player = event.EventRating.player

    def counted(self: event.EventRating, p: Any, given: Any) -> Any:
        rated.append(p.start)
        return player(self, p, given)

    monkeypatch.setattr(event.EventRating, "player", counted)
    bridge._kept_rating = None
    ask(text=text)
    assert len(rated) == 16
    rated.clear()
    for k in (10, 40, 10):
        assert ask(text=text, players={"7": {"k": k}}) == anew[k]
    assert rated == [7, 7, 7]
    rated.clear()
    assert ask(text=text, players={"7": {"k": 10}, "2": {"junior": True}}, only=[2])["players"][0]["junior"] is True
    assert rated == [2]
    # Other rules, or another file: every player rated anew, as event_report rates them.
    rated.clear()
    assert [ask(text=text, **request) for request in rules] == others
    assert len(rated) == 48
    other = (FILES / "fide-example1.trf").read_text(encoding="utf-8")
    monkeypatch.undo()
    assert ask(text=other) == json.loads(json.dumps(event_report({"text": other})))


def test_a_start_rating_changed_rates_every_player_again() -> None:
    """Plain Elo's start ratings are the event's, not a player's: one given to an unrated player changes their
    opponents' reports too, so the kept reports are not answered again (lichess's Swiss: everyone unrated)."""
    text = (FILES / "lichess-swiss-2020-05.trf").read_text(encoding="utf-8")
    for request in ({"start": 1500}, {"start": 1600}, {"start": 1500, "ratings": {"2": 1900}},
                    {"start": 1500, "ratings": {"2": 1700}}):
        request = {"text": text, "system": "elo", "k": 20, **request}
        assert ask(**request) == json.loads(json.dumps(event_report(request)))
