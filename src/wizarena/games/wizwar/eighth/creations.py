"""(being written)"""

from __future__ import annotations

from typing import Final

from .spells import Spell

SPELLS: Final[dict[int, Spell]] = {}
USES: Final[dict[int, Spell]] = {}
