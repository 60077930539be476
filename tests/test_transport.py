"""Transport stays in the bridge (STYLE: "a domain function never asks how its answer travels"): packing,
the kept games and the games-last key order are bridge.py's and packed.py's alone; every system reads
a request and answers in plain Python, which `calculate` gives as plain lists of dicts."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from elo_core import calculate
from elo_core.contract import GameRows, Problems
from elo_core.systems import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from exercise import event  # noqa: E402

TRANSPORT = {"bridge.py", "contract/packed.py"}
ENTRIES = {"transport/cli.py": {"bridge", ".bridge"}}
"""Modules outside the domain that may use the bridge (the CLI's `--json` answers through `bridge.handle`)."""
# What only transport may name: the packing module and its functions, the bridge, a context flag (how
# PACKING once told the systems to pack), the kept games, and the text of the games-last split.
LEAKS = re.compile(r"\.packed\b|\bimport\s+packed\b|\.?\bbridge\b|\bpack_\w+|\bpacked\w*\(|PACKING|KeptGames"
                   r"|_Kept\w*|ContextVar|handle_packed|\"games\":\[")


def sources() -> dict[str, str]:
    package = ROOT / "elo_core"
    return {p.relative_to(package).as_posix(): p.read_text(encoding="utf-8") for p in sorted(package.rglob("*.py"))}


def code_of(text: str) -> str:
    """The text without comments and docstrings (which may say what the bridge does with an answer)."""
    text = re.sub(r'("""|\'\'\')[\s\S]*?\1', "", text)
    return "\n".join(line.split("#", 1)[0] for line in text.splitlines())


def test_only_the_bridge_and_packed_name_transport() -> None:
    found = {name: sorted(set(LEAKS.findall(code_of(text))) - ENTRIES.get(name, set()))
             for name, text in sources().items() if name not in TRANSPORT}
    assert {name: leaks for name, leaks in found.items() if leaks} == {}


def test_the_leak_check_finds_a_leak() -> None:
    """The check above can fail: the old code of the contract and of FIDE's module (before packing moved to the
    bridge) is found out."""
    old = ("from .packed import PACKING, packed_games\n"
           "class KeptGames(list[Any]):\n    pass\n"
           "games = packed_games(results) if PACKING.get() else None\n")
    assert set(LEAKS.findall(code_of(old))) >= {".packed", "PACKING", "KeptGames", "packed_games("}


def requests() -> list[dict[str, Any]]:
    """A valid request of every system, with 500 games; FIDE also as a period and for an unrated player."""
    out = [event(name, 500) for name in REGISTRY]
    fide = event("fide", 40)
    out.append({**{k: v for k, v in fide.items() if k != "games"},
                "events": [{"games": fide["games"][:20]}, {"games": [{"opponent": None, "score": 1}]}]})
    out.append({**fide, "rating": None})
    return out


@pytest.mark.parametrize("request_", requests(), ids=lambda r: f"{r['system']}-{r.get('rating')}-{'events' in r}")
def test_a_systems_answer_is_plain_python(request_: dict[str, Any]) -> None:
    """`read` then `answer` (no bridge): games are a list of plain dicts, or `GameRows` that give those;
    nothing else in the answer is other than JSON's own types."""
    system = REGISTRY[request_["system"]]
    problems = Problems()
    inputs = system.read(json.loads(json.dumps(request_)), problems)
    assert not problems and inputs is not None
    answer: dict[str, Any] = dict(system.answer(inputs))
    games = answer.pop("games")
    assert type(games) in (list, GameRows)
    assert all(type(g) is dict for g in games) and len(list(games)) == len(games)
    assert json.loads(json.dumps(answer)) == answer  # no other value of a type of its own


@pytest.mark.parametrize("request_", requests(), ids=lambda r: f"{r['system']}-{r.get('rating')}-{'events' in r}")
def test_calculate_answers_plain_lists_of_dicts(request_: dict[str, Any]) -> None:
    answer = calculate(request_)
    assert answer["ok"], answer
    assert type(answer["games"]) is list and all(type(g) is dict for g in answer["games"])
    assert json.loads(json.dumps(answer)) == answer
