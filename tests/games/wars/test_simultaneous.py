"""Wizard Wars' set-up is simultaneous (ruling R10): "Each player takes up to 2 mulligans"
and "Players roll the common mana dice and place their allied mana dice with the desired
faces up" (Wars Starting the Game). Whatever the first player does, the second observes
the same before its own choice: not the cards, not the count, not whether it is done."""

from __future__ import annotations

import wizarena

from ...core.support import assert_later_seat_learns_nothing, observed

GAME = wizarena.load_game("wars")


def test_wars_starting_the_game_mulligans_are_secret_until_both_are_done():
    for seed in range(3):
        s = GAME.new_state(seed)
        assert GAME.view(s, None)["phase"] == "mulligan"
        for earlier in (0, 1):
            # keep, one mulligan of any card then keep, or two mulligans: every way
            assert assert_later_seat_learns_nothing(GAME, s, earlier) > 20


def test_wars_starting_the_game_allied_dice_are_secret_until_both_are_set():
    for seed in range(3):
        s = GAME.new_state(seed)
        for seat in (0, 1):
            GAME.apply(s, seat, GAME.parse_action(s, seat, "keep"))
        assert GAME.view(s, None)["phase"] == "dice"
        for earlier in (0, 1):
            assert assert_later_seat_learns_nothing(GAME, s, earlier) == 6 ** 3


def test_wars_round_transition_mulligans_are_secret_too():
    """"players draw three cards from the top of their deck and take two mulligans"
    (Wars Round Transition): the same simultaneous decision, in round 2."""
    s = GAME.new_state(4)
    while GAME.view(s, None)["round"] < 2 and GAME.to_act(s):
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        GAME.apply(s, seat, next((a for a in legal if a.text == "pass"), legal[0]))
    assert GAME.view(s, None)["phase"] == "mulligan"
    for earlier in (0, 1):
        assert assert_later_seat_learns_nothing(GAME, s, earlier) > 20
    # what the other took is told once both are done
    GAME.apply(s, 0, GAME.legal_actions(s, 0)[0])
    GAME.apply(s, 0, GAME.parse_action(s, 0, "keep"))
    quiet = observed(GAME, s, 1)
    GAME.apply(s, 1, GAME.parse_action(s, 1, "keep"))
    texts = [e.text for e in GAME.events(s, 1)]
    assert "P0 took 1 mulligan: drew as many cards, and the pile went to the bottom of the deck" in texts
    assert observed(GAME, s, 1) != quiet
