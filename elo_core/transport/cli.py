"""The `elo-core` command: a JSON request in, the JSON response out; or a human form.

    elo-core request.json            # or: elo-core < request.json
    elo-core 1450 --k 40 1500:1 1620:0.5 1390:0 1555:1
    elo-core 2100 --system fide --junior 2000:1 2150:½
    elo-core 2100 --games-from results.txt       # games as pasted from a results table
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from .. import __version__
from ..bridge import handle
from ..contract import Field
from ..files.scores import read_venue
from ..systems import REGISTRY
from ..systems.request import calculate
from ..words.paste import parse_results
from . import cli_event, cli_ladder
from .cli_files import read_path, read_standard_input


def _system_options() -> dict[str, Field]:
    """Each system's own inputs as options (rating and K are common), from the registry."""
    options: dict[str, Field] = {}
    for system in REGISTRY.values():
        for f in system.fields:
            if f.kind in ("bool", "choice", "number") and not f.path.startswith("games[]"):
                options.setdefault(f.option, f)
    return options


class _Parser(argparse.ArgumentParser):
    """Takes "-0:1", "-100:1" and "-1e308" for values, not options, as Python 3.13's argparse does
    (3.11's takes only "-5" and "-.5"): no option of ours starts with a digit or a point, and
    `calculate` then says what is wrong with the value instead of "unrecognized arguments"."""

    def _parse_optional(self, arg_string: str) -> Any:
        if re.match(r"-\.?\d", arg_string):
            return None
        return super()._parse_optional(arg_string)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="elo-core",
        description="Elo and FIDE rating changes. With no games, reads a JSON request "
        "from FILE or standard input and prints the JSON response.",
    )
    p.add_argument("rating", nargs="?", help="your rating ('unrated' for a first FIDE rating), or a JSON file")
    p.add_argument("games", nargs="*", help="games as OPPONENT:RESULT, result 1, 0.5 (or ½, =), 0, w, d, l; "
                   "then any per-game value the system needs (glicko: OPPONENT:RESULT:RD)")
    p.add_argument("--system", choices=list(REGISTRY), default=None,
                   help="rating system (default: fide without --k, elo with it)")
    p.add_argument("--k", help="K-factor (required for elo; optional for fide)")
    for option, f in _system_options().items():
        dest = f.path.replace(".", "__")
        if f.kind == "bool":
            p.add_argument(option, dest=dest, action="store_true", help=f.help)
        elif f.kind == "choice":
            # None when not given: the system's default (its first, or the one it `follows`), and an option of another
            # system is told given or not (`_foreign_options`), even as that system's default.
            p.add_argument(option, dest=dest, choices=f.choices, default=None, help=f.help)
        else:
            p.add_argument(option, dest=dest, default=None, help=f.help)
    p.add_argument("--games-from", metavar="FILE", help="read more games from a text file ('-': standard input), "
                   "one per line as pasted from a results table: '1620 ½', 'W 1540', '1620, draw'")
    p.add_argument("--json", action="store_true", help="print the JSON response instead of a table")
    p.add_argument("--version", action="version", version=f"elo-core {__version__}")
    return p


_EXPONENT = re.compile(r"\s*[+-]?(\d+\.?\d*|\.\d+)[eE][+-]?\d+\s*")


def _value(text: str | None) -> Any:
    """A value as written, for `calculate` to read, but for a number written with an exponent
    (`--tau 1e308`): a command line may well hold one, a request's text may not (the widget sends
    what it cannot read as text, and "1e3" is no rating there). It goes as its number, to be judged
    by its size: "1e400", past a float's range, is past every limit too."""
    if text is None or not _EXPONENT.fullmatch(text):
        return text
    value = float(text)
    return value if math.isfinite(value) else (1 if value > 0 else -1) * 10**400


