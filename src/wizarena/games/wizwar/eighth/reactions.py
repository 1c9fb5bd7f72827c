"""Reactive cards (ruling R8-9): Fool's Gold and Ward, played out of turn the moment a
wizard lifts a treasure. They are not attacks (evasion does not answer them), but a counter
that cancels a spell aimed at the picker does.

When a treasure is picked up (treasures.pick_up), every other living player is asked in
turn order, whatever he holds, so that being asked tells nothing of a hand; one who holds
a card that applies may cast it then, at the picker, and its answers follow as for any
cast. Then the picker's Discard & Draw begins, as the pick-up had already ended his Move &
Cast (or his Move & Cast goes on, when Extra Arms lifted it without ending it).
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import cards, harm, treasures
from .spells import FIGURE, Spell
from .state import DISCARD_AND_DRAW, REACTING, Cast, EighthState

R_REACT: Final = "WW8 ruling R8-9"
FOOLS_GOLD: Final[int] = cards.INDEX["fools_gold"]
WARD: Final[int] = cards.INDEX["ward"]
STING: Final = 3   # both cards' magical damage
NO_TRIGGER: Final = (-1, -1, -1, DISCARD_AND_DRAW)


def lifted(s: EighthState, picker: int, t: int, square: int, then: int = DISCARD_AND_DRAW) -> None:
    """`picker` has lifted treasure `t` from `square`: the others are asked in turn, and
    then play goes on with `then`."""
    s.reacting = [(picker + k) % s.n for k in range(1, s.n) if (picker + k) % s.n not in s.out]
    s.trigger = (picker, t, square, then)
    if s.reacting:
        s.phase = REACTING


def springs(s: EighthState, seat: int) -> list[int]:
    """The reactive cards `seat` may spring now, each kind once: Fool's Gold when the
    treasure lay in his home sector, Ward when the treasure is his."""
    picker, t, square, _ = s.trigger
    out: list[int] = []
    for card in s.hands[seat]:
        if card in out or seat == picker:
            continue
        if card == FOOLS_GOLD and s.map.sector_of(square) == seat or card == WARD and t // treasures.EACH == seat:
            out.append(card)
    return out


def let_be(s: EighthState, seat: int) -> None:
    """`seat` springs nothing: the next is asked, or the picker's Discard & Draw begins."""
    s.reacting.pop(0)
    s.phase = done(s)


def done(s: EighthState) -> int:
    """The phase after an answer or a reactive cast: more seats to ask, or (the trigger
    forgotten) what the pick-up left the picker to do: his Discard & Draw, as a rule."""
    if s.reacting:
        return REACTING
    then = s.trigger[3]
    s.trigger = NO_TRIGGER
    return then


def _the_picker(s: EighthState, cast: Cast) -> list[int]:
    """A reactive card aims at the picker, and only while a pick-up is being reacted to."""
    return [] if cast.aims or s.trigger[0] < 0 else [s.trigger[0]]


def _sting(s: EighthState, cast: Cast) -> int:
    """The card's 3 magical damage to the picker (not an attack: no kill is credited, R8-6;
    the picker's protections still count)."""
    picker = cast.aims[0]
    dealt = max(0, STING - harm.armour(s, picker))
    if s.log is not None:
        say(s, "react", R_REACT, f"P{cast.seat}'s {cards.NAME[cast.card]} springs on P{picker}: {dealt} damage")
    harm.hurt(s, picker, dealt, -1)
    return dealt


def _fools_gold(s: EighthState, cast: Cast) -> None:
    _sting(s, cast)


def _ward(s: EighthState, cast: Cast) -> None:
    """Ward: the sting, then a d4: on 1 or 2 the treasure slips from him into his square."""
    _sting(s, cast)
    picker = cast.aims[0]
    roll = s.rng.below(4) + 1
    slips = roll <= 2 and s.carried[picker] >= 0
    if s.log is not None:
        say(s, "react", R_REACT, f"P{picker} rolls {roll}" + (": the treasure slips from him" if slips else ""))
    if slips:
        treasures.drop(s, picker)


SPELLS: Final[dict[int, Spell]] = {
    FOOLS_GOLD: Spell(FIGURE, _the_picker, _fools_gold, attack=False),
    WARD: Spell(FIGURE, _the_picker, _ward, attack=False),
}
