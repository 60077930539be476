"""The engine's answer packed for the widget (elo_core.bridge.handle_packed) and unpacked by the
widget's own widget/engine/packed.js under Node: the page, and the embedding page's result event, get the
same answer as `bridge.handle` gives, for every system, refusals, unrated opponents and odd games."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from elo_core import bridge
from elo_core.contract import GameRows

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from exercise import event, requests  # noqa: E402

# Each line a packed answer in, each line the answer unpacked out.
UNPACK = """
import { unpackGames } from "./widget/engine/packed.js";
import { createInterface } from "node:readline";
for await (const line of createInterface({ input: process.stdin })) {
  console.log(JSON.stringify(unpackGames(JSON.parse(line))));
}
"""


def unpacked_by_the_widget(texts: list[str]) -> list[Any]:
    if shutil.which("node") is None:
        pytest.fail("needs node (the machine's Node.js)")
    run = subprocess.run(["node", "--input-type=module", "-e", UNPACK], cwd=ROOT, input="\n".join(texts) + "\n",
                         capture_output=True, text=True, timeout=120, check=True)
    return [json.loads(line) for line in run.stdout.splitlines()]


def test_every_answer_unpacks_to_the_plain_answer() -> None:
    cases = [*requests(), event("elo", 10_000), event("fide", 2_000),
             {"system": "fide", "rating": 2000,
              "games": [{"opponent": None, "score": 1}, {"opponent": 1900, "score": 0}]},
             {"system": "elo", "rating": 1500, "k": 20, "games": [{"opponent": 1600, "score": "x"}]},
             {"system": "elo", "rating": 1500, "k": 20, "games": [{"opponent": 1600, "score": 0.5}]}]
    texts = [json.dumps(c) for c in cases] + ["{oops"]
    packed = [bridge.handle_packed(t) for t in texts]
    assert any('"numbers":"' in p for p in packed)  # long lists do come packed
    assert unpacked_by_the_widget(packed) == [json.loads(bridge.handle(t)) for t in texts]


def test_odd_games_keep_what_cannot_be_packed() -> None:
    """Keys only some games have, texts, nulls, booleans and huge numbers: each comes back as it was."""
    answer = {"ok": True, "games": [
        {"opponent": 1600, "score": 1.0, "rated": True, "change": None, "reason": "x", "big": 10 ** 400},
        {"opponent": 1700.5, "score": 0.5, "rated": False, "change": -3.25, "big": 2, "note": None},
    ]}
    packed = bridge.pack_games(answer)
    assert [c[0] for c in packed["games"]["columns"]] == ["opponent", "score", "rated", "change"]
    # Read by the page as JSON either way (10 ** 400 is Infinity there, packed or not).
    plain = bridge._dumps(answer)
    assert unpacked_by_the_widget([bridge._dumps(packed), plain]) == 2 * unpacked_by_the_widget([plain])[:1]


@pytest.mark.parametrize("system", ["elo", "fide"])
def test_fide_and_elo_games_are_packed_from_the_ratings_columns(system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """No dict per game is made for the widget (ten thousand took as long as rating them): the answer's
    `GameRows` are packed as the rating left them, while `calculate` answers them as a list."""
    request = event(system, 100)

    def no_dicts(rows: GameRows) -> Any:
        raise AssertionError("a dict made per game")

    with monkeypatch.context() as patch:
        patch.setattr(GameRows, "answers", no_dicts)
        packed = json.loads(bridge.handle_packed(json.dumps(request)))
    assert packed["games"]["n"] == 100 and [c[0] for c in packed["games"]["columns"]][:2] == ["opponent", "score"]
    assert unpacked_by_the_widget([json.dumps(packed)]) == [json.loads(bridge.handle(json.dumps(request)))]


def test_a_periods_events_keep_their_games_as_lists_when_packed() -> None:
    """Only the answer's own games are packed: widget/engine/packed.js unpacks those, not each event's."""
    request = {"system": "fide", "rating": 2000, "events": [{"games": [{"opponent": 1900, "score": 1}]}] * 2}
    answer = json.loads(bridge.handle_packed(json.dumps(request)))
    assert "numbers" in answer["games"] and all(isinstance(e["games"], list) for e in answer["events"])
    assert unpacked_by_the_widget([json.dumps(answer)]) == [json.loads(bridge.handle(json.dumps(request)))]
