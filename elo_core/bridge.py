"""The worker's bridge: one JSON string in, one JSON string out.

No Python objects cross into JavaScript, so there are no proxies to leak.
"""

from __future__ import annotations

import json
from typing import Any

from ._paste import cut_paste, parse_results
from ._request import calculate


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def handle(request_json: str) -> str:
    """`calculate` over JSON text; malformed JSON gives an `ok: false` answer.

    >>> handle('{"system": "elo", "rating": 1500, "k": 20, "games": []}')[:30]
    '{"ok":true,"system":"elo","upd'
    >>> handle('{oops')[:40]
    '{"ok":false,"errors":[{"field":"","code"'
    """
    try:
        request = json.loads(request_json)
    except (ValueError, TypeError, RecursionError) as exc:
        return _dumps({"ok": False, "errors": [{"field": "", "code": "bad_json", "params": {},
                                                 "message": f"expected a JSON request: {exc}"}]})
    return _dumps(calculate(request))


# The lines that could not be read, sent one by one (the rest are counted by reason): enough for
# every tournament name a FIDE period can have, few enough that a megabyte of junk parses quickly.
LISTED_PROBLEMS = 1000


def parse(text: str) -> str:
    """Pasted results (plain text) to JSON: the games read, the first `LISTED_PROBLEMS` lines that
    could not be read, the others counted by reason (`unlisted`), and the non-blank lines past
    `MAX_PASTE_CHARS` (cut at a line break) that were not read at all: how many, and the first.

    >>> parse("1620 ½\\n1620 maybe")[:50]
    '{"games":[{"line":1,"opponent":1620,"score":0.5}],'
    """
    kept, unread = cut_paste(str(text))
    pasted = parse_results(kept)
    unlisted: dict[str, int] = {}
    for p in pasted.problems[LISTED_PROBLEMS:]:
        unlisted[p.reason] = unlisted.get(p.reason, 0) + 1
    return _dumps({
        "games": [{"line": n, "opponent": g.opponent, "score": g.score} for n, g in zip(pasted.lines, pasted.games)],
        "problems": [{"line": p.line, "text": p.text, "reason": p.reason} for p in pasted.problems[:LISTED_PROBLEMS]],
        "unlisted": unlisted,
        "unread": {"lines": unread[0], "from": unread[1]},
    })
