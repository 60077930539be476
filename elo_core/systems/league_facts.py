"""The calculator's Elo with a league's facts (issue 42): each game's venue, score and own K, and the request's
preset, home advantage and margin rule, read from a calculation's request and rated by `league.league_game`.

A request without any of them is plain Elo (`elo.EloSystem` answers it as before, to the last bit); one with any
is answered here: each game's expected score with the home advantage in it, its change K x M x (S - E), and the
game's answer also says the home advantage it used (`home_advantage`: +H at home, -H away, 0 at a neutral venue),
its multiplier and K.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..contract import Problems, blank, event_answer, read_choice, read_flag, read_number
from ..words.errors import show
from ..words.model import DRAW, LOSS, MAX_POINTS, WIN, EloRules, EventResult, Game, GameResult
from .league import MAX_HOME_ADVANTAGE, PRESETS, LeagueRules, league_game

VENUE_CHOICES = ("neutral", "home", "away")
"""A game's venue, from the rated side's view: neutral (no home advantage) first, the default."""
PRESET_CHOICES = ("none", *(name for name in PRESETS if name != "club"))
"""The calculator's presets (`league.PRESETS`): a preset's home advantage and margin; none, the default, is plain
Elo (the club's preset, whose rules are plain Elo's, is none)."""
MARGIN_CHOICES = ("preset", "none", "world-football", "fivethirtyeight")
"""The margin-of-victory rule: the preset's (none without one), or one named."""


class GameFacts(NamedTuple):
    """A league game's facts beside its opponent and result (FIDE-RULES 1.1)."""

    venue: str
    """`home`, `away` or `neutral`, from the rated side's view."""
    points: tuple[int, int] | None
    """The rated side's points and the opponent's (None without a score)."""
    k: float | None
    """The game's own K (its weight; None: the request's K)."""


@dataclass(frozen=True)
class League:
    """A calculation's league: its rules and each game's facts."""

    rules: LeagueRules
    preset: str
    facts: list[GameFacts]

GAME_FACTS = ("venue", "points_for", "points_against", "k")
"""What a league game of a request carries besides its opponent and score."""


def _preset_rules(request: dict[str, Any], problems: Problems) -> tuple[str, LeagueRules]:
    """The request's preset, and its rules with the home advantage and margin given set over them."""
    preset = read_choice(request, "preset", "preset", PRESET_CHOICES, problems)
    plain = PRESETS[preset].rules if preset in PRESETS else LeagueRules()
    home = read_number(request, "home_advantage", "home_advantage", problems, what="the home advantage", low=0,
                       high=MAX_HOME_ADVANTAGE, default=plain.home_advantage)
    margin = read_choice(request, "margin", "margin", MARGIN_CHOICES, problems)
    return preset, LeagueRules(home_advantage=home or 0.0, margin=plain.margin if margin == "preset" else margin)  # type: ignore[arg-type]


def _game_facts(i: int, item: Any, score: float | None, problems: Problems) -> GameFacts:
    """Game `i`'s venue, score and K, each problem at its path (`games[i].venue` ...)."""
    path = f"games[{i}]"
    if not isinstance(item, dict):
        return GameFacts("neutral", None, None)
    venue = item.get("venue")
    if blank(venue):
        venue = "neutral"
    elif venue not in VENUE_CHOICES:
        problems.add(f"{path}.venue", "not_a_choice", f"expected the venue of game {i + 1} to be home, away or "
                     f"neutral, got {show(venue)}", value=show(venue))
    given = [read_number(item, key, f"{path}.{key}", problems, what=f"the {what} of game {i + 1}", low=0,
                         high=MAX_POINTS, whole=True, default=-1)
             for key, what in (("points_for", "points for"), ("points_against", "points against"))]
    points = None
    if given.count(-1) == 1:
        missing = "points_against" if given[1] == -1 else "points_for"
        problems.add(f"{path}.{missing}", "required", f"the score of game {i + 1} needs both sides' points")
    elif None not in given and -1 not in given:
        points = (int(given[0]), int(given[1]))
        result = WIN if points[0] > points[1] else DRAW if points[0] == points[1] else LOSS
        if score is not None and score != result:
            problems.add(f"{path}.score", "score_mismatch", f"game {i + 1}: the score {points[0]}-{points[1]} is a "
                         f"{_word(result)}, the result says a {_word(score)}", value=show(item.get("score")),
                         score=f"{points[0]}-{points[1]}")
    k = None if blank(item.get("k")) else read_number(item, "k", f"{path}.k", problems, what=f"the K of game {i + 1}",
                                                      low=1e-9, high=1000)
    return GameFacts(str(venue), points, k)


