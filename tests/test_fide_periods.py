"""A FIDE rating period (FIDE-RULES 2.8): several events, one K, one rounding; unrated opponents; the
reached-2300 junior; the 1400 floor; first ratings over events; the rules in force by period."""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from elo_core import calculate
from elo_core.systems.fide.period import rate_period
from elo_core.systems.fide.rules import EARLIEST_PERIOD, RULES_BY_DATE, FideRules, rules_in_force
from elo_core.words.model import Game, PeriodEvent, UnratedGame

from .strategies import cut_points, fide_list_ratings, fide_period_games, fide_periods, scores, time_controls
from .vectors import VECTORS


def fide(**request: Any) -> dict[str, Any]:
    """The answer to a FIDE request, which must be valid."""
    response = calculate({"system": "fide", **request})
    assert response["ok"] is True, response
    return response


def errors(**request: Any) -> list[tuple[str, str]]:
    response = calculate({"system": "fide", **request})
    assert response["ok"] is False, response
    return [(e["field"], e["code"]) for e in response["errors"]]


def games(*pairs: tuple[Any, float]) -> list[dict[str, Any]]:
    return [{"opponent": o, "score": s} for o, s in pairs]


# ---- rules by period ----------------------------------------------------------------------------


@pytest.mark.parametrize(("period", "expected", "change_exact"), [("2025-09", 0.92, -9.2), ("2025-11", 1.0, -10.0)])
def test_2650_rule_applies_from_1_october_2025(period: str, expected: float, change_exact: float) -> None:
    """Issue 10's vector: a 2700 player's loss to 1900 at K 10 is capped at 400 before, not after."""
    response = fide(rating=2700, k=10, period=period, games=games((1900, 0)))
    assert (expected, change_exact) == (response["games"][0]["expected"], response["change_exact"])


def test_no_period_means_the_current_rules() -> None:
    response = fide(rating=2700, k=10, games=games((1900, 0)))
    assert (None, -10.0) == (response["period"], response["change_exact"])


@pytest.mark.parametrize(("period", "rated"), [("2024-11", True), ("2024-12", False), (None, False)])
def test_rapid_600_point_rule_applies_from_1_december_2024(period: str | None, rated: bool) -> None:
    response = fide(rating=2700, time_control="rapid", period=period, games=games((2050, 0)))
    assert rated == response["games"][0]["rated"]


def test_every_rule_by_date_names_its_section_and_date() -> None:
    for rule, since, source in RULES_BY_DATE:
        assert since >= f"{EARLIEST_PERIOD}-01" and "Rating Regulations" in source, rule
    assert set() == rules_in_force("2021-12").in_force
    assert {"regulations_2022"} == rules_in_force("2024-02").in_force
    assert {rule for rule, _, _ in RULES_BY_DATE} == rules_in_force("2025-10").in_force


@pytest.mark.parametrize("period", ["2024-03", "2024-10"])
def test_1_march_2024_rules_hold_from_the_2024_03_period(period: str) -> None:
    assert {"first_rating_2024", "rating_floor_1400", "cap_400_every_game"} <= rules_in_force(period).in_force


def test_the_one_off_2024_adjustment_is_shown_in_the_2024_03_period() -> None:
    response = fide(rating=1500, period="2024-03", games=games((1500, 1)))
    assert [("rating_adjusted_2024", 1700)] == [(w["code"], w["params"]["adjusted"]) for w in response["warnings"]]


# ---- several events, one K, one rounding --------------------------------------------------------


def test_700_rule_counts_the_games_of_every_event() -> None:
    """3 events totalling 39 games at K 20 are rated with K 17 (FIDE 8.3.3), and rounded once."""
    draws = games(*[(2000, 0.5)] * 13)
    events = [{"games": draws}, {"games": draws}, {"games": draws[:-1] + games((2000, 1))}]
    response = fide(rating=2000, events=events)
    assert (17, 20, True, 39) == (response["k"], response["k_before_700"], response["rule_700"],
                                  response["rated_games"])
    assert ([0.0, 0.0, 8.5], 8.5, 9, 2009) == ([e["change_exact"] for e in response["events"]],
                                               response["change_exact"], response["change"], response["new_rating"])


