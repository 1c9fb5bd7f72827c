"""Items lying on the board and carried (brief rule 18): items are public, face up in the
carrier's play area, and count toward his hand limit; a dropped item is a marker in its
square. Picking one up costs 1 movement point and Move & Cast goes on (under Heavy Items
it ends, as a treasure's pick-up does); dropping one costs nothing.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from ..places import square_name
from . import cards, treasures, upkeep, weather
from .state import DISCARD_AND_DRAW, GRAB_ITEM, GRAB_TREASURE, R_PICK_UP, EighthState

HEAVY_ITEMS: Final = "heavy_items"


def loose_items(s: EighthState, square: int) -> list[int]:
    """The items lying in `square` that no Glue holds, each kind once."""
    out: list[int] = []
    for at, card in s.floor:
        if at == square and card not in out and not treasures.glued(s, square, GRAB_ITEM + card):
            out.append(card)
    return out


def carried_picks(s: EighthState, figure: int, treasure: bool) -> list[int]:
    """What wizard `figure` carries in the open, as a card's picks: his treasure
    (GRAB_TREASURE + it, when `treasure`) and each kind of item (GRAB_ITEM + the card)."""
    out = [GRAB_TREASURE + s.carried[figure]] if treasure and s.carried[figure] >= 0 else []
    for card in s.items[figure]:
        if GRAB_ITEM + card not in out:
            out.append(GRAB_ITEM + card)
    return out


def takeable(s: EighthState, seat: int) -> list[int]:
    """The items lying in `seat`'s square he may pick up now, each kind once: one movement
    point each; none that a Glue holds."""
    if s.moves <= 0 or weather.in_play(s, weather.GRAVITY):
        return []
    return loose_items(s, s.pos[seat])


def take(s: EighthState, seat: int, card: int) -> None:
    """He picks up `card` from his square (legal: `takeable` offered it)."""
    s.floor.remove((s.pos[seat], card))
    s.items[seat].append(card)
    s.moves -= 1
    upkeep.settle_speed(s, seat)  # a Speedstone
    heavy = HEAVY_ITEMS in s.options
    if heavy:
        s.phase = DISCARD_AND_DRAW
    if s.log is not None:
        say(s, "item", R_PICK_UP, f"P{seat} picks up {cards.NAME[card]} for a movement point"
            + (": under Heavy Items his move and cast end" if heavy else ""))


def drop(s: EighthState, seat: int, card: int) -> None:
    """He puts down an item he carries; it lies in his square as a marker."""
    s.items[seat].remove(card)
    s.floor.append((s.pos[seat], card))
    upkeep.settle_speed(s, seat)  # a Speedstone
    if s.log is not None:
        say(s, "item", R_PICK_UP, f"P{seat} drops {cards.NAME[card]} on {square_name(s.map.asm, s.pos[seat])}")
