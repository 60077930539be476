"""The bridge reads a request's trailing games once while their text stays the same (a keystroke in
the rating with 10 000 games sends them again): the answers are the ones a fresh read gives, for
every kind of text, and a list the caller owns is never answered from an old reading."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from elo_core import bridge, calculate, contract

ROOT = Path(__file__).resolve().parent.parent


def fresh(text: str) -> Any:
    """The answer with nothing kept from an earlier call."""
    bridge._kept = None
    return json.loads(bridge.handle(text))


def game(opponent: Any, score: Any) -> dict[str, Any]:
    return {"opponent": opponent, "score": score}


GAMES = [game(1400 + (i * 37) % 600, i % 3 / 2) for i in range(2000)]

TEXTS = {
    "elo": {"system": "elo", "rating": 1500, "k": 20, "games": GAMES},
    "fide": {"system": "fide", "rating": 1500, "games": GAMES},
    "a bad game": {"system": "elo", "rating": 1500, "k": 20, "games": [*GAMES[:5], game("abc", 0.7), *GAMES[5:9]]},
    "games not last": {"games": GAMES[:3], "system": "elo", "rating": 1500, "k": 20},
    "events": {"system": "fide", "rating": 2000, "events": [{"name": "x", "games": GAMES[:3]}]},
    "a name with the words": {"system": "fide", "rating": 2000, "events": [{"name": ',"games":[', "games": GAMES[:2]}]},
    "games twice": {"system": "elo", "rating": 1500, "k": 20, "games": [game(1, 1)]},
}


@pytest.mark.parametrize("name", list(TEXTS))
def test_the_same_text_twice_and_a_changed_rating_answer_as_a_fresh_read(name: str) -> None:
    text = json.dumps(TEXTS[name], separators=(",", ":"))
    if name == "games twice":  # a later "games" of the object wins, as in JSON
        text = text[:-1] + ',"games":' + json.dumps(GAMES[:4], separators=(",", ":")) + "}"
    other = text.replace('"rating":1500', '"rating":1600').replace('"rating":2000', '"rating":2100')
    before, after = fresh(text), fresh(other)
    bridge._kept = None
    answers = [json.loads(bridge.handle(t)) for t in (text, text, other, other, text)]
    assert answers == [before, before, after, after, before]


def test_the_games_are_read_once_while_their_text_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    text = json.dumps(TEXTS["elo"], separators=(",", ":"))
    bridge._kept = None
    first = bridge._loads(text)[0]["games"]
    assert first is bridge._loads(text.replace('"rating":1500', '"rating":1501'))[0]["games"]
    assert bridge._loads(text.replace('"opponent":1400', '"opponent":1401', 1))[0]["games"] is not first
    # Read as games once too: by the contract's reader, which the bridge's problems answer from.
    reads: list[int] = []
    plain = contract.read_game_list

    def counted(value: Any, problems: contract.Problems, **how: Any) -> Any:
        reads.append(len(value))
        return plain(value, problems, **how)

    monkeypatch.setattr(contract, "read_game_list", counted)
    bridge._kept = None
    for rating in (1500, 1501, 1502):
        bridge.handle(text.replace('"rating":1500', f'"rating":{rating}'))
    assert reads == [len(GAMES)]
    bridge.handle(text.replace('"opponent":1400', '"opponent":1401', 1))
    assert reads == [len(GAMES)] * 2


def test_a_list_the_caller_owns_is_read_again_after_it_changes() -> None:
    """Only the bridge's own kept list is answered from its last reading: a caller may change theirs."""
    games = [game(1600, 1)]
    request = {"system": "elo", "rating": 1500, "k": 20, "games": games}
    first = calculate(request)["new_rating"]
    games.append(game(1600, 1))
    assert calculate(request)["new_rating"] > first


# The request text the page sends (widget/views/calculator/calculator.js: JSON.stringify of request.js's request) for
# one event of two games in every system of the contract.
WIDGET_REQUESTS = """
import { CONTRACT } from "./widget/shared/contract.js";
import { buildRequest } from "./widget/views/calculator/request.js";
const entries = {
  rating: "2100", k: "20", fewer30: false, junior: false, reached2400: false, reached2300: false,
  timeControl: "standard", cap400: false, update: "event", period: "2025-11", standardRating: "",
  events: [{ name: "", rating: "" }],
  games: [{ id: 1, opponent: "2000", result: "1" }, { id: 2, opponent: "2150", result: "0.5" }],
};
for (const system of Object.keys(CONTRACT.systems)) {
  console.log(JSON.stringify(buildRequest({ ...entries, system }, "en").request));
}
"""


def test_the_widgets_requests_are_the_ones_whose_games_are_kept() -> None:
    """The bridge keeps a request's games when they come last, as the widget writes them: if request.js
    wrote them elsewhere, every keystroke with 10 000 games would read them again."""
    if shutil.which("node") is None:
        pytest.fail("needs node (the machine's Node.js)")
    run = subprocess.run(["node", "--input-type=module", "-e", WIDGET_REQUESTS], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=True)
    texts = run.stdout.splitlines()
    assert len(texts) >= 2
    for text in texts:
        request, kept = bridge._loads(text)
        assert kept is not None and request["games"] is kept.games, text
