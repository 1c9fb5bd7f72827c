"""Damage, healing and death in the 8th edition (brief rules 3 and 19, ruling R8-6), and
what a figure bears that changes them: the spells lying on it (`upon`), the items it
carries (`carries`), its armour, fire breaking its magic stones (`hurt`), stun (`stun`).

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

from . import cards, piles, victory
from .state import R_CARD, R_DEATH, R_HARM, R_STUN, EighthState

GOLEM_FORM: Final[int] = cards.INDEX["golem_form"]
MIST_BODY: Final[int] = cards.INDEX["mist_body"]
BLOODSHARD: Final[int] = cards.INDEX["bloodshard"]
BOOMSTONE: Final[int] = cards.INDEX["boomstone"]
BOOM_DAMAGE: Final = 4
MAGIC_STONES: Final[frozenset[int]] = frozenset(
    i for i in range(len(cards.ID)) if "magic_stone" in cards.KEYWORDS_OF[i])
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
            piles.discard_all(s, seat, s.hands[seat])
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
    piles.discard_all(s, seat, ended)
    s.maintained[seat] = [spell for spell in s.maintained[seat] if beside_board(s, spell[0])]
    if s.log is not None and ended:
        say(s, "death", R_DEATH, f"P{seat}'s spells end: {cards.names(ended)}")


def upon(s: EighthState, figure: int, card: int) -> bool:
    """Whether a spell `card` maintained by anyone lies on `figure` (its forms, Invisible)."""
    for spells in s.maintained:
        for held, _, on in spells:
            if held == card and on == figure:
                return True
    return False


def in_play(s: EighthState, card: int) -> bool:
    """Whether anyone maintains a spell `card` (the quick test before asking who: a Big
    Man on every step and every line of sight)."""
    for spells in s.maintained:
        for held, _, _ in spells:
            if held == card:
                return True
    return False


def carries(s: EighthState, figure: int, card: int) -> bool:
    """Whether wizard `figure` carries the item `card`."""
    return figure < s.n and card in s.items[figure]


def armour(s: EighthState, figure: int) -> int:
    """What `figure` takes off every instance of damage: Golem Form 2, a carried Bloodshard 1."""
    return (2 if upon(s, figure, GOLEM_FORM) else 0) + (1 if carries(s, figure, BLOODSHARD) else 0)


def hurt(s: EighthState, figure: int, amount: int, by: int, element: str = "") -> None:
    """`figure` takes `amount` (already reduced); fire breaks the magic stones it carries,
    and a Boomstone among them "goes off in your hands for 4 fire damage to you" (no
    attack's: no kill is credited for it; armour takes its part)."""
    boom = 0
    if element == "fire" and figure < s.n:
        broken = [card for card in s.items[figure] if card in MAGIC_STONES]
        if broken:
            s.items[figure] = [card for card in s.items[figure] if card not in MAGIC_STONES]
            piles.discard_all(s, figure, broken)
            if s.log is not None:
                say(s, "fire", R_CARD, f"fire breaks P{figure}'s {cards.names(broken)}")
            if BOOMSTONE in broken:
                boom = max(0, BOOM_DAMAGE - armour(s, figure))
                if s.log is not None:
                    say(s, "fire", R_CARD, f"P{figure}'s Boomstone goes off in his hands: {boom} fire damage")
    damage(s, figure, amount, by)
    if boom:
        damage(s, figure, boom)


def stun(s: EighthState, figure: int, turns: int) -> None:
    """`figure` gains `turns` stun tokens (rulings R8-4, R8-5)."""
    s.stun[figure] += turns
    if s.log is not None:
        say(s, "stun", R_STUN, f"P{figure} is stunned for {turns} turn{'' if turns == 1 else 's'}")
