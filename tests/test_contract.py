"""The JSON contract has one owner: the registry lists the systems, and the widget's copy of the
vocabulary (widget/shared/contract.js) is generated from Python and kept current."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Literal, NotRequired, TypedDict

import pytest

from elo_core import SYSTEMS, calculate
from elo_core.contract import ERROR_CODES, Problems, read_rating
from elo_core.systems import REGISTRY
from elo_core.transport.vocabulary import FORMER, vocabulary

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import contract_js  # noqa: E402


def test_widget_copy_of_the_contract_is_current() -> None:
    """Fails when elo_core changed and `python scripts/contract_js.py` was not run."""
    assert contract_js.render() == contract_js.TARGET.read_text(encoding="utf-8")


def test_the_widget_period_selector_starts_at_the_earliest_period() -> None:
    """The first year of widget/views/calculator/form.js's period selector is elo_core's EARLIEST_PERIOD, from the
    contract: no year of its own."""
    from elo_core.systems.fide.rules import EARLIEST_PERIOD

    form = (ROOT / "widget" / "views" / "calculator" / "form.js").read_text(encoding="utf-8")
    assert EARLIEST_PERIOD == vocabulary(REGISTRY)["earliest_period"]
    assert ([], ["CONTRACT.earliest_period"]) == (re.findall(r"FIRST_YEAR = \d", form),
                                                 re.findall(r"FIRST_YEAR = Number\((CONTRACT\.earliest_period)", form))


def test_every_fide_warning_and_first_rating_reason_has_a_text_in_the_widget() -> None:
    from elo_core.systems.fide.system import INITIAL_REASONS, WARNINGS

    english = json.loads((ROOT / "widget" / "i18n" / "en.json").read_text(encoding="utf-8"))
    keys = [f"warning.{code}" for code in WARNINGS] + [f"first.none.{reason}" for reason in INITIAL_REASONS if reason]
    assert [] == [key for key in keys if key not in english]


def test_the_public_list_of_systems_is_the_registry() -> None:
    assert tuple(REGISTRY) == SYSTEMS
    assert ("fide", "elo") == SYSTEMS[:2]  # FIDE is the default
    assert [name for name in REGISTRY] == [REGISTRY[name].name for name in REGISTRY]  # each where it says
    with pytest.raises(KeyError):
        REGISTRY["nope"]


def test_importing_the_bridge_imports_only_fide_and_elo() -> None:
    """The widget's engine starts with the default systems only; the others come when asked for."""
    code = ("import sys, elo_core.bridge; print(sorted(m for m in sys.modules if m.startswith('elo_core.systems.') "
            "and m.removeprefix('elo_core.systems.') in ('uscf', 'dwz', 'ecf', 'glicko', 'glicko2')))")
    before = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert before.strip() == "[]"
    after = code.replace("; print", "; elo_core.calculate({'system': 'dwz'}); print")
    assert subprocess.run([sys.executable, "-c", after], capture_output=True, text=True,
                          check=True).stdout.strip() == "['elo_core.systems.dwz']"
    # A tournament's report and a club's ladder ask the registry for the systems they offer by what each can do:
    # only those they rate with are imported (Glicko's two by the ladder, which replays with them).
    report = code.replace("; print", "; elo_core.bridge.event('{\"text\": \"012 x\"}'); "
                          "elo_core.bridge.ladder('{\"text\": \"2026-03-04,A,B,1\"}'); print")
    assert subprocess.run([sys.executable, "-c", report], capture_output=True, text=True,
                          check=True).stdout.strip() == "['elo_core.systems.glicko', 'elo_core.systems.glicko2']"


@pytest.mark.parametrize("name", ["fide", "elo"])
def test_fide_and_elo_answer_through_calculate(name: str) -> None:
    request = {"system": name, "rating": 1500, "k": 20, "games": [{"opponent": 1500, "score": 1}]}
    response = calculate(request)
    assert (True, name, 1510) == (response["ok"], response["system"], response["new_rating"])


@pytest.mark.parametrize("name", list(REGISTRY))
def test_every_system_names_only_its_own_fields_in_errors(name: str) -> None:
    """Whatever is wrong, a system answers, and each error names a field it has (or games)."""
    paths = {f.path for f in REGISTRY[name].fields}
    for request in ({"system": name}, {"system": name, "rating": "x", "k": "x", "games": [{"opponent": "x"}],
                                       "player": 5, "settings": 5}):
        response = calculate(request)
        assert "internal" not in [e["code"] for e in response.get("errors", [])]
        for e in response.get("errors", []):
            base = re.sub(r"^games\[\d+\]", "games[]", e["field"])
            assert base in paths or base.startswith("games") or base in ("player", "settings"), e


