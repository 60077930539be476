"""The event view's texts (widget/views/event/) for elo_core's codes: every reason a round is not rated
(event.REASONS), every note of the rating (event.NOTES), every problem of the reader (trf.PROBLEMS),
every K rule (fide.system.K_REASONS), every reason there is no first rating (event.FIRST_REASONS: FIDE's,
and the report's own for a player without a game against a rated opponent), every source of a start rating
(event.START_RATING_FROM) and every rule a performance can come from (fide.first.PERFORMANCE_RULES) has a text in
English (tests/test_i18n.py then checks the other languages have the same keys). The widget builds these keys
from the codes (t(`event.reason.${code}`)), which test_i18n's scan of literal keys cannot see."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from elo_core.files.trf import PROBLEMS
from elo_core.reports.aro_tpr import TPR_REASONS
from elo_core.reports.event import FIRST_REASONS, NOTES, REASONS, START_RATING_FROM
from elo_core.reports.norms import NORM_REASONS, NOT_COUNTED
from elo_core.systems.fide.first import PERFORMANCE_RULES
from elo_core.systems.fide.norms import CONDITIONS
from elo_core.systems.fide.rules import FACTS
from elo_core.systems.fide.system import K_REASONS, FideSystem

WIDGET = Path(__file__).resolve().parent.parent / "widget"
ENGLISH = json.loads((WIDGET / "i18n" / "en.json").read_text(encoding="utf-8"))
KEYS = (
    [f"event.reason.{code}" for code in REASONS]
    + [f"event.problem.{code}" for code in [*NOTES, *PROBLEMS]]
    + [f"k.rule.{code}" for code in [*K_REASONS, "event"]]  # Elo: the event's K, or the player's ("given")
    + [f"event.first.{code}" for code in FIRST_REASONS if code]
    + [f"event.startRating.{code}" for code in START_RATING_FROM]  # plain Elo: where a start rating came from
    + [f"event.performance.{code}" for code in PERFORMANCE_RULES]  # FIDE: a performance by the +-800 rule
    + [f"event.norm.reason.{code}" for code in NORM_REASONS]  # why a file's norms cannot be judged
    + [f"event.norm.notCounted.{code}" for code in NOT_COUNTED]
    + [f"event.norm.c.{code}" for code in CONDITIONS]
    + [f"event.tpr.{code}" for code in TPR_REASONS]
)


@pytest.mark.parametrize("key", KEYS)
def test_every_code_the_report_gives_has_a_text(key: str) -> None:
    assert ENGLISH.get(key)


def test_the_facts_the_view_offers_are_elo_core_s() -> None:
    """The view offers FIDE's fields of the K finder (event-file.js FACT_FIELDS), by their names in
    `player`: the facts a request may give (event.FACTS), each once."""
    offered = [f.path.removeprefix("player.") for f in FideSystem.fields if f.group == "k_finder"]
    assert sorted(offered) == sorted(FACTS)
    assert 'f.group === "k_finder"' in (WIDGET / "views" / "event" / "event-file.js").read_text(encoding="utf-8")


def test_a_first_rating_s_reason_in_a_report_of_unrated_players_has_a_text() -> None:
    """lichess's Swiss (every player unrated): no game against a rated opponent, a reason the report gives of
    its own (FIDE's `INITIAL_REASONS` have no word for it); the view shows `event.first.<reason>`."""
    from elo_core.reports.event import event_report

    text = (Path(__file__).parent / "trf" / "lichess-swiss-2020-05.trf").read_bytes()
    reasons = {p["first_rating"]["reason"] for p in event_report({"text": text})["players"]}
    assert {"no_rated_opponents"} == reasons
    assert [] == [code for code in reasons if code not in FIRST_REASONS or not ENGLISH.get(f"event.first.{code}")]
