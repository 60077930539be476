"""Every player's title norms from a tournament report file (FIDE-RULES 2.10; the arithmetic is
`systems.fide.norms`): which games count, the opponents each player met, and each norm judged, finished or running.

- The games that count: results `1 = 0` against another player of the file (a forfeit, a game the file marks
  unrated `W D L` and a bye are no game played over the board); not against an opponent whose federation is not a
  member of FIDE (`federations.FIDE_FEDERATIONS`); in a round robin (every two players of the file paired), not
  against an unrated opponent who scored nothing against rated players (their games count for nobody).
- Nine rounds, eight games (B.01 1.4.1c): in an event of 9 rounds, a player whose one round without a game (any
  round) is a forfeit win or a pairing-allocated bye (`+`, `U`) makes the norm over the 8 games played (performance
  over those 8); in a running event, once that round is in and the rounds to come make up the eight.
- A Swiss's later rounds (B.01 1.4.1e): a norm not made over the whole event but made over its first rounds (at
  least 9 games) counts, said with the round it runs to (`through_round`); a round robin's must use every round.
- The norms a player may make: `norms_for` their title and sex (WGM and WIM for a line marked `w`, or holding a
  woman's title).
- Cannot be judged (no norm said met or missed): a file with no title at all, or no federation at all; a player
  whose own federation is blank.
- A running event (rounds declared beyond the last with a result, or a game of it still without one): a player's
  rounds to come (their game under way, and each later round with no bye entered ahead) are games against
  opponents of an average the user gives, or of the player's opponents' so far; each norm says what is needed and
  whether it is still possible.

Left to the user (a file cannot say them): the exemptions from the federations' conditions (`NormOptions.exempt`),
fewer games in the events that allow 7 or 8 (`min_games`). Not done: leaving out games against opponents beaten
(1.4.1f), a full point above the norm counted as a game (1.4.1d), a last round's forfeit (1.4.2c).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from ..files.trf import FORFEITS, PLAYED, UNRATED_GAMES, Player, Tournament
from ..systems.fide.federations import FIDE_FEDERATIONS
from ..systems.fide.norms import (
    MIN_GAMES,
    MIN_PERCENT,
    NORM_RULES,
    NormAnswer,
    NormTitle,
    Opponent,
    judge_norm,
    norm_average,
    norm_performance,
    norms_for,
)

WOMENS_TITLES = frozenset(("WGM", "WIM", "WFM", "WCM"))
"""Titles only a woman holds: a line with one and no sex is a woman's, for the WGM and WIM norms."""

NORM_REASONS = {
    "no_titles": "cannot be judged: the file has no titles",
    "no_federations": "cannot be judged: the file has no federations",
    "no_federation": "cannot be judged: the player's line has no federation",
}
"""Why a player's norms cannot be judged, by code."""
NOT_COUNTED = {
    "not_fide": "the opponent's federation is not a member of FIDE: the game does not count for a norm",
    "unrated_zero": "in a round robin, an unrated opponent who scored nothing against rated players: the game does "
                    "not count for a norm",
}
"""Why a game played over the board does not count for a norm, by code."""


@dataclass(frozen=True)
class NormOptions:
    """What a file cannot say about its norms, as the user sets it."""

    exempt: bool = False
    """The federations' conditions do not apply (a national championship; a Swiss with enough foreign rated and
    titled players in every round: B.01 1.4.4 to 1.4.5)."""
    min_games: int = MIN_GAMES
    """The fewest games a norm counts (9; 7 or 8 only in events a file cannot show)."""
    average: int | None = None
    """A running event: the average rating of the opponents still to come; None: as the player's so far."""
    rounds: int | None = None
    """The event's rounds, when the file does not declare them (TRF-2026 tag 142, JaVaFo's `XXR`): the rounds after
    the last with a result are still to play, for every player."""


class EventNorms(TypedDict):
    """The event's norms: whether they could be judged (else `reason`, a key of NORM_REASONS, and its `message`),
    how the file was read for them, and how many players met one or are on course for one."""

    judged: bool
    reason: str | None
    message: str | None
    round_robin: bool
    rounds: int
    running: bool
    """Rounds still to play, or a game of the last round under way."""
    remaining: int
    """Rounds still to play after the last with a result (a player's own: `NormAnswer.remaining`)."""
    exempt: bool
    min_games: int
    average: int | None
    met: int
    on_course: int
    not_counted: dict[str, int]
    """Games over the board not counted for a norm, by reason (NOT_COUNTED), over every player's line."""


class EventNorm(NormAnswer):
    """A norm judged over a tournament's games."""

    through_round: int | None
    """The round a Swiss's norm made over its first rounds runs to (B.01 1.4.1e); None: over every game."""


class PlayerNorms(TypedDict):
    norms: list[EventNorm]
    """Each norm the player may make, judged (empty: none to make, or `norms_reason`)."""
    norms_reason: str | None
    """Why the player's norms cannot be judged (a key of NORM_REASONS), None when they are."""


def is_round_robin(t: Tournament) -> bool:
    """Every two players of the file paired in some round (a round robin, single or double); a line paired with
    no one (a player entered who never played) aside."""
    paired = {p.start for p in t.players if any(e.opponent is not None for e in p.rounds)}
    if len(paired) < 3:
        return False
    return all({e.opponent for e in p.rounds if e.opponent in paired} == paired - {p.start}
               for p in t.players if p.start in paired)


def _unrated_zero(t: Tournament, by_start: dict[int, Player]) -> set[int]:
    """A round robin's unrated players who played rated ones and scored nothing against them."""
    out = set()
    for p in t.players:
        if p.rating is not None:
            continue
        scores = [PLAYED[e.result] for e in p.rounds if e.result in PLAYED and e.opponent in by_start
                  and by_start[e.opponent].rating is not None]
        if scores and not any(scores):
            out.add(p.start)
    return out


