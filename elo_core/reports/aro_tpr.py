"""Each player's ARO and TPR as FIDE's tie-break regulations define them (C.07 10.1 to 10.2; FIDE-RULES 2.10), the
figures pairing programs show beside the standings.

- The games: those played over the board against another player of the file, `1 = 0` and the games the file marks
  unrated (`W D L`, which did begin: FIDE's own TieBreakServer counts them); no forfeit, no bye.
- ARO: the opponents' ratings averaged, rounded to a whole number, 0.5 up.
- TPR: ARO + dp (the Rating Regulations' table 8.1.1) by the points over those games as a whole percent, 0.5 up;
  100 % gives ARO + 800, 0 % ARO - 800.
- Unrated players: C.07 leaves them to the tournament's rules; without a rating given for them (`unrated`), an
  event with an unrated player has no ARO and no TPR for anyone (`reason` "unrated_players"), as TieBreakServer.
"""

from __future__ import annotations

from typing import NamedTuple

from ..files.trf import PLAYED, UNRATED_GAMES, Tournament
from ..systems.fide.first import performance_of
from ..systems.fide.rules import round_half_up

OVER_THE_BOARD = {**PLAYED, **UNRATED_GAMES}
"""The result codes of a game played over the board, with the player's points."""
TPR_REASONS = {"unrated_players": "the event has unrated players, and no rating was given for them: no ARO or TPR "
                                  "(FIDE's tie-break regulations leave them to the tournament's rules)"}


class AroTpr(NamedTuple):
    aro: int | None
    tpr: int | None


def aro_tpr(t: Tournament, unrated: int | None = None) -> tuple[str | None, dict[int, AroTpr]]:
    """Every player's ARO and TPR by start number (None, None without a game over the board), and why there are
    none at all (a key of TPR_REASONS; None when there are). `unrated`: the rating an unrated opponent counts at.

    >>> from ..files.trf import read_trf
    >>> a = "001    1      A" + " " * 33 + "2000 GER           0             1.0    1     2 w 1"
    >>> b = "001    2      B" + " " * 33 + "1800 GER           0             0.0    2     1 b 0"
    >>> aro_tpr(read_trf(a + "\\n" + b))
    (None, {1: AroTpr(aro=1800, tpr=2600), 2: AroTpr(aro=2000, tpr=1200)})
    """
    if unrated is None and any(p.rating is None for p in t.players):
        return "unrated_players", {p.start: AroTpr(None, None) for p in t.players}
    by_start = {p.start: p for p in t.players}
    out = {}
    for p in t.players:
        ratings: list[int] = []
        points2 = 0
        for e in p.rounds:
            other = by_start.get(e.opponent) if e.opponent is not None else None
            if other is None or other.start == p.start or e.result not in OVER_THE_BOARD:
                continue
            rating = other.rating if other.rating is not None else unrated
            assert rating is not None
            ratings.append(rating)
            points2 += round(2 * OVER_THE_BOARD[e.result])
        if not ratings:
            out[p.start] = AroTpr(None, None)
            continue
        # TPR: ARO + dp by the whole percent, FIDE's performance of these games (table 8.1.1).
        tpr = performance_of(len(ratings), sum(ratings), points2).rating
        assert tpr is not None  # games were played: performance_of always rates them
        out[p.start] = AroTpr(round_half_up(sum(ratings), len(ratings)), int(tpr))
    return None, out