def _game(token: str, extras: list[str]) -> dict[str, Any]:
    """OPPONENT:RESULT, then the system's per-game values in order (Glicko: OPPONENT:RESULT:RD); a
    value past those is refused (ValueError), never dropped."""
    if token.count(":") > 1 + len(extras):
        takes = ":".join(["OPPONENT", "RESULT", *(e.upper() for e in extras)])
        raise ValueError(f"expected a game as {takes}, got {token!r}")
    opponent, result, *rest = [*token.split(":"), ""]
    game: dict[str, Any] = {"opponent": _value(opponent), "score": result}  # `calculate` reads "w", "½", "draw", ...
    for key, value in zip(extras, rest):
        if value:
            # A venue as a results file writes it (H, Home, heim, A, N): the engine's word; another is said there.
            game[key] = (read_venue(value) or value) if key == "venue" else _value(value)
    return game


def _foreign_options(args: argparse.Namespace, system: str) -> None:
    """Refuse (ValueError) an option given that `system` has no field for: it was dropped without a word (a league's
    `--preset` rated by FIDE's rules, `--junior` with plain Elo's `--k`). The message names the systems it is of."""
    own = {f.path for f in REGISTRY[system].fields}
    if args.k is not None and "k" not in own:  # a junior's ECF K of 40 typed as --k was rated at 20, unsaid
        systems = " and ".join(f"{name}'s" for name, other in REGISTRY.items()
                               if any(g.path == "k" for g in other.fields))
        instead = " (its K: --k-factor)" if "player.k_factor" in own else ""
        raise ValueError(f"--k is not an option of {system}{instead}: it is {systems}")
    for option, f in _system_options().items():
        value = getattr(args, f.path.replace(".", "__"))
        if f.path not in own and value not in (None, False):
            systems = ", ".join(name for name, other in REGISTRY.items() if any(g.path == f.path for g in other.fields))
            raise ValueError(f"{option} is not an option of {system}: it is {systems}'s (--system, or --k for elo)")


def _request(args: argparse.Namespace, pasted: list[dict[str, Any]]) -> dict[str, Any]:
    system = args.system or ("elo" if args.k is not None else "fide")
    _foreign_options(args, system)
    extras = [f.path.removeprefix("games[].") for f in REGISTRY[system].fields if f.path.startswith("games[].")]
    request: dict[str, Any] = {
        "system": system,
        "rating": None if args.rating == "unrated" else _value(args.rating),
        "k": _value(args.k),
        "games": [_game(t, extras) for t in args.games] + pasted,
    }
    for f in REGISTRY[system].fields:
        if f.kind in ("bool", "choice", "number") and not f.path.startswith("games[]"):
            *parents, key = f.path.split(".")
            target = request
            for parent in parents:
                target = target.setdefault(parent, {})
            value = getattr(args, f.path.replace(".", "__"))
            target[key] = _value(value) if f.kind == "number" else value
    return request


def _signed(x: float, places: int) -> str:
    """A signed figure with an ASCII minus: the table is read by tools as well as people."""
    return f"{x:+.{places}f}"