def _word(score: float) -> str:
    return "win" if score == WIN else "draw" if score == DRAW else "loss"


def read_league(request: dict[str, Any], games: list[Game], problems: Problems) -> League | None:
    """A request's league (`elo.League`), or None when it has none of a league's facts or rules and is not marked as a
    league's (`league`): plain Elo."""
    value = request.get("games")
    items = value if isinstance(value, list) else []
    facts_given = any(isinstance(g, dict) and any(not blank(g.get(key)) and g.get(key) != "neutral"
                                                  for key in GAME_FACTS) for g in items)
    rules_given = any(not blank(request.get(key)) and request.get(key) not in ("none", "preset")
                      for key in ("preset", "home_advantage", "margin"))
    flagged = read_flag(request, "league", "league", problems)
    if not facts_given and not rules_given and not flagged:
        return None
    preset, rules = _preset_rules(request, problems)
    scores: list[float | None] = [g.score for g in games] if len(games) == len(items) else [None] * len(items)
    facts = [_game_facts(i, item, scores[i], problems) for i, item in enumerate(items)]
    return League(rules, preset, facts)


def at_venue(games: list[Game], league: League) -> list[Game]:
    """The games with each opponent's rating as the venue makes it (less the home advantage when the player is at
    home, more when away): a league's performance is the rating whose expected total, home advantage and all, is the
    score (FIDE-RULES 2.6, with 1.1's R + H)."""
    edge = {"home": league.rules.home_advantage, "away": -league.rules.home_advantage}
    return [Game(g.opponent - edge.get(f.venue, 0.0), g.score) for g, f in zip(games, league.facts, strict=True)]


def league_answer(rating: float, games: list[Game], elo: EloRules, league: League) -> dict[str, Any]:
    """A league calculation's answer: as plain Elo's (`event_answer`, `elo` its K, cap and update), each game rated
    by `league.league_game` from the rating before the event (or before the game, sequentially), its answer with the
    venue, the home advantage it used, its score, multiplier and K; and the league's rules (`league`)."""
    rules, cap, k = league.rules, elo.cap_400, elo.k
    current = rating
    results: list[GameResult] = []
    extra: list[dict[str, Any]] = []
    for game, facts in zip(games, league.facts, strict=True):
        base = current if elo.update == "sequential" else rating
        own = facts.k if facts.k is not None else k
        pf, pa = facts.points if facts.points is not None else (None, None)
        venue: Any = facts.venue
        e, m, change = league_game(own, base, game.opponent, game.score, venue, rules, pf, pa, cap)
        difference = max(-400.0, min(400.0, base - game.opponent)) if cap else base - game.opponent
        current += change  # the rating after this game: sequential, or the pre-event rating plus the changes so far
        results.append(GameResult(game.opponent, game.score, difference, e, change, True, current))
        used = {"home": rules.home_advantage, "away": 0.0 - rules.home_advantage}.get(facts.venue, 0.0)  # never -0.0
        extra.append({"venue": facts.venue, "home_advantage": used, "multiplier": m, "k": own,
                      "points_for": pf, "points_against": pa})
    total = sum(r.change for r in results)
    result = EventResult(rating=rating, k=k, k_rule="given", k_before_700=k, games=tuple(results),
                         score=sum(r.score for r in results), expected=sum(r.expected or 0.0 for r in results),
                         change=total, change_exact=total, new_rating=rating + total)
    answer: dict[str, Any] = dict(event_answer(result))
    answer["games"] = [{**g, **x} for g, x in zip(answer["games"].answers(), extra, strict=True)]
    return {"update": elo.update, "cap_400": cap, **answer, "k_reason": "K as given",
            "league": {"preset": league.preset, "home_advantage": rules.home_advantage, "margin": rules.margin}}
