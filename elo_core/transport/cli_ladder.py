"""`elo-core ladder GAMES`: a club's ladder, replayed from the results ledger it keeps.

    elo-core ladder games.csv                                 # the ranking as a table (Elo, K 32, start 1500)
    elo-core ladder games.csv --provisional 0 --inactive-months 0   # rank every player, with or without games
    elo-core ladder games.csv --players players.csv --json    # {"players", "in_no_pool", "problems"}
    elo-core ladder games.csv --system glicko2 --period week --provisional 5 --inactive-months 6
    elo-core ladder games.csv --k 20 --first-k 40 --first-games 10 --cap-400 --since 2026-01-01
    elo-core ladder games.csv --csv --separator ";"           # the ranking as CSV, for German or French Excel
    elo-core ladder games.csv --history AM --pool rapid       # a player's rating after every game, as CSV
    elo-core ladder games.csv --csv --bom > ranking.csv       # with a byte order mark, for Excel
    elo-core ladder league.csv --preset world-football        # a league's scores: a league table
    elo-core ladder nfl.csv --players teams.csv --preset fivethirtyeight-nfl --home-advantage 55

A CSV's text cells that a spreadsheet would run as formulas (`=`, `+`, `-`, `@` first) are written with a leading
apostrophe (`csv_writer`).

Exit status: 0 with a ladder; 1 when the options do not fit (a system not supported for a ledger, a value out
of range); 2 when a file cannot be read, is over `MAX_FILE_BYTES` (`cli_files`) or is no ledger (one line naming
the file and the line), and for options written wrong.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from typing import Any, TextIO

from ..reports.ladder import (
    INACTIVE_MONTHS,
    PERIODS,
    PROVISIONAL_GAMES,
    history_columns,
    history_rows,
    ranking_columns,
    to_csv,
)
from ..systems import REGISTRY, offering
from ..systems.league import MARGINS, PRESETS
from .cli_files import either, printable, problems_counted, read_path


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="elo-core ladder", description="A club's ladder: its results ledger (one game "
                                "a line: date, white, black, result) replayed into a ranking.")
    p.add_argument("games", metavar="GAMES",
                   help="the results ledger (CSV: comma, semicolon or tab; -: standard input)")
    p.add_argument("--players", metavar="FILE", help="the players file: id,name,rating[,active]")
    # Every registered system is a choice, those offered first: one that cannot replay a ledger is refused with
    # its reason.
    offered = offering("ledger")
    p.add_argument("--system", choices=[*offered, *(n for n in REGISTRY if n not in offered)], default=offered[0],
                   help=either(offered))
    p.add_argument("--k", default=None, help="elo: the K-factor (default 32)")
    p.add_argument("--first-k", default=None, help="elo: a higher K for a player's first games")
    p.add_argument("--first-games", default=None, help="elo: how many first games --first-k is for")
    p.add_argument("--cap-400", action="store_true", help="elo: count differences over 400 as 400")
    p.add_argument("--start", default=None, help="the rating of a player without one (default 1500)")
    p.add_argument("--period", choices=PERIODS, default="month", help="glicko, glicko2: the rating period")
    p.add_argument("--c", default=None, help="glicko: the constant c (default 34.6)")
    p.add_argument("--tau", default=None, help="glicko2: the system constant tau (default 0.5)")
    p.add_argument("--speed", default=None, help="lichess: the speed, for its rating regulator (default blitz)")
    p.add_argument("--provisional", default=None, metavar="GAMES", help="games before a player is ranked (default "
                   f"{PROVISIONAL_GAMES}: a player without games is not ranked)")
    p.add_argument("--inactive-months", default=None, metavar="MONTHS", help="months without a game before a "
                   f"player is marked inactive, not ranked and not shown without --all (default {INACTIVE_MONTHS}, "
                   "counted back from the last game's date or --as-of; 0: never)")
    p.add_argument("--since", metavar="DATE", help="show each player's change since this date")
    p.add_argument("--as-of", metavar="DATE", help="judge inactivity on this date (default: the last game's; "
                   "the last before any dated after tomorrow)")
    p.add_argument("--preset", choices=tuple(PRESETS), default=None, help="elo: a league's published rules: "
                   + "; ".join(f"{name}: {preset.source}" for name, preset in PRESETS.items()))
    p.add_argument("--home-advantage", default=None, metavar="POINTS", help="elo: rating points the first-named "
                   "(home) side adds for its expectation, unless the game is neutral (default 0)")
    p.add_argument("--margin", choices=MARGINS, default=None, help="elo: the margin-of-victory multiplier of K "
                   "(default none)")
    p.add_argument("--season-regression", default=None, metavar="F", help="elo: the part of the way to "
                   "--season-mean a rating goes at a side's first game of a new season (0 to 1, default 0)")
    p.add_argument("--season-mean", default=None, metavar="RATING", help="elo: the rating seasons regress to "
                   "(default 1500)")
    p.add_argument("--season-start", default=None, metavar="MM-DD", help="the day a season starts, where the file "
                   "has no season column (default 01-01: a season is a year)")
    p.add_argument("--locale", default="en", help="how to read dates such as 03/04/2026 when the file cannot "
                   "tell: en-US month first, any other day first (default en)")
    p.add_argument("--all", action="store_true", help="the table lists inactive players too")
    p.add_argument("--json", action="store_true", help='print {"players": [...], "in_no_pool": [...], "problems": '
                   "[...]} as JSON (in_no_pool: the players file's players who played in none of the pools)")
    p.add_argument("--csv", action="store_true", help="print the ranking (every player) as CSV")
    p.add_argument("--history", metavar="ID", help="print this player's history (the rating after every game) as CSV")
    p.add_argument("--pool", help="with --history: the pool, when the player played in several")
    p.add_argument("--separator", choices=(",", ";", "tab"), default=",", help="the CSV's separator (';': decimal "
                   "commas)")
    p.add_argument("--bom", action="store_true", help="with --csv or --history: start the CSV with a byte order "
                   "mark (UTF-8), as Excel needs to read its accents")
    return p


def _request(args: argparse.Namespace, text: bytes, players: bytes | None) -> dict[str, Any]:
    request: dict[str, Any] = {"text": text, "players": players, "system": args.system, "period": args.period,
                               "cap_400": args.cap_400, "locale": args.locale}
    for key, value in (("k", args.k), ("first_k", args.first_k), ("first_games", args.first_games),
                       ("start", args.start), ("c", args.c), ("tau", args.tau), ("speed", args.speed),
                       ("provisional_games", args.provisional), ("inactive_months", args.inactive_months),
                       ("since", args.since), ("as_of", args.as_of), ("preset", args.preset),
                       ("home_advantage", args.home_advantage), ("margin", args.margin),
                       ("season_regression", args.season_regression), ("season_mean", args.season_mean),
                       ("season_start", args.season_start)):
        if value is not None:
            request[key] = value
    return request


def _note(p: dict[str, Any], walkovers: int = 0) -> str:
    """Why a player is not ranked; `walkovers`: a league team's, which its table counts as games."""
    if p["inactive_reason"] == "retired":
        return "retired"
    if p["inactive_reason"] == "inactive":
        return "inactive"
    if p["provisional"]:
        return "no games" if not p["games"] + walkovers else "provisional"
    return ""


