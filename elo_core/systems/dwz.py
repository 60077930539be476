"""The Deutsche Wertungszahl (DWZ) of the Deutscher Schachbund, by its Wertungsordnung (WO).

Two versions, chosen by `settings.rules`:

- "2026" (the default): the WO "Stand: 30. Mai 2026", for events ending from 8 June 2026. Its own
  text could not be read here; the rules below are those on which independent implementations of
  it agree, each cited where it is used:
    CLM  = ChessLeagueManager/com_clm site/clm/classes/dwz_rechner.php, commit 65831b9c (10 June
           2026, "Stand: 30. Mai 2026 ... für Wettbewerbe Endedatum ab 8.6.2026"), which quotes WO
           sentences in its comments;
    HAR  = Harry Riegger's Dwz.php version 0.7 ("01.08.26 neue Wertungsordnung", namespace har,
           link github.com/har64/DWZ-Calc; the repository's own snapshot, v1.1.3, still has 2014);
    ELO  = Moritz72/elochess src/elochess/dwz/developement_coefficient.py (its 2026 version).
  Rn = R0 + K·(W - We), the new DWZ at least 1100; K = K0·b + a to one decimal, at most 80.
  Not implemented, because the sources disagree or only one gives it: a first DWZ (HAR alone
  corrects it with r = 0.08; CLM sets r but still applies the 2014 rule) and K0 for index 0 (CLM
  uses index 1, the others fail on it). Both answer a field error `not_supported`.
- "2014": the WO "Stand: 30. Mai 2014", for events ending up to 7 June 2026. Sections cited as
  `WO x.y` are those of that version (schachbund.de, "Wertungsordnung - 3.5 Spieler mit vorhandener
  Wertungszahl", "Anhang 1.2 Die Ermittlung des Entwicklungskoeffizienten E", ...).

Arithmetic is exact where the rules are: expected scores in integer thousandths, E's rational part
and K as Fractions, the new rating rounded once from an integer ratio.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypedDict

from ..contract import (
    Capabilities,
    Display,
    EventAnswer,
    Field,
    Output,
    PerformanceAnswer,
    Problems,
    blank,
    read_choice,
    read_games,
    read_number,
    read_object,
    read_rating,
    whole,
)
from ..words.model import Game

RULES_2014 = "DSB Wertungsordnung, Stand 30. Mai 2014 (events ending up to 7 June 2026)"
RULES_2026 = ("DSB Wertungsordnung, Stand 30. Mai 2026 (events ending from 8 June 2026), as implemented "
              "by ChessLeagueManager and DWZ-Calc; its text was not read")
RULE_CHOICES = ("2026", "2014")
"""`settings.rules`: the default first."""
RULES = {"2026": RULES_2026, "2014": RULES_2014}

# WO Anhang 1.2: J by age group.
YOUTH_MAX_AGE = 20  # "Jugendliche bis 20 Jahre: J = 5"
JUNIOR_MAX_AGE = 25  # "Junioren von 21 bis 25 Jahren: J = 10"; "alle Spieler über 25 Jahre: J = 15"
# WO Anhang 1.2: the limits of E.
E_MIN = 5
E_MAX = 30
E_MAX_PER_INDEX = 5
E_MAX_BRAKING = 150
BRAKING_BELOW = 1300  # SBr only for R0 < 1300
# WO 3.4.1.1 and 3.6: a first DWZ and a performance need at least 5 rated opponents.
MIN_GAMES = 5
# WO 3.4.4: a first DWZ under 800 is corrected to 700 + Ri/8.
FIRST_FLOOR = 800
MAX_AGE = 120
MAX_INDEX = 9999


def _round_half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator to a whole number, halves up (denominator > 0)."""
    return (2 * numerator + denominator) // (2 * denominator)


def _phi(d: float) -> float:
    """WO 3.3 / Anhang 1.1: P(D), the normal distribution with sigma = 200·sqrt(2), so that
    P(D) = Phi(D / (200·sqrt 2)) = (1 + erf(D / 400)) / 2."""
    return (1 + math.erf(d / 400)) / 2


