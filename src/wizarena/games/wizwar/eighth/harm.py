"""Damage, healing and death in the 8th edition (brief rules 3 and 19, ruling R8-6).

Life starts at 15 and never rises above 20; at 0 or less a wizard dies and his player is
out. All of one event's damage is dealt before anything is decided (`settle`): then each
dead wizard's treasure and carried items drop as markers in his square, his maintained
spells end, and his hand goes to the player whose own attack killed him, who scores a
victory point for it, or else to the discard pile. If every wizard left died of the one
event, nobody wins.

Under Permanent Creations a created object's card lies beside the board, not among its
maker's spells in play (`beside_board`): it counts toward no hand limit, no one ends it
to come within one, Dispel cannot choose it, and it outlives its maker; it goes only when
its object is destroyed.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import cards, victory
from .state import R_DEATH, R_HARM, EighthState

PERMANENT_CREATIONS: Final = "permanent_creations"
# The cards that make an object (not a creature: the Homunculus; not a wall that stands for
# one attack only: Wall of Earth).
OBJECT_MAKERS: Final[frozenset[int]] = frozenset(
    i for i in range(len(cards.ID)) if "creation" in cards.KEYWORDS_OF[i] and cards.DURATION[i] != "instant"
    and cards.ID[i] != "homunculus")


def beside_board(s: EighthState, card: int) -> bool:
    """Whether the maintained `card` is a created object's card lying beside the board
    (Permanent Creations) rather than a spell in its maker's play area."""
    return card in OBJECT_MAKERS and PERMANENT_CREATIONS in s.options


def damage(s: EighthState, figure: int, amount: int, by: int = -1) -> None:
    """`figure` takes `amount` damage; `by` is the seat whose own attack dealt it (-1: a
    curse's tick, a trap, a falling wall, anything that earns no kill). A wizard brought
    to 0 or less is dying until the event is settled."""
    if amount <= 0:
        return
    s.life[figure] -= amount
    if s.log is not None:
        say(s, "damage", R_HARM, f"P{figure} takes {amount} damage ({s.life[figure]} life)")
    if figure < s.n and s.life[figure] <= 0 and all(seat != figure for seat, _ in s.dying):
        s.dying.append((figure, by))


def heal(s: EighthState, figure: int, amount: int) -> None:
    """`figure` gains life, never above the cap (20)."""
    s.life[figure] = min(s.rules.life_cap, s.life[figure] + amount)


def settle(s: EighthState) -> None:
    """Decide the deaths of the event just over (R8-6), then who has won. A killer's hand
    may now be over its limit: the caller has him discard (turn.over_limit)."""
    dying, s.dying = s.dying, []
    if not dying:
        return
    alive_before = [q for q in range(s.n) if q not in s.out]
    for seat, killer in dying:
        _leave_things(s, seat)
        if killer >= 0 and killer != seat and killer not in [q for q, _ in dying]:
            s.hands[killer] += s.hands[seat]
            if s.log is not None:
                say(s, "death", R_DEATH, f"P{seat} is dead: P{killer}, whose attack killed him, takes his hand "
                    f"({len(s.hands[seat])} cards)")
        else:
            s.discard += s.hands[seat]
            if s.log is not None:
                say(s, "death", R_DEATH, f"P{seat} is dead: his hand is discarded")
        s.hands[seat] = []
    for seat, killer in dying:
        if killer >= 0 and killer != seat and s.result is None and killer not in [q for q, _ in dying]:
            victory.score(s, killer, f"kills P{seat}")
    dead = [seat for seat, _ in dying]
    if all(q in dead for q in alive_before):
        for seat in dead:
            s.out.append(seat)
        victory.finish(s, (), "every wizard left died at once: nobody wins", R_DEATH)
        return
    for seat in dead:
        victory.eliminate(s, seat)


def _leave_things(s: EighthState, seat: int) -> None:
    """His treasure and items drop as markers in his square; his maintained spells end."""
    here = s.pos[seat]
    if s.carried[seat] >= 0:
        s.treasure_at[s.carried[seat]] = here
        s.carried[seat] = -1
    s.floor += [(here, card) for card in s.items[seat]]
    s.items[seat] = []
    ended = [card for card, _, _ in s.maintained[seat] if not beside_board(s, card)]
    s.discard += ended
    s.maintained[seat] = [spell for spell in s.maintained[seat] if beside_board(s, spell[0])]
    if s.log is not None and ended:
        say(s, "death", R_DEATH, f"P{seat}'s spells end: {cards.names(ended)}")
