"""Ruling R8 (docs/games/wizwar.md): "a card put back stays back until its wizard does
something else". Aiming is two decisions (the card, then where), and `put it back` takes
the first back; without the ruling a player could take a card up and put it back for ever."""

from __future__ import annotations

from wizarena.core import Action
from wizarena.games.wizwar import cards, neutrals
from wizarena.games.wizwar.actions import MOVES, PUT_BACK, TAKING_UP, THROWS
from wizarena.games.wizwar.game import WizWarGame
from wizarena.games.wizwar.state import AIM, TURN, WizWarState

from .test_throwing import G2, OBJECTS, second_round, with_hand

KEY = neutrals.MASTER_KEY


def offers(s: WizWarState, seat: int) -> list[Action]:
    s.legal_for = -1  # hands dealt by hand: no cached list
    return G2.legal_actions(s, seat)


def taking_up(s: WizWarState, seat: int, card: int) -> list[Action]:
    return [a for a in offers(s, seat) if a.data[0] in TAKING_UP and a.data[1] == card]


def test_ruling_r8_a_card_put_back_stays_back_until_its_wizard_does_something_else() -> None:
    """R8: "the card put back may not be taken up to aim again (cast, used, thrown, struck or
    punched with at a thing) until the turn's wizard does anything other than taking up and
    putting back: a step, ..."; "what he may do with the card is otherwise unchanged"."""
    s = second_round(7)
    q = s.turn
    with_hand(s, q, [KEY])
    s.log = []
    up = taking_up(s, q, KEY)
    assert THROWS[OBJECTS.index(KEY)] in up, "the Master Key may be thrown at a square"
    G2.apply(s, q, up[0])
    assert s.phase == AIM
    G2.apply(s, q, PUT_BACK)
    assert s.phase == TURN and s.put_back == (KEY,)
    assert taking_up(s, q, KEY) == [], "not taken up again at once"
    assert any(a.kind == "discard" for a in offers(s, q)), "still discarded, as before"
    event = s.log[-1]
    assert event.rule == "WW ruling R8" and "Master Key" in event.text and event.to is None
    assert G2.view(s, 1 - q)["put_back"] == ["Master Key"], "taking a card up to aim is public"
    step = next(a for a in offers(s, q) if a in MOVES)
    G2.apply(s, q, step)
    assert s.put_back == () and taking_up(s, q, KEY) == up, "after a step he may take it up again"


def test_ruling_r8_cards_put_back_one_after_another_all_stay_back() -> None:
    """R8: "A run of take-ups and put-backs then puts back each card (and his fist) at most
    once": putting back a second card does not free the first."""
    s = second_round(7)
    q = s.turn
    objects = [c for c in OBJECTS if c != KEY][:2]
    with_hand(s, q, objects)
    for card in objects:
        G2.apply(s, q, taking_up(s, q, card)[0])
        G2.apply(s, q, PUT_BACK)
    assert s.put_back == tuple(objects)
    assert all(taking_up(s, q, c) == [] for c in objects)


def test_ruling_r8_a_player_who_always_takes_up_and_puts_back_still_ends_his_turn() -> None:
    """The loop the ruling closes: a player who takes a card up whenever he can and always
    puts it back runs out of cards to take up, and his turn ends."""
    game = WizWarGame(None, 2)
    s = game.new_state(3)
    q = s.turn
    with_hand(s, q, [c for c in range(len(cards.ID)) if cards.OBJECT[c]][:4])
    for _ in range(50):
        if s.turn != q:
            break
        legal = game.legal_actions(s, s.turn)
        seat = s.turn
        chosen = PUT_BACK if PUT_BACK in legal else next(
            (a for a in legal if a.data[0] in TAKING_UP), next(a for a in legal if a.kind == "end-turn"))
        game.apply(s, seat, chosen)
    assert s.turn != q, "the turn moved on"
