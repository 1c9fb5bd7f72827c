"""(filled by the card modules' work under way)"""

from __future__ import annotations

from typing import Final

from .spells import Spell

SPELLS: Final[dict[int, Spell]] = {}