def test_the_period_change_is_rounded_once_not_per_event() -> None:
    """Two events of +2.50 each: +5 once (FIDE 8.3.4 "per rating period"), not 3 + 3."""
    event = {"games": games((2400, 0.5))}
    response = fide(rating=2210, k=10, events=[event, event])
    assert ([2.5, 2.5], 5.0, 5, 2215) == ([e["change_exact"] for e in response["events"]], response["change_exact"],
                                         response["change"], response["new_rating"])


def test_each_event_is_rated_with_its_own_rating_and_the_new_rating_starts_from_the_periods() -> None:
    """An event that started on the previous list uses that list's rating; the result adds to the request's."""
    response = fide(rating=2400, events=[{"name": "October open", "rating": 2395, "date": "2025-10-31",
                                          "games": games((2205, 0.5))},
                                         {"name": "November open", "games": games((2205, 0.5))}])
    first, second = response["events"]
    assert ("October open", "2025-10-31", 2395, 190) == (first["name"], first["date"], first["rating"],
                                                         first["games"][0]["difference"])
    assert (2400, 195) == (second["rating"], second["games"][0]["difference"])
    assert 2400 + response["change"] == response["new_rating"]


def test_a_request_with_games_answers_without_events() -> None:
    assert "events" not in fide(rating=2000, games=games((2000, 1)))


# ---- unrated opponents --------------------------------------------------------------------------


def test_a_game_against_an_unrated_opponent_is_not_rated_for_a_rated_player() -> None:
    response = fide(rating=2000, games=games((2000, 1), (None, 1)))
    unrated = response["games"][1]
    assert (None, False, 0.0, "unrated_opponent") == (unrated["opponent"], unrated["rated"], unrated["change"],
                                                      unrated["reason"])
    assert (1, 10, 1.0) == (response["rated_games"], response["change"], response["score"])


def test_an_unrated_opponent_does_not_count_for_the_700_rule() -> None:
    response = fide(rating=2000, player={"fewer_than_30_games": True}, games=games(*[(2000, 0.5)] * 17, (None, 1)))
    assert (40, 17) == (response["k"], response["rated_games"])


def test_an_unrated_opponent_does_not_count_towards_a_first_rating() -> None:
    five = games(*[(1900, 1)] * 5)
    with_unrated = fide(rating=None, games=five + games((None, 1)))
    assert fide(rating=None, games=five)["initial"] == with_unrated["initial"]
    assert ("unrated_opponent", 2180) == (with_unrated["games"][5]["reason"], with_unrated["new_rating"])


def test_an_empty_opponent_is_still_required_under_fide() -> None:
    """The widget sends "" for an empty field: a typo is never silently an unrated opponent."""
    assert [("games[0].opponent", "required")] == errors(rating=2000, games=games(("", 1)))


def test_a_missing_opponent_is_still_required_under_fide() -> None:
    assert [("games[0].opponent", "required")] == errors(rating=2000, games=[{"score": 1}])


def test_other_systems_keep_a_null_opponent_required() -> None:
    response = calculate({"system": "elo", "rating": 1500, "k": 20, "games": games((None, 1))})
    assert [("games[0].opponent", "required")] == [(e["field"], e["code"]) for e in response["errors"]]


# ---- the junior once rated 2300 -----------------------------------------------------------------


@pytest.mark.parametrize(("reached_2300", "k", "k_rule"), [(False, 40, "junior"), (True, 20, "default")])
def test_a_junior_once_rated_2300_gets_k_20(reached_2300: bool, k: int, k_rule: str) -> None:
    """FIDE 8.3.3: K 40 for a junior "as long as their rating remains under 2300"."""
    response = fide(rating=2250, player={"junior": True, "reached_2300": reached_2300}, games=games((2250, 1)))
    assert (k, k_rule) == (response["k"], response["k_rule"])


