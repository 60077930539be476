"""`python -m elo_core`: the same as the `elo-core` command."""

import sys

from ._cli import main

sys.exit(main())
