"""FIDE's rating arithmetic (FIDE-RULES section 2), in integer hundredths, and FIDE behind the JSON contract.

PD has two decimals and K is whole, so every change is a whole number of
hundredths: integers give the exact value, with no float drift.

A rating period (FIDE-RULES 2.8). A request is one period: its `games` are one event, or its
`events` several, in the order played. The rules applied, each with its section of the FIDE Rating
Regulations (in force from 1 March 2024, amended from 1 October 2025):

- Each event is rated with the player's rating on the list in force when it started (its own
  `rating`, by default the request's); the new rating is the request's rating + the period change.
- K comes from the player's status at the period's start (8.3.3); the 700 rule counts every rated
  game of the period, across events (8.3.3: 39 games at K 20 are rated with K 17).
- The period change is the sum of every event's exact K x sum(S - PD), rounded once, 0.5 away from
  zero (8.3.4 "per rating period"). Each event's exact subtotal is in the answer.
- A game against an unrated opponent (`"opponent": null`) is not rated for a rated player (change 0,
  reason `unrated_opponent`), and does not count towards an unrated player's first rating (8.2.2).
- A junior keeps K 40 only "as long as their rating remains under 2300" (8.3.3): one who has been
  rated 2300 or more (`player.reached_2300`) gets K 20.
- First ratings (7.1.4, 8.2): the games of all events are pooled; a first event with a zero score
  is disregarded; the answer says how many more games against rated opponents are needed (5 in all).
- From 1 March 2024 FIDE publishes no rating below 1400 (7.2.1): a new rating under 1400 carries the
  warning `below_rating_floor`, an entered one `rating_below_floor`.
- `period` ("YYYY-MM", the list month calculated) selects the rules in force on that list's date
  (`RULES_BY_DATE`, our reading where FIDE names only a date). Standard periods from January 2022 to
  February 2024 are rated by the archived regulations (effective 1 January 2022 till 29 February
  2024): in each tournament the 400-point rule benefits a player in one game only, the one with the
  greatest difference (8.3.1); a first rating is Ra (the rated opponents' average) plus 20 per half
  point over 50 %, or plus dp below 50 % (8.2.2, 8.2.3), with no 2200 maximum and a floor of 1000.
  Earlier periods, and rapid and blitz periods before March 2024, are refused (`not_supported`).
- Rapid and blitz (FIDE Rapid and Blitz Rating Regulations, effective 1 March 2024, 7.2.1): "If an
  unrated player has a standard rating at the beginning of a rapid or blitz tournament, their
  standard rating is used for rating calculation. Such a player is considered to be rated".
  `player.standard_rating` with `rating: null` does that: the answer is a rated player's, from the
  standard rating, with the notice `standard_rating_used`. K comes from the K finder as for any rated
  player (such a player is new to the rapid or blitz list: fewer than 30 games). The same chapter's
  400-point rule (7.3.1) has no 2650 exemption, and its 600-point rule (7.3.1, from 1 December 2024)
  leaves a game unrated.

The folder, along its seams: `rules.py` (the rules in force for a period, differences, expected scores, K, the 700
rule, rounding; with `tables.py`, FIDE's tables 8.1.1 and 8.1.2), `period.py` (a rated player's period), `first.py`
(performance and first ratings) and `system.py` (FIDE behind the JSON contract: `FIDE`, which the registry names).
"""

from __future__ import annotations