def _table(report: dict[str, Any], out: TextIO, show_all: bool) -> None:
    places = REGISTRY[report["system"]].places
    since = report["settings"]["since"]
    ledger = report["ledger"]
    out.write(f"{report['system']}: {ledger['games']} games, {ledger['players']} players"
              + (f", {ledger['forfeits']} forfeited (not rated)" if ledger["forfeits"] else "")
              + (f", {ledger['first_date']} to {ledger['last_date']}" if ledger["first_date"] else "") + "\n")
    for pool in report["pools"]:
        players = [p for p in report["players"] if p["pool"] == pool]
        if pool is not None:
            out.write(f"\npool {pool or '(none)'}\n")
        league = bool(players) and "points_for" in players[0]
        out.write(f"{'rank':>4}  {'name':<28} {'rating':>7} {'games':>5} {'W':>4} {'D':>4} {'L':>4} "
                  + (f"{'for':>6} {'agst':>6} " if league else f"{'score':>6} ")
                  + f"{'last game':<10}" + (f" {'change':>7}" if since else "") + "  note\n")
        hidden = 0
        for p in players:
            if not p["active"] and not show_all:
                hidden += 1
                continue
            change = "" if p["change"] is None else f"{p['change']:+.{places}f}"
            # A league's table counts a walkover as its league's does: played, won or lost (its points are in `for`).
            won, lost = (p["forfeits_won"], p["forfeits_lost"]) if league else (0, 0)
            out.write((f"{p['rank'] or '-':>4}  {p['name'][:28]:<28} {p['rating']:>7.{places}f} "
                       f"{p['games'] + won + lost:>5} {p['wins'] + won:>4} {p['draws']:>4} {p['losses'] + lost:>4} "
                       + (f"{p['points_for']:>6} {p['points_against']:>6} " if league else f"{p['score']:>6g} ")
                       + f"{p['last_played'] or '-':<10}"
                       + (f" {change:>7}" if since else "") + f"  {_note(p, won + lost)}").rstrip() + "\n")
        if hidden:
            out.write(f"({hidden} inactive players not shown: --all lists them)\n")
    if report["in_no_pool"]:  # the players file's players who played in no pool: listed in none of the tables
        names = ", ".join(f"{p['name']} ({p['id']})" for p in report["in_no_pool"])
        out.write(f"\n(in no pool, having played in none: {names})\n")
    if report["problems"]:  # one line a kind of problem in a file (a group: how many, and their lines)
        out.write("\n" + problems_counted("the files", report["problems"]) + "\n")
        for group in report["problems"]:
            where = "players file, " if group["source"] == "players" else ""
            out.write(f"  {where}{group['message']}\n")


