"""`elo-core event FILE`: every player's rating change in a tournament, from its report file (TRF).

    elo-core event congress.trf                     # a table
    elo-core event congress.trf --json              # {"event": {...}, "players": [...], "problems": [...]}
    elo-core event congress.trf --k 12=40 --k 31=10 --period 2026-05
    elo-core event club.trf --system elo --k 20     # plain Elo, everyone's K 20 (--k START=K for one)
    elo-core event online.trf --system elo --k 20 --start 1500 --rating 7=1850
                                                    # plain Elo: the unrated rated from 1500 (player 7 from 1850)
    elo-core event open.trf --rounds 9 --average 2450  # a running event: what each norm needs from the rounds
                                                    # to come, against opponents averaging 2450

The table has a row a player: the games played over the board and their score, whatever the ratings; then the
rated games, their score (`r.score`), expected score and change; the new rating and the performance. A rating in
brackets is a start rating the options gave (plain Elo), not the file's. Under it, the title norms made, and in a
running event those still possible with what they need (FIDE's Title Regulations B.01; the JSON has every norm
with its conditions, and each player's ARO and TPR).

Exit status: 0 with a report; 1 when the options do not fit the file (a start number it lacks); 2 when the
file cannot be read or is no tournament report file (one line naming the file and the line), and for
options written wrong.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from typing import Any, TextIO

from ..reports.event import PlayerReport, event_report
from ..systems import REGISTRY, capabilities, offering
from ..systems.fide.rules import FACT_NOTES
from .cli_files import either, printable, problems_counted, read_path


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="elo-core event", description="Every player's rating change in a tournament, "
                                "from its FIDE tournament report file (TRF16 or TRF-2026).")
    p.add_argument("file", metavar="FILE",
                   help="the tournament report file the pairing program exported (-: standard input)")
    p.add_argument("--json", action="store_true", help="print the report as JSON instead of a table")
    offered = offering("tournament")
    p.add_argument("--system", choices=offered, default=offered[0], help=either(offered))
    p.add_argument("--k", action="append", default=[], metavar="START=K",
                   help="the K of the player with start number START (repeat it); with --system elo, --k K alone "
                        "is everyone's K")
    p.add_argument("--period", metavar="YYYY-MM", help="fide: rate in this list month instead of the file's")
    p.add_argument("--start", metavar="R", help="with --system elo: the rating every player the file has unrated is "
                   "rated from (plain Elo has no first rating)")
    p.add_argument("--rating", action="append", default=[], metavar="START=R",
                   help="with --system elo: the start rating of the unrated player with start number START (repeat "
                        "it; before --start)")
    p.add_argument("--exempt", action="store_true", help="norms: the event is exempt from the federations' "
                   "conditions (a national championship; a Swiss with enough foreign titled players every round)")
    p.add_argument("--min-games", metavar="N", help="norms: the fewest games a norm counts (7 to 9; default 9)")
    p.add_argument("--rounds", metavar="N", help="norms: the event's rounds, when the file does not say them")
    p.add_argument("--average", metavar="R", help="norms: the average rating of the opponents still to come")
    p.add_argument("--tpr-unrated", metavar="R", help="the rating an unrated opponent counts at in ARO and TPR")
    return p


def _request(args: argparse.Namespace, data: bytes, parser: argparse.ArgumentParser) -> dict[str, Any]:
    request: dict[str, Any] = {"text": data, "system": args.system}
    if args.period is not None:
        request["period"] = args.period
    players: dict[str, dict[str, Any]] = {}
    for value in args.k:
        start, sep, k = value.partition("=")
        if not sep:
            if capabilities(args.system).tournament != "k":
                parser.error(f"--k {value}: under FIDE give a player's K as START=K (each player's K comes from "
                             "their rating and history)")
            request["k"] = value
        elif not start.strip().isdecimal():
            parser.error(f"--k {value}: expected START=K, START a start number")
        else:
            players[str(int(start))] = {"k": k}
    if players:
        request["players"] = players
    if capabilities(args.system).tournament != "k" and (args.start is not None or args.rating):
        parser.error(f"{'--start' if args.start is not None else '--rating'}: under FIDE an unrated player gets a "
                     "first rating from their games against rated opponents (FIDE 7.1.4, 8.2): a start rating is for "
                     "--system elo")
    if args.start is not None:
        request["start"] = args.start
    ratings: dict[str, str] = {}
    for value in args.rating:
        start, sep, rating = value.partition("=")
        if not sep or not start.strip().isdecimal():
            parser.error(f"--rating {value}: expected START=R, START a start number")
        ratings[str(int(start))] = rating
    if ratings:
        request["ratings"] = ratings
    norms = {key: value for key, value in (("min_games", args.min_games), ("rounds", args.rounds),
                                           ("average", args.average)) if value is not None}
    if args.exempt:
        norms["exempt"] = True
    if norms:
        request["norms"] = norms
    if args.tpr_unrated is not None:
        request["tpr_unrated"] = args.tpr_unrated
    return request


def _norm(n: dict[str, Any]) -> str:
    through = f" over rounds 1-{n['through_round']}" if n["through_round"] else ""
    figures = f"average {n['average']}, performance {n['performance']}{through}" if n["games"] else "no game yet"
    if n["met"]:
        return f"{n['title']} made ({figures})"
    rounds = f"{n['remaining']} round{'s' if n['remaining'] != 1 else ''} to come"
    if n["to_go"] is None:
        return f"{n['title']} possible: {rounds} (give --average: {figures})"
    need = "the score is already enough" if n["to_go"] == 0 else f"{n['to_go']:g} points needed from them"
    return f"{n['title']} possible: {rounds}, {need} ({figures} so far)"


def _norms(report: dict[str, Any], out: TextIO) -> None:
    """The norms made, and a running event's still possible; or why none can be judged."""
    summary = report["event"]["norms"]
    if not summary["judged"]:
        out.write(f"title norms: {summary['message']}\n")
        return
    lines = [f"{p['start']:>7}  {p['name']}: " + "; ".join(_norm(n) for n in shown) for p in report["players"]
             if (shown := [n for n in p["norms"] if n["met"] or (n["remaining"] and n["possible"])])]
    if lines:
        out.write("title norms (FIDE B.01):\n" + "\n".join(lines) + "\n")


