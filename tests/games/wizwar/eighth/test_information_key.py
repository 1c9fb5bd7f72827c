"""The 8e information key (eighth/view.information_key): what a seat knows as one int, for
search. Two positions that differ only in what the seat cannot see share it (another hand,
the deck's order, which of another's Booby Trap tokens is the trap); what it is shown, or
what it alone knows, tells them apart."""

from __future__ import annotations

import random

from wizarena import load_game
from wizarena.games.wizwar.eighth import minds
from wizarena.games.wizwar.eighth.setup import deal
from wizarena.games.wizwar.eighth.state import STEALING, Cast, EighthState, copy_state

from ..helpers import check_key_over_a_game

GAME = load_game("wizwar", "8e", players=3)


def swap_hidden(s: EighthState, seat: int) -> EighthState:
    """A twin of `s` in which `seat` holds another card, taken from the deck in exchange."""
    twin = copy_state(s)
    deck = twin.decks[0]
    k = next(i for i, c in enumerate(deck) if c not in twin.hands[seat])
    twin.hands[seat][0], deck[k] = deck[k], twin.hands[seat][0]
    return twin


def test_another_hand_and_the_deck_order_do_not_enter_the_key() -> None:
    s = deal(4, 3, log=False)
    twin = swap_hidden(s, 1)
    twin.decks[0].reverse()
    assert twin.hands[1] != s.hands[1]
    for seat in (0, 2):
        assert GAME.information_key(twin, seat) == GAME.information_key(s, seat)
    assert GAME.information_key(twin, 1) != GAME.information_key(s, 1)  # his own hand


def test_a_discarded_card_changes_the_key_for_everyone() -> None:
    s = deal(4, 3, log=False)
    thrown = copy_state(s)
    thrown.discards[0].append(thrown.hands[1].pop())
    drawn = copy_state(s)  # a card drawn: a hand's size, but not which card
    drawn.hands[1].append(drawn.decks[0].pop())
    other = copy_state(s)
    other.hands[1].append(other.decks[0].pop(0))
    for seat in (0, 2):
        assert GAME.information_key(thrown, seat) != GAME.information_key(s, seat)
        assert GAME.information_key(drawn, seat) == GAME.information_key(other, seat) != GAME.information_key(s, seat)


def test_which_booby_trap_token_is_the_trap_is_its_owner_s_secret() -> None:
    s = deal(4, 3, log=False)
    one, two = copy_state(s), copy_state(s)
    one.traps = [(3, 1, 1), (4, 1, 0)]
    two.traps = [(3, 1, 0), (4, 1, 1)]
    assert GAME.information_key(one, 0) == GAME.information_key(two, 0)
    assert GAME.information_key(one, 1) != GAME.information_key(two, 1)
    assert GAME.information_key(one, 0) != GAME.information_key(s, 0)  # the tokens themselves are public


def test_a_thief_reading_a_hand_knows_it_and_nobody_else_does() -> None:
    """Thought Steal resolved: its caster picks from the hand he reads (STEALING); the third
    wizard sees only that he reads it."""
    s = deal(4, 3, log=False)
    s.follow = Cast(0, minds.THOUGHT_STEAL)
    s.follow.aims = [1]
    s.phase = STEALING
    twin = swap_hidden(s, 1)
    assert GAME.information_key(twin, 0) != GAME.information_key(s, 0)
    assert GAME.information_key(twin, 2) == GAME.information_key(s, 2)
    rng = random.Random(1)
    assert GAME.information_key(GAME.determinize(s, 0, rng), 0) == GAME.information_key(s, 0)
    taken = copy_state(s)   # he took a card: which one, only he and his victim are told
    other = copy_state(s)
    for state, card in ((taken, s.hands[1][0]), (other, s.hands[1][1])):
        minds.steal(state, card)
    assert taken.hands[0] != other.hands[0]
    assert GAME.information_key(taken, 2) == GAME.information_key(other, 2)
    assert GAME.information_key(taken, 0) != GAME.information_key(other, 0)


def test_the_key_agrees_with_determinize_and_the_tensor_over_a_game() -> None:
    check_key_over_a_game(GAME, 3, 300)
