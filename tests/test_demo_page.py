"""The demo club page (demo/, served by `make serve` on another origin): what it does with the calculator's events
is what the README tells a club to do."""

from __future__ import annotations

import re
from pathlib import Path

DEMO = Path(__file__).resolve().parents[1] / "demo" / "index.html"


def test_the_demo_shows_the_result_event_without_announcing_it() -> None:
    """Its line of the latest result was a polite live region: the result event comes with each result as the visitor
    types, so a screen reader heard "…would be 2.", "…21.", "…210.", "…2100." and the result twice (hp111)."""
    page = DEMO.read_text(encoding="utf-8")
    latest = re.search(r"<p[^>]*\bid=\"latest\"[^>]*>", page)
    assert latest, "the demo's line of the latest result is gone"
    assert "aria-live" not in latest[0] and "role=" not in latest[0]
