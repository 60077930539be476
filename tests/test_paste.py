"""Pasted results: real-looking tables and lists, and the lines that must be reported."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from elo_core import MAX_GAMES, calculate, parse_results
from elo_core.bridge import LISTED_PROBLEMS, parse
from elo_core.words.paste import MAX_PASTE_CHARS, cut_paste

from .vectors import cases

I18N = Path(__file__).resolve().parent.parent / "widget" / "i18n"
LANGUAGES = sorted(p.stem for p in I18N.glob("*.json"))
QUOTED = re.compile(r"[“„«]\s*([^“”„«»]+?)\s*[”“»]")
"""A text's quoted examples, in each language's quotation marks (“1620 ½”, „1620, remis“, « 1620, nulle »)."""


@pytest.mark.parametrize("case", cases("paste.json"), ids=lambda c: c["name"])
def test_pasted_text(case: dict[str, Any]) -> None:
    read = parse_results(case["text"])
    assert case["games"] == [[n, g.opponent, g.score] for n, g in zip(read.lines, read.games)]
    assert case["problems"] == [[p.line, p.reason] for p in read.problems]


def test_nothing_is_dropped_silently() -> None:
    text = "1500 1\nnonsense\n\n1600 ½\n???"
    read = parse_results(text)
    non_blank = [n for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    assert non_blank == sorted([*read.lines, *(p.line for p in read.problems)])


def test_bridge_parse_gives_json_with_line_numbers() -> None:
    answer = json.loads(parse("1620 ½\nBye"))
    assert {"games": [{"line": 1, "opponent": 1620, "score": 0.5}],
            "problems": [{"line": 2, "text": "Bye", "reason": "no_rating"}],
            "unlisted": {}, "unread": {"lines": 0, "from": 0}} == answer


def test_too_many_pasted_games_are_reported() -> None:
    read = parse_results("1500 1\n" * (MAX_GAMES + 2))
    assert (MAX_GAMES, ["too_many_games"] * 2) == (len(read.games), [p.reason for p in read.problems])


def test_direction_marks_and_invisible_characters_are_ignored() -> None:
    """Lines copied from right-to-left pages carry U+200E/U+200F, zero-width spaces, a BOM."""
    text = "\u200f1620\u200e \u00bd\n\u061c1540\t1-0\nW \ufeff1480\n\u200b2010\u00ad 0\n\u200f"
    read = parse_results(text)
    assert ([(1620, 0.5), (1540, 1.0), (1480, 1.0), (2010, 0.0)], [1, 2, 3, 4], ()) == (
        [(g.opponent, g.score) for g in read.games], list(read.lines), read.problems)


def test_a_line_with_a_character_that_reorders_it_is_reported_in_the_order_it_holds() -> None:
    """Embeddings, overrides and isolates change what a line shows: "\u202e0051 1" shows as
    "1 1500" and holds 51. The line is reported without them, as it will be read once corrected."""
    text = "\u202e0051 1\n\u202b1540\u202c\t1-0\n\u2067W\u2069 1480\n1700 0"
    read = parse_results(text)
    assert [(1700, 0.0)] == [(g.opponent, g.score) for g in read.games]
    assert [(1, "0051 1", "direction_control"), (2, "1540\t1-0", "direction_control"),
            (3, "W 1480", "direction_control")] == [(p.line, p.text, p.reason) for p in read.problems]


def test_a_rating_sent_as_text_with_an_override_is_no_number() -> None:
    """A link or a saved entry can carry "\u202e0051" as a rating: refused at its field, never 51."""
    answer = calculate({"system": "fide", "rating": "\u202e0051", "games": [{"opponent": 1500, "score": 1}]})
    assert [("rating", "not_a_number")] == [(e["field"], e["code"]) for e in answer["errors"]]
    assert "new_rating" not in answer


def test_digits_of_other_scripts_read_as_ascii_ones() -> None:
    """Fullwidth, Arabic-Indic and Devanagari digits follow the rules of ASCII digits."""
    read = parse_results("\uff11\uff16\uff12\uff10 \uff10.\uff15\n"
                         "\u0661\u0665\u0664\u0660 \u0661\n"
                         "\u0967\u096b\u0966\u0966 1/2\n"
                         "\uff11.\uff15\uff10\uff10 1")
    assert ([(1620, 0.5), (1540, 1.0), (1500, 0.5)], [(4, "no_rating")]) == (
        [(g.opponent, g.score) for g in read.games], [(p.line, p.reason) for p in read.problems])


def test_a_problem_shows_the_line_as_pasted() -> None:
    assert "\u200f\uff11\uff10 maybe" == parse_results("\u200f\uff11\uff10 maybe").problems[0].text


def test_text_over_the_limit_is_cut_between_lines_and_the_rest_counted() -> None:
    """The limit falls inside `W 1620`: that line is not read as a game against 162, it is unread."""
    row = f"{'Lindqvist-Okafor, Sara Maria':<100}\t1500\t1\n"
    head = row * (MAX_PASTE_CHARS // len(row) - 10)
    text = head + "x" * (MAX_PASTE_CHARS - 6 - len(head)) + "\nW 1620\n\n1700 0\n"
    answer = json.loads(parse(text))
    read = [g["opponent"] for g in answer["games"]] + [p["line"] for p in answer["problems"]]
    assert 162 not in read
    first_unread = text[:MAX_PASTE_CHARS].count("\n") + 1
    assert {"lines": 2, "from": first_unread} == answer["unread"]
    assert "W 1620" == text.splitlines()[first_unread - 1]


def test_every_non_blank_line_is_read_or_counted() -> None:
    lines = ["1500 1", "", "nonsense", "1600 ½"] * (MAX_PASTE_CHARS // 20)
    answer = json.loads(parse("\n".join(lines)))
    counted = (len(answer["games"]) + len(answer["problems"]) + sum(answer["unlisted"].values())
               + answer["unread"]["lines"])
    assert sum(1 for line in lines if line) == counted


def test_problems_past_the_listed_ones_are_counted_by_reason() -> None:
    answer = json.loads(parse("x\n" * (LISTED_PROBLEMS + 5) + "1500 1\n" * (MAX_GAMES + 3)))
    assert ({"no_rating": 5, "too_many_games": 3}, LISTED_PROBLEMS, MAX_GAMES) == (
        answer["unlisted"], len(answer["problems"]), len(answer["games"]))


def test_a_cr_lf_cut_in_two_is_one_line_break() -> None:
    assert ("1500 1\r\n", (1, 2)) == cut_paste("1500 1\r\n1600 0", limit=7)


def test_a_full_list_of_table_rows_fits_the_paste_limit() -> None:
    """The paste limit and the games limit agree: 10 000 rows of a results table are all read."""
    row = "12\tGM\tLindqvist-Okafor, Sara Maria\tSWE\t2412\t½\n"
    assert (MAX_GAMES, (0, 0)) == (len(parse_results(row * MAX_GAMES).games), cut_paste(row * MAX_GAMES)[1])


def test_a_decimal_comma_draw_is_a_draw() -> None:
    """'0,5' is a draw, as '0.5' is; before a result it is a card's column of points."""
    read = parse_results("1620 0,5\nMeier;1600;0,5\n1\t12\t45\tMüller, Thomas\t1876\tGER\t0,5\tw 1")
    assert [(1620, 0.5), (1600, 0.5), (1876, 1.0)] == [(g.opponent, g.score) for g in read.games]