def _signed(x: float, places: int) -> str:
    return f"{x:+.{places}f}"


def _row(p: PlayerReport, places: int) -> str:
    rated = p["rating"] is not None
    rating = "-" if p["rating"] is None else str(p["rating"])
    if p["start_rating"] is not None:  # not the file's: a start rating the options gave (plain Elo)
        rating = f"({p['start_rating']:g})"
    k = "-" if p["k"] is None else f"{p['k']:g}" + ("*" if p["k_assumed"] else "")
    expected = "" if p["expected"] is None or not p["games"] else f"{p['expected']:.2f}"
    change = "" if p["change"] is None else _signed(p["change"], 2)
    new = "-" if p["new_rating"] is None else f"{p['new_rating']:.{places}f}"
    perf = p["performance"]["rating"]
    note = ""
    if not rated and p["first_rating"] is not None:
        first = p["first_rating"]
        needed = f" ({first['games_needed']} more)" if first["reason"] == "fewer_than_5_games" else ""
        note = "first rating" if first["rating"] is not None else f"no first rating: {first['note']}{needed}"
    elif p["rule_700"]:
        note = f"700 rule: K {p['k_before_700']:g} -> {p['k']:g}"
    elif p["start_rating_from"] is not None:
        note = "start rating " + ("as given (--rating)" if p["start_rating_from"] == "ratings" else "(--start)")
    elif p["k_rule"] == "given":
        note = "K as given"
    if p["start_rating_from"] is not None and p["k_rule"] == "given":
        note += "; K as given"
    if p["performance_rule"] is not None:  # FIDE's performance of a 100 % (0 %) score: table 8.1.1's end
        percent, sign = ("100", "+") if p["performance_rule"] == "plus_800" else ("0", "-")
        rule = f"performance by FIDE's rule for {percent} %: the opponents' average {sign} 800"
        note = f"{note}; {rule}" if note else rule
    return (f"{p['start']:>5}  {p['name'][:28]:<28} {p['federation'] or '':<3} {rating:>6} {k:>4} "
            f"{p['games_played']:>5} {p['score_played']:>5.1f} {p['games']:>5} {p['score']:>7.1f} "
            f"{expected:>8} {change:>8} {new:>7} {'' if perf is None else f'{perf:.0f}':>5}  {note}".rstrip())