def test_every_error_code_has_a_message_in_the_widget() -> None:
    english = json.loads((ROOT / "widget" / "i18n" / "en.json").read_text(encoding="utf-8"))
    for path in (ROOT / "widget" / "i18n" / "systems").glob("*.json"):  # merged in by the build
        english.update(json.loads(path.read_text(encoding="utf-8"))["en"])
    handled = {code for code in ERROR_CODES if f"error.{code}" in english
               or any(key.startswith(f"error.{code}.") for key in english)}
    # Codes the widget never shows as such: it sends well-formed JSON objects with known keys.
    unseen = {"bad_json", "not_an_object", "not_a_list", "not_a_choice", "not_a_boolean", "internal"}
    assert set() == set(ERROR_CODES) - handled - unseen


def test_contract_and_typed_api_give_one_message_per_problem() -> None:
    from elo_core import RatingError, rate
    from elo_core.words.model import EloRules, Game

    problems = Problems()
    read_rating("5000", "rating", problems, whole=False)
    with pytest.raises(RatingError) as raised:
        rate(5000, [Game(1500, 1)], EloRules(k=20))
    assert [(raised.value.code, str(raised.value))] == [(e["code"], e["message"]) for e in problems.items]


def test_huge_numbers_are_named_not_crashed_on() -> None:
    response = calculate({"system": "elo", "rating": 10**5000, "k": 20, "games": []})
    assert [("rating", "out_of_range")] == [(e["field"], e["code"]) for e in response["errors"]]
    assert re.search(r"more than 40 digits", response["errors"][0]["message"])


@pytest.mark.parametrize(("word", "score"), [("draw", 0.5), ("=", 0.5), ("½", 0.5), ("W", 1), ("1-0", 1),
                                             ("remis", 0.5), ("l", 0), ("0-1", 0)])
def test_a_result_word_means_the_same_in_a_request_a_paste_and_the_cli(word: str, score: float) -> None:
    from elo_core import parse_results
    from elo_core.transport.cli import _game

    request = {"system": "elo", "rating": 1500, "k": 20, "games": [_game(f"1500:{word}", [])]}
    assert score == calculate(request)["score"]
    assert [score] == [g.score for g in parse_results(f"1500 {word}").games]


@pytest.mark.parametrize("name", list(REGISTRY))
def test_make_bench_can_time_every_system_on_a_real_answer(name: str) -> None:
    """The benchmark builds each system's request from its contract fields: a new system needs no bench edit."""
    from bench.engine_requests import event

    assert calculate(event(name, 9))["ok"]


def test_the_results_module_names_no_system() -> None:
    """What to show of an answer is each system's `display` (contract.js): results.js draws any
    system's answer without a branch on its name."""
    results = (ROOT / "widget" / "views" / "calculator" / "results.js").read_text(encoding="utf-8")
    assert [] == [name for name in REGISTRY if re.search(rf"""["'`]{name}["'`]""", results)]


@pytest.mark.parametrize("name", list(REGISTRY))
def test_each_system_shows_only_what_its_answers_carry(name: str) -> None:
    """Its display's game columns are game figures, its flags yes/no keys of its answers, its chart's
    `chart_by` a key of its answers, and its outputs that describe the new rating are none without games."""
    from typing import get_type_hints

    from bench.engine_requests import event
    from elo_core.contract import GameAnswer

    system = REGISTRY[name]
    answer = calculate(event(name, 9))
    assert {c.key for c in system.display.columns} <= set(get_type_hints(GameAnswer))
    assert all(isinstance(answer.get(flag), bool) for flag in system.display.flags), answer
    assert system.display.chart_by == "" or system.display.chart_by in answer
    empty = calculate({**event(name, 9), "games": []})
    if empty["ok"]:
        assert [] == [o.key for o in system.outputs if o.of_new_rating and o.key not in answer]


def test_a_display_names_only_notes_the_widget_draws() -> None:
    from elo_core.contract import Display, display

    with pytest.raises(ValueError, match="no such note"):
        display(Display(notes=("horoscope",)))


class Toy(TypedDict):
    a: int | None
    b: list[str]
    c: NotRequired[Literal[False]]


