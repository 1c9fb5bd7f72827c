"""Every action of Wizards Cup, each with its meaning and its stable id.

The kinds, and the card each names by its catalogue name (docs/web-protocol.md):
"select" a wizard for the six (Cup 0), "place" one in the match's order (Cup 1), "use" or
"decline" a "may" ability (Cup Misc/May), and in the swap edition "swap-out" one of the six,
"swap-in" an unused card for it, or "keep" the six. Each action's `data` is the card's
index, or None.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from wizarena.core import Action
from wizarena.core.actions import ActionTable

from .action_ids import IDS
from .catalogue import NAMES

SELECT_CARD: Final = "select"
PLACE_CARD: Final = "place"
USE_ABILITY: Final = "use"
DECLINE_ABILITY: Final = "decline"
SWAP_OUT_CARD: Final = "swap-out"
KEEP_SIX: Final = "keep"
SWAP_IN_CARD: Final = "swap-in"

CardActions = tuple[Action, ...]  # one action per card, indexed by card


def declare(table: ActionTable, names: Sequence[str]) -> tuple[CardActions, CardActions, Action, Action,
                                                             CardActions, Action, CardActions]:
    """Declare the game's actions for a catalogue of `names`, in their order of old: the
    selections, the placings, use and decline, the swaps out, keeping the six, the swaps in."""
    def each(kind: str, verb: str) -> CardActions:
        return tuple(table.add(kind, f"{verb} {name}", card, card=name) for card, name in enumerate(names))
    select, place = each(SELECT_CARD, "select"), each(PLACE_CARD, "place")
    use, decline = table.add(USE_ABILITY, "use ability"), table.add(DECLINE_ABILITY, "decline ability")
    swap_out = each(SWAP_OUT_CARD, "swap out")
    keep = table.add(KEEP_SIX, "keep my six")
    return select, place, use, decline, swap_out, keep, each(SWAP_IN_CARD, "swap in")


TABLE: Final = ActionTable(IDS)
SELECT_A, PLACE_A, USE, DECLINE, SWAP_OUT_A, KEEP, SWAP_IN_A = declare(TABLE, NAMES)
ACTIONS: Final[tuple[Action, ...]] = TABLE.actions()

USE_DECLINE: Final = [USE, DECLINE]
SELECT_LIST: Final = list(SELECT_A)  # shared; never mutated (only fresh lists are)
