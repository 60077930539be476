"""What is made of a file and a rating system (README.md here names the modules): a tournament's report and a
club's ladder. They choose systems through the registry (`elo_core.systems.offering`), never by name."""

from __future__ import annotations