@pytest.mark.parametrize(("event_rating", "player", "k", "k_rule"), [
    (2405, {}, 10, "reached_2400"), (2395, {}, 20, "default"),
    (2310, {"junior": True}, 20, "default"), (2290, {"junior": True}, 40, "junior")])
def test_an_event_s_published_rating_counts_as_reached(event_rating: int, player: dict[str, Any], k: int,
                                                      k_rule: str) -> None:
    """An event's rating is a published one (the list in force when it started): 2405 there is 2400 reached, K 10
    for good (8.3.3), though the period's rating is 2390; 2310 there ends a junior's K 40 (a hostile pass: K 20 and
    40, from the period's rating alone)."""
    response = fide(rating=2390 if event_rating > 2300 and not player else 2250, player=player,
                    events=[{"name": "Open", "rating": event_rating, "games": games((2300, 1))}])
    assert (k, k_rule) == (response["k"], response["k_rule"])


def test_reached_2300_must_be_true_or_false() -> None:
    assert [("player.reached_2300", "not_a_boolean")] == errors(rating=2250, player={"reached_2300": "yes"},
                                                                games=games((2250, 1)))


# ---- the 1400 floor -----------------------------------------------------------------------------


def test_a_new_rating_below_1400_is_warned_about() -> None:
    response = fide(rating=1405, games=games((1400, 0)))
    assert 1400 > response["new_rating"]
    assert [("below_rating_floor", response["new_rating"])] == [(w["code"], w["params"].get("new_rating"))
                                                                for w in response["warnings"]]


def test_an_entered_rating_below_1400_is_warned_about() -> None:
    response = fide(rating=1390, games=games((1300, 1)))
    assert ("rating_below_floor", "rating") == (response["warnings"][0]["code"],
                                                response["warnings"][0]["params"]["field"])
    assert "1400" in response["warnings"][0]["message"]


def test_an_event_rating_below_1400_is_warned_about() -> None:
    response = fide(rating=1450, events=[{"rating": 1390, "games": games((1450, 1))}])
    assert [("rating_below_floor", "events[0].rating")] == [(w["code"], w["params"]["field"])
                                                            for w in response["warnings"]]


def test_no_warning_at_or_above_1400() -> None:
    assert [] == fide(rating=1400, games=games((1400, 0.5)))["warnings"]


# ---- first ratings over events ------------------------------------------------------------------


def test_a_first_rating_pools_the_games_of_every_event() -> None:
    pooled = [(1900, 1.0), (1700, 0.5), (1800, 0.0), (2000, 1.0), (1600, 0.5), (1850, 1.0)]
    split = fide(rating=None, events=[{"games": games(*pooled[:2])}, {"games": games(*pooled[2:])}])
    assert fide(rating=None, games=games(*pooled))["initial"] == split["initial"]
    assert [2, 4] == [e["rated_games"] for e in split["events"]]


def test_a_first_event_with_a_zero_score_is_disregarded() -> None:
    """FIDE 8.2.1: the zero-score first event does not count; the second alone gives the rating."""
    second = games(*[(1900, 1)] * 5)
    response = fide(rating=None, events=[{"games": games((1500, 0), (1600, 0))}, {"games": second}])
    assert fide(rating=None, games=second)["initial"] == response["initial"]
    assert ["first_event_zero_score"] * 2 == [g["reason"] for g in response["events"][0]["games"]]
    assert (2180, 0) == (response["new_rating"], response["events"][0]["rated_games"])


def test_a_later_event_with_a_zero_score_counts() -> None:
    response = fide(rating=None, events=[{"games": games(*[(1900, 1)] * 5)}, {"games": games((1500, 0))}])
    assert 6 == response["initial"]["games"]


