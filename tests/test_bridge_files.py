"""The bridge's files (elo_core.bridge._Files): a file the page names is sent to the worker once, and named alone by
the requests that follow (a K typed in the report, a ladder's settings changed); the worker keeps a few, and says
when one it was asked for is no longer kept, so that the page sends it again."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from elo_core import bridge

ROOT = Path(__file__).parent
C07 = (ROOT / "trf" / "fide-c07-tiebreak-exercises.trf").read_bytes()
GAMES = (ROOT / "ladder" / "club-games.csv").read_bytes()
PLAYERS = (ROOT / "ladder" / "club-players.csv").read_bytes()


@pytest.fixture(autouse=True)
def fresh_files(monkeypatch: pytest.MonkeyPatch) -> Iterator[bridge._Files]:
    files = bridge._Files()
    monkeypatch.setattr(bridge, "FILES", files)
    yield files


def counted(calls: list[Any], of: Callable[..., Any], what: Callable[..., Any]) -> Callable[..., Any]:
    """`of`, which notes `what(*args)` in `calls` each time it is called."""
    def call(*args: Any) -> Any:
        calls.append(what(*args))
        return of(*args)
    return call


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def event(**request: Any) -> dict[str, Any]:
    return dict(json.loads(bridge.event(json.dumps(request))))


def ladder(**request: Any) -> dict[str, Any]:
    return dict(json.loads(bridge.ladder(json.dumps(request))))


def test_a_report_s_file_named_once_is_rated_again_by_its_name_alone() -> None:
    first = event(file="c07-1", bytes=b64(C07))
    assert first["ok"] and 16 <= len(first["players"])
    again = event(file="c07-1", players={"14": {"k": 40}}, only=[14])
    whole = event(bytes=b64(C07), players={"14": {"k": 40}}, only=[14])
    assert again == whole
    assert 40 == again["players"][0]["k"]


def test_forget_lets_go_of_every_file_and_a_name_is_then_said_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the worker does before it makes Python's snapshot (kept on disk): no club's file goes in it."""
    monkeypatch.setattr(bridge, "_kept_file", None)
    assert event(file="c07-1", bytes=b64(C07))["ok"] and event(bytes=b64(C07))["ok"]
    assert bridge._kept_file is not None
    bridge.forget()
    assert bridge._kept_file is None
    assert "file_dropped" == event(file="c07-1")["errors"][0]["code"]
    assert event(file="c07-1", bytes=b64(C07))["ok"]  # sent again, as the page does


def test_a_name_the_worker_does_not_hold_is_said_dropped_and_a_bad_name_refused() -> None:
    answer = event(file="never-sent")
    assert (False, "file", "file_dropped", "never-sent") == (
        answer["ok"], answer["errors"][0]["field"], answer["errors"][0]["code"], answer["errors"][0]["params"]["name"])
    for name in ("", "x" * 65, "a/b", 7, None):
        assert "bad_name" == event(file=name, bytes=b64(C07))["errors"][0]["code"]


def test_the_worker_keeps_the_files_used_last_and_drops_the_oldest(fresh_files: bridge._Files) -> None:
    for n in range(bridge._Files.MAX_FILES + 1):
        assert event(file=f"f{n}", bytes=b64(C07))["ok"]
        if n == 1:
            assert event(file="f0")["ok"]  # used again: the newest
    assert bridge._Files.MAX_FILES == len(fresh_files)
    assert event(file="f0")["ok"]
    assert "file_dropped" == event(file="f1")["errors"][0]["code"]


def test_the_worker_keeps_at_most_its_characters_but_always_the_file_just_sent(
        fresh_files: bridge._Files, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bridge._Files, "MAX_CHARS", len(C07) + 10)
    assert event(file="a", bytes=b64(C07))["ok"]
    assert event(file="b", text=C07.decode("latin-1"))["ok"]
    assert 1 == len(fresh_files)
    assert "file_dropped" == event(file="a")["errors"][0]["code"]
    assert event(file="b")["ok"]


def test_a_ladder_s_two_files_are_named_once_and_its_answers_are_the_same() -> None:
    first = ladder(file="g1", bytes=b64(GAMES), players_file="p1", players_bytes=b64(PLAYERS), k=24, slim=True)
    assert first["ok"]
    again = ladder(file="g1", players_file="p1", k=24, slim=True)
    assert first == again
    other_k = ladder(file="g1", players_file="p1", k=40, slim=True)
    assert other_k == ladder(bytes=b64(GAMES), players_bytes=b64(PLAYERS), k=40, slim=True)
    player = ladder(kind="player", file="g1", players_file="p1", k=40, id="AM", pool="rapid")
    assert player["ok"] and player["history"]["game"]
    assert "players_file" == ladder(file="g1", players_file="gone", k=24)["errors"][0]["field"]


