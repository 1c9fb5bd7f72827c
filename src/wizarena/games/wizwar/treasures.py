"""Treasures and objects (6e 9): picking one up ends the turn; dropping one does not.
"""

from __future__ import annotations

from wizarena.core import say

from . import cards, hands, stones, victory
from .places import square_name
from .state import ENDING, R_TREASURE, TREASURES, WizWarState


def treasure_here(s: WizWarState, square: int) -> int:
    for t, at in enumerate(s.treasure_at):
        if at == square:
            return t
    return -1


def pick_up(s: WizWarState, seat: int) -> None:
    t = treasure_here(s, s.pos[seat])
    s.treasure_at[t] = -1
    s.carried[seat] = t
    s.ended = True
    s.phase = ENDING
    if s.log is not None:
        owner = "his own" if t // TREASURES == seat else f"P{t // TREASURES}'s"
        say(s, "treasure", R_TREASURE, f"P{seat} picks up {owner} treasure; picking up ends the turn")
    victory.check_end(s)


def drop(s: WizWarState, seat: int) -> None:
    t = s.carried[seat]
    s.carried[seat] = -1
    s.treasure_at[t] = s.pos[seat]
    if s.log is not None:
        say(s, "treasure", R_TREASURE, f"P{seat} drops P{t // TREASURES}'s treasure on "
            f"{square_name(s.map.asm, s.pos[seat])}")
    victory.check_end(s)


def pick_up_object(s: WizWarState, seat: int, card: int) -> None:
    s.floor.remove((s.pos[seat], card))
    s.hands[seat].append(card)
    s.ended = True
    s.phase = ENDING
    if s.log is not None:
        say(s, "object", R_TREASURE, f"P{seat} picks up {cards.NAME[card]}; picking up ends the turn")
    hands.limit(s, seat, ENDING)


def drop_object(s: WizWarState, seat: int, card: int) -> None:
    s.hands[seat].remove(card)
    stones.forget(s, seat)
    s.floor.append((s.pos[seat], card))
    if s.log is not None:
        say(s, "object", R_TREASURE, f"P{seat} drops {cards.NAME[card]} on {square_name(s.map.asm, s.pos[seat])}")
    hands.limit(s, seat, s.phase)  # 6e 3: a Brainstone dropped takes its higher limit with it
