"""The cards in hand (6e 3): drawing one card, the draw pile made anew from the discard
pile, and the hand limit cut down at once by its owner's choice.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import cards, stones
from .state import DISCARD, R_TURN, WizWarState, holds

TRAP: Final[int] = cards.INDEX["trap"]


def draw_card(s: WizWarState) -> int:
    if not s.deck:  # the discard pile, shuffled, becomes the draw pile
        s.deck, s.discard = s.discard, []
        s.rng.shuffle(s.deck)
        if s.log is not None:
            say(s, "draw", R_TURN, "the draw pile is empty: the discard pile is shuffled into a new one")
    return s.deck.pop() if s.deck else -1


def limit(s: WizWarState, seat: int, resume: int) -> None:
    """6e 3: a hand over the limit is cut down at once, by its owner's choice; then
    play goes on in the `resume` phase (NEXT: the next player's turn)."""
    if len(s.hands[seat]) > s.rules.hand_limit and holds(s.hands[seat], stones.BRAINSTONE):
        stones.show(s, seat, stones.BRAINSTONE, f"P{seat}'s hand limit is {stones.BRAIN_LIMIT}")
    limit = stones.hand_limit(s, seat)
    if len(s.hands[seat]) > limit:
        s.resume = resume
        s.deciding = seat
        s.phase = DISCARD
        if s.log is not None:
            say(s, "limit", R_TURN, f"P{seat} holds {len(s.hands[seat])} cards, over the limit of {limit}: "
                "he discards")
