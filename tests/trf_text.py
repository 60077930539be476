"""Writing TRF lines for the tests and the benchmark: a player line in FIDE's columns (TRF16), and a whole
file from a header and players. Written from the specification's table of columns, not from the reader."""

from __future__ import annotations

import random
from collections.abc import Sequence

POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "W": 1.0, "D": 0.5, "L": 0.0, "H": 0.5, "F": 1.0,
          "U": 1.0, "Z": 0.0, "": 0.0, " ": 0.0}

Round = tuple[int, str, str]
"""(opponent's start number, 0 for none; colour w, b or -; result code)."""


def player_line(start: int, name: str = "", rating: int | None = None, *, sex: str = "", title: str = "",
                federation: str = "", fide_id: int | None = None, birth: str = "", points: float | None = None,
                rank: int | None = None, rounds: Sequence[Round] = ()) -> str:
    """A `001` line: start 5-8, sex 10, title 11-13, name 15-47, rating 49-52, federation 54-56, FIDE id
    58-68, birth date 70-79, points 81-84, rank 86-89, then ten columns a round from 92."""
    if points is None:
        points = sum(POINTS[result] for _, _, result in rounds)
    line = (f"001 {start:>4} {sex:1}{title:>3} {name:<33} {'' if rating is None else rating:>4} {federation:<3} "
            f"{'' if fide_id is None else fide_id:>11} {birth:<10} {points:>4.1f} {rank or start:>4}")
    for opponent, colour, result in rounds:
        line += f"  {opponent:04d} {colour} {result:1}" if opponent == 0 else f"  {opponent:>4} {colour} {result:1}"
    return line


def trf(*lines: str, header: Sequence[str] = ("012 Test Open", "042 2026/03/28", "052 2026/04/05")) -> str:
    """A file: the header's lines, then the given lines, LF line ends."""
    return "\n".join([*header, *lines]) + "\n"


TITLED = ("GM", "IM", "FM", "WGM", "WIM", "WFM", "CM")
FEDERATIONS = ("GER", "FRA", "ESP", "NED", "ITA", "ENG", "USA", "IND", "NOR", "POL")


def random_tournament(players: int, rounds: int, seed: int = 1, *, titled: bool = False) -> str:
    """A Swiss-sized file for the benchmark and the properties: random pairings each round (an odd player
    out gets a pairing-allocated bye), results, a tenth of the players unrated, some forfeits, byes and
    juniors; every game on both players' lines. `titled`: a third of the players hold a title, each of ten
    federations, men and women (every player's title norms to judge); else all under FIDE's flag, no title."""
    rng = random.Random(seed)
    looks = random.Random(seed + 1)  # its own draws: the pairings and results are the same either way
    who = [(looks.choice(TITLED) if looks.random() < 0.35 else "", looks.choice(FEDERATIONS), looks.choice("mw"))
           if titled else ("", "FID", "m") for _ in range(players)]
    ratings = [None if rng.random() < 0.1 else rng.randint(1400, 2750) for _ in range(players)]
    births = [rng.randint(1950, 2016) for _ in range(players)]
    history: list[list[Round]] = [[] for _ in range(players)]
    for _ in range(rounds):
        order = list(range(players))
        rng.shuffle(order)
        if len(order) % 2:
            history[order.pop()].append((0, "-", "U"))
        for a, b in zip(order[::2], order[1::2]):
            roll = rng.random()
            result = "+" if roll < 0.02 else "H" if roll < 0.04 else rng.choice("1=0")
            if result == "H":
                history[a].append((0, "-", "H"))
                history[b].append((0, "-", "H"))
                continue
            other = {"1": "0", "0": "1", "=": "=", "+": "-"}[result]
            history[a].append((b + 1, "w", result))
            history[b].append((a + 1, "b", other))
    lines = [player_line(i + 1, f"Player{i + 1:04d}, Test", ratings[i], sex=who[i][2], title=who[i][0],
                         federation=who[i][1], fide_id=1_000_000 + i, birth=f"{births[i]}/01/01", rounds=history[i])
             for i in range(players)]
    return trf(*lines, header=("012 Benchmark Open", "022 Nowhere", "032 FID", "042 2026/03/01", "052 2026/03/11",
                               f"062 {players}", f"XXR {rounds}"))


def marathon(players: int, rounds: int, seed: int = 3) -> str:
    """A file of `players` (an even number) who each play every one of `rounds` rounds, results drawn by a
    seeded generator: a player with thousands of games. The points column is left at 0 (thousands of
    rounds' points do not fit its four places; the reader notes the difference)."""
    rng = random.Random(seed)
    history: list[list[Round]] = [[] for _ in range(players)]
    for _ in range(rounds):
        order = list(range(players))
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2], strict=True):
            result = rng.choice("1=0")
            history[a].append((b + 1, "w", result))
            history[b].append((a + 1, "b", {"1": "0", "0": "1", "=": "="}[result]))
    return trf(*(player_line(i + 1, f"Player{i + 1:04d}, Test", 1500 + 50 * i, federation="FID", points=0.0,
                             rounds=history[i]) for i in range(players)))
