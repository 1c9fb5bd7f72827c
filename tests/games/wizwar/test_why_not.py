"""Why a walk, an attack, a treasure or a card is refused on a 6e turn (issue 27, "Why
not?"): each refusal names the reason in the player's terms and cites its rule; a square
that does not exist is test_text.py's; and nothing of what the seat cannot see."""

from __future__ import annotations

import random

import wizarena
from tests.games.refusals import refused
from wizarena.games.wizwar import cards
from wizarena.games.wizwar.state import WizWarState

GAME = wizarena.load_game("wizwar", players=2)
FIREBALL = cards.ID.index("fireball")


def _turn(round_: int = 2) -> tuple[WizWarState, int]:
    """Seed 4's opening position, P1 to take his turn, in round `round_`."""
    s = GAME.new_state(4)
    s.round = round_
    s.legal_for = -1  # the position was changed by hand: nothing legal is known yet
    return s, GAME.to_act(s)[0]


def test_ww_6e_4_no_squares_left_to_walk() -> None:
    """6e 4: a wizard walks up to his squares a turn, farther with a NUMBER card once."""
    s, me = _turn()
    s.moves = 0
    refusal = refused(GAME, s, me, "move N")
    assert "no squares left to walk" in refusal.reason and refusal.rule == "WW 6e 4"


def test_ww_6e_4_a_wall_in_the_way() -> None:
    s, me = _turn()
    shut = next(a.text for a in GAME.actions if a.kind == "move" and a not in GAME.legal_actions(s, me))
    refusal = refused(GAME, s, me, shut)
    assert f"the way {shut[-1]} is shut" in refusal.reason and refusal.rule == "WW 6e 4"


def test_ww_6e_3_one_attack_a_turn_and_none_in_the_first_round() -> None:
    """6e 3: one attack a turn, and none in the first round of turns."""
    s, me = _turn(round_=1)
    refusal = refused(GAME, s, me, f"punch P{1 - me}")
    assert refusal.reason.endswith("no one attacks in the first round of turns") and refusal.rule == "WW 6e 3"
    s, me = _turn()
    s.attacked = True
    refusal = refused(GAME, s, me, f"cast Fireball at P{1 - me}")
    assert "this turn's attack already" in refusal.reason and refusal.rule == "WW 6e 6"


def test_ww_6e_6_a_punch_reaches_one_s_own_square_and_a_spell_needs_the_card() -> None:
    s, me = _turn()
    refusal = refused(GAME, s, me, f"punch P{1 - me}")
    assert "not in your square" in refusal.reason and refusal.rule == "WW 6e 6"
    s.hands[me] = [c for c in s.hands[me] if c != FIREBALL]
    s.legal_for = -1
    refusal = refused(GAME, s, me, f"cast Fireball at P{1 - me}")
    assert refusal.reason.endswith("you hold no Fireball") and refusal.rule == "WW 6e 6"


def test_ww_6e_8_a_spell_needs_its_target_in_sight() -> None:
    s, me = _turn()
    s.hands[me] = [FIREBALL]
    refusal = refused(GAME, s, me, f"cast Fireball at P{1 - me}")
    assert refusal.reason.endswith(f"P{1 - me} is not in your line of sight") and refusal.rule == "WW 6e 8"


def test_ww_6e_9_treasures() -> None:
    s, me = _turn()
    refusal = refused(GAME, s, me, "drop the treasure")
    assert refusal.reason.endswith("you carry no treasure") and refusal.rule == "WW 6e 9"
    refusal = refused(GAME, s, me, "pick up the treasure")
    assert refusal.reason.endswith("there is no treasure in your square") and refusal.rule == "WW 6e 9"


def test_out_of_turn_the_phase_is_named() -> None:
    s, me = _turn()
    other = 1 - me
    refusal = refused(GAME, s, other, "move N")
    assert "not your turn" in refusal.reason


def test_a_refusal_says_nothing_of_what_the_seat_cannot_see() -> None:
    """The reasons read the seat's own hand and the board: the same in every deal of the
    cards he cannot see."""
    s, me = _turn()
    other = GAME.determinize(s, me, random.Random(3))
    for action in GAME.actions[:600]:
        if action not in GAME.legal_actions(s, me):
            assert GAME.explain(s, me, action.text) == GAME.explain(other, me, action.text), action.text