def expected_thousandths(difference: int) -> int:
    """P(D) for a whole difference D = own - opponent, in thousandths.

    The DSB's evaluation rounds each P(D) to three decimals (the federation's published results,
    tests/vectors/dwz.json, match three decimals and not the two of the WO's printed table);
    P(-D) = 1 - P(D) exactly.

    >>> expected_thousandths(0), expected_thousandths(100), expected_thousandths(-100)
    (500, 638, 362)
    """
    high = math.floor(1000 * _phi(abs(difference)) + 0.5)
    return high if difference >= 0 else 1000 - high


def age_group_j(age: int) -> int:
    """WO Anhang 1.2: J = 5 up to 20 years, 10 from 21 to 25, 15 over 25."""
    if age <= YOUTH_MAX_AGE:
        return 5
    if age <= JUNIOR_MAX_AGE:
        return 10
    return 15


@dataclass(frozen=True)
class Coefficient:
    """The development coefficient E and its parts (WO 3.5.1, Anhang 1.2)."""

    e: int
    """E, a whole number within its limits."""
    e0: float
    """The base value E0 = (R0/1000)^4 + J."""
    acceleration: float
    """fB: R0/2000 within [0.5, 1] for a youth scoring W >= We, else 1."""
    braking: float
    """SBr: e^((1300 - R0)/150) - 1 for R0 < 1300 and W < We, else 0."""
    computed: float
    """E0·fB + SBr before rounding and limits."""


def development_coefficient(rating: int, age: int, index: int, score_ths: int, expected_ths: int) -> Coefficient:
    """WO Anhang 1.2: E = E0·fB + SBr, rounded to a whole number, then limited.

    `score_ths` and `expected_ths` are W and We in thousandths.

    >>> development_coefficient(2000, 40, 10, 5000, 5000).e  # 2^4 + 15 = 31, at most 30
    30
    >>> development_coefficient(1800, 30, 2, 0, 500).e  # 1.8^4 + 15 = 25.5, at most 5 x index = 10
    10
    """
    e0 = Fraction(rating**4, 10**12) + age_group_j(age)
    acceleration = Fraction(1)
    if age <= YOUTH_MAX_AGE and score_ths >= expected_ths:  # "nur für Jugendliche bis 20 Jahre bei W >= We"
        acceleration = min(Fraction(1), max(Fraction(1, 2), Fraction(rating, 2000)))
    braking = 0.0
    if rating < BRAKING_BELOW and score_ths < expected_ths:  # "nur für R0 < 1300 und W < We"
        braking = math.exp((BRAKING_BELOW - rating) / 150) - 1
    rational = e0 * acceleration
    computed = float(rational) + braking
    if braking:
        rounded = math.floor(computed + 0.5)  # irrational: no exact half
        high = E_MAX_BRAKING  # "für SBr > 0 gilt: E <= 150"
    else:
        rounded = _round_half_up(rational.numerator, rational.denominator)  # "stets ganzzahlig gerundet"
        # "bei Index <= 5 ist E <= 5·Index; bei Index > 5 ist E <= 30"; a player without a DWZ but
        # with an equivalent rating (WO 4.1.2) counts as index 1.
        high = min(E_MAX, E_MAX_PER_INDEX * max(index, 1))
    e = max(E_MIN, min(high, rounded))
    return Coefficient(e, float(e0), float(acceleration), braking, computed)


# ---- WO 2026: the K factor ------------------------------------------------------------------

