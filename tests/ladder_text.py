"""A results ledger of any size, for the property tests and bench/ladder.py: `games` games among `players`
players, a few an evening, twice a week, with results drawn by a seeded generator (never by the code under
test)."""

from __future__ import annotations

import random
from datetime import date, timedelta


def random_ledger(games: int, players: int = 200, seed: int = 0, *, separator: str = ",") -> str:
    """`date,white,black,result` lines (no header), dates rising from 2000-01-03, twenty games a date, no pair twice
    on one date (which the reader would say, in case a line was entered twice), one result form a line drawn from
    `1-0`, `0-1`, `½`, `1`, `0`, `=`."""
    rng = random.Random(seed)
    day = date(2000, 1, 3)
    lines = []
    met: set[tuple[int, int]] = set()
    for i in range(games):
        if i and i % 20 == 0:
            day += timedelta(days=rng.choice((3, 4)))
            met.clear()
        white, black = rng.sample(range(1, players + 1), 2)
        while (white, black) in met and len(met) < players * (players - 1):  # a pair left to draw
            white, black = rng.sample(range(1, players + 1), 2)
        met.add((white, black))
        result = rng.choice(("1-0", "0-1", "½", "1", "0", "="))
        lines.append(separator.join((day.isoformat(), f"P{white}", f"P{black}", result)))
    return "\n".join(lines) + "\n"


def random_league(games: int, teams: int = 40, seed: int = 0) -> str:
    """A league's ledger (`date,home,away,score,season,neutral` with a header): dates rising from 2000-01-03, twenty
    games a date (no pair twice), scores from 0 to 5 goals a side, the season the date's year, one game in twenty
    neutral."""
    rng = random.Random(seed)
    day = date(2000, 1, 3)
    lines = ["date,home,away,score,season,neutral"]
    met: set[tuple[int, int]] = set()
    for i in range(games):
        if i and i % 20 == 0:
            day += timedelta(days=rng.choice((3, 4)))
            met.clear()
        home, away = rng.sample(range(1, teams + 1), 2)
        while (home, away) in met:  # no game twice on a date (the reader would say it, in case it was entered twice)
            home, away = rng.sample(range(1, teams + 1), 2)
        met.add((home, away))
        lines.append(f"{day.isoformat()},T{home},T{away},{rng.randint(0, 5)}-{rng.randint(0, 5)},{day.year},"
                     f"{int(rng.random() < 0.05)}")
    return "\n".join(lines) + "\n"