def test_the_events_after_a_disregarded_first_event_are_rated_though_they_score_nothing_too() -> None:
    """FIDE 8.2.1: "If an unrated player scores zero in their first event this score is disregarded. Otherwise, their
    rating is calculated using all their results": a second event's 0/5 was refused as the first event's zero (hp86).
    Ra = (5 × 1700 + 2 × 1800) / 7, p = 1/7 = 14 %, dp −309: 1729 − 309 = 1420."""
    response = fide(rating=None, events=[{"games": games(*[(1600, 0)] * 3)}, {"games": games(*[(1700, 0)] * 5)}])
    assert (response["new_rating"], response["initial"]["reason"], response["initial"]["games"]) == (1420, "", 5)
    # The first event's zero alone is still no rating, and said so.
    alone = fide(rating=None, events=[{"games": games(*[(1600, 0)] * 5)}])
    assert (alone["new_rating"], alone["initial"]["reason"]) == (None, "zero_score")


def test_the_answer_says_how_many_more_games_a_first_rating_needs() -> None:
    response = fide(rating=None, events=[{"games": games((1900, 1), (None, 1))}, {"games": games((1800, 0.5))}])
    assert (None, "fewer_than_5_games", 3) == (response["new_rating"], response["initial"]["reason"],
                                               response["initial"]["games_needed"])


def test_no_more_games_are_needed_once_rated() -> None:
    assert 0 == fide(rating=None, games=games(*[(1900, 1)] * 5))["initial"]["games_needed"]


def test_an_unrated_players_event_has_no_rating() -> None:
    assert [("events[0].rating", "not_supported")] == errors(rating=None, events=[{"rating": 1800,
                                                                                   "games": games((1900, 1))}])


# ---- bad input ----------------------------------------------------------------------------------


def test_games_and_events_together_are_refused() -> None:
    response = calculate({"system": "fide", "rating": 2000, "games": games((2000, 1)),
                          "events": [{"games": games((2000, 1))}]})
    assert [("events", "not_supported")] == [(e["field"], e["code"]) for e in response["errors"]]
    assert "either games" in response["errors"][0]["message"]


@pytest.mark.parametrize(
    ("events", "field", "code"),
    [
        ([{"games": []}, {"games": games((1, 1), (1, 1), (1, 1), ("abc", 1))}], "events[1].games[3].opponent",
         "not_a_number"),
        ([{"games": []}, {"games": games((1, 1), (1, 1), (1, 1), ("", 1))}], "events[1].games[3].opponent", "required"),
        ([{"games": [{"opponent": 2000, "score": 0.7}]}], "events[0].games[0].score", "not_a_score"),
        ([{"date": "31/10/2025", "games": []}], "events[0].date", "not_a_choice"),
        ([{"date": "2025-02-30", "games": []}], "events[0].date", "not_a_choice"),
        ([{"rating": 2000.5, "games": []}], "events[0].rating", "not_whole"),
        ([{"name": 5, "games": []}], "events[0].name", "not_a_choice"),
        ([{"games": "2000 1"}], "events[0].games", "not_a_list"),
        ([5], "events[0]", "not_an_object"),
        ("one event", "events", "not_a_list"),
        ([{"games": games(*[(2000, 1)] * 6000)}] * 2, "events", "too_many_games"),
        ([{}] * 100_000, "events", "too_many_games"),
    ],
)
def test_bad_events_name_the_path(events: Any, field: str, code: str) -> None:
    assert [(field, code)] == errors(rating=2000, events=events)


@pytest.mark.parametrize(("period", "code"), [("2025-13", "not_a_choice"), ("2025-1", "not_a_choice"),
                                              (202511, "not_a_choice"), ("2021-12", "not_supported")])
def test_a_bad_period_is_named(period: Any, code: str) -> None:
    assert [("period", code)] == errors(rating=2000, period=period, games=games((2000, 1)))


@pytest.mark.parametrize("time_control", ["rapid", "blitz"])
def test_rapid_and_blitz_periods_before_march_2024_are_refused(time_control: str) -> None:
    """The project has the rapid and blitz chapter of 1 March 2024 only."""
    assert [("period", "not_supported")] == errors(rating=2000, time_control=time_control, period="2024-02",
                                                   games=games((2000, 1)))
    assert fide(rating=2000, time_control=time_control, period="2024-03", games=games((2000, 1)))