def _count(n: int, thing: str) -> str:
    """`1 round`, `7 rounds`."""
    return f"{n} {thing}{'' if n == 1 else 's'}"


def _table(report: dict[str, Any], out: TextIO) -> None:
    event = report["event"]
    places = REGISTRY[event["system"]].places
    dates = " to ".join(d for d in (event["start"], event["end"]) if d)
    out.write(", ".join(part for part in (event["name"] or "(no name)", event["city"], dates) if part) + "\n")
    if capabilities(event["system"]).tournament == "fide":
        rules = "" if event["rules_period"] == event["period"] else f", rated by the rules of {event['rules_period']}"
        source = "today's date" if event["period_from"] == "today" else f"the {event['period_from'].replace('_', ' ')}"
        out.write(f"FIDE, period {event['period']} (from {source}{rules}); ")
    else:
        out.write("plain Elo; ")
    started = f", {event['start_ratings']} from a start rating" if event["start_ratings"] else ""
    out.write(f"{event['version']}, {event['players']} players ({event['rated_players']} rated{started}), "
              f"{_count(event['rounds'], 'round')}, {_count(event['games'], 'game')} "
              f"({event['rated_games']} between rated players)\n")
    out.write(f"{'start':>5}  {'name':<28} {'fed':<3} {'rating':>6} {'K':>4} {'games':>5} {'score':>5} "
              f"{'rated':>5} {'r.score':>7} {'expected':>8} {'change':>8} {'new':>7} {'perf':>5}  note\n")
    for p in report["players"]:
        out.write(_row(p, places) + "\n")
    _norms(report, out)
    warned = [p for p in report["players"] if p["warnings"]]
    if warned:  # what the answer warns of a player (FIDE's rating floor): the JSON has it, so does the table
        out.write("players' warnings:\n")
        for p in warned:
            for warning in p["warnings"]:
                out.write(f"{p['start']:>7}  {p['name']}: {warning['message']}\n")
    if event["k_assumed"]:
        facts = "; ".join(sorted({FACT_NOTES[f] for p in report["players"] for f in p["assumed"]}))
        out.write(f"* K assumed for {event['k_assumed']} players, as the file cannot say it: {facts}. "
                  "Set a player's K with --k START=K.\n")
    if report["problems"]:  # one line a kind of problem (a group: how many, and their lines)
        out.write(problems_counted("the file", report["problems"]) + "\n")
        for group in report["problems"]:
            out.write(f"  {group['message']}\n")


def main(argv: list[str] | None = None, stdout: TextIO | None = None) -> int:
    """Run `elo-core event`; returns the exit status (argparse exits 2 itself on options written wrong)."""
    out = sys.stdout if stdout is None else stdout
    parser = _parser()
    args = parser.parse_args(argv)
    data = read_path(args.file, "elo-core event")
    if data is None:
        return 2
    response = event_report(_request(args, data, parser))
    if not response["ok"]:
        for e in response["errors"]:
            if e["field"] == "text":
                sys.stderr.write(f"elo-core event: {args.file}, {e['message']}\n")
                return 2
            sys.stderr.write(f"elo-core event: {e['field'] or 'request'}: {e['message']}\n")
        return 1
    if args.json:
        out.write(json.dumps({key: response[key] for key in ("event", "players", "problems")}) + "\n")
    else:
        table = io.StringIO()
        _table(response, table)
        out.write(printable(table.getvalue()))
    return 0