# K0 by group and index (1, 2, ..., 10, more than 10). The same table in CLM (K_0: $a_k[1..3]), HAR
# (calcEntwFaktor: $k0) and ELO (development_coefficient_base, whose docstring prints it as the WO's
# table: "Index: 1 2 3 ... 10 >10").
K0_YOUTH = (60, 60, 48, 46, 44, 42, 40, 38, 36, 34, 32)
"""ELO: "Jugendliche/Junioren unter DWZ 2200" (up to 25 years, R0 < 2200)."""
K0_ADULT = (60, 60, 44, 42, 40, 38, 36, 34, 32, 30, 28)
"""ELO: "Erwachsene unter DWZ 2000" (26 years and over, R0 < 2000)."""
K0_STRONG = (60, 60, 41, 39, 37, 35, 33, 31, 29, 27, 25)
"""ELO: "Erwachsene ab DWZ 2000 und Jugendliche/Junioren ab DWZ 2200"."""
K0_YOUTH_BELOW = 2200
K0_ADULT_BELOW = 2000
# CLM b(), quoting the WO: "Der Bremsfaktor b ist im Allgemeinen gleich 1. Ist jedoch W < We und
# zugleich R0 < 1600, gilt altersunabhängig: b = (R0 + u) / (1600 + u)", u = 800 from 8 June 2026
# (CLM checkEndDate; HAR contVars 'u'; ELO deceleration_factor_drift).
BRAKING_FACTOR_BELOW = 1600
BRAKING_SHIFT = 800
# CLM a(), quoting the WO: "Der Erfolgsaufschlag a ist im Allgemeinen gleich 0. Ist jedoch W ≥ We, so
# gilt: - für Jugendliche (bis 20 Jahre) mit DWZ R0 < 2000: a = (2000 – R0) / t - für Junioren und
# Erwachsene (ab 21 Jahren) mit DWZ R0 < 1600: a = a1 bzw. a = a2", with t = 30, a1 = a2 = 4 (CLM
# checkEndDate; HAR contVars; ELO success_bonus_*).
BONUS_YOUTH_BELOW = 2000
BONUS_YOUTH_DIVISOR = 30
BONUS_ADULT_BELOW = 1600
BONUS_ADULT = 4
# CLM K(), quoting the WO: "Der Wert von K ist stets mit einer Kommastelle gerundet anzusetzen ... Sein
# Maximalwert ist Kmax, eine vorgegebene Stellgröße, ab 08.06.26 80" (HAR and ELO cap K at 80).
K_MAX_TENTHS = 800
# CLM R_n26 and HAR calcNewDWZ: "if ($R_n < 1100) $R_n = 1100".
FLOOR_2026 = 1100


@dataclass(frozen=True)
class KFactor:
    """The K factor of the 2026 rules and its parts (CLM K(): "K = Grundwert K0 x Bremsfaktor b +
    Erfolgsaufschlag a")."""

    k: float
    """K, to one decimal, at most 80."""
    tenths: int
    """10·K, a whole number: the arithmetic uses it."""
    k0: int
    """The base value K0 from the table by age group, R0 and index."""
    braking: float
    """b = (R0 + 800)/2400 for R0 < 1600 and W < We, else 1."""
    bonus: float
    """a: (2000 - R0)/30 up to 20 years with R0 < 2000, 4 from 21 years with R0 < 1600, when
    W >= We; else 0."""
    computed: float
    """K0·b + a before rounding and the cap."""


def k_factor(rating: int, age: int, index: int, score_ths: int, expected_ths: int) -> KFactor:
    """WO 2026 (as CLM, HAR and ELO implement it): K = K0·b + a, to one decimal, at most 80.

    `index` is at least 1 (K0 for index 0 is not established); `score_ths` and `expected_ths` are
    W and We in thousandths.

    >>> k_factor(1800, 40, 12, 1000, 500).k  # adult below 2000, index > 10: K0 = 28, a = 0
    28.0
    >>> k_factor(1500, 15, 3, 1000, 500).k  # youth, win: 48 + (2000 - 1500)/30 = 64.67
    64.7
    >>> k_factor(1000, 30, 12, 0, 500).k  # loss below 1600: 28 x 1800/2400 = 21
    21.0
    """
    if index < 1:
        raise ValueError(f"expected an index of at least 1 for the 2026 K factor: {index}")
    if age <= JUNIOR_MAX_AGE and rating < K0_YOUTH_BELOW:
        row = K0_YOUTH
    elif age > JUNIOR_MAX_AGE and rating < K0_ADULT_BELOW:
        row = K0_ADULT
    else:
        row = K0_STRONG
    k0 = row[min(index, len(row)) - 1]
    braking = Fraction(1)
    if rating < BRAKING_FACTOR_BELOW and score_ths < expected_ths:
        braking = Fraction(rating + BRAKING_SHIFT, BRAKING_FACTOR_BELOW + BRAKING_SHIFT)
    bonus = Fraction(0)
    if score_ths >= expected_ths:
        if age <= YOUTH_MAX_AGE:
            bonus = Fraction(max(0, BONUS_YOUTH_BELOW - rating), BONUS_YOUTH_DIVISOR)
        elif rating < BONUS_ADULT_BELOW:
            bonus = Fraction(BONUS_ADULT)
    computed = k0 * braking + bonus
    # To one decimal, halves up: PHP's round() in CLM and HAR (ELO's float round() may differ on
    # the exact halves that b produces, e.g. 60 x 1802/2400 = 45.05).
    tenths = _round_half_up(10 * computed.numerator, computed.denominator)
    tenths = min(tenths, K_MAX_TENTHS)
    return KFactor(tenths / 10, tenths, k0, float(braking), float(bonus), float(computed))


