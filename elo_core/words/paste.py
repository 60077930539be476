"""Reading games from pasted text: one game per line, the opponent's rating and the result.

Understands the common ways of writing a result (`1620 ½`, `1620 0.5`, `1620 0,5`, `1620, draw`,
`1620 =`, `1620 1-0`, `+ 1620`, `W 1620`) and rows copied from tournament tables that also
carry ranks, round numbers, names, titles and federations; and a league's lines, a score and a venue
(`3-1 v 1720 home`, `1720 2:2 (a)`): the score gives the result and is kept with the game, as is the venue
(a chess result such as `1-0` stays a result, without points); a score after the rating beside a result letter or
word (`1540 W 24-17 H`, a US schedule's line) is a league's too, its lone H, A or N its venue, and where the result
says the other side won, the score was written winner first (`L 24-17`: lost 17-24). Right after a result letter
(`W`, `L`, `D`, or `T` for a tie) a score is always a score, in a chess result's form too (`1540 W 1-0 H`, `L 1-0`:
lost 0-1), written with spaces (`L 24 - 17`) and before the rating as well (`W 24-17 1540`), but for a `W` before a
chess result's form without a venue after it, chess's colour (`2480 w 1-0`, `W 0-1`: White, and lost); a chess form
beside a venue that says the other side won and is not written winner first (`W 0-1 home`) is reported, not turned,
and so is a score of more than three digits a side beside a result letter or word (`W 1000-0 H`: `long_score`).
A game's own K (`K40`, `K=40`) is kept with it. A line that cannot be read is reported
with its number and the reason, never dropped in silence. A heading whose year could be a rating
("Kingsbridge Open 2025") is reported as a line without a result: a game whose result was left
out ("Meier 2010") looks the same, and is never taken for a tournament's name. Text from real
pages reads as typed: invisible formatting characters are dropped, and every script's digits are
read as digits.

A rating may group its thousands as French and Swiss pages write them: `1 850`, with a space, a no-break,
narrow no-break (Intl's French) or thin space, or an apostrophe between the two groups (the spaces of
widget/shared/numbers.js). The two read as one number when the first group starts a number (no digit, point
or comma before it), the second has exactly three digits and no third group follows, and together they make a
rating (at most `MAX_RATING`): `1 850 1` is 1850 and a win, while `1 1850` stays a 1 and a rating (four digits)
and `12 850 ½` a rank and a rating (12850 is none). Only one separator counts: columns aligned with several
spaces stay apart. A plain space before the name may also part a line's rank from a three-digit rating
(`2 920 L` in a numbered list): there the two stay apart where the lines start 1, 2, 3 …, and a line is reported
(`many_ratings`) where the first group is no more than the lines pasted, so that it may be a rank; a no-break,
narrow or thin space or an apostrophe always joins. A rating with a decimal part (`1850.5`, `1620,5`) is no
rating: the line is reported, never read as the whole number; a comma between digits is a decimal comma unless a
comma stands next to the number too (`Meier,1620,1`: comma-separated cells), or it is followed by a lone 0 or 1
(`1620,1`: a rating's cell and a result's).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Literal

from .model import DRAW, LOSS, MAX_GAMES, MAX_RATING, WIN, Game, UnratedGame

Problem = Literal["no_rating", "many_ratings", "no_result", "many_results", "many_ks", "long_score", "too_many_games",
                  "direction_control"]

SCORE_SIGNS = "-:\u2010-\u2014\u2212\ufe63\uff0d\uff1a"
"""What stands between a score's two numbers, as a character class: a hyphen, a colon, the dashes (hyphen,
non-breaking hyphen, figure, en and em dash), the minus sign, and the small and fullwidth hyphen-minus and colon."""

# Results that cannot be anything else: in the widget's six languages, each word a result alone, never a title,
# a venue or another word the reader takes (Dutch "remise" is the example of its own paste help).
_STRONG: dict[str, float] = {
    "½": DRAW, "0.5": DRAW, ".5": DRAW, "=": DRAW, "1/2": DRAW, "½-½": DRAW, "1/2-1/2": DRAW,
    "0.5-0.5": DRAW, "½:½": DRAW, "=-=": DRAW, "d": DRAW, "draw": DRAW, "drawn": DRAW, "drew": DRAW, "remis": DRAW,
    "nul": DRAW, "nulle": DRAW, "tablas": DRAW, "patta": DRAW, "pareggio": DRAW, "remise": DRAW,
    "+": WIN, "1-0": WIN, "1:0": WIN, "+:-": WIN, "+/-": WIN, "win": WIN, "won": WIN,
    "sieg": WIN, "gewonnen": WIN, "gain": WIN, "gagné": WIN, "victoire": WIN, "victoria": WIN, "vittoria": WIN,
    "vinta": WIN, "winst": WIN,
    "0-1": LOSS, "0:1": LOSS, "-:+": LOSS, "-/+": LOSS, "loss": LOSS, "lost": LOSS, "niederlage": LOSS, "verlust": LOSS,
    "verloren": LOSS, "perte": LOSS, "perdu": LOSS, "défaite": LOSS, "derrota": LOSS, "sconfitta": LOSS, "persa": LOSS,
    "verlies": LOSS,
}
# "1" and "0" count only after the rating, and only when nothing stronger is on the line:
# tables put round and board numbers before the names. So does a decimal comma's "0,5": cards
# written with one have a column of points before the result ("0,5  w 1").
_WEAK: dict[str, float] = {"1": WIN, "1.0": WIN, "0": LOSS, "0.0": LOSS, "0,5": DRAW}
# Letters and a lone dash are results of last resort: they are also initials and separators.
_LAST: dict[str, float] = {"w": WIN, "d": DRAW, "l": LOSS, "-": LOSS, "−": LOSS, "–": LOSS}


def score_word(text: str) -> float | None:
    """A result written as a word or a sign (`½`, `draw`, `1-0`, `W`, `remis`), else None: the one
    table of result notations, for pasted lines, `calculate`'s scores and the CLI's games."""
    key = text.strip().lower()
    for table in (_STRONG, _WEAK, _LAST):
        if key in table:
            return table[key]
    return None


# FIDE titles and common column words: never a rating or a result.
_IGNORED = {"gm", "im", "fm", "cm", "wgm", "wim", "wfm", "wcm", "am", "nm"}
# A comma separates columns ("1620, draw", "Smith, John", "Meier,1620,1"), but not a decimal comma: a draw's
# (0,5) or a rating's (1620,5), one token, so that a rating with decimals is never cut to its whole number. A lone
# 0 or 1 after the comma is a result's cell ("1620,1", "2000,0.5": a spreadsheet's rating and result), as before.
_TOKEN = re.compile(r"(?<![\d,])\d+,(?![01](?![\d,.]))\d+(?![\d,.])|[^\s,;|()\[\]]+")
_RATING = re.compile(r"\d{3,4}")
_GROUP = "[ \u00a0\u202f\u2009']"
"""What sets a rating's thousands apart (`1 850`, `1\u202f850`, `1'850`): numbers.js's SPACE."""
_GROUPED = re.compile(rf"(?<![\d.,])([1-9]\d{{0,2}})({_GROUP})(\d{{3}})(?!\d|{_GROUP}\d{{3}}(?!\d))")
_NAME = re.compile(r"[^\W\d_]{2}")
"""Two letters: a word, of a name or of a heading."""
_MIN_PASTED_RATING = 100
MAX_PASTE_CHARS = 100 * MAX_GAMES
"""The most text read at once: room for a full list of games as rows of a results table (a
hundred characters each); past it, whole lines are left unread and counted (`cut_paste`)."""


@dataclass(frozen=True)
class PasteProblem:
    """A line that could not be read."""

    line: int
    """1-based line number in the pasted text."""
    text: str
    """The line as pasted (trimmed)."""
    reason: Problem


@dataclass(frozen=True)
class PastedGames:
    """What a paste gave: the games read, in order, and the lines that could not be read."""

    games: tuple[Game | UnratedGame, ...]
    """A line naming its opponent unrated (`UNRATED_WORDS`: `unrated 1`, the calculator's own word) is a game against
    an unrated opponent (FIDE's `"opponent": null`)."""
    lines: tuple[int, ...]
    """The line each game came from."""
    problems: tuple[PasteProblem, ...]
    facts: tuple[dict[str, Any], ...] = ()
    """Each game's league facts as a game of a request carries them (`venue`, `points_for`, `points_against`;
    empty for a chess line)."""


_SCORE = re.compile(rf"(\d{{1,3}})[{SCORE_SIGNS}](\d{{1,3}})")
"""A league's score, the pasting side's points first (`3-1`, `24:17`, `2–2`, `3−1` with a minus sign)."""
_RESULT_LETTERS = frozenset(("w", "l", "d", "t"))
"""A result letter before a game's score (`W 24-17`, `L 1-0`, `T 24-24`: a US schedule's win, loss and tie): beside
it the score is a score, a chess result's form (`1-0`) too. `T` is a tie only there: alone it stays an initial."""
_LETTERED_SPACED = re.compile(rf"(?<![\w.])([wdlt])\s+(\d{{1,3}})\s*[{SCORE_SIGNS}]\s*(\d{{1,3}})(?![\d.])",
                              re.IGNORECASE)
"""A score written with spaces after a result letter (`L 24 - 17`): one score, as `L 24-17`."""
_SPACED_SCORE = re.compile(rf"(?<![\d.])(\d{{1,3}})\s*[{SCORE_SIGNS}]\s*(\d{{1,3}})(?![\d.])")
"""A score written with spaces (`3 - 0`), joined on a line that names a venue (`_with_venue`)."""
VENUE_WORDS: dict[str, str] = {
    "home": "home", "heim": "home", "domicile": "home", "casa": "home", "local": "home", "thuis": "home",
    "away": "away", "@": "away", "auswärts": "away", "auswarts": "away", "extérieur": "away", "fuera": "away",
    "visitante": "away", "uit": "away", "trasferta": "away",
    "neutral": "neutral", "neutre": "neutral", "neutro": "neutral", "neutraal": "neutral",
}
"""A venue written on a pasted line as a word, in the widget's six languages (a letter alone is an initial, but in
brackets: `(h)`, `(a)`, `(n)`)."""
_BRACKETED = re.compile(r"\((h|a|n)\)", re.IGNORECASE)
_LETTERS = {"h": "home", "a": "away", "n": "neutral"}
_VERSUS = frozenset(("v", "vs", "v.", "vs."))
"""Versus: a league's line, at no venue of its own (a US schedule's `vs` for home is a convention, not read)."""
_K_MARK = re.compile(r"(?<![\w.,])k(?:\s*[=:]\s*)?(\d{1,3}(?:[.,]\d{1,2})?)(?![\w.,])"
                     r"|(?<![\w.,])k\s+(\d{1,2}(?:[.,]\d{1,2})?)(?![\w.,])", re.IGNORECASE)
"""A game's own K on its line (`K40`, `K=40`, `k: 32`, `K 40`, `k 25.5`; a K and a space take two digits at most
before a decimal point, so that an initial before a rating, `K 1850`, stays an initial): Elo's per-game K of a
league's game."""


def _own_k(line: str) -> tuple[str, dict[str, float]] | Problem:
    """A line without its own K (`_K_MARK`), and that K as a game's fact (none: `{}`); "many_ks" for two."""
    ks = list(_K_MARK.finditer(line))
    if len(ks) > 1:
        return "many_ks"
    if not ks:
        return line, {}
    return f"{line[:ks[0].start()]} {line[ks[0].end():]}", {"k": float(str(ks[0][1] or ks[0][2]).replace(",", "."))}


def _league(line: str, rest: list[str], scored: bool = False,
            lettered: bool = False) -> tuple[bool, tuple[int, int] | None, dict[str, Any]] | Problem:
    """A line's league marks (its tokens but the rating): whether it is a league's line (a venue, or `v`, or
    `scored`: a score after the rating beside a result, `1540 W 24-17`), its score (the pasting side's points first)
    and its venue; "many_results" for two scores or two venues. A line without a mark is a chess line whose numbers
    may be a table's ranks (`3-4 Meier 2010 1`): its score counts only when nothing else on it is a result. On a
    line with a venue, or `lettered` (a score after a result letter, `_lettered`), a chess result's form is a score
    too (`1-0 v 1720 home`, `1540 W 1-0`: won by one goal)."""
    venues = {VENUE_WORDS[t] for t in rest if t in VENUE_WORDS}
    venues |= {_LETTERS[m.lower()] for m in _BRACKETED.findall(line)}
    scores = [m for t in rest if (venues or lettered or t not in _STRONG) and (m := _SCORE.fullmatch(t))]
    if len(scores) > 1 or len(venues) > 1:
        return "many_results"
    facts: dict[str, Any] = {"venue": venues.pop()} if venues else {}
    marked = bool(facts) or scored or any(t in _VERSUS for t in rest)
    return marked, ((int(scores[0][1]), int(scores[0][2])) if scores else None), facts


def _lettered(tokens: list[str], at: int) -> int | None:
    """Where a line's score right after a result letter stands (`1540 W 24-17`, `L 1-0`), after the rating at `at`, or
    just before it (`W 24-17 1540`, `W 24-17 @ 1540`: only a venue or `v` between); None for none. A `W` before a
    chess result's form is chess's colour (`2480 w 1-0`, `Smith 1850 W 0-1`: White, and lost) unless a venue comes
    right after the score (`1540 W 1-0 H`)."""
    for i in range(len(tokens) - 1):
        if tokens[i].lower() not in _RESULT_LETTERS or not _SCORE.fullmatch(tokens[i + 1]) or at in (i, i + 1):
            continue
        if tokens[i].lower() == "w" and tokens[i + 1] in _STRONG and not (
                i + 2 < len(tokens) and (tokens[i + 2].lower() in VENUE_WORDS or tokens[i + 2].lower() in _LETTERS)):
            continue  # a venue right after the score, not a name's initial further on (`2010 W 1-0 Müller, A`)
        if i > at or all(t.lower() in VENUE_WORDS or t.lower() in _VERSUS or t.lower() in _LETTERS
                         for t in tokens[i + 2:at]):
            return i + 1
    return None


_LONG_SCORE = re.compile(rf"(\d+)[{SCORE_SIGNS}](\d+)")
_RESULT_WORDS = _RESULT_LETTERS | {w for w in _STRONG if w.isalpha()}
"""A result's letter or word (`W`, `won`, `remis`), beside which a score is a game's."""


def _long_score(tokens: list[str]) -> bool:
    """Whether a result's letter or word stands beside a score of more than three digits a side (`W 1000-0 H`,
    `won 1000-0`, `1000-0 W`): no score `_SCORE` reads, so the line was a win without its points and its venue taken
    for an initial (hp114). Two numbers of four digits are no score (`1520-1536`: a rating's change, `2023-2024`: a
    season), nor a year beside one or two digits (`2024-05`, `05-2024`: a month; `2025-26`: a season)."""
    def long(token: str) -> bool:
        m = _LONG_SCORE.fullmatch(token)
        if not m or max(len(m[1]), len(m[2])) <= 3 or min(len(m[1]), len(m[2])) >= 4:
            return False
        year, other = (m[1], m[2]) if len(m[1]) == 4 else (m[2], m[1])
        return not (len(year) == 4 and 1900 <= int(year) <= 2099 and len(other) <= 2)
    return any((a.lower() in _RESULT_WORDS and long(b)) or (b.lower() in _RESULT_WORDS and long(a))
               for a, b in pairwise(tokens))


def _with_venue(line: str) -> bool:
    """Whether a line names a venue (`home`, `(a)`), as `_league` reads it: a league's line, whose spaced score
    (`3 - 0`) is one. A `v` alone does not make it one: chess writes `Smith v 1850 1-0` and `3 - 4 Meier v 2010 1`
    (a shared place), which must read as before, a chess result without points."""
    words = {t.lower() for t in _TOKEN.findall(line)}
    return bool(words & VENUE_WORDS.keys() or _BRACKETED.search(line))


def _scored(points: tuple[int, int]) -> float:
    return WIN if points[0] > points[1] else DRAW if points[0] == points[1] else LOSS


_DIRECTION = re.compile("[\u202a-\u202e\u2066-\u2069]")
"""Embeddings, overrides and isolates (LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI, PDI): unlike the marks
(U+200E, U+200F), they reorder what is shown around them, so that a number shows other digits than
it holds ("\u202e0051" shows as 1500). Kept by `plain_digits`: text that holds one is no number."""


def plain_digits(text: str) -> str:
    """`text` without invisible formatting characters (Unicode category Cf: the direction marks of
    right-to-left pages, zero-width spaces, the byte order mark, the soft hyphen), and with every
    decimal digit (fullwidth, Arabic-Indic, Devanagari ...) as its ASCII one, so that such digits
    follow the rules of ASCII ones; the widget reads typed numbers the same way (widget/shared/numbers.js).
    Characters that reorder the text shown (`_DIRECTION`) stay, so that no number is read from it.

    >>> plain_digits("\u200f\uff11\uff16\uff12\uff10 \u0660.\u0665")
    '1620 0.5'
    >>> plain_digits("\u202e0051")
    '\u202e0051'
    """
    if text.isascii():
        return text
    return "".join("" if unicodedata.category(c) == "Cf" and not _DIRECTION.match(c)
                   else str(unicodedata.decimal(c)) if c.isdecimal() else c for c in text)


def _ungrouped(line: str, rows: int, numbered: bool) -> str | None:
    """`line` with a rating's spaced thousands joined (`1 850` as 1850), by the rule of the module's docstring:
    apart, "1 850 ½" was a draw against 850, its 1 taken for a rank. None where a plain space may as well part a
    rank from a rating: the line is reported, not guessed (a numbered list's "2 920 L" was read as 2920)."""
    ambiguous = False

    def join(m: re.Match[str]) -> str:
        nonlocal ambiguous
        if int(m[1] + m[3]) > MAX_RATING:
            return m[0]
        # Not a plain space (a no-break, narrow or thin space, an apostrophe: numbers.js's grouping), or a first
        # group that no rank of this paste reaches: one number. (After a word too: "Rd 2 850", "Board 1 1 900".)
        if m[2] != " " or (int(m[1]) > rows and not numbered):
            return m[1] + m[3]
        ambiguous = not numbered  # a numbered list's rank and a rating stay apart, as they were read
        return m[0]

    joined = _GROUPED.sub(join, line)
    return None if ambiguous else joined


def _numbered(lines: list[str]) -> bool:
    """Whether the lines start 1, 2, 3 … in order (two lines at least): a list whose first numbers are its ranks."""
    return len(lines) >= 2 and all(re.match(rf"{n}(?!\d)", line) for n, line in enumerate(lines, start=1))


def _tokens(line: str) -> list[str]:
    """A line's tokens, a score written with spaces as one where it is a result's or a league's."""
    tokens = [t for t in _TOKEN.findall(line) if t.lower() not in _IGNORED]
    # A tab-separated or spaced result pair such as "1 - 0" reads as one token.
    joined = re.sub(r"(?<![\d.])([01½]|1/2)\s*([-:])\s*([01½]|1/2)(?![\d.])", r"\1\2\3", line)
    if _with_venue(line):  # a league's score written with spaces ("3 - 0 home"): one token, not a stray 0 as the result
        joined = _SPACED_SCORE.sub(r"\1-\2", joined)
    joined = _LETTERED_SPACED.sub(r"\1 \2-\3", joined)  # "L 24 - 17": a result letter's score, as "L 24-17"
    if joined != line:
        tokens = [t for t in _TOKEN.findall(joined) if t.lower() not in _IGNORED]
    return tokens


def _marks(tokens: list[str], at: int) -> tuple[int | None, bool, list[str]]:
    """Around the rating at `at`: where a score after a result letter stands (`_lettered`), whether the line is a
    scored league's (`_league`'s `scored`), and its other tokens in lower case, a lone H, A or N as its venue there.

    A score after the rating beside a result (`1540 W 24-17 H`, a US schedule's line) is a league's: its lone H, A or
    N is its venue there, not an initial (an initial stands before the rating: `H Meier 1700 1`). So is a score right
    after a result letter, on either side of the rating and in a chess result's form too (`1540 W 1-0 H`,
    `W 24-17 1540`): the letter is the result, the score its points."""
    after = [t.lower() for t in tokens[at + 1:]]
    lettered = _lettered(tokens, at)
    scored = lettered is not None or (any(_SCORE.fullmatch(t) and t not in _STRONG for t in after) and any(
        t in _STRONG or t in _LAST for t in after)) or _score_first(tokens, at)
    venue_from = at if lettered is None else min(at, lettered)
    rest = [_LETTERS.get(t.lower(), t.lower()) if scored and i > venue_from else t.lower()
            for i, t in enumerate(tokens) if i != at]
    return lettered, scored, rest


def _score_first(tokens: list[str], at: int) -> bool:
    """Whether a score before the rating is a league's, by a result letter after it, the line's only result
    (`24-17 1540 W`: a schedule's line written score first): only a score that no table's shared place could be
    (`3-4 Meier 2010 1`, its first number the smaller), so one written winner first or a tie (`24-17 1540 L`,
    `2-2 1540 D`). Beside another result the letter is chess's colour and the score a date (`12-03 Meier 1900 w ½`)."""
    before = [m for t in tokens[:at] if t not in _STRONG and (m := _SCORE.fullmatch(t))]
    after = [t.lower() for t in tokens[at + 1:]]
    return (len(before) == 1 and int(before[0][1]) >= int(before[0][2])
            and any(t in _LAST and t.isalpha() for t in after)
            and not any(t in _WEAK or (t in _STRONG and t not in _LAST) for t in after))


UNRATED_WORDS = ("unrated", "ungewertet", "sin elo", "non classé", "senza elo", "zonder rating")
"""An unrated opponent as the calculator's six languages write it in an opponent's box (widget/i18n's
`game.unratedWord`, and English's in any language: request.js isUnrated); accents and letter case aside."""
_STAND_IN = "1000"
"""A rating read in an unrated word's place, so that the line reads as a rated one would (its result, its K): the game
is then one against an unrated opponent."""


def _unaccented(text: str) -> str:
    """`text` without its accents ("classé" as "classe"), a character for a character where it had composed ones."""
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


_UNRATED = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(_unaccented(w)).replace(r"\ ", r"\s+") for w in UNRATED_WORDS)
                      + r")(?!\w)", re.IGNORECASE)


def _read_line(line: str, rows: int, numbered: bool = False) -> tuple[Game | UnratedGame, dict[str, Any]] | Problem:
    """One line of a paste of `rows` lines (`numbered`: its lines start 1, 2, 3 …): its game and its league facts
    (`_league`). A line whose opponent is unrated (`_UNRATED`) and has no rating: a game against an unrated opponent
    (`unrated 1` was taken for a tournament's name, its game lost, a hostile pass)."""
    plain = line if line.isascii() else _unaccented(line)  # a test in C for most lines (10 000 at once)
    unrated = _UNRATED.search(plain)
    if unrated and len(plain) == len(line):
        read = _read_rated(f"{line[:unrated.start()]} {_STAND_IN} {line[unrated.end():]}", rows, numbered)
        if isinstance(read, tuple):
            return UnratedGame(read[0].score), read[1]
    # Else as any line: "Unrated Section" may name a tournament (its problem "no_rating", as before).
    return _read_rated(line, rows, numbered)


def _read_rated(line: str, rows: int, numbered: bool = False) -> tuple[Game, dict[str, Any]] | Problem:
    """`_read_line`'s line with a rating."""
    ungrouped = _ungrouped(line, rows, numbered)
    if ungrouped is None:
        return "many_ratings"
    own = _own_k(ungrouped)
    if isinstance(own, str):
        return own
    line, k = own
    tokens = _tokens(line)
    ratings = [i for i, t in enumerate(tokens) if _RATING.fullmatch(t) and _MIN_PASTED_RATING <= int(t) <= MAX_RATING]
    if not ratings:
        return "no_rating"
    if len(ratings) > 1:
        # A number before the name that is no more than the list is long is its rank ("100;Meier;1600;0,5"
        # in a numbered list), when it leaves one rating; else the line is reported, not guessed.
        name = next((i for i, t in enumerate(tokens) if _NAME.search(t)), len(tokens))
        ratings = [i for i in ratings if i > name or int(tokens[i]) > rows]
        if len(ratings) != 1:
            return "many_ratings"
    if _long_score(tokens):
        return "long_score"
    at = ratings[0]
    lettered, scored, rest = _marks(tokens, at)
    league = _league(line, rest, scored, lettered is not None)
    if isinstance(league, str):
        return league
    marked, points, facts = league
    facts.update(k)
    rest = [t for t in rest if t not in VENUE_WORDS and t not in _VERSUS]
    # Beside a result letter a chess result's form is the score (`L 1-0`), not a result of its own.
    strong = {_STRONG[t] for t in rest if t in _STRONG and (lettered is None or not _SCORE.fullmatch(t))}
    weak = [_WEAK[t] for t in tokens[at + 1:] if t in _WEAK][-1:]  # the result is the last column
    last = {_LAST[t] for t in rest if t in _LAST}
    if lettered is not None and tokens[lettered - 1].lower() == "t":
        last.add(DRAW)  # T 24-24: a tie
    # A chess result's form that says the other side won and is not written winner first (`W 0-1`: a colour's W and
    # a loss, or a win?) is not turned: the line is reported.
    turnable = not (lettered is not None and tokens[lettered].lower() in _STRONG and points is not None
                    and points[0] < points[1])
    for found in (strong, set(weak), last):
        if len(found) > 1:
            return "many_results"
        if found:
            result = found.pop()
            if points is not None and marked:  # a league's line: its score and its result must agree
                if _scored(points) != result and _scored(points[::-1]) == result and turnable:
                    points = points[::-1]  # written winner first (`L 24-17`, as US box scores): the result says whose
                if _scored(points) != result:
                    return "many_results"
                facts.update(points_for=points[0], points_against=points[1])
            return Game(int(tokens[at]), result), facts
    if points is not None and (marked or points != (0, 0)):  # a score alone (a 0-0 alone may be a double forfeit)
        facts.update(points_for=points[0], points_against=points[1])
        return Game(int(tokens[at]), _scored(points)), facts
    return "no_result"


def parse_results(text: str) -> PastedGames:
    """Read pasted games, one per line; blank lines are skipped.

    >>> pasted = parse_results("1620 ½\\nW 1540\\nSmith, John\\tIM\\t2415\\t0")
    >>> [(g.opponent, g.score) for g in pasted.games]
    [(1620, 0.5), (1540, 1.0), (2415, 0.0)]
    >>> parse_results("1620 maybe").problems[0].reason
    'no_result'
    """
    games: list[Game | UnratedGame] = []
    lines: list[int] = []
    facts: list[dict[str, Any]] = []
    problems: list[PasteProblem] = []
    rows = text.splitlines()
    numbered = _numbered([line for raw in rows if (line := plain_digits(raw.strip()[:1000]).strip())])
    for number, raw in enumerate(rows, start=1):
        shown = raw.strip()
        line = plain_digits(shown[:1000]).strip()
        if not line:  # blank, or only invisible characters
            continue
        shown = shown[:200]  # a problem shows the line as pasted
        if _DIRECTION.search(line):
            # Shown without them, in the order it holds: with them, its numbers (and the message
            # around it) would show in another order, and the line could never be corrected.
            problems.append(PasteProblem(number, _DIRECTION.sub("", shown), "direction_control"))
            continue
        if len(games) >= MAX_GAMES:
            problems.append(PasteProblem(number, shown, "too_many_games"))
            continue
        read = _read_line(line, len(rows), numbered)
        if isinstance(read, tuple):
            games.append(read[0])
            facts.append(read[1])
            lines.append(number)
        else:
            problems.append(PasteProblem(number, shown, read))
    return PastedGames(tuple(games), tuple(lines), tuple(problems), tuple(facts))


def cut_paste(text: str, limit: int = MAX_PASTE_CHARS) -> tuple[str, tuple[int, int]]:
    """`text` cut at the last line break within `limit` characters, never inside a line; and the
    non-blank lines left unread: how many, and the line number of the first (0, 0 for none).

    >>> cut_paste("1620 1\\n1540 0\\n1700 ½", limit=12)
    ('1620 1\\n', (2, 2))
    """
    if len(text) <= limit:
        return text, (0, 0)
    lines = text[:limit].splitlines(keepends=True)
    if lines and lines[-1].splitlines()[0] == lines[-1]:
        lines.pop()  # no line break at its end: cut short
    kept = "".join(lines)
    if kept.endswith("\r") and text.startswith("\n", len(kept)):
        kept += "\n"  # a CR LF cut in two is one line break
    rest = [n for n, line in enumerate(text[len(kept):].splitlines(), start=len(lines) + 1) if line.strip()]
    return kept, (len(rest), rest[0] if rest else 0)
