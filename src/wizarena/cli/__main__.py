"""`python -m wizarena.cli`: the same as the `wizarena` command."""

import sys

from wizarena.cli import main

sys.exit(main())
