"""What happens to a wizard's lasting things as his turn begins (brief rule 4, "whatever
happens when time passes happens now"; the cards' texts): the cards that act in their
owner's Time Passes, and the items that act at the start of his turn.

`time_passes` runs after the turn's spells have lost their tokens (turn.time_passes);
its damage is settled by the caller before Move & Cast begins.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import cards, harm
from .state import EighthState

LIFESTONE: Final = cards.INDEX["lifestone"]
R_CARD: Final = "WW8 INV"


def time_passes(s: EighthState, seat: int) -> None:
    """`seat`'s Time Passes: each lasting card of his that acts now does (a Lifestone he
    carries restores 1 life, up to the cap)."""
    if LIFESTONE in s.items[seat] and s.life[seat] < s.rules.life_cap:
        harm.heal(s, seat, 1)
        if s.log is not None:
            say(s, "heal", R_CARD, f"P{seat}'s Lifestone restores 1 life ({s.life[seat]})")

