"""The 6e information key (view.information_key): what a seat knows as one int, for search.
Two positions that differ only in what the seat cannot see share it; what it is shown, or
what it alone knows, tells them apart."""

from __future__ import annotations

from wizarena.games.wizwar import stones
from wizarena.games.wizwar.game import WizWarGame
from wizarena.games.wizwar.illusions import BELIEVES, DOUBTS, WALKED
from wizarena.games.wizwar.state import WizWarState, copy_state

from .helpers import check_key_over_a_game

GAME = WizWarGame(None, 3)


def swap_hidden(s: WizWarState, seat: int) -> WizWarState:
    """A twin of `s` in which `seat` holds another card, taken from the deck in exchange
    (a card of a kind he does not hold, so that the hands really differ)."""
    twin = copy_state(s)
    k = next(i for i, c in enumerate(twin.deck) if c not in twin.hands[seat])
    twin.hands[seat][0], twin.deck[k] = twin.deck[k], twin.hands[seat][0]
    return twin


def test_another_hand_and_the_deck_order_do_not_enter_the_key() -> None:
    s = GAME.new_state(5, log=False)
    twin = swap_hidden(s, 1)
    twin.deck.reverse()
    assert twin.hands[1] != s.hands[1]
    for seat in (0, 2):   # they see neither seat 1's hand nor the deck
        assert GAME.information_key(twin, seat) == GAME.information_key(s, seat)
    assert GAME.information_key(twin, 1) != GAME.information_key(s, 1)  # his own hand


def test_a_card_shown_or_discarded_changes_the_key_for_everyone() -> None:
    s = GAME.new_state(5, log=False)
    shown = copy_state(s)   # a stone in seat 1's hand, shown face up once it acted (stones.py)
    shown.hands[1][0] = stones.SPEEDSTONE
    hidden = copy_state(shown)
    shown.shown[1].append(stones.SPEEDSTONE)
    assert GAME.information_key(shown, 0) != GAME.information_key(hidden, 0)
    thrown = copy_state(s)  # a card of seat 1's goes to the discard pile, face up
    thrown.discard.append(thrown.hands[1].pop())
    assert GAME.information_key(thrown, 0) != GAME.information_key(s, 0)
    drawn = copy_state(s)   # a card drawn: another hand's size, but not which card
    drawn.hands[1].append(drawn.deck.pop())
    other = copy_state(s)
    other.hands[1].append(other.deck.pop(0))
    assert GAME.information_key(drawn, 0) == GAME.information_key(other, 0) != GAME.information_key(s, 0)


def test_an_illusion_roll_is_known_to_its_roller_alone() -> None:
    s = GAME.new_state(5, log=False)
    wall = 1
    believes, doubts, walked = (copy_state(s) for _ in range(3))
    believes.belief[1] = [wall << 3 | BELIEVES]
    doubts.belief[1] = [wall << 3 | DOUBTS]
    walked.belief[1] = [wall << 3 | WALKED]   # he walked through it, in everyone's sight
    assert GAME.information_key(believes, 0) == GAME.information_key(doubts, 0)
    assert GAME.information_key(believes, 1) != GAME.information_key(doubts, 1)
    assert GAME.information_key(walked, 0) != GAME.information_key(doubts, 0)
    assert GAME.information_key(believes, 0) != GAME.information_key(s, 0)  # that he rolled is public


def test_the_key_agrees_with_determinize_and_the_tensor_over_a_game() -> None:
    """Every position of a random game: a determinization keeps the key, and one key never
    stands for two tensors; positions that differ on the board differ in key."""
    check_key_over_a_game(GAME, 3, 300)


def test_the_board_part_is_remembered_but_never_trusted() -> None:
    """The labyrinth's part of the key is kept between asks (MapState.content_key); a change
    made straight to its lists, as a test or a scenario editor makes one, still shows."""
    s = GAME.new_state(5, log=False)
    before = GAME.information_key(s, 0)
    assert GAME.information_key(s, 0) == before
    s.map.hp[next(e for e in range(len(s.map.hp)) if s.map.hp[e] > 1)] -= 1
    after = GAME.information_key(s, 0)
    assert after != before
    assert GAME.information_key(copy_state(s), 0) == after
