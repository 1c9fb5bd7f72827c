"""Why a cast is refused (issue 27, "Why not?"): Wizards of Mickey names the Wizard and the
card in the way (a Block, a cast already made, a card not in hand, a Magic Power limit),
with the rule, and nothing of the opponent's hand."""

from __future__ import annotations

import random

import wizarena
from tests.games.refusals import found, refused
from wizarena.games.mickey.actions import CAST_UP, POS
from wizarena.games.mickey.state import CHALLENGE

GAME = wizarena.load_game("mickey/mini")


def test_a_blocked_wizard_cannot_cast_and_the_refusal_says_so() -> None:
    """9.3 Block: "The targeted Wizards cannot cast Magics while the Block's Magic is in
    play with effect"."""
    state, seat = found(GAME, lambda s, q: s.phase == CHALLENGE and s.blocked[q] and s.hand[q] and not s.passed[q]
                         and s.forced[q] is None
                         and any(s.blocked[q] >> w & 1 and s.up[q][w] is None and s.down[q][w] is None
                                 for w in range(3)))
    w = next(w for w in range(3) if state.blocked[seat] >> w & 1 and state.up[seat][w] is None)
    card = state.hand[seat][0]
    refusal = refused(GAME, state, seat, CAST_UP[card][w].text)
    assert f"your {POS[w]} Wizard is Blocked" in refusal.reason and refusal.rule == "WoM 9.3"


def test_a_card_not_in_hand_and_a_wizard_that_has_cast() -> None:
    """8.3: each Wizard casts one Magic a challenge, from its player's hand."""
    state, seat = found(GAME, lambda s, q: s.phase == CHALLENGE and not s.passed[q] and s.forced[q] is None
                         and s.up[q][0] is not None and s.hand[q])
    held = state.hand[seat][0]
    assert "has already cast this challenge" in refused(GAME, state, seat, CAST_UP[held][0].text).reason
    missing = next(c for c in range(len(CAST_UP)) if CAST_UP[c][0] is not None and c not in state.hand[seat])
    for w in (1, 2):
        if state.up[seat][w] is None and state.down[seat][w] is None:
            refusal = refused(GAME, state, seat, CAST_UP[missing][w].text)
            assert refusal.reason.endswith(f"you hold no {CAST_UP[missing][w].fields['card']}")
            assert refusal.rule == "WoM 8.3"


def test_a_refusal_says_nothing_of_the_opponent_s_hand() -> None:
    """The same explanation whatever the opponent holds (determinize deals his hand again)."""
    state, seat = found(GAME, lambda s, q: s.phase == CHALLENGE and s.hand[q] and not s.passed[q])
    other = GAME.determinize(state, seat, random.Random(1))
    for action in GAME.actions:
        if action not in GAME.legal_actions(state, seat) and action.kind in ("cast", "hide", "pass"):
            assert GAME.explain(state, seat, action.text) == GAME.explain(other, seat, action.text)
