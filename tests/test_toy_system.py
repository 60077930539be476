"""A rating system added from a test's own file alone (tests/toy_system.py; issue 30, item 1): its
fields, its outputs and what to show of its answers are its own descriptor, and calculate(), the CLI,
the generated contract and the widget's pure modules (request.js, store.js, fields.js under node) take
it as they take any system, with no file of the project changed for it. The page, with Python in the
browser, takes it too: tests/browser/test_toy_system.py."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from elo_core import calculate
from elo_core.reports.event import event_report
from elo_core.reports.ladder import ladder_report, ladder_stakes
from elo_core.systems import by_view, register, unregister
from elo_core.transport.cli import main
from tests.toy_system import PlainToySystem, ToySystem

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import contract_js  # noqa: E402


@pytest.fixture()
def toy() -> Iterator[ToySystem]:
    system = ToySystem()
    register(system)
    yield system
    unregister("toy")


@pytest.fixture()
def plain() -> Iterator[PlainToySystem]:
    system = PlainToySystem()
    register(system)
    yield system
    unregister("plaintoy")


def test_calculate_rates_with_it_and_names_its_fields(toy: ToySystem) -> None:
    request = {"system": "toy", "rating": 1500, "player": {"lucky": True, "charm": 1},
               "games": [{"opponent": 1500, "score": 1, "weight": 2}]}
    r = calculate(request)
    assert (r["ok"], r["new_rating"], r["lucky_day"], r["games"][0]["change"]) == (True, 1511, True, 11)
    bad = calculate({"system": "toy", "games": [{"opponent": 1500, "score": 1}]})
    assert sorted(e["field"] for e in bad["errors"]) == ["games[0].weight", "rating"]
    with pytest.raises(ValueError, match="already called"):
        register(toy)


def test_the_cli_offers_it_with_its_options(toy: ToySystem) -> None:
    out = io.StringIO()
    assert 0 == main(["1500", "1500:1:2", "--system", "toy", "--lucky", "--charm", "1", "--json"], stdout=out)
    assert json.loads(out.getvalue())["new_rating"] == 1511


def test_the_cli_help_lists_its_options(toy: ToySystem, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    shown = capsys.readouterr().out
    assert "--lucky" in shown and "--charm" in shown and "toy" in shown


def test_the_generated_contract_carries_its_fields_outputs_display_and_answer_type(toy: ToySystem) -> None:
    text = contract_js.render()
    data = json.loads(text[text.index("export const CONTRACT = ") + 24:text.index(";\n\n// ---- the answer")])
    info = data["systems"]["toy"]
    assert [f["path"] for f in info["fields"]] == [f.path for f in toy.fields]
    assert info["outputs"] == [{"key": "new_luck", "places": 2, "of_new_rating": True}]
    assert info["display"]["flags"] == ["lucky_day"]
    assert "lucky_day?: boolean" in text and "new_luck?: number" in text


NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="needs node (make node)")
def test_the_widget_s_modules_build_its_request_and_keep_its_entries(toy: ToySystem, tmp_path: Path) -> None:
    """request.js, store.js and fields.js, with the contract generated while it is registered: its
    fields sent by kind and `when`, its per-game value in each game, its entries saved and read back."""
    for name in ("views/calculator/fields.js", "shared/numbers.js", "shared/periods.js", "views/calculator/request.js",
                 "views/calculator/store.js", "page/params.js", "page/view-names.js"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "widget" / name, tmp_path / name)
    (tmp_path / "shared" / "contract.js").write_text(contract_js.render(), encoding="utf-8")
    script = """
        import { buildRequest } from "./views/calculator/request.js";
        import { readState, blankState } from "./views/calculator/store.js";
        import { displayOf, ownFields } from "./views/calculator/fields.js";
        const state = { ...blankState(), system: "toy", rating: "1500",
          entries: { toy: { "player.lucky": false, "player.charm": "3" } },
          games: [{ opponent: "1500", result: "1", extra: { weight: "2" } }] };
        const off = buildRequest(state, "en").request;
        state.entries.toy["player.lucky"] = true;
        const on = buildRequest(state, "en").request;
        const back = readState({ v: 3, ...state }).state;
        const own = ownFields("toy").map((f) => f.path);
        console.log(JSON.stringify({ off, on, back, own, flags: displayOf("toy").flags }));
    """
    (tmp_path / "run.mjs").write_text(script, encoding="utf-8")
    out = json.loads(subprocess.run([str(NODE), str(tmp_path / "run.mjs")], capture_output=True, text=True,
                                    check=True).stdout)
    assert out["off"] == {"system": "toy", "rating": 1500, "player": {"lucky": False},
                          "games": [{"opponent": 1500, "score": 1, "weight": 2}]}
    assert out["on"]["player"] == {"lucky": True, "charm": 3}
    assert calculate(out["on"])["new_rating"] == 1513
    assert out["back"]["entries"] == {"toy": {"player.lucky": True, "player.charm": "3"}}
    assert (out["own"], out["flags"]) == (["player.lucky", "player.charm"], ["lucky_day"])


def test_its_texts_cover_what_the_widget_draws(toy: ToySystem) -> None:
    """The keys the widget reads for a system (form.js, results.js): its name, each field's label,
    each output and flag; given here, as a system's file in widget/i18n/systems/ would give them."""
    needed = {"system.toy", *(f"field.{f.path}" for f in toy.fields if f.kind not in ("rating", "k")),
              *(f"results.{o.key}" for o in toy.outputs), *(f"results.{k}" for k in toy.display.flags)}
    assert needed == set(toy.TEXTS["en"])