def performance(games: Sequence[Game]) -> float:
    """WO 3.6: the rating whose expected score (P(D) unrounded) equals the score, to the unit.

    Bisection: 60 halvings of an 8000-point bracket leave far less than a hundredth, and the
    expected score rises strictly with the rating, so the root is unique (0 < W < n)."""
    score = sum(g.score for g in games)
    low, high = -4000.0, 8000.0
    for _ in range(60):
        middle = (low + high) / 2
        if sum(_phi(middle - g.opponent) for g in games) < score:
            low = middle
        else:
            high = middle
    return (low + high) / 2


# ---- DWZ behind the JSON contract (`calculate`, the CLI, the widget) ----------------------------

FIRST_REASONS = {
    "": "",
    "fewer_than_5_games": "a first DWZ needs at least 5 games against rated opponents (WO 3.4.1.1); "
                          "the games are kept as Restpartien (WO 3.4.2)",
    "zero_score": "no first DWZ after a 0 % score (WO 3.4.1.1, Extremresultat)",
    "perfect_score": "no first DWZ after a 100 % score (WO 3.4.1.1, Extremresultat)",
}
PERFORMANCE_NOTES = {
    "dwz_3_6": "WO 3.6: the rating at which We = W",
    "dwz_fewer_than_5_games": "a DWZ performance needs at least 5 rated games (WO 3.6)",
    "no_games": "no rated games",
    "zero_score": "no performance rating for a 0 % score",
    "perfect_score": "no performance rating for a 100 % score",
}
PERFORMANCE_NOTE_2026 = ("the rating at which We = W, as WO 2014 3.6 defines it (HAR computes the "
                         "same under the 2026 rules)")


class FirstAnswer(TypedDict):
    games: int
    average: float | None
    iteration: float | None
    """Ri of WO 3.4.4 before the correction below 800."""
    rating: int | None
    reason: str
    note: str


class DwzAnswer(EventAnswer, total=False):
    rules: str
    """Which Wertungsordnung was applied, in words."""
    new_index: int
    k: float | None
    """2026: the K factor (None under 2014)."""
    k0: int | None
    braking_factor: float | None
    success_bonus: float | None
    floor_1100: bool
    """2026: the new DWZ was raised to 1100."""
    development_coefficient: int | None
    """2014: E (None under 2026)."""
    e0: float | None
    acceleration_factor: float | None
    braking_surcharge: float | None
    change_exact: float | None
    rated_games: int
    first: FirstAnswer


@dataclass(frozen=True)
class DwzInputs:
    rating: int | None
    """None: no DWZ yet, a first DWZ (Erstauswertung) is computed."""
    age: int
    index: int
    games: list[Game]
    rules: str = "2026"
    """`settings.rules`: "2026" or "2014"."""


def _performance(games: Sequence[Game], score2: int, note: str | None = None) -> PerformanceAnswer:
    n = len(games)
    reason = ("no_games" if n == 0 else "dwz_fewer_than_5_games" if n < MIN_GAMES
              else "zero_score" if score2 == 0 else "perfect_score" if score2 == 2 * n else "dwz_3_6")
    rating = math.floor(performance(games) + 0.5) if reason == "dwz_3_6" else None
    return {"rating": rating, "reason": reason,
            "note": note if note is not None and reason == "dwz_3_6" else PERFORMANCE_NOTES[reason]}


_NO_2014 = {"development_coefficient": None, "e0": None, "acceleration_factor": None, "braking_surcharge": None}
_NO_2026 = {"k": None, "k0": None, "braking_factor": None, "success_bonus": None, "floor_1100": False}


