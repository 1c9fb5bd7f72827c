"""Cup's simultaneous decisions, choice by choice, from the rulebook's sentences:
"(2) Select 5 of your remaining Wizard cards without letting the other player see the
contents." (Cup 0 Selection); "Each player chooses 5 out of the 6 Wizard cards selected
during "0. Selection"." (Cup 1 Order of Match); and the Western editions' swap, which the
rulebook does not print (docs/games/cup.md, Cup Variant/Swap: "both players at once and in
secret may swap one of their six"). Whatever the first seat chooses, the second observes
the same before its own choice."""

from __future__ import annotations

import wizarena

from ...core.support import assert_later_seat_learns_nothing, observed

GAME = wizarena.load_game("cup")
SWAP = wizarena.load_game("cup/swap")


def _to_phase(game, seed: int, phase: str):
    s = game.new_state(seed)
    while game.view(s, None)["phase"] != phase:
        seat = game.to_act(s)[0]
        game.apply(s, seat, game.legal_actions(s, seat)[0])
    return s


def test_cup_0_selection_select_5_without_letting_the_other_player_see():
    for seed in range(3):
        s = GAME.new_state(seed)
        for earlier in (0, 1):
            assert assert_later_seat_learns_nothing(GAME, s, earlier, limit=200) == 200


def test_cup_1_order_of_match_each_player_chooses_5_out_of_the_6():
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
        assert observed(SWAP, half, 1) == observed(SWAP, s, 1)