# ---- what it declares it can do (issue 41, item 2) ----------------------------------------------

LEDGER = "2026-03-04,Anna,Ben,1\n2026-03-11,Ben,Cleo,½\n2026-03-18,Cleo,Anna,1\n"
"""Under the toy's ledger rule (10 x (S - 1/2) a game): Anna +5 -5, Ben -5 +0, Cleo +0 +5."""


def test_the_ladder_replays_a_ledger_with_the_toy_s_own_game(toy: ToySystem) -> None:
    answer = ladder_report({"text": LEDGER, "system": "toy"})
    assert answer["ok"], answer
    assert [(p["id"], p["rating"], p["rank"]) for p in answer["players"]] == [
        ("Cleo", 1505.0, 1), ("Anna", 1500.0, 2), ("Ben", 1495.0, 3)]
    assert answer["players"][0]["history"]["change"] == [0.0, 5.0]
    stakes = ladder_stakes({"system": "toy", "a": {"rating": 1600}, "b": {"rating": 1400}})
    assert [(o["a"]["change"], o["b"]["change"]) for o in stakes["outcomes"]] == [(5, -5), (0, 0), (-5, 5)]


def test_what_it_declares_is_what_each_view_the_cli_and_the_contract_offer(
        toy: ToySystem, capsys: pytest.CaptureFixture[str]) -> None:
    assert "toy" in by_view()["calculator"] and "toy" in by_view()["ladder"] and "toy" not in by_view()["event"]
    data = contract_js.render()
    contract = json.loads(data[data.index("export const CONTRACT = ") + 24:data.index(";\n\n// ---- the answer")])
    assert contract["ladder"]["systems"][-1] == "toy" and "toy" not in contract["ladder"]["with_k"]
    assert "toy" not in contract["ladder"]["periodic"] and "toy" not in contract["report"]["systems"]
    # The report refuses it as any system it does not offer; its CLI does not list it.
    refused = event_report({"text": "012 x", "system": "toy"})
    assert [(e["field"], e["code"]) for e in refused["errors"]] == [("system", "not_a_choice")]
    with pytest.raises(SystemExit):
        main(["event", "--help"])
    assert "toy" not in capsys.readouterr().out


def test_the_ladder_cli_offers_it(toy: ToySystem, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games.csv"
    games.write_text(LEDGER, encoding="utf-8")
    out = io.StringIO()
    assert 0 == main(["ladder", str(games), "--system", "toy", "--json"], stdout=out)
    assert [(p["id"], p["rating"]) for p in json.loads(out.getvalue())["players"]] == [
        ("Cleo", 1505.0), ("Anna", 1500.0), ("Ben", 1495.0)]
    with pytest.raises(SystemExit):
        main(["ladder", "--help"])
    assert "or toy" in capsys.readouterr().out


def test_a_system_that_declares_no_ledger_is_not_offered_by_the_ladder(
        plain: PlainToySystem, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert calculate({"system": "plaintoy", "rating": 1500, "games": [{"opponent": 1500, "score": 1, "weight": 1}]
                      })["ok"]
    assert "plaintoy" in by_view()["calculator"] and "plaintoy" not in by_view()["ladder"]
    data = contract_js.render()
    contract = json.loads(data[data.index("export const CONTRACT = ") + 24:data.index(";\n\n// ---- the answer")])
    assert "plaintoy" in contract["systems"] and "plaintoy" in contract["ladder"]["unsupported"]
    answer = ladder_report({"text": LEDGER, "system": "plaintoy"})
    assert [(e["field"], e["code"], e["message"]) for e in answer["errors"]] == [
        ("system", "not_supported", "plaintoy: the plain toy rates no ledger")]
    games = tmp_path / "games.csv"
    games.write_text(LEDGER, encoding="utf-8")
    assert 0 != main(["ladder", str(games), "--system", "plaintoy"], stdout=io.StringIO())
    assert "the plain toy rates no ledger" in capsys.readouterr().err


def test_a_system_file_without_capabilities_is_offered_by_the_calculator_alone() -> None:
    """A system written before capabilities were declared still registers: a calculation, nothing more."""
    bare: Any = type("BareToy", (), {**{k: v for k, v in vars(ToySystem).items()
                                        if k not in ("capabilities", "__dict__", "__weakref__")}, "name": "bare"})
    assert not hasattr(bare(), "capabilities")
    register(bare())
    try:
        assert calculate({"system": "bare", "rating": 1500, "games": [{"opponent": 1500, "score": 1, "weight": 1}]
                          })["ok"]
        assert "bare" in by_view()["calculator"] and "bare" not in by_view()["ladder"] + by_view()["event"]
        refused = ladder_report({"text": LEDGER, "system": "bare"})
        assert [(e["field"], e["code"]) for e in refused["errors"]] == [("system", "not_supported")]
    finally:
        unregister("bare")
