"""The domain's words and limits, lowest of elo_core's layers (README.md here names the modules): errors, the
typed model of games and rules, and how a pasted line's scores and numbers read. They import nothing of elo_core
beyond this folder."""

from __future__ import annotations