class DwzSystem:
    """The DWZ: whole-number ratings; K (2026) or E (2014) from age, rating and index; under 2014 a
    first DWZ by iteration."""

    name = "dwz"
    capabilities = Capabilities(no_ledger="DWZ rates each tournament from its players' ages and development "
                                          "coefficients: not supported for a ledger")
    places = 0
    outputs: tuple[Output, ...] = (Output("new_index", 0, of_new_rating=True), Output("k", 1),
                                   Output("development_coefficient", 0))
    display = Display()
    fields: tuple[Field, ...] = (
        Field("rating", "rating", whole=True, help="dwz: blank for a first DWZ (2014 rules only)"),
        Field("player.age", "number", low=0, high=MAX_AGE, required=True, whole=True,
              help="dwz: age in whole years (K0 and a by age group; J under 2014)"),
        Field("player.index", "number", low=0, high=MAX_INDEX, required=True, whole=True,
              help="dwz: number of previous evaluations (0 without a DWZ)"),
        Field("settings.rules", "choice", choices=RULE_CHOICES,
              help="dwz: the Wertungsordnung: 2026 (events ending from 8 June 2026) or 2014"),
    )

    def read(self, request: dict[str, Any], problems: Problems) -> DwzInputs | None:
        rating = None if blank(request.get("rating")) else read_rating(request["rating"], "rating", problems,
                                                                       whole=True)
        games = read_games(request.get("games"), problems, whole=True)
        player = read_object(request, "player", problems)
        settings = read_object(request, "settings", problems)
        rules = read_choice(settings, "rules", "settings.rules", RULE_CHOICES, problems)
        age = read_number(player, "age", "player.age", problems, what="the age", low=0, high=MAX_AGE, whole=True)
        index = read_number(player, "index", "player.index", problems, what="the DWZ index", low=0,
                            high=MAX_INDEX, whole=True)
        if blank(request.get("rating")) and index is not None and index > 0:
            problems.add("rating", "required", "your DWZ is required when the index is above 0")
        elif rules == "2026" and blank(request.get("rating")):
            # HAR alone gives the 2026 first DWZ (Leistung + r·(2000 - Leistung), r = 0.08); CLM sets r
            # but keeps the 2014 rule (Rn = 700 + Ri/8 below 800): not established.
            problems.add("rating", "not_supported", "a first DWZ under the 2026 rules is not supported: its "
                         "correction is not established; enter a DWZ or choose the 2014 rules",
                         rules=rules, case="first_dwz")
        elif rules == "2026" and index == 0:
            # CLM takes K0 of index 1; HAR's table gives 0 and ELO's the last column: not established.
            # CLM quotes WO 2026 3.2.6: "Spielstärkewerte, die dem FIDE-Rating entstammen, werden als
            # Ausgangszahl mit dem Index "6", solche aus einem vergleichbaren nationalen Wertungssystem
            # mit dem Index "0" versehen".
            problems.add("player.index", "not_supported", "index 0 (a rating from another national system) "
                         "is not supported under the 2026 rules: its K0 is not established; a FIDE rating "
                         "counts as index 6", rules=rules, case="index_0")
        if problems or age is None or index is None:
            return None
        return DwzInputs(None if rating is None else int(rating), int(age), int(index),
                         [Game(int(o), s) for o, s in games], rules)

    def answer(self, inputs: DwzInputs) -> DwzAnswer:
        if inputs.rating is None:
            return _first_answer(inputs)
        r, games = inputs.rating, inputs.games
        n = len(games)
        expected = [expected_thousandths(r - int(g.opponent)) for g in games]
        we = sum(expected)
        w = sum(int(g.score * 1000) for g in games)
        score2 = w // 500
        if n == 0:  # nothing to evaluate (WO 3.5.2 needs n >= 1): the DWZ and index stay
            return {"rules": RULES[inputs.rules], "rating": r, "games": [], "rated_games": 0, "score": 0.0,
                    "expected": 0.0, "change": 0, "change_exact": 0.0, "new_rating": r, "new_index": inputs.index,
                    **_NO_2014, **_NO_2026, "performance": _performance(games, 0)}  # type: ignore[typeddict-item]
        if inputs.rules == "2026":
            return _answer_2026(inputs, expected, w, we)
        coefficient = development_coefficient(r, inputs.age, inputs.index, w, we)
        denominator = 1000 * (coefficient.e + n)
        # WO 3.5.2: Rn = R0 + 800·(W - We)/(E + n), the new DWZ a whole number.
        change = _round_half_up(800 * (w - we), denominator)
        return {
            "rules": RULES_2014,
            "rating": r,
            # Each game's share 800·(s - We_i)/(E + n), unrounded: the shares add up to the exact change.
            "games": [{"opponent": whole(g.opponent), "score": g.score, "difference": r - int(g.opponent),
                       "expected": e / 1000, "change": 800 * (int(g.score * 1000) - e) / denominator,
                       "rated": True, "rating_after": None} for g, e in zip(games, expected)],
            "rated_games": n,
            "score": score2 / 2,
            "expected": we / 1000,
            "change": change,
            "change_exact": 800 * (w - we) / denominator,
            "new_rating": r + change,
            "new_index": inputs.index + 1,
            "development_coefficient": coefficient.e,
            "e0": coefficient.e0,
            "acceleration_factor": coefficient.acceleration,
            "braking_surcharge": coefficient.braking,
            **_NO_2026,  # type: ignore[typeddict-item]
            "performance": _performance(games, score2),
        }