def _history(response: dict[str, Any], args: argparse.Namespace, separator: str, out: TextIO) -> int:
    """`--history ID`: the player's history as CSV; 1 (and a message) when there is no such player, or they played
    in several pools and `--pool` does not say which."""
    found = [p for p in response["players"] if p["id"].casefold() == args.history.casefold()
             and (args.pool is None or p["pool"] == args.pool)]
    if len(found) != 1:
        pools = ", ".join(str(p["pool"]) for p in found)
        sys.stderr.write(f"elo-core ladder: --history {args.history}: " + (
            f"played in the pools {pools}: say which with --pool\n" if found else "no such player" + (
                f" in pool {args.pool}" if args.pool is not None else "") + "\n"))
        return 1
    _ready_for_csv(out, args.bom)
    out.write(to_csv(history_rows(found[0]["history"]), history_columns(found[0]["history"]), separator))
    return 0


def _ready_for_csv(out: TextIO, bom: bool) -> None:
    """Ready `out` for CSV: its CRLF line ends (`csv_writer.NEWLINE`) written as they are, not made CR CR LF by a text
    stream that ends lines its platform's way (Windows'); with `--bom`, a byte order mark, and the text after it in
    UTF-8, as the mark says, whatever the stream's encoding was (a Windows code page, when the output goes to a
    file)."""
    reconfigure = getattr(out, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(newline="")
    if not bom:
        return
    if reconfigure is not None:
        reconfigure(encoding="utf-8", errors="backslashreplace")
    out.write("\ufeff")


def main(argv: list[str] | None = None, stdout: TextIO | None = None) -> int:
    """Run `elo-core ladder`; returns the exit status (argparse exits 2 itself on options written wrong)."""
    from ..reports.ladder import ladder_report

    out = sys.stdout if stdout is None else stdout
    parser = _parser()
    args = parser.parse_args(argv)
    if args.games == "-" and args.players == "-":
        parser.error("standard input is read once: give the games or the players file by its name")
    text = read_path(args.games, "elo-core ladder")  # the bytes: the ledger's reader decodes them
    players = None if args.players is None else read_path(args.players, "elo-core ladder")
    if text is None or (args.players is not None and players is None):
        return 2
    response = ladder_report(_request(args, text, players))
    if not response["ok"]:
        for e in response["errors"]:
            if e["field"] in ("text", "players"):
                name = args.games if e["field"] == "text" else args.players
                sys.stderr.write(f"elo-core ladder: {name}, {e['message']}\n")
                return 2
            sys.stderr.write(f"elo-core ladder: {e['field'] or 'request'}: {e['message']}\n")
        return 1
    separator = "\t" if args.separator == "tab" else args.separator
    if args.history is not None:
        return _history(response, args, separator, out)
    if args.json:
        out.write(json.dumps({key: response[key] for key in ("players", "in_no_pool", "problems")}) + "\n")
    elif args.csv:
        _ready_for_csv(out, args.bom)
        out.write(to_csv(response["players"], ranking_columns(response["players"]), separator))
    else:
        table = io.StringIO()
        _table(response, table, args.all)
        out.write(printable(table.getvalue()))
    return 0