def test_the_answer_types_are_generated_from_the_typed_dicts() -> None:
    """contract.js's JSDoc types of the answer follow elo_core's TypedDicts: a key added in Python is
    a key the widget's type checks know."""
    assert ("number | null", "string[]", "false") == tuple(contract_js.js_type(h)
                                                         for h in contract_js.hints(Toy).values())
    assert {"c"} == contract_js.optional(Toy)
    generated = contract_js.TARGET.read_text(encoding="utf-8")
    assert "initial?: InitialAnswer" in generated and "provisional?: boolean" in generated


@pytest.mark.parametrize("name", list(REGISTRY))
def test_each_field_names_fields_of_its_system_and_has_its_texts(name: str) -> None:
    """A field's `when` and `clears` name fields of its own system; its group's legend, its label and
    its choices have texts (the widget draws every system's fields from the contract alone)."""
    fields = REGISTRY[name].fields
    paths = {f.path for f in fields}
    texts = json.loads((ROOT / "widget" / "i18n" / "en.json").read_text(encoding="utf-8"))
    for path in (ROOT / "widget" / "i18n" / "systems").glob("*.json"):
        texts.update(json.loads(path.read_text(encoding="utf-8"))["en"])
    for f in fields:
        for condition in f.when:
            other, _, value = condition.removeprefix("!").partition("!=")
            assert other in paths and other != f.path, (f.path, condition)
            if value:
                assert value in next(g.choices for g in fields if g.path == other), (f.path, condition)
        assert f.clears in {"", "k"} & (paths | {""})  # the widget (form.js ownInput) clears a typed K only
        needed = [f"group.{f.group}"] if f.group else []
        if f.kind in ("bool", "choice", "number"):
            needed += [f"field.{f.path}"] + [f"choice.{f.path}.{c}" for c in f.choices]
        assert [] == [key for key in needed if key not in texts], f.path


def test_each_former_name_of_a_saved_field_is_one_field_s() -> None:
    """Saved entries of formats 1 and 2 kept FIDE's and Elo's fields under names of their own: each
    `former` name belongs to one field, and none is a key format 3 keeps at the top."""
    formers = list(FORMER.values())
    assert len(formers) == len(set(formers)) == 8
    # Each names a field its system has: the domain does not know these keys, the vocabulary does (issue 41).
    assert all(path in {f.path for f in REGISTRY[system].fields} for system, path in FORMER)
    top = {"system", "rating", "k", "period", "periodChosen", "entries", "events", "games", "v"}
    assert set() == set(formers) & top


def test_a_fide_flag_is_written_by_fide_alone() -> None:
    """One system, one descriptor: FIDE's `reached_2300` is named in FIDE's folder, FIDE's translations
    and the contract generated from them, nowhere else in the package or the widget; and in the vocabulary's
    table of the widget's saved-entry keys of old (`FORMER`: the widget's past, not FIDE's)."""
    fide = ROOT / "elo_core" / "systems" / "fide"
    found = sorted({"elo_core/systems/fide/" if fide in path.parents else str(path.relative_to(ROOT))
                    for folder in ("elo_core", "widget")
                    for path in (ROOT / folder).rglob("*") if path.suffix in (".py", ".js", ".mjs", ".json", ".html")
                    and "reached_2300" in path.read_text(encoding="utf-8")})
    assert found == ["elo_core/systems/fide/", "elo_core/transport/vocabulary.py", "widget/i18n/systems/fide.json",
                     "widget/shared/contract.js"]


def test_a_choice_of_digits_may_be_given_as_a_json_number() -> None:
    """`"k_factor": 40` was refused as "expected player.k_factor to be '20' or '40', got 40" (a hostile pass, hp81):
    a whole number that is one of the choices is that choice; another number, or true, is still refused."""
    def ecf(k_factor: Any) -> dict[str, Any]:
        return calculate({"system": "ecf", "rating": 1500, "player": {"k_factor": k_factor},
                          "games": [{"opponent": 1500, "score": 1}]})

    assert ecf(40) == ecf("40") and ecf(40.0)["change"] == 20.0
    assert [e["code"] for e in ecf(30)["errors"]] == [e["code"] for e in ecf(True)["errors"]] == ["not_a_choice"]
    assert [(e["field"], e["code"]) for e in ecf(10 ** 400)["errors"]] == [("player.k_factor", "not_a_choice")]
    dwz = {"system": "dwz", "rating": 1500, "player": {"age": 30, "index": 5},
           "games": [{"opponent": 1500, "score": 1}]}
    assert calculate({**dwz, "settings": {"rules": 2014}}) == calculate({**dwz, "settings": {"rules": "2014"}})