def _table(r: dict[str, Any], out: TextIO) -> None:
    """A table for people: per game, then the totals and the system's own figures."""
    system = REGISTRY[r["system"]]
    places = system.places
    if r["rating"] is None and "initial" in r:
        init = r["initial"]
        out.write(f"first rating (FIDE 8.2): {len(r['games'])} games, score {r['score']:g}\n")
        pool = "average of rated opponents" if init.get("rules") == "2022" else "average with two 1800 draws"
        out.write(f"{pool} {init['average']:.2f}, p {init['percent']} %, dp {init['dp']:+d}\n")
        out.write(f"new rating: {init['rating'] if init['rating'] is not None else 'none: ' + init['note']}\n")
        _notes(r, out)
        return
    if r.get("k_reason"):
        out.write(f"K {r['k']:g} ({r['k_reason']}{'; 700 rule' if r.get('rule_700') else ''})\n")
    # A league's games (Elo with venues and scores): the venue, home advantage, multiplier and each game's own K.
    league = "league" in r
    heads = f"{'venue':>7} {'home':>5} {'points':>7} {'M':>5} {'K':>5} " if league else ""
    out.write(f"{'game':>4} {'opponent':>9} {'score':>5} {'diff':>6} {heads}{'expected':>8} {'change':>8}\n")
    for i, g in enumerate(r["games"], 1):
        change = "not rated" if not g["rated"] else "" if g["change"] is None else _signed(g["change"], 1)
        # To a tenth, as the widget shows it (game by game, a difference from a rating of many decimals: -187.199).
        diff = "" if g["difference"] is None else f"{round(g['difference'], 1) + 0.0:g}"
        expected = "" if g["expected"] is None else f"{g['expected']:.2f}"
        facts = ""
        if league:
            points = "" if g["points_for"] is None else f"{g['points_for']}-{g['points_against']}"
            facts = f"{g['venue']:>7} {g['home_advantage']:>+5g} {points:>7} {g['multiplier']:>5.3g} {g['k']:>5g} "
        opponent = "unrated" if g["opponent"] is None else f"{g['opponent']:g}"
        out.write(f"{i:>4} {opponent:>9} {g['score']:>5g} {diff:>6} {facts}{expected:>8} {change:>8}\n")
    expected_total = "" if r["expected"] is None else f", expected {r['expected']:.2f}"
    out.write(f"score {r['score']:g} of {len(r['games'])}{expected_total}\n")
    if r["change"] is not None and r["new_rating"] is not None:
        # A system that publishes whole numbers rounds the change once: show the exact sum too.
        exact = f" (exact {_signed(r['change_exact'], 2)})" if places == 0 and r.get("change_exact") is not None else ""
        out.write(f"change {_signed(r['change'], places)}{exact} -> {r['new_rating']:.{places}f}\n")
    for output in system.outputs:
        if r.get(output.key) is not None:
            value = r[output.key]
            shown = f"{value:.{output.places}f}" if isinstance(value, (int, float)) else str(value)
            out.write(f"{output.key.replace('_', ' ')}: {shown}\n")
    perf = r["performance"]
    out.write(f"performance {perf['rating']:.0f}\n" if perf["rating"] is not None else f"performance: {perf['note']}\n")
    _notes(r, out)


def _notes(r: dict[str, Any], out: TextIO) -> None:
    """What the answer warns about (FIDE's floor, a standard rating used for rapid or blitz), and what a target or a
    norm takes (`--target`, `--norm`)."""
    for warning in r.get("warnings", []):
        out.write(f"note: {warning['message']}\n")
    target, norm = r.get("needs", {}).get("target"), r.get("needs", {}).get("norm")
    if target is not None:
        out.write(f"target {target['target']:g}: " + _target(target) + "\n")
    if norm is not None:
        out.write(f"{norm['title']} norm: " + _norm(norm) + "\n")


_TARGET_REASONS = {"order": "rated game by game, it depends on which games are won (--update event to see it)",
                   "league": "a league's games each have their own K and margin: it depends on which games are won",
                   "first_events": "a first FIDE rating over several events depends on which games are won",
                   "too_many_games": "worked out for up to 2000 games", "no_games": "no games",
                   "no_rated_games": "none of these games is rated",
                   "no_rating": "even winning every game, these games give no rating yet"}
_NORM_REASONS = {"no_games": "no games", "time_control": "norms are made in standard play only",
                 "events": "a norm is made in one tournament: give its games alone"}


def _target(t: dict[str, Any]) -> str:
    if t["reason"]:
        return _TARGET_REASONS[t["reason"]]
    if t["score"] is None:
        return f"out of reach: winning all {t['games']} gives {t['best']:g}"
    return f"{t['score']:g} of {t['games']} (may drop {t['dropped']:g}; every game lost gives {t['worst']:g})" \
        if t["worst"] is not None else f"{t['score']:g} of {t['games']} (may drop {t['dropped']:g})"


def _norm(n: dict[str, Any]) -> str:
    if n["reason"] in _NORM_REASONS:
        return _NORM_REASONS[n["reason"]]
    if n["reason"] == "average":
        return f"no score does: the opponents' average {n['average']} is under {n['least_average']}"
    short = "; a norm needs at least 9 games" if n["reason"] == "games" else ""
    return (f"{n['needed']:g} of {n['games']} against an average of {n['average']} (performance "
            f"{n['performance']}){short}; the opponents' titles and federations are not checked here")


def _name(path: str | None) -> str:
    return "standard input" if path in (None, "-") else str(path)


