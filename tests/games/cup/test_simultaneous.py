"""Cup's simultaneous decisions, choice by choice: "each player secretly picks five more"
(Cup 0 Selection), "both players secretly order five of their six" (Cup 1 Order of Match),
and the Western editions' swap "each player may secretly swap one card" (Cup Variant/Swap).
Whatever the first seat chooses, the second observes the same before its own choice."""

from __future__ import annotations

import wizarena

from ...core.support import assert_later_seat_learns_nothing

GAME = wizarena.load_game("cup")
SWAP = wizarena.load_game("cup/swap")


def _to_phase(game, seed: int, phase: str):
    s = game.new_state(seed)
    while game.view(s, None)["phase"] != phase:
        seat = game.to_act(s)[0]
        game.apply(s, seat, game.legal_actions(s, seat)[0])
    return s


def test_cup_0_selection_each_player_secretly_picks_five_more():
    for seed in range(3):
        s = GAME.new_state(seed)
        for earlier in (0, 1):
            assert assert_later_seat_learns_nothing(GAME, s, earlier, limit=200) == 200


def test_cup_1_order_of_match_both_players_secretly_order_five_of_their_six():
    for seed in range(3):
        s = _to_phase(GAME, seed, "order")
        for earlier in (0, 1):
            assert assert_later_seat_learns_nothing(GAME, s, earlier, limit=720) == 6 * 5 * 4 * 3 * 2


def test_cup_variant_swap_keeping_or_swapping_looks_the_same_to_the_other_player():
    """Keep, or swap any of six for any of the twelve unused: 73 ways, one observation."""
    for seed in range(3):
        s = _to_phase(SWAP, seed, "swap")
        for earlier in (0, 1):
            assert assert_later_seat_learns_nothing(SWAP, s, earlier) == 1 + 6 * 12
        # ...and half-way through a swap (a card chosen to go out) looks like not started.
        half = SWAP.clone(s)
        SWAP.apply(half, 0, SWAP.legal_actions(half, 0)[0])
        from ...core.support import observed
        assert observed(SWAP, half, 1) == observed(SWAP, s, 1)
