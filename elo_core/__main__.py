"""`python -m elo_core`: the same as the `elo-core` command."""

import sys

from .transport.cli import main

sys.exit(main())