def test_a_rank_up_to_the_lists_length_is_no_rating() -> None:
    """A numbered list of 120 games; a number before the name larger than the list is still reported."""
    read = parse_results("".join(f"{n};Meier;1600;½\n" for n in range(1, 121)) + "1650 Meier 1700 1")
    assert ([(1600, 0.5)] * 120, [(121, "many_ratings")]) == (
        [(g.opponent, g.score) for g in read.games], [(p.line, p.reason) for p in read.problems])


def test_a_year_that_could_be_a_rating_is_reported_never_taken_for_a_heading() -> None:
    """"Meier 2010" is a game whose result was left out as much as a tournament "Open 2010": it is
    reported (the widget would otherwise name a tournament after it, splitting the period)."""
    read = parse_results("Kingsbridge Open 2025\n1620 1\n\nBundesliga 2024/25\nMeier 2010\nSmith 2025 1")
    assert ([(1, "no_result"), (4, "no_rating"), (5, "no_result")], [(1620, 1.0), (2025, 1.0)]) == (
        [(p.line, p.reason) for p in read.problems], [(g.opponent, g.score) for g in read.games])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_example_of_the_paste_help_is_a_game(lang: str) -> None:
    """The dialog's help shows lines a visitor copies: each reads as a game, in every language (Dutch's own
    "1620, remise" was refused)."""
    help_text = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))["paste.help"]
    examples = QUOTED.findall(help_text)
    assert len(examples) >= 3, help_text  # the quotation marks still found
    read = [parse_results(example) for example in examples]
    assert [(1, ()) for _ in examples] == [(len(r.games), r.problems) for r in read]


