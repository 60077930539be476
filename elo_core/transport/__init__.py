"""How elo_core is reached from outside, the top layer (README.md here names the modules): the vocabulary the
widget's contract is generated from, and the command line. The widget's JSON entry is elo_core.bridge, beside this
folder, where the widget and micropip's users have always found it."""

from __future__ import annotations