def _read(path: str | None, stdin: TextIO | None) -> str | None:
    """The text of a file, or of standard input for None or '-'; None (and a message) if unreadable, or over
    `MAX_FILE_BYTES` (`cli_files`: no more than that is read).

    Both are read as UTF-8 bytes, whatever the stream's encoding (PYTHONIOENCODING, a Windows code
    page), and a leading byte order mark (Notepad's, PowerShell 5.1's) is dropped."""
    name = _name(path)
    data = read_path(str(path), "elo-core") if path not in (None, "-") else read_standard_input(stdin, "elo-core")
    if data is None:
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        sys.stderr.write(f"elo-core: cannot read {name}: not UTF-8 text (byte {exc.object[exc.start]:#04x} "
                         f"at position {exc.start})\n")
    return None


def _skipped(name: str, problems: Sequence[Any]) -> None:
    """The lines of a pasted file that were skipped, on standard error: a run of lines skipped for one reason as one
    warning (a file of 100 000 games past the 10 000 taken wrote 90 000 lines: a hostile pass)."""
    runs: list[list[Any]] = []
    for problem in problems:
        if runs and runs[-1][-1].reason == problem.reason and runs[-1][-1].line + 1 == problem.line:
            runs[-1].append(problem)
        else:
            runs.append([problem])
    for run in runs:
        first, reason = run[0], run[0].reason.replace("_", " ")
        where = f"line {first.line}" if len(run) == 1 else f"lines {first.line}-{run[-1].line}"
        what = f"{first.text!r}" if len(run) == 1 else f"{len(run)} lines, the first {first.text!r}"
        sys.stderr.write(f"elo-core: warning: {name}, {where} skipped ({reason}): {what}\n")


def _tolerant(stream: TextIO) -> None:
    """Text the stream's encoding lacks (a '½' in a message, on an ASCII terminal) is escaped, not fatal."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="backslashreplace")


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the command; returns 0 on a valid request, 1 on an invalid one (or a reader that went
    away, as `| head -1` does), 2 on usage errors. Streams default to sys's as they are when it runs."""
    out = sys.stdout if stdout is None else stdout
    try:
        return _main(argv, sys.stdin if stdin is None else stdin, out)
    except BrokenPipeError:
        # Python's own advice (the signal module's "Note on SIGPIPE"): what is left unwritten goes
        # nowhere, so that the exit flush does not raise the same error again.
        if out is sys.stdout:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _main(argv: list[str] | None, stdin: TextIO | None, stdout: TextIO) -> int:
    for stream in (stdout, sys.stderr):
        _tolerant(stream)
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["event"]:  # `elo-core event FILE`: a tournament's report (cli_event)
        return cli_event.main(argv[1:], stdout)
    if argv[:1] == ["ladder"]:  # `elo-core ladder GAMES`: a club's ladder from its results ledger (cli_ladder)
        return cli_ladder.main(argv[1:], stdout)
    parser = _parser()
    args = parser.parse_intermixed_args(argv)
    json_input = args.rating is None or args.rating == "-" or (
        not args.games and args.rating.lower().endswith(".json"))
    if json_input and not args.games_from:
        text = _read(args.rating, stdin)
        if text is None:
            return 2
        answer = json.loads(handle(text))
        stdout.write(json.dumps(answer) + "\n")  # ASCII JSON: readable on any stream
        return 0 if answer["ok"] else 1
    pasted: list[dict[str, Any]] = []
    if args.games_from:
        text = _read(args.games_from, stdin)
        if text is None:
            return 2
        read = parse_results(text)
        # As the widget's paste dialog does: lines that are not games (a table's header) are
        # skipped and listed; the games read are rated.
        _skipped(_name(args.games_from), read.problems)
        pasted = [{"opponent": g.opponent, "score": g.score, **facts}  # None: unrated
                  for g, facts in zip(read.games, read.facts)]
    try:
        request = _request(args, pasted)
    except ValueError as exc:  # a game written wrong: a usage error, as argparse reports them
        parser.error(str(exc))
    response = calculate(request)
    if args.json or not response["ok"]:
        if not response["ok"]:
            for e in response["errors"]:
                sys.stderr.write(f"elo-core: {e['field'] or 'request'}: {e['message']}\n")
            return 1
        stdout.write(json.dumps(response) + "\n")
        return 0
    _table(response, stdout)
    return 0