def _answer_2026(inputs: DwzInputs, expected: list[int], w: int, we: int) -> DwzAnswer:
    """WO 2026 (CLM R_n26, HAR calcNewDWZ): Rn = R0 + K·(W - We), a whole number, at least 1100.

    We is the sum of P(D) at three decimals, as under 2014: both sources keep the WO's normal
    distribution (CLM its two-decimal table, HAR unrounded)."""
    r, games = inputs.rating, inputs.games
    assert r is not None
    factor = k_factor(r, inputs.age, inputs.index, w, we)
    # K in tenths, W and We in thousandths: the change in ten-thousandths, rounded once, halves up.
    change_exact = factor.tenths * (w - we) / 10_000
    unfloored = r + _round_half_up(factor.tenths * (w - we), 10_000)
    new_rating = max(FLOOR_2026, unfloored)
    return {
        "rules": RULES_2026,
        "rating": r,
        # Each game's share K·(s - We_i), unrounded: the shares add up to the exact change.
        "games": [{"opponent": whole(g.opponent), "score": g.score, "difference": r - int(g.opponent),
                   "expected": e / 1000, "change": factor.tenths * (int(g.score * 1000) - e) / 10_000,
                   "rated": True, "rating_after": None} for g, e in zip(games, expected)],
        "rated_games": len(games),
        "score": w / 1000,
        "expected": we / 1000,
        "change": new_rating - r,
        "change_exact": change_exact,
        "new_rating": new_rating,
        "new_index": inputs.index + 1,
        "k": factor.k,
        "k0": factor.k0,
        "braking_factor": factor.braking,
        "success_bonus": factor.bonus,
        "floor_1100": new_rating != unfloored,
        **_NO_2014,  # type: ignore[typeddict-item]
        "performance": _performance(games, w // 500, PERFORMANCE_NOTE_2026),
    }


def _first_answer(inputs: DwzInputs) -> DwzAnswer:
    """WO 3.4 (2014): a first DWZ against established players (the 1st Zusatzstufe), index 1."""
    games = inputs.games
    n = len(games)
    score2 = sum(int(g.score * 2) for g in games)
    reason = ("fewer_than_5_games" if n < MIN_GAMES else "zero_score" if score2 == 0
              else "perfect_score" if score2 == 2 * n else "")
    iteration: float | None = None
    rating: int | None = None
    if not reason:
        # WO 3.4.4: the iteration runs until W = We to the unit ("Konstanz der Einerstellen"); against
        # established players only, its fixed point is the rating whose expected score is W.
        ri = math.floor(performance(games) + 0.5)
        iteration = ri
        # WO 3.4.4: only below 800 is Ri corrected, Rn = 700 + Ri/8.
        rating = ri if ri >= FIRST_FLOOR else 700 + _round_half_up(ri, 8)
    return {
        "rules": RULES_2014,
        "rating": None,
        "games": [{"opponent": whole(g.opponent), "score": g.score, "difference": None, "expected": None,
                   "change": None, "rated": True, "rating_after": None} for g in games],
        "rated_games": n,
        "score": score2 / 2,
        "expected": None,
        "change": None,
        "change_exact": None,
        "new_rating": rating,
        "new_index": 1 if rating is not None else 0,
        **_NO_2014,  # type: ignore[typeddict-item]
        **_NO_2026,
        "first": {"games": n, "average": sum(g.opponent for g in games) / n if n else None,
                  "iteration": iteration, "rating": rating, "reason": reason, "note": FIRST_REASONS[reason]},
        # WO 3.6: for a player without a previous DWZ the performance is his Ri.
        "performance": ({"rating": iteration, "reason": "dwz_3_6", "note": PERFORMANCE_NOTES["dwz_3_6"]}
                        if iteration is not None else _performance(games, score2)),
    }


DWZ = DwzSystem()
