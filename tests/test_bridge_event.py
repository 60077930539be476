"""The bridge's `event` kind (widget/worker-core.js BRIDGE): JSON text in, `event_report`'s answer out;
the file as text or as its bytes in base64, so that the reader, not the page, decides the encoding."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest

from elo_core._event import event_report
from elo_core.bridge import event

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
    from elo_core import _trf, bridge

    text = (FILES / "fide-c07-tiebreak-exercises.trf").read_text(encoding="utf-8")
    fresh = ask(text=text, players={"3": {"k": 10}})
    reads: list[object] = []

    def counted(data: str | bytes) -> _trf.Tournament:
        reads.append(data)
        return _trf.read_trf(data)

    monkeypatch.setattr(bridge, "read_trf", counted)
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
    modules they need, the Latin-1 codec among them, ship in the engine's zip) are read and rated."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    import exercise

    answers = [json.loads(event(json.dumps(request))) for request in exercise.events()]
    assert all(a["ok"] for a in answers), answers
    assert [a["event"]["encoding"] for a in answers] == ["windows-1252", "utf-8", None]
    assert all(any(p["change"] for p in a["players"]) for a in answers)