def test_a_rating_and_a_result_cell_with_a_comma_between_still_read_as_a_game() -> None:
    """A spreadsheet's rating and result ("1620,1", "2000,0.5") read as before the decimal comma of a rating
    ("1620,5") was kept whole to be refused: a lone 0 or 1 after the comma is a result's cell."""
    pasted = parse_results("1620,1\n1700,0\n2000,0.5\n1620,5 remis")
    assert [(g.opponent, g.score) for g in pasted.games] == [(1620, 1.0), (1700, 0.0), (2000, 0.5)]
    assert [(p.line, p.reason) for p in pasted.problems] == [(4, "no_rating")]


@pytest.mark.parametrize(("line", "score", "facts"), [
    ("1540 W 1-0 H", 1.0, {"venue": "home", "points_for": 1, "points_against": 0}),
    ("1540 L 0-1 A", 0.0, {"venue": "away", "points_for": 0, "points_against": 1}),
    ("1540 L 24 - 17 H", 0.0, {"venue": "home", "points_for": 17, "points_against": 24}),
    ("1540 T 24-24 H", 0.5, {"venue": "home", "points_for": 24, "points_against": 24}),
    ("W 24-17 1540", 1.0, {"points_for": 24, "points_against": 17}),
    ("1540 W 24-17", 1.0, {"points_for": 24, "points_against": 17}),
    ("1540 L 1-0", 0.0, {"points_for": 0, "points_against": 1}),  # written winner first, as L 24-17
    ("1540 T 24-24 N", 0.5, {"venue": "neutral", "points_for": 24, "points_against": 24}),
])
def test_a_score_after_a_result_letter_is_kept_with_its_venue(line: str, score: float, facts: dict[str, Any]) -> None:
    """Beside a result letter a score is a score: `1540 W 1-0 H` lost its 1-0 (a chess result's form) and its H,
    `L 24 - 17` its spaced score, `T 24-24 H` its venue (T was no result letter) and `W 24-17 1540` (the score
    before the rating) its score, each in silence (hp102)."""
    pasted = parse_results(line)
    assert ([score], [facts], ()) == ([g.score for g in pasted.games], list(pasted.facts), pasted.problems)