def test_two_calculators_sharing_the_worker_each_keep_their_file_read_and_rated(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What was made of a file is kept with it: two reports on one page (one shared worker), a K typed in each in
    turn, read no file again and rate only the player changed."""
    from elo_core.files import trf
    from elo_core.reports import event as event_module

    reads: list[object] = []
    rated: list[int] = []
    read, player = trf.read_trf, event_module.EventRating.player
    monkeypatch.setattr(bridge, "_read_trf", counted(reads, read, lambda data: data))
    monkeypatch.setattr(event_module.EventRating, "player", counted(rated, player, lambda self, p, given: p.start))
    other = (ROOT / "trf" / "fide-example1.trf").read_bytes()
    assert event(file="one", bytes=b64(C07))["ok"] and event(file="two", bytes=b64(other))["ok"]
    assert 2 == len(reads)
    rated.clear()
    for k in (10, 20, 40):
        assert event(file="one", players={"3": {"k": k}}, only=[3])["players"][0]["k"] == k
        assert event(file="two", players={"5": {"k": k}}, only=[5])["players"][0]["k"] == k
    assert (2, [3, 5] * 3) == (len(reads), rated)


def test_a_file_dropped_takes_what_was_made_of_it_and_is_read_again_when_sent_again(
        fresh_files: bridge._Files, monkeypatch: pytest.MonkeyPatch) -> None:
    from elo_core.files import trf

    reads: list[object] = []
    read = trf.read_trf
    monkeypatch.setattr(bridge, "_read_trf", counted(reads, read, lambda data: data))
    assert event(file="first", bytes=b64(C07))["ok"]
    for n in range(bridge._Files.MAX_FILES):
        assert event(file=f"other{n}", text=f"012 Event {n}\n")["ok"] in (True, False)
    assert "file_dropped" == event(file="first")["errors"][0]["code"]
    assert event(file="first", bytes=b64(C07))["ok"]
    assert 2 == sum(1 for data in reads if data == C07)


def test_two_ladders_sharing_the_worker_each_keep_their_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    from elo_core.reports import ladder as ladder_module

    replays: list[object] = []
    report = ladder_module.ladder_report
    monkeypatch.setattr(ladder_module, "ladder_report", counted(replays, report, lambda request: 1))
    short = b"2026-03-04,Anna,Ben,1\n2026-03-11,Ben,Cleo,0.5\n"
    assert ladder(file="club", bytes=b64(GAMES), k=24, slim=True)["ok"]
    assert ladder(file="other", bytes=b64(short), k=24, slim=True)["ok"]
    for _ in range(3):
        assert ladder(kind="player", file="club", k=24, id="AM", pool="rapid")["ok"]
        assert ladder(kind="player", file="other", k=24, id="Anna", pool=None)["ok"]
    assert 2 == len(replays)


def test_a_name_given_new_data_is_another_file_and_one_name_serves_one_file() -> None:
    """The kept replay is found by each file's own number, not by its name: a players file sent again under its
    name with other data is replayed anew (found by an independent review)."""
    other = PLAYERS.replace(b"AM,Anna Meier,1850", b"AM,Anna Meier,2050")
    first = ladder(file="g", bytes=b64(GAMES), players_file="p", players_bytes=b64(PLAYERS), k=24, slim=True)
    second = ladder(file="g", players_file="p", players_bytes=b64(other), k=24, slim=True)
    assert second == ladder(bytes=b64(GAMES), players_bytes=b64(other), k=24, slim=True) != first
    same = ladder(file="x", bytes=b64(GAMES), players_file="x", players_bytes=b64(PLAYERS))
    assert ("bad_name", "file") == (same["errors"][0]["code"], same["errors"][0]["field"])


def test_the_same_file_sent_again_under_its_name_keeps_what_was_made_of_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A K typed before the first answer came sends the file again: it is not read again."""
    from elo_core.files import trf

    reads: list[object] = []
    monkeypatch.setattr(bridge, "_read_trf", counted(reads, trf.read_trf, lambda data: data))
    for k in (10, 20):
        assert event(file="c07", bytes=b64(C07), players={"3": {"k": k}}, only=[3])["ok"]
    assert 1 == len(reads)


def test_only_the_ladders_used_last_keep_their_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    """A replay of 100 000 games is many times its file: `MAX_REPLAYS` files keep theirs, not all six."""
    from elo_core.reports import ladder as ladder_module

    replays: list[object] = []
    report = ladder_module.ladder_report
    monkeypatch.setattr(ladder_module, "ladder_report", counted(replays, report, lambda request: 1))
    for n in range(bridge._Files.MAX_REPLAYS + 1):
        assert ladder(file=f"l{n}", text=f"2026-03-04,Anna,Ben{n},1\n", k=24, slim=True)["ok"]
    assert ladder(file="l1", k=24, slim=True)["ok"]  # kept
    assert bridge._Files.MAX_REPLAYS + 1 == len(replays)
    assert ladder(file="l0", k=24, slim=True)["ok"]  # its replay let go: replayed again (its file still kept)
    assert bridge._Files.MAX_REPLAYS + 2 == len(replays)