# ---- the archived regulations: periods from 2022-01 to 2024-02 ----------------------------------

# A 2300 player beats 1700, 1800 and 1850 (D 600, 500, 450) at K 20.
UPGRADES = games((1800, 1), (1700, 1), (1850, 1))


def test_before_march_2024_the_400_point_rule_benefits_one_game_per_tournament() -> None:
    """Archived 8.3.1: "In any tournament, a player may benefit from only one upgrade under this rule, for
    the game in which the rating difference is greatest": 1700 counts as 400 below (.92), 1800 and 1850
    keep their real differences (.96, .94). From March 2024 every game is capped (.92 each)."""
    old = fide(rating=2300, k=20, period="2023-06", games=UPGRADES)
    assert ([500, 400, 450], [0.96, 0.92, 0.94], 3.6) == (
        [g["difference"] for g in old["games"]], [g["expected"] for g in old["games"]], old["change_exact"])
    new = fide(rating=2300, k=20, period="2024-03", games=UPGRADES)
    assert ([0.92] * 3, 4.8) == ([g["expected"] for g in new["games"]], new["change_exact"])


def test_before_march_2024_each_tournament_has_its_own_upgrade() -> None:
    """Split into two tournaments, the 1700 game and the 1800 game are each their tournament's upgrade."""
    response = fide(rating=2300, k=20, period="2023-06",
                    events=[{"games": UPGRADES[1:2]}, {"games": [UPGRADES[0], UPGRADES[2]]}])
    assert ([1.6, 2.8], 4.4) == ([e["change_exact"] for e in response["events"]], response["change_exact"])


def test_before_march_2024_the_lower_rated_player_is_capped_in_every_game() -> None:
    """The cap only helps the higher-rated player; the lower-rated one has every difference counted as 400."""
    response = fide(rating=1700, k=20, period="2023-06", games=games((2200, 0), (2300, 0)))
    assert ([-400, -400], -3.2) == ([g["difference"] for g in response["games"]], response["change_exact"])


def test_before_march_2024_a_first_rating_is_the_opponents_average_plus_20_a_half_point() -> None:
    """Archived 8.2.2-8.2.3: 3 wins against 1600 and 2 losses against 1700: Ra 1640, 60 % is one half
    point over 50 %: 1660. From March 2024 (two 1800 draws added): 1736."""
    played = games(*[(1600, 1)] * 3, *[(1700, 0)] * 2)
    old = fide(rating=None, period="2024-02", games=played)
    assert (1660, 1640.0, 20, "2022") == (old["new_rating"], old["initial"]["average"], old["initial"]["dp"],
                                          old["initial"]["rules"])
    new = fide(rating=None, period="2024-03", games=played)
    assert (1736, "2024") == (new["new_rating"], new["initial"]["rules"])


def test_before_march_2024_a_first_rating_below_50_percent_adds_dp_and_has_no_2200_maximum() -> None:
    low = fide(rating=None, period="2023-01", games=games(*[(1600, 0)] * 4, (1600, 1)))
    assert (1360, -240) == (low["new_rating"], low["initial"]["dp"])
    high = fide(rating=None, period="2023-01", games=games(*[(2300, 1)] * 5))
    assert (2400, 100) == (high["new_rating"], high["initial"]["dp"])  # 5 half points over 50 %


def test_before_march_2024_the_floor_is_1000() -> None:
    """A first rating under 1000 was not published; a rating between 1000 and 1400 was, with no warning."""
    low = fide(rating=None, period="2023-01", games=games(*[(1100, 0)] * 4, (1100, 1)))
    assert (None, "below_1000", 860) == (low["new_rating"], low["initial"]["reason"], low["initial"]["computed"])
    assert [] == fide(rating=1300, period="2023-01", games=games((1300, 0)))["warnings"]
    warned = fide(rating=1001, period="2023-01", games=games((1300, 0)))["warnings"]
    assert [("below_rating_floor", 1000)] == [(w["code"], w["params"]["floor"]) for w in warned]


