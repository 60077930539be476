"""The worker's bridge: one JSON string in, one JSON string out.

No Python objects cross into JavaScript, so there are no proxies to leak.
"""

from __future__ import annotations

import json
from typing import Any

from ._paste import parse_results
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


def parse(text: str) -> str:
    """Pasted results (plain text) to JSON: the games read and the lines that could not be.

    >>> parse("1620 ½\\n1620 maybe")[:50]
    '{"games":[{"line":1,"opponent":1620,"score":0.5}],'
    """
    pasted = parse_results(str(text)[:1_000_000])
    return _dumps({
        "games": [{"line": n, "opponent": g.opponent, "score": g.score} for n, g in zip(pasted.lines, pasted.games)],
        "problems": [{"line": p.line, "text": p.text, "reason": p.reason} for p in pasted.problems],
    })
