"""Why a play is refused (issue 27, "Why not?"): Wizard Wars names the card not in hand,
the mana die its cost needs, the card already played this turn, with the rule; and says
nothing of the opponent's hand."""

from __future__ import annotations

import random

import wizarena
from tests.games.refusals import found, refused
from wizarena.games.wars.actions import K_LEFT, K_PLAY, LEFT_A, PLAY_A
from wizarena.games.wars.cards import COST, NAMES
from wizarena.games.wars.mana import can_expend
from wizarena.games.wars.state import MAIN

GAME = wizarena.load_game("wars")


def _unpaid(s: object, seat: int) -> int:
    """A tactic in `seat`'s hand whose cost no die shows, or -1 (the collection's costs are
    on tactics)."""
    for i in s.hand[seat]:
        c = s.card[i]
        if PLAY_A[c].data[0] == K_PLAY and COST[c] >= 0 and not can_expend(s, seat, COST[c]):
            return c
    return -1


def test_a_card_whose_mana_no_die_shows() -> None:
    """Wars Mana: a card's cost is a die of its colour expended; none shows it, no play."""
    state, seat = found(GAME, lambda s, q: s.phase == MAIN and s.cur == q and not s.did and _unpaid(s, q) >= 0)
    card = _unpaid(state, seat)
    refusal = refused(GAME, state, seat, PLAY_A[card].text)
    assert f"{NAMES[card]} costs a" in refusal.reason and "mana die" in refusal.reason
    assert refusal.rule == "Wars Mana"


def test_a_card_not_in_hand_and_a_second_play() -> None:
    """Wars Playing the Game: one card a turn, from the hand."""
    state, seat = found(GAME, lambda s, q: s.phase == MAIN and s.cur == q and not s.did)
    held = {state.card[i] for i in state.hand[seat]}
    missing = next(c for c in range(len(LEFT_A)) if LEFT_A[c].data[0] == K_LEFT and c not in held)
    refusal = refused(GAME, state, seat, LEFT_A[missing].text)
    assert refusal.reason.endswith(f"you hold no {NAMES[missing]}") and refusal.rule == "Wars Playing the Game"
    state, seat = found(GAME, lambda s, q: s.phase == MAIN and s.cur == q and s.did
                         and any(LEFT_A[s.card[i]].data[0] == K_LEFT for i in s.hand[q]))
    card = next(state.card[i] for i in state.hand[seat] if LEFT_A[state.card[i]].data[0] == K_LEFT)
    assert "this turn already" in refused(GAME, state, seat, LEFT_A[card].text).reason


def test_a_refusal_says_nothing_of_the_opponent_s_hand() -> None:
    state, seat = found(GAME, lambda s, q: s.phase == MAIN and s.cur == q)
    other = GAME.determinize(state, seat, random.Random(2))
    for action in GAME.actions:
        if action not in GAME.legal_actions(state, seat):
            assert GAME.explain(state, seat, action.text) == GAME.explain(other, seat, action.text)
