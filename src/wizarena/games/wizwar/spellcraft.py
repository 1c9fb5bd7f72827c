"""Spells that act on other spells: Around the Corner and Reuse Spell (neutrals, range
none), cast through the Negate Neutral window like every neutral (neutrals.py).

Around the Corner: the wizard's next attack spell this turn may trace its line of sight
in two straight legs meeting at the centre of one square (`vision.bent`), each leg a clear
line; `s.bend` names the seat until that spell is cast or the turn ends. Our ruling: the
bend serves spells aimed at a wizard (the ones `stones.spell_sight` checks); a neutral aimed
at a line or a square between uses ordinary sight and does not spend it. A reflected spell
comes back along the same bent line: the returning half needs no sight (combat.py).

Reuse Spell: `s.cast_log` holds the neutrals and counteractions the turn's wizard cast this
turn (every casting path calls `record`). Reusing one lends its card back from the discard
pile into his hand (`s.lent`), so every card, written now or later, is cast again through
its own actions, with a new number card if it takes one; while the lent card is out, the
only legal actions are those that play it (`actions.plays`), and putting it back forgoes it (the card returns
to the discard pile). Attacks and attack-neutrals (Swap) are never in the record; Reuse
Spell does not reuse itself; a counteraction is offered only when it has a use on one's own
turn (escapes such as Teleport and Blink).
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import cards
from .state import WizWarState, holds, one_of

AROUND: Final[int] = cards.INDEX["around_the_corner"]
REUSE: Final[int] = cards.INDEX["reuse_spell"]
CARDS: Final[tuple[int, ...]] = (AROUND, REUSE)
# Every card Reuse Spell could name, for the fixed action table (a "reuse <card>" each).
REUSABLE: Final[tuple[int, ...]] = tuple(
    i for i in range(len(cards.ID)) if cards.KIND[i] in ("neutral", "counteraction") and i != REUSE)


def new_turn(s: WizWarState) -> None:
    s.bend, s.cast_log, s.lent = -1, [], (-1, 0)


def record(s: WizWarState, seat: int, card: int) -> None:
    """`seat` cast a neutral or counteraction: remembered for Reuse Spell if it is his turn."""
    if seat == s.turn and (cards.KIND[card] == "neutral" or cards.KIND[card] == "counteraction"):
        s.cast_log.append(card)


def candidates(s: WizWarState, seat: int) -> list[int]:
    """What Reuse Spell may name for `seat` now: cast this turn, its card still on the discard
    pile, and with something to do on one's own turn."""
    if seat != s.turn:
        return []
    out: list[int] = []
    for c in s.cast_log:
        if one_of(c, REUSABLE) and c not in out and c in s.discard and (cards.KIND[c] == "neutral" or cards.ESCAPE[c]):
            out.append(c)
    return out


def lend(s: WizWarState, seat: int, card: int) -> None:
    """The reused card comes back from the discard pile (its top copy) into the hand."""
    k = len(s.discard) - 1 - s.discard[::-1].index(card)
    s.discard.pop(k)
    s.hands[seat].append(card)
    s.lent = (card, s.hands[seat].count(card))
    if s.log is not None:
        say(s, "neutral", "WW card Reuse Spell", f"P{seat} takes {cards.NAME[card]} back from the discard pile "
            "to cast it again")


def settle(s: WizWarState) -> None:
    """After each action: the lent card was cast (it left the hand), so the loan is over."""
    card, held = s.lent
    if card >= 0 and s.hands[s.turn].count(card) < held:
        s.lent = (-1, 0)


def forgo(s: WizWarState) -> None:
    """The lent card goes unused: back to the discard pile."""
    card = s.lent[0]
    s.lent = (-1, 0)
    if holds(s.hands[s.turn], card):
        s.hands[s.turn].remove(card)
        s.discard.append(card)
        if s.log is not None:
            say(s, "neutral", "WW card Reuse Spell", f"P{s.turn} does not cast {cards.NAME[card]} again: it goes "
                "back to the discard pile")