@pytest.mark.parametrize(("line", "score", "facts"), [
    ("24-17 1540 W", 1.0, {"points_for": 24, "points_against": 17}),
    ("24-17 1540 L", 0.0, {"points_for": 17, "points_against": 24}),  # written winner first, as L 24-17
    ("2-2 1540 D", 0.5, {"points_for": 2, "points_against": 2}),
    ("24-17 1540 W H", 1.0, {"venue": "home", "points_for": 24, "points_against": 17}),
    ("12-11 Meier 2010 W", 1.0, {"points_for": 12, "points_against": 11}),
    # A score that may be a table's shared place (its first number the smaller) stays a place: no points.
    ("17-24 1540 L", 0.0, {}), ("3-4 1540 L", 0.0, {}), ("3-4 Meier 2010 W", 1.0, {}),
    # Beside another result the letter is chess's colour, the score a date or a place (rv90): a game as before.
    ("12-03 Meier 1900 w ½", 0.5, {}), ("12-03 Meier 1900 w 1", 1.0, {}), ("5-3 Smith 1850 W ½", 0.5, {}),
    ("2-1 Meier, Hans 1900 d ½", 0.5, {}), ("4-2 Meier 1900 w =", 0.5, {}), ("2-2 Meier 2010 w 1", 1.0, {}),
])
def test_a_score_before_the_rating_with_a_result_letter_after_it_is_kept_unless_it_may_be_a_place(
        line: str, score: float, facts: dict[str, Any]) -> None:
    """`24-17 1540 W` (a schedule's line written score first, its letter after the rating) lost its score in silence,
    read as a crosstable's shared place (`3-4 Meier 2010 1`): a place's first number is the smaller, so a score
    written winner first, or a tie, is a score."""
    pasted = parse_results(line)
    assert ([score], [facts], ()) == ([g.score for g in pasted.games], list(pasted.facts), pasted.problems)


@pytest.mark.parametrize("line", ["1540 w 0-1 home", "1540 T 24-17", "1540 W 24-17 1-0", "24-17 1540 D"])
def test_a_result_letter_whose_score_cannot_be_kept_is_reported(line: str) -> None:
    """A chess result's form that says the other side won and is not written winner first (`W 0-1`: White and a loss,
    or a win?), a tie whose score is no tie, two scores: said, never a guess."""
    assert [p.reason for p in parse_results(line).problems] == ["many_results"]


@pytest.mark.parametrize("line", ["1650 W 1000-0 H", "1650 L 3-1000", "W 1000-999 1650", "1650 t 1234:12 (a)",
                                  "1650 Won 1000-0 H", "1650 1000-0 W H", "1650 remis 1000-999"])
def test_a_result_letter_s_score_of_more_than_three_digits_a_side_is_reported(line: str) -> None:
    """`1650 W 1000-0 H` was a win without its points, and its venue taken for an initial (hp114): said instead."""
    pasted = parse_results(line)
    assert ((), [(1, "long_score")]) == (pasted.games, [(p.line, p.reason) for p in pasted.problems])


@pytest.mark.parametrize(("line", "score"), [("1650 w 2024-05 1", 1.0), ("Smith 1850 W 05-2024 0", 0.0),
                                            ("1650 W 999-0 H", 1.0), ("Smith 1850 W 2025-26", 1.0),
                                            ("1650 D 2023-2024", 0.5), ("1650 W 1520-1536", 1.0)])
def test_a_year_and_month_after_a_colour_s_w_and_a_three_digit_score_read_as_before(line: str, score: float) -> None:
    assert ([score], ()) == ([g.score for g in parse_results(line).games], parse_results(line).problems)


