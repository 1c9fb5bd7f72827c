"""Why a step, punch or cast is refused in Wiz-War 8e (issue 27, "Why not?"): the
movement points, the turn's one attack, the first round, the way shut, the card not held,
each with its rule; and nothing of what the seat cannot see."""

from __future__ import annotations

import random

import wizarena
from tests.games.refusals import refused
from wizarena.games.wizwar.eighth import cards

from ..helpers import sq
from .scenes import open_table

GAME = wizarena.load_game("wizwar/8e", players=2)


def _beside() -> object:
    """An open table, the foe in the square next to the turn's wizard (P0)."""
    s = open_table()
    s.pos[1] = sq(s.map.asm, 0, 2, 3)
    s.legal_for = -1
    return s


def test_a_step_without_movement_points() -> None:
    """WW8 Moving: each step costs a movement point."""
    s = _beside()
    s.moves = 0
    refusal = refused(GAME, s, 0, "move N")
    assert "no movement point left" in refusal.reason and refusal.rule == "WW8 Moving"


def test_one_attack_a_turn_and_none_in_the_first_round() -> None:
    """Brief rule 11: one attack a turn; ruling R8-3: none in the first round."""
    s = _beside()
    s.attacks = 0
    refusal = refused(GAME, s, 0, "punch")
    assert "this turn's attack already" in refusal.reason and refusal.rule == "WW8 Attacking"
    s = _beside()
    s.round = 1
    refusal = refused(GAME, s, 0, "punch")
    assert refusal.reason.endswith("no one attacks in the first round") and refusal.rule == "WW8 ruling R8-3"


def test_a_card_not_held() -> None:
    s = _beside()
    refusal = refused(GAME, s, 0, "cast Fireball")
    assert refusal.reason.endswith("you hold no Fireball")
    s.hands[0] = [cards.INDEX["fireball"]]
    s.legal_for = -1
    assert GAME.explain(s, 0, "cast Fireball") == ("", "")


def test_a_refusal_says_nothing_of_what_the_seat_cannot_see() -> None:
    s = GAME.new_state(4)
    seat = GAME.to_act(s)[0]
    other = GAME.determinize(s, seat, random.Random(3))
    for action in GAME.actions:
        if action not in GAME.legal_actions(s, seat):
            assert GAME.explain(s, seat, action.text) == GAME.explain(other, seat, action.text)
