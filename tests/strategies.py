"""Hypothesis strategies for elo_core's tests, kept in one place."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

ratings = st.floats(min_value=0, max_value=4000, allow_nan=False)
fide_ratings = st.integers(min_value=0, max_value=4000)
scores = st.sampled_from([0.0, 0.5, 1.0])
k_factors = st.floats(min_value=0.5, max_value=100, allow_nan=False)

json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=20),
    st.sampled_from(["fide", "elo", "event", "sequential", "rapid", "1500", "½", "", "NaN"]),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
games = st.lists(
    st.fixed_dictionaries({"opponent": st.one_of(ratings, json_scalars), "score": st.one_of(scores, json_scalars)}),
    max_size=8,
)
requests: st.SearchStrategy[dict[str, Any]] = st.fixed_dictionaries(
    {},
    optional={
        "system": st.one_of(st.sampled_from(["fide", "elo"]), json_scalars),
        "rating": st.one_of(ratings, fide_ratings, json_scalars),
        "k": st.one_of(k_factors, json_scalars),
        "player": st.one_of(st.fixed_dictionaries({}, optional={"junior": st.booleans(),
                                                                 "reached_2400": json_scalars}), json_values),
        "time_control": st.one_of(st.sampled_from(["standard", "rapid", "blitz"]), json_scalars),
        "cap_400": json_scalars,
        "update": st.one_of(st.sampled_from(["event", "sequential"]), json_scalars),
        "games": st.one_of(games, json_values),
    },
)

# A FIDE rating period (`events`): games with whole ratings or an unrated opponent (null), and where
# to cut one event's games into several.
fide_list_ratings = st.integers(min_value=1000, max_value=2900)
fide_period_games = st.lists(
    st.fixed_dictionaries({"opponent": st.one_of(fide_list_ratings, st.none()), "score": scores}),
    min_size=2, max_size=60,
)
cut_points = st.lists(st.integers(min_value=1, max_value=59), min_size=1, max_size=6, unique=True)
fide_periods = st.sampled_from([None, "2024-03", "2024-11", "2024-12", "2025-09", "2025-10", "2025-11"])
time_controls = st.sampled_from(["standard", "rapid", "blitz"])

# A tournament report file as tests/trf_text.py's `random_tournament` writes it: players, rounds, seed;
# and the line ends a file can have besides LF.
trf_players = st.integers(min_value=2, max_value=60)
trf_rounds = st.integers(min_value=1, max_value=13)
trf_seeds = st.integers(min_value=0, max_value=999)
line_ends = st.sampled_from(["\r\n", "\r"])

# A club's results ledger: lines of comma-separated cells as clubs write them, well or badly (no quotes, no header
# words: each line is one row); and the dates of its games, for reordering lines.
ledger_cells = st.one_of(
    st.sampled_from(["2026-03-04", "04.03.2026", "03/04/2026", "25/03/2026", "03/25/2026", "2026-02-30", "Anna",
                     "Ben", "anna", "Cleo Roth", "", "1", "0", "½", "=", "+", "-", "--", "1-0", "draw", "maybe",
                     "0,5"]),
    st.text(alphabet="abcXYZ019 -./½", max_size=8),
)
ledger_lines = st.lists(st.lists(ledger_cells, max_size=6).map(",".join), max_size=30)
ledger_games = st.lists(
    st.tuples(st.integers(min_value=0, max_value=40), st.integers(min_value=0, max_value=5),
              st.integers(min_value=0, max_value=5), st.sampled_from(["1", "0", "½", "1-0", "0-1", "=", "+"])),
    max_size=40,
)
"""Games as (day after 2026-01-01, white, black, result): players by number, the same one twice allowed."""