GAME_RESULTS = frozenset((*PLAYED, *FORFEITS, *UNRATED_GAMES))
"""The results of a game (played, forfeited, or begun and not rated): a round with one against an opponent has
been played, at least on some board. A bye entered ahead (a requested `H` for a later round) plays no round, nor
does an absence written as a forfeit with no opponent (lichess's `    -`)."""


def played_rounds(t: Tournament) -> int:
    """The rounds played so far: up to the last in which some game has a result (a round paired and not yet played
    has none)."""
    return max((e.round for p in t.players for e in p.rounds if e.result in GAME_RESULTS and e.opponent is not None),
               default=0)


def rounds_to_come(p: Player, rounds: int, played: int) -> int:
    """A player's rounds still to play: their game of the round under way (the last with a result, paired and no
    result yet: an earlier round's blank result is a game the file left without one), and each round after it for
    which no bye is entered ahead."""
    under_way = sum(1 for e in p.rounds if e.round == played and e.opponent is not None and e.result == "")
    ahead = sum(1 for e in p.rounds if e.round > played and e.result not in ("", "?") and e.result not in GAME_RESULTS)
    return under_way + max(0, rounds - played - ahead)


def event_norms(t: Tournament, options: NormOptions = NormOptions()) -> tuple[EventNorms, dict[int, PlayerNorms]]:
    """Every player's norms (by start number) and the event's summary of them."""
    by_start = {p.start: p for p in t.players}
    given = options.rounds if options.rounds and options.rounds >= t.rounds else None  # fewer: not taken (said)
    rounds = max(given or t.rounds_declared or 0, t.rounds)
    played = played_rounds(t)
    remaining = rounds - played
    round_robin = is_round_robin(t)
    out = _unrated_zero(t, by_start) if round_robin else set()
    reason = "no_titles" if not any(p.title for p in t.players) else \
        "no_federations" if not any(p.federation for p in t.players) else None
    not_counted: dict[str, int] = {}
    players: dict[int, PlayerNorms] = {}
    under_way = False
    for p in t.players:
        to_come = rounds_to_come(p, rounds, played)
        under_way = under_way or any(e.round == played and e.opponent is not None and e.result == ""
                                     for e in p.rounds)
        counted: list[tuple[int, Opponent, int]] = []
        for e in p.rounds:
            other = by_start.get(e.opponent) if e.opponent is not None else None
            if other is None or other.start == p.start or e.result not in PLAYED:
                continue
            why = "unrated_zero" if other.start in out else \
                "not_fide" if other.federation and other.federation.upper() not in FIDE_FEDERATIONS else None
            if why is not None:
                not_counted[why] = not_counted.get(why, 0) + 1
                continue
            counted.append((e.round, Opponent(other.rating, other.title, other.federation.upper()),
                            round(2 * PLAYED[e.result])))
        own = reason or (None if p.federation else "no_federation")
        min_games = options.min_games
        byes = sum(e.result in ("+", "U") for e in p.rounds if e.round <= 9)
        if rounds == 9 and len(counted) + to_come == 8 and byes == 1:
            min_games = min(min_games, 8)  # B.01 1.4.1c: the round not played a forfeit win or an allocated bye
        norms = [] if own else [
            _judged(title, p.federation.upper(), counted, min_games, to_come, options, round_robin)
            for title in norms_for(p.title, p.sex == "w" or p.title.upper() in WOMENS_TITLES)]
        players[p.start] = {"norms": norms, "norms_reason": own}
    return {
        "judged": reason is None, "reason": reason, "message": None if reason is None else NORM_REASONS[reason],
        "round_robin": round_robin, "rounds": rounds, "running": remaining > 0 or under_way, "remaining": remaining,
        "exempt": options.exempt, "min_games": options.min_games, "average": options.average,
        "met": sum(any(n["met"] for n in p["norms"]) for p in players.values()),
        "on_course": sum(any(n["possible"] and not n["met"] and n["remaining"] for n in p["norms"])
                         for p in players.values()),
        "not_counted": dict(sorted(not_counted.items())),
    }, players


def _judged(title: NormTitle, federation: str, counted: list[tuple[int, Opponent, int]], min_games: int,
            remaining: int, options: NormOptions, round_robin: bool) -> EventNorm:
    """One norm of a player of `federation` over the games counted (round, opponent, half points, in the order
    played); a Swiss's norm not made over every game is tried over its first games, the most first (B.01 1.4.1e)."""

    def judge(games: list[tuple[int, Opponent, int]]) -> NormAnswer:
        return judge_norm(title, federation, [o for _, o, _ in games], sum(s for _, _, s in games), min_games,
                          remaining=remaining, future_average=options.average, exempt=options.exempt)

    answer = judge(counted)
    if not answer["met"] and not remaining and not round_robin:
        rule = NORM_RULES[title]
        ratings = [o.rating for _, o, _ in counted]
        for k in range(len(counted) - 1, min_games - 1, -1):
            # The first k games' average, score and performance first, a few sums: the whole judgement, mix and
            # all, only for those that reach the norm's figures.
            score2 = sum(s for _, _, s in counted[:k])
            average = norm_average(title, ratings[:k])
            if average < rule.average or 100 * score2 < MIN_PERCENT * 2 * k or \
                    norm_performance(average, score2, k) < rule.performance:
                continue
            first = judge(counted[:k])
            if first["met"]:
                return {**first, "through_round": counted[k - 1][0]}
    return {**answer, "through_round": None}