# ---- rapid and blitz: the standard rating of a player unrated there (R&B 7.2.1) -----------------


@pytest.mark.parametrize("time_control", ["rapid", "blitz"])
def test_an_unrated_rapid_or_blitz_player_with_a_standard_rating_is_rated_from_it(time_control: str) -> None:
    """FIDE Rapid and Blitz Rating Regulations 7.2.1: "their standard rating is used for rating calculation.
    Such a player is considered to be rated"."""
    response = fide(rating=None, time_control=time_control, player={"standard_rating": 1850,
                                                                     "fewer_than_30_games": True},
                    games=games((1850, 1), (1900, 0.5)))
    assert (1850, 40, "fewer_than_30_games", 22.8, 1873) == (  # (.50 + .07) x 40
        response["rating"], response["k"], response["k_rule"], response["change_exact"], response["new_rating"])
    assert "initial" not in response
    assert ("standard_rating_used", 1850) == (response["warnings"][0]["code"],
                                              response["warnings"][0]["params"]["rating"])


def test_the_standard_rating_is_not_used_when_the_player_has_a_rapid_rating() -> None:
    response = fide(rating=1700, time_control="rapid", player={"standard_rating": 1850}, games=games((1850, 1)))
    assert (1700, []) == (response["rating"], response["warnings"])


def test_a_seeded_player_may_give_each_tournament_its_standard_rating() -> None:
    response = fide(rating=None, time_control="blitz", player={"standard_rating": 1850},
                    events=[{"rating": 1840, "games": games((1840, 1))}, {"games": games((1850, 0))}])
    assert [1840, 1850] == [e["rating"] for e in response["events"]]


@pytest.mark.parametrize(("player", "time_control", "code"), [
    ({"standard_rating": 1850}, "standard", "not_supported"),
    ({"standard_rating": "abc"}, "rapid", "not_a_number"),
    ({"standard_rating": 1850.5}, "rapid", "not_whole"),
])
def test_a_bad_standard_rating_is_named(player: dict[str, Any], time_control: str, code: str) -> None:
    assert [("player.standard_rating", code)] == errors(rating=None, time_control=time_control, player=player,
                                                        games=games((1850, 1)))


def test_rapid_and_blitz_have_no_2650_exemption() -> None:
    """R&B 7.3.1: a difference over 400 counts as 400 for everyone, even after 1 October 2025."""
    response = fide(rating=2700, k=10, time_control="rapid", period="2025-11", games=games((2250, 0)))
    assert (400, 0.92) == (response["games"][0]["difference"], response["games"][0]["expected"])


# ---- properties ---------------------------------------------------------------------------------


@given(fide_list_ratings, fide_period_games, cut_points, time_controls, fide_periods)
def test_splitting_an_event_never_changes_the_exact_change(rating: int, played: list[dict[str, Any]],
                                                           cuts: list[int], time_control: str,
                                                           period: str | None) -> None:
    """The same games in one event or cut into several with the same rating: the same period."""
    assume(all(c < len(played) for c in cuts))
    bounds = [0, *sorted(cuts), len(played)]
    events = [{"games": played[a:b]} for a, b in pairwise(bounds)]
    request = {"rating": rating, "time_control": time_control, "period": period}
    whole, split = fide(**request, games=played), fide(**request, events=events)
    assert (whole["change_exact"], whole["k"], whole["change"]) == (split["change_exact"], split["k"],
                                                                    split["change"])
    assert whole["change_exact"] == pytest.approx(sum(e["change_exact"] for e in split["events"]), abs=1e-9)


# ---- FIDE's published multi-event periods (tests/vectors/fide_periods.json) ---------------------

PUBLISHED = json.loads((VECTORS / "fide_periods.json").read_text(encoding="utf-8"))["cases"]


