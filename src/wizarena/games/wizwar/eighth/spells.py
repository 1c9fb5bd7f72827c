"""What a card does when it is cast or used: one `Spell` per card, in a table keyed by
card index that the card modules fill (combat.py, counters.py ...). The rules of casting
(attacking.py) read only this table, so a card's behaviour is one small entry and a new
card touches no rule.

A cast goes: the card, then its energy (brief rule 15), then what it is aimed at, one
pick at a time (`picks` offers the next; a card may take several, as Fire Darts' darts),
then the answers, then `resolve`. An entry says:

- `aim`: what its picks are (FIGURE, SQUARE, LINE, HEADING, SPELL, HAND; NO_AIM for none);
- `picks(s, cast)`: what may be picked next, [] when the aiming is over;
- `resolve(s, cast)`: what it does once no answer stopped it;
- `attack`: it is the turn's attack (brief rule 11; type "attack" in the card data);
- `item`: it is an item used from the play area (a weapon, a stone), not cast from the
  hand; its `resolve` says where it goes afterwards (kept, thrown, spent);
- `powered`: a card may be discarded for its energy (spells; the Wizardblade, which must);
- `stays`: after resolving it stays in play as a maintained spell (temporary: with its
  energy in tokens; permanent: until ended), else it goes to the discard pile.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, final

from .state import FIGURE, HAND, HEADING, LINE, NO_AIM, SPELL, SQUARE, Cast, EighthState

__all__ = ["FIGURE", "HAND", "HEADING", "LINE", "NO_AIM", "SPELL", "SQUARE", "Spell", "one_pick", "nothing_to_pick"]


Picks = Callable[[EighthState, Cast], list[int]]
Resolve = Callable[[EighthState, Cast], None]


def nothing_to_pick(s: EighthState, cast: Cast) -> list[int]:
    """The picks of a card that is not aimed."""
    return []


@final
class Spell:
    """One card's behaviour (see the module's docstring)."""

    __slots__ = ("aim", "picks", "resolve", "attack", "item", "stays", "powered")

    def __init__(self, aim: int, picks: Picks, resolve: Resolve, *, attack: bool, item: bool = False,
                 stays: bool = False, powered: bool | None = None) -> None:
        self.aim: Final = aim
        self.picks: Final = picks
        self.resolve: Final = resolve
        self.attack: Final = attack
        self.item: Final = item
        self.stays: Final = stays
        self.powered: Final = not item if powered is None else powered


def one_pick(choices: Callable[[EighthState, int], list[int]]) -> Picks:
    """The picks of a card aimed at one thing: `choices(s, seat)` until one is picked."""

    def picks(s: EighthState, cast: Cast) -> list[int]:
        return [] if cast.aims else choices(s, cast.seat)

    return picks