@pytest.mark.parametrize(("line", "score"), [
    ("1540 1-0", 1.0), ("1540 1", 1.0), ("1540 0-1", 0.0), ("1540 ½", 0.5), ("2100 1-0 W", 1.0), ("1540 1 - 0", 1.0),
    ("W 1540", 1.0), ("Smith v 1850 1-0", 1.0), ("3-4 Meier 2010 1", 1.0), ("Rd 2 - 3 1700 1", 1.0),
    # W as chess's colour before its result (a crosstable's W/B column): White, and won or lost; no points.
    ("2480 w 1-0", 1.0), ("2480 W 0-1", 0.0), ("1 Smith 1850 W 1-0", 1.0), ("1540 w ½-½", 0.5),
    # A name's initial further on is no venue (rv87): only one right after the score makes W a result letter.
    ("2010 W 1-0 Müller, A", 1.0), ("2010 w 1-0 Rossi N", 1.0), ("2010 W 1-0 Hansen H", 1.0),
    ("2010 W 0-1 Smith A", 0.0),
])
def test_a_chess_line_beside_a_lettered_score_reads_as_before(line: str, score: float) -> None:
    """A chess result (`1-0`, also after the rating and before a W) stays a result without points."""
    pasted = parse_results(line)
    assert ([score], [{}], ()) == ([g.score for g in pasted.games], list(pasted.facts), pasted.problems)


@pytest.mark.parametrize(("line", "score", "facts"), [
    ("unrated 1", 1.0, {}), ("Unrated ½", 0.5, {}), ("Meier unrated 0", 0.0, {}), ("ungewertet 1", 1.0, {}),
    ("Sin Elo 0", 0.0, {}), ("non classé 1-0", 1.0, {}), ("Non Classe =", 0.5, {}), ("senza elo ½", 0.5, {}),
    ("zonder  rating 1", 1.0, {}), ("unrated 1 K40", 1.0, {"k": 40.0}),
])
def test_an_unrated_opponent_in_the_calculator_s_word_is_a_game_against_an_unrated_opponent(
        line: str, score: float, facts: dict[str, Any]) -> None:
    """hp114: the form's own hint says to type "unrated" for an opponent without a FIDE rating, but `unrated 1` pasted
    was no game ("no_rating"): the FIDE dialog took it for a tournament's name, and the game was lost in silence."""
    pasted = parse_results(f"2400 1\n{line}\n2300 0")
    assert ([2400, None, 2300], [1.0, score, 0.0], ()) == (
        [g.opponent for g in pasted.games], [g.score for g in pasted.games], pasted.problems)
    assert facts == pasted.facts[1]
    assert [{"line": 1, "opponent": None, "score": score, **facts}] == json.loads(parse(line))["games"]


@pytest.mark.parametrize("line", ["unrated", "unratedx 1", "Unrated Open 2026"])
def test_an_unrated_word_that_is_no_game_is_reported(line: str) -> None:
    """Without a result, in another word, or beside a year that may be a rating: said, as before."""
    assert [] == list(parse_results(line).games) and parse_results(line).problems


def test_the_unrated_words_are_the_calculator_s_own() -> None:
    """Each language's word for an unrated opponent (widget/i18n game.unratedWord) is one the paste reader takes."""
    from elo_core.words.paste import UNRATED_WORDS

    words = {json.loads(path.read_text(encoding="utf-8"))["game.unratedWord"]
             for path in (Path(__file__).parents[1] / "widget" / "i18n").glob("*.json")}
    assert words and words <= set(UNRATED_WORDS)


def test_a_heading_with_an_unrated_word_stays_a_line_without_a_rating() -> None:
    """"Unrated Section" may name a tournament (the FIDE dialog reads a line without a rating as a name): it is reported
    as before, not as a game without a result."""
    assert ["no_rating"] == [p.reason for p in parse_results("Unrated Section").problems]


@pytest.mark.parametrize(("line", "k"), [("1650 away 3-1 k 25.5", 25.5), ("1650 away 3-1 K 25,5", 25.5),
                                         ("1650 1 k 2.5", 2.5), ("1650 1 K 40", 40.0)])
def test_a_spaced_k_with_decimals_is_the_game_s_own(line: str, k: float) -> None:
    """hp114: `k 25.5` was dropped in silence (the spaced form took whole numbers), the form's K then used."""
    assert [k] == [facts["k"] for facts in parse_results(line).facts]
    assert [{}] == list(parse_results("K 1850 1").facts)  # an initial before a rating stays one