def published_request(case: dict[str, Any]) -> dict[str, Any]:
    """The request a player would make for a published period: the rating on the previous list, each
    event at the rating FIDE printed for it (Ro), no K (the rules must find it)."""
    return {"system": "fide", "rating": case["published"]["rating_before"], "period": case["period"],
            "time_control": case["time_control"],
            "events": [{"name": e["name"], "rating": e["rating"], "date": e["start"],
                        "games": [{"opponent": g["opponent"], "score": g["score"]} for g in e["games"]]}
                       for e in case["events"]]}


def test_the_published_periods_file_has_cases() -> None:
    assert len(PUBLISHED) >= 3


@pytest.mark.parametrize("case", PUBLISHED, ids=lambda c: c["name"].split(":")[0])
def test_published_period_is_reproduced_event_by_event(case: dict[str, Any]) -> None:
    """Each event's K x chg and every game's change as FIDE printed them (source: the case's `source`)."""
    response = calculate(published_request(case))
    assert response["ok"] is True, response
    assert case["k"] == response["k"]
    assert [e["published"]["k_chg"] for e in case["events"]] == [f"{e['change_exact']:.2f}"
                                                                 for e in response["events"]]
    assert [[g["chg"] for g in e["games"]] for e in case["events"]] == [
        [f"{g['change'] / response['k']:.2f}" for g in e["games"]] for e in response["events"]]
    assert case["published"]["change"] == f"{response['change_exact']:.2f}"


@pytest.mark.parametrize("case", [c for c in PUBLISHED if c["derived"]["list_matches"] != "per_event"],
                         ids=lambda c: c["name"].split(":")[0])
def test_published_period_gives_the_rating_on_the_list(case: dict[str, Any]) -> None:
    assert case["published"]["new_rating"] == calculate(published_request(case))["new_rating"]


@pytest.mark.parametrize("case", [c for c in PUBLISHED if c["derived"]["list_matches"] == "per_event"],
                         ids=lambda c: c["name"].split(":")[0])
def test_published_period_rounded_per_event_on_the_list_is_rounded_once_here(case: dict[str, Any]) -> None:
    """FIDE-RULES 2.8: one published card (2400 -> 2406) matches rounding per event; we round once."""
    response = calculate(published_request(case))
    assert (case["derived"]["change_rounded_per_period"], case["published"]["new_rating"] - 1) == (
        response["change"], response["new_rating"])


@given(fide_list_ratings, st.lists(st.tuples(fide_list_ratings, scores), min_size=1, max_size=60), time_controls,
       st.one_of(fide_periods, st.sampled_from(["2022-06", "2023-12"])))
def test_an_event_of_rated_games_rates_as_the_game_by_game_loop(rating: int, played: list[tuple[int, float]],
                                                               time_control: str, period: str | None) -> None:
    """An event whose games are all rated is rated a column at a time (10 000 games per keystroke);
    one more game, against an unrated opponent, sends the same event through the game-by-game loop,
    and changes nothing for the others."""
    law = rules_in_force(period)
    rules = FideRules(time_control=time_control)  # type: ignore[arg-type]
    games = tuple(Game(o, s) for o, s in played)
    fast = rate_period(rating, [PeriodEvent(games)], rules, law)
    loop = rate_period(rating, [PeriodEvent((*games, UnratedGame(1.0)))], rules, law)
    assert fast.events[0].games == loop.events[0].games[:-1]
    assert (fast.change, fast.change_hundredths, fast.k, fast.score, fast.expected) == (
        loop.change, loop.change_hundredths, loop.k, loop.score, loop.expected)
    # The answer's performance too, from the columns or from the games (where a request may ask).
    if time_control != "standard" and (period or "9") < "2024-03":
        return
    asked = [{"opponent": o, "score": s} for o, s in played]
    request = {"rating": rating, "time_control": time_control, "period": period}
    assert fide(**request, games=asked)["performance"] == fide(
        **request, games=[*asked, {"opponent": None, "score": 1}])["performance"]
